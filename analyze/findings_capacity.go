package analyze

import (
	"maps"
	"math"
	"slices"
	"sort"
)

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

// capacityFinding is the capacity finding of r: capacityLeader at the
// headline statistic, its kind's weight added to its score.
func capacityFinding(r *Report, _ Metric, w weights) []Finding {
	if f, ok := capacityLeader(r.Configs, r.Params, r.Axis); ok {
		f.Score = w[f.Kind] + f.Score
		return []Finding{f}
	}
	return nil
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
// so (CapacityUnranked of those configs). Its Score is what its
// comparison adds to its kind's weight: ln(ratio) for a clear leader.
func capacityLeader(cfgs []Config, p Params, axis Axis) (Finding, bool) {
	f, ok := rankCapacities(cfgs, p, axis)
	if ok {
		f.Fragile = capacityFragile(cfgs, p.Percentile, f.Configs)
	}
	return f, ok
}

// rankCapacities is capacityLeader without the fragile levels.
func rankCapacities(cfgs []Config, p Params, axis Axis) (Finding, bool) {
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
	f := Finding{Kind: CapacityLeader, Configs: []string{order[0].ID}, Levels: []Load{best.Max}, Values: capacityValues(best, "")}
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
	if outcome != Win {
		// On par, or not to be ranked: the tie-breaks may still name
		// one (headroom at the capacity level, then dominance).
		if w, rivals, ok := tieWinner(order, p, axis); ok {
			return tieBroken(order, w, rivals, p, axis), true
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

// tieBroken is the capacity finding of a leader w the tie-breaks named
// against rivals: its capacity beside the nearest other in capacity
// order, its headroom at its capacity level, and how each rival was
// decided (TieRivals, TieBreak).
func tieBroken(order []Config, w Config, rivals []TieRival, p Params, axis Axis) Finding {
	pct := p.Percentile
	cw := w.Capacity.Get(pct)
	f := Finding{Kind: CapacityLeader, Configs: []string{w.ID}, Levels: []Load{cw.Max}, Values: capacityValues(cw, ""),
		TieBreak: tieBreakOf(rivals), TieRivals: rivals}
	f.Values["headroom"] = headroomAt(w, p)
	for _, r := range rivals {
		f.Configs = append(f.Configs, r.Config)
	}
	// The runner-up is the rival largest in capacity, told first.
	isRival := func(id string) bool {
		return slices.ContainsFunc(rivals, func(r TieRival) bool { return r.Config == id })
	}
	if i := slices.IndexFunc(order, func(c Config) bool { return isRival(c.ID) }); i >= 0 {
		next := order[i].Capacity.Get(pct)
		maps.Copy(f.Values, capacityValues(next, "next_"))
		f.Values["ratio"] = Ratio(capacityValue(cw, axis), capacityValue(next, axis))
		j := slices.Index(f.Configs, order[i].ID)
		f.Configs[1], f.Configs[j] = f.Configs[j], f.Configs[1]
	}
	return f
}

// unrankedOf is the CapacityUnranked finding of cfgs, the configs that
// leave the order open, at their capacities' levels (ascending), with
// values v.
func unrankedOf(cfgs []Config, pct Percentile, v map[string]float64) Finding {
	f := Finding{Kind: CapacityUnranked, Values: v}
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

// Outranks reports whether config a's capacity at the headline
// statistic clearly exceeds config b's whatever the limits a lower
// bound leaves open: a bound clearly above a measured limit (beyond the
// tie threshold), or a measured limit clearly above another
// (compareCapacity). False for an unknown config.
func (r *Report) Outranks(a, b string) bool {
	ca, okA := r.Config(a)
	cb, okB := r.Config(b)
	if !okA || !okB {
		return false
	}
	pct := r.Params.Percentile
	return compareCapacity(ca.Capacity.Get(pct), cb.Capacity.Get(pct), r.Params, r.Axis) == Win
}
