package render

import (
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
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
			check(string(unescape(t.Value(e.Markdown))), false)
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
