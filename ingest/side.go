package ingest

import (
	"encoding/json"
	"math"
	"path/filepath"
	"slices"
	"strings"
)

// sideFiles are the files tools write beside their results that hold
// no result reportgen reads (inputs, logs, telemetry, aggregates of runs
// it reads one by one), by name as the tool writes it (a
// filepath.Match pattern, lower case). Such a file is skipped and
// listed, never read as a result, and --strict does not refuse it: it is
// explained. A new tool's side file is one line here.
var sideFiles = []struct{ pattern, what string }{
	{"inputs.json", "AIPerf's or GenAI-Perf's input prompts"},
	{"profile_export_raw.jsonl", "AIPerf's raw request records"},
	{"profile_export_console.txt", "AIPerf's console table"},
	{"gpu_telemetry_export.jsonl", "AIPerf's GPU telemetry"},
	{"server_metrics_export.*", "AIPerf's server metrics"},
	{"*_timeslices.json", "AIPerf's per-time-slice metrics"},
	{"*_timeslices.csv", "AIPerf's per-time-slice metrics"},
	{"profile_export_aiperf_sweep.*", "AIPerf's sweep aggregate (its runs are read one by one)"},
	{"profile_export_aiperf_aggregate.*", "AIPerf's aggregate of repeated runs (the runs are read one by one)"},
	{"analyze_export_genai_perf.csv", "GenAI-Perf analyze's table of p99 values"},
	{"profile_export.json", "GenAI-Perf's per-request timestamps (perf_analyzer)"},
	{"*.pytorch.json", "vLLM's PyTorch-benchmark copy of a result"},
	{"warmup.json", "a vllm bench sweep point's warm-up run"},
	{"*.failure.json", "a vllm bench sweep's failed run"},
	{"serve-*-failure.json", "a vllm bench sweep's failed server setting"},
}

// knownSide names what the file at path is when a tool writes it beside
// its results (sideFiles); ok is false for any other name.
func knownSide(path string) (what string, ok bool) {
	name := strings.ToLower(filepath.Base(path))
	for _, s := range sideFiles {
		if m, _ := filepath.Match(s.pattern, name); m {
			return s.what, true
		}
	}
	return "", false
}

// unexplained reports whether a skipped file is one --strict refuses:
// a file with a result file's extension that no format reads and that
// is no known tool's side file (a GPU monitor's JSON of the user's own,
// a runner's summary.csv). Plots, logs and pages are plainly not data.
func unexplained(path string) bool {
	if _, ok := knownSide(path); ok {
		return false
	}
	ext := strings.ToLower(filepath.Ext(path))
	return ext == zipExt || slices.Contains(runExts(), ext)
}

// perfAnalyzerLoad is the load GenAI-Perf's perf_analyzer export
// (profile_export.json, beside the run's tables) states for its first
// experiment: {"experiments": [{"experiment": {"mode": "concurrency",
// "value": 4}, …}]}. Zero when there is no such file or it says none;
// an old GenAI-Perf run folder holds only this and the CSV table.
func perfAnalyzerLoad(dir string) (concurrency int, rate float64) {
	data, err := readInput(filepath.Join(dir, "profile_export.json"))
	if err != nil {
		return 0, 0
	}
	var export struct {
		Experiments []struct {
			Experiment struct {
				Mode  string  `json:"mode"`
				Value float64 `json:"value"`
			} `json:"experiment"`
		} `json:"experiments"`
	}
	if json.Unmarshal(data, &export) != nil || len(export.Experiments) == 0 {
		return 0, 0
	}
	e := export.Experiments[0].Experiment
	switch {
	case !(e.Value > 0) || e.Value > maxConcurrency:
		return 0, 0
	case e.Mode == "concurrency" && e.Value == math.Trunc(e.Value):
		return int(e.Value), 0
	case e.Mode == "request_rate":
		return 0, e.Value
	}
	return 0, 0
}
