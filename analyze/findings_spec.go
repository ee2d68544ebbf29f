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
		out = append(out, speedupOf(s, w)...)
	}
	return out
}

// speedupOf is speedupFindings of one speedup.
func speedupOf(s Speedup, w weights) []Finding {
	if len(s.Points) == 0 {
		return nil
	}
	var out []Finding
	lo, hi := s.Points[0], s.Points[len(s.Points)-1]
	pair := []string{s.Spec, s.Direct}
	out = append(out, Finding{Kind: SpecLowLoad, Configs: pair, Levels: []Load{lo.Load}, Stat: s.Stat, Tie: lo.Outcome == OnPar,
		Values: map[string]float64{"ratio": lo.Ratio, "spec": lo.SpecTPS, "direct": lo.DirectTPS},
		Score:  w[SpecLowLoad] + math.Abs(math.Log(lo.Ratio))})
	if s.BreakEven != nil {
		v := map[string]float64{"level": float64(*s.BreakEven)}
		if s.BreakEvenInterpolated != nil {
			v["interpolated"] = *s.BreakEvenInterpolated
		}
		for _, pt := range s.Points {
			if pt.Load == *s.BreakEven {
				v["ratio"] = pt.Ratio
			}
		}
		out = append(out, Finding{Kind: SpecBreakEven, Configs: pair, Levels: []Load{*s.BreakEven}, Values: v, Stat: s.Stat, Score: w[SpecBreakEven]})
	} else if !s.NeverFaster && hi.Outcome == Faster {
		out = append(out, Finding{Kind: SpecNoBreakEven, Configs: pair, Levels: []Load{hi.Load}, Stat: s.Stat,
			Values: map[string]float64{"ratio": hi.Ratio}, Score: w[SpecNoBreakEven]})
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
// the lowest and highest levels both measured.
func specEffect(r *Report, s Speedup, m Metric) (Finding, bool) {
	if len(s.Points) == 0 {
		return Finding{}, false
	}
	spec, _ := r.Config(s.Spec)
	direct, _ := r.Config(s.Direct)
	lo, hi := s.Points[0].Load, s.Points[len(s.Points)-1].Load
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
