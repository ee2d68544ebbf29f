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
	"github.com/openzeka/reportgen/internal/testutil"
)

// FuzzBuild runs whatever a result file reads as through the whole
// model: a report folder of two configs (the input as JSON lines, and a
// fixed concurrency sweep beside it) must be read or refused, and once
// read, analyzed and written as analysis.json without a panic. Rate sweeps, ∞ rates, repeated levels and mixed
// axes reach Build this way. Every run writes a folder, so minimizing a
// new input for go test's default 60 s stalls the fuzzer: run it with
// -fuzzminimizetime 50x (make fuzz does).
func FuzzBuild(f *testing.F) {
	seeds, err := testutil.FuzzSeeds("..", "FuzzBuild")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
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
		checkKinds(t, r)
	})
}
