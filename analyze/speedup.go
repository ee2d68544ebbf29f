package analyze

import (
	"math"
	"slices"
	"strings"
)

var nanValue = math.NaN()

// speedups pairs, per engine, each speculative config with the engine's
// first direct config and compares their TPS means at the levels both
// measured.
func speedups(cfgs []Config) []Speedup {
	var out []Speedup
	for i, spec := range cfgs {
		if !spec.Speculative {
			continue
		}
		for j, direct := range cfgs {
			if j == i || direct.Speculative || !strings.EqualFold(direct.Engine.Key(), spec.Engine.Key()) {
				continue
			}
			out = append(out, compare(direct, spec))
			break
		}
	}
	return out
}

func compare(direct, spec Config) Speedup {
	s := Speedup{Engine: spec.Engine.Key(), Direct: direct.ID, Spec: spec.ID}
	dl := byLoad(direct.Levels)
	sl := byLoad(spec.Levels)
	var xs, ys []float64
	for _, c := range unionLevels(direct.Levels, spec.Levels) {
		d, okD := dl[c]
		p, okS := sl[c]
		if !okD || !okS {
			s.Missing = append(s.Missing, c)
			continue
		}
		// The mean TPS, or the median where a source reports no mean.
		ratio := Ratio(p.TPS.Central(), d.TPS.Central())
		if math.IsNaN(ratio) {
			continue
		}
		s.Points = append(s.Points, SpeedupPoint{Load: c, Ratio: ratio, DirectTPS: d.TPS.Central(), SpecTPS: p.TPS.Central()})
		xs = append(xs, float64(c))
		ys = append(ys, ratio)
	}
	// The break-even level ends the first step down through 1.0: it
	// needs a level where speculative decoding was ahead before it.
	if i := firstDrop(ys); i > 0 {
		be := s.Points[i].Load
		s.BreakEven = &be
	}
	s.NeverFaster = len(ys) > 0 && !slices.ContainsFunc(ys, func(r float64) bool { return r > 1 })
	if x, ok := Crossing(xs, ys); ok {
		s.BreakEvenInterpolated = &x
	}
	return s
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
