package analyze

import "math"

// MetricID names a per-level metric: its key in analysis.json, and the
// one name every stage and template uses for it.
type MetricID string

// The report's metrics.
const (
	TTFT         MetricID = "ttft_ms"
	ITL          MetricID = "itl_ms"
	TPS          MetricID = "tps"
	Latency      MetricID = "latency_s"
	SystemRPS    MetricID = "system_rps"
	AggregateTPS MetricID = "aggregate_tps"
	// TPSEndToEnd is per-user TPS on one definition for every tool
	// (MetricTPSEndToEnd).
	TPSEndToEnd MetricID = "tps_e2e"
)

// Distributions are the metrics a level reports as a distribution
// (Stat), in report order.
var Distributions = []MetricID{TTFT, ITL, TPS, Latency}

// LowerIsBetter is true for times, false for rates.
func (id MetricID) LowerIsBetter() bool { return id == TTFT || id == ITL || id == Latency }

// Stat is the distribution of metric id at l; the zero Stat, every
// statistic absent, for a metric that is no distribution (the system
// throughputs).
func (l Level) Stat(id MetricID) Stat {
	switch id {
	case TTFT:
		return l.TTFT
	case ITL:
		return l.ITL
	case TPS:
		return l.TPS
	case Latency:
		return l.Latency
	}
	return Stat{Mean: nanValue, P10: nanValue, P50: nanValue, P90: nanValue, P99: nanValue}
}

// Metric names one per-level quantity findings and the scorecard compare.
type Metric struct {
	// Key is the metric's id.
	Key MetricID
	// LowerIsBetter is true for times, false for rates.
	LowerIsBetter bool
	// Value reads the metric at a level for a statistic ("mean", "p90").
	Value func(Level, Percentile) float64
}

// The metrics of the report. TPS P90 is the fast tail (higher is
// better), like its mean.
var (
	MetricTTFT      = Metric{TTFT, true, func(l Level, p Percentile) float64 { return l.TTFT.Get(p) }}
	MetricITL       = Metric{ITL, true, func(l Level, p Percentile) float64 { return l.ITL.Get(p) }}
	MetricTPS       = Metric{TPS, false, func(l Level, p Percentile) float64 { return l.TPS.Get(p) }}
	MetricLatency   = Metric{Latency, true, func(l Level, p Percentile) float64 { return l.Latency.Get(p) }}
	MetricSystemRPS = Metric{SystemRPS, false, func(l Level, _ Percentile) float64 { return l.SystemRPS }}
	MetricAggregate = Metric{AggregateTPS, false, func(l Level, _ Percentile) float64 { return l.AggregateTPS }}
)

// MetricTPSEndToEnd is per-user TPS on one definition for every tool:
// output tokens per request / mean request latency (TTFT included), the
// level's mean output length where its file reports one, else tokens,
// the benchmark's. The low-load chat pick and the TPS leaders compare on
// it when the configs' tools define TPS differently (decode rate against
// whole-request rate) and the output length is known.
func MetricTPSEndToEnd(tokens int) Metric {
	return Metric{TPSEndToEnd, false, func(l Level, _ Percentile) float64 {
		n := float64(tokens)
		if l.OutputTokens > 0 && !math.IsInf(l.OutputTokens, 0) {
			n = l.OutputTokens
		}
		return Ratio(n, l.Latency.Mean)
	}}
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

// stat is the Stat of m at l (the derived throughputs: a zero mean, the
// rest absent, so that commonStat keeps the mean).
func (m Metric) stat(l Level) Stat {
	switch m.Key {
	case SystemRPS, AggregateTPS, TPSEndToEnd:
		return Stat{Mean: 0, P10: nanValue, P50: nanValue, P90: nanValue, P99: nanValue}
	}
	return l.Stat(m.Key)
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
