package report

import (
	"math"
	"strings"

	"github.com/openzeka/reportgen/analyze"
)

// summaryFindings is how many findings the summary lists beside its
// verdict: the verdict already tells capacity and interactive use.
const summaryFindings = 3

// Verdict is the summary's first paragraph: which configuration for
// production serving (the capacity finding, as the model words it: a
// tie is a tie, a bound is "at least"), and which for interactive use at
// low load (the interactive scenario), with the numbers that decide.
// "" when the report has neither.
func (v *view) Verdict() string {
	l := v.loc
	var parts []string
	capLeader := ""
	if f, ok := v.capacityFinding(); ok {
		if s := v.phrase(f); s != "" {
			parts = append(parts, s)
			if f.Kind == analyze.CapacityLeader && !f.Tie && len(f.Configs) > 0 {
				capLeader = f.Configs[0]
			}
		}
	}
	for _, s := range v.R.Scenarios {
		if s.Kind != analyze.Interactive || len(s.Levels) == 0 {
			continue
		}
		window := v.windowUsers(s)
		switch {
		case s.Config == "":
		case s.Tie && s.RunnerUp != "":
			parts = append(parts, l.T("verdict_interactive_tie", "C", window, "A", v.Name(s.Config), "B", v.Name(s.RunnerUp)))
		case s.Config == capLeader:
			parts = append(parts, l.T("verdict_interactive_same", "C", window, "Pick", v.Name(s.Config)))
		default:
			id := "verdict_interactive"
			if s.Basis == string(analyze.TPSEndToEnd) {
				id = "verdict_interactive_e2e" // one measure for tools that define TPS differently
			}
			line := l.T(id, "C", window, "Pick", v.Name(s.Config), "Stat", v.StatWord(string(s.Stat)),
				"Range", v.span(s.Values["value_min"], s.Values["value_max"], 0), "Tokens", v.e2eTokens())
			if s.Values["definitions_differ"] == 1 {
				// The pick compares unlike quantities: said where it is made.
				line = strings.TrimSuffix(line, ".") + "; " + l.T("why_definitions_differ") + "."
			}
			parts = append(parts, v.withFragile(line, s.Fragile))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	out := l.T("verdict_label")
	for _, p := range parts {
		out += " " + p
	}
	return out
}

// SummaryFindings are the key findings less the capacity leader, which
// the verdict tells, at most summaryFindings of them.
func (v *view) SummaryFindings() []string {
	skip := ""
	if f, ok := v.capacityFinding(); ok {
		skip = v.phrase(f)
	}
	var out []string
	for _, s := range v.KeyFindings() {
		if s != skip && len(out) < summaryFindings {
			out = append(out, s)
		}
	}
	return out
}

// e2eTokens is the output length a TPS taken alike for every tool
// divides by (analyze.MetricTPSEndToEnd), in words: the benchmark's
// ("256"), each level's mean where every file reports one, or each
// level's mean with the benchmark's where one does not.
func (v *view) e2eTokens() string {
	l := v.loc
	known, unknown := false, false
	for _, c := range v.R.Configs {
		for _, lv := range c.Levels {
			if lv.OutputTokens > 0 && !math.IsInf(lv.OutputTokens, 0) {
				known = true
			} else {
				unknown = true
			}
		}
	}
	switch {
	case !known:
		return l.Int(v.R.Params.OutputTokens)
	case unknown:
		return l.T("tokens_level_mean_else", "N", l.Int(v.R.Params.OutputTokens))
	}
	return l.T("tokens_level_mean")
}

// outputTolerance is how far, as a fraction, a configuration's mean
// output length may lie from the benchmark's stated one before the
// caveat says so: exactly 1 % is within.
const outputTolerance = 0.01

// outputsOff lists the configurations whose files report a mean output
// length more than outputTolerance away from the stated output_tokens
// at some level, with the range of their means ("LMDeploy 246–249"); ""
// when none does, so that "every request had 256 output tokens" is said
// only where the files bear it out.
func (v *view) outputsOff() string {
	want := float64(v.R.Params.OutputTokens)
	var items []string
	for _, c := range v.R.Configs {
		lo, hi, off := math.Inf(1), math.Inf(-1), false
		for _, lv := range c.Levels {
			x := lv.OutputTokens
			if !(x > 0) || math.IsInf(x, 0) {
				continue
			}
			lo, hi = min(lo, x), max(hi, x)
			off = off || x < want*(1-outputTolerance) || x > want*(1+outputTolerance)
		}
		if off {
			items = append(items, v.loc.T("name_value_bare", "Name", v.Name(c.ID), "X", v.span(lo, hi, 0)))
		}
	}
	return v.loc.List(items)
}

// Caveat is the one line on what the numbers rest on: the think time
// (users), the token lengths, the runs per level, and what the TPS
// statistic is.
func (v *view) Caveat() string {
	l := v.loc
	p := v.R.Params
	runs := 1
	for _, c := range v.R.Configs {
		for _, lv := range c.Levels {
			runs = max(runs, lv.Runs)
		}
	}
	tokens := l.T("caveat_tokens_unknown")
	if p.InputTokens > 0 && p.OutputTokens > 0 {
		tokens = l.T("caveat_tokens", "In", l.Int(p.InputTokens), "Out", l.Int(p.OutputTokens))
		if short := v.outputsOff(); short != "" {
			tokens = l.T("caveat_tokens_asked", "In", l.Int(p.InputTokens), "Out", l.Int(p.OutputTokens), "Off", short)
		}
	}
	repeats := l.N("caveat_runs", runs)
	if runs == 1 && v.R.Meta.Rounds > 1 {
		repeats = l.T("caveat_rounds", "N", l.Int(v.R.Meta.Rounds))
	}
	s := l.T("caveat_label") + " " + v.Think("caveat_think") + "; " + tokens + "; " + repeats
	if st := v.standIns(); st != "" {
		s += "; " + st
	}
	if fr := v.fragileCaveat(); fr != "" {
		s += "; " + fr
	}
	if est := v.estimateCaveat(); est != "" {
		s += "; " + est
	}
	// A fast-tail TPS check that changes a capacity is the summary's to
	// tell in full; otherwise a clause, the SLO section telling the rest.
	switch ft := v.FastTail(); {
	case ft != "" && v.fastTailChangesCapacity():
		s += ". " + ft
	case ft != "":
		s += "; " + l.T("caveat_fast_tail") + "."
	default:
		s += "."
	}
	return s + " " + v.loc.T("caveat_differences")
}

// fastTailChangesCapacity reports whether checking TPS against the
// strict statistic instead of the fast tail would change a capacity.
func (v *view) fastTailChangesCapacity() bool {
	for _, f := range v.R.Findings {
		if f.Kind == analyze.TPSFastTail {
			return f.Values["flips"] > 0 && f.Values["capacity_changes"] != 0
		}
	}
	return false
}

// SLOFastTail is the fast-tail line for the SLO section: there unless
// the summary tells it in full (it changes a capacity).
func (v *view) SLOFastTail() string {
	if v.fastTailChangesCapacity() {
		return ""
	}
	return v.FastTail()
}

// standIns says on what the SLOs are checked where not on the headline
// statistic itself: a TPS SLO on P10 TPS, the slow tail the check is
// about (90 % of requests at least that fast), and per config the
// stand-ins for a statistic its source lacks ("SGLang: P99 TTFT and
// median TPS"), as the capacity section lists them (SLOSubstitutes);
// "" when every SLO is checked on the headline statistic.
func (v *view) standIns() string {
	l := v.loc
	p := analyze.Percentile(v.Headline())
	var slowTail, items []string
	used := map[string][]string{} // config → its stand-ins, in order
	for _, u := range v.sloStatsUsed(p) {
		switch {
		case u.stat == analyze.StatNone:
		case u.metric == "TPS" && u.stat == string(analyze.P10):
			slowTail = append(slowTail, v.Name(u.config))
		default:
			used[u.config] = append(used[u.config], v.StatWord(u.stat)+" "+u.metric)
		}
	}
	for _, c := range v.R.Configs {
		if len(used[c.ID]) > 0 {
			items = append(items, v.Name(c.ID)+": "+l.List(used[c.ID]))
		}
	}
	var parts []string
	switch {
	case len(slowTail) == len(v.R.Configs):
		parts = append(parts, l.T("caveat_tps_p10_all"))
	case len(slowTail) > 0:
		parts = append(parts, l.T("caveat_tps_p10", "Configs", l.List(slowTail)))
	}
	if len(items) > 0 {
		parts = append(parts, l.T("caveat_stand_ins", "Stat", v.StatWord(string(p)), "Items", strings.Join(items, "; ")))
	}
	return strings.Join(parts, "; ")
}
