package chart

import (
	"fmt"
	"image/color"
	"math"
	"reflect"
	"slices"
	"testing"
	"unsafe"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/internal/reporttest"
)

// campaign is a report of n configs over engines (config i runs
// engines[i%len]; spec says which are speculative) at c = 1 … 64, with
// TTFT rising through the 1000 ms SLO, and speculative pairs where an
// engine has both modes.
func campaign(n int, engines []string, spec func(i int) bool) *analyze.Report {
	r := &analyze.Report{Name: "campaign", Params: analyze.DefaultParams(), Axis: analyze.AxisConcurrency}
	for c := 1; c <= 64; c *= 2 {
		r.Levels = append(r.Levels, analyze.Load(c))
	}
	nan := math.NaN()
	for i := range n {
		cf := analyze.Config{ID: fmt.Sprintf("cfg-%02d", i), Name: analyze.Text{"": fmt.Sprintf("config %02d", i)},
			Engine: analyze.Text{"": engines[i%len(engines)]}, Speculative: spec(i), Format: "llm-benchmark", Definitions: reporttest.ExportDefs}
		speed := 1 + 0.05*float64(i%5)
		for _, lc := range r.Levels {
			c := float64(lc)
			ttft := 60 * c / speed
			tps := 120 / math.Sqrt(c) * speed
			lat := ttft/1000 + 128/tps
			l := analyze.Level{Load: lc, Concurrency: c, LoadReached: true, Requests: -1, Errors: -1, Goodput: nan, InFlight: c,
				TTFT:        analyze.Stat{Mean: ttft, P10: nan, P50: nan, P90: ttft * 1.3, P99: nan},
				ITL:         analyze.Stat{Mean: 1000 / tps, P10: nan, P50: nan, P90: 1100 / tps, P99: nan},
				TPS:         analyze.Stat{Mean: tps, P10: nan, P50: nan, P90: tps * 1.1, P99: nan},
				Latency:     analyze.Stat{Mean: lat, P10: nan, P50: nan, P90: lat * 1.2, P99: nan},
				RPSReported: 1 / lat, AggregateTPS: tps * c, SystemRPS: c / lat}
			l.SLO.P90 = analyze.SLOVerdict{TTFT: ttft*1.3 <= 1000, TPS: tps*1.1 >= 15}
			l.SLO.Mean = analyze.SLOVerdict{TTFT: ttft <= 1000, TPS: tps >= 15}
			cf.Levels = append(cf.Levels, l)
		}
		cp := analyze.Capacity{Max: 8, Concurrency: 8, LatencyMeanS: 2, Users: 188}
		cf.Capacity = analyze.Capacities{P90: cp, Mean: cp}
		r.Configs = append(r.Configs, cf)
	}
	return r
}

// testReports are the reports the chart-wide rules are checked on: the
// hand-made ones, one with speculative pairs, and campaigns of 12, 16
// and 24 configs.
func testReports() map[string]*analyze.Report {
	pairs := campaign(4, []string{"vLLM", "vLLM", "SGLang", "SGLang"}, func(i int) bool { return i%2 == 1 })
	be := analyze.Load(16)
	x := 12.5
	pairs.Speedups = []analyze.Speedup{
		{Engine: "vLLM", Direct: "cfg-00", Spec: "cfg-01", BreakEven: &be, BreakEvenInterpolated: &x,
			Points: []analyze.SpeedupPoint{{Load: 1, Ratio: 1.4}, {Load: 16, Ratio: 0.9}, {Load: 64, Ratio: 0.7}}},
		{Engine: "SGLang", Direct: "cfg-02", Spec: "cfg-03", BreakEven: &be,
			Points: []analyze.SpeedupPoint{{Load: 1, Ratio: 1.2}, {Load: 16, Ratio: 0.95}}},
	}
	return map[string]*analyze.Report{
		"tiny":        reporttest.Tiny(),
		"tiny-rate":   reporttest.TinyRate(),
		"pairs":       pairs,
		"campaign-12": campaign(12, []string{"vLLM", "SGLang", "TGI", "LMDeploy"}, func(i int) bool { return i%3 == 0 }),
		"campaign-16": campaign(16, []string{"vLLM"}, func(i int) bool { return i%2 == 1 }),
		"campaign-24": campaign(24, []string{"vLLM", "SGLang", "TGI"}, func(i int) bool { return i%2 == 1 }),
	}
}

// figures builds every chart of r in lang.
func figures(t *testing.T, r *analyze.Report, lang string) map[string]*figure {
	t.Helper()
	cv := newChartView(r, reporttest.Locale(t, r, lang))
	out := map[string]*figure{}
	for _, d := range defs {
		f, err := d.build(cv)
		if err != nil {
			t.Fatalf("%s: %v", d.name, err)
		}
		if f != nil {
			out[d.name] = f
		}
	}
	if err := cv.loc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// plotters are the plotters added to p. gonum/plot keeps them in an
// unexported field; the tests read it (gonum/plot is pinned, and a
// rename fails here, loudly).
func plotters(p *plot.Plot) []plot.Plotter {
	v := reflect.ValueOf(p).Elem().FieldByName("plotters")
	if !v.IsValid() || v.Type() != reflect.TypeOf([]plot.Plotter(nil)) {
		panic("gonum/plot's Plot has no plotters field")
	}
	return *(*[]plot.Plotter)(unsafe.Pointer(v.UnsafeAddr()))
}

// stroke is a line's colour and dash pattern.
type stroke struct {
	color  color.RGBA
	dashes string
	dotted bool // some dash is under 2 pt
}

func strokeOf(s draw.LineStyle) stroke {
	r, g, b, a := s.Color.RGBA()
	dotted := false
	for i := 0; i < len(s.Dashes); i += 2 {
		dotted = dotted || s.Dashes[i] < vg.Points(2)
	}
	return stroke{color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}, fmt.Sprint(s.Dashes), dotted}
}

func colorOf(c color.Color) color.RGBA { return strokeOf(draw.LineStyle{Color: c}).color }

// panelStrokes sorts a panel's strokes into the series' (lines, marker
// and error-bar colours) and the reference lines'.
func panelStrokes(p *plot.Plot) (series []stroke, seriesColors []color.RGBA, refs []stroke) {
	for _, pl := range plotters(p) {
		switch v := pl.(type) {
		case *plotter.Line:
			series = append(series, strokeOf(v.LineStyle))
			seriesColors = append(seriesColors, colorOf(v.Color))
		case *plotter.Scatter:
			seriesColors = append(seriesColors, colorOf(v.Color))
		case errBars:
			seriesColors = append(seriesColors, colorOf(v.color))
		case hline:
			refs = append(refs, strokeOf(v.style))
		case vline:
			refs = append(refs, strokeOf(v.style))
		}
	}
	return series, seriesColors, refs
}

// TestReferenceLinesUnlikeSeries: in every panel of every chart, each
// SLO or reference line differs from every series stroke in colour and
// in dash, is dotted (dashes under 2 pt), and grey; and no series is
// dotted or grey, so that no chart can be drawn where a reference
// reads as data.
func TestReferenceLinesUnlikeSeries(t *testing.T) {
	t.Parallel()
	for name, r := range testReports() {
		refs := 0
		for chart, f := range figures(t, r, "en") {
			for _, p := range allPanels(f) {
				for _, err := range refsUnlikeSeries(p) {
					t.Errorf("%s %s: %v", name, chart, err)
				}
				_, _, rs := panelStrokes(p)
				refs += len(rs)
			}
		}
		if refs == 0 {
			t.Errorf("%s: no chart drew a reference line; the test checks nothing", name)
		}
	}
}

// allPanels are f's panels.
func allPanels(f *figure) []*plot.Plot {
	var out []*plot.Plot
	for _, row := range f.panels {
		for _, p := range row {
			if p != nil {
				out = append(out, p)
			}
		}
	}
	return out
}

// refsUnlikeSeries checks p's reference lines against its series.
func refsUnlikeSeries(p *plot.Plot) []error {
	var errs []error
	series, colors, refs := panelStrokes(p)
	for _, ref := range refs {
		if !ref.dotted || !grey(ref.color) {
			errs = append(errs, fmt.Errorf("reference line %v is not grey and dotted", ref))
		}
		for _, s := range series {
			if s.dashes == ref.dashes {
				errs = append(errs, fmt.Errorf("a series is dashed like the reference line (%s)", s.dashes))
			}
		}
		if slices.Contains(colors, ref.color) {
			errs = append(errs, fmt.Errorf("a series has the reference line's colour %v", ref.color))
		}
	}
	for _, s := range series {
		if s.dotted || grey(s.color) {
			errs = append(errs, fmt.Errorf("series stroke %v is dotted or grey", s))
		}
	}
	return errs
}

// grey reports whether c has no hue.
func grey(c color.RGBA) bool { return c.R == c.G && c.G == c.B }

// TestNoBarsOnLogAxes walks every panel of every chart: a plotter that
// draws bars sits on no log axis (a bar's length would mean nothing).
func TestNoBarsOnLogAxes(t *testing.T) {
	t.Parallel()
	bars := 0
	for name, r := range testReports() {
		for chart, f := range figures(t, r, "tr") {
			for _, row := range f.panels {
				for _, p := range row {
					if p == nil {
						continue
					}
					n, err := barsOnLog(p)
					bars += n
					if err != nil {
						t.Errorf("%s %s: %v", name, chart, err)
					}
				}
			}
		}
	}
	if bars == 0 {
		t.Error("no chart drew bars; the test checks nothing")
	}
	// The check itself catches a bar plotter on a log axis.
	p := plot.New()
	p.Add(capRows{bar: true, rows: []capRow{{head: 4, other: math.NaN(), color: color.RGBA{A: 255}}}})
	p.X.Scale = plot.LogScale{}
	if _, err := barsOnLog(p); err == nil {
		t.Error("barsOnLog passes bars on a log axis")
	}
}

// barsOnLog counts p's bar plotters and fails when one sits on a log
// axis.
func barsOnLog(p *plot.Plot) (int, error) {
	n := 0
	for _, pl := range plotters(p) {
		isBar := false
		switch v := pl.(type) {
		case barPlotter:
			isBar = v.drawsBars()
		case *plotter.BarChart, *plotter.Histogram:
			isBar = true
		}
		if !isBar {
			continue
		}
		n++
		for _, ax := range []*plot.Axis{&p.X, &p.Y} {
			if _, lin := ax.Scale.(plot.LinearScale); !lin {
				return n, fmt.Errorf("bars on a %T axis", ax.Scale)
			}
		}
	}
	return n, nil
}

// TestStyles: up to maxStyled configs, every config's colour × marker ×
// dash is its own however the configs fall into engines; configs of one
// engine share its hue; direct ones are solid with filled markers,
// speculative ones dashed with hollow markers; the first engines have
// distinct marker shapes (apart in grey print).
func TestStyles(t *testing.T) {
	t.Parallel()
	layouts := map[string][]string{
		"one engine":   {"vLLM"},
		"two engines":  {"vLLM", "SGLang"},
		"five engines": {"a", "b", "c", "d", "e"},
		"each its own": {"e0", "e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9", "e10", "e11", "e12", "e13", "e14", "e15"},
	}
	for name, engines := range layouts {
		for _, specEvery := range []int{1, 2, 3} {
			r := campaign(maxStyled, engines, func(i int) bool { return i%specEvery == specEvery-1 })
			pl := newPalette(r, "en")
			seen := map[string]int{}
			for i, c := range r.Configs {
				s := pl.of(i)
				m := s.Glyph.Shape.(marker)
				key := fmt.Sprint(s.Color, m.shape, m.hollow, s.Line.Dashes)
				if j, dup := seen[key]; dup {
					t.Errorf("%s, spec every %d: configs %d and %d look alike", name, specEvery, j, i)
				}
				seen[key] = i
				if c.Speculative != (len(s.Line.Dashes) > 0) || c.Speculative != m.hollow {
					t.Errorf("%s: config %d (speculative %v): dashes %v, hollow %v", name, i, c.Speculative, s.Line.Dashes, m.hollow)
				}
				if want := hue(families[pl.engOf[i]%len(families)]); math.Abs(hue(s.Color)-want) > 4 {
					t.Errorf("%s: config %d hue %.0f°, its engine's %.0f°", name, i, hue(s.Color), want)
				}
			}
		}
	}
	pl := newPalette(campaign(5, []string{"a", "b", "c", "d", "e"}, func(int) bool { return false }), "en")
	shapes := map[markerShape]bool{}
	for i := range 5 {
		shapes[pl.of(i).Glyph.Shape.(marker).shape] = true
	}
	if len(shapes) != 5 {
		t.Errorf("five engines share marker shapes: %v", shapes)
	}
}

// hue is c's hue angle in degrees.
func hue(c color.RGBA) float64 {
	r, g, b := float64(c.R), float64(c.G), float64(c.B)
	mx, mn := math.Max(r, math.Max(g, b)), math.Min(r, math.Min(g, b))
	if mx == mn {
		return 0
	}
	var h float64
	switch mx {
	case r:
		h = math.Mod((g-b)/(mx-mn), 6)
	case g:
		h = (b-r)/(mx-mn) + 2
	default:
		h = (r-g)/(mx-mn) + 4
	}
	h *= 60
	if h < 0 {
		h += 360
	}
	return h
}

// TestSmallMultiples: up to 16 configs (maxStyled) a line chart draws one row
// of panels with one legend; one more config and it draws a row per
// engine part of at most maxPerMultiple configs, each config in exactly
// one row's legend.
func TestSmallMultiples(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		n, rows int
	}{{16, 1}, {17, 3}, {24, 6}} {
		r := campaign(tt.n, []string{"vLLM", "SGLang", "TGI"}, func(i int) bool { return i%2 == 1 })
		fs := figures(t, r, "en")
		for _, name := range []string{"01-ttft", "05-throughput", "07-aggregate-output"} {
			if err := checkRows(fs[name], tt.n, tt.rows); err != nil {
				t.Errorf("%d configs, %s: %v", tt.n, name, err)
			}
		}
	}
}

// checkRows checks that f draws n configs in rows rows of panels: one
// with a legend of all, or small multiples of at most maxPerMultiple
// configs, each config in exactly one row's legend.
func checkRows(f *figure, n, rows int) error {
	if len(f.panels) != rows {
		return fmt.Errorf("%d rows of panels, want %d", len(f.panels), rows)
	}
	if rows == 1 {
		if len(f.rowLegends) != 0 || len(f.legend) != n {
			return fmt.Errorf("%d row legends, %d legend entries", len(f.rowLegends), len(f.legend))
		}
		return nil
	}
	seen := map[string]int{}
	for _, l := range f.rowLegends {
		if len(l) > maxPerMultiple {
			return fmt.Errorf("a multiple of %d configs", len(l))
		}
		for _, e := range l {
			seen[e.label]++
		}
	}
	if len(seen) != n {
		return fmt.Errorf("%d configs in the row legends", len(seen))
	}
	for label, k := range seen {
		if k != 1 {
			return fmt.Errorf("%s in %d rows", label, k)
		}
	}
	return nil
}
