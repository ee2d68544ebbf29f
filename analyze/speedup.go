package analyze

import (
	"math"
	"slices"
	"strings"
)

var nanValue = math.NaN()

// speedups pairs, per engine, each speculative config with the engine's
// first direct config and compares their TPS means at the levels both
// measured; a break-even only on an axis of loads (Axis.SweepsLoad).
func speedups(cfgs []Config, p Params, axis Axis) []Speedup {
	var out []Speedup
	for i, spec := range cfgs {
		if !spec.Speculative {
			continue
		}
		for j, direct := range cfgs {
			if j == i || direct.Speculative || !strings.EqualFold(direct.Engine.Key(), spec.Engine.Key()) {
				continue
			}
			out = append(out, compare(direct, spec, p, axis))
			break
		}
	}
	return out
}

func compare(direct, spec Config, p Params, axis Axis) Speedup {
	stat := MetricTPS.commonStat(append(slices.Clone(direct.Levels), spec.Levels...), Mean)
	lat := MetricLatency.commonStat(append(slices.Clone(direct.Levels), spec.Levels...), Mean)
	s := Speedup{Engine: spec.Engine.Key(), Direct: direct.ID, Spec: spec.ID, Stat: stat}
	dl := byLoad(direct.Levels)
	sl := byLoad(spec.Levels)
	for _, c := range unionLevels(direct.Levels, spec.Levels) {
		d, okD := dl[c]
		sp, okS := sl[c]
		if !okD || !okS {
			s.Missing = append(s.Missing, c)
			continue
		}
		// The mean TPS, or the median of both where one reports no mean.
		ratio := Ratio(sp.TPS.Get(stat), d.TPS.Get(stat))
		if math.IsNaN(ratio) {
			continue
		}
		outcome := speedupOutcome(p, ratio)
		if (len(d.Spread) > 0 || len(sp.Spread) > 0) && outcome != OnPar && p.tieAt(MetricTPS, stat, sp, d) {
			outcome = OnPar // within the run-to-run spread
		} else if outcome == OnPar && len(d.Spread) > 0 && len(sp.Spread) > 0 && !p.tieAt(MetricTPS, stat, sp, d) {
			outcome = speedupOutcome(Params{}, ratio) // outside the spread: a real difference
		}
		pt := SpeedupPoint{Load: c, Ratio: ratio, DirectTPS: d.TPS.Get(stat), SpecTPS: sp.TPS.Get(stat), Outcome: outcome,
			Delivered: Delivers(d) && Delivers(sp), SLOMet: d.SLO.Get(p.Percentile).Pass() && sp.SLO.Get(p.Percentile).Pass(),
			LatencyRatio: Ratio(sp.Latency.Get(lat), d.Latency.Get(lat))}
		// Not slower end to end beyond the tie threshold (an unknown
		// latency cannot tell, and does not block).
		latencyOK := !(pt.LatencyRatio > 1) || p.tieAt(MetricLatency, lat, sp, d)
		pt.PaysOff = outcome == Faster && pt.Delivered && pt.SLOMet && latencyOK
		s.Points = append(s.Points, pt)
	}
	s.NeverFaster = len(s.Points) > 0 && !slices.ContainsFunc(s.Points, func(pt SpeedupPoint) bool { return pt.Outcome == Faster })
	s.NeverPaysOff = len(s.Points) > 0 && !slices.ContainsFunc(s.Points, func(pt SpeedupPoint) bool { return pt.PaysOff })
	if !axis.SweepsLoad() {
		// The window and the break-even are loads: an axis of input
		// lengths at one load has neither.
		return s
	}
	// The window it pays off over, the first unbroken run of levels
	// that pay off (from the lowest common level up, normally), and the
	// break-even level: the first past it at which it no longer does.
	for i, pt := range s.Points {
		switch {
		case pt.PaysOff && s.PaysOffFrom == nil:
			from := pt.Load
			s.PaysOffFrom = &from
		case !pt.PaysOff && s.PaysOffFrom != nil:
			be := pt.Load
			s.BreakEven = &be
			s.BreakEvenInterpolated = crossingWithin(s.Points[i-1:])
			return s
		}
		if pt.PaysOff {
			up := pt.Load
			s.PaysOffUpTo = &up
		}
	}
	return s
}

// crossingWithin is where the TPS ratio crosses 1.0 between the last
// level that pays off and the break-even level (pts[0] and pts[1]),
// linear in log2(load); never across a break-even level where a side
// does not deliver its load or misses the SLOs (past such a level the
// ratio cannot see the queue), and never past the break-even level.
// Nil without such a crossing between two finite levels.
func crossingWithin(pts []SpeedupPoint) *float64 {
	if len(pts) < 2 || !pts[1].Delivered || !pts[1].SLOMet {
		return nil
	}
	xs, ys := []float64{float64(pts[0].Load), float64(pts[1].Load)}, []float64{pts[0].Ratio, pts[1].Ratio}
	if x, ok := Crossing(xs, ys); ok {
		return &x
	}
	return nil
}

// DeliveredShare is the share of its offered request rate a rate run
// must deliver for its results to describe that rate: below it requests
// queue without bound, and per-user figures no longer see the load.
// Exactly 95 % delivers.
const DeliveredShare = 0.95

// Delivers reports whether a level carried its offered load: a rate run
// delivered at least DeliveredShare of its finite offered rate (an
// unbounded rate never is delivered: requests queue by construction;
// without a throughput the level counts as delivered, as loadReached
// counts it reached); a concurrency run, whose load was reached (the
// only ones compared), always does.
func Delivers(l Level) bool {
	switch {
	case l.Rate <= 0 || math.IsNaN(l.Rate):
		return l.LoadReached
	case math.IsInf(l.Rate, 1):
		return false
	case !Known(l.SystemRPS):
		return true
	}
	return l.SystemRPS >= DeliveredShare*l.Rate
}

// The outcomes of speculative decoding at one level.
const (
	Faster = "faster" // the ratio is above 1 beyond the tie threshold
	OnPar  = "on_par" // within the tie threshold of 1
	Slower = "slower"
)

func speedupOutcome(p Params, ratio float64) string {
	switch {
	case p.Tie(ratio, 1):
		return OnPar
	case ratio > 1:
		return Faster
	}
	return Slower
}

func byLoad(levels []Level) map[Load]Level {
	m := make(map[Load]Level, len(levels))
	for _, l := range levels {
		m[l.Load] = l
	}
	return m
}

// unionLevels is the sorted union of the concurrency levels of a and b.
func unionLevels(a, b []Level) []Load {
	var out []Load
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j >= len(b) || (i < len(a) && a[i].Load < b[j].Load):
			out = append(out, a[i].Load)
			i++
		case i >= len(a) || b[j].Load < a[i].Load:
			out = append(out, b[j].Load)
			j++
		default:
			out = append(out, a[i].Load)
			i++
			j++
		}
	}
	return out
}
