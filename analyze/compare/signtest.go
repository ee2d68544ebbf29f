package compare

import (
	"math"
)

// The sign test across levels (Conover, Practical Nonparametric
// Statistics, 3rd ed., 1999, §3.4): of the n matched levels at which a
// statistic moved, k went one way. If nothing changed, each level is as
// likely to move either way (the two sides' values at a level are then
// exchangeable), and k is binomial(n, ½); the exact two-sided p-value is
//
//	p = min(1, 2·P(X ≤ min(k, n − k))),  X ~ Bin(n, ½)
//
// Levels where the value did not move are left out (n counts the
// others). The test uses only the directions, not the sizes: the noise
// of a statistic differs from level to level by orders of magnitude
// (the P99 of c = 1 against that of c = 64), and one noisy level's size
// should weigh no more than any other's. It needs six levels to reach
// p < 0.05 at all (6 of 6: p = 2/64 = 0.031; 5 of 5: 2/32 = 0.063;
// 7 of 8: 0.070).

// signTest is the exact two-sided p-value of k moves one way out of n.
func signTest(k, n int) float64 {
	if n == 0 {
		return 1
	}
	tail := min(k, n-k)
	// P(X ≤ tail) = Σ C(n, i) / 2ⁿ, summed in logs for any n.
	sum := 0.0
	for i := 0; i <= tail; i++ {
		sum += math.Exp(logChoose(n, i) - float64(n)*math.Ln2)
	}
	return math.Min(1, 2*sum)
}
