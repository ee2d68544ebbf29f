package analyze

import "math"

// How conclusions are drawn: every comparison the report states goes
// through the few rules in this file, so that a margin, a tie, a bound
// and an unknown mean the same thing in a finding, a scenario, the
// summary, the capacity ranking and the scorecard.

// Tie reports whether a and b are on par: the larger is less than
// TiePct percent above the smaller. Unknown values (NaN) are neither a
// tie nor a win: callers check Known first.
func (p Params) Tie(a, b float64) bool {
	if !Known(a) || !Known(b) {
		return false
	}
	lo, hi := math.Min(a, b), math.Max(a, b)
	if hi == lo {
		return true
	}
	if lo <= 0 {
		return false
	}
	return hi/lo < 1+p.TiePct/100
}

// Known reports whether x is a number a sentence can be built on.
func Known(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Outcome is how one value compares with another.
type Outcome int

// The outcomes of a comparison.
const (
	Unknown Outcome = iota // the data cannot tell (an unknown value, two lower bounds)
	Loss
	Tie
	Win
)

// margin is how many times better the best value is than its nearest
// rival at one level: best over rival for a rate, rival over best for a
// time. rival is "" when the best has none.
type margin struct {
	best, rival string
	value, next float64
	ratio       float64
}

// rivalOf is how a chosen config does against its nearest rival at one
// level: the best of the other configs there (which may beat it).
func rivalOf(cfgs []Config, id string, x Load, m Metric, stat Percentile) (margin, bool) {
	var own float64
	found := false
	var others []Config
	for _, c := range cfgs {
		if c.ID == id {
			if l, ok := levelAt(c, x); ok {
				own, found = m.Value(l, stat), true
			}
			continue
		}
		others = append(others, c)
	}
	if !found || !Known(own) {
		return margin{}, false
	}
	mg := margin{best: id, value: own, ratio: nanValue, next: nanValue}
	if rk := rankAt(others, x, m, stat); len(rk) > 0 {
		mg.rival, mg.next, mg.ratio = rk[0].id, rk[0].v, m.advantage(own, rk[0].v)
	}
	return mg, true
}

// geoMean is the geometric mean of positive values (NaN when any is not
// positive or known): the aggregate of a metric over a window of levels,
// in which a 2× lead at one level and a 2× loss at another cancel out.
func geoMean(xs []float64) float64 {
	if len(xs) == 0 {
		return nanValue
	}
	s := 0.0
	for _, x := range xs {
		if !(x > 0) || !Known(x) {
			return nanValue
		}
		s += math.Log(x)
	}
	return math.Exp(s / float64(len(xs)))
}
