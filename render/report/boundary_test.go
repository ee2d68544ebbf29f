package report

import (
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/internal/reporttest"
)

// TestLoadFactorRoundsToOneDecimal: a load step is worded by its factor
// rounded to one decimal, so that a step from c=100 to c=199 (1.99)
// reads 2×, never "2.0×", and 1.94 reads 1.9×; in the saturation
// sentence and in the throughput dip note, in both editions.
func TestLoadFactorRoundsToOneDecimal(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		factor float64
		want   map[string]string // the saturation's words, then the dip's
		dip    map[string]string
	}{
		{1.99, map[string]string{"en": "the load grew 2× from", "tr": "2 katına çıkarken"}, map[string]string{"en": "the load grew 2× from", "tr": "2× artarken"}},
		{1.94, map[string]string{"en": "the load grew 1.9× from", "tr": "1,9 katına çıkarken"}, map[string]string{"en": "the load grew 1.9× from", "tr": "1,9× artarken"}},
		{2.96, map[string]string{"en": "the load grew 3× from", "tr": "3 katına çıkarken"}, map[string]string{"en": "the load grew 3× from", "tr": "3× artarken"}},
	} {
		r := reporttest.Tiny()
		val := analyze.Numbers{"prev_load": 2, "load_factor": tc.factor, "throughput_factor": 1.02, "prev": 1.1, "value": 1.12,
			"latency_prev": 1.8, "latency": 2.5, "later_load": 8, "later": 3}
		r.Anomalies = []analyze.Anomaly{{Kind: analyze.ThroughputDip, Config: "a", Load: 4, Metric: "system_rps", Values: val}}
		for lang, v := range views(t, r) {
			sat := v.anomalyText(analyze.Saturation, "a", 4, val, nil, false)
			checkText(t, lang+" saturation", sat, []string{tc.want[lang]}, []string{"2.0×", "2,0", "1.94", "1,94", "1.99", "1,99"})
			dip := strings.Join(v.AnomalyLines(), "\n")
			checkText(t, lang+" throughput dip", dip, []string{tc.dip[lang]}, []string{"2.0×", "2,0×", "1.94", "1,94", "1.99", "1,99"})
		}
	}
}
