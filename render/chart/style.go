package chart

import (
	"image/color"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/openzeka/reportgen/analyze"
)

// The chart styles, in one place; docs/output.md's "Chart style" says
// the same rules in words. Every chart uses them, so a config keeps its
// colour, marker and line in all of them.
//
//   - Reference lines (an SLO, the 1.0× parity, a break-even point) are
//     neutral: dark grey or grey, dotted, labelled. No series is grey or
//     dotted, so a reference line never reads as data.
//   - One hue family per engine (Okabe–Ito, colour-blind safe), in order
//     of first appearance. A direct config is drawn solid in the
//     family's hue with filled markers; a speculative one dashed, in a
//     darker shade of the same hue, with hollow markers.
//   - Each engine has its own marker shape, so engines stay apart in
//     grey print too.
//   - A second (third …) config of one engine in one mode gets another
//     shade, the next marker shape and, when speculative, another dash,
//     so that up to maxStyled configs every config's colour × marker ×
//     dash is its own. Past maxStyled, line charts become small
//     multiples (multiples.go).

// families are the engines' hues: Okabe–Ito without its yellow (poor
// on white) and black (kept for reference lines), the most distinct
// first.
var families = []color.RGBA{
	{0x00, 0x72, 0xB2, 0xFF}, // blue
	{0xD5, 0x5E, 0x00, 0xFF}, // vermillion
	{0x00, 0x9E, 0x73, 0xFF}, // bluish green
	{0xCC, 0x79, 0xA7, 0xFF}, // reddish purple
	{0xE6, 0x9F, 0x00, 0xFF}, // orange
	{0x56, 0xB4, 0xE9, 0xFF}, // sky blue
}

// directShades and specShades are how the k-th config of one engine in
// one mode shades its family's hue: > 0 mixes in white, < 0 black. A
// speculative config is darker than the direct one of its engine.
var (
	directShades = []float64{0, 0.38, -0.3, 0.58}
	specShades   = []float64{-0.38, -0.58, -0.15, 0.3}
)

// specDashes are the dash patterns of the k-th speculative config of an
// engine; every dash is at least 4 pt long, so none reads as the
// reference lines' dots.
var specDashes = [][]vg.Length{
	{vg.Points(5.5), vg.Points(2.5)},
	{vg.Points(9), vg.Points(3.5)},
	{vg.Points(5.5), vg.Points(2.5), vg.Points(10), vg.Points(2.5)},
}

// maxStyled is the most configs one panel tells apart by colour ×
// marker × dash; past it the line charts draw small multiples.
const maxStyled = 16

// seriesStyle is how one config is drawn.
type seriesStyle struct {
	Color  color.RGBA
	Line   draw.LineStyle
	Glyph  draw.GlyphStyle // Shape is a marker
	Dashed bool            // speculative decoding
}

// palette assigns every config of a report its style; the same report
// gives the same styles in every chart.
type palette struct {
	styles  []seriesStyle
	engines []engine // in order of first appearance
	engOf   []int    // config index → engines index
}

// engine is one engine's group of configs.
type engine struct {
	name    string // its name in the edition's language
	configs []int
	// anonymous: the config states no engine and is a group of its own.
	anonymous bool
}

// newPalette styles the configs of r, named in lang. A config without
// an engine is a group of its own.
func newPalette(r *analyze.Report, lang string) *palette {
	pl := &palette{}
	byKey := map[string]int{}
	count := map[[2]int]int{} // (engine, speculative) → configs so far
	for i, c := range r.Configs {
		key := c.Engine.Key()
		if key == "" {
			key = "\x00" + c.ID
		}
		e, ok := byKey[key]
		if !ok {
			e = len(pl.engines)
			byKey[key] = e
			name := c.Engine.In(lang)
			if name == "" {
				name = c.Name.In(lang)
			}
			pl.engines = append(pl.engines, engine{name: name, anonymous: c.Engine.Key() == ""})
		}
		pl.engines[e].configs = append(pl.engines[e].configs, i)
		pl.engOf = append(pl.engOf, e)
		mode := 0
		if c.Speculative {
			mode = 1
		}
		k := count[[2]int{e, mode}]
		count[[2]int{e, mode}] = k + 1
		pl.styles = append(pl.styles, styleOf(e, k, c.Speculative))
	}
	return pl
}

// of is config i's style.
func (pl *palette) of(i int) seriesStyle { return pl.styles[i] }

// styleOf is the style of the k-th config of engine e in its mode.
func styleOf(e, k int, speculative bool) seriesStyle {
	base := families[e%len(families)]
	shades := directShades
	if speculative {
		shades = specShades
	}
	c := shade(base, shades[k%len(shades)])
	s := seriesStyle{Color: c, Dashed: speculative}
	s.Line = draw.LineStyle{Color: c, Width: vg.Points(1.8)}
	s.Glyph = draw.GlyphStyle{Color: c, Radius: vg.Points(3), Shape: marker{shape: markerShape((e + k) % numShapes), hollow: speculative}}
	if speculative {
		s.Line.Dashes = specDashes[k%len(specDashes)]
	}
	return s
}

// shade mixes c with white (f > 0) or black (f < 0); |f| = 1 is white
// or black.
func shade(c color.RGBA, f float64) color.RGBA {
	if f >= 0 {
		return tint(c, f)
	}
	mix := func(v uint8) uint8 { return uint8(float64(v)*(1+f) + 0.5) }
	return color.RGBA{mix(c.R), mix(c.G), mix(c.B), 0xFF}
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
	passColor  = color.RGBA{0x00, 0x9E, 0x73, 0xFF} // green: both SLOs met
	partColor  = color.RGBA{0xE6, 0x9F, 0x00, 0xFF} // orange: one SLO met
	failColor  = color.RGBA{0xD5, 0x5E, 0x00, 0xFF} // vermillion: none met
	emptyColor = color.RGBA{0xF2, 0xF2, 0xF2, 0xFF} // level not measured
	// unreachedColor marks a level whose load was not reached.
	unreachedColor = color.RGBA{0xBD, 0xBD, 0xBD, 0xFF}
	// legendGrey draws legend samples that stand for no config.
	legendGrey = color.RGBA{0x55, 0x55, 0x55, 0xFF}
	// contextColor is the band of the other configs behind a small
	// multiple's own.
	contextColor = color.RGBA{0xEA, 0xEA, 0xEA, 0xFF}
)

// Reference lines: neutral, dotted, labelled (hline.go, vline.go).
var (
	// sloLine is an SLO threshold.
	sloLine = draw.LineStyle{Color: color.RGBA{0x33, 0x33, 0x33, 0xFF}, Width: vg.Points(1.5),
		Dashes: []vg.Length{vg.Points(1.5), vg.Points(2.5)}}
	// parityLine is the 1.0× line of a ratio.
	parityLine = draw.LineStyle{Color: color.RGBA{0x00, 0x00, 0x00, 0xFF}, Width: vg.Points(1.2),
		Dashes: []vg.Length{vg.Points(1.5), vg.Points(2.5)}}
	// markLine is a point on the x axis (a break-even level).
	markLine = draw.LineStyle{Color: color.RGBA{0x6E, 0x6E, 0x6E, 0xFF}, Width: vg.Points(1.1),
		Dashes: []vg.Length{vg.Points(1.2), vg.Points(2.2)}}
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
	// tileSize is for the dashboard's tiles and small multiples.
	tileSize = textSizes{Title: 13, Panel: 9.5, Axis: 7.5, Tick: 7, Legend: 8.5, Value: 7}
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

// The comparison's charts (compare.go, deltagrid.go). A configuration
// keeps its colour and marker; its candidate is drawn as a report draws
// a direct configuration (solid, filled markers, in its colour), its
// baseline muted under it: a lighter shade of the same colour, thinner,
// dashed, with hollow markers. The delta heat map colours a change by
// what it means for its metric, never by its sign.

// baselineTint is how much white the baseline's colour mixes in.
const baselineTint = 0.5

// baselineDashes are the baseline's dashes: longer than the reference
// lines' dots.
var baselineDashes = []vg.Length{vg.Points(4.5), vg.Points(2.5)}

// sideStyle is a side's style in colour col with marker shape m.
func sideStyle(col color.RGBA, m marker, baseline bool) seriesStyle {
	if baseline {
		c := tint(col, baselineTint)
		m.hollow = true
		return seriesStyle{Color: c, Dashed: true,
			Line:  draw.LineStyle{Color: c, Width: vg.Points(1.2), Dashes: baselineDashes},
			Glyph: draw.GlyphStyle{Color: c, Radius: vg.Points(2.6), Shape: m}}
	}
	m.hollow = false
	return seriesStyle{Color: col,
		Line:  draw.LineStyle{Color: col, Width: vg.Points(1.9)},
		Glyph: draw.GlyphStyle{Color: col, Radius: vg.Points(3), Shape: m}}
}

// The heat map's colours: better and worse as the SLO heat map's
// met and missed (colour says better or worse for the metric, never the
// sign of the change); a change that does not count muted grey.
var (
	betterColor   = passColor
	worseColor    = failColor
	sameColor     = color.RGBA{0xE0, 0xE0, 0xE0, 0xFF}
	sameInk       = color.RGBA{0x4A, 0x4A, 0x4A, 0xFF}
	notComparedBg = color.RGBA{0xFF, 0xFF, 0xFF, 0xFF}
)

// fullChange is the change, as a factor, at which a cell's colour is at
// its deepest: 1.5× (+50 %, or −33 %).
const fullChange = 1.5
