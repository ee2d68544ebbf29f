package report

import (
	"regexp"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/internal/reporttest"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/locale"
)

// TestConfigNotesShown: a config's manifest notes are placed, as
// Markdown, with that config in the configurations section.
func TestConfigNotesShown(t *testing.T) {
	t.Parallel()
	r := reporttest.Tiny()
	r.Configs[1].Notes = analyze.Text{"en": "Served with **prefix caching** on.\n\n- second paragraph", "tr": "**Prefix caching** açık olarak sunuldu."}
	for _, tt := range []struct{ lang, heading, note string }{
		{"en", "### 3.2 Configuration Notes", "Served with **prefix caching** on.\n\n- second paragraph"},
		{"tr", "### 3.2 Yapılandırma Notları", "**Prefix caching** açık olarak sunuldu."},
	} {
		md, err := mdOf(r, tt.lang)
		if err != nil {
			t.Fatal(err)
		}
		doc := string(md)
		want := tt.heading + "\n\n"
		i := strings.Index(doc, want)
		if i < 0 {
			t.Fatalf("%s: no %q", tt.lang, tt.heading)
		}
		section := doc[i:]
		section = section[:strings.Index(section, "\n## ")]
		if !strings.Contains(section, "#### 3.2.1 b\\|pipe\n\n"+tt.note+"\n") {
			t.Errorf("%s: the note is not under its config:\n%s", tt.lang, section)
		}
		if strings.Contains(section, "alert(1)") {
			t.Errorf("%s: a config without notes got a notes heading", tt.lang)
		}
	}
	md, err := mdOf(reporttest.Tiny(), "en")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(md), "Configuration Notes") {
		t.Error("a report without config notes has a notes section")
	}
}

// TestVendorShown: the model's developer is named with the model in
// the title block, the PDF cover and the model section, in both
// editions; a model section appears for notes alone.
func TestVendorShown(t *testing.T) {
	t.Parallel()
	r := reporttest.Tiny()
	r.Meta.Model = analyze.Text{"": "Kimi K3"}
	r.Meta.Vendor = analyze.Text{"": "Moonshot AI"}
	for _, tt := range []struct{ lang, lead, row string }{
		{"en", "**Model:** Kimi K3 (Moonshot AI) ·", "| Developer | Moonshot AI |"},
		{"tr", "**Model:** Kimi K3 (Moonshot AI) ·", "| Geliştirici | Moonshot AI |"},
	} {
		ed, err := render.New(New(r), render.Options{Lang: tt.lang})
		if err != nil {
			t.Fatal(err)
		}
		doc := string(ed.Markdown)
		for _, want := range []string{tt.lead, tt.row, "| Model | Kimi K3 |"} {
			if !strings.Contains(doc, want) {
				t.Errorf("%s: the report lacks %q", tt.lang, want)
			}
		}
		loc, err := locale.New(tt.lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		cover := New(r).Cover(loc)
		found := false
		for _, f := range cover.Fields {
			found = found || f.Value == "Kimi K3 (Moonshot AI)"
		}
		if !found {
			t.Errorf("%s: the cover does not name the developer: %v", tt.lang, cover.Fields)
		}
	}
	r = reporttest.Tiny()
	r.Meta.Notes = map[string]analyze.Text{"model": {"": "A note on the model."}, "hardware": {"": "A note on the hardware."}}
	md, err := mdOf(r, "en")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"About the Model\n\nA note on the model.", "Hardware and Deployment\n\nA note on the hardware."} {
		if !strings.Contains(string(md), want) {
			t.Errorf("a note without its section's other data is lost: no %q", want)
		}
	}
}

// TestZeroThinkTimeIsClosedLoop: with think_s = 0 every place that
// states the think time or the user formula says closed loop, users =
// requests in flight, never "0 s" nor a formula with 1 + 0/L.
func TestZeroThinkTimeIsClosedLoop(t *testing.T) {
	t.Parallel()
	bad := regexp.MustCompile(`(?i)\b0 s think|think time 0|think time \(0|1 \+ 0|T_think / L_mean|\(1 \+ 0|0 s / L_mean`)
	for _, mk := range []func() *analyze.Report{reporttest.Tiny, reporttest.TinyRate} {
		for _, tt := range []struct{ lang, closed string }{{"en", "closed loop"}, {"tr", "kapalı döngü"}} {
			r := mk()
			r.Params.ThinkS = 0
			md, err := mdOf(r, tt.lang)
			if err != nil {
				t.Fatal(err)
			}
			doc := string(md)
			if m := bad.FindString(doc); m != "" {
				t.Errorf("%s %s: the report says %q with no think time", r.Axis, tt.lang, m)
			}
			if n := strings.Count(doc, tt.closed); n < 6 {
				t.Errorf("%s %s: %q only %d times (capacity, formula, think time, caveats, guide, workload)", r.Axis, tt.lang, tt.closed, n)
			}
			svg := chartsSVG(t, r, tt.lang)
			if m := bad.FindString(svg); m != "" || !strings.Contains(svg, tt.closed) {
				t.Errorf("%s %s: the capacity chart's title does not say closed loop (found %q)", r.Axis, tt.lang, m)
			}
		}
	}
	// A think time keeps its formula, with the decimals it has.
	r := reporttest.Tiny()
	r.Params.ThinkS = 7.5
	md, err := mdOf(r, "tr")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"N = C_max × (1 + 7,5 s / L_mean)", "T_think = 7,5 s", "N = C_max × (1 + T_think / L_mean)"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("think time 7.5 s: the report lacks %q", want)
		}
	}
	if strings.Contains(string(md), "kapalı döngü") {
		t.Error("a report with a think time speaks of a closed loop")
	}
}

// TestWarningsSpeakEditionLanguage: every warning kind reads in the
// edition's language, its values in the edition's notation and names:
// a config by its name in that language, a statistic by its display
// name, a tool by its name; nothing of the English message leaks.
func TestWarningsSpeakEditionLanguage(t *testing.T) {
	t.Parallel()
	r := reporttest.Tiny()
	r.Configs[0].Name = analyze.Text{"en": "Fast one", "tr": "Hızlı olan"}
	r.Warnings = []analyze.Warning{
		{Kind: "not_utf8", Source: "tiny/a.csv"},
		{Kind: "unknown_column", Source: "tiny/a.csv:1:15", Column: "Extra (ms)"},
		{Kind: "zero_concurrency", Source: "tiny/a.csv:4:1"},
		{Kind: "unsorted_levels", Source: "tiny/a.csv"},
		{Kind: "mixed_definitions", Source: "tiny/aiperf", Values: map[string]any{"Metric": "itl", "Def": "chunk", "OtherDef": "tpot"}},
		{Kind: "unknown_key", Source: "tiny/report.toml:3:1", Values: map[string]any{"Key": "thinks"}},
		{Kind: "unknown_section", Source: "tiny/report.toml:9:1", Values: map[string]any{"Key": "intro", "Sections": "summary, model"}},
		{Kind: "unknown_language", Source: "tiny/report.toml:2:1", Values: map[string]any{"Key": "title", "Lang": "de", "Languages": "tr, en"}},
		{Kind: analyze.WarnUsersUnknown, Source: "tiny/a.csv", Values: map[string]any{"Config": r.Configs[0].ID, "Stat": "mean"}},
		{Kind: analyze.WarnMore, Source: "tiny/a.csv", Values: map[string]any{"Kind": "unknown_column", "Count": 1200, "First": "X", "Last": "Y"}},
	}
	for _, tt := range []struct {
		lang    string
		want    []string
		english []string
	}{
		{"tr", []string{"ITL değerini şöyle ölçüyor: akış parçaları arasındaki süre", "`tiny/a.csv`: Hızlı olan: kapasitesindeki (ortalama)", "1.200 uyarı"},
			[]string{"Fast one", "mean)", "{{", "the file", "warnings", "ignored"}},
		{"en", []string{"measures ITL as gap between streamed chunks", "`tiny/a.csv`: Fast one: the users at its capacity (mean)", "1,200 more"},
			[]string{"Hızlı", "{{"}},
	} {
		md, err := mdOf(r, tt.lang)
		if err != nil {
			t.Fatal(err)
		}
		doc := string(md)
		i := strings.Index(doc, "**"+map[string]string{"en": "Input warnings", "tr": "Girdi uyarıları"}[tt.lang]+"**")
		if i < 0 {
			t.Fatalf("%s: no input warnings", tt.lang)
		}
		block := doc[i:]
		block = block[:strings.Index(block, "\n## ")]
		if got := strings.Count(block, "\n- "); got != len(r.Warnings) {
			t.Errorf("%s: %d warnings listed, want %d", tt.lang, got, len(r.Warnings))
		}
		for _, w := range tt.want {
			if !strings.Contains(block, w) {
				t.Errorf("%s: the warnings lack %q:\n%s", tt.lang, w, block)
			}
		}
		for _, w := range tt.english {
			if strings.Contains(block, w) {
				t.Errorf("%s: the warnings hold %q:\n%s", tt.lang, w, block)
			}
		}
	}
}

// TestWarmupZeroMeansNone: warmup = 0 in the manifest says there was
// no warm-up; an absent warmup says nothing.
func TestWarmupZeroMeansNone(t *testing.T) {
	t.Parallel()
	r := reporttest.Tiny()
	zero := 0
	r.Meta.Warmup = &zero
	md, err := mdOf(r, "en")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(md), "| Warm-up | 0 | no warm-up: measuring started with the first request |") {
		t.Error("warmup = 0 does not read as no warm-up")
	}
	md, err = mdOf(reporttest.Tiny(), "en")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(md), "Warm-up") {
		t.Error("a report without a warmup value states one")
	}
}
