package render

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/openzeka/reportgen/render/mdast"
)

// tagger is the edition's one goldmark ASTTransformer: it marks, once,
// what the HTML and PDF renderers show their own way, so that neither
// re-reads text to find it — charts, their captions and labels
// (mdast.Kind), the cells of SLO matrices with their verdict class and
// their tables with "slo-matrix" (which the style sheet colours), and
// captions with the class "caption".
type tagger struct{}

// Transform implements parser.ASTTransformer.
func (tagger) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := n.(type) {
		case *ast.Paragraph:
			switch {
			case mdast.IsImage(t):
				mdast.SetKind(t, mdast.Figure)
			case isCaption(t):
				mdast.SetKind(t, mdast.Caption)
				t.SetAttributeString("class", []byte("caption"))
			case isLabel(t):
				mdast.SetKind(t, mdast.Label)
			}
			return ast.WalkSkipChildren, nil
		case *extast.TableCell:
			if cls := sloClass(mdast.PlainText(t, src)); cls != "" {
				t.SetAttributeString("class", []byte(cls))
				if table := t.Parent().Parent(); table != nil {
					table.SetAttributeString("class", []byte("slo-matrix"))
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
}

// isCaption reports whether p is a chart's caption: a paragraph of one
// emphasis right after an image paragraph.
func isCaption(p *ast.Paragraph) bool {
	prev := p.PreviousSibling()
	c := p.FirstChild()
	return prev != nil && prev.Kind() == ast.KindParagraph && mdast.IsImage(prev) &&
		c != nil && c.NextSibling() == nil && c.Kind() == ast.KindEmphasis
}

// isLabel reports whether p is a label: one bold run and nothing else
// ("**Findings:**", "**Mean (ms)**").
func isLabel(p *ast.Paragraph) bool {
	e, ok := p.FirstChild().(*ast.Emphasis)
	return ok && e.Level == 2 && e.NextSibling() == nil
}

// sloClass is the colour class of an SLO matrix cell: two marks (✓
// met, ✗ missed, ? cannot be checked, which does not count as met),
// optionally starred for a stand-in statistic. Any other text has none.
func sloClass(s string) string {
	marks := []rune(strings.TrimSuffix(s, "*"))
	if len(marks) != 2 {
		return ""
	}
	met := 0
	for _, m := range marks {
		switch m {
		case '✓':
			met++
		case '✗', '?':
		default:
			return ""
		}
	}
	return [...]string{"slo-fail", "slo-part", "slo-pass"}[met]
}

// cellText is the plain text of a table cell.
