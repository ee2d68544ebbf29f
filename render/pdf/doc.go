// Package pdf lays a Markdown tree out as an A4 PDF with signintech/gopdf:
// a cover, a linked table of contents with page numbers, the body with
// running header and page-numbered footers, and bookmarks.
//
// It knows the Markdown tree (goldmark's AST, tagged by render/mdast),
// the images by their link destination and a small [Assets] (title,
// cover, page label, unit words kept on their number's line); it knows
// nothing of reports, metrics or languages beyond what Assets says, and
// imports neither analyze nor ingest.
//
// The files:
//
//	write.go        Write and Assets: the two passes (measure, then draw with
//	                the contents' page numbers known), bookmarks
//	layout.go       the layout state: the page cursor, page breaks, the op list
//	flow.go         blocks in order: headings kept with what follows, the
//	                minimum height a block needs at a page's foot
//	wrap.go         line breaking: words, hyphen points, units glued to their
//	                number, widows and orphans
//	inline.go       a paragraph's inline runs (bold, italic, code, links)
//	table.go        GFM tables: column widths, header repeated after a break,
//	                SLO cell colours
//	media.go        images, lists and code blocks
//	cover.go        the cover page
//	contents.go     the contents pages and the header and footer of every page
//	style.go        colours, text styles, drawing ops
//	fonts.go        the embedded fonts, their coverage and fallback spans
//	logo.go         the cover logo: its checks and scaling
//	unprintable.go  the characters no embedded font can draw
package pdf
