package analyze

import (
	"math"
	"sort"
)

// Finding is one statement the data supports, typed so that a renderer
// can phrase it in any language: its kind, the configs and levels it is
// about, and the numbers behind it.
type Finding struct {
	Kind    FindingKind        `json:"kind"`
	Configs []string           `json:"configs"`
	Levels  []int              `json:"levels,omitempty"`
	Values  map[string]float64 `json:"values"`
	// Score ranks findings for the executive summary; see rankScore.
	Score float64 `json:"score"`
}

// FindingKind names a kind of finding.
type FindingKind string

// The finding kinds.
const (
	// SpecLowLoad: speculative vs direct TPS at the lowest common level.
	SpecLowLoad FindingKind = "spec_low_load"
	// SpecHighLoad: the same ratio at the highest common level.
	SpecHighLoad FindingKind = "spec_high_load"
	// SpecBreakEven: where speculative decoding stops paying off.
	SpecBreakEven FindingKind = "spec_break_even"
	// SpecNoBreakEven: speculative decoding wins at every common level.
	SpecNoBreakEven FindingKind = "spec_no_break_even"
	// CapacityLeader: the config serving the most users at the headline
	// statistic, and how it compares with the runner-up.
	CapacityLeader FindingKind = "capacity_leader"
	// AggregateLeader: the highest aggregate output at the highest level.
	AggregateLeader FindingKind = "aggregate_leader"
	// TTFTLeader: the lowest mean TTFT at the lowest and highest levels.
	TTFTLeader FindingKind = "ttft_leader"
	// AnomalyNote: an anomaly worth a line in the summary.
	AnomalyNote FindingKind = "anomaly"
)

// findings derives the findings of a report and ranks them by Score,
// highest first; ties keep derivation order.
//
// Ranking rule: a finding's score is how far its key number is from "no
// difference", as a ratio: |ln(ratio)| for comparisons (so 2× and 0.5×
// weigh the same), plus a fixed weight per kind that puts capacity and
// speculative break-even (the decisions a reader takes from a report)
// ahead of single-metric leads.
func findings(r *Report) []Finding {
	var out []Finding
	byID := map[string]Config{}
	for _, c := range r.Configs {
		byID[c.ID] = c
	}
	for _, s := range r.Speedups {
		if len(s.Points) == 0 {
			continue
		}
		lo, hi := s.Points[0], s.Points[len(s.Points)-1]
		out = append(out, Finding{Kind: SpecLowLoad, Configs: []string{s.Spec, s.Direct}, Levels: []int{lo.Concurrency},
			Values: map[string]float64{"ratio": lo.Ratio, "spec": lo.SpecTPS, "direct": lo.DirectTPS},
			Score:  2 + math.Abs(math.Log(lo.Ratio))})
		if s.BreakEven != nil {
			v := map[string]float64{"level": float64(*s.BreakEven)}
			if s.BreakEvenInterpolated != nil {
				v["interpolated"] = *s.BreakEvenInterpolated
			}
			out = append(out, Finding{Kind: SpecBreakEven, Configs: []string{s.Spec, s.Direct}, Levels: []int{*s.BreakEven}, Values: v, Score: 3})
		} else {
			out = append(out, Finding{Kind: SpecNoBreakEven, Configs: []string{s.Spec, s.Direct}, Levels: []int{hi.Concurrency},
				Values: map[string]float64{"ratio": hi.Ratio}, Score: 2.5})
		}
		if len(s.Points) > 1 && hi.Ratio < 1 {
			out = append(out, Finding{Kind: SpecHighLoad, Configs: []string{s.Spec, s.Direct}, Levels: []int{hi.Concurrency},
				Values: map[string]float64{"ratio": hi.Ratio, "spec": hi.SpecTPS, "direct": hi.DirectTPS},
				Score:  1.5 + math.Abs(math.Log(hi.Ratio))})
		}
	}
	if f, ok := capacityLeader(r.Configs, r.Params.Percentile); ok {
		out = append(out, f)
	}
	if f, ok := aggregateLeader(r); ok {
		out = append(out, f)
	}
	out = append(out, ttftLeaders(r)...)
	for _, a := range r.Anomalies {
		if a.Kind == TTFTJump || a.Kind == AggregateDrop {
			v := map[string]float64{}
			for k, x := range a.Values {
				v[k] = x
			}
			score := 1.0
			if a.Kind == TTFTJump {
				score += math.Log(a.Values["ratio"])
			}
			out = append(out, Finding{Kind: AnomalyNote, Configs: []string{a.Config}, Levels: []int{a.Concurrency}, Values: v, Score: score})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Score > out[j].Score })
	return out
}

// capacityLeader names the config with the most users at pct (ties: the
// higher C_max, then report order) and its ratio to the runner-up.
func capacityLeader(cfgs []Config, pct Percentile) (Finding, bool) {
	if len(cfgs) == 0 {
		return Finding{}, false
	}
	order := make([]Config, len(cfgs))
	copy(order, cfgs)
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i].Capacity.Get(pct), order[j].Capacity.Get(pct)
		if a.Users != b.Users {
			return a.Users > b.Users
		}
		return a.CMax > b.CMax
	})
	best := order[0].Capacity.Get(pct)
	if best.Users == 0 {
		return Finding{}, false
	}
	f := Finding{Kind: CapacityLeader, Configs: []string{order[0].ID}, Levels: []int{best.CMax},
		Values: map[string]float64{"users": float64(best.Users), "c_max": float64(best.CMax)}, Score: 3.5}
	if len(order) > 1 {
		next := order[1].Capacity.Get(pct)
		f.Configs = append(f.Configs, order[1].ID)
		f.Values["next_users"] = float64(next.Users)
		f.Values["next_c_max"] = float64(next.CMax)
		if next.Users > 0 {
			f.Values["ratio"] = float64(best.Users) / float64(next.Users)
		}
	}
	return f, true
}

// aggregateLeader names the config with the highest aggregate output at
// the highest level every config measured.
func aggregateLeader(r *Report) (Finding, bool) {
	c, ok := highestCommon(r.Configs)
	if !ok {
		return Finding{}, false
	}
	type entry struct {
		id  string
		agg float64
	}
	var es []entry
	for _, cfg := range r.Configs {
		if l, ok := levelAt(cfg, c); ok {
			es = append(es, entry{cfg.ID, l.AggregateTPS})
		}
	}
	sort.SliceStable(es, func(i, j int) bool { return es[i].agg > es[j].agg })
	f := Finding{Kind: AggregateLeader, Configs: []string{es[0].id}, Levels: []int{c},
		Values: map[string]float64{"value": es[0].agg}, Score: 1.2}
	if len(es) > 1 {
		f.Configs = append(f.Configs, es[1].id)
		f.Values["next"] = es[1].agg
		f.Values["ratio"] = Ratio(es[0].agg, es[1].agg)
		f.Score += math.Log(f.Values["ratio"])
	}
	return f, true
}

// ttftLeaders names the config with the lowest mean TTFT at the lowest
// and at the highest level every config measured (once when the same
// config leads at both).
func ttftLeaders(r *Report) []Finding {
	if len(r.Configs) < 2 {
		return nil
	}
	lo, okLo := lowestCommon(r.Configs)
	hi, okHi := highestCommon(r.Configs)
	if !okLo || !okHi {
		return nil
	}
	lead := func(c int) (string, float64, string, float64) {
		bestID, best, nextID, next := "", math.Inf(1), "", math.Inf(1)
		for _, cfg := range r.Configs {
			l, _ := levelAt(cfg, c)
			switch v := l.TTFT.Mean; {
			case v < best:
				nextID, next = bestID, best
				bestID, best = cfg.ID, v
			case v < next:
				nextID, next = cfg.ID, v
			}
		}
		return bestID, best, nextID, next
	}
	idLo, vLo, nextLo, nLo := lead(lo)
	idHi, vHi, _, _ := lead(hi)
	f := Finding{Kind: TTFTLeader, Configs: []string{idLo, nextLo}, Levels: []int{lo, hi},
		Values: map[string]float64{"low": vLo, "low_next": nLo, "ratio": Ratio(nLo, vLo)},
		Score:  1 + math.Log(Ratio(nLo, vLo))}
	if idHi == idLo {
		f.Values["high"] = vHi
	}
	return []Finding{f}
}

// highestCommon is the highest concurrency every config measured.
func highestCommon(cfgs []Config) (int, bool) {
	common := commonLevels(cfgs)
	if len(common) == 0 {
		return 0, false
	}
	return common[len(common)-1], true
}

// lowestCommon is the lowest concurrency every config measured.
func lowestCommon(cfgs []Config) (int, bool) {
	common := commonLevels(cfgs)
	if len(common) == 0 {
		return 0, false
	}
	return common[0], true
}

// commonLevels lists the levels every config measured, ascending.
func commonLevels(cfgs []Config) []int {
	if len(cfgs) == 0 {
		return nil
	}
	count := map[int]int{}
	for _, c := range cfgs {
		for _, l := range c.Levels {
			count[l.Concurrency]++
		}
	}
	var out []int
	for _, l := range cfgs[0].Levels {
		if count[l.Concurrency] == len(cfgs) {
			out = append(out, l.Concurrency)
		}
	}
	return out
}

// CommonLevels lists the concurrency levels every config measured.
func (r *Report) CommonLevels() []int { return commonLevels(r.Configs) }

// levelAt returns cfg's level at concurrency c.
func levelAt(cfg Config, c int) (Level, bool) {
	for _, l := range cfg.Levels {
		if l.Concurrency == c {
			return l, true
		}
	}
	return Level{}, false
}

// Level returns the config's level at concurrency c.
func (c Config) Level(conc int) (Level, bool) { return levelAt(c, conc) }

// Config returns the config with the given id.
func (r *Report) Config(id string) (Config, bool) {
	for _, c := range r.Configs {
		if c.ID == id {
			return c, true
		}
	}
	return Config{}, false
}
