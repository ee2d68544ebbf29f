package report

import (
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/internal/reporttest"
)

// TestLoadFactorWording: a load step is worded as every difference is
// (ratio.go), a factor rounded to one decimal: a step of 1.99 reads
// 99%, one of 2.96 reads 3×, never "2.96×"; in the saturation sentence
// and in the throughput dip note, in both editions.
func TestLoadFactorWording(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		factor float64
		want   map[string]string // the saturation's words, then the dip's
		dip    map[string]string
	}{
		{1.99, map[string]string{"en": "the load grew 99% from", "tr": "%99 artarken"}, map[string]string{"en": "the load grew 99% from", "tr": "%99 artarken"}},
		{1.94, map[string]string{"en": "the load grew 94% from", "tr": "%94 artarken"}, map[string]string{"en": "the load grew 94% from", "tr": "%94 artarken"}},
		{2.96, map[string]string{"en": "the load grew 3× from", "tr": "3 kat artarken"}, map[string]string{"en": "the load grew 3× from", "tr": "3 kat artarken"}},
	} {
		r := reporttest.Tiny()
		val := analyze.Numbers{"prev_load": 2, "load_factor": tc.factor, "throughput_factor": 1.02, "prev": 1.1, "value": 1.12,
			"latency_prev": 1.8, "latency": 2.5, "later_load": 8, "later": 3}
		r.Anomalies = []analyze.Anomaly{{Kind: analyze.ThroughputDip, Config: "a", Load: 4, Metric: "system_rps", Values: val}}
		for lang, v := range views(t, r) {
			sat := v.anomalyText(analyze.Saturation, "a", 4, val, nil, false)
			checkText(t, lang+" saturation", sat, []string{tc.want[lang]}, []string{"2.0×", "2,0", "1.94", "1,94", "1.99", "1,99", "2.96", "2,96"})
			dip := strings.Join(v.AnomalyLines(), "\n")
			checkText(t, lang+" throughput dip", dip, []string{tc.dip[lang]}, []string{"2.0×", "2,0×", "1.94", "1,94", "1.99", "1,99", "2.96", "2,96"})
		}
	}
}
