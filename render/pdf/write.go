package pdf

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/signintech/gopdf"
	"github.com/yuin/goldmark/ast"

	"github.com/openzeka/reportgen/render/mdast"
)

// Field is one labelled value of the cover.
type Field struct {
	// Label is drawn as given: the caller upper-cases it by the rules of
	// the document's language.
	Label string
	Value string
}

// Assets are what the PDF needs beyond the Markdown tree: the
// document's metadata and cover, the words of its page furniture, its
// images and logo, and the little language knowledge line breaking
// needs. Write knows nothing of reports; all of it comes from here.
type Assets struct {
	// Title heads the cover and the running header of every later page,
	// and is the document's title.
	Title string
	// Subtitle is drawn below the title on the cover; "" for none.
	Subtitle string
	// Author and Subject go into the document information.
	Author, Subject string
	// Date is the document's creation date. The same input gives the
	// same bytes: pass the report's date, not the clock.
	Date time.Time
	// DateText is the footer's date, at the left of every page after
	// the cover; "" for none.
	DateText string
	// Cover are the labelled values below the cover's title, in order.
	Cover []Field
	// Mark is drawn above the cover's title, and Footer in the middle of
	// every later page's footer: a confidentiality mark, a company name;
	// "" for none.
	Mark, Footer string
	// ContentsTitle heads the first contents page.
	ContentsTitle string
	// PageLabel is the footer's page label ("Page 3 / 12"), page and
	// total counting the cover; nil writes "3 / 12".
	PageLabel func(page, total int) string
	// Images are the PNG images by the Markdown image's link
	// destination ("charts/01-ttft.png"). An image missing here is
	// shown as its alternative text.
	Images map[string][]byte
	// Logo is a PNG or JPEG drawn at the cover's top right; nil for
	// none. Write refuses one that is no such image or has more than
	// MaxLogoPixels pixels (CheckLogo).
	Logo []byte
	// PageBefore says whether the level-2 heading titled title starts a
	// page of its own (the appendix's first); nil for none.
	PageBefore func(title string) bool
	// WideImage says whether the image at link destination dest is set
	// at the text's full width rather than figureWidth of it (a chart
	// whose text is small for its size); nil for none.
	WideImage func(dest string) bool
	// InContents says whether a level-3 heading titled title, under the
	// level-2 heading titled parent, has a line in the contents (the
	// bookmarks hold every heading of levels 1 to 3); nil lists them all.
	InContents func(title, parent string) bool
	// GlueUnits are the unit words that never start a line after their
	// number ("ms", "tok/s", "req/s"), as the document's language
	// writes them; trailing punctuation aside.
	GlueUnits []string
}

// Write lays the Markdown tree root (parsed from src) out on A4: a
// cover page, every block after the title block, a table of contents of
// levels 2 and 3 with page numbers and links in the place of the
// Markdown's own contents list (after the sections before it, see
// contentBlocks), a running header with the title, page-numbered
// footers, and an outline (bookmarks) of the headings of levels 1 to 3.
//
// Paragraphs, lists, code blocks, GFM tables and images are laid out
// from the tree; paragraphs marked mdast.Figure, mdast.Caption and
// mdast.Label and table cells of class slo-pass, slo-part and slo-fail
// are drawn as such. Write refuses, before laying anything out, a logo
// CheckLogo refuses.
func Write(root ast.Node, src []byte, a Assets) ([]byte, error) {
	logo, err := prepareLogo(a.Logo)
	if err != nil {
		return nil, err
	}
	pdf := &gopdf.GoPdf{}
	pdf.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4, Unit: gopdf.UnitPT})
	// Page content is short text commands: the fastest deflate shrinks
	// it nearly as well as the default (the PDFs grow by a few per cent)
	// at a fraction of the time, a tenth of a build's.
	pdf.SetCompressLevel(zlib.BestSpeed)
	if err := registerFonts(pdf); err != nil {
		return nil, fmt.Errorf("pdf fonts: %w", err)
	}
	pdf.SetInfo(gopdf.PdfInfo{
		Title:        a.Title,
		Author:       a.Author,
		Subject:      a.Subject,
		Creator:      "reportgen",
		Producer:     "reportgen",
		CreationDate: a.Date,
	})
	glue := make(map[string]bool, len(a.GlueUnits))
	for _, u := range a.GlueUnits {
		glue[u] = true
	}
	if a.PageLabel == nil {
		a.PageLabel = func(page, total int) string { return strconv.Itoa(page) + " / " + strconv.Itoa(total) }
	}

	// Lay the content out first: the table of contents needs its page
	// numbers, and the footers the page count. The contents pages go
	// where the Markdown has its contents list: after the sections
	// before it (an executive summary), which end their last page.
	l := newLayout(pdf, src, a.Images, glue)
	l.pageBefore = a.PageBefore
	l.wideImage = a.WideImage
	split := l.contentBlocks(root, a.ContentsTitle, len(inContents(headingsOf(root, src, a.ContentsTitle), a.InContents)))
	marks := headingsUpTo3(l.headings)
	toc := inContents(l.headings, a.InContents)
	tocPages := tocPageCount(len(toc))
	if l.toc != nil {
		if l.toc.entries != len(toc) {
			return nil, fmt.Errorf("pdf: contents of %d entries laid out for %d", len(toc), l.toc.entries)
		}
		tocPages, split = 0, len(l.pages)+1 // drawn on a body page: no pages of their own
	}
	total := 1 + tocPages + len(l.pages)
	// pageNo is the printed number of body page i: the cover is page 1,
	// the contents pages come before body page split.
	pageNo := func(i int) int {
		if i < split {
			return 2 + i
		}
		return 2 + tocPages + i
	}

	cover(pdf, glue, a, logo)
	// The running header: the title, cut to one line once for all pages.
	header := fitText(l, a.Title, headerStyle, pageW-2*marginX)
	var bookmarks outline
	for i, ops := range l.pages {
		if i == split {
			contents(pdf, l, a, toc, pageNo, 2+split, tocPages, total, header)
		}
		pdf.AddPage()
		furniture(pdf, l, a, header, pageNo(i), total)
		for _, o := range ops {
			if err := o(pdf); err != nil {
				return nil, fmt.Errorf("pdf page %d: %w", pageNo(i), err)
			}
		}
		if l.toc != nil {
			contentsAt(pdf, l, a, toc, pageNo, l.toc, i)
		}
		for _, h := range marks {
			if h.page == i {
				bookmarks.add(pdf, h)
			}
		}
	}
	if split == len(l.pages) {
		contents(pdf, l, a, toc, pageNo, 2+len(l.pages), tocPages, total, header)
	}
	linkOutline(bookmarks.top)
	var buf bytes.Buffer
	if _, err := pdf.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("pdf: %w", err)
	}
	return buf.Bytes(), nil
}

// headingsUpTo3 are the headings of levels 1 to 3: the bookmarks.
func headingsUpTo3(hs []tocEntry) []tocEntry {
	var out []tocEntry
	for _, h := range hs {
		if h.level <= 3 {
			out = append(out, h)
		}
	}
	return out
}

// inContents are the headings with a line in the contents: levels 1 and
// 2, and those of level 3 that keep (nil keeps all), asked with the
// title of the level-2 heading above them, but for those before the
// contents (the summary's subsections): the contents list what is ahead.
func inContents(hs []tocEntry, keep func(title, parent string) bool) []tocEntry {
	var out []tocEntry
	parent := ""
	for _, h := range hs {
		if h.level <= 2 {
			parent = h.text
		}
		if h.level < 3 || h.level == 3 && !h.beforeContents && (keep == nil || keep(h.text, parent)) {
			out = append(out, h)
		}
	}
	return out
}

// headingsOf are the headings contentBlocks will lay out, before it
// does: the contents must know their count to make room for them.
func headingsOf(root ast.Node, src []byte, contentsTitle string) []tocEntry {
	var out []tocEntry
	seen, past := false, false
	for n := root.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			continue
		}
		seen = seen || h.Level == 2
		text := mdast.PlainText(h, src)
		if h.Level == 2 && strings.TrimSpace(text) == contentsTitle {
			past = true
			continue
		}
		if seen {
			out = append(out, tocEntry{level: h.Level, text: text, beforeContents: !past})
		}
	}
	return out
}

// outline is the bookmarks as they are built: each level-2 heading at
// the top, the deeper ones under the last level-2 heading before them.
type outline struct {
	top    gopdf.OutlineNodes
	parent *gopdf.OutlineNode
}

// add anchors heading h on the current page (the contents link to it)
// and adds its bookmark.
func (b *outline) add(pdf *gopdf.GoPdf, h tocEntry) {
	pdf.SetXY(marginX, h.y)
	if h.id != "" {
		pdf.SetAnchor(h.id)
	}
	pdf.SetXY(marginX, h.y-20+8)
	node := &gopdf.OutlineNode{Obj: pdf.AddOutlineWithPosition(h.text)}
	if h.level <= 2 || b.parent == nil {
		b.top = append(b.top, node)
		b.parent = node
	} else {
		b.parent.Children = append(b.parent.Children, node)
	}
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

// contentBlocks lays out the blocks after the title block (from the
// first level-2 heading on; all of them when there is none), leaving out the Markdown's own contents
// list (the level-2 heading titled contentsTitle and the list after it),
// which the PDF replaces with its contents pages. It returns the body
// page the contents pages go before: 0 when the list comes first, else
// the page where the section after it begins, on a page of its own.
func (l *layout) contentBlocks(root ast.Node, contentsTitle string, tocEntries int) (split int) {
	n := root.FirstChild()
	for n != nil {
		if h, ok := n.(*ast.Heading); ok && h.Level == 2 {
			break
		}
		n = n.NextSibling()
	}
	if n == nil {
		n = root.FirstChild() // no sections: all of it
	}
	laidOut := false
	for ; n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && h.Level == 2 && strings.TrimSpace(mdast.PlainText(h, l.src)) == contentsTitle {
			l.pastContents = true
			if _, ok := h.NextSibling().(*ast.List); ok {
				n = h.NextSibling()
			}
			if laidOut && !l.reserveContents(tocEntries) {
				if !l.atTop() {
					l.newPage()
				}
				split = len(l.pages) - 1
			}
			continue
		}
		l.block(n)
		laidOut = true
	}
	return split
}
