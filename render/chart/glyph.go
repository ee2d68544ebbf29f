package chart

import (
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

var _ draw.GlyphDrawer = marker{}

// markerShape is one of the series markers' shapes.
type markerShape int

// The marker shapes, in the order engines take them.
const (
	circleShape markerShape = iota
	squareShape
	diamondShape
	triangleShape
	downTriangleShape
	numShapes = 5
)

// marker is a series marker: filled in the style's colour, or hollow
// (white inside, outlined in it) for a speculative config, so that the
// mode reads from the marker as well as from the line.
type marker struct {
	shape  markerShape
	hollow bool
}

// DrawGlyph implements draw.GlyphDrawer.
func (m marker) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	var p vg.Path
	switch m.shape {
	case circleShape:
		p.Move(vg.Point{X: pt.X + r, Y: pt.Y})
		p.Arc(pt, r, 0, 2*math.Pi)
	case squareShape:
		h := r * 0.88
		polygon(&p, pt, []vg.Point{{X: -h, Y: -h}, {X: -h, Y: h}, {X: h, Y: h}, {X: h, Y: -h}})
	case diamondShape:
		h := r * 1.22
		polygon(&p, pt, []vg.Point{{X: 0, Y: -h}, {X: -h * 0.85, Y: 0}, {X: 0, Y: h}, {X: h * 0.85, Y: 0}})
	case triangleShape, downTriangleShape:
		h := r * 1.25
		w := h * vg.Length(math.Sqrt(3)) / 2
		s := vg.Length(1)
		if m.shape == downTriangleShape {
			s = -1
		}
		polygon(&p, vg.Point{X: pt.X, Y: pt.Y - s*h*0.15}, []vg.Point{{X: 0, Y: s * h}, {X: -w, Y: -s * h / 2}, {X: w, Y: -s * h / 2}})
	}
	p.Close()
	if !m.hollow {
		c.SetColor(sty.Color)
		c.Fill(p)
		return
	}
	c.SetColor(color.White)
	c.Fill(p)
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: vg.Points(1.3)})
	c.Stroke(p)
}

// polygon adds the closed polygon of pts, relative to at, to p.
func polygon(p *vg.Path, at vg.Point, pts []vg.Point) {
	for i, q := range pts {
		q = vg.Point{X: at.X + q.X, Y: at.Y + q.Y}
		if i == 0 {
			p.Move(q)
		} else {
			p.Line(q)
		}
	}
}
