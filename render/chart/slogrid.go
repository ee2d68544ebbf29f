package chart

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

var (
	_ plot.Plotter    = sloGrid{}
	_ plot.DataRanger = sloGrid{}
)

// sloGrid is the SLO heat map: one row per config (first at the top),
// one column per level. A cell's colour says how many of the two SLOs
// hold; its two marks say which (TTFT first, TPS second).
type sloGrid struct {
	cells [][]sloCell // [row][col]
}

type sloCell struct {
	measured  bool
	ttft, tps bool
	// unreached: the level never carried its load; its verdicts count
	// for nothing, so the cell is grey and unmarked.
	unreached bool
	// ttftUnchecked and tpsUnchecked: the source had no statistic to
	// check that SLO against; drawn as a grey bar instead of ✓ or ✗.
	ttftUnchecked, tpsUnchecked bool
}

// uncheckedStyle is the grey bar of an SLO that cannot be checked, and
// its legend entry.
var uncheckedStyle = seriesStyle{Color: color.RGBA{0x6B, 0x6B, 0x6B, 0xFF},
	Line: draw.LineStyle{Color: color.RGBA{0x6B, 0x6B, 0x6B, 0xFF}, Width: vg.Points(2.5)}}

// Plot implements plot.Plotter.
func (g sloGrid) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	rows := len(g.cells)
	for r, row := range g.cells {
		y := float64(rows - 1 - r)
		for col, cell := range row {
			x := float64(col)
			x0, x1 := tx(x-0.5), tx(x+0.5)
			y0, y1 := ty(y-0.5), ty(y+0.5)
			fill := emptyColor
			switch {
			case !cell.measured:
			case cell.unreached:
				fill = unreachedColor
			case cell.ttft && cell.tps:
				fill = tint(passColor, 0.55)
			case cell.ttft || cell.tps:
				fill = tint(partColor, 0.45)
			default:
				fill = tint(failColor, 0.35)
			}
			rect := []vg.Point{{X: x0, Y: y0}, {X: x0, Y: y1}, {X: x1, Y: y1}, {X: x1, Y: y0}}
			c.FillPolygon(fill, rect)
			c.StrokeLines(draw.LineStyle{Color: color.White, Width: vg.Points(2)}, append(rect, rect[0]))
			if !cell.measured || cell.unreached {
				continue
			}
			size := min(x1-x0, y1-y0) * 0.28
			cx, cy := (x0+x1)/2, (y0+y1)/2
			for i, m := range []struct{ ok, unchecked bool }{{cell.ttft, cell.ttftUnchecked}, {cell.tps, cell.tpsUnchecked}} {
				at := vg.Point{X: cx + size*0.75*vg.Length(2*i-1), Y: cy}
				if m.unchecked {
					sty := uncheckedStyle.Line
					sty.Width = size * 0.22
					c.StrokeLine2(sty, at.X-size*0.4, at.Y, at.X+size*0.4, at.Y)
					continue
				}
				drawMark(&c, m.ok, at, size)
			}
		}
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
