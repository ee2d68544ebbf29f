package analyze_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
)

// sample analyzes samples/kimi-k3-b300, the seed report's data.
func sample(t testing.TB, opt analyze.Options) *analyze.Report {
	t.Helper()
	c, err := ingest.Read("../samples/kimi-k3-b300", ingest.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	opt.Now = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	r, err := analyze.Build(c, opt)
	if err != nil {
		t.Fatal(err)
	}
	checkKinds(t, r)
	return r
}

func config(t testing.TB, r *analyze.Report, id string) analyze.Config {
	t.Helper()
	c, ok := r.Config(id)
	if !ok {
		t.Fatalf("no config %q", id)
	}
	return c
}

// TestSeedDeliveredOutput: the seed's table 4.7 is TPS mean × c, which
// overstates what was delivered (the mean of 128 / Lᵢ is at least 128 /
// mean L); the report's aggregate output is the system throughput × the
// 128 output tokens of report.toml, c / L_mean × 128, as the reader
// review recomputed it (vLLM + Spec c=64: 623, not 717; SGLang + Spec
// c=16: 240, not 355).
func TestSeedDeliveredOutput(t *testing.T) {
	r := sample(t, analyze.Options{})
	want := map[string][]int{ // c = 1, 4, 16, 32, 64
		"vllm-direct":   {101, 293, 701, 1122, 1758}, // 64 / 4.66 × 128 = 1,757.9
		"vllm-spec":     {186, 379, 661, 666, 623},   // 32 / 6.15 × 128 = 666.0; 64 / 13.15 × 128 = 622.9
		"sglang-direct": {83, 236, 697, 1045, 1858},  // 64 / 4.41 × 128 = 1,857.6
		"sglang-spec":   {129, 212, 240, 441, 897},   // 16 / 8.53 × 128 = 240.1
	}
	for id, w := range want {
		cfg := config(t, r, id)
		for i, c := range []analyze.Load{1, 4, 16, 32, 64} {
			l, _ := cfg.Level(c)
			if got := analyze.RoundHalfUp(l.AggregateTPS); got != w[i] || l.AggregateSource != analyze.AggregateDelivered {
				t.Errorf("%s c=%v aggregate = %d (%s), want %d from throughput × tokens", id, c, got, l.AggregateSource, w[i])
			}
		}
	}
}

// TestSeedCapacity checks the seed report's section 5.2.
func TestSeedCapacity(t *testing.T) {
	r := sample(t, analyze.Options{})
	tests := []struct {
		id    string
		p90C  analyze.Load
		p90N  int
		p90L  float64
		meanC analyze.Load
		meanN int
		meanL float64
	}{
		{"vllm-direct", 32, 427, 3.65, 64, 682, 4.66},
		{"vllm-spec", 32, 266, 6.15, 32, 266, 6.15},
		{"sglang-direct", 16, 261, 2.94, 64, 717, 4.41},
		{"sglang-spec", 2, 59, 1.58, 32, 187, 9.28},
	}
	for _, tt := range tests {
		c := config(t, r, tt.id).Capacity
		if c.P90.Max != tt.p90C || c.P90.Users != tt.p90N || c.P90.LatencyMeanS != tt.p90L {
			t.Errorf("%s P90 capacity = %+v, seed says C_max %v, L %.2f, N %d", tt.id, c.P90, tt.p90C, tt.p90L, tt.p90N)
		}
		if c.Mean.Max != tt.meanC || c.Mean.Users != tt.meanN || c.Mean.LatencyMeanS != tt.meanL {
			t.Errorf("%s Mean capacity = %+v, seed says C_max %v, L %.2f, N %d", tt.id, c.Mean, tt.meanC, tt.meanL, tt.meanN)
		}
	}
}

// TestSeedSLOMatrix checks the seed report's P90 matrix (section 5.1):
// "✓✓" per level as TTFT then TPS.
func TestSeedSLOMatrix(t *testing.T) {
	r := sample(t, analyze.Options{})
	want := map[string]string{
		"vllm-direct":   "✓✓ ✓✓ ✓✓ ✓✓ ✓✓ ✓✓ ✗✓",
		"vllm-spec":     "✓✓ ✓✓ ✓✓ ✓✓ ✓✓ ✓✓ ✗✓",
		"sglang-direct": "✓✓ ✓✓ ✓✓ ✓✓ ✓✓ ✗✓ ✗✓",
		"sglang-spec":   "✓✓ ✓✓ ✗✓ ✗✓ ✗✓ ✗✓ ✗✓",
	}
	mark := func(ok bool) string {
		if ok {
			return "✓"
		}
		return "✗"
	}
	for id, w := range want {
		var cells []string
		for _, l := range config(t, r, id).Levels {
			cells = append(cells, mark(l.SLO.P90.TTFT)+mark(l.SLO.P90.TPS))
		}
		if got := strings.Join(cells, " "); got != w {
			t.Errorf("%s P90 SLO row = %s, seed says %s", id, got, w)
		}
	}
}

// TestSeedSpeedups checks section 4.8: the ratios at two decimals, the
// window where speculative decoding pays off and the break-even levels.
// vLLM + Spec pays off up to c=8; at c=16 it is on par (0.99×) and its
// requests take 6 % longer (3.10 against 2.92 s): the ratio crosses 1.0
// near c≈15.4, both meeting the SLOs there. SGLang + Spec pays off up to
// c=2; at c=4 it misses the P90 TTFT SLO (1,111 ms), so the ratio is not
// interpolated across it (the seed's ~c4 is the TPS ratio alone).
func TestSeedSpeedups(t *testing.T) {
	r := sample(t, analyze.Options{})
	want := map[string]struct {
		ratios    string
		upTo      int
		breakEven int
		interp    float64 // 0: none
	}{
		"vLLM":   {"1.86 1.55 1.36 1.13 0.99 0.66 0.41", 8, 16, 15.37},
		"SGLang": {"1.56 1.36 0.96 0.71 0.51 0.46 0.50", 2, 4, 0},
	}
	if len(r.Speedups) != 2 {
		t.Fatalf("%d speedup pairs, want 2", len(r.Speedups))
	}
	for _, s := range r.Speedups {
		w := want[s.Engine]
		var got []string
		for _, p := range s.Points {
			got = append(got, fmt.Sprintf("%.2f", p.Ratio))
		}
		if strings.Join(got, " ") != w.ratios {
			t.Errorf("%s ratios = %v, seed says %s", s.Engine, got, w.ratios)
		}
		if s.PaysOffFrom == nil || *s.PaysOffFrom != 1 || s.PaysOffUpTo == nil || *s.PaysOffUpTo != analyze.Load(w.upTo) {
			t.Errorf("%s pays off %v–%v, want c=1–%d", s.Engine, s.PaysOffFrom, s.PaysOffUpTo, w.upTo)
		}
		if s.BreakEven == nil || *s.BreakEven != analyze.Load(w.breakEven) {
			t.Errorf("%s break-even = %v, want %d", s.Engine, s.BreakEven, w.breakEven)
		}
		if w.interp == 0 {
			if s.BreakEvenInterpolated != nil {
				t.Errorf("%s interpolated across a level that misses the SLOs: %v", s.Engine, *s.BreakEvenInterpolated)
			}
			continue
		}
		if s.BreakEvenInterpolated == nil || math.Abs(*s.BreakEvenInterpolated-w.interp) > 0.01 {
			t.Errorf("%s interpolated break-even = %v, want %.2f", s.Engine, s.BreakEvenInterpolated, w.interp)
		}
	}
}

func TestSeedAnomalies(t *testing.T) {
	r := sample(t, analyze.Options{})
	var got []string
	for _, a := range r.Anomalies {
		got = append(got, fmt.Sprintf("%s %s c=%v %s", a.Kind, a.Config, a.Load, a.Metric))
	}
	// vLLM + Spec stops growing at c=32, where its --max-num-seqs 32
	// still admits every request: the cap is no cause there, and is named
	// where the load first exceeds it (c=64); SGLang + Spec's throughput dips at c=16 but grows
	// past it above, and its TTFT jump at c=64 comes with doubled
	// throughput: a scheduling change, not a saturation.
	want := []string{
		"saturation vllm-spec c=32 system_rps",
		// 666 → 623 tok/s delivered at c=64 is −6.5 %: beyond the tie
		// threshold (TPS × c, 740 → 717, hid it).
		"aggregate_drop vllm-spec c=64 aggregate_tps",
		"cap_exceeded vllm-spec c=64 --max-num-seqs",
		"p90_below_mean sglang-direct c=1 ttft_ms",
		"throughput_dip sglang-spec c=16 system_rps",    // 2.22 → 1.88 req/s, then 3.45 at c=32: no ceiling
		"aggregate_drop sglang-spec c=16 aggregate_tps", // 284 → 240 tok/s with it
		"scheduling_change sglang-spec c=64 ttft_ms",
		// At c=1 SGLang's first token takes 399.5 and 450.6 ms against
		// vLLM (direct)'s 66.5 ms: 6.0× and 6.8×, a floor out of line.
		"ttft_floor sglang-direct c=1 ttft_ms",
		"ttft_floor sglang-spec c=1 ttft_ms",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("anomalies:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The seed calls SGLang+Spec at c=64 inconsistent; TTFT + ITL × 127 =
	// 4.75 + 4.37 ≈ 9.12 s matches the measured 9.13 s, so no latency
	// mismatch may be raised anywhere in the sample.
	for _, a := range r.Anomalies {
		if a.Kind == analyze.LatencyMismatch {
			t.Errorf("unexpected %v", a)
		}
	}
}

func TestOverridesOrder(t *testing.T) {
	// Defaults 1000 ms / 15 tok/s / 45 s; the manifest says the same;
	// flags win.
	r := sample(t, analyze.Options{SLOTTFTms: ptr(2000), ThinkS: ptr(30), Percentile: analyze.Mean})
	p := r.Params
	if p.SLOTTFTms != 2000 || p.SLOTPS != 15 || p.ThinkS != 30 || p.Percentile != analyze.Mean || p.OutputTokens != 128 {
		t.Errorf("params = %+v", p)
	}
	// With TTFT ≤ 2000 ms, SGLang+Spec passes P90 up to c=32.
	if c := config(t, r, "sglang-spec").Capacity.P90; c.Max != 32 || c.Users != analyze.LittleUsers(32, 30, 9.28) {
		t.Errorf("sglang-spec P90 capacity with 2000 ms = %+v", c)
	}
}

// levels builds a config's input from rows of c, TTFT mean/p90, TPS
// mean/p90 and latency mean (ITL derived to keep latency consistent).
func levels(rows ...[6]float64) []ingest.Level {
	var out []ingest.Level
	for _, r := range rows {
		out = append(out, ingest.Level{
			Concurrency: int(r[0]),
			TTFT:        stat(r[1], r[2]),
			ITL:         stat(10, 11),
			TPS:         stat(r[3], r[4]),
			Latency:     stat(r[5], r[5]*1.1),
			RPS:         1 / r[5],
			// Absent as ingest reads them: no system throughput, no
			// request counts.
			SystemRPS: ingest.Absent, OutputTPS: ingest.Absent, OutputTokens: ingest.Absent,
			Requests: -1, Errors: -1,
		})
	}
	return out
}

// stat is a Stat with a mean and a P90 only, as the seed's appendix gives.
func stat(mean, p90 float64) ingest.Stat {
	s := ingest.NoStat()
	s.Mean, s.P90 = mean, p90
	return s
}

func build(t *testing.T, cfgs ...ingest.Config) *analyze.Report {
	t.Helper()
	r, err := analyze.Build(&ingest.Campaign{Name: "t", Configs: cfgs}, analyze.Options{Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	checkKinds(t, r)
	return r
}

func TestCapacityStopsAtFirstFailure(t *testing.T) {
	// c=4 fails TTFT, c=8 passes again: C_max stays 2, the pass at 8 is
	// flagged and not counted.
	r := build(t, ingest.Config{ID: "x", Levels: levels(
		[6]float64{1, 100, 120, 50, 55, 1},
		[6]float64{2, 200, 220, 40, 45, 1.5},
		[6]float64{4, 900, 1200, 30, 35, 2},
		[6]float64{8, 800, 900, 20, 25, 3},
	)})
	c := r.Configs[0].Capacity.P90
	if c.Max != 2 || c.Users != analyze.LittleUsers(2, 45, 1.5) {
		t.Errorf("capacity = %+v", c)
	}
	var flagged []string
	for _, a := range r.Anomalies {
		if a.Kind == analyze.SLONonMonotonic {
			flagged = append(flagged, fmt.Sprintf("%s c=%v failed at %v", a.Metric, a.Load, a.Values["failed_load"]))
		}
	}
	if strings.Join(flagged, "; ") != "slo.p90 c=8 failed at 4" {
		t.Errorf("non-monotonic flags = %v", flagged)
	}
}

func TestCapacityFailsAtLowestLevel(t *testing.T) {
	r := build(t, ingest.Config{ID: "x", Levels: levels([6]float64{1, 1500, 1600, 50, 55, 1})})
	c := r.Configs[0].Capacity.P90
	if c.Max != 0 || c.Users != 0 || !math.IsNaN(c.LatencyMeanS) {
		t.Errorf("capacity = %+v, want none", c)
	}
}

func TestSpeedupCommonLevelsOnly(t *testing.T) {
	direct := ingest.Config{ID: "vllm-base", Levels: levels(
		[6]float64{1, 50, 60, 100, 110, 1}, [6]float64{2, 50, 60, 90, 95, 1}, [6]float64{8, 50, 60, 60, 65, 1})}
	spec := ingest.Config{ID: "vllm-eagle", Levels: levels(
		[6]float64{1, 50, 60, 150, 160, 1}, [6]float64{4, 50, 60, 80, 85, 1}, [6]float64{8, 50, 60, 66, 70, 1})}
	r := build(t, direct, spec)
	if len(r.Speedups) != 1 {
		t.Fatalf("speedups = %+v", r.Speedups)
	}
	s := r.Speedups[0]
	if s.Engine != "vLLM" || s.Direct != "vllm-base" || s.Spec != "vllm-eagle" {
		t.Errorf("pair = %+v", s)
	}
	if len(s.Points) != 2 || s.Points[0].Load != 1 || s.Points[1].Load != 8 {
		t.Errorf("points = %+v, want c=1 and c=8 only", s.Points)
	}
	if fmt.Sprint(s.Missing) != "[2 4]" {
		t.Errorf("missing = %v", s.Missing)
	}
	if s.BreakEven != nil || s.BreakEvenInterpolated != nil {
		t.Errorf("break-even = %v / %v, want none (1.5× and 1.1×)", s.BreakEven, s.BreakEvenInterpolated)
	}
}

// TestSpeedupBreakEven covers the three shapes of the ratio curve: a
// break-even needs a level where speculative decoding was ahead first.
func TestSpeedupBreakEven(t *testing.T) {
	tests := []struct {
		name        string
		specTPS     [3]float64   // at c=1, 2, 4; direct is 100, 90, 80
		breakEven   analyze.Load // 0: none
		neverFaster bool
		kinds       string
	}{
		{"wins then loses", [3]float64{150, 85, 60}, 2, false, "[spec_break_even spec_high_load spec_low_load]"},
		{"wins everywhere", [3]float64{150, 120, 90}, 0, false, "[spec_low_load spec_no_break_even]"},
		{"never faster", [3]float64{95, 85, 70}, 0, true, "[spec_high_load spec_low_load]"},
		{"equal is not faster", [3]float64{100, 90, 80}, 0, true, "[spec_low_load]"},
		{"behind, ahead, behind", [3]float64{95, 100, 70}, 4, false, "[spec_break_even spec_high_load spec_low_load]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			direct := ingest.Config{ID: "sglang-direct", Levels: levels(
				[6]float64{1, 50, 60, 100, 110, 1}, [6]float64{2, 50, 60, 90, 95, 1}, [6]float64{4, 50, 60, 80, 85, 1})}
			spec := ingest.Config{ID: "sglang-spec", Levels: levels(
				[6]float64{1, 50, 60, tt.specTPS[0], 200, 1}, [6]float64{2, 50, 60, tt.specTPS[1], 200, 1}, [6]float64{4, 50, 60, tt.specTPS[2], 200, 1})}
			r := build(t, direct, spec)
			if len(r.Speedups) != 1 {
				t.Fatalf("speedups = %+v", r.Speedups)
			}
			s := r.Speedups[0]
			got := analyze.Load(0)
			if s.BreakEven != nil {
				got = *s.BreakEven
			}
			if got != tt.breakEven || s.NeverFaster != tt.neverFaster {
				t.Errorf("break-even = %v, never faster = %v; want %v, %v", got, s.NeverFaster, tt.breakEven, tt.neverFaster)
			}
			var kinds []string
			for _, f := range r.Findings {
				switch f.Kind {
				case analyze.SpecLowLoad, analyze.SpecBreakEven, analyze.SpecNoBreakEven, analyze.SpecHighLoad:
					kinds = append(kinds, string(f.Kind))
				}
			}
			sort.Strings(kinds)
			if fmt.Sprint(kinds) != tt.kinds {
				t.Errorf("findings = %v, want %s", kinds, tt.kinds)
			}
		})
	}
}

func TestAnomalyChecks(t *testing.T) {
	r := build(t, ingest.Config{ID: "x", Levels: levels(
		[6]float64{1, 100, 90, 100, 110, 1},   // TTFT p90 < mean
		[6]float64{2, 400, 450, 90, 95, 1.1},  // TTFT 4×, throughput 1.00 → 1.82 req/s: a scheduling change
		[6]float64{4, 450, 500, 40, 45, 2.1},  // aggregate 180 → 160: a drop; throughput 1.82 → 1.90: saturation
		[6]float64{8, 500, 550, 21, 25, 4.0},  // still flat: saturation is told once, where it begins
		[6]float64{16, 2500, 2600, 8, 9, 9.0}, // TTFT 5× past saturation: a jump, nothing more
	)})
	var got []string
	for _, a := range r.Anomalies {
		got = append(got, fmt.Sprintf("%s c=%v", a.Kind, a.Load))
	}
	want := "p90_below_mean c=1, scheduling_change c=2, saturation c=4, aggregate_drop c=4, ttft_jump c=16, aggregate_drop c=16"
	if strings.Join(got, ", ") != want {
		t.Errorf("anomalies = %s\nwant %s", strings.Join(got, ", "), want)
	}
}

func TestLatencyMismatch(t *testing.T) {
	m := &ingest.Manifest{}
	tokens := 128
	m.Benchmark.OutputTokens = &tokens
	in := ingest.Config{ID: "x", Levels: levels([6]float64{1, 100, 110, 50, 55, 2.5})} // 0.1 + 0.01 × 127 = 1.37 s ≠ 2.5 s
	r, err := analyze.Build(&ingest.Campaign{Name: "t", Manifest: m, Configs: []ingest.Config{in}}, analyze.Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkKinds(t, r)
	if len(r.Anomalies) != 1 || r.Anomalies[0].Kind != analyze.LatencyMismatch || math.Abs(r.Anomalies[0].Values["expected"]-1.37) > 1e-9 {
		t.Errorf("anomalies = %+v", r.Anomalies)
	}
}

func TestInfer(t *testing.T) {
	tests := []struct {
		id, engine string
		spec       bool
	}{
		{"vllm-direct", "vLLM", false},
		{"vllm-spec", "vLLM", true},
		{"sglang-EAGLE3", "SGLang", true},
		{"trtllm-mtp", "TensorRT-LLM", true},
		{"tgi", "TGI", false},
		{"myengine-medusa-v2", "myengine", true},
		{"vllm-ngram", "vLLM", true},
		{"sglang-dspark", "SGLang", true},
		{"llamacpp-q4", "llama.cpp", false},
	}
	for _, tt := range tests {
		if e := analyze.InferEngine(tt.id); e != tt.engine {
			t.Errorf("InferEngine(%q) = %q, want %q", tt.id, e, tt.engine)
		}
		if s := analyze.InferSpeculative(tt.id); s != tt.spec {
			t.Errorf("InferSpeculative(%q) = %v, want %v", tt.id, s, tt.spec)
		}
	}
}

func TestTTFTJumpNeedsToOutgrowTheLoad(t *testing.T) {
	// 4 → 48 is a 12× load step: 7.8× more TTFT is no jump. 16 → 48 is
	// 3×: 3.4× more TTFT is.
	r := build(t, ingest.Config{ID: "x", Levels: levels(
		[6]float64{4, 96.8, 130, 60, 61, 4.2},
		[6]float64{48, 755.2, 1290, 24, 26, 10.8},
	)}, ingest.Config{ID: "y", Levels: levels(
		[6]float64{16, 181.3, 300, 65, 68, 3.9},
		[6]float64{48, 611.9, 1037, 34, 37, 7.5},
	)})
	var got []string
	for _, a := range r.Anomalies {
		if a.Kind == analyze.TTFTJump || a.Kind == analyze.SchedulingChange {
			got = append(got, fmt.Sprintf("%s c=%v", a.Config, a.Load))
		}
	}
	if strings.Join(got, ",") != "y c=48" {
		t.Errorf("TTFT jumps = %v, want only y c=48", got)
	}
}

func TestGoodput(t *testing.T) {
	// Four requests: TTFT 100/900/1200/300 ms, TPS 40/12/50/20 tok/s.
	// Against TTFT ≤ 1000 ms and TPS ≥ 15: requests 1 and 4 pass.
	in := ingest.Config{ID: "x", Levels: levels([6]float64{1, 100, 120, 50, 55, 1})}
	in.Levels[0].Samples = &ingest.Samples{TTFT: []float32{100, 900, 1200, 300}, TPS: []float32{40, 12, 50, 20}}
	r := build(t, in)
	if g := r.Configs[0].Levels[0].Goodput; g != 0.5 {
		t.Errorf("goodput = %v, want 0.5", g)
	}
	// Two failed requests count as missing the SLOs: 2 of 6.
	in.Levels[0].Errors = 2
	r = build(t, in)
	if g := r.Configs[0].Levels[0].Goodput; math.Abs(g-2.0/6) > 1e-12 {
		t.Errorf("goodput with 2 failures = %v, want 1/3", g)
	}
	r = build(t, ingest.Config{ID: "y", Levels: levels([6]float64{1, 100, 120, 50, 55, 1})})
	if g := r.Configs[0].Levels[0].Goodput; !math.IsNaN(g) {
		t.Errorf("goodput without per-request data = %v, want absent", g)
	}
}

// TestScenariosWithoutITLOrAggregate: a source with no ITL and no TPS
// mean (so no aggregate output) leaves those scenarios out instead of
// recommending a config on numbers that do not exist.
func TestScenariosWithoutITLOrAggregate(t *testing.T) {
	strip := func(ls []ingest.Level) []ingest.Level {
		for i := range ls {
			ls[i].ITL = ingest.NoStat()
			ls[i].TPS.Mean = math.NaN()
		}
		return ls
	}
	r := build(t,
		ingest.Config{ID: "a", Levels: strip(levels([6]float64{1, 50, 60, 100, 110, 1}, [6]float64{2, 60, 70, 90, 95, 1.1}))},
		ingest.Config{ID: "b", Levels: strip(levels([6]float64{1, 55, 65, 95, 105, 1}, [6]float64{2, 65, 75, 85, 90, 1.2}))})
	for _, s := range r.Scenarios {
		if s.Kind == analyze.MinITL || s.Kind == analyze.MaxThroughput {
			t.Errorf("scenario %s from absent numbers: %+v", s.Kind, s)
		}
	}
	if len(r.Scenarios) == 0 {
		t.Error("the scenarios the data does decide are missing too")
	}
	for _, f := range r.Findings {
		if f.Kind == analyze.PeakAggregate || f.Kind == analyze.AggregateLeader {
			t.Errorf("finding %s from absent aggregate output: %+v", f.Kind, f)
		}
	}
	// No TTFT either: no TTFT leader, and still no panic anywhere.
	noTTFT := func(ls []ingest.Level) []ingest.Level {
		for i := range ls {
			ls[i].TTFT = ingest.NoStat()
		}
		return strip(ls)
	}
	r = build(t,
		ingest.Config{ID: "a", Levels: noTTFT(levels([6]float64{1, 50, 60, 100, 110, 1}))},
		ingest.Config{ID: "b", Levels: noTTFT(levels([6]float64{1, 55, 65, 95, 105, 1}))})
	for _, f := range r.Findings {
		if f.Kind == analyze.TTFTLeader {
			t.Errorf("finding %s from absent numbers: %+v", f.Kind, f)
		}
	}
}

func ptr(v float64) *float64 { return &v }

// TestZeroSettingIsAValue: a setting given as 0 is honoured, not taken
// for "unset": think time 0 is a closed loop (users = requests in
// flight), a TPS SLO of 0 is met by every level.
func TestZeroSettingIsAValue(t *testing.T) {
	r := sample(t, analyze.Options{ThinkS: ptr(0), SLOTPS: ptr(0)})
	if r.Params.ThinkS != 0 || r.Params.SLOTPS != 0 {
		t.Fatalf("params = %+v", r.Params)
	}
	for _, c := range r.Configs {
		for _, pct := range analyze.Percentiles {
			cp := c.Capacity.Get(pct)
			if cp.Max > 0 && cp.Users != analyze.RoundHalfUp(cp.Concurrency) {
				t.Errorf("%s %s: users %d at C=%v with no think time; want N = C", c.ID, pct, cp.Users, cp.Concurrency)
			}
		}
		for _, l := range c.Levels {
			if v := l.SLO.Get(analyze.P90); !v.TPS && v.TPSStat != analyze.StatNone {
				t.Errorf("%s c=%v: TPS fails a 0 tok/s SLO", c.ID, l.Load)
			}
		}
	}
}

// TestManifestThinkZero: think_s = 0 in the manifest is a closed loop.
func TestManifestThinkZero(t *testing.T) {
	dir := t.TempDir()
	writeTestFile(t, dir+"/r/vllm.csv", "c,ttft_mean,ttft_p90,itl_mean,itl_p90,tps_mean,tps_p90,lat_mean,lat_p90,rps\n8,66.5,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n")
	writeTestFile(t, dir+"/r/report.toml", "think_s = 0\n")
	r := readAndBuild(t, dir+"/r")
	if got := r.Configs[0].Capacity.P90.Users; r.Params.ThinkS != 0 || got != 8 {
		t.Errorf("think %v, users %d; want 0 s and N = C = 8", r.Params.ThinkS, got)
	}
}

// TestSettingsOutOfRangeRefused: NaN, infinite and out-of-range settings
// reach no analysis.
func TestSettingsOutOfRangeRefused(t *testing.T) {
	for _, opt := range []analyze.Options{
		{ThinkS: ptr(math.NaN())}, {ThinkS: ptr(math.Inf(1))}, {ThinkS: ptr(1e30)}, {ThinkS: ptr(-1)},
		{SLOTTFTms: ptr(0)}, {SLOTTFTms: ptr(math.NaN())}, {SLOTPS: ptr(-0.5)}, {SLOTPS: ptr(math.Inf(1))},
	} {
		c, err := ingest.Read("../samples/kimi-k3-b300", ingest.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := analyze.Build(c, opt); err == nil {
			t.Errorf("Build accepted %s", optString(opt))
		}
	}
}

func optString(o analyze.Options) string {
	f := func(p *float64) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprint(*p)
	}
	return fmt.Sprintf("ttft=%s tps=%s think=%s", f(o.SLOTTFTms), f(o.SLOTPS), f(o.ThinkS))
}

// TestDuplicateDisplayNamesRefused: two configs one edition would print
// under one name are an error ("Same is 1.86× faster than Same").
func TestDuplicateDisplayNamesRefused(t *testing.T) {
	dir := t.TempDir()
	row := "c,ttft_mean,ttft_p90,itl_mean,itl_p90,tps_mean,tps_p90,lat_mean,lat_p90,rps\n1,66.5,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n"
	writeTestFile(t, dir+"/r/a.csv", row)
	writeTestFile(t, dir+"/r/b.csv", row)
	writeTestFile(t, dir+"/r/report.toml", "[[configs]]\nid = \"a\"\nname = \"Same\"\n[[configs]]\nid = \"b\"\nname = { en = \"Other\", tr = \"same\" }\n")
	c, err := ingest.Read(dir+"/r", ingest.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := analyze.Build(c, analyze.Options{}); err == nil || !strings.Contains(err.Error(), `configs "a" and "b" are both called`) {
		t.Errorf("err = %v", err)
	}
}

// TestWarningsGrouped: a flood of one kind of warning in one file is
// three warnings and one that counts the rest, naming first and last.
func TestWarningsGrouped(t *testing.T) {
	dir := t.TempDir()
	var head, row strings.Builder
	head.WriteString("c,ttft_mean,ttft_p90,itl_mean,itl_p90,tps_mean,tps_p90,lat_mean,lat_p90,rps")
	row.WriteString("1,66.5,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79")
	for i := range 100_000 {
		fmt.Fprintf(&head, ",x%d", i)
		row.WriteString(",0")
	}
	writeTestFile(t, dir+"/r/vllm.csv", head.String()+"\n"+row.String()+"\n")
	r := readAndBuild(t, dir+"/r")
	if len(r.Warnings) != 4 {
		t.Fatalf("%d warnings, want 4", len(r.Warnings))
	}
	more := r.Warnings[3]
	if more.Kind != analyze.WarnMore || more.Values["Count"] != 99_997 || more.Values["First"] != "x3" || more.Values["Last"] != "x99999" {
		t.Errorf("grouped warning = %+v", more)
	}
	if !strings.Contains(more.Message, "99997 more warnings") {
		t.Errorf("message %q", more.Message)
	}
}

// readAndBuild reads and analyzes a report folder, failing the test on
// an error.
func readAndBuild(t *testing.T, dir string, opt ...analyze.Options) *analyze.Report {
	t.Helper()
	c, err := ingest.Read(dir, ingest.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var o analyze.Options
	if len(opt) > 0 {
		o = opt[0]
	}
	r, err := analyze.Build(c, o)
	if err != nil {
		t.Fatal(err)
	}
	checkKinds(t, r)
	return r
}

func writeTestFile(t *testing.T, p, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
