package comparison

import (
	"math"
	"strings"

	"github.com/openzeka/reportgen/analyze/compare"
	"github.com/openzeka/reportgen/render"
)

// The verdict (page 2): the overall verdict, with one run per side the
// line that says what its p-values are worth, a table of the
// configurations with what changed and what to do, what the verdict
// leaves out, and its rule in short.

// Overall is the overall verdict as the verdict section opens it, with
// what the verdict word means there.
func (v *view) Overall() string {
	return v.loc.T("compare_overall_"+string(v.C.Verdict), "Pct", v.Threshold(), "Ref", v.scopeRef())
}

// scopeRef links the section on what differs.
func (v *view) scopeRef() string { return render.Ref(v.loc.T("compare_sec_scope")) }

// OneRun is, when every level was measured once on each side, the line
// that says what that leaves the p-values and the changes under
// rerunPct; "" otherwise, or when nothing was compared.
func (v *view) OneRun() string {
	if !v.C.OneRunPerSide || len(v.C.Configs) == 0 {
		return ""
	}
	pct := v.loc.Pct(rerunPct/100, 0)
	if v.tested() {
		return v.loc.T("compare_one_run", "Pct", pct)
	}
	return v.loc.T("compare_one_run_untested", "Pct", pct)
}

// tested reports whether any delta has a p-value (Welch's t or the
// quantile test).
func (v *view) tested() bool {
	for _, cf := range v.C.Configs {
		for _, d := range cf.Deltas {
			if d.Test == compare.TestWelch || d.Test == compare.TestQuantile {
				return true
			}
		}
	}
	return false
}

// Decisions is the verdict's table: per matched configuration its
// verdict, what changed (the confirmed headline changes, what nothing
// confirmed, what cannot be told) and the action it asks for; then each
// configuration of one side only, with its capacity. Two columns, so
// that on a phone's screen what changed stays beside its configuration.
func (v *view) Decisions() render.Table {
	t := render.Table{Head: []string{v.loc.T("compare_col_config_verdict"), v.loc.T("compare_col_what")}, Align: "ll"}
	row := func(name, verdict, what, action string) []string {
		return []string{v.loc.T("compare_decision_name", "Name", name, "Verdict", verdict), v.loc.T("compare_decision", "What", what, "Action", action)}
	}
	for _, cf := range v.C.Configs {
		t.Rows = append(t.Rows, row(v.configName(cf), v.loc.T("compare_verdict_"+string(cf.Verdict)), v.whatChanged(cf), v.action(cf)))
	}
	for _, u := range v.C.Unmatched.Configs {
		t.Rows = append(t.Rows, row(v.name(u.ID, u.Side == compare.SideCandidate), v.loc.T("compare_only_"+u.Side+"_short"),
			v.loc.T("compare_what_one_side", "Capacity", v.ownCapacity(u), "Ref", v.scopeRef()), v.loc.T("compare_action_one_side_"+u.Side)))
	}
	return t
}

// whatChanged is a matched configuration's cell of what changed: its
// confirmed headline changes by the way they went, why nothing counts
// where nothing does, what nothing confirmed and what cannot be told.
func (v *view) whatChanged(cf compare.Config) string {
	var parts []string
	better, worse := v.changed(cf, compare.Improved), v.changed(cf, compare.Regressed)
	switch cf.Verdict {
	case compare.Mixed, compare.Better, compare.Worse:
		if len(better) > 0 {
			parts = append(parts, v.loc.T("compare_what_better", "List", strings.Join(better, "; ")))
		}
		if len(worse) > 0 {
			parts = append(parts, v.loc.T("compare_what_worse", "List", strings.Join(worse, "; ")))
		}
	case compare.NoChange:
		parts = append(parts, v.noChange(cf))
	default:
		parts = append(parts, v.loc.T("compare_incomparable"))
	}
	if un := v.unconfirmed(cf); len(un) > 0 {
		parts = append(parts, v.loc.T("compare_not_counted", "List", strings.Join(un, "; ")))
	}
	if s := v.cannotTell(cf); s != "" {
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// noChange says why a configuration shows no change: nothing confirmed
// (what went unconfirmed follows), its largest tested headline
// difference and why that does not count, or nothing beyond the
// threshold.
func (v *view) noChange(cf compare.Config) string {
	if len(cf.Unconfirmed) > 0 {
		return v.loc.T("compare_none_confirmed")
	}
	var largest *compare.Delta
	best := -1.0
	for i := range cf.Deltas {
		d := &cf.Deltas[i]
		if !d.Headline || d.Change != compare.Unchanged || !d.Beyond || !(d.Old > 0) || !(d.New > 0) {
			continue
		}
		if s := math.Abs(math.Log(d.New / d.Old)); s > best {
			largest, best = d, s
		}
	}
	if largest == nil {
		return v.loc.T("compare_no_change", "Pct", v.Threshold())
	}
	return v.loc.T("compare_no_change_largest", "Delta", v.deltaPhrase(*largest), "Alpha", v.Alpha())
}

// cannotTell names the configuration-wide headline changes the data
// cannot tell (a capacity that is a lower bound), and why.
func (v *view) cannotTell(cf compare.Config) string {
	var items []string
	why := ""
	same := true
	for _, d := range cf.Deltas {
		if !d.Headline || d.Load != nil || d.Change != compare.Unknown {
			continue
		}
		items = append(items, v.loc.T("compare_what_value_bare", "What", v.metricName(d),
			"Old", v.value(d.Metric, d.Old, d.OldAtLeast, d.OldEstimated), "New", v.value(d.Metric, d.New, d.NewAtLeast, d.NewEstimated)))
		w := v.unknownWhy(d)
		same = same && (why == "" || why == w)
		why = w
	}
	switch {
	case len(items) == 0:
		return ""
	case !same:
		why = v.loc.T("compare_unknown_long_absent")
	}
	return v.loc.T("compare_cannot_tell", "List", v.loc.List(items), "Why", why)
}

// unknownWhy says why a change cannot be told, in a sentence.
func (v *view) unknownWhy(d compare.Delta) string {
	switch {
	case d.Reason == "both_lower_bounds":
		return v.loc.T("compare_bound_both")
	case d.Reason == "lower_bound" && d.NewAtLeast:
		return v.loc.T("compare_bound_new")
	case d.Reason == "lower_bound":
		return v.loc.T("compare_bound_old")
	}
	return v.loc.T("compare_unknown_long_" + unknownReason(d.Reason))
}

// LeftOut says, in one line, what the verdict leaves out besides the
// configurations of one side only (the table has them): levels not
// compared and metrics refused, pointing to the section that details
// them; "" when nothing is left out.
func (v *view) LeftOut() string {
	var items []string
	if lines := v.UnmatchedLevels(); len(lines) > 0 && len(lines) <= 3 {
		items = append(items, lines...) // few: named where the verdict is read
	} else if n := len(v.C.Unmatched.Levels); n > 0 {
		items = append(items, v.loc.N("compare_left_levels", n))
	}
	if n := len(v.refusalGroups()); n > 0 {
		items = append(items, v.loc.N("compare_left_refused", n))
	}
	if len(items) == 0 {
		return ""
	}
	return v.loc.T("compare_left_out", "List", strings.Join(items, "; "), "Ref", v.scopeRef())
}

// Rule says how the verdict is reached, in short.
func (v *view) Rule() string {
	return v.loc.T("compare_rule", "Pct", v.Threshold(), "Alpha", v.Alpha(), "Ref", render.Ref(v.loc.T("compare_sec_method")))
}
