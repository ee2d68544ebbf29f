package compare

import (
	"math"

	"github.com/openzeka/reportgen/analyze"
)

// statistics are the statistics a distribution's deltas are given for,
// in report order; one absent on both sides is left out.
var statistics = []analyze.Statistic{analyze.Mean, analyze.P10, analyze.P50, analyze.P90, analyze.P99}

// level is every delta at one common level: each distribution's
// statistics (TTFT, ITL, TPS, latency), then the system's request and
// aggregate output throughput.
func (k *comparer) level(p levelPair, refused map[string]bool) []Delta {
	x := p.old.Load
	var out []Delta
	samples := levelSamples{}
	for _, m := range analyze.Distributions {
		if refused[string(m)] {
			continue
		}
		head := k.headlineStat(m, p)
		for _, st := range statistics {
			o, n := p.old.Stat(m).At(st), p.new.Stat(m).At(st)
			if !analyze.Known(o) && !analyze.Known(n) {
				continue
			}
			d := newDelta(Metric(m), st, &x, o, n)
			d.LowerIsBetter, d.Headline = m.LowerIsBetter(), st == head
			if m == analyze.Latency && st == analyze.Mean {
				d.OldEstimated, d.NewEstimated = p.old.LatencyEstimated(), p.new.LatencyEstimated()
			}
			k.test(&d, m, st, p, samples)
			k.judge(&d)
			out = append(out, d)
		}
	}
	for _, m := range []analyze.MetricID{analyze.SystemRPS, analyze.AggregateTPS} {
		o, n := throughput(p.old, m), throughput(p.new, m)
		if !analyze.Known(o) && !analyze.Known(n) {
			continue
		}
		d := newDelta(Metric(m), "", &x, o, n)
		d.Headline = m == analyze.SystemRPS
		k.test(&d, m, "", p, samples)
		k.judge(&d)
		out = append(out, d)
	}
	return out
}

func throughput(l analyze.Level, m analyze.MetricID) float64 {
	if m == analyze.SystemRPS {
		return l.SystemRPS
	}
	return l.AggregateTPS
}

// headlineStat is the statistic of metric m whose delta is a headline
// one at this level: for TTFT the headline percentile (P90, or the
// mean), for TPS the mean; where a side lacks it, the statistic that
// stands in for it on both (P99 for a time's P90, the median for a
// mean), as the report's SLO check does. ITL and latency have none.
func (k *comparer) headlineStat(m analyze.MetricID, p levelPair) analyze.Statistic {
	var want analyze.Statistic
	switch m {
	case analyze.TTFT:
		want = k.c.Percentile
	case analyze.TPS:
		want = analyze.Mean
	default:
		return ""
	}
	both := func(st analyze.Statistic) bool {
		return analyze.Known(p.old.Stat(m).At(st)) && analyze.Known(p.new.Stat(m).At(st))
	}
	if both(want) {
		return want
	}
	stand := analyze.P50
	if want == analyze.P90 {
		stand = analyze.P99
	}
	if both(stand) {
		return stand
	}
	return want
}

// newDelta is a delta of metric's statistic st at load x (nil for a
// configuration-wide metric), not yet tested or judged.
func newDelta(m Metric, st analyze.Statistic, x *analyze.Load, old, cand float64) Delta {
	return Delta{Metric: m, Stat: st, Load: x, Old: old, New: cand, DeltaPct: math.NaN(), PValue: math.NaN(), Test: TestNone}
}

// judge fills a delta's change from its values, its test and the
// threshold: a difference beyond the threshold counts when its own test
// is significant; with no test of its own it is unconfirmed, until the
// trend across levels or the level that bounds a capacity confirms it
// (confirm).
func (k *comparer) judge(d *Delta) {
	d.DeltaPct = math.NaN()
	d.ConfirmedBy, d.ConfirmedAt, d.Unconfirmed = "", nil, false
	if !analyze.Known(d.Old) || !analyze.Known(d.New) {
		d.Change, d.Reason, d.Direction = Unknown, "absent", ""
		d.Test, d.Significant, d.PValue, d.NOld, d.NNew = TestNone, false, math.NaN(), 0, 0
		return
	}
	if d.Old != 0 {
		d.DeltaPct = (d.New - d.Old) / d.Old * 100
	}
	d.Direction = direction(d.Old, d.New, d.LowerIsBetter)
	d.Beyond = !k.tie.Tie(d.Old, d.New)
	d.Change = Unchanged
	switch {
	case !d.Beyond || d.Direction == dirEqual:
	case d.Test == TestNone:
		d.Unconfirmed = true
	case d.Significant:
		d.Change, d.ConfirmedBy = changeOf(d.Direction), ConfirmedByTest
	}
}

// changeOf is the change of a confirmed difference that moved in
// direction dir.
func changeOf(dir string) Change {
	if dir == dirBetter {
		return Improved
	}
	return Regressed
}

// The directions of a delta.
const (
	dirBetter = "better"
	dirWorse  = "worse"
	dirEqual  = "equal"
)

// direction is which way old → new moved for a metric.
func direction(old, cand float64, lowerIsBetter bool) string {
	switch {
	case old == cand:
		return dirEqual
	case (cand < old) == lowerIsBetter:
		return dirBetter
	}
	return dirWorse
}

// capacity is the capacity deltas at each SLO statistic: C_max (R_max)
// and the users it serves. A capacity that is a lower bound (the highest
// level tested passed) is only "at least": see judgeBound.
func (k *comparer) capacity(old, cand analyze.Config, refused map[string]bool) []Delta {
	var out []Delta
	for _, pct := range analyze.Percentiles {
		co, cn := old.Capacity.Get(pct), cand.Capacity.Get(pct)
		if !refused[string(CapacityLoad)] {
			d := newDelta(CapacityLoad, pct, nil, float64(co.Max), float64(cn.Max))
			d.OldAtLeast, d.NewAtLeast, d.Headline = co.LowerBound, cn.LowerBound, pct == k.c.Percentile
			k.judgeBound(&d)
			out = append(out, d)
		}
		if !refused[string(CapacityUsers)] {
			d := newDelta(CapacityUsers, pct, nil, users(co), users(cn))
			d.OldAtLeast, d.NewAtLeast, d.Headline = co.LowerBound, cn.LowerBound, pct == k.c.Percentile
			d.OldEstimated, d.NewEstimated = k.usersEstimated(co, k.c.Old), k.usersEstimated(cn, k.c.New)
			k.judgeBound(&d)
			out = append(out, d)
		}
	}
	return out
}

// usersEstimated reports whether capacity c's users, in report r, rest
// on an estimated mean latency.
func (k *comparer) usersEstimated(c analyze.Capacity, r *analyze.Report) bool {
	return r != nil && c.UsersEstimated(r.Params.ThinkS, r.Axis)
}

func users(c analyze.Capacity) float64 {
	if !c.UsersKnown() {
		return math.NaN()
	}
	return float64(c.Users)
}

// judgeBound judges a capacity delta. Two exact capacities compare as
// any delta does (no test: one number per side). A lower bound ("at
// least a") against an exact b is a known change only where the exact
// value lies past the bound in the bound's favour (b < a: the bounded
// side is better); two lower bounds are never a known change. An
// unbounded rate (R_max ∞) is larger than every finite one.
func (k *comparer) judgeBound(d *Delta) {
	o, n := d.Old, d.New
	if math.IsNaN(o) || math.IsNaN(n) {
		k.judge(d)
		return
	}
	known := true
	switch {
	case d.OldAtLeast && d.NewAtLeast:
		d.Change, d.Reason, d.Direction = Unknown, "both_lower_bounds", ""
		if o != 0 && !math.IsInf(o, 0) && !math.IsInf(n, 0) {
			d.DeltaPct = (n - o) / o * 100
		}
		return
	case d.OldAtLeast:
		known = n < o
	case d.NewAtLeast:
		known = n > o
	}
	if math.IsInf(o, 1) || math.IsInf(n, 1) {
		k.judgeInf(d)
	} else {
		k.judge(d)
	}
	if !known || (d.OldAtLeast || d.NewAtLeast) && d.Change == Unchanged && !d.Unconfirmed {
		// The bounded side may lie further off: its change cannot be
		// told.
		d.Change, d.Reason, d.Unconfirmed = Unknown, "lower_bound", false
	}
}

// judgeInf judges a capacity where a side's R_max is unbounded (every
// rate up to "as fast as possible" met the SLOs): any difference is
// beyond the threshold, unconfirmed until the level that bounds it
// confirms it.
func (k *comparer) judgeInf(d *Delta) {
	d.Direction = direction(d.Old, d.New, false)
	d.Beyond = d.Old != d.New
	d.Change, d.ConfirmedBy, d.ConfirmedAt, d.Unconfirmed = Unchanged, "", nil, d.Beyond
}

// perGPU is the delta of throughput per GPU at the target interactivity,
// when there is a target both sides share and both GPU counts are known.
func (k *comparer) perGPU(old, cand analyze.Config, refused map[string]bool) []Delta {
	if refused[string(TPSPerGPU)] || !analyze.Known(k.c.Target) || !old.GPUs.Known() || !cand.GPUs.Known() {
		return nil
	}
	at := func(a *analyze.AtTarget) float64 {
		if a == nil {
			return math.NaN()
		}
		return a.TPSPerGPU
	}
	d := newDelta(TPSPerGPU, "", nil, at(old.AtInteractivity), at(cand.AtInteractivity))
	k.judge(&d)
	if d.Change == Unknown {
		// Why the figure is absent, when both sides say the same
		// (below_measured: every level was faster than the target).
		if ro, rn := reason(old.AtInteractivity), reason(cand.AtInteractivity); ro != "" && ro == rn {
			d.Reason = ro
		}
	}
	return []Delta{d}
}

// reason is why a throughput at the target is absent ("" when present).
func reason(a *analyze.AtTarget) string {
	if a == nil {
		return ""
	}
	return a.Reason
}
