package analyze

import "math"

// Metric names one per-level quantity findings and the scorecard compare.
type Metric struct {
	// Key is the analysis.json name: "ttft_ms", "tps", …
	Key string
	// LowerIsBetter is true for times, false for rates.
	LowerIsBetter bool
	// Value reads the metric at a level for a statistic ("mean", "p90").
	Value func(Level, Percentile) float64
}

// The metrics of the report. TPS P90 is the fast tail (higher is
// better), like its mean.
var (
	MetricTTFT      = Metric{"ttft_ms", true, func(l Level, p Percentile) float64 { return l.TTFT.Get(p) }}
	MetricITL       = Metric{"itl_ms", true, func(l Level, p Percentile) float64 { return l.ITL.Get(p) }}
	MetricTPS       = Metric{"tps", false, func(l Level, p Percentile) float64 { return l.TPS.Get(p) }}
	MetricLatency   = Metric{"latency_s", true, func(l Level, p Percentile) float64 { return l.Latency.Get(p) }}
	MetricSystemRPS = Metric{"system_rps", false, func(l Level, _ Percentile) float64 { return l.SystemRPS }}
	MetricAggregate = Metric{"aggregate_tps", false, func(l Level, _ Percentile) float64 { return l.AggregateTPS }}
)

// MetricTPSEndToEnd is per-user TPS on one definition for every tool:
// output tokens per request / mean request latency (TTFT included). The
// low-load chat pick compares on it when the configs' tools define TPS
// differently (decode rate against whole-request rate) and the output
// length is known.
func MetricTPSEndToEnd(tokens int) Metric {
	return Metric{"tps_e2e", false, func(l Level, _ Percentile) float64 { return Ratio(float64(tokens), l.Latency.Mean) }}
}

// ScoredMetrics are the measured metrics the scorecard counts, each at
// Mean and P90: 8 comparisons per common level.
var ScoredMetrics = []Metric{MetricTTFT, MetricITL, MetricTPS, MetricLatency}

// commonStat is the statistic that compares levels on m on one footing:
// want itself, unless it is the mean and a level reports no mean while
// every one reports a median; then the median, named as such (a finding
// never calls a median a mean, nor mixes the two).
func (m Metric) commonStat(ls []Level, want Percentile) Percentile {
	if want != Mean || m.Key == MetricSystemRPS.Key || m.Key == MetricAggregate.Key {
		return want
	}
	noMean, median := false, true
	for _, l := range ls {
		s := m.stat(l)
		noMean = noMean || math.IsNaN(s.Mean)
		median = median && !math.IsNaN(s.P50)
	}
	if noMean && median {
		return P50
	}
	return Mean
}

// statName is the Stat a finding on m reports: none for the derived
// throughputs.
func (m Metric) statName(p Percentile) Percentile {
	if m.Key == MetricSystemRPS.Key || m.Key == MetricAggregate.Key {
		return ""
	}
	return p
}

// stat is the Stat of m at l (zero for the derived throughputs).
func (m Metric) stat(l Level) Stat {
	switch m.Key {
	case MetricTTFT.Key:
		return l.TTFT
	case MetricITL.Key:
		return l.ITL
	case MetricTPS.Key:
		return l.TPS
	case MetricLatency.Key:
		return l.Latency
	}
	return Stat{Mean: 0, P10: nanValue, P50: nanValue, P90: nanValue, P99: nanValue}
}

// better reports whether a beats b on m.
func (m Metric) better(a, b float64) bool {
	if m.LowerIsBetter {
		return a < b
	}
	return a > b
}

// advantage is how many times better a is than b (≥ 1 when a is better).
func (m Metric) advantage(a, b float64) float64 {
	if m.LowerIsBetter {
		return Ratio(b, a)
	}
	return Ratio(a, b)
}
