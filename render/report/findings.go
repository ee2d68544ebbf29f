package report

import (
	"github.com/openzeka/reportgen/analyze"
)

// phraser words one kind of finding: phrase writes a finding of the kind
// in the edition's language ("" where another sentence already tells
// it), and messages are the ids of the messages only it uses, which
// every language must define.
type phraser struct {
	phrase   func(*view, analyze.Finding) string
	messages []string
}

// phrasers word each kind of finding, one row per rule of analyze.Rules:
// a kind without one would drop out of the report unnoticed, so
// TestEveryFindingKindIsPhrased holds the two tables to each other.
var phrasers = map[analyze.FindingKind]phraser{
	analyze.SpecLowLoad: {(*view).phraseSpecLow, []string{"finding_spec_low_faster", "finding_spec_low_par", "finding_spec_low_slower", "finding_spec_low_unpaid"}},
	analyze.SpecBreakEven: {(*view).phraseBreakEven, []string{"finding_pays_off", "window_up_to", "window_from", "users_about", "reason_not_delivered",
		"reason_slo_ttft", "reason_slo_tps", "reason_latency", "diff_time_up", "reason_tps_on_par", "reason_tps_on_par_cross", "reason_subject", "fragile_sentence"}},
	analyze.SpecNoBreakEven: {(*view).phraseNoBreakEven, []string{"finding_no_break_even"}},
	analyze.SpecHighLoad:    {(*view).phraseSpecHigh, []string{"finding_spec_high"}},
	analyze.CapacityLeader: {(*view).phraseCapacity, []string{"finding_capacity_only", "finding_capacity_tie", "finding_capacity_alone", "finding_capacity",
		"tb_base_tie", "tb_sentence", "tb_headroom_start", "tb_rival_headroom", "tb_headroom_ttft", "tb_headroom_tps", "tb_dominance_start", "tb_dominance_also"}},
	analyze.CapacityUnranked: {(*view).phraseUnranked, []string{"finding_capacity_unranked", "finding_capacity_unranked_unknown", "finding_capacity_unranked_mixed"}},
	analyze.AggregateLeader:  {(*view).phraseAggregate, []string{"finding_aggregate_only", "finding_aggregate", "finding_aggregate_tie", "finding_aggregate_rising"}},
	analyze.TTFTLeader:       {(*view).phraseTTFT, []string{"finding_ttft_tie", "finding_ttft", "finding_ttft_high", "finding_ttft_high_again"}},
	analyze.AnomalyNote: {(*view).phraseAnomalyNote, []string{"anomaly_saturation_rate", "anomaly_saturation_fall", "anomaly_saturation",
		"anomaly_scheduling_change", "anomaly_scheduling_itl", "anomaly_scheduling_meaning", "anomaly_ttft_jump", "anomaly_ttft_jump_offered",
		"anomaly_aggregate_drop", "anomaly_cap", "anomaly_cap_graph", "anomaly_cap_later", "anomaly_cap_later_graph"}},
	analyze.TPSFastTail:  {(*view).phraseFastTail, []string{"tps_fast_tail_none", "tps_fast_tail_flips", "tps_fast_tail_capacity", "statw_mean_or_median"}},
	analyze.CostLeader:   {(*view).phraseCostLeader, []string{"energy_finding_cost"}},
	analyze.EnergyLeader: {(*view).phraseEnergyLeader, []string{"energy_finding_energy"}},

	analyze.LeaderLow:     {(*view).phraseLeader, []string{"sf_leader_tie", "sf_leader_low_lower", "sf_leader_low_higher"}},
	analyze.LeaderHigh:    {(*view).phraseLeader, []string{"sf_leader_tie", "sf_leader_high_lower", "sf_leader_high_higher"}},
	analyze.SpecEffect:    {(*view).phraseSpecEffect, []string{"sf_spec_effect", "cmp_par", "cmp_better", "cmp_worse"}},
	analyze.SLOBoundary:   {(*view).phraseSLO, []string{"sf_slo_boundary", "sf_mean_below", "stands_in", "stands_in_p10"}},
	analyze.SLOAllPass:    {(*view).phraseSLO, []string{"sf_slo_all_pass", "sf_mean_below", "stands_in", "stands_in_p10"}},
	analyze.SLONonePass:   {(*view).phraseSLO, []string{"sf_slo_none_pass", "stands_in", "stands_in_p10"}},
	analyze.SLOUnchecked:  {(*view).phraseSLO, []string{"sf_slo_unchecked"}},
	analyze.Growth:        {(*view).phraseGrowth, []string{"sf_growth_up", "sf_growth_down", "sf_growth_up_unbounded", "sf_growth_down_unbounded"}},
	analyze.PeakAggregate: {(*view).phrasePeak, []string{"sf_peak"}},
	analyze.ThroughputGap: {(*view).phraseGap, []string{"sf_throughput_gap"}},

	analyze.LatencyConsistent: {(*view).phraseConsistency, []string{"sf_consistent"}},
}

// phrase writes one finding as a sentence of the report language.
func (v *view) phrase(f analyze.Finding) string {
	p, ok := phrasers[f.Kind]
	if !ok {
		return "" // a kind of a newer analysis.json; TestEveryFindingKindIsPhrased covers this build's
	}
	return p.phrase(v, f)
}

// kindOrder is each headline kind's place in the conclusion's topic
// order (analyze.Rule.Order).
func kindOrder() map[analyze.FindingKind]int {
	order := map[analyze.FindingKind]int{}
	for _, r := range analyze.Rules() {
		order[r.Kind] = r.Order
	}
	return order
}
