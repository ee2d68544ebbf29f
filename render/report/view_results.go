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

// byLevel builds a levels × configs table whose cells come from cell;
// levels a config did not measure show a dash, levels whose load was
// not reached are marked ◊.
func (v *view) byLevel(cell func(analyze.Config, analyze.Level) string) render.Table {
	t := render.Table{Head: []string{v.loc.T("col_load")}, Align: "r"}
	for _, c := range v.R.Configs {
		t.Head = append(t.Head, render.Escape(c.Name.In(v.loc.Lang)))
		t.Align += "r"
	}
	for _, lc := range v.R.Levels {
		t.Rows = append(t.Rows, append([]string{v.loc.Load(lc)}, v.configCells(lc, cell)...))
	}
	return t
}

// configCells are every config's cell at load lc, in report order: "–"
// where a config did not measure lc, marked ◊ where its load was not
// reached.
func (v *view) configCells(lc analyze.Load, cell func(analyze.Config, analyze.Level) string) []string {
	var out []string
	for _, c := range v.R.Configs {
		if l, ok := c.Level(lc); ok {
			out = append(out, markCell(cell(c, l), l))
		} else {
			out = append(out, "–")
		}
	}
	return out
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

// OverviewStandsIn reports whether the overview's mean rows show a
// median standing in (†) for some config (a row of medians only is named
// for the median instead).
func (v *view) OverviewStandsIn() bool {
	for _, x := range []analyze.Load{v.LowLevel(), v.HighLevel()} {
		for _, id := range analyze.Distributions {
			if v.allMediansAt(id, x) {
				continue // the row is named for the median, unmarked
			}
			for _, c := range v.R.Configs {
				if l, ok := c.Level(x); ok {
					if _, m := present.Shown(id, analyze.Mean, l); m == "†" {
						return true
					}
				}
			}
		}
	}
	return false
}

// allMediansAt reports whether every config measured at load lc shows
// the median of metric id for its mean (its tool gives no mean there).
func (v *view) allMediansAt(id analyze.MetricID, lc analyze.Load) bool {
	seen := false
	for _, c := range v.R.Configs {
		l, ok := c.Level(lc)
		if !ok {
			continue
		}
		if _, m := present.Shown(id, analyze.Mean, l); m != "†" {
			return false
		}
		seen = true
	}
	return seen
}

// AllExports reports whether every config is an llm-benchmark export,
// whose statistics conventions the metric section describes.
func (v *view) AllExports() bool { return present.AllExports(v.R) }

// HasReportedRPS reports whether any config carried the tool's RPS.
func (v *view) HasReportedRPS() bool { return present.HasReportedRPS(v.R) }

// Overview compares every config at one level: a row per metric mean,
// plus the speculative ratio or the aggregate output.
func (v *view) Overview(lc analyze.Load, withAggregate bool) render.Table {
	t := render.Table{Head: []string{v.loc.T("col_metric")}, Align: "l"}
	for _, c := range v.R.Configs {
		t.Head = append(t.Head, render.Escape(c.Name.In(v.loc.Lang)))
		t.Align += "r"
	}
	row := func(label string, cell func(analyze.Config, analyze.Level) string) {
		t.Rows = append(t.Rows, append([]string{label}, v.configCells(lc, cell)...))
	}
	for _, id := range analyze.Distributions {
		stem := present.MustOf(id).Stem
		if v.allMediansAt(id, lc) {
			// Every value is a median: the row says so, unmarked.
			row(v.loc.T("row_"+stem+"_median"), func(_ analyze.Config, l analyze.Level) string {
				return v.loc.Num(l.Stat(id).P50, present.MustOf(id).Dec)
			})
			continue
		}
		row(v.loc.T("row_"+stem+"_mean"), func(_ analyze.Config, l analyze.Level) string { return v.metricCell(id, analyze.Mean, l) })
	}
	if withAggregate {
		row(v.loc.T("row_aggregate"), func(_ analyze.Config, l analyze.Level) string { return v.loc.Num(l.AggregateTPS, 0) })
		return t
	}
	if len(v.R.Speedups) > 0 {
		row(v.loc.T("row_spec_ratio"), func(c analyze.Config, _ analyze.Level) string { return v.specRatioCell(c.ID, lc) })
	}
	return t
}

// specRatioCell is a config's speculative speedup at load lc: 1.0× for a
// pair's direct config, the measured ratio for its speculative one, "–"
// otherwise.
func (v *view) specRatioCell(id string, lc analyze.Load) string {
	for _, s := range v.R.Speedups {
		if s.Direct == id {
			return v.loc.Ratio(1)
		}
		if s.Spec != id {
			continue
		}
		if p, ok := pointAt(s, lc); ok {
			return v.loc.Ratio(p.Ratio)
		}
	}
	return "–"
}

// SpeedupTable lists the spec/direct ratio per level for every pair,
// marking the levels where the two are on par, where it is faster but
// does not pay off, and the break-even level.
func (v *view) SpeedupTable() render.Table {
	t := render.Table{Head: []string{v.loc.T("col_load")}, Align: "r"}
	for _, s := range v.R.Speedups {
		t.Head = append(t.Head, v.loc.T("col_speedup", "Spec", v.Name(s.Spec), "Direct", v.Name(s.Direct), "Stat", v.StatWord(string(s.Stat))))
		t.Align += "r"
	}
	for _, lc := range v.R.Levels {
		row := []string{v.loc.Load(lc)}
		measured := false
		for _, s := range v.R.Speedups {
			cell := "–"
			for _, p := range s.Points {
				if p.Load == lc {
					cell = v.speedupMarks(s, p, v.speedupRatio(p.Ratio))
					measured = true
				}
			}
			row = append(row, cell)
		}
		if measured {
			t.Rows = append(t.Rows, row)
		}
	}
	return t
}

// speedupRatio writes a speedup ratio with two decimals, or more where
// two would round it across the tie threshold (an on-par 1.049 read as
// 1.05, the threshold, which is a win): the cell's mark and its number
// then agree.
func (v *view) speedupRatio(x float64) string {
	p := v.R.Params
	dec := 2
	for ; dec < 4; dec++ {
		k := math.Pow10(dec)
		if p.Tie(math.Round(x*k)/k, 1) == p.Tie(x, 1) {
			break
		}
	}
	if dec == 2 {
		return v.loc.Ratio(x)
	}
	return v.loc.Num(x, dec) + "×"
}

// SpeedupTableNote says what the bold cell of the speedup table is,
// the break-even level; "" when no pair has one.
func (v *view) SpeedupTableNote() string {
	for _, s := range v.R.Speedups {
		if s.BreakEven != nil {
			return v.loc.T("speedup_table_note")
		}
	}
	return ""
}

// InfiniteRate reports whether a rate-driven run sent its requests as
// fast as possible (∞): its requests in flight are then the burst the
// run sent, not a property of the server.
func (v *view) InfiniteRate() bool {
	return slices.ContainsFunc(v.R.Configs, func(c analyze.Config) bool {
		return slices.ContainsFunc(c.Levels, func(l analyze.Level) bool { return math.IsInf(l.Rate, 1) })
	})
}

// RateEstimated reports whether some rate-driven run's effective
// concurrency rests on an estimated mean latency: the rate table marks
// it ≈, and a line under the table says so.
func (v *view) RateEstimated() bool {
	return slices.ContainsFunc(v.R.Configs, func(c analyze.Config) bool {
		return slices.ContainsFunc(c.Levels, analyze.Level.ConcurrencyEstimated)
	})
}

// RateTable says how rate-driven runs were loaded: on a rate axis, each
// level's effective concurrency per config; in a report that mixes rate
// and concurrency runs, each rate run's rate, effective concurrency and
// the level it is placed at. Nil when every run was driven by
// concurrency.
func (v *view) RateTable() *render.Table {
	if v.R.Axis == analyze.AxisRate {
		t := v.byLevel(func(_ analyze.Config, l analyze.Level) string {
			return approxCell(v.loc.Num(l.Concurrency, 1), l.ConcurrencyEstimated())
		})
		return &t
	}
	t := render.Table{Head: []string{v.loc.T("col_config"), v.loc.T("col_rate"), v.loc.T("col_effective_c"), v.loc.T("col_placed_at")}, Align: "lrrr"}
	for _, c := range v.R.Configs {
		for _, l := range c.Levels {
			if l.Rate == 0 {
				continue
			}
			est := l.ConcurrencyEstimated()
			t.Rows = append(t.Rows, []string{render.Escape(c.Name.In(v.loc.Lang)), v.loc.Load(analyze.Load(l.Rate)),
				approxCell(v.loc.Num(l.Concurrency, 1), est), markCell(approxCell(v.loc.At(l.Load), est), l)})
		}
	}
	if len(t.Rows) == 0 {
		return nil
	}
	return &t
}

// DefinitionTable states, per config, which tool measured it and how
// that tool defines ITL, TPS and RPS; nil when every config defines
// them alike (the metric table above already says how: rows that all
// read the same would say nothing more).
func (v *view) DefinitionTable() *render.Table {
	if v.definitionsAlike() {
		return nil
	}
	t := render.Table{Head: []string{v.loc.T("col_config"), v.loc.T("col_source"), "ITL", "TPS", "RPS"}, Align: "lllll"}
	for _, c := range v.R.Configs {
		d := c.Definitions
		t.Rows = append(t.Rows, []string{render.Escape(c.Name.In(v.loc.Lang)), render.Escape(cmp.Or(c.Tool, c.Format)),
			v.loc.T("defn_itl_" + orNone(d.ITL)), v.loc.T("defn_tps_" + orNone(d.TPS)), v.loc.T("defn_rps_" + orNone(d.RPS))})
	}
	return &t
}

// definitionsAlike reports whether every config defines ITL, TPS and
// RPS alike.
func (v *view) definitionsAlike() bool {
	for _, c := range v.R.Configs {
		if c.Definitions != v.R.Configs[0].Definitions {
			return false
		}
	}
	return true
}

// ToolsAlike says, where the configs were measured with more than one
// tool that define the metrics alike, which tools: "The configurations
// were measured with vLLM bench serve and SGLang bench_serving, which
// define these metrics alike."; "" otherwise (one tool, or a
// DefinitionTable).
func (v *view) ToolsAlike() string {
	if !v.definitionsAlike() {
		return ""
	}
	var tools []string
	for _, c := range v.R.Configs {
		if t := render.Escape(cmp.Or(c.Tool, c.Format)); t != "" && !slices.Contains(tools, t) {
			tools = append(tools, t)
		}
	}
	if len(tools) < 2 {
		return ""
	}
	return v.loc.T("defn_alike", "Tools", v.loc.List(tools))
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
			groups[k] = append(groups[k], render.Escape(c.Name.In(v.loc.Lang)))
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
