package comparison

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/analyze/compare"
	"github.com/openzeka/reportgen/ingest"
	"github.com/openzeka/reportgen/internal/testutil"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/locale"
)

// sampleReport reads and analyzes a sample report folder as build does.
func sampleReport(t *testing.T, dir string) *analyze.Report {
	t.Helper()
	c, err := ingest.Read(dir, ingest.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := analyze.Build(c, analyze.Options{Now: time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// compareReports compares two reports as reportgen compare does by
// default (a 5 % threshold), with the sources named as given.
func compareReports(t *testing.T, old, cand *analyze.Report, oldSrc, candSrc string) *compare.Comparison {
	t.Helper()
	c, err := compare.New(old, cand, compare.Options{ThresholdPct: compare.DefaultThresholdPct, BaselineSource: oldSrc, CandidateSource: candSrc})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// sampleComparison is the sample pair, samples/compare/before against
// samples/compare/after (per-request data; samples/compare/README.md
// says what the candidate changes).
func sampleComparison(t *testing.T) *compare.Comparison {
	t.Helper()
	return compareReports(t, sampleReport(t, "../../samples/compare/before"), sampleReport(t, "../../samples/compare/after"),
		"samples/compare/before", "samples/compare/after")
}

// TestComparisonMarkdownGolden renders the sample pair's comparison in
// every language (its charts linked) and compares it with
// testdata/compare.<lang>.md.
func TestComparisonMarkdownGolden(t *testing.T) {
	t.Parallel()
	c := sampleComparison(t)
	for _, lang := range locale.Languages {
		ed, err := render.New(New(c), render.Options{Lang: lang, Formats: render.FormatMarkdown})
		if err != nil {
			t.Fatal(err)
		}
		testutil.Golden(t, filepath.Join("testdata", "compare."+lang+".md"), ed.Markdown)
	}
}

// TestComparisonDeterministic: two renders of one comparison give the
// same bytes in every format, charts included.
func TestComparisonDeterministic(t *testing.T) {
	t.Parallel()
	c := sampleComparison(t)
	render := func() (md, html, pdf []byte, charts [][]byte) {
		ed, err := render.New(New(c), render.Options{Lang: "tr", Formats: render.AllFormats})
		if err != nil {
			t.Fatal(err)
		}
		if html, err = ed.HTML(); err != nil {
			t.Fatal(err)
		}
		if pdf, err = ed.PDF(); err != nil {
			t.Fatal(err)
		}
		for _, ch := range ed.Charts() {
			charts = append(charts, ch.PNG, ch.SVG)
		}
		return ed.Markdown, html, pdf, charts
	}
	md1, html1, pdf1, ch1 := render()
	md2, html2, pdf2, ch2 := render()
	if !bytes.Equal(md1, md2) || !bytes.Equal(html1, html2) || !bytes.Equal(pdf1, pdf2) {
		t.Error("two renders of one comparison differ")
	}
	if len(ch1) != len(ch2) || len(ch1) == 0 {
		t.Fatalf("%d and %d chart encodings", len(ch1), len(ch2))
	}
	for i := range ch1 {
		if !bytes.Equal(ch1[i], ch2[i]) {
			t.Errorf("chart encoding %d differs between two renders", i)
		}
	}
}

// TestNoTestNeverSignificant: a change with no test is shown as such
// wherever it appears (the headline table, the appendix, the verdict's
// table), never with a p-value, whatever else the delta holds.
func TestNoTestNeverSignificant(t *testing.T) {
	t.Parallel()
	c := sampleComparison(t)
	// A delta that claims what no test can give: significant, with a
	// p-value (vLLM's system throughput at c=16, which its TPS
	// confirms).
	cf := &c.Configs[0]
	var forged *compare.Delta
	for i := range cf.Deltas {
		if d := &cf.Deltas[i]; d.Headline && d.Metric == compare.Metric(analyze.SystemRPS) && d.Change == compare.Improved {
			forged = d
			break
		}
	}
	if forged == nil {
		t.Fatal("no confirmed headline system throughput delta in the sample")
	}
	forged.Significant, forged.PValue, forged.NOld, forged.NNew = true, 0.0001, 40, 40
	for _, lang := range locale.Languages {
		loc, err := locale.New(lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		v := &view{C: c, loc: loc}
		none, p := loc.T("compare_sig_none"), regexp.MustCompile(`\bp [=<≤]`)
		checkNoTest(t, v, none, p)
		ed, err := render.New(New(c), render.Options{Lang: lang})
		if err != nil {
			t.Fatal(err)
		}
		md := string(ed.Markdown)
		// The forged delta's cell, in the headline table and the
		// appendix: its values, then what confirmed it, no p-value.
		cell := v.deltaCell(*forged)
		if n := strings.Count(md, cell); n != 2 || p.MatchString(cell) || !strings.Contains(cell, glue("("+loc.T("compare_ev_same")+")")) {
			t.Errorf("%s: the cell of a delta with no test, %q, is in the edition %d times (want 2) or names a p-value", lang, cell, n)
		}
		// The verdict's table says the system throughput once, with the
		// TPS whose measurement it is, and no p-value of its own.
		what := v.whatChanged(*cf)
		if n := strings.Count(what, loc.T("compare_mshort_system_rps")); n != 1 || !strings.Contains(what, loc.T("compare_with_system")) {
			t.Errorf("%s: the system throughput is named %d times in %q, want once, with the TPS", lang, n, what)
		}
	}
}

// checkNoTest checks how v words every delta with no test: "no test"
// (none) as its test, and no p-value (p) in its sentence, which says
// what confirmed it, that nothing did, or why it had no test.
func checkNoTest(t *testing.T, v *view, none string, p *regexp.Regexp) {
	t.Helper()
	for _, cfg := range v.C.Configs {
		for _, d := range cfg.Deltas {
			if d.Test != compare.TestNone {
				continue
			}
			if got := v.testShort(d); got != none {
				t.Errorf("%s %s %s: test %q, want %q", v.loc.Lang, cfg.ID, d.Metric, got, none)
			}
			want := map[string]string{compare.ConfirmedByLevels: "compare_confirmed_levels", compare.ConfirmedBySameMeasure: "compare_confirmed_same",
				compare.ConfirmedByLevel: "compare_confirmed_level"}[d.ConfirmedBy]
			switch {
			case want == "" && d.Unconfirmed:
				want = "compare_unconfirmed"
			case want == "":
				want = "compare_sig_none_why"
			}
			words := strings.TrimSpace(v.loc.T(want, "At", "", "Why", ""))
			if got := v.testLong(d); p.MatchString(got) || !strings.Contains(got, words) {
				t.Errorf("%s %s %s: %q names a p-value, or lacks %q", v.loc.Lang, cfg.ID, d.Metric, got, words)
			}
		}
	}
}

// TestComparisonEditions renders comparisons that take the sections'
// other branches (a campaign against itself, on a rate axis, with SLOs
// that differ, with metric definitions that differ, with nothing in
// common) in every language: each renders, asks no message it lacks,
// and says what it must.
func TestComparisonEditions(t *testing.T) {
	t.Parallel()
	before, after := sampleReport(t, "../../samples/compare/before"), sampleReport(t, "../../samples/compare/after")
	rate := sampleReport(t, "../../samples/rate-sweep")
	mixed := sampleReport(t, "../../samples/mixed-tools")
	stricter := sampleReport(t, "../../samples/compare/after")
	stricter.Params.SLOTTFTms = 500
	decode := sampleReport(t, "../../samples/compare/after")
	for i := range decode.Configs {
		decode.Configs[i].Definitions.TPS = "decode"
	}
	for _, tt := range []struct {
		name      string
		old, cand *analyze.Report
		want      map[string][]string // by language
	}{
		{"reversed", after, before, map[string][]string{
			"en": {"| vLLM: **worse** | Worse: C_max (P90) ≥ 32 → 16 (≤ −50.0%) and users ≥ 310 → 207 (≤ −33.2%), confirmed at c=32;",
				"**Action:** Stay with the baseline, and find the cause of the regression. |", "as the baseline's value is only a lower bound"},
			"tr": {"| vLLM: **daha kötü** | Daha kötü: C_max (P90) ≥ 32 → 16 (≤ −%50,0) ve kullanıcı sayısı ≥ 310 → 207 (≤ −%33,2); c=32 seviyesinde doğrulandı;",
				"**Ne yapılmalı:** Referansta kalın ve gerilemenin nedenini bulun. |", "referansın değeri yalnızca bir alt sınır"}}},
		{"self", before, before, map[string][]string{
			"en": {"**Overall: no change.**", "Every configuration and every level of each side was compared", "**Action:** None needed. |",
				"**One run per side:** the p-values describe these two runs"},
			"tr": {"**Genel karar: değişiklik yok.**", "İki tarafın her yapılandırması ve her seviyesi karşılaştırıldı", "**Ne yapılmalı:** Gerek yok. |",
				"**Her tarafta tek koşu:** p değerleri bu iki koşuyu anlatır"}}},
		{"rate axis", rate, rate, map[string][]string{
			"en": {"the load axis (request rate)", "R_max (P90)"},
			"tr": {"yük ekseni (istek hızı)", "R_max (P90)"}}},
		{"mixed tools", mixed, mixed, map[string][]string{"en": {"**Overall: no change.**"}, "tr": {"**Genel karar: değişiklik yok.**"}}},
		{"SLOs differ", before, stricter, map[string][]string{
			"en": {"| TTFT SLO | every configuration | ≤ 1,000 ms | ≤ 500 ms |", "checked against different SLOs"},
			"tr": {"| TTFT SLO'su | tüm yapılandırmalar | ≤ 1.000 ms | ≤ 500 ms |", "farklı SLO'larla denetlendi"}}},
		{"definitions differ", before, decode, map[string][]string{
			"en": {"the sides define per-user TPS differently", "| TPS definition |"},
			"tr": {"iki taraf kullanıcı başına TPS metriğini farklı tanımlıyor", "| TPS tanımı |"}}},
		{"nothing in common", after, rate, map[string][]string{
			"en": {"**Overall: cannot be told.**", "| vLLM + EAGLE-3: **baseline only** | Not compared, as the other side lacks it: C_max (P90) 16, serving 231 users;",
				"**vLLM + EAGLE-3** (baseline only, measured with `requests`): C_max (P90) 16, serving 231 users. Its own numbers, not compared with anything:"},
			"tr": {"**Genel karar: belirlenemiyor.**", "| vLLM + EAGLE-3: **yalnızca referansta** | Öbür tarafta olmadığı için karşılaştırılmadı: C_max (P90) 16, 231 kullanıcıya hizmet veriyor;",
				"**vLLM + EAGLE-3** (yalnızca referansta, `requests` ile ölçüldü): C_max (P90) 16, 231 kullanıcıya hizmet veriyor. Hiçbir şeyle karşılaştırılmayan kendi sayıları:"}}},
	} {
		c := compareReports(t, tt.old, tt.cand, "a", "b")
		for _, lang := range locale.Languages {
			ed, err := render.New(New(c), render.Options{Lang: lang})
			if err != nil {
				t.Fatalf("%s %s: %v", tt.name, lang, err)
			}
			md := string(ed.Markdown)
			if strings.Contains(md, "no value>") {
				t.Errorf("%s %s: a message lacks an argument", tt.name, lang)
			}
			for _, w := range tt.want[lang] {
				if !strings.Contains(md, w) {
					t.Errorf("%s %s: the edition lacks %q", tt.name, lang, w)
				}
			}
		}
	}
}

// TestComparisonHTML: the page is self-contained, in its language, with
// every chart inline as SVG in a figure, and the verdict first.
func TestComparisonHTML(t *testing.T) {
	t.Parallel()
	c := sampleComparison(t)
	for _, lang := range locale.Languages {
		ed, err := render.New(New(c), render.Options{Lang: lang, Formats: render.FormatHTML})
		if err != nil {
			t.Fatal(err)
		}
		page, err := ed.HTML()
		if err != nil {
			t.Fatal(err)
		}
		doc := string(page)
		if n := strings.Count(doc, `<img class="chart" alt="`); n != len(ed.Charts()) || n != 4 {
			t.Errorf("%s: %d chart images for %d charts, want 4", lang, n, len(ed.Charts()))
		}
		for _, bad := range []string{`src="http`, `href="http`, `src="charts/`, "@import", "url(http"} {
			if strings.Contains(doc, bad) {
				t.Errorf("%s: the page refers outside itself: %q", lang, bad)
			}
		}
		first := map[string]string{"en": `<h2 id="1-verdict">1. Verdict</h2>`, "tr": `<h2 id="1-karar">1. Karar</h2>`}[lang]
		if i, j := strings.Index(doc, first), strings.Index(doc, `<details class="toc">`); i < 0 || j < 0 || i > j {
			t.Errorf("%s: the verdict (%q) does not come before the contents", lang, first)
		}
		if !strings.Contains(doc, `<html lang="`+lang+`">`) || !strings.Contains(doc, "data:image/svg+xml;base64,") {
			t.Errorf("%s: the page's language or its inline SVG charts are missing", lang)
		}
	}
}

// TestComparisonPDF reads the sample comparison's PDF back: the cover
// names both sides, page 2 opens with the verdict, the Turkish letters
// are text, no page ends in a heading, and every chart is embedded.
func TestComparisonPDF(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler) is not installed")
	}
	c := sampleComparison(t)
	for _, lang := range locale.Languages {
		ed, err := render.New(New(c), render.Options{Lang: lang, Formats: render.FormatPDF})
		if err != nil {
			t.Fatal(err)
		}
		doc, err := ed.PDF()
		if err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(doc, []byte("/Subtype /Image")); n < len(ed.Charts()) || len(ed.Charts()) != 4 {
			t.Errorf("%s: %d images for %d charts", lang, n, len(ed.Charts()))
		}
		file := filepath.Join(t.TempDir(), "compare.pdf")
		if err := os.WriteFile(file, doc, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("pdftotext", "-layout", file, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		pages := strings.Split(string(out), "\f")
		words := map[string][5]string{
			"en": {"Baseline: Llama 3.1 8B: Before the Upgrade", "1. Verdict", "Overall: mixed.", "synthetic sample data", "One run per side:"},
			"tr": {"Referans: Llama 3.1 8B: Yükseltmeden Önce", "1. Karar", "Genel karar: karışık.", "sentetik örnek veri", "Her tarafta tek koşu:"},
		}[lang]
		l := testLocale(t, lang)
		cover := strings.Join(bodyLines(pages[0]), " ")
		for _, w := range []string{words[0], words[3], l.Month(c.Baseline.Date), l.Month(c.Candidate.Date)} {
			if !strings.Contains(cover, w) {
				t.Errorf("%s: the cover lacks %q", lang, w)
			}
		}
		if !strings.Contains(strings.Join(bodyLines(pages[1]), " "), words[4]) {
			t.Errorf("%s: page 2 lacks the line on one run per side (%q)", lang, words[4])
		}
		if body := bodyLines(pages[1]); len(body) < 2 || body[1] != words[1] || !strings.HasPrefix(body[2], words[2]) {
			t.Errorf("%s: page 2 does not open with the verdict: %q", lang, body[:min(3, len(body))])
		}
		if lang == "tr" && !strings.ContainsAny(string(out), "şğıİçöü") {
			t.Error("tr: no Turkish letter in the PDF's text")
		}
		noHeadingEndsAPage(t, lang, ed.Markdown, pages)
	}
}

// noHeadingEndsAPage fails when the last line of a page's text (before
// its footer) is a heading of md.
func noHeadingEndsAPage(t *testing.T, lang string, md []byte, pages []string) {
	t.Helper()
	headings := map[string]bool{}
	for _, ln := range strings.Split(string(md), "\n") {
		if strings.HasPrefix(ln, "#") {
			headings[strings.TrimSpace(strings.TrimLeft(ln, "#"))] = true
		}
	}
	for i, p := range pages[:len(pages)-1] {
		if body := bodyLines(p); len(body) > 1 && headings[body[len(body)-2]] {
			t.Errorf("%s: page %d ends in the heading %q", lang, i+1, body[len(body)-2])
		}
	}
}

// bodyLines are a PDF page's non-blank lines as pdftotext lays them
// out, spaces collapsed (the running header first, the footer last).
func bodyLines(page string) []string {
	var out []string
	for _, ln := range strings.Split(page, "\n") {
		if ln = strings.Join(strings.Fields(ln), " "); ln != "" {
			out = append(out, ln)
		}
	}
	return out
}

// testLocale is the embedded locale of lang.
func testLocale(t *testing.T, lang string) *locale.Locale {
	t.Helper()
	l, err := locale.New(lang, nil)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestComparisonNeedsBothAnalyses: a comparison read back without its
// analyses (compare.json alone) cannot draw an edition.
func TestComparisonNeedsBothAnalyses(t *testing.T) {
	t.Parallel()
	c := &compare.Comparison{Target: math.NaN()}
	if _, err := render.New(New(c), render.Options{Lang: "en"}); err == nil {
		t.Error("a comparison without its analyses rendered")
	}
}

// TestLeaning: a "no change" verdict does not say "none needed" where a
// headline statistic moved one way beyond the threshold at most of its
// levels (more than half; exactly half is not most) and the other way at
// none, unconfirmed; a significant trend, or one that went both ways,
// is no lean.
func TestLeaning(t *testing.T) {
	t.Parallel()
	trend := func(levels, better, worse int, sig, headline bool) compare.Trend {
		return compare.Trend{Metric: compare.Metric(analyze.TTFT), Stat: analyze.P90, Levels: levels,
			BeyondBetter: better, BeyondWorse: worse, Significant: sig, Headline: headline}
	}
	for _, tt := range []struct {
		name string
		t    compare.Trend
		want bool
	}{
		{"worse at 4 of 5", trend(5, 0, 4, false, true), true},
		{"better at 3 of 5", trend(5, 3, 0, false, true), true},
		{"worse at 3 of 6, exactly half", trend(6, 0, 3, false, true), false},
		{"worse at 4 of 6", trend(6, 0, 4, false, true), true},
		{"both ways", trend(5, 1, 3, false, true), false},
		{"significant", trend(9, 0, 9, true, true), false},
		{"not a headline statistic", trend(5, 0, 5, false, false), false},
	} {
		_, got := leaning(compare.Config{AcrossLevels: []compare.Trend{tt.t}})
		if got != tt.want {
			t.Errorf("%s: leaning %v, want %v", tt.name, got, tt.want)
		}
	}
}
