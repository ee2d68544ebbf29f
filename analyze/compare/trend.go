package compare

import (
	"math"
	"slices"

	"github.com/openzeka/reportgen/analyze"
)

// A metric's statistic across the levels compared: at how many levels
// it moved beyond the threshold which way, judged by the sign test
// (signtest.go). One level's change without a test of its own never
// counts alone; a trend that holds is evidence of its own, and confirms
// the untested level changes beyond the threshold that go its way.

// trendKey names a metric's statistic.
type trendKey struct {
	m  Metric
	st analyze.Statistic
}

// trends are the trends of every metric and statistic among a
// configuration's level deltas, in the order their first delta comes.
func (k *comparer) trends(deltas []Delta) []Trend {
	var keys []trendKey
	by := map[trendKey][]Delta{}
	for _, d := range deltas {
		if d.Load == nil {
			continue
		}
		key := trendKey{d.Metric, d.Stat}
		if _, ok := by[key]; !ok {
			keys = append(keys, key)
		}
		by[key] = append(by[key], d)
	}
	out := []Trend{}
	for _, key := range keys {
		out = append(out, k.trend(key, by[key]))
	}
	return out
}

// trend judges one metric's statistic across its level deltas: of the
// levels with the value on both sides, how many moved beyond the
// threshold one way (BeyondBetter) and the other (BeyondWorse). The
// trend's direction is the way more of them did; the sign test asks
// whether that many levels of all of them is more than chance would
// give if the change were no larger than the threshold (each level then
// at most as likely beyond it as not). A trend that holds is a change
// beyond the threshold at most levels, not only a consistent one: a
// rerun 3 % faster at every level is no change.
func (k *comparer) trend(key trendKey, ds []Delta) Trend {
	t := Trend{Metric: key.m, Stat: key.st, Test: TestSign, MedianPct: math.NaN(), PValue: math.NaN(), Change: Unknown}
	var ratios []float64
	for _, d := range ds {
		t.LowerIsBetter = d.LowerIsBetter
		t.Headline = t.Headline || d.Headline
		if !(d.Old > 0) || !(d.New > 0) || math.IsInf(d.Old, 0) || math.IsInf(d.New, 0) {
			continue
		}
		t.Levels++
		ratios = append(ratios, d.New/d.Old)
		switch d.Direction {
		case dirBetter:
			t.Better++
			if d.Beyond {
				t.BeyondBetter++
			}
		case dirWorse:
			t.Worse++
			if d.Beyond {
				t.BeyondWorse++
			}
		default:
			t.Equal++
		}
	}
	if t.Levels == 0 {
		return t
	}
	switch {
	case t.BeyondBetter > t.BeyondWorse:
		t.Direction = dirBetter
	case t.BeyondWorse > t.BeyondBetter:
		t.Direction = dirWorse
	}
	t.PValue = signTest(max(t.BeyondBetter, t.BeyondWorse), t.Levels)
	t.Significant = below(t.PValue)
	t.MedianPct = (median(ratios) - 1) * 100
	t.Change = Unchanged
	if t.Significant && t.Direction != "" {
		t.Change = changeOf(t.Direction)
	}
	return t
}

// median is the median of xs: the middle value, or for an even count
// the geometric mean of the two middle ones (xs are ratios).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return math.Sqrt(s[n/2-1] * s[n/2])
}

// counts reports whether a change counts for a verdict.
func counts(ch Change) bool { return ch == Improved || ch == Regressed }

// confirmByLevels confirms each untested level delta beyond the
// threshold whose metric and statistic hold across levels in its
// direction.
func confirmByLevels(c *Config) {
	held := map[trendKey]string{}
	for _, t := range c.AcrossLevels {
		if counts(t.Change) {
			held[trendKey{t.Metric, t.Stat}] = t.Direction
		}
	}
	for i := range c.Deltas {
		d := &c.Deltas[i]
		if d.Load == nil || !d.Unconfirmed || d.Test != TestNone {
			continue
		}
		if dir, ok := held[trendKey{d.Metric, d.Stat}]; ok && dir == d.Direction {
			d.Change, d.ConfirmedBy, d.Unconfirmed = changeOf(dir), ConfirmedByLevels, false
		}
	}
}

// confirmBySameMeasure confirms, at a fixed concurrency and output
// length, each untested throughput delta beyond the threshold (the
// system's request throughput, its aggregate output) by the per-user
// TPS of the same level: each follows from the same requests' times,
// so one confirmed change of TPS (by its own test, or its trend) is the
// change of them all, one piece of evidence.
func confirmBySameMeasure(c *Config) {
	for i := range c.Deltas {
		d := &c.Deltas[i]
		if d.Load == nil || !d.Unconfirmed || d.Test != TestNone || measure(d.Metric) != "throughput" || d.Metric == Metric(analyze.TPS) {
			continue
		}
		for _, o := range c.Deltas {
			if o.Load != nil && *o.Load == *d.Load && o.Metric == Metric(analyze.TPS) && o.Headline &&
				counts(o.Change) && o.Direction == d.Direction && o.ConfirmedBy != ConfirmedBySameMeasure {
				d.Change, d.ConfirmedBy, d.Unconfirmed = o.Change, ConfirmedBySameMeasure, false
				break
			}
		}
	}
}
