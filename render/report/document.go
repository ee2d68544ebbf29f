package report

import (
	"io/fs"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/chart"
	"github.com/openzeka/reportgen/render/locale"
	"github.com/openzeka/reportgen/render/present"
)

// Document is the report of an analysis as a document the engine makes
// editions of (render.New): its charts, its Markdown from the report's
// templates (templates/report/), its cover from the manifest.
type Document struct {
	r *analyze.Report
}

// New is the report of r.
func New(r *analyze.Report) *Document { return &Document{r: r} }

var _ render.Document = (*Document)(nil)

// Locale is the edition's locale: on a rate axis it words levels,
// captions and capacity as request rates (locale.ForReport).
func (d *Document) Locale(lang string, locales fs.FS) (*locale.Locale, error) {
	return locale.ForReport(d.r, lang, locales)
}

// Charts draws the report's charts (chart.Draw).
func (d *Document) Charts(opt chart.Options) ([]chart.Chart, error) { return chart.Draw(d.r, opt) }

// Markdown writes the report from templates/report/report.md.tmpl, each
// section's template seeing its sub-view (subviews.go).
func (d *Document) Markdown(src render.Source) (string, error) {
	v := newView(d.r, src.Locale, src.Charts)
	return render.Execute(src.Templates, "report", "report.md.tmpl", v.funcs(), newRootView(v))
}

// Cover is the manifest's subtitle, and the cover's values below the
// title: customer, reference, document version, model, platform, the
// report date and who prepared it, each where the manifest gives it.
func (d *Document) Cover(loc *locale.Locale) render.Cover {
	meta, lang := d.r.Meta, loc.Lang
	var rows []render.CoverField
	for _, f := range []struct {
		id   string
		text analyze.Text
	}{{"customer", meta.Customer}, {"reference", meta.Reference}, {"doc_version", meta.Version}} {
		if v := f.text.In(lang); v != "" {
			rows = append(rows, render.CoverField{Label: loc.T(f.id), Value: v})
		}
	}
	if model := present.ModelLine(loc, meta, present.Clean); model != "" {
		rows = append(rows, render.CoverField{Label: loc.T("model"), Value: model})
	}
	if p := meta.Platform.In(lang); p != "" {
		rows = append(rows, render.CoverField{Label: loc.T("platform"), Value: p})
	}
	rows = append(rows, render.CoverField{Label: loc.T("report_date"), Value: loc.Month(meta.Date)})
	if p := meta.PreparedBy.In(lang); p != "" {
		rows = append(rows, render.CoverField{Label: loc.T("prepared_by"), Value: p})
	}
	for i := range rows {
		rows[i].Value = present.Clean(rows[i].Value)
	}
	names := make([]string, 0, len(d.r.Configs))
	for _, c := range d.r.Configs {
		names = append(names, c.Name.In(lang))
	}
	return render.Cover{Subtitle: present.Clean(meta.Subtitle.In(lang)), Fields: rows, Meta: meta, Names: names}
}
