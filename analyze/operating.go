package analyze

import "slices"

// The operating point: "high load" in the report is the highest level
// every config measured (and reached) at which at least one config meets
// both SLOs at the headline statistic. A level above it at which none
// does is overload: no configuration can serve it, so no config is
// crowned there. Findings that compare the configs "at high load" do so
// at the operating point.

// operatingPoint is the highest common level at which at least one
// config meets both SLOs at statistic pct; ok is false when no common
// level has one.
func operatingPoint(cfgs []Config, pct Percentile) (Load, bool) {
	common := commonLevels(cfgs)
	for i := len(common) - 1; i >= 0; i-- {
		if anyPasses(cfgs, common[i], pct) {
			return common[i], true
		}
	}
	return 0, false
}

// anyPasses reports whether some config meets both SLOs at statistic
// pct at level x.
func anyPasses(cfgs []Config, x Load, pct Percentile) bool {
	return slices.ContainsFunc(cfgs, func(c Config) bool {
		l, ok := levelAt(c, x)
		return ok && l.SLO.Get(pct).Pass()
	})
}

// overloadLevels are the common levels at which no config meets both
// SLOs at statistic pct.
func overloadLevels(cfgs []Config, pct Percentile) []Load {
	var out []Load
	for _, x := range commonLevels(cfgs) {
		if !anyPasses(cfgs, x, pct) {
			out = append(out, x)
		}
	}
	return out
}

// highLevel is the level "high load" findings compare at: the operating
// point, or where no common level has one, the highest common level
// (every level is then overload, and the report says so).
func highLevel(r *Report) (Load, bool) {
	if x, ok := operatingPoint(r.Configs, r.Params.Percentile); ok {
		return x, true
	}
	return highestCommon(r.Configs)
}

// HighLoad is the report's high load as its tables and findings use it
// (highLevel), 0 when the configs share no level.
func (r *Report) HighLoad() Load {
	x, _ := highLevel(r.reached())
	return x
}

// highPoint is the point of speedup s at high load for its pair: its
// highest level at which at least one config of the report meets the
// SLOs (overload crowns none), else its last.
func highPoint(r *Report, s Speedup) SpeedupPoint {
	for i := len(s.Points) - 1; i >= 0; i-- {
		if anyPasses(r.Configs, s.Points[i].Load, r.Params.Percentile) {
			return s.Points[i]
		}
	}
	return s.Points[len(s.Points)-1]
}
