package chart

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

var (
	_ plot.Plotter    = errBars{}
	_ plot.DataRanger = errBars{}
)

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

// Plot implements plot.Plotter.
func (e errBars) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	sty := draw.LineStyle{Color: e.color, Width: vg.Points(1.1)}
	whisker := vg.Points(3) // half the width of a bar's end
	for _, b := range e.pts {
		x, lo, hi := tx(b.x)+e.dx, ty(b.lo), ty(b.hi)
		c.StrokeLine2(sty, x, lo, x, hi)
		c.StrokeLine2(sty, x-whisker, lo, x+whisker, lo)
		c.StrokeLine2(sty, x-whisker, hi, x+whisker, hi)
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
