package chart

import (
	"math"
	"strconv"
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

// infGap is how far, in doublings, an unbounded rate sits past the
// highest finite level: further than one doubling, behind an axis
// break, so that ∞ never reads as the next rate.
const infGap = 1.6

// loadAxis puts the report's load levels on a log₂ x axis: 1, 2, 4 … 64
// are evenly spaced and only measured levels get a tick. An unbounded
// rate sits infGap doublings past the highest finite level, behind an
// axis break, with its own tick ∞. Without levels (ingest refuses a
// configuration without one; a chart does not rely on it) the axis
// spans 1 … 2 without ticks.
func loadAxis(p *plot.Plot, levels []analyze.Load, loc *locale.Locale) {
	p.X.Scale = plot.LogScale{}
	var ticks plot.ConstantTicks
	for _, x := range levels {
		ticks = append(ticks, plot.Tick{Value: axisX(levels, x), Label: loc.Load(x)})
	}
	p.X.Tick.Marker = ticks
	lo, hi := 1.0, 2.0
	if len(levels) > 0 {
		lo, hi = axisX(levels, levels[0]), axisX(levels, levels[len(levels)-1])
	}
	if lo == hi {
		lo, hi = lo/2, hi*2
	}
	p.X.Min, p.X.Max = lo/math.Pow(2, 0.3), hi*math.Pow(2, 0.3)
	if b, ok := infBreak(levels); ok {
		p.Add(axisBreak{x: b})
	}
}

// infBreak is where the axis break before ∞ sits: half way between the
// highest finite level and ∞; ok is false without both.
func infBreak(levels []analyze.Load) (float64, bool) {
	if len(levels) < 2 || !levels[len(levels)-1].IsInf() || levels[len(levels)-2].IsInf() {
		return 0, false
	}
	top := float64(levels[len(levels)-2])
	return top * math.Pow(2, infGap/2), true
}

// axisX is where level x sits on the log₂ load axis of levels (sorted):
// at its value, or for an unbounded rate infGap doublings past the
// highest finite level (1 when there is none).
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
	return top * math.Pow(2, infGap)
}

// valueAxis sets an axis from zero to a little above peak with "nice"
// ticks labelled in the locale's number format.
func valueAxis(ax *plot.Axis, peak float64, loc *locale.Locale) {
	if !(peak > 0) {
		peak = 1
	}
	step := niceStep(peak / 5)
	top := math.Ceil(peak*1.08/step) * step
	ax.Min, ax.Max = 0, top
	dec := 0
	for s := step; s < 1 && dec < 4; s *= 10 {
		dec++
	}
	if math.Abs(step*math.Pow(10, float64(dec))-math.Round(step*math.Pow(10, float64(dec)))) > 1e-9 {
		dec++ // a step of 2.5 × 10^k needs one more digit
	}
	ax.Tick.Marker = plot.TickerFunc(func(_, _ float64) []plot.Tick {
		var ts []plot.Tick
		for v := 0.0; v <= top+step/1000; v += step {
			ts = append(ts, plot.Tick{Value: v, Label: loc.Num(v, dec)})
		}
		return ts
	})
}

// logAxis sets a log₁₀ axis around lo … hi (both > 0) with ticks at
// 1, 2 and 5 × 10^k, thinned to decades on a wide range and filled in on
// a narrow one, labelled in the locale's number format.
func logAxis(ax *plot.Axis, lo, hi float64, loc *locale.Locale) {
	if !(lo > 0) || !(hi >= lo) {
		lo, hi = 1, 10
	}
	lo, hi = lo/1.35, hi*1.35
	ax.Scale = plot.LogScale{}
	ax.Min, ax.Max = lo, hi
	var marks plot.ConstantTicks
	for _, v := range logTicks(lo, hi) {
		marks = append(marks, plot.Tick{Value: v, Label: loc.Num(v, decimals(v))})
	}
	ax.Tick.Marker = marks
}

// decimals is how many decimals v needs to be written exactly (at most
// four): 1.5 → 1, 0.05 → 2, 200 → 0.
func decimals(v float64) int {
	for d := range 4 {
		x := v * math.Pow10(d)
		if math.Abs(x-math.Round(x)) < 1e-6*math.Max(1, x) {
			return d
		}
	}
	return 4
}

// logTicks are the tick values of a log axis from lo to hi: m × 10^k
// for the first set of mantissas m that gives four to eight ticks: 1 2
// 5, or on a range too narrow for four of those 1 2 3 5, then 1 1.5 2
// 3 4 6, then 1 1.2 1.5 2 2.5 3 4 5 6 8; on one too wide for eight, 1
// 3, then 1.
func logTicks(lo, hi float64) []float64 {
	at := func(ms []float64) []float64 {
		var out []float64
		for k := math.Floor(math.Log10(lo)) - 1; k <= math.Ceil(math.Log10(hi)); k++ {
			for _, m := range ms {
				v := m * math.Pow(10, k)
				// Round away float noise: 3 × 10^-1 → 0.3.
				v, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 6, 64), 64)
				if v >= lo && v <= hi {
					out = append(out, v)
				}
			}
		}
		return out
	}
	t := at([]float64{1, 2, 5})
	for _, ms := range [][]float64{{1, 2, 3, 5}, {1, 1.5, 2, 3, 4, 6}, {1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8}} {
		if len(t) >= 4 {
			break
		}
		t = at(ms)
	}
	for _, ms := range [][]float64{{1, 3}, {1}} {
		if len(t) <= 8 {
			break
		}
		t = at(ms)
	}
	return t
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

// levelRuns adapts a config's levels to plotter.XYer for one statistic;
// it is split into runs of consecutive report levels, so that a level
// the config did not measure leaves a gap instead of a zero or a bridge.
// An unbounded rate is a run of its own: ∞ is no rate a line could
// lead to.
func levelRuns(levels []analyze.Load, has func(x analyze.Load) (float64, bool)) []plotter.XYs {
	var runs []plotter.XYs
	var cur plotter.XYs
	flush := func() {
		if len(cur) > 0 {
			runs = append(runs, cur)
			cur = nil
		}
	}
	for _, x := range levels {
		y, ok := has(x)
		if !ok || math.IsNaN(y) {
			flush()
			continue
		}
		if x.IsInf() {
			flush()
		}
		cur = append(cur, plotter.XY{X: axisX(levels, x), Y: y})
	}
	flush()
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
