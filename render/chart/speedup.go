package chart

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

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
		var x float64
		var label string
		switch {
		case s.BreakEvenInterpolated != nil:
			x, label = *s.BreakEvenInterpolated, cv.loc.T("break_even_label", "X", cv.loc.Near(*s.BreakEvenInterpolated))
		case s.BreakEven != nil:
			x, label = axisX(cv.r.Levels, *s.BreakEven), cv.loc.T("break_even_at", "C", cv.loc.At(*s.BreakEven))
		default:
			continue
		}
		if len(cv.r.Speedups) > 1 {
			label = s.Engine + ": " + label
		}
		p.Add(vline{x: x, label: label, style: markLine, font: fullSize.Tick, row: marks})
		marks++
	}
	top *= 1 + 0.06*float64(marks)
	p.Add(hline{y: 1, label: cv.loc.T("parity_line"), style: parityLine, font: fullSize.Tick,
		right: labelRight(all, nearRef(1, top, false), true)})
	valueAxis(&p.Y, top, cv.loc)
	return &figure{title: cv.loc.T("ctitle_speedup"), panels: [][]*plot.Plot{{p}}, legend: legend,
		w: chartWidth, h: chartHeight, sizes: fullSize}, nil
}
