package floatsort

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// values are n samples drawn from r: mostly times of a few decimals,
// with repeats, and, when odd, NaN, ±Inf, ±0, negatives and subnormals
// mixed in.
func values(r *rand.Rand, n int, odd bool) []float32 {
	nan := float32(math.NaN())
	specials := []float32{nan, float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1)),
		-3.5, math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, math.MaxFloat32, -math.MaxFloat32, 1e-6}
	out := make([]float32, n)
	for i := range out {
		switch {
		case odd && r.IntN(10) == 0:
			out[i] = specials[r.IntN(len(specials))]
		case r.IntN(4) == 0:
			out[i] = float32(r.IntN(20)) // repeats
		default:
			out[i] = float32(math.Round(4500*math.Exp(0.35*r.NormFloat64())) / 100)
		}
	}
	return out
}

// TestSortMatchesSlicesSort: at every length around the switch to the
// radix sort and well past it, Sort orders the numbers as slices.Sort
// does, NaN first, −0 before +0, and is stable (the bits of equal
// values, −0 and +0 and NaNs of different payloads, keep their order).
func TestSortMatchesSlicesSort(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 3, small - 1, small, small + 1, 65, 255, 256, 257, 1000, 31250} {
		for _, odd := range []bool{false, true} {
			v := values(r, n, odd)
			given := slices.Clone(v)
			got := Sorted(v)
			if !sameBits(v, given) {
				t.Fatalf("n=%d odd=%v: Sorted changed its input", n, odd)
			}
			want := slices.Clone(v)
			slices.SortStableFunc(want, func(a, b float32) int { return cmp.Compare(key(a), key(b)) })
			if !sameBits(got, want) {
				t.Fatalf("n=%d odd=%v: not the stable order of the keys", n, odd)
			}
			// The order of the values is slices.Sort's.
			std := slices.Clone(v)
			slices.Sort(std)
			for i := range got {
				if got[i] != std[i] && !(isNaN(got[i]) && isNaN(std[i])) {
					t.Fatalf("n=%d odd=%v: at %d %v, slices.Sort %v", n, odd, i, got[i], std[i])
				}
			}
			if !IsSorted(got) {
				t.Fatalf("n=%d odd=%v: IsSorted is false on Sort's output", n, odd)
			}
			if n > small && IsSorted(v) {
				t.Fatalf("n=%d: IsSorted is true on random values", n)
			}
		}
	}
}

// TestKeyOrder: the keys order the special values as the package states,
// and −0 just below +0.
func TestKeyOrder(t *testing.T) {
	order := []float32{float32(math.NaN()), float32(math.Inf(-1)), -math.MaxFloat32, -1, -math.SmallestNonzeroFloat32,
		float32(math.Copysign(0, -1)), 0, math.SmallestNonzeroFloat32, 1, math.MaxFloat32, float32(math.Inf(1))}
	for i := 1; i < len(order); i++ {
		if key(order[i-1]) >= key(order[i]) {
			t.Errorf("key(%v) = %#x is not below key(%v) = %#x", order[i-1], key(order[i-1]), order[i], key(order[i]))
		}
	}
	if key(float32(math.Copysign(math.NaN(), -1))) != 0 {
		t.Error("a negative NaN does not sort first")
	}
}

// TestSortSkipsPasses: values that share their high bytes (one pass
// moves them, the others are skipped) and an odd number of passes left
// to run (the result in the scratch buffer, copied back) sort right.
func TestSortSkipsPasses(t *testing.T) {
	for _, base := range []uint32{0x3f800000, 0x3f800000 | 0xff00} {
		v := make([]float32, 300)
		for i := range v {
			v[i] = math.Float32frombits(base + uint32((i*37)%251))
		}
		want := slices.Clone(v)
		slices.Sort(want)
		if Sort(v); !slices.Equal(v, want) {
			t.Errorf("base %#x: not sorted", base)
		}
	}
}

// TestSortParts: the values of parts cut anywhere (one part, many,
// empty ones) sort into dst as Sort sorts them together, with a scratch
// buffer given or not; and when every pass moves nothing, one pass, two
// or four (the last landing in dst either way), and the parts are left
// as they were.
func TestSortParts(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	shared := func(n int, high uint32, spread int) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = math.Float32frombits(high + uint32(r.IntN(spread)))
		}
		return v
	}
	for _, v := range [][]float32{
		values(r, 0, false), values(r, 5, true), values(r, 300, true), values(r, 5000, false),
		shared(300, 0x3f800000, 1),     // one value: no pass moves
		shared(300, 0x3f800000, 200),   // the low byte only: one pass
		shared(300, 0x3f800000, 60000), // two low bytes: two passes
	} {
		want := slices.Clone(v)
		Sort(want)
		for _, cuts := range [][]int{nil, {0}, {len(v) / 3, len(v) / 3, 2 * len(v) / 3}, {len(v)}} {
			var parts [][]float32
			prev := 0
			for _, c := range append(cuts, len(v)) {
				parts = append(parts, slices.Clone(v[prev:c]))
				prev = c
			}
			given := slices.Concat(parts...)
			for _, scratch := range [][]float32{nil, make([]float32, len(v)+7)} {
				dst := make([]float32, len(v))
				SortParts(dst, parts, scratch)
				if !sameBits(dst, want) {
					t.Fatalf("%d values cut at %v: not Sort's order", len(v), cuts)
				}
				if !sameBits(slices.Concat(parts...), given) {
					t.Fatalf("%d values cut at %v: the parts changed", len(v), cuts)
				}
			}
		}
	}
}

// TestFinite: the NaNs and −Inf at the start and +Inf at the end are cut
// off, whatever is left (nothing, all).
func TestFinite(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	for _, tt := range []struct {
		in   []float32
		want []float32
	}{
		{nil, []float32{}},
		{[]float32{nan, -inf, 1, 2, inf, inf}, []float32{1, 2}},
		{[]float32{1, 2}, []float32{1, 2}},
		{[]float32{nan, nan}, []float32{}},
		{[]float32{inf}, []float32{}},
		{[]float32{-inf, 0}, []float32{0}},
		{[]float32{5, inf}, []float32{5}},
	} {
		if got := Finite(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("Finite(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func isNaN(v float32) bool { return v != v }

func sameBits(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return true
}

// BenchmarkSort31k sorts one level's 31 250 samples (a log-normal
// TTFT); BenchmarkSlicesSort31k is slices.Sort on the same.
func BenchmarkSort31k(b *testing.B) {
	v := values(rand.New(rand.NewPCG(3, 4)), 31250, false)
	w := make([]float32, len(v))
	for b.Loop() {
		copy(w, v)
		Sort(w)
	}
}

func BenchmarkSlicesSort31k(b *testing.B) {
	v := values(rand.New(rand.NewPCG(3, 4)), 31250, false)
	w := make([]float32, len(v))
	for b.Loop() {
		copy(w, v)
		slices.Sort(w)
	}
}

// TestIsSorted: a NaN after a number, +0 before −0 and a drop are out
// of order; equal neighbours are not.
func TestIsSorted(t *testing.T) {
	nan, negZero := float32(math.NaN()), float32(math.Copysign(0, -1))
	for _, tt := range []struct {
		in   []float32
		want bool
	}{
		{nil, true},
		{[]float32{nan, 1, 1, 2}, true},
		{[]float32{1, nan}, false},
		{[]float32{negZero, 0}, true},
		{[]float32{0, negZero}, false},
		{[]float32{2, 1}, false},
	} {
		if got := IsSorted(tt.in); got != tt.want {
			t.Errorf("IsSorted(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
