package render

import (
	"io/fs"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/chart"
	"github.com/openzeka/reportgen/render/locale"
)

// Document is what an edition is made of: a report (render/report) or
// a comparison of two (render/comparison). The engine asks it, once per
// edition, for its locale, its charts, its Markdown and its cover; the
// rest (numbering, contents, HTML, PDF) is the engine's, the same for
// every document. A Document is used by editions of several languages
// at once: it keeps nothing of one edition.
type Document interface {
	// Locale is the edition's locale in lang, its messages read from
	// locales (the embedded ones when nil).
	Locale(lang string, locales fs.FS) (*locale.Locale, error)
	// Charts draws the document's charts in the encodings opt asks for,
	// in the order the document places them.
	Charts(opt chart.Options) ([]chart.Chart, error)
	// Markdown writes the document from its templates (Execute), its
	// sections and figures unnumbered: the engine numbers them and
	// writes the contents (outline).
	Markdown(src Source) (string, error)
	// Cover is what the edition's PDF shows beside the title its
	// Markdown gives, in loc's language.
	Cover(loc *locale.Locale) Cover
}

// Source is what a document writes its Markdown from: the edition's
// locale, the templates (never nil), the messages the locale was read
// from (nil for the embedded ones), and the path the Markdown links
// each drawn chart by, by its name ("01-ttft": "charts/01-ttft.png");
// a chart not in Charts is not placed.
type Source struct {
	Locale    *locale.Locale
	Templates fs.FS
	Locales   fs.FS
	Charts    map[string]string
}

// Cover is what an edition's PDF shows beside its Markdown, as valid
// UTF-8: the cover's subtitle and labelled values, the manifest whose
// author, date, confidentiality mark and company the PDF's metadata,
// cover and footers give, and the configuration names its charts draw
// (ChartUnprintable).
type Cover struct {
	Subtitle string
	Fields   []CoverField
	Meta     analyze.Meta
	Names    []string
}

// CoverField is one labelled value of the cover.
type CoverField struct{ Label, Value string }
