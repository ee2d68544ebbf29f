package ingest

import (
	"math"
	"strconv"

	"github.com/openzeka/reportgen/internal/floatsort"
)

// stat builds a Stat from named values, NaN where absent.
func stat(mean, p10, p50, p90, p99 float64) Stat { return Stat{mean, p10, p50, p90, p99} }

// decodeRate turns the statistics of a per-token time (TPOT, ms) into
// those of the per-user decode rate 1000 / TPOT (tok/s). The transform
// reverses the order, so each percentile maps exactly onto the opposite
// one (TPOT P90 → rate P10); the mean does not (1 / mean ≠ mean of 1 /
// x) and is left absent rather than guessed.
func decodeRate(tpot Stat) Stat {
	inv := func(x float64) float64 {
		if !(x > 0) {
			return Absent
		}
		return 1000 / x
	}
	return Stat{Mean: Absent, P10: inv(tpot.P90), P50: inv(tpot.P50), P90: inv(tpot.P10), P99: Absent}
}

// NearestRank is the p-quantile of sorted values by the nearest-rank
// method the llm-benchmark uses: sorted[⌈p·n⌉ − 1].
func NearestRank(sorted []float32, p float64) float64 {
	if len(sorted) == 0 {
		return Absent
	}
	i := int(math.Ceil(p*float64(len(sorted)))) - 1
	i = max(0, min(i, len(sorted)-1))
	return shortest32(sorted[i])
}

// shortest32 widens a stored float32 to the float64 of its shortest
// decimal form, so that a value read as 80.355 is written 80.355 and
// not 80.3550033569336.
func shortest32(x float32) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(float64(x), 'g', -1, 32), 64)
	return f
}

// summarize computes mean and nearest-rank P10, P50, P90, P99 of
// samples from the sum and count of those that are numbers (sumOf): a
// value a request does not have is NaN (the TPOT of a one-token
// request), an unbounded one +Inf (its decode rate), and both are left
// out. sorted are the samples in floatsort's order (NaN first).
func summarize(sum float64, n int, sorted []float32) Stat {
	if n == 0 {
		return NoStat()
	}
	sorted = floatsort.Finite(sorted)
	// The mean of float32 samples is known to float32's precision: it
	// is written in float32's shortest form too (1.8, not 1.7999999523).
	mean := shortest32(float32(sum / float64(n)))
	return Stat{Mean: mean, P10: NearestRank(sorted, 0.10), P50: NearestRank(sorted, 0.50),
		P90: NearestRank(sorted, 0.90), P99: NearestRank(sorted, 0.99)}
}
