package render

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html/template"
	"io/fs"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"github.com/openzeka/reportgen/render/mdast"
	"github.com/openzeka/reportgen/templates"
)

// htmlNodes renders the nodes reportgen draws its own way: chart images
// become inline SVG, or PNG when only that was drawn (the HTML opens
// offline, from an e-mail attachment),
// and SLO-matrix cells carry a class that colours them.
type htmlNodes struct{ e *Edition }

func (h *htmlNodes) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindImage, h.image)
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
