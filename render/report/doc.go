// Package report is the report of one analysis as a document the edition
// engine renders (render.New(report.New(r), opt)): its Markdown from the
// templates of templates/report/, each section's template seeing only its
// sub-view, its charts (render/chart) and its cover. Every sentence of a
// finding or an anomaly is written here, from analyze's typed model,
// through the locale's messages.
//
//	document.go       Document, New: the report as a render.Document
//	subviews.go       what each section's template sees
//	view.go           the view: shared words, names, statistics, charts
//	view_setup.go     setup tables: parameters, definitions, SLOs, model card
//	view_results.go   result tables: overview, per metric, speedups, rates
//	view_capacity.go  SLO matrix, capacity and goodput tables
//	view_efficiency.go throughput per GPU and cost
//	view_energy.go    the energy section, the cost table's extra columns, the energy findings
//	whatif.go         the HTML page's what-if view: its data, words, cells
//	                  and controls (templates/report/whatif.*)
//	view_appendix.go  the appendix: every level of every config
//	configdiff.go     the side-by-side table of differing server options
//	command.go        deployment commands packed for the appendix
//	findings.go       phrasers: a row per kind of finding (its phrase, its messages)
//	sections.go       section findings and the scenario table, worded
//	phrases.go        key findings, speedup and capacity lines, worded
//	conclusions.go    how conclusions are worded: statistics, ties, bounds, margins
//	summary.go        the verdict, the key findings and the caveat
//	anomalies.go      anomaly notes: a phraser per kind of anomaly
//	warnings.go       input warnings as the report prints them
package report
