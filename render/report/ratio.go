package report

import (
	"math"

	"github.com/openzeka/reportgen/analyze"
)

// How the report writes a difference between two values: one way, in
// every language and every sentence (docs/development.md, "Wording:
// terminology and ratios"). Below 2× it is a percentage of the value
// compared against, an increase a/b − 1 ("45% more"), a decrease
// 1 − a/b ("41% lower"), so that no decrease reads as more than 50%;
// from 2× on it is the factor larger / smaller ("2.45× slower", tr
// "2,45 kat daha yavaş"). diffOf alone decides which; the tie rule
// still measures larger / smaller − 1.

// factorFrom is the factor (larger / smaller, at the two decimals a
// factor is written with) from which a difference is written as a
// factor rather than a percentage.
const factorFrom = 2.0

// diff is how a value compares with the value it is set against, as
// the report writes it.
type diff struct {
	// up: the value is above the one it is set against (or equal).
	up bool
	// factor: written as the factor larger / smaller.
	factor bool
	// size is the factor (≥ factorFrom) when factor is set, else the
	// share of the value set against by which it is above or below it
	// (below 1 for an increase, below 0.5 for a decrease).
	size float64
}

// diffOf is how a compares with b; ok is false unless both are finite
// and positive.
func diffOf(a, b float64) (d diff, ok bool) {
	if !(a > 0) || !(b > 0) || math.IsInf(a, 0) || math.IsInf(b, 0) {
		return diff{}, false
	}
	up := a >= b
	r := a / b
	if !up {
		r = b / a
	}
	// Decided on the factor as written, in hundredths, so that a ratio
	// written "2.00×" is a factor and one a hair below reads "99%".
	switch {
	case math.Round(r*100) >= factorFrom*100:
		return diff{up: up, factor: true, size: r}, true
	case up:
		return diff{up: true, size: r - 1}, true
	}
	return diff{size: 1 - a/b}, true
}

// amount writes d's size: "2.45×" (tr "2,45 kat"), a whole factor
// without decimals ("64×"), a share as a percentage ("45%", tr "%45").
func (v *view) amount(d diff) string {
	if !d.factor {
		return v.loc.Pct(d.size, 0)
	}
	dec := 2
	switch r := math.Round(d.size * 100); {
	case math.Mod(r, 100) == 0:
		dec = 0
	case math.Mod(r, 10) == 0:
		dec = 1
	}
	return v.loc.T("ratio_factor", "K", v.loc.Num(d.size, dec))
}

// rise writes how far ratio (a value over the one before it, or the
// larger over the smaller) is from 1, whichever way: "45%", "2.45×"
// (tr "%45", "2,45 kat"); "–" for no positive ratio.
func (v *view) rise(ratio float64) string {
	d, ok := diffOf(ratio, 1)
	if !ok {
		return "–"
	}
	return v.amount(d)
}

// loadRise writes a load step, factor being the load over the load
// before it, as rise does, a factor rounded to one decimal (a step from
// c=100 to c=296 reads 3×): a load step is a setting of the test, told
// as it was meant.
func (v *view) loadRise(factor float64) string {
	d, ok := diffOf(factor, 1)
	if !ok {
		return "–"
	}
	if d.factor {
		d.size = math.Round(d.size*10) / 10
	}
	return v.amount(d)
}

// diffWords are the pairs of words a difference is told with: "higher"
// and "lower" for a level, "faster" and "slower" for a speed, "longer"
// and "shorter" for a time taken.
type diffWords string

const (
	levelWords diffWords = "level"
	speedWords diffWords = "speed"
	timeWords  diffWords = "time"
)

// diffText writes how a compares with b with its direction: "41%
// lower", "2.45× slower" (tr "%41 daha düşük", "2,45 kat daha yavaş");
// "–" when either is no positive number.
func (v *view) diffText(a, b float64, words diffWords) string {
	d, ok := diffOf(a, b)
	if !ok {
		return "–"
	}
	dir := "down"
	if d.up {
		dir = "up"
	}
	return v.loc.T("diff_"+string(words)+"_"+dir, "N", v.amount(d))
}

// versus writes how value a of metric id compares with b, the value it
// is set against: on par within the tie threshold, else the difference
// with the words of the metric ("2.45× slower" for a per-user speed)
// and, for any other metric, whether that is better or worse ("41%
// lower, better").
func (v *view) versus(id analyze.MetricID, a, b float64, tie bool) string {
	if _, ok := diffOf(a, b); !ok {
		return "–"
	}
	if tie {
		return v.loc.T("cmp_par", "Tie", v.Tie())
	}
	if id == analyze.TPS {
		return v.diffText(a, b, speedWords)
	}
	better := (a < b) == id.LowerIsBetter()
	msg := "cmp_worse"
	if better {
		msg = "cmp_better"
	}
	return v.loc.T(msg, "Diff", v.diffText(a, b, levelWords))
}

// crossing are the message arguments of where a speedup's ratio crosses
// 1.0×, x being the crossing interpolated between two tested levels:
// those two levels ("A", "B": "c=8", "c=16"), a statement on the grid
// of levels tested, which places the crossing no closer (an
// interpolated "c≈15.4" would claim a precision the grid lacks).
func (v *view) crossing(s analyze.Speedup, x float64) []any {
	var a, b analyze.Load
	for _, p := range s.Points {
		switch {
		case float64(p.Load) < x:
			a = p.Load
		case b == 0:
			b = p.Load
		}
	}
	return []any{"A", v.loc.At(a), "B", v.loc.At(b)}
}
