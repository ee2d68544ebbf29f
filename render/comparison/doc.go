// Package comparison is the comparison of two analyses (reportgen
// compare) as a document the edition engine renders
// (render.New(comparison.New(c), opt)): the verdict, what differs, the
// headline changes, the overlay charts and the delta heat map, every
// change in the appendix and the method, from the templates of
// templates/compare/, with a report's page, fonts, cover layout and
// footer.
//
//	document.go       Document, New: the comparison as a render.Document; its cover
//	subviews.go       what each of its templates sees
//	view.go           its shared words: sides, values, changes, tests
//	verdict.go        the verdict, what differs and what was not compared
//	tables.go         the headline tables, every change, the method
//	appendix.go       Appendix A: every change, one table per config and metric group
package comparison
