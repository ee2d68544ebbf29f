package report

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/present"
)

// anomalyPhraser words one kind of anomaly among the data-quality notes:
// phrase writes an anomaly of the kind ("" where another note tells it),
// and messages are the ids of the messages only it uses, which every
// language must define.
type anomalyPhraser struct {
	phrase   func(*view, analyze.Anomaly, *noteState) string
	messages []string
}

// anomalyPhrasers word each kind of anomaly, one row per kind of
// analyze.AnomalyRules (TestEveryAnomalyKindIsPhrased).
var anomalyPhrasers = map[analyze.AnomalyKind]anomalyPhraser{
	analyze.Saturation: {(*view).noteStep, []string{"anomaly_saturation_rate", "anomaly_saturation_fall", "anomaly_saturation", "anomaly_saturation_ttft",
		"anomaly_cap", "anomaly_cap_graph", "anomaly_cap_later", "anomaly_cap_later_graph"}},
	analyze.SchedulingChange: {(*view).noteStep, []string{"anomaly_scheduling_change", "anomaly_scheduling_itl", "anomaly_scheduling_meaning"}},
	analyze.ThroughputDip:    {(*view).noteDip, []string{"anomaly_throughput_dip"}},
	analyze.TTFTJump:         {(*view).noteStep, []string{"anomaly_ttft_jump", "anomaly_ttft_jump_offered"}},
	analyze.CapLimit:         {(*view).noteCapLimit, []string{"anomaly_cap_limit"}},
	analyze.CapExceeded:      {(*view).noteCapExceeded, []string{"anomaly_cap_exceeded", "anomaly_cap_exceeded_graph"}},
	analyze.LoadNotReached: {(*view).noteNotReached, []string{"anomaly_load_not_reached", "anomaly_load_not_reached_bare",
		"not_reached_rate", "not_reached_requests", "not_reached_in_flight"}},
	analyze.AggregateDrop:     {(*view).noteStep, []string{"anomaly_aggregate_drop", "anomaly_cap", "anomaly_cap_graph", "anomaly_cap_later", "anomaly_cap_later_graph"}},
	analyze.P90BelowMean:      {(*view).noteP90, []string{"anomaly_p90_below_mean"}},
	analyze.LatencyMismatch:   {(*view).noteMismatch, []string{"anomaly_latency_mismatch"}},
	analyze.AggregateMismatch: {(*view).noteAggregateMismatch, []string{"anomaly_aggregate_mismatch"}},
	analyze.SLONonMonotonic:   {(*view).noteNonMonotonic, []string{"anomaly_slo_non_monotonic"}},
	analyze.RequestErrors:     {(*view).noteErrors, []string{"anomaly_errors_of", "anomaly_errors"}},
	analyze.TTFTFloor:         {(*view).noteFloor, []string{"verdict_floor", "verdict_floor_item"}},
}

// noteState is what the data-quality notes know while they word the
// anomalies one by one: the config and level of each saturation or
// drop, which explains a cap there, and the caps told with one already.
type noteState struct {
	explained, told map[string]bool
}

// noteKey is an anomaly's config and level, as noteState keys them.
func noteKey(a analyze.Anomaly) string { return a.Config + "\x00" + a.Load.String() }

// AnomalyLines phrases every anomaly with what was measured and why it
// matters. A deployment limit is told with the saturation or drop it
// explains. What the summary's key findings tell is left out.
func (v *view) AnomalyLines() []string {
	// A cap is told with the saturation or drop at its config and level.
	n := &noteState{explained: map[string]bool{}, told: map[string]bool{}}
	for _, a := range v.R.Anomalies {
		if a.Kind == analyze.Saturation || a.Kind == analyze.AggregateDrop {
			n.explained[noteKey(a)] = true
		}
	}
	// What the summary's key findings and the verdict's caveat tell is
	// not told again.
	summary := v.SummaryFindings()
	caveat := v.VerdictCaveat()
	var out []string
	for _, a := range v.R.Anomalies {
		p, ok := anomalyPhrasers[a.Kind]
		if !ok {
			continue // a kind of a newer analysis.json; TestEveryAnomalyKindIsPhrased covers this build's
		}
		if s := p.phrase(v, a, n); s != "" && !slices.Contains(summary, s) && !strings.Contains(caveat, s) {
			out = append(out, s)
		}
	}
	return out
}

// noteStep words a saturation, a scheduling change, a TTFT jump or an
// output drop (anomalyText, long), a saturation or drop with the cap it
// begins at, unless one at its config and level told it already.
func (v *view) noteStep(a analyze.Anomaly, n *noteState) string {
	if a.Kind == analyze.AggregateDrop && v.dropToldByThroughput(a) {
		return ""
	}
	var cp *analyze.Flag
	if key := noteKey(a); (a.Kind == analyze.Saturation || a.Kind == analyze.AggregateDrop) && !n.told[key] {
		cp = v.capOf(a.Config, a.Load)
		n.told[key] = cp != nil
	}
	return v.anomalyText(a.Kind, a.Config, a.Load, a.Values, cp, true)
}

// noteCapExceeded words a limit the load exceeds; "" for a config with
// a saturation or drop, which tells it (anomaly_cap_later).
func (v *view) noteCapExceeded(a analyze.Anomaly, _ *noteState) string {
	if v.hasSaturation(a.Config) {
		return ""
	}
	return v.capExceededText(a, "anomaly_cap_exceeded")
}

// noteCapLimit words a limit a plateau begins at; "" where a saturation
// or drop at its config and level tells it.
func (v *view) noteCapLimit(a analyze.Anomaly, n *noteState) string {
	if n.explained[noteKey(a)] {
		return ""
	}
	l := v.loc
	return l.T("anomaly_cap_limit", "Config", v.Name(a.Config), "C", l.At(a.Load), "Flag", render.Code(a.Metric+" "+strconv.FormatFloat(a.Values["cap"], 'f', -1, 64)),
		"InFlight", v.inFlight(a, 0))
}

// inFlight writes an anomaly's requests in flight (request throughput ×
// mean latency) with dec decimals, marked as an estimate where that
// latency is one.
func (v *view) inFlight(a analyze.Anomaly, dec int) string {
	return approx(v.loc.Num(a.Values["in_flight"], dec), v.latencyEstimatedAt(a.Config, a.Load))
}

// noteDip words a throughput dip that a later level recovers from.
func (v *view) noteDip(a analyze.Anomaly, _ *noteState) string {
	l, val := v.loc, a.Values
	return l.T("anomaly_throughput_dip", "Config", v.Name(a.Config), "C", l.At(a.Load), "PrevC", l.At(analyze.Load(val["prev_load"])),
		"Load", v.loadRise(val["load_factor"]), "Prev", l.Num(val["prev"], 2), "Value", l.Num(val["value"], 2),
		"LaterC", l.At(analyze.Load(val["later_load"])), "Later", l.Num(val["later"], 2))
}

// noteP90 words a P90 below its mean.
func (v *view) noteP90(a analyze.Anomaly, _ *noteState) string {
	l, val := v.loc, a.Values
	m := present.MustOf(analyze.MetricID(a.Metric))
	return l.T("anomaly_p90_below_mean", "Config", v.Name(a.Config), "C", l.At(a.Load), "Metric", l.T("short_"+m.Stem),
		"P90", l.Num(val["p90"], m.Dec), "Mean", l.Num(val["mean"], m.Dec))
}

// noteMismatch words a mean latency that TTFT and ITL do not add up to.
func (v *view) noteMismatch(a analyze.Anomaly, _ *noteState) string {
	l, val := v.loc, a.Values
	return l.T("anomaly_latency_mismatch", "Config", v.Name(a.Config), "C", l.At(a.Load), "Latency", approx(l.Num(val["latency"], 2), v.latencyEstimatedAt(a.Config, a.Load)),
		"Expected", l.Num(val["expected"], 2), "N", strconv.Itoa(int(val["tokens"])-1), "Dev", l.Pct(math.Abs(val["deviation"]), 0))
}

// noteErrors words the requests that failed at a level, of how many
// when the count of those that succeeded is known.
func (v *view) noteErrors(a analyze.Anomaly, _ *noteState) string {
	l, val := v.loc, a.Values
	if val["requests"] >= 0 {
		return l.T("anomaly_errors_of", "Config", v.Name(a.Config), "C", l.At(a.Load), "Errors", l.Int(int(val["errors"])), "Total", l.Int(int(val["errors"]+val["requests"])))
	}
	return l.T("anomaly_errors", "Config", v.Name(a.Config), "C", l.At(a.Load), "Errors", l.Int(int(val["errors"])))
}

// noteNonMonotonic words a level that passes the SLOs above one that
// failed.
func (v *view) noteNonMonotonic(a analyze.Anomaly, _ *noteState) string {
	l := v.loc
	return l.T("anomaly_slo_non_monotonic", "Config", v.Name(a.Config), "C", l.At(a.Load), "Stat", v.StatWord(strings.TrimPrefix(a.Metric, "slo.")),
		"FailedC", l.At(analyze.Load(a.Values["failed_load"])))
}

// hasSaturation reports whether config has a saturation or an output
// drop to tell.
func (v *view) hasSaturation(config string) bool {
	return slices.ContainsFunc(v.R.Anomalies, func(a analyze.Anomaly) bool {
		return a.Config == config && (a.Kind == analyze.Saturation || a.Kind == analyze.AggregateDrop)
	})
}

// noteNotReached words a load_not_reached anomaly with the numbers that
// tell it: the requests completed against the concurrency, the requests
// in flight by Little's law, or the rate delivered against the rate
// offered.
func (v *view) noteNotReached(a analyze.Anomaly, _ *noteState) string {
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
			facts = append(facts, l.T("not_reached_in_flight", "N", v.inFlight(a, 1), "Conc", l.Num(val["concurrency"], 0)))
		}
	}
	if len(facts) == 0 {
		return l.T("anomaly_load_not_reached_bare", args...)
	}
	return l.T("anomaly_load_not_reached", append(args, "Facts", strings.Join(facts, "; "))...)
}
