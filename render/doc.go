// Package render is the edition engine: it makes the editions of a
// document, Markdown (the source) and HTML and PDF derived from it, each
// localized. A document is anything that implements Document: the
// report of an analysis (render/report) or the comparison of two
// (render/comparison); the engine knows neither, and branches on
// neither. It knows nothing of input formats either (it never imports
// ingest).
//
// An edition is made once (New: the document's locale loaded once, its
// charts drawn, its Markdown written from its templates, numbered and
// parsed once); HTML and PDF are both derived from that one Markdown
// tree, with the same page, fonts, cover layout and footer for every
// document.
//
//	document.go       Document, what the engine asks of a document: its
//	                  locale, charts, Markdown (from a Source) and Cover
//	edition.go        Options, Format, Edition, New; the goldmark setup
//	markdown.go       a document's templates run (Execute, Funcs, Figure);
//	                  tidy; Markdown escaping (Escape, Code, Fenced, Table)
//	outline.go        heading and figure numbers, the table of contents, the
//	                  chart index, cross-references (Ref): one pass over the
//	                  Markdown tree after the templates ran
//	tags.go           the goldmark transformer that tags figures, captions,
//	                  labels and SLO cells once (render/mdast) for HTML and PDF
//	ids.go            heading anchors (any Latin letter folded to its base)
//	html.go           the self-contained HTML page
//	interactive.go    what an Interactive document adds to its page:
//	                  controls, data, one script (by its hash), cells'
//	                  attributes
//	pdfedition.go     the PDF: the edition's assets for render/pdf
//	unprintable.go    what the embedded fonts cannot draw, right-to-left text
//
// The documents are packages of their own, each with its templates in a
// folder of its own (templates/report/, templates/compare/; the partials
// in templates/partials.tmpl are shared): report (the report of one
// analysis) and comparison (reportgen compare). The other sub-packages:
// chart (the report's charts and a comparison's), pdf (the PDF layout
// engine, which knows the Markdown tree and its Assets only), locale
// (messages, numbers and dates per language), present (how each metric
// is shown: name, unit, axis, decimals; the model line) and mdast (the
// tags on the Markdown tree).
package render
