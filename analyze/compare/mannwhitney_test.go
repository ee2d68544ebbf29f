package compare

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestMannWhitney checks the test against values computed outside this
// code, each stated with its source.
func TestMannWhitneyReference(t *testing.T) {
	for _, tc := range []struct {
		name  string
		x, y  []float64
		p, u2 float64
		shift int
		exact bool
	}{
		// By hand: every y above every x; U2 = 9, and of the C(6,3) = 20
		// splits only this one and its mirror are as extreme: p = 2/20.
		// R: wilcox.test(1:3, 4:6) gives W = 0, p-value = 0.1.
		{"separated 3+3", []float64{1, 2, 3}, []float64{4, 5, 6}, 0.1, 9, 1, true},
		// By hand: 2 of the C(4,2) = 6 splits as extreme: p = 1/3.
		{"separated 2+2", []float64{3, 4}, []float64{1, 2}, 1.0 / 3, 0, -1, true},
		// R's ?wilcox.test example (Hollander & Wolfe 1973, p. 110f,
		// permeability constants): wilcox.test(x, y, alternative = "g")
		// gives W = 35, p-value = 0.1272, so two-sided 2 × 382/3003
		// (checked by enumerating all 3003 splits). U2 = 10·5 − 35.
		{"Hollander & Wolfe", []float64{0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46},
			[]float64{1.15, 0.88, 0.90, 0.74, 1.21}, 764.0 / 3003, 15, -1, true},
		// By hand, normal approximation with ties (R: exact = FALSE,
		// correct = TRUE): ranks 1, 2.5 ×2, 5 ×3, 8 ×3, 10.5 ×2, 12, 13;
		// R2 = 5 + 8 + 8 + 10.5 + 10.5 + 12 + 13 = 67, U2 = 67 − 28 = 39,
		// μ = 21; Σ(t³ − t) = 6 + 24 + 24 + 6 = 60;
		// σ² = 42/12 · (14 − 60/156) = 47.6538…; z = (18 − 0.5)/σ =
		// 2.53506…; p = erfc(z/√2) = 0.0112427 (Python's math.erfc).
		{"ties, normal", []float64{1, 2, 2, 3, 3, 4}, []float64{3, 4, 4, 5, 5, 6, 7}, 0.011242651868798576, 39, 1, false},
		// By hand, normal approximation without ties (60 + 60 values,
		// past the exact bound): x the odd numbers 1…119, y the even
		// 2…120; ranks are the values: R2 = 2·(1 + … + 60) = 3660,
		// U2 = 3660 − 1830 = 1830, μ = 1800, σ = √(3600·121/12) =
		// 190.5256; z = 29.5/σ = 0.154835; p = 0.876952.
		{"no ties, normal", seq(1, 2, 60), seq(2, 2, 60), 0.8769515201868247, 1830, 1, false},
		// Every value the same: nothing tells the samples apart.
		{"all tied", []float64{5, 5, 5}, []float64{5, 5}, 1, 3, 0, false},
	} {
		r := mannWhitney(tc.x, tc.y)
		if math.Abs(r.P-tc.p) > 1e-9 || r.U2 != tc.u2 || r.Shift != tc.shift || r.Exact != tc.exact {
			t.Errorf("%s: got p=%.12g U2=%g shift=%d exact=%v, want p=%.12g U2=%g shift=%d exact=%v",
				tc.name, r.P, r.U2, r.Shift, r.Exact, tc.p, tc.u2, tc.shift, tc.exact)
		}
	}
}

func seq(from, step float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = from + step*float64(i)
	}
	return out
}

// TestExactAgainstEnumeration checks the exact p-value's recurrence
// against counting every split of small samples directly.
func TestExactAgainstEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		n1, n2 := 1+rng.IntN(6), 1+rng.IntN(6)
		all := rng.Perm(n1 + n2)
		x, y := make([]float64, n1), make([]float64, n2)
		for i := range x {
			x[i] = float64(all[i])
		}
		for i := range y {
			y[i] = float64(all[n1+i])
		}
		got := mannWhitney(x, y)
		if want := enumerateP(x, y); !got.Exact || math.Abs(got.P-want) > 1e-12 {
			t.Fatalf("x=%v y=%v: p = %v, enumeration gives %v", x, y, got.P, want)
		}
	}
}

// enumerateP is the two-sided exact p-value by listing every split of
// the pooled values into samples of the sizes of x and y.
func enumerateP(x, y []float64) float64 {
	pool := append(append([]float64{}, x...), y...)
	u := uOf(x, y)
	n, k := len(pool), len(x)
	le, ge, total := 0, 0, 0
	for mask := 0; mask < 1<<n; mask++ {
		if popcount(mask) != k {
			continue
		}
		var a, b []float64
		for i, v := range pool {
			if mask&(1<<i) != 0 {
				a = append(a, v)
			} else {
				b = append(b, v)
			}
		}
		v := uOf(a, b)
		total++
		if v <= u {
			le++
		}
		if v >= u {
			ge++
		}
	}
	return math.Min(1, 2*float64(min(le, ge))/float64(total))
}

// uOf counts the pairs in which y's value is the larger.
func uOf(x, y []float64) float64 {
	u := 0.0
	for _, a := range x {
		for _, b := range y {
			switch {
			case b > a:
				u++
			case b == a:
				u += 0.5
			}
		}
	}
	return u
}

func popcount(m int) int {
	n := 0
	for ; m > 0; m &= m - 1 {
		n++
	}
	return n
}

// BenchmarkMannWhitney10k tests two samples of 10,000 requests.
func BenchmarkMannWhitney10k(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	x, y := make([]float64, 10000), make([]float64, 10000)
	for i := range x {
		x[i], y[i] = rng.NormFloat64(), rng.NormFloat64()+0.01
	}
	for b.Loop() {
		mannWhitney(x, y)
	}
}
