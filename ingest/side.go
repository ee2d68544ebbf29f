package ingest

import (
	"encoding/json"
	"fmt"
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

// sidePairs are the files a tool writes for one run twice: a side file
// (by its name's ending) and the primary file beside it that holds the
// same run and is read instead. A stem's CSV beside its JSON (AIPerf,
// GenAI-Perf and guidellm write both) is a side file too (SideOf).
var sidePairs = []struct{ side, primary string }{
	// LLMPerf: the summary's statistics are pandas' interpolated
	// quantiles of the requests the individual responses list.
	{"_summary.json", "_individual_responses.json"},
	// AIPerf's per-request records beside its profile export.
	{"profile_export.jsonl", "profile_export_aiperf.json"},
	// GenAI-Perf: perf_analyzer's per-request timestamps.
	{"profile_export.json", "profile_export_genai_perf.json"},
}

// SideOf reports whether the file named name is a side file, and names
// its primary: the file a tool writes beside it in the same folder for
// the same run, which is read instead when it is there. name and
// primary are base names. A folder read that finds both reads the
// primary as the run and may read the side file to complete it
// (FillFromSide); without the primary, the side file is read as any
// result file. The pairs: LLMPerf's X_summary.json, side of
// X_individual_responses.json (the requests, summarized with
// reportgen's percentiles); AIPerf's profile_export.jsonl, side of
// profile_export_aiperf.json; GenAI-Perf's profile_export.json, side of
// profile_export_genai_perf.json; and any X.csv, side of X.json (AIPerf,
// GenAI-Perf and guidellm write a run as both).
func SideOf(name string) (primary string, ok bool) {
	lower := strings.ToLower(name)
	for _, p := range sidePairs {
		if strings.HasSuffix(lower, p.side) {
			return name[:len(name)-len(p.side)] + p.primary, true
		}
	}
	if ext := filepath.Ext(name); strings.EqualFold(ext, ".csv") {
		return strings.TrimSuffix(name, ext) + ".json", true
	}
	return "", false
}

// FillFromSide completes the levels of a primary file with what its
// side file (SideOf) states and the primary does not: the load, the
// system throughputs, the request counts, the workload (model, input
// and output lengths). side must be one run (one level); otherwise,
// or when the two disagree on a load both state, nothing is filled and
// the error says why. Statistics are never taken from the side file.
func FillFromSide(primary []Level, side []Level) error {
	if len(side) != 1 {
		return fmt.Errorf("the side file holds %d runs; expected 1", len(side))
	}
	s := side[0]
	for _, l := range primary {
		if l.Concurrency > 0 && s.Concurrency > 0 && l.Concurrency != s.Concurrency {
			return fmt.Errorf("the side file states concurrency %d, the primary %d", s.Concurrency, l.Concurrency)
		}
	}
	for i := range primary {
		fillLevel(&primary[i], s)
	}
	return nil
}

// fillLevel fills what the level l of a primary file lacks from s, its
// side file's run (FillFromSide).
func fillLevel(l *Level, s Level) {
	nan := math.IsNaN
	if l.Concurrency == 0 && l.Rate == 0 {
		l.Concurrency, l.Rate = s.Concurrency, s.Rate
	}
	if nan(l.SystemRPS) {
		l.SystemRPS = s.SystemRPS
	}
	if nan(l.OutputTPS) {
		l.OutputTPS = s.OutputTPS
	}
	if l.Requests < 0 {
		l.Requests = s.Requests
	}
	if l.Errors < 0 {
		l.Errors = s.Errors
	}
	if nan(l.OutputTokens) {
		l.OutputTokens = s.OutputTokens
	}
	if nan(l.InputTokens) {
		l.InputTokens = s.InputTokens
	}
	if l.Model == "" {
		l.Model = s.Model
	}
	if l.Workload == "" {
		l.Workload = s.Workload
	}
}
