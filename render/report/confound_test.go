package report

import (
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/internal/reporttest"
)

// TestVerdictCaveat: under the verdict, a report whose configurations'
// commands differ in more than engine and speculative decoding says it
// compares these configurations, naming at most five settings by what
// they do (in the order likeliest to move the results) and counting the
// rest; a TTFT floor is told with its rival. Nothing without either.
func TestVerdictCaveat(t *testing.T) {
	withCmds := func(a, b string) *analyze.Report {
		r := reporttest.Tiny()
		r.Configs[0].Flags, r.Configs[1].Flags = analyze.ParseCommand(a), analyze.ParseCommand(b)
		return r
	}
	five := "--kv-cache-dtype fp8 --gpu-memory-utilization 0.9 --max-num-seqs 8 --enable-prefix-caching --max-model-len 4096"
	for _, tc := range []struct {
		name      string
		r         *analyze.Report
		want, not words
	}{
		{"no commands", reporttest.Tiny(), nil, nil},
		{"only speculative and housekeeping differ",
			withCmds("vllm serve m --port 1 --load-format safetensors", "vllm serve m --port 2 --speculative-config '{\"method\":\"eagle\"}'"), nil, nil},
		{"five settings, all named", withCmds("vllm serve m "+five, "vllm serve m"),
			words{"en": {"**Of these configurations, not of their engines.**", "differ in KV-cache data type, memory limit, admission limit, prefix caching and context length (see"},
				"tr": {"**Karşılaştırılan motorlar değil, bu yapılandırmalardır.**", "KV önbelleğinin veri türü, bellek sınırı, eşzamanlı istek sınırı, prefix önbelleği ve bağlam uzunluğu bakımından"}},
			words{"en": {"other server option"}, "tr": {"başka sunucu seçeneği"}}},
		{"six settings: five named, one counted", withCmds("vllm serve m "+five+" --mamba-ratio 0.9", "vllm serve m"),
			words{"en": {"prefix caching, context length and 1 other server option (see"}, "tr": {"bağlam uzunluğu ve 1 başka sunucu seçeneği bakımından"}},
			words{"en": {"--mamba-ratio"}, "tr": {"--mamba-ratio"}}},
		{"an unknown setting by its option", withCmds("vllm serve m --mamba-ratio 0.9", "vllm serve m"),
			words{"en": {"differ in `--mamba-ratio` (see"}, "tr": {"`--mamba-ratio` bakımından"}}, nil},
	} {
		for lang, v := range views(t, tc.r) {
			got := v.VerdictCaveat()
			if tc.want == nil {
				if got != "" {
					t.Errorf("%s %s: %q, want none", tc.name, lang, got)
				}
				continue
			}
			checkText(t, tc.name+" "+lang, got, tc.want[lang], tc.not[lang])
		}
	}
	r := reporttest.Tiny()
	r.Anomalies = append(r.Anomalies, analyze.Anomaly{Kind: analyze.TTFTFloor, Config: "a", Rival: "b", Load: 1, Metric: "ttft_ms",
		Values: analyze.Numbers{"ttft": 300, "rival_ttft": 100, "ratio": 3}})
	for lang, v := range views(t, r) {
		checkText(t, "floor "+lang, v.VerdictCaveat(), map[string][]string{
			"en": {"At c=1, before any queueing, the mean TTFT of \\<script\\>alert(1)\\</script\\> (300.0 ms, 3× higher) is out of line with that of b\\|pipe, 100.0 ms"},
			"tr": {"ortalama TTFT b\\|pipe yapılandırmasında 100,0 ms iken şu yapılandırmada belirgin biçimde yüksektir: \\<script\\>alert(1)\\</script\\> (300,0 ms, 3 kat daha yüksek)."},
		}[lang], nil)
		// Told once, beside the verdict: the data-quality notes leave out
		// what the summary tells, and their note is the same sentence.
		note := strings.Join(v.AnomalyLines(), "\n")
		if strings.Contains(note, map[string]string{"en": "out of line", "tr": "belirgin biçimde"}[lang]) {
			t.Errorf("floor %s: told again in the notes: %q", lang, note)
		}
		if got := v.noteFloor(r.Anomalies[len(r.Anomalies)-1], &noteState{told: map[string]bool{}}); got != v.floorLine() || got == "" {
			t.Errorf("floor %s: the note %q is not the caveat's sentence", lang, got)
		}
	}
}
