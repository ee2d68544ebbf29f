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
// pair once, whole (both values, the change, the judgement and, beyond
// the threshold, what it rests on), in the row of its level and the
// column of its statistic (or metric); the metrics no delta of which
// had a test are named in the sentence that says why.
func TestAppendixEveryDelta(t *testing.T) {
	t.Parallel()
	c := sampleComparison(t)
	for _, lang := range locale.Languages {
		v := &view{C: c, loc: testLocale(t, lang)}
		all := v.AllChanges()
		if len(all.Configs) != len(c.Configs) {
			t.Fatalf("%s: %d configurations in the appendix, want %d", lang, len(all.Configs), len(c.Configs))
		}
		if all.NoTest == "" || !strings.Contains(all.NoTest, v.loc.T("compare_why_one_value")) || !strings.Contains(all.NoTest, v.loc.T("compare_mshort_system_rps")) {
			t.Errorf("%s: the sample's untested metrics are not named: %q", lang, all.NoTest)
		}
		for i, cf := range c.Configs {
			checkAppendixDeltas(t, v, cf, all.Configs[i].Tables)
		}
	}
}

// checkAppendixDeltas checks that every delta of cf is in its tables
// once, whole, where it belongs (TestAppendixEveryDelta), and that each
// level table ends in the trends across levels.
func checkAppendixDeltas(t *testing.T, v *view, cf compare.Config, tables []render.Table) {
	t.Helper()
	lang := v.loc.Lang
	level := 0
	for _, d := range cf.Deltas {
		if d.Load == nil {
			continue
		}
		level++
		cell := findCell(v, tables, d)
		if cell == "" {
			t.Errorf("%s %s: %s %s at %v is not in the appendix", lang, cf.ID, d.Metric, d.Stat, *d.Load)
			continue
		}
		want := []string{v.value(d.Metric, d.Old, d.OldAtLeast, d.OldEstimated), v.value(d.Metric, d.New, d.NewAtLeast, d.NewEstimated), v.change(d), v.markShort(d)}
		if ev := v.evidence(d); ev != "" && v.markShort(d) != "~" {
			want = append(want, "("+ev+")")
		}
		for _, w := range want {
			if !strings.Contains(cell, glue(w)) {
				t.Errorf("%s %s: the cell of %s %s at %v, %q, lacks %q", lang, cf.ID, d.Metric, d.Stat, *d.Load, cell, w)
			}
		}
		if bold := strings.Contains(cell, "**"); bold != (d.Change == compare.Improved || d.Change == compare.Regressed) {
			t.Errorf("%s %s: %q is bold %v for a change %s", lang, cf.ID, cell, bold, d.Change)
		}
	}
	// The configuration-wide deltas are the first table's rows.
	if wide := len(cf.Deltas) - level; wide > 0 && len(tables[0].Rows) != wide {
		t.Errorf("%s %s: %d configuration-wide rows, want %d", lang, cf.ID, len(tables[0].Rows), wide)
	}
	if cells := deltaCells(tables); cells != level {
		t.Errorf("%s %s: %d cells for %d deltas at levels", lang, cf.ID, cells, level)
	}
	for _, tb := range tables[1:] {
		if last := tb.Rows[len(tb.Rows)-1]; last[0] != v.loc.T("compare_row_across") {
			t.Errorf("%s %s: table %q ends in %q, not the trends across levels", lang, cf.ID, tb.Head[0], last[0])
		}
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

// findCell is the cell of tables that shows level delta d: in the row of
// its level, the column of its statistic (or, for a metric without
// statistics, of its metric's name).
func findCell(v *view, tables []render.Table, d compare.Delta) string {
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
				return row[j]
			}
		}
	}
	return ""
}

// TestDeltaCell: a cell says a delta's judgement, and beyond the
// threshold what it rests on: its own test with its p-value, or what
// confirmed a change with none; a change within the threshold says
// neither, and an unconfirmed one no test.
func TestDeltaCell(t *testing.T) {
	t.Parallel()
	v := &view{C: &compare.Comparison{ThresholdPct: 5, Alpha: 0.05}, loc: testLocale(t, "en")}
	at := func(x float64) *analyze.Load { l := analyze.Load(x); return &l }
	ttft, sys := compare.Metric(analyze.TTFT), compare.Metric(analyze.SystemRPS)
	base := compare.Delta{Metric: ttft, Stat: analyze.P90, Load: at(16), Old: 100, New: 60, DeltaPct: -40, LowerIsBetter: true, Direction: "better", Beyond: true}
	with := func(f func(d *compare.Delta)) compare.Delta { d := base; f(&d); return d }
	for _, tt := range []struct {
		name string
		d    compare.Delta
		want string
	}{
		{"tested, better", with(func(d *compare.Delta) {
			d.Test, d.PValue, d.Significant, d.Change, d.ConfirmedBy = compare.TestQuantile, 0.004, true, compare.Improved, compare.ConfirmedByTest
		}), "100.0 → 60.0 **−40.0% better** (quantile p = 0.004)"},
		{"not significant", with(func(d *compare.Delta) { d.Test, d.PValue, d.Change = compare.TestQuantile, 0.609, compare.Unchanged }),
			"100.0 → 60.0 −40.0% ~ not significant (quantile p = 0.609)"},
		{"opposite shift", with(func(d *compare.Delta) { d.Test, d.PValue, d.Change = compare.TestQuantile, 0.01, compare.Unchanged }),
			"100.0 → 60.0 −40.0% ~ opposite shift (quantile p = 0.010)"},
		{"within", with(func(d *compare.Delta) {
			d.Test, d.PValue, d.Change, d.New, d.DeltaPct, d.Beyond = compare.TestWelch, 0.01, compare.Unchanged, 97, -3, false
		}), "100.0 → 97.0 −3.0% ~"},
		{"unconfirmed", with(func(d *compare.Delta) {
			d.Test, d.PValue, d.Change, d.Unconfirmed = compare.TestNone, math.NaN(), compare.Unchanged, true
		}),
			"100.0 → 60.0 −40.0% ~ unconfirmed"},
		{"across levels", with(func(d *compare.Delta) {
			d.Test, d.PValue, d.Change, d.ConfirmedBy = compare.TestNone, math.NaN(), compare.Improved, compare.ConfirmedByLevels
		}), "100.0 → 60.0 **−40.0% better** (across levels)"},
		{"as TPS", with(func(d *compare.Delta) {
			d.Metric, d.Stat, d.Old, d.New, d.DeltaPct, d.LowerIsBetter = sys, "", 4.25, 4.53, 6.6, false
			d.Test, d.PValue, d.Change, d.ConfirmedBy = compare.TestNone, math.NaN(), compare.Improved, compare.ConfirmedBySameMeasure
		}), "4.25 → 4.53 **+6.6% better** (as TPS)"},
	} {
		if got := strings.ReplaceAll(v.deltaCell(tt.d), nbsp, " "); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestAppendixNoTestWhy: a table with no test at all says why once, per
// level where the reasons differ, and nothing where a delta had a test.
func TestAppendixNoTestWhy(t *testing.T) {
	v := &view{C: &compare.Comparison{ThresholdPct: 5, Alpha: 0.05}, loc: testLocale(t, "en")}
	load := func(x float64) *analyze.Load { l := analyze.Load(x); return &l }
	ttft := compare.Metric(analyze.TTFT)
	runs := compare.Delta{Metric: ttft, Stat: analyze.Mean, Load: load(4), Test: compare.TestRuns, NOld: 3, NNew: 3, PValue: math.NaN()}
	none := compare.Delta{Metric: ttft, Stat: analyze.P99, Load: load(4), Test: compare.TestNone, Reason: "no_spread_for_stat", PValue: math.NaN()}
	one := none
	one.Load, one.Reason = load(8), "samples_one_side"
	if got, want := v.noTestWhy([]compare.Delta{none, one}), "c=4: no run-to-run spread of this statistic; c=8: per-request values on one side only"; got != want {
		t.Errorf("reasons by level: %q, want %q", got, want)
	}
	if got := v.noTestWhy([]compare.Delta{none, runs}); got != "" {
		t.Errorf("a table with a test has a note: %q", got)
	}
}
