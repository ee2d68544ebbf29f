package chart

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

var _ plot.Plotter = vline{}

// vline is a vertical marker (a break-even point) with a label at its top.
type vline struct {
	x     float64
	label string
	style draw.LineStyle
	font  float64
}

// Plot implements plot.Plotter.
func (v vline) Plot(c draw.Canvas, p *plot.Plot) {
	tx, _ := p.Transforms(&c)
	x := tx(v.x)
	c.StrokeLine2(v.style, x, c.Min.Y, x, c.Max.Y)
	sty := text.Style{Color: v.style.Color, Font: chartFont(v.font, true), XAlign: draw.XLeft, YAlign: draw.YTop, Handler: p.TextHandler}
	c.FillText(sty, vg.Point{X: x + vg.Points(3), Y: c.Max.Y - vg.Points(2)}, v.label)
}
