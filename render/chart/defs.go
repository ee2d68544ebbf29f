package chart

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/locale"
	"github.com/openzeka/reportgen/render/present"
)

// chartView builds the figures of one edition from the report.
type chartView struct {
	r   *analyze.Report
	loc *locale.Locale
	pal *palette
}

// newChartView is the view of r in loc's language.
func newChartView(r *analyze.Report, loc *locale.Locale) *chartView {
	return &chartView{r: r, loc: loc, pal: newPalette(r, loc.Lang)}
}

// def is one standard chart: its name (the file name without
// extension), the message id of its caption for a report, and how to
// build its figure (nil when the data has nothing for it to show).
type def struct {
	name    string
	caption func(r *analyze.Report) string
	build   func(cv *chartView) (*figure, error)
	// wide: set at the text's full width in print, not the usual share
	// of it: its text is small for its size (the dashboard's six tiles,
	// the heat map's cells), and would print at 4 pt.
	wide bool
}

// paretoCaption says whether chart 11's output is per GPU or of the
// whole system (a GPU count is unknown).
func paretoCaption(r *analyze.Report) string {
	if r.Pareto.PerGPU {
		return "chart_pareto"
	}
	return "chart_pareto_system"
}

// fixed is a caption that does not depend on the report.
func fixed(id string) func(*analyze.Report) string { return func(*analyze.Report) string { return id } }

// defs are the standard charts, one row each, in the order of their
// numbers: the one table of the charts, which Names, Caption and Draw
// read (the templates place each chart where it belongs in the report).
// Adding a chart is one row here, its builder, its messages (title,
// caption) in every locale, its place in a template ({{chart "NN-…"}})
// and its row in docs/output.md; nothing counts the charts by hand.
var defs = []def{
	{"01-ttft", fixed("chart_ttft"), func(cv *chartView) (*figure, error) { return cv.metric(analyze.TTFT, cv.sloTTFT()) }, false},
	{"02-itl", fixed("chart_itl"), func(cv *chartView) (*figure, error) { return cv.metric(analyze.ITL, nil) }, false},
	{"03-tps", fixed("chart_tps"), func(cv *chartView) (*figure, error) { return cv.metric(analyze.TPS, cv.sloTPS()) }, false},
	{"04-latency", fixed("chart_latency"), func(cv *chartView) (*figure, error) { return cv.metric(analyze.Latency, nil) }, false},
	{"05-throughput", throughputCaption, (*chartView).throughput, false},
	{"06-capacity", fixed("chart_capacity"), (*chartView).capacity, false},
	{"07-aggregate-output", fixed("chart_aggregate_output"), (*chartView).aggregate, false},
	{"08-spec-speedup", fixed("chart_spec_speedup"), (*chartView).speedup, false},
	{"09-slo-heatmap", fixed("chart_slo_heatmap"), (*chartView).heatmap, true},
	{"10-dashboard", DashboardCaption, (*chartView).dashboard, true},
	{"11-pareto", paretoCaption, (*chartView).pareto, false},
	{"12-energy", energyCaption, (*chartView).energy, false},
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

// Wide reports whether chart name is set at the text's full width in
// print (def.wide): its text is small for its size.
func Wide(name string) bool {
	for _, d := range defs {
		if d.name == name {
			return d.wide
		}
	}
	return false
}

// logY reports whether metric id is drawn on a log y axis: the times
// (TTFT, ITL, latency), whose outliers would flatten a linear axis, and
// whose SLO decisions lie far below those outliers.
func logY(id analyze.MetricID) bool { return id.LowerIsBetter() }

// name is a config's display name in the charts' language, as valid
// UTF-8 (a name made from a file name may not be).
func (cv *chartView) name(c analyze.Config) string { return present.Clean(c.Name.In(cv.loc.Lang)) }

// sloRef is an SLO threshold to draw as a reference line.
type sloRef struct {
	value float64
	msg   string
}

// sloTTFT is the TTFT SLO's line.
func (cv *chartView) sloTTFT() *sloRef {
	if cv.r.Params.SLOTTFTms <= 0 {
		return nil
	}
	return &sloRef{cv.r.Params.SLOTTFTms, "slo_line_ttft"}
}

// sloTPS is the TPS SLO's line; nil without a TPS requirement.
func (cv *chartView) sloTPS() *sloRef {
	if cv.r.Params.SLOTPS <= 0 {
		return nil
	}
	return &sloRef{cv.r.Params.SLOTPS, "slo_line_tps"}
}

// sloLineFor is the reference line of slo, labelled at the panel's left.
func (cv *chartView) sloLineFor(slo *sloRef, sz textSizes) hline {
	return hline{y: slo.value, label: cv.loc.T(slo.msg, "V", cv.loc.Num(slo.value, 0)), style: sloLine, font: sz.Tick}
}

// configEntries are the legend entries of configs idx, in their styles.
func (cv *chartView) configEntries(idx []int) []legendEntry {
	var out []legendEntry
	for _, i := range idx {
		out = append(out, legendEntry{label: cv.name(cv.r.Configs[i]), style: cv.pal.of(i)})
	}
	return out
}

// markEntries explain the marks that are no config: a level whose load
// was not reached, and where spreads are drawn and some level was
// measured in several runs, the error bar.
func (cv *chartView) markEntries(spreads bool) []legendEntry {
	var out []legendEntry
	unreached, runs := false, false
	for _, c := range cv.r.Configs {
		for _, l := range c.Levels {
			unreached = unreached || !l.LoadReached
			runs = runs || (l.Runs > 1 && l.LoadReached)
		}
	}
	if unreached {
		out = append(out, legendEntry{label: cv.loc.T("legend_unreached"), style: unreachedStyle})
	}
	if spreads && runs {
		out = append(out, legendEntry{label: cv.loc.T("legend_run_spread"), errBar: true})
	}
	return out
}

// lineSpec is one line panel: a statistic of every config against the
// load.
type lineSpec struct {
	// xLabel is the load axis's title; "" for the standard one.
	title, xLabel, yLabel string
	sz                    textSizes
	value                 func(analyze.Level) float64
	// spread names the statistic whose run-to-run spread is drawn at a
	// level (a key of analyze.Level.Spread; "" for none); nil for none.
	spread func(analyze.Level) string
	// standIn reports whether the value drawn at a level is another
	// statistic standing in for the one the panel shows (a P99 for a
	// P90, a median for a mean): such a point is ringed (standInGlyph).
	// nil for none.
	standIn func(analyze.Level) bool
	// estimated reports whether the value drawn at a level is an
	// estimate (present.Estimated): such a point is ringed
	// (estimateGlyph). nil for none.
	estimated func(analyze.Level) bool
	slo       *sloRef
	log       bool
	// byEngine draws each config in its engine's first style (the
	// dashboard past maxStyled configs, whose legend names engines).
	byEngine bool
	// share is a span the value axis covers besides the panel's own:
	// that of the panels beside it.
	share *valueSpan
}

// linePanel draws ls for the configs of g against the load on a log₂
// axis; in a small multiple, the range of the other configs is drawn
// behind them as a light-grey band. The value axis spans every config (and ls.share),
// so that the panels of one figure share it.
func (cv *chartView) linePanel(ls lineSpec, g panelGroup) (*plot.Plot, error) {
	xLabel := ls.xLabel
	if xLabel == "" {
		xLabel = cv.loc.T("axis_concurrency")
	}
	p := newPanel(ls.title, xLabel, ls.yLabel, ls.sz)
	loadAxis(p, cv.r.Levels, cv.loc)
	lines, span := cv.lines(ls)
	if ls.share != nil {
		span.union(*ls.share)
	}
	cv.addContext(p, g, lines)
	for k, i := range g.configs {
		if err := addConfigLine(p, k, len(g.configs), cv.style(i, ls.byEngine), lines[i]); err != nil {
			return nil, err
		}
	}
	if ls.slo != nil {
		span.add(ls.slo.value)
		ref := cv.sloLineFor(ls.slo, ls.sz)
		ref.right = labelRight(runsOf(lines, g.configs), nearRef(ls.slo.value, span.hi, ls.log), false)
		p.Add(ref)
	}
	if ls.log {
		logAxis(&p.Y, span.lo, span.hi, cv.loc)
	} else {
		valueAxis(&p.Y, span.hi, cv.loc)
	}
	return p, nil
}

// labelRight reports whether a reference line's label goes at the right
// end of the load axis: where fewer of the runs' points lie near the
// line (near), so that its label hides less; dflt on a tie.
func labelRight(runs []plotter.XYs, near func(y float64) bool, dflt bool) bool {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, run := range runs {
		for _, xy := range run {
			lo, hi = math.Min(lo, xy.X), math.Max(hi, xy.X)
		}
	}
	left, right := 0, 0
	for _, run := range runs {
		for _, xy := range run {
			if !near(xy.Y) || !(hi > lo) {
				continue
			}
			switch f := math.Log(xy.X/lo) / math.Log(hi/lo); {
			case f < 0.4:
				left++
			case f > 0.6:
				right++
			}
		}
	}
	if left == right {
		return dflt
	}
	return right < left
}

// nearRef tells the values near a reference line at ref: within a
// factor 1.8 on a log axis, within 12 % of the axis top on a linear one.
func nearRef(ref, top float64, log bool) func(y float64) bool {
	return func(y float64) bool {
		if log {
			return y > 0 && math.Abs(math.Log(y/ref)) < math.Log(1.8)
		}
		return math.Abs(y-ref) < 0.12*top
	}
}

// runsOf are the lines of configs idx.
func runsOf(lines []configLine, idx []int) []plotter.XYs {
	var out []plotter.XYs
	for _, i := range idx {
		out = append(out, lines[i].runs...)
	}
	return out
}

// lines are the marks of every config in ls, and their span.
func (cv *chartView) lines(ls lineSpec) ([]configLine, valueSpan) {
	value := ls.value
	if ls.log {
		value = positive(value)
	}
	lines := make([]configLine, len(cv.r.Configs))
	var span valueSpan
	for i, c := range cv.r.Configs {
		lines[i] = cv.configLine(c, value, ls.spread, ls.log)
		lines[i].standIns = standInPoints(cv.r.Levels, c, value, ls.standIn)
		lines[i].estimates = standInPoints(cv.r.Levels, c, value, ls.estimated)
		span.addLine(lines[i])
	}
	return lines, span
}

// style is config i's style; byEngine, its engine's first style in its
// mode, thinner and with smaller markers.
func (cv *chartView) style(i int, byEngine bool) seriesStyle {
	if !byEngine {
		return cv.pal.of(i)
	}
	s := styleOf(cv.pal.engOf[i], 0, cv.r.Configs[i].Speculative)
	s.Line.Width = vg.Points(1.2)
	s.Glyph.Radius = vg.Points(2)
	return s
}

// addContext draws the configs outside g as a light-grey band behind
// g's own lines, when g is a small multiple.
func (cv *chartView) addContext(p *plot.Plot, g panelGroup, lines []configLine) {
	if !g.partial {
		return
	}
	in := map[int]bool{}
	for _, i := range g.configs {
		in[i] = true
	}
	var others []int
	for i := range cv.r.Configs {
		if !in[i] {
			others = append(others, i)
		}
	}
	xs := make([]float64, len(cv.r.Levels))
	for i, l := range cv.r.Levels {
		xs[i] = axisX(cv.r.Levels, l)
	}
	p.Add(newBand(xs, runsOf(lines, others)))
}

// positive is value with every value ≤ 0 absent: a log axis has no
// place for it.
func positive(value func(analyze.Level) float64) func(analyze.Level) float64 {
	return func(l analyze.Level) float64 {
		if v := value(l); v > 0 {
			return v
		}
		return math.NaN()
	}
}

// valueSpan is the lowest positive and the highest value of a panel.
type valueSpan struct{ lo, hi float64 }

// add widens the span to v.
func (s *valueSpan) add(v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return
	}
	if v > 0 && (s.lo == 0 || v < s.lo) {
		s.lo = v
	}
	s.hi = math.Max(s.hi, v)
}

// union widens the span to o.
func (s *valueSpan) union(o valueSpan) {
	s.add(o.lo)
	s.add(o.hi)
}

// addLine widens the span to every mark of cl.
func (s *valueSpan) addLine(cl configLine) {
	for _, run := range cl.runs {
		for _, xy := range run {
			s.add(xy.Y)
		}
	}
	for _, xy := range cl.unreached {
		s.add(xy.Y)
	}
	for _, b := range cl.bars {
		s.add(b.lo)
		s.add(b.hi)
	}
}

// configLine is what one config contributes to a line panel, gathered
// before anything is drawn so that the value axis can be sized to the
// marks of every config.
type configLine struct {
	runs      []plotter.XYs // the line, split where a level is missing
	unreached plotter.XYs   // levels whose load was not reached
	bars      []errBar      // run-to-run spreads
	standIns  plotter.XYs   // points whose value is a stand-in statistic
	estimates plotter.XYs   // points whose value is an estimate
}

// standInPoints are config c's points, among its reached levels with a
// value, whose value is a stand-in (standIn), or an estimate; nil for
// none.
func standInPoints(levels []analyze.Load, c analyze.Config, value func(analyze.Level) float64, standIn func(analyze.Level) bool) plotter.XYs {
	if standIn == nil {
		return nil
	}
	var out plotter.XYs
	for _, l := range c.Levels {
		if y := value(l); l.LoadReached && standIn(l) && !math.IsNaN(y) {
			out = append(out, plotter.XY{X: axisX(levels, l.Load), Y: y})
		}
	}
	return out
}

// configLine collects config c's marks. A level whose load was not
// reached is no point of the line: it would join a value the server
// never sustained to ones it did, so it goes to unreached and is drawn
// as a hollow grey marker instead. On a log axis (log) a spread
// reaching zero is left out.
func (cv *chartView) configLine(c analyze.Config, value func(analyze.Level) float64, spread func(analyze.Level) string, log bool) configLine {
	var cl configLine
	cl.runs = levelRuns(cv.r.Levels, func(lc analyze.Load) (float64, bool) {
		l, ok := c.Level(lc)
		if !ok {
			return 0, false
		}
		if !l.LoadReached {
			if y := value(l); !math.IsNaN(y) {
				cl.unreached = append(cl.unreached, plotter.XY{X: axisX(cv.r.Levels, lc), Y: y})
			}
			return 0, false
		}
		return value(l), true
	})
	for _, b := range cv.spreadBars(c, spread) {
		if !log || b.lo > 0 {
			cl.bars = append(cl.bars, b)
		}
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

// addConfigLine draws cl, the marks of the k-th of n configs of a panel
// in style, each layer over the one before: its error bars, the line
// with its markers, the unreached levels.
func addConfigLine(p *plot.Plot, k, n int, style seriesStyle, cl configLine) error {
	if len(cl.bars) > 0 {
		// Side by side, so that configs' bars at one level do not
		// hide each other.
		dx := vg.Points(3.5) * vg.Length(float64(k)-float64(n-1)/2)
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
	if len(cl.standIns) > 0 {
		// Ringed just outside the series' own marker.
		ring := standInGlyph
		ring.Radius = style.Glyph.Radius + vg.Points(2.4)
		p.Add(crosses{xys: cl.standIns, glyph: ring})
	}
	if len(cl.estimates) > 0 {
		ring := estimateGlyph
		ring.Radius = style.Glyph.Radius + vg.Points(3.6)
		p.Add(crosses{xys: cl.estimates, glyph: ring})
	}
	return nil
}

// metric is a Mean | P90 pair of panels for metric id, a row of them
// per group in small multiples; both panels share their value axis.
func (cv *chartView) metric(id analyze.MetricID, slo *sloRef) (*figure, error) {
	look := present.MustOf(id)
	unit := cv.loc.T(look.Axis)
	stats := []analyze.Statistic{analyze.Mean, analyze.P90}
	spec := func(st analyze.Statistic, g panelGroup, sz textSizes) lineSpec {
		return lineSpec{title: g.title(cv.panelTitle(id, st)), yLabel: unit, sz: sz, value: func(l analyze.Level) float64 {
			x, _ := present.Shown(id, st, l) // the stand-ins the tables mark
			return x
		}, spread: func(l analyze.Level) string {
			if standsIn(id, st)(l) {
				return "" // a stand-in: its spread is another statistic's
			}
			return analyze.SpreadKey(id, st) // an estimate's is its own
		}, standIn: standsIn(id, st), estimated: estimatedAt(id, st), slo: slo, log: logY(id)}
	}
	var shared valueSpan
	for _, st := range stats {
		_, span := cv.lines(spec(st, panelGroup{}, fullSize))
		shared.union(span)
	}
	marks := append(cv.standInEntries(id, stats...), cv.estimateEntries([]analyze.MetricID{id}, stats...)...)
	return cv.rowsFigure(cv.loc.T("ctitle_"+look.Stem), true, marks, func(g panelGroup, sz textSizes) ([]*plot.Plot, error) {
		var row []*plot.Plot
		for _, st := range stats {
			ls := spec(st, g, sz)
			ls.share = &shared
			p, err := cv.linePanel(ls, g)
			if err != nil {
				return nil, err
			}
			row = append(row, p)
		}
		return row, nil
	})
}

// standIns are the words of the statistics standing in for st of
// metric id somewhere in the report (the median for a mean; P99, P10 or
// the median for a P90).
func (cv *chartView) standIns(id analyze.MetricID, st analyze.Statistic) []string {
	var used []string
	for _, u := range []analyze.Statistic{analyze.P50, analyze.P99, analyze.P10} {
		if m := present.Mark(st, u); m != "" && present.StandsIn(cv.r, id, st, m) {
			used = append(used, cv.loc.T("statw_"+string(u)))
		}
	}
	return used
}

// panelTitle names the statistic a metric panel plots, with the
// stand-ins it shows where a tool lacks it: "Mean, or median where
// absent"; "P90, or P99 where absent".
func (cv *chartView) panelTitle(id analyze.MetricID, st analyze.Statistic) string {
	used := cv.standIns(id, st)
	if len(used) == 0 {
		return cv.loc.T("stat_" + string(st))
	}
	return cv.loc.T("panel_stat_standin", "Stat", cv.loc.T("stat_"+string(st)), "Used", cv.loc.List(used))
}

// statWord is panelTitle in running text: "P90", "mean, or median where
// absent".
func (cv *chartView) statWord(id analyze.MetricID, st analyze.Statistic) string {
	used := cv.standIns(id, st)
	if len(used) == 0 {
		return cv.loc.T("statw_" + string(st))
	}
	return cv.loc.T("panel_stat_standin", "Stat", cv.loc.T("statw_"+string(st)), "Used", cv.loc.List(used))
}

// headline is the report's SLO statistic: P90, or the mean.
func (cv *chartView) headline() analyze.Statistic { return cv.r.Params.Percentile }

func (cv *chartView) aggregate() (*figure, error) {
	return cv.rowsFigure(cv.loc.T("ctitle_aggregate"), true, nil, func(g panelGroup, sz textSizes) ([]*plot.Plot, error) {
		p, err := cv.linePanel(lineSpec{title: g.title(""), yLabel: cv.loc.T("axis_tps"), sz: sz,
			value: func(l analyze.Level) float64 { return l.AggregateTPS }, spread: func(analyze.Level) string { return "aggregate_tps" }}, g)
		if err != nil {
			return nil, err
		}
		return []*plot.Plot{p}, nil
	})
}
