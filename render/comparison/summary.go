package comparison

import (
	"math"
	"slices"
	"strings"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/analyze/compare"
)

// The verdict page says, per configuration, what changed in words: the
// headline changes of one measurement and statistic that went one way,
// as one phrase with their range, their levels and what confirmed them
// ("mean per-user TPS +28 … +56% at every level (c=1–256; better by 5%
// or more at 9 of 9 levels, sign test p = 0.004), and system throughput
// with it (one measurement)"), rather than one phrase per level.

// rerunPct is the size under which a confirmed change of one run per
// side wants a rerun before anyone acts on it: run-to-run spread of a
// serving benchmark reaches a few percent, and a change under it is
// told from noise only by the requests of those two runs.
const rerunPct = 10.0

// group is a configuration's headline deltas of one metric and
// statistic at its levels that went one way (or, for what nothing
// confirmed, any way), in load order.
type group struct {
	metric compare.Metric
	stat   analyze.Statistic
	deltas []compare.Delta
	// system: a per-user TPS group that the system throughput of the
	// same levels moved with (one measurement, said once).
	system bool
}

// groupsOf gathers the headline level deltas of cf that keep, by metric
// and statistic in the order they first come.
func groupsOf(cf compare.Config, keep func(compare.Delta) bool) []group {
	var out []group
	for _, d := range cf.Deltas {
		if !d.Headline || d.Load == nil || !keep(d) {
			continue
		}
		i := slices.IndexFunc(out, func(g group) bool { return g.metric == d.Metric && g.stat == d.Stat })
		if i < 0 {
			out = append(out, group{metric: d.Metric, stat: d.Stat})
			i = len(out) - 1
		}
		out[i].deltas = append(out[i].deltas, d)
	}
	for i := range out {
		slices.SortStableFunc(out[i].deltas, func(a, b compare.Delta) int { return compareLoads(*a.Load, *b.Load) })
	}
	return out
}

// loads are the levels of ds.
func loads(ds []compare.Delta) []analyze.Load {
	out := make([]analyze.Load, 0, len(ds))
	for _, d := range ds {
		out = append(out, *d.Load)
	}
	return out
}

// withSystem folds the system throughput into the per-user TPS group
// of the same levels: one measurement (at a fixed concurrency and output
// length both follow from the requests' times), said once. A system
// throughput group with a level the TPS group lacks stays apart.
func withSystem(gs []group) []group {
	tps := slices.IndexFunc(gs, func(g group) bool { return g.metric == compare.Metric(analyze.TPS) })
	sys := slices.IndexFunc(gs, func(g group) bool { return g.metric == compare.Metric(analyze.SystemRPS) })
	if tps < 0 || sys < 0 {
		return gs
	}
	have := loads(gs[tps].deltas)
	for _, x := range loads(gs[sys].deltas) {
		if !slices.Contains(have, x) {
			return gs
		}
	}
	gs[tps].system = true
	return slices.Delete(gs, sys, sys+1)
}

// trendOf is cf's trend across levels of metric m at statistic st.
func trendOf(cf compare.Config, m compare.Metric, st analyze.Statistic) (compare.Trend, bool) {
	i := slices.IndexFunc(cf.AcrossLevels, func(t compare.Trend) bool { return t.Metric == m && t.Stat == st })
	if i < 0 {
		return compare.Trend{}, false
	}
	return cf.AcrossLevels[i], true
}

// pctRange writes the changes of ds as a range: "+6.0 … +6.4%", "−41 …
// −49%" (whole percent where every change is 10% or more), "−37 …
// +44%" where they went both ways; one value where the range rounds to
// one.
func (v *view) pctRange(ds []compare.Delta) string {
	var xs []float64
	for _, d := range ds {
		if !math.IsNaN(d.DeltaPct) && !math.IsInf(d.DeltaPct, 0) {
			xs = append(xs, d.DeltaPct)
		}
	}
	if len(xs) == 0 {
		return "–"
	}
	lo, hi := slices.Min(xs), slices.Max(xs)
	if lo >= 0 || hi <= 0 {
		// one way: the smaller change first
		if math.Abs(lo) > math.Abs(hi) {
			lo, hi = hi, lo
		}
	}
	dec := 1
	if math.Min(math.Abs(lo), math.Abs(hi)) >= 10 {
		dec = 0
	}
	a, b := v.signedPct(lo, dec), v.signedPct(hi, dec)
	if a == b {
		return a
	}
	return a + " … " + b
}

// levelsPhrase names the levels xs of a configuration that compared
// the levels all: "at c=16", "at c=16–32", "at c=1–4 and c=16", "at every
// level (c=1–256)".
func (v *view) levelsPhrase(all, xs []analyze.Load) string {
	span := v.loc.LevelGroups(all, xs)
	if len(xs) > 1 && len(xs) == len(all) {
		return v.loc.T("compare_at_every", "Levels", span)
	}
	return v.loc.N("compare_at", len(xs), "Levels", span)
}

// trendPhrase is a trend across levels in words: "better by 5% or more
// at 9 of 9 levels, sign test p = 0.004"; "better by 5% or more at 2 and
// worse at 2 of 4 levels, sign test p = 1.000"; "within 5% at every
// level" where no level moved beyond the threshold.
func (v *view) trendPhrase(t compare.Trend) string {
	kv := []any{"Pct", v.Threshold(), "N", t.Levels, "Better", t.BeyondBetter, "Worse", t.BeyondWorse, "P", v.pValue(t.PValue)}
	switch {
	case t.BeyondBetter > 0 && t.BeyondWorse > 0:
		return v.loc.T("compare_trend_both", kv...)
	case t.BeyondBetter > 0:
		return v.loc.N("compare_trend_better", t.Levels, kv...)
	case t.BeyondWorse > 0:
		return v.loc.N("compare_trend_worse", t.Levels, kv...)
	}
	return v.loc.T("compare_trend_none", kv...)
}

// groupEvidence says what confirmed the changes of g: the trend of its
// metric and statistic where it holds their way ("better by 5% or more
// at 9 of 9 levels, sign test p = 0.004"), else each kind of test or
// confirmation the deltas had ("Welch's t, p < 0.001 at each").
func (v *view) groupEvidence(cf compare.Config, g group) string {
	if t, ok := trendOf(cf, g.metric, g.stat); ok && t.Significant && t.Direction == g.deltas[0].Direction {
		return v.trendPhrase(t)
	}
	type kind struct {
		key string
		ps  []float64
		at  *analyze.Load
	}
	var kinds []kind
	for _, d := range g.deltas {
		key := string(d.Test)
		if d.Test == compare.TestNone {
			key = d.ConfirmedBy
		}
		i := slices.IndexFunc(kinds, func(k kind) bool { return k.key == key })
		if i < 0 {
			kinds = append(kinds, kind{key: key, at: d.ConfirmedAt})
			i = len(kinds) - 1
		}
		kinds[i].ps = append(kinds[i].ps, d.PValue)
	}
	parts := make([]string, 0, len(kinds))
	for _, k := range kinds {
		switch k.key {
		case string(compare.TestWelch), string(compare.TestQuantile):
			parts = append(parts, v.testsPhrase(compare.Test(k.key), k.ps))
		case string(compare.TestRuns):
			parts = append(parts, v.loc.T("compare_test_brief_runs"))
		case compare.ConfirmedBySameMeasure:
			parts = append(parts, v.loc.T("compare_confirmed_same"))
		case compare.ConfirmedByLevels:
			parts = append(parts, v.loc.T("compare_confirmed_levels"))
		}
	}
	return strings.Join(parts, "; ")
}

// testsPhrase is one kind of test over one or more levels: "Welch's t,
// p = 0.004"; "quantile test, p < 0.001 at each", "…, p ≤ 0.030 at each"
// (the largest p-value bounds them all).
func (v *view) testsPhrase(t compare.Test, ps []float64) string {
	name := v.loc.T("compare_test_brief_" + string(t))
	worst := slices.Max(ps)
	if len(ps) == 1 {
		return v.loc.T("compare_test_p", "Test", name, "P", v.pValue(worst))
	}
	p := v.loc.T("compare_p_at_most", "P", v.loc.Num(worst, 3))
	if worst < 0.001 {
		p = v.pValue(worst)
	}
	return v.loc.T("compare_test_p_each", "Test", name, "P", p)
}

// groupPhrase is one group of level changes in words: "P90 TTFT −41 …
// −49% at c=16–32 (quantile test, p ≤ 0.004 at each)", with the system
// throughput that moved with per-user TPS, and why for what nothing
// confirmed (the trend, short of holding).
func (v *view) groupPhrase(cf compare.Config, g group, confirmed bool) string {
	what := v.metricName(compare.Delta{Metric: g.metric, Stat: g.stat})
	var how string
	if confirmed {
		how = v.groupEvidence(cf, g)
	} else if t, ok := trendOf(cf, g.metric, g.stat); ok && t.Levels > 1 {
		how = v.trendPhrase(t)
	} else {
		how = v.loc.T("compare_no_trend")
	}
	s := v.loc.T("compare_what_levels", "What", what, "Range", v.pctRange(g.deltas), "Levels", v.levelsPhrase(cf.Levels, loads(g.deltas)), "How", how)
	if g.system {
		s += v.loc.T("compare_with_system")
	}
	return s
}

// capacityPhrase is the confirmed (or unconfirmed) change of the
// capacity and the users it serves, C_max first: "C_max (P90) 16 → ≥ 32
// (≥ +100.0%) and users 207 → ≥ 310 (≥ +49.8%), confirmed at c=32";
// where only the users changed, the capacity both sides share: "users
// at C_max (P90) 372 → 502 (+34.9%), C_max 128 on both sides, confirmed
// at c=128"; "" when neither is in ds.
func (v *view) capacityPhrase(cf compare.Config, ds []compare.Delta, confirmed bool) string {
	var load, users *compare.Delta
	for i := range ds {
		switch ds[i].Metric {
		case compare.CapacityLoad:
			load = &ds[i]
		case compare.CapacityUsers:
			users = &ds[i]
		}
	}
	var items []string
	var at *analyze.Load
	for _, d := range []*compare.Delta{load, users} {
		if d == nil {
			continue
		}
		what := v.metricName(*d)
		if load != nil && d == users {
			what = v.loc.T("compare_mshort_capacity_users")
		}
		items = append(items, v.loc.T("compare_what_value", "What", what, "Old", v.value(d.Metric, d.Old, d.OldAtLeast, d.OldEstimated),
			"New", v.value(d.Metric, d.New, d.NewAtLeast, d.NewEstimated), "Change", v.change(*d)))
		if d.ConfirmedAt != nil {
			at = d.ConfirmedAt
		}
	}
	if len(items) == 0 {
		return ""
	}
	list := v.loc.List(items)
	if load == nil {
		if d, ok := sameCapacity(cf, users.Stat); ok {
			list = v.loc.T("compare_what_same_capacity", "List", list, "What", v.loc.T("compare_mshort_capacity_load"), "Load", v.value(d.Metric, d.Old, d.OldAtLeast, d.OldEstimated))
		}
	}
	switch {
	case !confirmed:
		return v.loc.T("compare_what_capacity_unconfirmed", "List", list)
	case at != nil:
		return v.loc.T("compare_what_capacity", "List", list, "At", v.loc.At(*at))
	}
	return list
}

// sameCapacity is cf's capacity at statistic st where both sides have
// the same, exactly (not a lower bound).
func sameCapacity(cf compare.Config, st analyze.Statistic) (compare.Delta, bool) {
	for _, d := range cf.Deltas {
		if d.Metric == compare.CapacityLoad && d.Stat == st && d.Old == d.New && !d.OldAtLeast && !d.NewAtLeast {
			return d, true
		}
	}
	return compare.Delta{}, false
}

// changed are the phrases of cf's confirmed headline changes that went
// way ch: the capacity first, then per metric and statistic. Where the
// trend of a metric and statistic holds that way, its phrase covers
// every level that moved beyond the threshold that way, the trend's
// evidence, whether or not that level's own test was significant;
// otherwise the levels whose change is confirmed.
func (v *view) changed(cf compare.Config, ch compare.Change) []string {
	var wide []compare.Delta
	for _, d := range cf.Deltas {
		if d.Headline && d.Load == nil && d.Change == ch {
			wide = append(wide, d)
		}
	}
	var out []string
	if s := v.capacityPhrase(cf, wide, true); s != "" {
		out = append(out, s)
	}
	dir := map[compare.Change]string{compare.Improved: "better", compare.Regressed: "worse"}[ch]
	holds := func(d compare.Delta) bool {
		t, ok := trendOf(cf, d.Metric, d.Stat)
		return ok && t.Headline && t.Change == ch
	}
	keep := func(d compare.Delta) bool {
		if holds(d) {
			return d.Beyond && d.Direction == dir
		}
		return d.Change == ch
	}
	for _, g := range withSystem(groupsOf(cf, keep)) {
		out = append(out, v.groupPhrase(cf, g, true))
	}
	return out
}

// unconfirmed are the phrases of cf's headline changes beyond the
// threshold that nothing confirmed, each with why (the trend short of
// holding); counted nowhere.
func (v *view) unconfirmed(cf compare.Config) []string {
	var out []string
	if s := v.capacityPhrase(cf, cf.Unconfirmed, false); s != "" {
		out = append(out, s)
	}
	for _, g := range groupsOf(cf, func(d compare.Delta) bool { return d.Unconfirmed }) {
		out = append(out, v.groupPhrase(cf, g, false))
	}
	return out
}

// size is how large a delta's change is, in percent (a change from
// zero or to a lower bound's infinity: unbounded).
func size(d compare.Delta) float64 {
	if math.IsNaN(d.DeltaPct) {
		return math.Inf(1)
	}
	return math.Abs(d.DeltaPct)
}

// allSmall reports whether every confirmed headline change of cf that
// went way ch is under rerunPct: one run per side cannot tell those from
// a rerun's spread. The system throughput, shown beside the per-user
// TPS it moves with, is held to it too: "each is under 10%" is said of
// every change the row shows.
func allSmall(cf compare.Config, ch compare.Change) bool {
	n := 0
	for _, d := range cf.Deltas {
		if !d.Headline || d.Change != ch {
			continue
		}
		n++
		if size(d) >= rerunPct {
			return false
		}
	}
	return n > 0
}

// leaning is the headline trend of cf that moved one way beyond the
// threshold at most of its levels and the other way at none, without a
// test confirming it (too few levels for the sign test, or too few
// requests for each level's): "no change" is then no evidence that
// nothing changed. The trend with the most such levels, the first of
// equals.
func leaning(cf compare.Config) (compare.Trend, bool) {
	var best compare.Trend
	found := false
	for _, t := range cf.AcrossLevels {
		if !t.Headline || t.Significant {
			continue
		}
		k := max(t.BeyondBetter, t.BeyondWorse)
		if min(t.BeyondBetter, t.BeyondWorse) > 0 || 2*k <= t.Levels {
			continue
		}
		if !found || k > max(best.BeyondBetter, best.BeyondWorse) {
			best, found = t, true
		}
	}
	return best, found
}

// action is what the verdict of cf asks of its reader: go ahead with
// the candidate, stay with the baseline, choose by load, nothing; and,
// with one run per side, a rerun first where the changes it rests on
// are all under rerunPct.
func (v *view) action(cf compare.Config) string {
	var s string
	switch cf.Verdict {
	case compare.Better:
		s = v.loc.T("compare_action_better")
	case compare.Worse:
		s = v.loc.T("compare_action_worse")
	case compare.Mixed:
		s = v.mixedAction(cf)
	case compare.NoChange:
		if t, ok := leaning(cf); ok {
			return v.loc.T("compare_action_leaning", "What", v.metricName(compare.Delta{Metric: t.Metric, Stat: t.Stat}), "Trend", v.trendPhrase(t))
		}
		s = v.loc.T("compare_action_no_change")
		if len(cf.Unconfirmed) > 0 {
			s = v.loc.T("compare_action_settle")
		}
		return s
	default:
		return v.loc.T("compare_action_unknown", "Ref", v.scopeRef())
	}
	if !v.C.OneRunPerSide {
		return s
	}
	for _, ch := range []compare.Change{compare.Improved, compare.Regressed} {
		if allSmall(cf, ch) {
			s += " " + v.loc.T("compare_action_rerun_"+string(ch), "Pct", v.loc.Pct(rerunPct/100, 0))
		}
	}
	return s
}

// mixedAction is a mixed verdict's action: choose by load where every
// better change is at lower levels than every worse one (or the other
// way round), else weigh them.
func (v *view) mixedAction(cf compare.Config) string {
	var better, worse []analyze.Load
	for _, d := range cf.Deltas {
		if !d.Headline || d.Load == nil {
			continue
		}
		switch d.Change {
		case compare.Improved:
			better = append(better, *d.Load)
		case compare.Regressed:
			worse = append(worse, *d.Load)
		}
	}
	if len(better) > 0 && len(worse) > 0 {
		switch {
		case slices.Max(better) < slices.Min(worse):
			return v.loc.T("compare_action_by_load", "Low", v.loc.UpTo(slices.Max(better)), "High", v.loc.T("compare_level_from", "X", v.loc.Load(slices.Min(worse))),
				"First", v.loc.T("compare_side_candidate"), "Then", v.loc.T("compare_side_baseline"))
		case slices.Max(worse) < slices.Min(better):
			return v.loc.T("compare_action_by_load", "Low", v.loc.UpTo(slices.Max(worse)), "High", v.loc.T("compare_level_from", "X", v.loc.Load(slices.Min(better))),
				"First", v.loc.T("compare_side_baseline"), "Then", v.loc.T("compare_side_candidate"))
		}
	}
	return v.loc.T("compare_action_weigh")
}
