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
	_ plot.Plotter    = bars{}
	_ plot.DataRanger = bars{}
)

// bars draws grouped bars: categories along x (0 … n−1, named with
// NominalX), one bar per series inside each group. Widths are fractions
// of a category, so the chart looks the same at any size.
type bars struct {
	values [][]float64     // [series][category]
	fills  [][]color.Color // [series][category]
	labels [][]string      // printed above each bar; "" for none
	font   float64
}

// Plot implements plot.Plotter.
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
