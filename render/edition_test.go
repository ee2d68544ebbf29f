package render_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/internal/reporttest"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/locale"
	"github.com/openzeka/reportgen/render/report"
)

// TestHTMLEscapesAndIsSelfContained: names from the data show as text,
// and the page refers to nothing outside itself.
func TestHTMLEscapesAndIsSelfContained(t *testing.T) {
	t.Parallel()
	ed, err := render.New(report.New(reporttest.Tiny()), render.Options{Lang: "tr", Formats: render.FormatHTML})
	if err != nil {
		t.Fatal(err)
	}
	page, err := ed.HTML()
	if err != nil {
		t.Fatal(err)
	}
	doc := string(page)
	if strings.Contains(doc, "<script>alert(1)</script>") {
		t.Error("a config name reached the HTML as markup")
	}
	if !strings.Contains(doc, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("the config name is not shown as text")
	}
	for _, bad := range []string{`src="http`, `href="http`, `src="charts/`, "@import", "url(http"} {
		if strings.Contains(doc, bad) {
			t.Errorf("the page refers outside itself: %q", bad)
		}
	}
	for _, want := range []string{`<html lang="tr">`, `name="viewport"`, "@media print", `id="1-yonetici-ozeti"`, `href="#1-yonetici-ozeti"`,
		`class="chart"`, `class="caption"`, "default-src 'none'"} {
		if !strings.Contains(doc, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if n := strings.Count(doc, `<img class="chart"`); n != len(ed.Charts()) || n == 0 {
		t.Errorf("%d chart images for %d charts", n, len(ed.Charts()))
	}
}

// TestHTMLMobile checks the markup the phone layout rests on: each
// chart a figure whose image links to its full-size view in the page,
// with the alt text kept and a way back; each table in its scroll box;
// the contents a <details>, closed in the markup (the style sheet shows
// it on a wide screen), whose summary is the contents heading.
func TestHTMLMobile(t *testing.T) {
	t.Parallel()
	for _, lang := range locale.Languages {
		ed, err := render.New(report.New(reporttest.Tiny()), render.Options{Lang: lang, Formats: render.FormatHTML})
		if err != nil {
			t.Fatal(err)
		}
		page, err := ed.HTML()
		if err != nil {
			t.Fatal(err)
		}
		doc := string(page)
		if len(ed.Charts()) == 0 {
			t.Fatal("no charts")
		}
		for _, c := range ed.Charts() {
			figure := regexp.MustCompile(`<div class="figure" id="chart-` + c.Name + `">\n` +
				`<div class="chart-full" id="chart-` + c.Name + `-full"><a class="chart-open" href="#chart-` + c.Name + `-full">` +
				`<img class="chart" alt="([^"]+)" src="data:image/svg\+xml;base64,[^"]+"><span class="chart-hint">[^<]+</span></a></div>\n` +
				`<a class="chart-close" href="#chart-` + c.Name + `">[^<]+</a>\n</div>\n`)
			if !figure.MatchString(doc) {
				t.Errorf("%s: chart %s is not a figure linked to its full-size view", lang, c.Name)
			}
		}
		if tables, boxed := strings.Count(doc, "<table"), strings.Count(doc, "<div class=\"table-scroll\">\n<table"); tables == 0 || boxed != tables {
			t.Errorf("%s: %d of %d tables in a scroll box", lang, boxed, tables)
		}
		title := map[string]string{"tr": "İçindekiler", "en": "Contents"}[lang]
		toc := regexp.MustCompile(`<details class="toc">\n<summary><h2 id="[a-z-]+">` + title + `</h2>\n</summary>\n<ul>\n(?:<li>.*\n|</?ul>\n|</li>\n)*</ul>\n</details>\n`)
		if n := len(toc.FindAllString(doc, -1)); n != 1 || strings.Count(doc, "<details ") != 1 {
			t.Errorf("%s: %d contents lists in a closed <details> headed %q, %d <details> in all", lang, n, title, strings.Count(doc, "<details "))
		}
	}
}

func TestPDFDeterministic(t *testing.T) {
	t.Parallel()
	var first []byte
	for i := 0; i < 2; i++ {
		ed, err := render.New(report.New(reporttest.Tiny()), render.Options{Lang: "tr", Formats: render.FormatPDF})
		if err != nil {
			t.Fatal(err)
		}
		doc, err := ed.PDF()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(doc, []byte("%PDF-")) || !bytes.Contains(doc, []byte("/FontFile2")) {
			t.Fatal("not a PDF with embedded TrueType fonts")
		}
		if first == nil {
			first = doc
		} else if !bytes.Equal(first, doc) {
			t.Error("two PDFs of the same report differ")
		}
	}
}
