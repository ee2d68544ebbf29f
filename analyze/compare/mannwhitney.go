package compare

import (
	"math"
	"slices"
)

// The Mann–Whitney U test (Wilcoxon rank-sum), two-sided, as benchstat
// uses it: it asks whether the values of one sample tend to be larger
// than those of the other (a shift of the distribution), making no
// assumption about its shape.
//
// U of a sample is the number of pairs (one value of each sample) in
// which its value is the larger, a tie counting one half; with ranks
// over both samples (tied values sharing their mean rank), U1 = R1 −
// n1(n1 + 1)/2, and U1 + U2 = n1·n2.
//
// The p-value is exact (the distribution of U over every split of the
// n1 + n2 values) when both samples have at most exactMax values and no
// value is tied; otherwise it is the normal approximation with the tie
// correction of the variance and a continuity correction of 0.5:
//
//	σ² = n1·n2/12 · ((n + 1) − Σ(t³ − t) / (n(n − 1))),  n = n1 + n2
//	z  = (|U1 − n1·n2/2| − 0.5) / σ,  p = 2·(1 − Φ(z))
//
// which is R's wilcox.test(x, y, exact = FALSE, correct = TRUE).

// exactMax is the largest sample for which the exact distribution is
// computed (n1·n2·min(n1, n2) steps; benchstat's bound).
const exactMax = 50

// mwResult is a Mann–Whitney test's outcome.
type mwResult struct {
	// P is the two-sided p-value.
	P float64
	// Shift is +1 when the second sample's values tend to be larger
	// (U2 > n1·n2/2), −1 when smaller, 0 when neither.
	Shift int
	// U2 is the second sample's U.
	U2 float64
	// Exact is true when P comes from the exact distribution.
	Exact bool
}

// mannWhitney tests x (the baseline) against y (the candidate). Both
// must hold at least one value; NaNs are the caller's to leave out.
func mannWhitney(x, y []float64) mwResult {
	n1, n2 := len(x), len(y)
	type obs struct {
		v      float64
		second bool
	}
	all := make([]obs, 0, n1+n2)
	for _, v := range x {
		all = append(all, obs{v, false})
	}
	for _, v := range y {
		all = append(all, obs{v, true})
	}
	slices.SortFunc(all, func(a, b obs) int {
		switch {
		case a.v < b.v:
			return -1
		case a.v > b.v:
			return 1
		}
		return 0
	})
	// Ranks 1…n, a run of tied values sharing its mean rank; tieSum is
	// Σ(t³ − t) over the runs.
	r2, tieSum := 0.0, 0.0
	for i := 0; i < len(all); {
		j := i + 1
		for j < len(all) && all[j].v == all[i].v {
			j++
		}
		rank := float64(i+1+j) / 2 // the mean of ranks i+1 … j
		for k := i; k < j; k++ {
			if all[k].second {
				r2 += rank
			}
		}
		if t := float64(j - i); t > 1 {
			tieSum += t*t*t - t
		}
		i = j
	}
	fn1, fn2 := float64(n1), float64(n2)
	u2 := r2 - fn2*(fn2+1)/2
	mu := fn1 * fn2 / 2
	res := mwResult{U2: u2}
	switch {
	case u2 > mu:
		res.Shift = 1
	case u2 < mu:
		res.Shift = -1
	}
	if tieSum == 0 && n1 <= exactMax && n2 <= exactMax {
		res.P, res.Exact = exactP(n1, n2, u2), true
		return res
	}
	n := fn1 + fn2
	sigma := math.Sqrt(fn1 * fn2 / 12 * ((n + 1) - tieSum/(n*(n-1))))
	if !(sigma > 0) {
		res.P = 1 // every value tied: nothing tells the samples apart
		return res
	}
	z := (math.Abs(u2-mu) - 0.5) / sigma
	if z < 0 {
		z = 0
	}
	res.P = math.Min(1, math.Erfc(z/math.Sqrt2))
	return res
}

// exactP is the two-sided p-value of U = u for samples of n1 and n2
// values without ties: twice the smaller tail of U's distribution over
// all C(n1 + n2, n1) equally likely splits, at most 1.
func exactP(n1, n2 int, u float64) float64 {
	counts := uCounts(n1, n2)
	total := 0.0
	for _, c := range counts {
		total += c
	}
	k := int(math.Round(u))
	lower, upper := 0.0, 0.0
	for i, c := range counts {
		if i <= k {
			lower += c
		}
		if i >= k {
			upper += c
		}
	}
	return math.Min(1, 2*math.Min(lower, upper)/total)
}

// uCounts[u] is the number of arrangements of n1 values of one sample
// among n2 of the other in which U = u, U counting the pairs in which
// the first sample's value is the larger: the recurrence
// N(a, b, u) = N(a − 1, b, u − b) + N(a, b − 1, u), on whether the
// largest value belongs to the first sample (then larger than all b of
// the other) or not. The distribution is symmetric about n1·n2/2 and the
// same for either sample's U, so it serves both.
func uCounts(n1, n2 int) []float64 {
	// prev[b][u] holds N(a − 1, b, u), cur[b][u] N(a, b, u).
	maxU := n1 * n2
	prev := make([][]float64, n2+1)
	for b := range prev {
		prev[b] = make([]float64, maxU+1)
		prev[b][0] = 1 // N(0, b, 0) = 1
	}
	for a := 1; a <= n1; a++ {
		cur := make([][]float64, n2+1)
		for b := 0; b <= n2; b++ {
			cur[b] = make([]float64, maxU+1)
			for u := 0; u <= a*b; u++ {
				v := 0.0
				if u-b >= 0 {
					v += prev[b][u-b]
				}
				if b > 0 {
					v += cur[b-1][u]
				}
				cur[b][u] = v
			}
		}
		prev = cur
	}
	return prev[n2]
}
