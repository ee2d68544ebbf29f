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
	// sloMiss marks a point whose level misses an SLO at the headline
	// statistic. Hollow markers already mean speculative decoding (style
	// rules), so a miss is a neutral cross over the marker.
	sloMiss = draw.GlyphStyle{Color: inkColor, Radius: vg.Points(4.2), Shape: draw.CrossGlyph{}}
)

// pareto is chart 11: each config's load levels as a line of aggregate
// output per GPU (or of the system, when a GPU count is unknown) against
// per-user output, the Pareto frontier across configs as a step line,
// the TPS SLO's threshold as a reference line, a cross on the points
// that miss either SLO at the headline statistic (the check is not on
// this axis's statistic: a point left of the line may pass, one right
// of it fail), each line's end levels labelled, and where the tools
// define per-user TPS differently, which definition each x is; nil
// without points.
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
		p.Add(vline{x: slo, label: cv.loc.T("pareto_slo_line", "V", cv.loc.Num(slo, 0), "Stat", cv.loc.T("statw_"+string(cv.r.Params.Percentile))),
			style: sloLine, font: fullSize.Tick})
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
			if l, ok := c.Level(pt.Load); ok && !l.SLO.Get(cv.r.Params.Percentile).Pass() {
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
		p.Add(crosses{xys: misses, glyph: sloMiss})
		legend = append(legend, legendEntry{label: cv.loc.T("legend_slo_miss", "Stat", cv.loc.T("stat_"+string(cv.r.Params.Percentile))),
			style: seriesStyle{Color: inkColor, Glyph: sloMiss}})
	}
	legend = append(legend, legendEntry{label: cv.loc.T("legend_frontier"), style: seriesStyle{Color: frontierGrey, Line: frontierLine}})
	legend = append(legend, cv.tpsDefinitions()...)
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
	// lines are every curve's points in order: a label keeps off their
	// segments and markers where it can.
	lines []plotter.XYs
}

// add queues the labels of a config's curve: its first and last points'
// levels.
func (l *labelsAt) add(curve []analyze.ParetoPoint, xys plotter.XYs, at func(analyze.Load) string, col color.Color) {
	l.lines = append(l.lines, xys)
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
// left; either on the other side where the panel ends. Of the places at
// its point's height or a line above or below it, either side, that
// overlap no label already placed, a label takes the one crossing the
// fewest curve segments and markers (the nearest of equals); failing
// that, the first on its side, a line at a time down then up, that
// overlaps no label; failing that, at the point. The same text at the
// same place (two configs' points that coincide) is written once.
func (l *labelsAt) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	pl := labelPlacer{c: c, tx: tx, ty: ty, lines: l.lines}
	sty := text.Style{Color: inkColor, Font: chartFont(l.font, false), XAlign: draw.XLeft, YAlign: draw.YCenter, Handler: p.TextHandler}
	gap := vg.Points(6)
	for i, xy := range l.xys {
		if dup(l, i) {
			continue // the same text at the same place is already there
		}
		w, h := sty.Width(l.labels[i]), sty.Height(l.labels[i])
		right, left := tx(xy.X)+gap, tx(xy.X)-gap-w
		sides := []vg.Length{right, left}
		if l.last[i] && left >= c.Min.X || right+w > c.Max.X {
			sides = []vg.Length{left, right}
		}
		if sides[1] < c.Min.X || sides[1]+w > c.Max.X {
			sides = sides[:1] // the other side leaves the panel
		}
		box := pl.place(tx(xy.X), sides, ty(xy.Y), w, h)
		sty.Color = l.colors[i]
		c.FillText(sty, vg.Point{X: box.Min.X, Y: (box.Min.Y + box.Max.Y) / 2}, l.labels[i])
	}
}

// labelPlacer places labels on a canvas one after the other, keeping
// each off the ones placed and, where it can, off the curves.
type labelPlacer struct {
	c      draw.Canvas
	tx, ty func(float64) vg.Length
	lines  []plotter.XYs
	placed []vg.Rectangle
}

// place finds the box of a label w × h beside the point (px, y0), at x
// one of sides (the preferred first), and takes it.
func (pl *labelPlacer) place(px vg.Length, sides []vg.Length, y0, w, h vg.Length) vg.Rectangle {
	var best, fallback *vg.Rectangle
	fewest := 0
	for k := 0; k < 7; k++ {
		// 0, −1, +1, −2, +2, … lines from the point; at each, the
		// preferred side first.
		step := vg.Length((k+1)/2) * h
		if k%2 == 1 {
			step = -step
		}
		for _, x := range pl.xs(px, sides, w, h) {
			r := vg.Rectangle{Min: vg.Point{X: x, Y: y0 + step - h/2}, Max: vg.Point{X: x + w, Y: y0 + step + h/2}}
			if r.Min.Y < pl.c.Min.Y || r.Max.Y > pl.c.Max.Y || slices.ContainsFunc(pl.placed, func(o vg.Rectangle) bool { return overlaps(r, o) }) {
				continue
			}
			if fallback == nil && x == sides[0] {
				fallback = &r
			}
			// Crossing the fewest curves, no farther than a line from
			// its point: farther, it would read as another point's.
			if n := pl.hits(inset(r, h*0.2)); k <= 2 && (best == nil || n < fewest) {
				best, fewest = &r, n
			}
		}
	}
	box := vg.Rectangle{Min: vg.Point{X: sides[0], Y: y0 - h/2}, Max: vg.Point{X: sides[0] + w, Y: y0 + h/2}}
	switch {
	case best != nil:
		box = *best
	case fallback != nil:
		box = *fallback
	}
	pl.placed = append(pl.placed, box)
	return box
}

// xs are the left edges a label w × h beside a point at px may start
// at: each side as given, then a line-height farther from the point
// (past a curve that runs close by), where the panel has room.
func (pl *labelPlacer) xs(px vg.Length, sides []vg.Length, w, h vg.Length) []vg.Length {
	out := slices.Clone(sides)
	for _, x := range sides {
		shift := h
		if x < px {
			shift = -h // a label left of its point moves left
		}
		if x+shift >= pl.c.Min.X && x+shift+w <= pl.c.Max.X {
			out = append(out, x+shift)
		}
	}
	return out
}

// hits counts the curves' segments and markers r overlaps.
func (pl *labelPlacer) hits(r vg.Rectangle) int {
	mark, n := vg.Points(4), 0
	for _, line := range pl.lines {
		for j, xy := range line {
			pt := vg.Point{X: pl.tx(xy.X), Y: pl.ty(xy.Y)}
			if overlaps(r, vg.Rectangle{Min: vg.Point{X: pt.X - mark, Y: pt.Y - mark}, Max: vg.Point{X: pt.X + mark, Y: pt.Y + mark}}) {
				n++
			}
			if j > 0 && segmentHits(r, vg.Point{X: pl.tx(line[j-1].X), Y: pl.ty(line[j-1].Y)}, pt) {
				n++
			}
		}
	}
	return n
}

// inset is r less d at its top and bottom: the ink of a text line.
func inset(r vg.Rectangle, d vg.Length) vg.Rectangle {
	return vg.Rectangle{Min: vg.Point{X: r.Min.X, Y: r.Min.Y + d}, Max: vg.Point{X: r.Max.X, Y: r.Max.Y - d}}
}

// overlaps reports whether two rectangles share more than an edge.
func overlaps(a, b vg.Rectangle) bool {
	return a.Min.X < b.Max.X && b.Min.X < a.Max.X && a.Min.Y < b.Max.Y && b.Min.Y < a.Max.Y
}

// segmentHits reports whether the segment from p to q crosses or lies in
// rectangle r (clipped by Liang–Barsky).
func segmentHits(r vg.Rectangle, p, q vg.Point) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := float64(q.X-p.X), float64(q.Y-p.Y)
	for _, e := range [4][2]float64{
		{-dx, float64(p.X - r.Min.X)}, {dx, float64(r.Max.X - p.X)},
		{-dy, float64(p.Y - r.Min.Y)}, {dy, float64(r.Max.Y - p.Y)},
	} {
		pe, qe := e[0], e[1]
		if pe == 0 {
			if qe < 0 {
				return false // parallel to this edge and outside it
			}
			continue
		}
		t := qe / pe
		if pe < 0 {
			t0 = max(t0, t)
		} else {
			t1 = min(t1, t)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
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

// tpsDefinitions are legend lines, without a sample, that say which
// definition of per-user TPS each config's x is where the tools define
// it differently ("x: 1000 / TPOT (TTFT excluded) for vLLM and SGLang");
// none where they agree.
func (cv *chartView) tpsDefinitions() []legendEntry {
	var order []string
	by := map[string][]string{}
	for _, c := range cv.r.Configs {
		if len(cv.r.Pareto.Curve(c.ID)) == 0 {
			continue
		}
		d := c.Definitions.TPS
		if d == "" {
			d = "none"
		}
		if _, ok := by[d]; !ok {
			order = append(order, d)
		}
		by[d] = append(by[d], cv.name(c))
	}
	if len(order) < 2 {
		return nil
	}
	out := make([]legendEntry, len(order))
	for i, d := range order {
		out[i] = legendEntry{label: cv.loc.T("pareto_tps_def", "Def", cv.loc.T("defn_tps_"+d), "Configs", cv.loc.List(by[d]))}
	}
	return out
}
