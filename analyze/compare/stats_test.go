package compare

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/openzeka/reportgen/internal/floatsort"
)

// The reference values of these tests are computed outside this code,
// with mpmath at 40 digits: betainc(df/2, 1/2, 0, df/(df + t²),
// regularized) for Student's t, the definitions for Welch's t and df,
// and for Fisher's test the sum over every table of the hypergeometric
// probabilities no larger than the observed one (R's fisher.test rule).

func near(got, want, rel float64) bool {
	if math.IsInf(want, 0) {
		return got == want
	}
	return math.Abs(got-want) <= rel*math.Max(math.Abs(want), 1e-300)
}

func TestStudentTwoSided(t *testing.T) {
	for _, tc := range []struct{ t, df, p float64 }{
		// Closed forms: df 1 (Cauchy) 1 − 2·atan(2)/π; df 2 1 − 2/√6.
		{2, 1, 1 - 2*math.Atan(2)/math.Pi},
		{2, 2, 1 - 2/math.Sqrt(6)},
		{1.5, 3.7, 0.21359816920201353},
		{2.4601, 24.9866, 0.021153746530669881},
		{0.3, 150.5, 0.76459111577241764},
		{4.2, 7.25, 0.0037318205871505765},
		{10, 3, 0.0021283990584141501},
		{-10, 3, 0.0021283990584141501},
		{2.5, 1e6, 0.012419489502163246},
		{0, 5, 1},
	} {
		if got := studentTwoSided(tc.t, tc.df); !near(got, tc.p, 1e-9) {
			t.Errorf("t=%g df=%g: p=%.17g, want %.17g", tc.t, tc.df, got, tc.p)
		}
	}
	if got := studentTwoSided(2.5, math.Inf(1)); !near(got, math.Erfc(2.5/math.Sqrt2), 1e-15) {
		t.Errorf("df=∞: p=%g, want the normal's", got)
	}
}

func TestWelchReference(t *testing.T) {
	for _, tc := range []struct {
		name      string
		m1, s1    float64
		n1        int
		m2, s2    float64
		n2        int
		tt, df, p float64
		ok        bool
	}{
		// Welch's own kind of example: two samples of 15 (means 20.82 and
		// 22.99, standard deviations 2.80 and 1.95).
		{"15 + 15", 20.82, 2.804893682731767, 15, 22.986666666666668, 1.952605097470215, 15, 2.455356398286006, 24.988529290231413, 0.021378001462866988, true},
		{"10 + 10, unequal spread", 100, 30, 10, 143, 45, 10, 2.5142329886801504, 15.680412371134021, 0.023255529870484521, true},
		{"400 + 1000", 250.5, 80.25, 400, 240, 60, 1000, -2.3656716409508136, 585.68643184369759, 0.01832212452570569, true},
		// The fewest values a side needs: two.
		{"2 + 3", 10, 1, 2, 20, 5, 3, 3.3646329245522656, 2.2311358220810167, 0.067066105967041595, true},
		{"1 + 3: no test", 10, 0, 1, 20, 5, 3, 0, 0, 0, false},
		{"no deviation", 10, math.NaN(), 5, 20, 5, 3, 0, 0, 0, false},
		{"no spread, equal", 10, 0, 5, 10, 0, 5, 0, math.Inf(1), 1, true},
		{"no spread, apart", 10, 0, 5, 11, 0, 5, math.Inf(1), math.Inf(1), 0, true},
	} {
		r, ok := welch(tc.m1, tc.s1, tc.n1, tc.m2, tc.s2, tc.n2)
		if ok != tc.ok {
			t.Errorf("%s: ok %v, want %v", tc.name, ok, tc.ok)
			continue
		}
		if ok && (!near(r.T, tc.tt, 1e-12) || !near(r.DF, tc.df, 1e-12) && !math.IsInf(tc.df, 1) || !near(r.P, tc.p, 1e-9)) {
			t.Errorf("%s: t=%.17g df=%.17g p=%.17g, want %.17g %.17g %.17g", tc.name, r.T, r.DF, r.P, tc.tt, tc.df, tc.p)
		}
	}
}

func TestFisherExact(t *testing.T) {
	for _, tc := range []struct {
		a, n1, b, n2 int
		p            float64
	}{
		{3, 10, 9, 12, 0.083557309563501514},
		{1, 20, 8, 20, 0.019656019656019656},
		{2, 100, 2, 100, 1},
		{10, 1000, 30, 1000, 0.0020083335618300098},
		{0, 5, 5, 5, 0.0079365079365079365},
		{50, 500, 20, 400, 0.0056790652141322339},
		{5, 10, 5, 10, 1},
		// The mirror tables give the same p.
		{9, 12, 3, 10, 0.083557309563501514},
		{5, 5, 0, 5, 0.0079365079365079365},
		// Margins that allow one table only.
		{0, 5, 0, 5, 1},
		{5, 5, 5, 5, 1},
	} {
		if got := fisherExact(tc.a, tc.n1, tc.b, tc.n2); !near(got, tc.p, 1e-9) {
			t.Errorf("[[%d %d] [%d %d]]: p=%.17g, want %.17g", tc.a, tc.n1-tc.a, tc.b, tc.n2-tc.b, got, tc.p)
		}
	}
}

// TestQuantileTest: the pooled quantile is the nearest rank of both
// sides' requests; the shift is the side with the larger share above it.
func TestQuantileTest(t *testing.T) {
	// x 1…10, y 11…20: pooled P90 is the 18th of 20 values, 18; above it
	// 19 and 20, both y's: [[0 10] [2 8]], p = 0.47368…
	x, y := seq(1, 1, 10), seq(11, 1, 10)
	r := quantileTest(x, y, 0.90)
	if r.Shift != 1 || !near(r.P, fisherExact(0, 10, 2, 10), 1e-15) || !near(r.P, 9.0/19, 1e-12) {
		t.Errorf("P90 of 10 + 10 apart: %+v, want shift +1, p = 9/19", r)
	}
	// The median of the same: pooled P50 = 10, all 10 y's above it.
	r = quantileTest(x, y, 0.50)
	if r.Shift != 1 || !near(r.P, fisherExact(0, 10, 10, 10), 1e-15) || !(r.P < 1e-4) {
		t.Errorf("P50 of 10 + 10 apart: %+v", r)
	}
	if r := quantileTest(y, x, 0.50); r.Shift != -1 {
		t.Errorf("reversed: shift %d, want -1", r.Shift)
	}
	if r := quantileTest(x, x, 0.90); r.Shift != 0 || r.P != 1 {
		t.Errorf("equal samples: %+v, want shift 0, p 1", r)
	}
}

func TestSignTest(t *testing.T) {
	for _, tc := range []struct {
		k, n int
		p    float64
	}{
		{6, 6, 2.0 / 64},
		{0, 6, 1},
		{1, 6, 1},
		{5, 5, 2.0 / 32},
		{7, 7, 2.0 / 128},
		{6, 7, 2 * 8.0 / 128},
		{7, 8, 2 * 9.0 / 256},
		{8, 9, 2 * 10.0 / 512},
		{9, 9, 2.0 / 512},
		{3, 6, 1},
		{0, 0, 1},
		{60, 64, 2 * (1 + 64 + 2016 + 41664 + 635376) / math.Pow(2, 64)},
		{4, 6, 2 * 22.0 / 64},
	} {
		if got := signTest(tc.k, tc.n); !near(got, tc.p, 1e-12) {
			t.Errorf("%d of %d: p=%.17g, want %.17g", tc.k, tc.n, got, tc.p)
		}
	}
}

// seq is n values from, from + step, …, sorted as samples are.
func seq(from, step float64, n int) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = float32(from + float64(i)*step)
	}
	return out
}

// TestQuantileTestPooled: θ taken by halving the two sorted sides (kth)
// and the counts above it by binary search are those of the definition
// (pooledQuantileTest); on sides of any lengths (one value, one side ten
// times the other), with ties across the sides and θ at either end.
func TestQuantileTestPooled(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, sizes := range [][2]int{{1, 1}, {1, 7}, {7, 1}, {2, 3}, {10, 10}, {33, 330}, {500, 499}} {
		for _, levels := range []int{3, 1000} { // few distinct values (ties), or many
			x, y := randomSide(r, sizes[0], levels, 0), randomSide(r, sizes[1], levels, 0.5)
			for _, q := range []float64{0, 0.01, 0.10, 0.5, 0.9, 0.99, 1} {
				theta, rank, want := pooledQuantileTest(x, y, q)
				if got := kth(x, y, rank); got != theta {
					t.Fatalf("sizes %v q %g: kth = %v, pooled rank %d is %v", sizes, q, got, rank, theta)
				}
				if got := quantileTest(x, y, q); got != want {
					t.Fatalf("sizes %v q %g: %+v, want %+v", sizes, q, got, want)
				}
			}
		}
	}
}

// randomSide is n sorted whole values below levels, each plus half a
// step with probability half when half is 0.5 (values the other side
// does not have).
func randomSide(r *rand.Rand, n, levels int, half float32) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(r.IntN(levels)) + half*float32(r.IntN(2))
	}
	floatsort.Sort(v)
	return v
}

// pooledQuantileTest is the quantile test by its definition: both sides
// pooled and sorted, θ their value of nearest rank ⌈q·n⌉ (rank, from 0),
// each side's values above θ counted one by one.
func pooledQuantileTest(x, y []float32, q float64) (theta float32, rank int, r quantileResult) {
	pooled := slices.Concat(x, y)
	slices.Sort(pooled)
	rank = max(0, min(int(math.Ceil(q*float64(len(pooled))))-1, len(pooled)-1))
	theta = pooled[rank]
	above := func(v []float32) int {
		n := 0
		for _, s := range v {
			if s > theta {
				n++
			}
		}
		return n
	}
	a, b := above(x), above(y)
	return theta, rank, quantileResult{P: fisherExact(a, len(x), b, len(y)), Shift: sign(float64(b)*float64(len(x)) - float64(a)*float64(len(y)))}
}

// BenchmarkQuantileTest10k: the P90 test of 10,000 requests a side.
func BenchmarkQuantileTest10k(b *testing.B) {
	x, y := seq(0, 0.7, 10000), seq(3, 0.69, 10000)
	for b.Loop() {
		quantileTest(x, y, 0.90)
	}
}
