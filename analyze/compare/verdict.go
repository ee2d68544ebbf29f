package compare

import (
	"cmp"
	"math"
	"slices"

	"github.com/openzeka/reportgen/analyze"
)

// decidersMax is how many deltas DecidedBy and Against name at most per
// direction.
const decidersMax = 3

// verdict decides a configuration's verdict from its confirmed headline
// changes (doc.go states the rule):
//
//  1. The SLO capacity at the headline statistic comes first: a
//     confirmed change of C_max (R_max), a whole step of the load grid,
//     decides the verdict, better or worse; the confirmed headline
//     changes that went the other way are listed as Against.
//  2. Otherwise the other confirmed headline changes decide: the users
//     the capacity serves, at each level TTFT at the headline statistic,
//     TPS mean and the system's request throughput, and the trends of
//     those across levels. Some better and some worse is mixed, only
//     better is better, only worse is worse, none is no change, unless
//     no headline delta could be judged at all (Incomparable).
//
// A change nothing confirmed decides nothing: it is listed in
// Unconfirmed. DecidedBy names the C_max delta and the confirmed
// headline deltas of the verdict's direction (for mixed, two of each),
// one per measurement (measure): the users the capacity serves first,
// the number a buyer plans with, then the largest by |ln(new/old)|;
// DecidedAcross the trends, one per measurement.
func (k *comparer) verdict(c *Config) {
	var capacity *Delta
	var better, worse, unconfirmed []Delta
	known := false
	for i := range c.Deltas {
		d := &c.Deltas[i]
		if !d.Headline {
			continue
		}
		known = known || d.Change != Unknown
		switch {
		case d.Unconfirmed:
			unconfirmed = append(unconfirmed, *d)
		case d.Metric == CapacityLoad && counts(d.Change):
			capacity = d
		case d.Change == Improved:
			better = append(better, *d)
		case d.Change == Regressed:
			worse = append(worse, *d)
		}
	}
	var tBetter, tWorse []Trend
	for _, t := range c.AcrossLevels {
		switch {
		case !t.Headline:
		case t.Change == Improved:
			tBetter = append(tBetter, t)
		case t.Change == Regressed:
			tWorse = append(tWorse, t)
		}
	}
	better, worse = onePerMeasure(largestFirst(better)), onePerMeasure(largestFirst(worse))
	tBetter, tWorse = oneTrendPerMeasure(tBetter), oneTrendPerMeasure(tWorse)
	c.Unconfirmed = head(largestFirst(unconfirmed), len(unconfirmed))
	c.DecidedAcross = []Trend{}
	if capacity != nil {
		same, other, tSame, tOther := better, worse, tBetter, tWorse
		c.Verdict = Better
		if capacity.Change == Regressed {
			same, other, tSame, tOther, c.Verdict = worse, better, tWorse, tBetter, Worse
		}
		c.DecidedBy = head(onePerMeasure(append([]Delta{*capacity}, same...)), decidersMax)
		c.DecidedAcross = trendHead(tSame, decidersMax)
		c.Against, c.AgainstAcross = head(other, decidersMax), trendHead(tOther, decidersMax)
		return
	}
	anyBetter, anyWorse := len(better)+len(tBetter) > 0, len(worse)+len(tWorse) > 0
	switch {
	case anyBetter && anyWorse:
		c.Verdict = Mixed
		c.DecidedBy = append(head(better, 2), head(worse, 2)...)
		c.DecidedAcross = append(trendHead(tBetter, 2), trendHead(tWorse, 2)...)
	case anyBetter:
		c.Verdict, c.DecidedBy, c.DecidedAcross = Better, head(better, decidersMax), trendHead(tBetter, decidersMax)
	case anyWorse:
		c.Verdict, c.DecidedBy, c.DecidedAcross = Worse, head(worse, decidersMax), trendHead(tWorse, decidersMax)
	case known:
		c.Verdict = NoChange
	default:
		c.Verdict = Incomparable
	}
}

// measure names the measurement a metric comes from: per-user TPS, the
// system's request throughput and its aggregate output at a level are
// one (at a fixed concurrency and output length each follows from the
// mean latency), and so are a capacity and the users it serves; every
// other metric is its own.
func measure(m Metric) string {
	switch m {
	case Metric(analyze.TPS), Metric(analyze.SystemRPS), Metric(analyze.AggregateTPS):
		return "throughput"
	case CapacityLoad, CapacityUsers:
		return "capacity"
	}
	return string(m)
}

// onePerMeasure keeps the first delta of each measurement at each level
// (ds in the order wanted).
func onePerMeasure(ds []Delta) []Delta {
	type key struct {
		load    analyze.Load
		wide    bool
		measure string
	}
	seen := map[key]bool{}
	out := []Delta{}
	for _, d := range ds {
		k := key{wide: d.Load == nil, measure: measure(d.Metric)}
		if d.Load != nil {
			k.load = *d.Load
		}
		if !seen[k] {
			seen[k] = true
			out = append(out, d)
		}
	}
	return out
}

// oneTrendPerMeasure orders trends by the size of their median change,
// largest first, and keeps the first of each measurement.
func oneTrendPerMeasure(ts []Trend) []Trend {
	slices.SortStableFunc(ts, func(a, b Trend) int {
		return cmp.Compare(math.Abs(math.Log1p(b.MedianPct/100)), math.Abs(math.Log1p(a.MedianPct/100)))
	})
	seen := map[string]bool{}
	out := []Trend{}
	for _, t := range ts {
		if m := measure(t.Metric); !seen[m] {
			seen[m] = true
			out = append(out, t)
		}
	}
	return out
}

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

// trendHead is the first n of ts (all when fewer), never nil.
func trendHead(ts []Trend, n int) []Trend {
	out := []Trend{}
	return append(out, ts[:min(n, len(ts))]...)
}
