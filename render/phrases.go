package render

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"

	"github.com/openzeka/reportgen/analyze"
)

// MaxKeyFindings is how many findings the executive summary lists.
const MaxKeyFindings = analyze.SummaryFindings

// MaxKeyAnomalies is how many of the summary's findings may be anomaly
// notes (TTFT jumps, aggregate drops): past saturation every config
// jumps, and the summary keeps room for what sets the configs apart.
// The others are told in the conclusion and the data quality notes.
const MaxKeyAnomalies = 2

// KeyFindings phrases the highest-ranked findings for the summary.
func (v *view) KeyFindings() []string {
	var out []string
	anomalies := 0
	for _, f := range v.R.Findings {
		if len(out) == MaxKeyFindings {
			break
		}
		if f.Section != "summary" {
			continue
		}
		if f.Kind == analyze.AnomalyNote {
			if anomalies == MaxKeyAnomalies {
				continue
			}
			anomalies++
		}
		if s := v.phrase(f); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// ConclusionLines phrases every finding in report order: speculative
// decoding, capacity, throughput, latency, anomalies.
func (v *view) ConclusionLines() []string {
	order := map[analyze.FindingKind]int{
		analyze.SpecLowLoad: 0, analyze.SpecBreakEven: 1, analyze.SpecNoBreakEven: 1, analyze.SpecHighLoad: 2,
		analyze.CapacityLeader: 3, analyze.AggregateLeader: 4, analyze.TTFTLeader: 5, analyze.AnomalyNote: 6,
	}
	var fs []analyze.Finding
	for _, f := range v.R.Findings {
		if f.Section == "summary" {
			fs = append(fs, f)
		}
	}
	sort.SliceStable(fs, func(i, j int) bool { return order[fs[i].Kind] < order[fs[j].Kind] })
	var out []string
	for _, f := range fs {
		if s := v.phrase(f); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// engineOf is the engine of a config id.
func (v *view) engineOf(id string) string {
	c, _ := v.R.Config(id)
	return Escape(c.Engine.In(v.loc.Lang))
}

// phrase writes one finding as a sentence of the report language.
func (v *view) phrase(f analyze.Finding) string {
	l := v.loc
	val := f.Values
	name := func(i int) string {
		if i < len(f.Configs) {
			return v.Name(f.Configs[i])
		}
		return ""
	}
	lvl := func(i int) string {
		if i < len(f.Levels) {
			return l.At(f.Levels[i])
		}
		return ""
	}
	switch f.Kind {
	case analyze.SpecLowLoad:
		// Within ±2 % the two are on par: "1.01× faster" would
		// overstate a difference inside run-to-run noise.
		id := "finding_spec_low_faster"
		switch r := val["ratio"]; {
		case math.Abs(r-1) < 0.02:
			id = "finding_spec_low_par"
		case r < 1:
			id = "finding_spec_low_slower"
		}
		return l.T(id, "C", lvl(0), "Engine", v.engineOf(f.Configs[0]), "Spec", name(0), "Direct", name(1),
			"Ratio", l.Ratio(val["ratio"]), "SpecTPS", l.Num(val["spec"], 0), "DirectTPS", l.Num(val["direct"], 0))
	case analyze.SpecBreakEven:
		if x, ok := val["interpolated"]; ok {
			return l.T("finding_break_even_interp", "Engine", v.engineOf(f.Configs[0]), "Spec", name(0), "C", lvl(0), "X", l.Near(x))
		}
		return l.T("finding_break_even", "Engine", v.engineOf(f.Configs[0]), "Spec", name(0), "C", lvl(0))
	case analyze.SpecNoBreakEven:
		return l.T("finding_no_break_even", "Spec", name(0), "Direct", name(1), "C", lvl(0), "Ratio", l.Ratio(val["ratio"]))
	case analyze.SpecHighLoad:
		return l.T("finding_spec_high", "C", lvl(0), "Spec", name(0), "Direct", name(1),
			"Ratio", l.Ratio(val["ratio"]), "SpecTPS", l.Num(val["spec"], 1), "DirectTPS", l.Num(val["direct"], 1))
	case analyze.CapacityLeader:
		stat := v.StatName(v.Headline())
		if _, ok := val["next_users"]; !ok {
			return l.T("finding_capacity_only", "Leader", name(0), "Stat", stat, "Users", l.Int(int(val["users"])), "C", l.MaxLoad(f.Levels[0]))
		}
		if r, ok := val["ratio"]; ok {
			if isTie(r) {
				return l.T("finding_capacity_tie", "Leader", name(0), "Stat", stat, "Users", l.Int(int(val["users"])), "C", l.MaxLoad(f.Levels[0]),
					"Next", name(1), "NextUsers", l.Int(int(val["next_users"])))
			}
			return l.T("finding_capacity", "Leader", name(0), "Stat", stat, "Users", l.Int(int(val["users"])), "C", l.MaxLoad(f.Levels[0]),
				"Ratio", l.Ratio(r), "Next", name(1), "NextUsers", l.Int(int(val["next_users"])))
		}
		return l.T("finding_capacity_alone", "Leader", name(0), "Stat", stat, "Users", l.Int(int(val["users"])), "C", l.MaxLoad(f.Levels[0]))
	case analyze.AggregateLeader:
		if _, ok := val["next"]; !ok {
			return l.T("finding_aggregate_only", "Leader", name(0), "C", lvl(0), "Value", l.Num(val["value"], 0))
		}
		if isTie(val["ratio"]) {
			return l.T("finding_aggregate_tie", "Leader", name(0), "C", lvl(0), "Value", l.Num(val["value"], 0),
				"Next", name(1), "NextValue", l.Num(val["next"], 0))
		}
		return l.T("finding_aggregate", "Leader", name(0), "C", lvl(0), "Value", l.Num(val["value"], 0),
			"Next", name(1), "NextValue", l.Num(val["next"], 0), "Pct", l.Pct(val["ratio"]-1, 0))
	case analyze.TTFTLeader:
		if isTie(val["ratio"]) {
			return l.T("finding_ttft_tie", "Leader", name(0), "C", lvl(0), "Value", l.Num(val["low"], 1),
				"Next", name(1), "NextValue", l.Num(val["low_next"], 1))
		}
		s := l.T("finding_ttft", "Leader", name(0), "C", lvl(0), "Value", l.Num(val["low"], 1),
			"Next", name(1), "NextValue", l.Num(val["low_next"], 1))
		if hi, ok := val["high"]; ok && len(f.Levels) > 1 && f.Levels[1] != f.Levels[0] {
			s += " " + l.T("finding_ttft_high", "C", lvl(1), "Value", l.Num(hi, 1))
		}
		return s
	case analyze.AnomalyNote:
		for _, a := range v.R.Anomalies {
			if a.Config == f.Configs[0] && a.Load == f.Levels[0] && (a.Kind == analyze.TTFTJump || a.Kind == analyze.AggregateDrop) &&
				sameValues(a.Values, f.Values) {
				return v.anomalyShort(a)
			}
		}
	}
	return ""
}

// isTie reports whether a leader's ratio to the runner-up (≥ 1) is
// within 0.5 %: too close to call a lead, and shown as 1.00× anyway.
func isTie(ratio float64) bool {
	return ratio < 1.005
}

func sameValues(a, b map[string]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, x := range a {
		if y, ok := b[k]; !ok || x != y {
			return false
		}
	}
	return true
}

// anomalyShort is the one-line form of an anomaly for the summary.
func (v *view) anomalyShort(a analyze.Anomaly) string {
	l := v.loc
	val := a.Values
	switch a.Kind {
	case analyze.TTFTJump:
		return l.T("finding_ttft_jump", "Config", v.Name(a.Config), "C", l.At(a.Load), "Value", l.Num(val["value"], 0),
			"Ratio", l.Ratio(val["ratio"]), "PrevC", l.At(analyze.Load(val["prev_load"])), "Prev", l.Num(val["prev"], 0))
	case analyze.AggregateDrop:
		return l.T("finding_aggregate_drop", "Config", v.Name(a.Config), "C", l.At(a.Load), "Value", l.Num(val["value"], 0),
			"PrevC", l.At(analyze.Load(val["prev_load"])), "Prev", l.Num(val["prev"], 0))
	}
	return ""
}

// AnomalyLines phrases every anomaly with what was measured and why it
// matters.
func (v *view) AnomalyLines() []string {
	l := v.loc
	var out []string
	for _, a := range v.R.Anomalies {
		val := a.Values
		c := l.At(a.Load)
		name := v.Name(a.Config)
		var s string
		switch a.Kind {
		case analyze.TTFTJump:
			s = l.T("anomaly_ttft_jump", "Config", name, "C", c, "Value", l.Num(val["value"], 1), "Ratio", l.Ratio(val["ratio"]),
				"PrevC", l.At(analyze.Load(val["prev_load"])), "Prev", l.Num(val["prev"], 1))
			if exp, ok := val["expected"]; ok && math.Abs(val["latency"]-exp) <= analyze.MismatchTolerance*val["latency"] {
				s += " " + l.T("anomaly_ttft_jump_consistent", "N", strconv.Itoa(int(val["tokens"])-1), "TTFT", l.Num(val["ttft_s"], 2),
					"Decode", l.Num(val["decode_s"], 2), "Expected", l.Num(exp, 2), "Latency", l.Num(val["latency"], 2))
			}
		case analyze.AggregateDrop:
			s = l.T("anomaly_aggregate_drop", "Config", name, "C", c, "Value", l.Num(val["value"], 0),
				"PrevC", l.At(analyze.Load(val["prev_load"])), "Prev", l.Num(val["prev"], 0))
		case analyze.Saturation:
			s = l.T("anomaly_throughput_flat", "Config", name, "C", c, "Value", l.Num(val["value"], 2),
				"PrevC", l.At(analyze.Load(val["prev_load"])), "Prev", l.Num(val["prev"], 2))
		case analyze.P90BelowMean:
			m := metricOfKey(a.Metric)
			s = l.T("anomaly_p90_below_mean", "Config", name, "C", c, "Metric", l.T("short_"+m.key),
				"P90", l.Num(val["p90"], m.dec), "Mean", l.Num(val["mean"], m.dec))
		case analyze.LatencyMismatch:
			s = l.T("anomaly_latency_mismatch", "Config", name, "C", c, "Latency", l.Num(val["latency"], 2),
				"Expected", l.Num(val["expected"], 2), "N", strconv.Itoa(int(val["tokens"])-1), "Dev", l.Pct(math.Abs(val["deviation"]), 0))
		case analyze.RequestErrors:
			if val["requests"] >= 0 {
				s = l.T("anomaly_errors_of", "Config", name, "C", c, "Errors", l.Int(int(val["errors"])), "Total", l.Int(int(val["errors"]+val["requests"])))
			} else {
				s = l.T("anomaly_errors", "Config", name, "C", c, "Errors", l.Int(int(val["errors"])))
			}
		case analyze.SLONonMonotonic:
			s = l.T("anomaly_slo_non_monotonic", "Config", name, "C", c, "Stat", v.StatName(a.Metric[len("slo."):]),
				"FailedC", l.At(analyze.Load(val["failed_load"])))
		}
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// metricOfKey maps an analysis.json metric key to its display metric.
func metricOfKey(key string) metric {
	switch key {
	case "ttft_ms":
		return metrics["ttft"]
	case "itl_ms":
		return metrics["itl"]
	case "tps":
		return metrics["tps"]
	}
	return metrics["latency"]
}

// SpeedupLines phrases, per engine pair, the break-even point and the
// practical rule that follows from it.
func (v *view) SpeedupLines() []string {
	l := v.loc
	var out []string
	for _, s := range v.R.Speedups {
		if len(s.Points) == 0 {
			continue
		}
		spec, direct, engine := v.Name(s.Spec), v.Name(s.Direct), v.engineOf(s.Spec)
		first, last := s.Points[0], s.Points[len(s.Points)-1]
		switch {
		case s.NeverFaster:
			out = append(out, l.T("speedup_never_wins", "Spec", spec, "Direct", direct, "C", l.At(first.Load), "Ratio", l.Ratio(first.Ratio)))
		case s.BreakEven == nil:
			out = append(out, l.T("speedup_never_breaks", "Spec", spec, "Direct", direct, "Low", l.Ratio(first.Ratio), "High", l.Ratio(last.Ratio), "C", l.At(last.Load)))
		default:
			be := *s.BreakEven
			var ratio float64
			for _, p := range s.Points {
				if p.Load == be {
					ratio = p.Ratio
				}
			}
			line := l.T("speedup_break_even", "Engine", engine, "Spec", spec, "C", l.At(be), "Ratio", l.Ratio(ratio))
			if s.BreakEvenInterpolated != nil {
				line += " " + l.T("speedup_interpolated", "X", l.Near(*s.BreakEvenInterpolated))
			}
			out = append(out, line)
			out = append(out, l.T("speedup_rule", "Engine", engine, "Spec", spec, "C", l.At(be)))
		}
		if len(s.Missing) > 0 {
			levels := make([]string, len(s.Missing))
			for i, m := range s.Missing {
				levels[i] = l.At(m)
			}
			out = append(out, l.T("speedup_missing", "Spec", spec, "Direct", direct, "Levels", l.List(levels)))
		}
	}
	return out
}

// CapacityLines interprets the capacity tables: relative capacity at the
// headline statistic, configs that fail at once, and how much more
// optimistic the other statistic is.
func (v *view) CapacityLines() []string {
	l := v.loc
	head := analyze.Percentile(v.Headline())
	other := analyze.Percentile(v.Other())
	var out []string
	cfgs := append([]analyze.Config(nil), v.R.Configs...)
	sort.SliceStable(cfgs, func(i, j int) bool { return cfgs[i].Capacity.Get(head).Users > cfgs[j].Capacity.Get(head).Users })
	lead := cfgs[0]
	lc := lead.Capacity.Get(head)
	if lc.Users > 0 && len(cfgs) == 1 {
		out = append(out, l.T("capacity_single", "Config", v.Name(lead.ID), "Stat", v.StatName(string(head)), "Users", l.Int(lc.Users), "C", l.MaxLoad(lc.Max)))
	} else if lc.Users > 0 {
		out = append(out, l.T("capacity_leader", "Config", v.Name(lead.ID), "Stat", v.StatName(string(head)), "Users", l.Int(lc.Users), "C", l.MaxLoad(lc.Max)))
		for _, c := range cfgs[1:] {
			cc := c.Capacity.Get(head)
			if cc.Users == 0 {
				continue
			}
			out = append(out, l.T("capacity_relative", "Leader", v.Name(lead.ID), "Config", v.Name(c.ID),
				"Ratio", l.Ratio(float64(lc.Users)/float64(cc.Users)), "Users", l.Int(lc.Users), "Other", l.Int(cc.Users)))
		}
	}
	for _, c := range v.R.Configs {
		cc := c.Capacity.Get(head)
		if cc.Max == 0 && len(c.Levels) > 0 && limitUnchecked(c, head) {
			out = append(out, l.T("capacity_unchecked", "Config", v.Name(c.ID), "Stat", v.StatName(string(head)), "C", l.At(c.Levels[0].Load)))
		} else if cc.Max == 0 && len(c.Levels) > 0 {
			out = append(out, l.T("capacity_none", "Config", v.Name(c.ID), "Stat", v.StatName(string(head)), "C", l.At(c.Levels[0].Load)))
		}
	}
	for _, c := range v.R.Configs {
		// more is the statistic that reaches the higher level (the
		// lenient one, usually the mean), less the other.
		more, less := other, head
		cm, cl := c.Capacity.Get(other), c.Capacity.Get(head)
		if cm.Max == cl.Max {
			continue
		}
		if cm.Max < cl.Max {
			more, less, cm, cl = less, more, cl, cm
		}
		if limitUnchecked(c, less) {
			// Not a tail the other statistic hides: the source lacks
			// the statistic, which the lines above already say.
			continue
		}
		args := []any{"Config", v.Name(c.ID), "Stat", v.StatName(string(less)), "Other", v.StatName(string(more)),
			"C", l.At(cl.Max), "OtherC", l.At(cm.Max), "Users", l.Int(cl.Users), "OtherUsers", l.Int(cm.Users)}
		if cl.Max == 0 {
			out = append(out, l.T("capacity_stat_gap_none", args...))
		} else {
			out = append(out, l.T("capacity_stat_gap", args...))
		}
	}
	return out
}

// Warnings are the input problems that did not stop the build, each in
// the edition's language ("warning_<kind>", given its values by name).
// Source is a code span (a path with backticks or Markdown characters
// stays one), the other values are text: numbers in the edition's
// notation, statistics, configs and tools by their display names.
func (v *view) Warnings() []string {
	out := make([]string, len(v.R.Warnings))
	for i, w := range v.R.Warnings {
		args := []any{"Source", Code(w.Source), "Column", Escape(w.Column)}
		for _, k := range slices.Sorted(maps.Keys(w.Values)) {
			args = append(args, k, v.warningValue(k, w.Values[k]))
		}
		out[i] = v.loc.T("warning_"+w.Kind, args...)
	}
	return out
}

// warningValue formats the value named name of a warning for the page.
func (v *view) warningValue(name string, x any) string {
	if s, ok := x.(string); ok {
		switch name {
		case "Stat": // an SLO statistic: "p90", "mean"
			if s == string(analyze.P90) || s == string(analyze.Mean) {
				return v.StatName(s)
			}
		case "Config": // a config by its id
			for _, c := range v.R.Configs {
				if c.ID == s {
					return v.Name(c.ID)
				}
			}
		case "Format", "Other": // input formats
			return Escape(toolName(s))
		}
	}
	if name == "Run" { // a run's number, an ordinal: never grouped (run 1200, not 1.200)
		if f, ok := x.(float64); ok && f == math.Trunc(f) && math.Abs(f) < 1e15 {
			return strconv.FormatFloat(f, 'f', 0, 64)
		}
	}
	return v.formatValue(x)
}

// formatValue formats one value of a warning for the page: numbers in
// the edition's notation, text escaped.
func (v *view) formatValue(x any) string {
	switch x := x.(type) {
	case int:
		return v.loc.Int(x)
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e15 {
			return v.loc.Int(int(x))
		}
		return v.loc.Num(x, 1)
	case string:
		return Escape(x)
	}
	return Escape(fmt.Sprint(x))
}
