package compare

import (
	"cmp"
	"math"
	"slices"
)

// decidersMax is how many deltas DecidedBy and Against name at most per
// direction.
const decidersMax = 3

// verdict decides a configuration's verdict from its headline deltas
// (doc.go states the rule):
//
//  1. The SLO capacity at the headline statistic comes first: a known
//     change of C_max (R_max), a whole step of the load grid, decides the
//     verdict, better or worse; the headline deltas that went the other
//     way are listed as Against.
//  2. Otherwise the other headline deltas decide (the users the capacity
//     serves, and at each common level TTFT at the headline statistic,
//     TPS mean and the system's request throughput): some better and
//     some worse is mixed, only better is better, only worse is worse,
//     none is no change, unless no headline delta could be judged at all
//     (Incomparable).
//
// DecidedBy names the C_max delta and the headline deltas of the
// verdict's direction (for mixed, two of each): the users the capacity
// serves first, the number a buyer plans with, then the largest by
// |ln(new/old)|.
func (k *comparer) verdict(c *Config) {
	var capacity *Delta
	var better, worse []Delta
	known := false
	for i := range c.Deltas {
		d := &c.Deltas[i]
		known = known || d.Headline && d.Change != Unknown
		switch {
		case !d.Headline:
		case d.Metric == CapacityLoad && counts(d.Change):
			capacity = d
		case d.Change == Improved:
			better = append(better, *d)
		case d.Change == Regressed:
			worse = append(worse, *d)
		}
	}
	better, worse = largestFirst(better), largestFirst(worse)
	if capacity != nil {
		same, other := better, worse
		c.Verdict = Better
		if capacity.Change == Regressed {
			same, other, c.Verdict = worse, better, Worse
		}
		c.DecidedBy = append([]Delta{*capacity}, head(same, decidersMax-1)...)
		c.Against = head(other, decidersMax)
		return
	}
	switch {
	case len(better) > 0 && len(worse) > 0:
		c.Verdict = Mixed
		c.DecidedBy = append(head(better, 2), head(worse, 2)...)
	case len(better) > 0:
		c.Verdict, c.DecidedBy = Better, head(better, decidersMax)
	case len(worse) > 0:
		c.Verdict, c.DecidedBy = Worse, head(worse, decidersMax)
	case known:
		c.Verdict = NoChange
	default:
		c.Verdict = Incomparable
	}
}

// counts reports whether a change counts for a verdict.
func counts(ch Change) bool { return ch == Improved || ch == Regressed }

// largestFirst orders deltas by the size of their change, |ln(new /
// old)|, largest first (an unbounded or from-zero change first of all),
// a change of the users the capacity serves before all; equal sizes keep
// their order.
func largestFirst(ds []Delta) []Delta {
	slices.SortStableFunc(ds, func(a, b Delta) int {
		if ua, ub := a.Metric == CapacityUsers, b.Metric == CapacityUsers; ua != ub {
			if ua {
				return -1 // the users first
			}
			return 1
		}
		return cmp.Compare(size(b), size(a))
	})
	return ds
}

func size(d Delta) float64 {
	r := math.Abs(math.Log(d.New / d.Old))
	if math.IsNaN(r) {
		return math.Inf(1)
	}
	return r
}

// head is the first n of ds (all when fewer), never nil.
func head(ds []Delta, n int) []Delta {
	out := []Delta{}
	return append(out, ds[:min(n, len(ds))]...)
}
