package report

import (
	"strconv"
	"strings"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render"
)

// maxKeyFindings is how many of the highest-ranked findings KeyFindings
// phrases: the summary takes its verdict's and at most summaryFindings
// others from them.
const maxKeyFindings = 6

// maxKeyAnomalies is how many of them may be anomaly notes (TTFT jumps,
// aggregate drops): past saturation every config jumps, and the summary
// keeps room for what sets the configs apart. The others are told in
// the data quality notes.
const maxKeyAnomalies = 2

// KeyFindings phrases the highest-ranked findings for the summary. The
// fast-tail note is not one of them: the summary says it once, beside
// the SLOs (FastTail).
func (v *view) KeyFindings() []string {
	var out []string
	anomalies := 0
	for _, f := range v.R.Findings {
		if len(out) == maxKeyFindings {
			break
		}
		if !f.Headline() || f.Kind == analyze.TPSFastTail {
			continue
		}
		s := v.phrase(f)
		if s == "" {
			continue
		}
		if f.Kind == analyze.AnomalyNote {
			if anomalies == maxKeyAnomalies {
				continue
			}
			anomalies++
		}
		out = append(out, s)
	}
	return out
}

// maxConclusionLines is how many lines the conclusion adds.
const maxConclusionLines = 5

// ConclusionLines are the headline findings the summary did not tell
// (not its verdict, not its key findings; the anomalies are the data
// quality notes'), in report order: speculative decoding, capacity,
// throughput, latency; at most maxConclusionLines.
func (v *view) ConclusionLines() []string {
	told := map[string]bool{}
	for _, s := range v.SummaryFindings() {
		told[s] = true
	}
	if f, ok := v.capacityFinding(); ok {
		told[v.phrase(f)] = true
	}
	var out []string
	for _, s := range v.conclusionGroups(told) {
		if len(out) < maxConclusionLines {
			out = append(out, s)
		}
	}
	return out
}

// engineOf is the engine of a config id.
func (v *view) engineOf(id string) string {
	c, _ := v.R.Config(id)
	return render.Escape(c.Engine.In(v.loc.Lang))
}

// phraseAnomalyNote words an anomaly note as the summary tells it
// (anomalyText, short).
func (v *view) phraseAnomalyNote(f analyze.Finding) string {
	if len(f.Configs) == 0 || len(f.Levels) == 0 {
		return ""
	}
	return v.anomalyText(f.Anomaly, f.Configs[0], f.Levels[0], f.Values, f.Cap, false)
}

// phraseUnranked words a capacity_unranked finding (unranked).
func (v *view) phraseUnranked(f analyze.Finding) string {
	return v.withFragile(v.unranked(f, "finding_capacity_unranked"), f.Fragile)
}

// findingName is the name of a finding's i-th config, "" when it has
// fewer.
func (v *view) findingName(f analyze.Finding, i int) string {
	if i < len(f.Configs) {
		return v.Name(f.Configs[i])
	}
	return ""
}

// findingID is a finding's i-th config id, "" when it has fewer.
func findingID(f analyze.Finding, i int) string {
	if i < len(f.Configs) {
		return f.Configs[i]
	}
	return ""
}

// findingLevel is a finding's i-th level as the report writes a level
// ("c=16", "4 req/s"), "" when it has fewer.
func (v *view) findingLevel(f analyze.Finding, i int) string {
	if i < len(f.Levels) {
		return v.loc.At(f.Levels[i])
	}
	return ""
}

// phraseSpecLow words the effect of speculative decoding at the lowest
// common level: faster, on par or slower.
func (v *view) phraseSpecLow(f analyze.Finding) string {
	l, val := v.loc, f.Values
	id := "finding_spec_low_faster"
	switch {
	case f.Tie:
		id = "finding_spec_low_par"
	case val["ratio"] < 1:
		id = "finding_spec_low_slower"
	case hasZero(val, "pays_off"):
		// Faster per user, but the queue or an SLO says no.
		return v.specLowUnpaid(f)
	}
	return l.T(id, "C", v.findingLevel(f, 0), "Engine", v.engineOf(f.Configs[0]), "Spec", v.findingName(f, 0), "Direct", v.findingName(f, 1),
		"Stat", v.StatWord(string(f.Stat)), "Tie", v.Tie(), "Pct", v.TiePct(),
		"Ratio", l.Ratio(val["ratio"]), "Gap", v.gap(val["ratio"]), "Diff", v.diffText(val["spec"], val["direct"], speedWords),
		"SpecTPS", l.Num(val["spec"], 0), "DirectTPS", l.Num(val["direct"], 0))
}

// phraseSpecHigh words the loss of speculative decoding at the highest
// common level.
func (v *view) phraseSpecHigh(f analyze.Finding) string {
	l, val := v.loc, f.Values
	return l.T("finding_spec_high", "C", v.findingLevel(f, 0), "Spec", v.findingName(f, 0), "Direct", v.findingName(f, 1), "Stat", v.StatWord(string(f.Stat)),
		"Diff", v.diffText(val["spec"], val["direct"], speedWords), "SpecTPS", l.Num(val["spec"], 1), "DirectTPS", l.Num(val["direct"], 1))
}

// phraseCapacity words the capacity leader: alone, tied, the only one
// meeting the SLOs, or ahead of the next.
func (v *view) phraseCapacity(f analyze.Finding) string {
	if f.TieBreak != "" {
		return v.phraseTieBroken(f)
	}
	args := v.capacityArgs(f.Values, v.findingName(f, 0), v.findingName(f, 1), f.Estimated, findingID(f, 0), findingID(f, 1))
	next, hasNext := f.Values["next_max_load"]
	var s string
	switch {
	case !hasNext:
		s = v.loc.T("finding_capacity_only", args...)
	case f.Tie:
		s = v.loc.T("finding_capacity_tie", args...)
	case next == 0:
		s = v.loc.T("finding_capacity_alone", args...)
	default:
		s = v.loc.T("finding_capacity", args...)
	}
	return v.withFragile(s, f.Fragile)
}

// phraseAggregate words the peak aggregate throughput leader against the
// next config, or alone.
func (v *view) phraseAggregate(f analyze.Finding) string {
	l, val := v.loc, f.Values
	leader, at := v.findingName(f, 0), v.findingLevel(f, 0)
	if _, ok := val["next"]; !ok {
		return l.T("finding_aggregate_only", "Leader", leader, "C", at, "Value", l.Num(val["value"], 0))
	}
	args := []any{"Leader", leader, "C", at, "Value", l.Num(val["value"], 0),
		"Next", v.findingName(f, 1), "NextValue", l.Num(val["next"], 0), "Tie", v.Tie(), "Gap", v.gap(val["ratio"])}
	s := l.T("finding_aggregate", args...)
	if f.Tie {
		s = l.T("finding_aggregate_tie", args...)
	}
	// At the highest level tested a figure that still rises is not the
	// config's maximum (the maximum-output scenario does not rank them).
	var rising []string
	for _, id := range f.Configs {
		if v.stillRising(id, f.Levels[0]) {
			rising = append(rising, v.Name(id))
		}
	}
	if len(rising) > 0 {
		s += " " + l.N("finding_aggregate_rising", len(rising), "Who", l.List(rising), "C", l.At(f.Levels[0]))
	}
	return s
}

// stillRising reports whether config id's aggregate output at load x is
// its highest reached level's and above the level before it.
func (v *view) stillRising(id string, x analyze.Load) bool {
	c, ok := v.R.Config(id)
	if !ok {
		return false
	}
	var reached []analyze.Level
	for _, l := range c.Levels {
		if l.LoadReached {
			reached = append(reached, l)
		}
	}
	n := len(reached)
	// At ∞ no more load can be offered: rising there is the peak.
	return n >= 2 && reached[n-1].Load == x && !x.IsInf() && reached[n-1].AggregateTPS > reached[n-2].AggregateTPS
}

// phraseTTFT words the TTFT leader at low load, and at high load when
// that is another level.
func (v *view) phraseTTFT(f analyze.Finding) string {
	l, val := v.loc, f.Values
	args := []any{"Leader", v.findingName(f, 0), "C", v.findingLevel(f, 0), "Value", l.Num(val["low"], 1), "Stat", v.StatWord(string(f.Stat)),
		"Next", v.findingName(f, 1), "NextValue", l.Num(val["low_next"], 1), "Tie", v.Tie()}
	if f.Tie {
		return l.T("finding_ttft_tie", args...)
	}
	s := l.T("finding_ttft", args...)
	if hi, ok := val["high"]; ok && len(f.Levels) > 1 && f.Levels[1] != f.Levels[0] {
		id := "finding_ttft_high"
		if !f.EveryLevel() {
			id = "finding_ttft_high_again" // another config leads in between
		}
		s += " " + l.T(id, "C", v.findingLevel(f, 1), "Value", l.Num(hi, 1))
	}
	return s
}

// anomalyText words an anomaly the summary and the data quality notes
// tell: a saturation (with the deployment limit it begins at, named as
// the likely cause), a scheduling change, a TTFT jump, an output drop.
// Every load step is worded by its real factor. long adds the details
// the data quality notes give. "" for any other kind.
func (v *view) anomalyText(kind analyze.AnomalyKind, config string, x analyze.Load, val map[string]float64, cp *analyze.Flag, long bool) string {
	l := v.loc
	_, hasPrev := val["prev_load"]
	args := []any{"Config", v.Name(config), "C", l.At(x), "PrevC", l.At(analyze.Load(val["prev_load"])),
		"Load", v.loadRise(val["load_factor"]), "Throughput", v.rise(val["throughput_factor"])}
	var s string
	switch kind {
	case analyze.Saturation:
		switch {
		case v.R.Axis == analyze.AxisRate:
			s = l.T("anomaly_saturation_rate", append(args, "Value", l.Num(val["value"], 2), "Offered", l.Num(val["offered"], 2),
				"Share", l.Pct(val["share"], 0))...)
		case val["throughput_factor"] < 1:
			s = l.T("anomaly_saturation_fall", append(args, "Prev", l.Num(val["prev"], 2), "Value", l.Num(val["value"], 2),
				"LatPrev", l.Num(val["latency_prev"], 2), "Lat", l.Num(val["latency"], 2))...)
		default:
			s = l.T("anomaly_saturation", append(args, "Prev", l.Num(val["prev"], 2), "Value", l.Num(val["value"], 2),
				"LatPrev", l.Num(val["latency_prev"], 2), "Lat", l.Num(val["latency"], 2))...)
		}
		if _, ok := val["ttft"]; ok && long && hasPrev {
			s += " " + l.T("anomaly_saturation_ttft", "Prev", l.Num(val["ttft_prev"], 0), "Value", l.Num(val["ttft"], 0))
		}
	case analyze.SchedulingChange:
		s = l.T("anomaly_scheduling_change", append(args, "Jump", v.rise(val["ratio"]), "Prev", l.Num(val["prev"], 0), "Value", l.Num(val["value"], 0),
			"RpsPrev", l.Num(val["rps_prev"], 2), "Rps", l.Num(val["rps"], 2))...)
		if analyze.Known(val["itl_prev"]) && analyze.Known(val["itl"]) {
			s += " " + l.T("anomaly_scheduling_itl", "Prev", l.Num(val["itl_prev"], 1), "Value", l.Num(val["itl"], 1))
		}
		s += " " + l.T("anomaly_scheduling_meaning")
	case analyze.TTFTJump:
		s = l.T("anomaly_ttft_jump", append(args, "Jump", v.rise(val["ratio"]), "Prev", l.Num(val["prev"], 0), "Value", l.Num(val["value"], 0))...)
		if offered, ok := val["offered"]; ok {
			// On a rate axis: the offered rate is still delivered.
			s += " " + l.T("anomaly_ttft_jump_offered", "Delivered", l.Num(val["delivered"], 2), "Offered", l.Num(offered, 2))
		}
	case analyze.AggregateDrop:
		s = l.T("anomaly_aggregate_drop", append(args, "Prev", l.Num(val["prev"], 0), "Value", l.Num(val["value"], 0))...)
	default:
		return ""
	}
	if cp != nil {
		id := "anomaly_cap"
		if cp.KindOf() == analyze.GraphCap {
			id = "anomaly_cap_graph"
		}
		n, _ := strconv.ParseFloat(cp.Value, 64)
		s += " " + l.T(id, "N", l.Num(n, 0), "Flag", render.Code(cp.Flag+" "+cp.Value))
	} else if kind == analyze.Saturation || kind == analyze.AggregateDrop {
		// A limit the load exceeds only later is no cause of this, but
		// shapes the levels from there: said once, here.
		if a, ok := v.capExceeded(config, x); ok {
			s += " " + v.capExceededText(a, "anomaly_cap_later")
		}
	}
	return s
}

// capExceeded is the cap_exceeded anomaly of config above load x.
func (v *view) capExceeded(config string, x analyze.Load) (analyze.Anomaly, bool) {
	for _, a := range v.R.Anomalies {
		if a.Kind == analyze.CapExceeded && a.Config == config && a.Load > x {
			return a, true
		}
	}
	return analyze.Anomaly{}, false
}

// capExceededText words a cap_exceeded anomaly with message id (its
// "_graph" form for a CUDA graph limit).
func (v *view) capExceededText(a analyze.Anomaly, id string) string {
	l := v.loc
	if (analyze.Flag{Flag: a.Metric}).KindOf() == analyze.GraphCap {
		id += "_graph"
	}
	n := a.Values["cap"]
	return l.T(id, "Config", v.Name(a.Config), "C", l.At(a.Load), "N", l.Num(n, 0), "InFlight", v.inFlight(a, 0),
		"Flag", render.Code(a.Metric+" "+strconv.FormatFloat(n, 'f', -1, 64)))
}

// capOf is the deployment limit a saturation or drop of config at x
// begins at: the cap_limit anomaly there (the first, when several).
func (v *view) capOf(config string, x analyze.Load) *analyze.Flag {
	for _, a := range v.R.Anomalies {
		if a.Kind == analyze.CapLimit && a.Config == config && a.Load == x {
			return &analyze.Flag{Flag: a.Metric, Value: strconv.FormatFloat(a.Values["cap"], 'f', -1, 64)}
		}
	}
	return nil
}

// SpeedupLines phrases, per engine pair, the break-even point and the
// practical rule that follows from it; a ratio within the tie threshold
// of 1.0× is on par, neither a gain nor a loss.
func (v *view) SpeedupLines() []string {
	l := v.loc
	var out []string
	for _, s := range v.R.Speedups {
		if len(s.Points) == 0 {
			continue
		}
		spec, direct := v.Name(s.Spec), v.Name(s.Direct)
		stat := v.StatWord(string(s.Stat))
		first, last := s.Points[0], s.Points[len(s.Points)-1]
		var common, faster, other []analyze.Load
		for _, p := range s.Points {
			common = append(common, p.Load)
			if p.Outcome == analyze.Faster {
				faster = append(faster, p.Load)
			} else {
				other = append(other, p.Load)
			}
		}
		switch {
		case s.NeverFaster:
			out = append(out, l.T("speedup_never_wins", "Spec", spec, "Direct", direct, "C", l.At(first.Load), "Ratio", l.Ratio(first.Ratio),
				"Pct", v.TiePct(), "Stat", stat))
		case s.NeverPaysOff:
			out = append(out, v.neverPaysLine(s))
		case s.BreakEven == nil && len(other) == 0:
			out = append(out, l.T("speedup_never_breaks", "Spec", spec, "Direct", direct, "Low", l.Ratio(first.Ratio), "High", l.Ratio(last.Ratio),
				"C", l.At(last.Load), "Pct", v.TiePct(), "Stat", stat))
		case s.BreakEven == nil:
			out = append(out, l.T("speedup_mixed", "Spec", spec, "Direct", direct, "Faster", v.loc.LevelGroups(common, faster),
				"Other", v.loc.LevelGroups(common, other), "Pct", v.TiePct(), "Stat", stat))
		default:
			out = append(out, v.breakEvenLines(s)...)
		}
		if len(s.Missing) > 0 {
			levels := make([]string, len(s.Missing))
			for i, m := range s.Missing {
				levels[i] = l.At(m)
			}
			out = append(out, l.T("speedup_missing", "Spec", spec, "Direct", direct, "Levels", l.List(levels)))
		}
	}
	return out
}

// statGapLines tell where one statistic's capacity is higher than the
// other's: the lenient one (usually the mean) hides a slow tail. The
// configs of one pair of statistics share a line, the tail told once.
func (v *view) statGapLines(head, other analyze.Percentile) []string {
	l := v.loc
	type pair struct{ more, less analyze.Percentile }
	var order []pair
	items := map[pair][]string{}
	for _, c := range v.R.Configs {
		// more is the statistic that reaches the higher level (the
		// lenient one, usually the mean), less the other.
		more, less := other, head
		cm, cl := c.Capacity.Get(other), c.Capacity.Get(head)
		if cm.Max == cl.Max {
			continue
		}
		if cm.Max < cl.Max {
			more, less, cm, cl = less, more, cl, cm
		}
		if limitUnchecked(c, less) {
			// Not a tail the other statistic hides: the source lacks
			// the statistic, which the lines above already say.
			continue
		}
		users := ""
		if cm.UsersKnown() && cl.UsersKnown() && cl.Max != 0 {
			users = l.T("capacity_stat_gap_users", "Users", v.usersText(cl), "OtherUsers", v.usersText(cm))
		}
		args := []any{"Config", v.Name(c.ID), "Stat", v.StatWord(string(less)), "Other", v.StatWord(string(more)),
			"C", v.maxLoad(cl.Max, cl.LowerBound), "OtherC", v.maxLoad(cm.Max, cm.LowerBound), "Users", users}
		id := "capacity_stat_gap_item"
		if cl.Max == 0 {
			id = "capacity_stat_gap_item_none"
		}
		k := pair{more, less}
		if _, ok := items[k]; !ok {
			order = append(order, k)
		}
		items[k] = append(items[k], strings.TrimSpace(l.T(id, args...)))
	}
	var out []string
	for _, k := range order {
		out = append(out, l.N("capacity_stat_gap_tail", len(items[k]), "Items", strings.Join(items[k], "; "), "Other", v.StatWord(string(k.more))))
	}
	return out
}

// CapacityLines interprets the capacity tables: the ranking at the
// headline statistic as the model draws it (a tie is a tie, lower
// bounds are not ranked), configs that fail at once, and how much more
// optimistic the other statistic is.
func (v *view) CapacityLines() []string {
	if !v.R.Axis.SweepsLoad() {
		return nil // no capacity: the capacity section says why
	}
	l := v.loc
	head := analyze.Percentile(v.Headline())
	other := analyze.Percentile(v.Other())
	var out []string
	// A ranking is the summary's verdict, not told again; why the
	// capacities cannot be ranked is told here too.
	if f, ok := v.capacityFinding(); ok && f.Kind == analyze.CapacityUnranked {
		if s := v.phrase(f); s != "" {
			out = append(out, s)
		}
	}
	for _, c := range v.R.Configs {
		cc := c.Capacity.Get(head)
		first, ok := firstReached(c)
		if cc.Max != 0 || !ok {
			continue
		}
		id := "capacity_none"
		if limitUnchecked(c, head) {
			id = "capacity_unchecked"
		}
		out = append(out, l.T(id, "Config", v.Name(c.ID), "Stat", v.StatWord(string(head)), "C", l.At(first.Load)))
	}
	out = append(out, v.statGapLines(head, other)...)
	return out
}

// hasZero reports whether values holds key, at 0 (a value an older
// analysis.json lacks is not taken for 0).
func hasZero(val analyze.Numbers, key string) bool {
	x, ok := val[key]
	return ok && x == 0
}
