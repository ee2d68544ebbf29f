package chart

import (
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// Small multiples. Up to maxStyled configs, every config has a style of
// its own and a line chart draws them all in one panel (a row of panels
// for the Mean | P90 charts). Past maxStyled, the line charts draw one
// row of panels per group: the configs of one engine, split into parts
// of at most maxPerMultiple, each part with its legend under its row
// and, on a load axis, the range of every other config behind it as a
// light-grey band. Rows share the value axis, so that their heights
// compare.

// maxPerMultiple is the most configs one small multiple draws.
const maxPerMultiple = 6

// panelGroup is the configs one panel draws: every config, or in small
// multiples one group's (partial).
type panelGroup struct {
	name    string
	configs []int
	partial bool
}

// title is a panel's title in group g: the group's name before what
// the panel shows, or either alone.
func (g panelGroup) title(what string) string {
	switch {
	case !g.partial || g.name == "":
		return what
	case what == "":
		return g.name
	}
	return g.name + " · " + what
}

// groups are the panel groups of the line charts: one of every config,
// or past maxStyled configs one per engine part.
func (cv *chartView) groups() []panelGroup {
	if len(cv.r.Configs) <= maxStyled {
		all := make([]int, len(cv.r.Configs))
		for i := range all {
			all[i] = i
		}
		return []panelGroup{{configs: all}}
	}
	var out []panelGroup
	var loose []int // configs of no engine: grouped in report order
	for _, e := range cv.pal.engines {
		if e.anonymous {
			loose = append(loose, e.configs...)
			continue
		}
		out = append(out, cv.parts(e.name, e.configs)...)
	}
	if len(loose) > 0 {
		out = append(out, cv.parts(cv.loc.T("group_other"), loose)...)
	}
	return out
}

// parts splits the configs of one group into near-equal parts of at most
// maxPerMultiple, named "vLLM (1/2)", "vLLM (2/2)".
func (cv *chartView) parts(name string, configs []int) []panelGroup {
	n := len(configs)
	k := (n + maxPerMultiple - 1) / maxPerMultiple
	var out []panelGroup
	for i := range k {
		g := panelGroup{name: name, configs: configs[i*n/k : (i+1)*n/k], partial: true}
		if k > 1 {
			g.name = cv.loc.T("group_part", "Name", name, "I", i+1, "N", k)
		}
		out = append(out, g)
	}
	return out
}

// rowsFigure lays a chart's panels out: the row build gives for every
// config in one figure with one legend, or past maxStyled configs a row
// per group, each with its legend. spreads says whether the panels draw
// run-to-run spreads (their legend entry); marks are the legend entries
// of the panels' other marks (stand-ins), after the configs'.
func (cv *chartView) rowsFigure(title string, spreads bool, marks []legendEntry, build func(g panelGroup, sz textSizes) ([]*plot.Plot, error)) (*figure, error) {
	groups := cv.groups()
	if len(groups) == 1 {
		row, err := build(groups[0], fullSize)
		if err != nil {
			return nil, err
		}
		legend := slices.Concat(cv.configEntries(groups[0].configs), cv.markEntries(spreads), marks)
		return &figure{title: title, panels: [][]*plot.Plot{row}, legend: legend, w: chartWidth, h: chartHeight, sizes: fullSize}, nil
	}
	f := &figure{title: title, legend: slices.Concat(cv.markEntries(spreads), marks), w: chartWidth, sizes: tileSize}
	for _, g := range groups {
		row, err := build(g, tileSize)
		if err != nil {
			return nil, err
		}
		f.panels = append(f.panels, row)
		f.rowLegends = append(f.rowLegends, cv.configEntries(g.configs))
	}
	rowH := min(175, max(125, 680/len(groups)))
	f.h = vg.Length(50 + rowH*len(groups))
	return f, nil
}
