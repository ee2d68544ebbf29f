package report

import (
	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render"
)

// The templates see the report through sub-views: each section's
// template is given a value whose methods are only the shared
// vocabulary and what that section lays out, so a template cannot reach
// into another section's tables, and what a section shows is listed in
// one place. A sub-view is a struct embedding an interface (its method
// set is the interface's, whatever *view has besides) with the report
// as the field R. The view implements every interface; the compiler
// checks that it does.

// vocabulary is what every section's template may use: the report's
// texts in the edition's language, names, the headline statistic and
// the SLO words.
type vocabulary interface {
	Text(t analyze.Text) string
	Raw(t analyze.Text) string
	Name(id string) string
	ConfigNames() string
	Model() string
	Date() string
	Note(section string) string
	Headline() string
	Other() string
	StatWord(p string) string
	StatName(pct string) string
	Tie() string
	TTFTLimit() string
	TPSLimit() string
	NoTPS() bool
	Think(id string) string
	HasUnreached() bool
	AllExports() bool
}

// summaryMethods are what the executive summary (summary.tmpl) lays out.
type summaryMethods interface {
	vocabulary
	Verdict() string
	VerdictCaveat() string
	SummaryFindings() []string
	Caveat() string
	FastTail() string
	KeyFindings() []string
	LevelGaps() string
	LevelList() string
	ScenarioTable() render.Table
	Unreached() string
}

// summaryView is the sub-view of the executive summary (summary.tmpl).
type summaryView struct {
	R *analyze.Report
	summaryMethods
}

// Summary is the sub-view of the executive summary (summary.tmpl).
func (d rootView) Summary() summaryView { return summaryView{d.R, d.v} }

// setupMethods are what the test setup: model, hardware, workload, metrics and SLOs (setup.tmpl) lays out.
type setupMethods interface {
	vocabulary
	SLOFastTail() string
	ScopeTable() *render.Table
	ParamTable() render.Table
	RateTable() *render.Table
	InfiniteRate() bool
	RateEstimated() bool
	SLOTable() render.Table
	Facts(fs []analyze.Fact, keyHead, valueHead string) render.Table
}

// setupView is the sub-view of the test setup: model, hardware, workload, metrics and SLOs (setup.tmpl).
type setupView struct {
	R *analyze.Report
	setupMethods
}

// Setup is the sub-view of the test setup: model, hardware, workload, metrics and SLOs (setup.tmpl).
func (d rootView) Setup() setupView { return setupView{d.R, d.v} }

// configsMethods are what the configurations and their commands (configs.tmpl) lays out.
type configsMethods interface {
	vocabulary
	ConfigDiff() *render.Table
	ConfigTable() render.Table
	HasCommands() bool
	HasConfigNotes() bool
}

// configsView is the sub-view of the configurations and their commands (configs.tmpl).
type configsView struct {
	R *analyze.Report
	configsMethods
}

// Configs is the sub-view of the configurations and their commands (configs.tmpl).
func (d rootView) Configs() configsView { return configsView{d.R, d.v} }

// resultsMethods are what the per-metric results, speculative decoding and the scorecard (results.tmpl) lays out.
type resultsMethods interface {
	vocabulary
	HasReportedRPS() bool
	HasSpeculative() bool
	HighLevel() analyze.Load
	LowLevel() analyze.Load
	HighLabel() string
	OverloadNote() string
	Overview(lc analyze.Load, withAggregate bool) render.Table
	OverviewStandsIn() bool
	LatencyEstimated() bool
	ScorecardTable() render.Table
	SectionFindings(section string) []string
	SpeedupLines() []string
	SpeedupTable() render.Table
	SpeedupTableNote() string
	UniformDef(metric string) string
	AggregateIntro() string
	SpeedupIntro() string
}

// resultsView is the sub-view of the per-metric results, speculative decoding and the scorecard (results.tmpl).
type resultsView struct {
	R *analyze.Report
	resultsMethods
}

// Results is the sub-view of the per-metric results, speculative decoding and the scorecard (results.tmpl).
func (d rootView) Results() resultsView { return resultsView{d.R, d.v} }

// capacityMethods are what SLO compliance and capacity (capacity.tmpl) lays out.
type capacityMethods interface {
	vocabulary
	SameCapacity() bool
	HasPareto() bool
	EfficiencyIntro() string
	EfficiencyTable() render.Table
	EfficiencyLines() []string
	HasCost() bool
	CostIntro() string
	CostTable() render.Table
	CostLines() []string
	HasEnergy() bool
	EnergyIntro() string
	EnergyTable() render.Table
	EnergyLevelTable() render.Table
	EnergyLines() []string
	CapacityLines() []string
	CapacityNotes(pct string) []string
	CapacityTable(pct string) render.Table
	GoodputTable() render.Table
	GoodputNote() string
	HasGoodput() bool
	SLOMatrix(pct string) render.Table
	SLOSubstitutes(pct string) []string
}

// capacityView is the sub-view of SLO compliance and capacity (capacity.tmpl).
type capacityView struct {
	R *analyze.Report
	capacityMethods
}

// Capacity is the sub-view of SLO compliance and capacity (capacity.tmpl).
func (d rootView) Capacity() capacityView { return capacityView{d.R, d.v} }

// conclusionMethods are what the conclusion (conclusion.tmpl) lays out.
type conclusionMethods interface {
	vocabulary
	ConclusionLines() []string
}

// conclusionView is the sub-view of the conclusion (conclusion.tmpl).
type conclusionView struct {
	R *analyze.Report
	conclusionMethods
}

// Conclusion is the sub-view of the conclusion (conclusion.tmpl).
func (d rootView) Conclusion() conclusionView { return conclusionView{d.R, d.v} }

// appendixMethods are what the appendix of all data (appendix.tmpl) lays out.
type appendixMethods interface {
	vocabulary
	HasReportedRPS() bool
	SLOMatrix(pct string) render.Table
	SLOSubstitutes(pct string) []string
	Appendix() []appendixEntry
	Command(c analyze.Config) string
	HasCommands() bool
	ModelFacts() render.Table
	HasP50() bool
	MetricDefs() render.Table
	LatencyEstimated() bool
	DefinitionTable() *render.Table
	ToolsAlike() string
	DefinitionWarnings() []string
	WorkloadTable() render.Table
	HasBounds() bool
	AnomalyLines() []string
	Consistency() string
	Warnings() []string
	FragileNote() string
}

// appendixView is the sub-view of the appendix of all data (appendix.tmpl).
type appendixView struct {
	R *analyze.Report
	appendixMethods
}

// Appendix is the sub-view of the appendix of all data (appendix.tmpl).
func (d rootView) Appendix() appendixView { return appendixView{d.R, d.v} }

// rootView is what report.md.tmpl sees: the title block and the
// sections' sub-views.
type rootView struct {
	R *analyze.Report
	v *view
	vocabulary
}

// Title is the report's title.
func (d rootView) Title() string { return d.v.Title() }

// newRootView is the top of the templates' view of v.
func newRootView(v *view) rootView { return rootView{R: v.R, v: v, vocabulary: v} }
