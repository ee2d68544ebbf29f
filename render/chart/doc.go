// Package chart draws a report's standard charts with gonum/plot, in
// the edition's language, as PNG (Markdown, PDF) and SVG (HTML), and the
// charts of a comparison edition (DrawComparison).
//
//	chart.go     Draw, Chart, Options, Names; a figure's layout, titles, legends and encodings
//	defs.go      defs: the table of charts (name, caption, build); the line charts' builders
//	throughput.go capacity.go speedup.go heatmap.go dashboard.go pareto.go energy.go
//	             the builders of 05, 06, 08, 09, 10, 11 and 12 (with 11's own marks:
//	             the frontier's envelope, the shaded region, the crosses)
//	multiples.go small multiples: the panel groups past 16 configs
//	panel.go     panels, the log₂ load axis (∞ behind a break), linear and log value axes, series
//	style.go     the style rules: hue family per engine, shades, markers, dashes,
//	             reference lines, fonts, sizes, geometry
//	hline.go vline.go axisbreak.go errbars.go dots.go slogrid.go
//	             the custom plotters, one each
//	glyph.go     the series markers; glyphs.go the fast text path
//	pngenc.go    the PNG encoder (fast, deterministic)
//	compare.go   a comparison's charts (DrawComparison): per headline metric
//	             the baseline (lighter, dashed) and the candidate overlaid
//	deltagrid.go the comparison's delta heat map, coloured by better or
//	             worse for each metric
//
// A chart reads the report (analyze), the locale (render/locale) and how
// metrics are shown (render/present); it never reads the Markdown.
// Adding a chart: a line in defs and its builder, its title and caption
// messages in every locale, {{chart "NN-name"}} in a template, and its
// row in docs/output.md's chart table (TestChartsDocumented holds that
// table to defs, TestChartsPlaced the templates).
package chart
