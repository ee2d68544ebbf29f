package chart

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/openzeka/reportgen/analyze"
)

// speedup is chart 08: spec/direct TPS per engine pair, drawn in the
// speculative config's style, the 1.0× parity line and each pair's
// break-even point as neutral reference lines; nil without a pair.
func (cv *chartView) speedup() (*figure, error) {
	if len(cv.r.Speedups) == 0 {
		return nil, nil
	}
	p := newPanel("", cv.loc.T("axis_concurrency"), cv.loc.T("axis_ratio"), fullSize)
	loadAxis(p, cv.r.Levels, cv.loc)
	top := 1.0
	var legend []legendEntry
	// The tie band, under the lines: a ratio within the tie threshold of
	// 1.0× is on par, neither a gain nor a loss (larger / smaller − 1
	// under TiePct).
	tie := cv.r.Params.TiePct / 100
	if tie > 0 {
		p.Add(yband{lo: 1 / (1 + tie), hi: 1 + tie, fill: parBand})
	}
	var all []plotter.XYs
	marks := 0
	for _, s := range cv.r.Speedups {
		idx := 0
		for i, c := range cv.r.Configs {
			if c.ID == s.Spec {
				idx = i
			}
		}
		sty := cv.pal.of(idx)
		ratio := map[analyze.Load]float64{}
		for _, pt := range s.Points {
			ratio[pt.Load] = pt.Ratio
			top = math.Max(top, pt.Ratio)
		}
		runs := levelRuns(cv.r.Levels, func(c analyze.Load) (float64, bool) { v, ok := ratio[c]; return v, ok })
		all = append(all, runs...)
		if err := addSeries(p, runs, sty); err != nil {
			return nil, err
		}
		spec, _ := cv.r.Config(s.Spec)
		direct, _ := cv.r.Config(s.Direct)
		legend = append(legend, legendEntry{label: cv.name(spec) + " / " + cv.name(direct), style: sty})
		// The break-even level as tested: an interpolated crossing
		// ("c≈15.4") would claim a precision the levels lack.
		if s.BreakEven == nil {
			continue
		}
		x, label := axisX(cv.r.Levels, *s.BreakEven), cv.loc.T("break_even_at", "C", cv.loc.At(*s.BreakEven))
		if len(cv.r.Speedups) > 1 {
			label = s.Engine + ": " + label
		}
		p.Add(vline{x: x, label: label, style: markLine, font: fullSize.Tick, row: marks})
		marks++
	}
	top *= 1 + 0.06*float64(marks)
	if tie > 0 {
		legend = append(legend, legendEntry{label: cv.loc.T("legend_par_band", "Tie", cv.loc.T("within_tie", "Pct", cv.loc.Pct(tie, 0))), swatch: parBand})
	}
	p.Add(hline{y: 1, label: cv.loc.T("parity_line"), style: parityLine, font: fullSize.Tick,
		right: labelRight(all, nearRef(1, top, false), true)})
	valueAxis(&p.Y, top, cv.loc)
	return &figure{title: cv.loc.T("ctitle_speedup"), panels: [][]*plot.Plot{{p}}, legend: legend,
		w: chartWidth, h: chartHeight, sizes: fullSize}, nil
}

// parBand is the tie band around 1.0×: light, neutral, under the lines.
var parBand = color.RGBA{0xEC, 0xEC, 0xEC, 0xFF}

var _ plot.Plotter = yband{}

// yband shades the full width of a panel between y = lo and hi.
type yband struct {
	lo, hi float64
	fill   color.Color
}

// Plot implements plot.Plotter.
func (b yband) Plot(c draw.Canvas, p *plot.Plot) {
	_, ty := p.Transforms(&c)
	y0, y1 := max(ty(b.lo), c.Min.Y), min(ty(b.hi), c.Max.Y)
	if y1 <= y0 {
		return
	}
	c.FillPolygon(b.fill, []vg.Point{{X: c.Min.X, Y: y0}, {X: c.Min.X, Y: y1}, {X: c.Max.X, Y: y1}, {X: c.Max.X, Y: y0}})
}
