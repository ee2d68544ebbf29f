package chart

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

var _ plot.Plotter = axisBreak{}

// axisBreak marks a break in the x axis at x: the gap between the
// highest finite rate and ∞. The axis line is cut there and two slanted
// strokes cross the cut; a white band through the data area says that
// no line runs across it.
type axisBreak struct {
	x float64
}

// Plot implements plot.Plotter. Plotters draw after the axes, so the
// break is drawn over the axis line, which sits p.X.Padding below the
// data area.
func (b axisBreak) Plot(c draw.Canvas, p *plot.Plot) {
	tx, _ := p.Transforms(&c)
	x := tx(b.x)
	gap := vg.Points(3)
	band := []vg.Point{{X: x - gap, Y: c.Min.Y}, {X: x - gap, Y: c.Max.Y}, {X: x + gap, Y: c.Max.Y}, {X: x + gap, Y: c.Min.Y}}
	c.FillPolygon(color.White, band)
	y := c.Min.Y - p.X.Padding
	cut := []vg.Point{{X: x - gap, Y: y - vg.Points(1.5)}, {X: x - gap, Y: y + vg.Points(1.5)}, {X: x + gap, Y: y + vg.Points(1.5)}, {X: x + gap, Y: y - vg.Points(1.5)}}
	c.FillPolygon(color.White, cut)
	sty := draw.LineStyle{Color: p.X.Color, Width: vg.Points(0.9)}
	h := vg.Points(4)
	for _, dx := range []vg.Length{-gap, gap} {
		c.StrokeLine2(sty, x+dx-h/2, y-h, x+dx+h/2, y+h)
	}
}
