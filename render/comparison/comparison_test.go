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
// wherever it appears (the headline table, the appendix, a verdict
// line), never with a p-value, whatever else the delta holds.
func TestNoTestNeverSignificant(t *testing.T) {
	t.Parallel()
	c := sampleComparison(t)
	// A delta that claims what no test can give: significant, with a
	// p-value.
	cf := &c.Configs[0]
	var forged *compare.Delta
	for i := range cf.Deltas {
		if d := &cf.Deltas[i]; d.Headline && d.Metric == compare.Metric(analyze.SystemRPS) {
			forged = d
			break
		}
	}
	if forged == nil {
		t.Fatal("no headline system throughput delta in the sample")
	}
	forged.Significant, forged.PValue, forged.NOld, forged.NNew = true, 0.0001, 40, 40
	cf.DecidedBy = append([]compare.Delta{*forged}, cf.DecidedBy...)
	for _, lang := range locale.Languages {
		loc, err := locale.New(lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		v := &view{C: c, loc: loc}
		none, p := loc.T("compare_sig_none"), regexp.MustCompile(`\bp [=<]`)
		checkNoTest(t, v, none, p)
		ed, err := render.New(New(c), render.Options{Lang: lang})
		if err != nil {
			t.Fatal(err)
		}
		md := string(ed.Markdown)
		// The forged delta's rows, in the headline table and the
		// appendix, and its place in the verdict line.
		at := v.loc.At(*forged.Load)
		row := regexp.MustCompile(`(?m)^\| [^|]* \| ` + regexp.QuoteMeta(at) + ` \| ` + regexp.QuoteMeta(v.value(forged.Metric, forged.Old, false)) + ` \|.*$`)
		rows := row.FindAllString(md, -1)
		if len(rows) != 1 || !strings.Contains(rows[0], "| "+none+" |") {
			t.Errorf("%s: the headline row of a delta with no test: %q", lang, rows)
		}
		if !strings.Contains(md, v.deltaPhrase(*forged)) || p.MatchString(v.deltaPhrase(*forged)) {
			t.Errorf("%s: the verdict line of a delta with no test: %q", lang, v.deltaPhrase(*forged))
		}
	}
}

// checkNoTest checks how v words every delta with no test: "no test"
// (none) as its significance, no p-value (p) and the threshold in a
// sentence.
func checkNoTest(t *testing.T, v *view, none string, p *regexp.Regexp) {
	t.Helper()
	for _, cfg := range v.C.Configs {
		for _, d := range cfg.Deltas {
			if d.Test != compare.TestNone {
				continue
			}
			if got := v.testShort(d); got != none {
				t.Errorf("%s %s %s: significance %q, want %q", v.loc.Lang, cfg.ID, d.Metric, got, none)
			}
			if got := v.testLong(d); p.MatchString(got) || !strings.Contains(got, v.Threshold()) {
				t.Errorf("%s %s %s: %q names a p-value or not the threshold", v.loc.Lang, cfg.ID, d.Metric, got)
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
			"en": {"**vLLM: worse.** Decided by C_max (P90): ≥ 32 → 16 (≤ −50.0%; no test possible: one value per side; judged against the 5% threshold only)",
				"as the baseline's value is only a lower bound"},
			"tr": {"**vLLM: daha kötü.** Kararı belirleyenler: C_max (P90): ≥ 32 → 16 (≤ −%50,0; test yapılamadı: her iki tarafta da tek bir değer var; yalnızca %5 eşiğine göre değerlendirildi)",
				"temelin değeri yalnızca bir alt sınır"}}},
		{"self", before, before, map[string][]string{
			"en": {"**Overall: no change.**", "Every configuration and every level of each side was compared"},
			"tr": {"**Genel karar: değişiklik yok.**", "İki tarafın her yapılandırması ve her seviyesi karşılaştırıldı"}}},
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
			"en": {"**Overall: cannot be told.**", "Configuration on one side only, not compared:"},
			"tr": {"**Genel karar: belirlenemiyor.**", "Yalnızca bir tarafta olduğu için karşılaştırılmayan yapılandırma:"}}},
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

// TestVerdictAgainst: a verdict the capacity decided lists the headline
// changes that went the other way, each with its values and its test.
func TestVerdictAgainst(t *testing.T) {
	t.Parallel()
	c := sampleComparison(t)
	cf := &c.Configs[0]
	if cf.Verdict != compare.Better || cf.DecidedBy[0].Metric != compare.CapacityLoad {
		t.Fatalf("the sample's %s: %s, decided by %s", cf.ID, cf.Verdict, cf.DecidedBy[0].Metric)
	}
	var worse compare.Delta
	for _, d := range cf.Deltas {
		if d.Headline && d.Metric == compare.Metric(analyze.TPS) && d.Load != nil && *d.Load == 1 {
			worse = d
		}
	}
	worse.Change, worse.New = compare.Regressed, worse.Old*0.8
	worse.DeltaPct = -20
	cf.Against = []compare.Delta{worse}
	for _, lang := range locale.Languages {
		loc, err := locale.New(lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		v := &view{C: c, loc: loc}
		want := loc.T("compare_against", "List", v.deltaPhrase(worse))
		if line := v.ConfigVerdicts()[0]; !strings.HasSuffix(line, want) {
			t.Errorf("%s: %q does not end in %q", lang, line, want)
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
		words := map[string][3]string{
			"en": {"Baseline: Llama 3.1 8B: Before the Upgrade", "1. Verdict", "Overall: mixed."},
			"tr": {"Temel: Llama 3.1 8B: Yükseltmeden Önce", "1. Karar", "Genel karar: karışık."},
		}[lang]
		if !strings.Contains(pages[0], words[0]) {
			t.Errorf("%s: the cover lacks %q", lang, words[0])
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

// TestComparisonNeedsBothAnalyses: a comparison read back without its
// analyses (compare.json alone) cannot draw an edition.
func TestComparisonNeedsBothAnalyses(t *testing.T) {
	t.Parallel()
	c := &compare.Comparison{Target: math.NaN()}
	if _, err := render.New(New(c), render.Options{Lang: "en"}); err == nil {
		t.Error("a comparison without its analyses rendered")
	}
}
