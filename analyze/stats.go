package analyze

import "math"

// RoundHalfUp rounds x to the nearest integer, halves away from zero:
// 426.5 → 427.
func RoundHalfUp(x float64) int {
	return int(math.Floor(x + 0.5))
}

// LittleUsers is the number of users a system holding c requests in
// flight serves when each user waits think seconds between requests that
// take latency seconds: c × (1 + think / latency), rounded half up. With
// no think time (a closed loop) it is c whatever the latency; otherwise
// an unknown or zero latency gives 0.
func LittleUsers(c, think, latency float64) int {
	if !(c > 0) || math.IsInf(c, 0) {
		return 0
	}
	if think == 0 {
		return RoundHalfUp(c)
	}
	if !(latency > 0) {
		return 0
	}
	return RoundHalfUp(c * (1 + think/latency))
}

// Crossing finds where ys crosses 1.0 going down, with xs measured on a
// log2 scale: the first i with ys[i-1] > 1 ≥ ys[i] gives the x where the
// straight line between the two points (in log2 x) meets 1. ok is false
// when there is no such pair, or when either x is unbounded.
func Crossing(xs []float64, ys []float64) (x float64, ok bool) {
	i := firstDrop(ys)
	if i < 0 || i >= len(xs) || xs[i-1] <= 0 || xs[i] <= 0 || math.IsInf(xs[i], 0) {
		return 0, false
	}
	a, b := ys[i-1], ys[i]
	la, lb := math.Log2(xs[i-1]), math.Log2(xs[i])
	t := (a - 1) / (a - b)
	return math.Exp2(la + t*(lb-la)), true
}

// firstDrop is the first i with ys[i-1] > 1 ≥ ys[i], or -1.
func firstDrop(ys []float64) int {
	for i := 1; i < len(ys); i++ {
		if ys[i-1] > 1 && ys[i] <= 1 {
			return i
		}
	}
	return -1
}

// Ratio returns a / b, or NaN when b is not positive.
func Ratio(a, b float64) float64 {
	if !(b > 0) {
		return math.NaN()
	}
	return a / b
}
