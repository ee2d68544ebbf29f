package render

import (
	"flag"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/locale"
)

func nan() float64 { return math.NaN() }

// exportDefs are the llm-benchmark export's metric definitions.
var exportDefs = analyze.Definitions{ITL: "tpot", TPS: "request", RPS: "per_user"}

// tiny is a hand-made report: two configs, one level missing in the
// second, no manifest, no speculative pair, a name with HTML in it.
func tiny() *analyze.Report {
	lv := func(c int, ttft, tps, lat float64) analyze.Level {
		l := analyze.Level{
			Load:        analyze.Load(c),
			Concurrency: float64(c),
			TTFT:        analyze.Stat{Mean: ttft, P10: nan(), P50: nan(), P90: ttft * 1.2, P99: nan()},
			ITL:         analyze.Stat{Mean: 10, P10: nan(), P50: nan(), P90: 12, P99: nan()},
			TPS:         analyze.Stat{Mean: tps, P10: nan(), P50: nan(), P90: tps * 1.1, P99: nan()},
			Latency:     analyze.Stat{Mean: lat, P10: nan(), P50: nan(), P90: lat * 1.1, P99: nan()},
			RPSReported: 1 / lat, AggregateTPS: tps * float64(c), SystemRPS: float64(c) / lat, Goodput: nan(),
			InFlight: float64(c), LoadReached: true,
		}
		l.SLO.P90 = analyze.SLOVerdict{TTFT: ttft*1.2 <= 1000, TPS: tps*1.1 >= 15}
		l.SLO.Mean = analyze.SLOVerdict{TTFT: ttft <= 1000, TPS: tps >= 15}
		return l
	}
	return &analyze.Report{
		Name:   "tiny",
		Meta:   analyze.Meta{Date: time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC)},
		Params: analyze.DefaultParams(),
		Axis:   analyze.AxisConcurrency,
		Levels: []analyze.Load{1, 2, 4},
		Configs: []analyze.Config{
			{ID: "a", Name: analyze.Text{"": "<script>alert(1)</script>"}, Engine: analyze.Text{"": "TGI"}, Source: "tiny/a.csv", Format: "llm-benchmark", Definitions: exportDefs, Levels: []analyze.Level{lv(1, 100, 80, 1.6), lv(2, 150, 70, 1.8), lv(4, 300, 50, 2.5)},
				Capacity: analyze.Capacities{P90: analyze.Capacity{Max: 4, Concurrency: 4, LatencyMeanS: 2.5, Users: 76}, Mean: analyze.Capacity{Max: 4, Concurrency: 4, LatencyMeanS: 2.5, Users: 76}}},
			{ID: "b", Name: analyze.Text{"": "b|pipe"}, Engine: analyze.Text{"": "vLLM"}, Source: "tiny/b_pipe`1`.csv", Format: "llm-benchmark", Definitions: exportDefs, Levels: []analyze.Level{lv(1, 90, 85, 1.5), lv(4, 1200, 40, 3)},
				Capacity: analyze.Capacities{P90: analyze.Capacity{Max: 1, Concurrency: 1, LatencyMeanS: 1.5, Users: 31}, Mean: analyze.Capacity{Max: 1, Concurrency: 1, LatencyMeanS: 1.5, Users: 31}}},
		},
	}
}

func TestMarkdownEscapesAndGaps(t *testing.T) {
	for _, lang := range locale.Languages {
		md, err := Markdown(tiny(), Options{Lang: lang})
		if err != nil {
			t.Fatal(err)
		}
		doc := string(md)
		if strings.Contains(doc, "<script>") {
			t.Errorf("%s: raw <script> reached the Markdown", lang)
		}
		if !strings.Contains(doc, `\<script\>alert(1)\</script\>`) || !strings.Contains(doc, `b\|pipe`) {
			t.Errorf("%s: names not escaped", lang)
		}
		// c=2 is missing for b: a dash, not a zero.
		if !regexp.MustCompile(`(?m)^\| 2 \| [0-9.,]+ \| – \|$`).MatchString(doc) {
			t.Errorf("%s: the missing level is not shown as a gap", lang)
		}
		// No speculative config: the speedup section says so in one
		// sentence, with no table and no chart.
		loc, _ := locale.New(lang, nil)
		if !strings.Contains(doc, loc.T("speedup_none")) || strings.Contains(doc, "/ b") || strings.Contains(doc, "08-spec-speedup") {
			t.Errorf("%s: the speedup section does not say why it is empty", lang)
		}
		// Every TOC link points at a heading of the document.
		ids := NewIDs()
		anchors := map[string]bool{}
		for _, ln := range strings.Split(doc, "\n") {
			if strings.HasPrefix(ln, "#") {
				anchors[ids.Generate(headingText(ln))] = true
			}
		}
		links := regexp.MustCompile(`\]\(#([a-z0-9-]+)\)`).FindAllStringSubmatch(doc, -1)
		if len(links) < 10 {
			t.Errorf("%s: only %d TOC links", lang, len(links))
		}
		for _, l := range links {
			if !anchors[l[1]] {
				t.Errorf("%s: TOC link #%s has no heading", lang, l[1])
			}
		}
	}
}

func TestMarkdownIsDeterministic(t *testing.T) {
	a, err := Markdown(tiny(), Options{Lang: "tr"})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		b, _ := Markdown(tiny(), Options{Lang: "tr"})
		if string(a) != string(b) {
			t.Fatal("two renders of the same report differ")
		}
	}
}

func TestTableMarkdown(t *testing.T) {
	tb := Table{Head: []string{"a", "b", "c"}, Align: "lrc", Rows: [][]string{{"1", "2", "3"}}}
	want := "| a | b | c |\n|---|---:|:---:|\n| 1 | 2 | 3 |\n"
	if got := tb.Markdown(); got != want {
		t.Errorf("Markdown() = %q, want %q", got, want)
	}
	if (Table{Head: []string{"a"}}).Markdown() != "" {
		t.Error("a table without rows rendered")
	}
}

var update = flag.Bool("update", false, "rewrite golden files")

// TestMarkdownGolden renders the hand-made report in each language and
// compares it with testdata/tiny.<lang>.md.
func TestMarkdownGolden(t *testing.T) {
	for _, lang := range locale.Languages {
		md, err := Markdown(tiny(), Options{Lang: lang})
		if err != nil {
			t.Fatal(err)
		}
		golden(t, filepath.Join("testdata", "tiny."+lang+".md"), md)
	}
}

// golden compares got with file, or rewrites file under -update.
func golden(t *testing.T, file string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != string(got) {
		t.Errorf("%s differs; go test -update rewrites it (review the diff, and look at the output)", file)
	}
}

// TestSLOUnchecked checks that an SLO with no statistic to check reads
// as "?" in the matrix, is explained under it, and is phrased as
// unchecked rather than missed.
func TestSLOUnchecked(t *testing.T) {
	r := tiny()
	for i := range r.Configs[1].Levels {
		l := &r.Configs[1].Levels[i]
		l.SLO.P90 = analyze.SLOVerdict{TTFT: false, TPS: true, TTFTStat: analyze.StatNone}
	}
	r.Findings = []analyze.Finding{{Kind: analyze.SLOUnchecked, Section: string(analyze.TTFT), Configs: []string{"b"}, Levels: []analyze.Load{1}}}
	for _, lang := range []string{"en", "tr"} {
		loc, err := locale.New(lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		v := newView(r, loc, Options{})
		m := v.SLOMatrix("p90")
		if got := m.Rows[1][1]; got != `?✓\*` {
			t.Errorf("%s: matrix cell = %q, want ?✓\\*", lang, got)
		}
		notes := strings.Join(v.SLOSubstitutes("p90"), "\n")
		if !strings.Contains(notes, "(?)") {
			t.Errorf("%s: notes %q do not explain the ?", lang, notes)
		}
		if got := v.phraseSection(r.Findings[0]); !strings.Contains(got, map[string]string{"en": "cannot be checked", "tr": "denetlenemiyor"}[lang]) {
			t.Errorf("%s: finding = %q", lang, got)
		}
	}
}

// TestOverviewHeading checks the overview heading for two, one and no
// common levels: never "c=0".
func TestOverviewHeading(t *testing.T) {
	tests := []struct {
		levels [2][]analyze.Load // config a's and b's levels
		want   string
	}{
		{[2][]analyze.Load{{1, 2, 4}, {1, 4}}, "Overview (c=1 and c=4)"},
		{[2][]analyze.Load{{1, 2}, {2, 4}}, "Overview (c=2)"},
		{[2][]analyze.Load{{1, 2}, {4}}, "Overview\n"},
	}
	for _, tt := range tests {
		r := tiny()
		for i, want := range tt.levels {
			var kept []analyze.Level
			for _, lc := range want {
				for _, l := range tiny().Configs[0].Levels {
					if l.Load == lc {
						kept = append(kept, l)
					}
				}
			}
			r.Configs[i].Levels = kept
		}
		md, err := Markdown(r, Options{Lang: "en"})
		if err != nil {
			t.Fatal(err)
		}
		doc := string(md)
		if !strings.Contains(doc, tt.want) || strings.Contains(doc, "c=0") {
			t.Errorf("levels %v: want heading %q and no c=0", tt.levels, tt.want)
		}
	}
}

func TestUniformDef(t *testing.T) {
	tests := []struct {
		itl  []string
		want string
	}{
		{[]string{"tpot", "tpot"}, "tpot"},
		{[]string{"chunk", ""}, "chunk"},
		{[]string{"tpot", "chunk"}, "mixed"},
		{[]string{"", ""}, ""},
	}
	for _, tt := range tests {
		r := tiny()
		for i, d := range tt.itl {
			r.Configs[i].Definitions.ITL = d
		}
		if got := newView(r, nil, Options{}).UniformDef("itl"); got != tt.want {
			t.Errorf("UniformDef(itl %v) = %q, want %q", tt.itl, got, tt.want)
		}
	}
}
