package analyze

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

// ScoredMetrics are the measured metrics the scorecard counts, each at
// Mean and P90: 8 comparisons per common level.
var ScoredMetrics = []Metric{MetricTTFT, MetricITL, MetricTPS, MetricLatency}

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
