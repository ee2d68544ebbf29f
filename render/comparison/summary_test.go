package comparison

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/analyze/compare"
	"github.com/openzeka/reportgen/internal/samplegen"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/locale"
)

// TestShortenAfter: the title says the words both titles open with
// once, and only whole words that both go on past.
func TestShortenAfter(t *testing.T) {
	for _, tt := range []struct{ o, n, want string }{
		{"Llama 3.1 8B on FP16", "Llama 3.1 8B on FP8", "FP8"},
		{"Llama 3.1 8B: Before the Upgrade", "Llama 3.1 8B: After the Upgrade", "After the Upgrade"},
		{"Run 1", "Run 2", "2"},
		{"Llama 3.1 8B", "Llama 3.1 8B FP8", "Llama 3.1 8B FP8"}, // the baseline's title held whole
		{"Llama 3.1 8B FP8", "Llama 3.1 8B", "Llama 3.1 8B"},
		{"FP16 run", "FP8 run", "FP8 run"}, // no whole word in common at the start
		{"vLLM 0.6", "vLLM 0.7", "0.7"},
	} {
		if got := shortenAfter(tt.o, tt.n); got != tt.want {
			t.Errorf("shortenAfter(%q, %q) = %q, want %q", tt.o, tt.n, got, tt.want)
		}
	}
}

// TestTitle: the edition's title is made of the reports' titles, the
// folder names where a side has none, and one title where both are the
// same; the subtitle then names the sides by their folders.
func TestTitle(t *testing.T) {
	v := &view{C: &compare.Comparison{}, loc: testLocale(t, "en")}
	side := func(name, title string) compare.Side {
		s := compare.Side{Name: name}
		if title != "" {
			s.Title = analyze.Text{"": title}
		}
		return s
	}
	for _, tt := range []struct {
		old, cand       compare.Side
		title, subtitle string
	}{
		{side("a", "Llama on FP16"), side("b", "Llama on FP8"), "Comparison: Llama on FP16 → FP8", "Baseline: Llama on FP16 · Candidate: Llama on FP8"},
		{side("before", ""), side("after", ""), "Comparison: before → after", "Baseline: before · Candidate: after"},
		{side("run-1", "Llama"), side("run-2", "Llama"), "Comparison: Llama", "Baseline: run-1 · Candidate: run-2"},
	} {
		v.C.Baseline, v.C.Candidate = tt.old, tt.cand
		if got, sub := v.Title(), v.subtitleText(); got != tt.title || sub != tt.subtitle {
			t.Errorf("%q, %q: title %q, subtitle %q; want %q, %q", tt.old.Name, tt.cand.Name, got, sub, tt.title, tt.subtitle)
		}
	}
}

// deltaAt is a headline delta of metric m at level x changed by pct,
// judged ch.
func deltaAt(m analyze.MetricID, st analyze.Statistic, x float64, pct float64, ch compare.Change) compare.Delta {
	l := analyze.Load(x)
	return compare.Delta{Metric: compare.Metric(m), Stat: st, Load: &l, Old: 100, New: 100 * (1 + pct/100), DeltaPct: pct,
		Beyond: math.Abs(pct) >= 5, Change: ch, Headline: true, Test: compare.TestWelch, PValue: 0.001, Significant: ch != compare.Unchanged,
		ConfirmedBy: compare.ConfirmedByTest}
}

// TestPctRange: a range of changes is written from the smaller to the
// larger one way, from the lowest to the highest both ways, in whole
// percent only when every change is 10% or more, and as one value when
// it rounds to one.
func TestPctRange(t *testing.T) {
	v := &view{C: &compare.Comparison{}, loc: testLocale(t, "en")}
	ds := func(pcts ...float64) []compare.Delta {
		var out []compare.Delta
		for i, p := range pcts {
			out = append(out, deltaAt(analyze.TPS, analyze.Mean, float64(i+1), p, compare.Improved))
		}
		return out
	}
	for _, tt := range []struct {
		pcts []float64
		want string
	}{
		{[]float64{28.2, 56.1, 44.7}, "+28% … +56%"},
		{[]float64{-48.7, -40.5}, "−41% … −49%"},
		{[]float64{10, 12}, "+10% … +12%"},       // every change 10% or more: whole percent
		{[]float64{9.99, 12}, "+10.0% … +12.0%"}, // one a hair under: a decimal
		{[]float64{6.0, 6.4}, "+6.0% … +6.4%"},
		{[]float64{43.8, -36.7, 23.2}, "−37% … +44%"}, // both ways: lowest first
		{[]float64{6.04, 6.01}, "+6.0%"},
	} {
		if got := v.pctRange(ds(tt.pcts...)); got != tt.want {
			t.Errorf("%v: %q, want %q", tt.pcts, got, tt.want)
		}
	}
}

// TestLevelsPhrase: the levels of a group are spans of the levels
// compared, or every level.
func TestLevelsPhrase(t *testing.T) {
	v := &view{C: &compare.Comparison{}, loc: testLocale(t, "en")}
	all := []analyze.Load{1, 2, 4, 8, 16, 32}
	for _, tt := range []struct {
		xs   []analyze.Load
		want string
	}{
		{[]analyze.Load{16}, "at c=16"},
		{[]analyze.Load{16, 32}, "at c=16–32"},
		{[]analyze.Load{1, 2, 4, 16}, "at c=1–4 and c=16"},
		{all, "at every level, c=1–32"},
	} {
		if got := v.levelsPhrase(all, tt.xs); got != tt.want {
			t.Errorf("%v: %q, want %q", tt.xs, got, tt.want)
		}
	}
}

// TestWithSystem: the system throughput is said with the per-user TPS
// of the same levels, once; at a level the TPS lacks it is said apart.
func TestWithSystem(t *testing.T) {
	tps := group{metric: compare.Metric(analyze.TPS), deltas: []compare.Delta{deltaAt(analyze.TPS, analyze.Mean, 16, 6, compare.Improved),
		deltaAt(analyze.TPS, analyze.Mean, 32, 6, compare.Improved)}}
	sys := func(xs ...float64) group {
		g := group{metric: compare.Metric(analyze.SystemRPS)}
		for _, x := range xs {
			g.deltas = append(g.deltas, deltaAt(analyze.SystemRPS, "", x, 6, compare.Improved))
		}
		return g
	}
	if got := withSystem([]group{tps, sys(16, 32)}); len(got) != 1 || !got[0].system {
		t.Errorf("the same levels: %d groups, system %v; want 1, folded", len(got), len(got) > 0 && got[0].system)
	}
	if got := withSystem([]group{tps, sys(8, 16)}); len(got) != 2 || got[0].system {
		t.Errorf("a level the TPS lacks: %d groups, want 2 apart", len(got))
	}
}

// TestActionRerun: with one run per side, the action asks for a rerun
// where every change of a way is under 10%, the system throughput shown
// beside the TPS included: at 9.99% it does, at exactly 10% it does not,
// nor where the system throughput moved 10% or more; with repeated runs
// it never does.
func TestActionRerun(t *testing.T) {
	l := testLocale(t, "en")
	rerun := l.T("compare_action_rerun_better", "Pct", "10%")
	for _, tt := range []struct {
		pct, sys float64
		oneRun   bool
		asksFor  bool
	}{
		{9.99, 9.99, true, true},
		{10, 9.99, true, false},
		{9.99, 10, true, false},
		{9.99, 12, true, false},
		{9.99, 9.99, false, false},
	} {
		cf := compare.Config{Verdict: compare.Better, Deltas: []compare.Delta{deltaAt(analyze.TPS, analyze.Mean, 16, tt.pct, compare.Improved),
			deltaAt(analyze.SystemRPS, "", 16, tt.sys, compare.Improved)}}
		v := &view{C: &compare.Comparison{OneRunPerSide: tt.oneRun}, loc: l}
		if got := strings.Contains(v.action(cf), rerun); got != tt.asksFor {
			t.Errorf("%.2f%% (system %.2f%%), one run %v: %q asks for a rerun %v, want %v", tt.pct, tt.sys, tt.oneRun, v.action(cf), got, tt.asksFor)
		}
	}
}

// TestMixedAction: a mixed verdict better at the lower levels and worse
// at the higher ones (or the other way round) says which side to choose
// at which load; where they interleave, to weigh them.
func TestMixedAction(t *testing.T) {
	v := &view{C: &compare.Comparison{}, loc: testLocale(t, "en")}
	mixed := func(better, worse []float64) compare.Config {
		cf := compare.Config{Verdict: compare.Mixed}
		for _, x := range better {
			cf.Deltas = append(cf.Deltas, deltaAt(analyze.TPS, analyze.Mean, x, 15, compare.Improved))
		}
		for _, x := range worse {
			cf.Deltas = append(cf.Deltas, deltaAt(analyze.TPS, analyze.Mean, x, -15, compare.Regressed))
		}
		return cf
	}
	for _, tt := range []struct {
		better, worse []float64
		want          string
	}{
		{[]float64{1, 2, 4}, []float64{16, 32}, "Choose by load: the candidate for c ≤ 4, the baseline for c ≥ 16."},
		{[]float64{16, 32}, []float64{1, 2}, "Choose by load: the baseline for c ≤ 2, the candidate for c ≥ 16."},
		{[]float64{1, 16}, []float64{4}, "Weigh the better against the worse changes for the load you serve."},
	} {
		if got := v.mixedAction(mixed(tt.better, tt.worse)); got != tt.want {
			t.Errorf("better %v, worse %v: %q, want %q", tt.better, tt.worse, got, tt.want)
		}
	}
}

// TestOneRun: the line on one run per side is on the verdict page only
// when every level was measured once, and names p-values only where a
// delta had one.
func TestOneRun(t *testing.T) {
	l := testLocale(t, "en")
	tested := compare.Config{Deltas: []compare.Delta{deltaAt(analyze.TPS, analyze.Mean, 1, 6, compare.Improved)}}
	untested := compare.Config{Deltas: []compare.Delta{{Test: compare.TestNone}}}
	for _, tt := range []struct {
		oneRun bool
		cf     compare.Config
		want   string
	}{
		{true, tested, l.T("compare_one_run", "Pct", "10%")},
		{true, untested, l.T("compare_one_run_untested", "Pct", "10%")},
		{false, tested, ""},
	} {
		v := &view{C: &compare.Comparison{OneRunPerSide: tt.oneRun, Configs: []compare.Config{tt.cf}}, loc: l}
		if got := v.OneRun(); got != tt.want {
			t.Errorf("one run %v: %q, want %q", tt.oneRun, got, tt.want)
		}
	}
}

// TestChangeOfALowerBound: a lower bound equal to the other side's value
// is a change of at least nothing, written "–"; one above it "≥ +…".
func TestChangeOfALowerBound(t *testing.T) {
	v := &view{C: &compare.Comparison{}, loc: testLocale(t, "en")}
	for _, tt := range []struct {
		d    compare.Delta
		want string
	}{
		{compare.Delta{Old: 16, New: 16, DeltaPct: 0, NewAtLeast: true}, "–"},
		{compare.Delta{Old: 16, New: 32, DeltaPct: 100, NewAtLeast: true}, "≥ +100.0%"},
		{compare.Delta{Old: 32, New: 16, DeltaPct: -50, OldAtLeast: true}, "≤ −50.0%"},
		{compare.Delta{Old: 16, New: 16, DeltaPct: 0}, "0.0%"},
	} {
		if got := v.change(tt.d); got != tt.want {
			t.Errorf("%v → %v: %q, want %q", tt.d.Old, tt.d.New, got, tt.want)
		}
	}
}

// pairComparison reads a comparison pair of internal/samplegen as
// reportgen compare does, each side from a folder of its files.
func pairComparison(t *testing.T, p samplegen.Pair) *compare.Comparison {
	t.Helper()
	dir := t.TempDir()
	for side, files := range map[string]map[string][]byte{"before": p.Before, "after": p.After} {
		if err := os.Mkdir(filepath.Join(dir, side), 0o755); err != nil {
			t.Fatal(err)
		}
		for name, b := range files {
			if err := os.WriteFile(filepath.Join(dir, side, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return compareReports(t, sampleReport(t, filepath.Join(dir, "before")), sampleReport(t, filepath.Join(dir, "after")), "before", "after")
}

// TestPairEditions: the verdict page of each kind of pair users
// compare (internal/samplegen) says what changed, why it counts or does
// not, and what to do, in every language.
func TestPairEditions(t *testing.T) {
	want := map[string]map[string][]string{
		"fp8-upgrade": {
			"en": {"# Comparison: Llama 3.1 8B on FP16 → FP8", "| before → after: **better** | Better:",
				"mean per-user TPS +28% … +57% at every level, c=1–256 (better by 5% or more at 9 of 9 levels, sign test p = 0.004)",
				"and system throughput with it (one measurement)", "P90 TTFT −6.9% … −27.2% at c=1–2 and c=8–256 (better by 5% or more at 8 of 9 levels, sign test p = 0.039)",
				"users at C_max (P90) 372 → 502 (+34.9%), C_max 128 on both sides, confirmed at c=128",
				"**Action:** Go ahead with the candidate. |", "before and after are the only configuration on each side"},
			"tr": {"# Karşılaştırma: Llama 3.1 8B on FP16 → FP8", "| before → after: **daha iyi** | Daha iyi:",
				"kullanıcı başına ortalama TPS tüm seviyelerde (c=1–256) +%28 … +%57 (9 seviyenin 9 tanesinde %5 ya da daha fazla iyileşti, işaret testi p = 0,004)",
				"**Ne yapılmalı:** Adayla devam edin. |", "kendi taraflarındaki tek yapılandırma oldukları için birbiriyle karşılaştırıldı"},
		},
		"engine-variant": {
			"en": {"| before → after: **better** | Better:", "better by 5% or more at 7 of 7 levels, sign test p = 0.016",
				"Not counted, as nothing confirms them", "P99 TTFT −27% … +16% at every level, c=1–64 (better by 5% or more at 6 and worse at 1 of 7 levels, sign test p = 0.125)"},
			"tr": {"| before → after: **daha iyi** | Daha iyi:", "Hiçbir şey doğrulamadığı için sayılmayanlar"},
		},
		"day-apart": {
			"en": {"| before → after: **no change** | No headline change is confirmed. Not counted, as nothing confirms them",
				"C_max (P90) 1 → 0 (−100.0%) and users 20 → 0 (−100.0%), as the change at the level that bounds the capacity is unconfirmed",
				"**Action:** None needed; to settle the unconfirmed differences, measure more requests per level or repeat the runs. |"},
			"tr": {"| before → after: **değişiklik yok** | Doğrulanmış bir ana değişim yok.", "**Ne yapılmalı:** Gerek yok; doğrulanmamış farkları netleştirmek"},
		},
		"rerun": {
			"en": {"| before → after: **no change** | No headline change is confirmed.", "better by 5% or more at 5 of 6 levels, sign test p = 0.219"},
			"tr": {"| before → after: **değişiklik yok** |"},
		},
	}
	for _, p := range samplegen.Pairs() {
		c := pairComparison(t, p)
		for _, lang := range locale.Languages {
			ed, err := render.New(New(c), render.Options{Lang: lang, Formats: render.FormatMarkdown})
			if err != nil {
				t.Fatal(err)
			}
			md := string(ed.Markdown)
			for _, w := range want[p.Name][lang] {
				if !strings.Contains(md, w) {
					t.Errorf("%s %s: the edition lacks %q", p.Name, lang, w)
				}
			}
		}
	}
}
