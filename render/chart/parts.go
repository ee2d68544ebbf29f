package chart

import (
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

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

// valueAxis sets a y axis from zero to a little above max with "nice"
// ticks labelled in the locale's number format.
func valueAxis(p *plot.Plot, max float64, loc *locale.Locale) {
	if !(max > 0) {
		max = 1
	}
	step := niceStep(max / 5)
	top := math.Ceil(max*1.08/step) * step
	p.Y.Min, p.Y.Max = 0, top
	dec := 0
	for s := step; s < 1 && dec < 4; s *= 10 {
		dec++
	}
	if math.Abs(step*math.Pow(10, float64(dec))-math.Round(step*math.Pow(10, float64(dec)))) > 1e-9 {
		dec++ // a step of 2.5 × 10^k needs one more digit
	}
	p.Y.Tick.Marker = plot.TickerFunc(func(min, max float64) []plot.Tick {
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
			sc.GlyphStyle.Shape = hollowTriangle{}
		}
		p.Add(sc)
	}
	return nil
}

// hollowTriangle is a triangle outline with a white fill, so that the
// speculative markers differ from the direct ones by shape and fill.
type hollowTriangle struct{}

func (hollowTriangle) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	h := r * vg.Length(math.Sqrt(3)) / 2
	pts := []vg.Point{{X: pt.X, Y: pt.Y + r}, {X: pt.X - h, Y: pt.Y - r/2}, {X: pt.X + h, Y: pt.Y - r/2}, {X: pt.X, Y: pt.Y + r}}
	c.FillPolygon(color.White, pts)
	c.StrokeLines(draw.LineStyle{Color: sty.Color, Width: vg.Points(1.2)}, pts)
}

// hline is a horizontal reference line (an SLO threshold, the 1.0×
// speedup) labelled above its left or right end, on a white backing so
// that the label stays legible where a series passes under it.
type hline struct {
	y     float64
	label string
	style draw.LineStyle
	font  float64
	right bool
}

func (h hline) Plot(c draw.Canvas, p *plot.Plot) {
	_, ty := p.Transforms(&c)
	y := ty(h.y)
	c.StrokeLine2(h.style, c.Min.X, y, c.Max.X, y)
	if h.label == "" {
		return
	}
	sty := text.Style{Color: h.style.Color, Font: chartFont(h.font, true), XAlign: draw.XLeft, YAlign: draw.YBottom, Handler: p.TextHandler}
	w, ht := sty.Width(h.label), sty.Height(h.label)
	x := c.Min.X + vg.Points(4)
	if h.right {
		x = c.Max.X - vg.Points(4) - w
	}
	y0 := y + vg.Points(2)
	box := []vg.Point{{X: x - vg.Points(2), Y: y0}, {X: x - vg.Points(2), Y: y0 + ht}, {X: x + w + vg.Points(2), Y: y0 + ht}, {X: x + w + vg.Points(2), Y: y0}}
	c.FillPolygon(color.White, box)
	c.FillText(sty, vg.Point{X: x, Y: y0}, h.label)
}

// DataRange makes the axis include the line.
func (h hline) DataRange() (xmin, xmax, ymin, ymax float64) {
	return math.Inf(1), math.Inf(-1), h.y, h.y
}

// errBars draws the run-to-run spread of levels measured in several
// runs: a vertical bar from the lowest to the highest run with short
// caps, in the config's colour, behind its marker.
type errBars struct {
	pts   []errBar
	color color.Color
	dx    vg.Length // offset from the level, to set configs side by side
}

// errBar is one level's spread at x: lo and hi on the value axis.
type errBar struct{ x, lo, hi float64 }

func (e errBars) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	sty := draw.LineStyle{Color: e.color, Width: vg.Points(1.1)}
	cap := vg.Points(3)
	for _, b := range e.pts {
		x, lo, hi := tx(b.x)+e.dx, ty(b.lo), ty(b.hi)
		c.StrokeLine2(sty, x, lo, x, hi)
		c.StrokeLine2(sty, x-cap, lo, x+cap, lo)
		c.StrokeLine2(sty, x-cap, hi, x+cap, hi)
	}
}

// DataRange makes the value axis include every bar.
func (e errBars) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax, ymin, ymax = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, b := range e.pts {
		xmin, xmax = math.Min(xmin, b.x), math.Max(xmax, b.x)
		ymin, ymax = math.Min(ymin, b.lo), math.Max(ymax, b.hi)
	}
	return xmin, xmax, ymin, ymax
}

// vline is a vertical marker (a break-even point) with a label at its top.
type vline struct {
	x     float64
	label string
	style draw.LineStyle
	font  float64
}

func (v vline) Plot(c draw.Canvas, p *plot.Plot) {
	tx, _ := p.Transforms(&c)
	x := tx(v.x)
	c.StrokeLine2(v.style, x, c.Min.Y, x, c.Max.Y)
	sty := text.Style{Color: v.style.Color, Font: chartFont(v.font, true), XAlign: draw.XLeft, YAlign: draw.YTop, Handler: p.TextHandler}
	c.FillText(sty, vg.Point{X: x + vg.Points(3), Y: c.Max.Y - vg.Points(2)}, v.label)
}

// bars draws grouped bars: categories along x (0 … n−1, named with
// NominalX), one bar per series inside each group. Widths are fractions
// of a category, so the chart looks the same at any size.
type bars struct {
	values [][]float64     // [series][category]
	fills  [][]color.Color // [series][category]
	labels [][]string      // printed above each bar; "" for none
	font   float64
}

func (b bars) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	m := len(b.values)
	group := 0.78
	w := group / float64(m)
	sty := text.Style{Color: inkColor, Font: chartFont(b.font, false), XAlign: draw.XCenter, YAlign: draw.YBottom, Handler: p.TextHandler}
	// Value labels go on every bar or on none: a label wider than its
	// bar would run into the next one, and labels on only some bars
	// would read as if the others had no value. The tables carry every
	// value either way.
	slot := tx(w) - tx(0)
	labelled := true
	for s := range b.labels {
		for _, lbl := range b.labels[s] {
			if sty.Width(lbl) > slot*1.05 {
				labelled = false
			}
		}
	}
	for s, vals := range b.values {
		for i, v := range vals {
			if math.IsNaN(v) {
				// No value (an unknown user count): no bar, its label
				// on the axis.
				if lbl := b.labels[s][i]; labelled && lbl != "" {
					x0 := float64(i) - group/2 + float64(s)*w
					c.FillText(sty, vg.Point{X: tx(x0 + w/2), Y: ty(0) + vg.Points(1.5)}, lbl)
				}
				continue
			}
			x0 := float64(i) - group/2 + float64(s)*w
			left, right := tx(x0+w*0.06), tx(x0+w*0.94)
			bottom, top := ty(0), ty(v)
			rect := []vg.Point{{X: left, Y: bottom}, {X: left, Y: top}, {X: right, Y: top}, {X: right, Y: bottom}}
			c.FillPolygon(b.fills[s][i], rect)
			c.StrokeLines(draw.LineStyle{Color: inkColor, Width: vg.Points(0.4)}, append(rect, rect[0]))
			if lbl := b.labels[s][i]; labelled && lbl != "" {
				c.FillText(sty, vg.Point{X: (left + right) / 2, Y: top + vg.Points(1.5)}, lbl)
			}
		}
	}
}

func (b bars) DataRange() (xmin, xmax, ymin, ymax float64) {
	n := 0
	for _, v := range b.values {
		n = max(n, len(v))
	}
	ymax = math.Inf(-1)
	for _, vs := range b.values {
		for _, v := range vs {
			if !math.IsNaN(v) {
				ymax = math.Max(ymax, v)
			}
		}
	}
	return -0.5, float64(n) - 0.5, 0, ymax
}

// sloGrid is the SLO heat map: one row per config (first at the top),
// one column per level. A cell's colour says how many of the two SLOs
// hold; its two marks say which (TTFT first, TPS second).
type sloGrid struct {
	cells [][]sloCell // [row][col]
}

type sloCell struct {
	measured  bool
	ttft, tps bool
	// unreached: the level never carried its load; its verdicts count
	// for nothing, so the cell is grey and unmarked.
	unreached bool
	// ttftUnchecked and tpsUnchecked: the source had no statistic to
	// check that SLO against; drawn as a grey bar instead of ✓ or ✗.
	ttftUnchecked, tpsUnchecked bool
}

// uncheckedStyle is the grey bar of an SLO that cannot be checked, and
// its legend entry.
var uncheckedStyle = seriesStyle{Color: color.RGBA{0x6B, 0x6B, 0x6B, 0xFF},
	Line: draw.LineStyle{Color: color.RGBA{0x6B, 0x6B, 0x6B, 0xFF}, Width: vg.Points(2.5)}}

func (g sloGrid) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	rows := len(g.cells)
	for r, row := range g.cells {
		y := float64(rows - 1 - r)
		for col, cell := range row {
			x := float64(col)
			x0, x1 := tx(x-0.5), tx(x+0.5)
			y0, y1 := ty(y-0.5), ty(y+0.5)
			fill := emptyColor
			switch {
			case !cell.measured:
			case cell.unreached:
				fill = unreachedColor
			case cell.ttft && cell.tps:
				fill = tint(passColor, 0.55)
			case cell.ttft || cell.tps:
				fill = tint(partColor, 0.45)
			default:
				fill = tint(failColor, 0.35)
			}
			rect := []vg.Point{{X: x0, Y: y0}, {X: x0, Y: y1}, {X: x1, Y: y1}, {X: x1, Y: y0}}
			c.FillPolygon(fill, rect)
			c.StrokeLines(draw.LineStyle{Color: color.White, Width: vg.Points(2)}, append(rect, rect[0]))
			if !cell.measured || cell.unreached {
				continue
			}
			size := min(x1-x0, y1-y0) * 0.28
			cx, cy := (x0+x1)/2, (y0+y1)/2
			for i, m := range []struct{ ok, unchecked bool }{{cell.ttft, cell.ttftUnchecked}, {cell.tps, cell.tpsUnchecked}} {
				at := vg.Point{X: cx + size*0.75*vg.Length(2*i-1), Y: cy}
				if m.unchecked {
					sty := uncheckedStyle.Line
					sty.Width = size * 0.22
					c.StrokeLine2(sty, at.X-size*0.4, at.Y, at.X+size*0.4, at.Y)
					continue
				}
				drawMark(&c, m.ok, at, size)
			}
		}
	}
}

func (g sloGrid) DataRange() (xmin, xmax, ymin, ymax float64) {
	cols := 0
	if len(g.cells) > 0 {
		cols = len(g.cells[0])
	}
	return -0.5, float64(cols) - 0.5, -0.5, float64(len(g.cells)) - 0.5
}

// drawMark draws ✓ (ok) or ✗ as strokes, so no font needs the glyphs.
func drawMark(c *draw.Canvas, ok bool, at vg.Point, size vg.Length) {
	h := size / 2
	if ok {
		sty := draw.LineStyle{Color: color.RGBA{0x0B, 0x4F, 0x3C, 0xFF}, Width: size * 0.22}
		c.StrokeLines(sty, []vg.Point{{X: at.X - h, Y: at.Y}, {X: at.X - h*0.25, Y: at.Y - h*0.8}, {X: at.X + h, Y: at.Y + h}})
		return
	}
	sty := draw.LineStyle{Color: color.RGBA{0x8A, 0x1C, 0x00, 0xFF}, Width: size * 0.22}
	c.StrokeLine2(sty, at.X-h*0.8, at.Y-h*0.8, at.X+h*0.8, at.Y+h*0.8)
	c.StrokeLine2(sty, at.X-h*0.8, at.Y+h*0.8, at.X+h*0.8, at.Y-h*0.8)
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
