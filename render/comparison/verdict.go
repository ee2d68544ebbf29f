package comparison

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/analyze/compare"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/present"
)

// Overall is the overall verdict as the verdict section opens it, with
// what the verdict word means there.
func (v *view) Overall() string {
	return v.loc.T("compare_overall_"+string(v.C.Verdict), "Old", v.Old(), "New", v.New(), "Pct", v.Threshold(),
		"Ref", render.Ref(v.loc.T("compare_sec_scope")))
}

// ConfigVerdicts are one line per matched configuration: its verdict,
// the headline changes that decided it with old → new, the change and
// how its significance was judged; for no change the largest headline
// difference and why it does not count; and the capacities that cannot
// be told.
func (v *view) ConfigVerdicts() []string {
	out := make([]string, 0, len(v.C.Configs))
	for _, cf := range v.C.Configs {
		head := v.loc.T("compare_config_verdict", "Name", v.configName(cf), "Verdict", v.loc.T("compare_verdict_"+string(cf.Verdict)))
		parts := []string{head}
		switch cf.Verdict {
		case compare.Mixed:
			var better, worse []compare.Delta
			for _, d := range cf.DecidedBy {
				if d.Change == compare.Improved {
					better = append(better, d)
				} else {
					worse = append(worse, d)
				}
			}
			parts = append(parts, v.loc.T("compare_mixed_by", "Better", v.phrases(better), "Worse", v.phrases(worse)))
		case compare.Better, compare.Worse:
			parts = append(parts, v.loc.T("compare_decided_by", "List", v.phrases(cf.DecidedBy)))
			if len(cf.Against) > 0 {
				parts = append(parts, v.loc.T("compare_against", "List", v.phrases(cf.Against)))
			}
		case compare.NoChange:
			parts = append(parts, v.noChange(cf))
		default:
			parts = append(parts, v.loc.T("compare_incomparable"))
		}
		if s := v.cannotTell(cf); s != "" {
			parts = append(parts, s)
		}
		out = append(out, strings.Join(parts, " "))
	}
	return out
}

// noChange says why a configuration shows no change: no headline
// change counts; its largest headline difference, and why that one
// does not.
func (v *view) noChange(cf compare.Config) string {
	var largest *compare.Delta
	size := -1.0
	for i := range cf.Deltas {
		d := &cf.Deltas[i]
		if !d.Headline || d.Change != compare.Unchanged || !(d.Old > 0) || !(d.New > 0) {
			continue
		}
		if s := math.Abs(math.Log(d.New / d.Old)); s > size {
			largest, size = d, s
		}
	}
	if largest == nil {
		return v.loc.T("compare_no_change", "Pct", v.Threshold())
	}
	return v.loc.T("compare_no_change_largest", "Pct", v.Threshold(), "Delta", v.deltaPhrase(*largest),
		"Why", v.loc.T("compare_why_same_"+v.sameWhy(*largest), "Pct", v.Threshold(), "Alpha", v.Alpha()))
}

// cannotTell names the configuration-wide headline changes the data
// cannot tell (a capacity that is a lower bound), and why.
func (v *view) cannotTell(cf compare.Config) string {
	var items []string
	for _, d := range cf.Deltas {
		if !d.Headline || d.Load != nil || d.Change != compare.Unknown {
			continue
		}
		items = append(items, v.loc.T("compare_cannot_tell_item", "What", v.what(d),
			"Old", v.value(d.Metric, d.Old, d.OldAtLeast), "New", v.value(d.Metric, d.New, d.NewAtLeast), "Why", v.unknownWhy(d)))
	}
	if len(items) == 0 {
		return ""
	}
	return v.loc.T("compare_cannot_tell", "List", strings.Join(items, "; "))
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

// LeftOut says, in one line, what the verdict leaves out (configurations
// of one side only, levels not compared, metrics refused), pointing to
// the section that details it; "" when nothing is left out.
func (v *view) LeftOut() string {
	var items []string
	for _, u := range v.C.Unmatched.Configs {
		items = append(items, v.loc.T("compare_only_"+u.Side, "Name", v.name(u.ID, u.Side == compare.SideCandidate)))
	}
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
	return v.loc.T("compare_left_out", "List", strings.Join(items, "; "), "Ref", render.Ref(v.loc.T("compare_sec_scope")))
}

// Rule says how the verdict is reached, in short.
func (v *view) Rule() string {
	return v.loc.T("compare_rule", "Stat", v.Stat(), "Pct", v.Threshold(), "Alpha", v.Alpha(), "Ref", render.Ref(v.loc.T("compare_sec_method")))
}

// Shared is what both sides share of what compare checks (model, token
// lengths, load axis, SLOs, think time, target interactivity), with the
// values; "" when they share none of it.
func (v *view) Shared() string {
	differs := map[string]bool{}
	for _, d := range v.C.Differences {
		if d.Config == "" {
			differs[d.Key] = true
		}
	}
	old := v.C.Baseline
	p := old.Params
	var items []string
	if m := v.C.Old.Meta.Model.In(v.loc.Lang); m != "" && !differs["model"] {
		items = append(items, v.loc.T("compare_share_model", "Model", render.Escape(m)))
	}
	if !differs["input_tokens"] && !differs["output_tokens"] && old.InputTokens > 0 && old.OutputTokens > 0 {
		items = append(items, v.loc.T("compare_share_tokens", "In", v.loc.Int(old.InputTokens), "Out", v.loc.Int(old.OutputTokens)))
	}
	if !differs["load_axis"] {
		items = append(items, v.loc.T("compare_share_axis"))
	}
	if !differs["slo_ttft_ms"] && !differs["slo_tps"] && !differs["percentile"] {
		items = append(items, v.loc.T("compare_share_slo", "SLO", v.sloPhrase(p)))
	}
	if !differs["think_s"] {
		items = append(items, present.ThinkText(v.loc, p.ThinkS, "compare_share_think"))
	}
	if !differs["interactivity_target"] && analyze.Known(v.C.Target) {
		items = append(items, v.loc.T("compare_share_target", "Target", v.loc.Num(v.C.Target, 0)))
	}
	if len(items) == 0 {
		return ""
	}
	return v.loc.T("compare_shared", "List", v.loc.List(items))
}

// sloPhrase writes the SLOs of p: "TTFT ≤ 1,000 ms and TPS ≥ 20 tok/s
// at P90".
func (v *view) sloPhrase(p analyze.Params) string {
	stat := v.loc.T("statw_" + string(p.Percentile))
	ttft := v.loc.Num(p.SLOTTFTms, 0)
	if p.SLOTPS <= 0 {
		return v.loc.T("compare_slo_ttft_only", "TTFT", ttft, "Stat", stat)
	}
	return v.loc.T("compare_slo_both", "TTFT", ttft, "TPS", present.Seconds(v.loc, p.SLOTPS), "Stat", stat)
}

// Differences is the table of what differs between the sides: each
// setting, the configuration it belongs to (every one for a campaign's),
// and its value on each side; nil when nothing differs.
func (v *view) Differences() *render.Table {
	if len(v.C.Differences) == 0 {
		return nil
	}
	t := &render.Table{Head: []string{v.loc.T("compare_col_setting"), v.loc.T("col_config"), v.loc.T("compare_col_baseline"), v.loc.T("compare_col_candidate")}, Align: "llll"}
	for _, d := range v.C.Differences {
		cfg := v.loc.T("compare_every_config")
		if d.Config != "" {
			cfg = v.name(d.Config, false)
		}
		t.Rows = append(t.Rows, []string{v.loc.T("compare_key_" + strings.ReplaceAll(d.Key, ".", "_")), cfg, v.setting(d.Key, d.Old), v.setting(d.Key, d.New)})
	}
	return t
}

// setting writes one side's value of a difference in words: "≤ 1,000
// ms", "45 s", "per request: … (TPOT)"; "unknown" when the side does
// not state it.
func (v *view) setting(key, s string) string {
	if s == "" {
		return v.loc.T("compare_value_unknown")
	}
	switch key {
	case "slo_ttft_ms":
		return "≤ " + v.number(s, 0) + " ms"
	case "slo_tps":
		if x, _ := strconv.ParseFloat(s, 64); x == 0 {
			return v.loc.T("slo_none")
		}
		return "≥ " + v.number(s, 1) + " " + v.loc.T("unit_word_tps")
	case "think_s":
		x, _ := strconv.ParseFloat(s, 64)
		return present.Seconds(v.loc, x) + " s"
	case "input_tokens", "output_tokens", "gpus":
		n, _ := strconv.Atoi(s)
		return v.loc.Int(n)
	case "interactivity_target":
		return v.loc.T("compare_value_target", "Target", v.number(s, 0))
	case "percentile":
		return v.loc.T("statw_" + s)
	case "load_axis":
		return v.loc.T("compare_axis_" + s)
	case "definitions.itl", "definitions.tps", "definitions.rps":
		return v.loc.T("defn_" + strings.TrimPrefix(key, "definitions.") + "_" + s)
	case "tool":
		return render.Code(s)
	}
	return render.Escape(s)
}

// refusalGroup is the metrics refused for one reason, of one
// configuration (or every one).
type refusalGroup struct {
	config, reason, old, new string
	metrics                  []string
}

// refusalGroups are the refusals grouped by configuration, reason and
// values, in the order they first appear.
func (v *view) refusalGroups() []refusalGroup {
	var out []refusalGroup
	for _, r := range v.C.Refused {
		i := slices.IndexFunc(out, func(g refusalGroup) bool {
			return g.config == r.Config && g.reason == r.Reason && g.old == r.Old && g.new == r.New
		})
		if i < 0 {
			out = append(out, refusalGroup{config: r.Config, reason: r.Reason, old: r.Old, new: r.New})
			i = len(out) - 1
		}
		out[i].metrics = append(out[i].metrics, r.Metric)
	}
	return out
}

// Refusals are the metrics not compared and why, one line per reason
// and configuration.
func (v *view) Refusals() []string {
	var out []string
	for _, g := range v.refusalGroups() {
		var names []string
		for _, m := range g.metrics {
			names = append(names, v.loc.T("compare_mshort_"+m))
		}
		cfg := v.loc.T("compare_every_config")
		if g.config != "" {
			cfg = v.name(g.config, false)
		}
		kv := []any{"Config", cfg, "What", v.loc.List(names), "Old", g.old, "New", g.new}
		switch g.reason {
		case "definition_differs":
			kv = append(kv, "Def", v.definitionOf(g.old), "Old", v.definitionWords(g.old), "New", v.definitionWords(g.new))
		case "slo_differs":
			kv = append(kv, "Old", v.sloPhrase(v.C.Old.Params), "New", v.sloPhrase(v.C.New.Params))
		case "think_differs", "target_differs":
			kv = append(kv, "Old", v.setting(map[string]string{"think_differs": "think_s", "target_differs": "interactivity_target"}[g.reason], g.old),
				"New", v.setting(map[string]string{"think_differs": "think_s", "target_differs": "interactivity_target"}[g.reason], g.new))
		case "axis_differs":
			kv = append(kv, "Old", v.setting("load_axis", g.old), "New", v.setting("load_axis", g.new))
		case "gpus_unknown":
			kv = append(kv, "Old", v.setting("gpus", g.old), "New", v.setting("gpus", g.new))
		}
		out = append(out, capFirst(v.loc.T("compare_refused_"+g.reason, kv...), v))
	}
	return out
}

// definitionOf names the metric a definition is of: ITL for tpot and
// chunk, per-user TPS for request and decode.
func (v *view) definitionOf(def string) string {
	if def == "tpot" || def == "chunk" {
		return v.loc.T("compare_mshort_itl_ms")
	}
	return v.loc.T("compare_mshort_tps")
}

// definitionWords states a definition as the report's definitions table
// does.
func (v *view) definitionWords(def string) string {
	if def == "tpot" || def == "chunk" {
		return v.loc.T("defn_itl_" + def)
	}
	return v.loc.T("defn_tps_" + def)
}

// UnmatchedConfigs are the configurations of one side only: "vLLM +
// EAGLE-3 (candidate only)"; "" when there are none.
func (v *view) UnmatchedConfigs() string {
	var items []string
	for _, u := range v.C.Unmatched.Configs {
		items = append(items, v.loc.T("compare_only_"+u.Side, "Name", v.name(u.ID, u.Side == compare.SideCandidate)))
	}
	if len(items) == 0 {
		return ""
	}
	return v.loc.N("compare_unmatched_configs", len(items), "List", v.loc.List(items))
}

// UnmatchedLevels are the levels of matched configurations not
// compared, one line per configuration, reason and side: "SGLang: c=32,
// measured by the baseline only".
func (v *view) UnmatchedLevels() []string {
	type group struct {
		config, reason, side string
		levels               []string
	}
	var gs []group
	for _, u := range v.C.Unmatched.Levels {
		i := slices.IndexFunc(gs, func(g group) bool { return g.config == u.Config && g.reason == u.Reason && g.side == u.Side })
		if i < 0 {
			gs = append(gs, group{config: u.Config, reason: u.Reason, side: u.Side})
			i = len(gs) - 1
		}
		gs[i].levels = append(gs[i].levels, v.at(u.Load, u.Side))
	}
	out := make([]string, 0, len(gs))
	for _, g := range gs {
		out = append(out, v.loc.T("compare_level_"+g.reason+"_"+g.side, "Config", v.name(g.config, false), "Levels", strings.Join(g.levels, ", ")))
	}
	return out
}

// at names a level of one side ("c=16", "4 req/s"): on the candidate's
// load axis where the side is the candidate's and the axes differ.
func (v *view) at(x analyze.Load, side string) string {
	if side == compare.SideCandidate && v.locNew != nil {
		return v.locNew.At(x)
	}
	return v.loc.At(x)
}

// AllCompared reports whether every configuration and level of each
// side was compared and no metric refused.
func (v *view) AllCompared() bool {
	return len(v.C.Unmatched.Configs) == 0 && len(v.C.Unmatched.Levels) == 0 && len(v.C.Refused) == 0
}
