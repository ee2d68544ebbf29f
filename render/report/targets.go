package report

import (
	"cmp"
	"slices"

	"github.com/openzeka/reportgen/analyze"
)

// How the report words the target interactivity (analyze's
// defaultTarget and atTarget): how the target was chosen, and why a
// configuration has no output there, in words, never as a number.

// targetChoice says how the default target was chosen when it is not
// the TPS SLO: the lowest interactivity every configuration reaches
// within the SLOs, or, where none is, the most of them; "" for a target
// from the flag or the TPS SLO.
func (v *view) targetChoice() string {
	if v.R.Pareto.TargetSource != analyze.TargetReachable {
		return ""
	}
	reach := 0
	for _, c := range v.R.Configs {
		if a := c.AtInteractivity; a != nil && (a.Reason == "" || a.Reason == analyze.ReasonGPUsUnknown) {
			reach++
		}
	}
	// How many reach the TPS SLO within the SLOs: fewer than reach the target.
	atSLO := 0
	for _, c := range v.R.Configs {
		if v.reachesWithinSLO(c, v.R.Params.SLOTPS) {
			atSLO++
		}
	}
	l := v.loc
	args := []any{"Target", v.limit(v.R.Pareto.Target), "Stat", v.StatWord(v.Headline()), "SLO", v.limit(v.R.Params.SLOTPS),
		"N", l.Int(reach), "Total", l.Int(len(v.R.Configs)), "SLON", l.Int(atSLO)}
	id := "target_reachable_most"
	if reach == len(v.R.Configs) {
		id = "target_reachable_all"
	}
	slo := "target_slo_some"
	if atSLO == 0 {
		slo = "target_slo_none"
	}
	return l.T(id, args...) + " " + l.T(slo, args...)
}

// absentWords are the few words a table cell shows for a value at the
// target that is absent for reason: it is reached only past the SLOs,
// at no level within them, never, or past the tested load; "" where
// the cell shows a number or a dash (no points, GPUs unknown).
func (v *view) absentWords(reason string) string {
	switch reason {
	case analyze.ReasonBeyondSLO, analyze.ReasonNoSLOLevel, analyze.ReasonAboveMeasured, analyze.ReasonBelowMeasured:
		return v.loc.T("target_cell_" + reason)
	}
	return ""
}

// targetAbsence says why a config has no value at the target, but for
// a target beyond its top tested load (EfficiencyLines tells those
// together): it gives users that little only at loads that miss the
// SLOs, no level meets them, its users never get the target, or no
// level has both values.
func (v *view) targetAbsence(c analyze.Config) string {
	a := c.AtInteractivity
	if a == nil || a.Reason == "" || a.Reason == analyze.ReasonGPUsUnknown {
		return ""
	}
	l := v.loc
	curve := v.R.Pareto.Curve(c.ID)
	args := []any{"Config", v.Name(c.ID), "Target", v.limit(a.Target), "Stat", v.StatWord(v.Headline())}
	switch a.Reason {
	case analyze.ReasonBeyondSLO:
		cp := c.Capacity.Get(v.R.Params.Percentile)
		if i := slices.IndexFunc(curve, func(pt analyze.ParetoPoint) bool { return pt.Load == cp.Max }); i >= 0 {
			return l.T("efficiency_beyond_slo", append(args, "C", l.At(cp.Max), "X", l.Num(curve[i].PerUserTPS, 1))...)
		}
	case analyze.ReasonNoSLOLevel:
		return l.T("efficiency_no_slo_level", args...)
	case analyze.ReasonAboveMeasured:
		if len(curve) == 0 {
			break
		}
		best := slices.MaxFunc(curve, func(a, b analyze.ParetoPoint) int { return cmp.Compare(a.PerUserTPS, b.PerUserTPS) })
		return l.T("efficiency_above_measured", append(args, "X", l.Num(best.PerUserTPS, 1), "C", l.At(best.Load))...)
	}
	return l.T("efficiency_no_points", args...)
}

// reachesWithinSLO reports whether config c's users get per-user TPS x
// at some load within the SLOs: x lies between the lowest and highest
// per-user TPS of its points up to its capacity.
func (v *view) reachesWithinSLO(c analyze.Config, x float64) bool {
	cp := c.Capacity.Get(v.R.Params.Percentile)
	lo, hi, seen := 0.0, 0.0, false
	for _, pt := range v.R.Pareto.Curve(c.ID) {
		if cp.Max == 0 || pt.Load > cp.Max {
			continue
		}
		if !seen || pt.PerUserTPS < lo {
			lo = pt.PerUserTPS
		}
		if !seen || pt.PerUserTPS > hi {
			hi = pt.PerUserTPS
		}
		seen = true
	}
	return seen && lo <= x && x <= hi
}
