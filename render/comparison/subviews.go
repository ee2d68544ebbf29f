package comparison

import (
	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render"
)

// The comparison's templates see it through sub-views, as the report's
// do (render/report/subviews.go): each section's template is given a
// value whose methods are the shared vocabulary and what that section
// lays out, with the candidate's report (whose manifest gives the
// lead's fields) as the field R.

// vocabulary is what every comparison template may use.
type vocabulary interface {
	Text(t analyze.Text) string
	Date() string
	Threshold() string
	Alpha() string
	Stat() string
	HasCharts() bool
	Estimated() string
}

// verdictMethods are what the verdict (compare/verdict.tmpl) lays out.
type verdictMethods interface {
	vocabulary
	Overall() string
	OneRun() string
	Decisions() render.Table
	LeftOut() string
	Rule() string
}

// verdictView is the sub-view of the verdict (compare/verdict.tmpl).
type verdictView struct {
	R *analyze.Report
	verdictMethods
}

// scopeMethods are what the section on what differs
// (compare/scope.tmpl) lays out.
type scopeMethods interface {
	vocabulary
	Shared() string
	Differences() *render.Table
	Refusals() []string
	Pairings() []string
	OneSided() []oneSided
	UnmatchedLevels() []string
	Notes() []note
	AllCompared() bool
}

// scopeView is the sub-view of what differs (compare/scope.tmpl).
type scopeView struct {
	R *analyze.Report
	scopeMethods
}

// resultsMethods are what the headline changes and the charts
// (compare/results.tmpl) lay out.
type resultsMethods interface {
	vocabulary
	TestsHere() string
	Headlines() []entry
	Figures() []figure
}

// resultsView is the sub-view of the headline changes and the charts
// (compare/results.tmpl).
type resultsView struct {
	R *analyze.Report
	resultsMethods
}

// appendixMethods are what the appendix (compare/appendix.tmpl) lays
// out: every change, the method, the sources.
type appendixMethods interface {
	vocabulary
	AllChanges() allChanges
	ThresholdRule() string
	MinRuns() int
	RerunPct() string
	ManyTests() string
	Judged() render.Table
	Sources() render.Table
}

// appendixView is the sub-view of the appendix (compare/appendix.tmpl).
type appendixView struct {
	R *analyze.Report
	appendixMethods
}

// rootView is what compare.md.tmpl sees: the title block and the
// sections' sub-views.
type rootView struct {
	R *analyze.Report
	v *view
	vocabulary
}

// newRootView is the top of the comparison templates' view of v.
func newRootView(v *view) rootView { return rootView{R: v.C.New, v: v, vocabulary: v} }

// Title is the edition's title.
func (d rootView) Title() string { return d.v.Title() }

// Subtitle names the two sides.
func (d rootView) Subtitle() string { return d.v.Subtitle() }

// Sides are the two sides' dates and descriptions.
func (d rootView) Sides() []string { return d.v.Sides() }

// Model and Platform are the lead's model and platform, both sides'
// where they differ.
func (d rootView) Model() string { return d.v.Model() }

func (d rootView) Platform() string { return d.v.Platform() }

// Verdict is the sub-view of the verdict.
func (d rootView) Verdict() verdictView { return verdictView{d.R, d.v} }

// Scope is the sub-view of what differs.
func (d rootView) Scope() scopeView { return scopeView{d.R, d.v} }

// Results is the sub-view of the headline changes and the charts.
func (d rootView) Results() resultsView { return resultsView{d.R, d.v} }

// Appendix is the sub-view of the appendix.
func (d rootView) Appendix() appendixView { return appendixView{d.R, d.v} }
