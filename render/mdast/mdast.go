// Package mdast is what an edition's Markdown tree says beyond Markdown:
// the kind of a paragraph (a chart, its caption, a label) and the class
// of a table cell or table, set once on the tree by render's tagger and
// read by the HTML and PDF renderers, and the plain text of a node.
package mdast

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"
)

// Kind is what a paragraph is beyond its Markdown.
type Kind string

// The kinds a tagger gives paragraphs.
const (
	// Figure is a paragraph of one image: a chart.
	Figure Kind = "figure"
	// Caption is a chart's caption: one emphasis right after a figure.
	Caption Kind = "caption"
	// Label is one bold run and nothing else ("**Findings:**", a
	// table's title): it keeps with what follows it.
	Label Kind = "label"
)

// kindAttr holds a node's Kind. goldmark's HTML renderer writes only the
// global HTML attributes, so this one never reaches a page.
const kindAttr = "reportgen-kind"

// SetKind marks n as k.
func SetKind(n ast.Node, k Kind) { n.SetAttributeString(kindAttr, []byte(k)) }

// KindOf is n's kind, "" when it has none.
func KindOf(n ast.Node) Kind {
	if v, ok := n.AttributeString(kindAttr); ok {
		if b, ok := v.([]byte); ok {
			return Kind(b)
		}
	}
	return ""
}

// Class is n's class attribute ("slo-pass" on an SLO matrix cell), ""
// when it has none.
func Class(n ast.Node) string {
	if v, ok := n.AttributeString("class"); ok {
		if b, ok := v.([]byte); ok {
			return string(b)
		}
	}
	return ""
}

// IsImage reports whether p holds one image and nothing else.
func IsImage(p ast.Node) bool {
	c := p.FirstChild()
	return c != nil && c.NextSibling() == nil && c.Kind() == ast.KindImage
}

// PlainText concatenates the text of n's descendants, with escapes and
// entities resolved (goldmark keeps them raw in the tree).
func PlainText(n ast.Node, src []byte) string {
	var b bytes.Buffer
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			b.Write(Unescape(t.Value(src)))
			if t.SoftLineBreak() || t.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(t.Value)
		case *ast.CodeSpan:
			for cc := t.FirstChild(); cc != nil; cc = cc.NextSibling() {
				if tt, ok := cc.(*ast.Text); ok {
					b.Write(tt.Value(src))
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// Unescape resolves Markdown escapes and entity references in raw.
func Unescape(raw []byte) []byte {
	return util.ResolveNumericReferences(util.ResolveEntityNames(util.UnescapePunctuations(raw)))
}
