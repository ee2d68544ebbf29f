package analyze

import "slices"

// Small samples: a tail percentile (P10, P90, P99) of fewer than
// MinTailSample requests rests on one or two requests (the P90 of 10
// is the second slowest), so it is marked fragile in the tables, and a
// verdict that rests on one says so.

// MinTailSample is the fewest requests a tail percentile is read from
// without being fragile: 20 requests and more are not.
const MinTailSample = 20

// sampleSizes sets each level's sample: its completed requests where the
// source counts them, else for a concurrency run the manifest's rounds
// × its concurrency (every round sends c requests), marked as derived;
// and whether its tail percentiles are fragile.
func sampleSizes(c *Config, rounds int) {
	for i := range c.Levels {
		l := &c.Levels[i]
		l.SampleSize = l.Requests
		if l.SampleSize < 0 && rounds > 0 && l.Rate == 0 && l.Concurrency > 0 {
			l.SampleSize, l.SampleFromRounds = rounds*int(l.Concurrency), true
		}
		l.Fragile = l.SampleSize >= 0 && l.SampleSize < MinTailSample
	}
}

// fragileAt lists, ascending and once each, the loads among xs at which
// a level of one of the configs ids is fragile; none when statistic pct
// is not a tail percentile (the mean rests on every request).
func fragileAt(cfgs []Config, pct Percentile, ids []string, xs ...Load) []Load {
	if pct == Mean || pct == P50 {
		return nil
	}
	var out []Load
	for _, c := range cfgs {
		if !slices.Contains(ids, c.ID) {
			continue
		}
		for _, x := range xs {
			if l, ok := levelAt(c, x); ok && l.Fragile && !slices.Contains(out, x) {
				out = append(out, x)
			}
		}
	}
	slices.Sort(out)
	return out
}

// capacityFragile lists the fragile levels the capacities of configs ids
// at statistic pct rest on: for each, the level its SLO verdicts decide
// at, its capacity level and the first level above it (which fails),
// or its lowest level when that fails.
func capacityFragile(cfgs []Config, pct Percentile, ids []string) []Load {
	var xs []Load
	for _, c := range cfgs {
		if !slices.Contains(ids, c.ID) {
			continue
		}
		cp := c.Capacity.Get(pct)
		for i, l := range c.Levels {
			if l.Load == cp.Max || l.Load > cp.Max && (i == 0 || c.Levels[i-1].Load <= cp.Max) {
				xs = append(xs, l.Load)
			}
		}
	}
	return fragileAt(cfgs, pct, ids, xs...)
}
