package render

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/present"
)

// AnomalyLines phrases every anomaly with what was measured and why it
// matters. A deployment limit is told with the saturation or drop it
// explains. What the summary's key findings tell is left out.
func (v *view) AnomalyLines() []string {
	l := v.loc
	var out []string
	// A cap is told with the saturation or drop at its config and level.
	explained := map[string]bool{}
	for _, a := range v.R.Anomalies {
		if a.Kind == analyze.Saturation || a.Kind == analyze.AggregateDrop {
			explained[a.Config+"\x00"+a.Load.String()] = true
		}
	}
	told := map[string]bool{}
	// What the summary's key findings tell is not told again.
	summary := v.SummaryFindings()
	for _, a := range v.R.Anomalies {
		val := a.Values
		c := l.At(a.Load)
		name := v.Name(a.Config)
		key := a.Config + "\x00" + a.Load.String()
		var s string
		switch a.Kind {
		case analyze.Saturation, analyze.AggregateDrop, analyze.SchedulingChange, analyze.TTFTJump:
			var cp *analyze.Flag
			if (a.Kind == analyze.Saturation || a.Kind == analyze.AggregateDrop) && !told[key] {
				cp = v.capOf(a.Config, a.Load)
				told[key] = cp != nil
			}
			s = v.anomalyText(a.Kind, a.Config, a.Load, val, cp, true)
		case analyze.CapLimit:
			if explained[key] {
				continue
			}
			s = l.T("anomaly_cap_limit", "Config", name, "C", c, "Flag", Code(a.Metric+" "+strconv.FormatFloat(val["cap"], 'f', -1, 64)),
				"InFlight", l.Num(val["in_flight"], 0))
		case analyze.LoadNotReached:
			s = v.notReached(a)
		case analyze.ThroughputDip:
			s = l.T("anomaly_throughput_dip", "Config", name, "C", c, "PrevC", l.At(analyze.Load(val["prev_load"])),
				"Load", l.Times(round1(val["load_factor"])), "Prev", l.Num(val["prev"], 2), "Value", l.Num(val["value"], 2),
				"LaterC", l.At(analyze.Load(val["later_load"])), "Later", l.Num(val["later"], 2))
		case analyze.P90BelowMean:
			m := present.MustOf(analyze.MetricID(a.Metric))
			s = l.T("anomaly_p90_below_mean", "Config", name, "C", c, "Metric", l.T("short_"+m.Stem),
				"P90", l.Num(val["p90"], m.Dec), "Mean", l.Num(val["mean"], m.Dec))
		case analyze.LatencyMismatch:
			s = l.T("anomaly_latency_mismatch", "Config", name, "C", c, "Latency", l.Num(val["latency"], 2),
				"Expected", l.Num(val["expected"], 2), "N", strconv.Itoa(int(val["tokens"])-1), "Dev", l.Pct(math.Abs(val["deviation"]), 0))
		case analyze.RequestErrors:
			if val["requests"] >= 0 {
				s = l.T("anomaly_errors_of", "Config", name, "C", c, "Errors", l.Int(int(val["errors"])), "Total", l.Int(int(val["errors"]+val["requests"])))
			} else {
				s = l.T("anomaly_errors", "Config", name, "C", c, "Errors", l.Int(int(val["errors"])))
			}
		case analyze.SLONonMonotonic:
			s = l.T("anomaly_slo_non_monotonic", "Config", name, "C", c, "Stat", v.StatWord(strings.TrimPrefix(a.Metric, "slo.")),
				"FailedC", l.At(analyze.Load(val["failed_load"])))
		}
		if s != "" && !slices.Contains(summary, s) {
			out = append(out, s)
		}
	}
	return out
}

// notReached words a load_not_reached anomaly with the numbers that
// tell it: the requests completed against the concurrency, the requests
// in flight by Little's law, or the rate delivered against the rate
// offered.
func (v *view) notReached(a analyze.Anomaly) string {
	l := v.loc
	val := a.Values
	args := []any{"Config", v.Name(a.Config), "C", l.At(a.Load)}
	var facts []string
	if offered, ok := val["offered"]; ok {
		facts = append(facts, l.T("not_reached_rate", "Delivered", l.Num(val["delivered"], 2), "Offered", l.Num(offered, 2)))
	} else {
		if n := val["sent"]; n >= 0 && analyze.Known(n) {
			facts = append(facts, l.T("not_reached_requests", "N", l.Int(int(n)), "Conc", l.Num(val["concurrency"], 0)))
		}
		if analyze.Known(val["in_flight"]) {
			facts = append(facts, l.T("not_reached_in_flight", "N", l.Num(val["in_flight"], 1), "Conc", l.Num(val["concurrency"], 0)))
		}
	}
	if len(facts) == 0 {
		return l.T("anomaly_load_not_reached_bare", args...)
	}
	return l.T("anomaly_load_not_reached", append(args, "Facts", strings.Join(facts, "; "))...)
}
