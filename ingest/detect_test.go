package ingest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// stripKey removes key from a decoded JSON value: from the object, or
// from every object of a list.
func stripKey(v any, key string) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, val := range x {
			if k != key {
				out[k] = val
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, item := range x {
			out[i] = stripKey(item, key)
		}
		return out
	}
	return v
}

// topKeys are the keys of a decoded object, or of a list's first object.
func topKeys(v any) []string {
	if list, ok := v.([]any); ok && len(list) > 0 {
		v = list[0]
	}
	m, _ := v.(map[string]any)
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// TestSniffStripped: each tool's file is recognised by the keys that
// carry its metrics, not by one marker: the file with any one top-level
// key removed (from every record of a list) is still its tool's. keep
// are the keys without which the file holds no metrics at all.
func TestSniffStripped(t *testing.T) {
	for _, tt := range []struct {
		file, want string
		keep       []string
	}{
		{"vllm/bench-serve-opt125m.json", FormatVLLM, nil},
		{"vllm/sweep-summary.json", FormatVLLM, nil},
		{"vllm/nightly-summary-llama33-70b-qps-sweep.json", FormatVLLMTable, nil},
		{"sglang/llama33-70b-online-rate-sweep.jsonl", FormatSGLang, nil},
		{"inferencex/glm5-fp8-isl1024-conc4.json", FormatInferenceX, nil},
		{"llmperf/groq-70b-summary.json", FormatLLMPerf, nil},
		{"aiperf/agent-c2.json", FormatAIPerfJSON, nil},
		{"aiperf-old/run1-profile_export_aiperf.json", FormatAIPerfJSON, []string{"records"}},
		{"guidellm/qwen3-4b-c4.json", FormatGuideLLM, []string{"benchmarks"}},
		{"testdata/genai-perf/current-profile_export_genai_perf.json", FormatGenAIPerfJSON, nil},
		{"testdata/genai-perf/old-profile_export_genai_perf.json", FormatGenAIPerfJSON, nil},
		{"testdata/llmperf/llama2-70b-4096_550_150_individual_responses.json", FormatLLMPerfResponses, nil},
		{"trtllm-bench/qwen25-1.5b-rtx3070-latency-streaming.json", FormatTRTLLM, nil},
		{"trtllm-bench/qwen25-1.5b-rtx3070-throughput-nonstreaming.json", FormatTRTLLM, []string{"performance"}},
	} {
		t.Run(tt.file, func(t *testing.T) {
			_, data := fixture(t, tt.file)
			if strings.HasSuffix(tt.file, ".jsonl") {
				data, _, _ = bytes.Cut(data, []byte("\n")) // the first run
			}
			d := json.NewDecoder(bytes.NewReader(data))
			d.UseNumber()
			var v any
			if err := d.Decode(&v); err != nil {
				t.Fatal(err)
			}
			for _, key := range append([]string{""}, topKeys(v)...) {
				if slices.Contains(tt.keep, key) {
					continue
				}
				stripped, err := json.Marshal(stripKey(v, key))
				if err != nil {
					t.Fatal(err)
				}
				if got, err := Detect("run.json", stripped); got != tt.want {
					t.Errorf("without %q: Detect = %q, %v; want %q", key, got, err, tt.want)
				}
			}
		})
	}
}

// TestSniffStrippedColumns: the CSV formats named by their columns stay
// recognised with any one column of their header removed.
func TestSniffStrippedColumns(t *testing.T) {
	for _, tt := range []struct{ file, want string }{
		{"testdata/guidellm/qwen3-4b-c4-v05.csv", FormatGuideLLMCSV},
		{"testdata/guidellm/qwen3-4b-c4-v03.csv", FormatGuideLLMCSV},
		{"testdata/vllm-sweep/summary.csv", FormatVLLMSweepCSV},
		{"testdata/bad/nan.csv", FormatExport},
	} {
		t.Run(tt.file, func(t *testing.T) {
			_, data := fixture(t, tt.file)
			head, rest, _ := bytes.Cut(data, []byte("\n"))
			cells := csvPreview(string(head)).cells
			for i := range cells {
				var kept []string
				for j, c := range cells {
					if j != i {
						kept = append(kept, `"`+c+`"`)
					}
				}
				file := strings.Join(kept, ",") + "\n" + string(rest)
				if got, err := Detect("run.csv", []byte(file)); got != tt.want {
					t.Errorf("without column %q: Detect = %q, %v; want %q", cells[i], got, err, tt.want)
				}
			}
		})
	}
}

// TestAIPerfOrGenAIPerf: an AIPerf export that lost its version marker
// (or its records wrapper) is still AIPerf's, by any mark AIPerf always
// writes; the same metric objects without any are GenAI-Perf's.
func TestAIPerfOrGenAIPerf(t *testing.T) {
	metrics := `"time_to_first_token": {"unit": "ms", "avg": 40, "p50": 38, "p90": 50}, "request_throughput": {"unit": "requests/sec", "avg": 3.5}`
	for _, tt := range []struct{ name, extra, want string }{
		{"bare metric objects", ``, FormatGenAIPerfJSON},
		{"GenAI-Perf config", `, "input_config": {"model_names": ["m"], "endpoint": {"url": "localhost:8001"}, "perf_analyzer": {"stimulus": {"concurrency": 2}}}`, FormatGenAIPerfJSON},
		{"GenAI-Perf telemetry", `, "telemetry_stats": {}`, FormatGenAIPerfJSON},
		{"GenAI-Perf request count", `, "request_count": {"unit": "count", "avg": 10.0}`, FormatGenAIPerfJSON},
		{"AIPerf version", `, "aiperf_version": "0.10.0"`, FormatAIPerfJSON},
		{"AIPerf schema only", `, "schema_version": "1.3"`, FormatAIPerfJSON},
		{"AIPerf error summary", `, "error_summary": []`, FormatAIPerfJSON},
		{"AIPerf counts in a distribution", `, "request_latency": {"unit": "ms", "avg": 900, "count": 96, "sum": 86400}`, FormatAIPerfJSON},
		{"AIPerf request count unit", `, "request_count": {"unit": "requests", "avg": 10.0}`, FormatAIPerfJSON},
		{"AIPerf-only metric", `, "benchmark_duration": {"unit": "sec", "avg": 44.5}`, FormatAIPerfJSON},
		{"AIPerf config", `, "input_config": {"models": {"items": [{"name": "m"}]}}`, FormatAIPerfJSON},
		{"older AIPerf config", `, "input_config": {"endpoint": {"model_names": ["m"]}, "loadgen": {"concurrency": 4}}`, FormatAIPerfJSON},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Detect("run.json", []byte(`{`+metrics+tt.extra+`}`))
			if got != tt.want {
				t.Errorf("Detect = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
	// Records without anything else: the older AIPerf's wrapper.
	if got, _ := Detect("run.json", []byte(`{"records": {"ttft": {"tag": "ttft", "unit": "ms", "avg": 40}}}`)); got != FormatAIPerfJSON {
		t.Errorf("records alone: Detect = %q", got)
	}
}

// TestNotResult: a file no format reads and that names no benchmark
// metric is ErrNotResult, saying what it looked like; a file that names
// one is an error at that key, not ErrNotResult.
func TestNotResult(t *testing.T) {
	for _, tt := range []struct{ name, file, data, want string }{
		{"empty list", "gpu.json", `[]`, "gpu.json:1:1: not a benchmark result: an empty JSON list, no benchmark metrics"},
		{"GPU monitor JSON lines", "gpu_monitor.jsonl",
			`{"timestamp": "2026-03-02T18:56:01", "gpu_utilization": 87.5, "memory_used_mb": 40211}` + "\n" +
				`{"timestamp": "2026-03-02T18:56:02", "gpu_utilization": 91.0, "memory_used_mb": 40230}` + "\n",
			"gpu_monitor.jsonl:1:1: not a benchmark result: JSON lines of 2 values, the first with keys gpu_utilization, memory_used_mb, timestamp, no benchmark metrics"},
		{"GPU samples list", "gpu.json", `[{"gpu": 0, "util": 80}, {"gpu": 1, "util": 82}]`,
			"gpu.json:1:1: not a benchmark result: a JSON list of 2 elements, the first with keys gpu, util, no benchmark metrics"},
		// AIPerf's gpu_telemetry_export.jsonl (TelemetryRecord).
		{"AIPerf GPU telemetry", "gpu_telemetry_export.jsonl",
			`{"gpu_index": 0, "gpu_uuid": "GPU-ef6ef310", "gpu_model_name": "NVIDIA B200", "pci_bus_id": "00000000:02:00.0", "device": "nvidia0", "hostname": "node1", "namespace": null, "pod_name": null, "timestamp_ns": 1759522428472357888, "dcgm_url": "http://node1:9401/metrics", "telemetry_data": {"gpu_power_usage": 612.4, "energy_consumption": 0.81, "gpu_utilization": 97.0, "gpu_memory_used": 171.2, "gpu_temperature": 61.0, "xid_errors": 0.0, "power_violation": 0.0}}` + "\n",
			"gpu_telemetry_export.jsonl:1:1: not a benchmark result: a JSON object with keys dcgm_url, device, gpu_index, gpu_model_name, gpu_uuid, hostname and 5 more, no benchmark metrics"},
		// AIPerf's inputs.json: the payloads it sent.
		{"AIPerf inputs", "inputs.json",
			`{"data": [{"session_id": "a1", "payloads": [{"messages": [{"role": "user", "name": "text", "content": "Explain the latency of a TPU."}], "model": "qwen3", "stream": true, "max_completion_tokens": 128}]}]}`,
			"inputs.json:1:1: not a benchmark result: a JSON object with key data, no benchmark metrics"},
		// GenAI-Perf's profile_export.json: perf_analyzer's timestamps.
		{"perf_analyzer export", "profile_export.json",
			`{"experiments": [{"experiment": {"mode": "concurrency", "value": 4}, "requests": [{"timestamp": 1, "request_inputs": {}, "response_timestamps": [2, 3], "response_outputs": []}], "window_boundaries": [1, 3]}], "version": "2.52", "service_kind": "openai", "endpoint": "v1/chat/completions"}`,
			"profile_export.json:1:1: not a benchmark result: a JSON object with keys endpoint, experiments, service_kind, version, no benchmark metrics"},
		{"runner's summary", "summary.csv", "run,model,status,started,finished,concurrency\n1,llama,ok,10:00,10:05,8\n",
			"summary.csv:1:1: not a benchmark result: a CSV with columns run, model, status, started, finished, concurrency, no benchmark metrics"},
		// A per-metric table (the metric in the file name, as LLMPerf's
		// leaderboard tables are): statistics, no metric named.
		{"per-metric CSV", "ttft.csv", "Framework,Model,Median,Mean,Min,Max,P25,P75,P95,P99\ngroq,llama2-70b,0.22,0.23,0.19,0.35,0.21,0.24,0.30,0.35\n",
			"ttft.csv:1:1: not a benchmark result: a CSV with columns Framework, Model, Median, Mean, Min, Max and 4 more, no benchmark metrics"},
		{"guidellm YAML", "benchmarks.yaml", "metadata:\n  version: 2\nbenchmarks:\n- metrics:\n    time_to_first_token_ms: {}\n",
			"benchmarks.yaml:1:1: not a benchmark result: a YAML file, not a result file (.csv, .json, .jsonl or .zip)"},
		{"guidellm HTML", "benchmarks.html", "<!DOCTYPE html><script>window.benchmarks = {}</script>",
			"benchmarks.html:1:1: not a benchmark result: an HTML page, not a result file (.csv, .json, .jsonl or .zip)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Detect(tt.file, []byte(tt.data))
			if !errors.Is(err, ErrNotResult) {
				t.Fatalf("err = %v; want ErrNotResult", err)
			}
			var e *Error
			if !errors.As(err, &e) || err.Error() != tt.want {
				t.Errorf("err\n got %v\nwant %s", err, tt.want)
			}
		})
	}
	for _, tt := range []struct{ name, file, data, want string }{
		{"JSON with metric keys", "r.json", "{\n  \"ttft_mean_ms\": 12,\n  \"latency_p99\": 900\n}",
			`r.json:3:18: unknown benchmark result: "latency_p99" names a metric, but no format reads a JSON object with keys latency_p99, ttft_mean_ms; expected the output of ` + toolsRead},
		{"nested metric key", "r.json", `{"run": {"stats": {"e2e_latency": {"p50": 1}}}}`,
			`r.json:1:35: unknown benchmark result: "e2e_latency" names a metric, but no format reads a JSON object with key run; expected the output of ` + toolsRead},
		{"CSV header", "r.csv", "model,time to first token,e2e\nx,1,2\n",
			`r.csv:1:7: unknown benchmark result: "time to first token" names a metric, but no format reads a CSV with columns model, time to first token, e2e; expected the output of ` + toolsRead},
		{"metric table row", "r.csv", "Metric,mean,min\nFoo,1,2\nTime to First Token (ms),1,2\n",
			`r.csv:3:1: unknown benchmark result: "Time to First Token (ms)" names a metric, but no format reads a CSV with columns Metric, mean, min; expected the output of ` + toolsRead},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Detect(tt.file, []byte(tt.data))
			if err == nil || errors.Is(err, ErrNotResult) || err.Error() != tt.want {
				t.Errorf("err\n got %v\nwant %s", err, tt.want)
			}
		})
	}
}

// TestMeasures is the word rule at its edges: measurement words count
// as whole words, load settings do not.
func TestMeasures(t *testing.T) {
	for name, want := range map[string]bool{
		"mean_ttft_ms": true, "TTFT (p90, ms)": true, "Request Latency (ms)": true, "output_throughput": true,
		"tokens/s": true, "time_to_first_token_ms": true, "inter_token_latency_s": true, "p99_e2el_ms": true,
		"concurrency": false, "request_rate": false, "title": false, "utility": false, "output_tokens_sum": false,
		"gpu_utilization": false, "timestamp": false, "latencyish": false,
	} {
		if got := measures(name); got != want {
			t.Errorf("measures(%q) = %v, want %v", name, got, want)
		}
	}
}

// levelText prints a level without its position and samples, for
// comparing the levels of one run read from two files.
func levelText(l Level) string {
	l.Pos, l.Samples = Pos{}, nil
	repeats := make([]string, len(l.Repeats))
	for i, r := range l.Repeats {
		repeats[i] = levelText(r)
	}
	l.Repeats = nil
	return fmt.Sprintf("%+v runs %v", l, repeats)
}

// TestGuideLLMCSVEqualsJSON: the CSV exports of a guidellm report (v0.5
// three-row header, v0.3 one-row header; gen.py writes them from the
// real JSON as guidellm's writers do) give the levels its JSON gives.
func TestGuideLLMCSVEqualsJSON(t *testing.T) {
	path, data := fixture(t, "guidellm/qwen3-4b-c4.json")
	want, _, _, err := readRuns(path, data, FormatGuideLLM)
	if err != nil {
		t.Fatal(err)
	}
	for _, csvFile := range []string{"testdata/guidellm/qwen3-4b-c4-v05.csv", "testdata/guidellm/qwen3-4b-c4-v03.csv"} {
		path, data := fixture(t, csvFile)
		got, _, _, err := readRuns(path, data, FormatGuideLLMCSV)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d levels, want %d", csvFile, len(got), len(want))
		}
		for i := range got {
			// The CSV states the run's times to the second only: no
			// window is read from it.
			w := want[i]
			w.Window = Window{}
			if g, w := levelText(got[i]), levelText(w); g != w {
				t.Errorf("%s level %d\n got %s\nwant %s", csvFile, i, g, w)
			}
		}
	}
}

// TestGuideLLMThroughputLoad: a throughput run (as fast as possible)
// that states no concurrency takes the concurrency it measured, rounded;
// one capped by the user (the profile's max_concurrency) takes the cap;
// one without either is a rate run at +Inf.
func TestGuideLLMThroughputLoad(t *testing.T) {
	bench := func(profile, concurrency string) string {
		return `{"config": {"strategy": {"type_": "throughput", "max_concurrency": 512}, "profile": ` + profile + `}, "metrics": {` +
			`"time_to_first_token_ms": {"successful": {"mean": 50, "median": 45, "percentiles": {"p90": 70}}},` +
			`"request_latency": {"successful": {"mean": 2.5, "median": 2.4}}` + concurrency + `}}`
	}
	measured := func(mean string) string {
		return `, "request_concurrency": {"successful": {"mean": ` + mean + `, "median": 40}}`
	}
	for _, tt := range []struct {
		name, bench string
		c           int
		rate        float64
		measured    float64
	}{
		{"measured", bench(`{"type_": "throughput", "max_concurrency": null}`, measured("37.5")), 38, 0, 37.5},
		{"measured just under a half", bench(`{"type_": "throughput"}`, measured("37.49")), 37, 0, 37.49},
		{"stated cap (v0.4–0.6)", bench(`{"type_": "throughput", "max_concurrency": 64}`, measured("37.5")), 64, 0, 37.5},
		{"stated cap (v0.7 args)", bench(`{"type_": "throughput", "args": {"max_concurrency": 32}}`, measured("30.2")), 32, 0, 30.2},
		{"nothing measured", bench(`{"type_": "throughput"}`, ""), 0, inf, nan},
		{"measured under a half", bench(`{"type_": "throughput"}`, measured("0.4")), 0, inf, 0.4},
	} {
		t.Run(tt.name, func(t *testing.T) {
			data := `{"metadata": {"version": 1}, "benchmarks": [` + tt.bench + `]}`
			levels, _, _, err := readRuns("benchmarks.json", []byte(data), FormatGuideLLM)
			if err != nil {
				t.Fatal(err)
			}
			l := levels[0]
			if l.Concurrency != tt.c || l.Rate != tt.rate {
				t.Errorf("concurrency %d, rate %v; want %d, %v", l.Concurrency, l.Rate, tt.c, tt.rate)
			}
			// Marked as measured only where the level is the measured value.
			if wantMark := strings.HasPrefix(tt.name, "measured") && tt.c > 0; (l.MeasuredConcurrency == tt.measured) != wantMark {
				t.Errorf("MeasuredConcurrency %v; marked should be %v", l.MeasuredConcurrency, wantMark)
			}
			r := &jreader{file: "benchmarks.json"}
			vals, _ := jsonValues("b.json", []byte(tt.bench))
			o, _ := asObj(vals[0], "")
			got := measuredLoad(guidellmBench{dist: func(metric string) Stat {
				d := o.sub("metrics").at(metric, "successful")
				return stat(r.num(d, "mean", measuredConcurrency), Absent, Absent, Absent, Absent)
			}})
			if !near(got, tt.measured) {
				t.Errorf("measured concurrency %v, want %v", got, tt.measured)
			}
		})
	}
}

var inf, nan = math.Inf(1), math.NaN()

// TestGuideLLMCSVErrors: a cell guidellm did not write so is refused at
// its line and column, naming its header rows.
func TestGuideLLMCSVErrors(t *testing.T) {
	_, data := fixture(t, "testdata/guidellm/qwen3-4b-c4-v05.csv")
	lines := strings.SplitN(string(data), "\r\n", 4)
	head := strings.Join(lines[:3], "\r\n") + "\r\n"
	row := lines[3]
	for _, tt := range []struct{ name, data, want string }{
		{"header rows cut", lines[0] + "\r\n", "g.csv:1:1: guidellm's CSV header has 3 rows (group, field, statistic); the file has 1"},
		{"no row", head, "g.csv:4:1: no benchmark row after the header; expected one row per benchmark"},
		{"short percentile list", head + strings.Replace(row, `"[171.26083374023438, `, `"[`, 1),
			`g.csv:4:2214: column "Time to First Token / Successful ms / Percentiles": the list holds 10 values; expected 11: [min, p0.1, p1, p5, p10, p25, p75, p90, p95, p99, max]`},
		{"negative mean", head + strings.Replace(row, ",171.7655062675476,", ",-171.7655062675476,", 1),
			`g.csv:4:2158: column "Time to First Token / Successful ms / Mean": "-171.7655062675476" is not a valid time; expected a number ≥ 0`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, _, err := readRuns("g.csv", []byte(tt.data), FormatGuideLLMCSV)
			if err == nil || err.Error() != tt.want {
				t.Errorf("err\n got %v\nwant %s", err, tt.want)
			}
		})
	}
}

// TestLLMPerfResponses: failed requests are counted and left out; a
// request that ends before its first token is refused at its value.
func TestLLMPerfResponses(t *testing.T) {
	rec := func(code, ttft, e2e string) string {
		return `{"error_code": ` + code + `, "error_msg": "", "inter_token_latency_s": 0.005, "ttft_s": ` + ttft +
			`, "end_to_end_latency_s": ` + e2e + `, "request_output_throughput_token_per_s": 150, "number_total_tokens": 700, "number_output_tokens": 150, "number_input_tokens": 550}`
	}
	data := "[\n" + rec("null", "0.2", "1.0") + ",\n" + rec("429", "0", "0") + ",\n" + rec("null", "0.4", "1.2") + ",\n\"error_code\"\n]"
	levels, defs, _, err := readRuns("x_individual_responses.json", []byte(data), FormatLLMPerfResponses)
	if err != nil {
		t.Fatal(err)
	}
	l := levels[0]
	if l.Requests != 2 || l.Errors != 1 || l.TTFT.P50 != 200 || l.TTFT.P90 != 400 || l.Latency.Mean != 1.1 || defs.ITL != "chunk" || l.Samples == nil {
		t.Errorf("level %+v, defs %+v", l, defs)
	}
	bad := "[\n" + rec("null", "0.9", "0.5") + "\n]"
	_, _, _, err = readRuns("x.json", []byte(bad), FormatLLMPerfResponses)
	want := `x.json:2:110: "[0].end_to_end_latency_s": 0.5 s is shorter than the request's TTFT (0.9 s); expected a latency ≥ its TTFT`
	if err == nil || err.Error() != want {
		t.Errorf("err\n got %v\nwant %s", err, want)
	}
}

// TestSideOf: which file of a tool's pair is read.
func TestSideOf(t *testing.T) {
	for name, want := range map[string]string{
		"llama2-70b-4096_550_150_summary.json":              "llama2-70b-4096_550_150_individual_responses.json",
		"profile_export.jsonl":                              "profile_export_aiperf.json",
		"profile_export.json":                               "profile_export_genai_perf.json",
		"profile_export_aiperf.csv":                         "profile_export_aiperf.json",
		"profile_export_genai_perf.csv":                     "profile_export_genai_perf.json",
		"benchmarks.csv":                                    "benchmarks.json",
		"llama2-70b-4096_550_150_individual_responses.json": "",
		"profile_export_aiperf.json":                        "",
		"benchmarks.json":                                   "",
	} {
		got, ok := SideOf(name)
		if got != want || ok != (want != "") {
			t.Errorf("SideOf(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
}

// TestFillFromSide: the LLMPerf summary completes its individual
// responses with what they do not state (the load, the system
// throughputs, the model), never their statistics.
func TestFillFromSide(t *testing.T) {
	path, data := fixture(t, "testdata/llmperf/llama2-70b-4096_550_150_individual_responses.json")
	primary, _, _, err := readRuns(path, data, FormatLLMPerfResponses)
	if err != nil {
		t.Fatal(err)
	}
	spath, sdata := fixture(t, "llmperf/groq-70b-summary.json")
	side, _, _, err := readRuns(spath, sdata, FormatLLMPerf)
	if err != nil {
		t.Fatal(err)
	}
	ttft := primary[0].TTFT
	if err := FillFromSide(primary, side); err != nil {
		t.Fatal(err)
	}
	l := primary[0]
	// The summary's num_concurrent_requests, completed per minute / 60,
	// overall output throughput, model.
	if l.Concurrency != 5 || !near(l.SystemRPS, 2.945649185900014) || !near(l.OutputTPS, 441.84737788500206) || l.Model != "llama2-70b-4096" {
		t.Errorf("filled level %+v", l)
	}
	if l.TTFT != ttft || l.Requests != 22 || l.Errors != 2 || !near(l.OutputTokens, 149.77272727272728) {
		t.Errorf("the responses' own values changed: %+v", l)
	}
	other := []Level{newLevel(8, Pos{})}
	if err := FillFromSide(other, side); err == nil || err.Error() != "the side file states concurrency 5, the primary 8" {
		t.Errorf("err = %v", err)
	}
}

// TestWorkload: every reader whose file states the model and the mean
// input and output length per request fills them.
func TestWorkload(t *testing.T) {
	for _, tt := range []struct {
		file, model string
		in, out     float64
	}{
		// total_input_tokens / completed, total_output_tokens / completed.
		{"vllm/bench-serve-opt125m.json", "facebook/opt-125m", 256.0 / 8, 128.0 / 8},
		{"testdata/vllm-sweep/summary.csv", "facebook/opt-125m", 256.0 / 8, 128.0 / 8},
		{"inferencex/glm5-fp8-isl1024-conc4.json", "zai-org/GLM-5-FP8", 40960.0 / 40, 5120.0 / 40},
		{"sglang/llama33-70b-online-rate-sweep.jsonl", "", 152612.0 / 300, 160347.0 / 300},
		// results_number_input_tokens_mean, results_number_output_tokens_mean.
		{"llmperf/groq-70b-summary.json", "llama2-70b-4096", 550, 150},
		// input_sequence_length.avg, output_sequence_length.avg, the model in input_config.
		{"aiperf/agent-c2.json", "qwen3.6-nvfp4", 2854.96875, 434.7083333333333},
		{"aiperf-old/run1-profile_export_aiperf.json", "openai/gpt-oss-20b", 550, 242.96629213483146},
		{"testdata/genai-perf/current-profile_export_genai_perf.json", "meta-llama/Llama-3.1-8B-Instruct", 511.95, 127.8},
		{"testdata/genai-perf/old-profile_export_genai_perf.json", "meta-llama/Llama-3.1-8B-Instruct", 511.95, 127.8},
		// The tables' Input and Output Sequence Length rows (avg).
		{"aiperf/agent-c2.csv", "", 2854.97, 434.71},
		{"genai-perf/dynamo-405b.csv", "", 3000.05, 174.45},
		// prompt_token_count and output_token_count means; the backend's model.
		{"guidellm/qwen3-4b-c4.json", "Qwen/Qwen3-4B-Thinking-2507", 99, 1024},
		{"testdata/guidellm/qwen3-4b-c4-v05.csv", "Qwen/Qwen3-4B-Thinking-2507", 99, 1024},
		{"testdata/guidellm/qwen3-4b-c4-v03.csv", "Qwen/Qwen3-4B-Thinking-2507", 99, 1024},
		// Means of the successful requests' number_input_tokens and number_output_tokens.
		{"testdata/llmperf/llama2-70b-4096_550_150_individual_responses.json", "", 550, 149.77272727272728},
	} {
		t.Run(tt.file, func(t *testing.T) {
			path, data := fixture(t, tt.file)
			format, err := Detect(path, data)
			if err != nil {
				t.Fatal(err)
			}
			levels, _, _, err := readRuns(path, data, format)
			if err != nil {
				t.Fatal(err)
			}
			l := levels[0]
			if l.Model != tt.model || !near(l.InputTokens, tt.in) || !near(l.OutputTokens, tt.out) {
				t.Errorf("model %q, input %v, output %v; want %q, %v, %v", l.Model, l.InputTokens, l.OutputTokens, tt.model, tt.in, tt.out)
			}
		})
	}
}

// TestGenAIPerfLoad: a GenAI-Perf run's load from its input config, in
// either release's shape.
func TestGenAIPerfLoad(t *testing.T) {
	metrics := `"time_to_first_token": {"unit": "ms", "avg": 40, "p50": 38}, "request_latency": {"unit": "ms", "avg": 900}, "request_throughput": {"unit": "requests/sec", "avg": 3.5}`
	for _, tt := range []struct {
		name, config string
		c            int
		rate         float64
	}{
		{"stimulus concurrency", `{"perf_analyzer": {"stimulus": {"concurrency": 16}}}`, 16, 0},
		{"stimulus rate", `{"perf_analyzer": {"stimulus": {"request_rate": 2.5}}}`, 0, 2.5},
		{"flat concurrency", `{"concurrency": 8, "request_rate": null}`, 8, 0},
		{"flat rate", `{"concurrency": null, "request_rate": 4}`, 0, 4},
		{"none", `{}`, 0, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			data := `{` + metrics + `, "input_config": ` + tt.config + `}`
			levels, _, _, err := readRuns("run.json", []byte(data), FormatGenAIPerfJSON)
			if err != nil {
				t.Fatal(err)
			}
			if l := levels[0]; l.Concurrency != tt.c || l.Rate != tt.rate {
				t.Errorf("concurrency %d, rate %v; want %d, %v", l.Concurrency, l.Rate, tt.c, tt.rate)
			}
		})
	}
}

// TestUnknownCounts: a reader whose file does not give the requests or
// the errors leaves them unknown (-1), never 0.
func TestUnknownCounts(t *testing.T) {
	for _, tt := range []struct{ name, file, data, format string }{
		{"vllm", "v.json", `{"max_concurrency": 2, "mean_ttft_ms": 10, "median_tpot_ms": 5}`, FormatVLLM},
		{"sglang", "s.jsonl", `{"backend": "sglang", "request_rate": 4, "mean_e2e_latency_ms": 900, "median_ttft_ms": 80}`, FormatSGLang},
		{"inferencex", "i.json", `{"median_ttft": 0.2, "max_concurrency": 8}`, FormatInferenceX},
		{"llmperf", "l.json", `{"results_ttft_s_mean": 0.2, "num_concurrent_requests": 5}`, FormatLLMPerf},
		{"aiperf", "a.json", `{"aiperf_version": "0.10.0", "time_to_first_token": {"avg": 10}, "request_latency": {"avg": 900}}`, FormatAIPerfJSON},
		{"genai-perf", "g.json", `{"time_to_first_token": {"unit": "ms", "avg": 10}, "request_latency": {"unit": "ms", "avg": 900}}`, FormatGenAIPerfJSON},
		{"guidellm", "b.json", `{"benchmarks": [{"config": {"strategy": {"type_": "synchronous"}}, "metrics": {"time_to_first_token_ms": {"successful": {"mean": 5}}}}]}`, FormatGuideLLM},
		{"guidellm csv", "b.csv", "Type,Successful Time to first token ms mean,Args\ngenerative_benchmark,5,\"{\"\"strategy\"\": {\"\"type_\"\": \"\"synchronous\"\"}}\"\n", FormatGuideLLMCSV},
		{"vllm table", "t.json", `[{"Test name": "tp1_qps_1", "Mean TTFT (ms)": 5}]`, FormatVLLMTable},
		{"vllm sweep csv", "summary.csv", ",max_concurrency,mean_ttft_ms,run_number\n0,2,5,0\n", FormatVLLMSweepCSV},
		{"per-request CSV without an error column", "r.csv", "concurrency,ttft_ms,itl_ms,latency_s\n1,10,1,1\n", FormatRequests},
		{"genai-perf csv", "g.csv", "Metric,avg,min,max,p99\nTime To First Token (ms),1,1,1,1\nRequest Latency (ms),9,9,9,9\n", FormatGenAIPerf},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got, err := Detect(tt.file, []byte(tt.data)); got != tt.format {
				t.Fatalf("Detect = %q, %v; want %q", got, err, tt.format)
			}
			f, _ := formatNamed(tt.format)
			levels, _, _, err := f.read(tt.file, []byte(tt.data))
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range levels {
				if tt.format == FormatRequests {
					l.Requests = -1 // counted: one row per request
				}
				if l.Requests != -1 || l.Errors != -1 {
					t.Errorf("requests %d, errors %d; want -1, -1", l.Requests, l.Errors)
				}
			}
		})
	}
}

// TestPerRequestTokens: the per-request readers give the mean input and
// output length of a level's successful requests; AIPerf's warm-up
// records are left out.
func TestPerRequestTokens(t *testing.T) {
	csvData := "concurrency,ttft_ms,itl_ms,latency_s,output_tokens,error\n1,10,1,1,100,\n1,20,2,2,120,\n1,5,1,1,999,timeout\n2,30,3,3,50,\n"
	levels, _, _, err := readRequests("r.csv", strings.NewReader(csvData))
	if err != nil {
		t.Fatal(err)
	}
	if levels[0].OutputTokens != 110 || levels[1].OutputTokens != 50 || !math.IsNaN(levels[0].InputTokens) {
		t.Errorf("output tokens %v, %v; input %v", levels[0].OutputTokens, levels[1].OutputTokens, levels[0].InputTokens)
	}
	rec := func(phase string, isl, osl int) string {
		return fmt.Sprintf(`{"metadata": {"benchmark_phase": %q}, "metrics": {"time_to_first_token": {"value": 40, "unit": "ms"}, "request_latency": {"value": 900, "unit": "ms"}, "input_sequence_length": {"value": %d, "unit": "tokens"}, "output_sequence_length": {"value": %d, "unit": "tokens"}}, "error": null}`, phase, isl, osl)
	}
	data := rec("warmup", 9000, 9000) + "\n" + rec("profiling", 500, 100) + "\n" + rec("profiling", 520, 140) + "\n"
	levels, _, _, err = readRuns("profile_export.jsonl", []byte(data), FormatAIPerfRecords)
	if err != nil {
		t.Fatal(err)
	}
	if l := levels[0]; l.InputTokens != 510 || l.OutputTokens != 120 || l.Requests != 2 {
		t.Errorf("input %v, output %v, requests %d; want 510, 120, 2", l.InputTokens, l.OutputTokens, l.Requests)
	}
}
