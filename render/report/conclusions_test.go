package report

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
	"github.com/openzeka/reportgen/internal/reporttest"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/locale"
)

// The report says what the model concludes, no more: a tie is a tie, a
// lower bound is "at least", an unknown is "–", a stand-in statistic is
// named as itself, a margin is against the nearest rival at each level,
// a load step is told by its real factor, a cap is named as the likely
// cause, and an unreached level is marked and told nowhere else. These
// tests read the sentences of both editions.

// views returns reporttest.Tiny()'s report r as each edition's view.
func views(t *testing.T, r *analyze.Report) map[string]*view {
	t.Helper()
	out := map[string]*view{}
	for _, lang := range locale.Languages {
		loc, err := locale.ForReport(r, lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		out[lang] = newView(r, loc, nil)
	}
	return out
}

// checkText fails when s lacks any of want or holds any of not.
func checkText(t *testing.T, what, s string, want, not []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(s, w) {
			t.Errorf("%s: %q lacks %q", what, s, w)
		}
	}
	for _, n := range not {
		if n != "" && strings.Contains(s, n) {
			t.Errorf("%s: %q holds %q", what, s, n)
		}
	}
}

// words are per-language fragments.
type words map[string][]string

func TestTieWording(t *testing.T) {
	t.Parallel()
	capVals := func(ratio float64) analyze.Numbers {
		return analyze.Numbers{"users": 100 * ratio, "next_users": 100, "max_load": 4, "next_max_load": 4, "ratio": ratio,
			"lower_bound": 0, "next_lower_bound": 0, "throughput": 2, "next_throughput": 2}
	}
	for _, tt := range []struct {
		name      string
		f         analyze.Finding
		want, not words
	}{
		{"capacity tie", analyze.Finding{Kind: analyze.CapacityLeader, Configs: []string{"a", "b"}, Levels: []analyze.Load{4}, Values: capVals(1.03), Tie: true},
			words{"en": {"are on par on capacity", "(within 5%)", "no clear winner"}, "tr": {"kapasitede", "başa baş (%5 içinde)", "net bir kazanan yok"}},
			words{"en": {"serves the most", "1.03"}, "tr": {"en çok", "1,03"}}},
		{"capacity win", analyze.Finding{Kind: analyze.CapacityLeader, Configs: []string{"a", "b"}, Levels: []analyze.Load{4}, Values: capVals(1.5)},
			words{"en": {"serves the most users", "150 users (C_max = 4)", "50% more than b\\|pipe (100 users)"}, "tr": {"en çok kullanıcıya", "150 kullanıcı (C_max = 4)", "b\\|pipe yapılandırmasından (100 kullanıcı) %50 fazla"}},
			words{"en": {"on par"}, "tr": {"başa baş"}}},
		{"aggregate tie", analyze.Finding{Kind: analyze.AggregateLeader, Configs: []string{"a", "b"}, Levels: []analyze.Load{4}, Tie: true,
			Values: analyze.Numbers{"value": 1040, "next": 1000, "ratio": 1.04}},
			words{"en": {"are on par on aggregate output (within 5%)", "1,040 and 1,000 tok/s"}, "tr": {"toplam çıktıda başa baş (%5 içinde)"}},
			words{"en": {"highest", "more than"}, "tr": {"en yüksek", "daha fazla"}}},
		{"ttft tie", analyze.Finding{Kind: analyze.TTFTLeader, Configs: []string{"a", "b"}, Levels: []analyze.Load{1, 4}, Tie: true, Stat: analyze.Mean,
			Values: analyze.Numbers{"low": 50, "low_next": 52, "ratio": 1.04}},
			words{"en": {"are on par on mean TTFT (within 5%)"}, "tr": {"ortalama TTFT'de başa baş (%5 içinde)"}},
			words{"en": {"lowest"}, "tr": {"en düşük"}}},
		{"speculative on par", analyze.Finding{Kind: analyze.SpecLowLoad, Configs: []string{"b", "a"}, Levels: []analyze.Load{1}, Tie: true, Stat: analyze.Mean,
			Values: analyze.Numbers{"ratio": 1.04, "spec": 104, "direct": 100}},
			words{"en": {"are on par (within 5%)", "no measurable gain"}, "tr": {"başa baş (%5 içinde)", "ölçülebilir bir kazanç sağlamıyor"}},
			words{"en": {"faster"}, "tr": {"daha hızlı"}}},
		{"speculative faster", analyze.Finding{Kind: analyze.SpecLowLoad, Configs: []string{"b", "a"}, Levels: []analyze.Load{1}, Stat: analyze.Mean,
			Values: analyze.Numbers{"ratio": 1.06, "spec": 106, "direct": 100}},
			words{"en": {"6% faster", "106 against 100 tok/s mean per-user TPS"}, "tr": {"%6 daha hızlı", "kullanıcı başına ortalama TPS: 106 ve 100 tok/s"}},
			words{"en": {"on par"}, "tr": {"başa baş"}}},
	} {
		r := reporttest.Tiny()
		r.Configs[1].Speculative = true
		for lang, v := range views(t, r) {
			checkText(t, tt.name+" "+lang, v.phrase(tt.f), tt.want[lang], tt.not[lang])
		}
	}
	// A section leader within the threshold, and the threshold as set.
	r := reporttest.Tiny()
	r.Params.TiePct = 2.5
	f := analyze.Finding{Kind: analyze.LeaderLow, Section: string(analyze.TTFT), Configs: []string{"a", "b"}, Levels: []analyze.Load{1}, Tie: true,
		Stat: analyze.Mean, Values: analyze.Numbers{"value": 50, "next": 51, "ratio": 1.02}}
	for lang, v := range views(t, r) {
		checkText(t, "section tie "+lang, v.phrase(f),
			map[string][]string{"en": {"are on par on mean TTFT (within 2.5%)"}, "tr": {"ortalama TTFT açısından başa baş (%2,5 içinde)"}}[lang],
			map[string][]string{"en": {"lowest", "better"}, "tr": {"en düşük", "daha iyi"}}[lang])
	}
}

func TestScenarioTieWording(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name      string
		s         analyze.Scenario
		pick      words
		reason    words
		reasonNot words
	}{
		{"interactive tie", analyze.Scenario{Kind: analyze.Interactive, Config: "a", RunnerUp: "b", Tie: true, Stat: analyze.Mean, Levels: []analyze.Load{1, 2},
			Values: analyze.Numbers{"aggregate": 101, "next_aggregate": 99, "advantage": 1.02, "slo_met": 1}},
			words{"en": {"or b\\|pipe"}, "tr": {"ya da b\\|pipe"}},
			words{"en": {"no clear winner", "within 5% of each other", "geometric means 101 and 99 tok/s"}, "tr": {"net bir kazanan yok", "arasındaki fark %5 içinde"}},
			words{"en": {"highest", "nearest rival"}, "tr": {"en yüksek", "en yakın rakib"}}},
		{"high load tie", analyze.Scenario{Kind: analyze.HighLoad, Config: "a", RunnerUp: "b", Tie: true, Levels: []analyze.Load{4},
			Values: analyze.Numbers{"users": 103, "next_users": 100, "max_load": 4, "next_max_load": 4, "ratio": 1.03, "lower_bound": 0, "next_lower_bound": 0}},
			words{"en": {"or b\\|pipe"}, "tr": {"ya da b\\|pipe"}},
			words{"en": {"no clear winner", "on par (within 5%)", "103 users (C_max = 4), b\\|pipe 100 users (C_max = 4)"}, "tr": {"net bir kazanan yok", "başa baş (%5 içinde)", "103 kullanıcı (C_max = 4), b\\|pipe 100 kullanıcı (C_max = 4)"}},
			words{"en": {"most users", "1.03"}, "tr": {"en çok", "1,03"}}},
		{"max throughput tie", analyze.Scenario{Kind: analyze.MaxThroughput, Config: "a", RunnerUp: "b", Tie: true, Levels: []analyze.Load{4},
			Values: analyze.Numbers{"value": 1040, "next": 1000, "next_level": 4, "advantage": 1.04}},
			words{"en": {"or b\\|pipe"}, "tr": {"ya da b\\|pipe"}},
			words{"en": {"no clear winner", "on par (within 5%)"}, "tr": {"net bir kazanan yok", "başa baş (%5 içinde)"}},
			words{"en": {"nearest rival", "1.04"}, "tr": {"en yakın rakip", "1,04"}}},
		{"high load win", analyze.Scenario{Kind: analyze.HighLoad, Config: "a", RunnerUp: "b", Levels: []analyze.Load{4},
			Values: analyze.Numbers{"users": 150, "next_users": 100, "max_load": 4, "next_max_load": 2, "ratio": 1.5, "lower_bound": 0, "next_lower_bound": 0}},
			words{"en": {"\\<script\\>"}, "tr": {"\\<script\\>"}},
			words{"en": {"most users within the P90 SLOs: 150 users (C_max = 4), 50% more than the nearest rival, b\\|pipe (100 users)"},
				"tr": {"P90 bazında SLO'lar içinde en çok kullanıcı: 150 kullanıcı (C_max = 4); en yakın rakip b\\|pipe yapılandırmasından (100 kullanıcı) %50 fazla"}},
			words{"en": {"no clear winner"}, "tr": {"net bir kazanan yok"}}},
	} {
		r := reporttest.Tiny()
		r.Scenarios = []analyze.Scenario{tt.s}
		for lang, v := range views(t, r) {
			row := v.ScenarioTable().Rows[0]
			checkText(t, tt.name+" pick "+lang, row[1], tt.pick[lang], nil)
			checkText(t, tt.name+" "+lang, row[2], tt.reason[lang], tt.reasonNot[lang])
		}
	}
}

// TestMarginsPerLevel: a scenario's margin is against the nearest rival
// at each level, the rival named per level where it changes; a level
// where the pick trails says so, and by how much the rival is better.
func TestMarginsPerLevel(t *testing.T) {
	t.Parallel()
	r := reporttest.Tiny()
	r.Configs = append(r.Configs, analyze.Config{ID: "c", Name: analyze.Text{"": "SGLang + Spec"}})
	r.Configs[1].Name = analyze.Text{"": "vLLM (direct)"}
	window := []analyze.Load{1, 2, 4}
	r.Scenarios = []analyze.Scenario{
		{Kind: analyze.Interactive, Config: "a", RunnerUp: "b", Stat: analyze.Mean, Levels: window,
			Rivals: []string{"c", "c", "b"}, Margins: []float64{1.4457, 1.4910, 1.3589},
			Values: analyze.Numbers{"value_min": 99.43, "value_max": 187.74, "margin_min": 1.3589, "margin_max": 1.4910, "slo_met": 1, "aggregate": 134.3, "next_aggregate": 85.3, "advantage": 1.58}},
		{Kind: analyze.MinITL, Config: "a", RunnerUp: "b", Stat: analyze.Mean, Levels: window,
			Rivals: []string{"c", "c", "b"}, Margins: []float64{0.8802, 1.2879, 1.1690},
			Values: analyze.Numbers{"value_min": 4.84, "value_max": 9.11, "margin_min": 0.8802, "margin_max": 1.2879, "slo_met": 1, "aggregate": 6.65, "next_aggregate": 9.75, "advantage": 1.47}},
		{Kind: analyze.Interactive, Config: "a", RunnerUp: "b", Stat: analyze.P50, Levels: window,
			Rivals: []string{"b", "b", "b"}, Margins: []float64{1.30, 1.20, 1.03},
			Values: analyze.Numbers{"value_min": 90, "value_max": 130, "slo_met": 0, "aggregate": 110, "next_aggregate": 95, "advantage": 1.16}},
	}
	want := []words{
		{"en": {"highest mean per-user TPS over c ≤ 4", "99–188 tok/s", "36–49% above the nearest rival: SGLang + Spec at c=1–2 and vLLM (direct) at c=4"},
			"tr": {"c ≤ 4 aralığında en yüksek kullanıcı başına ortalama TPS", "en yakın rakipten %36–49 yüksek: c=1–2 seviyelerinde SGLang + Spec ve c=4 seviyesinde vLLM (direct)"}},
		{"en": {"lowest mean ITL over c ≤ 4", "the nearest rival is 17–29% higher: SGLang + Spec at c=2 and vLLM (direct) at c=4",
			"at c=1 it trails SGLang + Spec by 14%"},
			"tr": {"en yakın rakip %17–29 daha yüksek: c=2 seviyesinde SGLang + Spec ve c=4 seviyesinde vLLM (direct)",
				"c=1 seviyesinde ise SGLang + Spec %14 önde"}},
		{"en": {"highest median per-user TPS", "20–30% above the nearest rival: vLLM (direct) at c=1–2", "on par with vLLM (direct) at c=4 (within 5%)",
			"no configuration meets both SLOs"},
			"tr": {"kullanıcı başına medyan TPS", "c=4 seviyesinde vLLM (direct) ile başa baş (%5 içinde)"}},
	}
	for lang, v := range views(t, r) {
		tab := v.ScenarioTable()
		for i, w := range want {
			checkText(t, lang+" "+string(r.Scenarios[i].Kind), tab.Rows[i][2], w[lang], []string{"1.86", "1,86", "0.88", "0,88"})
		}
	}
}

// lv is a synthetic level read from a tool: concurrency c, mean TTFT
// (ms), TPS and latency (s), ten requests per user.
func lv(c int, ttft, tps, lat float64) ingest.Level {
	st := func(mean float64) ingest.Stat {
		return ingest.Stat{Mean: mean, P10: ingest.Absent, P50: ingest.Absent, P90: mean * 1.1, P99: ingest.Absent}
	}
	return ingest.Level{Concurrency: c, TTFT: st(ttft), ITL: st(8), TPS: st(tps), Latency: st(lat), RPS: ingest.Absent,
		SystemRPS: ingest.Absent, OutputTPS: ingest.Absent, Requests: 10 * c, Errors: 0, OutputTokens: ingest.Absent}
}

// build analyzes synthetic configs; commands gives configs a
// deployment command by id.
func build(t *testing.T, commands map[string]string, cfgs ...ingest.Config) *analyze.Report {
	t.Helper()
	m := &ingest.Manifest{}
	for i := range cfgs {
		cfgs[i].Format, cfgs[i].Source = "llm-benchmark", "syn/"+cfgs[i].ID+".csv"
		cfgs[i].Definitions = ingest.Definitions(reporttest.ExportDefs)
		m.Configs = append(m.Configs, ingest.ConfigMeta{ID: cfgs[i].ID, Command: ingest.Text{"": commands[cfgs[i].ID]}})
	}
	r, err := analyze.Build(&ingest.Campaign{Name: "syn", Manifest: m, Configs: cfgs}, analyze.Options{Now: time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// lines are every sentence the report builds from the model's findings
// and scenarios.
func (v *view) lines() []string {
	out := append(v.KeyFindings(), v.ConclusionLines()...)
	out = append(out, v.CapacityLines()...)
	out = append(out, v.SpeedupLines()...)
	for _, sec := range []string{"ttft_ms", "itl_ms", "tps", "latency_s", "system_rps", "aggregate_tps"} {
		out = append(out, v.SectionFindings(sec)...)
	}
	for _, row := range v.ScenarioTable().Rows {
		out = append(out, row[2])
	}
	return out
}

// TestBoundsAndUnreached is the campaign of issue 12: two configs pass
// every level tested, a third ran too few requests at its top levels.
// The report says "≥" / "at least", ranks nothing between the bounds,
// marks the unreached levels in its tables and tells them only in the
// data quality notes.
func TestBoundsAndUnreached(t *testing.T) {
	t.Parallel()
	a := ingest.Config{ID: "alpha", Levels: []ingest.Level{lv(1, 100, 60, 2), lv(2, 110, 55, 2.2), lv(4, 120, 50, 2.4), lv(8, 150, 40, 3)}}
	b := ingest.Config{ID: "beta", Levels: []ingest.Level{lv(1, 90, 62, 2), lv(2, 100, 56, 2.1), lv(4, 130, 48, 2.5), lv(8, 160, 38, 3.2)}}
	short := ingest.Config{ID: "short", Levels: []ingest.Level{lv(1, 80, 65, 1.9), lv(2, 90, 60, 2), lv(4, 95, 58, 2.1), lv(8, 100, 55, 2.2)}}
	short.Levels[2].Requests, short.Levels[3].Requests = 3, 2
	r := build(t, nil, a, b, short)
	for _, lang := range locale.Languages {
		md, err := mdOf(r, lang)
		if err != nil {
			t.Fatal(err)
		}
		doc := string(md)
		v := views(t, r)[lang]
		// Bounds: "≥" in the tables, "at least" / unranked in the text.
		tab := v.CapacityTable("p90")
		if row := tab.Rows[0]; row[1] != "≥ 8" || !strings.HasPrefix(row[3], "≥ ") {
			t.Errorf("%s: alpha's capacity row %q, want ≥ 8 and ≥ users", lang, row)
		}
		if row := tab.Rows[2]; row[1] != "≥ 2" {
			t.Errorf("%s: short's capacity row %q, want ≥ 2 (its c=4 and c=8 were not reached)", lang, row)
		}
		checkText(t, lang+" capacity notes", strings.Join(v.CapacityNotes("p90"), " "),
			words{"en": {"the limit was not reached in the tested range"}, "tr": {"sınıra test edilen aralıkta ulaşılmadı"}}[lang], nil)
		capLines := strings.Join(v.CapacityLines(), "\n")
		checkText(t, lang+" capacity reading", capLines,
			words{"en": {"cannot be ranked", "≥"}, "tr": {"sıralanamaz", "≥"}}[lang],
			words{"en": {"×", "most users"}, "tr": {"×", "katı", "en çok"}}[lang])
		hl := v.ScenarioTable()
		for _, row := range hl.Rows {
			if strings.HasPrefix(row[0], v.loc.T("scenario_high_load")) {
				checkText(t, lang+" high load", row[1]+" | "+row[2], words{"en": {"no clear winner", "cannot be ranked"}, "tr": {"net bir kazanan yok", "sıralanamaz"}}[lang],
					words{"en": {"×", "most"}, "tr": {"×", "katı", "en çok"}}[lang])
			}
		}
		// Unreached levels: marked in the tables, noted once under them,
		// told in the data quality notes, and in no sentence else.
		if !regexp.MustCompile(`(?m)^\| 8 ◊ \|`).MatchString(doc) {
			t.Errorf("%s: the unreached c=8 of short is not marked in the appendix's table: want a row \"| 8 ◊ |\"", lang)
		}
		checkText(t, lang+" report", doc, []string{v.loc.T("unreached_note"), "◊"}, nil)
		for _, s := range v.lines() {
			if regexp.MustCompile(`short[^,;:]*c=(4|8)\b`).MatchString(s) {
				t.Errorf("%s: a finding speaks of an unreached level: %q", lang, s)
			}
		}
		quality := strings.Join(v.AnomalyLines(), "\n")
		checkText(t, lang+" quality", quality, words{"en": {"short, c=4: the load was not reached (3 requests sent at concurrency 4, so never 4 in flight at once)", "short, c=8"},
			"tr": {"short, c=4: yüke ulaşılamadı (eşzamanlılık 4 iken yalnızca 3 istek gönderildi"}}[lang], nil)
	}

	// A lower bound that clearly beats a measured capacity leads, as "at
	// least".
	measured := ingest.Config{ID: "measured", Levels: []ingest.Level{lv(1, 100, 60, 2), lv(2, 110, 55, 2.2), lv(4, 1500, 50, 2.4), lv(8, 1600, 40, 3)}}
	r = build(t, nil, a, measured)
	for lang, v := range views(t, r) {
		f, ok := v.capacityFinding()
		if !ok || f.Kind != analyze.CapacityLeader {
			t.Fatalf("no capacity leader: %+v", r.Findings)
		}
		checkText(t, lang+" bound leader", v.phrase(f), words{"en": {"at least", "users (C_max ≥ 8; the limit was not reached in the tested range)", "at least"},
			"tr": {"en az", "(C_max ≥ 8; sınıra test edilen aralıkta ulaşılmadı)"}}[lang], nil)
	}
}

// TestUnknownUsers: a capacity without a latency has no user count: "–"
// in the table and the chart, never 0, and no sentence built on it; a
// median latency standing in is marked.
func TestUnknownUsers(t *testing.T) {
	t.Parallel()
	r := reporttest.Tiny()
	r.Configs[0].Capacity.P90 = analyze.Capacity{Max: 4, Concurrency: 4, LatencyMeanS: math.NaN(), Users: analyze.UsersUnknown}
	r.Configs[0].Capacity.Mean = analyze.Capacity{Max: 2, Concurrency: 2, LatencyMeanS: 1.8, Users: 52}
	r.Configs[1].Capacity.P90 = analyze.Capacity{Max: 1, Concurrency: 1, LatencyMeanS: 1.5, LatencyStat: "p50", Users: 31}
	for lang, v := range views(t, r) {
		tab := v.CapacityTable("p90")
		if got := tab.Rows[0][3]; got != "–" {
			t.Errorf("%s: unknown users shown as %q", lang, got)
		}
		if got := tab.Rows[1][2]; got != v.loc.Num(1.5, 2)+" †" {
			t.Errorf("%s: median latency shown as %q, want it marked †", lang, got)
		}
		checkText(t, lang+" notes", strings.Join(v.CapacityNotes("p90"), " "), []string{"– ", "† "}, nil)
		for _, s := range v.CapacityLines() {
			if strings.Contains(s, "\\<script\\>") && (strings.Contains(s, " 0 ") || strings.Contains(s, "–")) {
				t.Errorf("%s: a sentence built on an unknown user count: %q", lang, s)
			}
		}
	}
	svg := chartSVG(t, r, "en", "06-capacity")
	if !strings.Contains(svg, ">–<") || strings.Contains(svg, ">-1<") {
		t.Error("the capacity chart does not show unknown users as –")
	}
}

// chartSVG draws one chart of r in lang.
func chartSVG(t *testing.T, r *analyze.Report, lang, name string) string {
	t.Helper()
	ed, err := render.New(New(r), render.Options{Lang: lang, Formats: render.FormatHTML})
	if err != nil {
		t.Fatal(err)
	}
	charts := ed.Charts()
	for _, c := range charts {
		if c.Name == name {
			return string(c.SVG)
		}
	}
	t.Fatalf("no chart %s", name)
	return ""
}

// TestSaturationAndSchedulingChange: saturation is told with the real
// load factor and the deployment cap as the likely cause; a TTFT jump
// with rising throughput is a scheduling change, never a saturation.
func TestSaturationAndSchedulingChange(t *testing.T) {
	t.Parallel()
	// capped: throughput 2 → 3.6 → 3.7 req/s from c=8 to c=16 (× 1.03)
	// while latency doubles; launched with --max-num-seqs 8, exceeded at the step.
	capped := ingest.Config{ID: "capped", Levels: []ingest.Level{lv(4, 100, 60, 2), lv(8, 110, 55, 2.2), lv(16, 300, 40, 4.3)}}
	// jumpy: c=2 → c=8 (load ×4), TTFT ×9 while throughput grows
	// 1 → 3.6 req/s.
	jumpy := ingest.Config{ID: "jumpy", Levels: []ingest.Level{lv(2, 100, 60, 2), lv(8, 900, 50, 2.2)}}
	r := build(t, map[string]string{"capped": "vllm serve m --max-num-seqs 8 --gpu-memory-utilization 0.9"}, capped, jumpy)
	for lang, v := range views(t, r) {
		// Each is told once: in the key findings, or else in the
		// data-quality notes.
		told := append(v.SummaryFindings(), v.AnomalyLines()...)
		all := strings.Join(told, "\n")
		var sat, sched string
		for _, s := range told {
			switch {
			case strings.HasPrefix(s, "capped"):
				sat = s
			case strings.HasPrefix(s, "jumpy"):
				sched = s
			}
		}
		checkText(t, lang+" saturation", sat, words{"en": {"saturates from c=16 on", "grew 2× from c=8", "`--max-num-seqs 8`", "the likely cause"},
			"tr": {"c=16 seviyesinde doygunluğa ulaşıyor", "2 kat artarken", "`--max-num-seqs 8`", "olası neden"}}[lang], nil)
		checkText(t, lang+" scheduling change", sched, words{"en": {"grew 4× from c=2", "mean TTFT jumped 9×", "still grew 3.64×", "This is not a saturation"},
			"tr": {"4 kat artarken", "9 kat sıçradı", "artmaya devam etti: 3,64 kat", "Bu bir doygunluk değildir"}}[lang],
			words{"en": {"doubled", "saturates"}, "tr": {"iki katına", "doygunluğa"}}[lang])
		if strings.Count(all, "--max-num-seqs") != 1 {
			t.Errorf("%s: the cap is told %d times:\n%s", lang, strings.Count(all, "--max-num-seqs"), all)
		}
		checkText(t, lang+" summary", strings.Join(v.KeyFindings(), "\n"), []string{"`--max-num-seqs 8`"}, nil)
	}
}

// TestStandInNamed: a statistic standing in for another is named as
// itself: the median as median, the P99 as P99, in findings, scenario
// rows and chart titles.
func TestStandInNamed(t *testing.T) {
	t.Parallel()
	r := reporttest.Tiny()
	for i := range r.Configs[0].Levels {
		l := &r.Configs[0].Levels[i]
		l.TTFT.P99, l.TTFT.P90 = l.TTFT.Mean*1.5, math.NaN()
		l.TPS.P50, l.TPS.Mean = l.TPS.Mean, math.NaN()
	}
	findings := []analyze.Finding{
		{Kind: analyze.SLOBoundary, Section: string(analyze.TTFT), Configs: []string{"a"}, Levels: []analyze.Load{2, 4}, Stat: "p99",
			Values: analyze.Numbers{"threshold": 1000, "pass": 225, "fail": 1050}},
		{Kind: analyze.LeaderLow, Section: string(analyze.TPS), Configs: []string{"b", "a"}, Levels: []analyze.Load{1}, Stat: analyze.P50,
			Values: analyze.Numbers{"value": 85, "next": 80, "ratio": 1.0625}},
		{Kind: analyze.SLOAllPass, Section: string(analyze.TPS), Configs: []string{"a"}, Levels: []analyze.Load{4}, Stat: "p10",
			Values: analyze.Numbers{"threshold": 15, "value": 40}},
	}
	want := []words{
		{"en": {"P99 TTFT (in place of the P90 the source lacks) meets the SLO"}, "tr": {"P99 TTFT (kaynakta olmayan P90 yerine) SLO'sunu"}},
		{"en": {"highest median per-user TPS"}, "tr": {"kullanıcı başına medyan TPS"}},
		{"en": {"P10 TPS (the slow tail, in place of the fast-tail P90)"}, "tr": {"P10 TPS (hızlı kuyruk olan P90 yerine yavaş kuyruk)"}},
	}
	r.Scenarios = []analyze.Scenario{{Kind: analyze.Interactive, Config: "b", RunnerUp: "a", Stat: analyze.P50, Levels: []analyze.Load{1},
		Rivals: []string{"a"}, Margins: []float64{1.0625}, Values: analyze.Numbers{"value_min": 85, "value_max": 85, "slo_met": 1}}}
	spec := analyze.Finding{Kind: analyze.SpecLowLoad, Configs: []string{"b", "a"}, Levels: []analyze.Load{1}, Stat: analyze.P50,
		Values: analyze.Numbers{"ratio": 1.2, "spec": 96, "direct": 80}}
	for lang, v := range views(t, r) {
		for i, f := range findings {
			checkText(t, lang+" "+string(f.Kind), v.phrase(f), want[i][lang], []string{"P90 TTFT meets", "mean"})
		}
		checkText(t, lang+" scenario", v.ScenarioTable().Rows[0][2], words{"en": {"median per-user TPS"}, "tr": {"medyan TPS"}}[lang], []string{"mean per-user", "başına ortalama"})
		checkText(t, lang+" speculative", v.phrase(spec), words{"en": {"96 against 80 tok/s median per-user TPS"}, "tr": {"kullanıcı başına medyan TPS: 96 ve 80"}}[lang], nil)
	}
	checkText(t, "ttft chart", chartSVG(t, r, "en", "01-ttft"), []string{"P90, or P99 where absent"}, nil)
	checkText(t, "tps chart", chartSVG(t, r, "tr", "03-tps"), []string{"Ortalama; yoksa medyan"}, nil)
	checkText(t, "dashboard", chartSVG(t, r, "en", "10-dashboard"), []string{"stand-ins named in each tile", "TTFT, P90, or P99 where absent (ms)"}, nil)
}

// TestNoIdentityAsEvidence: where ITL is a TPOT, TTFT + ITL × (n − 1)
// equals latency by definition: no sentence offers it as evidence.
// Where ITL is measured between chunks, the check is told.
func TestNoIdentityAsEvidence(t *testing.T) {
	t.Parallel()
	tokens := 128
	for _, itl := range []string{"tpot", "chunk"} {
		a := ingest.Config{ID: "a", Levels: []ingest.Level{lv(2, 100, 60, 0.1+8*0.127), lv(8, 900, 50, 0.9+8*0.127)}}
		for i := range a.Levels {
			a.Levels[i].ITL.Mean = 8
		}
		m := &ingest.Manifest{}
		m.Benchmark.OutputTokens = &tokens
		a.Format, a.Definitions = "llm-benchmark", ingest.Definitions{ITL: itl, TPS: "request", RPS: "per_user"}
		r, err := analyze.Build(&ingest.Campaign{Name: "syn", Manifest: m, Configs: []ingest.Config{a}}, analyze.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range locale.Languages {
			md, err := mdOf(r, lang)
			if err != nil {
				t.Fatal(err)
			}
			doc := string(md)
			checkText(t, itl+" "+lang, doc, nil, []string{"self-consistent", "not a measurement error", "kendi içinde tutarlı", "ölçüm hatası değil"})
			told := strings.Contains(doc, map[string]string{"en": "Internal consistency", "tr": "İç tutarlılık"}[lang])
			if told != (itl == "chunk") {
				t.Errorf("%s %s: consistency told = %v", itl, lang, told)
			}
		}
	}
}

// TestFastTailLine: a TPS SLO checked on the fast tail is said once,
// with what a strict reading would change: in the summary when that
// changes a capacity, else in the SLO section (the summary's caveat
// names it in a clause).
func TestFastTailLine(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		vals    analyze.Numbers
		configs []string
		want    words
	}{
		{analyze.Numbers{"levels": 28, "flips": 2, "capacity_changes": 0, "threshold": 15}, nil,
			words{"en": {"TPS P90, which is the fast tail", "Checked against the mean instead, 2 of the 28 TPS verdicts would change, but no capacity"}, "tr": {"hızlı kuyruk", "28 TPS sonucunun 2 tanesi değişirdi, ancak hiçbir kapasite değişmezdi"}}},
		{analyze.Numbers{"levels": 6, "flips": 0, "capacity_changes": 0, "threshold": 15}, nil,
			words{"en": {"no verdict would change"}, "tr": {"hiçbir sonuç değişmez"}}},
		{analyze.Numbers{"levels": 6, "flips": 1, "capacity_changes": 1, "threshold": 15}, []string{"b"},
			words{"en": {"1 of the 6 TPS verdicts would change, and with them the capacity of b\\|pipe"}, "tr": {"b\\|pipe kapasitesi de değişir"}}},
	} {
		r := reporttest.Tiny()
		r.Findings = []analyze.Finding{{Kind: analyze.TPSFastTail, Section: "summary", Configs: tt.configs, Stat: analyze.P90, Values: tt.vals}}
		for _, lang := range locale.Languages {
			md, err := mdOf(r, lang)
			if err != nil {
				t.Fatal(err)
			}
			doc := string(md)
			v := views(t, r)[lang]
			line := v.FastTail()
			checkText(t, lang+" fast tail", line, tt.want[lang], nil)
			if strings.Count(doc, line) != 1 || len(v.KeyFindings()) != 0 || len(v.ConclusionLines()) != 0 {
				t.Errorf("%s: the fast-tail line is not said exactly once", lang)
			}
		}
	}
}

// TestConfigDiffTable: the options that differ between configurations,
// side by side; limits marked; options all configs share and options
// that do not bear on speed left out; JSON objects a row per key; a pipe
// in a value kept inside its cell.
func TestConfigDiffTable(t *testing.T) {
	t.Parallel()
	r := reporttest.Tiny()
	r.Configs[0].Flags = []analyze.Flag{{Flag: "--tp", Value: "8"}, {Flag: "--max-num-seqs", Value: "32"}, {Flag: "--enable-x"},
		{Flag: "--port", Value: "8000"}, {Flag: "--spec", Value: `{"model": "d1", "n": 7}`}, {Flag: "--list", Value: "[1,2]"}}
	r.Configs[1].Flags = []analyze.Flag{{Flag: "--tp", Value: "8"}, {Flag: "--mem-fraction-static", Value: "0.85"}, {Flag: "--cfg", Value: `{"a|b": 1}`},
		{Flag: "--port", Value: "30000"}, {Flag: "--spec", Value: `{"n": 7, "model": "d2", "extra": true}`}, {Flag: "--list", Value: "[1,3]"}}
	for lang, v := range views(t, r) {
		tab := v.ConfigDiff()
		if tab == nil {
			t.Fatalf("%s: no configuration differences table", lang)
		}
		md := tab.Markdown()
		checkText(t, lang+" diff", md, []string{
			"| `--max-num-seqs` (" + map[string]string{"en": "admission limit", "tr": "eşzamanlı istek sınırı"}[lang] + ") | `32` | – |",
			"| `--enable-x` | ✓ | – |",
			"| `--mem-fraction-static` (" + map[string]string{"en": "memory limit", "tr": "bellek sınırı"}[lang] + ") | – | `0.85` |",
			"| `--cfg` `a\\|b` | – | `1` |",
			// A JSON object: a row per key that differs, in the order
			// written; a key both give alike is left out.
			"| `--spec` `model` | `d1` | `d2` |\n| `--spec` `extra` | – | `true` |",
			"| `--list` | `[1,2]` | `[1,3]` |",
		}, []string{"--tp`", "--port", "`n`"})
		if len(tab.Head) != 3 {
			t.Errorf("%s: %d columns, want one per config and the option", lang, len(tab.Head))
		}
	}
	r.Configs[1].Flags = nil
	if newView(r, nil, nil).ConfigDiff() != nil {
		t.Error("a table for a single config with a command")
	}
}

// TestPerUserTPSIsNotThroughput: no sentence about per-user TPS calls it
// throughput.
func TestPerUserTPSIsNotThroughput(t *testing.T) {
	t.Parallel()
	for _, lang := range locale.Languages {
		loc, err := locale.New(lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"finding_spec_low_faster", "finding_spec_low_slower", "finding_spec_low_par", "finding_spec_high",
			"finding_pays_off", "finding_no_break_even", "speedup_rule", "speedup_never_wins", "speedup_never_breaks",
			"why_interactive", "intro_speedup_queue", "mname_tps", "sf_spec_effect", "reason_tps_on_par", "reason_tps_slower"} {
			if s := loc.T(id); strings.Contains(strings.ToLower(s), "throughput") {
				t.Errorf("%s %s speaks of per-user TPS as throughput: %q", lang, id, s)
			}
		}
	}
}

// TestWindowWords: the window where speculative decoding pays off is
// "up to" its top when it starts at the lowest common level, "from …
// to …" otherwise, with the users it holds at the think time (none
// with a closed loop).
func TestWindowWords(t *testing.T) {
	t.Parallel()
	r := reporttest.Tiny()
	load := func(x analyze.Load) *analyze.Load { return &x }
	s := analyze.Speedup{Points: []analyze.SpeedupPoint{{Load: 1}, {Load: 2}, {Load: 4}}, PaysOffFrom: load(1), PaysOffUpTo: load(2)}
	v := newView(r, reporttest.Locale(t, r, "en"), nil)
	if got := v.window(s); got != "up to c=2" {
		t.Errorf("from the lowest level: %q", got)
	}
	s.PaysOffFrom = load(2)
	if got := v.window(s); got != "from c=2 to c=2" {
		t.Errorf("from a higher level: %q", got)
	}
	if got := v.aboutUsers(166, false); got != " (about 166 users)" {
		t.Errorf("users: %q", got)
	}
	if got := v.aboutUsers(166, true); got != " (≈ 166 users)" {
		t.Errorf("users from an estimated latency: %q", got)
	}
	r.Params.ThinkS = 0
	if got := v.aboutUsers(166, true); got != "" {
		t.Errorf("closed loop: %q, want no users", got)
	}
}

// TestJSONObject: an option's value is read as one JSON object, keys in
// the order written; anything else is no object.
func TestJSONObject(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		keys []string
		ok   bool
	}{
		{`{"model": "d", "n": 7, "m": {"x": 1}}`, []string{"model", "n", "m"}, true},
		{` {"b":1,"a":2} `, []string{"b", "a"}, true},
		{`[1,2]`, nil, false},
		{`{"a":1} trailing`, nil, false},
		{`{"a":1`, nil, false},
		{`auto`, nil, false},
	} {
		keys, _, ok := jsonObject(tt.in)
		if ok != tt.ok || !slices.Equal(keys, tt.keys) {
			t.Errorf("%q: %v %v, want %v %v", tt.in, keys, ok, tt.keys, tt.ok)
		}
	}
}

// TestUnrankedSaysWhy: an unranked capacity is told for what each
// config is: a lower bound "passes every level", one whose users cannot
// be counted is said to be so, a measured capacity is neither; no
// capacity is ranked on an unknown, in either language.
func TestUnrankedSaysWhy(t *testing.T) {
	t.Parallel()
	bound := ingest.Config{ID: "bound", Levels: []ingest.Level{lv(1, 100, 60, 2), lv(2, 110, 55, 2.2), lv(4, 120, 50, 2.4)}}
	unknown := ingest.Config{ID: "unknown", Levels: []ingest.Level{lv(1, 100, 60, 2), lv(2, 110, 55, 0), lv(4, 1500, 50, 2.4)}}
	measured := ingest.Config{ID: "measured", Levels: []ingest.Level{lv(1, 100, 60, 2), lv(2, 1500, 55, 2.2), lv(4, 1600, 50, 2.4)}}
	for _, tt := range []struct {
		name string
		cfgs []ingest.Config
		want words
		not  words
	}{
		{"unknown beside measured", []ingest.Config{measured, unknown},
			words{"en": {"The capacities within the P90 SLOs cannot be ranked: the users of unknown cannot be counted, as the mean latency at C_max is unknown."},
				"tr": {"P90 bazında SLO'lar içindeki kapasiteler sıralanamaz: C_max seviyesindeki ortalama gecikme bilinmediğinden unknown için kullanıcı sayısı hesaplanamıyor."}},
			words{"en": {"measured", "every level"}, "tr": {"measured", "her seviyeyi"}}},
		{"unknown and a bound", []ingest.Config{bound, unknown, measured},
			words{"en": {"cannot be ranked: the users of unknown cannot be counted, as the mean latency at C_max is unknown, and bound ≥ ", " passes every level it was tested at, so its capacity is a lower bound"},
				"tr": {"C_max seviyesindeki ortalama gecikme bilinmediğinden unknown için kullanıcı sayısı hesaplanamıyor; bound ≥ ", " ise test edildiği her seviyeyi geçiyor, yani kapasitesi bir sınır değil, alt sınırdır"}},
			words{"en": {"measured", "unknown ≥"}, "tr": {"measured", "unknown ≥"}}},
		{"only unknowns", []ingest.Config{unknown, {ID: "unknown2", Levels: unknown.Levels}},
			words{"en": {"the users of unknown and unknown2 cannot be counted"}, "tr": {"unknown ve unknown2 için kullanıcı sayısı hesaplanamıyor"}},
			words{"en": {"every level"}, "tr": {"her seviyeyi"}}},
	} {
		r := build(t, nil, tt.cfgs...)
		for lang, v := range views(t, r) {
			f, ok := v.capacityFinding()
			if !ok || f.Kind != analyze.CapacityUnranked {
				t.Fatalf("%s: no unranked capacity: %+v", tt.name, r.Findings)
			}
			checkText(t, tt.name+", "+lang, v.phrase(f), tt.want[lang], tt.not[lang])
			for _, row := range v.ScenarioTable().Rows {
				if strings.HasPrefix(row[0], v.loc.T("scenario_high_load")) {
					checkText(t, tt.name+", "+lang+" high load", row[1]+" | "+row[2], words{"en": {"no clear winner", "cannot be counted"}, "tr": {"net bir kazanan yok", "hesaplanamıyor"}}[lang], tt.not[lang])
				}
			}
		}
	}
}

// TestEditionOverNoLevels: a report with a configuration without
// levels, beside another or alone, renders its Markdown and charts in
// both languages; ingest refuses such a configuration, and the
// rendering does not rely on it.
func TestEditionOverNoLevels(t *testing.T) {
	t.Parallel()
	beside := reporttest.Tiny()
	beside.Configs[1].Levels, beside.Configs[1].Capacity = nil, analyze.Capacities{}
	none := reporttest.Tiny()
	none.Levels, none.Pareto = nil, analyze.Pareto{}
	for i := range none.Configs {
		none.Configs[i].Levels, none.Configs[i].Capacity = nil, analyze.Capacities{}
	}
	for name, r := range map[string]*analyze.Report{"beside": beside, "none": none} {
		for _, lang := range locale.Languages {
			if _, err := render.New(New(r), render.Options{Lang: lang, Formats: render.FormatHTML}); err != nil {
				t.Errorf("%s, %s: %v", name, lang, err)
			}
		}
	}
}

// TestUnrankedNamesWhoIsBehind: an unranked capacity verdict names, for
// a lower bound, the configurations it clearly exceeds whatever its
// limit, with their users, in both editions; none where it does not.
func TestUnrankedNamesWhoIsBehind(t *testing.T) {
	t.Parallel()
	r := reporttest.Tiny()
	r.Configs[0].Capacity.P90 = analyze.Capacity{Max: 4, Users: 400, LowerBound: true}
	r.Configs[1].Capacity.P90 = analyze.Capacity{Max: 2, Users: 100}
	f := analyze.Finding{Kind: analyze.CapacityUnranked, Configs: []string{r.Configs[0].ID}}
	for lang, want := range map[string]string{
		"en": "Whatever its limit, \\<script\\>alert(1)\\</script\\> serves more users than: b\\|pipe (100 users).",
		"tr": "Sınırı ne olursa olsun \\<script\\>alert(1)\\</script\\>, şunlardan daha çok kullanıcıya hizmet veriyor: b\\|pipe (100 kullanıcı).",
	} {
		v := newView(r, reporttest.Locale(t, r, lang), nil)
		if got := v.unranked(f, "finding_capacity_unranked"); !strings.HasSuffix(got, want) {
			t.Errorf("%s: %q does not end in %q", lang, got, want)
		}
	}
	r.Configs[1].Capacity.P90.Users = 390 // on par with the bound: no longer behind for certain
	v := newView(r, reporttest.Locale(t, r, "en"), nil)
	if got := v.unranked(f, "finding_capacity_unranked"); strings.Contains(got, "Whatever") {
		t.Errorf("a measured capacity on par with the bound is said to be behind: %q", got)
	}
}

// TestSpeedupRatioDecimals: a ratio is written with two decimals unless
// they would round it across the tie threshold (5 %: exactly 1.05 is a
// win): an on-par 1.049 reads 1.049×, a winning 1.054 1.05×.
func TestSpeedupRatioDecimals(t *testing.T) {
	t.Parallel()
	r := reporttest.Tiny()
	v := newView(r, reporttest.Locale(t, r, "en"), nil)
	for _, tt := range []struct {
		x    float64
		want string
	}{{1.049, "1.049×"}, {1.054, "1.05×"}, {1.05, "1.05×"}, {0.99, "0.99×"}, {1.2, "1.20×"}} {
		if got := v.speedupRatio(tt.x); got != tt.want {
			t.Errorf("speedupRatio(%v) = %q, want %q", tt.x, got, tt.want)
		}
	}
}

// TestCaveatOutputLength: the caveat says every request had the stated
// output length only where the files bear it out; a configuration whose
// mean output lies more than 1 % from it (exactly 1 % is within) is
// named with its range.
func TestCaveatOutputLength(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		tokens []float64
		want   string
	}{
		{"as stated", []float64{256, 256}, "every request had 512 input and 256 output tokens"},
		{"1 % short, within", []float64{256 * 0.99, 256}, "every request had 512 input and 256 output tokens"},
		{"1 % long, within", []float64{256 * 1.01, 256}, "every request had 512 input and 256 output tokens"},
		{"shorter", []float64{246, 249, 249}, "every request asked for 512 input and 256 output tokens, though the files report a mean output of 246–249 tokens for \\<script\\>alert(1)\\</script\\>"},
	} {
		r := reporttest.Tiny()
		r.Params.InputTokens, r.Params.OutputTokens = 512, 256
		for i := range r.Configs {
			for j := range r.Configs[i].Levels {
				r.Configs[i].Levels[j].OutputTokens = 256
			}
		}
		for j, x := range tt.tokens {
			if j < len(r.Configs[0].Levels) {
				r.Configs[0].Levels[j].OutputTokens = x
			}
		}
		v := newView(r, reporttest.Locale(t, r, "en"), nil)
		if got := v.Caveat(); !strings.Contains(got, tt.want) {
			t.Errorf("%s: %q lacks %q", tt.name, got, tt.want)
		}
	}
}

// TestMaxOutputNamesWhoIsBehind: where the top outputs are lower bounds
// and cannot be ranked, the row names, for a bound, the measured peaks it
// clearly exceeds whatever its limit.
func TestMaxOutputNamesWhoIsBehind(t *testing.T) {
	t.Parallel()
	r := reporttest.Tiny()
	v := newView(r, reporttest.Locale(t, r, "en"), nil)
	ps, _ := analyze.OutputPeaks(r)
	var bound, measured []analyze.OutputPeak
	for _, p := range ps {
		if p.Bound {
			bound = append(bound, p)
		} else {
			measured = append(measured, p)
		}
	}
	got := strings.Join(v.peaksOutranked(), " | ")
	want := ""
	for _, b := range bound {
		for _, m := range measured {
			if r.PeakOutranks(b, m) {
				want = "whatever its limit, " + v.Name(b.Config) + " produces more than: " + v.Name(m.Config)
			}
		}
	}
	if want == "" {
		t.Fatalf("the tiny report has no bound that outranks a measured peak: %+v", ps)
	}
	if !strings.Contains(got, want) {
		t.Errorf("%q lacks %q", got, want)
	}
}
