package report

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/present"
)

// The energy section (analyze/energy.go): only where some level has
// telemetry. Its numbers are written to three significant digits (sig):
// a joule per token is 0.0204 on one GPU and 1.73 on another.

// HasEnergy reports whether some level of the report has telemetry.
func (v *view) HasEnergy() bool {
	for _, c := range v.R.Configs {
		for _, l := range c.Levels {
			if l.Energy != nil {
				return true
			}
		}
	}
	return false
}

// sig writes x to three significant digits ("–" when absent).
func (v *view) sig(x float64) string {
	if !analyze.Known(x) || x == 0 {
		return v.loc.Num(x, 0)
	}
	dec := max(0, min(4, 2-int(math.Floor(math.Log10(math.Abs(x))))))
	return v.loc.Num(x, dec)
}

// energyMethods are the methods of the report's energy figures, in the
// order the intro explains them.
func (v *view) energyMethods() []string {
	var out []string
	for _, m := range []string{string(analyze.MethodEnergyCounter), string(analyze.MethodPowerSamples), string(analyze.MethodPowerMean)} {
		for _, c := range v.R.Configs {
			if slices.ContainsFunc(c.Levels, func(l analyze.Level) bool { return l.Energy != nil && string(l.Energy.Method) == m }) && !slices.Contains(out, m) {
				out = append(out, m)
			}
		}
	}
	return out
}

// EnergyIntro says how the energy figures are measured, in two
// paragraphs: the formula; each method present and which GPUs count.
func (v *view) EnergyIntro() string {
	l := v.loc
	var out []string
	for _, m := range v.energyMethods() {
		out = append(out, l.T("energy_method_"+m, "Max", present.Seconds(l, analyze.MaxPowerGap)))
	}
	out = append(out, l.T("energy_counting", "Swing", l.Pct(analyze.IdleSwing, 0), "Share", l.Pct(analyze.IdleShare, 0)))
	var idle []string
	for _, c := range v.R.Configs {
		n := 0
		for _, lv := range c.Levels {
			if lv.Energy != nil && lv.Energy.Reason != analyze.EnergyGPUCount {
				n = max(n, lv.Energy.IdleGPUs)
			}
		}
		if n > 0 {
			idle = append(idle, l.T("energy_idle_of", "Config", v.Name(c.ID), "N", l.Int(n)))
		}
	}
	if len(idle) > 0 {
		out = append(out, l.T("energy_idle_left_out", "List", l.List(idle)))
	}
	if v.anyEfficiency(func(e *analyze.Efficiency) bool {
		return e.AtTarget != nil && analyze.Known(e.AtTarget.JPerOutputToken)
	}) {
		out = append(out, l.T("energy_target_interpolated", "Target", v.limit(v.R.Pareto.Target)))
	}
	return l.T("energy_intro") + "\n\n" + strings.Join(out, " ")
}

// EnergyTable lists per configuration with telemetry the GPUs counted,
// the method, and at its capacity the power, the energy per output
// token and the output tokens per joule; with per-request data the
// energy per token that met the SLOs, and with a target the energy per
// output token there (interpolated).
func (v *view) EnergyTable() render.Table {
	l := v.loc
	good := v.anyEfficiency(func(e *analyze.Efficiency) bool { return analyze.Known(e.AtCapacity.JPerGoodToken) })
	target := v.anyEfficiency(func(e *analyze.Efficiency) bool {
		return e.AtTarget != nil && analyze.Known(e.AtTarget.JPerOutputToken)
	})
	t := render.Table{Head: []string{l.T("col_config"), l.T("energy_col_gpus"), l.T("energy_col_method"), l.T("col_cost_capacity_load"),
		l.T("energy_col_power"), l.T("energy_col_j_per_token"), l.T("energy_col_tokens_per_j")}, Align: "lrlrrrr"}
	if good {
		t.Head, t.Align = append(t.Head, l.T("energy_col_j_per_good_token")), t.Align+"r"
	}
	if target {
		t.Head, t.Align = append(t.Head, l.T("energy_col_j_at_target", "Target", v.limit(v.R.Pareto.Target))), t.Align+"r"
	}
	for _, c := range v.R.Configs {
		e := c.Efficiency
		method, gpus := v.configMethod(c)
		if e == nil || method == "" {
			continue
		}
		at := e.AtCapacity
		load := "–"
		if at.Load > 0 {
			load = l.At(at.Load)
		}
		row := []string{v.Name(c.ID), gpus, method, load, v.sig(at.PowerW), v.sig(at.JPerOutputToken), v.sig(at.OutputTokensPerJ)}
		if good {
			row = append(row, v.sig(at.JPerGoodToken))
		}
		if target {
			cell := "–"
			if e.AtTarget != nil {
				cell = v.sig(e.AtTarget.JPerOutputToken)
			}
			row = append(row, cell)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// anyEfficiency reports whether some configuration's efficiency has
// what ok asks.
func (v *view) anyEfficiency(ok func(*analyze.Efficiency) bool) bool {
	return slices.ContainsFunc(v.R.Configs, func(c analyze.Config) bool { return c.Efficiency != nil && ok(c.Efficiency) })
}

// configMethod is how a configuration's energy was measured (its
// levels' methods, joined) and the GPUs counted ("1 of 8"); "" without
// telemetry.
func (v *view) configMethod(c analyze.Config) (method, gpus string) {
	var names []string
	counted, named := 0, 0
	for _, lv := range c.Levels {
		if lv.Energy == nil {
			continue
		}
		if name := v.loc.T("energy_method_name_" + string(lv.Energy.Method)); !slices.Contains(names, name) {
			names = append(names, name)
		}
		if lv.Energy.Reason != analyze.EnergyGPUCount && lv.Energy.Reason != analyze.EnergyRunsMissing {
			counted, named = lv.Energy.GPUs, lv.Energy.SourceGPUs
		}
	}
	if len(names) == 0 {
		return "", ""
	}
	gpus = "–"
	if counted > 0 {
		gpus = v.loc.T("energy_gpus_of", "N", v.loc.Int(counted), "Of", v.loc.Int(named))
	}
	return strings.Join(names, ", "), gpus
}

// EnergyLevelTable lists every level with telemetry: its power, per GPU,
// the energy per output token and per token, the output tokens per
// joule, with per-request data the energy per token that met the SLOs,
// and where the telemetry was read; "–" where refused (EnergyLines says
// why).
func (v *view) EnergyLevelTable() render.Table {
	l := v.loc
	has := func(get func(*analyze.Energy) float64) bool {
		for _, c := range v.R.Configs {
			if slices.ContainsFunc(c.Levels, func(lv analyze.Level) bool { return lv.Energy != nil && analyze.Known(get(lv.Energy)) }) {
				return true
			}
		}
		return false
	}
	total := has(func(e *analyze.Energy) float64 { return e.JPerToken })
	good := has(func(e *analyze.Energy) float64 { return e.JPerGoodToken })
	t := render.Table{Head: []string{l.T("col_config"), l.T("energy_col_level"), l.T("energy_col_power"), l.T("energy_col_power_per_gpu"),
		l.T("energy_col_j_per_token")}, Align: "lrrrr"}
	if total {
		t.Head, t.Align = append(t.Head, l.T("energy_col_j_per_any_token")), t.Align+"r"
	}
	t.Head, t.Align = append(t.Head, l.T("energy_col_tokens_per_j")), t.Align+"r"
	if good {
		t.Head, t.Align = append(t.Head, l.T("energy_col_j_per_good_token")), t.Align+"r"
	}
	t.Head, t.Align = append(t.Head, l.T("energy_col_source")), t.Align+"l"
	for _, c := range v.R.Configs {
		for _, lv := range c.Levels {
			e := lv.Energy
			if e == nil {
				continue
			}
			row := []string{v.Name(c.ID), l.At(lv.Load), v.sig(e.PowerW), v.sig(e.PowerPerGPUW), v.sig(e.JPerOutputToken)}
			if total {
				row = append(row, v.sig(e.JPerToken))
			}
			row = append(row, v.sig(e.OutputTokensPerJ))
			if good {
				row = append(row, v.sig(e.JPerGoodToken))
			}
			t.Rows = append(t.Rows, append(row, render.Code(e.Source)))
		}
	}
	return t
}

// EnergyLines say which levels' figures were refused and why, and
// which configuration's output tokens take the least energy at its
// capacity against the nearest rival (a tie called a tie).
func (v *view) EnergyLines() []string {
	l := v.loc
	var out []string
	for _, c := range v.R.Configs {
		var all, none []analyze.Load
		for _, lv := range c.Levels {
			all = append(all, lv.Load)
			if lv.Energy == nil {
				none = append(none, lv.Load)
			}
			if s := v.energyRefusal(c, lv); s != "" {
				out = append(out, s)
			}
		}
		if len(none) > 0 && len(none) < len(all) {
			out = append(out, l.N("energy_uncovered", len(none), "Config", v.Name(c.ID), "Levels", v.loc.LevelGroups(all, none)))
		}
	}
	value := func(c analyze.Config) float64 {
		if c.Efficiency == nil {
			return math.NaN()
		}
		return c.Efficiency.AtCapacity.JPerOutputToken
	}
	var have []analyze.Config
	for _, c := range v.R.Configs {
		if analyze.Known(value(c)) {
			have = append(have, c)
		}
	}
	if len(have) < 2 {
		return out
	}
	slices.SortStableFunc(have, func(a, b analyze.Config) int { return cmp.Compare(value(a), value(b)) })
	args := []any{"Stat", v.StatWord(v.Headline()), "Leader", v.Name(have[0].ID), "Value", v.sig(value(have[0])),
		"Next", v.Name(have[1].ID), "NextValue", v.sig(value(have[1])), "Tie", v.Tie(), "Gap", v.gap(value(have[1]) / value(have[0]))}
	if v.isTie(value(have[0]), value(have[1])) {
		return append(out, l.T("energy_least_tie", args...))
	}
	return append(out, l.T("energy_least", args...))
}

// energyRefusal says why level lv of config c has no energy figures
// ("" when they stand).
func (v *view) energyRefusal(c analyze.Config, lv analyze.Level) string {
	e := lv.Energy
	if e == nil || e.Reason == "" {
		return ""
	}
	l := v.loc
	args := []any{"Config", v.Name(c.ID), "C", l.At(lv.Load)}
	switch e.Reason {
	case analyze.EnergyGap:
		return l.T("energy_refused_gap", append(args, "Seconds", present.Seconds(l, e.GapS), "Max", present.Seconds(l, analyze.MaxPowerGap))...)
	case analyze.EnergyGPUCount:
		if !c.GPUs.Known() {
			return l.T("energy_refused_no_gpu", append(args, "Named", l.Int(e.SourceGPUs))...)
		}
		return l.T("energy_refused_gpu_count", append(args, "Named", l.Int(e.SourceGPUs), "Working", l.Int(e.GPUs), "GPUs", l.Int(int(c.GPUs)))...)
	case analyze.EnergyRunsMissing:
		return l.T("energy_refused_runs", args...)
	}
	return l.T("energy_refused_no_throughput", args...)
}

// costExtra are the cost table's columns past the price per million,
// each where some configuration has a value: the output tokens one unit
// of currency buys at capacity and at the target interactivity, and
// with per-request data the cost of a million tokens that met the SLOs
// at capacity.
func (v *view) costExtra() []costColumn {
	cur := v.R.Params.Currency
	all := []costColumn{
		{v.loc.T("energy_col_tokens_per_unit", "Currency", cur), func(e *analyze.Efficiency) string { return v.loc.Num(e.AtCapacity.TokensPerUnit, 0) }},
		{v.loc.T("energy_col_tokens_per_unit_target", "Currency", cur, "Target", v.limit(v.R.Pareto.Target)), func(e *analyze.Efficiency) string {
			if e.AtTarget == nil {
				return "–"
			}
			return v.loc.Num(e.AtTarget.TokensPerUnit, 0)
		}},
		{v.loc.T("energy_col_cost_good", "Currency", cur), func(e *analyze.Efficiency) string { return v.loc.Num(e.AtCapacity.PerMillionGood, 2) }},
	}
	var out []costColumn
	for _, col := range all {
		if v.anyEfficiency(func(e *analyze.Efficiency) bool { return col.cell(e) != "–" }) {
			out = append(out, col)
		}
	}
	return out
}

// costColumn is one of costExtra's columns: its head, and a
// configuration's cell from its efficiency.
type costColumn struct {
	head string
	cell func(*analyze.Efficiency) string
}

// costExtraHead are the heads and alignment of costExtra's columns.
func (v *view) costExtraHead() (head []string, align string) {
	for _, col := range v.costExtra() {
		head, align = append(head, col.head), align+"r"
	}
	return head, align
}

// costExtraRow are config c's cells of costExtra's columns ("–" where
// it has none; n is their count).
func (v *view) costExtraRow(c analyze.Config, n int) []string {
	row := make([]string, 0, n)
	for _, col := range v.costExtra() {
		cell := "–"
		if c.Efficiency != nil {
			cell = col.cell(c.Efficiency)
		}
		row = append(row, cell)
	}
	return row
}

// phraseCostLeader words a CostLeader finding: the cheapest
// configuration at its capacity against the capacity leader.
func (v *view) phraseCostLeader(f analyze.Finding) string {
	l, val := v.loc, f.Values
	return l.T("energy_finding_cost", "Best", v.findingName(f, 0), "C", v.findingLevel(f, 0), "Value", l.Num(val["value"], 2),
		"Currency", v.R.Params.Currency, "Leader", v.findingName(f, 1), "LeaderC", v.findingLevel(f, 1), "LeaderValue", l.Num(val["leader"], 2),
		"Gap", v.gap(val["ratio"]), "Stat", v.StatWord(string(f.Stat)))
}

// phraseEnergyLeader words an EnergyLeader finding: the configuration
// of the least energy per output token at its capacity against the
// capacity leader.
func (v *view) phraseEnergyLeader(f analyze.Finding) string {
	l, val := v.loc, f.Values
	return l.T("energy_finding_energy", "Best", v.findingName(f, 0), "C", v.findingLevel(f, 0), "Value", v.sig(val["value"]),
		"Leader", v.findingName(f, 1), "LeaderC", v.findingLevel(f, 1), "LeaderValue", v.sig(val["leader"]),
		"Gap", v.gap(val["ratio"]), "Stat", v.StatWord(string(f.Stat)))
}
