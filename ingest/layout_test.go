package ingest

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// tree writes files (path → content) under a new temp dir; a content
// "fixture:<rel>" is the real result file ../shared/fixtures/<rel>,
// copied there at test time (never into the project).
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	m := map[string]string{}
	for p, c := range files {
		if rel, ok := strings.CutPrefix(c, "fixture:"); ok {
			_, data := fixture(t, strings.TrimPrefix(rel, "ingest/"))
			c = string(data)
		}
		m[p] = c
	}
	return writeTree(t, m)
}

// appendTo appends s to the file at p.
func appendTo(t *testing.T, p, s string) {
	t.Helper()
	f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.WriteString(s)
	if err := errors.Join(err, f.Close()); err != nil {
		t.Fatal(err)
	}
}

// targets names what Discover found: "name" for a report folder,
// "name*" for a folder read as one configuration.
func targets(t *testing.T, root string) string {
	t.Helper()
	ts, _, err := Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, x := range ts {
		s := filepath.Base(x.Dir)
		if x.AsConfig {
			s += "*"
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

// readTarget reads root as Discover finds it, which must be one report.
func readTarget(t *testing.T, root string) *Campaign {
	t.Helper()
	ts, _, err := Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(ts) != 1 {
		t.Fatalf("%d reports found, want 1", len(ts))
	}
	c, err := Read(ts[0].Dir, ReadOptions{AsConfig: ts[0].AsConfig})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func loads(c Config) []int {
	var out []int
	for _, l := range c.Levels {
		out = append(out, l.Concurrency)
	}
	return out
}

// TestFolderOfConfigFoldersIsOneReport: a folder whose sub-folders are
// each one configuration's runs is one report with a configuration per
// sub-folder, not a report per sub-folder.
func TestFolderOfConfigFoldersIsOneReport(t *testing.T) {
	root := tree(t, map[string]string{
		"campaign/aiperf-a/agent-c2.json": "fixture:aiperf/agent-c2.json",
		"campaign/aiperf-a/agent-c4.json": "fixture:aiperf/agent-c4.json",
		"campaign/aiperf-b/agent-c2.json": "fixture:aiperf/agent-c2.json",
		"campaign/aiperf-b/agent-c8.json": "fixture:aiperf/agent-c8.json",
	})
	if got := targets(t, filepath.Join(root, "campaign")); got != "campaign" {
		t.Fatalf("Discover = %q, want one report", got)
	}
	c := readTarget(t, filepath.Join(root, "campaign"))
	if len(c.Configs) != 2 || c.Configs[0].ID != "aiperf-a" || !slices.Equal(loads(c.Configs[1]), []int{2, 8}) {
		t.Errorf("configs = %+v", c.Configs)
	}
}

// TestRunFolderIsOneConfiguration: a folder of one-run files, pointed at
// directly, is one configuration (a report of it alone), not one
// configuration per file; AIPerf's .csv beside its .json is the same run.
func TestRunFolderIsOneConfiguration(t *testing.T) {
	root := tree(t, map[string]string{
		"agent/agent-c2.json": "fixture:aiperf/agent-c2.json",
		"agent/agent-c2.csv":  "fixture:aiperf/agent-c2.csv",
		"agent/agent-c4.json": "fixture:aiperf/agent-c4.json",
		"agent/agent-c4.csv":  "fixture:aiperf/agent-c4.csv",
	})
	if got := targets(t, filepath.Join(root, "agent")); got != "agent*" {
		t.Fatalf("Discover = %q, want one configuration", got)
	}
	c := readTarget(t, filepath.Join(root, "agent"))
	if len(c.Configs) != 1 || c.Configs[0].ID != "agent" || !slices.Equal(loads(c.Configs[0]), []int{2, 4}) {
		t.Errorf("configs = %+v", c.Configs)
	}
	if !slices.Equal(c.Ignored, []string{"agent-c2.csv", "agent-c4.csv"}) {
		t.Errorf("ignored = %v", c.Ignored)
	}
}

// TestPerLevelFoldersAsToolsWriteThem: runs in per-level sub-folders
// that state no load themselves (AIPerf's CSV) take it from the folder
// names (concurrency_16/, a bare 16/ as LLMPerf writes it, AIPerf's
// …-concurrency16/ and …-request_rate4/), and read the same numbers as
// the flat files named for their load.
func TestPerLevelFoldersAsToolsWriteThem(t *testing.T) {
	flat := readTarget(t, tree(t, map[string]string{
		"flat/agent-c2.csv": "fixture:aiperf/agent-c2.csv",
		"flat/agent-c8.csv": "fixture:aiperf/agent-c8.csv",
	})+"/flat")
	for _, layout := range [][2]string{
		{"artifacts/concurrency_2/profile_export_aiperf.csv", "artifacts/concurrency_8/profile_export_aiperf.csv"},
		{"results/2/profile_export_aiperf.csv", "results/8/profile_export_aiperf.csv"},
		{"sweep/qwen3-openai-chat-concurrency2/profile_export_aiperf.csv", "sweep/qwen3-openai-chat-concurrency8/profile_export_aiperf.csv"},
	} {
		root := tree(t, map[string]string{layout[0]: "fixture:aiperf/agent-c2.csv", layout[1]: "fixture:aiperf/agent-c8.csv"})
		top := filepath.Join(root, strings.Split(layout[0], "/")[0])
		if got := targets(t, top); !strings.HasSuffix(got, "*") {
			t.Errorf("%s: Discover = %q, want one configuration", layout[0], got)
			continue
		}
		c := readTarget(t, top)
		got, want := c.Configs[0].Levels, flat.Configs[0].Levels
		if len(got) != 2 || got[0].Concurrency != 2 || got[1].Concurrency != 8 || got[1].TTFT != want[1].TTFT || got[1].TPS != want[1].TPS {
			t.Errorf("%s: levels %+v, want those of the flat files", layout[0], loads(c.Configs[0]))
		}
	}
}

// TestRateFolders: AIPerf's folders of request-rate runs
// (…-request_rate4/) give the rate of the CSVs inside, which state none.
func TestRateFolders(t *testing.T) {
	root := tree(t, map[string]string{
		"sweep/qwen3-openai-chat-request_rate4/profile_export_aiperf.csv":   "fixture:aiperf/agent-c2.csv",
		"sweep/qwen3-openai-chat-request_rate0.5/profile_export_aiperf.csv": "fixture:aiperf/agent-c8.csv",
	})
	c := readTarget(t, root+"/sweep")
	ls := c.Configs[0].Levels
	if len(ls) != 2 || ls[0].Rate != 0.5 || ls[1].Rate != 4 || ls[0].Concurrency != 0 {
		t.Fatalf("levels %+v; want rates 0.5 and 4", ls)
	}
}

// TestFolderOfReportsStays: a folder whose sub-folders are reports (a
// manifest, or several configurations) stays a folder of reports, as
// samples/ does; a folder of reports inside one (samples/compare/, a
// before/after pair) gives its reports, not one report pooling theirs.
func TestFolderOfReportsStays(t *testing.T) {
	if got := targets(t, "../samples"); got != "after before kimi-k3-b300 mixed-tools rate-sweep" {
		t.Errorf("samples = %q", got)
	}
	if got := targets(t, "../samples/compare"); got != "after before" {
		t.Errorf("samples/compare = %q", got)
	}
	csv := compactHeader + "\n" + compactRow
	root := tree(t, map[string]string{
		"all/r1/a.csv":               csv,
		"all/r1/b.csv":               csv,
		"all/r2/report.toml":         "",
		"all/r2/b.csv":               csv,
		"all/run/agent-c2.json":      "fixture:aiperf/agent-c2.json",
		"all/notes/readme.txt":       "x",
		"all/.git/config":            "",
		"all/_old/agent-c4.json":     "fixture:aiperf/agent-c4.json",
		"all/out/r1/.reportgen":      "reportgen",
		"all/out/.reportgen.lock":    "",
		"all/out/r1/analysis.json":   "{}",
		"all/pair/before/a.csv":      csv,
		"all/pair/before/b.csv":      csv,
		"all/pair/after/report.toml": "",
		"all/pair/after/a.csv":       csv,
	})
	if got := targets(t, filepath.Join(root, "all")); got != "after before r1 r2 run*" {
		t.Errorf("Discover = %q, want pair's after and before, r1, r2 and run as one configuration", got)
	}
}

// TestSideFilesSkippedNotFatal: files tools write beside their results
// (a GPU monitor's JSON, a runner's summary.csv, a plan) are skipped and
// listed, in a report folder and in a configuration folder alike.
func TestSideFilesSkippedNotFatal(t *testing.T) {
	root := tree(t, map[string]string{
		"report/a-c2.json":        "fixture:aiperf/agent-c2.json",
		"report/vllm.json":        "fixture:vllm/bench-serve-opt125m.json",
		"report/gpu.json":         "[]",
		"report/summary.csv":      "timestamp,gpu_util,power_w\n1,90,600\n",
		"cfg/agent-c2.json":       "fixture:aiperf/agent-c2.json",
		"cfg/agent-c4.json":       "fixture:aiperf/agent-c4.json",
		"cfg/gpu_telemetry.jsonl": `{"timestamp": 1, "gpu_utilization": 90}` + "\n",
		"cfg/plan.json":           `{"sweep": [1, 2], "note": "x"}`,
		"cfg/benchmarks.yaml":     "x: 1\n",
	})
	c, err := Read(filepath.Join(root, "report"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Configs) != 2 || !slices.Contains(c.Ignored, "gpu.json") || !slices.Contains(c.Ignored, "summary.csv") {
		t.Errorf("configs %d, ignored %v", len(c.Configs), c.Ignored)
	}
	c, err = Read(filepath.Join(root, "cfg"), ReadOptions{AsConfig: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Configs[0].Levels) != 2 || !slices.Contains(c.Ignored, "gpu_telemetry.jsonl") || !slices.Contains(c.Ignored, "plan.json") {
		t.Errorf("levels %v, ignored %v", loads(c.Configs[0]), c.Ignored)
	}
}

// TestLLMPerfRunFolder: LLMPerf's results folder, one folder per
// concurrency, each with the summary and the individual responses: the
// responses are the run (reportgen's own percentiles), the summary
// gives the concurrency and the system throughput they lack.
func TestLLMPerfRunFolder(t *testing.T) {
	resp, err := os.ReadFile("testdata/llmperf/llama2-70b-4096_550_150_individual_responses.json")
	if err != nil {
		t.Fatal(err)
	}
	root := tree(t, map[string]string{
		"results/5/llama2-70b-4096_550_150_summary.json":              "fixture:llmperf/groq-70b-summary.json",
		"results/5/llama2-70b-4096_550_150_individual_responses.json": string(resp),
	})
	if got := targets(t, filepath.Join(root, "results")); got != "results*" {
		t.Fatalf("Discover = %q, want one configuration", got)
	}
	c := readTarget(t, filepath.Join(root, "results"))
	cfg := c.Configs[0]
	if len(cfg.Levels) != 1 || cfg.Levels[0].Concurrency != 5 || cfg.Format != "llmperf-responses" {
		t.Fatalf("levels %v, format %s", loads(cfg), cfg.Format)
	}
	// The summary's completed requests per minute, as LLMPerf wrote it.
	if l := cfg.Levels[0]; !near(l.SystemRPS, 176.73895115400083/60) || l.Samples == nil {
		t.Errorf("system rps %v, samples %v", l.SystemRPS, l.Samples != nil)
	}
}

// TestVLLMWithoutE2EL: vllm bench serve's default --percentile-metrics
// (ttft,tpot,itl) writes no mean_e2el_ms. The mean latency of such a
// rate sweep is estimated from the runs' mean output length
// (total_output_tokens / completed = 128 / 8 = 16) and marked so; with
// the benchmark's fixed output length in the manifest, matched by that
// mean, it is derived exactly and marked as exact; a manifest length
// the runs do not match leaves the estimate. Runs without their token
// counts are refused, every file named, with the flag that fixes it.
func TestVLLMWithoutE2EL(t *testing.T) {
	_, data := fixture(t, "vllm/bench-serve-opt125m.json")
	run := func(rate string) string {
		s := strings.Replace(string(data), `"max_concurrency": 2`, `"max_concurrency": null`, 1)
		return strings.Replace(s, `"request_rate": "inf"`, `"request_rate": `+rate, 1)
	}
	if !strings.Contains(run("4"), `"request_rate": 4`) || !strings.Contains(run("4"), `"max_concurrency": null`) {
		t.Fatal("the fixture's load keys are not where the test expects them")
	}
	files := map[string]string{
		"report/sweep/vllm-4qps-opt-125m.json": run("4"),
		"report/sweep/vllm-8qps-opt-125m.json": run("8"),
		"report/sweep/vllm-2qps-opt-125m.json": run("2"),
	}
	want := (215.53594200008774 + 11.265828258331112*15) / 1000
	for _, tt := range []struct {
		manifest string
		method   LatencyMethod
	}{{"", LatencyMeanLength}, {"16", LatencyFixedLength}, {"32", LatencyMeanLength}} {
		delete(files, "report/report.toml")
		if tt.manifest != "" {
			files["report/report.toml"] = "[benchmark]\noutput_tokens = " + tt.manifest + "\n"
		}
		c, err := Read(tree(t, files)+"/report", ReadOptions{})
		if err != nil {
			t.Fatalf("output_tokens = %q: %v", tt.manifest, err)
		}
		ls := c.Configs[0].Levels
		if len(ls) != 3 {
			t.Fatalf("%d levels, want 3", len(ls))
		}
		for _, l := range ls {
			if l.LatencyMethod != tt.method || !near(l.Latency.Mean, want) || !math.IsNaN(l.Latency.P90) {
				t.Errorf("output_tokens = %q, rate %g: latency %+v derived %q; want mean %v derived %q, no percentiles", tt.manifest, l.Rate, l.Latency, l.LatencyMethod, want, tt.method)
			}
		}
	}

	delete(files, "report/report.toml")
	for name, text := range files {
		files[name] = strings.Replace(text, `"total_output_tokens": 128,`, ``, 1)
	}
	_, err := Read(tree(t, files)+"/report", ReadOptions{})
	for _, want := range []string{"vllm-2qps-opt-125m.json: the run at request rate 2 req/s gives no mean request latency",
		"--percentile-metrics ttft,tpot,itl,e2el", "total_output_tokens", "output_tokens", "the same holds for ", "vllm-4qps-opt-125m.json", "vllm-8qps-opt-125m.json"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("without total_output_tokens: err = %v\nwant it to hold %q", err, want)
		}
	}
}

// TestEstimateLatency: the mean latency a file lacks is estimated as
// mean TTFT + mean TPOT × (n̄ − 1) where the mean output length n̄ is at
// least 1 (at 1: the TTFT alone), the ITL is the TPOT and the level has
// no latency of its own; a level a fixed length derived exactly keeps
// its method.
func TestEstimateLatency(t *testing.T) {
	tpot := Definitions{ITL: "tpot"}
	level := func(ttft, itl, n float64) Level {
		l := newLevel(1, Pos{})
		l.TTFT.Mean, l.ITL.Mean, l.OutputTokens = ttft, itl, n
		return l
	}
	for _, tt := range []struct {
		name   string
		l      Level
		defs   Definitions
		want   float64
		method LatencyMethod
	}{
		{"mean length 213.61", level(65.25777634499718, 24.564414268982127, 42722.0/200), tpot, (65.25777634499718 + 24.564414268982127*(42722.0/200-1)) / 1000, LatencyMeanLength},
		{"one token: the TTFT", level(100, 20, 1), tpot, 0.1, LatencyMeanLength},
		{"under one token", level(100, 20, 0.999), tpot, math.NaN(), ""},
		{"no token counts", level(100, 20, math.NaN()), tpot, math.NaN(), ""},
		{"no TPOT", level(100, math.NaN(), 16), tpot, math.NaN(), ""},
		{"chunk ITL", level(100, 20, 16), Definitions{ITL: "chunk"}, math.NaN(), ""},
		{"latency stated", func() Level { l := level(100, 20, 16); l.Latency.Mean = 0.5; return l }(), tpot, 0.5, ""},
		{"derived exactly", func() Level {
			l := level(100, 20, 16)
			l.Latency.Mean, l.LatencyMethod = 0.4, LatencyFixedLength
			return l
		}(), tpot, 0.4, LatencyFixedLength},
	} {
		ls := []Level{tt.l}
		estimateLatency(ls, tt.defs)
		if !same(ls[0].Latency.Mean, tt.want) && !near(ls[0].Latency.Mean, tt.want) || ls[0].LatencyMethod != tt.method {
			t.Errorf("%s: latency %v (%q), want %v (%q)", tt.name, ls[0].Latency.Mean, ls[0].LatencyMethod, tt.want, tt.method)
		}
	}
}

// aiperfSide are AIPerf's side files in the shapes its exporters write
// (server metrics, time slices, aggregates over runs and over the sweep,
// inputs, telemetry), small but with the keys that name metrics.
var aiperfSide = map[string]string{
	"server_metrics_export.json":                                     `{"schema_version": "1.0", "aiperf_version": "0.10.0", "benchmark_id": "b", "summary": {}, "metrics": {"vllm:e2e_request_latency_seconds": {"type": "histogram", "unit": "seconds", "series": [{"endpoint_url": "http://localhost:8000/metrics", "labels": {}, "stats": {"avg": 1.2}}]}}, "input_config": {}}`,
	"server_metrics_export.jsonl":                                    `{"endpoint_url": "http://localhost:8000/metrics", "timestamp_ns": 1, "endpoint_latency_ns": 2, "request_sent_ns": 0, "first_byte_ns": 1, "metrics": {"vllm:num_requests_running": [{"labels": {}, "value": 3}]}}` + "\n",
	"profile_export_aiperf_timeslices.json":                          `{"timeslices": [{"start_ns": 0, "end_ns": 1, "time_to_first_token": {"unit": "ms", "avg": 100, "p50": 90}}], "input_config": {}}`,
	"profile_export_aiperf_timeslices.csv":                           "Timeslice,Metric,Unit,Stat,Value\n0,Time to First Token,ms,avg,100\n",
	"inputs.json":                                                    `{"data": [{"session_id": "a", "payloads": [{"messages": []}]}]}`,
	"gpu_telemetry_export.jsonl":                                     `{"timestamp_ns": 1, "gpu_uuid": "GPU-1", "gpu_utilization": 90}` + "\n",
	"profile_export_console.txt":                                     "NVIDIA AIPerf | LLM Metrics\n",
	"profile_export_aiperf_aggregate.json":                           `{"schema_version": "1.0", "aiperf_version": "0.10.0", "metadata": {"aggregation_type": "confidence", "num_profile_runs": 2}, "metrics": {"time_to_first_token_avg": {"mean": 150, "std": 3, "unit": "ms"}}}`,
	"profile_export_aiperf_aggregate.csv":                            "metric,mean,std,min,max,cv,se,ci_low,ci_high,t_critical,unit\ntime_to_first_token_avg,150,3,147,153,0.02,2,140,160,12.7,ms\n",
	"profile_export_aiperf_sweep.json":                               `{"aggregation_type": "sweep", "num_profile_runs": 2, "per_combination_metrics": [{"parameters": {"concurrency": 2}, "metrics": {"request_throughput_avg": {"mean": 1, "std": 0.1}}}], "best_configurations": {"best_latency_p99": {"concurrency": 2}}}`,
	"profile_export_aiperf_sweep.csv":                                "concurrency,request_latency_avg_mean,ttft_p99_ms_mean\n2,1.5,200\n",
	"analyze_export_genai_perf.csv":                                  "Config Name,Concurrency,ISL,Num Dataset Entries,p99 Time To First Token (ms),p99 Inter Token Latency (ms),p99 Request Latency (ms)\nc2,2,100,10,200,9,900\n",
	"vllm-infqps-concurrency2-opt-125m-20260816-160853.pytorch.json": `[{"benchmark": {"name": "vLLM benchmark", "extra_info": {"args": {}}}, "model": {"name": "opt"}, "metric": {"name": "median_ttft_ms", "benchmark_values": [55.7], "extra_info": {}}}]`,
}

// TestAIPerfArtifactTree reads an AIPerf sweep repeated with
// --num-profile-runs, as it lays it out (profile_runs/trial_000N/
// concurrency_N/, aggregate/, sweep_aggregate/), with every side file
// its exporters write and a model name with a dot in the run folder's
// name: one configuration, each level the mean of its two trials; the
// side files skipped, listed, and none of them refused by --strict.
func TestAIPerfArtifactTree(t *testing.T) {
	files := map[string]string{}
	run := "artifacts/Qwen3.6-27B-openai-chat-concurrency/"
	for _, trial := range []string{"trial_0001", "trial_0002"} {
		for _, c := range []string{"2", "8"} {
			dir := run + "profile_runs/" + trial + "/concurrency_" + c + "/"
			files[dir+"profile_export_aiperf.json"] = "fixture:aiperf/agent-c" + c + ".json"
			files[dir+"profile_export_aiperf.csv"] = "fixture:aiperf/agent-c" + c + ".csv"
			for _, name := range []string{"server_metrics_export.json", "server_metrics_export.jsonl", "profile_export_aiperf_timeslices.json",
				"profile_export_aiperf_timeslices.csv", "inputs.json", "gpu_telemetry_export.jsonl", "profile_export_console.txt"} {
				files[dir+name] = aiperfSide[name]
			}
			files[dir+"plots/ttft.png"] = "\x89PNG"
		}
	}
	files[run+"aggregate/concurrency_2/profile_export_aiperf_aggregate.json"] = aiperfSide["profile_export_aiperf_aggregate.json"]
	files[run+"aggregate/concurrency_2/profile_export_aiperf_aggregate.csv"] = aiperfSide["profile_export_aiperf_aggregate.csv"]
	files[run+"sweep_aggregate/profile_export_aiperf_sweep.json"] = aiperfSide["profile_export_aiperf_sweep.json"]
	files[run+"sweep_aggregate/profile_export_aiperf_sweep.csv"] = aiperfSide["profile_export_aiperf_sweep.csv"]
	root := tree(t, files)
	for _, c := range []string{"2", "8"} { // the second trial's runs their own bytes: a copy is refused
		appendTo(t, filepath.Join(root, run, "profile_runs/trial_0002/concurrency_"+c, "profile_export_aiperf.json"), "\n")
	}
	if got := targets(t, root+"/"+run); got != "Qwen3.6-27B-openai-chat-concurrency*" {
		t.Fatalf("Discover(run folder) = %q, want the run folder as one configuration", got)
	}
	if got := targets(t, root+"/artifacts"); got != "artifacts" {
		t.Fatalf("Discover(artifacts) = %q, want one report", got)
	}
	c := readTarget(t, root+"/"+run)
	if len(c.Configs) != 1 {
		t.Fatalf("%d configurations, want 1", len(c.Configs))
	}
	ls := c.Configs[0].Levels
	if len(ls) != 2 || ls[0].Concurrency != 2 || ls[1].Concurrency != 8 || len(ls[0].Repeats) != 2 || len(ls[1].Repeats) != 2 {
		t.Fatalf("levels %v with %d and %d runs; want 2 and 8, two trials each", loads(c.Configs[0]), len(ls[0].Repeats), len(ls[len(ls)-1].Repeats))
	}
	// The fixture's own time_to_first_token.avg (both trials are it).
	if !near(ls[0].TTFT.Mean, 154.26432382291665) || !near(ls[1].TTFT.Mean, 196.62678033333333) {
		t.Errorf("TTFT means %v, %v; want the files' 154.264…, 196.627…", ls[0].TTFT.Mean, ls[1].TTFT.Mean)
	}
	for _, want := range []string{"profile_runs/trial_0001/concurrency_2/server_metrics_export.json", "profile_runs/trial_0001/concurrency_2/inputs.json",
		"aggregate/concurrency_2/profile_export_aiperf_aggregate.json", "sweep_aggregate/profile_export_aiperf_sweep.csv",
		"profile_runs/trial_0002/concurrency_8/profile_export_aiperf.csv", "profile_runs/trial_0002/concurrency_8/plots"} {
		if !slices.Contains(c.Ignored, want) {
			t.Errorf("ignored %v; want %s listed", c.Ignored, want)
		}
	}
	if len(c.NotResults) != 0 {
		t.Errorf("NotResults = %v; want none: every file is one AIPerf writes", c.NotResults)
	}
}

// TestSideFilesNeverResults: a tool's known side file is not a result
// whatever its content looks like, and a file no tool is known to write
// is what --strict refuses.
func TestSideFilesNeverResults(t *testing.T) {
	dir := t.TempDir()
	for name, body := range aiperfSide {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if !notResult(p) {
			_, _, err := readResultFile(p, "", hints{})
			t.Errorf("%s: read as a result (err %v)", name, err)
		}
		if unexplained(p) {
			t.Errorf("%s: unexplained; want it known", name)
		}
	}
	if !unexplained(filepath.Join(dir, "gpu.json")) || unexplained(filepath.Join(dir, "plot.png")) {
		t.Error("gpu.json must be unexplained, plot.png not")
	}
}

// TestConfigFolderOfLevelFolders: in a report folder, a configuration
// whose runs lie in per-level folders (sglang/c2/run.csv) is read
// beside one of flat files, as the README's tree shows.
func TestConfigFolderOfLevelFolders(t *testing.T) {
	root := tree(t, map[string]string{
		"campaign/flat/agent-c2.json":            "fixture:aiperf/agent-c2.json",
		"campaign/flat/agent-c4.json":            "fixture:aiperf/agent-c4.json",
		"campaign/nested/c2/run.csv":             "fixture:aiperf/agent-c2.csv",
		"campaign/nested/c8/run.csv":             "fixture:aiperf/agent-c8.csv",
		"campaign/nested/c8/gpu_telemetry.jsonl": `{"t": 1}` + "\n",
	})
	c := readTarget(t, root+"/campaign")
	if len(c.Configs) != 2 || c.Configs[1].ID != "nested" || !slices.Equal(loads(c.Configs[1]), []int{2, 8}) {
		t.Fatalf("configs %d; want flat and nested (levels 2, 8)", len(c.Configs))
	}
	if !slices.Contains(c.NotResults, "nested/c8/gpu_telemetry.jsonl") {
		t.Errorf("NotResults %v; want the unknown telemetry file", c.NotResults)
	}
}

// TestManifestWithoutConfigsKeepsLayout: a report.toml that lists no
// configurations (set there for output_tokens or the SLOs) does not
// split a run folder into one configuration per file; one that lists
// them still decides.
func TestManifestWithoutConfigsKeepsLayout(t *testing.T) {
	files := map[string]string{
		"run/agent-c2.json": "fixture:aiperf/agent-c2.json",
		"run/agent-c4.json": "fixture:aiperf/agent-c4.json",
		"run/report.toml":   "[slo]\nttft_ms = 500\n",
	}
	c, err := Read(tree(t, files)+"/run", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Configs) != 1 || c.Configs[0].ID != "run" || !slices.Equal(loads(c.Configs[0]), []int{2, 4}) {
		t.Errorf("%d configurations; want the folder as one, levels 2 and 4", len(c.Configs))
	}
	if slices.Contains(c.Ignored, "report.toml") {
		t.Errorf("ignored %v: the manifest is read, not skipped", c.Ignored)
	}
	files["run/report.toml"] = "[[configs]]\nid = \"agent-c2\"\n[[configs]]\nid = \"agent-c4\"\n"
	c, err = Read(tree(t, files)+"/run", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Configs) != 2 {
		t.Errorf("%d configurations; want the two the manifest lists", len(c.Configs))
	}
}

// TestAIPerfWholeSweep: AIPerf's five real runs of one sweep (one
// dataset file, one seed; their measured mean input lengths differ by
// over 25 % as the multi-turn conversations grow with the load) are one
// configuration: the workload they state decides, not the lengths.
func TestAIPerfWholeSweep(t *testing.T) {
	files := map[string]string{}
	for _, c := range []string{"2", "4", "8", "16", "32"} {
		files["artifacts/qwen3.6-nvfp4-openai-chat-concurrency"+c+"/profile_export_aiperf.json"] = "fixture:aiperf/agent-c" + c + ".json"
	}
	c := readTarget(t, tree(t, files)+"/artifacts")
	if len(c.Configs) != 1 || !slices.Equal(loads(c.Configs[0]), []int{2, 4, 8, 16, 32}) {
		t.Fatalf("%d configurations; want one with levels 2…32", len(c.Configs))
	}
}

// TestFoldersNamedLikeLoads: folders c2/ and c4/ whose runs state other
// loads (8 and 16) are configurations named c2 and c4, not the levels
// of one.
func TestFoldersNamedLikeLoads(t *testing.T) {
	root := tree(t, map[string]string{
		"campaign/c2/agent-c8.json":  "fixture:aiperf/agent-c8.json",
		"campaign/c2/agent-c16.json": "fixture:aiperf/agent-c16.json",
		"campaign/c4/agent-c8.json":  "fixture:aiperf/agent-c8.json",
		"campaign/c4/agent-c16.json": "fixture:aiperf/agent-c16.json",
	})
	if got := targets(t, root+"/campaign"); got != "campaign" {
		t.Fatalf("Discover = %q, want one report", got)
	}
	c := readTarget(t, root+"/campaign")
	if len(c.Configs) != 2 || c.Configs[0].ID != "c2" || !slices.Equal(loads(c.Configs[1]), []int{8, 16}) {
		t.Errorf("%d configurations; want c2 and c4, levels 8 and 16", len(c.Configs))
	}
}

// TestDeepResultsNamed: results further down than the search goes are
// not silently missed: the error names the folder that holds them.
func TestDeepResultsNamed(t *testing.T) {
	root := tree(t, map[string]string{"top/a/b/c/d/e/f/agent-c2.json": "fixture:aiperf/agent-c2.json"})
	_, _, err := Discover(root + "/top")
	if err == nil || !strings.Contains(err.Error(), "result files lie deeper, in "+filepath.Join(root, "top/a/b/c/d/e/f")) {
		t.Errorf("err = %v", err)
	}
}

// TestGenAIPerfOldRunFolder: an old GenAI-Perf run folder holds the CSV
// table, which states no load, and perf_analyzer's profile_export.json,
// which does: the run takes its load from it, and the export is a known
// side file, not a result.
func TestGenAIPerfOldRunFolder(t *testing.T) {
	root := tree(t, map[string]string{
		"gp/profile_export_genai_perf.csv": "fixture:genai-perf/dynamo-405b.csv",
		"gp/profile_export.json":           `{"experiments": [{"experiment": {"mode": "concurrency", "value": 40}, "requests": [{"timestamp": 1, "response_timestamps": [2, 3]}], "window_boundaries": [1, 3]}], "version": "2.44"}`,
		"gp/inputs.json":                   `{"data": [{"payload": [{"messages": []}]}]}`,
	})
	c, err := Read(root+"/gp", ReadOptions{AsConfig: true})
	if err != nil {
		t.Fatal(err)
	}
	if ls := c.Configs[0].Levels; len(ls) != 1 || ls[0].Concurrency != 40 {
		t.Errorf("levels %v; want one at concurrency 40", loads(c.Configs[0]))
	}
	if len(c.NotResults) != 0 {
		t.Errorf("NotResults %v; want none", c.NotResults)
	}
}
