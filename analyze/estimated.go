package analyze

import "slices"

// Estimates told as such. Where a file gives no mean request latency
// and the level's is estimated from its mean output length
// (Level.LatencyEstimated), every number derived from it is an estimate
// too: the users Little's law counts from it, a request-rate run's
// effective concurrency (Level.ConcurrencyEstimated), a latency ratio.
// A capacity says so itself (Capacity.LatencyMethod); a finding or a
// scenario lists the configs whose numbers it quotes are estimates
// (Estimated), so that a renderer marks each of them.

// estimatedBy says, for each kind of finding, which of its configs'
// numbers rest on an estimated mean latency: those whose latency it
// quotes or compares, or whose users it counts from one; nil for a kind
// that quotes no latency and no users. TestEveryKindSaysItsEstimates
// holds it to Rules.
var estimatedBy = map[FindingKind]func(r *Report, f Finding) []string{
	SpecLowLoad:       nil,
	SpecBreakEven:     breakEvenEstimates,
	SpecNoBreakEven:   func(r *Report, f Finding) []string { return usersEstimatedAt(r, f.Configs[:1], f.Levels...) },
	SpecHighLoad:      nil,
	CapacityLeader:    func(r *Report, f Finding) []string { return capacityEstimates(r, f.Configs) },
	CapacityUnranked:  func(r *Report, f Finding) []string { return capacityEstimates(r, f.Configs) },
	AggregateLeader:   nil,
	TTFTLeader:        nil,
	AnomalyNote:       nil,
	TPSFastTail:       nil,
	LeaderLow:         latencyEstimates,
	LeaderHigh:        latencyEstimates,
	SpecEffect:        latencyEstimates,
	SLOBoundary:       nil,
	SLOAllPass:        nil,
	SLONonePass:       nil,
	SLOUnchecked:      nil,
	Growth:            latencyEstimates,
	PeakAggregate:     nil,
	ThroughputGap:     nil,
	LatencyConsistent: func(r *Report, f Finding) []string { return estimatedAt(r, f.Configs, f.Levels...) },
	// Cost and energy per output token at capacity quote neither a
	// latency nor users.
	CostLeader:   nil,
	EnergyLeader: nil,
}

// markEstimated sets the Estimated configs of every finding and
// scenario of r.
func markEstimated(r *Report, fs []Finding, ss []Scenario) {
	for i, f := range fs {
		if by := estimatedBy[f.Kind]; by != nil && len(f.Configs) > 0 {
			fs[i].Estimated = by(r, f)
		}
	}
	for i, s := range ss {
		ss[i].Estimated = scenarioEstimates(r, s)
	}
}

// estimatedAt lists the configs among ids whose mean latency is an
// estimate at one of the loads xs.
func estimatedAt(r *Report, ids []string, xs ...Load) []string {
	var out []string
	for _, id := range ids {
		c, ok := r.Config(id)
		if !ok || slices.Contains(out, id) {
			continue
		}
		if slices.ContainsFunc(xs, func(x Load) bool { l, ok := levelAt(c, x); return ok && l.LatencyEstimated() }) {
			out = append(out, id)
		}
	}
	return out
}

// usersEstimatedAt is estimatedAt for the users Little's law counts at
// xs: none in a closed loop (no think time), where the users are the
// requests in flight whatever the latency, unless a rate run's
// concurrency is itself throughput × latency.
func usersEstimatedAt(r *Report, ids []string, xs ...Load) []string {
	if r.Params.ThinkS == 0 && r.Axis != AxisRate {
		return nil
	}
	return estimatedAt(r, ids, xs...)
}

// latencyEstimates are the estimates of a metric-section finding: the
// configs whose mean latency it quotes at its levels, in the latency
// section, or divides the output length by (an end-to-end TPS); none in
// another section or at another statistic.
func latencyEstimates(r *Report, f Finding) []string {
	quotesLatency := f.Section == string(Latency) && f.Stat == Mean
	if !quotesLatency && f.Values["end_to_end"] != 1 {
		return nil
	}
	return estimatedAt(r, f.Configs, f.Levels...)
}

// capacityEstimates are the configs among ids whose users at the
// headline capacity rest on an estimated mean latency.
func capacityEstimates(r *Report, ids []string) []string {
	var out []string
	for _, id := range ids {
		if c, ok := r.Config(id); ok && c.Capacity.Get(r.Params.Percentile).UsersEstimated(r.Params.ThinkS, r.Axis) && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// breakEvenEstimates are a break-even's: the speculative config's users
// at the top of the window and at the break-even level, and the latency
// ratio of the two configs there.
func breakEvenEstimates(r *Report, f Finding) []string {
	out := usersEstimatedAt(r, f.Configs[:1], Load(f.Values["up_to"]), Load(f.Values["level"]))
	if !Known(f.Values["latency_ratio"]) {
		return out
	}
	for _, id := range estimatedAt(r, f.Configs, f.Levels...) {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// scenarioEstimates are a scenario's: the high-load pick's and
// runner-up's users at capacity; a window's users (the pick's at the
// window's top level) and, where per-user TPS is output tokens / mean
// latency (the tps_e2e basis), every config's values over the window.
func scenarioEstimates(r *Report, s Scenario) []string {
	ids := []string{s.Config}
	if s.RunnerUp != "" {
		ids = append(ids, s.RunnerUp)
	}
	switch {
	case s.Kind == HighLoad:
		return capacityEstimates(r, ids)
	case len(s.Levels) == 0:
		return nil
	case s.Basis == string(TPSEndToEnd):
		var all []string
		for _, c := range r.Configs {
			all = append(all, c.ID)
		}
		return estimatedAt(r, all, s.Levels...)
	case Known(s.Values["users"]) && s.Values["users"] > 0:
		return usersEstimatedAt(r, ids[:1], s.Levels[len(s.Levels)-1])
	}
	return nil
}
