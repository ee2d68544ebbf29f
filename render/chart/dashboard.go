package chart

import (
	"slices"

	"gonum.org/v1/plot"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/present"
)

// dashboard is chart 10: a 2×3 summary at the report's headline
// statistic (P90 by default), with the SLO lines: TTFT, ITL, TPS and
// latency, the aggregate output, and the system throughput over the
// load (or, when that curve would copy the aggregate output's, the
// latency against it). Past maxStyled configs each is drawn in its
// engine's style and the legend names engines.
func (cv *chartView) dashboard() (*figure, error) {
	st := cv.headline()
	byEngine := len(cv.r.Configs) > maxStyled
	load := cv.loc.T("col_load")
	all := panelGroup{}
	for i := range cv.r.Configs {
		all.configs = append(all.configs, i)
	}
	panels := [][]*plot.Plot{make([]*plot.Plot, 3), make([]*plot.Plot, 3)}
	for i, t := range []struct {
		id  analyze.MetricID
		slo *sloRef
	}{{analyze.TTFT, cv.sloTTFT()}, {analyze.ITL, nil}, {analyze.TPS, cv.sloTPS()}, {analyze.Latency, nil}} {
		p, err := cv.linePanel(lineSpec{title: cv.loc.T("dash_"+present.MustOf(t.id).Stem, "Stat", cv.statWord(t.id, st)), xLabel: load, sz: tileSize,
			value: func(l analyze.Level) float64 { x, _ := present.Shown(t.id, st, l); return x }, standIn: standsIn(t.id, st),
			estimated: estimatedAt(t.id, st), slo: t.slo, log: logY(t.id), byEngine: byEngine}, all)
		if err != nil {
			return nil, err
		}
		panels[i/3][i%3] = p
	}
	agg, err := cv.linePanel(lineSpec{title: cv.loc.T("dash_aggregate"), xLabel: load, sz: tileSize,
		value: func(l analyze.Level) float64 { return l.AggregateTPS }, byEngine: byEngine}, all)
	if err != nil {
		return nil, err
	}
	panels[1][1] = agg
	if sameCurve(cv.r) {
		title := cv.loc.T("dash_latency_vs_rps", "Stat", cv.statWord(analyze.Latency, st))
		panels[1][2], err = cv.vsThroughput(title, analyze.Latency, nil, all, tileSize, byEngine)
	} else {
		panels[1][2], err = cv.linePanel(lineSpec{title: cv.loc.T("dash_system_rps"), xLabel: load, sz: tileSize,
			value: func(l analyze.Level) float64 { return l.SystemRPS }, byEngine: byEngine}, all)
	}
	if err != nil {
		return nil, err
	}
	legend := cv.configEntries(all.configs)
	if byEngine {
		legend = cv.engineEntries()
	}
	ids := []analyze.MetricID{analyze.TTFT, analyze.ITL, analyze.TPS, analyze.Latency}
	marks := append(cv.standInLegend(ids, st), cv.estimateEntries(ids, st)...)
	return &figure{title: cv.loc.T(DashboardCaption(cv.r)), panels: panels, legend: slices.Concat(legend, cv.markEntries(false), marks),
		w: chartWidth, h: 430, sizes: tileSize}, nil
}

// engineEntries are one legend entry per engine and mode present, in
// its first style.
func (cv *chartView) engineEntries() []legendEntry {
	var out []legendEntry
	for e, eng := range cv.pal.engines {
		for _, spec := range []bool{false, true} {
			for _, i := range eng.configs {
				if cv.r.Configs[i].Speculative != spec {
					continue
				}
				label := eng.name
				if spec {
					label = cv.loc.T("legend_engine_spec", "Engine", eng.name)
				}
				out = append(out, legendEntry{label: label, style: styleOf(e, 0, spec)})
				break
			}
		}
	}
	return out
}

// DashboardCaption is the message of the dashboard's title and caption:
// its tiles show the headline statistic (P90 or the mean), or a stand-in
// where a tool lacks it.
func DashboardCaption(r *analyze.Report) string {
	st := r.Params.Percentile
	for _, id := range analyze.Distributions {
		for _, u := range []analyze.Statistic{analyze.P50, analyze.P99, analyze.P10} {
			if m := present.Mark(st, u); m != "" && present.StandsIn(r, id, st, m) {
				if st == analyze.Mean {
					return "chart_dashboard_median"
				}
				return "chart_dashboard_standin"
			}
		}
	}
	if st == analyze.Mean {
		return "chart_dashboard_mean"
	}
	return "chart_dashboard"
}
