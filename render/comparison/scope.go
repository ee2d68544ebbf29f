package comparison

import (
	"slices"
	"strconv"
	"strings"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/analyze/compare"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/present"
)

// What differs (section 2): what the sides share and what differs
// between them, the metrics refused, how the configurations were
// paired, the configurations of one side only with their own numbers,
// the levels not compared, and the two reports' notes.

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

// oneSided is a configuration of one side only as section 2 shows it:
// a line with its side, tool and capacity, and its own numbers per
// level.
type oneSided struct {
	Head  string
	Table render.Table
}

// OneSided are the configurations of one side only, each with its own
// numbers: its capacity, and per level TTFT at the headline statistic,
// mean per-user TPS and the system throughput, as its side measured
// them (not compared with anything).
func (v *view) OneSided() []oneSided {
	out := make([]oneSided, 0, len(v.C.Unmatched.Configs))
	for _, u := range v.C.Unmatched.Configs {
		head := v.loc.T("compare_own_head", "Name", v.name(u.ID, u.Side == compare.SideCandidate), "Side", v.loc.T("compare_only_"+u.Side+"_short"),
			"Tool", render.Code(u.Tool), "Capacity", v.ownCapacity(u))
		out = append(out, oneSided{Head: head, Table: v.ownTable(u)})
	}
	return out
}

// ownCapacity is a one-sided configuration's capacity at the headline
// statistic: "C_max (P90) 16, 231 users", "C_max (P90) ≥ 32, ≥ 310
// users" for a lower bound.
func (v *view) ownCapacity(u compare.UnmatchedConfig) string {
	what := v.metricName(compare.Delta{Metric: compare.CapacityLoad, Stat: analyze.Statistic(v.C.Percentile)})
	load := present.LoadCell(v.loc, u.Capacity)
	if u.Side == compare.SideCandidate && v.locNew != nil {
		load = present.LoadCell(v.locNew, u.Capacity)
	}
	if !u.Capacity.UsersKnown() {
		return v.loc.T("compare_own_capacity", "What", what, "Load", load)
	}
	users := present.UsersCell(v.loc, u.Capacity)
	if r := v.sideReport(u.Side); r != nil && present.UsersEstimated(r, u.Capacity) {
		users = v.value(compare.CapacityUsers, float64(u.Capacity.Users), u.Capacity.LowerBound, true)
	}
	return v.loc.N("compare_own_capacity_users", u.Capacity.Users, "What", what, "Load", load, "Users", users)
}

// ownTable is a one-sided configuration's numbers per level: TTFT at
// the headline statistic (another where its source lacks it, named in
// its cell), per-user TPS at its statistic, the system throughput.
func (v *view) ownTable(u compare.UnmatchedConfig) render.Table {
	ttft, tps := compare.Metric(analyze.TTFT), compare.Metric(analyze.TPS)
	var ttftStat, tpsStat analyze.Statistic
	if len(u.Levels) > 0 {
		ttftStat, tpsStat = u.Levels[0].TTFTStat, u.Levels[0].TPSStat
	}
	t := render.Table{Head: []string{v.loc.T("compare_col_level"), v.statCell(compare.Delta{Metric: ttft, Stat: ttftStat}),
		v.statCell(compare.Delta{Metric: tps, Stat: tpsStat}), v.statCell(compare.Delta{Metric: compare.Metric(analyze.SystemRPS)})}, Align: "lrrr"}
	cell := func(m compare.Metric, x float64, st, want analyze.Statistic) string {
		s := v.value(m, x, false, false)
		if st != want && s != "–" {
			s += " (" + v.loc.T("stat_"+string(st)) + ")"
		}
		return s
	}
	for _, l := range u.Levels {
		t.Rows = append(t.Rows, []string{v.at(l.Load, u.Side), cell(ttft, l.TTFT, l.TTFTStat, ttftStat), cell(tps, l.TPS, l.TPSStat, tpsStat),
			v.value(compare.Metric(analyze.SystemRPS), l.SystemRPS, false, false)})
	}
	return t
}

// Pairings say how configurations were paired where not by their ids:
// as the only configuration of each side, or by --match.
func (v *view) Pairings() []string {
	var out []string
	for _, cf := range v.C.Configs {
		o, n := render.Escape(cf.Old.Name.In(v.loc.Lang)), render.Escape(cf.New.Name.In(v.loc.Lang))
		switch cf.Pairing {
		case compare.PairSingle:
			out = append(out, v.loc.T("compare_pairing_single", "Old", o, "New", n))
		case compare.PairByMatch:
			out = append(out, v.loc.T("compare_pairing_match", "Old", o, "New", n))
		}
	}
	return out
}

// noteSections are the sections a manifest's notes name, in the
// report's order (ingest.NoteSections); a note of another name comes
// after them.
var noteSections = []string{"summary", "model", "hardware", "configs", "limits", "conclusion"}

// note is a side's note on one section of its report: its label and
// its Markdown.
type note struct{ Label, Text string }

// Notes are both sides' notes, the baseline's first, each by section:
// what the two reports said beside their numbers.
func (v *view) Notes() []note {
	var out []note
	for _, s := range []struct {
		label string
		notes map[string]analyze.Text
	}{{"compare_note_baseline", v.C.Baseline.Notes}, {"compare_note_candidate", v.C.Candidate.Notes}} {
		keys := make([]string, 0, len(s.notes))
		for k := range s.notes {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(a, b string) int {
			ia, ib := slices.Index(noteSections, a), slices.Index(noteSections, b)
			if ia < 0 {
				ia = len(noteSections)
			}
			if ib < 0 {
				ib = len(noteSections)
			}
			if ia != ib {
				return ia - ib
			}
			return strings.Compare(a, b)
		})
		for _, k := range keys {
			text := present.Clean(strings.TrimSpace(s.notes[k].In(v.loc.Lang)))
			if text == "" {
				continue
			}
			section := render.Escape(k)
			if slices.Contains(noteSections, k) {
				section = v.loc.T("compare_note_section_" + k)
			}
			out = append(out, note{Label: v.loc.T(s.label, "Section", section), Text: text})
		}
	}
	return out
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

// sideReport is the analysis of one side (compare.SideBaseline or
// SideCandidate); nil when the comparison holds none.
func (v *view) sideReport(side string) *analyze.Report {
	if side == compare.SideCandidate {
		return v.C.New
	}
	return v.C.Old
}
