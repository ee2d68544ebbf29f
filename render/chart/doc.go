// Package chart draws a report's ten standard charts with gonum/plot, in
// the edition's language, as PNG (Markdown, PDF) and SVG (HTML).
//
//	chart.go    Draw, Chart, Options, Names; a figure's layout, legend and encodings
//	defs.go     defs: the table of charts (name, caption, build) and their builders
//	panel.go    panels, the log₂ load axis, value axes, series, label wrapping
//	style.go    colours, series styles, fonts, sizes, geometry
//	hline.go vline.go bars.go errbars.go slogrid.go glyph.go
//	            the custom plotters and glyph, one each
//	pngenc.go   the PNG encoder (fast, deterministic)
//
// A chart reads the report (analyze), the locale (render/locale) and how
// metrics are shown (render/present); it never reads the Markdown.
// Adding a chart: a line in defs and its builder, its title and caption
// messages in every locale, and {{chart "NN-name"}} in a template.
package chart
