package render

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"github.com/openzeka/reportgen/render/locale"
)

// The marks the templates leave for outline: where the table of
// contents goes (after its heading), and where the appendix starts.
// They are HTML comments, so a Markdown parser reads each as a block of
// its own; outline removes them.
const (
	tocMarker      = "<!-- toc -->"
	appendixMarker = "<!-- appendix -->"
	// chartIndexMarker is where the chart index goes: each figure's
	// number, caption and chart file.
	chartIndexMarker = "<!-- chart-index -->"
	// unnumbered ends a heading that takes no number (a summary's
	// "Key findings").
	unnumbered = " <!-- unnumbered -->"
)

// outline numbers what the templates wrote unnumbered, in document
// order, from the Markdown tree rather than from counters the templates
// advance: sections (## 1., ### 1.1, #### 1.1.1; in the appendix
// ## Appendix A:, ### A.1) and the charts' captions (*Figure 3: …*). It
// writes the table of contents — a nested list of the level-2 and -3
// headings, linked to the anchors the HTML and PDF give them — in place
// of tocMarker, whose heading is left unnumbered and out of the list.
func outline(src []byte, loc *locale.Locale) []byte {
	doc := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough)).Parser().Parse(text.NewReader(src))
	o := &outliner{src: src, loc: loc, tocAt: -1, indexAt: -1}
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		switch t := c.(type) {
		case *ast.HTMLBlock:
			o.marker(t)
		case *ast.Heading:
			o.heading(t)
		case *ast.Paragraph:
			if isCaption(t) {
				o.caption(t)
			}
		}
	}
	refs := o.contents()
	slices.SortStableFunc(o.edits, func(a, b edit) int { return a.at - b.at })
	var out bytes.Buffer
	pos := 0
	for _, e := range o.edits {
		out.Write(src[pos:e.at])
		out.WriteString(e.text)
		pos = e.end
	}
	out.Write(src[pos:])
	// Cross-references ({{ref}}): a link to the section by its number
	// and title, or the title alone when the report has no such section.
	return refMark.ReplaceAllFunc(out.Bytes(), func(m []byte) []byte {
		key := string(refMark.FindSubmatch(m)[1])
		if t, ok := refs[key]; ok {
			return []byte("[" + t.title + "](#" + t.id + ")")
		}
		return []byte(key)
	})
}

// edit replaces src[at:end] with text.
type edit struct {
	at, end int
	text    string
}

// outliner is outline's state as it walks the document's blocks.
type outliner struct {
	src   []byte
	loc   *locale.Locale
	edits []edit
	// heads are the edits of the headings' numbers, levels their levels,
	// for the contents.
	heads, levels     []int
	inAppendix        []bool // per heading: after the appendix marker
	beforeToc         []bool // per heading: before the contents marker
	tocAt, tocEnd     int    // the contents marker's span, -1 for none
	indexAt, indexEnd int    // the chart index marker's span
	n                 [5]int // the current number at each level
	appendix          bool
	index             []figureEntry // the figures in order
}

// marker handles the templates' marks: where the contents and the chart
// index go, and where the appendix starts (its sections are lettered).
func (o *outliner) marker(b *ast.HTMLBlock) {
	at, end := blockSpan(b, o.src)
	switch strings.TrimSpace(string(o.src[at:end])) {
	case tocMarker:
		o.tocAt, o.tocEnd = at, end
	case chartIndexMarker:
		o.indexAt, o.indexEnd = at, end
	case appendixMarker:
		o.appendix, o.n[2] = true, 0
		o.edits = append(o.edits, edit{at, end, ""})
	}
}

// heading numbers a heading of levels 2 to 4, but for one marked
// unnumbered and the contents' own heading.
func (o *outliner) heading(h *ast.Heading) {
	at := h.Lines().At(0).Start
	number := ""
	if end := lineEnd(o.src, at); bytes.HasSuffix(o.src[:end], []byte(unnumbered)) {
		o.edits = append(o.edits, edit{end - len(unnumbered), end, ""})
	} else if h.Level >= 2 && h.Level <= 4 && (h.NextSibling() == nil || !isTocMarker(h.NextSibling(), o.src)) {
		o.n[h.Level]++
		for l := h.Level + 1; l < len(o.n); l++ {
			o.n[l] = 0
		}
		number = sectionNumber(o.loc, o.n, h.Level, o.appendix)
	}
	o.edits = append(o.edits, edit{at, at, number})
	o.heads, o.levels = append(o.heads, len(o.edits)-1), append(o.levels, h.Level)
	o.inAppendix = append(o.inAppendix, o.appendix)
	o.beforeToc = append(o.beforeToc, o.tocAt < 0)
}

// caption numbers a chart's caption ("Figure 3: …") and enters the
// figure in the chart index.
func (o *outliner) caption(p *ast.Paragraph) {
	n := len(o.index) + 1
	at := p.FirstChild().FirstChild().(*ast.Text).Segment.Start
	o.edits = append(o.edits, edit{at, at, o.loc.T("figure") + " " + strconv.Itoa(n) + ": "})
	img := p.PreviousSibling().FirstChild().(*ast.Image)
	line := p.Lines().At(0)
	caption := strings.Trim(strings.TrimSpace(string(o.src[line.Start:line.Stop])), "*")
	o.index = append(o.index, figureEntry{n, caption, string(img.Destination)})
}

// refTarget is where a cross-reference leads: a heading's anchor and
// numbered title.
type refTarget struct{ id, title string }

// contents writes the contents (the headings' texts as numbered,
// anchored as the HTML anchors them: every heading takes an anchor, in
// order) and the chart index in place of their markers, and returns the
// cross-reference targets by each heading's unnumbered text.
func (o *outliner) contents() map[string]refTarget {
	var toc strings.Builder
	ids := NewIDs()
	refs := map[string]refTarget{}
	for i, e := range o.heads {
		h := o.edits[e]
		line := bytes.TrimSuffix(o.src[h.at:lineEnd(o.src, h.at)], []byte(unnumbered))
		title := strings.TrimSpace(h.text + string(line))
		id := ids.Generate(title)
		if key := strings.TrimSpace(string(line)); refs[key] == (refTarget{}) {
			refs[key] = refTarget{id, title}
		}
		// Two levels, the appendix's sections without their subsections,
		// and the sections read before the contents (the summary) without
		// theirs: the contents list what is ahead.
		if o.levels[i] < 2 || o.levels[i] > 3 || o.levels[i] == 3 && (o.inAppendix[i] || o.beforeToc[i] && o.tocAt >= 0) || title == o.loc.T("toc_title") {
			continue
		}
		fmt.Fprintf(&toc, "%s- [%s](#%s)\n", strings.Repeat("  ", o.levels[i]-2), title, id)
	}
	if o.tocAt >= 0 {
		o.edits = append(o.edits, edit{o.tocAt, o.tocEnd, toc.String()})
	}
	if o.indexAt >= 0 {
		o.edits = append(o.edits, edit{o.indexAt, o.indexEnd, chartIndex(o.index, o.loc)})
	}
	return refs
}

// figureEntry is one figure of the chart index.
type figureEntry struct {
	n       int
	caption string // as the Markdown writes it, escaped
	file    string // the image's link: "charts/01-ttft.png"
}

// chartIndex is the table of the figures: number, caption, and the
// name of the chart files it shows (a PNG beside report.md and an SVG of
// the same name, the column header says so).
func chartIndex(figs []figureEntry, loc *locale.Locale) string {
	if len(figs) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "| %s | %s | %s |\n|--:|---|---|\n", loc.T("col_figure"), loc.T("col_caption"), loc.T("col_chart_file"))
	for _, f := range figs {
		base := path.Base(f.file)
		fmt.Fprintf(&b, "| %d | %s | `%s` |\n", f.n, f.caption, strings.TrimSuffix(base, path.Ext(base)))
	}
	return b.String()
}

// refMark is a cross-reference the templates leave for outline: the
// heading text of the section referred to, as written before numbering.
var refMark = regexp.MustCompile(`⟦ref:([^⟧]+)⟧`)

// Ref marks a cross-reference to the section whose heading is title
// (unnumbered); outline links it.
func Ref(title string) string { return "⟦ref:" + title + "⟧" }

// sectionNumber is a heading's number and what follows it: "2. ",
// "2.3 ", "2.3.1 "; in the appendix "Appendix B: ", "B.1 ".
func sectionNumber(loc *locale.Locale, n [5]int, level int, appendix bool) string {
	first := strconv.Itoa(n[2])
	if appendix {
		first = string(rune('A' + n[2] - 1))
		if level == 2 {
			return loc.T("appendix") + " " + first + ": "
		}
	}
	switch level {
	case 2:
		return first + ". "
	case 3:
		return first + "." + strconv.Itoa(n[3]) + " "
	}
	return first + "." + strconv.Itoa(n[3]) + "." + strconv.Itoa(n[4]) + " "
}

// isTocMarker reports whether block n is tocMarker.
func isTocMarker(n ast.Node, src []byte) bool {
	b, ok := n.(*ast.HTMLBlock)
	if !ok {
		return false
	}
	at, end := blockSpan(b, src)
	return strings.TrimSpace(string(src[at:end])) == tocMarker
}

// blockSpan is the bytes of an HTML block's lines.
func blockSpan(b *ast.HTMLBlock, src []byte) (at, end int) {
	lines := b.Lines()
	at, end = lines.At(0).Start, lines.At(lines.Len()-1).Stop
	if b.HasClosure() {
		end = b.ClosureLine.Stop
	}
	return at, min(end, len(src))
}

// lineEnd is the end of the line holding src[at].
func lineEnd(src []byte, at int) int {
	if i := bytes.IndexByte(src[at:], '\n'); i >= 0 {
		return at + i
	}
	return len(src)
}
