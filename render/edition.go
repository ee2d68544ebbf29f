package render

import (
	"bytes"
	"fmt"
	"io/fs"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/openzeka/reportgen/render/chart"
	"github.com/openzeka/reportgen/render/locale"
	"github.com/openzeka/reportgen/templates"
)

// Format is one output of an edition. The formats an edition is made
// for decide the encodings its charts are drawn in: PNG for Markdown
// (linked files) and PDF (embedded), SVG for HTML (inline).
type Format uint8

// The formats.
const (
	FormatMarkdown Format = 1 << iota
	FormatHTML
	FormatPDF
)

// AllFormats is every format.
const AllFormats = FormatMarkdown | FormatHTML | FormatPDF

// Options are everything an edition is made with, given once.
type Options struct {
	// Lang is the edition's language (one of Languages, or one Locales
	// holds).
	Lang string
	// Formats are the outputs the edition is made for. Zero is a value:
	// no charts are drawn and the Markdown links none.
	Formats Format
	// Logo is the manifest's logo (PNG or JPEG), drawn on the PDF's
	// cover; nil for none.
	Logo []byte
	// Templates and Locales replace the embedded files when set;
	// Templates in their layout (page.html, page.css, partials.tmpl, and
	// each document's folder: report/, compare/).
	Templates fs.FS
	Locales   fs.FS
}

// Edition is one language's edition of a document: its charts, its
// Markdown, parsed once; HTML and PDF are both derived from the same
// tree. HTML and PDF may be called concurrently.
type Edition struct {
	Lang     string
	Markdown []byte
	opt      Options
	root     ast.Node
	charts   []chart.Chart
	byPath   map[string]chart.Chart // by the path the Markdown links: "charts/01-ttft.png"
	md       goldmark.Markdown
	cover    Cover
	// locMu guards loc, which is not safe for concurrent use, once New
	// has returned.
	locMu sync.Mutex
	loc   *locale.Locale
	// interaction is what the HTML page adds to the static report (nil:
	// nothing; the document is not Interactive).
	interaction *Interaction
}

// New makes the edition of doc that opt describes: it loads the locale
// once, draws the charts opt.Formats need (concurrently), has doc write
// the Markdown that links them, numbers it and parses it.
func New(doc Document, opt Options) (*Edition, error) {
	loc, err := doc.Locale(opt.Lang, opt.Locales)
	if err != nil {
		return nil, err
	}
	e := &Edition{Lang: opt.Lang, opt: opt, loc: loc, byPath: map[string]chart.Chart{}}
	png, svg := opt.Formats&(FormatMarkdown|FormatPDF) != 0, opt.Formats&FormatHTML != 0
	if png || svg {
		if e.charts, err = doc.Charts(chart.Options{Locale: loc, PNG: png, SVG: svg}); err != nil {
			return nil, fmt.Errorf("%s charts: %w", opt.Lang, err)
		}
	}
	refs := map[string]string{}
	for _, c := range e.charts {
		p := "charts/" + c.Name + ".png"
		refs[c.Name] = p
		e.byPath[p] = c
	}
	tfs := opt.Templates
	if tfs == nil {
		tfs = templates.FS
	}
	src := Source{Locale: loc, Templates: tfs, Locales: opt.Locales, Charts: refs}
	md, err := doc.Markdown(src)
	if err != nil {
		return nil, err
	}
	if in, ok := doc.(Interactive); ok {
		if e.interaction, err = in.Interaction(src); err != nil {
			return nil, fmt.Errorf("%s page: %w", opt.Lang, err)
		}
	}
	if err := loc.Err(); err != nil {
		return nil, err
	}
	e.Markdown = []byte(tidy(string(outline([]byte(tidy(md)), loc))))
	e.cover = doc.Cover(loc)
	e.parse()
	if e.interaction != nil {
		e.annotate(e.interaction.Cells)
	}
	return e, nil
}

// parse sets the edition's goldmark up and parses its Markdown once,
// for HTML and PDF alike.
func (e *Edition) parse() {
	e.md = newMarkdown(e)
	ctx := parser.NewContext(parser.WithIDs(goldmarkIDs{NewIDs()}))
	e.root = e.md.Parser().Parse(text.NewReader(e.Markdown), parser.WithContext(ctx))
}

// Charts are the edition's charts in the order its document places
// them, in the encodings its formats need.
func (e *Edition) Charts() []chart.Chart { return e.charts }

// newMarkdown is the one goldmark setup of reportgen: GitHub tables,
// heading ids that keep Turkish readable, raw HTML off (all manifest and
// data text reaches the page as text), and reportgen's node renderers.
func newMarkdown(e *Edition) goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough),
		goldmark.WithParserOptions(parser.WithAutoHeadingID(), parser.WithASTTransformers(util.Prioritized(tagger{}, 100))),
		goldmark.WithRendererOptions(
			html.WithXHTML(),
			renderer.WithNodeRenderers(util.Prioritized(newHTMLNodes(e), 100)),
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
