package chart

import (
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/openzeka/reportgen/analyze"
)

// cellKind is what a heat-map cell says; the legend lists only the
// kinds that occur.
type cellKind int

const (
	cellPass       cellKind = iota // both SLOs met
	cellPartial                    // one met
	cellFail                       // neither
	cellNotMeasure                 // the config has no such level
	cellUnchecked                  // an SLO lacks its statistic
	cellUnreached                  // the level never carried its load
	numCellKinds
)

// fullDepth is the distance from the threshold, as a factor, at which a
// cell's colour is at its deepest: 3× over (or under) the SLO.
const fullDepth = 3.0

// heatmap is chart 09: the SLO verdicts at the headline statistic, one
// row per config, one column per level. Each cell gives TTFT, then TPS,
// as the check read them, with the margin to the threshold (value ÷
// SLO − 1: "+11 %" is 11 % above it); the cell's hue says how many SLOs
// hold, its depth how far from the threshold it lies.
func (cv *chartView) heatmap() (*figure, error) {
	pct := cv.headline()
	g := sloGrid{font: fullSize.Value}
	var rows []string
	var occurs [numCellKinds]bool
	standIns := false
	for _, c := range cv.r.Configs {
		var cells []sloCell
		for _, lc := range cv.r.Levels {
			l, ok := c.Level(lc)
			cell, kinds := cv.sloCell(l, ok, pct)
			for _, ln := range cell.lines {
				standIns = standIns || strings.Contains(ln.forms[0], standInMark)
			}
			for _, k := range kinds {
				occurs[k] = true
			}
			cells = append(cells, cell)
		}
		g.cells = append(g.cells, cells)
		rows = append(rows, roomy(wrapLabel(cv.name(c), 22)))
	}
	marks := "heatmap_marks"
	if cv.sloTPS() == nil {
		marks = "heatmap_marks_ttft"
	}
	p := newPanel(cv.loc.T(marks, "Stat", cv.loc.T("statw_"+string(pct))), cv.loc.T("axis_levels"), "", fullSize)
	p.Title.TextStyle.Font = chartFont(fullSize.Axis, false)
	p.Add(g)
	var cols []string
	for _, lc := range cv.r.Levels {
		cols = append(cols, cv.loc.At(lc))
	}
	p.NominalX(cols...)
	// NominalY puts the first name at the bottom; the grid draws the
	// first config on top, so the names go in reverse.
	rev := make([]string, len(rows))
	for i, n := range rows {
		rev[len(rows)-1-i] = n
	}
	p.NominalY(rev...)
	p.X.Tick.Label.Font = chartFont(fullSize.Tick, false)
	p.Y.Tick.Label.Font = chartFont(fullSize.Tick, false)
	p.X.Padding, p.Y.Padding = 0, 0
	p.X.Width, p.Y.Width = 0, 0           // no axis lines
	p.X.Tick.Width, p.Y.Tick.Width = 0, 0 // nor tick marks
	// Rows get lower in a long matrix, so that it fits a page.
	rowH := max(26, min(36, 760/max(1, len(rows))))
	if cv.sloTPS() == nil {
		rowH = 26
	}
	h := vg.Length(130 + rowH*len(rows))
	return &figure{title: cv.loc.T("ctitle_slo_matrix", "Stat", cv.loc.T("stat_"+string(pct))), panels: [][]*plot.Plot{{p}},
		legend: cv.heatLegend(occurs, standIns, pct), w: chartWidth, h: h, sizes: fullSize}, nil
}

// roomy pads each line of a right-aligned label on its left by about a
// tenth of its length: the label's room is measured in Liberation Sans,
// and an SVG viewer without it (nor Arial) sets the text wider, which
// then runs into the padding instead of off the chart.
func roomy(label string) string {
	lines := strings.Split(label, "\n")
	for i, ln := range lines {
		lines[i] = strings.Repeat(" ", 1+len([]rune(ln))/8) + ln
	}
	return strings.Join(lines, "\n")
}

// heatLegend lists the kinds of cell that occur, in a fixed order.
func (cv *chartView) heatLegend(occurs [numCellKinds]bool, standIns bool, pct analyze.Percentile) []legendEntry {
	all := [numCellKinds]legendEntry{
		cellPass:       {label: cv.loc.T("legend_pass"), swatch: cellFill(passColor, 0.5)},
		cellPartial:    {label: cv.loc.T("legend_partial"), swatch: cellFill(partColor, 0.5)},
		cellFail:       {label: cv.loc.T("legend_fail"), swatch: cellFill(failColor, 0.5)},
		cellNotMeasure: {label: cv.loc.T("legend_not_measured"), swatch: emptyColor},
		cellUnchecked:  {label: cv.loc.T("legend_unchecked"), style: uncheckedStyle},
		cellUnreached:  {label: cv.loc.T("legend_unreached"), swatch: unreachedColor},
	}
	var out []legendEntry
	for k, e := range all {
		if occurs[k] {
			out = append(out, e)
		}
	}
	if standIns {
		out = append(out, legendEntry{label: cv.loc.T("legend_stand_in", "Mark", standInMark, "Stat", cv.loc.T("statw_"+string(pct)))})
	}
	return out
}

// cellFill is a cell's colour: base, paler the nearer the cell lies to
// its threshold (depth 0), deepest at depth 1.
func cellFill(base color.RGBA, depth float64) color.RGBA {
	return tint(base, 0.8-0.58*math.Max(0, math.Min(1, depth)))
}

// sloCheck is one SLO's check at a level.
type sloCheck struct {
	value, slo float64
	ok         bool
	unchecked  bool
	unit       string
	// used is the statistic shown in place of the one asked for (the
	// source lacks it: P99 for a P90 time, P10 or the median for a P90
	// rate); "" when it is the one asked for.
	used string
}

// depth is how far the value lies from the threshold, 0 at it and 1 at
// fullDepth times it or more.
func (s sloCheck) depth() float64 {
	return math.Min(1, math.Abs(math.Log(s.value/s.slo))/math.Log(fullDepth))
}

// sloCell is level l (ok: measured) of a config as a heat-map cell at
// statistic pct, and the kinds of cell it shows.
func (cv *chartView) sloCell(l analyze.Level, ok bool, pct analyze.Percentile) (sloCell, []cellKind) {
	switch {
	case !ok:
		return sloCell{}, []cellKind{cellNotMeasure}
	case !l.LoadReached:
		return sloCell{measured: true, unreached: true}, []cellKind{cellUnreached}
	}
	v := l.SLO.Get(pct)
	ttft, ttftStat := l.TTFT.SLOValue(pct, true)
	checks := []sloCheck{{value: ttft, slo: cv.r.Params.SLOTTFTms, ok: v.TTFT, unchecked: ttftStat == analyze.StatNone, unit: cv.loc.T("axis_ms"), used: standIn(ttftStat)}}
	if cv.sloTPS() != nil {
		tps, tpsStat := l.TPS.SLOValue(pct, false)
		checks = append(checks, sloCheck{value: tps, slo: cv.r.Params.SLOTPS, ok: v.TPS, unchecked: tpsStat == analyze.StatNone, unit: cv.loc.T("axis_tps"), used: standIn(tpsStat)})
	}
	cell := sloCell{measured: true}
	var kinds []cellKind
	met, depthOK, depthFail := 0, 1.0, 0.0
	for _, s := range checks {
		cell.lines = append(cell.lines, cv.cellLine(s))
		switch {
		case s.unchecked:
			kinds = append(kinds, cellUnchecked)
		case s.ok:
			met++
			depthOK = math.Min(depthOK, s.depth())
		default:
			depthFail = math.Max(depthFail, s.depth())
		}
	}
	switch {
	case met == len(checks):
		cell.fill = cellFill(passColor, depthOK)
		kinds = append(kinds, cellPass)
	case met > 0:
		cell.fill = cellFill(partColor, depthFail)
		kinds = append(kinds, cellPartial)
	default:
		cell.fill = cellFill(failColor, depthFail)
		kinds = append(kinds, cellFail)
	}
	return cell, kinds
}

// standInMark marks a heat-map value that is a stand-in statistic.
const standInMark = "*"

// standIn is the stand-in a check used, "" for the statistic asked for
// or none.
func standIn(used string) string {
	if used == analyze.StatNone {
		return ""
	}
	return used
}

// cellLine writes one SLO's check: "1.107 ms +%11", "1.107 +%11",
// "+%11"; "–" when it cannot be checked.
func (cv *chartView) cellLine(s sloCheck) cellLine {
	if s.unchecked {
		return cellLine{unchecked: true, forms: [3]string{"–", "–", "–"}}
	}
	val := cv.shortNum(s.value)
	if s.used != "" {
		val += standInMark // the value is another statistic: the legend names it
	}
	m := cv.margin(s.value, s.slo)
	return cellLine{ok: s.ok, forms: [3]string{val + " " + s.unit + " " + m, val + " " + m, m}}
}

// shortNum writes a cell's value with the decimals its size needs:
// 1.107, 45,2, 3,25.
func (cv *chartView) shortNum(v float64) string {
	switch a := math.Abs(v); {
	case a >= 100:
		return cv.loc.Num(v, 0)
	case a >= 10:
		return cv.loc.Num(v, 1)
	}
	return cv.loc.Num(v, 2)
}

// margin writes how far v lies from the threshold slo as a signed
// percentage of it, in the locale's form: tr "+%11", en "+11%"; "−" (a
// minus sign) below it, no sign on it; from twice the threshold on (a
// factor rounded to one decimal), the multiple: "13.4×". A margin too small for whole
// percents gets decimals, so that a failing value never reads "+0 %"
// and a value near zero never "−100 %".
func (cv *chartView) margin(v, slo float64) string {
	m := v/slo - 1
	if m == 0 {
		return cv.loc.Pct(0, 0)
	}
	// From twice the threshold on, a multiple of it, as the report words
	// every difference (render/report/ratio.go): 13.4×, never +1,242 %.
	if f := math.Round(v/slo*10) / 10; f >= 2 {
		return cv.loc.Num(f, 1) + "×" // one decimal in every cell: 5.0× beside 5.6×
	}
	// Decimals until the margin reads neither 0 nor 100 % where it is
	// not: a value 0.4 % over fails, and one 99.7 % below is no zero.
	dec := 0
	a := math.Abs(m) * 100
	for dec < 3 {
		r := math.Round(a*math.Pow10(dec)) / math.Pow10(dec)
		if r != 0 && (r != 100 || a == 100) {
			break
		}
		dec++
	}
	sign := "+"
	if m < 0 {
		sign = "−"
	}
	return sign + cv.loc.Pct(math.Abs(m), dec)
}
