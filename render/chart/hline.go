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
	_ plot.Plotter    = hline{}
	_ plot.DataRanger = hline{}
)

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

// Plot implements plot.Plotter.
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
