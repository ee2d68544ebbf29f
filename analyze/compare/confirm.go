package compare

import (
	"github.com/openzeka/reportgen/analyze"
)

// A capacity is one number per side, read off the SLO verdicts of the
// levels: its change has no test of its own. It moved because at one
// level, the first above the lower capacity, the side that is now worse
// fails an SLO that the other side meets. The change is confirmed when
// the change of a metric that failed there (TTFT or TPS at the
// statistic the SLO was checked on) is itself confirmed in the same
// direction; a capacity that fell from ≥ 1 to 0 because the P90 of ten
// requests crossed the SLO is not. The users it serves follow the
// capacity: confirmed with it, or, when the capacity is the same, with
// the mean latency at it.

// confirmCapacities confirms the capacity deltas of c (and the users
// they serve) that the level bounding them backs.
func confirmCapacities(c *Config, old, cand analyze.Config) {
	for i := range c.Deltas {
		d := &c.Deltas[i]
		if d.Metric != CapacityLoad || !d.Unconfirmed {
			continue
		}
		if at, ok := bounding(c, *d, old, cand); ok {
			d.Change, d.ConfirmedBy, d.ConfirmedAt, d.Unconfirmed = changeOf(d.Direction), ConfirmedByLevel, &at, false
		}
	}
	for i := range c.Deltas {
		u := &c.Deltas[i]
		if u.Metric != CapacityUsers || !u.Unconfirmed {
			continue
		}
		capDelta, ok := find(c.Deltas, CapacityLoad, u.Stat, nil)
		if !ok {
			continue
		}
		switch {
		case counts(capDelta.Change) && capDelta.Direction == u.Direction:
			u.Change, u.ConfirmedBy, u.ConfirmedAt, u.Unconfirmed = capDelta.Change, ConfirmedByLevel, capDelta.ConfirmedAt, false
		case capDelta.Direction == dirEqual && !capDelta.OldAtLeast && !capDelta.NewAtLeast && capDelta.Old > 0:
			// The same capacity: users = C × (1 + think / L) moved with
			// the mean latency at C.
			x := analyze.Load(capDelta.Old)
			l, ok := find(c.Deltas, Metric(analyze.Latency), analyze.Mean, &x)
			if !ok {
				l, ok = find(c.Deltas, Metric(analyze.Latency), analyze.P50, &x)
			}
			if ok && counts(l.Change) && l.Direction == u.Direction {
				u.Change, u.ConfirmedBy, u.ConfirmedAt, u.Unconfirmed = changeOf(u.Direction), ConfirmedByLevel, &x, false
			}
		}
	}
}

// bounding is the level that bounds a capacity change d and whether a
// confirmed change there backs it: the first level, reached on both
// sides, that the worse side fails and the better side passes, where a
// metric that failed on the worse side changed for the worse,
// confirmed.
func bounding(c *Config, d Delta, old, cand analyze.Config) (analyze.Load, bool) {
	pct := analyze.Percentile(d.Stat)
	worse, better := cand, old
	if d.Direction == dirBetter {
		worse, better = old, cand
	}
	var at analyze.Level
	found := false
	for _, l := range worse.Levels {
		if l.LoadReached && !l.SLO.Get(pct).Pass() {
			at, found = l, true
			break
		}
	}
	if !found {
		return 0, false
	}
	b, ok := better.Level(at.Load)
	if !ok || !b.LoadReached || !b.SLO.Get(pct).Pass() {
		return 0, false
	}
	v := at.SLO.Get(pct)
	for _, f := range []struct {
		failed bool
		m      analyze.MetricID
		st     analyze.Statistic
	}{
		{!v.TTFT, analyze.TTFT, sloStat(v.TTFTStat, pct)},
		{!v.TPS, analyze.TPS, sloStat(v.TPSStat, pct)},
	} {
		if !f.failed || f.st == "" {
			continue
		}
		x := at.Load
		if m, ok := find(c.Deltas, Metric(f.m), f.st, &x); ok && counts(m.Change) && m.Direction == d.Direction {
			return x, true
		}
	}
	return 0, false
}

// sloStat is the statistic an SLO at pct was checked on, from the name
// the verdict gives a stand-in ("" for pct itself; for a rate's P90
// without a name, the tool's P90); "" when there was none.
func sloStat(name string, pct analyze.Percentile) analyze.Statistic {
	switch name {
	case "":
		return pct
	case analyze.StatNone:
		return ""
	}
	return analyze.Statistic(name)
}

// find is the delta of metric m at statistic st and load x (nil: a
// configuration-wide one).
func find(ds []Delta, m Metric, st analyze.Statistic, x *analyze.Load) (Delta, bool) {
	for _, d := range ds {
		if d.Metric == m && d.Stat == st && (x == nil && d.Load == nil || x != nil && d.Load != nil && *d.Load == *x) {
			return d, true
		}
	}
	return Delta{}, false
}
