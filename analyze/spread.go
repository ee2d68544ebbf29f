package analyze

import (
	"math"

	"github.com/openzeka/reportgen/ingest"
)

// Interval is the run-to-run spread of one statistic at a level measured
// more than once: the smallest and largest run, and where the runs'
// mean lies with 95 % confidence (Student's t; with two runs, the
// smallest and largest run themselves).
type Interval struct {
	Min  float64 `json:"min"`
	Max  float64 `json:"max"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
	N    int     `json:"n"`
}

// Contains reports whether x lies within the interval [Low, High].
func (i Interval) Contains(x float64) bool { return x >= i.Low && x <= i.High }

// Overlaps reports whether two intervals share a value.
func (i Interval) Overlaps(o Interval) bool { return i.Low <= o.High && o.Low <= i.High }

// spreadKeys are the statistics whose spread a level keeps: what the
// findings, the scorecard and speculative decoding's outcome compare.
var spreadKeys = []struct {
	key string
	get func(ingest.Level) float64
}{
	{"ttft_ms.mean", func(l ingest.Level) float64 { return l.TTFT.Mean }},
	{"ttft_ms.p90", func(l ingest.Level) float64 { return l.TTFT.P90 }},
	{"itl_ms.mean", func(l ingest.Level) float64 { return l.ITL.Mean }},
	{"itl_ms.p90", func(l ingest.Level) float64 { return l.ITL.P90 }},
	{"tps.mean", func(l ingest.Level) float64 { return l.TPS.Mean }},
	{"tps.p50", func(l ingest.Level) float64 { return l.TPS.P50 }},
	{"tps.p90", func(l ingest.Level) float64 { return l.TPS.P90 }},
	{"latency_s.mean", func(l ingest.Level) float64 { return l.Latency.Mean }},
	{"latency_s.p90", func(l ingest.Level) float64 { return l.Latency.P90 }},
	{"system_rps", func(l ingest.Level) float64 { return l.SystemRPS }},
	{"aggregate_tps", func(l ingest.Level) float64 { return l.OutputTPS }},
}

// spreadOf is the run-to-run spread of a level's repeated runs, by
// statistic ("ttft_ms.mean", "system_rps"); nil for a level measured
// once.
func spreadOf(runs []ingest.Level) map[string]Interval {
	if len(runs) < 2 {
		return nil
	}
	out := map[string]Interval{}
	for _, k := range spreadKeys {
		var xs []float64
		for _, r := range runs {
			if x := k.get(r); Known(x) {
				xs = append(xs, x)
			}
		}
		if len(xs) == len(runs) {
			out[k.key] = interval(xs)
		}
	}
	return out
}

// interval is the spread of xs (at least two values).
func interval(xs []float64) Interval {
	iv := Interval{Min: math.Inf(1), Max: math.Inf(-1), N: len(xs)}
	sum := 0.0
	for _, x := range xs {
		iv.Min, iv.Max = math.Min(iv.Min, x), math.Max(iv.Max, x)
		sum += x
	}
	iv.Low, iv.High = iv.Min, iv.Max
	if n := len(xs); n >= 3 {
		mean := sum / float64(n)
		ss := 0.0
		for _, x := range xs {
			ss += (x - mean) * (x - mean)
		}
		half := tQuantile975(n-1) * math.Sqrt(ss/float64(n-1)) / math.Sqrt(float64(n))
		// Every statistic kept is a time, a rate or a count: an
		// interval reaching below zero (few runs far apart) stops at
		// zero.
		iv.Low, iv.High = math.Max(mean-half, 0), mean+half
	}
	return iv
}

// tQuantile975 is Student's t 0.975 quantile for df degrees of freedom
// (two-sided 95 %), from a table to 30 and the normal 1.96 beyond.
func tQuantile975(df int) float64 {
	table := [...]float64{0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
		2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
		2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042}
	if df >= 1 && df < len(table) {
		return table[df]
	}
	return 1.96
}

// spreadKey names a metric's statistic in Level.Spread.
func spreadKey(m Metric, stat Percentile) string {
	return SpreadKey(m.Key, stat)
}

// SpreadKey names metric id's statistic st in Level.Spread:
// "ttft_ms.mean"; the throughputs, which are no distributions, by their
// id alone.
func SpreadKey(id MetricID, st Statistic) string {
	if id == SystemRPS || id == AggregateTPS {
		return string(id)
	}
	return string(id) + "." + string(st)
}

// tieBetween tells whether configs a and b are on par on m at stat at
// level x (tieAt on their levels there).
func (r *Report) tieBetween(m Metric, stat Percentile, x Load, a, b string) bool {
	ca, _ := r.Config(a)
	cb, _ := r.Config(b)
	la, okA := levelAt(ca, x)
	lb, okB := levelAt(cb, x)
	if !okA || !okB {
		return false
	}
	return r.Params.tieAt(m, stat, la, lb)
}

// tieAt tells whether two levels are on par on m at stat: where both
// were measured more than once, their run-to-run spreads overlap (the
// difference is within the noise the runs show); where one was, the
// other's value lies in its spread; otherwise the values are within the
// tie threshold.
func (p Params) tieAt(m Metric, stat Percentile, a, b Level) bool {
	k := spreadKey(m, stat)
	sa, okA := a.Spread[k]
	sb, okB := b.Spread[k]
	x, y := m.Value(a, stat), m.Value(b, stat)
	switch {
	case okA && okB:
		return sa.Overlaps(sb)
	case okA:
		return sa.Contains(y)
	case okB:
		return sb.Contains(x)
	}
	return p.Tie(x, y)
}
