package chart

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"regexp"
	"runtime"
	"sync"

	"git.sr.ht/~sbinet/gg"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/locale"
)

// Chart is one drawn chart of one edition.
type Chart struct {
	// Name is the file name without extension: "01-ttft".
	Name string
	PNG  []byte
	SVG  []byte
}

// Names lists the ten standard charts in report order.
var Names = func() []string {
	var out []string
	for _, d := range defs {
		out = append(out, d.name)
	}
	return out
}()

// Options are the charts' language and the encodings to draw them in:
// PNG (Markdown, PDF), SVG (HTML), or both.
type Options struct {
	// Locale words and formats the charts' titles, axes and legends
	// (locale.ForReport: a rate-axis report words its axes as rates).
	// Draw uses it before it returns and never after, so the caller may
	// go on using it.
	Locale *locale.Locale
	PNG    bool
	SVG    bool
}

// errNoEncoding is Draw's error when asked for neither PNG nor SVG.
var errNoEncoding = errors.New("charts: no encoding asked for (PNG, SVG or both)")

// errNoLocale is Draw's error when given no locale.
var errNoLocale = errors.New("charts: no locale")

// Draw draws every standard chart the data supports (no speculative
// pair: no 08), in report order, in the encodings opt asks for; a
// Chart's PNG or SVG is nil when it was not asked for. Charts are drawn
// in parallel, at most GOMAXPROCS at a time in the whole process (each
// holds a full-size raster while it draws); the output is the same on
// every run.
func Draw(r *analyze.Report, opt Options) ([]Chart, error) {
	if !opt.PNG && !opt.SVG {
		return nil, errNoEncoding
	}
	loc := opt.Locale
	if loc == nil {
		return nil, errNoLocale
	}
	cv := &chartView{r: r, loc: loc}
	// Build the figures first (cheap, and the locale is not safe for
	// concurrent use), then draw and encode them in parallel.
	var figs []*figure
	for _, d := range defs {
		f, err := d.build(cv)
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", d.name, err)
		}
		if f != nil {
			f.name = d.name
			figs = append(figs, f)
		}
	}
	if err := loc.Err(); err != nil {
		return nil, err
	}
	out := make([]Chart, len(figs))
	errs := make([]error, len(figs))
	var wg sync.WaitGroup
	for i, f := range figs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			drawing <- struct{}{}
			defer func() { <-drawing }()
			out[i], errs[i] = f.render(opt.PNG, opt.SVG)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", figs[i].name, err)
		}
	}
	return out, nil
}

// drawing bounds the charts drawn at once, across every Draw of the
// process: the editions of a build draw theirs concurrently.
var drawing = make(chan struct{}, runtime.GOMAXPROCS(0))

// legendEntry is one item of a figure's legend.
type legendEntry struct {
	label string
	style seriesStyle
	// swatch draws a filled box instead of a line and marker.
	swatch color.Color
	// errBar draws an error bar (the run-to-run spread) instead.
	errBar bool
}

// figure is a chart: a title, panels laid out in a grid, and a legend
// under them, on a canvas of w × h points.
type figure struct {
	name       string
	title      string
	panels     [][]*plot.Plot // rows of panels; nil entries stay empty
	legend     []legendEntry
	w, h       vg.Length
	sizes      textSizes
	legendCols int // entries per legend row; 0: as many as fit
}

// render draws the figure in the encodings asked for.
func (f *figure) render(withPNG, withSVG bool) (Chart, error) {
	c := Chart{Name: f.name}
	if withPNG {
		png, err := f.png()
		if err != nil {
			return c, err
		}
		c.PNG = png
	}
	if withSVG {
		svg, err := f.svg()
		if err != nil {
			return c, err
		}
		c.SVG = svg
	}
	return c, nil
}

// png draws the figure at chartDPI and encodes it.
func (f *figure) png() ([]byte, error) {
	// Draw straight into an RGBA image: vgimg would otherwise copy its
	// image into a new graphics context.
	px := image.NewRGBA(image.Rect(0, 0, int(float64(f.w)*chartDPI/72+0.5), int(float64(f.h)*chartDPI/72+0.5)))
	ctx := gg.NewContextForRGBA(px)
	ctx.SetLineCapButt()
	ctx.SetInterpolator(glyphInterp{})
	ctx.InvertY()
	img := vgimg.NewWith(vgimg.UseImageWithContext(px, ctx), vgimg.UseDPI(chartDPI))
	f.draw(draw.New(img), true)
	var buf bytes.Buffer
	if err := encodePNG(&buf, px); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// svg draws the figure as SVG whose text names fallback fonts.
func (f *figure) svg() ([]byte, error) {
	svg := vgsvg.NewWith(vgsvg.UseWH(f.w, f.h))
	f.draw(draw.New(svg), false)
	var sbuf bytes.Buffer
	if _, err := svg.WriteTo(&sbuf); err != nil {
		return nil, err
	}
	return svgFonts.ReplaceAll(sbuf.Bytes(), []byte("font-family:'Liberation Sans',Arial,Helvetica,sans-serif;")), nil
}

// svgFonts finds vgsvg's bare font-family declarations; the SVG gets
// metric-compatible fallbacks for viewers without Liberation Sans.
var svgFonts = regexp.MustCompile(`font-family:Liberation Sans;`)

// draw lays the figure out on dc: title at the top, legend at the
// bottom, panels aligned in between. On a canvas already white
// (whiteCanvas: the PNG's raster starts white), panels skip painting
// their white background: the rasterizer painted every pixel of every
// panel again, a sixth of a build's time, for the same pixels.
func (f *figure) draw(dc draw.Canvas, whiteCanvas bool) {
	pad := vg.Points(8)
	dc = draw.Crop(dc, pad, -pad, pad, -pad)
	hdl := plot.DefaultTextHandler
	titleSty := text.Style{Color: inkColor, Font: chartFont(f.sizes.Title, true), XAlign: draw.XCenter, YAlign: draw.YTop, Handler: hdl}
	top := dc.Max.Y
	if f.title != "" {
		dc.FillText(titleSty, vg.Point{X: (dc.Min.X + dc.Max.X) / 2, Y: top}, f.title)
		top -= titleSty.Height(f.title) + vg.Points(6)
	}
	bottom := dc.Min.Y
	if len(f.legend) > 0 {
		bottom += f.drawLegend(dc) + vg.Points(6)
	}
	area := draw.Crop(dc, 0, 0, bottom-dc.Min.Y, top-dc.Max.Y)
	rows := len(f.panels)
	cols := 0
	for _, r := range f.panels {
		cols = max(cols, len(r))
	}
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Points(14), PadY: vg.Points(12)}
	canvases := plot.Align(f.panels, tiles, area)
	for i, row := range f.panels {
		for j, p := range row {
			if p == nil {
				continue
			}
			bg := p.BackgroundColor
			if whiteCanvas && isWhite(bg) {
				p.BackgroundColor = nil
			}
			p.Draw(canvases[i][j])
			p.BackgroundColor = bg
		}
	}
}

// isWhite reports whether c is opaque white.
func isWhite(c color.Color) bool {
	if c == nil {
		return false
	}
	r, g, b, a := c.RGBA()
	return r == 0xffff && g == 0xffff && b == 0xffff && a == 0xffff
}

// drawLegend draws the legend centred in rows at the bottom of dc and
// returns its height.
func (f *figure) drawLegend(dc draw.Canvas) vg.Length {
	hdl := plot.DefaultTextHandler
	sty := text.Style{Color: inkColor, Font: chartFont(f.sizes.Legend, false), XAlign: draw.XLeft, YAlign: draw.YCenter, Handler: hdl}
	sample := vg.Points(22)
	gap := vg.Points(16)
	lineH := sty.Height("Ag") + vg.Points(5)
	width := dc.Max.X - dc.Min.X
	// Break entries into rows that fit.
	var rows [][]legendEntry
	var cur []legendEntry
	var curW vg.Length
	for _, e := range f.legend {
		w := sample + vg.Points(5) + sty.Width(e.label)
		if len(cur) > 0 && (curW+gap+w > width || (f.legendCols > 0 && len(cur) == f.legendCols)) {
			rows = append(rows, cur)
			cur, curW = nil, 0
		}
		if len(cur) > 0 {
			curW += gap
		}
		cur = append(cur, e)
		curW += w
	}
	if len(cur) > 0 {
		rows = append(rows, cur)
	}
	height := vg.Length(len(rows)) * lineH
	y := dc.Min.Y + height - lineH/2
	for _, row := range rows {
		var rowW vg.Length
		for i, e := range row {
			if i > 0 {
				rowW += gap
			}
			rowW += sample + vg.Points(5) + sty.Width(e.label)
		}
		x := (dc.Min.X+dc.Max.X)/2 - rowW/2
		for _, e := range row {
			if e.errBar {
				sty := draw.LineStyle{Color: inkColor, Width: vg.Points(1.1)}
				mid, h := x+sample/2, vg.Points(5)
				dc.StrokeLine2(sty, mid, y-h, mid, y+h)
				dc.StrokeLine2(sty, mid-vg.Points(3), y-h, mid+vg.Points(3), y-h)
				dc.StrokeLine2(sty, mid-vg.Points(3), y+h, mid+vg.Points(3), y+h)
			} else if e.swatch != nil {
				box := []vg.Point{{X: x + sample*0.2, Y: y - vg.Points(4)}, {X: x + sample*0.2, Y: y + vg.Points(4)}, {X: x + sample*0.8, Y: y + vg.Points(4)}, {X: x + sample*0.8, Y: y - vg.Points(4)}}
				dc.FillPolygon(e.swatch, box)
				dc.StrokeLines(draw.LineStyle{Color: inkColor, Width: vg.Points(0.4)}, append(box, box[0]))
			} else {
				if e.style.Line.Width > 0 {
					dc.StrokeLine2(e.style.Line, x, y, x+sample, y)
				}
				g := e.style.Glyph
				pt := vg.Point{X: x + sample/2, Y: y}
				switch {
				case g.Shape == nil:
					// A line sample only.
				case e.style.Dashed:
					hollowTriangle{}.DrawGlyph(&dc, g, pt)
				default:
					dc.DrawGlyphNoClip(g, pt)
				}
			}
			dc.FillText(sty, vg.Point{X: x + sample + vg.Points(5), Y: y}, e.label)
			x += sample + vg.Points(5) + sty.Width(e.label) + gap
		}
		y -= lineH
	}
	return height
}
