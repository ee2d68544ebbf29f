package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
)

// analysisSchema is the JSON Schema of analysis.json, and its $id.
const (
	analysisSchema   = "../../analyze/analysis.schema.json"
	analysisSchemaID = "https://github.com/openzeka/reportgen/analyze/analysis.schema.json"
)

// compileAnalysisSchema compiles analysis.schema.json (checking it
// against the draft 2020-12 meta-schema, formats asserted) and returns
// it with its decoded text.
func compileAnalysisSchema(t *testing.T) (*jsonschema.Schema, map[string]any) {
	t.Helper()
	data, err := os.ReadFile(analysisSchema)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", analysisSchema, err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(analysisSchemaID, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(analysisSchemaID)
	if err != nil {
		t.Fatalf("%s: %v", analysisSchema, err)
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	return sch, raw
}

// validateAnalysis validates an analysis.json's bytes against the schema.
func validateAnalysis(sch *jsonschema.Schema, data []byte) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return err
	}
	return sch.Validate(inst)
}

// schemaAt walks the schema's decoded text along keys.
func schemaAt(t *testing.T, v any, keys ...string) any {
	t.Helper()
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("schema: %s is not an object", strings.Join(keys, "/"))
		}
		if v, ok = m[k]; !ok {
			t.Fatalf("schema: no %s", strings.Join(keys, "/"))
		}
	}
	return v
}

// schemaStrings is the schema's list at keys (an enum) as strings.
func schemaStrings(t *testing.T, v any, keys ...string) []string {
	t.Helper()
	var out []string
	for _, x := range schemaAt(t, v, keys...).([]any) {
		out = append(out, x.(string))
	}
	return out
}

// TestAnalysisJSONMatchesSchema builds every sample report and validates
// its analysis.json against analyze/analysis.schema.json; checks that the
// schema follows the code's version and kind lists; and that the schema
// is strict: a document with a renamed key or an unknown kind fails.
func TestAnalysisJSONMatchesSchema(t *testing.T) {
	t.Parallel()
	sch, raw := compileAnalysisSchema(t)
	t.Run("version", func(t *testing.T) { checkSchemaVersion(t, raw) })
	t.Run("kinds", func(t *testing.T) { checkSchemaKinds(t, raw) })
	checkSampleAnalyses(t, sch)
	t.Run("strict", func(t *testing.T) { checkSchemaStrict(t, sch) })
}

// checkSchemaVersion: the schema's schema_version is the code's.
func checkSchemaVersion(t *testing.T, raw map[string]any) {
	v, ok := schemaAt(t, raw, "properties", "schema_version", "const").(float64)
	if !ok || int(v) != analyze.SchemaVersion {
		t.Errorf("schema's schema_version const = %v, analyze.SchemaVersion = %d", v, analyze.SchemaVersion)
	}
}

// checkSchemaKinds: the schema lists the code's warning kinds, input
// formats, SLO statistics, finding kinds (the headline ones as told in
// the summary) and anomaly kinds (those an anomaly finding may tell).
func checkSchemaKinds(t *testing.T, raw map[string]any) {
	var findings, headline, anomalies, noted []string
	for _, r := range analyze.Rules() {
		findings = append(findings, string(r.Kind))
		if r.Scope == analyze.Headline {
			headline = append(headline, string(r.Kind))
		}
	}
	for _, a := range analyze.AnomalyRules() {
		anomalies = append(anomalies, string(a.Kind))
		if a.Note > 0 {
			noted = append(noted, string(a.Kind))
		}
	}
	for _, c := range []struct {
		what string
		got  []string
		want []string
	}{
		{"warning kinds", schemaStrings(t, raw, "$defs", "warning", "properties", "kind", "enum"), analyze.WarningKinds()},
		{"input formats", schemaStrings(t, raw, "$defs", "config", "properties", "format", "enum"), ingest.FormatNames()},
		{"finding kinds", schemaStrings(t, raw, "$defs", "finding", "properties", "kind", "enum"), findings},
		{"finding kinds told in the summary", summaryKinds(t, raw), headline},
		{"anomaly kinds", schemaStrings(t, raw, "$defs", "anomalyKind", "enum"), anomalies},
		{"anomalies a finding tells", schemaStrings(t, raw, "$defs", "finding", "properties", "anomaly", "enum"), noted},
		{"SLO statistics", schemaStrings(t, raw, "$defs", "sloPercentile", "enum"), func() (out []string) {
			for _, p := range analyze.Percentiles {
				out = append(out, string(p))
			}
			return out
		}()},
	} {
		got, want := slices.Sorted(slices.Values(c.got)), slices.Sorted(slices.Values(c.want))
		if !slices.Equal(got, want) {
			t.Errorf("%s: schema lists %q, the code %q", c.what, got, want)
		}
	}
}

// summaryKinds are the finding kinds the schema requires to be told in
// section "summary".
func summaryKinds(t *testing.T, raw map[string]any) []string {
	t.Helper()
	for _, c := range schemaAt(t, raw, "$defs", "finding", "allOf").([]any) {
		then, _ := c.(map[string]any)["then"].(map[string]any)
		props, _ := then["properties"].(map[string]any)
		if section, _ := props["section"].(map[string]any); section["const"] == analyze.SummarySection {
			return schemaStrings(t, c, "if", "properties", "kind", "enum")
		}
	}
	t.Fatal("schema: no finding kinds bound to section summary")
	return nil
}

// checkSampleAnalyses builds each sample report, one subtest each, and
// validates its analysis.json against sch.
func checkSampleAnalyses(t *testing.T, sch *jsonschema.Schema) {
	entries, err := os.ReadDir("../../samples")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		n++
		t.Run("samples/"+e.Name(), func(t *testing.T) {
			t.Parallel()
			out := t.TempDir()
			var stderr bytes.Buffer
			args := []string{"build", "--format", "md", "--lang", "en", "-o", out, filepath.Join("../../samples", e.Name())}
			if err := run(context.Background(), io.Discard, &stderr, args, fixedEnv); err != nil {
				t.Fatalf("build: %v\n%s", err, stderr.String())
			}
			// A folder of reports (samples/compare: before and after)
			// gives one report each.
			files, err := filepath.Glob(filepath.Join(out, "*", "analysis.json"))
			if err != nil || len(files) == 0 {
				t.Fatalf("no analysis.json written: %v", err)
			}
			for _, f := range files {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				if err := validateAnalysis(sch, data); err != nil {
					t.Errorf("%s does not match %s:\n%v", f, filepath.Base(analysisSchema), err)
				}
			}
		})
	}
	if n == 0 {
		t.Fatal("no sample report folder in ../../samples")
	}
}

// checkSchemaStrict: sch accepts validAnalysis and refuses it with any
// one key renamed, kind unknown or value mistyped.
func checkSchemaStrict(t *testing.T, sch *jsonschema.Schema) {
	if err := validateAnalysis(sch, []byte(validAnalysis)); err != nil {
		t.Fatalf("the hand-written analysis.json should pass:\n%v", err)
	}
	for _, c := range []struct{ name, old, new string }{
		{"renamed top-level key", `"warnings": [`, `"warning": [`},
		{"renamed level key", `"load_reached": false`, `"reached": false`},
		{"renamed capacity key", `"max_load": 4,`, `"c_max": 4,`},
		{"renamed stat key", `"p99": 99`, `"p95": 99`},
		{"old saturation kind", `"kind": "saturation"`, `"kind": "throughput_flat"`},
		{"unknown finding kind", `"kind": "capacity_leader"`, `"kind": "capacity_winner"`},
		{"unknown scenario kind", `"kind": "max_throughput"`, `"kind": "batch"`},
		{"unknown warning kind", `"kind": "unknown_column"`, `"kind": "odd_column"`},
		{"unknown speedup outcome", `"outcome": "on_par"`, `"outcome": "tie"`},
		{"unknown load axis", `"load_axis": "concurrency"`, `"load_axis": "users"`},
		{"old schema version", `"schema_version": 3`, `"schema_version": 2`},
		{"unknown count written as -1", `"requests": null, "errors": null`, `"requests": -1, "errors": -1`},
		{"unbounded load misspelt", `"request_rate": "inf"`, `"request_rate": "Infinity"`},
		{"NaN as a string", `"in_flight": null`, `"in_flight": "NaN"`},
		{"unknown users as -1", `"users": null`, `"users": -1`},
		{"missing key", `"goodput": null, "in_flight": null,`, `"in_flight": null,`},
		{"tie written false", `"tie": true, "stat": "mean"`, `"tie": false, "stat": "mean"`},
		{"severity against score", `"score": 3.5, "severity": "high"`, `"score": 3.5, "severity": "low"`},
		{"anomaly of a plain finding", `"section": "ttft_ms",`, `"section": "ttft_ms", "anomaly": "saturation",`},
		{"anomaly finding in a metric section", `"section": "summary", "configs": ["vllm-spec"]`, `"section": "tps", "configs": ["vllm-spec"]`},
		{"cap_limit naming a metric", `"metric": "--max-num-seqs"`, `"metric": "system_rps"`},
		{"more warning without a count", `"Count": 7,`, ``},
		{"text of a number", `"en": "Kimi K3"`, `"en": 3`},
		{"no pareto", `"pareto": {`, `"paretto": {`},
		{"renamed pareto point key", `"on_frontier": true`, `"frontier": true`},
		{"unknown GPU source", `"gpus_source": "command"`, `"gpus_source": "tp"`},
		{"GPU count 0", `"gpus": 8,`, `"gpus": 0,`},
		{"unknown GPUs from a source", `"gpus": 8,`, `"gpus": null,`},
		{"a GPU count from nowhere", `"gpus": null, "gpus_source": "none"`, `"gpus": 4, "gpus_source": "none"`},
		{"command flags of a manifest count", `"gpus_source": "command", "gpus_flags"`, `"gpus_source": "hardware", "gpus_flags"`},
		{"a figure beside its reason", `"tps_per_gpu": null, "between": null, "reason": "no_points"`, `"tps_per_gpu": 3, "between": null, "reason": "no_points"`},
		{"an absent figure without a reason", `"tps_per_gpu": 15, "between"`, `"tps_per_gpu": null, "between"`},
		{"unknown absent reason", `"reason": "no_capacity"`, `"reason": "too_slow"`},
		{"a cost beside its reason", `"per_million_tokens": null, "reason": "no_capacity"`, `"per_million_tokens": 0, "reason": "no_capacity"`},
		{"a price without its currency", `"price_per_gpu_hour": 2.5, "currency": "USD"`, `"price_per_gpu_hour": 2.5`},
		{"currency in lower case", `"currency": "USD"`, `"currency": "usd"`},
		{"a target without its source", `"target": 15, "target_source": "slo",`, `"target": 15,`},
		{"a mismatch without its numbers", `"Manifest": 4, `, ``},
	} {
		t.Run(c.name, func(t *testing.T) {
			if k := strings.Count(validAnalysis, c.old); k != 1 {
				t.Fatalf("%q occurs %d times in the hand-written analysis.json, want once", c.old, k)
			}
			doc := strings.Replace(validAnalysis, c.old, c.new, 1)
			if !json.Valid([]byte(doc)) {
				t.Fatalf("the changed document is no JSON")
			}
			if err := validateAnalysis(sch, []byte(doc)); err == nil {
				t.Errorf("validates with %s → %s; the schema should refuse it", c.old, c.new)
			}
		})
	}
}

// validAnalysis is a small analysis.json as the code writes it, with one
// of most shapes (a rate run at "inf", null numbers, a text per
// language, a cap, a `more` warning); each case of the "strict" test
// changes one thing in it that the schema must refuse.
const validAnalysis = `{
  "schema_version": 3,
  "name": "tiny",
  "meta": {
    "title": {"en": "Kimi K3", "tr": "Kimi K3 Raporu"},
    "date": "2026-08-01T00:00:00Z",
    "model": "Kimi K3",
    "hardware": [{"key": "GPU", "value": {"en": "8× B300", "tr": "8× B300"}}],
    "warmup": 0,
    "notes": {"summary": "Read me."},
    "has_manifest": true
  },
  "params": {"slo_ttft_ms": 1000, "slo_tps": 15, "think_s": 45, "tie_pct": 5, "percentile": "p90", "output_tokens": 0, "input_tokens": 0, "price_per_gpu_hour": 2.5, "currency": "USD"},
  "load_axis": "concurrency",
  "levels": [1, 4],
  "configs": [
    {
      "id": "vllm-spec",
      "name": "vLLM + EAGLE",
      "engine": "vLLM",
      "speculative": true,
      "command": "vllm serve m --max-num-seqs 4",
      "flags": [{"flag": "--max-num-seqs", "value": "4"}],
      "caps": [{"flag": "--max-num-seqs", "value": "4"}],
      "source": "tiny/vllm-spec.jsonl",
      "format": "vllm",
      "definitions": {"itl": "chunk", "tps": "request", "rps": "system"},
      "levels": [
        {
          "load": 1, "concurrency": 1,
          "ttft_ms": {"mean": 50, "p10": null, "p50": 48, "p90": 60, "p99": 99},
          "itl_ms": {"mean": 5, "p10": null, "p50": 5, "p90": 6, "p99": null},
          "tps": {"mean": 150, "p10": 140, "p50": 150, "p90": null, "p99": null},
          "latency_s": {"mean": 1.2, "p10": null, "p50": 1.1, "p90": 1.4, "p99": null},
          "slo": {"p90": {"ttft": true, "tps": true, "tps_stat": "p10"}, "mean": {"ttft": true, "tps": true}},
          "requests": 100, "errors": 0, "load_reached": true, "source": "tiny/vllm-spec.jsonl:1",
          "rps_reported": null, "aggregate_tps": 150, "system_rps": 0.83, "goodput": 1, "in_flight": 1
        },
        {
          "load": 4, "concurrency": 3.9,
          "ttft_ms": {"mean": 900, "p10": null, "p50": 800, "p90": null, "p99": 1500},
          "itl_ms": {"mean": 9, "p10": null, "p50": null, "p90": null, "p99": null},
          "tps": {"mean": null, "p10": null, "p50": 20, "p90": null, "p99": null},
          "latency_s": {"mean": 4, "p10": null, "p50": 3.8, "p90": null, "p99": null},
          "slo": {"p90": {"ttft": false, "tps": true, "ttft_stat": "p99", "tps_stat": "p50"}, "mean": {"ttft": true, "tps": true, "tps_stat": "p50"}},
          "requests": 100, "errors": null, "load_reached": true, "source": "tiny/vllm-spec.jsonl:2",
          "rps_reported": null, "aggregate_tps": null, "system_rps": 1, "goodput": null, "in_flight": null,
          "request_rate": "inf"
        }
      ],
      "capacity": {
        "p90": {"max_load": 1, "lower_bound": false, "concurrency": 1, "latency_stat": "p50", "latency_mean_s": 1.1, "throughput_rps": 0.83, "users": null},
        "mean": {"max_load": 4, "lower_bound": true, "concurrency": 3.9, "latency_mean_s": 4, "throughput_rps": 1, "users": 48}
      },
      "gpus": 8, "gpus_source": "command", "gpus_flags": [{"flag": "-tp", "value": "8"}],
      "at_interactivity": {"target": 15, "aggregate_tps": 120, "tps_per_gpu": 15, "between": [1, "inf"]},
      "cost": {
        "at_capacity": {"stat": "p90", "load": 1, "aggregate_tps": 150, "per_million_tokens": 37.04},
        "at_target": {"target": 15, "aggregate_tps": 120, "per_million_tokens": 46.3}
      }
    },
    {
      "id": "vllm-direct",
      "name": {"en": "vLLM", "tr": "vLLM (doğrudan)"},
      "engine": "vLLM",
      "speculative": false,
      "source": "tiny/vllm-direct.csv",
      "format": "llm-benchmark",
      "definitions": {"itl": "tpot", "tps": "request", "rps": "per_user"},
      "levels": [
        {
          "load": 1, "concurrency": 1,
          "ttft_ms": {"mean": 60, "p10": null, "p50": null, "p90": 70, "p99": null},
          "itl_ms": {"mean": 8, "p10": null, "p50": null, "p90": 9, "p99": null},
          "tps": {"mean": 100, "p10": null, "p50": null, "p90": 101, "p99": null},
          "latency_s": {"mean": 1.3, "p10": null, "p50": null, "p90": 1.4, "p99": null},
          "slo": {"p90": {"ttft": true, "tps": true}, "mean": {"ttft": true, "tps": true}},
          "requests": null, "errors": null, "load_reached": false, "source": "tiny/vllm-direct.csv:2",
          "rps_reported": 0.77, "aggregate_tps": 100, "system_rps": 0.77, "goodput": null, "in_flight": 0.4
        }
      ],
      "capacity": {
        "p90": {"max_load": 0, "lower_bound": false, "concurrency": 0, "latency_mean_s": null, "throughput_rps": null, "users": 0},
        "mean": {"max_load": 0, "lower_bound": false, "concurrency": 0, "latency_mean_s": null, "throughput_rps": null, "users": 0}
      },
      "gpus": null, "gpus_source": "none",
      "at_interactivity": {"target": 15, "aggregate_tps": null, "tps_per_gpu": null, "between": null, "reason": "no_points"},
      "cost": {
        "at_capacity": {"stat": "p90", "load": 0, "aggregate_tps": null, "per_million_tokens": null, "reason": "no_capacity"},
        "at_target": {"target": 15, "aggregate_tps": null, "per_million_tokens": null, "reason": "no_points"}
      }
    }
  ],
  "speedups": [
    {
      "engine": "vLLM", "direct": "vllm-direct", "spec": "vllm-spec", "stat": "mean",
      "points": [{"load": 1, "ratio": 1.02, "direct_tps": 100, "spec_tps": 102, "outcome": "on_par"}],
      "break_even": null, "never_faster": true, "break_even_interpolated": null,
      "missing_levels": [4]
    }
  ],
  "anomalies": [
    {"kind": "saturation", "config": "vllm-spec", "load": 4, "metric": "system_rps", "message": "system throughput stops growing", "values": {"prev": 0.83, "value": 1, "ttft": null}},
    {"kind": "cap_limit", "config": "vllm-spec", "load": 4, "metric": "--max-num-seqs", "message": "--max-num-seqs 4: the limit is reached", "values": {"cap": 4, "in_flight": 3.9, "prev_load": 1}},
    {"kind": "load_not_reached", "config": "vllm-direct", "load": 1, "metric": "load", "message": "the level c=1 never held its load", "values": {"requests": -1, "in_flight": 0.4, "concurrency": 1}}
  ],
  "findings": [
    {"kind": "capacity_leader", "section": "summary", "configs": ["vllm-spec", "vllm-direct"], "levels": [1], "values": {"ratio": null}, "score": 3.5, "severity": "high"},
    {"kind": "anomaly", "section": "summary", "configs": ["vllm-spec"], "levels": [4], "values": {"cap": 4}, "anomaly": "saturation", "cap": {"flag": "--max-num-seqs", "value": "4"}, "score": 3, "severity": "high"},
    {"kind": "tps_fast_tail", "section": "summary", "configs": null, "values": {"levels": 1, "flips": 0}, "stat": "p90", "score": 1.8, "severity": "low"},
    {"kind": "leader_low", "section": "ttft_ms", "configs": ["vllm-spec", "vllm-direct"], "levels": [1], "values": {"value": 50, "next": 52, "ratio": 1.04}, "tie": true, "stat": "mean", "score": 0, "severity": "low"},
    {"kind": "latency_consistent", "section": "quality", "configs": ["vllm-spec"], "levels": [1], "values": {"tokens": 256}, "score": 0, "severity": "low"}
  ],
  "scenarios": [
    {"kind": "interactive", "config": "vllm-spec", "runner_up": "vllm-direct", "levels": [1], "rivals": ["vllm-direct"], "margins": [1.5], "stat": "p50", "values": {"margin_min": 1.5, "margin_max": 1.5}},
    {"kind": "high_load", "config": "", "tie": true, "levels": ["inf"], "values": {"max_load": null}},
    {"kind": "max_throughput", "config": "vllm-spec", "levels": [1], "values": {"value": 150}}
  ],
  "scorecard": [
    {"a": "vllm-spec", "b": "vllm-direct", "a_wins": 5, "b_wins": 1, "ties": 2, "comparisons": 8, "levels": [1]}
  ],
  "pareto": {
    "stat": "mean", "per_gpu": false, "target": 15, "target_source": "slo",
    "points": [{"config": "vllm-spec", "load": 1, "per_user_tps": 150, "aggregate_tps": 150, "tps_per_gpu": 18.75, "on_frontier": true}]
  },
  "warnings": [
    {"kind": "gpus_mismatch", "source": "tiny/report.toml:9:1", "values": {"Config": "other", "Key": "hardware.gpus", "Manifest": 4, "Command": 8, "Flags": "--tp-size 8"}, "message": "tiny/report.toml:9:1: other: report.toml gives 4 GPUs (hardware.gpus), its deployment command asks for 8 (--tp-size 8); the per-GPU figures use 4"},
    {"kind": "unknown_column", "source": "tiny/vllm-direct.csv:1:15", "column": "Extra", "message": "tiny/vllm-direct.csv:1:15: column \"Extra\": unknown column ignored"},
    {"kind": "more", "source": "tiny/vllm-direct.csv", "values": {"Kind": "unknown_column", "First": "A", "Count": 7, "Last": "G"}, "message": "tiny/vllm-direct.csv: 7 more warnings like these (unknown_column) ignored: A … G"},
    {"kind": "users_unknown", "source": "tiny/vllm-spec.jsonl", "values": {"Config": "vllm-spec", "Stat": "p90"}, "message": "vllm-spec: p90 capacity c=1: the mean latency there is unknown or zero, so its users cannot be counted"}
  ]
}`
