package render

import (
	"math"
	"strconv"

	"github.com/openzeka/reportgen/analyze"
)

// metricText is how a metric's values are written: its name in the
// sentence, its unit and decimals, and whether lower is better.
type metricText struct {
	name  string // message id
	unit  string
	dec   int
	lower bool
}

var metricTexts = map[string]metricText{
	analyze.MetricTTFT.Key:      {"mname_ttft", "ms", 1, true},
	analyze.MetricITL.Key:       {"mname_itl", "ms", 2, true},
	analyze.MetricTPS.Key:       {"mname_tps", "tok/s", 1, false},
	analyze.MetricLatency.Key:   {"mname_latency", "s", 2, true},
	analyze.MetricSystemRPS.Key: {"mname_system_rps", "req/s", 2, false},
	analyze.MetricAggregate.Key: {"mname_aggregate", "tok/s", 0, false},
}

// val writes a value of metric key with its unit: "66.5 ms".
func (v *view) val(key string, x float64) string {
	mt := metricTexts[key]
	return v.loc.Num(x, mt.dec) + " " + v.loc.T("unit_word_"+unitID(mt.unit))
}

func unitID(u string) string {
	switch u {
	case "tok/s":
		return "tps"
	case "req/s":
		return "rps"
	}
	return u
}

// compare phrases an advantage: "1.95× better", "3.10× worse", "on par".
func (v *view) compare(adv float64) string {
	switch {
	case math.IsNaN(adv):
		return "–"
	case adv >= 1.005:
		return v.loc.T("cmp_better", "R", v.loc.Ratio(adv))
	case adv <= 1/1.005:
		return v.loc.T("cmp_worse", "R", v.loc.Ratio(1/adv))
	}
	return v.loc.T("cmp_par")
}

// SectionFindings phrases the findings told under a metric section.
func (v *view) SectionFindings(section string) []string {
	var out []string
	for _, f := range v.R.Findings {
		if f.Section != section {
			continue
		}
		if s := v.phraseSection(f); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func (v *view) phraseSection(f analyze.Finding) string {
	l := v.loc
	val := f.Values
	mt := metricTexts[f.Section]
	name := func(i int) string { return v.Name(f.Configs[i]) }
	c := func(i int) string { return l.At(f.Levels[i]) }
	metric := l.T(mt.name)
	// SLO lines name the statistic themselves: "P90 TTFT", not "P90 mean TTFT".
	sloMetric := func() string {
		if f.Section == analyze.MetricTTFT.Key {
			return l.T("short_ttft")
		}
		return l.T("short_tps")
	}
	threshold := func() string { return l.Num(val["threshold"], 0) + " " + l.T("unit_word_"+unitID(mt.unit)) }
	switch f.Kind {
	case analyze.LeaderLow, analyze.LeaderHigh:
		if isTie(val["ratio"]) {
			return l.T("sf_leader_tie", "C", c(0), "Leader", name(0), "Next", name(1), "Metric", metric,
				"Value", v.val(f.Section, val["value"]), "NextValue", v.val(f.Section, val["next"]))
		}
		id := "sf_leader_low_"
		if f.Kind == analyze.LeaderHigh {
			id = "sf_leader_high_"
		}
		if mt.lower {
			id += "lower"
		} else {
			id += "higher"
		}
		return l.T(id, "C", c(0), "Leader", name(0), "Metric", metric, "Value", v.val(f.Section, val["value"]),
			"Next", name(1), "NextValue", v.val(f.Section, val["next"]), "Cmp", v.compare(val["ratio"]))
	case analyze.SpecEffect:
		return l.T("sf_spec_effect", "Spec", name(0), "Direct", name(1), "Metric", metric,
			"Lo", c(0), "SpecLow", v.val(f.Section, val["spec_low"]), "DirectLow", v.val(f.Section, val["direct_low"]), "CmpLow", v.compare(val["advantage_low"]),
			"Hi", c(1), "SpecHigh", v.val(f.Section, val["spec_high"]), "DirectHigh", v.val(f.Section, val["direct_high"]), "CmpHigh", v.compare(val["advantage_high"]))
	case analyze.SLOBoundary:
		return l.T("sf_slo_boundary", "Config", name(0), "Stat", v.StatName(v.Headline()), "Metric", sloMetric(), "Op", sloOp(mt),
			"Threshold", threshold(), "Pass", c(0), "PassValue", v.val(f.Section, val["pass"]),
			"Fail", c(1), "FailValue", v.val(f.Section, val["fail"]))
	case analyze.SLOUnchecked:
		return l.T("sf_slo_unchecked", "Config", name(0), "Stat", v.StatName(v.Headline()), "Metric", sloMetric(), "C", c(0))
	case analyze.SLOAllPass:
		return l.T("sf_slo_all_pass", "Config", name(0), "Stat", v.StatName(v.Headline()), "Metric", sloMetric(), "Op", sloOp(mt),
			"Threshold", threshold(), "C", c(0), "Value", v.val(f.Section, val["value"]))
	case analyze.SLONonePass:
		return l.T("sf_slo_none_pass", "Config", name(0), "Stat", v.StatName(v.Headline()), "Metric", sloMetric(), "Op", sloOp(mt),
			"Threshold", threshold(), "C", c(0), "Value", v.val(f.Section, val["value"]))
	case analyze.Growth:
		id := "sf_growth_up"
		if val["ratio"] < 1 {
			id = "sf_growth_down"
		}
		ratio := val["ratio"]
		if ratio < 1 {
			ratio = 1 / ratio
		}
		if math.IsNaN(val["load"]) {
			id += "_unbounded" // up to an unbounded rate: no load factor
		}
		return l.T(id, "Config", name(0), "Metric", metric, "Low", v.val(f.Section, val["low"]), "High", v.val(f.Section, val["high"]),
			"Ratio", l.Ratio(ratio), "Load", l.Times(val["load"]), "Lo", c(0), "Hi", c(1))
	case analyze.PeakAggregate:
		if f.Levels[0] == f.Levels[1] {
			return "" // the growth line already tells it
		}
		return l.T("sf_peak", "Config", name(0), "P", c(0), "Peak", v.val(f.Section, val["peak"]), "C", c(1), "High", v.val(f.Section, val["high"]))
	case analyze.ThroughputGap:
		return l.T("sf_throughput_gap", "C", c(0), "Config", name(0), "System", v.val(f.Section, val["system"]),
			"Reported", v.val(f.Section, val["reported"]))
	}
	return ""
}

func sloOp(mt metricText) string {
	if mt.lower {
		return "≤"
	}
	return "≥"
}

// Consistency phrases the latency consistency check, if the data allows it.
func (v *view) Consistency() string {
	for _, f := range v.R.Findings {
		if f.Kind != analyze.LatencyConsistent {
			continue
		}
		val := f.Values
		return v.loc.T("sf_consistent", "Checked", strconv.Itoa(int(val["checked"])), "N", strconv.Itoa(int(val["tokens"])-1),
			"Dev", v.loc.Pct(val["deviation"], 1), "Config", v.Name(f.Configs[0]), "C", v.loc.At(f.Levels[0]),
			"Latency", v.loc.Num(val["latency"], 2), "Expected", v.loc.Num(val["expected"], 2))
	}
	return ""
}

// ScenarioTable is the scenario recommendation table.
func (v *view) ScenarioTable() Table {
	l := v.loc
	t := Table{Head: []string{l.T("col_scenario"), l.T("col_recommended"), l.T("col_reason")}, Align: "lll"}
	for _, s := range v.R.Scenarios {
		val := s.Values
		next := ""
		if s.RunnerUp != "" {
			next = v.Name(s.RunnerUp)
		}
		var label, reason string
		switch s.Kind {
		case analyze.Interactive:
			label = l.T("scenario_interactive", "C", l.UpTo(s.Levels[len(s.Levels)-1]))
			switch {
			case next != "" && isTie(val["advantage_max"]):
				reason = l.T("why_interactive_tie", "C", l.UpTo(s.Levels[len(s.Levels)-1]), "Range", v.span(val["tps_min"], val["tps_max"], 0), "Next", next)
			case next != "":
				reason = l.T("why_interactive", "C", l.UpTo(s.Levels[len(s.Levels)-1]), "Range", v.span(val["tps_min"], val["tps_max"], 0),
					"AdvMin", l.Ratio(val["advantage_min"]), "AdvMax", l.Ratio(val["advantage_max"]), "Next", next)
			default:
				reason = l.T("why_interactive_only", "C", l.UpTo(s.Levels[len(s.Levels)-1]), "Range", v.span(val["tps_min"], val["tps_max"], 0))
			}
			if val["slo_met"] == 0 {
				reason += "; " + l.T("why_no_slo")
			}
		case analyze.HighLoad:
			label = l.T("scenario_high_load")
			if r, ok := val["ratio"]; ok && isTie(r) {
				reason = l.T("why_high_load_tie", "Stat", v.StatName(v.Headline()), "Users", l.Int(int(val["users"])), "C", l.MaxLoad(analyze.Load(val["max_load"])),
					"Next", next, "NextUsers", l.Int(int(val["next_users"])))
			} else if ok {
				reason = l.T("why_high_load", "Stat", v.StatName(v.Headline()), "Users", l.Int(int(val["users"])), "C", l.MaxLoad(analyze.Load(val["max_load"])),
					"Ratio", l.Ratio(r), "Next", next, "NextUsers", l.Int(int(val["next_users"])))
			} else {
				reason = l.T("why_high_load_only", "Stat", v.StatName(v.Headline()), "Users", l.Int(int(val["users"])), "C", l.MaxLoad(analyze.Load(val["max_load"])))
			}
		case analyze.MaxThroughput:
			label = l.T("scenario_max_throughput")
			if next != "" {
				reason = l.T("why_max_throughput", "Value", l.Num(val["value"], 0), "C", l.At(s.Levels[0]), "Next", next,
					"NextValue", l.Num(val["next"], 0), "NextC", l.At(analyze.Load(val["next_level"])))
			} else {
				reason = l.T("why_max_throughput_only", "Value", l.Num(val["value"], 0), "C", l.At(s.Levels[0]))
			}
		case analyze.MinITL:
			label = l.T("scenario_min_itl")
			switch {
			case next != "":
				reason = l.T("why_min_itl", "Value", l.Num(val["value"], 2), "C", l.At(s.Levels[0]), "Next", next,
					"NextValue", l.Num(val["next"], 2))
			default:
				reason = l.T("why_min_itl_only", "Value", l.Num(val["value"], 2), "C", l.At(s.Levels[0]))
			}
		}
		t.Rows = append(t.Rows, []string{label, v.Name(s.Config), reason})
	}
	return t
}

// span writes a range of values, or one value when both ends agree.
func (v *view) span(lo, hi float64, dec int) string {
	a, b := v.loc.Num(lo, dec), v.loc.Num(hi, dec)
	if a == b {
		return a
	}
	return a + "–" + b
}

// ScorecardTable counts the head-to-head wins of every pair of configs.
func (v *view) ScorecardTable() Table {
	l := v.loc
	t := Table{Head: []string{l.T("col_pair"), l.T("col_wins_a"), l.T("col_wins_b"), l.T("col_ties"), l.T("col_comparisons")}, Align: "lrrrr"}
	for _, p := range v.R.Scorecard {
		t.Rows = append(t.Rows, []string{
			l.T("pair", "A", v.Name(p.A), "B", v.Name(p.B)),
			v.Name(p.A) + ": " + strconv.Itoa(p.AWins),
			v.Name(p.B) + ": " + strconv.Itoa(p.BWins),
			strconv.Itoa(p.Ties),
			strconv.Itoa(p.Comparisons),
		})
	}
	return t
}

// ScorecardLines names the clearest head-to-head results: pairs where
// one side wins at least three quarters of the comparisons.
func (v *view) ScorecardLines() []string {
	var out []string
	for _, p := range v.R.Scorecard {
		a, b, wa, wb := p.A, p.B, p.AWins, p.BWins
		if wb > wa {
			a, b, wa, wb = b, a, wb, wa
		}
		if 4*wa >= 3*p.Comparisons {
			out = append(out, v.loc.T("scorecard_clear", "A", v.Name(a), "B", v.Name(b), "Wins", strconv.Itoa(wa), "Total", strconv.Itoa(p.Comparisons),
				"Levels", strconv.Itoa(len(p.Levels))))
		}
	}
	if len(out) == 0 && len(v.R.Scorecard) > 0 {
		out = append(out, v.loc.T("scorecard_mixed"))
	}
	return out
}
