package chart

import (
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/locale"
	"github.com/openzeka/reportgen/render/present"
)

// chartView builds the figures of one edition from the report.
type chartView struct {
	r   *analyze.Report
	loc *locale.Locale
}

// def is one standard chart: its name (the file name without
// extension), the message id of its caption for a report, and how to
// build its figure (nil when the data has nothing for it to show).
type def struct {
	name    string
	caption func(r *analyze.Report) string
	build   func(cv *chartView) (*figure, error)
}

// fixed is a caption that does not depend on the report.
func fixed(id string) func(*analyze.Report) string { return func(*analyze.Report) string { return id } }

// defs are the ten standard charts, in report order. Adding a chart is
// one line here, its builder, its messages (title, caption) in every
// locale, and its place in a template ({{chart "11-…"}}).
var defs = []def{
	{"01-ttft", fixed("chart_ttft"), func(cv *chartView) (*figure, error) {
		return cv.metric(analyze.TTFT, &sloRef{cv.r.Params.SLOTTFTms, "slo_line_ttft"})
	}},
	{"02-itl", fixed("chart_itl"), func(cv *chartView) (*figure, error) { return cv.metric(analyze.ITL, nil) }},
	{"03-tps", fixed("chart_tps"), func(cv *chartView) (*figure, error) {
		ref := &sloRef{cv.r.Params.SLOTPS, "slo_line_tps"}
		if cv.r.Params.SLOTPS == 0 {
			ref = nil // no TPS requirement: no line
		}
		return cv.metric(analyze.TPS, ref)
	}},
	{"04-latency", fixed("chart_latency"), func(cv *chartView) (*figure, error) { return cv.metric(analyze.Latency, nil) }},
	{"05-throughput", throughputCaption, (*chartView).throughput},
	{"06-capacity", fixed("chart_capacity"), (*chartView).capacity},
	{"07-aggregate-output", fixed("chart_aggregate_output"), (*chartView).aggregate},
	{"08-spec-speedup", fixed("chart_spec_speedup"), (*chartView).speedup},
	{"09-slo-heatmap", fixed("chart_slo_heatmap"), (*chartView).heatmap},
	{"10-dashboard", DashboardCaption, (*chartView).dashboard},
}

// throughputCaption says whether the throughput chart shows the tools'
// measured throughput or the llm-benchmark's c / mean latency.
func throughputCaption(r *analyze.Report) string {
	if present.AllExports(r) {
		return "chart_throughput"
	}
	return "chart_throughput_measured"
}

// Caption is the message id of chart name's caption in report r; ""
// for a name that is no standard chart.
func Caption(name string, r *analyze.Report) string {
	for _, d := range defs {
		if d.name == name {
			return d.caption(r)
		}
	}
	return ""
}

// name is a config's display name in the charts' language, as valid
// UTF-8 (a name made from a file name may not be).
func (cv *chartView) name(c analyze.Config) string { return present.Clean(c.Name.In(cv.loc.Lang)) }

// sloRef is an SLO threshold to draw as a reference line.
type sloRef struct {
	value float64
	msg   string
}

// configLegend is one legend entry per config in its style, and the
// mark of a level whose load was not reached when there is one.
func (cv *chartView) configLegend() []legendEntry {
	var out []legendEntry
	for i, c := range cv.r.Configs {
		out = append(out, legendEntry{label: cv.name(c), style: styleFor(i, c.Speculative)})
	}
	if cv.hasUnreached() {
		out = append(out, legendEntry{label: cv.loc.T("legend_unreached"), style: unreachedStyle})
	}
	return out
}

// lineLegend is the legend of a line chart that draws run-to-run
// spreads: configLegend, and the error bar's meaning where some level
// was measured in several runs.
func (cv *chartView) lineLegend() []legendEntry {
	out := cv.configLegend()
	for _, c := range cv.r.Configs {
		for _, l := range c.Levels {
			if l.Runs > 1 && l.LoadReached {
				return append(out, legendEntry{label: cv.loc.T("legend_run_spread"), errBar: true})
			}
		}
	}
	return out
}

// hasUnreached reports whether some level never carried its load.
func (cv *chartView) hasUnreached() bool {
	for _, c := range cv.r.Configs {
		for _, l := range c.Levels {
			if !l.LoadReached {
				return true
			}
		}
	}
	return false
}

// linePanel draws value(config, level) for every config against
// concurrency on a log₂ axis. Where a level was measured in several runs
// and spread names the statistic plotted there (a key of
// analyze.Level.Spread; "" for none), its run-to-run spread is drawn as
// an error bar from the lowest to the highest run.
func (cv *chartView) linePanel(title, yLabel string, sz textSizes, value func(analyze.Level) float64, spread func(analyze.Level) string, slo *sloRef) (*plot.Plot, error) {
	p := newPanel(title, cv.loc.T("axis_concurrency"), yLabel, sz)
	log2Axis(p, cv.r.Levels, cv.loc)
	top := 0.0
	for i, c := range cv.r.Configs {
		cl := cv.configLine(c, value, spread)
		top = math.Max(top, cl.top)
		if err := cv.addConfigLine(p, i, c, cl); err != nil {
			return nil, err
		}
	}
	if slo != nil && slo.value > 0 {
		top = math.Max(top, slo.value)
		p.Add(hline{y: slo.value, label: cv.loc.T(slo.msg, "V", cv.loc.Num(slo.value, 0)),
			style: draw.LineStyle{Color: sloColor, Width: vg.Points(1.2), Dashes: []vg.Length{vg.Points(6), vg.Points(3)}}, font: sz.Tick})
	}
	valueAxis(p, top, cv.loc)
	return p, nil
}

// configLine is what one config contributes to a line panel, gathered
// before anything is drawn so that the value axis can be sized to the
// highest mark of every config.
type configLine struct {
	runs      []plotter.XYs // the line, split where a level is missing
	unreached plotter.XYs   // levels whose load was not reached
	bars      []errBar      // run-to-run spreads
	top       float64       // the highest value among the three
}

// configLine collects config c's marks. A level whose load was not
// reached is no point of the line: it would join a value the server
// never sustained to ones it did, so it goes to unreached and is drawn
// as a hollow grey marker instead.
func (cv *chartView) configLine(c analyze.Config, value func(analyze.Level) float64, spread func(analyze.Level) string) configLine {
	var cl configLine
	cl.runs = levelRuns(cv.r.Levels, func(lc analyze.Load) (float64, bool) {
		l, ok := c.Level(lc)
		if !ok {
			return 0, false
		}
		if !l.LoadReached {
			if y := value(l); !math.IsNaN(y) {
				cl.unreached = append(cl.unreached, plotter.XY{X: axisX(cv.r.Levels, lc), Y: y})
				cl.top = math.Max(cl.top, y)
			}
			return 0, false
		}
		return value(l), true
	})
	for _, run := range cl.runs {
		for _, xy := range run {
			cl.top = math.Max(cl.top, xy.Y)
		}
	}
	cl.bars = cv.spreadBars(c, spread)
	for _, b := range cl.bars {
		cl.top = math.Max(cl.top, b.hi)
	}
	return cl
}

// spreadBars are config c's run-to-run spreads of the statistic spread
// names, at the reached levels measured in more than one run: a single
// run has no spread to show, and an unreached level has no line for a
// bar to qualify.
func (cv *chartView) spreadBars(c analyze.Config, spread func(analyze.Level) string) []errBar {
	if spread == nil {
		return nil
	}
	var bars []errBar
	for _, l := range c.Levels {
		if !l.LoadReached {
			continue
		}
		if iv, ok := l.Spread[spread(l)]; ok && l.Runs > 1 {
			bars = append(bars, errBar{x: axisX(cv.r.Levels, l.Load), lo: iv.Min, hi: iv.Max})
		}
	}
	return bars
}

// addConfigLine draws cl, the marks of config c, the i-th of the
// report, each layer over the one before: its error bars, the line
// with its markers, the unreached levels.
func (cv *chartView) addConfigLine(p *plot.Plot, i int, c analyze.Config, cl configLine) error {
	style := styleFor(i, c.Speculative)
	if len(cl.bars) > 0 {
		// Side by side, so that configs' bars at one level do not
		// hide each other.
		dx := vg.Points(3.5) * vg.Length(float64(i)-float64(len(cv.r.Configs)-1)/2)
		p.Add(errBars{pts: cl.bars, color: style.Color, dx: dx})
	}
	if err := addSeries(p, cl.runs, style); err != nil {
		return err
	}
	if len(cl.unreached) > 0 {
		sc, err := plotter.NewScatter(cl.unreached)
		if err != nil {
			return err
		}
		sc.GlyphStyle = unreachedStyle.Glyph
		p.Add(sc)
	}
	return nil
}

// metric is a Mean | P90 pair of panels for metric id.
func (cv *chartView) metric(id analyze.MetricID, slo *sloRef) (*figure, error) {
	look := present.MustOf(id)
	unit := cv.loc.T(look.Axis)
	var row []*plot.Plot
	for _, st := range []analyze.Statistic{analyze.Mean, analyze.P90} {
		p, err := cv.linePanel(cv.panelTitle(id, st), unit, fullSize, func(l analyze.Level) float64 {
			x, _ := present.Shown(id, st, l) // the stand-ins the tables mark
			return x
		}, func(l analyze.Level) string {
			if _, mark := present.Shown(id, st, l); mark != "" {
				return "" // a stand-in: its spread is another statistic's
			}
			return analyze.SpreadKey(id, st)
		}, slo)
		if err != nil {
			return nil, err
		}
		row = append(row, p)
	}
	return &figure{title: cv.loc.T("sec_" + look.Stem), panels: [][]*plot.Plot{row}, legend: cv.lineLegend(),
		w: chartWidth, h: chartHeight, sizes: fullSize}, nil
}

// panelTitle names the statistic a metric panel plots, with the
// stand-ins it shows where a tool lacks it: "Mean, or median where
// absent"; "P90, or P99 where absent".
func (cv *chartView) panelTitle(id analyze.MetricID, st analyze.Statistic) string {
	var used []string
	for _, u := range []analyze.Statistic{analyze.P50, analyze.P99, analyze.P10} {
		if m := present.Mark(st, u); m != "" && present.StandsIn(cv.r, id, st, m) {
			used = append(used, cv.loc.T("statw_"+string(u)))
		}
	}
	if len(used) == 0 {
		return cv.loc.T("stat_" + string(st))
	}
	return cv.loc.T("panel_stat_standin", "Stat", cv.loc.T("stat_"+string(st)), "Used", cv.loc.List(used))
}

func (cv *chartView) throughput() (*figure, error) {
	unit := cv.loc.T("axis_rps")
	title := cv.loc.T("panel_system_rps")
	if !present.AllExports(cv.r) {
		title = cv.loc.T("panel_system_rps_measured")
	}
	sys, err := cv.linePanel(title, unit, fullSize, func(l analyze.Level) float64 { return l.SystemRPS }, func(analyze.Level) string { return "system_rps" }, nil)
	if err != nil {
		return nil, err
	}
	row := []*plot.Plot{sys}
	if present.HasReportedRPS(cv.r) {
		rep, err := cv.linePanel(cv.loc.T("panel_reported_rps"), unit, fullSize, func(l analyze.Level) float64 { return l.RPSReported }, nil, nil)
		if err != nil {
			return nil, err
		}
		row = append(row, rep)
	}
	return &figure{title: cv.loc.T("sec_throughput"), panels: [][]*plot.Plot{row}, legend: cv.lineLegend(),
		w: chartWidth, h: chartHeight, sizes: fullSize}, nil
}

func (cv *chartView) aggregate() (*figure, error) {
	p, err := cv.linePanel("", cv.loc.T("axis_tps"), fullSize, func(l analyze.Level) float64 { return l.AggregateTPS }, func(analyze.Level) string { return "aggregate_tps" }, nil)
	if err != nil {
		return nil, err
	}
	return &figure{title: cv.loc.T("sec_aggregate"), panels: [][]*plot.Plot{{p}}, legend: cv.lineLegend(),
		w: chartWidth, h: chartHeight, sizes: fullSize}, nil
}

// capacity shows C_max and users per config as bars: the headline
// statistic solid, the other one in a lighter shade of the config's colour.
func (cv *chartView) capacity() (*figure, error) {
	stats := []analyze.Percentile{cv.r.Params.Percentile, analyze.Mean}
	if stats[0] == analyze.Mean {
		stats[1] = analyze.P90
	}
	// Config names go under their bars when they fit there; otherwise
	// the legend names each config by its colour.
	names, named := capacityNames(cv.r.Configs, cv.loc.Lang)
	panel := func(titleID string, val func(analyze.Capacity) float64, label func(analyze.Capacity) string) *plot.Plot {
		p := newPanel(cv.loc.T(titleID), "", "", fullSize)
		b := bars{font: fullSize.Value}
		top := 0.0
		for s, st := range stats {
			var vals []float64
			var fills []color.Color
			var labels []string
			for i, c := range cv.r.Configs {
				cp := c.Capacity.Get(st)
				v := val(cp)
				vals = append(vals, v)
				top = math.Max(top, v)
				col := styleFor(i, c.Speculative).Color
				if s == 1 {
					col = tint(col, 0.55)
				}
				fills = append(fills, col)
				labels = append(labels, label(cp))
			}
			b.values = append(b.values, vals)
			b.fills = append(b.fills, fills)
			b.labels = append(b.labels, labels)
		}
		p.Add(b)
		p.NominalX(names...)
		p.X.Tick.Label.Font = chartFont(fullSize.Tick, false)
		if !named {
			p.X.Tick.Length = 0
		}
		valueAxis(p, top*1.08, cv.loc)
		return p
	}
	// A lower bound reads "≥ 64"; an unknown user count has no bar, only
	// "–" on the axis.
	cmax := panel("panel_cmax", func(c analyze.Capacity) float64 { return float64(c.Max) },
		func(c analyze.Capacity) string { return present.LoadCell(cv.loc, c) })
	if cv.r.Axis == analyze.AxisRate {
		// Rates are steps, not a scale (and ∞ has no height): each bar
		// rises to its R_max's rank among the measured rates, and the y
		// axis names the rates.
		cmax = panel("panel_cmax", func(c analyze.Capacity) float64 { return float64(levelRank(cv.r.Levels, c.Max)) },
			func(c analyze.Capacity) string { return present.LoadCell(cv.loc, c) })
		var ticks plot.ConstantTicks
		for i, x := range cv.r.Levels {
			ticks = append(ticks, plot.Tick{Value: float64(i + 1), Label: cv.loc.Load(x)})
		}
		// Headroom for the bar labels, closed by an unlabelled tick so
		// that the panel's top lines up with its neighbour's.
		top := float64(len(cv.r.Levels) + 1)
		ticks = append(ticks, plot.Tick{Value: top, Label: " "})
		cmax.Y.Tick.Marker = ticks
		cmax.Y.Min, cmax.Y.Max = 0, top
	}
	users := panel("panel_users", func(c analyze.Capacity) float64 {
		if !c.UsersKnown() {
			return math.NaN()
		}
		return float64(c.Users)
	}, func(c analyze.Capacity) string { return present.UsersCell(cv.loc, c) })
	var legend []legendEntry
	if !named {
		for i, c := range cv.r.Configs {
			legend = append(legend, legendEntry{label: cv.name(c), swatch: styleFor(i, c.Speculative).Color})
		}
	}
	legend = append(legend,
		legendEntry{label: cv.loc.T("legend_bar_solid", "Stat", cv.loc.T("stat_"+string(stats[0]))), swatch: color.RGBA{0x55, 0x55, 0x55, 0xFF}},
		legendEntry{label: cv.loc.T("legend_bar_light", "Stat", cv.loc.T("stat_"+string(stats[1]))), swatch: tint(color.RGBA{0x55, 0x55, 0x55, 0xFF}, 0.55)},
	)
	return &figure{title: present.ThinkText(cv.loc, cv.r.Params.ThinkS, "chart_title_capacity"),
		panels: [][]*plot.Plot{{cmax, users}}, legend: legend, w: chartWidth, h: chartHeight, sizes: fullSize}, nil
}

// capacityNames returns the capacity chart's category labels: the
// config names, wrapped, when there are few enough configs and each
// wrapped line is short enough to sit under its bars without touching
// the next; otherwise blank labels and named=false.
func capacityNames(configs []analyze.Config, lang string) (names []string, named bool) {
	const maxConfigs, maxLine = 5, 14
	named = len(configs) <= maxConfigs
	for _, c := range configs {
		n := wrapLabel(present.Clean(c.Name.In(lang)), 12)
		for _, line := range strings.Split(n, "\n") {
			if len([]rune(line)) > maxLine {
				named = false
			}
		}
		names = append(names, n)
	}
	if !named {
		for i := range names {
			names[i] = ""
		}
	}
	return names, named
}

// speedup shows spec/direct TPS per engine pair, the parity line and
// each pair's break-even point.
func (cv *chartView) speedup() (*figure, error) {
	if len(cv.r.Speedups) == 0 {
		return nil, nil
	}
	p := newPanel("", cv.loc.T("axis_concurrency"), cv.loc.T("axis_ratio"), fullSize)
	log2Axis(p, cv.r.Levels, cv.loc)
	top := 1.0
	var legend []legendEntry
	for _, s := range cv.r.Speedups {
		idx := 0
		for i, c := range cv.r.Configs {
			if c.ID == s.Spec {
				idx = i
			}
		}
		sty := styleFor(idx, true)
		ratio := map[analyze.Load]float64{}
		for _, pt := range s.Points {
			ratio[pt.Load] = pt.Ratio
			top = math.Max(top, pt.Ratio)
		}
		runs := levelRuns(cv.r.Levels, func(c analyze.Load) (float64, bool) { v, ok := ratio[c]; return v, ok })
		if err := addSeries(p, runs, sty); err != nil {
			return nil, err
		}
		spec, _ := cv.r.Config(s.Spec)
		direct, _ := cv.r.Config(s.Direct)
		legend = append(legend, legendEntry{label: cv.name(spec) + " / " + cv.name(direct), style: sty})
		if x := s.BreakEvenInterpolated; x != nil {
			p.Add(vline{x: *x, label: cv.loc.T("break_even_label", "X", cv.loc.Near(*x)),
				style: draw.LineStyle{Color: sty.Color, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(2), vg.Points(2)}}, font: fullSize.Tick})
		} else if s.BreakEven != nil {
			p.Add(vline{x: axisX(cv.r.Levels, *s.BreakEven), label: cv.loc.T("break_even_at", "C", cv.loc.At(*s.BreakEven)),
				style: draw.LineStyle{Color: sty.Color, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(2), vg.Points(2)}}, font: fullSize.Tick})
		}
	}
	p.Add(hline{y: 1, label: cv.loc.T("parity_line"), style: draw.LineStyle{Color: inkColor, Width: vg.Points(1.1)}, font: fullSize.Tick, right: true})
	valueAxis(p, top, cv.loc)
	return &figure{title: cv.loc.T("sec_speedup"), panels: [][]*plot.Plot{{p}}, legend: legend,
		w: chartWidth, h: chartHeight, sizes: fullSize}, nil
}

// heatmap is the SLO compliance grid at the headline statistic.
func (cv *chartView) heatmap() (*figure, error) {
	pct := cv.r.Params.Percentile
	g := sloGrid{}
	var rows []string
	unchecked, unreached := false, false
	for _, c := range cv.r.Configs {
		var cells []sloCell
		for _, lc := range cv.r.Levels {
			l, ok := c.Level(lc)
			v := l.SLO.Get(pct)
			cell := sloCell{measured: ok, ttft: v.TTFT, tps: v.TPS, unreached: ok && !l.LoadReached,
				ttftUnchecked: ok && v.TTFTStat == analyze.StatNone, tpsUnchecked: ok && v.TPSStat == analyze.StatNone}
			unchecked = unchecked || cell.ttftUnchecked || cell.tpsUnchecked
			unreached = unreached || cell.unreached
			cells = append(cells, cell)
		}
		g.cells = append(g.cells, cells)
		rows = append(rows, cv.name(c))
	}
	p := newPanel(cv.loc.T("heatmap_marks"), cv.loc.T("axis_levels"), "", fullSize)
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
	legend := []legendEntry{
		{label: cv.loc.T("legend_pass"), swatch: tint(passColor, 0.55)},
		{label: cv.loc.T("legend_partial"), swatch: tint(partColor, 0.45)},
		{label: cv.loc.T("legend_fail"), swatch: tint(failColor, 0.35)},
		{label: cv.loc.T("legend_not_measured"), swatch: emptyColor},
	}
	if unchecked {
		legend = append(legend, legendEntry{label: cv.loc.T("legend_unchecked"), style: uncheckedStyle})
	}
	if unreached {
		legend = append(legend, legendEntry{label: cv.loc.T("legend_unreached"), swatch: unreachedColor})
	}
	h := vg.Length(120 + 34*len(rows))
	return &figure{title: cv.loc.T("sec_slo_matrix", "Stat", cv.loc.T("stat_"+string(pct))), panels: [][]*plot.Plot{{p}},
		legend: legend, w: chartWidth, h: h, sizes: fullSize}, nil
}

// dashboard is the 2×3 summary of the mean values.
func (cv *chartView) dashboard() (*figure, error) {
	tiles := []struct {
		title string
		key   analyze.MetricID
		value func(analyze.Level) float64
	}{
		{"dash_ttft", analyze.TTFT, func(l analyze.Level) float64 { return l.TTFT.Central() }},
		{"dash_itl", analyze.ITL, func(l analyze.Level) float64 { return l.ITL.Central() }},
		{"dash_tps", analyze.TPS, func(l analyze.Level) float64 { return l.TPS.Central() }},
		{"dash_latency", analyze.Latency, func(l analyze.Level) float64 { return l.Latency.Central() }},
		{"dash_aggregate", "", func(l analyze.Level) float64 { return l.AggregateTPS }},
		{"dash_system_rps", "", func(l analyze.Level) float64 { return l.SystemRPS }},
	}
	panels := [][]*plot.Plot{make([]*plot.Plot, 3), make([]*plot.Plot, 3)}
	for i, t := range tiles {
		// The central value is the mean, or the median where a tool
		// gives no mean: the tile says which.
		stat := cv.loc.T("statw_mean")
		if t.key != "" && present.StandsIn(cv.r, t.key, analyze.Mean, "†") {
			stat = cv.loc.T("statw_mean_or_median")
		}
		p, err := cv.linePanel(cv.loc.T(t.title, "Stat", stat), "", tileSize, t.value, nil, nil)
		if err != nil {
			return nil, err
		}
		p.X.Label.Text = cv.loc.T("col_load")
		panels[i/3][i%3] = p
	}
	return &figure{title: cv.loc.T(DashboardCaption(cv.r)), panels: panels, legend: cv.configLegend(),
		w: chartWidth, h: 420, sizes: tileSize}, nil
}

// DashboardCaption is the message of the dashboard's title and caption: its
// tiles show the mean, or the median where a tool gives no mean.
func DashboardCaption(r *analyze.Report) string {
	for _, id := range analyze.Distributions {
		if present.StandsIn(r, id, analyze.Mean, "†") {
			return "chart_dashboard_median"
		}
	}
	return "chart_dashboard"
}

// levelRank is x's 1-based place among levels (0 when x is not one of
// them: no capacity).
func levelRank(levels []analyze.Load, x analyze.Load) int {
	for i, l := range levels {
		if l == x {
			return i + 1
		}
	}
	return 0
}
