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

	"github.com/openzeka/reportgen/render/chart"
	"github.com/openzeka/reportgen/render/mdast"
	"github.com/openzeka/reportgen/templates"
)

// htmlNodes renders the nodes reportgen draws its own way, most of them
// around goldmark's own rendering of the node:
//   - a chart becomes a figure with its image inline (SVG, or PNG when
//     only that was drawn: the HTML opens offline, from an e-mail
//     attachment) inside a link to the figure's full-size view, which
//     the style sheet opens in place when the link makes it the page's
//     :target (no script, no request);
//   - a table sits in a box that scrolls sideways on a narrow screen;
//   - the table of contents (the list after the toc_title heading) is a
//     <details> whose summary is that heading, collapsed on a phone.
//
// SLO-matrix cells carry the class the tagger gave them, which colours
// them.
type htmlNodes struct {
	e *Edition
	// tocTitle, chartOpen and chartClose are the edition's words, looked
	// up once while the edition is made.
	tocTitle, chartOpen, chartClose string
	// base are goldmark's renderers of the nodes wrapped here.
	base map[ast.NodeKind]renderer.NodeRendererFunc
}

// newHTMLNodes is e's node renderers; e's locale is not yet shared.
func newHTMLNodes(e *Edition) *htmlNodes {
	return &htmlNodes{
		e:          e,
		tocTitle:   e.loc.T("toc_title"),
		chartOpen:  e.loc.T("chart_open"),
		chartClose: e.loc.T("chart_close"),
	}
}

// funcs collects the renderers a goldmark NodeRenderer registers.
type funcs map[ast.NodeKind]renderer.NodeRendererFunc

func (f funcs) Register(k ast.NodeKind, fn renderer.NodeRendererFunc) { f[k] = fn }

func (h *htmlNodes) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	base := funcs{}
	html.NewRenderer(html.WithXHTML()).RegisterFuncs(base)
	extension.NewTableHTMLRenderer().RegisterFuncs(base)
	h.base = base
	reg.Register(ast.KindImage, h.image)
	reg.Register(ast.KindParagraph, h.paragraph)
	reg.Register(ast.KindHeading, h.heading)
	reg.Register(ast.KindList, h.list)
	reg.Register(extast.KindTable, h.table)
}

// chartOf is the chart a figure paragraph shows, if it is one.
func (h *htmlNodes) chartOf(p ast.Node) (chart.Chart, bool) {
	if mdast.KindOf(p) != mdast.Figure {
		return chart.Chart{}, false
	}
	c, ok := h.e.byPath[string(p.FirstChild().(*ast.Image).Destination)]
	return c, ok
}

// paragraph leaves out the <p> of a chart's figure, which image writes
// as a block of its own.
func (h *htmlNodes) paragraph(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if _, ok := h.chartOf(node); ok {
		return ast.WalkContinue, nil
	}
	return h.base[ast.KindParagraph](w, src, node, entering)
}

// figureHTML is a chart's figure: its anchor (chart-NAME), the full-size
// view (chart-NAME-full) that its image links to and the style sheet
// enlarges while it is the :target, and the link back to the anchor,
// shown only then.
const figureHTML = `<div class="figure" id="chart-%[1]s">
<div class="chart-full" id="chart-%[1]s-full"><a class="chart-open" href="#chart-%[1]s-full"><img class="chart" alt="%[2]s" src="data:%[3]s;base64,%[4]s"><span class="chart-hint">%[5]s</span></a></div>
<a class="chart-close" href="#chart-%[1]s">%[6]s</a>
</div>
`

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
	uri := base64.StdEncoding.EncodeToString(data)
	if _, figure := h.chartOf(n.Parent()); !figure {
		// A chart amid text (no template writes one) stays an image.
		fmt.Fprintf(w, `<img class="chart" alt="%s" src="data:%s;base64,%s">`, alt, mime, uri)
		return ast.WalkSkipChildren, nil
	}
	fmt.Fprintf(w, figureHTML, c.Name, alt, mime, uri,
		template.HTMLEscapeString(h.chartOpen), template.HTMLEscapeString(h.chartClose))
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

// heading opens the table of contents' <details> with its heading as the
// summary.
func (h *htmlNodes) heading(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	toc := h.isContentsHeading(node, src)
	if toc && entering {
		_, _ = w.WriteString("<details class=\"toc\">\n<summary>")
	}
	s, err := h.base[ast.KindHeading](w, src, node, entering)
	if toc && !entering {
		_, _ = w.WriteString("</summary>\n")
	}
	return s, err
}

// list closes the table of contents' <details> after its list.
func (h *htmlNodes) list(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	s, err := h.base[ast.KindList](w, src, node, entering)
	if !entering && h.isContentsHeading(node.PreviousSibling(), src) {
		_, _ = w.WriteString("</details>\n")
	}
	return s, err
}

// isContentsHeading reports whether n is the table of contents' heading:
// a level-2 heading worded toc_title (as outline writes it) with a list
// right after it.
func (h *htmlNodes) isContentsHeading(n ast.Node, src []byte) bool {
	hd, ok := n.(*ast.Heading)
	if !ok || hd.Level != 2 || hd.Parent() == nil || hd.Parent().Kind() != ast.KindDocument {
		return false
	}
	if _, ok := hd.NextSibling().(*ast.List); !ok {
		return false
	}
	return mdast.PlainText(hd, src) == h.tocTitle
}

// pageData is what templates/page.html sees: with an Interaction, its
// controls, data and script, and the script's hash for the content
// security policy (ScriptHash).
type pageData struct {
	Lang       string
	Title      string
	CSS        template.CSS
	Body       template.HTML
	Controls   template.HTML
	Data       template.JS
	Script     template.JS
	ScriptHash string
}

// HTML renders the edition as one self-contained page: CSS inline, charts
// inline, a content security policy that forbids any request and every
// script but the page's own (an Interactive document's, by its hash).
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
	page := pageData{
		Lang:  e.Lang,
		Title: e.title(),
		CSS:   template.CSS(css),
		Body:  template.HTML(body), // goldmark's output; raw HTML in the source is off
	}
	if in := e.interaction; in != nil {
		page.CSS += template.CSS("\n" + in.CSS)
		// The document's own: its controls from its template, its data
		// JSON as encoding/json writes it (<, > and & escaped), its script
		// from the embedded file.
		page.Controls, page.Data, page.Script = in.Controls, template.JS(in.Data), template.JS(in.Script)
		if in.Script != "" {
			page.ScriptHash = ScriptHash(in.Script)
		}
	}
	var buf bytes.Buffer
	err = t.Execute(&buf, page)
	return buf.Bytes(), err
}

// title is the edition's title as plain text (its first heading).
func (e *Edition) title() string {
	for n := e.root.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && h.Level == 1 {
			return mdast.PlainText(h, e.Markdown)
		}
	}
	return ""
}
