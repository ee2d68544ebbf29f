package analyze

import (
	"math"
)

// speedupFindings tells, for each speculative config against its direct
// one, the gain (or parity, or loss) at the lowest common level, where
// speculative decoding stops paying off (or that it never does), and a
// loss at the highest common level.
func speedupFindings(r *Report, _ Metric, w weights) []Finding {
	var out []Finding
	for _, s := range r.Speedups {
		out = append(out, speedupOf(r, s, w)...)
	}
	return out
}

// speedupOf is speedupFindings of one speedup. The window where it pays
// off and the break-even level carry the users they mean by Little's
// law: the speculative config's (users and break_users), at the report's
// think time; and the fragile levels among the two that decide it (the
// window's top and the break-even level, where its SLO gate decides).
func speedupOf(r *Report, s Speedup, w weights) []Finding {
	if len(s.Points) == 0 {
		return nil
	}
	var out []Finding
	lo, hi := s.Points[0], highPoint(r, s)
	pair := []string{s.Spec, s.Direct}
	out = append(out, Finding{Kind: SpecLowLoad, Configs: pair, Levels: []Load{lo.Load}, Stat: s.Stat, Tie: lo.Outcome == OnPar,
		Values: map[string]float64{"ratio": lo.Ratio, "spec": lo.SpecTPS, "direct": lo.DirectTPS, "pays_off": b2f(lo.PaysOff)},
		Score:  w[SpecLowLoad] + math.Abs(math.Log(lo.Ratio))})
	spec, _ := r.Config(s.Spec)
	users := func(x Load) float64 {
		if l, ok := levelAt(spec, x); ok && Known(l.Latency.Mean) {
			return float64(LittleUsers(l.Concurrency, r.Params.ThinkS, l.Latency.Mean))
		}
		return nanValue
	}
	switch {
	case s.BreakEven != nil:
		v := map[string]float64{"level": float64(*s.BreakEven), "from": float64(*s.PaysOffFrom), "up_to": float64(*s.PaysOffUpTo),
			"users": users(*s.PaysOffUpTo), "break_users": users(*s.BreakEven)}
		if s.BreakEvenInterpolated != nil {
			v["interpolated"] = *s.BreakEvenInterpolated
		}
		for _, pt := range s.Points {
			if pt.Load == *s.BreakEven {
				v["ratio"], v["latency_ratio"] = pt.Ratio, pt.LatencyRatio
				v["delivered"], v["slo_met"] = b2f(pt.Delivered), b2f(pt.SLOMet)
			}
		}
		out = append(out, Finding{Kind: SpecBreakEven, Configs: pair, Levels: []Load{*s.BreakEven}, Values: v, Stat: s.Stat, Score: w[SpecBreakEven],
			Fragile: fragileAt(r.Configs, r.Params.Percentile, pair, *s.PaysOffUpTo, *s.BreakEven)})
	case s.PaysOffFrom != nil && *s.PaysOffFrom == s.Points[0].Load && *s.PaysOffUpTo == s.Points[len(s.Points)-1].Load:
		last := s.Points[len(s.Points)-1]
		out = append(out, Finding{Kind: SpecNoBreakEven, Configs: pair, Levels: []Load{last.Load}, Stat: s.Stat,
			Values: map[string]float64{"ratio": last.Ratio, "users": users(last.Load)}, Score: w[SpecNoBreakEven],
			Fragile: fragileAt(r.Configs, r.Params.Percentile, pair, last.Load)})
	}
	if len(s.Points) > 1 && hi.Outcome == Slower {
		out = append(out, Finding{Kind: SpecHighLoad, Configs: pair, Levels: []Load{hi.Load}, Stat: s.Stat,
			Values: map[string]float64{"ratio": hi.Ratio, "spec": hi.SpecTPS, "direct": hi.DirectTPS},
			Score:  w[SpecHighLoad] + math.Abs(math.Log(hi.Ratio))})
	}
	return out
}

// specFindings tells each speculative config's effect on m against its
// direct one; not on throughput, which the speedups tell.
func specFindings(r *Report, m Metric, _ weights) []Finding {
	if m.Key == MetricSystemRPS.Key || m.Key == MetricAggregate.Key {
		return nil
	}
	var out []Finding
	for _, s := range r.Speedups {
		if f, ok := specEffect(r, s, m); ok {
			out = append(out, f)
		}
	}
	return out
}

// specEffect compares a speculative config with its direct one on m at
// the lowest level both measured and at high load (the operating point).
func specEffect(r *Report, s Speedup, m Metric) (Finding, bool) {
	if len(s.Points) == 0 {
		return Finding{}, false
	}
	spec, _ := r.Config(s.Spec)
	direct, _ := r.Config(s.Direct)
	lo, hi := s.Points[0].Load, highPoint(r, s).Load
	sl, _ := levelAt(spec, lo)
	dl, _ := levelAt(direct, lo)
	sh, _ := levelAt(spec, hi)
	dh, _ := levelAt(direct, hi)
	stat := m.commonStat([]Level{sl, dl, sh, dh}, Mean)
	v := map[string]float64{
		"spec_low": m.Value(sl, stat), "direct_low": m.Value(dl, stat),
		"spec_high": m.Value(sh, stat), "direct_high": m.Value(dh, stat),
	}
	v["advantage_low"] = m.advantage(v["spec_low"], v["direct_low"])
	v["advantage_high"] = m.advantage(v["spec_high"], v["direct_high"])
	// 1 where the two are on par at that end (within the tie threshold).
	v["tie_low"] = b2f(r.Params.tieAt(m, stat, sl, dl))
	v["tie_high"] = b2f(r.Params.tieAt(m, stat, sh, dh))
	return Finding{Kind: SpecEffect, Section: string(m.Key), Configs: []string{s.Spec, s.Direct}, Levels: []Load{lo, hi}, Values: v, Stat: m.statName(stat),
		Score: math.Abs(math.Log(v["advantage_low"])) + math.Abs(math.Log(v["advantage_high"]))}, true
}
