package compare

import (
	"math"
	"sort"
)

// The two-sample quantile test of one percentile (P10, P50, P90, P99) of
// the requests: Mood's median test carried to any quantile q (Mood
// 1950; Conover, Practical Nonparametric Statistics, 3rd ed., 1999,
// §4.3). Both sides' requests are pooled; θ is the pooled q-quantile
// (nearest rank, as reportgen computes percentiles); each side's
// requests above θ are counted, and the 2×2 table
//
//	         above θ   not above θ
//	old      a         n1 − a
//	new      b         n2 − b
//
// is judged by Fisher's exact test (two-sided: the sum of the
// probabilities of every table with these margins that is no more
// likely than the one observed, as R's fisher.test). It asks whether
// one side has more of its requests past the pooled q-quantile than the
// other, that is whether its q-quantile lies higher; it says nothing of
// the other statistics. The test has the power the data gives it: the
// P99 of 100 requests a side rests on about two requests past θ, and
// can never be significant.

// quantileResult is a quantile test's outcome.
type quantileResult struct {
	// P is the two-sided p-value.
	P float64
	// Shift is +1 when the new side has the larger share of its requests
	// above the pooled quantile (its quantile lies higher), −1 when the
	// smaller, 0 when the shares are equal.
	Shift int
}

// quantileTest tests the q-quantile of x (old) against y (new), each
// sorted (floatsort's order) and all numbers: θ is the pooled value of
// nearest rank ⌈q·(n1 + n2)⌉, found by halving both sides (kth), and the
// counts above it by binary search, so that the four percentiles of a
// metric cost a sort of each side's requests (done once, samplesOf)
// rather than four sorts of both sides pooled.
func quantileTest(x, y []float32, q float64) quantileResult {
	n1, n2 := len(x), len(y)
	i := int(math.Ceil(q*float64(n1+n2))) - 1
	theta := kth(x, y, max(0, min(i, n1+n2-1)))
	above := func(v []float32) int {
		return len(v) - sort.Search(len(v), func(j int) bool { return v[j] > theta })
	}
	a, b := above(x), above(y)
	shift := sign(float64(b)*float64(n1) - float64(a)*float64(n2))
	return quantileResult{P: fisherExact(a, n1, b, n2), Shift: shift}
}

// kth is the value of rank k (from 0) of x and y together, both sorted:
// each step drops the values of one side that at least half of the k
// before the wanted one precede (Knuth's selection in two sorted
// lists), so it takes O(log k) steps.
func kth(x, y []float32, k int) float32 {
	for {
		switch {
		case len(x) == 0:
			return y[k]
		case len(y) == 0:
			return x[k]
		case k == 0:
			return min(x[0], y[0])
		}
		// x[i−1] ≤ y[j−1] puts at most i − 1 + j − 1 < k values before
		// x[i−1]: x[:i] all come before rank k (and likewise y[:j]).
		i, j := min(len(x), (k+1)/2), min(len(y), (k+1)/2)
		if x[i-1] <= y[j-1] {
			x, k = x[i:], k-i
		} else {
			y, k = y[j:], k-j
		}
	}
}

// fisherExact is the two-sided p-value of Fisher's exact test of the
// table [[a, n1 − a], [b, n2 − b]]: with the margins fixed, a is
// hypergeometric; p sums the probabilities of every a' no more likely
// than a (a relative tolerance of 1e-7 keeps ties in, as R does). The
// probabilities fall away from the mode on both sides, so the tables as
// likely as a or more form one run around it: p is the sum of the two
// tails outside that run, each walked outward from its edge by the
// ratio of successive probabilities until its terms no longer count.
func fisherExact(a, n1, b, n2 int) float64 {
	k := a + b // requests above θ, pooled
	lo, hi := max(0, k-n2), min(k, n1)
	if lo == hi {
		return 1
	}
	// logP is ln C(n1, x) + ln C(n2, k − x) − ln C(n1 + n2, k), as
	// logChoose computes each term, with the terms that do not depend
	// on x computed once.
	lg := func(n int) float64 {
		v, _ := math.Lgamma(float64(n))
		return v
	}
	lgN1, lgN2, total := lg(n1+1), lg(n2+1), logChoose(n1+n2, k)
	logP := func(x int) float64 {
		return (lgN1 - lg(x+1) - lg(n1-x+1)) + (lgN2 - lg(k-x+1) - lg(n2-k+x+1)) - total
	}
	// ratio is P(x + 1) / P(x).
	ratio := func(x int) float64 {
		return float64(n1-x) * float64(k-x) / (float64(x+1) * float64(n2-k+x+1))
	}
	la := logP(a)
	obs := la + 1e-7*math.Abs(la) + 1e-7
	mode := int(math.Floor(float64(k+1) * float64(n1+1) / float64(n1+n2+2)))
	mode = max(lo, min(mode, hi))
	// The run of tables more likely than a: [l, r].
	l, r := mode, mode
	for l > lo && logP(l-1) > obs {
		l--
	}
	for r < hi && logP(r+1) > obs {
		r++
	}
	if logP(mode) <= obs {
		l, r = mode+1, mode // every table is as extreme as a
	}
	sum := 0.0
	// The lower tail, from l − 1 down.
	if l-1 >= lo {
		p := math.Exp(logP(l - 1))
		for x := l - 1; x >= lo && p > 0; x-- {
			sum += p
			if x > lo {
				p /= ratio(x - 1)
			}
			if p < sum*1e-17 {
				break
			}
		}
	}
	// The upper tail, from r + 1 up.
	if r+1 <= hi {
		p := math.Exp(logP(r + 1))
		for x := r + 1; x <= hi && p > 0; x++ {
			sum += p
			p *= ratio(x)
			if p < sum*1e-17 {
				break
			}
		}
	}
	return math.Min(1, sum)
}

// logChoose is ln C(n, k).
func logChoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}
