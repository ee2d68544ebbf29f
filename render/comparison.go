package render

import (
	"fmt"
	"io/fs"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/analyze/compare"
	"github.com/openzeka/reportgen/render/chart"
	"github.com/openzeka/reportgen/render/locale"
	"github.com/openzeka/reportgen/render/present"
	"github.com/openzeka/reportgen/templates"
)

// ComparisonEdition is one language's comparison edition (reportgen
// compare): the verdict, what differs, the headline changes, the
// overlay charts and the delta heat map, every change in the appendix
// and the method. Like an Edition it is made once (NewComparison) and
// its HTML and PDF are derived from its one Markdown tree, with the
// same page, fonts, cover and footer as a report's; HTML and PDF may be
// called concurrently.
type ComparisonEdition struct {
	Lang       string
	Markdown   []byte
	Comparison *compare.Comparison
	// ed holds the tree, the charts and the locale, and lays the pages
	// out as a report's edition does; its report is the candidate's,
	// whose manifest gives the cover's and the footer's fields.
	ed *Edition
}

// NewComparison makes the comparison edition of c that opt describes:
// it loads the locale once, draws the charts opt.Formats need (the
// headline metrics overlaid and the delta heat map; none when no level
// was compared), renders the Markdown from the comparison templates
// (templates/compare*.tmpl) and parses it. c must hold both analyses
// (Comparison.Old and New, as compare.New leaves them).
func NewComparison(c *compare.Comparison, opt Options) (*ComparisonEdition, error) {
	if c == nil || c.Old == nil || c.New == nil {
		return nil, fmt.Errorf("comparison: the baseline's and the candidate's analyses are needed")
	}
	loc, err := locale.ForReport(c.Old, opt.Lang, opt.Locales)
	if err != nil {
		return nil, err
	}
	e := &Edition{Lang: opt.Lang, Report: c.New, opt: opt, loc: loc, byPath: map[string]chart.Chart{}}
	png, svg := opt.Formats&(FormatMarkdown|FormatPDF) != 0, opt.Formats&FormatHTML != 0
	if png || svg {
		if e.charts, err = chart.DrawComparison(c, chart.Options{Locale: loc, PNG: png, SVG: svg}); err != nil {
			return nil, fmt.Errorf("%s charts: %w", opt.Lang, err)
		}
	}
	refs := map[string]string{}
	for _, ch := range e.charts {
		p := "charts/" + ch.Name + ".png"
		refs[ch.Name] = p
		e.byPath[p] = ch
	}
	v := &cmpView{C: c, loc: loc, charts: refs}
	if c.New.Axis != c.Old.Axis {
		if v.locNew, err = locale.ForReport(c.New, opt.Lang, opt.Locales); err != nil {
			return nil, err
		}
	}
	if e.Markdown, err = comparisonMarkdown(v, opt.Templates); err != nil {
		return nil, err
	}
	e.front = v.front()
	e.parse()
	return &ComparisonEdition{Lang: opt.Lang, Markdown: e.Markdown, Comparison: c, ed: e}, nil
}

// Charts are the edition's charts in the order it places them, in the
// encodings its formats need.
func (ce *ComparisonEdition) Charts() []chart.Chart { return ce.ed.Charts() }

// HTML renders the edition as one self-contained page, as a report's.
func (ce *ComparisonEdition) HTML() ([]byte, error) { return ce.ed.HTML() }

// PDF lays the edition out on A4 as a report's: cover, contents, body,
// running header and footers, bookmarks.
func (ce *ComparisonEdition) PDF() ([]byte, error) { return ce.ed.PDF() }

// Unprintable lists the characters of the PDF's text no embedded font
// can draw (Edition.Unprintable).
func (ce *ComparisonEdition) Unprintable() []rune { return ce.ed.Unprintable() }

// ChartUnprintable lists the characters of both sides' configuration
// names that the PNG charts' font cannot draw (Edition.ChartUnprintable).
func (ce *ComparisonEdition) ChartUnprintable() []rune { return ce.ed.ChartUnprintable() }

// RightToLeft reports whether the PDF's text holds right-to-left script
// (Edition.RightToLeft).
func (ce *ComparisonEdition) RightToLeft() bool { return ce.ed.RightToLeft() }

// comparisonMarkdown renders the comparison as Markdown from the
// comparison templates of tfs (the embedded ones when nil) and
// partials.tmpl, then numbers its sections and figures and writes its
// contents (outline).
func comparisonMarkdown(v *cmpView, tfs fs.FS) ([]byte, error) {
	if tfs == nil {
		tfs = templates.FS
	}
	md, err := execute(tfs, "compare.md.tmpl", true, v.funcs(), newCmpDocument(v))
	if err != nil {
		return nil, err
	}
	if err := v.loc.Err(); err != nil {
		return nil, err
	}
	if v.locNew != nil {
		if err := v.locNew.Err(); err != nil {
			return nil, err
		}
	}
	return []byte(tidy(string(outline([]byte(tidy(md)), v.loc)))), nil
}

// front is the comparison's cover: its subtitle (the two sides), the
// candidate's manifest fields as a report's cover gives them, the model
// and platform of both sides where they differ, and the configuration
// names of both sides (for ChartUnprintable).
func (v *cmpView) front() *front {
	lang := v.loc.Lang
	meta := v.C.New.Meta
	f := &front{subtitle: present.Clean(v.subtitleText())}
	add := func(label, value string) {
		if value != "" {
			f.cover = append(f.cover, coverField{label, present.Clean(value)})
		}
	}
	for _, fd := range []struct {
		id   string
		text analyze.Text
	}{{"customer", meta.Customer}, {"reference", meta.Reference}, {"doc_version", meta.Version}} {
		add(v.loc.T(fd.id), fd.text.In(lang))
	}
	add(v.loc.T("model"), v.bothSides(func(m analyze.Meta) string { return modelLine(v.loc, m, present.Clean) }))
	add(v.loc.T("platform"), v.bothSides(func(m analyze.Meta) string { return m.Platform.In(lang) }))
	add(v.loc.T("report_date"), v.loc.Month(meta.Date))
	add(v.loc.T("prepared_by"), meta.PreparedBy.In(lang))
	for _, r := range []*analyze.Report{v.C.Old, v.C.New} {
		for _, c := range r.Configs {
			f.names = append(f.names, c.Name.In(lang))
		}
	}
	return f
}
