package chart

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"regexp"
	"runtime"
	"strings"
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

// Names lists the standard charts (the rows of defs) in the order of
// their numbers, the order Draw returns them in. The chart list of
// docs/output.md and every count of charts in the tests come from it.
func Names() []string {
	out := make([]string, len(defs))
	for i, d := range defs {
		out[i] = d.name
	}
	return out
}

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
// pair: no 08; no level at all: none), in the order of defs, in the encodings opt asks for; a
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
	if len(r.Levels) == 0 {
		// No point to draw: ingest refuses a configuration without a
		// level, and the charts do not rely on it.
		return nil, nil
	}
	cv := newChartView(r, loc)
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
	return drawAll(figs, opt)
}

// drawAll draws figs in the encodings opt asks for, in parallel, in
// order.
func drawAll(figs []*figure, opt Options) ([]Chart, error) {
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
// under them, on a canvas of w × h points. Small multiples give each row
// of panels its own legend (rowLegends, one per row) under the row.
type figure struct {
	name       string
	title      string
	panels     [][]*plot.Plot // rows of panels; nil entries stay empty
	legend     []legendEntry
	rowLegends [][]legendEntry
	w, h       vg.Length
	sizes      textSizes
	legendCols int // entries per legend row; 0: as many as fit
	// ptitles are the panels' titles, taken from gonum/plot (which
	// drew a title higher with a tick label sticking out above the data
	// area) and drawn by the figure a fixed distance above the aligned
	// data areas; titleH is the room they take.
	ptitles map[*plot.Plot]*panelTitle
	titleH  vg.Length
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
		for _, line := range wrapTo(titleSty, f.title, dc.Max.X-dc.Min.X) {
			dc.FillText(titleSty, vg.Point{X: (dc.Min.X + dc.Max.X) / 2, Y: top}, line)
			top -= titleSty.Height(line)
		}
		top -= vg.Points(6)
	}
	bottom := dc.Min.Y
	if len(f.legend) > 0 {
		bottom += f.drawLegend(dc, f.legend, true) + vg.Points(6)
	}
	area := draw.Crop(dc, 0, 0, bottom-dc.Min.Y, top-dc.Max.Y)
	rows := len(f.panels)
	cols := 0
	for _, r := range f.panels {
		cols = max(cols, len(r))
	}
	// Every row's legend strip has the height of the tallest, so that
	// the panels stay aligned.
	var strip vg.Length
	for _, l := range f.rowLegends {
		strip = max(strip, f.drawLegend(area, l, false))
	}
	if strip > 0 {
		strip += vg.Points(4)
	}
	padX := vg.Points(14)
	titleH := f.takeTitles((area.Max.X-area.Min.X-padX*vg.Length(cols-1))/vg.Length(max(cols, 1)) - vg.Points(4))
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: padX, PadY: vg.Points(12)}
	canvases := plot.Align(f.panels, tiles, area)
	for i, row := range f.panels {
		for j, p := range row {
			if p == nil {
				continue
			}
			c := draw.Crop(canvases[i][j], 0, 0, strip, -titleH)
			if t := f.ptitles[p]; t != nil {
				t.minX, t.maxX = c.Min.X, c.Max.X
			}
			bg := p.BackgroundColor
			if whiteCanvas && isWhite(bg) {
				p.BackgroundColor = nil
			}
			p.Draw(c)
			p.BackgroundColor = bg
		}
		if i < len(f.rowLegends) && len(row) > 0 {
			y := canvases[i][0].Min.Y
			f.drawLegend(draw.Canvas{Canvas: area.Canvas, Rectangle: vg.Rectangle{Min: vg.Point{X: area.Min.X, Y: y}, Max: vg.Point{X: area.Max.X, Y: y + strip}}}, f.rowLegends[i], true)
		}
	}
}

// panelTitle draws a panel's title, wrapped to its tile, a fixed
// distance above the panel's data area, centred on the tile (minX …
// maxX, set before every draw).
type panelTitle struct {
	text       string
	style      text.Style
	pad        vg.Length
	minX, maxX vg.Length
}

// Plot implements plot.Plotter.
func (t *panelTitle) Plot(c draw.Canvas, _ *plot.Plot) {
	sty := t.style
	sty.XAlign, sty.YAlign = draw.XCenter, draw.YBottom
	c.FillText(sty, vg.Point{X: (t.minX + t.maxX) / 2, Y: c.Max.Y + titleGap + t.pad}, t.text)
}

// titleGap is the room between a panel's data area and its title left
// for a tick label that sticks out above the data area.
const titleGap = vg.Length(4)

// takeTitles takes the panels' titles out of gonum/plot's hands, once
// (the figure is drawn once per encoding), wrapped to width, and
// returns the height the tallest needs above its panel.
func (f *figure) takeTitles(width vg.Length) vg.Length {
	if f.ptitles != nil {
		return f.titleH
	}
	f.ptitles = map[*plot.Plot]*panelTitle{}
	for _, row := range f.panels {
		for _, p := range row {
			if p == nil || p.Title.Text == "" {
				continue
			}
			t := &panelTitle{text: strings.Join(wrapTo(p.Title.TextStyle, p.Title.Text, width), "\n"), style: p.Title.TextStyle, pad: p.Title.Padding}
			f.titleH = max(f.titleH, t.style.Height(t.text)+t.pad+titleGap)
			f.ptitles[p] = t
			p.Add(t)
			p.Title.Text = ""
		}
	}
	return f.titleH
}

// wrapTo breaks s at spaces into lines no wider than width in sty; a
// word wider than width stays whole on its line.
func wrapTo(sty text.Style, s string, width vg.Length) []string {
	if sty.Width(s) <= width {
		return []string{s}
	}
	var lines []string
	cur := ""
	for _, w := range strings.Fields(s) {
		if cur != "" && sty.Width(cur+" "+w) > width {
			lines = append(lines, cur)
			cur = w
			continue
		}
		if cur != "" {
			cur += " "
		}
		cur += w
	}
	return append(lines, cur)
}

// isWhite reports whether c is opaque white.
func isWhite(c color.Color) bool {
	if c == nil {
		return false
	}
	r, g, b, a := c.RGBA()
	return r == 0xffff && g == 0xffff && b == 0xffff && a == 0xffff
}

// drawLegend lays entries out in centred rows at the bottom of dc and
// returns their height; it draws them only when paint is set (without,
// it measures).
func (f *figure) drawLegend(dc draw.Canvas, entries []legendEntry, paint bool) vg.Length {
	hdl := plot.DefaultTextHandler
	sty := text.Style{Color: inkColor, Font: chartFont(f.sizes.Legend, false), XAlign: draw.XLeft, YAlign: draw.YCenter, Handler: hdl}
	sample := vg.Points(26)
	gap := vg.Points(14)
	lineH := sty.Height("Ag") + vg.Points(5)
	width := dc.Max.X - dc.Min.X
	entryW := func(e legendEntry) vg.Length { return sample + vg.Points(5) + sty.Width(e.label) }
	// Break entries into rows that fit, with a tenth to spare: the SVG
	// is drawn by the viewer's fonts, and where Liberation Sans and
	// Arial are missing the fallback (DejaVu Sans) sets wider.
	var rows [][]legendEntry
	var cur []legendEntry
	var curW vg.Length
	for _, e := range entries {
		w := entryW(e) * 1.1
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
	if !paint {
		return height
	}
	y := dc.Min.Y + height - lineH/2
	for _, row := range rows {
		var rowW vg.Length
		for i, e := range row {
			if i > 0 {
				rowW += gap
			}
			rowW += entryW(e)
		}
		x := (dc.Min.X+dc.Max.X)/2 - rowW/2
		for _, e := range row {
			drawSample(dc, e, x, y, sample)
			dc.FillText(sty, vg.Point{X: x + sample + vg.Points(5), Y: y}, e.label)
			x += entryW(e) + gap
		}
		y -= lineH
	}
	return height
}

// drawSample draws a legend entry's sample, sample wide, at x, centred
// on y: an error bar, a swatch, or a line with its marker.
func drawSample(dc draw.Canvas, e legendEntry, x, y, sample vg.Length) {
	switch {
	case e.errBar:
		sty := draw.LineStyle{Color: inkColor, Width: vg.Points(1.1)}
		mid, h := x+sample/2, vg.Points(5)
		dc.StrokeLine2(sty, mid, y-h, mid, y+h)
		dc.StrokeLine2(sty, mid-vg.Points(3), y-h, mid+vg.Points(3), y-h)
		dc.StrokeLine2(sty, mid-vg.Points(3), y+h, mid+vg.Points(3), y+h)
	case e.swatch != nil:
		box := []vg.Point{{X: x + sample*0.2, Y: y - vg.Points(4)}, {X: x + sample*0.2, Y: y + vg.Points(4)}, {X: x + sample*0.8, Y: y + vg.Points(4)}, {X: x + sample*0.8, Y: y - vg.Points(4)}}
		dc.FillPolygon(e.swatch, box)
		dc.StrokeLines(draw.LineStyle{Color: inkColor, Width: vg.Points(0.4)}, append(box, box[0]))
	default:
		if e.style.Line.Width > 0 {
			dc.StrokeLine2(e.style.Line, x, y, x+sample, y)
		}
		if e.style.Glyph.Shape != nil {
			dc.DrawGlyphNoClip(e.style.Glyph, vg.Point{X: x + sample/2, Y: y})
		}
	}
}
