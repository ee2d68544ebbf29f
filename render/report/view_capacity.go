package report

import (
	"math"
	"slices"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/present"
)

// SLOMatrix shows, per config and level, the TTFT and TPS verdicts at
// statistic pct as two marks (✓ pass, ✗ fail).
func (v *view) SLOMatrix(pct string) render.Table {
	p := analyze.Percentile(pct)
	t := render.Table{Head: []string{v.loc.T("col_config")}, Align: "l"}
	for _, lc := range v.R.Levels {
		t.Head = append(t.Head, v.loc.At(lc))
		t.Align += "c"
	}
	mark := func(ok bool, stat string) string {
		switch {
		case stat == analyze.StatNone:
			return "?"
		case ok:
			return "✓"
		}
		return "✗"
	}
	star := v.starred(p)
	for _, c := range v.R.Configs {
		row := []string{render.Escape(c.Name.In(v.loc.Lang))}
		for _, lc := range v.R.Levels {
			if l, ok := c.Level(lc); ok {
				sv := l.SLO.Get(p)
				cell := mark(sv.TTFT, sv.TTFTStat) + mark(sv.TPS, sv.TPSStat)
				if star && (sv.TTFTStat != "" || sv.TPSStat != "") {
					cell += `\*`
				}
				row = append(row, markCell(cell, l))
			} else {
				row = append(row, "–")
			}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// HasGoodput reports whether any level has per-request goodput.
func (v *view) HasGoodput() bool {
	return v.anyLevel(func(l analyze.Level) bool { return !math.IsNaN(l.Goodput) })
}

// GoodputTable is the share of requests meeting both SLOs per level,
// for the configs whose per-request data gives it (a column of "–" for
// the others would say nothing; GoodputNote names them).
func (v *view) GoodputTable() render.Table {
	t := render.Table{Head: []string{v.loc.T("col_load")}, Align: "r"}
	var with []analyze.Config
	for _, c := range v.R.Configs {
		if hasGoodput(c) {
			with = append(with, c)
			t.Head = append(t.Head, render.Escape(c.Name.In(v.loc.Lang)))
			t.Align += "r"
		}
	}
	for _, lc := range v.R.Levels {
		row := []string{v.loc.Load(lc)}
		for _, c := range with {
			cell := "–"
			if l, ok := c.Level(lc); ok {
				cell = markCell(v.loc.Pct(l.Goodput, 0), l)
			}
			row = append(row, cell)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// GoodputNote names the configs the goodput table leaves out, as their
// data gives no per-request values; "" when it leaves out none.
func (v *view) GoodputNote() string {
	var without []string
	for _, c := range v.R.Configs {
		if !hasGoodput(c) {
			without = append(without, v.Name(c.ID))
		}
	}
	if len(without) == 0 {
		return ""
	}
	return v.loc.N("goodput_without", len(without), "Configs", v.loc.List(without))
}

// hasGoodput reports whether some level of c has its goodput.
func hasGoodput(c analyze.Config) bool {
	return slices.ContainsFunc(c.Levels, func(l analyze.Level) bool { return !math.IsNaN(l.Goodput) })
}

// SLOSubstitutes explains the starred cells of the SLO matrix at pct:
// which statistic stood in, for which configs, because the source did
// not report the one asked for; one line per substitution, naming every
// config it holds for ("every configuration" when it holds for all).
func (v *view) SLOSubstitutes(pct string) []string {
	p := analyze.Percentile(pct)
	type sub struct{ metric, stat string }
	var order []sub
	who := map[sub][]string{}
	for _, u := range v.sloStatsUsed(p) {
		k := sub{u.metric, u.stat}
		if _, ok := who[k]; !ok {
			order = append(order, k)
		}
		who[k] = append(who[k], v.Name(u.config))
	}
	prefix := ""
	if v.starred(p) {
		prefix = `\* `
	}
	var out []string
	for _, k := range order {
		id := "slo_substitute_" + k.stat
		if p == analyze.Mean && k.stat == "p50" {
			id = "slo_substitute_mean_p50"
		}
		configs := v.loc.List(who[k])
		if len(who[k]) == len(v.R.Configs) && len(who[k]) > 1 {
			configs = v.loc.T("every_configuration")
		}
		out = append(out, prefix+v.loc.T(id, "Config", configs, "Metric", k.metric, "Stat", v.StatWord(pct)))
	}
	return out
}

// starred reports whether the SLO matrix at p stars the cells checked
// on a stand-in: not when every measured cell would carry the star,
// which would then say nothing the note under the matrix does not.
func (v *view) starred(p analyze.Percentile) bool {
	all, some := true, false
	for _, c := range v.R.Configs {
		for _, l := range c.Levels {
			sv := l.SLO.Get(p)
			s := sv.TTFTStat != "" || sv.TPSStat != ""
			all, some = all && s, some || s
		}
	}
	return some && !all
}

// statUsed is a statistic an SLO of a config is checked on in place of
// the one asked for ("p99" for TTFT, "p10" or "p50" for TPS, or "none").
type statUsed struct{ config, metric, stat string }

// sloStatsUsed lists, config by config and once each, the statistics
// the SLOs at p are checked on where not on p itself.
func (v *view) sloStatsUsed(p analyze.Percentile) []statUsed {
	var out []statUsed
	for _, c := range v.R.Configs {
		for _, l := range c.Levels {
			sv := l.SLO.Get(p)
			for _, sub := range []statUsed{{c.ID, "TTFT", sv.TTFTStat}, {c.ID, "TPS", sv.TPSStat}} {
				if sub.stat != "" && !slices.Contains(out, sub) {
					out = append(out, sub)
				}
			}
		}
	}
	return out
}

// limitUnchecked reports whether what stops config c's capacity at
// statistic p is an SLO the source gave nothing to check against, not
// a measured miss.
func limitUnchecked(c analyze.Config, p analyze.Percentile) bool {
	for _, l := range c.Levels {
		if !reached(l) {
			continue
		}
		if sv := l.SLO.Get(p); !sv.Pass() {
			return sv.Unchecked()
		}
	}
	return false
}

// CapacityTable lists C_max, the mean latency there and the users by
// Little's law for statistic pct; on a rate axis also the effective
// concurrency and the sustained throughput at R_max, which the
// capacities are ranked by. A lower bound reads "≥", an unknown user
// count "–", a median latency standing in for the mean "†", an
// estimated latency and what is counted from it "≈".
func (v *view) CapacityTable(pct string) render.Table {
	p := analyze.Percentile(pct)
	// On a rate axis the effective concurrency at R_max is what turns
	// into users, so it gets its own column.
	rate := v.R.Axis == analyze.AxisRate
	t := render.Table{
		Head:  []string{v.loc.T("col_config"), v.loc.T("col_cmax", "Stat", v.StatName(pct))},
		Align: "lr",
	}
	if rate {
		t.Head = append(t.Head, v.loc.T("col_throughput_at_max"), v.loc.T("col_effective_c"))
		t.Align += "rr"
	}
	t.Head = append(t.Head, v.loc.T("col_lmean"), v.loc.T("col_users"))
	t.Align += "rr"
	for _, c := range v.R.Configs {
		cp := c.Capacity.Get(p)
		row := []string{render.Escape(c.Name.In(v.loc.Lang)), "–"}
		if rate {
			row = append(row, "–", "–")
		}
		if cp.Max == 0 {
			cell := v.loc.T("capacity_none_cell")
			if limitUnchecked(c, p) {
				cell = v.loc.T("capacity_unchecked_cell")
			}
			t.Rows = append(t.Rows, append(row, "–", cell))
			continue
		}
		row[1] = present.LoadCell(v.loc, cp)
		if rate {
			row[2] = v.loc.Num(cp.ThroughputRPS, 2)
			row[3] = approxCell(v.loc.Num(cp.Concurrency, 1), cp.LatencyEstimated())
		}
		lat := approxCell(v.loc.Num(cp.LatencyMeanS, 2), cp.LatencyEstimated() && analyze.Known(cp.LatencyMeanS))
		if cp.LatencyStat == "p50" && analyze.Known(cp.LatencyMeanS) {
			lat += " †"
		}
		t.Rows = append(t.Rows, append(row, lat, approxCell(present.UsersCell(v.loc, cp), v.usersEstimated(cp))))
	}
	return t
}

// CapacityNotes explain the marks of the capacity table at pct: a lower
// bound, a median latency standing in for the mean, an estimated
// latency, an unknown user count.
func (v *view) CapacityNotes(pct string) []string {
	p := analyze.Percentile(pct)
	var bound, median, estimated, unknown bool
	for _, c := range v.R.Configs {
		cp := c.Capacity.Get(p)
		if cp.Max == 0 {
			continue
		}
		bound = bound || cp.LowerBound
		median = median || cp.LatencyStat == "p50" && analyze.Known(cp.LatencyMeanS)
		estimated = estimated || cp.LatencyEstimated() && analyze.Known(cp.LatencyMeanS)
		unknown = unknown || !cp.UsersKnown()
	}
	var out []string
	if bound {
		out = append(out, v.loc.T("capacity_bound_note"))
	}
	if median {
		out = append(out, v.loc.T("capacity_median_note"))
	}
	if estimated {
		out = append(out, v.loc.T("capacity_estimated_note"))
	}
	if unknown {
		out = append(out, v.loc.T("capacity_unknown_note"))
	}
	return out
}

// StatName is the display name of an SLO statistic.
func (v *view) StatName(pct string) string { return v.loc.T("stat_" + pct) }

// Headline is the statistic of the headline capacity.
func (v *view) Headline() string { return string(v.R.Params.Percentile) }

// Other is the other SLO statistic.
func (v *view) Other() string {
	if v.R.Params.Percentile == analyze.Mean {
		return string(analyze.P90)
	}
	return string(analyze.Mean)
}

// SameCapacity reports whether the capacity table at the other
// statistic would repeat the headline's cell for cell (its column heads
// aside): it is then printed once.
func (v *view) SameCapacity() bool {
	a, b := v.CapacityTable(v.Headline()), v.CapacityTable(v.Other())
	if len(a.Rows) != len(b.Rows) || !slices.Equal(v.CapacityNotes(v.Other()), v.CapacityNotes(v.Headline())) {
		return false
	}
	for i := range a.Rows {
		if !slices.Equal(a.Rows[i], b.Rows[i]) {
			return false
		}
	}
	return true
}
