package report

import (
	"slices"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/present"
)

// Estimates marked to their last appearance. A mean latency estimated
// from a run's mean output length (analyze's Level.LatencyEstimated),
// and every number derived from it (the users Little's law counts from
// it, a rate run's effective concurrency, a latency ratio), carries
// present.EstimatedMark: after a table cell ("2.58 ≈"), before the
// number in running text ("≈ 2.58 s", "≈ 221 users"). analyze says
// which configs' numbers a finding or a scenario quotes are estimates
// (Estimated); the tables read the levels and capacities themselves.
// The overview and the capacity tables say what the mark means, the
// summary's caveat names it, and the appendix's metrics say how the
// latency is estimated and how far off it was measured.

// estimatedFor reports whether config id's numbers are estimates in a
// finding or scenario whose estimates are est.
func estimatedFor(est []string, id string) bool { return id != "" && slices.Contains(est, id) }

// approx marks text in running text as an estimate when est.
func approx(text string, est bool) string {
	if est {
		return present.EstimatedText(text)
	}
	return text
}

// approxCell marks a table cell as an estimate when est.
func approxCell(cell string, est bool) string {
	if est && cell != "–" {
		return present.EstimatedCell(cell)
	}
	return cell
}

// valEst is val marked as an estimate when est: "≈ 2.58 s".
func (v *view) valEst(id analyze.MetricID, x float64, est bool) string {
	return approx(v.val(id, x), est)
}

// latencyEstimatedAt reports whether config id's mean latency at load x
// is an estimate.
func (v *view) latencyEstimatedAt(id string, x analyze.Load) bool {
	c, ok := v.R.Config(id)
	if !ok {
		return false
	}
	l, ok := c.Level(x)
	return ok && l.LatencyEstimated()
}

// usersEstimatedAt reports whether the users Little's law counts for
// config id at load x rest on an estimated mean latency: with a think
// time, or on a rate axis (where the concurrency is one too).
func (v *view) usersEstimatedAt(id string, x analyze.Load) bool {
	return (v.R.Params.ThinkS > 0 || v.R.Axis == analyze.AxisRate) && v.latencyEstimatedAt(id, x)
}

// usersText writes capacity cp's users in running text as
// present.UsersCell does, the estimate's mark before the number: "≈
// 221", "≥ ≈ 289".
func (v *view) usersText(cp analyze.Capacity) string {
	if !cp.UsersKnown() {
		return present.UsersCell(v.loc, cp)
	}
	n := approx(v.loc.Int(cp.Users), v.usersEstimated(cp))
	if cp.LowerBound {
		return "≥ " + n
	}
	return n
}

// usersEstimated reports whether capacity cp's users are estimates.
func (v *view) usersEstimated(cp analyze.Capacity) bool { return present.UsersEstimated(v.R, cp) }

// EstimateCaveat is the summary caveat's clause on estimates: whose mean
// latency, and the users counted from it, are estimated, marked ≈; ""
// when none is.
func (v *view) estimateCaveat() string {
	var who []string
	for _, c := range v.R.Configs {
		if slices.ContainsFunc(c.Levels, analyze.Level.LatencyEstimated) {
			who = append(who, v.Name(c.ID))
		}
	}
	if len(who) == 0 {
		return ""
	}
	return v.loc.N("caveat_estimated", len(who), "Configs", v.loc.List(who), "Mark", present.EstimatedMark)
}
