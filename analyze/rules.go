package analyze

import (
	"maps"
	"slices"
	"sort"
)

// Scope is where the report tells a kind of finding.
type Scope int

// The scopes.
const (
	// Headline findings are the summary's (Finding.Section "summary"),
	// ranked by score.
	Headline Scope = iota
	// Section findings are told under each metric's section, in rule
	// order, metric by metric.
	Section
	// Quality findings are told once, among the data-quality notes
	// (Finding.Section "quality").
	Quality
)

// Rule is one kind of finding, in one row: where the report tells it,
// its place in the conclusion, the fixed part of its score, the names
// of the numbers it carries, and the detector that derives it.
type Rule struct {
	Kind  FindingKind
	Scope Scope
	// Order is a headline kind's place where the conclusion tells the
	// headline findings in topic order: speculative decoding, capacity,
	// throughput, latency, anomalies. Kinds that are alternatives (a
	// break-even or none, a capacity leader or why there is none) share
	// one. 0 for the other scopes.
	Order int
	// Weight is the fixed part of the kind's score, to which its key
	// comparison adds |ln(ratio)| (findings' ranking rule).
	Weight float64
	// Values are the names of the numbers its Finding.Values may hold.
	Values []string
	// detect derives the kind's findings; nil for a kind the detector
	// of a row above emits (the alternatives it chooses between: the
	// SLO boundary, or every level passing, none, or none checked).
	detect detector
}

// detector derives findings of r. A Section rule's detector is run for
// each metric section m (returning nothing for a metric it does not
// apply to); a Headline or Quality rule's once, m the zero Metric. w
// are the rules' weights by kind.
type detector func(r *Report, m Metric, w weights) []Finding

// weights are the rules' Weight by kind.
type weights map[FindingKind]float64

// Rules are the finding rules, one row per kind, in the order the
// findings are derived: the headline kinds, each metric section's, the
// data-quality ones.
func Rules() []Rule {
	capacity := slices.Concat(valueNames(capacityValues(Capacity{}, "")), valueNames(capacityValues(Capacity{}, "next_")), []string{"ratio", "headroom"})
	return []Rule{
		{Kind: SpecLowLoad, Scope: Headline, Order: 0, Weight: 2, Values: []string{"ratio", "spec", "direct", "pays_off"}, detect: speedupFindings},
		{Kind: SpecBreakEven, Scope: Headline, Order: 1, Weight: 3, Values: []string{"level", "interpolated", "ratio", "from", "up_to", "users", "break_users",
			"latency_ratio", "delivered", "slo_met"}},
		{Kind: SpecNoBreakEven, Scope: Headline, Order: 1, Weight: 2.5, Values: []string{"ratio", "users"}},
		{Kind: SpecHighLoad, Scope: Headline, Order: 2, Weight: 1.5, Values: []string{"ratio", "spec", "direct"}},
		{Kind: CapacityLeader, Scope: Headline, Order: 3, Weight: 3.5, Values: capacity, detect: capacityFinding},
		{Kind: CapacityUnranked, Scope: Headline, Order: 3, Weight: 2, Values: capacity},
		{Kind: AggregateLeader, Scope: Headline, Order: 4, Weight: 1.2, Values: []string{"value", "next", "ratio"}, detect: aggregateLeader},
		{Kind: TTFTLeader, Scope: Headline, Order: 5, Weight: 1, Values: []string{"low", "low_next", "ratio", "high", "every_level"}, detect: ttftLeaders},
		// Its weight is the anomaly kind's (AnomalyRule.Note).
		{Kind: AnomalyNote, Scope: Headline, Order: 6, Values: noteValues(), detect: anomalyNotes},
		{Kind: TPSFastTail, Scope: Headline, Order: 7, Weight: 1.8, Values: []string{"levels", "flips", "capacity_changes", "threshold"}, detect: tpsFastTail},
		{Kind: CostLeader, Scope: Headline, Order: 8, Weight: 1.5, Values: []string{"value", "leader", "ratio"}, detect: costLeaderFinding},
		{Kind: EnergyLeader, Scope: Headline, Order: 9, Weight: 1.2, Values: []string{"value", "leader", "ratio"}, detect: energyLeaderFinding},

		{Kind: LeaderLow, Scope: Section, Values: []string{"value", "next", "ratio", "end_to_end"}, detect: leaderLow},
		{Kind: LeaderHigh, Scope: Section, Values: []string{"value", "next", "ratio", "end_to_end"}, detect: leaderHigh},
		{Kind: SpecEffect, Scope: Section, Values: []string{"spec_low", "direct_low", "spec_high", "direct_high", "advantage_low", "advantage_high", "tie_low", "tie_high"}, detect: specFindings},
		{Kind: SLOBoundary, Scope: Section, Weight: 0.5, Values: []string{"threshold", "mean_below_load", "mean_below", "pass", "fail"}, detect: sloFindings},
		{Kind: SLOAllPass, Scope: Section, Values: []string{"threshold", "mean_below_load", "mean_below", "value"}},
		{Kind: SLONonePass, Scope: Section, Weight: 1, Values: []string{"threshold", "mean_below_load", "mean_below", "value"}},
		{Kind: SLOUnchecked, Scope: Section, Weight: 1, Values: []string{"threshold", "mean_below_load", "mean_below"}},
		{Kind: Growth, Scope: Section, Values: []string{"low", "high", "ratio", "load"}, detect: growthFindings},
		{Kind: PeakAggregate, Scope: Section, Values: []string{"peak", "high"}, detect: peakFindings},
		{Kind: ThroughputGap, Scope: Section, Values: []string{"system", "reported"}, detect: gapFindings},

		{Kind: LatencyConsistent, Scope: Quality, Values: []string{"tokens", "latency", "expected", "checked", "deviation"}, detect: latencyConsistency},
	}
}

// FindingKinds lists every kind of finding, in rule order.
func FindingKinds() []FindingKind {
	rules := Rules()
	out := make([]FindingKind, len(rules))
	for i, r := range rules {
		out[i] = r.Kind
	}
	return out
}

// RuleOf returns the rule of kind k.
func RuleOf(k FindingKind) (Rule, bool) {
	for _, r := range Rules() {
		if r.Kind == k {
			return r, true
		}
	}
	return Rule{}, false
}

// valueNames are the names of v, sorted.
func valueNames(v map[string]float64) []string { return slices.Sorted(maps.Keys(v)) }

// noteValues are the names an AnomalyNote's values may hold: those of
// the anomalies the summary tells, and the cap they begin at.
func noteValues() []string {
	var out []string
	for _, a := range AnomalyRules() {
		if a.Note > 0 {
			out = append(out, a.Values...)
		}
	}
	out = append(out, "cap")
	slices.Sort(out)
	return slices.Compact(out)
}

// findings derives every finding of a report, rule by rule. Headline
// findings come first, ranked by Score (highest first; ties keep
// derivation order), then the section findings in section order (for
// each metric, rule by rule), then the data-quality ones.
//
// Ranking rule: a finding's score is its rule's Weight (capacity leader
// 3.5, speculative break-even 3, speculative gain at low load 2, loss
// at high load 1.5, aggregate leader 1.2, TTFT leader 1; an anomaly's
// its kind's) plus |ln(ratio)| of its key comparison, so that a 2× gap
// and a 0.5× gap weigh the same and larger gaps rank higher.
func findings(r *Report) []Finding {
	rules := Rules()
	w := weights{}
	for _, rule := range rules {
		w[rule.Kind] = rule.Weight
	}
	var head, section, quality []Finding
	for _, rule := range rules {
		switch {
		case rule.detect == nil:
		case rule.Scope == Headline:
			head = append(head, rule.detect(r, Metric{}, w)...)
		case rule.Scope == Quality:
			quality = append(quality, rule.detect(r, Metric{}, w)...)
		}
	}
	for _, m := range []Metric{MetricTTFT, MetricITL, MetricTPS, MetricLatency, MetricSystemRPS, MetricAggregate} {
		for _, rule := range rules {
			if rule.detect != nil && rule.Scope == Section {
				section = append(section, rule.detect(r, m, w)...)
			}
		}
	}
	for i := range head {
		head[i].Section = SummarySection
	}
	out := slices.Concat(head, section, quality)
	for i := range out {
		out[i].Score = finite(out[i].Score)
		out[i].Severity = severity(out[i].Score)
	}
	head = out[:len(head)]
	sort.SliceStable(head, func(i, j int) bool { return head[i].Score > head[j].Score })
	return out
}
