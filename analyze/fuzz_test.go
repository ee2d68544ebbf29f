package analyze_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
)

// FuzzBuild runs whatever a result file reads as through the whole
// model: a report folder of two configs (the input as JSON lines, and a
// fixed concurrency sweep beside it) must be read or refused, and once
// read, analyzed and written as analysis.json without a panic. Rate sweeps, ∞ rates, repeated levels and mixed
// axes reach Build this way. Every run writes a folder, so minimizing a
// new input for go test's default 60 s stalls the fuzzer: run it with
// -fuzzminimizetime 50x (make fuzz does).
func FuzzBuild(f *testing.F) {
	for _, dir := range []string{"../samples/rate-sweep", "../samples/mixed-tools"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
		for _, p := range files {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(data)
			}
		}
	}
	f.Add([]byte(`{"backend": "sglang", "request_rate": Infinity, "request_throughput": 2, "mean_e2e_latency_ms": 900, "median_ttft_ms": 80, "median_tpot_ms": 5}`))
	f.Add([]byte(`{"request_rate": 1, "request_throughput": 1, "mean_e2e_latency_ms": 500, "mean_ttft_ms": 50, "mean_tpot_ms": 4}` + "\n" +
		`{"request_rate": 2, "request_throughput": 0.5, "mean_e2e_latency_ms": 2000, "mean_ttft_ms": 0, "mean_tpot_ms": 0}`))
	other, err := os.ReadFile("../samples/mixed-tools/vllm-direct.jsonl")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := filepath.Join(t.TempDir(), "r")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, b := range map[string][]byte{"vllm-spec.jsonl": data, "vllm-direct.jsonl": other} {
			if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		c, err := ingest.Read(dir, ingest.ReadOptions{})
		if err != nil || len(c.Configs) != 2 {
			return
		}
		r, err := analyze.Build(c, analyze.Options{Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			if !strings.Contains(err.Error(), "vllm-spec.jsonl") {
				t.Fatalf("error without the file: %v", err)
			}
			return
		}
		if _, err := json.Marshal(r); err != nil {
			t.Fatalf("analysis.json: %v", err)
		}
	})
}
