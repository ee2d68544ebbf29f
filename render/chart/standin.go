package chart

import (
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/present"
)

// Stand-ins drawn as such. Where a tool lacks the statistic a panel
// shows (a P90, a mean), the panel draws the statistic standing in for
// it (present.Shown: a P99 or P10 for a P90, a median for a mean) on the
// same line; that point is ringed with a neutral square, and the legend
// says which statistic stands in for which, for whom.

// standInGlyph rings a point whose value is a stand-in: a neutral square
// larger than any series marker, so that it reads as an annotation of
// the point, not as a config (hollow markers are speculative decoding,
// a grey ring an unreached level, a cross a missed SLO).
var standInGlyph = draw.GlyphStyle{Color: inkColor, Radius: vg.Points(6.2), Shape: squareMark{}}

// squareMark is an open square with a line heavy enough to read in
// print (gonum's SquareGlyph strokes at 0.5 pt).
type squareMark struct{}

// DrawGlyph implements draw.GlyphDrawer.
func (squareMark) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	strokeOutline(c, sty, vg.Point{X: pt.X - r, Y: pt.Y - r}, vg.Point{X: pt.X + r, Y: pt.Y - r},
		vg.Point{X: pt.X + r, Y: pt.Y + r}, vg.Point{X: pt.X - r, Y: pt.Y + r})
}

// strokeOutline strokes the closed outline through pts in sty's colour,
// with a line heavy enough to read in print: the rings that annotate a
// point (a stand-in's square, an estimate's diamond).
func strokeOutline(c *draw.Canvas, sty draw.GlyphStyle, pts ...vg.Point) {
	var p vg.Path
	p.Move(pts[0])
	for _, q := range pts[1:] {
		p.Line(q)
	}
	p.Close()
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: vg.Points(1.1)})
	c.Stroke(p)
}

// standsIn reports, for a level, whether the value shown for statistic
// st of metric id is another statistic standing in for it (an estimate
// of st itself is none: estimatedAt).
func standsIn(id analyze.MetricID, st analyze.Statistic) func(analyze.Level) bool {
	return func(l analyze.Level) bool {
		_, mark := present.Shown(id, st, l)
		return mark != "" && mark != present.EstimatedMark
	}
}

// standInEntries are the legend entries of the stand-ins a chart of
// metric id at statistics sts draws: one per statistic standing in for
// another, naming the configs it stands in for ("P99 for P90:
// SGLang"); none where every value is the statistic asked.
func (cv *chartView) standInEntries(id analyze.MetricID, sts ...analyze.Statistic) []legendEntry {
	return cv.standInLegend([]analyze.MetricID{id}, sts...)
}

// standInLegend is standInEntries for a chart of several metrics: one
// entry per statistic standing in for another, each config named with
// the metrics it stands in for when the chart has more than one ("P99
// for P90: SGLang (TTFT, ITL, Latency)").
func (cv *chartView) standInLegend(ids []analyze.MetricID, sts ...analyze.Statistic) []legendEntry {
	var out []legendEntry
	for _, st := range sts {
		for _, used := range []analyze.Statistic{analyze.P50, analyze.P99, analyze.P10} {
			mark := present.Mark(st, used)
			if mark == "" {
				continue
			}
			items := cv.standInItems(ids, st, mark)
			if len(items) == 0 {
				continue
			}
			out = append(out, legendEntry{
				label: cv.loc.T("legend_standin_drawn", "Used", cv.loc.T("statw_"+string(used)), "Stat", cv.loc.T("statw_"+string(st)), "Configs", strings.Join(items, "; ")),
				style: seriesStyle{Color: inkColor, Glyph: standInGlyph}})
		}
	}
	return out
}

// standInItems name the configs that show the stand-in marked mark for
// statistic st of the metrics ids, those that show it for the same
// metrics together, each group with its metrics when there are several
// ("SGLang (TTFT, ITL, Latency)").
func (cv *chartView) standInItems(ids []analyze.MetricID, st analyze.Statistic, mark string) []string {
	var groups []string
	byMetrics := map[string][]string{}
	for _, c := range cv.r.Configs {
		var ms []string
		for _, id := range ids {
			if standsInFor(c, id, st, mark) {
				ms = append(ms, cv.loc.T("metric_"+present.MustOf(id).Stem))
			}
		}
		if len(ms) == 0 {
			continue
		}
		key := strings.Join(ms, ", ")
		if _, ok := byMetrics[key]; !ok {
			groups = append(groups, key)
		}
		byMetrics[key] = append(byMetrics[key], cv.name(c))
	}
	items := make([]string, len(groups))
	for i, key := range groups {
		items[i] = cv.loc.List(byMetrics[key])
		if len(ids) > 1 {
			items[i] += " (" + key + ")"
		}
	}
	return items
}

// standsInFor reports whether some reached level of c shows the stand-in
// marked mark for statistic st of metric id.
func standsInFor(c analyze.Config, id analyze.MetricID, st analyze.Statistic, mark string) bool {
	for _, l := range c.Levels {
		if _, m := present.Shown(id, st, l); m == mark && l.LoadReached {
			return true
		}
	}
	return false
}
