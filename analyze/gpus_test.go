package analyze_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
)

// TestCommandGPUs: the GPU count of a deployment command is the product
// of the parallel sizes it names, in each engine's spelling, else of the
// variables it sets; what it cannot tell gives no count.
func TestCommandGPUs(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		want int // 0: no count
		from string
	}{
		{"vllm serve m --tensor-parallel-size 8", 8, "--tensor-parallel-size 8"},
		{"vllm serve m --tensor-parallel-size=4", 4, "--tensor-parallel-size 4"},
		{"vllm serve m -tp 2", 2, "-tp 2"},
		{"vllm serve m -tp=2", 2, "-tp 2"},
		{"python3 -m sglang.launch_server --model-path m --tp-size 8", 8, "--tp-size 8"},
		{"python3 -m sglang.launch_server --model-path m --tp 4", 4, "--tp 4"},
		{"trtllm-serve m --tp_size 8 --pp_size 2", 16, "--tp_size 8 --pp_size 2"},
		{"vllm serve m --tensor-parallel-size 4 --data-parallel-size 2", 8, "--tensor-parallel-size 4 --data-parallel-size 2"},
		{"vllm serve m -tp 2 -dp 2 -pp 2", 8, "-tp 2 -dp 2 -pp 2"},
		{"vllm serve m --pipeline-parallel-size 2", 2, "--pipeline-parallel-size 2"},
		{"python3 -m sglang.launch_server --tp-size 4 --dp-size 2", 8, "--tp-size 4 --dp-size 2"},
		{"python3 -m sglang.launch_server --pp-size 3 --tp-size 2", 6, "--tp-size 2 --pp-size 3"},
		// Data-parallel attention runs on the tensor-parallel GPUs.
		{"python3 -m sglang.launch_server --tp 8 --dp 8 --enable-dp-attention", 8, "--tp 8"},
		// Expert parallelism adds no GPUs.
		{"vllm serve m --tensor-parallel-size 8 --enable-expert-parallel", 8, "--tensor-parallel-size 8"},
		{"python3 -m sglang.launch_server --tp 8 --ep-size 8", 8, "--tp 8"},
		// Variables a launch script or docker run sets.
		{"TP=8 bash run_benchmark.sh", 8, "TP=8"},
		{"docker run -e TP=4 -e DP=2 image", 8, "TP=4 DP=2"},
		{"docker run --env=TP_SIZE=4 image", 4, "TP_SIZE=4"},
		{"docker run -e TP=8 image vllm serve m --tensor-parallel-size $TP", 8, "--tensor-parallel-size 8"},
		{"export TP=4\nvllm serve m --tensor-parallel-size ${TP}", 4, "--tensor-parallel-size 4"},
		// The flag is what the server reads; the last of one wins.
		{"TP=4 vllm serve m --tensor-parallel-size 8", 8, "--tensor-parallel-size 8"},
		{"vllm serve m --tensor-parallel-size 2 --tensor-parallel-size 4", 4, "--tensor-parallel-size 4"},
		// docker run's own options are not the server's.
		{"docker run -p 8000:8000 --gpus all img --tp-size 2", 2, "--tp-size 2"},
		{"vllm serve m --tensor-parallel-size 1", 1, "--tensor-parallel-size 1"},
		// No count: no parallelism named (a server's default is not
		// assumed), docker's --gpus, an unset variable, sizes that are no
		// whole number from 1, a product past a million.
		{"vllm serve m", 0, ""},
		{"", 0, ""},
		{"docker run --gpus 8 image", 0, ""},
		{"vllm serve m --tensor-parallel-size $TP", 0, ""},
		{"vllm serve m --tensor-parallel-size 0", 0, ""},
		{"vllm serve m --tensor-parallel-size -2", 0, ""},
		{"vllm serve m --tensor-parallel-size 1.5", 0, ""},
		{"vllm serve m --tensor-parallel-size eight", 0, ""},
		{"vllm serve m --tensor-parallel-size", 0, ""},
		{"vllm serve m --tensor-parallel-size 8 --data-parallel-size x", 0, ""},
		{"vllm serve m -tp 1000 -dp 1001", 0, ""},
	} {
		n, from, ok := analyze.CommandGPUs(tt.cmd)
		var parts []string
		for _, f := range from {
			sep := " "
			if !strings.HasPrefix(f.Flag, "-") {
				sep = "="
			}
			parts = append(parts, f.Flag+sep+f.Value)
		}
		if got := strings.Join(parts, " "); n != tt.want || ok != (tt.want > 0) || got != tt.from {
			t.Errorf("%q: %d GPUs (ok %v) from %q; want %d from %q", tt.cmd, n, ok, got, tt.want, tt.from)
		}
	}
}

// TestGPUsFromManifestAndCommand: a config's own gpus wins, then
// [hardware] gpus, then its command; a manifest count the command
// contradicts is used and warned of at its line and column.
func TestGPUsFromManifestAndCommand(t *testing.T) {
	dir := t.TempDir()
	row := "c,ttft_mean,ttft_p90,itl_mean,itl_p90,tps_mean,tps_p90,lat_mean,lat_p90,rps\n1,66.5,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n"
	for _, id := range []string{"agrees", "own", "system", "script"} {
		writeTestFile(t, dir+"/r/"+id+".csv", row)
	}
	writeTestFile(t, dir+"/r/report.toml", `[hardware]
gpus = 8
[[configs]]
id = "agrees"
command = "vllm serve m --tensor-parallel-size 8"
[[configs]]
id = "own"
gpus = 2
command = "vllm serve m -tp 4"
[[configs]]
id = "system"
command = "vllm serve m -tp 4"
[[configs]]
id = "script"
gpus = 4
command = "TP=4 ./serve.sh"
`)
	r := readAndBuild(t, dir+"/r")
	for _, tt := range []struct {
		id     string
		gpus   analyze.GPUCount
		source analyze.GPUSource
	}{
		{"agrees", 8, analyze.GPUsFromHardware},
		{"own", 2, analyze.GPUsFromConfig},
		{"system", 8, analyze.GPUsFromHardware},
		{"script", 4, analyze.GPUsFromConfig},
	} {
		if c := config(t, r, tt.id); c.GPUs != tt.gpus || c.GPUsSource != tt.source || c.GPUFlags != nil {
			t.Errorf("%s: %d GPUs from %s (%v); want %d from %s", tt.id, c.GPUs, c.GPUsSource, c.GPUFlags, tt.gpus, tt.source)
		}
	}
	var got []string
	for _, w := range r.Warnings {
		if w.Kind == analyze.WarnGPUsMismatch {
			got = append(got, w.Message)
		}
	}
	want := []string{
		"r/report.toml:8:1: own: report.toml gives 2 GPUs (gpus), its deployment command asks for 4 (-tp 4); the per-GPU figures use 2",
		"r/report.toml:2:1: system: report.toml gives 8 GPUs (hardware.gpus), its deployment command asks for 4 (-tp 4); the per-GPU figures use 8",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// Without [hardware] gpus: the command's count, else none.
	writeTestFile(t, dir+"/r/report.toml", `[[configs]]
id = "agrees"
command = "docker run -e TP=2 img vllm serve m --tensor-parallel-size $TP --data-parallel-size 2"
[[configs]]
id = "own"
[[configs]]
id = "system"
command = "vllm serve m"
[[configs]]
id = "script"
gpus = 1
`)
	r = readAndBuild(t, dir+"/r")
	if c := config(t, r, "agrees"); c.GPUs != 4 || c.GPUsSource != analyze.GPUsFromCommand || len(c.GPUFlags) != 2 || c.GPUFlags[0].Value != "2" {
		t.Errorf("from the command: %d from %s (%v)", c.GPUs, c.GPUsSource, c.GPUFlags)
	}
	for _, id := range []string{"own", "system"} {
		if c := config(t, r, id); c.GPUs.Known() || c.GPUsSource != analyze.GPUsUnknown {
			t.Errorf("%s: %d GPUs from %s, want unknown", id, c.GPUs, c.GPUsSource)
		}
	}
	if c := config(t, r, "script"); c.GPUs != 1 || c.GPUsSource != analyze.GPUsFromConfig {
		t.Errorf("one GPU: %d from %s", c.GPUs, c.GPUsSource)
	}
	for _, w := range r.Warnings {
		if w.Kind == analyze.WarnGPUsMismatch {
			t.Errorf("unexpected warning %s", w.Message)
		}
	}
	if r.Pareto.PerGPU {
		t.Error("per GPU with two counts unknown")
	}
}

// TestSeedGPUs: the DGX-B300's 8 GPUs come from the manifest's
// [hardware], and every config's command agrees (tensor parallel 8), so
// there is no warning.
func TestSeedGPUs(t *testing.T) {
	r := sample(t, analyze.Options{})
	for _, c := range r.Configs {
		n, _, ok := analyze.CommandGPUs(c.Command.Key())
		if c.GPUs != 8 || c.GPUsSource != analyze.GPUsFromHardware || !ok || n != 8 {
			t.Errorf("%s: %d GPUs from %s, its command %d (%v); want 8 from hardware, and 8", c.ID, c.GPUs, c.GPUsSource, n, ok)
		}
	}
	for _, w := range r.Warnings {
		if w.Kind == analyze.WarnGPUsMismatch {
			t.Errorf("the manifest and the commands disagree: %s", w.Message)
		}
	}
}

// TestSeedPareto: the default target is one every config reaches within
// the P90 SLOs where one exists; in the seed none does (SGLang + Spec
// meets them only up to c=2, 87.0 tok/s per user, SGLang (direct) from
// 83.4 down to 43.5 tok/s at c=16), so it is the lowest the most
// configs, 3 of 4, reach: 43.54 rounded up to 44 tok/s. Each config's
// throughput per GPU (8 GPUs) there is read only from levels within
// the SLOs, by hand from its measured levels (aggregate = c / L_mean ×
// 128); the frontier.
func TestSeedPareto(t *testing.T) {
	r := sample(t, analyze.Options{})
	if !r.Pareto.PerGPU || r.Pareto.Stat != analyze.Mean || r.Pareto.Target != 44 || r.Pareto.TargetSource != analyze.TargetReachable || len(r.Pareto.Points) != 28 {
		t.Errorf("pareto: per GPU %v, stat %s, target %v from %q, %d points", r.Pareto.PerGPU, r.Pareto.Stat, r.Pareto.Target, r.Pareto.TargetSource, len(r.Pareto.Points))
	}
	at := func(x1, agg1, x2, agg2 float64) float64 { return (agg1 + (44-x1)/(x2-x1)*(agg2-agg1)) / 8 }
	for _, tt := range []struct {
		id     string
		perGPU float64 // NaN: absent
		reason string
	}{
		// c=8: 54.03 tok/s per user, 8 / 2.37 × 128; c=16: 43.95, 16 / 2.92 × 128.
		{"vllm-direct", at(54.03, 8/2.37*128, 43.95, 16/2.92*128), ""},
		{"vllm-spec", at(61.04, 8/2.28*128, 43.60, 16/3.10*128), ""},
		{"sglang-direct", at(52.88, 8/2.42*128, 43.54, 16/2.94*128), ""},
		// Within the SLOs (c ≤ 2) its users get at least 87.0 tok/s.
		{"sglang-spec", math.NaN(), analyze.ReasonBeyondSLO},
	} {
		c := config(t, r, tt.id)
		a := c.AtInteractivity
		if a == nil || a.Reason != tt.reason || math.IsNaN(a.TPSPerGPU) != math.IsNaN(tt.perGPU) || !math.IsNaN(tt.perGPU) && math.Abs(a.TPSPerGPU-tt.perGPU) > 1e-9 {
			t.Errorf("%s at 44 tok/s: %+v, want %v tok/s per GPU (reason %q)", tt.id, a, tt.perGPU, tt.reason)
		}
		if c.Cost != nil {
			t.Errorf("%s: a cost without a price", tt.id)
		}
	}
	// The frontier: vLLM + Spec up to c=8, then vLLM at c=16 and 32,
	// SGLang at c=64.
	var on []string
	for _, pt := range r.Pareto.Points {
		if pt.OnFrontier {
			on = append(on, fmt.Sprintf("%s@%v", pt.Config, pt.Load))
		}
	}
	if got := strings.Join(on, " "); got != "vllm-direct@16 vllm-direct@32 vllm-spec@1 vllm-spec@2 vllm-spec@4 vllm-spec@8 sglang-direct@64" {
		t.Errorf("frontier: %s", got)
	}
}

// TestTargetInteractivity: the target is --interactivity when given,
// read only within the SLOs; with the SLO at 0 and no flag there is
// none. A target of 0 or below is refused, not taken for "unset".
func TestTargetInteractivity(t *testing.T) {
	r := sample(t, analyze.Options{Interactivity: ptr(40), SLOTPS: ptr(20)})
	if r.Pareto.Target != 40 || r.Pareto.TargetSource != analyze.TargetFlag {
		t.Errorf("target %v from %q, want 40 from the flag", r.Pareto.Target, r.Pareto.TargetSource)
	}
	// vLLM at c=16: 43.95 tok/s per user, 16 / 2.92 × 128 tok/s; c=32
	// (its C_max): 35.18, 32 / 3.65 × 128.
	want := (16/2.92*128 + (40-43.95)/(35.18-43.95)*(32/3.65*128-16/2.92*128)) / 8
	if a := config(t, r, "vllm-direct").AtInteractivity; a == nil || math.Abs(a.TPSPerGPU-want) > 1e-9 || a.Between[0] != 16 || a.Between[1] != 32 {
		t.Errorf("vllm-direct at 40 tok/s = %+v, want %v", a, want)
	}
	// At the 15 tok/s the reader review saw read between c=32 and c=64
	// (90.6 and 87.8 per GPU): c=64 misses the P90 TTFT SLO, so no
	// figure, for the winners as for the losers.
	r = sample(t, analyze.Options{Interactivity: ptr(15)})
	for _, id := range []string{"vllm-direct", "vllm-spec", "sglang-direct", "sglang-spec"} {
		if a := config(t, r, id).AtInteractivity; a == nil || a.Reason != analyze.ReasonBeyondSLO || !math.IsNaN(a.TPSPerGPU) {
			t.Errorf("%s at 15 tok/s = %+v, want none: past its capacity", id, a)
		}
	}
	r = sample(t, analyze.Options{SLOTPS: ptr(0)})
	if !math.IsNaN(r.Pareto.Target) || r.Pareto.TargetSource != "" || config(t, r, "vllm-spec").AtInteractivity != nil {
		t.Errorf("no TPS SLO, no flag: target %v from %q", r.Pareto.Target, r.Pareto.TargetSource)
	}
	for _, v := range []float64{0, -5, math.NaN(), math.Inf(1)} {
		c, err := ingest.Read("../samples/kimi-k3-b300", ingest.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := analyze.Build(c, analyze.Options{Interactivity: ptr(v)}); err == nil || !strings.Contains(err.Error(), "target interactivity") {
			t.Errorf("interactivity %v: %v", v, err)
		}
	}
}

// curveConfig is a config whose levels c = 1, 2, 4, … give each user
// the per-user TPS xs (mean and P90), within the SLOs up to and
// including the level at index last (the next one misses the TTFT
// SLO); last = len(xs) − 1 passes them all (a lower bound).
func curveConfig(id string, last int, xs ...float64) ingest.Config {
	var ls []ingest.Level
	for i, x := range xs {
		ttft := 100.0
		if i > last {
			ttft = 2000
		}
		ls = append(ls, edgeLevel(1<<i, ttft, x))
	}
	return ingest.Config{ID: id, Levels: ls}
}

// TestTargetWithinSLO: the value at a target is read only between
// levels that meet the SLOs (here without a GPU count: per system):
// exactly at the capacity level's per-user TPS it is that level's; a hair below, past the capacity, none
// (beyond_slo), where a config passing every level tested has none
// past the tested load (below_measured), and one passing none has none
// at all (no_slo_level).
func TestTargetWithinSLO(t *testing.T) {
	for _, tc := range []struct {
		target float64
		cfg    ingest.Config
		reason string
	}{
		{50, curveConfig("x", 1, 100, 50, 20), analyze.ReasonGPUsUnknown},
		{hairBelow(50), curveConfig("x", 1, 100, 50, 20), analyze.ReasonBeyondSLO},
		{30, curveConfig("x", 1, 100, 50, 20), analyze.ReasonBeyondSLO},
		{hairBelow(20), curveConfig("x", 2, 100, 50, 20), analyze.ReasonBelowMeasured},
		{hairAbove(100), curveConfig("x", 2, 100, 50, 20), analyze.ReasonAboveMeasured},
		{60, curveConfig("x", -1, 100, 50, 20), analyze.ReasonNoSLOLevel},
	} {
		r := buildEdges(t, analyze.Options{Interactivity: ptr(tc.target)}, nil, tc.cfg)
		a := r.Configs[0].AtInteractivity
		if a == nil || a.Reason != tc.reason || (tc.reason == analyze.ReasonGPUsUnknown) == math.IsNaN(a.AggregateTPS) {
			t.Errorf("target %v: %+v, want reason %q", tc.target, a, tc.reason)
		}
	}
}

// TestDefaultTarget: without --interactivity the target is the TPS SLO
// when as many configs reach it within the SLOs as reach any target;
// else the lowest interactivity that the most configs reach within
// them, rounded up to a whole tok/s where that is still reached by as
// many. Two ranges that touch at one value share it.
func TestDefaultTarget(t *testing.T) {
	for _, tc := range []struct {
		name   string
		cfgs   []ingest.Config
		target float64
		source string
	}{
		// 15 tok/s exactly at a level that meets the TPS SLO (≥ 15).
		{"the SLO when every config reaches it", []ingest.Config{curveConfig("a", 2, 100, 50, 15), curveConfig("b", 2, 90, 40, 15)}, 15, analyze.TargetSLO},
		{"the lowest every config reaches", []ingest.Config{curveConfig("a", 1, 100, 50, 10), curveConfig("b", 1, 90, 40, 12)}, 50, analyze.TargetReachable},
		{"rounded up while still reached", []ingest.Config{curveConfig("a", 1, 200, 40.2, 10), curveConfig("b", 1, 150, 39, 10)}, 41, analyze.TargetReachable},
		{"not rounded past the range", []ingest.Config{curveConfig("a", 1, 200, 40.2, 10), curveConfig("b", 1, 40.5, 39, 10)}, 40.2, analyze.TargetReachable},
		// a: [50, 100], b: [hair above 100, 150]: no common target; each
		// is reached by one, the lowest is a's 50.
		{"no common target: the most, lowest", []ingest.Config{curveConfig("a", 1, 100, 50, 10), curveConfig("b", 1, 150, hairAbove(100), 10)}, 50, analyze.TargetReachable},
		{"none within the SLOs: the SLO", []ingest.Config{curveConfig("a", -1, 100, 50), curveConfig("b", -1, 90, 40)}, 15, analyze.TargetSLO},
	} {
		r := buildEdges(t, analyze.Options{}, nil, tc.cfgs...)
		if r.Pareto.Target != tc.target || r.Pareto.TargetSource != tc.source {
			t.Errorf("%s: target %v from %q, want %v from %q", tc.name, r.Pareto.Target, r.Pareto.TargetSource, tc.target, tc.source)
		}
	}
	// Exactly touching: a's lowest within the SLOs is b's highest.
	r := buildEdges(t, analyze.Options{}, nil, curveConfig("a", 1, 200, 100, 10), curveConfig("b", 1, 100, 60, 10))
	if r.Pareto.Target != 100 {
		t.Errorf("touching at 100: target %v, want 100", r.Pareto.Target)
	}
	r = buildEdges(t, analyze.Options{}, nil, curveConfig("a", 1, 200, 100, 10), curveConfig("b", 1, hairBelow(100), 60, 10))
	if r.Pareto.Target != 60 {
		t.Errorf("a hair apart: target %v, want 60 (b's lowest; each reached by one)", r.Pareto.Target)
	}
}

// TestCostFromManifest: with [cost], each config's cost per million
// output tokens at its capacity and at the target; a config whose GPU
// count is unknown has none, and says why.
func TestCostFromManifest(t *testing.T) {
	dir := t.TempDir()
	rows := "c,ttft_mean,ttft_p90,itl_mean,itl_p90,tps_mean,tps_p90,lat_mean,lat_p90,rps\n" +
		"1,60,70,9,10,100,110,1.27,1.3,0.79\n4,80,90,12,13,50,55,2.5,2.6,0.4\n16,2000,2500,30,40,10,12,12,13,0.08\n"
	writeTestFile(t, dir+"/r/a.csv", rows)
	writeTestFile(t, dir+"/r/b.csv", rows)
	writeTestFile(t, dir+"/r/report.toml", `[slo]
tps = 30
[cost]
price_per_gpu_hour = 2.5
currency = "EUR"
[[configs]]
id = "a"
command = "vllm serve m --tensor-parallel-size 2"
[[configs]]
id = "b"
`)
	r := readAndBuild(t, dir+"/r")
	if r.Params.PricePerGPUHour != 2.5 || r.Params.Currency != "EUR" {
		t.Fatalf("params = %+v", r.Params)
	}
	// a: P90 capacity c=4 (c=16 fails TTFT), aggregate 50 × 4 = 200
	// tok/s (no output length: TPS × c) on 2 GPUs: 2.5 × 2 / (200 ×
	// 3600) × 10⁶ = 6.944 per million. The TPS SLO, 30 tok/s per user,
	// lies between c=4 and c=16, past the capacity: the target is 50,
	// the lowest both reach within the SLOs, c=4's own: 200 tok/s.
	if r.Pareto.Target != 50 || r.Pareto.TargetSource != analyze.TargetReachable {
		t.Errorf("target %v from %q, want 50 reachable", r.Pareto.Target, r.Pareto.TargetSource)
	}
	a := config(t, r, "a").Cost
	if a == nil || a.AtCapacity.Load != 4 || math.Abs(a.AtCapacity.PerMillion-2.5*2/(200*3600)*1e6) > 1e-9 {
		t.Errorf("a at capacity = %+v", a)
	}
	if a == nil || a.AtTarget == nil || a.AtTarget.AggregateTPS != 200 || math.Abs(a.AtTarget.PerMillion-2.5*2/(200*3600)*1e6) > 1e-9 {
		t.Errorf("a at target = %+v", a.AtTarget)
	}
	b := config(t, r, "b").Cost
	if b == nil || b.AtCapacity.Reason != analyze.ReasonGPUsUnknown || b.AtTarget.Reason != analyze.ReasonGPUsUnknown || !math.IsNaN(b.AtTarget.PerMillion) {
		t.Errorf("b = %+v %+v", b.AtCapacity, b.AtTarget)
	}
	// At 30 tok/s per user (the flag), past a's capacity: no cost, and why.
	r = readAndBuild(t, dir+"/r", analyze.Options{Interactivity: ptr(30)})
	if tc := config(t, r, "a").Cost.AtTarget; tc == nil || tc.Reason != analyze.ReasonBeyondSLO || !math.IsNaN(tc.PerMillion) {
		t.Errorf("a at 30 tok/s = %+v, want none past its capacity", tc)
	}
}
