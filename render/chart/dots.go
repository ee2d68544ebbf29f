package chart

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

var (
	_ plot.Plotter    = capRows{}
	_ plot.DataRanger = capRows{}
	_ barPlotter      = capRows{}
)

// barPlotter is a plotter that may draw bars. A bar's length stands for
// its value, which holds only on a linear axis from zero: a test walks
// every panel and fails on a bar over a log axis.
type barPlotter interface {
	drawsBars() bool
}

// capRows draws one row per config (the first at the top, names on the
// y axis with NominalY): the headline statistic as a filled dot, or on
// a linear axis from zero as a bar, and the other statistic as a ring
// around its value, so that equal values read as a dot in a ring. The
// headline's value is written after the marks.
type capRows struct {
	rows []capRow
	bar  bool
	font float64
}

// capRow is one config's capacity: its two statistics on the x axis
// (NaN: none to draw), the label of the headline one, its colour.
type capRow struct {
	head, other float64
	label       string
	// otherLabel is the other statistic's value ("≥ 64", "682"), drawn
	// small and grey under its mark where it differs from label.
	otherLabel string
	color      color.Color
}

func (d capRows) drawsBars() bool { return d.bar }

// Plot implements plot.Plotter.
func (d capRows) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	n := len(d.rows)
	sty := text.Style{Color: inkColor, Font: chartFont(d.font, false), XAlign: draw.XLeft, YAlign: draw.YCenter, Handler: p.TextHandler}
	half := (ty(0) - ty(1)) * 0.28
	if half < 0 {
		half = -half
	}
	half = min(half, vg.Points(9))
	for i, r := range d.rows {
		y := ty(float64(n - 1 - i))
		head, other := d.headMark(&c, tx, r, y, half), d.otherMark(&c, tx, r, y, half)
		if r.otherLabel != "" && r.otherLabel != r.label && other.min <= other.max {
			small := text.Style{Color: legendGrey, Font: chartFont(d.font*0.85, false), XAlign: draw.XCenter, YAlign: draw.YTop, Handler: p.TextHandler}
			c.FillText(small, vg.Point{X: (other.min + other.max) / 2, Y: y - half*1.35 - vg.Points(1)}, r.otherLabel)
		}
		if r.label == "" {
			continue
		}
		// The label goes right of the headline's mark, or past the
		// other mark when that would cross it; a dot with the other
		// mark close on its right is labelled on its left instead.
		w := sty.Width(r.label) + vg.Points(4)
		x := head.max + vg.Points(4)
		if other.min < x+w && other.max > head.min {
			switch {
			case !d.bar && other.min > head.max-vg.Points(1) && head.min-w > tx(p.X.Min):
				x = head.min - w
			default:
				x = max(x, other.max+vg.Points(4))
			}
		}
		c.FillText(sty, vg.Point{X: x, Y: y}, r.label)
	}
}

// span is a mark's horizontal extent; empty (min > max) for no mark.
type span struct{ min, max vg.Length }

var noSpan = span{min: vg.Length(math.Inf(1)), max: vg.Length(math.Inf(-1))}

// headMark draws the headline statistic's dot or bar of r at y.
func (d capRows) headMark(c *draw.Canvas, tx func(float64) vg.Length, r capRow, y, half vg.Length) span {
	if math.IsNaN(r.head) {
		x := tx(0)
		return span{x, x}
	}
	x := tx(r.head)
	if d.bar {
		x0 := tx(0)
		c.FillPolygon(r.color, []vg.Point{{X: x0, Y: y - half}, {X: x0, Y: y + half}, {X: x, Y: y + half}, {X: x, Y: y - half}})
		return span{x0, x}
	}
	dot := vg.Points(4.2)
	c.DrawGlyphNoClip(draw.GlyphStyle{Color: r.color, Radius: dot, Shape: draw.CircleGlyph{}}, vg.Point{X: x, Y: y})
	return span{x - dot, x + dot}
}

// otherMark draws the other statistic's ring or tick of r at y.
func (d capRows) otherMark(c *draw.Canvas, tx func(float64) vg.Length, r capRow, y, half vg.Length) span {
	if math.IsNaN(r.other) {
		return noSpan
	}
	x := tx(r.other)
	if d.bar {
		c.StrokeLine2(draw.LineStyle{Color: inkColor, Width: vg.Points(2)}, x, y-half*1.35, x, y+half*1.35)
		return span{x - vg.Points(1), x + vg.Points(1)}
	}
	ring := vg.Points(6.5)
	c.DrawGlyphNoClip(draw.GlyphStyle{Color: r.color, Radius: ring, Shape: ringMark{}}, vg.Point{X: x, Y: y})
	return span{x - ring, x + ring}
}

// DataRange makes the axes hold every mark.
func (d capRows) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = math.Inf(1), math.Inf(-1)
	for _, r := range d.rows {
		for _, v := range []float64{r.head, r.other} {
			if !math.IsNaN(v) {
				xmin, xmax = math.Min(xmin, v), math.Max(xmax, v)
			}
		}
	}
	return xmin, xmax, -0.5, float64(len(d.rows)) - 0.5
}

// ringMark is a ring: the other statistic's mark, around a dot when the
// two are equal.
type ringMark struct{}

// DrawGlyph implements draw.GlyphDrawer.
func (ringMark) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	var p vg.Path
	p.Move(vg.Point{X: pt.X + sty.Radius, Y: pt.Y})
	p.Arc(pt, sty.Radius, 0, 2*math.Pi)
	p.Close()
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: vg.Points(1.5)})
	c.Stroke(p)
}
