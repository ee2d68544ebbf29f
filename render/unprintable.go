package render

import (
	"slices"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"

	"github.com/openzeka/reportgen/render/mdast"
)

// Unprintable lists, sorted and once each, the characters of the
// edition's PDF text (the Markdown's text, the title, the cover's
// fields) that neither the font they are set in nor its fallback
// (DejaVu) can draw: emoji, CJK, Arabic and the like, which the PDF
// prints as "?". Code is checked against the monospace fonts, the rest
// against the text fonts, as the PDF sets them.
func (e *Edition) Unprintable() []rune {
	seen := map[rune]bool{}
	check := func(s string, mono bool) {
		for _, r := range s {
			if !printable(r, mono) {
				seen[r] = true
			}
		}
	}
	check(e.title(), false)
	check(e.subtitle(), false)
	for _, f := range e.coverFields() {
		check(e.loc.Upper(f.label), false)
		check(f.value, false)
	}
	_ = ast.Walk(e.root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := n.(type) {
		case *ast.Text:
			check(string(mdast.Unescape(t.Value(e.Markdown))), false)
		case *ast.String:
			check(string(t.Value), false)
		case *ast.AutoLink:
			check(string(t.Label(e.Markdown)), false)
		case *ast.CodeSpan:
			for c := t.FirstChild(); c != nil; c = c.NextSibling() {
				if tt, ok := c.(*ast.Text); ok {
					check(string(tt.Value(e.Markdown)), true)
				}
			}
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				// As the PDF lays code out: line ends dropped, tabs as spaces.
				check(strings.TrimRight(string(seg.Value(e.Markdown)), "\n"), true)
			}
		}
		return ast.WalkContinue, nil
	})
	out := make([]rune, 0, len(seen))
	for r := range seen {
		out = append(out, r)
	}
	slices.Sort(out)
	return out
}

// ChartUnprintable lists, sorted and once each, the characters of the
// edition's chart labels (configuration names, which the PNG charts set
// in Liberation Sans with no fallback) that the chart font cannot draw:
// they are left out of the PNG images. SVG charts are drawn by the
// browser's fonts and are not concerned.
func (e *Edition) ChartUnprintable() []rune {
	_, _, primary, _ := families(false)
	seen := map[rune]bool{}
	for _, c := range e.Report.Configs {
		for _, r := range c.Name.In(e.Lang) {
			if !isSpace(r) && !primary.Has(r) {
				seen[r] = true
			}
		}
	}
	out := make([]rune, 0, len(seen))
	for r := range seen {
		out = append(out, r)
	}
	slices.Sort(out)
	return out
}

// RightToLeft reports whether the edition's PDF text holds right-to-left
// script (Arabic, Hebrew, …): the PDF draws it left to right, its
// letters unjoined.
func (e *Edition) RightToLeft() bool {
	rtl := func(s string) bool {
		return strings.ContainsFunc(s, func(r rune) bool {
			return unicode.In(r, unicode.Arabic, unicode.Hebrew, unicode.Syriac, unicode.Thaana, unicode.Nko)
		})
	}
	if rtl(e.title()) || rtl(e.subtitle()) || rtl(string(e.Markdown)) {
		return true
	}
	for _, f := range e.coverFields() {
		if rtl(f.value) {
			return true
		}
	}
	return false
}
