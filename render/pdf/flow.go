package pdf

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"

	"github.com/openzeka/reportgen/render/mdast"
)

// textSize is the size of running text: bodySize, a size smaller in
// the appendix (layout.dense).
func (l *layout) textSize() float64 {
	if l.dense {
		return denseBodySize
	}
	return bodySize
}

// text is the style of running text at textSize.
func (l *layout) text() textStyle { return textStyle{size: l.textSize(), color: ink} }

// blocks lays out a sequence of sibling block nodes.
func (l *layout) blocks(first ast.Node) {
	for n := first; n != nil; n = n.NextSibling() {
		l.block(n)
	}
}

func (l *layout) block(n ast.Node) {
	switch t := n.(type) {
	case *ast.Heading:
		l.heading(t)
	case *ast.Paragraph:
		switch {
		case mdast.KindOf(t) == mdast.Figure:
			l.image(t)
		case mdast.KindOf(t) == mdast.Caption:
			// drawn with its image
		case mdast.KindOf(t) == mdast.Label:
			// A label ("Findings:", a table's title) is never left alone
			// at the bottom of a page: it keeps with what follows.
			l.ensure(l.minHeight(t))
			l.paragraph(l.runs(t, l.text()), l.textSize(), 'l', 6)
		default:
			if l.introduces(t) {
				// "… compares 4 configurations:" keeps with its table.
				lines := l.wrap(l.runs(t, l.text()), l.width)
				l.ensure(float64(len(lines))*l.textSize()*1.42 + 6 + l.minHeight(t.NextSibling()))
			}
			l.paragraph(l.runs(t, l.text()), l.textSize(), 'l', 6)
		}
	case *ast.TextBlock:
		l.paragraph(l.runs(t, l.text()), l.textSize(), 'l', 2)
	case *ast.List:
		l.list(t)
	case *ast.FencedCodeBlock:
		l.code(t.Lines())
	case *ast.CodeBlock:
		l.code(t.Lines())
	case *extast.Table:
		l.table(t)
	case *ast.ThematicBreak:
		l.ensure(16)
		l.add(strokeLine(l.left, l.y+6, l.left+l.width, l.y+6, 0.6, rule))
		l.y += 14
	case *ast.Blockquote:
		l.left += 14
		l.width -= 14
		l.blocks(t.FirstChild())
		l.left -= 14
		l.width += 14
	}
}

// headingStyle gives size, space before and after per level.
func headingStyle(level int) (size, before, after float64) {
	switch level {
	case 1:
		return 20, 0, 10
	case 2:
		return 15, 18, 9
	case 3:
		return 12, 12, 6
	}
	return 10.5, 9, 4
}

// chapterMin is the share of a page's body a chapter (a level-2
// heading) needs below its heading's top to start on that page.
const chapterMin = 1.0 / 6

// heading lays out a heading, keeping it on the same page as the start
// of what follows it, and a chapter's heading with a fair part of it
// (chapterMin).
func (l *layout) heading(h *ast.Heading) {
	size, before, after := headingStyle(h.Level)
	st := textStyle{size: size, bold: true, color: ink}
	if h.Level <= 2 {
		st.color = accent
	}
	lines := l.wrap([]run{{text: mdast.PlainText(h, l.src), st: st}}, l.width)
	lh := size * 1.3
	height := float64(len(lines))*lh + after
	if h.Level == 2 {
		height += 4
	}
	if h.Level == 2 && l.pageBefore != nil && l.pageBefore(mdast.PlainText(h, l.src)) {
		if !l.atTop() {
			l.newPage()
		}
		l.dense = true
	}
	if !l.atTop() {
		l.y += before
	}
	need := height + l.minHeight(h.NextSibling())
	if h.Level == 2 {
		// A chapter starts where a fair part of it fits: not its heading
		// and a line at a page's foot, the rest overleaf.
		need = max(need, chapterMin*(l.bottom()-marginTop))
	}
	l.ensure(need)
	id := ""
	if v, ok := h.AttributeString("id"); ok {
		if b, ok := v.([]byte); ok {
			id = string(b)
		}
	}
	l.headings = append(l.headings, tocEntry{level: h.Level, text: mdast.PlainText(h, l.src), id: id, page: len(l.pages) - 1, y: l.y,
		beforeContents: !l.pastContents})
	for _, line := range lines {
		l.drawLine(line, l.left, l.y, l.width, size, 'l')
		l.y += lh
	}
	if h.Level == 2 {
		l.add(strokeLine(l.left, l.y+1, l.left+l.width, l.y+1, 1.2, accent))
		l.y += 4
	}
	l.y += after
}

// introduces reports whether paragraph p introduces the table or list
// after it, and keeps with its start: it ends in a colon, or it is a
// single line before a table ("Source: …" above a config's data).
func (l *layout) introduces(p *ast.Paragraph) bool {
	switch p.NextSibling().(type) {
	case *extast.Table:
		if len(l.wrap(l.runs(p, l.text()), l.width)) == 1 {
			return true
		}
	case *ast.List:
	default:
		return false
	}
	return strings.HasSuffix(strings.TrimSpace(mdast.PlainText(p, l.src)), ":")
}

// shortIntroLines is the most lines of a section's first paragraph
// that keeps with the table or figure after it.
const shortIntroLines = 3

// opensBlock reports whether n is a table or a figure: what a section's
// short first paragraph leads into.
func opensBlock(n ast.Node) bool {
	switch t := n.(type) {
	case *extast.Table:
		return true
	case *ast.Paragraph:
		return mdast.KindOf(t) == mdast.Figure
	}
	return false
}

// minHeight is how much of block n must fit with the heading before it.
func (l *layout) minHeight(n ast.Node) float64 {
	if n == nil {
		return 0
	}
	switch t := n.(type) {
	case *ast.Paragraph:
		switch mdast.KindOf(t) {
		case mdast.Figure:
			// The figure may be drawn down to minFigureWidth to fit.
			_, h, _ := l.imageSize(t)
			return h*minFigureWidth/figureWidth + 24
		case mdast.Label:
			// A label keeps with what it introduces, unless a heading
			// follows: that begins something else.
			h := l.textSize()*1.42 + 6
			if next, ok := t.NextSibling().(*ast.Heading); !ok || next == nil {
				h += l.minHeight(t.NextSibling())
			}
			return h
		}
		lines := l.wrap(l.runs(t, l.text()), l.width)
		if l.introduces(t) || len(lines) <= shortIntroLines && opensBlock(t.NextSibling()) {
			// A paragraph that introduces a table or list, or a short
			// one before the section's table or figure, keeps with that
			// block's start: a heading and a line or two at a page's
			// foot, the table overleaf, read as an orphan.
			return float64(len(lines))*l.textSize()*1.42 + 6 + l.minHeight(t.NextSibling())
		}
		return 2 * l.textSize() * 1.42
	case *extast.Table:
		return l.tableStart(t)
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		return l.codeStart(t.Lines()) + 8
	case *ast.Heading:
		// A heading after a heading is never at a page's top: the space
		// before it is laid out too, and a level-2 heading's rule.
		size, before, after := headingStyle(t.Level)
		st := textStyle{size: size, bold: true}
		h := before + float64(len(l.wrap([]run{{text: mdast.PlainText(t, l.src), st: st}}, l.width)))*size*1.3 + after
		if t.Level == 2 {
			h += 4
		}
		return h + l.minHeight(t.NextSibling())
	}
	return 2 * l.textSize() * 1.42
}
