package analyze

import (
	"math"
	"slices"
)

// tpsFastTail: where the TPS SLO at P90 was checked on the tool's own
// TPS P90 (the llm-benchmark export's: its fastest users, as TPS is a
// rate), says so once and counts what a strict reading, the mean (or
// median), would change: levels whose verdict flips and capacities that
// would shrink.
func tpsFastTail(r *Report, _ Metric, w weights) []Finding {
	if r.Params.Percentile != P90 || r.Params.SLOTPS == 0 {
		return nil
	}
	v := map[string]float64{"levels": 0, "flips": 0, "capacity_changes": 0, "threshold": r.Params.SLOTPS}
	var changed []string
	var all []Level
	for _, c := range r.Configs {
		all = append(all, c.Levels...)
	}
	// The strict reading: the mean, or the median of every level where
	// one reports no mean.
	strictStat := MetricTPS.commonStat(all, Mean)
	for _, c := range r.Configs {
		strict := slices.Clone(c.Levels)
		flips := 0
		for i, l := range c.Levels {
			if l.SLO.P90.TPSStat != "" || math.IsNaN(l.TPS.P90) {
				continue // checked on the slow tail (P10) or a stand-in already
			}
			v["levels"]++
			meets := l.TPS.Get(strictStat) >= r.Params.SLOTPS
			if meets != l.SLO.P90.TPS {
				flips++
			}
			strict[i].SLO.P90.TPS = meets
		}
		if flips == 0 {
			continue
		}
		v["flips"] += float64(flips)
		if cp, _ := highestPassing(strict, P90); cp.Max != c.Capacity.P90.Max {
			v["capacity_changes"]++
			changed = append(changed, c.ID)
		}
	}
	if v["levels"] == 0 {
		return nil
	}
	// Stat names the strict reading's statistic.
	return []Finding{{Kind: TPSFastTail, Configs: changed, Values: v, Stat: strictStat, Score: w[TPSFastTail] + v["capacity_changes"]}}
}

// sloFindings tells where each config passes the SLO, under TTFT, and
// under TPS when there is a TPS requirement.
func sloFindings(r *Report, m Metric, w weights) []Finding {
	if m.Key != MetricTTFT.Key && (m.Key != MetricTPS.Key || r.Params.SLOTPS == 0) {
		return nil
	}
	var out []Finding
	for _, c := range r.Configs {
		if len(c.Levels) > 0 {
			out = append(out, sloBoundary(c, m, r.Params, w))
		}
	}
	return out
}

// sloBoundary tells where config c stops meeting the SLO on m (TTFT or
// TPS) at the headline statistic.
func sloBoundary(c Config, m Metric, p Params, w weights) Finding {
	pct := p.Percentile
	threshold := p.SLOTTFTms
	if m.Key == MetricTPS.Key {
		threshold = p.SLOTPS
	}
	meets := func(l Level) bool {
		if m.Key == MetricTPS.Key {
			return l.SLO.Get(pct).TPS
		}
		return l.SLO.Get(pct).TTFT
	}
	// The value the SLO was checked against (a fallback statistic where
	// the source lacks the one asked for).
	// The value the SLO was checked against, and its statistic when a
	// stand-in (P99 for a missing P90, …): the finding names it.
	checked := func(l Level) (float64, Percentile) {
		s := l.TTFT
		if m.Key == MetricTPS.Key {
			s = l.TPS
		}
		x, name := s.SLOValue(pct, m.LowerIsBetter)
		if name == "" {
			return x, pct
		}
		return x, Percentile(name)
	}
	v := map[string]float64{"threshold": threshold}
	// Where TPS is checked on the fast tail (the tool's P90, no slow
	// tail), a level whose mean misses the threshold is named: the pass
	// rests on the fastest users only.
	if m.Key == MetricTPS.Key && pct == P90 {
		for _, l := range c.Levels {
			if meets(l) && l.SLO.P90.TPSStat == "" && math.IsNaN(l.TPS.P10) && l.TPS.Central() < threshold {
				v["mean_below_load"], v["mean_below"] = float64(l.Load), l.TPS.Central()
				break
			}
		}
	}
	for i, l := range c.Levels {
		if meets(l) {
			continue
		}
		x, stat := checked(l)
		if math.IsNaN(x) {
			// Nothing to check against: say so rather than "misses".
			return Finding{Kind: SLOUnchecked, Section: string(m.Key), Configs: []string{c.ID}, Levels: []Load{l.Load}, Values: v, Score: w[SLOUnchecked]}
		}
		if i == 0 {
			v["value"] = x
			return Finding{Kind: SLONonePass, Section: string(m.Key), Configs: []string{c.ID}, Levels: []Load{l.Load}, Values: v, Stat: stat, Score: w[SLONonePass],
				Fragile: fragileOf(c, stat, l)}
		}
		prev := c.Levels[i-1]
		v["pass"], _ = checked(prev)
		v["fail"] = x
		return Finding{Kind: SLOBoundary, Section: string(m.Key), Configs: []string{c.ID}, Levels: []Load{prev.Load, l.Load}, Values: v, Stat: stat, Score: w[SLOBoundary],
			Fragile: fragileOf(c, stat, prev, l)}
	}
	last := c.Levels[len(c.Levels)-1]
	x, stat := checked(last)
	v["value"] = x
	return Finding{Kind: SLOAllPass, Section: string(m.Key), Configs: []string{c.ID}, Levels: []Load{last.Load}, Values: v, Stat: stat}
}

// fragileOf lists the levels among ls whose tail percentiles are
// fragile, when stat is a tail percentile.
func fragileOf(c Config, stat Percentile, ls ...Level) []Load {
	var xs []Load
	for _, l := range ls {
		xs = append(xs, l.Load)
	}
	return fragileAt([]Config{c}, stat, []string{c.ID}, xs...)
}
