package report

import (
	"strings"

	"github.com/openzeka/reportgen/analyze"
)

// Ties that do not hide a winner (analyze's tie-breaks): when the
// capacities are on par or cannot be ranked, the capacity finding says
// so, then what named the pick, rival by rival: more SLO headroom at
// the shared capacity level (each statistic named as itself, with its
// value and the threshold), or never worse on any compared statistic.

// phraseTieBroken words a capacity leader a tie-break named: the
// capacities as they stand (on par, or lower bounds), then the
// tie-breaks and the pick.
func (v *view) phraseTieBroken(f analyze.Finding) string {
	l := v.loc
	leader := v.findingName(f, 0)
	args := v.capacityArgs(f.Values, leader, v.findingName(f, 1), f.Estimated, findingID(f, 0), findingID(f, 1))
	base := l.T("tb_base_tie", args...)
	if f.Values["lower_bound"] == 1 || f.Values["next_lower_bound"] == 1 {
		base = v.unranked(analyze.Finding{Configs: f.Configs}, "finding_capacity_unranked")
	}
	return v.withFragile(l.T("tb_sentence", "Base", base, "Why", v.tieWhy(f, true), "Leader", leader), f.Fragile)
}

// tieWhy words the tie-breaks of a capacity finding: the rivals decided
// by headroom, with each one's headroom against the leader's, and those
// decided by dominance; start is true where the words open a sentence.
func (v *view) tieWhy(f analyze.Finding, start bool) string {
	l := v.loc
	leader := v.findingName(f, 0)
	var byHeadroom, headrooms, byDominance []string
	for _, r := range f.TieRivals {
		switch r.By {
		case analyze.TieBreakHeadroom:
			byHeadroom = append(byHeadroom, v.Name(r.Config))
			headrooms = append(headrooms, l.T("tb_rival_headroom", "Config", v.Name(r.Config), "Headroom", v.headroomOf(r.Config)))
		case analyze.TieBreakDominance:
			byDominance = append(byDominance, v.Name(r.Config))
		}
	}
	var parts []string
	first := func(id string) string {
		if start && len(parts) == 0 {
			return id + "_start"
		}
		return id
	}
	if len(byHeadroom) > 0 {
		parts = append(parts, l.T(first("tb_headroom"), "Leader", leader, "C", l.At(analyze.Load(f.Values["max_load"])),
			"Rivals", l.List(byHeadroom), "Own", v.headroomOf(f.Configs[0]), "Theirs", l.List(headrooms)))
	}
	if len(byDominance) > 0 {
		id := first("tb_dominance")
		if len(byHeadroom) > 0 {
			id = "tb_dominance_also"
		}
		parts = append(parts, l.T(id, "Leader", leader, "Rivals", l.List(byDominance)))
	}
	return strings.Join(parts, ", ")
}

// headroomOf words config id's binding SLO headroom at its capacity
// level: "P90 TTFT 302.0 ms, 40% under the 500 ms SLO" (a stand-in
// statistic named as itself).
func (v *view) headroomOf(id string) string {
	l := v.loc
	c, ok := v.R.Config(id)
	if !ok {
		return ""
	}
	pct := v.R.Params.Percentile
	lv, ok := c.Level(c.Capacity.Get(pct).Max)
	if !ok {
		return ""
	}
	h, metric, x := analyze.Headroom(lv, v.R.Params, pct)
	sv := lv.SLO.Get(pct)
	if metric == analyze.TPS {
		return l.T("tb_headroom_tps", "Stat", v.StatWord(orStat(sv.TPSStat, pct)), "Value", l.Num(x, 1), "Pct", l.Pct(h, 0),
			"Threshold", l.Num(v.R.Params.SLOTPS, 0))
	}
	return l.T("tb_headroom_ttft", "Stat", v.StatWord(orStat(sv.TTFTStat, pct)), "Value", l.Num(x, 1), "Pct", l.Pct(h, 0),
		"Threshold", l.Num(v.R.Params.SLOTTFTms, 0))
}

// orStat is the statistic an SLO was checked on: the stand-in used, else
// pct itself.
func orStat(used string, pct analyze.Percentile) string {
	if used == "" {
		return string(pct)
	}
	return used
}

// highLoadTieBroken is the high-load scenario's reason when a tie-break
// named the pick: the capacities as they stand, then why it is the pick.
func (v *view) highLoadTieBroken(s analyze.Scenario) string {
	f, ok := v.capacityFinding()
	if !ok || f.TieBreak == "" {
		return ""
	}
	l := v.loc
	args := v.capacityArgs(s.Values, v.Name(s.Config), v.Name(s.RunnerUp), s.Estimated, s.Config, s.RunnerUp)
	base := l.T("why_tb_tie", args...)
	if f.Values["lower_bound"] == 1 || f.Values["next_lower_bound"] == 1 {
		base = v.unranked(analyze.Finding{Configs: f.Configs}, "why_high_load_unranked")
	}
	return v.withFragile(base+"; "+v.tieWhy(f, false), s.Fragile)
}
