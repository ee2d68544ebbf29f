package chart

import (
	"cmp"
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/openzeka/reportgen/analyze"
)

// Chart 11's own marks.
var (
	// frontierLine is the Pareto frontier: a wide light band under the
	// series, neutral, so that it reads as the envelope of the points
	// and never as a config.
	frontierGrey = color.RGBA{0xC8, 0xC8, 0xC8, 0xFF}
	frontierLine = draw.LineStyle{Color: frontierGrey, Width: vg.Points(7)}
	// failShade is the region whose users are slower than the TPS SLO.
	failShade = color.RGBA{0xF3, 0xF3, 0xF3, 0xFF}
	// ttftMiss marks a point whose level misses the TTFT SLO. Hollow
	// markers already mean speculative decoding (style rules), so a miss
	// is a neutral cross over the marker.
	ttftMiss = draw.GlyphStyle{Color: inkColor, Radius: vg.Points(4.2), Shape: draw.CrossGlyph{}}
)

// pareto is chart 11: each config's load levels as a line of aggregate
// output per GPU (or of the system, when a GPU count is unknown) against
// per-user output, the Pareto frontier across configs as a step line,
// the region under the TPS SLO shaded, a cross on the points that miss
// the TTFT SLO at the headline statistic, and each line's end levels
// labelled; nil without points.
func (cv *chartView) pareto() (*figure, error) {
	pr := cv.r.Pareto
	if len(pr.Points) == 0 {
		return nil, nil
	}
	yLabel := cv.loc.T("axis_tps_per_gpu")
	if !pr.PerGPU {
		yLabel = cv.loc.T("axis_tps_system")
	}
	p := newPanel("", cv.loc.T("axis_interactivity", "Stat", cv.loc.T("statw_"+string(pr.Stat))), yLabel, fullSize)
	xmax, ymax := 0.0, 0.0
	for _, pt := range pr.Points {
		xmax, ymax = math.Max(xmax, pt.PerUserTPS), math.Max(ymax, pr.Y(pt))
	}
	if slo := cv.r.Params.SLOTPS; slo > 0 {
		p.Add(xband{lo: 0, hi: slo, fill: failShade, label: cv.loc.T("pareto_fails_tps", "V", cv.loc.Num(slo, 0), "Stat", cv.loc.T("statw_"+string(pr.Stat))), font: fullSize.Tick})
		xmax = math.Max(xmax, slo)
	}
	if err := cv.addFrontier(p, pr); err != nil {
		return nil, err
	}
	var legend []legendEntry
	var misses plotter.XYs
	labels := &labelsAt{font: fullSize.Tick}
	for i, c := range cv.r.Configs {
		curve := pr.Curve(c.ID)
		if len(curve) == 0 {
			continue
		}
		var xys plotter.XYs
		for _, pt := range curve {
			xys = append(xys, plotter.XY{X: pt.PerUserTPS, Y: pr.Y(pt)})
			if l, ok := c.Level(pt.Load); ok && !l.SLO.Get(cv.r.Params.Percentile).TTFT {
				misses = append(misses, plotter.XY{X: pt.PerUserTPS, Y: pr.Y(pt)})
			}
		}
		if err := addSeries(p, []plotter.XYs{xys}, cv.pal.of(i)); err != nil {
			return nil, err
		}
		labels.add(curve, xys, cv.loc.At, cv.pal.of(i).Color)
		legend = append(legend, legendEntry{label: cv.name(c), style: cv.pal.of(i)})
	}
	p.Add(labels)
	if len(misses) > 0 {
		p.Add(crosses{xys: misses, glyph: ttftMiss})
		legend = append(legend, legendEntry{label: cv.loc.T("legend_ttft_miss", "Stat", cv.loc.T("stat_"+string(cv.r.Params.Percentile))),
			style: seriesStyle{Color: inkColor, Glyph: ttftMiss}})
	}
	legend = append(legend, legendEntry{label: cv.loc.T("legend_frontier"), style: seriesStyle{Color: frontierGrey, Line: frontierLine}})
	p.X.Min, p.Y.Min = 0, 0
	valueAxis(&p.X, xmax*1.08, cv.loc)
	valueAxis(&p.Y, ymax*1.1, cv.loc)
	return &figure{title: cv.loc.T("ctitle_pareto"), panels: [][]*plot.Plot{{p}}, legend: legend,
		w: chartWidth, h: chartHeight, sizes: fullSize}, nil
}

// addFrontier draws the frontier as a step line: from its most
// interactive point across (at its output) to the next point's
// interactivity, then up to that point's output, and so on. Between two
// frontier points, the output on offer at an interactivity x is the
// more interactive point's: the best of those at least as interactive
// as x. The step never claims more than a measured point gives.
func (cv *chartView) addFrontier(p *plot.Plot, pr analyze.Pareto) error {
	xys := frontierStep(pr)
	if len(xys) == 0 {
		return nil
	}
	p.Add(envelope{xys: xys, style: frontierLine})
	return nil
}

var _ plot.Plotter = envelope{}

// envelope is a wide neutral line under the series (the frontier): an
// envelope of the data, drawn as neither a series nor a reference line.
type envelope struct {
	xys   plotter.XYs
	style draw.LineStyle
}

// Plot implements plot.Plotter.
func (b envelope) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	pts := make([]vg.Point, len(b.xys))
	for i, xy := range b.xys {
		pts[i] = vg.Point{X: tx(xy.X), Y: ty(xy.Y)}
	}
	c.StrokeLines(b.style, c.ClipLinesXY(pts)...)
}

var _ plot.Plotter = crosses{}

// crosses marks points with a neutral glyph over their series' markers
// (a level that misses the TTFT SLO): an annotation, not a series.
type crosses struct {
	xys   plotter.XYs
	glyph draw.GlyphStyle
}

// Plot implements plot.Plotter.
func (m crosses) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	for _, xy := range m.xys {
		c.DrawGlyph(m.glyph, vg.Point{X: tx(xy.X), Y: ty(xy.Y)})
	}
}

// frontierStep is the frontier's step line (see addFrontier); nil
// without frontier points.
func frontierStep(pr analyze.Pareto) plotter.XYs {
	var on []analyze.ParetoPoint
	for _, pt := range pr.Points {
		if pt.OnFrontier {
			on = append(on, pt)
		}
	}
	if len(on) == 0 {
		return nil
	}
	slices.SortFunc(on, func(a, b analyze.ParetoPoint) int { return cmp.Compare(b.PerUserTPS, a.PerUserTPS) })
	xys := plotter.XYs{{X: on[0].PerUserTPS, Y: pr.Y(on[0])}}
	for _, pt := range on[1:] {
		last := xys[len(xys)-1]
		xys = append(xys, plotter.XY{X: pt.PerUserTPS, Y: last.Y}, plotter.XY{X: pt.PerUserTPS, Y: pr.Y(pt)})
	}
	return xys
}

var _ plot.Plotter = xband{}

// xband shades the full height of a panel between x = lo and hi, with
// its label at the band's top left.
type xband struct {
	lo, hi float64
	fill   color.Color
	label  string
	font   float64
}

// Plot implements plot.Plotter.
func (b xband) Plot(c draw.Canvas, p *plot.Plot) {
	tx, _ := p.Transforms(&c)
	x0, x1 := max(tx(b.lo), c.Min.X), min(tx(b.hi), c.Max.X)
	if x1 <= x0 {
		return
	}
	c.FillPolygon(b.fill, []vg.Point{{X: x0, Y: c.Min.Y}, {X: x0, Y: c.Max.Y}, {X: x1, Y: c.Max.Y}, {X: x1, Y: c.Min.Y}})
	sty := text.Style{Color: legendGrey, Font: chartFont(b.font, false), XAlign: draw.XLeft, YAlign: draw.YTop, Handler: p.TextHandler}
	c.FillText(sty, vg.Point{X: x0 + vg.Points(3), Y: c.Max.Y - vg.Points(3)}, b.label)
}

var _ plot.Plotter = (*labelsAt)(nil)

// labelsAt writes small labels beside points, in their config's colour:
// each config line's first and last levels ("c=1", "c=64"), placed so
// that no two overlap.
type labelsAt struct {
	xys    plotter.XYs
	labels []string
	last   []bool        // the label of a line's last (heaviest) level
	colors []color.Color // each in its config's colour
	font   float64
}

// add queues the labels of a config's curve: its first and last points'
// levels.
func (l *labelsAt) add(curve []analyze.ParetoPoint, xys plotter.XYs, at func(analyze.Load) string, col color.Color) {
	ends := []int{0}
	if len(curve) > 1 {
		ends = append(ends, len(curve)-1)
	}
	for k, i := range ends {
		l.xys = append(l.xys, xys[i])
		l.labels = append(l.labels, at(curve[i].Load))
		l.last = append(l.last, k == 1)
		l.colors = append(l.colors, col)
	}
}

// Plot implements plot.Plotter. A line's first label (the lightest
// load, the most interactive end) goes right of its point, its last
// left; either on the other side where the panel ends. A label that
// would overlap one already placed moves down, then up, a line at a
// time; the same text at the same place (two configs' points that
// coincide) is written once.
func (l *labelsAt) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	sty := text.Style{Color: inkColor, Font: chartFont(l.font, false), XAlign: draw.XLeft, YAlign: draw.YCenter, Handler: p.TextHandler}
	gap := vg.Points(6)
	var placed []vg.Rectangle
	free := func(r vg.Rectangle) bool {
		for _, o := range placed {
			if r.Min.X < o.Max.X && o.Min.X < r.Max.X && r.Min.Y < o.Max.Y && o.Min.Y < r.Max.Y {
				return false
			}
		}
		return true
	}
	for i, xy := range l.xys {
		if dup(l, i) {
			continue // the same text at the same place is already there
		}
		w, h := sty.Width(l.labels[i]), sty.Height(l.labels[i])
		right, left := tx(xy.X)+gap, tx(xy.X)-gap-w
		x := right
		if l.last[i] && left >= c.Min.X || right+w > c.Max.X {
			x = left
		}
		y0 := ty(xy.Y)
		box := func(y vg.Length) vg.Rectangle {
			return vg.Rectangle{Min: vg.Point{X: x, Y: y - h/2}, Max: vg.Point{X: x + w, Y: y + h/2}}
		}
		y, ok := y0, false
		for k := 0; k < 7 && !ok; k++ {
			// 0, −1, +1, −2, +2, … lines from the point.
			step := vg.Length((k+1)/2) * h
			if k%2 == 1 {
				step = -step
			}
			y = y0 + step
			ok = free(box(y)) && y-h/2 >= c.Min.Y && y+h/2 <= c.Max.Y
		}
		if !ok {
			y = y0 // no free place near: at the point, as drawn before
		}
		placed = append(placed, box(y))
		sty.Color = l.colors[i]
		c.FillText(sty, vg.Point{X: x, Y: y}, l.labels[i])
	}
}

// dup reports whether label i repeats an earlier label's text at the
// same point.
func dup(l *labelsAt, i int) bool {
	for j := range i {
		if l.labels[j] == l.labels[i] && l.xys[j] == l.xys[i] {
			return true
		}
	}
	return false
}
