package pdf

import (
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"

	"github.com/openzeka/reportgen/render/mdast"
)

// Unprintable lists, sorted and once each, the characters of the text
// Write would draw from root (parsed from src) and a (the title, the
// subtitle, the cover's fields) that neither the font they are set in
// nor its fallback (DejaVu) can draw: emoji, CJK, Arabic and the like,
// which the PDF prints as "?". Code is checked against the monospace
// fonts, the rest against the text fonts, as Write sets them.
func Unprintable(root ast.Node, src []byte, a Assets) []rune {
	seen := map[rune]bool{}
	check := func(s string, mono bool) {
		for _, r := range s {
			if !printable(r, mono) {
				seen[r] = true
			}
		}
	}
	check(a.Title, false)
	check(a.Subtitle, false)
	for _, f := range a.Cover {
		check(f.Label, false)
		check(f.Value, false)
	}
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := n.(type) {
		case *ast.Text:
			check(string(mdast.Unescape(t.Value(src))), false)
		case *ast.String:
			check(string(t.Value), false)
		case *ast.AutoLink:
			check(string(t.Label(src)), false)
		case *ast.CodeSpan:
			for c := t.FirstChild(); c != nil; c = c.NextSibling() {
				if tt, ok := c.(*ast.Text); ok {
					check(string(tt.Value(src)), true)
				}
			}
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				// As the PDF lays code out: line ends dropped, tabs as spaces.
				check(strings.TrimRight(string(seg.Value(src)), "\n"), true)
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
