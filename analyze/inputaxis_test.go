package analyze_test

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
)

// inputRun is a run of an input-length sweep at concurrency 1: its input
// length, mean and P90 TTFT (ms), mean and P90 TPS, mean latency (s) and
// system throughput (req/s).
func inputRun(isl int, ttft, tps, latency, rps float64) ingest.Level {
	l := levels([6]float64{1, ttft, ttft * 1.1, tps, tps * 1.05, latency})[0]
	l.InputLength, l.InputTokens, l.SystemRPS, l.OutputTPS = isl, float64(isl), rps, rps*128
	// The TPOT its decode TPS is (ITL is the TPOT: ingest.CheckRules).
	l.ITL = stat(1000/tps, 1000/tps*1.1)
	l.Pos = ingest.Pos{File: "trtllm_bench_" + strconv.Itoa(isl) + ".json"}
	return l
}

// inputSweep is a sweep of four input lengths whose TTFT grows faster
// than the input (prefill), and whose latency and output fall and rise
// as a growing load's would.
func inputSweep(id string, tpsScale float64) ingest.Config {
	return ingest.Config{ID: id, Source: id, Format: ingest.FormatTRTLLM, Tool: "trtllm-bench", Definitions: ingest.Definitions{ITL: "tpot", TPS: "decode", RPS: "system"}, Levels: []ingest.Level{
		inputRun(128, 15, 100*tpsScale, 1.3, 0.77),
		inputRun(512, 60, 99*tpsScale, 1.35, 0.74),
		inputRun(2048, 300, 96*tpsScale, 1.6, 0.62),
		inputRun(8192, 1500, 90*tpsScale, 3, 0.33),
	}}
}

// TestInputLengthAxis: when every config is an input-length sweep, the
// levels are the input lengths; capacity, the speculative break-even,
// the throughput-per-GPU frontier and the load-step anomalies (a TTFT
// jump, a saturation: the load does not grow) are not computed.
func TestInputLengthAxis(t *testing.T) {
	direct := inputSweep("trtllm-direct", 1)
	// Faster at the two shortest inputs, then on par: on a load axis
	// this would be a break-even at the third level.
	spec := inputSweep("trtllm-eagle", 1.5)
	spec.Levels[2].TPS, spec.Levels[3].TPS = stat(96, 100), stat(90, 95)
	spec.Levels[2].ITL, spec.Levels[3].ITL = stat(1000.0/96, 11), stat(1000.0/90, 12)
	r := build(t, direct, spec)
	if r.Axis != analyze.AxisInputLength {
		t.Fatalf("axis = %q, want input_length", r.Axis)
	}
	if want := []analyze.Load{128, 512, 2048, 8192}; len(r.Levels) != 4 || r.Levels[0] != want[0] || r.Levels[3] != want[3] {
		t.Errorf("levels = %v, want %v", r.Levels, want)
	}
	for _, c := range r.Configs {
		checkNoCapacity(t, c)
	}
	if len(r.Speedups) != 1 {
		t.Fatalf("speedups = %+v, want the eagle/direct pair", r.Speedups)
	}
	if s := r.Speedups[0]; len(s.Points) != 4 || s.Points[0].Outcome != analyze.Faster || s.Points[2].Outcome == analyze.Faster || s.BreakEven != nil || s.BreakEvenInterpolated != nil {
		t.Errorf("speedup = %+v: want the ratio at each input length and no break-even", s)
	}
	// The TTFT grows 5× from 512 to 2048 tokens: on a load axis a TTFT
	// jump; here no step is judged, nor is the falling aggregate output.
	checkNoLoadSteps(t, r)
	if len(r.Pareto.Points) != 0 {
		t.Errorf("pareto = %d points, want none", len(r.Pareto.Points))
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"load_axis":"input_length"`, `"levels":[128,512,2048,8192]`, `"max_load":0`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("analysis.json lacks %s", want)
		}
	}
	if _, err := analyze.ReadJSON("analysis.json", b); err != nil {
		t.Errorf("analysis.json on an input-length axis does not read back: %v", err)
	}
	if got := r.Axis.Label(512); got != "input length 512" {
		t.Errorf("label = %q", got)
	}
}

// checkNoCapacity fails on a capacity, a throughput at a target or a
// cost of c, which an input-length axis does not compute, and on a level
// not at concurrency 1 and its input length.
func checkNoCapacity(t *testing.T, c analyze.Config) {
	t.Helper()
	for _, cp := range []analyze.Capacity{c.Capacity.P90, c.Capacity.Mean} {
		if cp.Max != 0 || cp.UsersKnown() || cp.LowerBound {
			t.Errorf("%s capacity = %+v, want none", c.ID, cp)
		}
	}
	if c.Levels[0].Concurrency != 1 || c.Levels[2].Load != 2048 {
		t.Errorf("%s level = %+v, want input length 2048 at concurrency 1", c.ID, c.Levels[2])
	}
	if c.AtInteractivity != nil || c.Cost != nil {
		t.Errorf("%s has a throughput at a target or a cost on an input-length axis", c.ID)
	}
}

// checkNoLoadSteps fails on an anomaly of a load step or a capacity
// finding in r.
func checkNoLoadSteps(t *testing.T, r *analyze.Report) {
	t.Helper()
	for _, a := range r.Anomalies {
		switch a.Kind {
		case analyze.TTFTJump, analyze.Saturation, analyze.ThroughputDip, analyze.SchedulingChange, analyze.AggregateDrop, analyze.SLONonMonotonic:
			t.Errorf("load-step anomaly on an input-length axis: %s", a.Message)
		}
	}
	for _, f := range r.Findings {
		if f.Kind == analyze.CapacityLeader || f.Kind == analyze.CapacityUnranked {
			t.Errorf("capacity finding on an input-length axis: %+v", f)
		}
	}
}

// TestInputLengthAxisOnTheSameLoad: the same runs placed by load (the
// controls of the test above) have a capacity, a break-even, a frontier
// and step anomalies.
func TestInputLengthAxisOnTheSameLoad(t *testing.T) {
	direct, spec := inputSweep("trtllm-direct", 1), inputSweep("trtllm-eagle", 1.5)
	spec.Levels[2].TPS, spec.Levels[3].TPS = stat(96, 100), stat(90, 95)
	spec.Levels[2].ITL, spec.Levels[3].ITL = stat(1000.0/96, 11), stat(1000.0/90, 12)
	for _, c := range []ingest.Config{direct, spec} {
		for i := range c.Levels {
			c.Levels[i].InputLength, c.Levels[i].Concurrency = 0, 1<<i
			c.Levels[i].SystemRPS *= float64(c.Levels[i].Concurrency) // in flight: c
		}
	}
	r := build(t, direct, spec)
	if r.Axis != analyze.AxisConcurrency || r.Configs[0].Capacity.P90.Max == 0 {
		t.Errorf("axis %q, capacity %+v: want a concurrency axis with a capacity", r.Axis, r.Configs[0].Capacity.P90)
	}
	if len(r.Pareto.Points) == 0 {
		t.Error("no pareto points on a concurrency axis")
	}
	if len(r.Speedups) != 1 || r.Speedups[0].BreakEven == nil || *r.Speedups[0].BreakEven != 4 {
		t.Errorf("speedups = %+v, want a break-even at c=4", r.Speedups)
	}
	steps := 0
	for _, a := range r.Anomalies {
		if a.Kind == analyze.TTFTJump || a.Kind == analyze.SchedulingChange {
			steps++
		}
	}
	if steps == 0 {
		t.Errorf("no TTFT step anomaly on a concurrency axis: %+v", r.Anomalies)
	}
}

// TestInputSweepBesideLoadSweep: one config swept over input length and
// another over load have no axis in common: refused, naming both.
func TestInputSweepBesideLoadSweep(t *testing.T) {
	sweep := inputSweep("isl", 1)
	sweep.Source = "runs/isl"
	load := ingest.Config{ID: "conc", Source: "runs/conc", Levels: levels([6]float64{1, 50, 60, 100, 110, 2}, [6]float64{4, 60, 70, 90, 95, 2.5})}
	_, err := analyze.Build(&ingest.Campaign{Name: "t", Configs: []ingest.Config{sweep, load}}, analyze.Options{Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)})
	want := "runs/isl is a sweep over input length at one load and runs/conc a sweep over load: one report has one axis; build them as two reports"
	if err == nil || err.Error() != want {
		t.Errorf("error = %v, want %s", err, want)
	}
}

// TestStatedGPUsAndEngine: a config's GPU count is what its result files
// state (trtllm-bench's world size) unless its own manifest entry gives
// one; the files' count wins over the test system's. Its engine is the
// one the files state, with its version.
func TestStatedGPUsAndEngine(t *testing.T) {
	run := func(gpus int, engine string) ingest.Config {
		l := inputSweep("x", 1).Levels[:2]
		for i := range l {
			l[i].InputLength, l[i].GPUs, l[i].Engine = 0, gpus, engine
			l[i].Concurrency = i + 1
		}
		return ingest.Config{Levels: l}
	}
	two, eight := 2, 8
	stated, own, agree, none := run(2, "TensorRT-LLM 1.0.0"), run(4, "TensorRT-LLM 1.0.0"), run(1, ""), run(0, "")
	stated.ID, own.ID, agree.ID, none.ID = "stated", "own", "mixed", "none"
	agree.Levels[1].GPUs = 2 // the files disagree: no count of theirs
	m := &ingest.Manifest{Configs: []ingest.ConfigMeta{{ID: "own", GPUs: &two}}}
	m.Hardware.GPUs = &eight
	r := buildEdges(t, analyze.Options{}, m, stated, own, agree, none)
	for _, tt := range []struct {
		id     string
		gpus   analyze.GPUCount
		source analyze.GPUSource
		engine string
	}{
		{"stated", 2, analyze.GPUsFromResult, "TensorRT-LLM 1.0.0"},
		{"own", 2, analyze.GPUsFromConfig, "TensorRT-LLM 1.0.0"},
		{"mixed", 8, analyze.GPUsFromHardware, "mixed"},
		{"none", 8, analyze.GPUsFromHardware, "none"},
	} {
		c := config(t, r, tt.id)
		if c.GPUs != tt.gpus || c.GPUsSource != tt.source || c.Engine.Key() != tt.engine {
			t.Errorf("%s: %d GPUs from %s, engine %q; want %d from %s, %q", tt.id, c.GPUs, c.GPUsSource, c.Engine.Key(), tt.gpus, tt.source, tt.engine)
		}
	}
	if math.IsNaN(config(t, r, "stated").Levels[0].TTFT.Mean) {
		t.Error("levels lost")
	}
}
