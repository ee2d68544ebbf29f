package render

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/chart"
	"github.com/openzeka/reportgen/render/pdf"
	"github.com/openzeka/reportgen/render/present"
)

// PDF lays the edition out on A4 (pdf.Write): a cover page, a table of
// contents with page numbers and links, every section from the same
// Markdown tree as the HTML, a running header with the title, "Page n /
// N" footers, and an outline (bookmarks) of every section. The same
// input gives the same bytes: the creation date is the date of the
// document's manifest (Cover.Meta).
//
// PDF refuses, before laying anything out, a logo that is not a PNG or
// JPEG image or has more than pdf.MaxLogoPixels pixels, and charts
// drawn without their PNG (chart.Options.PNG).
func (e *Edition) PDF() ([]byte, error) {
	if err := pdf.CheckLogo(e.opt.Logo); err != nil {
		return nil, err
	}
	images := make(map[string][]byte, len(e.byPath))
	for _, name := range slices.Sorted(maps.Keys(e.byPath)) {
		if e.byPath[name].PNG == nil {
			return nil, fmt.Errorf("pdf: chart %s was drawn without its PNG", e.byPath[name].Name)
		}
		images[name] = e.byPath[name].PNG
	}
	e.locMu.Lock()
	defer e.locMu.Unlock()
	a := e.pdfAssets()
	a.Images = images
	a.Logo = e.opt.Logo
	return pdf.Write(e.root, e.Markdown, a)
}

// pdfAssets are the edition's title, cover, page furniture and glue
// units for pdf.Write, as valid UTF-8; without images and logo. The
// caller holds e.locMu while they are in use (PageLabel words the
// footers with the locale).
func (e *Edition) pdfAssets() pdf.Assets {
	meta := e.cover.Meta
	appendixPrefix := e.loc.T("appendix") + " "
	var cover []pdf.Field
	for _, f := range e.cover.Fields {
		cover = append(cover, pdf.Field{Label: e.loc.Upper(f.Label), Value: f.Value})
	}
	return pdf.Assets{
		Title:         e.title(),
		Subtitle:      e.cover.Subtitle,
		Author:        present.Clean(meta.PreparedBy.In(e.Lang)),
		Subject:       e.loc.T("pdf_subject"),
		Date:          meta.Date,
		DateText:      e.loc.Month(meta.Date),
		Cover:         cover,
		Mark:          present.Clean(meta.Confidentiality.In(e.Lang)),
		Footer:        e.footer(),
		ContentsTitle: e.loc.T("toc_title"),
		PageLabel: func(page, total int) string {
			return e.loc.T("page_of", "N", strconv.Itoa(page), "Total", strconv.Itoa(total))
		},
		GlueUnits: e.glueUnits(),
		// The appendix's sections without their subsections, as the
		// Markdown's contents list them.
		InContents: func(_, parent string) bool { return !strings.HasPrefix(parent, appendixPrefix) },
		// The appendix starts a page.
		PageBefore: func(title string) bool { return strings.HasPrefix(title, appendixPrefix+"A:") },
		// The charts whose text is small for their size print at the
		// text's full width.
		WideImage: func(dest string) bool { return chart.Wide(strings.TrimSuffix(path.Base(dest), path.Ext(dest))) },
	}
}

// glueMetrics are the metrics whose units the PDF keeps on their
// number's line.
var glueMetrics = []analyze.MetricID{analyze.TTFT, analyze.ITL, analyze.TPS, analyze.Latency, analyze.SystemRPS, analyze.AggregateTPS}

// glueUnits are the words a line never starts with after a number: each
// metric's unit as tables print it ("req/s") and as the edition's
// sentences write it ("istek/s"), and GB, which manifests use for
// memory.
func (e *Edition) glueUnits() []string {
	units := []string{"GB"}
	for _, id := range glueMetrics {
		look := present.MustOf(id)
		units = append(units, look.Unit, e.loc.T("unit_word_"+look.UnitID()))
	}
	slices.Sort(units)
	return slices.Compact(units)
}

// footer is the middle of the PDF's footer: the company and the
// confidentiality mark, as the manifest gives them.
func (e *Edition) footer() string {
	var parts []string
	for _, t := range []analyze.Text{e.cover.Meta.Company, e.cover.Meta.Confidentiality} {
		if s := present.Clean(t.In(e.Lang)); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " · ")
}
