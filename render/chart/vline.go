package chart

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

var _ plot.Plotter = vline{}

// vline is a vertical reference line (a break-even point) with its
// label near the top, on a white backing; row moves the label down by
// rows of text, so that two close lines' labels do not overlap.
type vline struct {
	x     float64
	label string
	style draw.LineStyle
	font  float64
	row   int
}

// Plot implements plot.Plotter.
func (v vline) Plot(c draw.Canvas, p *plot.Plot) {
	tx, _ := p.Transforms(&c)
	x := tx(v.x)
	c.StrokeLine2(v.style, x, c.Min.Y, x, c.Max.Y)
	sty := text.Style{Color: v.style.Color, Font: chartFont(v.font, true), XAlign: draw.XLeft, YAlign: draw.YTop, Handler: p.TextHandler}
	w, h := sty.Width(v.label), sty.Height(v.label)
	lx := x + vg.Points(3)
	if lx+w > c.Max.X {
		lx = x - vg.Points(3) - w // no room on the right: the left side
	}
	y := c.Max.Y - vg.Points(2) - vg.Length(v.row)*(h+vg.Points(2))
	c.FillPolygon(color.White, []vg.Point{{X: lx - vg.Points(1.5), Y: y - h}, {X: lx - vg.Points(1.5), Y: y}, {X: lx + w + vg.Points(1.5), Y: y}, {X: lx + w + vg.Points(1.5), Y: y - h}})
	c.FillText(sty, vg.Point{X: lx, Y: y}, v.label)
}
