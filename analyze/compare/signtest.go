package compare

import (
	"math"
)

// The sign test across levels (Conover, Practical Nonparametric
// Statistics, 3rd ed., 1999, §3.4): of n matched levels, k moved beyond
// the threshold one way. If the change were no larger than the
// threshold, each level would be at most as likely beyond it as not
// (its noise is symmetric: the two sides' values at a level are then
// exchangeable about the threshold), and k at most binomial(n, ½); the
// exact p-value, two-sided as every p-value here, is
//
//	p = min(1, 2·P(X ≥ k)),  X ~ Bin(n, ½)
//
// The test uses only which way each level moved past the threshold,
// not by how much: the noise of a statistic differs from level to level
// by orders of magnitude (the P99 of c = 1 against that of c = 64), and
// one noisy level's size should weigh no more than any other's. It
// needs six levels to reach p < 0.05 at all (6 of 6: p = 2/64 = 0.031;
// 5 of 5: 2/32 = 0.063; 7 of 8: 0.070; 8 of 9: 0.039).

// signTest is the exact p-value of k levels of n beyond the threshold
// one way.
func signTest(k, n int) float64 {
	if n == 0 || k <= 0 {
		return 1
	}
	// P(X ≥ k) = Σ C(n, i) / 2ⁿ, summed in logs for any n.
	sum := 0.0
	for i := k; i <= n; i++ {
		sum += math.Exp(logChoose(n, i) - float64(n)*math.Ln2)
	}
	return math.Min(1, 2*sum)
}
