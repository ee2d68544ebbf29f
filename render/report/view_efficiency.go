package report

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render"
)

// HasPareto reports whether the report has points for the throughput
// per GPU against interactivity (chart 11 and its section).
func (v *view) HasPareto() bool { return len(v.R.Pareto.Points) > 0 }

// perWhat is how the efficiency section's y is worded: per GPU, or of
// the whole system when some config's GPU count is unknown.
func (v *view) perWhat() string {
	if v.R.Pareto.PerGPU {
		return v.loc.T("per_gpu")
	}
	return v.loc.T("per_system")
}

// hasTarget reports whether the report reads throughput at a target
// interactivity.
func (v *view) hasTarget() bool { return !math.IsNaN(v.R.Pareto.Target) && v.R.Pareto.Target > 0 }

// EfficiencyIntro says what chart 11 and the table show: the axes, the
// frontier, and on what footing the GPU counts stand.
func (v *view) EfficiencyIntro() string {
	l := v.loc
	out := []string{l.T("efficiency_intro", "Stat", v.StatWord(string(v.R.Pareto.Stat)), "Per", v.perWhat(), "Ref", render.Ref(l.T("sec_summary")))}
	if !v.R.Pareto.PerGPU {
		var unknown []string
		for _, c := range v.R.Configs {
			if !c.GPUs.Known() {
				unknown = append(unknown, v.Name(c.ID))
			}
		}
		out = append(out, l.N("efficiency_gpus_unknown", len(unknown), "Configs", l.List(unknown)))
	} else {
		out = append(out, v.gpuSources())
	}
	return strings.Join(out, " ")
}

// gpuSources says where each config's GPU count comes from, configs of
// one source and count together.
func (v *view) gpuSources() string {
	type group struct {
		source  analyze.GPUSource
		gpus    analyze.GPUCount
		configs []string
	}
	var groups []group
	for _, c := range v.R.Configs {
		i := slices.IndexFunc(groups, func(g group) bool { return g.source == c.GPUsSource && g.gpus == c.GPUs })
		if i < 0 {
			groups = append(groups, group{source: c.GPUsSource, gpus: c.GPUs})
			i = len(groups) - 1
		}
		groups[i].configs = append(groups[i].configs, v.Name(c.ID))
	}
	if len(groups) == 1 && groups[0].source != analyze.GPUsUnknown {
		return v.loc.N("gpus_all_from_"+string(groups[0].source), int(groups[0].gpus), "N", v.loc.Int(int(groups[0].gpus)))
	}
	var parts []string
	for _, g := range groups {
		parts = append(parts, v.loc.T("gpus_from_"+string(g.source), "Configs", v.loc.List(g.configs), "N", v.loc.Int(int(g.gpus))))
	}
	return v.loc.T("gpus_sources", "List", strings.Join(parts, "; "))
}

// EfficiencyTable lists per config its GPUs, the levels at which it is on
// the frontier, and (with a target) its output at the target
// interactivity, per GPU or of the system.
func (v *view) EfficiencyTable() render.Table {
	l := v.loc
	t := render.Table{Head: []string{l.T("col_config"), l.T("col_gpus"), l.T("col_frontier")}, Align: "lrl"}
	// The target's column only when some config has a value there.
	target := v.hasTarget() && v.anyAtTarget()
	if target {
		t.Head = append(t.Head, l.T("col_at_target", "Target", v.limit(v.R.Pareto.Target), "Per", v.perWhat()))
		t.Align += "r"
	}
	for _, c := range v.R.Configs {
		gpus := "–"
		if c.GPUs.Known() {
			gpus = l.Int(int(c.GPUs))
		}
		row := []string{v.Name(c.ID), gpus, v.frontierLevels(c.ID)}
		if target {
			row = append(row, v.atTargetCell(c))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// frontierLevels names the levels at which a config is on the frontier
// ("c=1–8"), "–" at none.
func (v *view) frontierLevels(id string) string {
	var all, on []analyze.Load
	for _, pt := range v.R.Pareto.Curve(id) {
		all = append(all, pt.Load)
		if pt.OnFrontier {
			on = append(on, pt.Load)
		}
	}
	if len(on) == 0 {
		return "–"
	}
	return v.loc.LevelGroups(all, on)
}

// curveLoads are the loads of a config's points.
func (v *view) curveLoads(id string) []analyze.Load {
	var out []analyze.Load
	for _, pt := range v.R.Pareto.Curve(id) {
		out = append(out, pt.Load)
	}
	return out
}

// frontierTTFTMisses are the loads at which config c is on the frontier
// but misses the TTFT SLO at the headline statistic: the frontier is
// drawn over every point, and a reader must not take such a point for
// a usable one.
func (v *view) frontierTTFTMisses(c analyze.Config) []analyze.Load {
	var out []analyze.Load
	for _, pt := range v.R.Pareto.Curve(c.ID) {
		if l, ok := c.Level(pt.Load); pt.OnFrontier && ok && !l.SLO.Get(v.R.Params.Percentile).TTFT {
			out = append(out, pt.Load)
		}
	}
	return out
}

// atTargetCell is a config's output at the target interactivity, per
// GPU or of the system; where it has none, why in a few words
// (EfficiencyLines says it in full), "–" where nothing is to say.
func (v *view) atTargetCell(c analyze.Config) string {
	a := c.AtInteractivity
	if a == nil {
		return "–"
	}
	if w := v.absentWords(a.Reason); w != "" {
		return w
	}
	if v.R.Pareto.PerGPU {
		return v.loc.Num(a.TPSPerGPU, 1)
	}
	return v.loc.Num(a.AggregateTPS, 0)
}

// EfficiencyLines interpret the section: which configs make the
// frontier, where; who gives the most at the target interactivity
// (a tie is a tie); and why a config has no value there (never
// extrapolated).
func (v *view) EfficiencyLines() []string {
	l := v.loc
	var out []string
	// The frontier's configs from the most interactive down: the
	// frontier falls as it goes, so this is also towards more output.
	type segment struct {
		text string
		x    float64
	}
	var segs []segment
	for _, c := range v.R.Configs {
		x := math.Inf(-1)
		for _, pt := range v.R.Pareto.Curve(c.ID) {
			if pt.OnFrontier {
				x = max(x, pt.PerUserTPS)
			}
		}
		if lv := v.frontierLevels(c.ID); lv != "–" {
			text := l.T("name_at", "Name", v.Name(c.ID), "Levels", lv)
			if miss := v.frontierTTFTMisses(c); len(miss) > 0 {
				text = l.T("name_at_miss", "Name", v.Name(c.ID), "Levels", lv, "Miss", v.loc.LevelGroups(v.curveLoads(c.ID), miss),
					"Stat", v.StatWord(v.Headline()))
			}
			segs = append(segs, segment{text, x})
		}
	}
	slices.SortStableFunc(segs, func(a, b segment) int { return cmp.Compare(b.x, a.x) })
	var frontier []string
	for _, sg := range segs {
		frontier = append(frontier, sg.text)
	}
	if len(frontier) > 0 {
		out = append(out, l.T("efficiency_frontier", "List", l.List(frontier), "Per", v.perWhat()))
	}
	if !v.hasTarget() {
		return out
	}
	if s := v.targetChoice(); s != "" {
		out = append(out, s)
	}
	if s := v.targetInterpolated(); s != "" {
		out = append(out, s)
	}
	if s := v.targetLeader(); s != "" {
		out = append(out, s)
	}
	// Configs whose users are still faster than the target at their top
	// load are told together; the other absences one by one.
	var beyond []string
	for _, c := range v.R.Configs {
		if a := c.AtInteractivity; a != nil && a.Reason == analyze.ReasonBelowMeasured && len(v.R.Pareto.Curve(c.ID)) > 0 {
			curve := v.R.Pareto.Curve(c.ID)
			last := curve[len(curve)-1]
			beyond = append(beyond, l.T("name_x_at", "Name", v.Name(c.ID), "X", l.Num(last.PerUserTPS, 1), "C", l.At(last.Load)))
		} else if s := v.targetAbsence(c); s != "" {
			out = append(out, s)
		}
	}
	if len(beyond) > 0 {
		out = append(out, l.N("efficiency_below_measured", len(beyond), "Configs", l.List(beyond), "Target", v.limit(v.R.Pareto.Target)))
	}
	return out
}

// targetInterpolated says that the values at the target are derived:
// each interpolated between the two tested levels around it, or read at
// the one level that gives the target exactly; "" when no config has a
// value there.
func (v *view) targetInterpolated() string {
	l := v.loc
	var items []string
	for _, c := range v.R.Configs {
		a := c.AtInteractivity
		if a == nil || len(a.Between) != 2 || math.IsNaN(v.targetValue(c)) {
			continue
		}
		if a.Between[0] == a.Between[1] {
			items = append(items, l.T("name_measured_at", "Name", v.Name(c.ID), "C", l.At(a.Between[0])))
			continue
		}
		items = append(items, l.T("name_between", "Name", v.Name(c.ID), "A", l.At(a.Between[0]), "B", l.At(a.Between[1])))
	}
	if len(items) == 0 {
		return ""
	}
	return l.T("efficiency_interpolated", "Target", v.limit(v.R.Pareto.Target), "List", l.List(items))
}

// anyAtTarget reports whether some config has a value at the target.
func (v *view) anyAtTarget() bool {
	return slices.ContainsFunc(v.R.Configs, func(c analyze.Config) bool { return !math.IsNaN(v.targetValue(c)) })
}

// targetValue is a config's value at the target as the section compares
// them: per GPU, or of the system.
func (v *view) targetValue(c analyze.Config) float64 {
	if c.AtInteractivity == nil {
		return math.NaN()
	}
	if v.R.Pareto.PerGPU {
		return c.AtInteractivity.TPSPerGPU
	}
	return c.AtInteractivity.AggregateTPS
}

// targetLeader words who gives the most output at the target
// interactivity against the nearest rival, a tie called a tie; "" when
// no config has a value there. Every value is read within the SLOs
// (analyze's atTarget), so every one is ranked.
func (v *view) targetLeader() string {
	var have []analyze.Config
	for _, c := range v.R.Configs {
		if !math.IsNaN(v.targetValue(c)) {
			have = append(have, c)
		}
	}
	if len(have) == 0 {
		return ""
	}
	slices.SortStableFunc(have, func(a, b analyze.Config) int {
		return cmp.Compare(v.targetValue(b), v.targetValue(a))
	})
	l := v.loc
	dec := 1
	if !v.R.Pareto.PerGPU {
		dec = 0
	}
	lead := have[0]
	args := []any{"Target", v.limit(v.R.Pareto.Target), "Leader", v.Name(lead.ID), "Value", l.Num(v.targetValue(lead), dec), "Per", v.perWhat()}
	if len(have) == 1 {
		return l.T("efficiency_target_only", args...)
	}
	next := have[1]
	args = append(args, "Next", v.Name(next.ID), "NextValue", l.Num(v.targetValue(next), dec), "Tie", v.Tie(),
		"Gap", v.gap(v.targetValue(lead)/v.targetValue(next)))
	if v.isTie(v.targetValue(lead), v.targetValue(next)) {
		return l.T("efficiency_target_tie", args...)
	}
	return l.T("efficiency_target", args...)
}

// HasCost reports whether the report prices its output (report.toml's
// [cost]).
func (v *view) HasCost() bool { return v.R.Params.PricePerGPUHour > 0 }

// CostIntro states the price and the formula the cost table uses.
func (v *view) CostIntro() string {
	l := v.loc
	id := "cost_intro"
	if !v.hasTarget() {
		id = "cost_intro_no_target"
	}
	return l.T(id, "Price", l.Num(v.R.Params.PricePerGPUHour, 2), "Currency", v.R.Params.Currency,
		"Stat", v.StatWord(v.Headline()), "Target", v.limit(v.R.Pareto.Target))
}

// CostTable lists per config the cost of a million output tokens at its
// capacity and, with a target, at the target interactivity.
func (v *view) CostTable() render.Table {
	l := v.loc
	cur := v.R.Params.Currency
	t := render.Table{Head: []string{l.T("col_config"), l.T("col_gpus"), l.T("col_cost_capacity_load"), l.T("col_cost_capacity", "Currency", cur)}, Align: "lrrr"}
	if v.hasTarget() {
		t.Head = append(t.Head, l.T("col_cost_target", "Currency", cur, "Target", v.limit(v.R.Pareto.Target)))
		t.Align += "r"
	}
	extra, align := v.costExtraHead()
	t.Head, t.Align = append(t.Head, extra...), t.Align+align
	for _, c := range v.R.Configs {
		gpus := "–"
		if c.GPUs.Known() {
			gpus = l.Int(int(c.GPUs))
		}
		row := []string{v.Name(c.ID), gpus, "–", "–"}
		if c.Cost != nil {
			if c.Cost.AtCapacity.Load > 0 {
				row[2] = l.At(c.Cost.AtCapacity.Load)
			}
			row[3] = l.Num(c.Cost.AtCapacity.PerMillion, 2)
		}
		if v.hasTarget() {
			cell := "–"
			if c.Cost != nil && c.Cost.AtTarget != nil {
				cell = l.Num(c.Cost.AtTarget.PerMillion, 2)
				if w := v.absentWords(c.Cost.AtTarget.Reason); w != "" {
					cell = w
				}
			}
			row = append(row, cell)
		}
		t.Rows = append(t.Rows, append(row, v.costExtraRow(c, len(extra))...))
	}
	return t
}

// CostLines name the cheapest config at the target interactivity (or,
// without one, at capacity) against the nearest rival, a tie called a
// tie.
func (v *view) CostLines() []string {
	l := v.loc
	atTarget := v.hasTarget()
	cost := func(c analyze.Config) float64 {
		switch {
		case c.Cost == nil:
			return math.NaN()
		case atTarget && c.Cost.AtTarget != nil:
			return c.Cost.AtTarget.PerMillion
		case atTarget:
			return math.NaN()
		}
		return c.Cost.AtCapacity.PerMillion
	}
	var have []analyze.Config
	for _, c := range v.R.Configs {
		if !math.IsNaN(cost(c)) {
			have = append(have, c)
		}
	}
	if len(have) == 0 {
		return nil
	}
	slices.SortStableFunc(have, func(a, b analyze.Config) int { return cmp.Compare(cost(a), cost(b)) })
	where := l.T("cost_where_capacity", "Stat", v.StatWord(v.Headline()))
	if atTarget {
		where = l.T("cost_where_target", "Target", v.limit(v.R.Pareto.Target))
	}
	args := []any{"Where", where, "Leader", v.Name(have[0].ID), "Value", l.Num(cost(have[0]), 2), "Currency", v.R.Params.Currency}
	if len(have) == 1 {
		return []string{l.T("cost_only", args...)}
	}
	args = append(args, "Next", v.Name(have[1].ID), "NextValue", l.Num(cost(have[1]), 2), "Tie", v.Tie(),
		"Gap", v.rise(cost(have[0])/cost(have[1])))
	if v.isTie(cost(have[0]), cost(have[1])) {
		return []string{l.T("cost_tie", args...)}
	}
	return []string{l.T("cost_lowest", args...)}
}
