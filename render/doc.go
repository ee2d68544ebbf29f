// Package render turns an analyze.Report into the report's editions:
// Markdown (the source), and HTML and PDF derived from it, each localized.
// It knows nothing of input formats: a *analyze.Report and Options are
// all it takes (it never imports ingest).
//
// An edition is made once (NewEdition: the locale loaded once, the charts
// drawn, the Markdown rendered from the templates and parsed once); HTML
// and PDF are both derived from that one Markdown tree.
//
//	edition.go        Options, Format, Edition, NewEdition; the goldmark setup
//	markdown.go       the templates run; tidy; Markdown escaping (Escape, Code)
//	outline.go        heading and figure numbers, the table of contents: one
//	                  pass over the Markdown tree after the templates ran
//	tags.go           the goldmark transformer that tags figures, captions,
//	                  labels and SLO cells once (render/mdast) for HTML and PDF
//	ids.go            heading anchors (any Latin letter folded to its base)
//	html.go           the self-contained HTML page
//	pdfedition.go     the PDF: the edition's assets for render/pdf
//	unprintable.go    what the embedded fonts cannot draw, right-to-left text
//	subviews.go       what each section's template sees
//	view.go           the view: shared words, names, statistics, charts
//	view_setup.go     setup tables: parameters, definitions, SLOs, model card
//	view_results.go   result tables: overview, per metric, speedups, rates
//	view_capacity.go  SLO matrix, capacity and goodput tables
//	view_appendix.go  the appendix: every level of every config
//	configdiff.go     the side-by-side table of differing server options
//	findings.go       phrasers: a row per kind of finding (its phrase, its messages)
//	sections.go       section findings and the scenario table, worded
//	phrases.go        key findings, speedup and capacity lines, worded
//	conclusions.go    the conclusion's lines and the scorecard
//	anomalies.go      anomaly notes: a phraser per kind of anomaly
//	warnings.go       input warnings as the report prints them
//
// The comparison edition (reportgen compare) is made the same way from a
// compare.Comparison (NewComparison), through the same page, PDF layout,
// cover and footer, from its own templates (templates/compare*.tmpl):
//
//	comparison.go     ComparisonEdition, NewComparison; its cover
//	cmpsubviews.go    what each of its templates sees
//	cmpview.go        its shared words: sides, values, changes, tests
//	cmpverdict.go     the verdict, what differs and what was not compared
//	cmptables.go      the headline tables, every change, the method
//
// The sub-packages: chart (the eleven charts, and a comparison's), pdf (the PDF layout engine,
// which knows the Markdown tree and its Assets only), locale (messages,
// numbers and dates per language), present (how each metric is shown:
// name, unit, axis, decimals) and mdast (the tags on the Markdown tree).
package render
