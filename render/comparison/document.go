package comparison

import (
	"fmt"
	"io/fs"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/analyze/compare"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/chart"
	"github.com/openzeka/reportgen/render/locale"
	"github.com/openzeka/reportgen/render/present"
)

// Document is a comparison (reportgen compare) as a document the engine
// makes editions of (render.New): the verdict, what differs, the
// headline changes, the overlay charts and the delta heat map, every
// change in the appendix and the method, from the comparison's
// templates (templates/compare/), with the same page, fonts, cover and
// footer as a report's. It needs both analyses (Comparison.Old and New,
// as compare.New leaves them): without them every edition fails.
type Document struct {
	c *compare.Comparison
}

// New is the comparison document of c.
func New(c *compare.Comparison) *Document { return &Document{c: c} }

var _ render.Document = (*Document)(nil)

// Locale is the edition's locale, the baseline's: on a rate axis it
// words levels as request rates (locale.ForReport).
func (d *Document) Locale(lang string, locales fs.FS) (*locale.Locale, error) {
	if d.c == nil || d.c.Old == nil || d.c.New == nil {
		return nil, fmt.Errorf("comparison: the baseline's and the candidate's analyses are needed")
	}
	return locale.ForReport(d.c.Old, lang, locales)
}

// Charts draws the headline metrics overlaid and the delta heat map;
// none when no level was compared (chart.DrawComparison).
func (d *Document) Charts(opt chart.Options) ([]chart.Chart, error) {
	return chart.DrawComparison(d.c, opt)
}

// Markdown writes the comparison from templates/compare/compare.md.tmpl,
// each section's template seeing its sub-view (subviews.go). Where the
// candidate's load axis is not the baseline's, its levels are worded in
// a locale of its own.
func (d *Document) Markdown(src render.Source) (string, error) {
	v := &view{C: d.c, loc: src.Locale, charts: src.Charts}
	if d.c.New.Axis != d.c.Old.Axis {
		var err error
		if v.locNew, err = locale.ForReport(d.c.New, src.Locale.Lang, src.Locales); err != nil {
			return "", err
		}
	}
	md, err := render.Execute(src.Templates, "compare", "compare.md.tmpl", v.funcs(), newRootView(v))
	if err != nil {
		return "", err
	}
	if err := v.loc.Err(); err != nil {
		return "", err
	}
	if v.locNew != nil {
		if err := v.locNew.Err(); err != nil {
			return "", err
		}
	}
	return md, nil
}

// Cover is the comparison's: its subtitle (the two sides' titles), the
// candidate's manifest fields as a report's cover gives them, each
// side's date and description, the model and platform of both sides
// where they differ, and the configuration names of both sides (for
// ChartUnprintable). The candidate's manifest gives the PDF's author,
// date, mark and footer.
func (d *Document) Cover(loc *locale.Locale) render.Cover {
	v := &view{C: d.c, loc: loc}
	lang := loc.Lang
	meta := d.c.New.Meta
	cover := render.Cover{Subtitle: present.Clean(v.subtitleText()), Meta: meta}
	add := func(label, value string) {
		if value != "" {
			cover.Fields = append(cover.Fields, render.CoverField{Label: label, Value: present.Clean(value)})
		}
	}
	for _, fd := range []struct {
		id   string
		text analyze.Text
	}{{"customer", meta.Customer}, {"reference", meta.Reference}, {"doc_version", meta.Version}} {
		add(loc.T(fd.id), fd.text.In(lang))
	}
	add(loc.T("compare_col_baseline"), v.sideField(d.c.Baseline))
	add(loc.T("compare_col_candidate"), v.sideField(d.c.Candidate))
	add(loc.T("model"), v.bothSides(func(m analyze.Meta) string { return present.ModelLine(loc, m, present.Clean) }))
	add(loc.T("platform"), v.bothSides(func(m analyze.Meta) string { return m.Platform.In(lang) }))
	add(loc.T("prepared_by"), meta.PreparedBy.In(lang))
	for _, r := range []*analyze.Report{d.c.Old, d.c.New} {
		for _, c := range r.Configs {
			cover.Names = append(cover.Names, c.Name.In(lang))
		}
	}
	return cover
}
