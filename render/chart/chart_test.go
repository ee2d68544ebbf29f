package chart

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot/plotter"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/internal/reporttest"
	"github.com/openzeka/reportgen/internal/testutil"
)

func chartNames(cs []Chart) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}

// TestChartsGolden compares the SVG of every chart of the hand-made
// report (Turkish edition) with testdata/charts/.
func TestChartsGolden(t *testing.T) {
	t.Parallel()
	charts, err := Draw(reporttest.Tiny(), Options{Locale: reporttest.Locale(t, reporttest.Tiny(), "tr"), SVG: true})
	if err != nil {
		t.Fatal(err)
	}
	// No speculative pair: no 08; no telemetry and no price: no 12;
	// every other chart is drawn.
	want := slices.DeleteFunc(Names(), func(n string) bool { return n == "08-spec-speedup" || slices.Contains(EnergyCharts(), n) })
	if got := chartNames(charts); !slices.Equal(got, want) {
		t.Fatalf("charts = %v, want %v", got, want)
	}
	for _, c := range charts {
		testutil.Golden(t, filepath.Join("testdata", "charts", "tiny-tr-"+c.Name+".svg"), c.SVG)
	}
}

// TestChartsText checks the localized text and number forms reach the
// drawings, that the SVG names fallback fonts, and that the Turkish
// charts carry no English word of the charts' vocabulary.
func TestChartsText(t *testing.T) {
	t.Parallel()
	textOf := regexp.MustCompile(`>([^<]*)</text>`)
	english := regexp.MustCompile(`(?i)\b(concurrency|throughput|latency|break-even|think time|speculative|direct|config|mean|users|dashboard)\b`)
	for _, tt := range []struct {
		lang string
		want []string
	}{
		{"tr", []string{"kullanıcı başına saniyedeki token", "Eşzamanlılık (c, log₂ ölçek)", "SLO ≤ 1.000 ms", "1.000", "Özet pano", "bir SLO sağlandı", "+%44"}},
		{"en", []string{"Per-User Tokens per Second", "Concurrency (c, log₂ scale)", "SLO ≤ 1,000 ms", "1,000", "Summary dashboard", "one SLO met", "+44%"}},
	} {
		charts, err := Draw(reporttest.Tiny(), Options{Locale: reporttest.Locale(t, reporttest.Tiny(), tt.lang), PNG: true, SVG: true})
		if err != nil {
			t.Fatal(err)
		}
		var all strings.Builder
		for _, c := range charts {
			all.Write(c.SVG)
			if !bytes.HasPrefix(c.PNG, []byte("\x89PNG")) {
				t.Errorf("%s: %s.png is not a PNG", tt.lang, c.Name)
			}
		}
		svg := all.String()
		for _, w := range tt.want {
			if !strings.Contains(svg, w) {
				t.Errorf("%s charts lack %q", tt.lang, w)
			}
		}
		if !strings.Contains(svg, "font-family:'Liberation Sans',Arial,Helvetica,sans-serif;") || strings.Contains(svg, "font-family:Liberation Sans;") {
			t.Errorf("%s: SVG font families lack the fallbacks", tt.lang)
		}
		// The HTML in a config name is escaped inside the SVG.
		if strings.Contains(svg, "<script>") {
			t.Errorf("%s: a config name reached the SVG unescaped", tt.lang)
		}
		if tt.lang != "tr" {
			continue
		}
		for _, m := range textOf.FindAllStringSubmatch(svg, -1) {
			if w := english.FindString(m[1]); w != "" {
				t.Errorf("tr: English %q in chart text %q", w, m[1])
			}
		}
	}
}

func TestChartsDeterministic(t *testing.T) {
	t.Parallel()
	a, err := Draw(reporttest.Tiny(), Options{Locale: reporttest.Locale(t, reporttest.Tiny(), "en"), PNG: true, SVG: true})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Draw(reporttest.Tiny(), Options{Locale: reporttest.Locale(t, reporttest.Tiny(), "en"), PNG: true, SVG: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := range a {
		if !bytes.Equal(a[i].PNG, b[i].PNG) || !bytes.Equal(a[i].SVG, b[i].SVG) {
			t.Errorf("%s differs between two runs", a[i].Name)
		}
	}
}

func TestSpeedupChartOnlyWithPair(t *testing.T) {
	t.Parallel()
	r := reporttest.Tiny()
	r.Configs[1].Speculative = true
	r.Configs[1].Engine = analyze.Text{"": "TGI"}
	be := analyze.Load(4)
	x := 3.2
	r.Speedups = []analyze.Speedup{{Engine: "TGI", Direct: "a", Spec: "b", BreakEven: &be, BreakEvenInterpolated: &x,
		Points: []analyze.SpeedupPoint{{Load: 1, Ratio: 1.3}, {Load: 4, Ratio: 0.8}}}}
	charts, err := Draw(r, Options{Locale: reporttest.Locale(t, r, "en"), SVG: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := slices.DeleteFunc(Names(), func(n string) bool { return slices.Contains(EnergyCharts(), n) }); !slices.Equal(chartNames(charts), want) {
		t.Errorf("charts = %v, want all of %v (no 12: no telemetry, no price)", chartNames(charts), want)
	}
	// The break-even point is marked at the level tested, never at the
	// interpolated crossing (c≈3.2 would claim a precision the levels
	// lack); the tie band around 1.0× is in the legend.
	for _, c := range charts {
		svg := string(c.SVG)
		if c.Name == "08-spec-speedup" && (!strings.Contains(svg, "break-even c=4") || strings.Contains(svg, "c≈") || !strings.Contains(svg, "on par (within 5% of 1.0×)")) {
			t.Error("the speedup chart does not mark the break-even level and the tie band")
		}
	}
}

func TestNiceStep(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want float64 }{
		{0.7, 1}, {1, 1}, {1.3, 2}, {2.2, 2.5}, {3, 5}, {7, 10}, {950, 1000}, {1050, 2000}, {0.021, 0.025}, {0, 1},
	} {
		if got := niceStep(tt.in); got != tt.want {
			t.Errorf("niceStep(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestWrapLabel(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"SGLang + Spec (EAGLE-3)", 12, "SGLang +\nSpec\n(EAGLE-3)"},
		{"vLLM", 12, "vLLM"},
		{"", 12, ""},
		{"vllm-direct-h200-tp8-fp8", 12, "vllm-direct-\nh200-tp8-fp8"},
		{"sglang_eagle3_b300", 12, "sglang_\neagle3_b300"},
		{"averyveryverylongtoken x", 12, "averyveryverylongtoken\nx"},
		{"trailing-", 4, "trailing-"},
		{"a a-bbbbbbbbbbbbbb", 6, "a a-\nbbbbbbbbbbbbbb"},
	}
	for _, tt := range tests {
		if got := wrapLabel(tt.in, tt.n); got != tt.want {
			t.Errorf("wrapLabel(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
}

// TestEncodePNG checks the chart PNG writer against image/png's reader.
func TestEncodePNG(t *testing.T) {
	t.Parallel()
	img := image.NewRGBA(image.Rect(0, 0, 37, 11))
	for y := 0; y < 11; y++ {
		for x := 0; x < 37; x++ {
			img.Set(x, y, color.RGBA{uint8(x * 7), uint8(y * 23), uint8(x * y), 255})
		}
	}
	var buf bytes.Buffer
	if err := encodePNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	back, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for y := 0; y < 11; y++ {
		for x := 0; x < 37; x++ {
			r1, g1, b1, _ := img.At(x, y).RGBA()
			r2, g2, b2, _ := back.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				t.Fatalf("pixel (%d,%d) differs after a round trip", x, y)
			}
		}
	}
}

// TestChartsOnlyAskedEncodings: Charts draws only the encodings asked
// for (a PDF build spends nothing on SVG), each byte for byte what a
// run asking for both gives, and refuses a call asking for neither.
func TestChartsOnlyAskedEncodings(t *testing.T) {
	t.Parallel()
	both, err := Draw(reporttest.Tiny(), Options{Locale: reporttest.Locale(t, reporttest.Tiny(), "tr"), PNG: true, SVG: true})
	if err != nil {
		t.Fatal(err)
	}
	pngOnly, err := Draw(reporttest.Tiny(), Options{Locale: reporttest.Locale(t, reporttest.Tiny(), "tr"), PNG: true})
	if err != nil {
		t.Fatal(err)
	}
	svgOnly, err := Draw(reporttest.Tiny(), Options{Locale: reporttest.Locale(t, reporttest.Tiny(), "tr"), SVG: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(pngOnly) != len(both) || len(svgOnly) != len(both) {
		t.Fatalf("%d PNG-only and %d SVG-only charts, %d with both", len(pngOnly), len(svgOnly), len(both))
	}
	for i, c := range both {
		if pngOnly[i].SVG != nil || !bytes.Equal(pngOnly[i].PNG, c.PNG) {
			t.Errorf("%s: PNG only: SVG drawn or PNG differs", c.Name)
		}
		if svgOnly[i].PNG != nil || !bytes.Equal(svgOnly[i].SVG, c.SVG) {
			t.Errorf("%s: SVG only: PNG drawn or SVG differs", c.Name)
		}
		if c.PNG == nil || c.SVG == nil {
			t.Errorf("%s: asked for both, got PNG %v, SVG %v", c.Name, c.PNG != nil, c.SVG != nil)
		}
	}
	if _, err := Draw(reporttest.Tiny(), Options{Locale: reporttest.Locale(t, reporttest.Tiny(), "tr")}); err == nil {
		t.Error("Charts drew with no encoding asked for")
	}
}

// BenchmarkEncodePNG encodes a chart-sized raster: white, with a few
// lines of colour, as charts are.
func BenchmarkEncodePNG(b *testing.B) {
	img := image.NewRGBA(image.Rect(0, 0, 1333, 733))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	for x := 0; x < 1333; x++ {
		img.Set(x, 300+x/7, color.RGBA{0x00, 0x72, 0xb2, 0xff})
		img.Set(x, 500-x/9, color.RGBA{0xd5, 0x5e, 0x00, 0xff})
	}
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := encodePNG(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
}

// TestParetoStepNeverOverclaims: the frontier's step line runs across at
// the more interactive point's output and up at the next point, so no
// part of it lies above what a point at least as interactive gives.
func TestParetoStepNeverOverclaims(t *testing.T) {
	t.Parallel()
	pr := analyze.Pareto{PerGPU: true, Points: []analyze.ParetoPoint{
		{Config: "a", Load: 1, PerUserTPS: 100, TPSPerGPU: 10, OnFrontier: true},
		{Config: "a", Load: 4, PerUserTPS: 60, TPSPerGPU: 30, OnFrontier: true},
		{Config: "b", Load: 4, PerUserTPS: 50, TPSPerGPU: 20, OnFrontier: false},
		{Config: "b", Load: 16, PerUserTPS: 20, TPSPerGPU: 70, OnFrontier: true},
	}}
	got := frontierStep(pr)
	want := plotter.XYs{{X: 100, Y: 10}, {X: 60, Y: 10}, {X: 60, Y: 30}, {X: 20, Y: 30}, {X: 20, Y: 70}}
	if !slices.Equal(got, want) {
		t.Errorf("frontier step %v, want %v", got, want)
	}
	for _, xy := range got {
		best := 0.0
		for _, pt := range pr.Points {
			if pt.PerUserTPS >= xy.X {
				best = max(best, pt.TPSPerGPU)
			}
		}
		if xy.Y > best {
			t.Errorf("the step at x=%v claims %v, more than the best point at least as interactive (%v)", xy.X, xy.Y, best)
		}
	}
}

// TestEnergyChart: chart 12 draws the energy per output token against
// interactivity where levels have telemetry (the refused level left
// out); with a price and no telemetry, the cost per million output
// tokens (per GPU counts known); with neither, nothing.
func TestEnergyChart(t *testing.T) {
	draw := func(r *analyze.Report, lang string) *Chart {
		t.Helper()
		charts, err := Draw(r, Options{Locale: reporttest.Locale(t, r, lang), SVG: true})
		if err != nil {
			t.Fatal(err)
		}
		for i := range charts {
			if charts[i].Name == "12-energy" {
				return &charts[i]
			}
		}
		return nil
	}
	for _, lang := range []string{"tr", "en"} {
		c := draw(reporttest.TinyEnergy(), lang)
		if c == nil {
			t.Fatalf("%s: no chart 12 with telemetry", lang)
		}
		testutil.Golden(t, filepath.Join("testdata", "charts", "tiny-energy-"+lang+"-12-energy.svg"), c.SVG)
	}
	if c := draw(reporttest.TinyEnergy(), "en"); !strings.Contains(string(c.SVG), "Energy per output token, J") {
		t.Error("chart 12 with telemetry: no energy axis")
	}
	priced := reporttest.Tiny()
	priced.Params.PricePerGPUHour, priced.Params.Currency = 2.5, "USD"
	for i := range priced.Configs {
		priced.Configs[i].GPUs = 1
	}
	if c := draw(priced, "en"); c == nil || !strings.Contains(string(c.SVG), "USD per million output tokens") {
		t.Error("chart 12 with a price alone: want the cost per million output tokens")
	}
	if c := draw(reporttest.Tiny(), "en"); c != nil {
		t.Error("chart 12 without telemetry or price: want none")
	}
}
