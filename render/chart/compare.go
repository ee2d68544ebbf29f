package chart

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/analyze/compare"
	"github.com/openzeka/reportgen/render/locale"
	"github.com/openzeka/reportgen/render/present"
)

// The comparison edition's charts (reportgen compare): the delta heat
// map (deltagrid.go), then per headline metric of the comparison the
// baseline and the candidate overlaid per matched configuration against
// the load.
//
// Style: a configuration keeps the colour and marker the candidate's
// report gives it; the candidate is drawn in that colour, solid, with
// filled markers; the baseline in a lighter shade of it, thinner,
// dashed, with hollow markers, under the candidate. No series is grey
// or dotted (those are the reference lines).

// cmpView builds a comparison's figures.
type cmpView struct {
	c   *compare.Comparison
	loc *locale.Locale
	pal *palette // the candidate's configurations' styles
	// levels are the loads of the matched configurations on either side,
	// sorted: the x axis of every panel.
	levels []analyze.Load
}

// cmpHeadline is a metric the verdict reads at every common level, with
// the statistic it reads there: per matched configuration (per: the one
// most of its headline deltas of the metric read, "" for a throughput or
// none), and stat, the one most of them read (mixed: not all read it).
type cmpHeadline struct {
	id    analyze.MetricID
	stat  analyze.Statistic
	mixed bool
	per   []analyze.Statistic
}

// statOf is the statistic configuration i's headline reads.
func (h cmpHeadline) statOf(i int) analyze.Statistic {
	if i < len(h.per) && h.per[i] != "" {
		return h.per[i]
	}
	return h.stat
}

// cmpDef is one comparison chart: its name and what it shows (heat:
// the delta heat map of every headline metric).
type cmpDef struct {
	name string
	h    cmpHeadline
	heat bool
}

// cmpHeadlines are the metrics with a headline delta at some level, in
// the order the comparison lists them, each with the statistic most of
// its headline deltas read (the first on a tie), overall and per
// configuration.
func cmpHeadlines(c *compare.Comparison) []cmpHeadline {
	var order []analyze.MetricID
	count := map[analyze.MetricID]*statCount{}
	per := map[analyze.MetricID][]*statCount{}
	for i, cf := range c.Configs {
		for _, d := range cf.Deltas {
			id := analyze.MetricID(d.Metric)
			if _, ok := present.Of(id); !ok || !d.Headline || d.Load == nil {
				continue
			}
			if count[id] == nil {
				order = append(order, id)
				count[id] = &statCount{}
				per[id] = make([]*statCount, len(c.Configs))
			}
			if per[id][i] == nil {
				per[id][i] = &statCount{}
			}
			count[id].add(d.Stat)
			per[id][i].add(d.Stat)
		}
	}
	out := make([]cmpHeadline, 0, len(order))
	for _, id := range order {
		h := cmpHeadline{id: id, stat: count[id].most(), per: make([]analyze.Statistic, len(c.Configs))}
		for i, pc := range per[id] {
			if pc != nil {
				h.per[i] = pc.most()
				h.mixed = h.mixed || h.per[i] != h.stat
			}
		}
		out = append(out, h)
	}
	return out
}

// statCount counts the statistics of deltas, in order of first sight.
type statCount struct {
	order []analyze.Statistic
	n     map[analyze.Statistic]int
}

func (s *statCount) add(st analyze.Statistic) {
	if s.n == nil {
		s.n = map[analyze.Statistic]int{}
	}
	if s.n[st] == 0 {
		s.order = append(s.order, st)
	}
	s.n[st]++
}

// most is the statistic counted most often, the first seen on a tie.
func (s *statCount) most() analyze.Statistic {
	best := s.order[0]
	for _, st := range s.order {
		if s.n[st] > s.n[best] {
			best = st
		}
	}
	return best
}

// cmpDefs are the charts of comparison c, in order: the heat map, then
// an overlay per headline metric; none when no level was compared (the
// sides' load axes differ, or no level is common).
func cmpDefs(c *compare.Comparison) []cmpDef {
	hs := cmpHeadlines(c)
	if len(hs) == 0 {
		return nil
	}
	out := []cmpDef{{name: "01-delta-heatmap", heat: true}}
	for _, h := range hs {
		out = append(out, cmpDef{name: fmt.Sprintf("%02d-%s", len(out)+1, strings.ReplaceAll(present.MustOf(h.id).Stem, "_", "-")), h: h})
	}
	return out
}

// ComparisonFigure is one chart of a comparison: its name (the file
// name without extension), and what it shows: a headline metric at a
// statistic ("" for a throughput), or the delta heat map.
type ComparisonFigure struct {
	Name   string
	Metric analyze.MetricID
	Stat   analyze.Statistic
	// Mixed: the configurations' headlines read different statistics of
	// the metric (Stat is the one most read); each panel names its own.
	Mixed   bool
	Heatmap bool
}

// ComparisonFigures are comparison c's charts, in the order
// DrawComparison draws them.
func ComparisonFigures(c *compare.Comparison) []ComparisonFigure {
	var out []ComparisonFigure
	for _, d := range cmpDefs(c) {
		out = append(out, ComparisonFigure{Name: d.name, Metric: d.h.id, Stat: d.h.stat, Mixed: d.h.mixed, Heatmap: d.heat})
	}
	return out
}

// DrawComparison draws comparison c's charts in the encodings opt asks
// for (ComparisonFigures): the delta heat map ("01-delta-heatmap"), then
// per headline metric the baseline and the candidate overlaid per
// matched configuration ("02-ttft"). It needs both analyses
// (Comparison.Old, New); it draws nothing when no level was compared.
func DrawComparison(c *compare.Comparison, opt Options) ([]Chart, error) {
	if !opt.PNG && !opt.SVG {
		return nil, errNoEncoding
	}
	if opt.Locale == nil {
		return nil, errNoLocale
	}
	defs := cmpDefs(c)
	if len(defs) == 0 {
		return nil, nil
	}
	if c.Old == nil || c.New == nil {
		return nil, fmt.Errorf("charts: the comparison lacks its analyses")
	}
	cv := newCmpView(c, opt.Locale)
	figs := make([]*figure, 0, len(defs))
	var hs []cmpHeadline
	for _, d := range defs {
		if !d.heat {
			hs = append(hs, d.h)
		}
	}
	for _, d := range defs {
		var f *figure
		if d.heat {
			f = cv.heatmap(hs)
		} else {
			var err error
			if f, err = cv.overlay(d.h); err != nil {
				return nil, fmt.Errorf("chart %s: %w", d.name, err)
			}
		}
		f.name = d.name
		figs = append(figs, f)
	}
	if err := opt.Locale.Err(); err != nil {
		return nil, err
	}
	return drawAll(figs, opt)
}

// ComparisonCaption is the caption of comparison chart name in loc's
// language; "" for a name DrawComparison does not draw.
func ComparisonCaption(c *compare.Comparison, name string, loc *locale.Locale) string {
	cv := newCmpView(c, loc)
	for _, d := range cmpDefs(c) {
		switch {
		case d.name != name:
		case d.heat:
			return loc.T("compare_chart_heatmap", "Pct", cv.threshold())
		default:
			caption := loc.T("compare_chart_overlay", "Metric", capFirst(loc, cv.metricName(d.h)))
			if slo := cv.sloOf(d.h); slo != nil && slo.stat != "" {
				caption += loc.T("compare_chart_slo_at", "Stat", loc.T("statw_"+string(slo.stat)))
			}
			return caption
		}
	}
	return ""
}

// newCmpView is the view of c in loc's language.
func newCmpView(c *compare.Comparison, loc *locale.Locale) *cmpView {
	cv := &cmpView{c: c, loc: loc}
	if c.New != nil {
		cv.pal = newPalette(c.New, loc.Lang)
	}
	for _, cf := range c.Configs {
		for _, side := range []struct {
			r  *analyze.Report
			id string
		}{{c.Old, cf.ID}, {c.New, cf.CandidateID}} {
			if side.r == nil {
				continue
			}
			if conf, ok := side.r.Config(side.id); ok {
				for _, l := range conf.Levels {
					cv.levels = append(cv.levels, l.Load)
				}
			}
		}
	}
	slices.Sort(cv.levels)
	cv.levels = slices.Compact(cv.levels)
	return cv
}

// capFirst upper-cases the first letter of s by the language's rules
// (a Turkish i becomes İ): a metric's name opening a title.
func capFirst(loc *locale.Locale, s string) string {
	for i, r := range s {
		return loc.Upper(string(r)) + s[i+len(string(r)):]
	}
	return s
}

// threshold is the comparison's threshold as a percentage: "5%", "%5".
func (cv *cmpView) threshold() string {
	return cv.loc.Pct(cv.c.ThresholdPct/100, decimals(cv.c.ThresholdPct))
}

// metricName names headline h in a sentence: "P90 TTFT", "mean
// per-user TPS", "system throughput"; with the statistic standing in
// where a side lacks h's ("P99 where P90 is absent").
func (cv *cmpView) metricName(h cmpHeadline) string {
	look := present.MustOf(h.id)
	switch {
	case h.mixed:
		return cv.loc.T("compare_mshort_" + string(h.id))
	case h.stat == "":
		return cv.loc.T("mname_" + look.Stem)
	}
	name := cv.loc.T("mname_"+look.Stem, "Stat", cv.loc.T("statw_"+string(h.stat)))
	if used := cv.standIns(h); len(used) > 0 {
		name += " (" + cv.loc.T("compare_standin", "Used", cv.loc.List(used), "Stat", cv.loc.T("statw_"+string(h.stat))) + ")"
	}
	return name
}

// standIns are the words of the statistics shown in place of h's where
// a side's source lacks it, at the matched configurations' levels.
func (cv *cmpView) standIns(h cmpHeadline) []string {
	if h.stat == "" {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	cv.eachSide(func(i int, _ bool, conf analyze.Config) {
		for _, l := range conf.Levels {
			_, used := l.Stat(h.id).Shown(h.statOf(i), h.id.LowerIsBetter())
			if w := string(used); w != "" && w != analyze.StatNone && !seen[w] {
				seen[w] = true
				out = append(out, cv.loc.T("statw_"+w))
			}
		}
	})
	slices.Sort(out)
	return out
}

// eachSide calls f with each matched configuration's index and its
// baseline (old) and candidate sides, where the analyses have them.
func (cv *cmpView) eachSide(f func(i int, old bool, conf analyze.Config)) {
	for i, cf := range cv.c.Configs {
		if conf, ok := cv.c.Old.Config(cf.ID); ok {
			f(i, true, conf)
		}
		if conf, ok := cv.c.New.Config(cf.CandidateID); ok {
			f(i, false, conf)
		}
	}
}

// value reads headline h of configuration i at a level: its statistic,
// or the one that stands in for it where the source lacks it (as the
// reports show it); a throughput as is.
func (h cmpHeadline) value(i int) func(analyze.Level) float64 {
	return func(l analyze.Level) float64 {
		switch h.id {
		case analyze.SystemRPS:
			return l.SystemRPS
		case analyze.AggregateTPS:
			return l.AggregateTPS
		}
		x, _ := l.Stat(h.id).Shown(h.statOf(i), h.id.LowerIsBetter())
		return x
	}
}

// statTitle is configuration i's name in a panel of headline h: with
// the statistic it reads where the configurations read different ones.
func (cv *cmpView) statTitle(h cmpHeadline, i int) string {
	title := cv.configTitle(cv.c.Configs[i])
	if h.mixed && h.statOf(i) != "" {
		title += " (" + cv.loc.T("statw_"+string(h.statOf(i))) + ")"
	}
	return title
}

// configTitle names matched configuration cf: the candidate's name, or
// "baseline's → candidate's" where they differ.
func (cv *cmpView) configTitle(cf compare.Config) string {
	o, n := present.Clean(cf.Old.Name.In(cv.loc.Lang)), present.Clean(cf.New.Name.In(cv.loc.Lang))
	if o == n || o == "" {
		return n
	}
	return o + " → " + n
}

// sideStyles are how matched configuration cf is drawn: the baseline
// muted (a lighter shade of the configuration's colour, thinner,
// dashed, hollow markers) and the candidate in its colour (solid,
// filled markers).
func (cv *cmpView) sideStyles(cf compare.Config) (base, cand seriesStyle) {
	shape := marker{shape: circleShape}
	col := families[0]
	if i := slices.IndexFunc(cv.c.New.Configs, func(c analyze.Config) bool { return c.ID == cf.CandidateID }); i >= 0 {
		s := cv.pal.of(i)
		col, shape = s.Color, s.Glyph.Shape.(marker)
	}
	return sideStyle(col, shape, true), sideStyle(col, shape, false)
}

// sideLine is one side's marks of configuration conf on the x axis of
// levels: the line of its reached levels, and the levels whose load
// was not reached as marks of their own (no point of the line).
func sideLine(conf analyze.Config, levels []analyze.Load, value func(analyze.Level) float64, log bool) configLine {
	if log {
		value = positive(value)
	}
	var cl configLine
	cl.runs = levelRuns(levels, func(x analyze.Load) (float64, bool) {
		l, ok := conf.Level(x)
		if !ok {
			return 0, false
		}
		if !l.LoadReached {
			if y := value(l); !math.IsNaN(y) {
				cl.unreached = append(cl.unreached, plotter.XY{X: axisX(levels, x), Y: y})
			}
			return 0, false
		}
		return value(l), true
	})
	return cl
}

// overlayCols is how many panels a row of an overlay holds for n
// configurations.
func overlayCols(n int) int {
	switch {
	case n <= 3:
		return max(n, 1)
	case n == 4:
		return 2
	}
	return 3
}

// overlay is headline h of the baseline and the candidate, a panel per
// matched configuration against the load; the panels share their value
// axis. The SLO's line is drawn where h is the statistic the SLO is
// checked at and both sides set the same threshold.
func (cv *cmpView) overlay(h cmpHeadline) (*figure, error) {
	look := present.MustOf(h.id)
	log := logY(h.id)
	n := len(cv.c.Configs)
	cols := overlayCols(n)
	sz := fullSize
	if n > 1 {
		sz = tileSize
	}
	lines := make([][2]configLine, n)
	var span valueSpan
	unreached := false
	cv.eachSide(func(i int, old bool, conf analyze.Config) {
		k := 1
		if old {
			k = 0
		}
		lines[i][k] = sideLine(conf, cv.levels, h.value(i), log)
		span.addLine(lines[i][k])
		unreached = unreached || len(lines[i][k].unreached) > 0
	})
	slo := cv.sloOf(h)
	if slo != nil {
		span.add(slo.value)
	}
	var rows [][]*plot.Plot
	for i, cf := range cv.c.Configs {
		p := newPanel(cv.statTitle(h, i), cv.loc.T("axis_concurrency"), cv.loc.T(look.Axis), sz)
		loadAxis(p, cv.levels, cv.loc)
		base, cand := cv.sideStyles(cf)
		for k, st := range []seriesStyle{base, cand} {
			if err := addConfigLine(p, 0, 1, st, lines[i][k]); err != nil {
				return nil, err
			}
		}
		if slo != nil {
			ref := cv.sloLine(slo, sz)
			ref.right = labelRight(append(slices.Clone(lines[i][0].runs), lines[i][1].runs...), nearRef(slo.value, span.hi, log), false)
			p.Add(ref)
		}
		if log {
			logAxis(&p.Y, span.lo, span.hi, cv.loc)
		} else {
			valueAxis(&p.Y, span.hi, cv.loc)
		}
		if i%cols == 0 {
			rows = append(rows, make([]*plot.Plot, 0, cols))
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], p)
	}
	if last := rows[len(rows)-1]; len(last) < cols {
		rows[len(rows)-1] = append(last, make([]*plot.Plot, cols-len(last))...)
	}
	height := vg.Length(chartHeight)
	if n > 1 {
		height = vg.Length(80 + 215*len(rows))
	}
	f := &figure{title: cv.loc.T("compare_ctitle_overlay", "Metric", capFirst(cv.loc, cv.metricName(h))), panels: rows,
		legend: cv.sideLegend(unreached), w: chartWidth, h: height, sizes: sz}
	if n > 1 {
		f.legendCols = 2 * min(cols, 2) // a configuration's two entries on one row
	}
	return f, nil
}

// sloOf is the SLO line of headline h, where both sides check the same
// threshold: TTFT's where h reads the statistic the SLOs are checked
// at; per-user TPS's whatever statistic h reads, with that statistic
// named (cmpSLO.stat) where it is not the one checked (the mean TPS
// drawn, the SLO checked at P90). nil otherwise.
func (cv *cmpView) sloOf(h cmpHeadline) *cmpSLO {
	po, pn := cv.c.Old.Params, cv.c.New.Params
	switch {
	case h.id == analyze.TTFT && !h.mixed && h.stat == cv.c.Percentile && po.SLOTTFTms == pn.SLOTTFTms && po.SLOTTFTms > 0:
		return &cmpSLO{sloRef: sloRef{po.SLOTTFTms, "slo_line_ttft"}}
	case h.id == analyze.TPS && po.SLOTPS == pn.SLOTPS && po.SLOTPS > 0:
		slo := &cmpSLO{sloRef: sloRef{po.SLOTPS, "slo_line_tps"}}
		if h.mixed || h.stat != cv.c.Percentile {
			slo.stat = cv.c.Percentile
		}
		return slo
	}
	return nil
}

// cmpSLO is an overlay's SLO line, and the statistic the SLO is checked
// at where the line is drawn over another ("" where it is the same).
type cmpSLO struct {
	sloRef
	stat analyze.Statistic
}

// sloLine is slo's reference line, labelled: "SLO ≥ 20 tok/s", "SLO ≥
// 20 tok/s at P90" where it is checked at another statistic than the
// one drawn.
func (cv *cmpView) sloLine(slo *cmpSLO, sz textSizes) hline {
	label := cv.loc.T(slo.msg, "V", cv.loc.Num(slo.value, 0))
	if slo.stat != "" {
		label = cv.loc.T("compare_slo_line_at", "Line", label, "Stat", cv.loc.T("statw_"+string(slo.stat)))
	}
	return hline{y: slo.value, label: label, style: sloLine, font: sz.Tick}
}

// sideLegend says which line is the baseline and which the candidate,
// in each configuration's colour: "Baseline" and "Candidate" for the
// one configuration, "vLLM, baseline" and "vLLM, candidate" for each of
// several, a configuration's two side by side; and the mark of a level
// whose load was not reached, where one is drawn.
func (cv *cmpView) sideLegend(unreached bool) []legendEntry {
	var out []legendEntry
	for _, cf := range cv.c.Configs {
		base, cand := cv.sideStyles(cf)
		if len(cv.c.Configs) == 1 {
			out = append(out, legendEntry{label: cv.loc.T("compare_legend_baseline"), style: base},
				legendEntry{label: cv.loc.T("compare_legend_candidate"), style: cand})
			break
		}
		name := cv.configTitle(cf)
		out = append(out, legendEntry{label: cv.loc.T("compare_legend_config_side", "Name", name, "Side", cv.loc.T("compare_side_baseline")), style: base},
			legendEntry{label: cv.loc.T("compare_legend_config_side", "Name", name, "Side", cv.loc.T("compare_side_candidate")), style: cand})
	}
	if unreached {
		out = append(out, legendEntry{label: cv.loc.T("legend_unreached"), style: unreachedStyle})
	}
	return out
}
