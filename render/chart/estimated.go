package chart

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/present"
)

// Estimates drawn as such. A mean latency a file does not give,
// estimated from the run's mean output length (present.Estimated), is
// drawn on its config's line like a measured one, and ringed with a
// neutral diamond, as a stand-in is with a square; the legend names the
// configs ("≈ estimated mean latency: vLLM"). Its run-to-run spread is
// the estimate's own, and keeps its error bar. The users counted from
// an estimated latency (chart 06) carry the tables' mark, "≈", after
// their label, and a legend line says so.

// estimateGlyph rings a point whose value is an estimate: a neutral
// diamond, larger than any series marker, unlike the stand-in's square.
var estimateGlyph = draw.GlyphStyle{Color: inkColor, Radius: vg.Points(7.4), Shape: diamondRing{}}

// diamondRing is an open diamond with a line heavy enough to read in
// print.
type diamondRing struct{}

// DrawGlyph implements draw.GlyphDrawer.
func (diamondRing) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	strokeOutline(c, sty, vg.Point{X: pt.X, Y: pt.Y - r}, vg.Point{X: pt.X + r, Y: pt.Y},
		vg.Point{X: pt.X, Y: pt.Y + r}, vg.Point{X: pt.X - r, Y: pt.Y})
}

// markGlyph draws a text mark ("≈") as a legend sample, for a mark set
// after a label rather than drawn around a point.
type markGlyph struct{ mark string }

// DrawGlyph implements draw.GlyphDrawer.
func (m markGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	ts := text.Style{Color: sty.Color, Font: chartFont(float64(sty.Radius*2), true), XAlign: draw.XCenter, YAlign: draw.YCenter,
		Handler: plot.DefaultTextHandler}
	c.FillText(ts, pt, m.mark)
}

// estimatedAt reports, for a level, whether the value drawn for
// statistic st of metric id is an estimate.
func estimatedAt(id analyze.MetricID, st analyze.Statistic) func(analyze.Level) bool {
	return func(l analyze.Level) bool { return present.Estimated(id, st, l) }
}

// estimateEntries are the legend entries of the estimates a chart of
// metrics ids at statistics sts draws: one naming the configs with an
// estimated value at a reached level; none without.
func (cv *chartView) estimateEntries(ids []analyze.MetricID, sts ...analyze.Statistic) []legendEntry {
	var who []string
	for _, c := range cv.r.Configs {
		if cv.estimatedIn(c, ids, sts) {
			who = append(who, cv.name(c))
		}
	}
	if len(who) == 0 {
		return nil
	}
	return []legendEntry{{label: cv.loc.T("legend_estimated_drawn", "Mark", present.EstimatedMark, "Configs", cv.loc.List(who)),
		style: seriesStyle{Color: inkColor, Glyph: estimateGlyph}}}
}

// estimatedIn reports whether some reached level of c shows an estimate
// of one of the metrics ids at one of the statistics sts.
func (cv *chartView) estimatedIn(c analyze.Config, ids []analyze.MetricID, sts []analyze.Statistic) bool {
	for _, l := range c.Levels {
		for _, id := range ids {
			for _, st := range sts {
				if l.LoadReached && present.Estimated(id, st, l) {
					return true
				}
			}
		}
	}
	return false
}

// usersEstimateEntries are the legend entries of chart 06's users
// counted from an estimated mean latency: one naming their configs.
func (cv *chartView) usersEstimateEntries(stats []analyze.Percentile) []legendEntry {
	var who []string
	for _, c := range cv.r.Configs {
		for _, st := range stats {
			if present.UsersEstimated(cv.r, c.Capacity.Get(st)) {
				who = append(who, cv.name(c))
				break
			}
		}
	}
	if len(who) == 0 {
		return nil
	}
	return []legendEntry{{label: cv.loc.T("legend_users_estimated", "Configs", cv.loc.List(who)),
		style: seriesStyle{Color: inkColor, Glyph: draw.GlyphStyle{Color: inkColor, Radius: vg.Points(5), Shape: markGlyph{present.EstimatedMark}}}}}
}
