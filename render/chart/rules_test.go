package chart

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/internal/reporttest"
)

// TestHeatmapLegend: the SLO heat map's legend lists the kinds of cell
// that occur, and only those.
func TestHeatmapLegend(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		change func(r *analyze.Report)
		want   []string
	}{
		// Tiny: b has no c=2 and fails TTFT at c=4.
		{"tiny", func(*analyze.Report) {}, []string{"both SLOs met", "one SLO met", "not measured"}},
		{"all pass, all measured", func(r *analyze.Report) {
			r.Configs = r.Configs[:1]
		}, []string{"both SLOs met"}},
		{"fail, unreached, unchecked", func(r *analyze.Report) {
			r.Configs = r.Configs[:1]
			c := &r.Configs[0]
			c.Levels[0].SLO.P90 = analyze.SLOVerdict{}
			c.Levels[1].LoadReached = false
			c.Levels[2].TTFT.P90 = math.NaN()
			c.Levels[2].SLO.P90 = analyze.SLOVerdict{TPS: true, TTFTStat: analyze.StatNone}
		}, []string{"one SLO met", "neither met", "cannot be checked (no statistic)", "load not reached"}},
	} {
		r := reporttest.Tiny()
		tt.change(r)
		f := figures(t, r, "en")["09-slo-heatmap"]
		var got []string
		for _, e := range f.legend {
			got = append(got, e.label)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: legend %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestSameCurve: aggregate output equal to request throughput × output
// length within 5 % at every level is one curve (exactly 5 % off still
// is); a level past it, or no level with both, is not.
func TestSameCurve(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		tokens int
		aggs   []float64 // at system rps 1, 2, 4
		want   bool
	}{
		{"exact", 100, []float64{100, 200, 400}, true},
		{"5 % over", 100, []float64{100, 210, 400}, true},
		{"5 % under", 100, []float64{95, 200, 400}, true},
		{"past 5 %", 100, []float64{100, 210.2, 400}, false},
		{"length from the data", 0, []float64{128, 256, 512}, true},
		{"varying length, none given", 0, []float64{128, 300, 512}, false},
		{"nothing to compare", 100, []float64{math.NaN(), math.NaN(), math.NaN()}, false},
	} {
		r := reporttest.Tiny()
		r.Configs = r.Configs[:1]
		r.Params.OutputTokens = tt.tokens
		for i, a := range tt.aggs {
			r.Configs[0].Levels[i].AggregateTPS = a
			r.Configs[0].Levels[i].SystemRPS = float64(int(1) << i)
		}
		if got := sameCurve(r); got != tt.want {
			t.Errorf("%s: sameCurve = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestThroughputChart: 05 never draws the tool's per-user RPS; it
// plots the system throughput over the load, or when that would copy
// 07, TTFT against it; latency against it in both cases.
func TestThroughputChart(t *testing.T) {
	t.Parallel()
	r := reporttest.Tiny()
	for _, same := range []bool{false, true} {
		if same {
			r.Params.OutputTokens = 0
			for i := range r.Configs {
				for j := range r.Configs[i].Levels {
					l := &r.Configs[i].Levels[j]
					l.AggregateTPS = l.SystemRPS * 128
				}
			}
		}
		f := figures(t, r, "en")["05-throughput"]
		var titles []string
		for _, p := range f.panels[0] {
			titles = append(titles, p.Title.Text)
		}
		want := []string{"System throughput (c / mean latency)", "Latency, P90 (s)"}
		if same {
			want[0] = "TTFT, P90 (ms)"
		}
		if !slices.Equal(titles, want) {
			t.Errorf("same curve %v: panels %q, want %q", same, titles, want)
		}
		if got, want := throughputCaption(r), map[bool]string{false: "chart_throughput", true: "chart_throughput_same"}[same]; got != want {
			t.Errorf("same curve %v: caption %s, want %s", same, got, want)
		}
	}
}

// TestDashboardHeadline: the dashboard plots the headline statistic
// (P90 by default, else the mean) with the TTFT and TPS SLO lines.
func TestDashboardHeadline(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		pct   analyze.Percentile
		word  string
		value float64 // TTFT of Tiny's first config at c=1
	}{{analyze.P90, "P90", 120}, {analyze.Mean, "mean", 100}} {
		r := reporttest.Tiny()
		r.Params.Percentile = tt.pct
		f := figures(t, r, "en")["10-dashboard"]
		ttft, tps := f.panels[0][0], f.panels[0][2]
		if ttft.Title.Text != "TTFT, "+tt.word+" (ms)" {
			t.Errorf("%s: TTFT tile %q", tt.pct, ttft.Title.Text)
		}
		if !hasLine(ttft, 1000) || !hasLine(tps, 15) {
			t.Errorf("%s: a tile lacks its SLO line", tt.pct)
		}
		if _, ok := ttft.Y.Scale.(plot.LogScale); !ok {
			t.Errorf("%s: TTFT tile not on a log axis", tt.pct)
		}
		if got := firstY(ttft); math.Abs(got-tt.value) > 1e-9 {
			t.Errorf("%s: TTFT tile starts at %v, want %v", tt.pct, got, tt.value)
		}
	}
}

func hasLine(p *plot.Plot, y float64) bool {
	for _, pl := range plotters(p) {
		if h, ok := pl.(hline); ok && h.y == y && h.style.Color == sloLine.Color {
			return true
		}
	}
	return false
}

// firstY is the first point of p's first line.
func firstY(p *plot.Plot) float64 {
	for _, pl := range plotters(p) {
		if l, ok := pl.(*plotter.Line); ok {
			return l.XYs[0].Y
		}
	}
	return math.NaN()
}

// TestMargin writes the heat map's margins in each language's form: a
// percentage of the threshold, from twice it on a multiple of it.
func TestMargin(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		lang     string
		v, slo   float64
		want     string
		wantLine string
	}{
		{"tr", 1107, 1000, "+%11", "1.107 ms +%11"},
		{"en", 1107, 1000, "+11%", "1,107 ms +11%"},
		{"tr", 70.5, 1000, "−%93", "70,5 ms −%93"},
		{"en", 1000, 1000, "0%", "1,000 ms 0%"},
		{"en", 1000.4, 1000, "+0.04%", "1,000 ms +0.04%"},
		{"en", 3.2, 1000, "−99.7%", "3.20 ms −99.7%"},
		// From a factor of 2 (rounded to one decimal) on, the multiple.
		{"en", 1949, 1000, "+95%", "1,949 ms +95%"},
		{"en", 1950, 1000, "2.0×", "1,950 ms 2.0×"},
		{"tr", 13420, 1000, "13,4×", "13.420 ms 13,4×"},
	} {
		cv := newChartView(reporttest.Tiny(), reporttest.Locale(t, reporttest.Tiny(), tt.lang))
		if got := cv.margin(tt.v, tt.slo); got != tt.want {
			t.Errorf("%s margin(%v, %v) = %q, want %q", tt.lang, tt.v, tt.slo, got, tt.want)
		}
		l := cv.cellLine(sloCheck{value: tt.v, slo: tt.slo, unit: "ms"})
		if l.forms[0] != tt.wantLine {
			t.Errorf("%s cell line %q, want %q", tt.lang, l.forms[0], tt.wantLine)
		}
	}
}

// TestLogTicks: 1 2 5 on a range of a few decades, denser on a narrow
// one, decades only on a wide one.
func TestLogTicks(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		lo, hi float64
		want   []float64
	}{
		{40, 6000, []float64{50, 100, 200, 500, 1000, 2000, 5000}},
		{6, 60, []float64{10, 20, 30, 50}},
		{1.2, 9.9, []float64{1.5, 2, 3, 4, 6}},
		{0.5, 2e5, []float64{1, 10, 100, 1000, 1e4, 1e5}},
		{0.04, 0.3, []float64{0.05, 0.1, 0.2, 0.3}},
	} {
		if got := logTicks(tt.lo, tt.hi); !slices.Equal(got, tt.want) {
			t.Errorf("logTicks(%v, %v) = %v, want %v", tt.lo, tt.hi, got, tt.want)
		}
	}
}

// TestInfNotJoined: an unbounded rate is a run of its own, never joined
// to the finite levels by a line, and sits past the top finite level
// behind an axis break.
func TestInfNotJoined(t *testing.T) {
	t.Parallel()
	inf := analyze.Load(math.Inf(1))
	levels := []analyze.Load{1, 2, 4, inf}
	runs := levelRuns(levels, func(analyze.Load) (float64, bool) { return 1, true })
	if len(runs) != 2 || len(runs[0]) != 3 || len(runs[1]) != 1 || runs[1][0].X != axisX(levels, inf) {
		t.Errorf("runs %v: want 1 2 4, then ∞ alone", runs)
	}
	b, ok := infBreak(levels)
	if !ok || !(b > 4 && b < axisX(levels, inf)) {
		t.Errorf("break at %v (%v), want between 4 and %v", b, ok, axisX(levels, inf))
	}
	if _, ok := infBreak(levels[:3]); ok {
		t.Error("a break without ∞")
	}
	f := figures(t, reporttest.TinyRate(), "en")["01-ttft"]
	breaks := 0
	for _, pl := range plotters(f.panels[0][0]) {
		if _, ok := pl.(axisBreak); ok {
			breaks++
		}
	}
	if breaks != 1 {
		t.Errorf("the rate chart has %d axis breaks, want 1", breaks)
	}
}
