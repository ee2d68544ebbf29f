package pdf

import (
	"strings"

	"github.com/yuin/goldmark/ast"

	"github.com/openzeka/reportgen/render/mdast"
)

// runs flattens n's inline children into styled runs.
func (l *layout) runs(n ast.Node, st textStyle) []run {
	var out []run
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch t := c.(type) {
		case *ast.Text:
			s := string(mdast.Unescape(t.Value(l.src)))
			switch {
			case t.HardLineBreak():
				out = append(out, run{text: s, st: st, brk: true})
			case t.SoftLineBreak():
				out = append(out, run{text: s + " ", st: st})
			default:
				out = append(out, run{text: s, st: st})
			}
		case *ast.String:
			out = append(out, run{text: string(t.Value), st: st})
		case *ast.Emphasis:
			s := st
			if t.Level >= 2 {
				s.bold = true
			} else {
				s.italic = true
			}
			out = append(out, l.runs(t, s)...)
		case *ast.CodeSpan:
			s := st
			s.mono = true
			s.size = st.size * 0.9
			var b strings.Builder
			for cc := t.FirstChild(); cc != nil; cc = cc.NextSibling() {
				if tt, ok := cc.(*ast.Text); ok {
					b.Write(tt.Value(l.src))
				}
			}
			out = append(out, run{text: b.String(), st: s})
		case *ast.Link:
			s := st
			s.link = string(t.Destination)
			s.color = accent
			out = append(out, l.runs(t, s)...)
		case *ast.AutoLink:
			s := st
			s.link = string(t.URL(l.src))
			s.color = accent
			out = append(out, run{text: string(t.Label(l.src)), st: s})
		case *ast.Image:
			out = append(out, run{text: mdast.PlainText(t, l.src), st: st})
		default:
			out = append(out, l.runs(c, st)...)
		}
	}
	return out
}
