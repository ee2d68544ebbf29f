package chart

import (
	"image/color"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The chart styles, in one place. Every chart uses them, so a config keeps
// its colour and line style across all ten.

// palette is Okabe–Ito, the colour-blind-safe set, ordered so that the
// first configs get the most distinct hues; yellow (poor on white) last.
var palette = []color.RGBA{
	{0x00, 0x72, 0xB2, 0xFF}, // blue
	{0xE6, 0x9F, 0x00, 0xFF}, // orange
	{0x00, 0x9E, 0x73, 0xFF}, // bluish green
	{0xD5, 0x5E, 0x00, 0xFF}, // vermillion
	{0xCC, 0x79, 0xA7, 0xFF}, // reddish purple
	{0x56, 0xB4, 0xE9, 0xFF}, // sky blue
	{0x33, 0x33, 0x33, 0xFF}, // near black
	{0xC9, 0xB8, 0x00, 0xFF}, // dark yellow
}

// seriesStyle is how one config is drawn.
type seriesStyle struct {
	Color  color.RGBA
	Line   draw.LineStyle
	Glyph  draw.GlyphStyle
	Dashed bool // speculative decoding
}

// styleFor gives config i its colour; speculative configs are drawn
// dashed with hollow triangles, direct ones solid with filled circles,
// so the mode reads at a glance even in grey.
func styleFor(i int, speculative bool) seriesStyle {
	c := palette[i%len(palette)]
	s := seriesStyle{Color: c, Dashed: speculative}
	s.Line = draw.LineStyle{Color: c, Width: vg.Points(1.8)}
	s.Glyph = draw.GlyphStyle{Color: c, Radius: vg.Points(2.8), Shape: draw.CircleGlyph{}}
	if speculative {
		s.Line.Dashes = []vg.Length{vg.Points(5), vg.Points(2.5)}
		s.Glyph.Shape = draw.TriangleGlyph{}
		s.Glyph.Radius = vg.Points(3.4)
	}
	return s
}

// tint mixes c with white: f = 0 is c, f = 1 is white.
func tint(c color.RGBA, f float64) color.RGBA {
	mix := func(v uint8) uint8 { return uint8(float64(v) + (255-float64(v))*f + 0.5) }
	return color.RGBA{mix(c.R), mix(c.G), mix(c.B), 0xFF}
}

// Fixed colours of the charts' furniture.
var (
	inkColor   = color.RGBA{0x22, 0x22, 0x22, 0xFF}
	gridColor  = color.RGBA{0xE3, 0xE3, 0xE3, 0xFF}
	sloColor   = color.RGBA{0xB0, 0x1E, 0x1E, 0xFF}
	passColor  = color.RGBA{0x00, 0x9E, 0x73, 0xFF} // green: both SLOs met
	partColor  = color.RGBA{0xE6, 0x9F, 0x00, 0xFF} // orange: one SLO met
	failColor  = color.RGBA{0xD5, 0x5E, 0x00, 0xFF} // vermillion: none met
	emptyColor = color.RGBA{0xF2, 0xF2, 0xF2, 0xFF} // level not measured
	// unreachedColor marks a level whose load was not reached.
	unreachedColor = color.RGBA{0xBD, 0xBD, 0xBD, 0xFF}
)

// unreachedStyle is the hollow grey marker of a level whose load was not
// reached: shown, but no point of its config's line.
var unreachedStyle = seriesStyle{Color: color.RGBA{0x80, 0x80, 0x80, 0xFF},
	Glyph: draw.GlyphStyle{Color: color.RGBA{0x80, 0x80, 0x80, 0xFF}, Radius: vg.Points(3.4), Shape: draw.RingGlyph{}}}

// textSizes are the font sizes of one chart layout, in points.
type textSizes struct {
	Title, Panel, Axis, Tick, Legend, Value float64
}

var (
	// fullSize is for a chart placed alone at page width.
	fullSize = textSizes{Title: 13, Panel: 11, Axis: 9.5, Tick: 8.5, Legend: 9, Value: 8}
	// tileSize is for the dashboard's tiles.
	tileSize = textSizes{Title: 13, Panel: 9.5, Axis: 7.5, Tick: 7, Legend: 9, Value: 7}
)

// chartFont is the charts' typeface: Liberation Sans, which gonum/plot
// embeds and which has every Turkish letter.
func chartFont(size float64, bold bool) font.Font {
	f := font.Font{Typeface: "Liberation", Variant: "Sans", Size: font.Length(size)}
	if bold {
		f.Weight = xfont.WeightBold
	}
	return f
}

// Chart geometry, in points; PNGs are drawn at chartDPI.
const (
	chartWidth  = 600
	chartHeight = 330
	chartDPI    = 160 // 600 pt → 1333 px: ≈ 2.8× the A4 text width
)
