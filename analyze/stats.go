package analyze

import "math"

// RoundHalfUp rounds x to the nearest integer, halves away from zero:
// 426.5 → 427. A value past int's range saturates at its end and NaN
// gives 0: Go leaves such a conversion to the platform (amd64 turned
// 4.5e18 users into -9,223,372,036,854,775,808).
func RoundHalfUp(x float64) int {
	f := math.Floor(x + 0.5)
	switch {
	case math.IsNaN(f):
		return 0
	case f >= -float64(math.MinInt):
		return math.MaxInt
	case f < float64(math.MinInt):
		return math.MinInt
	}
	return int(f)
}

// MaxUsers is the most users a capacity may count by Little's law: a
// billion at once, more than any one deployment serves (the largest chat
// services count hundreds of millions of users a week, not at once).
// Within the input's limits only a mean latency too short to be a
// request's comes near it: 32 requests in flight, 45 s of think time
// and a latency of 1 µs make 1.44 billion. A count past it is refused
// (capacity), never rounded into the report.
const MaxUsers = 1_000_000_000

// LittleUsers is the number of users a system holding c requests in
// flight serves when each user waits think seconds between requests that
// take latency seconds: c × (1 + think / latency), rounded half up. With
// no think time (a closed loop) it is c whatever the latency; otherwise
// an unknown or zero latency gives 0. Callers check the exact count
// (usersOf) against MaxUsers first.
func LittleUsers(c, think, latency float64) int {
	return RoundHalfUp(usersOf(c, think, latency))
}

// usersOf is LittleUsers before rounding.
func usersOf(c, think, latency float64) float64 {
	if !(c > 0) || math.IsInf(c, 0) {
		return 0
	}
	if think == 0 {
		return c
	}
	if !(latency > 0) {
		return 0
	}
	return c * (1 + think/latency)
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
