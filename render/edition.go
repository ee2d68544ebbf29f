package render

import (
	"bytes"
	"fmt"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/chart"
	"github.com/openzeka/reportgen/render/locale"
)

// Edition is one language's report: its Markdown, parsed once; HTML and
// PDF are both derived from the same tree.
type Edition struct {
	Lang     string
	Markdown []byte
	Report   *analyze.Report
	root     ast.Node
	loc      *locale.Locale
	charts   map[string]chart.Chart // by the path the Markdown links: "charts/01-ttft.png"
	md       goldmark.Markdown
}

// NewEdition renders the report's Markdown in opt.Lang and parses it.
// charts are the edition's drawn charts; the Markdown links them as
// charts/<name>.png.
func NewEdition(r *analyze.Report, opt Options, charts []chart.Chart) (*Edition, error) {
	refs := map[string]string{}
	byPath := map[string]chart.Chart{}
	for _, c := range charts {
		p := "charts/" + c.Name + ".png"
		refs[c.Name] = p
		byPath[p] = c
	}
	opt.Charts = refs
	src, err := Markdown(r, opt)
	if err != nil {
		return nil, err
	}
	loc, err := locale.ForReport(r, opt.Lang, opt.Locales)
	if err != nil {
		return nil, err
	}
	e := &Edition{Lang: opt.Lang, Markdown: src, Report: r, loc: loc, charts: byPath}
	e.md = newMarkdown(e)
	ctx := parser.NewContext(parser.WithIDs(goldmarkIDs{NewIDs()}))
	e.root = e.md.Parser().Parse(text.NewReader(src), parser.WithContext(ctx))
	return e, nil
}

// newMarkdown is the one goldmark setup of reportgen: GitHub tables,
// heading ids that keep Turkish readable, raw HTML off (all manifest and
// data text reaches the page as text), and reportgen's node renderers.
func newMarkdown(e *Edition) goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough),
		goldmark.WithParserOptions(parser.WithAutoHeadingID(), parser.WithASTTransformers(util.Prioritized(tagger{}, 100))),
		goldmark.WithRendererOptions(
			html.WithXHTML(),
			renderer.WithNodeRenderers(util.Prioritized(&htmlNodes{e: e}, 100)),
		),
	)
}

// HTMLBody renders the edition's Markdown to an HTML fragment.
func (e *Edition) HTMLBody() ([]byte, error) {
	var buf bytes.Buffer
	if err := e.md.Renderer().Render(&buf, e.Markdown, e.root); err != nil {
		return nil, fmt.Errorf("html: %w", err)
	}
	return buf.Bytes(), nil
}

// Languages are the report languages reportgen ships.
var Languages = locale.Languages
