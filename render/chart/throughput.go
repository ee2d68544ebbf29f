package chart

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/present"
)

// sameTol is how far aggregate output may stray from request
// throughput × output length, as a fraction, for the two curves to be
// one.
const sameTol = 0.05

// sameCurve reports whether r's aggregate output is its request
// throughput times a fixed output length at every level where both are
// known (within sameTol): the output length of the manifest, else the
// one the first level shows. A request-throughput curve over the load
// would then be a copy of the aggregate-output chart, scaled.
func sameCurve(r *analyze.Report) bool {
	n := float64(r.Params.OutputTokens)
	seen := false
	for _, c := range r.Configs {
		for _, l := range c.Levels {
			a, s := l.AggregateTPS, l.SystemRPS
			if !(a > 0) || !(s > 0) || math.IsInf(a, 0) || math.IsInf(s, 0) {
				continue
			}
			if n <= 0 {
				n = a / s
			}
			if math.Abs(a/(s*n)-1) > sameTol+1e-9 { // 1e-9: exactly 5 % off is in
				return false
			}
			seen = true
		}
	}
	return seen
}

// throughputCaption is the throughput chart's caption: against the
// system throughput only when its curve over the load would copy the
// aggregate output's; else over the load, as the llm-benchmark's c /
// mean latency or as measured.
func throughputCaption(r *analyze.Report) string {
	switch {
	case sameCurve(r):
		return "chart_throughput_same"
	case present.AllExports(r):
		return "chart_throughput"
	}
	return "chart_throughput_measured"
}

// throughput is chart 05: the system's request throughput over the load
// and the request latency against it; when that throughput is the
// aggregate output scaled (sameCurve), TTFT against the throughput
// takes the first panel's place. The tool's per-user RPS is left to the
// tables.
func (cv *chartView) throughput() (*figure, error) {
	same := sameCurve(cv.r)
	title := cv.loc.T("ctitle_system_rps")
	if same {
		title = cv.loc.T("ctitle_system_rps_same") // both panels are against the throughput
	}
	metrics := []analyze.MetricID{analyze.Latency}
	if same {
		metrics = append([]analyze.MetricID{analyze.TTFT}, metrics...)
	}
	marks := append(cv.standInLegend(metrics, cv.headline()), cv.estimateEntries(metrics, cv.headline())...)
	return cv.rowsFigure(title, !same, marks, func(g panelGroup, sz textSizes) ([]*plot.Plot, error) {
		var first *plot.Plot
		var err error
		if same {
			first, err = cv.vsThroughput("", analyze.TTFT, cv.sloTTFT(), g, sz, false)
		} else {
			title := cv.loc.T("panel_system_rps")
			if !present.AllExports(cv.r) {
				title = cv.loc.T("panel_system_rps_measured")
			}
			first, err = cv.linePanel(lineSpec{title: g.title(title), yLabel: cv.loc.T("axis_rps"), sz: sz,
				value: func(l analyze.Level) float64 { return l.SystemRPS }, spread: func(analyze.Level) string { return "system_rps" }}, g)
		}
		if err != nil {
			return nil, err
		}
		lat, err := cv.vsThroughput("", analyze.Latency, nil, g, sz, false)
		if err != nil {
			return nil, err
		}
		return []*plot.Plot{first, lat}, nil
	})
}

// vsThroughput draws metric id at the headline statistic (log y)
// against the system's request throughput (linear x) for the configs of
// g (in a small multiple without the others' band: their levels lie at
// other throughputs): one line per config through its reached levels
// in load order, an
// unreached level as a hollow grey marker; titled title, or "" for the
// metric and statistic; byEngine as in lineSpec.
func (cv *chartView) vsThroughput(title string, id analyze.MetricID, slo *sloRef, g panelGroup, sz textSizes, byEngine bool) (*plot.Plot, error) {
	look := present.MustOf(id)
	st := cv.headline()
	if title == "" {
		title = cv.loc.T("dash_"+look.Stem, "Stat", cv.statWord(id, st))
	}
	p := newPanel(g.title(title), cv.loc.T("axis_system_rps"), cv.loc.T(look.Axis), sz)
	lines := make([]configLine, len(cv.r.Configs))
	var xs, ys valueSpan
	for i, c := range cv.r.Configs {
		var cl configLine
		var run plotter.XYs
		for _, l := range c.Levels {
			y, _ := present.Shown(id, st, l)
			x := l.SystemRPS
			if !(x > 0) || !(y > 0) || math.IsInf(x, 0) {
				continue
			}
			xs.add(x)
			ys.add(y)
			if !l.LoadReached {
				cl.unreached = append(cl.unreached, plotter.XY{X: x, Y: y})
				continue
			}
			run = append(run, plotter.XY{X: x, Y: y})
			if standsIn(id, st)(l) {
				cl.standIns = append(cl.standIns, plotter.XY{X: x, Y: y})
			}
			if present.Estimated(id, st, l) {
				cl.estimates = append(cl.estimates, plotter.XY{X: x, Y: y})
			}
		}
		if len(run) > 0 {
			cl.runs = []plotter.XYs{run}
		}
		lines[i] = cl
	}
	for k, i := range g.configs {
		if err := addConfigLine(p, k, len(g.configs), cv.style(i, byEngine), lines[i]); err != nil {
			return nil, err
		}
	}
	if slo != nil {
		ys.add(slo.value)
		p.Add(cv.sloLineFor(slo, sz))
	}
	valueAxis(&p.X, xs.hi, cv.loc)
	logAxis(&p.Y, ys.lo, ys.hi, cv.loc)
	return p, nil
}
