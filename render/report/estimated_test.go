package report

import (
	"math"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/internal/reporttest"
)

// TestLatencyEstimatedMarked: a mean latency estimated from a run's mean
// output length (latency_method "mean_output_length", a P90 unknown) is
// marked ≈ in the overview, with its legend, and in the appendix's
// data; the appendix's metrics give the method and its measured error.
// A report without one shows none of these.
func TestLatencyEstimatedMarked(t *testing.T) {
	r := reporttest.Tiny()
	for i := range r.Configs[1].Levels {
		l := &r.Configs[1].Levels[i]
		l.LatencyDerived, l.LatencyMethod, l.Latency.P90 = true, "mean_output_length", math.NaN()
	}
	legend := map[string]string{"en": "≈ estimated mean latency", "tr": "≈ tahmini ortalama gecikme"}
	method := map[string]string{"en": "**Mean latency marked ≈** is estimated", "tr": "**≈ ile işaretli ortalama gecikme**"}
	for _, lang := range []string{"en", "tr"} {
		md, err := mdOf(r, lang)
		if err != nil {
			t.Fatal(err)
		}
		doc := string(md)
		// Config b's mean latencies, 1.5 s at c=1 and 3 s at c=4.
		for _, want := range []string{"| 1" + map[string]string{"en": ".", "tr": ","}[lang] + "50 ≈ |", legend[lang], method[lang], "14 %"} {
			if lang == "tr" && want == "14 %" {
				want = "%14"
			}
			if !strings.Contains(doc, want) {
				t.Errorf("%s: the report lacks %q", lang, want)
			}
		}
		plain, err := mdOf(reporttest.Tiny(), lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, absent := range []string{" ≈ |", legend[lang], method[lang]} {
			if strings.Contains(string(plain), absent) {
				t.Errorf("%s: a report without an estimate holds %q", lang, absent)
			}
		}
	}
}
