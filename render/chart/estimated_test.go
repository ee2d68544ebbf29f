package chart

import (
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/internal/reporttest"
)

// diamonds are the points of p ringed as estimates.
func diamonds(p *plot.Plot) plotter.XYs {
	var out plotter.XYs
	for _, pl := range plotters(p) {
		if c, ok := pl.(crosses); ok && c.glyph.Shape == estimateGlyph.Shape {
			out = append(out, c.xys...)
		}
	}
	return out
}

// barsOf counts the error bars p draws.
func barsOf(p *plot.Plot) int {
	n := 0
	for _, pl := range plotters(p) {
		if b, ok := pl.(errBars); ok {
			n += len(b.pts)
		}
	}
	return n
}

// estimatedTiny is Tiny with config b's mean latency estimated at both
// its levels (a vLLM file without e2el: no percentiles), its capacities
// and users resting on it, and its c=1 measured in two runs whose
// estimates spread.
func estimatedTiny(pct analyze.Percentile) *analyze.Report {
	r := reporttest.Tiny()
	r.Params.Percentile = pct
	b := &r.Configs[1]
	for i := range b.Levels {
		l := &b.Levels[i]
		l.LatencyDerived, l.LatencyMethod = true, "mean_output_length"
		l.Latency.P90 = math.NaN()
	}
	b.Levels[0].Runs = 2
	b.Levels[0].Spread = map[string]analyze.Interval{"latency_s.mean": {Min: 1.4, Max: 1.6}}
	b.Capacity.P90.LatencyMethod, b.Capacity.Mean.LatencyMethod = "mean_output_length", "mean_output_length"
	return r
}

// TestNoEstimatesDrawnWithout: a report without an estimate rings no
// point as one and names none in a legend.
func TestNoEstimatesDrawnWithout(t *testing.T) {
	plain := figures(t, reporttest.Tiny(), "en")
	for _, name := range []string{"04-latency", "10-dashboard", "05-throughput", "06-capacity"} {
		f := plain[name]
		for _, row := range f.panels {
			for _, p := range row {
				if p != nil && len(diamonds(p)) > 0 {
					t.Errorf("tiny %s: estimates drawn where there are none", name)
				}
			}
		}
		if slices.ContainsFunc(labels(f), func(s string) bool { return strings.Contains(s, "estimated") }) {
			t.Errorf("tiny %s: legend %q names an estimate", name, labels(f))
		}
	}
}

// TestEstimatesDrawn: a mean latency estimated from a run's mean output
// length is drawn on its line, ringed with a diamond (not the stand-in's
// square) in every chart that draws it (04's mean panel, and at a mean
// headline the dashboard's latency tile and 05's latency against
// throughput), keeps its run-to-run error bar, and the legend names the
// configs in both languages; the users chart 06 counts from it carry
// "≈" and a legend line.
func TestEstimatesDrawn(t *testing.T) {
	figs := figures(t, estimatedTiny(analyze.P90), "en")
	lat := figs["04-latency"]
	if got := diamonds(lat.panels[0][0]); len(got) != 2 || got[0].Y != 1.5 || got[1].Y != 3 {
		t.Errorf("04-latency mean panel rings %v as estimates, want b's 1.5 s and 3 s", got)
	}
	if got := ringed(lat.panels[0][0]); len(got) != 0 {
		t.Errorf("04-latency mean panel rings %v as stand-ins: an estimate is none", got)
	}
	if barsOf(lat.panels[0][0]) != 1 {
		t.Errorf("04-latency mean panel draws %d error bars, want the estimate's one", barsOf(lat.panels[0][0]))
	}
	if want := "≈ estimated mean latency: b|pipe"; !slices.Contains(labels(lat), want) {
		t.Errorf("04-latency legend %q lacks %q", labels(lat), want)
	}
	if len(diamonds(figs["10-dashboard"].panels[1][0])) != 0 {
		t.Error("dashboard at P90: the latency tile rings estimates of the mean it does not draw")
	}
	users := figs["06-capacity"]
	var got []string
	for _, pl := range plotters(users.panels[0][1]) {
		if rows, ok := pl.(capRows); ok {
			for _, row := range rows.rows {
				got = append(got, row.label, row.otherLabel)
			}
		}
	}
	if !slices.Equal(got, []string{"76", "76", "31 ≈", "31 ≈"}) {
		t.Errorf("06-capacity user labels %q, want b's marked", got)
	}
	if want := "users from an estimated mean latency: b|pipe"; !slices.Contains(labels(users), want) {
		t.Errorf("06-capacity legend %q lacks %q", labels(users), want)
	}

	mean := figures(t, estimatedTiny(analyze.Mean), "en")
	if got := diamonds(mean["10-dashboard"].panels[1][0]); len(got) != 2 {
		t.Errorf("dashboard at the mean: latency tile rings %v, want b's two levels", got)
	}
	if want := "≈ estimated mean latency: b|pipe"; !slices.Contains(labels(mean["10-dashboard"]), want) {
		t.Errorf("dashboard legend %q lacks %q", labels(mean["10-dashboard"]), want)
	}
	thr := mean["05-throughput"]
	if got := diamonds(thr.panels[0][len(thr.panels[0])-1]); len(got) != 2 {
		t.Errorf("05-throughput latency panel rings %v, want b's two levels", got)
	}
	tr := figures(t, estimatedTiny(analyze.P90), "tr")
	if want := "≈ tahmini ortalama gecikme: b|pipe"; !slices.Contains(labels(tr["04-latency"]), want) {
		t.Errorf("tr legend %q lacks %q", labels(tr["04-latency"]), want)
	}
	if want := "tahmini ortalama gecikmeden hesaplanan kullanıcı sayısı: b|pipe"; !slices.Contains(labels(tr["06-capacity"]), want) {
		t.Errorf("tr legend %q lacks %q", labels(tr["06-capacity"]), want)
	}
}
