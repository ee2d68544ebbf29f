package render

import (
	"math"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/internal/reporttest"
	"github.com/openzeka/reportgen/render/locale"
)

// TestRateAxisWords: on a rate axis the report and the charts name
// levels as rates, in each language's number form, with ∞ for "as fast
// as possible", capacity as R_max, and never as a concurrency "c=".
func TestRateAxisWords(t *testing.T) {
	for _, tt := range []struct {
		lang string
		md   []string
		svg  []string
	}{
		{"en", []string{"request rates of 0.5, 2, ∞ req/s", "| req/s |", "| 0.5 req/s | 2 req/s | ∞ req/s |", "R_max (P90, req/s)", "Maximum Request Rate (R_max)", "N = C × (1 + T_think / L_mean),   C = X × L_mean", "Overview (0.5 req/s and ∞ req/s)"},
			[]string{"Request rate (req/s, log₂ scale)", ">0.5<", ">∞<", "R_max (req/s)", ">Request rate<"}},
		{"tr", []string{"0,5; 2; ∞ istek/s hızlarında", "| istek/s |", "| 0,5 istek/s | 2 istek/s | ∞ istek/s |", "R_max (P90, istek/s)", "Maksimum İstek Hızı (R_max)", "Genel Karşılaştırma (0,5 istek/s ve ∞ istek/s)"},
			[]string{"İstek hızı (istek/s, log₂ ölçek)", ">0,5<", ">∞<", "R_max (istek/s)", ">İstek hızı<"}},
	} {
		md, err := Markdown(reporttest.TinyRate(), Options{Lang: tt.lang})
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

// TestAxisX: an unbounded rate sits one doubling past the top finite
// level; finite levels sit at their value.
func TestAxisX(t *testing.T) {
	levels := []analyze.Load{0.5, 4, analyze.Load(math.Inf(1))}
	for _, tt := range []struct {
		x    analyze.Load
		want float64
	}{{0.5, 0.5}, {4, 4}, {analyze.Load(math.Inf(1)), 8}} {
		if got := axisX(levels, tt.x); got != tt.want {
			t.Errorf("axisX(%v) = %v, want %v", tt.x, got, tt.want)
		}
	}
	if got := axisX([]analyze.Load{analyze.Load(math.Inf(1))}, analyze.Load(math.Inf(1))); got != 2 {
		t.Errorf("axisX of ∞ alone = %v, want 2", got)
	}
}

// chartsSVG draws r's charts in lang and returns their SVGs joined.
func chartsSVG(t *testing.T, r *analyze.Report, lang string) string {
	t.Helper()
	charts, err := Charts(r, ChartOptions{Lang: lang, SVG: true})
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, c := range charts {
		all.Write(c.SVG)
	}
	return all.String()
}

func TestLevelRank(t *testing.T) {
	levels := []analyze.Load{0.5, 2, analyze.Load(math.Inf(1))}
	for _, tt := range []struct {
		x    analyze.Load
		want int
	}{{0.5, 1}, {2, 2}, {analyze.Load(math.Inf(1)), 3}, {0, 0}, {4, 0}} {
		if got := levelRank(levels, tt.x); got != tt.want {
			t.Errorf("levelRank(%v) = %d, want %d", tt.x, got, tt.want)
		}
	}
}

func TestLocaleLoad(t *testing.T) {
	for _, tt := range []struct {
		lang string
		x    analyze.Load
		want string
	}{
		{"tr", 1024, "1024"}, {"en", 1024, "1024"}, {"tr", 0.5, "0,5"}, {"en", 2.25, "2.25"},
		{"tr", 1.0 / 3, "0,333"}, {"en", analyze.Load(math.Inf(1)), "∞"}, {"en", 16, "16"},
	} {
		l, err := locale.New(tt.lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := l.Load(tt.x); got != tt.want {
			t.Errorf("%s Load(%v) = %q, want %q", tt.lang, float64(tt.x), got, tt.want)
		}
	}
}
