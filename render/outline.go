package render

import (
	"bytes"
	"fmt"
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
	type edit struct {
		at, end int    // replace src[at:end]
		text    string // with text
	}
	var edits []edit
	var heads []int // the edits of the headings' numbers, for the contents
	var levels []int
	tocAt, tocEnd := -1, -1
	var n [5]int // the current number at each level
	appendix, figures := false, 0
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		switch t := c.(type) {
		case *ast.HTMLBlock:
			at, end := blockSpan(t, src)
			switch strings.TrimSpace(string(src[at:end])) {
			case tocMarker:
				tocAt, tocEnd = at, end
			case appendixMarker:
				appendix, n[2] = true, 0
				edits = append(edits, edit{at, end, ""})
			}
		case *ast.Heading:
			at := t.Lines().At(0).Start
			if end := lineEnd(src, at); bytes.HasSuffix(src[:end], []byte(unnumbered)) {
				edits = append(edits, edit{end - len(unnumbered), end, ""})
				edits = append(edits, edit{at, at, ""})
				heads, levels = append(heads, len(edits)-1), append(levels, t.Level)
				continue
			}
			if t.Level < 2 || t.Level > 4 || c.NextSibling() != nil && isTocMarker(c.NextSibling(), src) {
				edits = append(edits, edit{at, at, ""})
				heads, levels = append(heads, len(edits)-1), append(levels, t.Level)
				continue
			}
			n[t.Level]++
			for l := t.Level + 1; l < len(n); l++ {
				n[l] = 0
			}
			edits = append(edits, edit{at, at, sectionNumber(loc, n, t.Level, appendix)})
			heads, levels = append(heads, len(edits)-1), append(levels, t.Level)
		case *ast.Paragraph:
			if isCaption(t) {
				figures++
				at := t.FirstChild().FirstChild().(*ast.Text).Segment.Start
				edits = append(edits, edit{at, at, loc.T("figure") + " " + strconv.Itoa(figures) + ": "})
			}
		}
	}
	// The contents: the headings' texts as numbered, anchored as the
	// HTML anchors them (every heading takes an anchor, in order).
	var toc strings.Builder
	ids := NewIDs()
	for i, e := range heads {
		h := edits[e]
		line := bytes.TrimSuffix(src[h.at:lineEnd(src, h.at)], []byte(unnumbered))
		title := strings.TrimSpace(h.text + string(line))
		id := ids.Generate(title)
		if levels[i] < 2 || levels[i] > 3 || title == loc.T("toc_title") {
			continue
		}
		fmt.Fprintf(&toc, "%s- [%s](#%s)\n", strings.Repeat("  ", levels[i]-2), title, id)
	}
	if tocAt >= 0 {
		edits = append(edits, edit{tocAt, tocEnd, toc.String()})
	}
	slices.SortStableFunc(edits, func(a, b edit) int { return a.at - b.at })
	var out bytes.Buffer
	pos := 0
	for _, e := range edits {
		out.Write(src[pos:e.at])
		out.WriteString(e.text)
		pos = e.end
	}
	out.Write(src[pos:])
	return out.Bytes()
}

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
