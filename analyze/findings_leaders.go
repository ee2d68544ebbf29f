package analyze

import (
	"math"
	"sort"
)

// aggregateLeader names the config with the highest aggregate output at
// high load (highLevel: the operating point); within the tie threshold
// of the runner-up it is a tie.
func aggregateLeader(r *Report, _ Metric, w weights) []Finding {
	c, ok := highLevel(r)
	if !ok {
		return nil
	}
	ranked := rankAt(r.Configs, c, MetricAggregate, Mean)
	if len(ranked) == 0 {
		return nil
	}
	f := Finding{Kind: AggregateLeader, Configs: []string{ranked[0].id}, Levels: []Load{c},
		Values: map[string]float64{"value": ranked[0].v}, Score: w[AggregateLeader]}
	if len(ranked) > 1 {
		f.Configs = append(f.Configs, ranked[1].id)
		f.Values["next"] = ranked[1].v
		f.Values["ratio"] = Ratio(ranked[0].v, ranked[1].v)
		f.Tie = r.tieBetween(MetricAggregate, Mean, c, ranked[0].id, ranked[1].id)
		if !f.Tie {
			f.Score += math.Log(f.Values["ratio"])
		}
		if r.Axis == AxisRate && allDelivered(r, f.Configs, c) {
			// Both carried the offered rate: their output is the
			// rate's (leaderHigh).
			return nil
		}
	}
	return []Finding{f}
}

// ttftLeaders names the config with the lowest TTFT at the lowest common
// level, noting when it also leads at high load (the operating point);
// within the tie threshold of the runner-up it is a tie.
func ttftLeaders(r *Report, _ Metric, w weights) []Finding {
	if len(r.Configs) < 2 {
		return nil
	}
	lo, okLo := lowestCommon(r.Configs)
	hi, okHi := highLevel(r)
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
		f.Score = w[TTFTLeader] + math.Log(ratio)
	}
	if len(atHi) > 1 && atHi[0].id == atLo[0].id && !r.tieBetween(MetricTTFT, stat, hi, atHi[0].id, atHi[1].id) {
		f.Values["high"] = atHi[0].v
		// 1 when it is the lowest at every common level between, 0 when
		// another config leads somewhere in between.
		f.Values["every_level"] = 1
		for _, x := range commonLevels(r.Configs) {
			if x > hi {
				break
			}
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

// leaderLow tells the best config on m at the lowest level all
// measured and its nearest rival, a tie when within the tie threshold;
// not on throughput: at low load every config's throughput is small,
// and the high end decides.
func leaderLow(r *Report, m Metric, _ weights) []Finding {
	lo, okLo := lowestCommon(r.Configs)
	_, okHi := highestCommon(r.Configs)
	if len(r.Configs) < 2 || !okLo || !okHi || m.Key == MetricSystemRPS.Key || m.Key == MetricAggregate.Key {
		return nil
	}
	return leaderAt(r, m, LeaderLow, lo)
}

// leaderHigh is leaderLow at high load (the operating point), when that
// is another level than the lowest; on every metric.
//
// On a rate axis, the system's throughput and output of a configuration
// that delivered the offered rate are the rate's, not its own: no leader
// is told where the leader and its rival both delivered it (an "on par,
// 8.00 and 8.00 req/s" says nothing).
func leaderHigh(r *Report, m Metric, _ weights) []Finding {
	lo, okLo := lowestCommon(r.Configs)
	hi, okHi := highLevel(r)
	if len(r.Configs) < 2 || !okLo || !okHi || lo == hi {
		return nil
	}
	fs := leaderAt(r, m, LeaderHigh, hi)
	if r.Axis == AxisRate && (m.Key == SystemRPS || m.Key == AggregateTPS) && len(fs) == 1 && allDelivered(r, fs[0].Configs, hi) {
		return nil
	}
	return fs
}

// allDelivered reports whether each of the configs ids delivered its
// offered load at level x (Delivers: at least DeliveredShare of a finite
// rate).
func allDelivered(r *Report, ids []string, x Load) bool {
	for _, id := range ids {
		c, ok := r.Config(id)
		if !ok {
			return false
		}
		if l, ok := levelAt(c, x); !ok || !Delivers(l) {
			return false
		}
	}
	return true
}

// leaderAt ranks the configs on m at level c and tells the best and its
// nearest rival as a finding of kind, scored by how far ahead the best
// is (0 for a tie); nothing when fewer than two measured m there.
//
// Per-user TPS the tools define differently (tpsDefinitionsDiffer) is
// ranked on one definition for all, output tokens over mean request
// latency (MetricTPSEndToEnd, values "end_to_end"), where the output
// length is known, and not at all where it is not: a decode rate
// against a whole-request rate is no ranking.
func leaderAt(r *Report, m Metric, kind FindingKind, c Load) []Finding {
	section, e2e := m.Key, false
	if m.Key == TPS && tpsDefinitionsDiffer(r.Configs) {
		if r.Params.OutputTokens <= 0 {
			return nil
		}
		m, e2e = MetricTPSEndToEnd(r.Params.OutputTokens), true
	}
	stat := m.commonStat(levelsAt(r.Configs, c), Mean)
	rk := rankAt(r.Configs, c, m, stat)
	if len(rk) < 2 {
		return nil
	}
	adv := m.advantage(rk[0].v, rk[1].v)
	f := Finding{Kind: kind, Section: string(section), Configs: []string{rk[0].id, rk[1].id}, Levels: []Load{c},
		Values: map[string]float64{"value": rk[0].v, "next": rk[1].v, "ratio": adv}, Score: math.Log(adv),
		Tie: r.tieBetween(m, stat, c, rk[0].id, rk[1].id), Stat: m.statName(stat)}
	if e2e {
		f.Values["end_to_end"] = 1
	}
	if f.Tie {
		f.Score = 0
	}
	return []Finding{f}
}
