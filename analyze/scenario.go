package analyze

import (
	"math"
	"sort"
)

// Scenario is a recommendation for one use of the system: the config the
// rules choose and the numbers that justify it.
type Scenario struct {
	Kind     ScenarioKind `json:"kind"`
	Config   string       `json:"config"`
	RunnerUp string       `json:"runner_up,omitempty"`
	// Then is, for MinITL, the config that leads from the level after
	// Values["until"] on ("" when Config leads at every level).
	Then   string  `json:"then,omitempty"`
	Levels []Load  `json:"levels"`
	Values Numbers `json:"values"`
}

// ScenarioKind names a use the report recommends a config for.
type ScenarioKind string

// The scenarios and their rules. Every rule uses only levels all configs
// measured.
const (
	// Interactive (low-load chat): the highest mean per-user TPS averaged
	// over the common low-load levels (every config holds at most
	// LowLoadMax requests in flight there), among the configs that meet
	// both SLOs (headline statistic) at all those levels; all configs
	// compete when none does.
	Interactive ScenarioKind = "interactive"
	// HighLoad (production serving): the most users within the SLOs at
	// the headline statistic (Little's law capacity).
	HighLoad ScenarioKind = "high_load"
	// MaxThroughput (batch): the highest aggregate output at any common
	// level.
	MaxThroughput ScenarioKind = "max_throughput"
	// MinITL (real-time streaming): the lowest mean ITL at the lowest
	// common level, with the highest level up to which it stays lowest.
	MinITL ScenarioKind = "min_itl"
)

// LowLoadMax is the most requests in flight counted as low load: on a
// concurrency axis the levels c ≤ 4, on a rate axis the rates at which
// every config's effective concurrency is at most 4.
const LowLoadMax = 4

// scenarios applies the rules; a scenario the data cannot decide (no
// common level, no config within the SLOs) is left out.
func scenarios(r *Report) []Scenario {
	common := commonLevels(r.Configs)
	if len(common) == 0 || len(r.Configs) == 0 {
		return nil
	}
	var out []Scenario
	if s, ok := interactive(r, common); ok {
		out = append(out, s)
	}
	if f, ok := capacityLeader(r.Configs, r.Params.Percentile); ok {
		s := Scenario{Kind: HighLoad, Config: f.Configs[0], Levels: f.Levels, Values: f.Values}
		if len(f.Configs) > 1 {
			s.RunnerUp = f.Configs[1]
		}
		out = append(out, s)
	}
	if s, ok := maxThroughput(r, common); ok {
		out = append(out, s)
	}
	if s, ok := minITL(r, common); ok {
		out = append(out, s)
	}
	return out
}

func interactive(r *Report, common []Load) (Scenario, bool) {
	var low []Load
	for _, c := range common {
		if lowLoad(r.Configs, c) {
			low = append(low, c)
		}
	}
	if len(low) == 0 {
		low = common[:1]
	}
	pct := r.Params.Percentile
	type cand struct {
		cfg Config
		avg float64
	}
	var all, ok []cand
	for _, c := range r.Configs {
		sum, pass := 0.0, true
		for _, lc := range low {
			l, _ := levelAt(c, lc)
			sum += l.TPS.Central()
			pass = pass && l.SLO.Get(pct).Pass()
		}
		x := cand{c, sum / float64(len(low))}
		all = append(all, x)
		if pass {
			ok = append(ok, x)
		}
	}
	pool := ok
	sloMet := 1.0
	if len(pool) == 0 {
		pool, sloMet = all, 0
	}
	sort.SliceStable(pool, func(i, j int) bool { return pool[i].avg > pool[j].avg })
	best := pool[0].cfg
	s := Scenario{Kind: Interactive, Config: best.ID, Levels: low, Values: map[string]float64{"slo_met": sloMet}}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, lc := range low {
		l, _ := levelAt(best, lc)
		lo, hi = math.Min(lo, l.TPS.Central()), math.Max(hi, l.TPS.Central())
	}
	s.Values["tps_min"], s.Values["tps_max"] = lo, hi
	if len(pool) > 1 {
		next := pool[1].cfg
		s.RunnerUp = next.ID
		amin, amax := math.Inf(1), math.Inf(-1)
		for _, lc := range low {
			a, _ := levelAt(best, lc)
			b, _ := levelAt(next, lc)
			adv := Ratio(a.TPS.Central(), b.TPS.Central())
			amin, amax = math.Min(amin, adv), math.Max(amax, adv)
		}
		s.Values["advantage_min"], s.Values["advantage_max"] = amin, amax
	}
	return s, true
}

// lowLoad reports whether every config holds at most LowLoadMax requests
// in flight at level x.
func lowLoad(cfgs []Config, x Load) bool {
	for _, c := range cfgs {
		if l, ok := levelAt(c, x); ok && l.Concurrency > LowLoadMax+0.5 {
			return false
		}
	}
	return true
}

// maxThroughput picks the highest aggregate output at any common level;
// configs with no aggregate figure at those levels do not compete.
func maxThroughput(r *Report, common []Load) (Scenario, bool) {
	type peak struct {
		id string
		c  Load
		v  float64
	}
	var ps []peak
	for _, cfg := range r.Configs {
		p := peak{id: cfg.ID, v: -1}
		for _, lc := range common {
			if l, _ := levelAt(cfg, lc); l.AggregateTPS > p.v {
				p.c, p.v = lc, l.AggregateTPS
			}
		}
		if p.v >= 0 {
			ps = append(ps, p)
		}
	}
	if len(ps) == 0 {
		return Scenario{}, false
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].v > ps[j].v })
	s := Scenario{Kind: MaxThroughput, Config: ps[0].id, Levels: []Load{ps[0].c}, Values: map[string]float64{"value": ps[0].v}}
	if len(ps) > 1 {
		s.RunnerUp = ps[1].id
		s.Values["next"], s.Values["next_level"] = ps[1].v, float64(ps[1].c)
	}
	return s, true
}

// minITL picks the lowest mean ITL at the lowest common level; it is
// left out when no config reports ITL there.
func minITL(r *Report, common []Load) (Scenario, bool) {
	rk := rankAt(r.Configs, common[0], MetricITL, Mean)
	if len(rk) == 0 {
		return Scenario{}, false
	}
	s := Scenario{Kind: MinITL, Config: rk[0].id, Levels: []Load{common[0]}, Values: map[string]float64{"value": rk[0].v}}
	if len(rk) > 1 {
		s.RunnerUp = rk[1].id
		s.Values["next"] = rk[1].v
	}
	// The highest level up to which it keeps the lowest ITL.
	until := common[0]
	for _, lc := range common {
		at := rankAt(r.Configs, lc, MetricITL, Mean)
		if len(at) == 0 {
			break
		}
		if lead := at[0].id; lead != rk[0].id {
			s.Then = lead
			s.Values["then_level"] = float64(lc)
			break
		}
		until = lc
	}
	s.Values["until"] = float64(until)
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

// scorecard scores every pair of configs, in report order.
func scorecard(cfgs []Config) []PairScore {
	var out []PairScore
	for i := 0; i < len(cfgs); i++ {
		for j := i + 1; j < len(cfgs); j++ {
			a, b := cfgs[i], cfgs[j]
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
						case m.better(x, y):
							ps.AWins++
						case m.better(y, x):
							ps.BWins++
						default:
							ps.Ties++
						}
					}
				}
			}
			if ps.Comparisons > 0 {
				out = append(out, ps)
			}
		}
	}
	return out
}
