package chart

import (
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/analyze/compare"
	"github.com/openzeka/reportgen/render/present"
)

var (
	_ plot.Plotter    = deltaGrid{}
	_ plot.DataRanger = deltaGrid{}
)

// deltaKind is what a cell of the delta heat map says; the legend lists
// only the kinds that occur.
type deltaKind int

const (
	deltaBetter      deltaKind = iota // the change counts and is better for the metric
	deltaWorse                        // counts, and is worse for the metric
	deltaSame                         // does not count: within the threshold, or not significant (~)
	deltaUnknown                      // the data cannot tell (a value absent)
	deltaNotCompared                  // the level is not compared (one side only, load not reached)
	numDeltaKinds
)

// deltaCell is one level of one configuration for one metric.
type deltaCell struct {
	kind  deltaKind
	depth float64 // 0 … 1: how large the change is (deltaBetter, deltaWorse)
	// forms are the cell's text, widest first: "−43,6 %", "−44 %", "−44";
	// "~ +10,3 %" … for a change that does not count; "?" or "–".
	forms [3]string
}

// fill is the cell's colour.
func (c deltaCell) fill() color.Color {
	switch c.kind {
	case deltaBetter:
		return cellFill(betterColor, c.depth)
	case deltaWorse:
		return cellFill(worseColor, c.depth)
	case deltaSame:
		return sameColor
	case deltaUnknown:
		return emptyColor
	}
	return notComparedBg
}

// deltaGrid is one headline metric's changes: one row per matched
// configuration (first at the top), one column per level.
type deltaGrid struct {
	cells [][]deltaCell // [row][col]
	font  float64       // the largest font the cells' text is set in
}

// Plot implements plot.Plotter.
func (g deltaGrid) Plot(c draw.Canvas, p *plot.Plot) {
	w, h := cellSize(c, p)
	sty, form := g.layout(p, w, h)
	for r, row := range g.cells {
		for col, cell := range row {
			rect := gridCell(c, p, len(g.cells), r, col, cell.fill())
			if cell.kind == deltaNotCompared {
				// A blank cell keeps its place in the grid by a thin
				// outline inside the white gap.
				in := vg.Points(1.5)
				x0, y0, x1, y1 := rect[0].X, rect[0].Y, rect[2].X, rect[2].Y
				box := []vg.Point{{X: x0 + in, Y: y0 + in}, {X: x0 + in, Y: y1 - in}, {X: x1 - in, Y: y1 - in}, {X: x1 - in, Y: y0 + in}}
				c.StrokeLines(draw.LineStyle{Color: gridColor, Width: vg.Points(0.8)}, append(box, box[0]))
			}
			s := sty
			if cell.kind != deltaBetter && cell.kind != deltaWorse {
				s.Color = sameInk
			}
			c.FillText(s, centre(rect), cell.forms[form])
		}
	}
}

// layout picks the text style and the form every cell is written in:
// the widest form, at the largest font, that fits the widest cell text
// in a cell of w × h.
func (g deltaGrid) layout(p *plot.Plot, w, h vg.Length) (text.Style, int) {
	return cellStyle(p, g.font, draw.XCenter, func(sty text.Style, form int) bool { return g.fits(sty, form, w, h) })
}

// fits reports whether every cell's text, in form and sty, fits a cell
// of w × h.
func (g deltaGrid) fits(sty text.Style, form int, w, h vg.Length) bool {
	if sty.Height("0")*1.3 > h*0.92 {
		return false
	}
	for _, row := range g.cells {
		for _, cell := range row {
			if sty.Width(cell.forms[form]) > w-vg.Points(6) {
				return false
			}
		}
	}
	return true
}

// DataRange implements plot.DataRanger.
func (g deltaGrid) DataRange() (xmin, xmax, ymin, ymax float64) {
	cols := 0
	if len(g.cells) > 0 {
		cols = len(g.cells[0])
	}
	return -0.5, float64(cols) - 0.5, -0.5, float64(len(g.cells)) - 0.5
}

// deltaCellOf is delta d as a heat-map cell; nil d is a level not
// compared. Its kind follows the delta's change, which says better or
// worse for the metric (a time that fell is better), never its sign.
func (cv *cmpView) deltaCellOf(d *compare.Delta) deltaCell {
	if d == nil {
		return deltaCell{kind: deltaNotCompared, forms: [3]string{"–", "–", "–"}}
	}
	cell := deltaCell{kind: deltaUnknown, forms: [3]string{"?", "?", "?"}}
	switch d.Change {
	case compare.Improved:
		cell.kind = deltaBetter
	case compare.Regressed:
		cell.kind = deltaWorse
	case compare.Unchanged:
		cell.kind = deltaSame
	default:
		return cell
	}
	if cell.kind != deltaSame && d.Old > 0 && d.New > 0 {
		cell.depth = 0.25 + 0.75*math.Min(1, math.Abs(math.Log(d.New/d.Old))/math.Log(fullChange))
	} else if cell.kind != deltaSame {
		cell.depth = 1
	}
	if math.IsNaN(d.DeltaPct) {
		// A change from zero has no percentage.
		cell.forms = [3]string{"↑", "↑", "↑"}
		if d.New < d.Old {
			cell.forms = [3]string{"↓", "↓", "↓"}
		}
	} else {
		cell.forms = [3]string{cv.signedPct(d.DeltaPct, 1), cv.signedPct(d.DeltaPct, 0), cv.signedNum(d.DeltaPct)}
	}
	if cell.kind == deltaSame {
		for i := range 2 {
			cell.forms[i] = "~ " + cell.forms[i]
		}
		cell.forms[2] = "~"
	}
	return cell
}

// signedPct writes a change in percent with its sign (a minus sign for
// a fall, none for zero) in the locale's form: "+10,3 %", "−%43,6".
func (cv *cmpView) signedPct(pct float64, dec int) string {
	return signOf(pct, dec) + cv.loc.Pct(math.Abs(pct)/100, dec)
}

// signedNum writes a change in percent without the percent sign: "−44".
func (cv *cmpView) signedNum(pct float64) string {
	return signOf(pct, 0) + cv.loc.Num(math.Abs(pct), 0)
}

// signOf is the sign a change shows at dec decimals: "+", "−" (U+2212),
// or none where it rounds to zero.
func signOf(pct float64, dec int) string {
	r := math.Round(math.Abs(pct)*math.Pow10(dec)) / math.Pow10(dec)
	switch {
	case r == 0:
		return ""
	case pct < 0:
		return "−"
	}
	return "+"
}

// headlineDelta is configuration cf's headline delta of metric id at
// load x; nil when there is none (the level is not compared, or the
// metric was refused).
func headlineDelta(cf compare.Config, id analyze.MetricID, x analyze.Load) *compare.Delta {
	for i := range cf.Deltas {
		d := &cf.Deltas[i]
		if d.Headline && d.Load != nil && *d.Load == x && analyze.MetricID(d.Metric) == id {
			return d
		}
	}
	return nil
}

// heatmap is the delta heat map: a grid per headline metric, one row per
// matched configuration and one column per level, each cell the
// headline delta there, coloured by whether it is better or worse for
// that metric (deeper for a larger change), muted where the change does
// not count, blank where the level was not compared.
func (cv *cmpView) heatmap(hs []cmpHeadline) *figure {
	var occurs [numDeltaKinds]bool
	var cols []string
	for _, x := range cv.levels {
		cols = append(cols, cv.loc.At(x))
	}
	var panels [][]*plot.Plot
	for k, h := range hs {
		g := deltaGrid{font: fullSize.Value}
		var tests []compare.Test
		for _, cf := range cv.c.Configs {
			var row []deltaCell
			for _, x := range cv.levels {
				d := headlineDelta(cf, h.id, x)
				cell := cv.deltaCellOf(d)
				occurs[cell.kind] = true
				row = append(row, cell)
				if d != nil && !slices.Contains(tests, d.Test) {
					tests = append(tests, d.Test)
				}
			}
			g.cells = append(g.cells, row)
		}
		xLabel := ""
		if k == len(hs)-1 {
			xLabel = cv.loc.T("axis_levels")
		}
		p := newPanel(cv.panelTitle(h, tests), xLabel, "", fullSize)
		p.Add(g)
		var rowNames []string
		for i := range cv.c.Configs {
			rowNames = append(rowNames, roomy(wrapLabel(cv.statTitle(h, i), 22)))
		}
		slices.Reverse(rowNames) // NominalY puts the first name at the bottom
		p.NominalX(cols...)
		p.NominalY(rowNames...)
		p.X.Tick.Label.Font = chartFont(fullSize.Tick, false)
		p.Y.Tick.Label.Font = chartFont(fullSize.Tick, false)
		p.X.Padding, p.Y.Padding = 0, 0
		p.X.Width, p.Y.Width = 0, 0
		p.X.Tick.Width, p.Y.Tick.Width = 0, 0
		panels = append(panels, []*plot.Plot{p})
	}
	n := len(cv.c.Configs)
	rowH := max(22, min(30, 600/max(1, n*len(hs))))
	h := vg.Length(90 + len(hs)*(48+rowH*n))
	return &figure{title: cv.loc.T("compare_ctitle_heatmap"), panels: panels, legend: cv.deltaLegend(occurs),
		w: chartWidth, h: h, sizes: fullSize}
}

// panelTitle names a heat-map panel: the metric and its unit, and how
// its changes were judged.
func (cv *cmpView) panelTitle(h cmpHeadline, tests []compare.Test) string {
	var words []string
	for _, t := range []compare.Test{compare.TestWelch, compare.TestQuantile, compare.TestRuns, compare.TestNone} {
		if slices.Contains(tests, t) {
			words = append(words, cv.loc.T("compare_ptest_"+string(t), "Pct", cv.threshold()))
		}
	}
	name := capFirst(cv.loc, cv.metricName(h)) + " (" + cv.loc.T(present.MustOf(h.id).Axis) + ")"
	if len(words) == 0 {
		return name
	}
	return cv.loc.T("compare_panel_tests", "Metric", name, "Tests", strings.Join(words, " / "))
}

// deltaLegend lists the kinds of cell that occur, in a fixed order.
func (cv *cmpView) deltaLegend(occurs [numDeltaKinds]bool) []legendEntry {
	all := [numDeltaKinds]legendEntry{
		deltaBetter:      {label: cv.loc.T("compare_legend_better"), swatch: cellFill(betterColor, 0.6)},
		deltaWorse:       {label: cv.loc.T("compare_legend_worse"), swatch: cellFill(worseColor, 0.6)},
		deltaSame:        {label: cv.loc.T("compare_legend_same", "Pct", cv.threshold()), swatch: sameColor},
		deltaUnknown:     {label: cv.loc.T("compare_legend_unknown"), swatch: emptyColor},
		deltaNotCompared: {label: cv.loc.T("compare_legend_not_compared"), swatch: notComparedBg},
	}
	var out []legendEntry
	for k, e := range all {
		if occurs[k] {
			out = append(out, e)
		}
	}
	return out
}
