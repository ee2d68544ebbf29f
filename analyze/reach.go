package analyze

import (
	"fmt"
	"slices"
)

// reached is the report as every comparison sees it: each config keeps
// only the levels whose load was reached, and the report's levels are
// theirs. The report itself keeps every level for its tables.
func (r *Report) reached() *Report {
	an := *r
	an.Configs = make([]Config, len(r.Configs))
	seen := map[Load]bool{}
	an.Levels = nil
	for i, c := range r.Configs {
		c.Levels = reachedLevels(c.Levels)
		an.Configs[i] = c
		for _, l := range c.Levels {
			if !seen[l.Load] {
				seen[l.Load] = true
				an.Levels = append(an.Levels, l.Load)
			}
		}
	}
	slices.Sort(an.Levels)
	return &an
}

func reachedLevels(ls []Level) []Level {
	var out []Level
	for _, l := range ls {
		if l.LoadReached {
			out = append(out, l)
		}
	}
	return out
}

// loadNotReached flags every level that did not carry its load, with
// the numbers that tell: requests sent against the concurrency, the
// requests in flight by Little's law, the rate delivered against the
// rate offered.
func loadNotReached(r *Report) []Anomaly {
	var out []Anomaly
	for _, c := range r.Configs {
		for _, l := range c.Levels {
			if l.LoadReached {
				continue
			}
			v := Numbers{"sent": float64(l.Requests + max(l.Errors, 0)), "completed": float64(l.Requests),
				"errors": float64(l.Errors), "in_flight": l.InFlight}
			if l.Requests < 0 {
				v["sent"], v["completed"], v["errors"] = nanValue, nanValue, nanValue
			}
			var msg string
			if l.Rate > 0 {
				v["offered"], v["delivered"] = l.Rate, l.SystemRPS
				msg = fmt.Sprintf("the run at %s delivered %.2f req/s, under half the offered rate; it is left out of every comparison",
					r.Axis.Label(l.Load), l.SystemRPS)
			} else {
				v["concurrency"] = l.Concurrency
				msg = fmt.Sprintf("the level %s never held its load (%s requests sent, %s in flight by Little's law); it is left out of every comparison",
					r.Axis.Label(l.Load), countText(l.Requests, l.Errors), floatText(l.InFlight))
			}
			out = append(out, Anomaly{Kind: LoadNotReached, Config: c.ID, Load: l.Load, Metric: "load", Message: msg, Values: v})
		}
	}
	return out
}

func floatText(x float64) string {
	if !Known(x) {
		return "an unknown number"
	}
	return fmt.Sprintf("%.1f", x)
}

func countText(requests, errors int) string {
	if requests < 0 {
		return "an unknown number of"
	}
	return fmt.Sprint(requests + max(errors, 0))
}
