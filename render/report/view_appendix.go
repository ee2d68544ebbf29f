package report

import (
	"math"
	"slices"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/present"
)

// appendixEntry is one config's full data, in one table or, when that
// would be too wide to read on a page, two. Source is a code span.
type appendixEntry struct {
	Name, Source string
	Tables       []render.Table
	// Spread is the run-to-run spread of the levels measured in several
	// runs (nil when every level was measured once).
	Spread *render.Table
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
func (v *view) spreadTable(c analyze.Config) *render.Table {
	var levels []analyze.Level
	for _, l := range c.Levels {
		if l.Runs > 1 {
			levels = append(levels, l)
		}
	}
	if len(levels) == 0 {
		return nil
	}
	t := &render.Table{Head: []string{v.loc.T("col_load"), v.loc.T("col_runs")}, Align: "rr"}
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
						func(l analyze.Level) string { return tailCell(v.statCell(id, st, l), st, l) }})
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
		e := appendixEntry{Name: render.Escape(c.Name.In(v.loc.Lang)), Source: render.Code(c.Source), Spread: v.spreadTable(c)}
		for _, cols := range parts {
			t := render.Table{Head: []string{v.loc.T("col_load")}, Align: "r"}
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

// statCell writes statistic st of metric id at l as the source gave it,
// marked ≈ where it is an estimate (present.Estimated).
func (v *view) statCell(id analyze.MetricID, st analyze.Statistic, l analyze.Level) string {
	s := v.loc.Num(l.Stat(id).At(st), present.MustOf(id).Dec)
	if present.Estimated(id, st, l) {
		s += " " + present.EstimatedMark
	}
	return s
}

// LatencyEstimated reports whether the report shows a mean latency
// estimated from a run's mean output length: its tables mark it ≈, and
// the appendix says how it is estimated and how far off it was measured.
func (v *view) LatencyEstimated() bool { return present.AnyEstimated(v.R) }
