package analyze

import (
	"math"
	"testing"

	"github.com/openzeka/reportgen/ingest"
)

// gpuPowers are GPUs of the given mean powers, the ones listed in idle
// marked idle.
func gpuPowers(watts []float64, idle ...int) []ingest.GPUPower {
	out := make([]ingest.GPUPower, len(watts))
	for i, w := range watts {
		out[i] = ingest.GPUPower{ID: string(rune('0' + i)), Watts: w, Joules: w * 20}
	}
	for _, i := range idle {
		out[i].Idle = true
	}
	return out
}

// TestServingGPUs: the GPUs counted are every GPU the telemetry names
// when they are the configuration's count, else the working ones, which
// must then be its count (or, unknown, at least one).
func TestServingGPUs(t *testing.T) {
	eight := &ingest.Telemetry{GPUs: gpuPowers([]float64{95, 57, 58, 56, 59, 57, 57, 57}, 1, 2, 3, 4, 5, 6, 7)}
	allIdle := &ingest.Telemetry{GPUs: gpuPowers([]float64{60, 60}, 0, 1)}
	for _, tt := range []struct {
		name      string
		t         *ingest.Telemetry
		gpus      GPUCount
		used, idl int
		ok        bool
	}{
		{"count unknown: the working GPU", eight, 0, 1, 7, true},
		{"one GPU: the working one, 7 idle left out", eight, 1, 1, 7, true},
		{"eight GPUs: all of them, idle or not", eight, 8, 8, 0, true},
		{"two GPUs: one works, seven idle", eight, 2, 1, 7, false},
		{"count unknown, none works", allIdle, 0, 0, 2, false},
	} {
		used, idle, ok := servingGPUs(tt.t, tt.gpus)
		if len(used) != tt.used || idle != tt.idl || ok != tt.ok {
			t.Errorf("%s: %d used, %d idle, ok %v; want %d, %d, %v", tt.name, len(used), idle, ok, tt.used, tt.idl, tt.ok)
		}
	}
}

// energyLevel is a level of aggregate output 1180 tok/s, 5 req/s of
// 1000 input tokens each, 80 % of its requests meeting the SLOs, whose
// runs' telemetry is runs.
func energyLevel(runs ...*ingest.Telemetry) Level {
	return Level{Load: 4, AggregateTPS: 1180, SystemRPS: 5, Goodput: 0.8, energyIn: energyInput{telemetry: runs, inputTokens: 1000}}
}

// TestLevelEnergyByHand: GPU 0 at 295 W serves, GPU 1 idles at 60 W
// (left out, the count being unknown):
//
//	power            295 W (one GPU: 295 W per GPU)
//	J/output token   295 / 1180 = 0.25
//	output tokens/J  1180 / 295 = 4
//	J/token          295 / (1180 + 5 × 1000) = 295 / 6180 = 0.047734…
//	J/good token     0.25 / 0.8 = 0.3125
func TestLevelEnergyByHand(t *testing.T) {
	tel := &ingest.Telemetry{Method: ingest.PowerSamples, Source: ingest.Pos{File: "r/power.csv", Line: 22}, Seconds: 20, Gap: 1, GPUs: gpuPowers([]float64{295, 60}, 1)}
	e := levelEnergy(energyLevel(tel), 0, Params{}, "r")
	if !e.Valid() || e.Method != ingest.PowerSamples || e.Source != "r/power.csv:22" || e.GPUs != 1 || e.IdleGPUs != 1 || e.SourceGPUs != 2 {
		t.Fatalf("energy = %+v", e)
	}
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"power", e.PowerW, 295}, {"power per GPU", e.PowerPerGPUW, 295}, {"J/output token", e.JPerOutputToken, 0.25},
		{"output tokens/J", e.OutputTokensPerJ, 4}, {"J/token", e.JPerToken, 295.0 / 6180}, {"J/good token", e.JPerGoodToken, 0.3125},
		{"gap", e.GapS, 1},
	} {
		if !same(c.got, c.want) {
			t.Errorf("%s = %v; want %v", c.name, c.got, c.want)
		}
	}
	// Repeated runs: their power is the mean of the runs' (200 and
	// 300 W: 250 W); a run without telemetry, or another method, refuses.
	a := &ingest.Telemetry{Method: ingest.EnergyCounter, GPUs: gpuPowers([]float64{200})}
	b := &ingest.Telemetry{Method: ingest.EnergyCounter, GPUs: gpuPowers([]float64{300})}
	if e := levelEnergy(energyLevel(a, b), 1, Params{}, ""); !same(e.PowerW, 250) || !same(e.JPerOutputToken, 250.0/1180) {
		t.Errorf("two runs: %+v; want 250 W", e)
	}
	c := &ingest.Telemetry{Method: ingest.PowerMean, GPUs: gpuPowers([]float64{300})}
	for _, runs := range [][]*ingest.Telemetry{{a, nil}, {a, c}} {
		if e := levelEnergy(energyLevel(runs...), 1, Params{}, ""); e.Reason != EnergyRunsMissing || !math.IsNaN(e.PowerW) {
			t.Errorf("runs %v: %+v; want refused (runs_missing)", runs, e)
		}
	}
	if e := levelEnergy(energyLevel(nil), 1, Params{}, ""); e != nil {
		t.Errorf("no telemetry: %+v; want none", e)
	}
	// The input length from report.toml where the run states none.
	l := energyLevel(tel)
	l.energyIn.inputTokens = math.NaN()
	if e := levelEnergy(l, 0, Params{InputTokens: 1000}, "r"); !same(e.JPerToken, 295.0/6180) {
		t.Errorf("input length from the manifest: J/token %v; want 295 / 6180", e.JPerToken)
	}
}

// TestMaxPowerGap: a power log whose samples lie 3 s apart in the run's
// window is integrated; 3.000001 s apart, the level's figures are
// refused (gap), its GPUs still said. A DCGM export's counter is held
// to the same limit at the window's ends (its Gap above 0); a counter
// that states no gap (AIPerf's delta) has none (gap_s null).
func TestMaxPowerGap(t *testing.T) {
	for _, method := range []ingest.EnergyMethod{ingest.PowerSamples, ingest.EnergyCounter} {
		for _, tt := range []struct {
			gap     float64
			refused bool
		}{{3, false}, {3.000001, true}} {
			tel := &ingest.Telemetry{Method: method, Seconds: 10, Gap: tt.gap, GPUs: gpuPowers([]float64{295})}
			e := levelEnergy(energyLevel(tel), 1, Params{}, "")
			if refused := e.Reason == EnergyGap; refused != tt.refused || refused == Known(e.JPerOutputToken) || e.GapS != tt.gap || e.GPUs != 1 {
				t.Errorf("%s, gap %v s: %+v; want refused %v", method, tt.gap, e, tt.refused)
			}
		}
	}
	aiperf := &ingest.Telemetry{Method: ingest.EnergyCounter, Seconds: 10, GPUs: gpuPowers([]float64{295})}
	if e := levelEnergy(energyLevel(aiperf), 1, Params{}, ""); !e.Valid() || !math.IsNaN(e.GapS) {
		t.Errorf("a counter without a gap: %+v; want valid, gap_s NaN", e)
	}
	// The GPU count: the configuration runs on 2 GPUs; of the three
	// GPUs the telemetry names, one works and two idle.
	tel := &ingest.Telemetry{Method: ingest.EnergyCounter, GPUs: gpuPowers([]float64{295, 60, 61}, 1, 2)}
	if e := levelEnergy(energyLevel(tel), 2, Params{}, ""); e.Reason != EnergyGPUCount || e.GPUs != 1 || !math.IsNaN(e.PowerW) {
		t.Errorf("1 working GPU for a 2-GPU configuration: %+v; want refused (gpu_count)", e)
	}
}

// TestEfficiencyAtTarget: levels c=1 (100 tok/s per user, 100 tok/s,
// 200 W) and c=4 (60 tok/s per user, 240 tok/s, 300 W); at 80 tok/s
// per user the target lies halfway, (80 − 100) / (60 − 100) = 0.5: 170
// tok/s (AtTarget), 200 + 0.5 × 100 = 250 W, 250 / 170 = 1.470588 J
// per output token. At 2 USD per GPU-hour on one GPU the capacity c=4
// costs 2 / (240 × 3600) × 10⁶ = 2.3148 per million, 432,000 tokens per
// unit; with a goodput of 0.8 there, 2.3148 / 0.8 = 2.8935 per million
// tokens that met the SLOs.
func TestEfficiencyAtTarget(t *testing.T) {
	level := func(load Load, x, agg, watts float64) Level {
		l := Level{Load: load, Concurrency: float64(load), TPS: Stat{Mean: x, P10: nanValue, P50: nanValue, P90: x, P99: nanValue}, AggregateTPS: agg, LoadReached: true, Goodput: 0.8}
		l.Energy = &Energy{PowerW: watts, JPerOutputToken: watts / agg, OutputTokensPerJ: agg / watts, JPerGoodToken: watts / agg / 0.8}
		return l
	}
	c := Config{ID: "a", GPUs: 1, Levels: []Level{level(1, 100, 100, 200), level(4, 60, 240, 300)}}
	c.Capacity.P90 = Capacity{Max: 4}
	p := Params{PricePerGPUHour: 2, Percentile: P90}
	pa := pareto([]Config{c}, 80, TargetFlag)
	c.AtInteractivity = atTarget(pa.Curve("a"), c.Capacity.P90, c.GPUs, 80)
	c.Cost = costOf(c, p.PricePerGPUHour, P90, c.AtInteractivity)
	e := efficiencyOf(c, p, pa)
	at, tg := e.AtCapacity, e.AtTarget
	if at.Load != 4 || !same(at.PowerW, 300) || !same(at.JPerOutputToken, 1.25) || !same(at.TokensPerUnit, 240*3600/2.0) ||
		!same(at.Goodput, 0.8) || !same(at.PerMillionGood, 2/(240*3600.0)*1e6/0.8) || !same(at.JPerGoodToken, 1.25/0.8) {
		t.Errorf("at capacity: %+v", at)
	}
	if !same(c.AtInteractivity.AggregateTPS, 170) || !same(tg.PowerW, 250) || !same(tg.JPerOutputToken, 250.0/170) || !same(tg.OutputTokensPerJ, 170.0/250) ||
		!same(tg.TokensPerUnit, 170*3600/2.0) {
		t.Errorf("at target: %+v (aggregate %v)", tg, c.AtInteractivity.AggregateTPS)
	}
	// A level the target lies between without energy: none there.
	c.Levels[0].Energy = nil
	if tg := efficiencyOf(c, p, pa).AtTarget; tg.Reason != EnergyNoTelemetry || !math.IsNaN(tg.PowerW) {
		t.Errorf("a level without energy: %+v", tg)
	}
	// No price, no telemetry: no efficiency at all; a price alone gives
	// tokens per unit, no energy.
	c.Levels[1].Energy = nil
	if e := efficiencyOf(c, Params{Percentile: P90}, pa); e != nil {
		t.Errorf("no price, no telemetry: %+v; want none", e)
	}
	if e := efficiencyOf(c, p, pa); e == nil || e.AtCapacity.Reason != EnergyNoTelemetry || !Known(e.AtCapacity.TokensPerUnit) {
		t.Errorf("a price alone: %+v", e)
	}
}

// leaderReport is a report of two configurations on one GPU each: a
// leads the capacity (100 users at c=4 against b's 50 at c=2); their
// tokens at capacity take ja and jb joules each, at aggregate outputs
// aggA and aggB tok/s.
func leaderReport(ja, jb, aggA, aggB float64) *Report {
	cfg := func(id string, load Load, users int, j, agg float64) Config {
		l := Level{Load: load, Concurrency: float64(load), AggregateTPS: agg, LoadReached: true,
			Energy: &Energy{PowerW: j * agg, JPerOutputToken: j, OutputTokensPerJ: 1 / j}}
		cp := Capacity{Max: load, Concurrency: float64(load), LatencyMeanS: 2, ThroughputRPS: 1, Users: users}
		return Config{ID: id, GPUs: 1, Levels: []Level{l}, Capacity: Capacities{P90: cp, Mean: cp}}
	}
	p := DefaultParams()
	p.PricePerGPUHour = 2.5
	return &Report{Params: p, Axis: AxisConcurrency, Configs: []Config{cfg("a", 4, 100, ja, aggA), cfg("b", 2, 50, jb, aggB)}}
}

// TestEnergyLeaderTieRule: b's tokens take 1 J, the capacity leader a's
// 1.05 J: exactly the 5 % tie threshold apart, a difference (the
// finding, b then a, ratio 1.05); at 1.0499 J they are on par (none);
// a leader that also takes the least energy gives none.
func TestEnergyLeaderTieRule(t *testing.T) {
	w := weights{EnergyLeader: 1.2}
	got := energyLeaderFinding(leaderReport(1.05, 1, 400, 400), Metric{}, w)
	if len(got) != 1 || got[0].Configs[0] != "b" || got[0].Configs[1] != "a" || got[0].Values["ratio"] != 1.05 ||
		got[0].Levels[0] != 2 || got[0].Levels[1] != 4 || !same(got[0].Score, 1.2+math.Log(1.05)) {
		t.Errorf("1 J against the leader's 1.05 J: %+v; want the finding", got)
	}
	if got := energyLeaderFinding(leaderReport(1.0499, 1, 400, 400), Metric{}, w); len(got) != 0 {
		t.Errorf("1 J against 1.0499 J (on par): %+v; want none", got)
	}
	if got := energyLeaderFinding(leaderReport(1, 2, 400, 400), Metric{}, w); len(got) != 0 {
		t.Errorf("the leader takes the least: %+v; want none", got)
	}
	// No clear capacity leader (a tie): none.
	r := leaderReport(2, 1, 400, 400)
	r.Configs[1].Capacity.P90.Users = 99
	if got := energyLeaderFinding(r, Metric{}, w); len(got) != 0 {
		t.Errorf("capacity on par: %+v; want none", got)
	}
}

// TestCostLeader: at 2.5 USD per GPU-hour on one GPU, a (the leader)
// produces 400 tok/s at capacity, 2.5 / (400 × 3600) × 10⁶ = 1.736 per
// million; b 600 tok/s, 1.157: a costs 600 / 400 − 1 = 50 % more. At
// 404 tok/s (1 % more than a) b is on par: none. Without a price, none.
func TestCostLeader(t *testing.T) {
	w := weights{CostLeader: 1.5}
	got := costLeaderFinding(leaderReport(1, 1, 400, 600), Metric{}, w)
	if len(got) != 1 || got[0].Configs[0] != "b" || !same(got[0].Values["value"], 2.5/(600*3600.0)*1e6) ||
		!same(got[0].Values["leader"], 2.5/(400*3600.0)*1e6) || math.Abs(got[0].Values["ratio"]-1.5) > 1e-12 {
		t.Errorf("b at 600 tok/s: %+v; want the finding, ratio 1.5", got)
	}
	if got := costLeaderFinding(leaderReport(1, 1, 400, 404), Metric{}, w); len(got) != 0 {
		t.Errorf("b at 404 tok/s: %+v; want none (on par)", got)
	}
	r := leaderReport(1, 1, 400, 600)
	r.Params.PricePerGPUHour = 0
	if got := costLeaderFinding(r, Metric{}, w); len(got) != 0 {
		t.Errorf("no price: %+v; want none", got)
	}
}
