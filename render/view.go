package render

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/chart"
	"github.com/openzeka/reportgen/render/locale"
	"github.com/openzeka/reportgen/render/present"
)

// view is what the templates see: the report, the locale, and the tables
// and sentences built from them. Templates only lay these out.
type view struct {
	R    *analyze.Report
	loc  *locale.Locale
	opt  Options
	nums numbering
	figs int // figures placed so far
}

func newView(r *analyze.Report, loc *locale.Locale, opt Options) *view {
	return &view{R: r, loc: loc, opt: opt}
}

func (v *view) funcs() template.FuncMap {
	return template.FuncMap{
		"T":     v.loc.T,
		"N":     v.loc.N,
		"num":   v.loc.Num,
		"int":   v.loc.Int,
		"ratio": v.loc.Ratio,
		"pct":   v.loc.Pct,
		"at":    v.loc.At,
		"md":    Escape,
		"h2":    func(id string, kv ...any) string { return v.heading(2, id, kv) },
		"h3":    func(id string, kv ...any) string { return v.heading(3, id, kv) },
		"h4":    func(text string) string { return "#### " + v.nums.next(4) + " " + text },
		"appendix": func() string {
			v.nums.appendix = true
			v.nums.h2 = 0
			return ""
		},
		"toc":   func() string { return tocMark },
		"add":   func(a, b int) int { return a + b },
		"chart": v.chart,
	}
}

// heading numbers a level-2 or level-3 heading whose text is message id.
func (v *view) heading(level int, id string, kv []any) string {
	text := v.loc.T(id, kv...)
	prefix := strings.Repeat("#", level) + " "
	if v.nums.appendix && level == 2 {
		return prefix + v.loc.T("appendix") + " " + strings.TrimSuffix(v.nums.next(2), ".") + ": " + text
	}
	return prefix + v.nums.next(level) + " " + text
}

// chart places chart name with its localized caption (chart.Caption)
// when the chart was drawn for this edition, and nothing otherwise.
func (v *view) chart(name string) string {
	p, ok := v.opt.Charts[name]
	if !ok {
		return ""
	}
	v.figs++
	caption := v.loc.T(chart.Caption(name, v.R))
	return "![" + Escape(caption) + "](" + p + ")\n\n*" + v.loc.T("figure") + " " + strconv.Itoa(v.figs) + ": " + Escape(caption) + "*"
}

// UniformDef is the definition the configs share for metric ("itl",
// "tps" or "rps"), ignoring configs whose source does not report it:
// "mixed" when they differ, "" when none reports it.
func (v *view) UniformDef(metric string) string {
	out := ""
	for _, c := range v.R.Configs {
		d := c.Definitions.Of(metric)
		switch {
		case d == "":
		case out == "":
			out = d
		case d != out:
			return "mixed"
		}
	}
	return out
}

// Name is a config's display name, escaped for Markdown.
func (v *view) Name(id string) string {
	if c, ok := v.R.Config(id); ok {
		return Escape(c.Name.In(v.loc.Lang))
	}
	return Escape(id)
}

// Title is the report's title: the manifest's, or one made from the
// model and the folder name.
func (v *view) Title() string {
	if t := v.R.Meta.Title.In(v.loc.Lang); t != "" {
		return Escape(t)
	}
	if model := v.R.Meta.Model.In(v.loc.Lang); model != "" {
		return v.loc.T("default_title_model", "Model", Escape(model))
	}
	return v.loc.T("default_title", "Name", Escape(v.R.Name))
}

// Text returns a manifest text in the report language, escaped.
func (v *view) Text(t analyze.Text) string { return Escape(t.In(v.loc.Lang)) }

// Note returns the manifest's free Markdown for a section, as written.
func (v *view) Note(section string) string { return v.Raw(v.R.Meta.Notes[section]) }

// Raw returns a manifest text in the report language as Markdown.
func (v *view) Raw(t analyze.Text) string { return present.Clean(strings.TrimSpace(t.In(v.loc.Lang))) }

// Command is a config's deploy command as a fenced code block; "" when
// the manifest gives none.
func (v *view) Command(c analyze.Config) string {
	cmd := strings.TrimSpace(c.Command.In(v.loc.Lang))
	if cmd == "" {
		return ""
	}
	return fenced("bash", cmd)
}

// HasConfigNotes reports whether the manifest gave notes for any config.
func (v *view) HasConfigNotes() bool {
	return slices.ContainsFunc(v.R.Configs, func(c analyze.Config) bool { return v.Raw(c.Notes) != "" })
}

// Model names the model with its developer: "Kimi K3 (Moonshot AI)";
// "" when the manifest names no model.
func (v *view) Model() string { return modelLine(v.loc, v.R.Meta, Escape) }

// modelLine names the model of meta in loc's language with its vendor,
// each part passed through esc.
func modelLine(loc *locale.Locale, meta analyze.Meta, esc func(string) string) string {
	model, vendor := meta.Model.In(loc.Lang), meta.Vendor.In(loc.Lang)
	switch {
	case model == "":
		return ""
	case vendor == "":
		return esc(model)
	}
	return loc.T("model_vendor", "Model", esc(model), "Vendor", esc(vendor))
}

// ModelFacts is the model section's table: the model's name and
// developer, then the manifest's model card.
func (v *view) ModelFacts() Table {
	var facts []analyze.Fact
	if m := v.R.Meta.Model; m.In(v.loc.Lang) != "" {
		facts = append(facts, analyze.Fact{Key: analyze.Text{"": v.loc.T("model")}, Value: m})
	}
	if m := v.R.Meta.Vendor; m.In(v.loc.Lang) != "" {
		facts = append(facts, analyze.Fact{Key: analyze.Text{"": v.loc.T("vendor")}, Value: m})
	}
	return v.Facts(append(facts, v.R.Meta.ModelCard...), "col_property", "col_value")
}

// Think words message id for the report's think time: its "_closed"
// form when the think time is 0 (a closed loop: users are the requests
// in flight), else id with the think time as "Think".
func (v *view) Think(id string) string { return present.ThinkText(v.loc, v.R.Params.ThinkS, id) }

// Date is the report date as month and year.
func (v *view) Date() string { return v.loc.Month(v.R.Meta.Date) }

// ConfigNames lists the display names of all configs, in report order.
func (v *view) ConfigNames() string {
	names := make([]string, len(v.R.Configs))
	for i, c := range v.R.Configs {
		names[i] = v.Name(c.ID)
	}
	return v.loc.List(names)
}

// LevelList writes the load levels measured: "1, 2, 4 … 64", "0,5; 1; ∞".
func (v *view) LevelList() string {
	parts := make([]string, len(v.R.Levels))
	sep := ", "
	for i, c := range v.R.Levels {
		parts[i] = v.loc.Load(c)
		if strings.Contains(parts[i], ",") {
			sep = "; " // a decimal comma (tr 0,5): commas would not separate
		}
	}
	return strings.Join(parts, sep)
}

// LevelGaps names, per config that lacks some of the report's levels,
// the levels it did not measure: "vllm-eagle (c=8)".
func (v *view) LevelGaps() string {
	var gaps []string
	for _, c := range v.R.Configs {
		var missing []string
		for _, lc := range v.R.Levels {
			if _, ok := c.Level(lc); !ok {
				missing = append(missing, v.loc.At(lc))
			}
		}
		if len(missing) > 0 {
			gaps = append(gaps, v.Name(c.ID)+" ("+strings.Join(missing, ", ")+")")
		}
	}
	return v.loc.List(gaps)
}

// Unreached names, per config, the levels whose load was not reached:
// "SGLang B (c=8, c=16)"; "" when every level was.
func (v *view) Unreached() string {
	var out []string
	for _, c := range v.R.Configs {
		var xs []string
		for _, l := range c.Levels {
			if !l.LoadReached {
				xs = append(xs, v.loc.At(l.Load))
			}
		}
		if len(xs) > 0 {
			out = append(out, v.Name(c.ID)+" ("+v.loc.List(xs)+")")
		}
	}
	return v.loc.List(out)
}

// LowLevel and HighLevel are the lowest and highest levels all configs
// measured with their load reached, the levels the findings compare (0
// when they share none).
func (v *view) LowLevel() analyze.Load {
	if common := v.reachedCommon(); len(common) > 0 {
		return common[0]
	}
	return 0
}

func (v *view) HighLevel() analyze.Load {
	if common := v.reachedCommon(); len(common) > 0 {
		return common[len(common)-1]
	}
	return 0
}

// HasP50 reports whether any config gave P50 values.
func (v *view) HasP50() bool {
	return v.anyLevel(func(l analyze.Level) bool { return !math.IsNaN(l.TTFT.P50) })
}

// anyLevel reports whether some level of some config satisfies ok.
func (v *view) anyLevel(ok func(analyze.Level) bool) bool {
	for _, c := range v.R.Configs {
		if slices.ContainsFunc(c.Levels, ok) {
			return true
		}
	}
	return false
}

// HasCommands reports whether the manifest gave any deploy command.
func (v *view) HasCommands() bool {
	return slices.ContainsFunc(v.R.Configs, func(c analyze.Config) bool { return v.Command(c) != "" })
}

// HasSpeculative reports whether any config uses speculative decoding.
func (v *view) HasSpeculative() bool {
	return slices.ContainsFunc(v.R.Configs, func(c analyze.Config) bool { return c.Speculative })
}

// byLevel builds a levels × configs table whose cells come from cell;
// levels a config did not measure show a dash, levels whose load was
// not reached are marked ◊.
func (v *view) byLevel(cell func(analyze.Config, analyze.Level) string) Table {
	t := Table{Head: []string{v.loc.T("col_load")}, Align: "r"}
	for _, c := range v.R.Configs {
		t.Head = append(t.Head, Escape(c.Name.In(v.loc.Lang)))
		t.Align += "r"
	}
	for _, lc := range v.R.Levels {
		row := []string{v.loc.Load(lc)}
		for _, c := range v.R.Configs {
			if l, ok := c.Level(lc); ok {
				row = append(row, markCell(cell(c, l), l))
			} else {
				row = append(row, "–")
			}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// MetricTable is one statistic of one metric per level and config. In
// the mean table, the median stands in (marked †) where a tool reports
// no mean.
func (v *view) MetricTable(id analyze.MetricID, st analyze.Statistic) Table {
	return v.byLevel(func(_ analyze.Config, l analyze.Level) string { return v.metricCell(id, st, l) })
}

// metricCell writes one statistic of a metric at a level: the median
// (marked †) where a mean is asked for and the tool gives none, the
// stricter P99 (marked ‡) where a P90 of a time is missing
// (present.Shown).
func (v *view) metricCell(id analyze.MetricID, st analyze.Statistic, l analyze.Level) string {
	x, mark := present.Shown(id, st, l)
	if mark != "" {
		return v.loc.Num(x, present.MustOf(id).Dec) + " " + mark
	}
	return v.loc.Num(x, present.MustOf(id).Dec)
}

// StandsIn reports whether a table of metric id at st shows the
// stand-in marked mark for some config.
func (v *view) StandsIn(id analyze.MetricID, st analyze.Statistic, mark string) bool {
	return present.StandsIn(v.R, id, st, mark)
}

// OverviewStandsIn reports whether the overview's mean rows show a
// median standing in (†) for some config.
func (v *view) OverviewStandsIn() bool {
	for _, c := range v.R.Configs {
		for _, x := range []analyze.Load{v.LowLevel(), v.HighLevel()} {
			l, ok := c.Level(x)
			for _, id := range analyze.Distributions {
				if _, m := present.Shown(id, analyze.Mean, l); ok && m == "†" {
					return true
				}
			}
		}
	}
	return false
}

// AllExports reports whether every config is an llm-benchmark export,
// whose statistics conventions the metric section describes.
func (v *view) AllExports() bool { return present.AllExports(v.R) }

// AggregateTable is the aggregate output (TPS mean × c) per level.
func (v *view) AggregateTable() Table {
	return v.byLevel(func(_ analyze.Config, l analyze.Level) string { return v.loc.Num(l.AggregateTPS, 0) })
}

// SystemRPSTable is the system request throughput (c / mean latency).
func (v *view) SystemRPSTable() Table {
	return v.byLevel(func(_ analyze.Config, l analyze.Level) string { return v.loc.Num(l.SystemRPS, 2) })
}

// ReportedRPSTable is the tool's own per-user request rate.
func (v *view) ReportedRPSTable() Table {
	return v.byLevel(func(_ analyze.Config, l analyze.Level) string { return v.loc.Num(l.RPSReported, 2) })
}

// HasReportedRPS reports whether any config carried the tool's RPS.
func (v *view) HasReportedRPS() bool { return present.HasReportedRPS(v.R) }

// Overview compares every config at one level: a row per metric mean,
// plus the speculative ratio or the aggregate output.
func (v *view) Overview(lc analyze.Load, withAggregate bool) Table {
	t := Table{Head: []string{v.loc.T("col_metric")}, Align: "l"}
	for _, c := range v.R.Configs {
		t.Head = append(t.Head, Escape(c.Name.In(v.loc.Lang)))
		t.Align += "r"
	}
	row := func(label string, cell func(analyze.Config, analyze.Level) string) {
		r := []string{label}
		for _, c := range v.R.Configs {
			if l, ok := c.Level(lc); ok {
				r = append(r, markCell(cell(c, l), l))
			} else {
				r = append(r, "–")
			}
		}
		t.Rows = append(t.Rows, r)
	}
	for _, id := range analyze.Distributions {
		row(v.loc.T("row_"+present.MustOf(id).Stem+"_mean"), func(_ analyze.Config, l analyze.Level) string { return v.metricCell(id, analyze.Mean, l) })
	}
	if withAggregate {
		row(v.loc.T("row_aggregate"), func(_ analyze.Config, l analyze.Level) string { return v.loc.Num(l.AggregateTPS, 0) })
		return t
	}
	if len(v.R.Speedups) > 0 {
		row(v.loc.T("row_spec_ratio"), func(c analyze.Config, _ analyze.Level) string {
			for _, s := range v.R.Speedups {
				if s.Direct == c.ID {
					return v.loc.Ratio(1)
				}
				if s.Spec == c.ID {
					for _, p := range s.Points {
						if p.Load == lc {
							return v.loc.Ratio(p.Ratio)
						}
					}
				}
			}
			return "–"
		})
	}
	return t
}

// SpeedupTable lists the spec/direct ratio per level for every pair,
// marking the levels where the two are on par and the break-even level.
func (v *view) SpeedupTable() Table {
	t := Table{Head: []string{v.loc.T("col_load")}, Align: "r"}
	for _, s := range v.R.Speedups {
		t.Head = append(t.Head, v.loc.T("col_speedup", "Spec", v.Name(s.Spec), "Direct", v.Name(s.Direct), "Stat", v.StatWord(string(s.Stat))))
		t.Align += "r"
	}
	for _, lc := range v.R.Levels {
		row := []string{v.loc.Load(lc)}
		any := false
		for _, s := range v.R.Speedups {
			cell := "–"
			for _, p := range s.Points {
				if p.Load == lc {
					cell = v.loc.Ratio(p.Ratio)
					if p.Outcome == analyze.OnPar {
						cell += " " + v.loc.T("speedup_par_mark")
					}
					any = true
					if s.BreakEven != nil && *s.BreakEven == lc {
						cell = "**" + cell + "** " + v.loc.T("break_even_mark")
					}
				}
			}
			row = append(row, cell)
		}
		if any {
			t.Rows = append(t.Rows, row)
		}
	}
	return t
}

// SLOMatrix shows, per config and level, the TTFT and TPS verdicts at
// statistic pct as two marks (✓ pass, ✗ fail).
func (v *view) SLOMatrix(pct string) Table {
	p := analyze.Percentile(pct)
	t := Table{Head: []string{v.loc.T("col_config")}, Align: "l"}
	for _, lc := range v.R.Levels {
		t.Head = append(t.Head, v.loc.At(lc))
		t.Align += "c"
	}
	mark := func(ok bool, stat string) string {
		switch {
		case stat == analyze.StatNone:
			return "?"
		case ok:
			return "✓"
		}
		return "✗"
	}
	for _, c := range v.R.Configs {
		row := []string{Escape(c.Name.In(v.loc.Lang))}
		for _, lc := range v.R.Levels {
			if l, ok := c.Level(lc); ok {
				sv := l.SLO.Get(p)
				cell := mark(sv.TTFT, sv.TTFTStat) + mark(sv.TPS, sv.TPSStat)
				if sv.TTFTStat != "" || sv.TPSStat != "" {
					cell += `\*`
				}
				row = append(row, markCell(cell, l))
			} else {
				row = append(row, "–")
			}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// RateTable says how rate-driven runs were loaded: on a rate axis, each
// level's effective concurrency per config; in a report that mixes rate
// and concurrency runs, each rate run's rate, effective concurrency and
// the level it is placed at. Nil when every run was driven by
// concurrency.
func (v *view) RateTable() *Table {
	if v.R.Axis == analyze.AxisRate {
		t := v.byLevel(func(_ analyze.Config, l analyze.Level) string { return v.loc.Num(l.Concurrency, 1) })
		return &t
	}
	t := Table{Head: []string{v.loc.T("col_config"), v.loc.T("col_rate"), v.loc.T("col_effective_c"), v.loc.T("col_placed_at")}, Align: "lrrr"}
	for _, c := range v.R.Configs {
		for _, l := range c.Levels {
			if l.Rate == 0 {
				continue
			}
			t.Rows = append(t.Rows, []string{Escape(c.Name.In(v.loc.Lang)), v.loc.Load(analyze.Load(l.Rate)), v.loc.Num(l.Concurrency, 1), markCell(v.loc.At(l.Load), l)})
		}
	}
	if len(t.Rows) == 0 {
		return nil
	}
	return &t
}

// HasGoodput reports whether any level has per-request goodput.
func (v *view) HasGoodput() bool {
	return v.anyLevel(func(l analyze.Level) bool { return !math.IsNaN(l.Goodput) })
}

// GoodputTable is the share of requests meeting both SLOs per level.
func (v *view) GoodputTable() Table {
	return v.byLevel(func(_ analyze.Config, l analyze.Level) string { return v.loc.Pct(l.Goodput, 0) })
}

// SLOSubstitutes explains the starred cells of the SLO matrix at pct:
// which statistic stood in, for which configs, because the source did
// not report the one asked for.
func (v *view) SLOSubstitutes(pct string) []string {
	p := analyze.Percentile(pct)
	var out []string
	for _, c := range v.R.Configs {
		seen := map[string]bool{}
		for _, l := range c.Levels {
			sv := l.SLO.Get(p)
			for _, sub := range []struct{ metric, stat string }{{"TTFT", sv.TTFTStat}, {"TPS", sv.TPSStat}} {
				if sub.stat == "" || seen[sub.metric+sub.stat] {
					continue
				}
				seen[sub.metric+sub.stat] = true
				id := "slo_substitute_" + sub.stat
				if p == analyze.Mean && sub.stat == "p50" {
					id = "slo_substitute_mean_p50"
				}
				out = append(out, v.loc.T(id, "Config", Escape(c.Name.In(v.loc.Lang)), "Metric", sub.metric, "Stat", v.StatWord(pct)))
			}
		}
	}
	return out
}

// DefinitionTable states, per config, which tool measured it and how
// that tool defines ITL, TPS and RPS; nil when every config is an
// llm-benchmark export (the metric table above already says it).
func (v *view) DefinitionTable() *Table {
	standard := analyze.Definitions{ITL: "tpot", TPS: "request", RPS: "per_user"}
	all := true
	for _, c := range v.R.Configs {
		all = all && c.Definitions == standard
	}
	if all {
		return nil
	}
	t := Table{Head: []string{v.loc.T("col_config"), v.loc.T("col_source"), "ITL", "TPS", "RPS"}, Align: "lllll"}
	for _, c := range v.R.Configs {
		d := c.Definitions
		t.Rows = append(t.Rows, []string{Escape(c.Name.In(v.loc.Lang)), Escape(cmp.Or(c.Tool, c.Format)),
			v.loc.T("defn_itl_" + orNone(d.ITL)), v.loc.T("defn_tps_" + orNone(d.TPS)), v.loc.T("defn_rps_" + orNone(d.RPS))})
	}
	return &t
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// DefinitionWarnings names the metrics whose definitions differ between
// configs of the report, which the tables compare side by side.
func (v *view) DefinitionWarnings() []string {
	var out []string
	for _, m := range []string{"ITL", "TPS"} {
		groups := map[string][]string{}
		var order []string
		for _, c := range v.R.Configs {
			k := c.Definitions.Of(strings.ToLower(m))
			if _, ok := groups[k]; !ok {
				order = append(order, k)
			}
			groups[k] = append(groups[k], Escape(c.Name.In(v.loc.Lang)))
		}
		if len(groups) < 2 {
			continue
		}
		var parts []string
		for _, k := range order {
			parts = append(parts, v.loc.T("defn_group", "Configs", v.loc.List(groups[k]), "Def", v.loc.T("defn_"+strings.ToLower(m)+"_"+orNone(k))))
		}
		out = append(out, v.loc.T("defn_mismatch", "Metric", m, "Groups", strings.Join(parts, "; ")))
	}
	return out
}

// limitUnchecked reports whether what stops config c's capacity at
// statistic p is an SLO the source gave nothing to check against, not
// a measured miss.
func limitUnchecked(c analyze.Config, p analyze.Percentile) bool {
	for _, l := range c.Levels {
		if !reached(l) {
			continue
		}
		if sv := l.SLO.Get(p); !sv.Pass() {
			return sv.Unchecked()
		}
	}
	return false
}

// CapacityTable lists C_max, the mean latency there and the users by
// Little's law for statistic pct; on a rate axis also the effective
// concurrency and the sustained throughput at R_max, which the
// capacities are ranked by. A lower bound reads "≥", an unknown user
// count "–", a median latency standing in for the mean "†".
func (v *view) CapacityTable(pct string) Table {
	p := analyze.Percentile(pct)
	// On a rate axis the effective concurrency at R_max is what turns
	// into users, so it gets its own column.
	rate := v.R.Axis == analyze.AxisRate
	t := Table{
		Head:  []string{v.loc.T("col_config"), v.loc.T("col_cmax", "Stat", v.StatName(pct))},
		Align: "lr",
	}
	if rate {
		t.Head = append(t.Head, v.loc.T("col_throughput_at_max"), v.loc.T("col_effective_c"))
		t.Align += "rr"
	}
	t.Head = append(t.Head, v.loc.T("col_lmean"), v.loc.T("col_users"))
	t.Align += "rr"
	for _, c := range v.R.Configs {
		cp := c.Capacity.Get(p)
		row := []string{Escape(c.Name.In(v.loc.Lang)), "–"}
		if rate {
			row = append(row, "–", "–")
		}
		if cp.Max == 0 {
			cell := v.loc.T("capacity_none_cell")
			if limitUnchecked(c, p) {
				cell = v.loc.T("capacity_unchecked_cell")
			}
			t.Rows = append(t.Rows, append(row, "–", cell))
			continue
		}
		row[1] = present.LoadCell(v.loc, cp)
		if rate {
			row[2] = v.loc.Num(cp.ThroughputRPS, 2)
			row[3] = v.loc.Num(cp.Concurrency, 1)
		}
		lat := v.loc.Num(cp.LatencyMeanS, 2)
		if cp.LatencyStat == "p50" && analyze.Known(cp.LatencyMeanS) {
			lat += " †"
		}
		t.Rows = append(t.Rows, append(row, lat, present.UsersCell(v.loc, cp)))
	}
	return t
}

// CapacityNotes explain the marks of the capacity table at pct: a lower
// bound, a median latency standing in for the mean, an unknown user
// count.
func (v *view) CapacityNotes(pct string) []string {
	p := analyze.Percentile(pct)
	var bound, median, unknown bool
	for _, c := range v.R.Configs {
		cp := c.Capacity.Get(p)
		if cp.Max == 0 {
			continue
		}
		bound = bound || cp.LowerBound
		median = median || cp.LatencyStat == "p50" && analyze.Known(cp.LatencyMeanS)
		unknown = unknown || !cp.UsersKnown()
	}
	var out []string
	if bound {
		out = append(out, v.loc.T("capacity_bound_note"))
	}
	if median {
		out = append(out, v.loc.T("capacity_median_note"))
	}
	if unknown {
		out = append(out, v.loc.T("capacity_unknown_note"))
	}
	return out
}

// StatName is the display name of an SLO statistic.
func (v *view) StatName(pct string) string { return v.loc.T("stat_" + pct) }

// Headline is the statistic of the headline capacity.
func (v *view) Headline() string { return string(v.R.Params.Percentile) }

// Other is the other SLO statistic.
func (v *view) Other() string {
	if v.R.Params.Percentile == analyze.Mean {
		return string(analyze.P90)
	}
	return string(analyze.Mean)
}

// ConfigTable lists the configurations with engine and mode.
func (v *view) ConfigTable() Table {
	t := Table{Head: []string{v.loc.T("col_config"), v.loc.T("col_engine"), v.loc.T("col_speculative"), v.loc.T("col_draft"), v.loc.T("col_draft_source"), v.loc.T("col_levels")}, Align: "lllllr"}
	for _, c := range v.R.Configs {
		spec := v.loc.T("no")
		if c.Speculative {
			spec = v.loc.T("yes")
			if c.Method.In(v.loc.Lang) != "" {
				spec = Escape(c.Method.In(v.loc.Lang))
			}
		}
		t.Rows = append(t.Rows, []string{Escape(c.Name.In(v.loc.Lang)), Escape(c.Engine.In(v.loc.Lang)), spec, dash(Escape(c.DraftModel.In(v.loc.Lang))), dash(Escape(c.DraftSource.In(v.loc.Lang))), strconv.Itoa(len(c.Levels))})
	}
	return t
}

func dash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

// Facts renders key/value rows as a two-column table.
func (v *view) Facts(fs []analyze.Fact, keyHead, valueHead string) Table {
	t := Table{Head: []string{v.loc.T(keyHead), v.loc.T(valueHead)}, Align: "ll"}
	for _, f := range fs {
		t.Rows = append(t.Rows, []string{Escape(f.Key.In(v.loc.Lang)), inline(f.Value.In(v.loc.Lang))})
	}
	return t
}

// inline keeps `code` spans of manifest values and escapes the rest.
func inline(s string) string {
	parts := strings.Split(present.Clean(s), "`")
	for i := range parts {
		if i%2 == 0 {
			parts[i] = Escape(parts[i])
		} else {
			parts[i] = strings.ReplaceAll(parts[i], "|", `\|`)
		}
	}
	return strings.Join(parts, "`")
}

// ParamTable lists the benchmark parameters the report knows.
func (v *view) ParamTable() Table {
	t := Table{Head: []string{v.loc.T("col_parameter"), v.loc.T("col_value"), v.loc.T("col_description")}, Align: "lrl"}
	p, m := v.R.Params, v.R.Meta
	if p.InputTokens > 0 {
		t.Rows = append(t.Rows, []string{v.loc.T("param_input"), "~" + strconv.Itoa(p.InputTokens), v.loc.T("param_input_desc")})
	}
	if p.OutputTokens > 0 {
		t.Rows = append(t.Rows, []string{v.loc.T("param_output"), strconv.Itoa(p.OutputTokens), v.loc.T("param_output_desc", "N", strconv.Itoa(p.OutputTokens))})
	}
	t.Rows = append(t.Rows, []string{v.loc.T("param_levels"), v.LevelList(), v.loc.T("param_levels_desc")})
	if m.Rounds > 0 {
		t.Rows = append(t.Rows, []string{v.loc.T("param_rounds"), strconv.Itoa(m.Rounds), v.loc.T("param_rounds_desc")})
		// Requests per level are rounds × c only when c is the load.
		if high := v.R.Levels[len(v.R.Levels)-1]; v.R.Axis == analyze.AxisConcurrency {
			t.Rows = append(t.Rows, []string{v.loc.T("param_requests"), strconv.Itoa(m.Rounds) + " × c",
				v.loc.T("param_requests_desc", "C", v.loc.At(high), "N", v.loc.Int(m.Rounds*int(high)))})
		}
	}
	switch {
	case m.Warmup == nil:
	case *m.Warmup == 0:
		t.Rows = append(t.Rows, []string{v.loc.T("param_warmup"), "0", v.loc.T("param_warmup_none_desc")})
	default:
		t.Rows = append(t.Rows, []string{v.loc.T("param_warmup"), strconv.Itoa(*m.Warmup), v.loc.T("param_warmup_desc")})
	}
	return t
}

// MetricDefs defines the metrics the report uses.
func (v *view) MetricDefs() Table {
	t := Table{Head: []string{v.loc.T("col_metric"), v.loc.T("col_unit"), v.loc.T("col_definition")}, Align: "lll"}
	// The ITL and TPS rows follow the configs' definitions; the
	// tool-reported RPS row is there only when some tool reported one.
	variant := map[string]string{
		"itl": map[string]string{"chunk": "def_itl_chunk", "mixed": "def_itl_mixed"}[v.UniformDef("itl")],
		"tps": map[string]string{"decode": "def_tps_decode", "mixed": "def_tps_mixed"}[v.UniformDef("tps")],
	}
	for _, k := range []string{"ttft", "itl", "tps", "latency", "rps", "system_rps", "aggregate"} {
		if k == "rps" && !v.HasReportedRPS() {
			continue
		}
		id := variant[k]
		if id == "" {
			id = "def_" + k
		}
		t.Rows = append(t.Rows, []string{v.loc.T("metric_" + k), v.loc.T("unit_" + k), v.loc.T(id)})
	}
	return t
}

// SLOTable lists the thresholds and their basis.
func (v *view) SLOTable() Table {
	m := v.R.Meta
	def := analyze.DefaultParams()
	basis := func(t analyze.Text, value, standard float64) string {
		if s := t.In(v.loc.Lang); s != "" {
			return Escape(s)
		}
		if value == standard {
			return v.loc.T("slo_basis_default")
		}
		return v.loc.T("slo_basis_set")
	}
	tps := []string{"TPS", "≥ " + v.TPSLimit() + " tok/s", basis(m.SLOBasisTPS, v.R.Params.SLOTPS, def.SLOTPS)}
	if v.NoTPS() {
		tps = []string{"TPS", v.loc.T("slo_none"), v.loc.T("slo_none_basis")}
	}
	return Table{
		Head:  []string{v.loc.T("col_slo"), v.loc.T("col_threshold"), v.loc.T("col_basis")},
		Align: "lrl",
		Rows: [][]string{
			{"TTFT", "≤ " + v.TTFTLimit() + " ms", basis(m.SLOBasis, v.R.Params.SLOTTFTms, def.SLOTTFTms)},
			tps,
		},
	}
}

// TTFTLimit and TPSLimit write the SLO thresholds as they were set:
// whole numbers without decimals, others with as many as they need (at
// most three).
func (v *view) TTFTLimit() string { return v.limit(v.R.Params.SLOTTFTms) }
func (v *view) TPSLimit() string  { return v.limit(v.R.Params.SLOTPS) }

func (v *view) limit(x float64) string {
	for dec := 0; dec < 3; dec++ {
		if p := math.Pow(10, float64(dec)); math.Round(x*p) == x*p {
			return v.loc.Num(x, dec)
		}
	}
	return v.loc.Num(x, 3)
}

// NoTPS reports whether the report sets no TPS requirement (a TPS SLO
// of 0, which every level meets).
func (v *view) NoTPS() bool { return v.R.Params.SLOTPS == 0 }

// WorkloadTable contrasts the measured workload with real use.
func (v *view) WorkloadTable() Table {
	p := v.R.Params
	t := Table{Head: []string{v.loc.T("col_variable"), v.loc.T("col_in_report"), v.loc.T("col_real_range")}, Align: "lll"}
	lo, hi := v.R.Levels[0], v.R.Levels[len(v.R.Levels)-1]
	t.Rows = append(t.Rows, []string{v.loc.T("var_concurrency"), v.loc.Load(lo) + "–" + v.loc.Load(hi), v.loc.T("var_concurrency_real")})
	if p.InputTokens > 0 {
		t.Rows = append(t.Rows, []string{v.loc.T("var_input"), v.loc.T("fixed", "N", strconv.Itoa(p.InputTokens)), v.loc.T("var_input_real")})
	}
	if p.OutputTokens > 0 {
		t.Rows = append(t.Rows, []string{v.loc.T("var_output"), v.loc.T("fixed", "N", strconv.Itoa(p.OutputTokens)), v.loc.T("var_output_real")})
	}
	think := v.loc.T("assumed_closed")
	if p.ThinkS != 0 {
		think = v.loc.T("assumed_s", "N", present.Seconds(v.loc, p.ThinkS))
	}
	t.Rows = append(t.Rows, []string{v.loc.T("var_think"), think, v.loc.T("var_think_real")})
	return t
}

// appendixEntry is one config's full data, in one table or, when that
// would be too wide to read on a page, two. Source is a code span.
type appendixEntry struct {
	Name, Source string
	Tables       []Table
	// Spread is the run-to-run spread of the levels measured in several
	// runs (nil when every level was measured once).
	Spread *Table
}

// spreadColumns are the statistics the appendix's spread table shows,
// by metric and statistic ("" for the throughputs).
var spreadColumns = []struct {
	id analyze.MetricID
	st analyze.Statistic
}{
	{analyze.TTFT, analyze.Mean},
	{analyze.ITL, analyze.Mean},
	{analyze.TPS, analyze.Mean},
	{analyze.Latency, analyze.Mean},
	{analyze.SystemRPS, ""},
}

// spreadShort is the stem of the column head of metric id in the spread
// table: the throughput's head is its unit, short_rps.
func spreadShort(id analyze.MetricID) string {
	if id == analyze.SystemRPS {
		return "rps"
	}
	return present.MustOf(id).Stem
}

// spreadTable is the run-to-run spread of c's levels measured in
// several runs: per statistic min–max, and from three runs on the 95 %
// interval of the mean in brackets.
func (v *view) spreadTable(c analyze.Config) *Table {
	var levels []analyze.Level
	for _, l := range c.Levels {
		if l.Runs > 1 {
			levels = append(levels, l)
		}
	}
	if len(levels) == 0 {
		return nil
	}
	t := &Table{Head: []string{v.loc.T("col_load"), v.loc.T("col_runs")}, Align: "rr"}
	var cols []int
	for i, sc := range spreadColumns {
		key := analyze.SpreadKey(sc.id, sc.st)
		if slices.ContainsFunc(levels, func(l analyze.Level) bool { _, ok := l.Spread[key]; return ok }) {
			cols = append(cols, i)
			head := v.loc.T("short_" + spreadShort(sc.id))
			if sc.st != "" {
				head += " " + v.StatName(string(sc.st))
			}
			t.Head = append(t.Head, head)
			t.Align += "r"
		}
	}
	for _, l := range levels {
		row := []string{markCell(v.loc.Load(l.Load), l), v.loc.Num(float64(l.Runs), 0)}
		for _, i := range cols {
			sc := spreadColumns[i]
			iv, ok := l.Spread[analyze.SpreadKey(sc.id, sc.st)]
			if !ok {
				row = append(row, "–")
				continue
			}
			dec := present.MustOf(sc.id).Dec
			cell := v.loc.Num(iv.Min, dec) + "–" + v.loc.Num(iv.Max, dec)
			if iv.N >= 3 {
				cell += " [" + v.loc.Num(iv.Low, dec) + "–" + v.loc.Num(iv.High, dec) + "]"
			}
			row = append(row, cell)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// appendixMaxColumns is the most statistic columns one appendix table
// holds; beyond it the times (TTFT, ITL) and the rest (TPS, latency,
// RPS) get a table each.
const appendixMaxColumns = 14

// Appendix lists every config's data as read: per metric the
// statistics its source reported at some level (of mean, P10, P50, P90,
// P99), and the tool's RPS when it gave one.
func (v *view) Appendix() []appendixEntry {
	var out []appendixEntry
	for _, c := range v.R.Configs {
		type column struct {
			head string
			cell func(analyze.Level) string
		}
		var groups [2][]column // times; rates and latency
		for i, id := range analyze.Distributions {
			look := present.MustOf(id)
			for _, st := range []analyze.Statistic{analyze.Mean, analyze.P10, analyze.P50, analyze.P90, analyze.P99} {
				if slices.ContainsFunc(c.Levels, func(l analyze.Level) bool { return !math.IsNaN(l.Stat(id).At(st)) }) {
					groups[i/2] = append(groups[i/2], column{v.loc.T("short_"+look.Stem) + " " + v.StatName(string(st)),
						func(l analyze.Level) string { return v.loc.Num(l.Stat(id).At(st), look.Dec) }})
				}
			}
		}
		if slices.ContainsFunc(c.Levels, func(l analyze.Level) bool { return !math.IsNaN(l.RPSReported) }) {
			groups[1] = append(groups[1], column{"RPS", func(l analyze.Level) string { return v.loc.Num(l.RPSReported, 2) }})
		}
		parts := [][]column{append(groups[0], groups[1]...)}
		if len(parts[0]) > appendixMaxColumns {
			parts = groups[:]
		}
		e := appendixEntry{Name: Escape(c.Name.In(v.loc.Lang)), Source: Code(c.Source), Spread: v.spreadTable(c)}
		for _, cols := range parts {
			t := Table{Head: []string{v.loc.T("col_load")}, Align: "r"}
			for _, col := range cols {
				t.Head = append(t.Head, col.head)
				t.Align += "r"
			}
			for _, l := range c.Levels {
				row := []string{markCell(v.loc.Load(l.Load), l)}
				for _, col := range cols {
					row = append(row, col.cell(l))
				}
				t.Rows = append(t.Rows, row)
			}
			e.Tables = append(e.Tables, t)
		}
		out = append(out, e)
	}
	return out
}
