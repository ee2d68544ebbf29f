package main

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/internal/testutil"
	"github.com/openzeka/reportgen/render/chart"
)

// requireTool returns the path of an external program a test needs. It
// skips the test when the program is missing on a developer's machine
// and fails it in CI (CI=true), where .ci/run installs it.
func requireTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is not installed; .ci/run must install it", name)
	}
	t.Skipf("%s not installed", name)
	return ""
}

func command(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(requireTool(t, name), args...).Output()
	if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return string(out)
}

// TestPDFText extracts the text of both PDF editions: headings, Turkish
// letters, page footers and the capacity figures must come out exactly.
func TestPDFText(t *testing.T) {
	t.Parallel()
	dir := sampleDir(t)
	for _, tt := range []struct {
		lang string
		want []string
	}{
		{"tr", []string{"İçindekiler", "1. Yönetici Özeti", "Ana Bulgular", "Sayfa 3 / ", "ş", "ğ", "ı", "İ", "ç", "ö", "ü",
			"RAPOR TARİHİ", "Temmuz 2026", "Kullanıcı", "427", "1,86×", "1.758", "SGLang + Spec", "Inferact/Kimi-K3-DSpark", "✓✓", "✗✓", "sorted[⌈0,9·n⌉ − 1]"}},
		{"en", []string{"Contents", "1. Executive Summary", "Key Findings", "Page 3 / ", "REPORT DATE", "July 2026", "427", "1.86×", "1,758",
			"--speculative-config", "✓✓", "✗✓"}},
	} {
		text := command(t, "pdftotext", "-enc", "UTF-8", filepath.Join(dir, tt.lang, "report.pdf"), "-")
		for _, w := range tt.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s PDF text lacks %q", tt.lang, w)
			}
		}
		if strings.Contains(text, "??") {
			t.Errorf("%s PDF has runs of '?': glyphs were missing", tt.lang)
		}
		// The whole text, as a golden: layout changes show up in review.
		testutil.Golden(t, filepath.Join("testdata", "sample-"+tt.lang+".pdf.txt"), []byte(text))
	}
}

// TestPDFStructure checks page count, footers, links and the outline.
func TestPDFStructure(t *testing.T) {
	t.Parallel()
	dir := sampleDir(t)
	for _, lang := range []string{"tr", "en"} {
		file := filepath.Join(dir, lang, "report.pdf")
		info := command(t, "pdfinfo", file)
		m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)$`).FindStringSubmatch(info)
		if m == nil {
			t.Fatalf("pdfinfo: no page count:\n%s", info)
		}
		pages, _ := strconv.Atoi(m[1])
		// The brief a buyer reads: at most 20 pages, the summary on page
		// 2 opening with the verdict.
		if pages < 15 || pages > 20 {
			t.Errorf("%s: %d pages, expected a complete report of 15–20", lang, pages)
		}
		p2 := strings.Fields(command(t, "pdftotext", "-f", "2", "-l", "2", file, "-"))
		summary := map[string]string{"tr": "1. Yönetici Özeti Karar.", "en": "1. Executive Summary Verdict."}[lang]
		if got := strings.Join(p2, " "); !strings.Contains(got, summary) {
			t.Errorf("%s: page 2 does not open with the summary and its verdict (%q):\n%.300s", lang, summary, got)
		}
		if !strings.Contains(info, "Page size:       595 x 842 pts (A4)") {
			t.Errorf("%s: not A4:\n%s", lang, info)
		}
		if !strings.Contains(info, "CreationDate:    Wed Jul  1 00:00:00 2026 UTC") {
			t.Errorf("%s: creation date is not the report's date:\n%s", lang, info)
		}
		word := map[string]string{"tr": "Sayfa", "en": "Page"}[lang]
		last := command(t, "pdftotext", "-f", m[1], "-l", m[1], file, "-")
		if want := fmt.Sprintf("%s %d / %d", word, pages, pages); !strings.Contains(last, want) {
			t.Errorf("%s: last page lacks %q", lang, want)
		}
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		// One link per contents entry, at least.
		links := strings.Count(string(raw), "/Subtype /Link")
		md, _ := os.ReadFile(filepath.Join(dir, lang, "report.md"))
		// The contents' entries: the Markdown's contents list.
		headings := len(regexp.MustCompile(`(?m)^ *- \[[^\]]+\]\(#`).FindAllString(string(md), -1))
		if links < headings {
			t.Errorf("%s: %d link annotations for %d sections", lang, links, headings)
		}
		// The outline holds every section, subsections nested.
		xml := command(t, "pdftohtml", "-xml", "-i", "-stdout", "-q", file)
		outline := xml[strings.Index(xml, "<outline>"):]
		items := regexp.MustCompile(`<item page="(\d+)">([^<]*)</item>`).FindAllStringSubmatch(outline, -1)
		if len(items) < headings {
			t.Errorf("%s: outline has %d entries for %d sections", lang, len(items), headings)
		}
		// The first subsection of the first section after the contents.
		first := regexp.MustCompile(`(?m)^### (2\.1 .*)$`).FindStringSubmatch(string(md))
		if first == nil {
			t.Fatalf("%s: the report has no subsection 2.1", lang)
		}
		want := first[1]
		nested := regexp.MustCompile(`(?s)<outline>\s*<item page="\d+">` + regexp.QuoteMeta(want))
		if !nested.MatchString(html.UnescapeString(outline)) {
			t.Errorf("%s: %q is not nested under its section in the outline", lang, want)
		}
	}
}

// TestHTMLInChromium opens the HTML edition in headless Chromium, 1280 px
// wide, with a probe script: the contents links must all resolve and
// the list show, every standard chart loads, each inside a full-size view of
// its own that it links to, and no request may leave the page (none in
// the page's resource timing, none initiated by the page in Chromium's
// network log).
func TestHTMLInChromium(t *testing.T) {
	t.Parallel()
	chromium := requireTool(t, "chromium")
	dir := sampleDir(t)
	for _, lang := range []string{"tr", "en"} {
		file := filepath.Join(dir, lang, "report.html")
		got, netlog := probePage(t, chromium, file, 1280, "")
		if n := len(chart.Names()) - len(chart.EnergyCharts()); got.Images != n || got.Loaded != n { // the sample has no telemetry, no price
			t.Errorf("%s: %d chart images, %d loaded; want %d and %d", lang, got.Images, got.Loaded, n, n)
		}
		if got.Links < 30 || len(got.Broken) > 0 {
			t.Errorf("%s: %d contents links, broken: %v", lang, got.Links, got.Broken)
		}
		if len(got.Resources) > 0 {
			t.Errorf("%s: the page requested %v", lang, got.Resources)
		}
		if got.Lang != lang {
			t.Errorf("lang attribute %q, want %q", got.Lang, lang)
		}
		if want := map[string]string{"tr": "İçindekiler", "en": "Contents"}[lang]; got.Toc != want {
			t.Errorf("%s: contents heading %q, want %q", lang, got.Toc, want)
		}
		for _, u := range pageRequests(t, netlog) {
			if !strings.HasPrefix(u, "file:") && !strings.HasPrefix(u, "data:") {
				t.Errorf("%s: the page made a request to %s", lang, u)
			}
		}
		if !got.TocShown {
			t.Errorf("%s at 1280 px: the contents list is collapsed", lang)
		}
		if got.FullViews != got.Images {
			t.Errorf("%s: %d of %d charts link to a full-size view of their own", lang, got.FullViews, got.Images)
		}
		if got.Width != 1280 || got.PageWidth > got.Width {
			t.Errorf("%s: the page is %d px wide in a window %d px wide, want 1280", lang, got.PageWidth, got.Width)
		}
	}
}

// TestHTMLOnPhone opens the HTML edition 390 px wide, a phone, with the
// dashboard's full-size view as the page's :target: nothing is wider
// than the screen (wide tables and the opened chart scroll inside their
// own boxes), every table is in a box that scrolls sideways, a table that
// scrolls keeps its first column in view, the contents list is
// collapsed, and the opened chart is wider than its box.
func TestHTMLOnPhone(t *testing.T) {
	t.Parallel()
	chromium := requireTool(t, "chromium")
	dir := sampleDir(t)
	const phone = 390
	for _, lang := range []string{"tr", "en"} {
		got, _ := probePage(t, chromium, filepath.Join(dir, lang, "report.html"), phone, "#chart-10-dashboard-full")
		if got.Width != phone {
			t.Fatalf("%s: the window is %d px wide, not %d", lang, got.Width, phone)
		}
		if got.PageWidth > phone {
			t.Errorf("%s: the page is %d px wide, wider than the screen", lang, got.PageWidth)
		}
		if got.Tables == 0 || got.Boxed != got.Tables {
			t.Errorf("%s: %d of %d tables in a box that scrolls sideways", lang, got.Boxed, got.Tables)
		}
		if got.Scrolling == 0 || !got.Sticky {
			t.Errorf("%s: %d tables scroll; the first column stays in view: %v", lang, got.Scrolling, got.Sticky)
		}
		if got.TocShown {
			t.Errorf("%s: the contents list is not collapsed", lang)
		}
		if got.Target != "chart-10-dashboard-full" || got.Opened.Chart <= got.Opened.Box || got.Opened.Scroll <= got.Opened.Box {
			t.Errorf("%s: the dashboard's full-size view (%q) is %d px in a %d px box that scrolls %d px",
				lang, got.Target, got.Opened.Chart, got.Opened.Box, got.Opened.Scroll)
		}
	}
}

// probeResult is what probeScript finds in the page.
type probeResult struct {
	Images, Loaded, Links int
	Broken, Resources     []string
	Lang, Toc             string
	// Width is the window's, PageWidth the page's (its scroll width).
	Width, PageWidth int
	// Tables are the page's tables, Boxed those whose parent scrolls
	// sideways, Scrolling those wider than their box; Sticky: the first
	// of those, scrolled, keeps its first column at the box's edge.
	Tables, Boxed, Scrolling int
	Sticky                   bool
	// TocShown: the contents list is rendered.
	TocShown bool
	// FullViews are the charts inside a view of their own that they link
	// to; Target is the page's :target, Opened its widths.
	FullViews int
	Target    string
	Opened    struct{ Chart, Box, Scroll int }
}

// probePage opens a copy of the HTML page at file, with probeScript
// added, in headless Chromium with a window width px wide, at fragment
// ("#id" or ""), and returns what the probe found and the path of
// Chromium's network log.
func probePage(t *testing.T, chromium, file string, width int, fragment string) (probeResult, string) {
	t.Helper()
	page, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// The report allows its own script only (by its hash); the probe
	// copy allows inline ones.
	probe := strings.Replace(string(page), "default-src 'none'", "default-src 'none'; script-src 'unsafe-inline'", 1)
	if probe == string(page) {
		t.Fatal("the page has no content security policy")
	}
	probe = strings.Replace(probe, "</body>", probeScript+"</body>", 1)
	work := t.TempDir()
	probeFile := filepath.Join(work, "probe.html")
	if err := os.WriteFile(probeFile, []byte(probe), 0o644); err != nil {
		t.Fatal(err)
	}
	// Headless Chromium's window is at least 500 px wide; a frame of
	// the host page is the width asked for, as a phone's screen is.
	host := filepath.Join(work, "host.html")
	if err := os.WriteFile(host, []byte(fmt.Sprintf(hostPage, "probe.html"+fragment, width)), 0o644); err != nil {
		t.Fatal(err)
	}
	netlog := filepath.Join(work, "net.json")
	cmd := exec.Command(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--user-data-dir="+filepath.Join(work, "profile"),
		"--allow-file-access-from-files", "--hide-scrollbars", fmt.Sprintf("--window-size=%d,1000", width+100),
		"--log-net-log="+netlog, "--dump-dom", "file://"+host)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	m := regexp.MustCompile(`data-check="([^"]*)"`).FindStringSubmatch(string(out))
	if m == nil {
		t.Fatalf("%s: the probe did not run", file)
	}
	var got probeResult
	if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &got); err != nil {
		t.Fatal(err)
	}
	return got, netlog
}

// hostPage shows the probe page (%[1]s) in a frame %[2]d px wide and
// copies the probe's finding onto its own body when the frame has
// loaded (which the host's load, and so Chromium's --dump-dom, waits
// for).
const hostPage = `<!DOCTYPE html>
<html><body style="margin: 0">
<iframe id="page" src="%[1]s" style="border: 0; width: %[2]dpx; height: 900px"></iframe>
<script>
document.getElementById('page').addEventListener('load', function () {
  document.body.setAttribute('data-check', this.contentDocument.body.getAttribute('data-check') || '');
});
</script>
</body></html>
`

const probeScript = `<script>
window.addEventListener('load', function () {
  var imgs = Array.from(document.querySelectorAll('img.chart'));
  var links = Array.from(document.querySelectorAll('.toc a[href^="#"]'));
  var tables = Array.from(document.querySelectorAll('table'));
  var boxed = tables.filter(function (t) { return ['auto', 'scroll'].indexOf(getComputedStyle(t.parentElement).overflowX) >= 0; });
  var scrolling = boxed.filter(function (t) { return t.parentElement.scrollWidth > t.parentElement.clientWidth; });
  var sticky = false;
  if (scrolling.length > 0) {
    var box = scrolling[0].parentElement, first = scrolling[0].tBodies[0].rows[0].cells[0];
    box.scrollLeft = 40;
    sticky = box.scrollLeft > 0 && Math.abs(first.getBoundingClientRect().left - box.getBoundingClientRect().left) < 1;
    box.scrollLeft = 0;
  }
  var target = document.querySelector(':target'), opened = {chart: 0, box: 0, scroll: 0};
  if (target && target.querySelector('img.chart')) {
    opened = {chart: Math.round(target.querySelector('img.chart').getBoundingClientRect().width), box: target.clientWidth, scroll: target.scrollWidth};
  }
  var tocList = document.querySelector('.toc > ul');
  document.body.setAttribute('data-check', JSON.stringify({
    images: imgs.length,
    loaded: imgs.filter(function (i) { return i.complete && i.naturalWidth > 0; }).length,
    links: links.length,
    broken: links.filter(function (a) { return !document.getElementById(decodeURIComponent(a.getAttribute('href').slice(1))); }).map(function (a) { return a.getAttribute('href'); }),
    resources: performance.getEntriesByType('resource').map(function (e) { return e.name; }),
    lang: document.documentElement.lang,
    toc: (document.querySelector('.toc > summary > h2') || {}).textContent,
    width: window.innerWidth,
    pageWidth: document.documentElement.scrollWidth,
    tables: tables.length,
    boxed: boxed.length,
    scrolling: scrolling.length,
    sticky: sticky,
    tocShown: !!tocList && tocList.checkVisibility(),
    fullViews: imgs.filter(function (i) { var v = i.closest('.chart-full'), a = i.closest('a'); return v && v.id && a && a.getAttribute('href') === '#' + v.id; }).length,
    target: target ? target.id : '',
    opened: opened
  }));
});
</script>
`

// pageRequests lists the URLs in a Chromium net log that a page asked
// for; the browser's own background requests ("not an origin") are not
// the page's.
func pageRequests(t *testing.T, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Events []struct {
			Source struct{ ID int } `json:"source"`
			Params map[string]any   `json:"params"`
		} `json:"events"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("net log: %v", err)
	}
	urls := map[int]string{}
	byPage := map[int]bool{}
	for _, e := range log.Events {
		if u, ok := e.Params["url"].(string); ok {
			urls[e.Source.ID] = u
		}
		if init, ok := e.Params["initiator"].(string); ok && init != "not an origin" {
			byPage[e.Source.ID] = true
		}
	}
	var out []string
	for id := range byPage {
		out = append(out, urls[id])
	}
	return out
}

// TestRateSweepPDF builds the rate-swept sample's PDF editions: levels,
// the axis and capacity read as request rates in each language (∞ and
// the decimal comma included), and no level is named as a concurrency.
func TestRateSweepPDF(t *testing.T) {
	t.Parallel()
	requireTool(t, "pdftotext")
	dir := t.TempDir()
	if err := run(context.Background(), io.Discard, io.Discard, []string{"build", "--format", "pdf", "-o", dir, "../../samples/rate-sweep"}, fixedEnv); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		lang string
		want []string
	}{
		{"tr", []string{"İstek Hızı Taraması", "0,5 istek/s", "∞ istek/s", "En Yüksek İstek Hızı (R_max)", "R_max = 8 istek/s", "Etkin eşzamanlılık", "yük ekseni istek hızıdır"}},
		{"en", []string{"A Request-Rate Sweep", "0.5 req/s", "∞ req/s", "Maximum Request Rate (R_max)", "R_max = 8 req/s", "Effective concurrency", "load axis of this report is the request rate"}},
	} {
		text := command(t, "pdftotext", "-enc", "UTF-8", filepath.Join(dir, "rate-sweep", tt.lang, "report.pdf"), "-")
		// A table header may wrap over lines: words, not lines, count.
		text = strings.Join(strings.Fields(text), " ")
		for _, w := range tt.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s PDF text lacks %q", tt.lang, w)
			}
		}
		if strings.Contains(text, "c=") || strings.Contains(text, "??") {
			t.Errorf("%s PDF names a concurrency level or lost glyphs", tt.lang)
		}
	}
}
