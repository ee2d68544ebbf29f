package render

import "github.com/openzeka/reportgen/analyze"

// The comparison's templates see it through sub-views, as the report's
// do (subviews.go): each section's template is given a value whose
// methods are the shared vocabulary and what that section lays out,
// with the candidate's report (whose manifest gives the lead's fields)
// as the field R.

// cmpVocabulary is what every comparison template may use.
type cmpVocabulary interface {
	Text(t analyze.Text) string
	Date() string
	Old() string
	New() string
	Threshold() string
	Alpha() string
	Stat() string
	HasCharts() bool
}

// cmpVerdictMethods are what the verdict (compare_verdict.tmpl) lays out.
type cmpVerdictMethods interface {
	cmpVocabulary
	Overall() string
	ConfigVerdicts() []string
	LeftOut() string
	Rule() string
}

// cmpVerdictView is the sub-view of the verdict (compare_verdict.tmpl).
type cmpVerdictView struct {
	R *analyze.Report
	cmpVerdictMethods
}

// cmpScopeMethods are what the section on what differs
// (compare_scope.tmpl) lays out.
type cmpScopeMethods interface {
	cmpVocabulary
	Shared() string
	Differences() *Table
	Refusals() []string
	UnmatchedConfigs() string
	UnmatchedLevels() []string
	AllCompared() bool
}

// cmpScopeView is the sub-view of what differs (compare_scope.tmpl).
type cmpScopeView struct {
	R *analyze.Report
	cmpScopeMethods
}

// cmpResultsMethods are what the headline changes and the charts
// (compare_results.tmpl) lay out.
type cmpResultsMethods interface {
	cmpVocabulary
	TestsHere() string
	Headlines() []cmpEntry
	Figures() []cmpFigure
}

// cmpResultsView is the sub-view of the headline changes and the charts
// (compare_results.tmpl).
type cmpResultsView struct {
	R *analyze.Report
	cmpResultsMethods
}

// cmpAppendixMethods are what the appendix (compare_appendix.tmpl) lays
// out: every change, the method, the sources.
type cmpAppendixMethods interface {
	cmpVocabulary
	AllChanges() cmpAll
	ThresholdRule() string
	MinRuns() int
	ManyTests() string
	Judged() Table
	Sources() Table
}

// cmpAppendixView is the sub-view of the appendix (compare_appendix.tmpl).
type cmpAppendixView struct {
	R *analyze.Report
	cmpAppendixMethods
}

// cmpDocument is what compare.md.tmpl sees: the title block and the
// sections' sub-views.
type cmpDocument struct {
	R *analyze.Report
	v *cmpView
	cmpVocabulary
}

// newCmpDocument is the top of the comparison templates' view of v.
func newCmpDocument(v *cmpView) cmpDocument { return cmpDocument{R: v.C.New, v: v, cmpVocabulary: v} }

// Title is the edition's title.
func (d cmpDocument) Title() string { return d.v.Title() }

// Subtitle names the two sides.
func (d cmpDocument) Subtitle() string { return d.v.Subtitle() }

// Model and Platform are the lead's model and platform, both sides'
// where they differ.
func (d cmpDocument) Model() string { return d.v.Model() }

func (d cmpDocument) Platform() string { return d.v.Platform() }

// Verdict is the sub-view of the verdict.
func (d cmpDocument) Verdict() cmpVerdictView { return cmpVerdictView{d.R, d.v} }

// Scope is the sub-view of what differs.
func (d cmpDocument) Scope() cmpScopeView { return cmpScopeView{d.R, d.v} }

// Results is the sub-view of the headline changes and the charts.
func (d cmpDocument) Results() cmpResultsView { return cmpResultsView{d.R, d.v} }

// Appendix is the sub-view of the appendix.
func (d cmpDocument) Appendix() cmpAppendixView { return cmpAppendixView{d.R, d.v} }
