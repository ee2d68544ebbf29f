package chart

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

var _ plot.Plotter = band{}

// band is the context of a small multiple: the range the other configs
// span at each level, from their lowest to their highest value, as one
// light-grey area behind the multiple's own lines (one filled shape is
// far cheaper to draw than a line per config). A level no other config
// has breaks the band, as an unbounded rate does.
type band struct {
	runs []bandRun
}

// bandRun is one unbroken stretch of the band: x with its low and high.
type bandRun struct {
	x, lo, hi []float64
}

// Plot implements plot.Plotter.
func (b band) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	for _, r := range b.runs {
		var pts []vg.Point
		for i := range r.x {
			pts = append(pts, vg.Point{X: tx(r.x[i]), Y: ty(r.hi[i])})
		}
		for i := len(r.x) - 1; i >= 0; i-- {
			pts = append(pts, vg.Point{X: tx(r.x[i]), Y: ty(r.lo[i])})
		}
		if len(r.x) == 1 {
			// A single level: a short bar, as wide as a marker.
			x, w := tx(r.x[0]), vg.Points(3)
			pts = []vg.Point{{X: x - w, Y: ty(r.lo[0])}, {X: x - w, Y: ty(r.hi[0])}, {X: x + w, Y: ty(r.hi[0])}, {X: x + w, Y: ty(r.lo[0])}}
		}
		c.FillPolygon(contextColor, c.ClipPolygonXY(pts))
	}
}

// newBand is the band of the runs of the configs outside a multiple: at
// each level where one of them has a value, their lowest and highest.
func newBand(levels []float64, runs []plotter.XYs) band {
	lo, hi := map[float64]float64{}, map[float64]float64{}
	for _, run := range runs {
		for _, xy := range run {
			if l, ok := lo[xy.X]; !ok || xy.Y < l {
				lo[xy.X] = xy.Y
			}
			if h, ok := hi[xy.X]; !ok || xy.Y > h {
				hi[xy.X] = xy.Y
			}
		}
	}
	var b band
	var cur bandRun
	flush := func() {
		if len(cur.x) > 0 {
			b.runs = append(b.runs, cur)
			cur = bandRun{}
		}
	}
	for i, x := range levels {
		l, ok := lo[x]
		// ∞ sits behind an axis break: it is a stretch of its own.
		if !ok || (i > 0 && x/levels[i-1] > math.Pow(2, infGap-0.01)) {
			flush()
		}
		if ok {
			cur.x, cur.lo, cur.hi = append(cur.x, x), append(cur.lo, l), append(cur.hi, hi[x])
		}
	}
	flush()
	return b
}
