package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
	"github.com/openzeka/reportgen/internal/reporttest"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/locale"
	"github.com/openzeka/reportgen/render/mdast"
)

// The what-if view's tests. The pure ones here check what the page
// carries; whatif_browser_test.go runs the page's script in Chromium and
// compares it with builds at the same settings.

// whatIfSample is a sample report folder, read once per test.
type whatIfSample struct {
	name string
	c    *ingest.Campaign
}

// whatIfSamples are the reports `reportgen build samples/` makes.
func whatIfSamples(t *testing.T) []whatIfSample {
	t.Helper()
	targets, _, err := ingest.Discover("../../samples")
	if err != nil || len(targets) < 4 {
		t.Fatalf("samples: %d, %v", len(targets), err)
	}
	var out []whatIfSample
	for _, tg := range targets {
		c, err := ingest.Read(tg.Dir, ingest.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, whatIfSample{name: filepath.Base(tg.Dir), c: c})
	}
	return out
}

// buildAt builds a sample at the settings of a page's fragment, as
// `reportgen build` does with the same flags (and report.toml's [cost]
// for price and currency, which have no flags).
func buildAt(t *testing.T, s whatIfSample, fragment string) *analyze.Report {
	t.Helper()
	vals, err := url.ParseQuery(fragment)
	if err != nil {
		t.Fatal(err)
	}
	opt := analyze.Options{Now: time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC)}
	c := *s.c
	if c.Manifest != nil {
		m := *c.Manifest
		c.Manifest = &m
	} else {
		c.Manifest = &ingest.Manifest{}
	}
	num := func(k string) *float64 {
		if !vals.Has(k) {
			return nil
		}
		x, err := strconv.ParseFloat(vals.Get(k), 64)
		if err != nil {
			t.Fatal(err)
		}
		return &x
	}
	opt.SLOTTFTms, opt.SLOTPS, opt.ThinkS, opt.TiePct, opt.Interactivity = num("slo-ttft-ms"), num("slo-tps"), num("think-s"), num("tie-pct"), num("interactivity")
	opt.Percentile = analyze.Percentile(vals.Get("percentile"))
	if p := num("price"); p != nil {
		c.Manifest.Cost.PricePerGPUHour = p
	}
	if vals.Has("currency") {
		c.Manifest.Cost.Currency = vals.Get("currency")
	}
	r, err := analyze.Build(&c, opt)
	if err != nil {
		t.Fatalf("%s at %q: %v", s.name, fragment, err)
	}
	return r
}

// plainTable is a table's cells as the page shows them: the plain text
// of its Markdown once parsed.
func plainTable(t *testing.T, tb render.Table) (head []string, rows [][]string) {
	t.Helper()
	src := []byte(tb.Markdown())
	doc := goldmark.New(goldmark.WithExtensions(extension.Table)).Parser().Parse(text.NewReader(src))
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		table, ok := n.(*extast.Table)
		if !ok {
			continue
		}
		for r := table.FirstChild(); r != nil; r = r.NextSibling() {
			var cells []string
			for c := r.FirstChild(); c != nil; c = c.NextSibling() {
				cells = append(cells, mdast.PlainText(c, src))
			}
			if r.Kind() == extast.KindTableHeader {
				head = cells
			} else {
				rows = append(rows, cells)
			}
		}
	}
	return head, rows
}

// htmlOf renders r's edition in lang: its HTML page with the what-if
// view, and the page a document without one makes (the static report).
func htmlOf(t *testing.T, r *analyze.Report, lang string, formats render.Format) (page, static []byte) {
	t.Helper()
	for i, doc := range []render.Document{New(r), staticDocument{New(r)}} {
		ed, err := render.New(doc, render.Options{Lang: lang, Formats: formats})
		if err != nil {
			t.Fatal(err)
		}
		b, err := ed.HTML()
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			page = b
		} else {
			static = b
		}
	}
	return page, static
}

// staticDocument is the report without its what-if view: a Document
// that is not render.Interactive.
type staticDocument struct{ render.Document }

// stripWhatIf takes out of a page what the what-if view adds: its
// controls, data, script, style and script hash, and the cells'
// data-* attributes.
func stripWhatIf(t *testing.T, page []byte) []byte {
	t.Helper()
	s := string(page)
	cut := func(from, to string) {
		i := strings.Index(s, from)
		if i < 0 {
			t.Fatalf("the page lacks %q", from)
		}
		j := strings.Index(s[i+len(from):], to)
		if j < 0 {
			t.Fatalf("the page lacks %q after %q", to, from)
		}
		s = s[:i] + s[i+len(from)+j+len(to):]
	}
	cut(`<div id="whatif" `, "</div>\n</div>\n")
	cut(`<div id="whatif-status" `, "</div>\n")
	cut(`<p class="wi-print" hidden></p>`, "\n")
	cut(`<script type="application/json" id="page-data">`, "</script>\n")
	cut("<script>", "</script>\n")
	cut("; script-src '", "'")
	// The view's style sheet, after the page's.
	i, j := strings.Index(s, "\n/* The what-if view (report/whatif.js)."), strings.Index(s, "\n</style>")
	if i < 0 || j < i {
		t.Fatal("the page lacks the what-if view's style")
	}
	s = s[:i] + s[j:]
	s = regexp.MustCompile(` data-[a-z]+="[^"]*"`).ReplaceAllString(s, "")
	return []byte(s)
}

// TestWhatIfStaticWithoutScript: without its script the page is the
// static report, byte for byte, once the view's parts are taken out
// (hidden controls, data, script, style, the cells' data attributes);
// and the parts it adds are all of those.
func TestWhatIfStaticWithoutScript(t *testing.T) {
	reports := map[string]*analyze.Report{"tiny": reporttest.Tiny(), "tiny-rate": reporttest.TinyRate()}
	for _, s := range whatIfSamples(t) {
		reports[s.name] = buildAt(t, s, "")
	}
	for name, r := range reports {
		for _, lang := range locale.Languages {
			page, static := htmlOf(t, r, lang, 0)
			if bytes.Equal(page, static) {
				t.Fatalf("%s %s: the page has no what-if view", name, lang)
			}
			if got := stripWhatIf(t, page); !bytes.Equal(got, static) {
				t.Errorf("%s %s: the page without its what-if view differs from the static report:\n%s", name, lang,
					firstDiff(string(got), string(static)))
			}
			for _, hidden := range []string{`<div id="whatif" class="whatif" hidden>`, `<div id="whatif-status" class="wi-status" role="status" hidden>`, `<p class="wi-print" hidden>`} {
				if !bytes.Contains(page, []byte(hidden)) {
					t.Errorf("%s %s: the page lacks %q, hidden until the script shows it", name, lang, hidden)
				}
			}
		}
	}
}

// firstDiff shows where two texts first differ.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-120)
	return fmt.Sprintf("got  …%q\nwant …%q", a[from:min(len(a), i+120)], b[from:min(len(b), i+120)])
}

// TestWhatIfInputAxis: a report on an input-length axis, which has no
// capacity, throughput at a target or cost, has no what-if view.
func TestWhatIfInputAxis(t *testing.T) {
	r := reporttest.Tiny()
	r.Axis = analyze.AxisInputLength
	page, static := htmlOf(t, r, "en", 0)
	if !bytes.Equal(page, static) || bytes.Contains(page, []byte("<script")) {
		t.Error("a report on an input-length axis has a what-if view")
	}
}

// TestWhatIfCSP: the page allows one script, its own, by its hash, and
// no other source; the data is JSON that no </script> in a name can end.
func TestWhatIfCSP(t *testing.T) {
	r := reporttest.Tiny()
	r.Configs[0].Name = analyze.Text{"": "</script><script>alert(1)</script>"}
	page, _ := htmlOf(t, r, "tr", 0)
	doc := string(page)
	m := regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindAllStringSubmatch(doc, -1)
	if len(m) != 1 {
		t.Fatalf("%d inline scripts, want 1", len(m))
	}
	csp := regexp.MustCompile(`content="(default-src[^"]*)"`).FindStringSubmatch(doc)
	want := "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src '" + strings.ReplaceAll(render.ScriptHash(m[0][1]), "+", "&#43;") + "'"
	if csp == nil || csp[1] != want {
		t.Errorf("content security policy %q, want %q", csp, want)
	}
	if strings.Count(doc, "<script") != 2 || strings.Contains(doc, "<script>alert(1)") {
		t.Error("a config's name ended the page's data")
	}
	data := regexp.MustCompile(`(?s)<script type="application/json" id="page-data">(.*?)</script>`).FindStringSubmatch(doc)
	var v map[string]any
	if data == nil || json.Unmarshal([]byte(data[1]), &v) != nil {
		t.Fatal("the page's data is no JSON")
	}
	// The SVG namespace is a name, not an address the page asks for.
	script := strings.ReplaceAll(m[0][1], "'http://www.w3.org/2000/svg'", "")
	for _, bad := range []string{"http:", "https:", "fetch(", "XMLHttpRequest", "import(", "eval(", "new Function", "innerHTML = '<", "document.write"} {
		if strings.Contains(script, bad) {
			t.Errorf("the script uses %q", bad)
		}
	}
}

// TestWhatIfMessages: every message the script words with is in both
// languages, plain text (it is set as text, not Markdown), and its
// placeholders are its arguments, each once at least.
func TestWhatIfMessages(t *testing.T) {
	for _, lang := range locale.Languages {
		for _, r := range []*analyze.Report{reporttest.Tiny(), reporttest.TinyRate()} {
			loc, err := locale.ForReport(r, lang, nil)
			if err != nil {
				t.Fatal(err)
			}
			text := newView(r, loc, nil).whatIfText()
			if err := loc.Err(); err != nil {
				t.Fatal(err)
			}
			for _, m := range whatIfMessages {
				s, _ := text[m.id].(string)
				checkWhatIfMessage(t, lang, m, s)
			}
		}
	}
}

// checkWhatIfMessage fails when message m, written s, is not plain text
// or its placeholders are not its arguments.
func checkWhatIfMessage(t *testing.T, lang string, m wiMessage, s string) {
	t.Helper()
	var got []string
	for _, p := range regexp.MustCompile(`\{([A-Za-z]+)\}`).FindAllStringSubmatch(s, -1) {
		if !slices.Contains(got, p[1]) {
			got = append(got, p[1])
		}
	}
	slices.Sort(got)
	want := slices.Sorted(slices.Values(m.args))
	if !slices.Equal(got, want) {
		t.Errorf("%s %s: placeholders %v, arguments %v: %q", lang, m.id, got, want, s)
	}
	if strings.ContainsAny(s, "*`\\<") || strings.Contains(s, "{{") || strings.Contains(s, "no value") {
		t.Errorf("%s %s is not plain text: %q", lang, m.id, s)
	}
}

// TestWhatIfCellsFound: the page's cells carry the attributes the
// script finds them by: the appendix's SLO matrix (the other statistic),
// the capacity tables printed, the efficiency table's GPUs and its
// target column where it has one. Each is found in the page, once.
func TestWhatIfCellsFound(t *testing.T) {
	for _, s := range whatIfSamples(t) {
		r := buildAt(t, s, "")
		page, _ := htmlOf(t, r, "en", 0)
		loc, err := locale.ForReport(r, "en", nil)
		if err != nil {
			t.Fatal(err)
		}
		v := newView(r, loc, nil)
		for _, c := range r.Configs {
			for attrs, want := range cellsOf(v, c) {
				if n := strings.Count(string(page), attrs); n != want {
					t.Errorf("%s: %d cells %s, want %d", s.name, n, attrs, want)
				}
			}
		}
	}
}

// cellsOf are the attributes of config c's cells in v's page, and how
// many cells carry each.
func cellsOf(v *view, c analyze.Config) map[string]int {
	out := map[string]int{}
	for _, l := range c.Levels {
		out[fmt.Sprintf(`data-config="%s" data-level="%s" data-pct="%s" data-stat="slo"`, c.ID, loadKey(l.Load), v.Other())] = 1
	}
	tables := []string{v.Headline()}
	if !v.SameCapacity() {
		tables = append(tables, v.Other())
	}
	for _, pct := range tables {
		for _, stat := range []string{"c_max", "latency", "users"} {
			out[fmt.Sprintf(`data-config="%s" data-pct="%s" data-stat="%s"`, c.ID, pct, stat)] = 1
		}
	}
	out[fmt.Sprintf(`data-config="%s" data-stat="gpus"`, c.ID)] = 1
	out[fmt.Sprintf(`data-config="%s" data-stat="at_target"`, c.ID)] = b2i(len(v.EfficiencyTable().Head) > 3)
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestWhatIfSize: the what-if view grows a sample's HTML page by at most
// 30 %.
func TestWhatIfSize(t *testing.T) {
	if testing.Short() {
		t.Skip("draws every sample's charts")
	}
	for _, s := range whatIfSamples(t) {
		r := buildAt(t, s, "")
		for _, lang := range locale.Languages {
			page, static := htmlOf(t, r, lang, render.FormatHTML)
			growth := float64(len(page))/float64(len(static)) - 1
			t.Logf("%s %s: %d → %d bytes (+%.1f %%)", s.name, lang, len(static), len(page), growth*100)
			if growth > 0.30 || math.IsNaN(growth) {
				t.Errorf("%s %s: the what-if view grows the page by %.1f %%, more than 30 %%", s.name, lang, growth*100)
			}
		}
	}
}

// TestCompactScript: the page's script loses its indentation, its empty
// lines and the lines that are only a comment, nothing else: a // or
// /* inside a line stays.
func TestCompactScript(t *testing.T) {
	in := "/* head\n   comment */\n(function () {\n  // a comment\n  var u = 'http://x/'; // kept: not a line of its own\n\n  /* one line */\n  return /^a\\/*$/.test(u);\n}());\n"
	want := "(function () {\nvar u = 'http://x/'; // kept: not a line of its own\nreturn /^a\\/*$/.test(u);\n}());\n"
	if got := compactScript(in); got != want {
		t.Errorf("compactScript =\n%s\nwant\n%s", got, want)
	}
}
