package comparison

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/analyze/compare"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/locale"
)

// TestAppendixEveryDelta: Appendix A shows every delta of the sample
// pair once, whole (both values, the change, the judgement), in the
// row of its level and the column of its statistic (or metric); a
// Mann–Whitney row gives the one p-value its statistics share; and a
// table has a test column exactly when one of its deltas had a test,
// the others being named in the sentence that says why.
func TestAppendixEveryDelta(t *testing.T) {
	t.Parallel()
	c := sampleComparison(t)
	for _, lang := range locale.Languages {
		loc, err := locale.New(lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		v := &view{C: c, loc: loc}
		all := v.AllChanges()
		if len(all.Configs) != len(c.Configs) {
			t.Fatalf("%s: %d configurations in the appendix, want %d", lang, len(all.Configs), len(c.Configs))
		}
		if all.NoTest == "" || !strings.Contains(all.NoTest, v.loc.T("compare_why_one_value")) || !strings.Contains(all.NoTest, v.Threshold()) {
			t.Errorf("%s: the sample's untested metrics are not named: %q", lang, all.NoTest)
		}
		for i, cf := range c.Configs {
			checkAppendixTables(t, v, cf.ID, all.Configs[i].Tables)
			checkAppendixDeltas(t, v, cf, all.Configs[i].Tables)
		}
	}
}

// checkAppendixTables checks that a configuration's tables have a test
// column exactly when a delta in them had a test.
func checkAppendixTables(t *testing.T, v *view, cfg string, tables []render.Table) {
	t.Helper()
	test := v.loc.T("compare_col_test")
	for _, tb := range tables {
		hasTest, tested := tb.Head[len(tb.Head)-1] == test, false
		for _, row := range tb.Rows {
			if hasTest && !strings.Contains(row[len(row)-1], v.loc.T("compare_sig_none")) {
				tested = true
			}
		}
		if hasTest != tested {
			t.Errorf("%s %s: table %q has a test column %v, a delta with a test %v", v.loc.Lang, cfg, tb.Head[0], hasTest, tested)
		}
	}
}

// checkAppendixDeltas checks that every delta of cf is in its tables
// once, whole, where it belongs (TestAppendixEveryDelta).
func checkAppendixDeltas(t *testing.T, v *view, cf compare.Config, tables []render.Table) {
	t.Helper()
	lang, test := v.loc.Lang, v.loc.T("compare_col_test")
	level := 0
	for _, d := range cf.Deltas {
		if d.Load == nil {
			continue
		}
		level++
		tb, row, cell := findCell(v, tables, d)
		if cell == "" {
			t.Errorf("%s %s: %s %s at %v is not in the appendix", lang, cf.ID, d.Metric, d.Stat, *d.Load)
			continue
		}
		for _, want := range []string{v.value(d.Metric, d.Old, d.OldAtLeast), v.value(d.Metric, d.New, d.NewAtLeast), v.change(d), v.markShort(d)} {
			if !strings.Contains(cell, glue(want)) {
				t.Errorf("%s %s: the cell of %s %s at %v, %q, lacks %q", lang, cf.ID, d.Metric, d.Stat, *d.Load, cell, want)
			}
		}
		if bold := strings.Contains(cell, "**"); bold != (d.Change == compare.Improved || d.Change == compare.Regressed) {
			t.Errorf("%s %s: %q is bold %v for a change %s", lang, cf.ID, cell, bold, d.Change)
		}
		if d.Test == compare.TestMannWhitney && tb.Head[len(tb.Head)-1] == test {
			if got, want := row[len(row)-1], v.pValue(d.PValue); got != want {
				t.Errorf("%s %s: %s at %v: test %q, want %q", lang, cf.ID, d.Metric, *d.Load, got, want)
			}
		}
	}
	// The configuration-wide deltas are the first table's rows.
	if wide := len(cf.Deltas) - level; wide > 0 && len(tables[0].Rows) != wide {
		t.Errorf("%s %s: %d configuration-wide rows, want %d", lang, cf.ID, len(tables[0].Rows), wide)
	}
	if cells := deltaCells(tables); cells != level {
		t.Errorf("%s %s: %d cells for %d deltas at levels", lang, cf.ID, cells, level)
	}
}

// deltaCells counts the cells of tables that show a delta.
func deltaCells(tables []render.Table) int {
	n := 0
	for _, tb := range tables {
		for _, row := range tb.Rows {
			for _, cell := range row {
				if strings.Contains(cell, "→") {
					n++
				}
			}
		}
	}
	return n
}

// findCell is the table, row and cell of tables that show level delta
// d: the row of its level, the column of its statistic (or, for a
// metric without statistics, of its metric's name).
func findCell(v *view, tables []render.Table, d compare.Delta) (render.Table, []string, string) {
	head := capFirst(v.metricCell(d), v)
	for _, tb := range tables {
		j := -1
		switch {
		case d.Stat != "" && tb.Head[0] == head:
			j = slices.Index(tb.Head, v.loc.T("stat_"+string(d.Stat)))
		case d.Stat == "":
			j = slices.Index(tb.Head, head)
		}
		if j < 0 {
			continue
		}
		for _, row := range tb.Rows {
			if row[0] == v.loc.At(*d.Load) {
				return tb, row, row[j]
			}
		}
	}
	return render.Table{}, nil, ""
}

// TestAppendixTests: a row whose statistics were judged differently
// names each test's statistics, with why where there was none; a table
// with no test at all says why once, per level where the reasons
// differ.
func TestAppendixTests(t *testing.T) {
	t.Parallel()
	loc, err := locale.New("en", nil)
	if err != nil {
		t.Fatal(err)
	}
	v := &view{C: &compare.Comparison{ThresholdPct: 5, Alpha: 0.05}, loc: loc}
	load := func(x float64) *analyze.Load { l := analyze.Load(x); return &l }
	ttft := compare.Metric(analyze.TTFT)
	runs := compare.Delta{Metric: ttft, Stat: analyze.Mean, Load: load(4), Test: compare.TestRuns, NOld: 3, NNew: 3, PValue: math.NaN()}
	none := compare.Delta{Metric: ttft, Stat: analyze.P99, Load: load(4), Test: compare.TestNone, Reason: "no_spread_for_stat", PValue: math.NaN()}
	if got, want := v.testCell([]compare.Delta{runs, none}, true), "runs 3/3 (Mean); no test: no run-to-run spread of this statistic (P99)"; got != want {
		t.Errorf("mixed row: %q, want %q", got, want)
	}
	one := none
	one.Load, one.Reason = load(8), "samples_one_side"
	if got, want := v.noTestWhy([]compare.Delta{none, one}), "c=4: no run-to-run spread of this statistic; c=8: per-request values on one side only"; got != want {
		t.Errorf("reasons by level: %q, want %q", got, want)
	}
	if got := v.noTestWhy([]compare.Delta{none, runs}); got != "" {
		t.Errorf("a table with a test has a note: %q", got)
	}
}
