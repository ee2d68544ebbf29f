package analyze

import (
	"math"
)

// growthFindings tells how each config's latency or aggregate output
// grows from its lowest level to its highest.
func growthFindings(r *Report, m Metric, _ weights) []Finding {
	if m.Key != MetricLatency.Key && m.Key != MetricAggregate.Key {
		return nil
	}
	var out []Finding
	for _, c := range r.Configs {
		if f, ok := growth(c, m); ok {
			out = append(out, f)
		}
	}
	return out
}

// peakFindings tells, under aggregate output, the level of each
// config's highest aggregate output beside its highest level's.
func peakFindings(r *Report, m Metric, _ weights) []Finding {
	if m.Key != MetricAggregate.Key {
		return nil
	}
	var out []Finding
	for _, c := range r.Configs {
		if f, ok := peakAggregate(c); ok {
			out = append(out, f)
		}
	}
	return out
}

// gapFindings tells, under system throughput, the leader's throughput
// at high load (the operating point) beside the one its tool reported.
func gapFindings(r *Report, m Metric, _ weights) []Finding {
	hi, okHi := highLevel(r)
	if m.Key != MetricSystemRPS.Key || !okHi {
		return nil
	}
	rk := rankAt(r.Configs, hi, m, Mean)
	if len(rk) == 0 {
		return nil
	}
	cfg, _ := r.Config(rk[0].id)
	l, _ := levelAt(cfg, hi)
	if math.IsNaN(l.RPSReported) {
		return nil
	}
	return []Finding{{Kind: ThroughputGap, Section: string(m.Key), Configs: []string{cfg.ID}, Levels: []Load{hi},
		Values: map[string]float64{"system": l.SystemRPS, "reported": l.RPSReported}}}
}

// growth compares a config's metric at its highest level with its
// lowest, against the rise in load.
func growth(c Config, m Metric) (Finding, bool) {
	if len(c.Levels) < 2 {
		return Finding{}, false
	}
	lo, hi := c.Levels[0], c.Levels[len(c.Levels)-1]
	stat := m.commonStat([]Level{lo, hi}, Mean)
	a, b := m.Value(lo, stat), m.Value(hi, stat)
	if !(a > 0) {
		return Finding{}, false
	}
	// The load factor is NaN (null) when the top level is an unbounded rate.
	load := float64(hi.Load) / float64(lo.Load)
	if math.IsInf(load, 0) {
		load = nanValue
	}
	return Finding{Kind: Growth, Section: string(m.Key), Configs: []string{c.ID}, Levels: []Load{lo.Load, hi.Load}, Stat: m.statName(stat),
		Values: map[string]float64{"low": a, "high": b, "ratio": b / a, "load": load}}, true
}

// peakAggregate finds the level of a config's highest aggregate output.
func peakAggregate(c Config) (Finding, bool) {
	var ls []Level
	for _, l := range c.Levels {
		if !math.IsNaN(l.AggregateTPS) {
			ls = append(ls, l)
		}
	}
	if len(ls) < 2 {
		return Finding{}, false
	}
	peak := ls[0]
	for _, l := range ls[1:] {
		if l.AggregateTPS > peak.AggregateTPS {
			peak = l
		}
	}
	last := ls[len(ls)-1]
	return Finding{Kind: PeakAggregate, Section: string(AggregateTPS), Configs: []string{c.ID}, Levels: []Load{peak.Load, last.Load},
		Values: map[string]float64{"peak": peak.AggregateTPS, "high": last.AggregateTPS}}, true
}

// latencyConsistency checks every level against latency = TTFT + ITL ×
// (tokens − 1) when the output length is known, and reports the largest
// deviation: the evidence that the metrics describe the same requests.
// It is evidence only where ITL is measured apart from latency (the gap
// between streamed chunks): where ITL is a TPOT, (latency − TTFT) / (n −
// 1), the sum is latency by definition and proves nothing, so no such
// finding is made.
func latencyConsistency(r *Report, _ Metric, _ weights) []Finding {
	n := r.Params.OutputTokens
	if n < 2 {
		return nil
	}
	for _, c := range r.Configs {
		if c.Definitions.ITL != "chunk" {
			return nil
		}
	}
	f := Finding{Kind: LatencyConsistent, Section: QualitySection, Values: map[string]float64{"tokens": float64(n)}}
	checked, worst := 0, -1.0
	for _, c := range r.Configs {
		for _, l := range c.Levels {
			if !(l.Latency.Mean > 0) {
				continue
			}
			checked++
			exp := ExpectedLatency(l, n)
			dev := math.Abs(l.Latency.Mean-exp) / l.Latency.Mean
			if dev > worst {
				worst = dev
				f.Configs = []string{c.ID}
				f.Levels = []Load{l.Load}
				f.Values["latency"], f.Values["expected"] = l.Latency.Mean, exp
			}
		}
	}
	if checked == 0 || worst > MismatchTolerance {
		return nil // the mismatches are anomalies, not a finding
	}
	f.Values["checked"], f.Values["deviation"] = float64(checked), worst
	return []Finding{f}
}

// ExpectedLatency is the mean latency a level's TTFT and ITL imply for
// requests of n output tokens: TTFT + ITL × (n − 1), in seconds.
func ExpectedLatency(l Level, n int) float64 {
	return l.TTFT.Mean/1000 + l.ITL.Mean/1000*float64(n-1)
}
