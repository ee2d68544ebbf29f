package report

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
	"github.com/openzeka/reportgen/internal/reporttest"
)

// The issue 25 wording: ties broken by headroom said with each
// statistic and threshold, overload named as such, fragile verdicts
// saying so, an output drop told once with the throughput fall it is.

// tiePair is two configs on par on capacity (C_max = 4, same latency
// there); b's P90 TTFT at c=4 is 900 ms against a's 950 ms (P90 = mean
// × 1.1), and a is faster at c=2, so that only headroom decides.
func tiePair() []ingest.Config {
	return []ingest.Config{
		{ID: "a", Levels: []ingest.Level{lv(2, 100, 60, 1.0), lv(4, 950/1.1, 50, 2), lv(8, 2000, 40, 3)}},
		{ID: "b", Levels: []ingest.Level{lv(2, 100, 60, 1.2), lv(4, 900/1.1, 50, 2), lv(8, 2000, 40, 3)}},
	}
}

func TestTieBreakWording(t *testing.T) {
	r := build(t, nil, tiePair()...)
	for lang, v := range views(t, r) {
		f, ok := v.capacityFinding()
		if !ok || f.TieBreak != analyze.TieBreakHeadroom {
			t.Fatalf("%s: capacity finding %+v, want a headroom tie-break", lang, f)
		}
		checkText(t, lang+" verdict", v.Verdict(), words{
			"en": {"are on par on capacity within the P90 SLOs (within 5%)", "At c=4 b has more headroom under the SLOs than a: its P90 TTFT 900.0 ms (10% under the 1,000 ms SLO), against P90 TTFT 950.0 ms (5% under the 1,000 ms SLO) for a, so b is the pick."},
			"tr": {"kapasitede b ile a başa baş (%5 içinde)", "Kapasite seviyesinde (c=4) b, SLO sınırlarından a yapılandırmasına göre daha uzak: kendisinde P90 TTFT 900,0 ms (1.000 ms SLO'sunun %10 altında), buna karşılık a için P90 TTFT 950,0 ms (1.000 ms SLO'sunun %5 altında); bu yüzden tercih b."},
		}[lang], words{"en": {"no clear winner"}, "tr": {"net bir kazanan yok"}}[lang])
		for _, row := range v.ScenarioTable().Rows {
			if strings.HasPrefix(row[0], v.loc.T("scenario_high_load")) {
				checkText(t, lang+" high load", row[1]+" | "+row[2], words{
					"en": {"b | on par with a on capacity", "; at c=4 b has more headroom"},
					"tr": {"b | P90 bazında SLO'lar içindeki kapasitede a ile başa baş", "; c=4 seviyesinde b, SLO sınırlarından"},
				}[lang], nil)
			}
		}
	}
}

func TestOverloadWording(t *testing.T) {
	pass, fail := func(c int) ingest.Level { return lv(c, 100, 60, 1) }, func(c int) ingest.Level { return lv(c, 2000, 60, 3) }
	r := build(t, nil, ingest.Config{ID: "a", Levels: []ingest.Level{pass(2), pass(4), fail(8)}}, ingest.Config{ID: "b", Levels: []ingest.Level{pass(2), fail(4), fail(8)}})
	v := views(t, r)["en"]
	if got := v.HighLabel(); got != "High load (c=4)" {
		t.Errorf("high label %q", got)
	}
	if got := v.OverloadNote(); got != "c=8 is overload: no configuration meets the P90 SLOs there, so high load is c=4, the highest level where one does; its values are in Appendix A." {
		t.Errorf("overload note %q", got)
	}
	// None meets the SLOs anywhere: the high table is overload itself.
	r = build(t, nil, ingest.Config{ID: "a", Levels: []ingest.Level{fail(2), fail(4)}}, ingest.Config{ID: "b", Levels: []ingest.Level{fail(2), fail(4)}})
	v = views(t, r)["en"]
	if got := v.HighLabel(); got != "Overload (c=4): no configuration meets the P90 SLOs" || v.OverloadNote() != "" {
		t.Errorf("all overload: label %q, note %q", got, v.OverloadNote())
	}
}

func TestFragileWording(t *testing.T) {
	r := reporttest.Tiny()
	r.Configs[0].Levels[0].Fragile, r.Configs[0].Levels[0].SampleSize = true, 10
	for lang, want := range map[string][2]string{
		"en": {"It holds. Its P90 SLO check at c=1 rests on only 10 requests: fragile.", "it holds; fragile: P90 SLO check at c=1 on only 10 requests"},
		"tr": {"It holds. Bu kararın c=1 seviyesindeki P90 SLO denetimi yalnızca 10 isteğe dayanıyor; kırılgan.", "it holds; kırılgan: c=1 seviyesinde P90 SLO denetimi yalnızca 10 istekle"},
	} {
		v := views(t, r)[lang]
		if got := v.withFragile("It holds.", []analyze.Load{1}); got != want[0] {
			t.Errorf("%s sentence: %q", lang, got)
		}
		if got := v.withFragile("it holds", []analyze.Load{1}); got != want[1] {
			t.Errorf("%s clause: %q", lang, got)
		}
		if got := v.withFragile("It holds.", nil); got != "It holds." {
			t.Errorf("%s nothing fragile: %q", lang, got)
		}
	}
}

// TestOutputDropToldOnce: where aggregate output is throughput × the
// same output tokens, a drop at a throughput dip is the dip itself: the
// data quality notes tell the dip, not the drop again.
func TestOutputDropToldOnce(t *testing.T) {
	tokens := 128
	m := &ingest.Manifest{}
	m.Benchmark.OutputTokens = &tokens
	// Throughput c / latency: 2 → 2.0, 4 → 1.6 (a dip), 8 → 4.0.
	cfg := ingest.Config{ID: "a", Format: "llm-benchmark", Source: "syn/a.csv", Definitions: ingest.Definitions(reporttest.ExportDefs),
		Levels: []ingest.Level{lv(2, 100, 60, 1), lv(4, 120, 55, 2.5), lv(8, 150, 50, 2)}}
	r, err := analyze.Build(&ingest.Campaign{Name: "syn", Manifest: m, Configs: []ingest.Config{cfg}}, analyze.Options{Now: time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[analyze.AnomalyKind]bool{}
	for _, a := range r.Anomalies {
		kinds[a.Kind] = true
	}
	if !kinds[analyze.ThroughputDip] || !kinds[analyze.AggregateDrop] {
		t.Fatalf("anomalies %v, want a throughput dip and an aggregate drop", r.Anomalies)
	}
	lines := views(t, r)["en"].AnomalyLines()
	if slices.ContainsFunc(lines, func(s string) bool { return strings.Contains(s, "aggregate output fell") }) ||
		!slices.ContainsFunc(lines, func(s string) bool { return strings.Contains(s, "system throughput did not grow") }) {
		t.Errorf("notes:\n%s", strings.Join(lines, "\n"))
	}
}
