package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMixedTools builds samples/mixed-tools, a campaign measured with
// several tools (vLLM JSON lines, SGLang JSON lines with bare Infinity,
// an AIPerf run folder, a per-request CSV), in both languages.
func TestMixedTools(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	if err := run(context.Background(), io.Discard, io.Discard, []string{"build", "-o", out, "../../samples/mixed-tools"}, fixedEnv); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(out, "mixed-tools")
	data, err := os.ReadFile(filepath.Join(dir, "analysis.json"))
	if err != nil {
		t.Fatal(err)
	}
	var a struct {
		Configs []struct {
			ID, Format  string
			Definitions struct{ ITL, TPS, RPS string }
			Levels      []struct{ Concurrency int }
		}
		Speedups []struct {
			BreakEven *int `json:"break_even"`
		}
	}
	if err := json.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"vllm-direct": "vllm", "vllm-eagle": "vllm", "sglang-direct": "sglang", "trtllm-aiperf": "aiperf-json", "lmdeploy-requests": "requests"}
	for _, c := range a.Configs {
		if want[c.ID] != c.Format || len(c.Levels) != 6 {
			t.Errorf("%s: format %q with %d levels, want %q with 6", c.ID, c.Format, len(c.Levels), want[c.ID])
		}
	}
	if len(a.Speedups) != 1 || a.Speedups[0].BreakEven == nil {
		t.Errorf("speedups = %+v, want the vLLM pair with a break-even", a.Speedups)
	}
	for _, lang := range []string{"en", "tr"} {
		md, err := os.ReadFile(filepath.Join(dir, lang, "report.md"))
		if err != nil {
			t.Fatal(err)
		}
		checkSentences(t, lang, md)
		for _, f := range []string{"report.pdf", "report.html", "charts/08-spec-speedup.png"} {
			if _, err := os.Stat(filepath.Join(dir, lang, f)); err != nil {
				t.Errorf("%s: %v", lang, err)
			}
		}
	}
	md, _ := os.ReadFile(filepath.Join(dir, "en", "report.md"))
	doc := string(md)
	for _, w := range []string{
		"| vLLM | vLLM bench serve |", "| SGLang | SGLang bench\\_serving |", "| TensorRT-LLM | AIPerf |",
		"TPS is not measured the same way in every configuration",
		"SGLang: the source reports no P90 TTFT; the stricter P99 is used.",
		"† median: the tool reports no mean for this metric.",
		"| TTFT | ≤ 500 ms | set for this report |",
		"### 5.2 Goodput", "LMDeploy, c=32: 2 of 30 requests failed.",
	} {
		if !strings.Contains(doc, w) {
			t.Errorf("mixed report lacks %q", w)
		}
	}
}
