package ingest

import (
	"math"
	"strings"
	"testing"
	"time"
)

// TestAIPerfTelemetryFixture reads the DCGM telemetry of a real AIPerf
// run (gpt-oss-20b on one of eight A100s): the file gives each GPU's
// power statistics and its energy counter's statistics since boot
// (1443.96… to 1444.02 MJ on GPU 0), not the counter's delta over the
// profiling phase. That counter spans the whole collection, warm-up
// included: the idle GPU 1 draws a flat 56.873 W, and its counter grew
// (1454.555388989 − 1454.522988375) MJ = 32,400.6 J, 32,400.6 / 56.873
// = 569.7 s of it, against the 519.6 s benchmark_duration. So the
// method is the tool's mean power (PowerMean), and GPUs 1–7, whose
// utilization never left 0, are idle.
func TestAIPerfTelemetryFixture(t *testing.T) {
	_, data := fixture(t, "aiperf/k8s-gpt-oss-20b-c1-telemetry.json")
	levels, _, _, err := readRuns("k8s.json", data, FormatAIPerfJSON)
	if err != nil {
		t.Fatal(err)
	}
	l := levels[0]
	tel := l.Telemetry
	if tel == nil || tel.Method != PowerMean || len(tel.GPUs) != 8 || !math.IsNaN(tel.Seconds) {
		t.Fatalf("telemetry = %+v; want the mean power of 8 GPUs", tel)
	}
	g0 := tel.GPUs[0]
	if g0.ID != "0" || g0.Name != "NVIDIA A100-SXM4-80GB" || g0.Watts != 94.61787741935483 || g0.Idle || !math.IsNaN(g0.Joules) {
		t.Errorf("GPU 0 = %+v; want 94.61787741935483 W, working", g0)
	}
	for _, g := range tel.GPUs[1:] {
		if !g.Idle {
			t.Errorf("GPU %s = %+v; want idle (utilization 0 throughout)", g.ID, g)
		}
	}
	// start_time and end_time as written; min_request_timestamp and
	// max_response_timestamp (ns since the epoch, written as float64s:
	// 1.7684584541734423e18, 1.768458973771416e18) as instants, to the
	// float's precision (256 ns). The pod's clock was
	// UTC: the two differ by the requests' 7 and 10 ms inside the phase.
	want := Window{Start: time.Date(2026, 1, 15, 6, 27, 34, 166021000, time.UTC), End: time.Date(2026, 1, 15, 6, 36, 13, 781301000, time.UTC),
		UTCStart: time.Date(2026, 1, 15, 6, 27, 34, 173442364, time.UTC), UTCEnd: time.Date(2026, 1, 15, 6, 36, 13, 771415949, time.UTC)}
	if l.Window != want {
		t.Errorf("window = %+v; want start_time to end_time as written, and the request timestamps as instants", l.Window)
	}
}

// aiperfCounterRun is an AIPerf export of the newest releases (the
// exporter's time-filtered counters, accumulator.py: a counter's delta
// over the profiling phase as {"unit": "MJ", "avg": Δ}), for two GPUs:
// GPU 0 used 0.0216 MJ in the 120 s run, GPU 1 idle (utilization 0,
// 0.0072 MJ).
const aiperfCounterRun = `{"aiperf_version": "0.11.0", "schema_version": "1.3",
"time_to_first_token": {"unit": "ms", "avg": 80, "p50": 79, "p90": 95, "count": 100},
"request_latency": {"unit": "ms", "avg": 5000, "p50": 4900, "p90": 6000, "count": 100},
"inter_token_latency": {"unit": "ms", "avg": 18, "p50": 18, "p90": 19, "count": 100},
"output_token_throughput": {"unit": "tokens/sec", "avg": 300},
"request_throughput": {"unit": "requests/sec", "avg": 1},
"benchmark_duration": {"unit": "sec", "avg": 120},
"input_config": {"loadgen": {"concurrency": 4}},
"telemetry_data": {"endpoints": {"localhost:9400": {"gpus": {
  "gpu_0": {"gpu_index": 0, "gpu_name": "H100", "metrics": {
    "gpu_power_usage": {"unit": "W", "avg": 170, "min": 100, "max": 200},
    "energy_consumption": {"unit": "MJ", "avg": 0.0216},
    "gpu_utilization": {"unit": "%", "avg": 60, "min": 0, "max": 90}}},
  "gpu_1": {"gpu_index": 1, "gpu_name": "H100", "metrics": {
    "gpu_power_usage": {"unit": "W", "avg": 60, "min": 60, "max": 60},
    "energy_consumption": {"unit": "MJ", "avg": 0.0072, "min": null, "max": null},
    "gpu_utilization": {"unit": "%", "avg": 0, "min": 0, "max": 0}}}}}}}}`

// TestAIPerfTelemetryCounter: with the counter's delta over the
// measured window, each GPU's energy is that delta and its power the
// energy over benchmark_duration: GPU 0 0.0216 MJ = 21,600 J, / 120 s =
// 180 W (not the gauge's 170 W mean); GPU 1 7,200 J, 60 W, idle.
func TestAIPerfTelemetryCounter(t *testing.T) {
	levels, _, _, err := readRuns("a.json", []byte(aiperfCounterRun), FormatAIPerfJSON)
	if err != nil {
		t.Fatal(err)
	}
	tel := levels[0].Telemetry
	if tel == nil || tel.Method != EnergyCounter || tel.Seconds != 120 || len(tel.GPUs) != 2 {
		t.Fatalf("telemetry = %+v; want the energy counter over 120 s", tel)
	}
	want := []GPUPower{{ID: "0", Name: "H100", Watts: 180, Joules: 21600}, {ID: "1", Name: "H100", Watts: 60, Joules: 7200, Idle: true}}
	for i, g := range tel.GPUs {
		if g.ID != want[i].ID || !near(g.Watts, want[i].Watts) || !near(g.Joules, want[i].Joules) || g.Idle != want[i].Idle {
			t.Errorf("GPU %d = %+v; want %+v", i, g, want[i])
		}
	}
	// One GPU without its delta: the counter cannot give the system's
	// energy, and the tool's mean powers are used.
	partial := strings.Replace(aiperfCounterRun, `"energy_consumption": {"unit": "MJ", "avg": 0.0072, "min": null, "max": null},`, "", 1)
	levels, _, _, err = readRuns("a.json", []byte(partial), FormatAIPerfJSON)
	if err != nil {
		t.Fatal(err)
	}
	if tel := levels[0].Telemetry; tel.Method != PowerMean || tel.GPUs[0].Watts != 170 || !math.IsNaN(tel.GPUs[0].Joules) {
		t.Errorf("telemetry without GPU 1's delta = %+v; want the mean powers", tel)
	}
	// A power out of range is an error at its key.
	bad := strings.Replace(aiperfCounterRun, `"avg": 170`, `"avg": -1`, 1)
	if _, _, _, err := readRuns("a.json", []byte(bad), FormatAIPerfJSON); err == nil || !strings.Contains(err.Error(), "gpu_power_usage.avg") {
		t.Errorf("negative power: err = %v; want an error at gpu_power_usage.avg", err)
	}
}

// genaiPerfTelemetryRun is GenAI-Perf's JSON with telemetry_stats as
// json_exporter.py @ 4cc7650 merges it (telemetry_data_exporter_util:
// per metric its unit and each GPU's statistics): the release whose
// TelemetryStatistics gives min, max and percentiles to the last GPU
// only (@ c6ec344), the others their mean alone.
const genaiPerfTelemetryRun = `{
"time_to_first_token": {"unit": "ms", "avg": 90, "p50": 88, "p90": 120},
"request_latency": {"unit": "ms", "avg": 2500, "p50": 2400, "p90": 3000},
"inter_token_latency": {"unit": "ms", "avg": 19, "p50": 19, "p90": 21},
"request_throughput": {"unit": "requests/sec", "avg": 1.6},
"output_token_throughput": {"unit": "tokens/sec", "avg": 200},
"request_count": {"unit": "count", "avg": 100},
"telemetry_stats": {
  "gpu_power_usage": {"unit": "W", "gpu0": {"avg": 250}, "gpu1": {"avg": 42.09, "min": 42.08, "max": 42.1}},
  "gpu_power_limit": {"unit": "W", "gpu0": {"avg": 300}, "gpu1": {"avg": 300}},
  "energy_consumption": {"unit": "MJ", "gpu0": {"avg": 67.33}, "gpu1": {"avg": 0.23, "min": 0.23, "max": 0.23}},
  "gpu_utilization": {"unit": "%", "gpu0": {"avg": 34}, "gpu1": {"avg": 0, "min": 0, "max": 0}}},
"input_config": {"model_names": ["m"], "perf_analyzer": {"stimulus": {"concurrency": 4}}}}`

// TestGenAIPerfTelemetry: the mean power per GPU; GPU 1's utilization
// never left 0 (idle), GPU 0's mean is 34 % (working).
func TestGenAIPerfTelemetry(t *testing.T) {
	levels, _, _, err := readRuns("g.json", []byte(genaiPerfTelemetryRun), FormatGenAIPerfJSON)
	if err != nil {
		t.Fatal(err)
	}
	tel := levels[0].Telemetry
	if tel == nil || tel.Method != PowerMean || len(tel.GPUs) != 2 {
		t.Fatalf("telemetry = %+v; want the mean power of 2 GPUs", tel)
	}
	if g := tel.GPUs[0]; g.ID != "0" || g.Watts != 250 || g.Idle {
		t.Errorf("GPU 0 = %+v; want 250 W, working", g)
	}
	if g := tel.GPUs[1]; g.ID != "1" || g.Watts != 42.09 || !g.Idle {
		t.Errorf("GPU 1 = %+v; want 42.09 W, idle", g)
	}
}

// TestIdleRule: without utilization a GPU is idle when its power was
// flat, its max at most IdleSwing (5 %) above its min (100 → 105 W
// flat, 100 → 105.001 W not), and low, its mean at most IdleShare (80
// %) of the busiest GPU's (80 W beside 100 W idle, 80.001 W not). With
// utilization, the utilization decides alone.
func TestIdleRule(t *testing.T) {
	if !flatPower(100, 105) {
		t.Error("100 to 105 W: want flat (exactly 5 % above the lowest)")
	}
	if flatPower(100, 105.001) {
		t.Error("100 to 105.001 W: want not flat (a hair past 5 %)")
	}
	for _, tt := range []struct {
		watts float64
		flat  bool
		idle  bool
	}{{80, true, true}, {80.001, true, false}, {50, false, false}} {
		gpus := []GPUPower{{ID: "0", Watts: 100, flat: true}, {ID: "1", Watts: tt.watts, flat: tt.flat}}
		markIdle(gpus)
		if gpus[0].Idle || gpus[1].Idle != tt.idle {
			t.Errorf("%g W (flat %v) beside a flat 100 W: idle %v, %v; want false, %v", tt.watts, tt.flat, gpus[0].Idle, gpus[1].Idle, tt.idle)
		}
	}
	alone := []GPUPower{{ID: "0", Watts: 60, flat: true}}
	if markIdle(alone); alone[0].Idle {
		t.Error("a GPU alone: want working (its power is the busiest's)")
	}
	r := &jreader{file: "x.json"}
	stats := func(s string) obj {
		vals, err := jsonRuns("x.json", []byte(s), 1)
		if err != nil {
			t.Fatal(err)
		}
		return runObjects(vals)[0]
	}
	if _, flat := idleByStats(r, obj{}, stats(`{"min": 100, "max": 105}`)); !flat {
		t.Error("power statistics 100–105 W: want flat")
	}
	if _, flat := idleByStats(r, obj{}, stats(`{"min": 100, "max": 105.001}`)); flat {
		t.Error("power statistics 100–105.001 W: want not flat")
	}
	if idle, flat := idleByStats(r, stats(`{"avg": 0.5, "max": 1}`), stats(`{"min": 100, "max": 100}`)); idle || flat {
		t.Error("utilization up to 1 %: want working, whatever the power")
	}
	if idle, _ := idleByStats(r, stats(`{"avg": 0}`), obj{}); !idle {
		t.Error("mean utilization 0 and no max: want idle")
	}
}

// TestServingWindow: vLLM's date is when the run ended; its window is
// that back by its duration.
func TestServingWindow(t *testing.T) {
	run := `{"date": "20241108-011647", "duration": 22.83, "max_concurrency": 50, "completed": 1000, "mean_ttft_ms": 20, "mean_tpot_ms": 9, "mean_e2el_ms": 900, "total_output_tokens": 100000}`
	levels, _, _, err := readRuns("v.json", []byte(run), FormatVLLM)
	if err != nil {
		t.Fatal(err)
	}
	want := Window{Start: time.Date(2024, 11, 8, 1, 16, 24, 170000000, time.UTC), End: time.Date(2024, 11, 8, 1, 16, 47, 0, time.UTC)}
	if w := levels[0].Window; w != want || w.Seconds() != 22.83 {
		t.Errorf("window = %+v (%g s); want %+v", w, w.Seconds(), want)
	}
	levels, _, _, err = readRuns("v.json", []byte(strings.Replace(run, `"date": "20241108-011647", `, "", 1)), FormatVLLM)
	if err != nil || levels[0].Window.Known() {
		t.Errorf("no date: window %+v, err %v; want unknown", levels[0].Window, err)
	}
}
