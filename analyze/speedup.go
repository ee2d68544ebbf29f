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
	s := Speedup{Engine: spec.Engine.Key(), Direct: direct.ID, Spec: spec.ID, Stat: stat}
	dl := byLoad(direct.Levels)
	sl := byLoad(spec.Levels)
	var xs, ys []float64
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
		s.Points = append(s.Points, SpeedupPoint{Load: c, Ratio: ratio, DirectTPS: d.TPS.Get(stat), SpecTPS: sp.TPS.Get(stat),
			Outcome: outcome})
		xs = append(xs, float64(c))
		ys = append(ys, ratio)
	}
	// The break-even level is the first at which speculative decoding is
	// no longer clearly faster (on par or slower) after a level where it
	// was: a wobble within the tie threshold (0.99× → 1.01×) is none. It
	// is the load from which it stops paying: on an axis of input
	// lengths at one load there is none.
	faster := func(i int) bool { return s.Points[i].Outcome == Faster }
	s.NeverFaster = len(ys) > 0 && !slices.ContainsFunc(s.Points, func(pt SpeedupPoint) bool { return pt.Outcome == Faster })
	for i := 1; i < len(s.Points) && axis.SweepsLoad(); i++ {
		if faster(i-1) && !faster(i) {
			be := s.Points[i].Load
			s.BreakEven = &be
			// Where the ratio crosses 1.0 from that last faster level on.
			if x, ok := Crossing(xs[i-1:], ys[i-1:]); ok {
				s.BreakEvenInterpolated = &x
			}
			break
		}
	}
	return s
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
