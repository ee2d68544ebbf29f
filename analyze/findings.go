package analyze

import (
	"math"
)

// Finding is one statement the data supports, typed so that a renderer
// can phrase it in any language: its kind, the report section it belongs
// to, the configs and levels it is about, and the numbers behind it.
type Finding struct {
	Kind FindingKind `json:"kind"`
	// Section is where the finding is told: "summary" for the headline
	// findings, else a metric section ("ttft_ms", "itl_ms", "tps",
	// "latency_s", "system_rps", "aggregate_tps") or "quality".
	Section string   `json:"section"`
	Configs []string `json:"configs"`
	Levels  []Load   `json:"levels,omitempty"`
	Values  Numbers  `json:"values"`
	// Tie is true when the comparison the finding makes is within the
	// tie threshold: the configs are on par, and no winner is named.
	Tie bool `json:"tie,omitempty"`
	// Stat is the statistic the finding's values are ("mean", "p50" when
	// the median stands in for every config, "p90", "p99"); empty for
	// the throughputs, which have none.
	Stat Percentile `json:"stat,omitempty"`
	// Anomaly is the kind of the anomaly an AnomalyNote tells.
	Anomaly AnomalyKind `json:"anomaly,omitempty"`
	// Cap is the deployment limit a saturation or drop begins at.
	Cap *Flag `json:"cap,omitempty"`
	// TieBreak says what named the capacity leader when the capacities
	// themselves are on par or cannot be ranked: TieBreakHeadroom or
	// TieBreakDominance; empty otherwise.
	TieBreak  string     `json:"tie_break,omitempty"`
	TieRivals []TieRival `json:"tie_rivals,omitempty"`
	// Fragile lists the levels whose tail percentiles, from fewer than
	// MinTailSample requests, the finding rests on.
	Fragile []Load `json:"fragile_levels,omitempty"`
	// Estimated lists the configs whose mean latency the finding quotes,
	// compares or counts users from is an estimate (Level.LatencyEstimated):
	// the renderers mark their numbers (markEstimated).
	Estimated []string `json:"estimated,omitempty"`
	Score     float64  `json:"score"`
	Severity  Severity `json:"severity"`
}

// FindingKind names a kind of finding. Each has a row in Rules.
type FindingKind string

// The sections a finding is told in besides the metric sections.
const (
	SummarySection = "summary"
	QualitySection = "quality"
)

// Headline reports whether f is a headline finding, told in the summary.
func (f Finding) Headline() bool { return f.Section == SummarySection }

// TieLow reports whether a SpecEffect finding's two configs are on par
// at its lowest level (within the tie threshold): its value tie_low, 1
// for true.
func (f Finding) TieLow() bool { return f.Values["tie_low"] == 1 }

// TieHigh is TieLow at its highest level (its value tie_high).
func (f Finding) TieHigh() bool { return f.Values["tie_high"] == 1 }

// EveryLevel reports whether a TTFTLeader finding's leader is also the
// lowest at every common level between its two (its value every_level,
// 1 for true; 0 when another config leads somewhere in between).
func (f Finding) EveryLevel() bool { return f.Values["every_level"] == 1 }

// Severity says how much a finding should weigh in a decision.
type Severity string

// The severities, from the score: high ≥ 3, medium ≥ 2, low below.
const (
	High   Severity = "high"
	Medium Severity = "medium"
	Low    Severity = "low"
)

func severity(score float64) Severity {
	switch {
	case score >= 3:
		return High
	case score >= 2:
		return Medium
	}
	return Low
}

// The finding kinds.
const (
	// Headline findings (section "summary"), ranked for the summary.

	// SpecLowLoad: speculative vs direct TPS at the lowest common level.
	SpecLowLoad FindingKind = "spec_low_load"
	// SpecHighLoad: the same ratio at the highest common level, when < 1.
	SpecHighLoad FindingKind = "spec_high_load"
	// SpecBreakEven: where speculative decoding stops paying off.
	SpecBreakEven FindingKind = "spec_break_even"
	// SpecNoBreakEven: speculative decoding wins at every common level.
	SpecNoBreakEven FindingKind = "spec_no_break_even"
	// CapacityLeader: the config serving clearly the most users at the
	// headline statistic (on a rate axis: the most sustained throughput
	// at R_max), and its ratio to the runner-up. Tie when the two are on
	// par.
	CapacityLeader FindingKind = "capacity_leader"
	// CapacityUnranked: the capacities cannot be ranked, because the top
	// ones are lower bounds (they pass every level tested) or their users
	// cannot be counted (the mean latency there is unknown); Configs are
	// those configs.
	CapacityUnranked FindingKind = "capacity_unranked"
	// TPSFastTail: the TPS SLO is checked on the fast tail (the only TPS
	// percentile the source gives is P90, its fastest users), and what a
	// strict reading (the mean, or the median) would change.
	TPSFastTail FindingKind = "tps_fast_tail"
	// AggregateLeader: the highest aggregate output at the highest
	// common level.
	AggregateLeader FindingKind = "aggregate_leader"
	// TTFTLeader: the lowest mean TTFT at the lowest (and highest) level.
	TTFTLeader FindingKind = "ttft_leader"
	// AnomalyNote: a saturation (with the deployment cap it begins at), a
	// scheduling change, a TTFT jump or an output drop worth a summary
	// line; Finding.Anomaly says which.
	AnomalyNote FindingKind = "anomaly"

	// Metric-section findings.

	// LeaderLow and LeaderHigh: the best config on a metric at the lowest
	// and at the highest common level, with the runner-up.
	LeaderLow  FindingKind = "leader_low"
	LeaderHigh FindingKind = "leader_high"
	// SpecEffect: what speculative decoding does to a metric, at the
	// lowest and the highest common level of an engine pair.
	SpecEffect FindingKind = "spec_effect"
	// SLOBoundary: the last level at which a config meets one SLO at the
	// headline statistic, and the first at which it misses.
	SLOBoundary FindingKind = "slo_boundary"
	// SLOAllPass and SLONonePass: the SLO holds at every level, or at none.
	SLOAllPass  FindingKind = "slo_all_pass"
	SLONonePass FindingKind = "slo_none_pass"
	// SLOUnchecked: from this level on the source reports no statistic
	// to check the SLO against.
	SLOUnchecked FindingKind = "slo_unchecked"
	// Growth: how a metric changes from the lowest to the highest level
	// of a config, against the rise in load.
	Growth FindingKind = "growth"
	// PeakAggregate: the level where a config's aggregate output peaks.
	PeakAggregate FindingKind = "peak_aggregate"
	// ThroughputGap: system throughput against the tool's per-user RPS.
	ThroughputGap FindingKind = "throughput_gap"
	// LatencyConsistent: every level's mean latency agrees with TTFT +
	// ITL × (tokens − 1) within MismatchTolerance.
	LatencyConsistent FindingKind = "latency_consistent"
)

// finite maps a score computed from an absent number to 0.
func finite(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	return x
}
