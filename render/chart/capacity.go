package chart

import (
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/present"
)

// capacity is chart 06, one row per config: the highest load it serves
// within both SLOs (C_max, or R_max on a rate axis) as a dot plot on the
// log₂ load axis, where a bar's length would mean nothing, and the users
// (N) it serves as bars on a linear axis from zero. The headline
// statistic is the dot or bar in the config's colour, the other one a
// ring or a black tick. An axis whose levels are no loads (input
// lengths) has no capacity, and no chart.
func (cv *chartView) capacity() (*figure, error) {
	if !cv.r.Axis.SweepsLoad() {
		return nil, nil
	}
	stats := []analyze.Percentile{cv.r.Params.Percentile, analyze.Mean}
	if stats[0] == analyze.Mean {
		stats[1] = analyze.P90
	}
	n := len(cv.r.Configs)
	names := make([]string, n)
	lines := 1
	for i, c := range cv.r.Configs {
		// NominalY puts the first name at the bottom; the rows draw the
		// first config on top, so the names go in reverse.
		names[n-1-i] = wrapLabel(cv.name(c), 22)
		lines = max(lines, strings.Count(names[n-1-i], "\n")+1)
	}
	cmax := newPanel(cv.loc.T("panel_cmax"), cv.loc.T("axis_concurrency"), "", fullSize)
	loadAxis(cmax, cv.r.Levels, cv.loc)
	zero := cv.zeroLoad(cmax)
	users := newPanel(cv.loc.T("panel_users"), cv.loc.T("axis_users"), "", fullSize)
	loads := capRows{font: fullSize.Value}
	counts := capRows{font: fullSize.Value, bar: true}
	top := 0.0
	for i, c := range cv.r.Configs {
		col := cv.pal.of(i).Color
		at := func(cp analyze.Capacity) float64 {
			if cp.Max == 0 {
				return zero
			}
			return axisX(cv.r.Levels, cp.Max)
		}
		head, other := c.Capacity.Get(stats[0]), c.Capacity.Get(stats[1])
		loads.rows = append(loads.rows, capRow{head: at(head), other: at(other), label: present.LoadCell(cv.loc, head),
			otherLabel: present.LoadCell(cv.loc, other), color: col})
		row := capRow{head: userCount(head), other: userCount(other), label: cv.usersLabel(head),
			otherLabel: cv.usersLabel(other), color: col}
		top = math.Max(top, math.Max(nanZero(row.head), nanZero(row.other)))
		counts.rows = append(counts.rows, row)
	}
	cmax.Add(loads)
	users.Add(counts)
	cmax.NominalY(names...)
	users.NominalY(make([]string, n)...)
	for _, p := range []*plot.Plot{cmax, users} {
		p.Y.Tick.Label.Font = chartFont(fullSize.Tick, false)
		p.Y.Min, p.Y.Max = -0.6, float64(n)-0.4
	}
	// Room on the right for the value labels.
	valueAxis(&users.X, top*1.12, cv.loc)
	cmax.X.Max *= math.Pow(2, 0.5)
	grey := legendGrey
	legend := []legendEntry{
		{label: cv.loc.T("legend_cap_head", "Stat", cv.loc.T("stat_"+string(stats[0]))),
			style: seriesStyle{Glyph: draw.GlyphStyle{Color: grey, Radius: vg.Points(4.2), Shape: draw.CircleGlyph{}}}},
		{label: cv.loc.T("legend_cap_other", "Stat", cv.loc.T("stat_"+string(stats[1]))),
			style: seriesStyle{Glyph: draw.GlyphStyle{Color: grey, Radius: vg.Points(6), Shape: ringMark{}}}},
	}
	legend = append(legend, cv.usersEstimateEntries(stats)...)
	h := max(chartHeight, 120+(14+11*lines)*n)
	return &figure{title: present.ThinkText(cv.loc, cv.r.Params.ThinkS, "chart_title_capacity"),
		panels: [][]*plot.Plot{{cmax, users}}, legend: legend, w: chartWidth, h: vg.Length(h), sizes: fullSize}, nil
}

// zeroLoad is where a capacity of 0 (the lowest level already fails)
// sits on the load axis of p, when some config has one: left of the
// lowest level, behind an axis break, with its own tick "0". 0 is no
// place on a log axis.
func (cv *chartView) zeroLoad(p *plot.Plot) float64 {
	lowest := axisX(cv.r.Levels, cv.r.Levels[0])
	zero := lowest / math.Pow(2, infGap)
	has := false
	for _, c := range cv.r.Configs {
		for _, st := range analyze.Percentiles {
			has = has || c.Capacity.Get(st).Max == 0
		}
	}
	if !has {
		return zero
	}
	ticks := append(plot.ConstantTicks{{Value: zero, Label: "0"}}, p.X.Tick.Marker.(plot.ConstantTicks)...)
	p.X.Tick.Marker = ticks
	p.X.Min = zero / math.Pow(2, 0.3)
	p.Add(axisBreak{x: lowest / math.Pow(2, infGap/2)})
	return zero
}

// usersLabel is a capacity's users as its bar's label: "221", "≥ 289",
// "221 ≈" when counted from an estimated mean latency.
func (cv *chartView) usersLabel(c analyze.Capacity) string {
	s := present.UsersCell(cv.loc, c)
	if present.UsersEstimated(cv.r, c) {
		s = present.EstimatedCell(s)
	}
	return s
}

// userCount is a capacity's users for a bar; NaN when unknown.
func userCount(c analyze.Capacity) float64 {
	if !c.UsersKnown() {
		return math.NaN()
	}
	return float64(c.Users)
}

// nanZero is v, or 0 for NaN.
func nanZero(v float64) float64 {
	if math.IsNaN(v) {
		return 0
	}
	return v
}
