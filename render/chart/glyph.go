package chart

import (
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

var _ draw.GlyphDrawer = hollowTriangle{}

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
