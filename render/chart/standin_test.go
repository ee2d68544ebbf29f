package chart

import (
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/openzeka/reportgen/internal/reporttest"
)

// ringed are the points of p ringed as stand-ins.
func ringed(p *plot.Plot) plotter.XYs {
	var out plotter.XYs
	for _, pl := range plotters(p) {
		if c, ok := pl.(crosses); ok && c.glyph.Shape == standInGlyph.Shape {
			out = append(out, c.xys...)
		}
	}
	return out
}

// labels are a figure's legend labels.
func labels(f *figure) []string {
	var out []string
	for _, e := range f.legend {
		out = append(out, e.label)
	}
	return out
}

// TestStandInsDrawn: where a tool lacks the statistic a panel shows,
// the point drawn (another statistic standing in) is ringed, in every
// chart that draws it (the metric charts, the dashboard, latency against
// throughput), and the legend names the stand-in and whom it is for;
// nothing is ringed, and no entry added, where every value is the
// statistic asked.
func TestStandInsDrawn(t *testing.T) {
	r := reporttest.Tiny()
	if f := figures(t, r, "en")["01-ttft"]; len(ringed(f.panels[0][1])) != 0 || slices.ContainsFunc(labels(f), func(s string) bool { return strings.Contains(s, " for P90") }) {
		t.Errorf("tiny: stand-ins drawn where there are none: %q", labels(f))
	}
	// b gives no P90 TTFT at c=4 but its P99: the P90 panel draws the
	// P99 there, ringed; a's levels are its own P90s.
	r = reporttest.Tiny()
	b := &r.Configs[1]
	b.Levels[1].TTFT.P99, b.Levels[1].TTFT.P90 = 1500, math.NaN()
	figs := figures(t, r, "en")
	ttft := figs["01-ttft"]
	got := ringed(ttft.panels[0][1])
	if len(got) != 1 || got[0].Y != 1500 {
		t.Errorf("01-ttft P90 panel rings %v, want b's P99 at c=4 (1500)", got)
	}
	if len(ringed(ttft.panels[0][0])) != 0 {
		t.Error("01-ttft mean panel rings a point: b has its mean")
	}
	if want := "P99 for P90: b|pipe"; !slices.Contains(labels(ttft), want) {
		t.Errorf("01-ttft legend %q lacks %q", labels(ttft), want)
	}
	dash := figs["10-dashboard"]
	if len(ringed(dash.panels[0][0])) != 1 {
		t.Errorf("dashboard TTFT tile rings %v", ringed(dash.panels[0][0]))
	}
	if want := "P99 for P90: b|pipe (TTFT)"; !slices.Contains(labels(dash), want) {
		t.Errorf("dashboard legend %q lacks %q", labels(dash), want)
	}
	trs := figures(t, r, "tr")["01-ttft"]
	if want := "P90 yerine P99: b|pipe"; !slices.Contains(labels(trs), want) {
		t.Errorf("tr legend %q lacks %q", labels(trs), want)
	}
}

// TestParetoMarksAndDefinitions: chart 11 draws the TPS SLO's threshold
// as a reference line (not a shaded region of the axis's statistic),
// crosses the points that miss either SLO at the headline statistic,
// and, where the tools define per-user TPS differently, says which
// definition each config's x is.
func TestParetoMarksAndDefinitions(t *testing.T) {
	r := reporttest.Tiny()
	f := figures(t, r, "en")["11-pareto"]
	p := f.panels[0][0]
	var line *vline
	var miss plotter.XYs
	for _, pl := range plotters(p) {
		switch m := pl.(type) {
		case vline:
			line = &m
		case crosses:
			if m.glyph.Shape == sloMiss.Shape {
				miss = append(miss, m.xys...)
			}
		}
	}
	if line == nil || line.x != r.Params.SLOTPS || line.label != "TPS SLO ≥ 15 tok/s, checked at P90" {
		t.Errorf("TPS SLO line %+v", line)
	}
	// Tiny's b fails the TTFT SLO at c=4 (P90 1440 ms): its point there
	// is crossed, and only it.
	bc4 := r.Pareto.Curve("b")[1]
	if len(miss) != 1 || miss[0].X != bc4.PerUserTPS {
		t.Errorf("crosses %v, want b at c=4 (x %v)", miss, bc4.PerUserTPS)
	}
	if slices.ContainsFunc(labels(f), func(s string) bool { return strings.HasPrefix(s, "x: ") }) {
		t.Errorf("one TPS definition, yet a definitions note: %q", labels(f))
	}
	r.Configs[1].Definitions.TPS = "decode"
	f = figures(t, r, "en")["11-pareto"]
	want := []string{"x: tokens / whole request time (TTFT included) for <script>alert(1)</script>", "x: 1000 / TPOT (TTFT excluded) for b|pipe"}
	if got := labels(f); !slices.Equal(got[len(got)-2:], want) {
		t.Errorf("definitions note %q, want %q", got, want)
	}
}

// TestWideCharts: the charts whose text is small for their size (the
// heat map, the dashboard) print at the text's full width; the others,
// and a name that is no chart, do not.
func TestWideCharts(t *testing.T) {
	for _, name := range Names() {
		want := name == "09-slo-heatmap" || name == "10-dashboard"
		if Wide(name) != want {
			t.Errorf("Wide(%q) = %v, want %v", name, Wide(name), want)
		}
	}
	if Wide("no-such-chart") {
		t.Error("a name that is no chart is wide")
	}
}
