package comparison

import (
	"slices"
	"strings"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/analyze/compare"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/chart"
)

// entry is one matched configuration's part of the headline changes:
// its name, its verdict, its SLO line, its capacity line and its table.
type entry struct {
	Name, Verdict string
	SLO, Capacity string
	Table         render.Table
}

// headlineOrder is the order of a configuration's headline rows: the
// configuration-wide ones first, then per metric and statistic, by level.
func headlineOrder(ds []compare.Delta) []compare.Delta {
	var wide, level []compare.Delta
	for _, d := range ds {
		switch {
		case !d.Headline:
		case d.Load == nil:
			wide = append(wide, d)
		default:
			level = append(level, d)
		}
	}
	var keys []string
	for _, d := range level {
		if k := string(d.Metric) + "/" + string(d.Stat); !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	slices.SortStableFunc(level, func(a, b compare.Delta) int {
		ka, kb := slices.Index(keys, string(a.Metric)+"/"+string(a.Stat)), slices.Index(keys, string(b.Metric)+"/"+string(b.Stat))
		if ka != kb {
			return ka - kb
		}
		return compareLoads(*a.Load, *b.Load)
	})
	return append(wide, level...)
}

// compareLoads orders two loads.
func compareLoads(a, b analyze.Load) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// statCell names a delta's metric and statistic for a table, with its
// unit: "P90 TTFT (ms)", "C_max (P90)" (a capacity is a level, written
// as the level column writes one).
func (v *view) statCell(d compare.Delta) string {
	if u := v.unit(d.Metric); u != "" && d.Metric != compare.CapacityLoad {
		return capFirst(v.metricName(d), v) + " (" + u + ")"
	}
	return capFirst(v.metricName(d), v)
}

// Headlines are, per matched configuration, its headline changes: the
// capacity in a line, then a table with a row per level and a column
// per headline metric, each cell a delta whole (both values, the
// change, the judgement and what it rests on), and a last row with each
// metric's trend across levels.
func (v *view) Headlines() []entry {
	out := make([]entry, 0, len(v.C.Configs))
	for _, cf := range v.C.Configs {
		var wide, level []compare.Delta
		for _, d := range headlineOrder(cf.Deltas) {
			if d.Load == nil {
				wide = append(wide, d)
			} else {
				level = append(level, d)
			}
		}
		e := entry{Name: v.configName(cf), Verdict: v.loc.T("compare_verdict_is", "Verdict", v.loc.T("compare_verdict_"+string(cf.Verdict))),
			SLO: v.sloLine(cf, v.C.Percentile)}
		var items []string
		for _, d := range wide {
			items = append(items, v.loc.T("compare_what_cell", "What", v.metricName(d), "Cell", v.deltaCell(d)))
		}
		if len(items) > 0 {
			e.Capacity = v.loc.T("compare_capacity_line", "List", strings.Join(items, "; "))
		}
		if len(level) > 0 {
			e.Table = v.headlineGrid(cf, level)
		}
		out = append(out, e)
	}
	return out
}

// headlineGrid lays a configuration's headline level deltas out: a row
// per level, a column per metric and statistic, and a last row of the
// trends across levels.
func (v *view) headlineGrid(cf compare.Config, ds []compare.Delta) render.Table {
	type col struct {
		m  compare.Metric
		st analyze.Statistic
	}
	var cols []col
	var xs []analyze.Load
	for _, d := range ds {
		if c := (col{d.Metric, d.Stat}); !slices.Contains(cols, c) {
			cols = append(cols, c)
		}
		if !slices.Contains(xs, *d.Load) {
			xs = append(xs, *d.Load)
		}
	}
	slices.SortFunc(xs, compareLoads)
	t := render.Table{Head: []string{v.loc.T("compare_col_level")}, Align: "l" + strings.Repeat("l", len(cols))}
	for _, c := range cols {
		t.Head = append(t.Head, v.statCell(compare.Delta{Metric: c.m, Stat: c.st}))
	}
	for _, x := range xs {
		row := []string{v.loc.At(x)}
		for _, c := range cols {
			i := slices.IndexFunc(ds, func(d compare.Delta) bool { return d.Metric == c.m && d.Stat == c.st && *d.Load == x })
			if i < 0 {
				row = append(row, "–")
				continue
			}
			row = append(row, v.deltaCell(ds[i]))
		}
		t.Rows = append(t.Rows, row)
	}
	row := []string{v.loc.T("compare_row_across")}
	for _, c := range cols {
		tr, ok := trendOf(cf, c.m, c.st)
		if !ok {
			row = append(row, "–")
			continue
		}
		row = append(row, v.trendCell(tr))
	}
	t.Rows = append(t.Rows, row)
	return t
}

// trendCell is a trend across levels in one cell: at how many levels
// the change went beyond the threshold which way, the sign test's p and
// the judgement: "better at 9 of 9 · p = 0.004 **better**", "better at
// 3, worse at 1 of 6 · p = 0.625 ~".
func (v *view) trendCell(t compare.Trend) string {
	kv := []any{"N", t.Levels, "Better", t.BeyondBetter, "Worse", t.BeyondWorse, "Pct", v.Threshold()}
	var counts string
	switch {
	case t.BeyondBetter > 0 && t.BeyondWorse > 0:
		counts = v.loc.T("compare_tcell_both", kv...)
	case t.BeyondBetter > 0:
		counts = v.loc.T("compare_tcell_better", kv...)
	case t.BeyondWorse > 0:
		counts = v.loc.T("compare_tcell_worse", kv...)
	default:
		counts = v.loc.T("compare_tcell_none", kv...)
	}
	if !analyze.Known(t.PValue) {
		return counts + " ~"
	}
	judged := glue(v.pValue(t.PValue)) + " ~"
	switch t.Change {
	case compare.Improved, compare.Regressed:
		judged = "**" + glue(v.pValue(t.PValue)) + " " + glue(v.loc.T("compare_change_"+string(t.Change))) + "**"
	}
	return counts + " · " + judged
}

// sloLine says how the SLO verdicts at statistic st changed at the
// levels compared: the levels passing both SLOs now and not before,
// failing now and not before, and not checkable on a side; "" when the
// SLO verdicts were not compared.
func (v *view) sloLine(cf compare.Config, st analyze.Statistic) string {
	var gained, lost, unknown []string
	for _, s := range cf.SLO {
		if s.Stat != st {
			continue
		}
		switch s.Change {
		case compare.Improved:
			gained = append(gained, v.loc.At(s.Load))
		case compare.Regressed:
			lost = append(lost, v.loc.At(s.Load))
		case compare.Unknown:
			unknown = append(unknown, v.loc.At(s.Load))
		}
	}
	if len(cf.SLO) == 0 {
		return ""
	}
	var items []string
	for _, it := range []struct {
		id     string
		levels []string
	}{{"compare_slo_gained", gained}, {"compare_slo_lost", lost}, {"compare_slo_unknown", unknown}} {
		if len(it.levels) > 0 {
			items = append(items, v.loc.T(it.id, "Levels", strings.Join(it.levels, ", ")))
		}
	}
	stat := v.loc.T("statw_" + string(st))
	if len(items) == 0 {
		return capFirst(v.loc.T("compare_slo_same", "Stat", stat), v)
	}
	return capFirst(v.loc.T("compare_slo_changed", "Stat", stat, "List", strings.Join(items, "; ")), v)
}

// testKinds are the tests in the order the edition names them.
var testKinds = []compare.Test{compare.TestWelch, compare.TestQuantile, compare.TestRuns, compare.TestNone}

// TestsHere says how the headline changes at the levels of this
// comparison were judged: per test, the metrics it judged; per group of
// configurations where they were judged differently (a tool with
// per-request data beside one without). The capacities, which never
// have a test, the headline section's introduction words once.
func (v *view) TestsHere() string {
	type group struct {
		configs []string
		text    string
	}
	var groups []group
	for _, cf := range v.C.Configs {
		by := map[compare.Test][]string{}
		for _, d := range cf.Deltas {
			if !d.Headline || d.Load == nil || d.Change == compare.Unknown && d.Test == compare.TestNone {
				continue
			}
			if m := v.loc.T("compare_mshort_" + string(d.Metric)); !slices.Contains(by[d.Test], m) {
				by[d.Test] = append(by[d.Test], m)
			}
		}
		var items []string
		for _, t := range testKinds {
			if ms := by[t]; len(ms) > 0 {
				items = append(items, v.loc.T("compare_here_"+string(t), "Metrics", v.loc.List(ms), "Pct", v.Threshold()))
			}
		}
		if len(items) == 0 {
			continue
		}
		text := strings.Join(items, "; ")
		if i := slices.IndexFunc(groups, func(g group) bool { return g.text == text }); i >= 0 {
			groups[i].configs = append(groups[i].configs, v.configName(cf))
		} else {
			groups = append(groups, group{[]string{v.configName(cf)}, text})
		}
	}
	switch len(groups) {
	case 0:
		return ""
	case 1:
		return v.loc.T("compare_here", "List", groups[0].text)
	}
	parts := make([]string, len(groups))
	for i, g := range groups {
		parts[i] = v.loc.T("compare_here_for", "Configs", v.loc.List(g.configs), "List", g.text)
	}
	return strings.Join(parts, " ")
}

// Figures are the comparison's charts, each with its heading, in the
// order the edition places them; none when no chart was drawn.
func (v *view) Figures() []figure {
	var out []figure
	for _, f := range chart.ComparisonFigures(v.C) {
		if _, ok := v.charts[f.Name]; !ok {
			continue
		}
		var title string
		switch {
		case f.Heatmap:
			title = v.loc.T("compare_sec_heatmap")
		case f.Mixed:
			title = capFirst(v.loc.T("compare_mshort_"+string(f.Metric)), v)
		default:
			title = capFirst(v.metricName(compare.Delta{Metric: compare.Metric(f.Metric), Stat: f.Stat}), v)
		}
		out = append(out, figure{Heading: title, Name: f.Name})
	}
	return out
}

// figure is one chart of the edition: its section's heading and name.
type figure struct{ Heading, Name string }

// capFirst upper-cases the first letter of s by the edition's language
// (a Turkish i becomes İ).
func capFirst(s string, v *view) string {
	for i, r := range s {
		return v.loc.Upper(string(r)) + s[i+len(string(r)):]
	}
	return s
}

// metricCell names a delta's metric alone, with its unit, for the
// appendix: "TTFT (ms)", "C_max".
func (v *view) metricCell(d compare.Delta) string {
	name := v.loc.T("compare_mshort_" + string(d.Metric))
	if d.Metric == compare.TPSPerGPU {
		name = v.loc.T("compare_metric_tps_per_gpu", "Target", v.loc.Num(v.C.Target, 0))
	}
	if u := v.unit(d.Metric); u != "" && d.Metric != compare.CapacityLoad {
		return name + " (" + u + ")"
	}
	return name
}

// statShort is a delta's statistic for the appendix: "Mean", "P90";
// "–" for a throughput.
func (v *view) statShort(d compare.Delta) string {
	if d.Stat == "" {
		return "–"
	}
	return v.loc.T("stat_" + string(d.Stat))
}

// Judged is how many changes of each configuration each test judged.
func (v *view) Judged() render.Table {
	t := render.Table{Head: []string{v.loc.T("col_config")}, Align: "l"}
	for _, k := range testKinds {
		t.Head = append(t.Head, v.loc.T("compare_test_short_"+string(k)))
		t.Align += "r"
	}
	for _, cf := range v.C.Configs {
		row := []string{v.configName(cf)}
		for _, k := range testKinds {
			n := 0
			for _, d := range cf.Deltas {
				if d.Test == k {
					n++
				}
			}
			row = append(row, v.loc.Int(n))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// ManyTests says how many tests of their own the deltas had (Welch's
// t, the quantile test: one per metric, statistic, level and
// configuration) and how many of them would come out significant by
// chance alone if nothing had changed; "" when there were none.
func (v *view) ManyTests() string {
	n := 0
	for _, cf := range v.C.Configs {
		for _, d := range cf.Deltas {
			if d.Test == compare.TestWelch || d.Test == compare.TestQuantile {
				n++
			}
		}
	}
	if n == 0 {
		return ""
	}
	return v.loc.N("compare_many_tests", n, "Alpha", v.Alpha(), "Expected", v.loc.Num(float64(n)*v.C.Alpha, 1))
}

// ThresholdRule states when a change counts.
func (v *view) ThresholdRule() string {
	if v.C.ThresholdPct == 0 {
		return v.loc.T("compare_method_threshold_zero", "Alpha", v.Alpha())
	}
	return v.loc.T("compare_method_threshold", "Pct", v.Threshold(), "Alpha", v.Alpha())
}

// RerunPct is the size under which a change of one run per side wants
// a rerun: "10%", "%10".
func (v *view) RerunPct() string { return v.loc.Pct(rerunPct/100, 0) }

// MinRuns is the runs each side needs for the runs test.
func (v *view) MinRuns() int { return compare.MinRuns }

// Sources is the table of the two sides: their reports' titles (or
// names) and dates, where they were read from, and the tools that
// measured them.
func (v *view) Sources() render.Table {
	t := render.Table{Head: []string{v.loc.T("compare_col_side"), v.loc.T("compare_col_report"), v.loc.T("compare_col_date"), v.loc.T("compare_col_source"),
		v.loc.T("compare_col_tools")}, Align: "lllll"}
	for _, s := range []struct {
		id   string
		side compare.Side
	}{{"compare_col_baseline", v.C.Baseline}, {"compare_col_candidate", v.C.Candidate}} {
		tools := make([]string, len(s.side.Tools))
		for i, tl := range s.side.Tools {
			tools[i] = render.Code(tl)
		}
		src := render.Code(s.side.Source)
		if src == "" {
			src = "–"
		}
		t.Rows = append(t.Rows, []string{v.loc.T(s.id), render.Escape(v.sideTitle(s.side)), v.loc.Month(s.side.Date), src, strings.Join(tools, ", ")})
	}
	return t
}
