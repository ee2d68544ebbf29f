// Package comparison is the comparison of two analyses (reportgen
// compare) as a document the edition engine renders
// (render.New(comparison.New(c), opt)): the verdict, what differs, the
// headline changes, the overlay charts and the delta heat map, every
// change in the appendix and the method, from the templates of
// templates/compare/, with a report's page, fonts, cover layout and
// footer.
//
// Page 2 says, per configuration, what changed and what to do: its
// confirmed headline changes one measurement and statistic at a time,
// as a range over their levels with what confirmed them (a test, the
// sign test across levels, the TPS of the same level, the level that
// bounds a capacity), what nothing confirmed, and an action.
//
//	document.go       Document, New: the comparison as a render.Document; its cover
//	subviews.go       what each of its templates sees
//	view.go           its shared words: titles, sides, values, changes, tests
//	verdict.go        the verdict: overall, one run per side, the table of what changed
//	summary.go        what changed, in words: groups of changes, ranges, levels, actions
//	scope.go          what differs, pairings, one-sided configurations, notes, what was not compared
//	tables.go         the headline tables and their trends, the method, the sources
//	appendix.go       Appendix A: every change, one table per config and metric group
package comparison
