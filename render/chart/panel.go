package chart

import (
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/locale"
)

// newPanel makes an empty plot with the report's fonts, a light grid and
// the given panel title and axis labels.
func newPanel(title, xLabel, yLabel string, sz textSizes) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = chartFont(sz.Panel, true)
	p.Title.TextStyle.Color = inkColor
	p.Title.Padding = vg.Points(6)
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		ax.Label.TextStyle.Font = chartFont(sz.Axis, false)
		ax.Label.TextStyle.Color = inkColor
		ax.Tick.Label.Font = chartFont(sz.Tick, false)
		ax.Tick.Label.Color = inkColor
		ax.Color = inkColor
		ax.Tick.Color = inkColor
		ax.Padding = vg.Points(3)
	}
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	grid := plotter.NewGrid()
	grid.Vertical.Color = gridColor
	grid.Horizontal.Color = gridColor
	grid.Vertical.Width = vg.Points(0.5)
	grid.Horizontal.Width = vg.Points(0.5)
	p.Add(grid)
	return p
}

// log2Axis puts the report's load levels on a log₂ x axis: 1, 2, 4 … 64
// are evenly spaced and only measured levels get a tick. An unbounded
// rate sits one doubling past the highest finite level, labelled ∞.
func log2Axis(p *plot.Plot, levels []analyze.Load, loc *locale.Locale) {
	p.X.Scale = plot.LogScale{}
	var ticks plot.ConstantTicks
	for _, x := range levels {
		ticks = append(ticks, plot.Tick{Value: axisX(levels, x), Label: loc.Load(x)})
	}
	p.X.Tick.Marker = ticks
	lo, hi := axisX(levels, levels[0]), axisX(levels, levels[len(levels)-1])
	if lo == hi {
		lo, hi = lo/2, hi*2
	}
	p.X.Min, p.X.Max = lo/math.Pow(2, 0.3), hi*math.Pow(2, 0.3)
}

// axisX is where level x sits on the log₂ load axis of levels (sorted):
// at its value, or for an unbounded rate at twice the highest finite
// level (2 when there is none).
func axisX(levels []analyze.Load, x analyze.Load) float64 {
	if !x.IsInf() {
		return float64(x)
	}
	top := 1.0
	for _, l := range levels {
		if !l.IsInf() {
			top = math.Max(top, float64(l))
		}
	}
	return 2 * top
}

// valueAxis sets a y axis from zero to a little above peak with "nice"
// ticks labelled in the locale's number format.
func valueAxis(p *plot.Plot, peak float64, loc *locale.Locale) {
	if !(peak > 0) {
		peak = 1
	}
	step := niceStep(peak / 5)
	top := math.Ceil(peak*1.08/step) * step
	p.Y.Min, p.Y.Max = 0, top
	dec := 0
	for s := step; s < 1 && dec < 4; s *= 10 {
		dec++
	}
	if math.Abs(step*math.Pow(10, float64(dec))-math.Round(step*math.Pow(10, float64(dec)))) > 1e-9 {
		dec++ // a step of 2.5 × 10^k needs one more digit
	}
	p.Y.Tick.Marker = plot.TickerFunc(func(_, _ float64) []plot.Tick {
		var ts []plot.Tick
		for v := 0.0; v <= top+step/1000; v += step {
			ts = append(ts, plot.Tick{Value: v, Label: loc.Num(v, dec)})
		}
		return ts
	})
}

// niceStep rounds x up to 1, 2, 2.5 or 5 × 10^k.
func niceStep(x float64) float64 {
	if !(x > 0) {
		return 1
	}
	mag := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*mag >= x*0.999 {
			return m * mag
		}
	}
	return 10 * mag
}

// levelXY adapts a config's levels to plotter.XYer for one statistic; it
// is split into runs of consecutive report levels, so that a level the
// config did not measure leaves a gap instead of a zero or a bridge.
func levelRuns(levels []analyze.Load, has func(x analyze.Load) (float64, bool)) []plotter.XYs {
	var runs []plotter.XYs
	var cur plotter.XYs
	for _, x := range levels {
		y, ok := has(x)
		if !ok || math.IsNaN(y) {
			if len(cur) > 0 {
				runs = append(runs, cur)
				cur = nil
			}
			continue
		}
		cur = append(cur, plotter.XY{X: axisX(levels, x), Y: y})
	}
	if len(cur) > 0 {
		runs = append(runs, cur)
	}
	return runs
}

// addSeries draws runs as lines with markers in style s.
func addSeries(p *plot.Plot, runs []plotter.XYs, s seriesStyle) error {
	for _, xy := range runs {
		if len(xy) > 1 {
			l, err := plotter.NewLine(xy)
			if err != nil {
				return err
			}
			l.LineStyle = s.Line
			p.Add(l)
		}
		sc, err := plotter.NewScatter(xy)
		if err != nil {
			return err
		}
		sc.GlyphStyle = s.Glyph
		if s.Dashed {
			sc.Shape = hollowTriangle{}
		}
		p.Add(sc)
	}
	return nil
}

// wrapLabel breaks s into lines of at most n runes where it can: at
// spaces, and inside a word longer than n after a '-', '_' or '/', so
// that long config ids wrap too. A piece with no break point in it
// stays whole.
func wrapLabel(s string, n int) string {
	type piece struct {
		text  string
		glued bool // continues the previous word, no space before it
	}
	var pieces []piece
	for _, w := range strings.Fields(s) {
		if len([]rune(w)) <= n {
			pieces = append(pieces, piece{text: w})
			continue
		}
		glued := false
		for w != "" {
			k := strings.IndexAny(w, "-_/")
			if k < 0 || k == len(w)-1 {
				pieces = append(pieces, piece{text: w, glued: glued})
				break
			}
			pieces = append(pieces, piece{text: w[:k+1], glued: glued})
			w, glued = w[k+1:], true
		}
	}
	var lines []string
	cur := ""
	for _, pc := range pieces {
		sep := " "
		if pc.glued {
			sep = ""
		}
		if cur != "" && len([]rune(cur))+len(sep)+len([]rune(pc.text)) > n {
			lines = append(lines, cur)
			cur = pc.text
			continue
		}
		if cur != "" {
			cur += sep
		}
		cur += pc.text
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return strings.Join(lines, "\n")
}
