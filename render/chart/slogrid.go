package chart

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

var (
	_ plot.Plotter    = sloGrid{}
	_ plot.DataRanger = sloGrid{}
)

// sloGrid is the SLO heat map: one row per config (first at the top),
// one column per level. A cell's colour says how many of the two SLOs
// hold and, by its depth, how far from the threshold the cell lies; its
// lines give each SLO's mark (✓, ✗, or a grey bar when it cannot be
// checked), the statistic and its margin to the threshold.
type sloGrid struct {
	cells [][]sloCell // [row][col]
	font  float64     // the largest font the cells' text is set in
}

// sloCell is one level of one config.
type sloCell struct {
	measured bool
	// unreached: the level never carried its load; its verdicts count
	// for nothing, so the cell is grey and unmarked.
	unreached bool
	fill      color.Color
	lines     []cellLine // TTFT, then TPS
}

// cellLine is one SLO's line in a cell, in the forms it can be written
// in, widest first: value with unit and margin ("1.107 ms +%11"),
// without the unit ("1.107 +%11"), the margin alone ("+%11").
type cellLine struct {
	ok, unchecked bool
	forms         [3]string
}

// uncheckedStyle is the grey bar of an SLO that cannot be checked, and
// its legend entry.
var uncheckedStyle = seriesStyle{Color: color.RGBA{0x6B, 0x6B, 0x6B, 0xFF},
	Line: draw.LineStyle{Color: color.RGBA{0x6B, 0x6B, 0x6B, 0xFF}, Width: vg.Points(2.5)}}

// Plot implements plot.Plotter.
func (g sloGrid) Plot(c draw.Canvas, p *plot.Plot) {
	w, h := cellSize(c, p)
	sty, form := g.layout(p, w, h)
	for r, row := range g.cells {
		for col, cell := range row {
			fill := cell.fill
			switch {
			case !cell.measured:
				fill = emptyColor
			case cell.unreached:
				fill = unreachedColor
			}
			rect := gridCell(c, p, len(g.cells), r, col, fill)
			if !cell.measured || cell.unreached {
				continue
			}
			g.drawLines(&c, cell, sty, form, centre(rect))
		}
	}
}

// cellSize is the size of one cell of a grid drawn on unit coordinates
// (one column and one row per unit).
func cellSize(c draw.Canvas, p *plot.Plot) (w, h vg.Length) {
	tx, ty := p.Transforms(&c)
	w, h = tx(1)-tx(0), ty(0)-ty(1)
	return w, max(h, -h)
}

// gridCell fills the cell of row r (0 at the top of rows) and column col
// with fill, framed by the white gap between cells, and returns its
// corners.
func gridCell(c draw.Canvas, p *plot.Plot, rows, r, col int, fill color.Color) []vg.Point {
	tx, ty := p.Transforms(&c)
	x, y := float64(col), float64(rows-1-r)
	x0, x1 := tx(x-0.5), tx(x+0.5)
	y0, y1 := ty(y-0.5), ty(y+0.5)
	rect := []vg.Point{{X: x0, Y: y0}, {X: x0, Y: y1}, {X: x1, Y: y1}, {X: x1, Y: y0}}
	c.FillPolygon(fill, rect)
	c.StrokeLines(draw.LineStyle{Color: color.White, Width: vg.Points(2)}, append(rect, rect[0]))
	return rect
}

// centre is the middle of a cell's corners (gridCell).
func centre(rect []vg.Point) vg.Point {
	return vg.Point{X: (rect[0].X + rect[2].X) / 2, Y: (rect[0].Y + rect[2].Y) / 2}
}

// layout picks the text style and the form (index into cellLine.forms)
// every cell is written in: the widest form, at the largest font, that
// fits the widest line in a cell of w × h.
func (g sloGrid) layout(p *plot.Plot, w, h vg.Length) (text.Style, int) {
	return cellStyle(p, g.font, draw.XLeft, func(sty text.Style, form int) bool { return g.fits(sty, form, w, h) })
}

// cellStyle picks the text style and the form (0 widest … 2 shortest)
// a grid's cells are written in: the widest form, at font or a size
// smaller, that fits says fits; else the shortest at the smaller size.
func cellStyle(p *plot.Plot, font float64, align draw.XAlignment, fits func(text.Style, int) bool) (text.Style, int) {
	sty := text.Style{Color: inkColor, XAlign: align, YAlign: draw.YCenter, Handler: p.TextHandler}
	for form := range 3 {
		for _, size := range []float64{font, font * 0.86} {
			sty.Font = chartFont(size, false)
			if fits(sty, form) {
				return sty, form
			}
		}
	}
	return sty, 2
}

// fits reports whether every cell's lines, in form and sty, fit a cell
// of w × h.
func (g sloGrid) fits(sty text.Style, form int, w, h vg.Length) bool {
	lineH := sty.Height("0") * 1.3
	for _, row := range g.cells {
		for _, cell := range row {
			if vg.Length(len(cell.lines))*lineH > h*0.92 {
				return false
			}
			for _, l := range cell.lines {
				if markW(sty)+sty.Width(l.forms[form]) > w-vg.Points(9) {
					return false
				}
			}
		}
	}
	return true
}

// markW is the width a line's mark and the space after it take.
func markW(sty text.Style) vg.Length { return sty.Height("0")*0.9 + vg.Points(3) }

// drawLines writes a cell's lines in form, centred on mid.
func (g sloGrid) drawLines(c *draw.Canvas, cell sloCell, sty text.Style, form int, mid vg.Point) {
	lineH := sty.Height("0") * 1.3
	var width vg.Length
	for _, l := range cell.lines {
		width = max(width, markW(sty)+sty.Width(l.forms[form]))
	}
	x := mid.X - width/2
	y := mid.Y + lineH*vg.Length(len(cell.lines)-1)/2
	size := sty.Height("0") * 0.9
	for _, l := range cell.lines {
		at := vg.Point{X: x + size/2, Y: y}
		if l.unchecked {
			bar := uncheckedStyle.Line
			bar.Width = size * 0.25
			c.StrokeLine2(bar, at.X-size*0.45, at.Y, at.X+size*0.45, at.Y)
		} else {
			drawMark(c, l.ok, at, size)
		}
		c.FillText(sty, vg.Point{X: x + markW(sty), Y: y}, l.forms[form])
		y -= lineH
	}
}

func (g sloGrid) DataRange() (xmin, xmax, ymin, ymax float64) {
	cols := 0
	if len(g.cells) > 0 {
		cols = len(g.cells[0])
	}
	return -0.5, float64(cols) - 0.5, -0.5, float64(len(g.cells)) - 0.5
}

// drawMark draws ✓ (ok) or ✗ as strokes, so no font needs the glyphs.
func drawMark(c *draw.Canvas, ok bool, at vg.Point, size vg.Length) {
	h := size / 2
	if ok {
		sty := draw.LineStyle{Color: color.RGBA{0x0B, 0x4F, 0x3C, 0xFF}, Width: size * 0.22}
		c.StrokeLines(sty, []vg.Point{{X: at.X - h, Y: at.Y}, {X: at.X - h*0.25, Y: at.Y - h*0.8}, {X: at.X + h, Y: at.Y + h}})
		return
	}
	sty := draw.LineStyle{Color: color.RGBA{0x8A, 0x1C, 0x00, 0xFF}, Width: size * 0.22}
	c.StrokeLine2(sty, at.X-h*0.8, at.Y-h*0.8, at.X+h*0.8, at.Y+h*0.8)
	c.StrokeLine2(sty, at.X-h*0.8, at.Y+h*0.8, at.X+h*0.8, at.Y-h*0.8)
}
