package analyze

import (
	"math"
	"slices"
	"sort"
)

// Scenario is a recommendation for one use of the system: the config the
// rules choose and the numbers that justify it.
type Scenario struct {
	Kind     ScenarioKind `json:"kind"`
	Config   string       `json:"config"`
	RunnerUp string       `json:"runner_up,omitempty"`
	// Tie is true when the pick is within the tie threshold of the
	// runner-up (or the capacities cannot be ranked): there is no clear
	// winner, and Config is only the first of the two.
	Tie bool `json:"tie,omitempty"`
	// TieBreak says what named the pick when the capacities are on par
	// or cannot be ranked (high load only; see Finding.TieBreak).
	TieBreak string `json:"tie_break,omitempty"`
	Levels   []Load `json:"levels"`
	// Rivals and Margins, per level of Levels: the nearest rival of the
	// pick at that level (the best of all the other configs there) and
	// how many times better the pick is than it (below 1 where the
	// rival is better). Values holds their min and max.
	Rivals  []string `json:"rivals,omitempty"`
	Margins Ratios   `json:"margins,omitempty"`
	// Stat is the statistic compared ("p50" when the median stands in
	// for every config).
	Stat Percentile `json:"stat,omitempty"`
	// Basis names the metric compared when it is not the scenario's
	// usual one: "tps_e2e" (output tokens / mean latency) where the tools
	// define per-user TPS differently.
	Basis  string  `json:"basis,omitempty"`
	Values Numbers `json:"values"`
	// Fragile lists the levels whose tail percentiles, from fewer than
	// MinTailSample requests, the pick rests on (its SLO checks).
	Fragile []Load `json:"fragile_levels,omitempty"`
	// Estimated lists the configs whose estimated mean latency the
	// scenario's users (or, on the tps_e2e basis, its values) rest on
	// (Finding.Estimated).
	Estimated []string `json:"estimated,omitempty"`
}

// ScenarioKind names a use the report recommends a config for.
type ScenarioKind string

// The scenarios and their rules. Every rule uses only levels all configs
// measured, and whose load was reached.
const (
	// Interactive (low-load chat): over the low-load window (every level
	// at which each config holds at most LowLoadMax requests in flight),
	// the highest geometric mean of per-user TPS, among the configs that
	// meet both SLOs (headline statistic) at every level of the window;
	// all configs compete when none does.
	Interactive ScenarioKind = "interactive"
	// HighLoad (production serving): the largest capacity within the
	// SLOs at the headline statistic (compareCapacity: users, or on a
	// rate axis the sustained throughput at R_max).
	HighLoad ScenarioKind = "high_load"
	// MaxThroughput (batch): the highest aggregate output delivered
	// within the SLOs (OutputPeaks).
	MaxThroughput ScenarioKind = "max_throughput"
	// MinITL (real-time streaming): over the same low-load window, the
	// lowest geometric mean of ITL, among the configs that meet both SLOs
	// there.
	MinITL ScenarioKind = "min_itl"
)

// LowLoadMax is the most requests in flight counted as low load: on a
// concurrency axis the levels c ≤ 4, on a rate axis the rates at which
// every config's effective concurrency rounds to at most 4 (is under
// 4.5: a rate run is placed at its effective concurrency rounded, 4.5
// at 5).
const LowLoadMax = 4

// scenarios applies the rules; a scenario the data cannot decide (no
// common level, no config within the SLOs) is left out.
func scenarios(r *Report) []Scenario {
	common := commonLevels(r.Configs)
	if len(common) == 0 || len(r.Configs) == 0 {
		return nil
	}
	var low []Load
	for _, c := range common {
		if lowLoad(r.Configs, c) {
			low = append(low, c)
		}
	}
	if len(low) == 0 {
		low = common[:1]
	}
	var out []Scenario
	tps, basis := MetricTPS, ""
	if tpsDefinitionsDiffer(r.Configs) && r.Params.OutputTokens > 0 {
		tps, basis = MetricTPSEndToEnd(r.Params.OutputTokens), string(TPSEndToEnd)
	}
	if s, ok := windowPick(r, Interactive, low, tps); ok {
		s.Basis = basis
		if basis == "" && tpsDefinitionsDiffer(r.Configs) {
			s.Values["definitions_differ"] = 1
		}
		out = append(out, s)
	}
	if f, ok := capacityLeader(r.Configs, r.Params, r.Axis); ok {
		s := Scenario{Kind: HighLoad, Config: f.Configs[0], Levels: f.Levels, Values: f.Values, Tie: f.Tie || f.Kind == CapacityUnranked,
			TieBreak: f.TieBreak, Fragile: f.Fragile}
		if f.Kind == CapacityUnranked {
			s.Config = ""
		}
		if len(f.Configs) > 1 {
			s.RunnerUp = f.Configs[1]
		}
		out = append(out, s)
	}
	if s, ok := maxThroughput(r); ok {
		out = append(out, s)
	}
	if s, ok := windowPick(r, MinITL, low, MetricITL); ok {
		out = append(out, s)
	}
	return out
}

// windowPick chooses the best config on m over a window of levels: the
// best geometric mean of m over the window, among the configs meeting
// both SLOs (headline statistic) at every level of it (all of them when
// none does: Values["slo_met"] = 0). The pick's margin at each level is
// against its nearest rival there, the best of all the other configs.
// Within the tie threshold of the runner-up there is no clear winner.
func windowPick(r *Report, kind ScenarioKind, window []Load, m Metric) (Scenario, bool) {
	pct := r.Params.Percentile
	stat := m.commonStat(levelsAt(r.Configs, window...), Mean)
	type cand struct {
		id  string
		agg float64
	}
	var all, ok []cand
	for _, c := range r.Configs {
		var xs []float64
		pass := true
		for _, x := range window {
			l, _ := levelAt(c, x)
			xs = append(xs, m.Value(l, stat))
			pass = pass && l.SLO.Get(pct).Pass()
		}
		g := geoMean(xs)
		if !Known(g) {
			continue
		}
		all = append(all, cand{c.ID, g})
		if pass {
			ok = append(ok, cand{c.ID, g})
		}
	}
	pool, sloMet := ok, 1.0
	if len(pool) == 0 {
		pool, sloMet = all, 0
	}
	if len(pool) == 0 {
		return Scenario{}, false
	}
	sort.SliceStable(pool, func(i, j int) bool { return m.better(pool[i].agg, pool[j].agg) })
	best := pool[0]
	s := Scenario{Kind: kind, Config: best.id, Levels: window, Stat: stat,
		Values: map[string]float64{"slo_met": sloMet, "aggregate": best.agg}}
	if len(pool) > 1 {
		s.RunnerUp = pool[1].id
		s.Values["next_aggregate"] = pool[1].agg
		s.Values["advantage"] = m.advantage(best.agg, pool[1].agg)
		s.Tie = r.Params.Tie(best.agg, pool[1].agg)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	amin, amax := math.Inf(1), math.Inf(-1)
	for _, x := range window {
		mg, found := rivalOf(r.Configs, best.id, x, m, stat)
		if !found {
			// Keep Rivals and Margins aligned with Levels.
			s.Rivals = append(s.Rivals, "")
			s.Margins = append(s.Margins, nanValue)
			continue
		}
		lo, hi = math.Min(lo, mg.value), math.Max(hi, mg.value)
		s.Rivals = append(s.Rivals, mg.rival)
		s.Margins = append(s.Margins, mg.ratio)
		if Known(mg.ratio) {
			amin, amax = math.Min(amin, mg.ratio), math.Max(amax, mg.ratio)
		}
	}
	s.Values["value_min"], s.Values["value_max"] = lo, hi
	// Users the window holds: the pick's at its top level, at the think time.
	if c, ok := r.Config(best.id); ok {
		if l, ok := levelAt(c, window[len(window)-1]); ok && Known(l.Latency.Mean) {
			s.Values["users"] = float64(LittleUsers(l.Concurrency, r.Params.ThinkS, l.Latency.Mean))
		}
	}
	// Its SLO filter read the headline statistic of every config over
	// the window.
	var ids []string
	for _, c := range r.Configs {
		ids = append(ids, c.ID)
	}
	s.Fragile = fragileAt(r.Configs, pct, ids, window...)
	if !math.IsInf(amin, 0) {
		s.Values["margin_min"], s.Values["margin_max"] = amin, amax
	}
	return s, true
}

// tpsDefinitionsDiffer reports whether the configs' tools define
// per-user TPS differently (decode rate against whole-request rate).
func tpsDefinitionsDiffer(cfgs []Config) bool {
	for _, c := range cfgs[1:] {
		if c.Definitions.TPS != cfgs[0].Definitions.TPS {
			return true
		}
	}
	return false
}

// lowLoad reports whether every config holds at most LowLoadMax requests
// in flight at level x, rounded as levelLoad rounds.
func lowLoad(cfgs []Config, x Load) bool {
	for _, c := range cfgs {
		if l, ok := levelAt(c, x); ok && l.Concurrency >= LowLoadMax+0.5 {
			return false
		}
	}
	return true
}

// OutputPeak is a config's highest aggregate output (OutputPeaks).
type OutputPeak struct {
	Config string
	Load   Load
	Value  float64
	// Bound: the peak is at the config's highest level reached, of
	// several: the output was still rising, a lower bound (unless that
	// level is an unbounded rate, where no more load can be offered).
	Bound bool
}

// capacity is the peak as a capacity, its output in place of users, so
// that peaks are ranked as capacities are (compareCapacity).
func (p OutputPeak) capacity() Capacity {
	return Capacity{Max: p.Load, Users: RoundHalfUp(p.Value), LowerBound: p.Bound}
}

// PeakOutranks reports whether peak a clearly exceeds peak b whatever
// the limit a lower bound leaves open (compareCapacity): a bound clearly
// above a measured peak, or a measured peak clearly above another.
func (r *Report) PeakOutranks(a, b OutputPeak) bool {
	return compareCapacity(a.capacity(), b.capacity(), r.Params, AxisConcurrency) == Win
}

// OutputPeaks are the configs' peak aggregate outputs, highest first:
// each config's peak over the levels whose load was reached and that
// meet both SLOs at the headline statistic, the output it delivered
// within its targets (a level past its capacity delivers more tokens,
// but not to users the SLOs hold for). withinSLO is false when no config
// meets them at any level; the peaks are then over every level reached.
// Configs with no aggregate figure are left out. The peak is the first
// level that reaches the highest value: a plateau at the top is no sign
// of a still-rising output.
func OutputPeaks(r *Report) (peaks []OutputPeak, withinSLO bool) {
	pass := func(l Level) bool { return l.SLO.Get(r.Params.Percentile).Pass() }
	withinSLO = slices.ContainsFunc(r.Configs, func(c Config) bool {
		return slices.ContainsFunc(c.Levels, func(l Level) bool { return l.LoadReached && pass(l) && Known(l.AggregateTPS) })
	})
	for _, cfg := range r.Configs {
		p := OutputPeak{Config: cfg.ID, Value: -1}
		var top Load
		reached := 0
		for _, l := range cfg.Levels {
			if !l.LoadReached {
				continue
			}
			top, reached = l.Load, reached+1
			if (!withinSLO || pass(l)) && l.AggregateTPS > p.Value {
				p.Load, p.Value = l.Load, l.AggregateTPS
			}
		}
		if p.Value >= 0 {
			p.Bound = p.Load == top && reached > 1 && !p.Load.IsInf()
			peaks = append(peaks, p)
		}
	}
	sort.SliceStable(peaks, func(i, j int) bool { return peaks[i].Value > peaks[j].Value })
	return peaks, withinSLO
}

// maxThroughput picks the highest peak aggregate output (OutputPeaks:
// within the SLOs where any config meets them). Peaks are ranked as
// capacities are (compareCapacity): a clear winner, a tie, or no
// ranking when lower bounds leave the order open.
func maxThroughput(r *Report) (Scenario, bool) {
	ps, within := OutputPeaks(r)
	if len(ps) == 0 {
		return Scenario{}, false
	}
	best := ps[0]
	s := Scenario{Kind: MaxThroughput, Config: best.Config, Levels: []Load{best.Load},
		Values: map[string]float64{"value": best.Value, "lower_bound": b2f(best.Bound), "within_slo": b2f(within)}}
	if len(ps) == 1 {
		return s, true
	}
	next := ps[1]
	s.RunnerUp = next.Config
	s.Values["next"], s.Values["next_level"], s.Values["next_lower_bound"] = next.Value, float64(next.Load), b2f(next.Bound)
	s.Values["advantage"] = Ratio(best.Value, next.Value)
	outcome := Win
	for _, o := range ps[1:] {
		switch compareCapacity(best.capacity(), o.capacity(), r.Params, AxisConcurrency) {
		case Unknown:
			outcome = Unknown
		case Tie:
			if outcome == Win {
				outcome = Tie
			}
		}
	}
	switch outcome {
	case Tie:
		s.Tie = true
	case Unknown:
		// Still rising at the top of the tested range: no ranking.
		s.Tie, s.Config = true, ""
	}
	return s, true
}

// PairScore counts, for two configs, the comparisons each wins: every
// ScoredMetric at Mean and P90, at every level both measured.
type PairScore struct {
	A           string `json:"a"`
	B           string `json:"b"`
	AWins       int    `json:"a_wins"`
	BWins       int    `json:"b_wins"`
	Ties        int    `json:"ties"`
	Comparisons int    `json:"comparisons"`
	Levels      []Load `json:"levels"`
}

// scorecard scores every pair of configs, in report order; a difference
// within the tie threshold is a tie.
func scorecard(cfgs []Config, p Params) []PairScore {
	var out []PairScore
	for i := 0; i < len(cfgs); i++ {
		for j := i + 1; j < len(cfgs); j++ {
			if ps := scorePair(cfgs[i], cfgs[j], p); ps.Comparisons > 0 {
				out = append(out, ps)
			}
		}
	}
	return out
}

// scorePair compares a with b on every scored metric and statistic at
// every level both measured.
func scorePair(a, b Config, p Params) PairScore {
	ps := PairScore{A: a.ID, B: b.ID}
	for _, la := range a.Levels {
		lb, ok := levelAt(b, la.Load)
		if !ok {
			continue
		}
		ps.Levels = append(ps.Levels, la.Load)
		for _, m := range ScoredMetrics {
			for _, st := range Percentiles {
				x, y := m.Value(la, st), m.Value(lb, st)
				if math.IsNaN(x) || math.IsNaN(y) {
					continue
				}
				ps.Comparisons++
				switch {
				case p.tieAt(m, st, la, lb):
					ps.Ties++
				case m.better(x, y):
					ps.AWins++
				default:
					ps.BWins++
				}
			}
		}
	}
	return ps
}
