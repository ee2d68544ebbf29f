package comparison

import (
	"math"
	"strconv"
	"strings"
	"text/template"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/analyze/compare"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/chart"
	"github.com/openzeka/reportgen/render/locale"
	"github.com/openzeka/reportgen/render/present"
)

// view builds the comparison edition's sentences and tables from a
// compare.Comparison and the locale. The comparison's templates only
// lay them out, each section through its sub-view (subviews.go).
//
//	view.go          the shared words: titles, sides, values, changes, tests
//	verdict.go       the verdict and its table of what changed
//	summary.go       what changed, in words, and the actions
//	scope.go         what differs and was not compared
//	tables.go        the headline tables, the method
type view struct {
	C   *compare.Comparison
	loc *locale.Locale
	// charts maps a drawn chart's name to the path the Markdown links.
	charts map[string]string
	// locNew words the candidate's levels where its load axis is not the
	// baseline's (the edition's); nil where they share one.
	locNew *locale.Locale
}

// funcs are the comparison templates' functions: the engine's
// (render.Funcs) and a chart by name.
func (v *view) funcs() template.FuncMap {
	funcs := render.Funcs(v.loc)
	funcs["chart"] = v.chart
	return funcs
}

// chart places comparison chart name with its localized caption when it
// was drawn for this edition, and nothing otherwise.
func (v *view) chart(name string) string {
	p, ok := v.charts[name]
	if !ok {
		return ""
	}
	return render.Figure(render.Escape(chart.ComparisonCaption(v.C, name, v.loc)), p)
}

// Title is the edition's title from the two reports' titles:
// "Comparison: Llama 3.1 8B on FP16 → FP8" (the words both titles open
// with written once), "Comparison: before → after" where a side has no
// title, "Comparison: Llama 3.1 8B" where they are the same.
func (v *view) Title() string {
	o, n := v.sideTitle(v.C.Baseline), v.sideTitle(v.C.Candidate)
	if o == n {
		return v.loc.T("compare_title_same", "Title", render.Escape(o))
	}
	return v.loc.T("compare_title", "Old", render.Escape(o), "New", render.Escape(shortenAfter(o, n)))
}

// sideTitle is a side's report title in the edition's language, or its
// name where its manifest gives none.
func (v *view) sideTitle(s compare.Side) string {
	if t := strings.TrimSpace(s.Title.In(v.loc.Lang)); t != "" {
		return t
	}
	return s.Name
}

// shortenAfter is n without the whole words it opens with as o does,
// where both go on past them with other words: "Llama 3.1 8B on FP16",
// "Llama 3.1 8B on FP8" gives "FP8". A title that holds the other whole,
// or shares no whole word with it at its start, stays as it is.
func shortenAfter(o, n string) string {
	cut, i := 0, 0
	for ; i < len(o) && i < len(n) && o[i] == n[i]; i++ {
		if o[i] == ' ' {
			cut = i + 1
		}
	}
	if cut == 0 || i == len(o) || i == len(n) {
		return n
	}
	return n[cut:]
}

// Subtitle names the two sides by their reports' titles (or names where
// the titles are the same or absent), escaped.
func (v *view) Subtitle() string { return render.Escape(v.subtitleText()) }

// subtitleText is Subtitle as plain text (the PDF's cover).
func (v *view) subtitleText() string {
	o, n := v.sideTitle(v.C.Baseline), v.sideTitle(v.C.Candidate)
	if o == n {
		o, n = v.C.Baseline.Name, v.C.Candidate.Name
	}
	return v.loc.T("compare_subtitle", "Old", o, "New", n)
}

// Sides are the title block's lines on the two sides, escaped: each
// one's date and the description its manifest gives ("**Baseline:**
// September 2026 · vLLM and SGLang (synthetic sample data, not a
// measurement)").
func (v *view) Sides() []string {
	return []string{v.sideLine(v.C.Baseline, "compare_col_baseline", render.Escape), v.sideLine(v.C.Candidate, "compare_col_candidate", render.Escape)}
}

// sideLine is one side's date and description; esc writes the
// description (escaped for Markdown, cleaned for the cover).
func (v *view) sideLine(s compare.Side, label string, esc func(string) string) string {
	date := v.loc.Month(s.Date)
	if d := strings.TrimSpace(s.Description.In(v.loc.Lang)); d != "" {
		return v.loc.T("compare_side_desc", "Side", v.loc.T(label), "Date", date, "Text", esc(d))
	}
	return v.loc.T("compare_side", "Side", v.loc.T(label), "Date", date)
}

// sideField is a side's date and description as its cover field
// writes it: "September 2026 · vLLM and SGLang (…)".
func (v *view) sideField(s compare.Side) string {
	date := v.loc.Month(s.Date)
	if d := strings.TrimSpace(s.Description.In(v.loc.Lang)); d != "" {
		return v.loc.T("compare_side_field", "Date", date, "Text", present.Clean(d))
	}
	return date
}

// bothSides is what get reads from each side's manifest: once where
// they agree (or the baseline's is empty), "baseline's → candidate's"
// where they differ.
func (v *view) bothSides(get func(analyze.Meta) string) string {
	o, n := get(v.C.Old.Meta), get(v.C.New.Meta)
	if o == n || o == "" {
		return n
	}
	if n == "" {
		n = "–"
	}
	return o + " → " + n
}

// Model is the model served, escaped; "a → b" where the sides differ.
func (v *view) Model() string {
	return v.bothSides(func(m analyze.Meta) string { return present.ModelLine(v.loc, m, render.Escape) })
}

// Platform is the test platform, escaped; "a → b" where the sides
// differ.
func (v *view) Platform() string {
	return v.bothSides(func(m analyze.Meta) string { return render.Escape(m.Platform.In(v.loc.Lang)) })
}

// Text returns a manifest text (the candidate's) in the edition's
// language, escaped.
func (v *view) Text(t analyze.Text) string { return render.Escape(t.In(v.loc.Lang)) }

// Date is the edition's date: the candidate's report date.
func (v *view) Date() string { return v.loc.Month(v.C.New.Meta.Date) }

// Threshold is the comparison's threshold as a percentage: "5%", "%5".
func (v *view) Threshold() string {
	return v.loc.T("percent", "N", present.Seconds(v.loc, v.C.ThresholdPct))
}

// Alpha is the significance level: "0.05", "0,05".
func (v *view) Alpha() string { return v.loc.Num(v.C.Alpha, 2) }

// Stat is the headline statistic in running text: "P90", "mean".
func (v *view) Stat() string { return v.loc.T("statw_" + string(v.C.Percentile)) }

// HasCharts reports whether the edition shows charts.
func (v *view) HasCharts() bool { return len(v.charts) > 0 }

// name is a configuration's display name in the edition's language,
// escaped: of the candidate's side where it has the id, else the
// baseline's, else the id.
func (v *view) name(id string, candidate bool) string {
	rs := []*analyze.Report{v.C.Old, v.C.New}
	if candidate {
		rs[0], rs[1] = rs[1], rs[0]
	}
	for _, r := range rs {
		if c, ok := r.Config(id); ok {
			return render.Escape(c.Name.In(v.loc.Lang))
		}
	}
	return render.Escape(id)
}

// configName names a matched configuration: the candidate's name, or
// "baseline's → candidate's" where they differ.
func (v *view) configName(cf compare.Config) string {
	o, n := render.Escape(cf.Old.Name.In(v.loc.Lang)), render.Escape(cf.New.Name.In(v.loc.Lang))
	if o == n || o == "" {
		return n
	}
	return o + " → " + n
}

// isLevel reports whether metric m is measured per level (not a
// capacity or throughput per GPU).
func isLevel(m compare.Metric) bool {
	_, ok := present.Of(analyze.MetricID(m))
	return ok
}

// metricName names a delta's metric and statistic in a sentence: "P90
// TTFT", "mean per-user TPS", "system throughput", "C_max (P90)",
// "users at C_max (P90)", "output per GPU at 20 tok/s per user".
func (v *view) metricName(d compare.Delta) string {
	if look, ok := present.Of(analyze.MetricID(d.Metric)); ok {
		if d.Stat == "" {
			return v.loc.T("mname_" + look.Stem)
		}
		return v.loc.T("mname_"+look.Stem, "Stat", v.loc.T("statw_"+string(d.Stat)))
	}
	switch d.Metric {
	case compare.TPSPerGPU:
		return v.loc.T("compare_metric_tps_per_gpu", "Target", v.loc.Num(v.C.Target, 0))
	case compare.CapacityUsers:
		return v.loc.T("compare_metric_capacity_users", "Stat", v.loc.T("statw_"+string(d.Stat)))
	}
	return v.loc.T("compare_metric_capacity_load", "Stat", v.loc.T("statw_"+string(d.Stat)))
}

// what names a delta with its level: "P90 TTFT (c=8)", "C_max (P90)".
func (v *view) what(d compare.Delta) string {
	if d.Load == nil {
		return v.metricName(d)
	}
	return v.metricName(d) + " (" + v.loc.At(*d.Load) + ")"
}

// unit is the unit a delta's values are in, as a sentence writes it
// after a number ("ms", "tok/s", tr "istek/s"); "" for counts.
func (v *view) unit(m compare.Metric) string {
	if look, ok := present.Of(analyze.MetricID(m)); ok {
		return v.loc.T("unit_word_" + look.UnitID())
	}
	switch {
	case m == compare.TPSPerGPU:
		return v.loc.T("unit_word_tps")
	case m == compare.CapacityLoad && v.C.Axis == analyze.AxisRate:
		return v.loc.T("unit_word_rps")
	}
	return ""
}

// Estimated is the line that says what ≈ marks, where some value
// compared is an estimate on a side (compare's Delta.OldEstimated,
// NewEstimated); "" otherwise.
func (v *view) Estimated() string {
	if !v.C.AnyEstimated() {
		return ""
	}
	return v.loc.T("compare_estimated_mark", "Mark", present.EstimatedMark)
}

// value writes one side's value of a delta: with the metric's decimals,
// a capacity as its level (∞ for an unbounded rate), users as a count,
// "≥ " before a lower bound, "≈ " before an estimate (est: a mean
// latency the side's file does not give, or users counted from one),
// "–" when absent.
func (v *view) value(m compare.Metric, x float64, atLeast, est bool) string {
	var s string
	switch {
	case math.IsNaN(x):
		return "–"
	case m == compare.CapacityLoad:
		s = v.loc.Load(analyze.Load(x))
	case m == compare.CapacityUsers:
		s = v.loc.Int(int(x))
	case m == compare.TPSPerGPU:
		s = v.loc.Num(x, 0)
	default:
		s = v.loc.Num(x, present.MustOf(analyze.MetricID(m)).Dec)
	}
	if est {
		s = present.EstimatedText(s)
	}
	if atLeast {
		return "≥ " + s
	}
	return s
}

// change writes a delta's change in percent with its sign: "+10.3%",
// "−%43,6"; "≥ +100.0%" where the candidate's value is a lower bound
// (the baseline's: "≤"); "–" where it has none (a value absent, a
// change from zero, two lower bounds, a lower bound equal to the other
// side's value: a change of at least nothing).
func (v *view) change(d compare.Delta) string {
	if math.IsNaN(d.DeltaPct) || math.IsInf(d.DeltaPct, 0) || d.OldAtLeast && d.NewAtLeast {
		return "–"
	}
	r := math.Round(math.Abs(d.DeltaPct)*10) / 10
	bound := ""
	switch {
	case (d.NewAtLeast || d.OldAtLeast) && r == 0:
		return "–"
	case d.NewAtLeast:
		bound = "≥ "
	case d.OldAtLeast:
		bound = "≤ "
	}
	return bound + v.signedPct(d.DeltaPct, 1)
}

// signedPct writes a change in percent with its sign, rounded to dec
// decimals: "+10.3%", "−%43,6", "0.0%".
func (v *view) signedPct(pct float64, dec int) string {
	p := math.Pow10(dec)
	r := math.Round(math.Abs(pct)*p) / p
	sign := ""
	switch {
	case r == 0:
	case pct < 0:
		sign = "−"
	default:
		sign = "+"
	}
	return sign + v.loc.Pct(r/100, dec)
}

// pValue writes a p-value: "p = 0.006", "p < 0.001".
func (v *view) pValue(p float64) string {
	if p < 0.001 {
		return v.loc.T("compare_p_below", "P", v.loc.Num(0.001, 3))
	}
	return v.loc.T("compare_p_equal", "P", v.loc.Num(p, 3))
}

// testShort is how a delta's significance was judged, as a table cell:
// "Welch p < 0.001", "quantile p = 0.006", "runs 3/3", "no test". It
// reads the delta's test alone: a delta with no test never shows a
// p-value, whatever else it holds.
func (v *view) testShort(d compare.Delta) string {
	switch d.Test {
	case compare.TestWelch, compare.TestQuantile:
		return v.loc.T("compare_sig_test", "Test", v.loc.T("compare_test_short_"+string(d.Test)), "P", v.pValue(d.PValue))
	case compare.TestRuns:
		return v.loc.T("compare_sig_runs", "N", d.NOld, "M", d.NNew)
	}
	return v.loc.T("compare_sig_none")
}

// evidence is what a delta's judgement rests on, as a cell of the
// headline tables adds it: its own test ("Welch p < 0.001"), or, with
// none, what confirmed it ("across levels", "as TPS", "at c=32"); ""
// for a delta with no test that nothing confirmed (its judgement says
// so).
func (v *view) evidence(d compare.Delta) string {
	if d.Test != compare.TestNone {
		return v.testShort(d)
	}
	switch d.ConfirmedBy {
	case compare.ConfirmedByLevels:
		return v.loc.T("compare_ev_levels")
	case compare.ConfirmedBySameMeasure:
		return v.loc.T("compare_ev_same")
	case compare.ConfirmedByLevel:
		if d.ConfirmedAt != nil {
			return v.loc.T("compare_ev_level", "At", v.loc.At(*d.ConfirmedAt))
		}
	}
	return ""
}

// testLong is how a delta was judged, in a sentence: "Welch's t, p <
// 0.001", "quantile test, p = 0.004" (the headline section and the
// method name each test in full); "runs test (3 and 3 runs): the 95% intervals are
// apart"; with no test of its own, what confirmed it ("confirmed across
// levels", "as TPS at this level; one measurement", "confirmed at
// c=32"), that nothing did ("unconfirmed: no test, no trend; not
// counted"), or why it has none ("no test: one value per side").
func (v *view) testLong(d compare.Delta) string {
	switch d.Test {
	case compare.TestWelch, compare.TestQuantile:
		return v.loc.T("compare_test_p", "Test", v.loc.T("compare_test_brief_"+string(d.Test)), "P", v.pValue(d.PValue))
	case compare.TestRuns:
		id := "compare_test_runs_overlap"
		if d.Significant {
			id = "compare_test_runs_apart"
		}
		return v.loc.T(id, "N", d.NOld, "M", d.NNew)
	}
	switch {
	case d.ConfirmedBy == compare.ConfirmedByLevels:
		return v.loc.T("compare_confirmed_levels")
	case d.ConfirmedBy == compare.ConfirmedBySameMeasure:
		return v.loc.T("compare_confirmed_same")
	case d.ConfirmedBy == compare.ConfirmedByLevel && d.ConfirmedAt != nil:
		return v.loc.T("compare_confirmed_level", "At", v.loc.At(*d.ConfirmedAt))
	case d.Unconfirmed:
		return v.loc.T("compare_unconfirmed")
	}
	return v.loc.T("compare_sig_none_why", "Why", v.whyNoTest(d))
}

// whyNoTest says why a delta has no test: one value per side (a
// capacity, a throughput), one summary per side, or the reason the
// model gives.
func (v *view) whyNoTest(d compare.Delta) string {
	switch {
	case !isLevel(d.Metric), d.Metric == compare.Metric(analyze.SystemRPS), d.Metric == compare.Metric(analyze.AggregateTPS):
		return v.loc.T("compare_why_one_value")
	case d.Reason == "" || d.Change == compare.Unknown:
		return v.loc.T("compare_why_summary")
	}
	return v.loc.T("compare_why_"+d.Reason, "N", compare.MinRuns)
}

// The reasons a change does not count (sameWhy).
const (
	sameWithin      = "within"
	sameNotSig      = "not_significant"
	sameOpposite    = "opposite"
	sameUnconfirmed = "unconfirmed"
)

// sameWhy is why a delta that does not count does not: within the
// threshold; beyond it, but with no test of its own and nothing that
// confirms it; its own test is not significant; or (the quantile test)
// its p is below α but the requests above the pooled percentile moved
// against the way the statistic did.
func (v *view) sameWhy(d compare.Delta) string {
	switch {
	case !d.Beyond || d.Direction == "equal":
		return sameWithin
	case d.Unconfirmed || d.Test == compare.TestNone:
		return sameUnconfirmed
	case d.Test == compare.TestQuantile && d.PValue < v.C.Alpha:
		return sameOpposite
	}
	return sameNotSig
}

// changeShort is a delta's judgement as a table cell: "better",
// "worse", "~ under 5%", "~ not significant", "~ unconfirmed", "? lower
// bound".
func (v *view) changeShort(d compare.Delta) string {
	switch d.Change {
	case compare.Improved:
		return v.loc.T("compare_change_better")
	case compare.Regressed:
		return v.loc.T("compare_change_worse")
	case compare.Unchanged:
		return v.loc.T("compare_same_"+v.sameWhy(d), "Pct", v.Threshold())
	}
	return v.loc.T("compare_unknown_" + unknownReason(d.Reason))
}

// unknownReason is the reason a delta cannot be told, as its messages
// name it.
func unknownReason(r string) string {
	switch r {
	case "both_lower_bounds", "lower_bound", analyze.ReasonAboveMeasured, analyze.ReasonBelowMeasured:
		return r
	}
	return "absent"
}

// deltaPhrase is a delta in a sentence: "P90 TTFT (c=8): 253.9 →
// 143.2 ms (−43.6%; quantile test of that percentile (Fisher's exact),
// p < 0.001)".
func (v *view) deltaPhrase(d compare.Delta) string {
	unit := v.unit(d.Metric)
	if unit != "" {
		unit = " " + unit
	}
	return v.loc.T("compare_delta", "What", v.what(d), "Old", v.value(d.Metric, d.Old, d.OldAtLeast, d.OldEstimated),
		"New", v.value(d.Metric, d.New, d.NewAtLeast, d.NewEstimated), "Unit", unit, "Change", v.change(d), "Test", v.testLong(d))
}

// number writes a setting of compare.Difference (a number as text) in
// the locale's form; "" stays "".
func (v *view) number(s string, dec int) string {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return s
	}
	return v.loc.Num(x, dec)
}
