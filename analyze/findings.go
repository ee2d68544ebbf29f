package analyze

import (
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
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
	Cap      *Flag    `json:"cap,omitempty"`
	Score    float64  `json:"score"`
	Severity Severity `json:"severity"`
}

// FindingKind names a kind of finding.
type FindingKind string

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

// findings derives every finding of a report. Headline findings come
// first, ranked by Score (highest first; ties keep derivation order),
// then the section findings in section order.
//
// Ranking rule: a headline finding's score is a fixed weight for its
// kind (capacity leader 3.5, speculative break-even 3, speculative gain
// at low load 2, loss at high load 1.5, aggregate leader 1.2, TTFT
// leader 1, anomaly 1) plus |ln(ratio)| of its key comparison, so that a
// 2× gap and a 0.5× gap weigh the same and larger gaps rank higher.
func findings(r *Report) []Finding {
	var head []Finding
	for _, s := range r.Speedups {
		head = append(head, speedupFindings(s)...)
	}
	if f, ok := capacityLeader(r.Configs, r.Params, r.Axis); ok {
		head = append(head, f)
	}
	if f, ok := aggregateLeader(r); ok {
		head = append(head, f)
	}
	head = append(head, ttftLeaders(r)...)
	head = append(head, anomalyNotes(r.Anomalies)...)
	if f, ok := tpsFastTail(r); ok {
		head = append(head, f)
	}
	for i := range head {
		head[i].Section = "summary"
		head[i].Score = finite(head[i].Score)
		head[i].Severity = severity(head[i].Score)
	}
	sort.SliceStable(head, func(i, j int) bool { return head[i].Score > head[j].Score })
	return append(head, sectionFindings(r)...)
}

// anomalyNotes are the anomalies worth a summary line: a saturation
// (naming the deployment cap it begins at, when one does), a scheduling
// change, a TTFT jump, an output drop.
func anomalyNotes(as []Anomaly) []Finding {
	var out []Finding
	for _, a := range as {
		score := 1.0
		switch a.Kind {
		case Saturation:
			score = 2.5
		case SchedulingChange:
			score = 2 + math.Log(a.Values["ratio"])/2
		case TTFTJump:
			score += math.Log(a.Values["ratio"]) / 2
		case AggregateDrop:
		default:
			continue
		}
		f := Finding{Kind: AnomalyNote, Anomaly: a.Kind, Configs: []string{a.Config}, Levels: []Load{a.Load}, Values: maps.Clone(a.Values), Score: score}
		for _, c := range as {
			if c.Kind == CapLimit && c.Config == a.Config && c.Load == a.Load && (a.Kind == Saturation || a.Kind == AggregateDrop) {
				f.Cap = &Flag{Flag: c.Metric, Value: strconv.FormatFloat(c.Values["cap"], 'f', -1, 64)}
				f.Values["cap"] = c.Values["cap"]
				f.Score += 0.5
			}
			if c.Kind == CapExceeded && c.Config == a.Config && c.Load > a.Load && (a.Kind == Saturation || a.Kind == AggregateDrop) {
				// Told with it (a confound, not a cause): it weighs as much.
				f.Score += 0.5
			}
		}
		out = append(out, f)
	}
	return out
}

func speedupFindings(s Speedup) []Finding {
	if len(s.Points) == 0 {
		return nil
	}
	var out []Finding
	lo, hi := s.Points[0], s.Points[len(s.Points)-1]
	pair := []string{s.Spec, s.Direct}
	out = append(out, Finding{Kind: SpecLowLoad, Configs: pair, Levels: []Load{lo.Load}, Stat: s.Stat, Tie: lo.Outcome == OnPar,
		Values: map[string]float64{"ratio": lo.Ratio, "spec": lo.SpecTPS, "direct": lo.DirectTPS},
		Score:  2 + math.Abs(math.Log(lo.Ratio))})
	if s.BreakEven != nil {
		v := map[string]float64{"level": float64(*s.BreakEven)}
		if s.BreakEvenInterpolated != nil {
			v["interpolated"] = *s.BreakEvenInterpolated
		}
		for _, pt := range s.Points {
			if pt.Load == *s.BreakEven {
				v["ratio"] = pt.Ratio
			}
		}
		out = append(out, Finding{Kind: SpecBreakEven, Configs: pair, Levels: []Load{*s.BreakEven}, Values: v, Stat: s.Stat, Score: 3})
	} else if !s.NeverFaster && hi.Outcome == Faster {
		out = append(out, Finding{Kind: SpecNoBreakEven, Configs: pair, Levels: []Load{hi.Load}, Stat: s.Stat,
			Values: map[string]float64{"ratio": hi.Ratio}, Score: 2.5})
	}
	if len(s.Points) > 1 && hi.Outcome == Slower {
		out = append(out, Finding{Kind: SpecHighLoad, Configs: pair, Levels: []Load{hi.Load}, Stat: s.Stat,
			Values: map[string]float64{"ratio": hi.Ratio, "spec": hi.SpecTPS, "direct": hi.DirectTPS},
			Score:  1.5 + math.Abs(math.Log(hi.Ratio))})
	}
	return out
}

// capacityValue is what capacities are ranked by: the users within the
// SLOs (Little's law), or on a rate axis the sustained request
// throughput at R_max (users there grow with latency, so the slower
// server would "serve more").
func capacityValue(c Capacity, axis Axis) float64 {
	if axis == AxisRate {
		if c.Max == 0 {
			return 0
		}
		return c.ThroughputRPS
	}
	if !c.UsersKnown() {
		return nanValue
	}
	return float64(c.Users)
}

// compareCapacity ranks two capacities: Win or Loss when one is clearly
// larger, Tie when on par, Unknown when the data cannot tell. A lower
// bound (the limit lies beyond the tested range) beats a measured
// capacity only when it is larger beyond the tie threshold; two lower
// bounds are never ranked against each other.
func compareCapacity(a, b Capacity, p Params, axis Axis) Outcome {
	va, vb := capacityValue(a, axis), capacityValue(b, axis)
	if !Known(va) || !Known(vb) {
		return Unknown
	}
	clearlyLarger := func(x, y float64) bool { return x > y && !p.Tie(x, y) }
	switch {
	case a.LowerBound && b.LowerBound:
		return Unknown
	case a.LowerBound:
		if clearlyLarger(va, vb) {
			return Win
		}
		return Unknown
	case b.LowerBound:
		if clearlyLarger(vb, va) {
			return Loss
		}
		return Unknown
	case p.Tie(va, vb):
		return Tie
	case va > vb:
		return Win
	}
	return Loss
}

// capacityLeader names the config whose capacity at the headline
// statistic beats every other's (compareCapacity), with its ratio to the
// nearest rival; two on par are a tie, named as such. When lower bounds
// or unknown user counts leave the order open, the finding is
// CapacityUnranked and lists the configs that leave it open: the lower
// bounds and the capacities whose users cannot be counted, never a
// measured one (a capacity the SLOs stopped is neither). No finding
// rests on an unknown: a config whose users are unknown is never the
// leader, and when no capacity can be counted at all the finding says
// so (CapacityUnranked of those configs).
func capacityLeader(cfgs []Config, p Params, axis Axis) (Finding, bool) {
	pct := p.Percentile
	if len(cfgs) == 0 {
		return Finding{}, false
	}
	order := slices.Clone(cfgs)
	sort.SliceStable(order, func(i, j int) bool {
		a, b := capacityValue(order[i].Capacity.Get(pct), axis), capacityValue(order[j].Capacity.Get(pct), axis)
		return a > b || Known(a) && !Known(b)
	})
	best := order[0].Capacity.Get(pct)
	if best.Max == 0 || !Known(capacityValue(best, axis)) {
		// No capacity can be counted: none at all, or only unknown ones.
		var unknown []Config
		for _, c := range cfgs {
			if cp := c.Capacity.Get(pct); cp.Max > 0 && !Known(capacityValue(cp, axis)) {
				unknown = append(unknown, c)
			}
		}
		if len(unknown) == 0 {
			return Finding{}, false
		}
		return unrankedOf(unknown, pct, capacityValues(unknown[0].Capacity.Get(pct), "")), true
	}
	f := Finding{Kind: CapacityLeader, Configs: []string{order[0].ID}, Levels: []Load{best.Max}, Values: capacityValues(best, ""), Score: 3.5}
	if len(order) == 1 {
		return f, true
	}
	next := order[1].Capacity.Get(pct)
	f.Configs = append(f.Configs, order[1].ID)
	maps.Copy(f.Values, capacityValues(next, "next_"))
	f.Values["ratio"] = Ratio(capacityValue(best, axis), capacityValue(next, axis))
	// open: a capacity that cannot be ranked for what it is, a lower
	// bound or one whose value is unknown.
	open := func(c Capacity) bool { return c.LowerBound || c.Max > 0 && !Known(capacityValue(c, axis)) }
	outcome := Win
	var unranked []Config // the configs that leave the order open
	if open(best) {
		unranked = append(unranked, order[0])
	}
	for _, c := range order[1:] {
		cp := c.Capacity.Get(pct)
		switch o := compareCapacity(best, cp, p, axis); {
		case o == Unknown:
			outcome = Unknown
			if open(cp) {
				unranked = append(unranked, c)
			}
		case o == Tie && outcome == Win:
			outcome = Tie
		}
	}
	switch outcome {
	case Win:
		f.Score += math.Log(f.Values["ratio"])
	case Tie:
		f.Tie = true
	default:
		return unrankedOf(unranked, pct, f.Values), true
	}
	return f, true
}

// unrankedOf is the CapacityUnranked finding of cfgs, the configs that
// leave the order open, at their capacities' levels (ascending), with
// values v.
func unrankedOf(cfgs []Config, pct Percentile, v map[string]float64) Finding {
	f := Finding{Kind: CapacityUnranked, Values: v, Score: 2}
	for _, c := range cfgs {
		f.Configs = append(f.Configs, c.ID)
		if x := c.Capacity.Get(pct).Max; !slices.Contains(f.Levels, x) {
			f.Levels = append(f.Levels, x)
		}
	}
	slices.Sort(f.Levels)
	return f
}

// capacityValues are a capacity's values in a finding, their names
// prefixed ("next_" for the runner-up's): users (NaN when unknown),
// max_load, throughput, lower_bound, median_latency.
func capacityValues(c Capacity, prefix string) map[string]float64 {
	users := float64(c.Users)
	if !c.UsersKnown() {
		users = nanValue
	}
	return map[string]float64{prefix + "users": users, prefix + "max_load": float64(c.Max),
		prefix + "throughput": c.ThroughputRPS, prefix + "lower_bound": b2f(c.LowerBound),
		prefix + "median_latency": b2f(c.LatencyStat == "p50")}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// aggregateLeader names the config with the highest aggregate output at
// the highest level every config measured; within the tie threshold of
// the runner-up it is a tie.
func aggregateLeader(r *Report) (Finding, bool) {
	c, ok := highestCommon(r.Configs)
	if !ok {
		return Finding{}, false
	}
	ranked := rankAt(r.Configs, c, MetricAggregate, Mean)
	if len(ranked) == 0 {
		return Finding{}, false
	}
	f := Finding{Kind: AggregateLeader, Configs: []string{ranked[0].id}, Levels: []Load{c},
		Values: map[string]float64{"value": ranked[0].v}, Score: 1.2}
	if len(ranked) > 1 {
		f.Configs = append(f.Configs, ranked[1].id)
		f.Values["next"] = ranked[1].v
		f.Values["ratio"] = Ratio(ranked[0].v, ranked[1].v)
		f.Tie = r.tieBetween(MetricAggregate, Mean, c, ranked[0].id, ranked[1].id)
		if !f.Tie {
			f.Score += math.Log(f.Values["ratio"])
		}
	}
	return f, true
}

// ttftLeaders names the config with the lowest TTFT at the lowest common
// level, noting when it also leads at the highest; within the tie
// threshold of the runner-up it is a tie.
func ttftLeaders(r *Report) []Finding {
	if len(r.Configs) < 2 {
		return nil
	}
	lo, okLo := lowestCommon(r.Configs)
	hi, okHi := highestCommon(r.Configs)
	if !okLo || !okHi {
		return nil
	}
	stat := MetricTTFT.commonStat(levelsAt(r.Configs, lo, hi), Mean)
	atLo := rankAt(r.Configs, lo, MetricTTFT, stat)
	atHi := rankAt(r.Configs, hi, MetricTTFT, stat)
	if len(atLo) < 2 {
		return nil // fewer than two configs report a TTFT there
	}
	ratio := Ratio(atLo[1].v, atLo[0].v)
	f := Finding{Kind: TTFTLeader, Configs: []string{atLo[0].id, atLo[1].id}, Levels: []Load{lo, hi}, Stat: stat,
		Values: map[string]float64{"low": atLo[0].v, "low_next": atLo[1].v, "ratio": ratio},
		Tie:    r.tieBetween(MetricTTFT, stat, lo, atLo[0].id, atLo[1].id)}
	if !f.Tie {
		f.Score = 1 + math.Log(ratio)
	}
	if len(atHi) > 1 && atHi[0].id == atLo[0].id && !r.tieBetween(MetricTTFT, stat, hi, atHi[0].id, atHi[1].id) {
		f.Values["high"] = atHi[0].v
		// 1 when it is the lowest at every common level between, 0 when
		// another config leads somewhere in between.
		f.Values["every_level"] = 1
		for _, x := range commonLevels(r.Configs) {
			if rk := rankAt(r.Configs, x, MetricTTFT, stat); len(rk) > 0 && rk[0].id != atLo[0].id {
				f.Values["every_level"] = 0
			}
		}
	}
	return []Finding{f}
}

// levelsAt collects every config's levels at the given loads.
func levelsAt(cfgs []Config, xs ...Load) []Level {
	var out []Level
	for _, c := range cfgs {
		for _, x := range xs {
			if l, ok := levelAt(c, x); ok {
				out = append(out, l)
			}
		}
	}
	return out
}

// tpsFastTail: where the TPS SLO at P90 was checked on the tool's own
// TPS P90 (the llm-benchmark export's: its fastest users, as TPS is a
// rate), says so once and counts what a strict reading, the mean (or
// median), would change: levels whose verdict flips and capacities that
// would shrink.
func tpsFastTail(r *Report) (Finding, bool) {
	if r.Params.Percentile != P90 || r.Params.SLOTPS == 0 {
		return Finding{}, false
	}
	v := map[string]float64{"levels": 0, "flips": 0, "capacity_changes": 0, "threshold": r.Params.SLOTPS}
	var changed []string
	var all []Level
	for _, c := range r.Configs {
		all = append(all, c.Levels...)
	}
	// The strict reading: the mean, or the median of every level where
	// one reports no mean.
	strictStat := MetricTPS.commonStat(all, Mean)
	for _, c := range r.Configs {
		strict := slices.Clone(c.Levels)
		flips := 0
		for i, l := range c.Levels {
			if l.SLO.P90.TPSStat != "" || math.IsNaN(l.TPS.P90) {
				continue // checked on the slow tail (P10) or a stand-in already
			}
			v["levels"]++
			meets := l.TPS.Get(strictStat) >= r.Params.SLOTPS
			if meets != l.SLO.P90.TPS {
				flips++
			}
			strict[i].SLO.P90.TPS = meets
		}
		if flips == 0 {
			continue
		}
		v["flips"] += float64(flips)
		if cp, _ := highestPassing(strict, P90); cp.Max != c.Capacity.P90.Max {
			v["capacity_changes"]++
			changed = append(changed, c.ID)
		}
	}
	if v["levels"] == 0 {
		return Finding{}, false
	}
	// Stat names the strict reading's statistic.
	return Finding{Kind: TPSFastTail, Configs: changed, Values: v, Stat: strictStat, Score: 1.8 + v["capacity_changes"]}, true
}

type ranked struct {
	id string
	v  float64
}

// rankAt orders the configs that measured level c by metric m, best
// first (stable: report order breaks ties).
func rankAt(cfgs []Config, c Load, m Metric, stat Percentile) []ranked {
	var out []ranked
	for _, cfg := range cfgs {
		if l, ok := levelAt(cfg, c); ok && !math.IsNaN(m.Value(l, stat)) {
			out = append(out, ranked{cfg.ID, m.Value(l, stat)})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return m.better(out[i].v, out[j].v) })
	return out
}

// sectionFindings derives the findings told under each metric section:
// for each metric, those of every rule in sectionRules, in that order;
// then the consistency of latency with TTFT and ITL.
func sectionFindings(r *Report) []Finding {
	var out []Finding
	for _, m := range []Metric{MetricTTFT, MetricITL, MetricTPS, MetricLatency, MetricSystemRPS, MetricAggregate} {
		for _, rule := range sectionRules {
			out = append(out, rule(r, m)...)
		}
	}
	if f, ok := latencyConsistency(r); ok {
		out = append(out, f)
	}
	for i := range out {
		out[i].Score = finite(out[i].Score)
		out[i].Severity = severity(out[i].Score)
	}
	return out
}

// sectionRules are the rules of a metric section's findings, in the
// order the section tells them. Each returns nothing for a metric it
// does not apply to.
var sectionRules = []func(r *Report, m Metric) []Finding{
	leaderFindings, // the best config and its nearest rival, at the lowest and highest common level
	specFindings,   // each speculative config against its direct one
	sloFindings,    // where each config passes the SLO on TTFT or TPS
	growthFindings, // how latency and aggregate output grow with the load
	peakFindings,   // the level of each config's highest aggregate output
	gapFindings,    // system throughput against the tool's reported one
}

// leaderFindings ranks the configs on m at the lowest and the highest
// level all measured (on throughput only at the highest: at low load
// every config's throughput is small) and tells the best and its nearest
// rival, a tie when within the tie threshold.
func leaderFindings(r *Report, m Metric) []Finding {
	lo, okLo := lowestCommon(r.Configs)
	hi, okHi := highestCommon(r.Configs)
	if len(r.Configs) < 2 || !okLo || !okHi {
		return nil
	}
	var out []Finding
	for _, at := range []struct {
		kind FindingKind
		c    Load
	}{{LeaderLow, lo}, {LeaderHigh, hi}} {
		if at.kind == LeaderLow && (m.Key == MetricSystemRPS.Key || m.Key == MetricAggregate.Key) {
			continue // at low load every config's throughput is small; the high end decides
		}
		if at.kind == LeaderHigh && lo == hi {
			continue
		}
		stat := m.commonStat(levelsAt(r.Configs, at.c), Mean)
		rk := rankAt(r.Configs, at.c, m, stat)
		if len(rk) < 2 {
			continue
		}
		adv := m.advantage(rk[0].v, rk[1].v)
		f := Finding{Kind: at.kind, Section: string(m.Key), Configs: []string{rk[0].id, rk[1].id}, Levels: []Load{at.c},
			Values: map[string]float64{"value": rk[0].v, "next": rk[1].v, "ratio": adv}, Score: math.Log(adv),
			Tie: r.tieBetween(m, stat, at.c, rk[0].id, rk[1].id), Stat: m.statName(stat)}
		if f.Tie {
			f.Score = 0
		}
		out = append(out, f)
	}
	return out
}

// specFindings tells each speculative config's effect on m against its
// direct one; not on throughput, which the speedups tell.
func specFindings(r *Report, m Metric) []Finding {
	if m.Key == MetricSystemRPS.Key || m.Key == MetricAggregate.Key {
		return nil
	}
	var out []Finding
	for _, s := range r.Speedups {
		if f, ok := specEffect(r, s, m); ok {
			out = append(out, f)
		}
	}
	return out
}

// sloFindings tells where each config passes the SLO, under TTFT, and
// under TPS when there is a TPS requirement.
func sloFindings(r *Report, m Metric) []Finding {
	if m.Key != MetricTTFT.Key && (m.Key != MetricTPS.Key || r.Params.SLOTPS == 0) {
		return nil
	}
	var out []Finding
	for _, c := range r.Configs {
		if len(c.Levels) > 0 {
			out = append(out, sloBoundary(c, m, r.Params))
		}
	}
	return out
}

// growthFindings tells how each config's latency or aggregate output
// grows from its lowest level to its highest.
func growthFindings(r *Report, m Metric) []Finding {
	if m.Key != MetricLatency.Key && m.Key != MetricAggregate.Key {
		return nil
	}
	var out []Finding
	for _, c := range r.Configs {
		if f, ok := growth(c, m); ok {
			out = append(out, f)
		}
	}
	return out
}

// peakFindings tells, under aggregate output, the level of each
// config's highest aggregate output beside its highest level's.
func peakFindings(r *Report, m Metric) []Finding {
	if m.Key != MetricAggregate.Key {
		return nil
	}
	var out []Finding
	for _, c := range r.Configs {
		if f, ok := peakAggregate(c); ok {
			out = append(out, f)
		}
	}
	return out
}

// gapFindings tells, under system throughput, the leader's throughput
// at the highest common level beside the one its tool reported.
func gapFindings(r *Report, m Metric) []Finding {
	hi, okHi := highestCommon(r.Configs)
	if m.Key != MetricSystemRPS.Key || !okHi {
		return nil
	}
	rk := rankAt(r.Configs, hi, m, Mean)
	if len(rk) == 0 {
		return nil
	}
	cfg, _ := r.Config(rk[0].id)
	l, _ := levelAt(cfg, hi)
	if math.IsNaN(l.RPSReported) {
		return nil
	}
	return []Finding{{Kind: ThroughputGap, Section: string(m.Key), Configs: []string{cfg.ID}, Levels: []Load{hi},
		Values: map[string]float64{"system": l.SystemRPS, "reported": l.RPSReported}}}
}

// specEffect compares a speculative config with its direct one on m at
// the lowest and highest levels both measured.
func specEffect(r *Report, s Speedup, m Metric) (Finding, bool) {
	if len(s.Points) == 0 {
		return Finding{}, false
	}
	spec, _ := r.Config(s.Spec)
	direct, _ := r.Config(s.Direct)
	lo, hi := s.Points[0].Load, s.Points[len(s.Points)-1].Load
	sl, _ := levelAt(spec, lo)
	dl, _ := levelAt(direct, lo)
	sh, _ := levelAt(spec, hi)
	dh, _ := levelAt(direct, hi)
	stat := m.commonStat([]Level{sl, dl, sh, dh}, Mean)
	v := map[string]float64{
		"spec_low": m.Value(sl, stat), "direct_low": m.Value(dl, stat),
		"spec_high": m.Value(sh, stat), "direct_high": m.Value(dh, stat),
	}
	v["advantage_low"] = m.advantage(v["spec_low"], v["direct_low"])
	v["advantage_high"] = m.advantage(v["spec_high"], v["direct_high"])
	// 1 where the two are on par at that end (within the tie threshold).
	v["tie_low"] = b2f(r.Params.tieAt(m, stat, sl, dl))
	v["tie_high"] = b2f(r.Params.tieAt(m, stat, sh, dh))
	return Finding{Kind: SpecEffect, Section: string(m.Key), Configs: []string{s.Spec, s.Direct}, Levels: []Load{lo, hi}, Values: v, Stat: m.statName(stat),
		Score: math.Abs(math.Log(v["advantage_low"])) + math.Abs(math.Log(v["advantage_high"]))}, true
}

// sloBoundary tells where config c stops meeting the SLO on m (TTFT or
// TPS) at the headline statistic.
func sloBoundary(c Config, m Metric, p Params) Finding {
	pct := p.Percentile
	threshold := p.SLOTTFTms
	if m.Key == MetricTPS.Key {
		threshold = p.SLOTPS
	}
	meets := func(l Level) bool {
		if m.Key == MetricTPS.Key {
			return l.SLO.Get(pct).TPS
		}
		return l.SLO.Get(pct).TTFT
	}
	// The value the SLO was checked against (a fallback statistic where
	// the source lacks the one asked for).
	// The value the SLO was checked against, and its statistic when a
	// stand-in (P99 for a missing P90, …): the finding names it.
	checked := func(l Level) (float64, Percentile) {
		s := l.TTFT
		if m.Key == MetricTPS.Key {
			s = l.TPS
		}
		x, name := s.SLOValue(pct, m.LowerIsBetter)
		if name == "" {
			return x, pct
		}
		return x, Percentile(name)
	}
	v := map[string]float64{"threshold": threshold}
	// Where TPS is checked on the fast tail (the tool's P90, no slow
	// tail), a level whose mean misses the threshold is named: the pass
	// rests on the fastest users only.
	if m.Key == MetricTPS.Key && pct == P90 {
		for _, l := range c.Levels {
			if meets(l) && l.SLO.P90.TPSStat == "" && math.IsNaN(l.TPS.P10) && l.TPS.Central() < threshold {
				v["mean_below_load"], v["mean_below"] = float64(l.Load), l.TPS.Central()
				break
			}
		}
	}
	for i, l := range c.Levels {
		if meets(l) {
			continue
		}
		x, stat := checked(l)
		if math.IsNaN(x) {
			// Nothing to check against: say so rather than "misses".
			return Finding{Kind: SLOUnchecked, Section: string(m.Key), Configs: []string{c.ID}, Levels: []Load{l.Load}, Values: v, Score: 1}
		}
		if i == 0 {
			v["value"] = x
			return Finding{Kind: SLONonePass, Section: string(m.Key), Configs: []string{c.ID}, Levels: []Load{l.Load}, Values: v, Stat: stat, Score: 1}
		}
		prev := c.Levels[i-1]
		v["pass"], _ = checked(prev)
		v["fail"] = x
		return Finding{Kind: SLOBoundary, Section: string(m.Key), Configs: []string{c.ID}, Levels: []Load{prev.Load, l.Load}, Values: v, Stat: stat, Score: 0.5}
	}
	last := c.Levels[len(c.Levels)-1]
	x, stat := checked(last)
	v["value"] = x
	return Finding{Kind: SLOAllPass, Section: string(m.Key), Configs: []string{c.ID}, Levels: []Load{last.Load}, Values: v, Stat: stat}
}

// growth compares a config's metric at its highest level with its
// lowest, against the rise in load.
func growth(c Config, m Metric) (Finding, bool) {
	if len(c.Levels) < 2 {
		return Finding{}, false
	}
	lo, hi := c.Levels[0], c.Levels[len(c.Levels)-1]
	stat := m.commonStat([]Level{lo, hi}, Mean)
	a, b := m.Value(lo, stat), m.Value(hi, stat)
	if !(a > 0) {
		return Finding{}, false
	}
	// The load factor is NaN (null) when the top level is an unbounded rate.
	load := float64(hi.Load) / float64(lo.Load)
	if math.IsInf(load, 0) {
		load = nanValue
	}
	return Finding{Kind: Growth, Section: string(m.Key), Configs: []string{c.ID}, Levels: []Load{lo.Load, hi.Load}, Stat: m.statName(stat),
		Values: map[string]float64{"low": a, "high": b, "ratio": b / a, "load": load}}, true
}

// peakAggregate finds the level of a config's highest aggregate output.
func peakAggregate(c Config) (Finding, bool) {
	var ls []Level
	for _, l := range c.Levels {
		if !math.IsNaN(l.AggregateTPS) {
			ls = append(ls, l)
		}
	}
	if len(ls) < 2 {
		return Finding{}, false
	}
	peak := ls[0]
	for _, l := range ls[1:] {
		if l.AggregateTPS > peak.AggregateTPS {
			peak = l
		}
	}
	last := ls[len(ls)-1]
	return Finding{Kind: PeakAggregate, Section: string(AggregateTPS), Configs: []string{c.ID}, Levels: []Load{peak.Load, last.Load},
		Values: map[string]float64{"peak": peak.AggregateTPS, "high": last.AggregateTPS}}, true
}

// latencyConsistency checks every level against latency = TTFT + ITL ×
// (tokens − 1) when the output length is known, and reports the largest
// deviation: the evidence that the metrics describe the same requests.
// It is evidence only where ITL is measured apart from latency (the gap
// between streamed chunks): where ITL is a TPOT, (latency − TTFT) / (n −
// 1), the sum is latency by definition and proves nothing, so no such
// finding is made.
func latencyConsistency(r *Report) (Finding, bool) {
	n := r.Params.OutputTokens
	if n < 2 {
		return Finding{}, false
	}
	for _, c := range r.Configs {
		if c.Definitions.ITL != "chunk" {
			return Finding{}, false
		}
	}
	f := Finding{Kind: LatencyConsistent, Section: "quality", Values: map[string]float64{"tokens": float64(n)}}
	checked, worst := 0, -1.0
	for _, c := range r.Configs {
		for _, l := range c.Levels {
			if !(l.Latency.Mean > 0) {
				continue
			}
			checked++
			exp := ExpectedLatency(l, n)
			dev := math.Abs(l.Latency.Mean-exp) / l.Latency.Mean
			if dev > worst {
				worst = dev
				f.Configs = []string{c.ID}
				f.Levels = []Load{l.Load}
				f.Values["latency"], f.Values["expected"] = l.Latency.Mean, exp
			}
		}
	}
	if checked == 0 || worst > MismatchTolerance {
		return Finding{}, false // the mismatches are anomalies, not a finding
	}
	f.Values["checked"], f.Values["deviation"] = float64(checked), worst
	return f, true
}

// ExpectedLatency is the mean latency a level's TTFT and ITL imply for
// requests of n output tokens: TTFT + ITL × (n − 1), in seconds.
func ExpectedLatency(l Level, n int) float64 {
	return l.TTFT.Mean/1000 + l.ITL.Mean/1000*float64(n-1)
}

// highestCommon is the highest concurrency every config measured.
func highestCommon(cfgs []Config) (Load, bool) {
	common := commonLevels(cfgs)
	if len(common) == 0 {
		return 0, false
	}
	return common[len(common)-1], true
}

// lowestCommon is the lowest concurrency every config measured.
func lowestCommon(cfgs []Config) (Load, bool) {
	common := commonLevels(cfgs)
	if len(common) == 0 {
		return 0, false
	}
	return common[0], true
}

// commonLevels lists the levels every config measured, ascending.
func commonLevels(cfgs []Config) []Load {
	if len(cfgs) == 0 {
		return nil
	}
	count := map[Load]int{}
	for _, c := range cfgs {
		for _, l := range c.Levels {
			count[l.Load]++
		}
	}
	var out []Load
	for _, l := range cfgs[0].Levels {
		if count[l.Load] == len(cfgs) {
			out = append(out, l.Load)
		}
	}
	return out
}

// CommonLevels lists the levels every config measured and reached: the
// levels comparisons are made at.
func (r *Report) CommonLevels() []Load { return commonLevels(r.reached().Configs) }

// levelAt returns cfg's level at concurrency c.
func levelAt(cfg Config, c Load) (Level, bool) {
	for _, l := range cfg.Levels {
		if l.Load == c {
			return l, true
		}
	}
	return Level{}, false
}

// Level returns the config's level at concurrency c.
func (c Config) Level(conc Load) (Level, bool) { return levelAt(c, conc) }

// Config returns the config with the given id.
func (r *Report) Config(id string) (Config, bool) {
	for _, c := range r.Configs {
		if c.ID == id {
			return c, true
		}
	}
	return Config{}, false
}
