// Package floatsort sorts per-request samples (float32) in linear time:
// a least-significant-digit radix sort on the bits of each value, four
// passes of one byte, where slices.Sort compares n log n times. At the
// 31 250 requests of one level it is about twenty times faster, which
// matters at a million requests: every level sorts its samples to read
// their percentiles, and a comparison sorts them again for its tests.
//
// The order is slices.Sort's for floats, made total: NaN first (in the
// order given), then −Inf, the negative values, −0, +0, the positive
// values and +Inf. Equal values keep their order (the sort is stable).
package floatsort

import "math"

// small is the length up to which an insertion sort (on the same keys,
// so in the same order) beats the radix sort's four passes.
const small = 64

// key maps a value to an unsigned integer of the same order: a
// non-negative value's bits with the sign bit set, a negative value's
// bits inverted (a larger magnitude is smaller), and NaN to 0, below
// −Inf (whose key is 0x007fffff).
func key(v float32) uint32 {
	b := math.Float32bits(v)
	switch {
	case v != v: // NaN
		return 0
	case b>>31 != 0:
		return ^b
	}
	return b | 1<<31
}

// Sort sorts v in place.
func Sort(v []float32) {
	if len(v) <= small {
		insertion(v)
		return
	}
	radix(v, make([]float32, len(v)))
}

// Sorted is a sorted copy of v, which is left as it is.
func Sorted(v []float32) []float32 {
	out := make([]float32, len(v))
	copy(out, v)
	Sort(out)
	return out
}

// IsSorted reports whether v is in Sort's order.
func IsSorted(v []float32) bool {
	for i := 1; i < len(v); i++ {
		if key(v[i]) < key(v[i-1]) {
			return false
		}
	}
	return true
}

// Finite is the part of sorted, a slice in Sort's order, that holds
// numbers: without the NaNs and −Inf at its start and the +Inf at its
// end.
func Finite(sorted []float32) []float32 {
	lo, hi := 0, len(sorted)
	for lo < hi && !isFinite(sorted[lo]) {
		lo++
	}
	for hi > lo && !isFinite(sorted[hi-1]) {
		hi--
	}
	return sorted[lo:hi]
}

func isFinite(v float32) bool {
	f := float64(v)
	return !math.IsNaN(f) && !math.IsInf(f, 0)
}

// insertion sorts v by key, stably.
func insertion(v []float32) {
	for i := 1; i < len(v); i++ {
		x, k := v[i], key(v[i])
		j := i
		for ; j > 0 && key(v[j-1]) > k; j-- {
			v[j] = v[j-1]
		}
		v[j] = x
	}
}

// radix sorts v by key, one byte a pass from the lowest, through tmp (of
// v's length). A pass in which every key has the same byte moves
// nothing and is skipped.
func radix(v, tmp []float32) {
	var counts [4][256]int
	for _, x := range v {
		k := key(x)
		counts[0][k&0xff]++
		counts[1][k>>8&0xff]++
		counts[2][k>>16&0xff]++
		counts[3][k>>24]++
	}
	src, dst := v, tmp
	for pass := range 4 {
		c := &counts[pass]
		shift := 8 * pass
		if c[key(src[0])>>shift&0xff] == len(src) {
			continue
		}
		sum := 0
		for i, n := range c {
			c[i] = sum
			sum += n
		}
		for _, x := range src {
			b := key(x) >> shift & 0xff
			dst[c[b]] = x
			c[b]++
		}
		src, dst = dst, src
	}
	if &src[0] != &v[0] {
		copy(v, src)
	}
}
