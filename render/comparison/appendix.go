package comparison

import (
	"slices"
	"strings"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/analyze/compare"
	"github.com/openzeka/reportgen/render"
)

// The comparison's Appendix A (every change) lays each matched
// configuration's deltas out as a few grids rather than one row per
// delta: the configuration-wide ones (capacities, output per GPU) in a
// table of their own, then per metric a table with a row per level and
// a column per statistic, and the metrics with one number per level
// (the system throughputs) together in one table with a column each.
// A cell holds a delta whole, as the headline tables do: "235.1 →
// 138.1", its change and its judgement ("−41.3% better", in bold when
// the change counts), and, beyond the threshold, what the judgement
// rests on: the statistic's own test ("Welch p < 0.001", "quantile p =
// 0.004") or what confirmed a change with none ("across levels"). The
// metrics no delta of which had a test are named, with why, in one
// sentence above the tables. The last row of a level table is each
// column's trend across levels (the sign test).

// allChanges is Appendix A: the sentence naming the metrics that had no
// test where every configuration has the same one, and each matched
// configuration's part.
type allChanges struct {
	NoTest  string
	Configs []allConfig
}

// allConfig is one matched configuration's part of Appendix A: its
// name, its SLO line, the sentence naming the metrics that had no test
// (where the appendix has none for every configuration), and its
// tables.
type allConfig struct {
	Name, SLO, NoTest string
	Tables            []render.Table
}

// grid is one table of Appendix A with, where no delta in it had a
// test, the metrics it shows and why they had none.
type grid struct {
	Table   render.Table
	Metrics []string
	Why     string
}

// nbsp joins the words of a cell that no line break may part.
const nbsp = "\u00a0"

// glue makes s one word for the PDF's line breaking.
func glue(s string) string { return strings.ReplaceAll(s, " ", nbsp) }

// AllChanges is every change compared, per matched configuration, laid
// out as Appendix A shows them (allChanges).
func (v *view) AllChanges() allChanges {
	out := make([]allConfig, 0, len(v.C.Configs))
	for _, cf := range v.C.Configs {
		var slo []string
		for _, st := range analyze.Percentiles {
			if line := v.sloLine(cf, st); line != "" {
				slo = append(slo, line)
			}
		}
		var wide, level []compare.Delta
		for _, d := range cf.Deltas {
			if d.Load == nil {
				wide = append(wide, d)
			} else {
				level = append(level, d)
			}
		}
		var grids []grid
		if len(wide) > 0 {
			grids = append(grids, v.wideGrid(wide))
		}
		grids = append(grids, v.levelGrids(cf, level)...)
		all := allConfig{Name: v.configName(cf), SLO: strings.Join(slo, " "), NoTest: v.noTestSentence(grids)}
		for _, g := range grids {
			all.Tables = append(all.Tables, g.Table)
		}
		out = append(out, all)
	}
	if len(out) < 2 || slices.ContainsFunc(out, func(c allConfig) bool { return c.NoTest != out[0].NoTest }) {
		return allChanges{Configs: out}
	}
	all := allChanges{NoTest: out[0].NoTest, Configs: out}
	for i := range out {
		out[i].NoTest = ""
	}
	return all
}

// noTestSentence names the metrics of grids that had no test, grouped by
// why: "No test was possible for C_max, users and output per GPU (one
// value per side); ITL and latency (…). These changes are judged against
// the 5% threshold only."; "" when every grid has a test column.
func (v *view) noTestSentence(grids []grid) string {
	var whys []string
	metrics := map[string][]string{}
	for _, g := range grids {
		if g.Why == "" {
			continue
		}
		if !slices.Contains(whys, g.Why) {
			whys = append(whys, g.Why)
		}
		for _, m := range g.Metrics {
			if !slices.Contains(metrics[g.Why], m) {
				metrics[g.Why] = append(metrics[g.Why], m)
			}
		}
	}
	if len(whys) == 0 {
		return ""
	}
	items := make([]string, len(whys))
	for i, w := range whys {
		items[i] = v.loc.List(metrics[w]) + " (" + w + ")"
	}
	return v.loc.T("compare_no_test_for", "List", strings.Join(items, "; "), "Pct", v.Threshold())
}

// wideGrid is the table of a configuration's configuration-wide
// changes, one row each: the metric, the statistic, both values, the
// change, and the judgement with what it rests on.
func (v *view) wideGrid(ds []compare.Delta) grid {
	g := grid{Metrics: v.shortNames(ds), Why: v.noTestWhy(ds)}
	t := render.Table{Head: []string{v.loc.T("col_metric"), v.loc.T("compare_col_stat"), v.loc.T("compare_col_baseline"),
		v.loc.T("compare_col_candidate"), v.loc.T("compare_col_change"), v.loc.T("compare_col_judgement")}, Align: "llrrrl"}
	for _, d := range ds {
		judged := v.markShort(d)
		if ev := v.evidence(d); ev != "" && judged != "~" {
			judged += " (" + ev + ")"
		}
		t.Rows = append(t.Rows, []string{capFirst(v.metricCell(d), v), v.statShort(d), v.value(d.Metric, d.Old, d.OldAtLeast, d.OldEstimated),
			v.value(d.Metric, d.New, d.NewAtLeast, d.NewEstimated), v.change(d), judged})
	}
	g.Table = t
	return g
}

// levelGrids are the tables of a configuration's changes at its levels:
// one per metric with statistics, its statistics as columns, in the
// order the deltas come; the metrics with one number per level together
// in one, where the first of them comes.
func (v *view) levelGrids(cf compare.Config, ds []compare.Delta) []grid {
	type group struct {
		metrics []compare.Metric
		perStat bool
	}
	var groups []*group
	var plain *group
	for _, d := range ds {
		if d.Stat == "" {
			if plain == nil {
				plain = &group{}
				groups = append(groups, plain)
			}
			if !slices.Contains(plain.metrics, d.Metric) {
				plain.metrics = append(plain.metrics, d.Metric)
			}
			continue
		}
		if !slices.ContainsFunc(groups, func(g *group) bool { return g.perStat && g.metrics[0] == d.Metric }) {
			groups = append(groups, &group{metrics: []compare.Metric{d.Metric}, perStat: true})
		}
	}
	out := make([]grid, 0, len(groups))
	for _, g := range groups {
		var in []compare.Delta
		for _, d := range ds {
			if slices.Contains(g.metrics, d.Metric) && (d.Stat != "") == g.perStat {
				in = append(in, d)
			}
		}
		out = append(out, v.levelGrid(cf, in, g.perStat))
	}
	return out
}

// levelGrid lays out the deltas of one metric (perStat: its columns are
// the statistics) or of the metrics with one number per level (its
// columns are the metrics): a row per level, a cell per delta, then a
// row of each column's trend across levels.
func (v *view) levelGrid(cf compare.Config, ds []compare.Delta, perStat bool) grid {
	col := func(d compare.Delta) string { return string(d.Metric) }
	if perStat {
		col = func(d compare.Delta) string { return string(d.Stat) }
	}
	var cols []string
	var loads []analyze.Load
	for _, d := range ds {
		if !slices.Contains(cols, col(d)) {
			cols = append(cols, col(d))
		}
		if !slices.Contains(loads, *d.Load) {
			loads = append(loads, *d.Load)
		}
	}
	slices.SortFunc(loads, compareLoads)
	g := grid{Metrics: v.shortNames(ds), Why: v.noTestWhy(ds)}
	// The corner names the metric a grid of statistics shows.
	t := render.Table{Head: []string{v.loc.T("compare_col_level")}, Align: "l"}
	if perStat {
		t.Head[0] = capFirst(v.metricCell(ds[0]), v)
		for _, c := range cols {
			t.Head = append(t.Head, v.loc.T("stat_"+c))
		}
	} else {
		for _, c := range cols {
			d := ds[slices.IndexFunc(ds, func(d compare.Delta) bool { return string(d.Metric) == c })]
			t.Head = append(t.Head, capFirst(v.metricCell(d), v))
		}
	}
	t.Align += strings.Repeat("l", len(cols))
	for _, l := range loads {
		row := []string{v.loc.At(l)}
		for _, c := range cols {
			i := slices.IndexFunc(ds, func(d compare.Delta) bool { return *d.Load == l && col(d) == c })
			if i < 0 {
				row = append(row, "–")
				continue
			}
			row = append(row, v.deltaCell(ds[i]))
		}
		t.Rows = append(t.Rows, row)
	}
	t.Rows = append(t.Rows, v.trendRow(cf, ds, cols, perStat))
	g.Table = t
	return g
}

// trendRow is a level grid's last row: each column's trend across
// levels.
func (v *view) trendRow(cf compare.Config, ds []compare.Delta, cols []string, perStat bool) []string {
	row := []string{v.loc.T("compare_row_across")}
	for _, c := range cols {
		m, st := compare.Metric(c), analyze.Statistic("")
		if perStat {
			m, st = ds[0].Metric, analyze.Statistic(c)
		}
		if tr, ok := trendOf(cf, m, st); ok {
			row = append(row, v.trendCell(tr))
		} else {
			row = append(row, "–")
		}
	}
	return row
}

// deltaCell is a delta in one cell: both values, then the change and
// the judgement, in bold when the change counts, and, where the
// judgement is not "~" (within the threshold), what it rests on: "235.1
// → 138.1 **−41.3% better** (Welch p < 0.001)", "4.25 → 4.53 **+6.6%
// better** (as TPS)", "56.0 → 62.4 +11.6% ~ not significant (quantile p
// = 0.609)", "39.5 → 39.5 −0.1% ~", "– → 39.5 – ? absent".
func (v *view) deltaCell(d compare.Delta) string {
	values := glue(v.value(d.Metric, d.Old, d.OldAtLeast, d.OldEstimated) + " → " + v.value(d.Metric, d.New, d.NewAtLeast, d.NewEstimated))
	mark := v.markShort(d)
	judged := glue(v.change(d)) + " " + glue(mark)
	if d.Change == compare.Improved || d.Change == compare.Regressed {
		judged = "**" + judged + "**"
	}
	cell := values + " " + judged
	if ev := v.evidence(d); ev != "" && mark != "~" {
		cell += " " + glue("("+ev+")")
	}
	return cell
}

// markShort is a delta's judgement as a cell writes it: "better",
// "worse", "~" for a change within the threshold, "~ not significant",
// "~ unconfirmed" for one beyond the threshold that nothing confirmed,
// "~ opposite shift" where a significant test saw the requests move
// against the statistic, "? absent" and the like where it cannot be
// told.
func (v *view) markShort(d compare.Delta) string {
	if d.Change == compare.Unchanged && v.sameWhy(d) == sameWithin {
		return "~"
	}
	return v.changeShort(d)
}

// noTestWhy is why no test was possible where no delta of ds had one:
// "one value per side", or where the reasons differ between levels, each
// with its levels ("c=1, c=2: …; c=4: …"); "" where any delta had a test
// or the reasons differ between configuration-wide deltas.
func (v *view) noTestWhy(ds []compare.Delta) string {
	var whys []string
	at := map[string][]string{}
	for _, d := range ds {
		if d.Test != compare.TestNone {
			return ""
		}
		w := v.whyNoTest(d)
		if !slices.Contains(whys, w) {
			whys = append(whys, w)
		}
		if d.Load == nil {
			continue
		}
		if l := v.loc.At(*d.Load); !slices.Contains(at[w], l) {
			at[w] = append(at[w], l)
		}
	}
	if len(whys) == 1 {
		return whys[0]
	}
	parts := make([]string, len(whys))
	for i, w := range whys {
		if len(at[w]) == 0 {
			return ""
		}
		parts[i] = strings.Join(at[w], ", ") + ": " + w
	}
	return strings.Join(parts, "; ")
}

// shortNames are the short names of the metrics of ds, once each, in
// their order: "C_max", "users", "output per GPU".
func (v *view) shortNames(ds []compare.Delta) []string {
	var out []string
	for _, d := range ds {
		if n := v.loc.T("compare_mshort_" + string(d.Metric)); !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}
