package report

import (
	"math"
	"strconv"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/present"
)

// val writes a value of metric id with its unit: "66.5 ms".
func (v *view) val(id analyze.MetricID, x float64) string {
	look := present.MustOf(id)
	return v.loc.Num(x, look.Dec) + " " + v.loc.T("unit_word_"+look.UnitID())
}

// SectionFindings phrases the findings told under a metric section.
func (v *view) SectionFindings(section string) []string {
	// Every config's growth over the same span is told in one sentence,
	// where the first of them stands: items hold a sentence or a group.
	type item struct {
		s     string
		group []analyze.Finding
	}
	var items []*item
	groups := map[growthKey]*item{}
	for _, f := range v.R.Findings {
		if f.Section != section || len(items) == maxSectionFindings && capped(section) {
			continue
		}
		if f.Kind == analyze.Growth {
			k := v.growthKeyOf(f)
			if it, ok := groups[k]; ok {
				it.group = append(it.group, f)
				continue
			}
			groups[k] = &item{group: []analyze.Finding{f}}
			items = append(items, groups[k])
			continue
		}
		if s := v.phrase(f); s != "" {
			items = append(items, &item{s: s})
		}
	}
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.s
		if it.group != nil {
			out[i] = v.phraseGrowths(it.group)
		}
	}
	return out
}

// growthKey is what growth findings told in one sentence share: the
// metric as named, the span of load and the direction.
type growthKey struct {
	metric string
	lo, hi analyze.Load
	down   bool
}

func (v *view) growthKeyOf(f analyze.Finding) growthKey {
	return growthKey{v.growthMetric(f), f.Levels[0], f.Levels[1], f.Values["ratio"] < 1}
}

// maxSectionFindings is how many findings the section of a latency or
// per-user metric tells, in the model's order (leaders, speculative
// effect, SLO boundaries, …): two or three interpreted sentences beside
// its chart; the SLO boundaries are the capacity section's too. The
// throughput sections tell every finding: how each config's output
// grows and where it peaks is what they are for.
const maxSectionFindings = 3

// capped reports whether section's findings are capped.
func capped(section string) bool {
	id := analyze.MetricID(section)
	return id == analyze.TTFT || id == analyze.ITL || id == analyze.TPS || id == analyze.Latency
}

// metricName names a metric in a sentence with the statistic its values
// are: "mean TTFT", "median per-user TPS", "system throughput".
func (v *view) metricName(id analyze.MetricID, stat analyze.Percentile) string {
	return v.loc.T("mname_"+present.MustOf(id).Stem, "Stat", v.StatWord(string(stat)))
}

// growthStat is the statistic of a growth finding's values: the model
// reads the mean, or the median where a tool gives no mean (Stat.Central).
func (v *view) growthStat(f analyze.Finding) analyze.Percentile {
	c, ok := v.R.Config(f.Configs[0])
	if !ok {
		return analyze.Mean
	}
	for _, x := range f.Levels {
		if l, ok := c.Level(x); ok && math.IsNaN(l.Stat(analyze.MetricID(f.Section)).Mean) && !math.IsNaN(l.Stat(analyze.MetricID(f.Section)).P50) {
			return analyze.P50
		}
	}
	return analyze.Mean
}

// phraseSpecEffect words what speculative decoding does to a metric at
// the lowest and the highest common level of an engine pair.
func (v *view) phraseSpecEffect(f analyze.Finding) string {
	val := f.Values
	id := analyze.MetricID(f.Section)
	es, ed := estimatedFor(f.Estimated, f.Configs[0]), estimatedFor(f.Estimated, f.Configs[1])
	return v.loc.T("sf_spec_effect", "Spec", v.Name(f.Configs[0]), "Direct", v.Name(f.Configs[1]), "Metric", v.metricName(id, f.Stat),
		"Lo", v.loc.At(f.Levels[0]), "SpecLow", v.valEst(id, val["spec_low"], es), "DirectLow", v.valEst(id, val["direct_low"], ed), "CmpLow", v.versus(id, val["spec_low"], val["direct_low"], f.TieLow()),
		"Hi", v.loc.At(f.Levels[1]), "SpecHigh", v.valEst(id, val["spec_high"], es), "DirectHigh", v.valEst(id, val["direct_high"], ed), "CmpHigh", v.versus(id, val["spec_high"], val["direct_high"], f.TieHigh()))
}

// phrasePeak words where a config's aggregate output peaks, beside its
// highest level's; "" when it peaks there, which the growth line tells.
func (v *view) phrasePeak(f analyze.Finding) string {
	if f.Levels[0] == f.Levels[1] {
		return "" // the growth line already tells it
	}
	l, val := v.loc, f.Values
	id := analyze.MetricID(f.Section)
	return l.T("sf_peak", "Config", v.Name(f.Configs[0]), "P", l.At(f.Levels[0]), "Peak", v.val(id, val["peak"]), "C", l.At(f.Levels[1]), "High", v.val(id, val["high"]))
}

// phraseGap words the leader's system throughput beside the one its tool
// reported.
func (v *view) phraseGap(f analyze.Finding) string {
	l, val := v.loc, f.Values
	id := analyze.MetricID(f.Section)
	return l.T("sf_throughput_gap", "C", l.At(f.Levels[0]), "Config", v.Name(f.Configs[0]), "System", v.val(id, val["system"]),
		"Reported", v.val(id, val["reported"]))
}

func sloOp(id analyze.MetricID) string {
	if id.LowerIsBetter() {
		return "≤"
	}
	return "≥"
}

// Consistency phrases the latency consistency check, if the data allows
// it: the model makes it only where ITL is measured apart from latency
// (the gap between streamed chunks), where it is evidence.
func (v *view) Consistency() string {
	for _, f := range v.R.Findings {
		if f.Kind == analyze.LatencyConsistent {
			return v.phrase(f)
		}
	}
	return ""
}

// phraseConsistency words the largest deviation of mean latency from
// TTFT + ITL × (tokens − 1) over the levels checked.
func (v *view) phraseConsistency(f analyze.Finding) string {
	val := f.Values
	return v.loc.T("sf_consistent", "Checked", strconv.Itoa(int(val["checked"])), "N", strconv.Itoa(int(val["tokens"])-1),
		"Dev", v.loc.Pct(val["deviation"], 1), "Config", v.Name(f.Configs[0]), "C", v.loc.At(f.Levels[0]),
		"Latency", approx(v.loc.Num(val["latency"], 2), estimatedFor(f.Estimated, f.Configs[0])), "Expected", v.loc.Num(val["expected"], 2))
}

// ScenarioTable is the scenario recommendation table. A pick is named
// only when it wins clearly; within the tie threshold of the runner-up
// the row says there is no clear winner and names both.
func (v *view) ScenarioTable() render.Table {
	l := v.loc
	t := render.Table{Head: []string{l.T("col_scenario"), l.T("col_recommended"), l.T("col_reason")}, Align: "lll"}
	for _, s := range v.R.Scenarios {
		var row scenarioRow
		switch s.Kind {
		case analyze.Interactive, analyze.MinITL:
			row = v.windowScenario(s)
		case analyze.HighLoad:
			row = v.highLoadScenario(s)
		case analyze.MaxThroughput:
			row = v.maxThroughputScenario(s)
		default:
			row.pick = v.Name(s.Config)
		}
		t.Rows = append(t.Rows, []string{row.label, row.pick, row.reason})
	}
	return t
}

// scenarioRow is one row of the scenario table: the scenario, the
// recommended config (or both of a tie, or none), and why.
type scenarioRow struct{ label, pick, reason string }

// scenarioNames are a scenario's pick and runner-up by name ("" for
// none), and the words for "either of the two".
func (v *view) scenarioNames(s analyze.Scenario) (pick, next, either string) {
	pick = v.Name(s.Config)
	if s.RunnerUp != "" {
		next = v.Name(s.RunnerUp)
	}
	return pick, next, v.loc.T("pick_either", "A", pick, "B", next)
}

// windowScenario is the row of a low-load scenario (interactive use, or
// the lowest inter-token latency) over its window of levels.
func (v *view) windowScenario(s analyze.Scenario) scenarioRow {
	l, val := v.loc, s.Values
	pick, next, either := v.scenarioNames(s)
	stat := v.StatWord(string(s.Stat))
	window := l.UpTo(s.Levels[len(s.Levels)-1])
	row := scenarioRow{label: l.T("scenario_"+string(s.Kind), "C", v.windowUsers(s)), pick: pick}
	key, dec, lower := "tps", 0, false
	if s.Kind == analyze.MinITL {
		key, dec, lower = "itl", 2, true
	}
	if s.Tie && next != "" {
		row.reason = l.T("why_window_tie_"+key, "A", pick, "B", next, "Tie", v.Tie(), "C", window, "Stat", stat,
			"Agg", l.Num(val["aggregate"], dec), "NextAgg", l.Num(val["next_aggregate"], dec))
		row.pick = either
	} else {
		id := "why_" + string(s.Kind)
		if s.Basis == string(analyze.TPSEndToEnd) {
			id = "why_interactive_e2e"
		}
		row.reason = l.T(id, "C", window, "Stat", stat, "Range", v.span(val["value_min"], val["value_max"], dec),
			"Agg", l.Num(val["aggregate"], dec), "Tokens", v.e2eTokens())
		if m := v.margins(s, lower); m != "" {
			row.reason += "; " + m
		}
	}
	if val["slo_met"] == 0 {
		row.reason += "; " + l.T("why_no_slo")
	}
	if val["definitions_differ"] == 1 {
		row.reason += "; " + l.T("why_definitions_differ")
	}
	row.reason = v.withFragile(row.reason, s.Fragile)
	return row
}

// windowUsers is a low-load window with the users it holds: "c ≤ 4,
// about 137 users" (the pick's at the window's top level, at the
// report's think time); the window alone for a tie or without them.
func (v *view) windowUsers(s analyze.Scenario) string {
	l := v.loc
	window := l.UpTo(s.Levels[len(s.Levels)-1])
	n, ok := s.Values["users"]
	if s.Tie || !ok || !analyze.Known(n) || n <= 0 || v.R.Params.ThinkS == 0 {
		return window
	}
	return l.T("window_users", "C", window, "Users", v.aboutUsersText(n, estimatedFor(s.Estimated, s.Config)))
}

// highLoadScenario is the row of the high-load scenario: the capacity
// leader, a tie, the only config meeting the SLOs, or no clear winner.
func (v *view) highLoadScenario(s analyze.Scenario) scenarioRow {
	l, val := v.loc, s.Values
	pick, next, either := v.scenarioNames(s)
	row := scenarioRow{label: l.T("scenario_high_load"), pick: pick}
	args := v.capacityArgs(val, pick, next, s.Estimated, s.Config, s.RunnerUp)
	_, hasNext := val["next_max_load"]
	switch {
	case s.TieBreak != "" && s.Config != "":
		row.reason = v.highLoadTieBroken(s)
		return row
	case s.Config == "":
		row.pick = l.T("no_clear_winner")
		if f, ok := v.capacityFinding(); ok && f.Kind == analyze.CapacityUnranked {
			row.reason = v.unranked(f, "why_high_load_unranked")
		} else {
			row.reason = l.T("why_high_load_unranked_unknown", "Stat", v.StatWord(v.Headline()), "Configs", l.List(v.unknownUsers()))
		}
	case s.Tie:
		row.reason, row.pick = l.T("why_high_load_tie", args...), either
	case !hasNext:
		row.reason = l.T("why_high_load_only", args...)
	case val["next_max_load"] == 0:
		row.reason = l.T("why_high_load_alone", args...)
	default:
		row.reason = l.T("why_high_load", args...)
	}
	row.reason = v.withFragile(row.reason, s.Fragile)
	return row
}

// maxThroughputScenario is the row of the maximum-throughput scenario:
// the peak aggregate leader ("≥" where a peak is at the top level), a
// tie, or no clear winner while every config still rises.
func (v *view) maxThroughputScenario(s analyze.Scenario) scenarioRow {
	l, val := v.loc, s.Values
	pick, next, either := v.scenarioNames(s)
	row := scenarioRow{label: l.T("scenario_max_throughput"), pick: pick}
	bound := func(key string) string {
		if val[key] == 1 {
			return "≥ "
		}
		return ""
	}
	args := []any{"Value", l.Num(val["value"], 0), "C", l.At(s.Levels[0]), "A", pick, "B", next, "Next", next,
		"NextValue", l.Num(val["next"], 0), "NextC", l.At(analyze.Load(val["next_level"])), "Gap", v.gap(val["advantage"]),
		"Tie", v.Tie(), "Bound", bound("lower_bound"), "NextBound", bound("next_lower_bound")}
	switch {
	case s.Config == "":
		// Still rising at the top of the tested range.
		row.reason, row.pick = l.T("why_max_throughput_unranked", "Peaks", v.peaks()), l.T("no_clear_winner")
		for _, o := range v.peaksOutranked() {
			row.reason += "; " + o
		}
	case next == "":
		row.reason = l.T("why_max_throughput_only", args...)
	case s.Tie:
		row.reason, row.pick = l.T("why_max_throughput_tie", args...), either
	default:
		row.reason = l.T("why_max_throughput", args...)
	}
	stat := v.StatWord(string(v.R.Params.Percentile))
	if val["within_slo"] == 1 {
		row.reason += "; " + l.T("why_output_within_slo", "Stat", stat)
	} else {
		row.reason += "; " + l.T("why_output_beyond_slo", "Stat", stat)
	}
	return row
}

// peaks lists each config's peak aggregate output (analyze.OutputPeaks:
// within the SLOs where any config meets them), "≥" where it is at its
// highest level (still rising), highest first: "SGLang ≥ 1,863 tok/s at
// c=64, …".
func (v *view) peaks() string {
	ps, _ := analyze.OutputPeaks(v.R)
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		b := ""
		if p.Bound {
			b = "≥ "
		}
		out = append(out, v.loc.T("peak_item", "Config", v.Name(p.Config), "Bound", b, "Value", v.loc.Num(p.Value, 0), "C", v.loc.At(p.Load)))
	}
	return v.loc.List(out)
}

// peaksOutranked says, for each peak that is a lower bound, the
// measured peaks it clearly exceeds whatever its limit
// (analyze.Report.PeakOutranks): "whatever its limit, vLLM produces more
// than: vLLM + EAGLE-3 (1,222 tok/s)".
func (v *view) peaksOutranked() []string {
	ps, _ := analyze.OutputPeaks(v.R)
	var out []string
	for _, b := range ps {
		if !b.Bound {
			continue
		}
		var others []string
		for _, o := range ps {
			if !o.Bound && v.R.PeakOutranks(b, o) {
				others = append(others, v.loc.T("name_value", "Name", v.Name(o.Config), "X", v.loc.T("value_tps", "X", v.loc.Num(o.Value, 0))))
			}
		}
		if len(others) > 0 {
			out = append(out, v.loc.T("output_outranks", "A", v.Name(b.Config), "Others", v.loc.List(others)))
		}
	}
	return out
}

// span writes a range of values, or one value when both ends agree.
func (v *view) span(lo, hi float64, dec int) string {
	a, b := v.loc.Num(lo, dec), v.loc.Num(hi, dec)
	if a == b {
		return a
	}
	return a + "–" + b
}

// ScorecardTable shows, one row per pair of configs, how many of the
// head-to-head comparisons each wins and how many are on par (within
// the tie threshold), and over how many comparisons and levels.
func (v *view) ScorecardTable() render.Table {
	l := v.loc
	t := render.Table{Head: []string{l.T("col_sc_a"), l.T("col_sc_b"), l.T("col_sc_a_wins"), l.T("col_sc_b_wins"), l.T("col_sc_ties"), l.T("col_sc_total")}, Align: "llrrrr"}
	for _, p := range v.R.Scorecard {
		t.Rows = append(t.Rows, []string{render.Escape(v.Name(p.A)), render.Escape(v.Name(p.B)), l.Int(p.AWins), l.Int(p.BWins), l.Int(p.Ties),
			l.T("sc_total", "N", l.Int(p.Comparisons), "Levels", l.Int(len(p.Levels)))})
	}
	return t
}

// phraseLeader words which config leads a metric at low or high load:
// a tie, or the leader with how far ahead of the next it is (a gap, in
// percent).
func (v *view) phraseLeader(f analyze.Finding) string {
	l, val := v.loc, f.Values
	id := analyze.MetricID(f.Section)
	metric := v.metricName(id, f.Stat)
	if val["end_to_end"] == 1 {
		metric = l.T("mname_tps_e2e", "Tokens", v.e2eTokens())
	}
	leader, next, at := v.Name(f.Configs[0]), v.Name(f.Configs[1]), l.At(f.Levels[0])
	est0, est1 := estimatedFor(f.Estimated, f.Configs[0]), estimatedFor(f.Estimated, f.Configs[1])
	if f.Tie {
		return l.T("sf_leader_tie", "C", at, "Leader", leader, "Next", next, "Metric", metric, "Tie", v.Tie(),
			"Value", v.valEst(id, val["value"], est0), "NextValue", v.valEst(id, val["next"], est1))
	}
	msg := "sf_leader_low_"
	if f.Kind == analyze.LeaderHigh {
		msg = "sf_leader_high_"
	}
	if id.LowerIsBetter() {
		msg += "lower"
	} else {
		msg += "higher"
	}
	return l.T(msg, "C", at, "Leader", leader, "Metric", metric, "Value", v.valEst(id, val["value"], est0),
		"Next", next, "NextValue", v.valEst(id, val["next"], est1), "Gap", v.gap(val["ratio"]))
}

// phraseSLO words where a config meets a metric's SLO: the boundary
// between a passing and a failing level, every level passing, none
// passing, or the SLO left unchecked for want of the statistic. The
// lines name the statistic checked: "P90 TTFT", or a stand-in as
// itself, "P99 TTFT (in place of the P90 the source lacks)".
func (v *view) phraseSLO(f analyze.Finding) string {
	l, val := v.loc, f.Values
	id := analyze.MetricID(f.Section)
	look := present.MustOf(id)
	config := v.Name(f.Configs[0])
	c := func(i int) string { return l.At(f.Levels[i]) }
	if f.Kind == analyze.SLOUnchecked {
		return l.T("sf_slo_unchecked", "Config", config, "Stat", v.StatWord(v.Headline()), "Metric", l.T("short_"+look.Stem), "C", c(0))
	}
	m := l.T("short_ttft")
	if id == analyze.TPS {
		m = l.T("short_tps")
	}
	metric := v.StatWord(string(f.Stat)) + " " + m
	if head := v.Headline(); f.Stat != "" && string(f.Stat) != head {
		msg := "stands_in"
		if f.Stat == analyze.P10 {
			msg = "stands_in_p10"
		}
		metric += " (" + l.T(msg, "Want", v.StatWord(head)) + ")"
	}
	threshold := l.Num(val["threshold"], 0) + " " + l.T("unit_word_"+look.UnitID())
	var s string
	switch f.Kind {
	case analyze.SLOBoundary:
		s = l.T("sf_slo_boundary", "Config", config, "Metric", metric, "Op", sloOp(id),
			"Threshold", threshold, "Pass", c(0), "PassValue", v.val(id, val["pass"]),
			"Fail", c(1), "FailValue", v.val(id, val["fail"]))
	case analyze.SLOAllPass:
		s = l.T("sf_slo_all_pass", "Config", config, "Metric", metric, "Op", sloOp(id),
			"Threshold", threshold, "C", c(0), "Value", v.val(id, val["value"]))
	default:
		return v.withFragile(l.T("sf_slo_none_pass", "Config", config, "Metric", metric, "Op", sloOp(id),
			"Threshold", threshold, "C", c(0), "Value", v.val(id, val["value"])), f.Fragile)
	}
	if x, ok := val["mean_below_load"]; ok {
		// The pass rests on the fast tail: the mean misses there.
		s += " " + l.T("sf_mean_below", "C", l.At(analyze.Load(x)), "Value", v.val(id, val["mean_below"]))
	}
	return v.withFragile(s, f.Fragile)
}

// growthMetric names the metric of a growth finding with its statistic.
func (v *view) growthMetric(f analyze.Finding) string {
	id := analyze.MetricID(f.Section)
	if id != analyze.SystemRPS && id != analyze.AggregateTPS {
		return v.metricName(id, v.growthStat(f))
	}
	return v.metricName(id, f.Stat)
}

// phraseGrowths words the growth of several configs over one span in
// one sentence: by how much, from what to what, for each.
func (v *view) phraseGrowths(fs []analyze.Finding) string {
	if len(fs) == 1 {
		return v.phraseGrowth(fs[0])
	}
	l, f := v.loc, fs[0]
	id := analyze.MetricID(f.Section)
	k := v.growthKeyOf(f)
	items := make([]string, len(fs))
	for i, g := range fs {
		est := estimatedFor(g.Estimated, g.Configs[0])
		items[i] = l.T("sf_growth_item", "Config", v.Name(g.Configs[0]), "Gap", v.rise(g.Values["ratio"]),
			"Low", v.valEst(id, g.Values["low"], est), "High", v.valEst(id, g.Values["high"], est))
	}
	msg := "sf_growth_group_up"
	if k.down {
		msg = "sf_growth_group_down"
	}
	if math.IsNaN(f.Values["load"]) {
		msg += "_unbounded"
	}
	return l.T(msg, "Metric", k.metric, "List", l.List(items), "Load", v.loadRise(f.Values["load"]), "Lo", l.At(k.lo), "Hi", l.At(k.hi))
}

// phraseGrowth words how a metric grows (or falls) from the lowest to
// the highest level, with the load factor when the top is a finite load.
func (v *view) phraseGrowth(f analyze.Finding) string {
	l, val := v.loc, f.Values
	id := analyze.MetricID(f.Section)
	metric := v.growthMetric(f)
	msg := "sf_growth_up"
	if val["ratio"] < 1 {
		msg = "sf_growth_down"
	}
	if math.IsNaN(val["load"]) {
		msg += "_unbounded" // up to an unbounded rate: no load factor
	}
	est := estimatedFor(f.Estimated, f.Configs[0])
	return l.T(msg, "Config", v.Name(f.Configs[0]), "Metric", metric, "Low", v.valEst(id, val["low"], est), "High", v.valEst(id, val["high"], est),
		"Gap", v.rise(val["ratio"]), "Load", v.loadRise(val["load"]), "Lo", l.At(f.Levels[0]), "Hi", l.At(f.Levels[1]))
}
