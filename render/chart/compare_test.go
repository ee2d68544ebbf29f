package chart

import (
	"bytes"
	"image/color"
	"math"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/analyze/compare"
	"github.com/openzeka/reportgen/ingest"
	"github.com/openzeka/reportgen/internal/reporttest"
	"github.com/openzeka/reportgen/internal/testutil"
)

// sampleComparison is samples/compare/before against
// samples/compare/after, as reportgen compare makes it by default.
func sampleComparison(t *testing.T) *compare.Comparison {
	t.Helper()
	read := func(dir string) *analyze.Report {
		c, err := ingest.Read(dir, ingest.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		r, err := analyze.Build(c, analyze.Options{Now: time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	c, err := compare.New(read("../../samples/compare/before"), read("../../samples/compare/after"), compare.Options{ThresholdPct: compare.DefaultThresholdPct})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestComparisonChartsGolden compares the SVG of every chart of the
// sample comparison (English) with testdata/charts/, and checks their
// order: the heat map, then one overlay per headline metric.
func TestComparisonChartsGolden(t *testing.T) {
	t.Parallel()
	c := sampleComparison(t)
	charts, err := DrawComparison(c, Options{Locale: reporttest.Locale(t, c.Old, "en"), SVG: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"01-delta-heatmap", "02-ttft", "03-tps", "04-system-rps"}
	if got := chartNames(charts); !slices.Equal(got, want) {
		t.Fatalf("charts = %v, want %v", got, want)
	}
	for _, ch := range charts {
		testutil.Golden(t, filepath.Join("testdata", "charts", "compare-en-"+ch.Name+".svg"), ch.SVG)
	}
}

// TestComparisonChartsDeterministic: the same comparison draws the same
// bytes.
func TestComparisonChartsDeterministic(t *testing.T) {
	t.Parallel()
	c := sampleComparison(t)
	opt := Options{Locale: reporttest.Locale(t, c.Old, "tr"), PNG: true, SVG: true}
	a, err := DrawComparison(c, opt)
	if err != nil {
		t.Fatal(err)
	}
	b, err := DrawComparison(c, opt)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a {
		if !bytes.Equal(a[i].PNG, b[i].PNG) || !bytes.Equal(a[i].SVG, b[i].SVG) {
			t.Errorf("%s differs between two draws", a[i].Name)
		}
	}
}

// TestOverlayBaselineMuted: in every panel of every overlay, the
// baseline's line is dashed, thinner and lighter than the candidate's
// solid line in the same hue, and drawn under it; its markers are
// hollow, the candidate's filled. No series is dotted or grey (those
// are the reference lines).
func TestOverlayBaselineMuted(t *testing.T) {
	t.Parallel()
	c := sampleComparison(t)
	cv := newCmpView(c, reporttest.Locale(t, c.Old, "en"))
	for _, h := range cmpHeadlines(c) {
		f, err := cv.overlay(h)
		if err != nil {
			t.Fatal(err)
		}
		panels := 0
		for _, row := range f.panels {
			for _, p := range row {
				if p != nil {
					panels++
					checkSides(t, h.id, p)
				}
			}
		}
		if panels != len(c.Configs) {
			t.Errorf("%s: %d panels for %d configurations", h.id, panels, len(c.Configs))
		}
		checkSideLegend(t, cv, h.id, f.legend)
	}
}

// checkSideLegend checks an overlay's legend: per configuration its
// baseline and its candidate, side by side, each drawn as its lines are
// (in the configuration's colour, never grey), and nothing else.
func checkSideLegend(t *testing.T, cv *cmpView, id analyze.MetricID, legend []legendEntry) {
	t.Helper()
	if len(legend) != 2*len(cv.c.Configs) {
		t.Fatalf("%s: %d legend entries for %d configurations", id, len(legend), len(cv.c.Configs))
	}
	for i, cf := range cv.c.Configs {
		base, cand := cv.sideStyles(cf)
		name := cv.configTitle(cf)
		for k, want := range []struct {
			label string
			style seriesStyle
		}{{name + ", baseline", base}, {name + ", candidate", cand}} {
			e := legend[2*i+k]
			if e.label != want.label || e.style.Line.Color != want.style.Line.Color || len(e.style.Line.Dashes) != len(want.style.Line.Dashes) || isGrey(e.style.Line.Color) {
				t.Errorf("%s: legend entry %d is %q in %v, want %q in %v as its line", id, 2*i+k, e.label, e.style.Line.Color, want.label, want.style.Line.Color)
			}
		}
	}
}

// TestOverlaySLOLines: the TTFT overlay draws the TTFT SLO (checked at
// the P90 it shows), the TPS overlay the TPS SLO, which it labels with
// the statistic the SLO is checked at, as the mean it draws is another;
// the system throughput has none.
func TestOverlaySLOLines(t *testing.T) {
	c := sampleComparison(t)
	cv := newCmpView(c, reporttest.Locale(t, c.Old, "en"))
	want := map[analyze.MetricID]string{analyze.TTFT: "SLO ≤ 1,000 ms", analyze.TPS: "SLO ≥ 20 tok/s (at P90)", analyze.SystemRPS: ""}
	for _, h := range cmpHeadlines(c) {
		f, err := cv.overlay(h)
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range f.panels {
			for _, p := range row {
				if p == nil {
					continue
				}
				got := ""
				for _, pl := range plotters(p) {
					if l, ok := pl.(hline); ok {
						got = l.label
					}
				}
				if got != want[h.id] {
					t.Errorf("%s: SLO line %q, want %q", h.id, got, want[h.id])
				}
			}
		}
	}
}

// checkSides checks an overlay panel: one line and one set of markers
// per side, the baseline's dashed, thinner, lighter and hollow under
// the candidate's, neither grey.
func checkSides(t *testing.T, id analyze.MetricID, p *plot.Plot) {
	t.Helper()
	var lines []*plotter.Line
	var marks []*plotter.Scatter
	for _, pl := range plotters(p) {
		switch x := pl.(type) {
		case *plotter.Line:
			lines = append(lines, x)
		case *plotter.Scatter:
			marks = append(marks, x)
		}
	}
	if len(lines) != 2 || len(marks) != 2 {
		t.Fatalf("%s: a panel has %d lines and %d marker sets, want one of each per side", id, len(lines), len(marks))
	}
	base, cand := lines[0].LineStyle, lines[1].LineStyle
	switch {
	case len(base.Dashes) == 0 || len(cand.Dashes) != 0:
		t.Errorf("%s: baseline dashes %v, candidate dashes %v", id, base.Dashes, cand.Dashes)
	case base.Width >= cand.Width:
		t.Errorf("%s: baseline width %v not below the candidate's %v", id, base.Width, cand.Width)
	case !lighter(base.Color, cand.Color):
		t.Errorf("%s: baseline %v is not lighter than the candidate's %v", id, base.Color, cand.Color)
	case !longDashes(base.Dashes):
		t.Errorf("%s: the baseline's dashes %v read as a reference line's dots", id, base.Dashes)
	}
	if !marks[0].GlyphStyle.Shape.(marker).hollow || marks[1].GlyphStyle.Shape.(marker).hollow {
		t.Errorf("%s: the baseline's markers should be hollow, the candidate's filled", id)
	}
	if isGrey(base.Color) || isGrey(cand.Color) {
		t.Errorf("%s: a series is grey", id)
	}
}

// longDashes reports whether every dash of a pattern (its even entries;
// the odd ones are gaps) is at least 4 pt long, as no reference line's
// dot is.
func longDashes(ds []vg.Length) bool {
	for i := 0; i < len(ds); i += 2 {
		if ds[i] < vg.Points(4) {
			return false
		}
	}
	return true
}

// lighter reports whether a is lighter (nearer white) than b.
func lighter(a, b color.Color) bool {
	sum := func(c color.Color) uint32 { r, g, b, _ := c.RGBA(); return r + g + b }
	return sum(a) > sum(b)
}

// isGrey reports whether c has no hue.
func isGrey(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r == g && g == b
}

// TestDeltaHeatColour: a heat-map cell's colour says whether the change
// is better or worse for its metric, not the sign of the change: TTFT
// (lower is better) falling 20 % is green and rising 20 % vermillion,
// TPS the other way round; a change that does not count is grey
// whatever its size, one the data cannot tell, or a level not compared,
// has no hue.
func TestDeltaHeatColour(t *testing.T) {
	t.Parallel()
	c := sampleComparison(t)
	cv := newCmpView(c, reporttest.Locale(t, c.Old, "en"))
	delta := func(m analyze.MetricID, old, cand float64, ch compare.Change) *compare.Delta {
		return &compare.Delta{Metric: compare.Metric(m), Old: old, New: cand, DeltaPct: (cand - old) / old * 100,
			LowerIsBetter: m.LowerIsBetter(), Change: ch, Test: compare.TestQuantile, PValue: 0.001, Significant: ch != compare.Unchanged}
	}
	green, red := func(c color.Color) bool { r, g, _, _ := c.RGBA(); return g > r }, func(c color.Color) bool { r, g, _, _ := c.RGBA(); return r > g }
	for _, tt := range []struct {
		name string
		d    *compare.Delta
		kind deltaKind
		hue  func(color.Color) bool
		text string
	}{
		{"TTFT falls", delta(analyze.TTFT, 100, 80, compare.Improved), deltaBetter, green, "−20.0%"},
		{"TTFT rises", delta(analyze.TTFT, 100, 120, compare.Regressed), deltaWorse, red, "+20.0%"},
		{"TPS rises", delta(analyze.TPS, 100, 120, compare.Improved), deltaBetter, green, "+20.0%"},
		{"TPS falls", delta(analyze.TPS, 100, 80, compare.Regressed), deltaWorse, red, "−20.0%"},
		{"not significant", delta(analyze.TTFT, 100, 60, compare.Unchanged), deltaSame, isGrey, "~ −40.0%"},
		{"cannot be told", delta(analyze.TTFT, math.NaN(), 60, compare.Unknown), deltaUnknown, isGrey, "?"},
		{"not compared", nil, deltaNotCompared, isGrey, "–"},
	} {
		cell := cv.deltaCellOf(tt.d)
		if cell.kind != tt.kind || !tt.hue(cell.fill()) || cell.forms[0] != tt.text {
			t.Errorf("%s: kind %d, fill %v, text %q; want kind %d, text %q", tt.name, cell.kind, cell.fill(), cell.forms[0], tt.kind, tt.text)
		}
	}
	// A larger change is deeper (less white) than a smaller one.
	small, large := cv.deltaCellOf(delta(analyze.TTFT, 100, 90, compare.Improved)), cv.deltaCellOf(delta(analyze.TTFT, 100, 50, compare.Improved))
	if !lighter(small.fill(), large.fill()) {
		t.Errorf("a 10%% change (%v) is not paler than a 50%% one (%v)", small.fill(), large.fill())
	}
}

// TestHeatmapCells: the sample's heat map has a grid per headline
// metric, a row per matched configuration and a column per level of
// either side; SGLang's c=32, measured by the baseline only, is a cell
// not compared, and the cells follow the model's judgement.
func TestHeatmapCells(t *testing.T) {
	t.Parallel()
	c := sampleComparison(t)
	cv := newCmpView(c, reporttest.Locale(t, c.Old, "en"))
	hs := cmpHeadlines(c)
	type metricStat struct {
		id    analyze.MetricID
		stat  analyze.Statistic
		mixed bool
	}
	var got []metricStat
	for _, h := range hs {
		got = append(got, metricStat{h.id, h.stat, h.mixed})
	}
	if want := []metricStat{{analyze.TTFT, analyze.P90, false}, {analyze.TPS, analyze.Mean, false}, {analyze.SystemRPS, "", false}}; !slices.Equal(got, want) {
		t.Fatalf("headlines %v, want %v", got, want)
	}
	f := cv.heatmap(hs)
	if len(f.panels) != 3 {
		t.Fatalf("%d grids, want 3", len(f.panels))
	}
	for k, row := range f.panels {
		var g deltaGrid
		for _, pl := range plotters(row[0]) {
			if x, ok := pl.(deltaGrid); ok {
				g = x
			}
		}
		if len(g.cells) != len(c.Configs) || len(g.cells[0]) != len(cv.levels) {
			t.Fatalf("grid %d: %d × %d cells", k, len(g.cells), len(g.cells[0]))
		}
		for i, cf := range c.Configs {
			for j, x := range cv.levels {
				d := headlineDelta(cf, hs[k].id, x)
				cell := g.cells[i][j]
				want := map[compare.Change]deltaKind{compare.Improved: deltaBetter, compare.Regressed: deltaWorse, compare.Unchanged: deltaSame, compare.Unknown: deltaUnknown}
				switch {
				case d == nil && (cf.ID != "sglang-direct" || x != 32):
					t.Errorf("%s %v: no headline delta", cf.ID, x)
				case d == nil && cell.kind != deltaNotCompared:
					t.Errorf("%s %v: not compared, but kind %d", cf.ID, x, cell.kind)
				case d != nil && cell.kind != want[d.Change]:
					t.Errorf("%s %v %s: change %s, kind %d", cf.ID, x, d.Metric, d.Change, cell.kind)
				}
			}
		}
	}
}
