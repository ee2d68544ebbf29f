package report

import (
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/internal/reporttest"
	"github.com/openzeka/reportgen/render"
)

// TestRateAxisWords: on a rate axis the report and the charts name
// levels as rates, in each language's number form, with ∞ for "as fast
// as possible", capacity as R_max, and never as a concurrency "c=".
func TestRateAxisWords(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		lang string
		md   []string
		svg  []string
	}{
		{"en", []string{"request rates of 0.5, 2, ∞ req/s", "| req/s |", "| 0.5 req/s | 2 req/s | ∞ req/s |", "R_max (P90, req/s)", "Maximum Request Rate (R_max)", "N = C × (1 + T_think / L_mean),   C = X × L_mean", "Overview (0.5 req/s and ∞ req/s)"},
			[]string{"Request rate (req/s, log₂ scale)", ">0.5<", ">∞<", "R_max (req/s)", ">Request rate<"}},
		{"tr", []string{"0,5; 2; ∞ istek/s hızlarında", "| istek/s |", "| 0,5 istek/s | 2 istek/s | ∞ istek/s |", "R_max (P90, istek/s)", "En Yüksek İstek Hızı (R_max)", "Genel Karşılaştırma (0,5 istek/s ve ∞ istek/s)"},
			[]string{"İstek hızı (istek/s, log₂ ölçek)", ">0,5<", ">∞<", "R_max (istek/s)", ">İstek hızı<"}},
	} {
		md, err := mdOf(reporttest.TinyRate(), tt.lang)
		if err != nil {
			t.Fatal(err)
		}
		doc := string(md)
		for _, w := range tt.md {
			if !strings.Contains(doc, w) {
				t.Errorf("%s report lacks %q", tt.lang, w)
			}
		}
		if strings.Contains(doc, "c=") || strings.Contains(doc, "C_max") {
			t.Errorf("%s report names a concurrency level or C_max on a rate axis", tt.lang)
		}
		svg := chartsSVG(t, reporttest.TinyRate(), tt.lang)
		for _, w := range tt.svg {
			if !strings.Contains(svg, w) {
				t.Errorf("%s charts lack %q", tt.lang, w)
			}
		}
		if strings.Contains(svg, "c=") || strings.Contains(svg, "Concurrency") {
			t.Errorf("%s charts name concurrency on a rate axis", tt.lang)
		}
	}
}

// TestInputAxisWords: on an input-length axis the report and the charts
// name levels as input lengths, in each language, never as a
// concurrency "c=" or a capacity C_max; the capacity section and the
// Little's law section say, instead of a capacity, why there is none;
// and there is no capacity chart nor a frontier.
func TestInputAxisWords(t *testing.T) {
	for _, tt := range []struct {
		lang string
		md   []string
		svg  []string
	}{
		{"en", []string{"input lengths of 128, 512, 2048 tokens, each at one load", "| input tokens |", "| input length 128 tokens | input length 512 tokens | input length 2048 tokens |",
			"Overview (input length 128 tokens and input length 2048 tokens)", "Capacity: Not Computed", "Capacity is not computed: the levels of this report are input lengths at one load",
			"Capacity (the highest load that meets the SLOs, and the users it serves by Little's law) is not computed in this report", "Input length (tokens) | 128, 512, 2048"},
			[]string{"Input length (tokens per request, log₂ scale)", ">128<", ">2048<", ">Input length<"}},
		{"tr", []string{"128, 512, 2048 token girdi uzunluklarında, her biri tek bir yükte", "| girdi token'ı |", "| 128 token girdi | 512 token girdi | 2048 token girdi |",
			"Genel Karşılaştırma (128 token girdi ve 2048 token girdi)", "Kapasite: Hesaplanmadı", "Kapasite hesaplanmadı: bu raporun seviyeleri yük değil",
			"Bu raporda kapasite (SLO'ları karşılayan en yüksek yük", "Girdi uzunluğu (token) | 128, 512, 2048"},
			[]string{"Girdi uzunluğu (istek başına token, log₂ ölçek)", ">128<", ">2048<", ">Girdi uzunluğu<"}},
	} {
		md, err := mdOf(reporttest.TinyInput(), tt.lang)
		if err != nil {
			t.Fatal(err)
		}
		doc := string(md)
		for _, w := range tt.md {
			if !strings.Contains(doc, w) {
				t.Errorf("%s report lacks %q", tt.lang, w)
			}
		}
		for _, w := range []string{"c=", "C_max", "N = C", "06-capacity", "11-pareto"} {
			if strings.Contains(doc, w) {
				t.Errorf("%s report has %q on an input-length axis", tt.lang, w)
			}
		}
		svg := chartsSVG(t, reporttest.TinyInput(), tt.lang)
		for _, w := range tt.svg {
			if !strings.Contains(svg, w) {
				t.Errorf("%s charts lack %q", tt.lang, w)
			}
		}
		if strings.Contains(svg, "c=") || strings.Contains(svg, "Concurrency") || strings.Contains(svg, "Eşzamanlılık") {
			t.Errorf("%s charts name concurrency on an input-length axis", tt.lang)
		}
	}
}

// chartsSVG draws r's charts in lang and returns their SVGs joined.
func chartsSVG(t *testing.T, r *analyze.Report, lang string) string {
	t.Helper()
	ed, err := render.New(New(r), render.Options{Lang: lang, Formats: render.FormatHTML})
	if err != nil {
		t.Fatal(err)
	}
	charts := ed.Charts()
	var all strings.Builder
	for _, c := range charts {
		all.Write(c.SVG)
	}
	return all.String()
}
