package render

import (
	"bytes"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/signintech/gopdf"
	"github.com/yuin/goldmark/ast"

	"github.com/openzeka/reportgen/render/present"
)

// PDFOptions are what the PDF needs beyond the edition.
type PDFOptions struct {
	// Logo is the manifest's logo (PNG or JPEG), drawn on the cover.
	Logo []byte
}

// PDF lays the edition out on A4: a cover page, a table of contents with
// page numbers and links, every section from the same Markdown tree as
// the HTML, a running header with the title, "Page n / N" footers, and
// an outline (bookmarks) of every section. The same input gives the same
// bytes: the creation date is the report's date.
//
// PDF refuses, before laying anything out, a logo that is not a PNG or
// JPEG image or has more than MaxLogoPixels pixels, and charts drawn
// without their PNG (chart.Options.PNG).
func (e *Edition) PDF(opt PDFOptions) ([]byte, error) {
	logo, err := prepareLogo(opt.Logo)
	if err != nil {
		return nil, err
	}
	for _, name := range slices.Sorted(maps.Keys(e.charts)) {
		if e.charts[name].PNG == nil {
			return nil, fmt.Errorf("pdf: chart %s was drawn without its PNG", e.charts[name].Name)
		}
	}
	pdf := &gopdf.GoPdf{}
	pdf.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4, Unit: gopdf.UnitPT})
	if err := registerFonts(pdf); err != nil {
		return nil, fmt.Errorf("pdf fonts: %w", err)
	}
	title := e.title()
	meta := e.Report.Meta
	pdf.SetInfo(gopdf.PdfInfo{
		Title:        title,
		Author:       present.Clean(meta.PreparedBy.In(e.Lang)),
		Subject:      e.loc.T("pdf_subject"),
		Creator:      "reportgen",
		Producer:     "reportgen",
		CreationDate: meta.Date,
	})

	// Lay the content out first: the table of contents needs its page
	// numbers, and the footers the page count.
	l := newLayout(pdf, e.Markdown, e.charts)
	l.blocks(contentStart(e.root))
	toc := l.headings
	tocPages := tocPageCount(len(toc))
	first := 1 + tocPages // pages before the content
	total := first + len(l.pages)

	e.cover(pdf, title, logo)
	// The running header: the title, cut to one line once for all pages.
	header := fitText(l, title, headerStyle, pageW-2*marginX)
	e.tocPages(pdf, l, toc, first, tocPages, total, header)
	var outline gopdf.OutlineNodes
	var parent *gopdf.OutlineNode
	for i, ops := range l.pages {
		pdf.AddPage()
		e.furniture(pdf, l, header, first+i+1, total)
		for _, o := range ops {
			if err := o(pdf); err != nil {
				return nil, fmt.Errorf("pdf page %d: %w", first+i+1, err)
			}
		}
		for _, h := range toc {
			if h.page != i || h.level > 3 {
				continue
			}
			pdf.SetXY(marginX, h.y)
			if h.id != "" {
				pdf.SetAnchor(h.id)
			}
			pdf.SetXY(marginX, h.y-20+8)
			node := &gopdf.OutlineNode{Obj: pdf.AddOutlineWithPosition(h.text)}
			if h.level <= 2 || parent == nil {
				outline = append(outline, node)
				parent = node
			} else {
				parent.Children = append(parent.Children, node)
			}
		}
	}
	linkOutline(outline)
	var buf bytes.Buffer
	if _, err := pdf.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("pdf: %w", err)
	}
	return buf.Bytes(), nil
}

// linkOutline nests the outline: gopdf chains every entry at the top
// level as it is added; this links each section's subsections under it.
// (gopdf's own OutlineNodes.Parse mislinks the top level.)
func linkOutline(top gopdf.OutlineNodes) {
	for i, n := range top {
		prev, next := -1, -1
		if i > 0 {
			prev = top[i-1].Obj.GetIndex()
		}
		if i < len(top)-1 {
			next = top[i+1].Obj.GetIndex()
		}
		n.Parse() // children: first/last, prev/next, parent
		n.Obj.SetPrev(prev)
		n.Obj.SetNext(next)
	}
}

// contentStart is the first node after the title block and the Markdown
// table of contents (the first level-2 heading and its list), which the
// PDF replaces with its cover and its own contents pages.
func contentStart(root ast.Node) ast.Node {
	seen := 0
	for n := root.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && h.Level == 2 {
			seen++
			if seen == 2 {
				return n
			}
		}
	}
	return root.FirstChild()
}

// Contents page geometry.
const (
	tocLine = 14.5
	tocTop  = marginTop + 40
)

// tocLines is how many entries one contents page holds.
var tocLines = int(math.Floor(float64(pageH-marginBot-tocTop) / tocLine))

func tocPageCount(entries int) int {
	if entries == 0 {
		return 1
	}
	return (entries + tocLines - 1) / tocLines
}

// coverField is one labelled value of the cover.
type coverField struct{ label, value string }

// coverFields are the cover's labelled values below the title, in the
// edition's language, as valid UTF-8.
func (e *Edition) coverFields() []coverField {
	meta := e.Report.Meta
	var rows []coverField
	if model := modelLine(e.loc, meta, present.Clean); model != "" {
		rows = append(rows, coverField{e.loc.T("model"), model})
	}
	if p := meta.Platform.In(e.Lang); p != "" {
		rows = append(rows, coverField{e.loc.T("platform"), p})
	}
	rows = append(rows, coverField{e.loc.T("report_date"), e.loc.Month(meta.Date)})
	if p := meta.PreparedBy.In(e.Lang); p != "" {
		rows = append(rows, coverField{e.loc.T("prepared_by"), p})
	}
	for i := range rows {
		rows[i].value = present.Clean(rows[i].value)
	}
	return rows
}

// subtitle is the manifest's subtitle in the edition's language.
func (e *Edition) subtitle() string { return present.Clean(e.Report.Meta.Subtitle.In(e.Lang)) }

// The most lines the cover gives the title and the subtitle; a longer
// one ends its last line in an ellipsis.
const (
	coverTitleLines    = 6
	coverSubtitleLines = 4
)

// cover draws the title page.
func (e *Edition) cover(pdf *gopdf.GoPdf, title string, logo *coverLogo) {
	pdf.AddPage()
	l := &layout{pdf: pdf, measured: map[string]float64{}, left: marginX, width: pageW - 2*marginX}
	l.newPage()
	_ = fillRect(0, 0, pageW, 10, pdfAccent)(pdf)
	_ = fillRect(0, 0, 10, pageH, pdfAccent)(pdf)
	if logo != nil {
		if holder, err := gopdf.ImageHolderByBytes(logo.data); err == nil {
			_ = pdf.ImageByHolder(holder, pageW-marginX-logo.w, 50, &gopdf.Rect{W: logo.w, H: logo.h})
		}
	}
	y := 250.0
	st := textStyle{size: 26, bold: true, color: pdfAccent}
	for _, line := range l.wrapAtMost(title, st, l.width, coverTitleLines) {
		l.drawLine(line, marginX, y, l.width, st.size, 'l')
		y += st.size * 1.25
	}
	if s := e.subtitle(); s != "" {
		y += 6
		sub := textStyle{size: 14, color: pdfMuted}
		for _, line := range l.wrapAtMost(s, sub, l.width, coverSubtitleLines) {
			l.drawLine(line, marginX, y, l.width, sub.size, 'l')
			y += sub.size * 1.35
		}
	}
	y += 24
	label := textStyle{size: 10, bold: true, color: pdfMuted}
	value := textStyle{size: 11, color: pdfInk}
	for _, r := range e.coverFields() {
		l.add(strokeLine(marginX, y, pageW-marginX, y, 0.5, pdfRule))
		key := e.loc.Upper(r.label)
		l.drawLine(textLine{words: []word{{pieces: []run{{text: key, st: label}}, w: l.measure(key, label)}}}, marginX, y+8, 140, label.size, 'l')
		vy := y + 7
		for _, line := range l.wrapAtMost(r.value, value, l.width-150, 3) {
			l.drawLine(line, marginX+150, vy, l.width-150, value.size, 'l')
			vy += value.size * 1.4
		}
		y = math.Max(y+28, vy+8)
	}
	l.add(strokeLine(marginX, y, pageW-marginX, y, 0.5, pdfRule))
	for _, o := range l.pages[0] {
		_ = o(pdf)
	}
}

// wrapAtMost wraps s in style st to width in at most n lines; when it
// needs more, the last line holds the rest of the text cut to fit with
// an ellipsis.
func (l *layout) wrapAtMost(s string, st textStyle, width float64, n int) []textLine {
	lines := l.wrap([]run{{text: s, st: st}}, width)
	if len(lines) <= n {
		return lines
	}
	// The pieces of the lines kept are s's text in order: skip them to
	// find where the n-th line starts.
	pos := 0
	for _, line := range lines[:n-1] {
		for _, w := range line.words {
			for _, p := range w.pieces {
				if i := strings.Index(s[pos:], p.text); i >= 0 {
					pos += i + len(p.text)
				}
			}
		}
	}
	last := fitText(l, strings.TrimLeft(s[pos:], " "), st, width)
	return append(lines[:n-1], textLine{words: []word{{pieces: []run{{text: last, st: st}}, w: l.measure(last, st)}}, w: l.measure(last, st)})
}

// tocPages draws the contents: one line per section, dotted to its page
// number, the whole line a link to the section.
func (e *Edition) tocPages(pdf *gopdf.GoPdf, l *layout, toc []tocEntry, first, count, total int, header string) {
	tl := &layout{pdf: pdf, measured: l.measured, left: marginX, width: pageW - 2*marginX}
	for p := 0; p < count; p++ {
		pdf.AddPage()
		tl.pages = [][]op{nil}
		e.furniture(pdf, tl, header, p+2, total)
		if p == 0 {
			st := textStyle{size: 18, bold: true, color: pdfAccent}
			tl.drawLine(textLine{words: []word{{pieces: []run{{text: e.loc.T("toc_title"), st: st}}, w: tl.measure(e.loc.T("toc_title"), st)}}}, marginX, marginTop, tl.width, st.size, 'l')
		}
		y := tocTop
		for i := p * tocLines; i < len(toc) && i < (p+1)*tocLines; i++ {
			h := toc[i]
			st := textStyle{size: 10, color: pdfInk}
			indent := 0.0
			if h.level <= 2 {
				st.bold = true
			} else {
				indent = 16
				st.size = 9.5
			}
			num := strconv.Itoa(first + h.page + 1)
			numW := tl.measure(num, st)
			maxText := tl.width - indent - numW - 30
			text := fitText(tl, h.text, st, maxText)
			tw := tl.measure(text, st)
			tl.add(drawText(text, st, marginX+indent, y+st.size*1.02, tl))
			dots := textStyle{size: st.size, color: pdfRule}
			dotW := tl.measure(" .", dots)
			for x := marginX + indent + tw + 6; x+dotW < pageW-marginX-numW-4; x += dotW {
				tl.add(drawText(" .", dots, x, y+st.size*1.02, tl))
			}
			tl.add(drawText(num, st, pageW-marginX-numW, y+st.size*1.02, tl))
			if h.id != "" {
				id, ly := h.id, y
				tl.add(func(pdf *gopdf.GoPdf) error {
					pdf.AddInternalLink(id, marginX, ly, pageW-2*marginX, tocLine)
					return nil
				})
			}
			y += tocLine
		}
		for _, o := range tl.pages[0] {
			_ = o(pdf)
		}
	}
}

// fitText shortens s to the longest start that fits width with an
// ellipsis after it (at least one character). Widths only grow with
// the text, so the cut is found by binary search over the number of
// characters kept: a title of 100,000 characters costs some twenty
// measurements, not one per character.
func fitText(l *layout, s string, st textStyle, width float64) string {
	if l.measure(s, st) <= width {
		return s
	}
	r := []rune(s)
	cut := func(n int) string { return strings.TrimRight(string(r[:n]), " ") + "…" }
	lo, hi := 1, len(r)-1 // lo characters fit, or lo is 1; more than hi do not
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if l.measure(cut(mid), st) <= width {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return cut(lo)
}

// headerStyle is the style of the running header and the footer.
var headerStyle = textStyle{size: 8, color: pdfMuted}

// furniture draws the running header (header, the report title cut to
// one line) and the footer ("Page n / N") of a page after the cover.
func (e *Edition) furniture(pdf *gopdf.GoPdf, l *layout, header string, page, total int) {
	st := headerStyle
	ops := []op{
		drawText(header, st, marginX, 40, l),
		strokeLine(marginX, 46, pageW-marginX, 46, 0.5, pdfRule),
		strokeLine(marginX, pageH-44, pageW-marginX, pageH-44, 0.5, pdfRule),
	}
	label := e.loc.T("page_of", "N", strconv.Itoa(page), "Total", strconv.Itoa(total))
	ops = append(ops, drawText(label, st, pageW-marginX-l.measure(label, st), pageH-32, l))
	if d := e.loc.Month(e.Report.Meta.Date); d != "" {
		ops = append(ops, drawText(d, st, marginX, pageH-32, l))
	}
	for _, o := range ops {
		_ = o(pdf)
	}
}
