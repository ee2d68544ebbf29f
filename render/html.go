package render

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html/template"
	"io/fs"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"

	"github.com/openzeka/reportgen/render/mdast"
	"github.com/openzeka/reportgen/templates"
)

// htmlNodes renders the nodes reportgen draws its own way: chart images
// become inline SVG, or PNG when only that was drawn (the HTML opens
// offline, from an e-mail attachment), and a table sits in a box that
// scrolls sideways on a narrow screen (around goldmark's own rendering
// of it). SLO-matrix cells carry the class the tagger gave them, which
// colours them.
type htmlNodes struct {
	e *Edition
	// base are goldmark's renderers of the nodes wrapped here.
	base map[ast.NodeKind]renderer.NodeRendererFunc
}

// newHTMLNodes is e's node renderers.
func newHTMLNodes(e *Edition) *htmlNodes { return &htmlNodes{e: e} }

// funcs collects the renderers a goldmark NodeRenderer registers.
type funcs map[ast.NodeKind]renderer.NodeRendererFunc

func (f funcs) Register(k ast.NodeKind, fn renderer.NodeRendererFunc) { f[k] = fn }

func (h *htmlNodes) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	base := funcs{}
	html.NewRenderer(html.WithXHTML()).RegisterFuncs(base)
	extension.NewTableHTMLRenderer().RegisterFuncs(base)
	h.base = base
	reg.Register(ast.KindImage, h.image)
	reg.Register(extast.KindTable, h.table)
}

func (h *htmlNodes) image(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.Image)
	alt := template.HTMLEscapeString(mdast.PlainText(n, src))
	c, ok := h.e.byPath[string(n.Destination)]
	if !ok {
		// Only charts are linked; anything else shows its alt text and
		// is never fetched.
		fmt.Fprintf(w, `<span class="missing-image">%s</span>`, alt)
		return ast.WalkSkipChildren, nil
	}
	// SVG where it was drawn (the HTML build draws SVG); else the PNG.
	mime, data := "image/svg+xml", c.SVG
	if data == nil {
		mime, data = "image/png", c.PNG
	}
	fmt.Fprintf(w, `<img class="chart" id="chart-%s" alt="%s" src="data:%s;base64,%s">`,
		c.Name, alt, mime, base64.StdEncoding.EncodeToString(data))
	return ast.WalkSkipChildren, nil
}

// table puts a table in a box of its own, which scrolls sideways when
// the table is wider than the page.
func (h *htmlNodes) table(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		_, _ = w.WriteString("<div class=\"table-scroll\">\n")
		return h.base[extast.KindTable](w, src, node, entering)
	}
	s, err := h.base[extast.KindTable](w, src, node, entering)
	_, _ = w.WriteString("</div>\n")
	return s, err
}

// pageData is what templates/page.html sees.
type pageData struct {
	Lang  string
	Title string
	CSS   template.CSS
	Body  template.HTML
}

// HTML renders the edition as one self-contained page: CSS inline, charts
// inline, a content security policy that forbids any request.
func (e *Edition) HTML() ([]byte, error) {
	tfs := e.opt.Templates
	if tfs == nil {
		tfs = templates.FS
	}
	body, err := e.HTMLBody()
	if err != nil {
		return nil, err
	}
	css, err := fs.ReadFile(tfs, "page.css")
	if err != nil {
		return nil, err
	}
	t, err := template.ParseFS(tfs, "page.html")
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	err = t.Execute(&buf, pageData{
		Lang:  e.Lang,
		Title: e.title(),
		CSS:   template.CSS(css),
		Body:  template.HTML(body), // goldmark's output; raw HTML in the source is off
	})
	return buf.Bytes(), err
}

// title is the report title as plain text (the first heading).
func (e *Edition) title() string {
	for n := e.root.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && h.Level == 1 {
			return mdast.PlainText(h, e.Markdown)
		}
	}
	return ""
}
