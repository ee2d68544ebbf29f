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
	for _, lang := range Languages {
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
		loc, _ := NewLocale(lang, nil)
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
	for _, lang := range Languages {
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

// TestSpecLowLoadPhrase checks that the low-load sentence says faster,
// on par or slower by the ratio, with on par inside ±2 %.
func TestSpecLowLoadPhrase(t *testing.T) {
	loc, err := NewLocale("en", nil)
	if err != nil {
		t.Fatal(err)
	}
	r := tiny()
	r.Configs[1].Speculative = true
	v := newView(r, loc, Options{})
	tests := []struct {
		ratio float64
		want  string
	}{
		{1.40, "clearly pays off"},
		{1.019, "on par"},
		{1.0, "on par"},
		{0.981, "on par"},
		{0.95, "is slower than"},
	}
	for _, tt := range tests {
		f := analyze.Finding{Kind: analyze.SpecLowLoad, Configs: []string{"b", "a"}, Levels: []analyze.Load{1},
			Values: map[string]float64{"ratio": tt.ratio, "spec": 100 * tt.ratio, "direct": 100}}
		if got := v.phrase(f); !strings.Contains(got, tt.want) {
			t.Errorf("ratio %.3f: %q, want it to say %q", tt.ratio, got, tt.want)
		}
	}
}

// TestLeaderTies checks that a lead within 0.5 % is phrased as a tie,
// in both languages, and a real lead as a lead.
func TestLeaderTies(t *testing.T) {
	tests := []struct {
		f         analyze.Finding
		lead, tie map[string]string // language → phrase fragment
	}{
		{
			f:    analyze.Finding{Kind: analyze.CapacityLeader, Configs: []string{"a", "b"}, Levels: []analyze.Load{4}, Values: map[string]float64{"users": 100, "next_users": 100}},
			lead: map[string]string{"en": "serves the most users", "tr": "en çok kullanıcıya"},
			tie:  map[string]string{"en": "are level on capacity", "tr": "başa baş"},
		},
		{
			f:    analyze.Finding{Kind: analyze.AggregateLeader, Configs: []string{"a", "b"}, Levels: []analyze.Load{4}, Values: map[string]float64{"value": 1000, "next": 1000}},
			lead: map[string]string{"en": "highest aggregate output", "tr": "en yüksek toplam çıktıyı"},
			tie:  map[string]string{"en": "same aggregate output within 0.5%", "tr": "aynı toplam çıktıyı"},
		},
		{
			f:    analyze.Finding{Kind: analyze.TTFTLeader, Configs: []string{"a", "b"}, Levels: []analyze.Load{1, 4}, Values: map[string]float64{"low": 50, "low_next": 50}},
			lead: map[string]string{"en": "has the lowest mean TTFT", "tr": "en düşük ortalama TTFT"},
			tie:  map[string]string{"en": "same mean TTFT within 0.5%", "tr": "aynı ortalama TTFT"},
		},
	}
	for _, lang := range []string{"en", "tr"} {
		loc, err := NewLocale(lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		v := newView(tiny(), loc, Options{})
		for _, tt := range tests {
			for _, ratio := range []float64{1.004, 1.2} {
				f := tt.f
				f.Values = map[string]float64{"ratio": ratio}
				for k, x := range tt.f.Values {
					f.Values[k] = x
				}
				want := tt.lead[lang]
				if ratio < 1.005 {
					want = tt.tie[lang]
				}
				if got := v.phrase(f); !strings.Contains(got, want) {
					t.Errorf("%s %s ratio %.3f: %q, want %q in it", lang, f.Kind, ratio, got, want)
				}
			}
		}
	}
}

func TestSectionLeaderTie(t *testing.T) {
	loc, err := NewLocale("en", nil)
	if err != nil {
		t.Fatal(err)
	}
	v := newView(tiny(), loc, Options{})
	for _, tt := range []struct {
		ratio float64
		want  string
	}{{1.003, "are level on"}, {1.3, "has the lowest"}} {
		f := analyze.Finding{Kind: analyze.LeaderLow, Section: analyze.MetricTTFT.Key, Configs: []string{"a", "b"}, Levels: []analyze.Load{1},
			Values: map[string]float64{"value": 50, "next": 50 * tt.ratio, "ratio": tt.ratio}}
		if got := v.phraseSection(f); !strings.Contains(got, tt.want) {
			t.Errorf("ratio %.3f: %q, want %q in it", tt.ratio, got, tt.want)
		}
	}
}

func TestScenarioTies(t *testing.T) {
	loc, err := NewLocale("en", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		s    analyze.Scenario
		want string
	}{
		{analyze.Scenario{Kind: analyze.Interactive, Config: "a", RunnerUp: "b", Levels: []analyze.Load{1, 2},
			Values: analyze.Numbers{"tps_min": 80, "tps_max": 100, "advantage_min": 1.001, "advantage_max": 1.004, "slo_met": 1}}, "level with b\\|pipe"},
		{analyze.Scenario{Kind: analyze.Interactive, Config: "a", RunnerUp: "b", Levels: []analyze.Load{1, 2},
			Values: analyze.Numbers{"tps_min": 80, "tps_max": 100, "advantage_min": 1.001, "advantage_max": 1.3, "slo_met": 1}}, "the next best"},
		{analyze.Scenario{Kind: analyze.HighLoad, Config: "a", RunnerUp: "b", Levels: []analyze.Load{4},
			Values: analyze.Numbers{"users": 100, "next_users": 100, "max_load": 4, "ratio": 1}}, "level with the 100 of b\\|pipe"},
		{analyze.Scenario{Kind: analyze.HighLoad, Config: "a", RunnerUp: "b", Levels: []analyze.Load{4},
			Values: analyze.Numbers{"users": 150, "next_users": 100, "max_load": 4, "ratio": 1.5}}, "1.50× the 100"},
	} {
		r := tiny()
		r.Scenarios = []analyze.Scenario{tt.s}
		tab := newView(r, loc, Options{}).ScenarioTable()
		if got := tab.Rows[0][2]; !strings.Contains(got, tt.want) {
			t.Errorf("%s: %q, want %q in it", tt.s.Kind, got, tt.want)
		}
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
	r.Findings = []analyze.Finding{{Kind: analyze.SLOUnchecked, Section: analyze.MetricTTFT.Key, Configs: []string{"b"}, Levels: []analyze.Load{1}}}
	for _, lang := range []string{"en", "tr"} {
		loc, err := NewLocale(lang, nil)
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
