package report

import (
	"slices"
	"strings"

	"github.com/openzeka/reportgen/analyze"
)

// Small samples (analyze's Level.Fragile): a tail percentile from fewer
// than analyze.MinTailSample requests is marked ⁿ (small n) in the
// tables, the
// summary says which levels are fragile, and a verdict resting on one
// says so in its own sentence.

// fragileMark marks a tail-percentile cell of a fragile level: a small
// n.
const fragileMark = "ⁿ"

// fragileLevels are the fragile loads of the report, ascending, and the
// fewest requests any config's percentiles rest on at each.
func (v *view) fragileLevels() ([]analyze.Load, map[analyze.Load]int) {
	var xs []analyze.Load
	least := map[analyze.Load]int{}
	for _, c := range v.R.Configs {
		for _, l := range c.Levels {
			if !l.Fragile {
				continue
			}
			if n, ok := least[l.Load]; !ok || l.SampleSize < n {
				least[l.Load] = l.SampleSize
			}
			if !slices.Contains(xs, l.Load) {
				xs = append(xs, l.Load)
			}
		}
	}
	slices.Sort(xs)
	return xs, least
}

// withFragile adds to s that it rests on the tail percentiles of
// fragile levels xs: a sentence after a sentence ("… The P90 at c=1
// rests on 10 requests, too few for a stable tail."), a clause after a
// table cell's fragment; s itself when xs is empty.
func (v *view) withFragile(s string, xs []analyze.Load) string {
	if len(xs) == 0 || s == "" {
		return s
	}
	if strings.HasSuffix(s, ".") {
		return s + " " + v.fragileText("fragile_sentence", xs)
	}
	return s + "; " + v.fragileText("fragile_clause", xs)
}

// fragileText words fragile levels xs with message id (a sentence, or a
// clause): "its P90 SLO check at c=1 rests on 10 requests, too few for a
// stable tail".
func (v *view) fragileText(id string, xs []analyze.Load) string {
	l := v.loc
	_, least := v.fragileLevels()
	n := -1
	at := make([]string, len(xs))
	for i, x := range xs {
		at[i] = l.At(x)
		if m, ok := least[x]; ok && (n < 0 || m < n) {
			n = m
		}
	}
	return l.N(id, len(xs), "Stat", v.StatWord(v.Headline()), "Levels", l.List(at), "N", l.Int(max(n, 0)))
}

// fragileCaveat is the summary's clause on small samples: which levels'
// tail percentiles rest on fewer than 20 requests; "" when none does.
func (v *view) fragileCaveat() string {
	xs, least := v.fragileLevels()
	if len(xs) == 0 {
		return ""
	}
	l := v.loc
	items := make([]string, len(xs))
	for i, x := range xs {
		items[i] = l.T("fragile_item", "C", l.At(x), "N", l.Int(least[x]))
	}
	return l.T("caveat_fragile", "Min", l.Int(analyze.MinTailSample), "Items", l.List(items), "Mark", fragileMark)
}

// FragileNote explains the ° of the appendix tables; "" when no level
// is fragile.
func (v *view) FragileNote() string {
	if xs, _ := v.fragileLevels(); len(xs) == 0 {
		return ""
	}
	return v.loc.T("fragile_note", "Mark", fragileMark, "Min", v.loc.Int(analyze.MinTailSample))
}

// tailCell marks the cell of a tail percentile (P10, P90, P99) of a
// fragile level.
func tailCell(cell string, st analyze.Statistic, l analyze.Level) string {
	if !l.Fragile || cell == "–" || st == analyze.Mean || st == analyze.P50 {
		return cell
	}
	return cell + " " + fragileMark
}
