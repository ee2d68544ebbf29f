package chart

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/openzeka/reportgen/analyze"
)

// EnergyCharts are the standard charts drawn only where the report has
// GPU telemetry or a price (chart 12): a report of neither has every
// other chart (but 08 without a speculative pair), and none of these.
func EnergyCharts() []string { return []string{"12-energy"} }

// energyCaption says what chart 12 shows: the energy of an output
// token where the report has telemetry, else (with a price) its cost.
func energyCaption(r *analyze.Report) string {
	if energyShown(r) {
		return "chart_energy"
	}
	return "chart_token_cost"
}

// energyShown reports whether some level of the report has energy
// figures that stand.
func energyShown(r *analyze.Report) bool {
	for _, c := range r.Configs {
		for _, l := range c.Levels {
			if l.Energy.Valid() {
				return true
			}
		}
	}
	return false
}

// tokenValue is what chart 12 draws for a level of config c: its
// joules per output token, or without telemetry in the report its cost
// per million output tokens (NaN where absent).
func (cv *chartView) tokenValue(c analyze.Config, l analyze.Level, energy bool) float64 {
	if energy {
		if !l.Energy.Valid() {
			return math.NaN()
		}
		return l.Energy.JPerOutputToken
	}
	return analyze.CostPerMillion(cv.r.Params.PricePerGPUHour, c.GPUs, l.AggregateTPS)
}

// energy is chart 12, beside the Pareto chart: what an output token
// takes at each load level against the interactivity of that level (the
// Pareto chart's x): its energy (J per output token) where the report
// has telemetry, else its cost per million output tokens at the report's
// price; lower is better. Each config is a line through its levels with
// a value, its end levels labelled; nil without telemetry or a price.
func (cv *chartView) energy() (*figure, error) {
	energy := energyShown(cv.r)
	if !energy && !(cv.r.Params.PricePerGPUHour > 0) {
		return nil, nil
	}
	pr := cv.r.Pareto
	yLabel := cv.loc.T("axis_j_per_token")
	if !energy {
		yLabel = cv.loc.T("axis_cost_per_million", "Currency", cv.r.Params.Currency)
	}
	p := newPanel("", cv.loc.T("axis_interactivity", "Stat", cv.loc.T("statw_"+string(pr.Stat))), yLabel, fullSize)
	xmax, ymax := 0.0, 0.0
	var legend []legendEntry
	labels := &labelsAt{font: fullSize.Tick}
	for i, c := range cv.r.Configs {
		var curve []analyze.ParetoPoint
		var xys plotter.XYs
		for _, pt := range pr.Curve(c.ID) {
			l, ok := c.Level(pt.Load)
			y := cv.tokenValue(c, l, energy)
			if !ok || !analyze.Known(y) {
				continue
			}
			curve = append(curve, pt)
			xys = append(xys, plotter.XY{X: pt.PerUserTPS, Y: y})
			xmax, ymax = math.Max(xmax, pt.PerUserTPS), math.Max(ymax, y)
		}
		if len(xys) == 0 {
			continue
		}
		if err := addSeries(p, []plotter.XYs{xys}, cv.pal.of(i)); err != nil {
			return nil, err
		}
		labels.add(curve, xys, cv.loc.At, cv.pal.of(i).Color)
		legend = append(legend, legendEntry{label: cv.name(c), style: cv.pal.of(i)})
	}
	if len(legend) == 0 {
		return nil, nil
	}
	p.Add(labels)
	p.X.Min, p.Y.Min = 0, 0
	valueAxis(&p.X, xmax*1.08, cv.loc)
	valueAxis(&p.Y, ymax*1.1, cv.loc)
	title := cv.loc.T("ctitle_energy")
	if !energy {
		title = cv.loc.T("ctitle_token_cost")
	}
	return &figure{title: title, panels: [][]*plot.Plot{{p}}, legend: legend, w: chartWidth, h: chartHeight, sizes: fullSize}, nil
}
