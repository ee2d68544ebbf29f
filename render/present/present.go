// Package present says how render and its charts show the report's
// metrics: one table, by analyze.MetricID, of the words (message ids),
// unit and decimals of each, and the marks of a statistic that stands in
// for one a source lacks. Tables, sentences, the appendix and the charts
// all read it, so that a metric is named, rounded and marked the same
// way everywhere.
package present

import (
	"slices"

	"github.com/openzeka/reportgen/analyze"
)

// Look is how one metric is shown.
type Look struct {
	// Stem is the metric's part of its message ids: short_<stem> (column
	// heads), sec_<stem> (section and chart title), mname_<stem> (in a
	// sentence, with the statistic), metric_<stem>, unit_<stem> and
	// def_<stem> (the metrics table), row_<stem>_mean (the overview),
	// dash_<stem> (the dashboard tile).
	Stem string
	// Unit is the unit as printed after a value ("ms", "tok/s", "s",
	// "req/s"); its word in a sentence is unit_word_<UnitID>.
	Unit string
	// Axis is the message id of the unit on a chart's value axis.
	Axis string
	// Dec is the decimals a value is written with, in tables and
	// sentences alike.
	Dec int
}

// looks are the metrics' looks.
var looks = map[analyze.MetricID]Look{
	analyze.TTFT:         {Stem: "ttft", Unit: "ms", Axis: "axis_ms", Dec: 1},
	analyze.ITL:          {Stem: "itl", Unit: "ms", Axis: "axis_ms", Dec: 2},
	analyze.TPS:          {Stem: "tps", Unit: "tok/s", Axis: "axis_tps", Dec: 2},
	analyze.Latency:      {Stem: "latency", Unit: "s", Axis: "axis_s", Dec: 2},
	analyze.SystemRPS:    {Stem: "system_rps", Unit: "req/s", Axis: "axis_rps", Dec: 2},
	analyze.AggregateTPS: {Stem: "aggregate", Unit: "tok/s", Axis: "axis_tps", Dec: 0},
}

// Of is metric id's look; ok is false for a metric render does not show.
func Of(id analyze.MetricID) (Look, bool) {
	l, ok := looks[id]
	return l, ok
}

// MustOf is Of for the metrics the report always shows.
func MustOf(id analyze.MetricID) Look {
	l, ok := looks[id]
	if !ok {
		panic("present: no look for metric " + string(id))
	}
	return l
}

// UnitID names the unit in message ids: unit_word_<UnitID>.
func (l Look) UnitID() string {
	switch l.Unit {
	case "tok/s":
		return "tps"
	case "req/s":
		return "rps"
	}
	return l.Unit
}

// marks mark a stand-in statistic by the one asked for and the one
// shown: the median for a mean (†); for a P90, the stricter P99 of a
// time (‡), the slow tail P10 of a rate (§), else its median (¶).
var marks = map[[2]analyze.Statistic]string{
	{analyze.Mean, analyze.P50}: "†",
	{analyze.P90, analyze.P99}:  "‡",
	{analyze.P90, analyze.P10}:  "§",
	{analyze.P90, analyze.P50}:  "¶",
}

// Mark is the mark of statistic used shown in place of asked; "" when
// used is asked itself (or no stand-in render marks).
func Mark(asked, used analyze.Statistic) string { return marks[[2]analyze.Statistic{asked, used}] }

// EstimatedMark marks a mean latency the source does not state, estimated
// from the run's mean output length (analyze's Level.LatencyEstimated).
const EstimatedMark = "≈"

// EstimatedCell marks a table cell or a chart label that holds an
// estimate, as the stand-ins are marked: "2.58 ≈".
func EstimatedCell(cell string) string { return cell + " " + EstimatedMark }

// EstimatedText marks an estimate in running text, where the mark
// reads as "about": "≈ 2.58 s", "≈ 221".
func EstimatedText(text string) string { return EstimatedMark + " " + text }

// UsersEstimated reports whether capacity c's users in report r rest on
// an estimated mean latency (analyze's Capacity.UsersEstimated, at r's
// think time and axis).
func UsersEstimated(r *analyze.Report, c analyze.Capacity) bool {
	return c.UsersEstimated(r.Params.ThinkS, r.Axis)
}

// Estimated reports whether statistic st of metric id at l is an
// estimate: the mean latency of a level whose file gave none.
func Estimated(id analyze.MetricID, st analyze.Statistic, l analyze.Level) bool {
	return id == analyze.Latency && st == analyze.Mean && l.LatencyEstimated()
}

// Shown is the value shown for statistic st of metric id at l and the
// mark of the stand-in shown where the source lacks st (analyze's
// Stat.Shown), or of an estimate (EstimatedMark).
func Shown(id analyze.MetricID, st analyze.Statistic, l analyze.Level) (float64, string) {
	x, used := l.Stat(id).Shown(st, id.LowerIsBetter())
	if used == "" {
		if Estimated(id, st, l) {
			return x, EstimatedMark
		}
		return x, ""
	}
	return x, Mark(st, used)
}

// AnyEstimated reports whether some level of some config of r shows an
// estimated mean latency (EstimatedMark).
func AnyEstimated(r *analyze.Report) bool {
	return slices.ContainsFunc(r.Configs, func(c analyze.Config) bool {
		return slices.ContainsFunc(c.Levels, analyze.Level.LatencyEstimated)
	})
}

// StandsIn reports whether some level of some config of r shows the
// stand-in marked mark for statistic st of metric id.
func StandsIn(r *analyze.Report, id analyze.MetricID, st analyze.Statistic, mark string) bool {
	return slices.ContainsFunc(r.Configs, func(c analyze.Config) bool {
		return slices.ContainsFunc(c.Levels, func(l analyze.Level) bool {
			_, got := Shown(id, st, l)
			return got == mark
		})
	})
}
