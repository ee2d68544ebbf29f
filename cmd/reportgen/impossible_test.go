package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// kimiWith copies samples/kimi-k3-b300 into a temporary folder and
// replaces one row of its vllm-direct.csv (the row at c=32, its P90
// capacity) with row.
func kimiWith(t *testing.T, row string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "kimi")
	if err := os.CopyFS(dir, os.DirFS("../../samples/kimi-k3-b300")); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "vllm-direct.csv")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	const old = "32,608.1,887.5,23.56,25.73,35.18,38.43,3.65,3.95,0.27\n"
	if !bytes.Contains(data, []byte(old)) {
		t.Fatal("the sample's c=32 row changed; update kimiWith")
	}
	writeFile(t, p, bytes.Replace(data, []byte(old), []byte(row+"\n"), 1))
	return dir
}

// TestKimiImpossibleNumbersRefused: the kimi sample with one impossible
// latency on its c=32 row is refused with the file, the line and the
// rule, where it used to print "-9,223,372,036,854,775,808 users"
// (1e-17 s) or 1,440,000,000,000,032 users (1e-12 s) and exit 0.
func TestKimiImpossibleNumbersRefused(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ name, row, want string }{
		{"latency 1e-17 s", "32,608.1,887.5,23.56,25.73,35.18,38.43,1e-17,3.95,0.27",
			"kimi/vllm-direct.csv:7: concurrency 32: 1e-17 s is not a valid latency mean; expected 0 (unknown) or at least 0.000001 s (1 µs)"},
		{"latency 1e-12 s", "32,608.1,887.5,23.56,25.73,35.18,38.43,1e-12,3.95,0.27",
			"kimi/vllm-direct.csv:7: concurrency 32: 1e-12 s is not a valid latency mean; expected 0 (unknown) or at least 0.000001 s (1 µs)"},
		{"latency shorter than TTFT", "32,608.1,887.5,23.56,25.73,35.18,38.43,0.5,3.95,0.27",
			"kimi/vllm-direct.csv:7: concurrency 32: latency mean 0.5 s is shorter than TTFT mean 608.1 ms; expected a latency ≥ its TTFT (a request ends after its first token), within 5 ms for rounding"},
		{"1.44 billion users", "32,0.001,887.5,23.56,25.73,35.18,38.43,0.000001,3.95,0.27",
			"kimi/vllm-direct.csv:7: p90 capacity at c=32: users = C × (1 + think / L_mean) = 32 × (1 + 45 s / 1e-06 s) = 1.44e+09; expected at most 1000000000: a mean latency of 1e-06 s is too short for a request"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			work := filepath.Dir(kimiWith(t, tt.row))
			exit, _, stderr := runIn(t, work, "build", "--format", "md", "-o", "out", "kimi")
			if exit != 1 || !strings.Contains(stderr, "reportgen: kimi: "+tt.want+"\n") {
				t.Errorf("exit %d, stderr:\n%s\nwant the line: %s", exit, stderr, tt.want)
			}
			if _, err := os.Stat(filepath.Join(work, "out", "kimi")); err == nil {
				t.Error("a report was written")
			}
		})
	}
}

// TestUnknownLatencyAtCapacitySaysSo: with the mean latency at vLLM
// (direct)'s P90 capacity written as 0 (unknown), the summary says in
// both languages that its users cannot be counted, and calls no
// capacity a lower bound: the capacities of the top two stop at c=32
// (it used to say that both "pass every level", false for both).
func TestUnknownLatencyAtCapacitySaysSo(t *testing.T) {
	t.Parallel()
	dir := kimiWith(t, "32,608.1,887.5,23.56,25.73,35.18,38.43,0,3.95,0.27")
	out := filepath.Join(t.TempDir(), "out")
	if err := run(context.Background(), io.Discard, io.Discard, []string{"build", "--format", "md", "-o", out, dir}, fixedEnv); err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[string][]string{
		"en": {"**Verdict.** The capacities within the P90 SLOs cannot be ranked: the users of vLLM (direct) cannot be counted, as the mean latency at C_max is unknown.",
			"| Production / high-load serving | no clear winner | the capacities cannot be ranked: the users of vLLM (direct) cannot be counted |"},
		"tr": {"**Karar.** P90 bazında SLO'lar içindeki kapasiteler sıralanamaz: C_max seviyesindeki ortalama gecikme bilinmediğinden vLLM (doğrudan) için kullanıcı sayısı hesaplanamıyor.",
			"| Üretim / yüksek yüklü servis | net bir kazanan yok | kapasiteler sıralanamaz: vLLM (doğrudan) için kullanıcı sayısı hesaplanamıyor |"},
	} {
		data, err := os.ReadFile(filepath.Join(out, "kimi", lang, "report.md"))
		if err != nil {
			t.Fatal(err)
		}
		md := string(data)
		for _, w := range want {
			if !strings.Contains(md, w) {
				t.Errorf("%s: the report does not say:\n%s", lang, w)
			}
		}
		for _, never := range []string{"pass every level", "passes every level", "her seviyeyi geçiyor"} {
			if strings.Contains(md, never) {
				t.Errorf("%s: the report says %q of a capacity the SLOs stopped", lang, never)
			}
		}
	}
}
