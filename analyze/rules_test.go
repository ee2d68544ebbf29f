package analyze_test

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
)

// The tests of "How conclusions are drawn" (docs/methodology.md): one
// per rule, on small synthetic campaigns.

// TestTieBoundary: within the tie threshold (strictly less than 5 %
// apart) is a tie; at it, a win. A flip of < to <= fails this.
func TestTieBoundary(t *testing.T) {
	p := analyze.DefaultParams()
	for _, tt := range []struct {
		a, b float64
		tie  bool
	}{
		{100, 100, true}, {100, 104.99, true}, {104.99, 100, true}, {100, 105, false}, {105, 100, false},
		{0, 0, true}, {0, 1, false}, {math.NaN(), 100, false}, {100, math.Inf(1), false},
	} {
		if got := p.Tie(tt.a, tt.b); got != tt.tie {
			t.Errorf("Tie(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.tie)
		}
	}
	p.TiePct = 0
	if p.Tie(100, 100.001) || !p.Tie(100, 100) {
		t.Error("with a 0 % threshold only equal values tie")
	}
}

// passing is a level that meets both default SLOs (TTFT ≤ 1000 ms,
// TPS ≥ 15) at concurrency c with mean latency lat.
func passing(c int, lat float64) [6]float64 { return [6]float64{float64(c), 100, 120, 40, 45, lat} }

// failing misses the TTFT SLO.
func failing(c int, lat float64) [6]float64 { return [6]float64{float64(c), 2000, 2500, 40, 45, lat} }

// TestCapacityBounds: a config passing every tested level has a lower
// bound, not a measured capacity; two bounds are never ranked, and a
// bound beats a measured capacity only when it is larger.
func TestCapacityBounds(t *testing.T) {
	boundSmall := ingest.Config{ID: "bound-small", Levels: levels(passing(1, 1), passing(2, 1.1), passing(4, 1.2))}
	boundLarge := ingest.Config{ID: "bound-large", Levels: levels(passing(1, 1), passing(2, 1.1), passing(4, 1.2), passing(8, 1.3))}
	measured := ingest.Config{ID: "measured", Levels: levels(passing(1, 1), passing(2, 1.1), passing(4, 1.2), failing(8, 2))}

	r := build(t, boundSmall, boundLarge)
	if c := config(t, r, "bound-small").Capacity.P90; !c.LowerBound || c.Max != 4 {
		t.Errorf("bound-small capacity = %+v, want a lower bound at 4", c)
	}
	if f := headline(r, analyze.CapacityLeader, analyze.CapacityUnranked); f == nil || f.Kind != analyze.CapacityUnranked {
		t.Errorf("two lower bounds ranked: %+v", f)
	}
	if s := scenario(r, analyze.HighLoad); s == nil || !s.Tie || s.Config != "" {
		t.Errorf("high-load pick between two bounds: %+v", s)
	}

	r = build(t, boundLarge, measured)
	if f := headline(r, analyze.CapacityLeader); f == nil || f.Configs[0] != "bound-large" || f.Tie {
		t.Errorf("a larger lower bound does not lead a measured capacity: %+v", f)
	}
	r = build(t, boundSmall, ingest.Config{ID: "measured-big", Levels: levels(passing(1, 1), passing(2, 1.1), passing(8, 1.2), failing(16, 2))})
	if f := headline(r, analyze.CapacityLeader, analyze.CapacityUnranked); f == nil || f.Kind != analyze.CapacityUnranked {
		t.Errorf("a measured capacity ranked above a smaller lower bound: %+v", f)
	}
}

// TestCapacityTie: two measured capacities within the tie threshold are
// on par, and the high-load scenario names no clear winner.
func TestCapacityTie(t *testing.T) {
	a := ingest.Config{ID: "a", Levels: levels(passing(4, 2.0), failing(8, 3))}
	b := ingest.Config{ID: "b", Levels: levels(passing(4, 2.05), failing(8, 3))}
	r := build(t, a, b)
	if f := headline(r, analyze.CapacityLeader); f == nil || !f.Tie {
		t.Errorf("capacity 94 vs 92 users is not called a tie: %+v", f)
	}
	if s := scenario(r, analyze.HighLoad); s == nil || !s.Tie {
		t.Errorf("high load: %+v", s)
	}
}

// TestUnknownUsers: without a mean latency the median stands in, named;
// without either, the users are unknown (null), never 0.
func TestUnknownUsers(t *testing.T) {
	median := levels(passing(4, 2), failing(8, 3))
	median[0].Latency.Mean, median[0].Latency.P50 = math.NaN(), 1.8
	none := levels(passing(4, 2), failing(8, 3))
	none[0].Latency = ingest.NoStat()
	r := build(t, ingest.Config{ID: "median", Levels: median}, ingest.Config{ID: "none", Levels: none})
	if c := config(t, r, "median").Capacity.P90; c.LatencyStat != "p50" || c.LatencyMeanS != 1.8 || c.Users != analyze.LittleUsers(4, 45, 1.8) {
		t.Errorf("median stand-in: %+v", c)
	}
	c := config(t, r, "none").Capacity.P90
	if c.UsersKnown() {
		t.Errorf("users without a latency = %d, want unknown", c.Users)
	}
	js, _ := json.Marshal(c)
	if !strings.Contains(string(js), `"users":null`) {
		t.Errorf("unknown users written as %s", js)
	}
	if f := headline(r, analyze.CapacityLeader); f != nil && f.Configs[0] == "none" {
		t.Errorf("an unknown capacity leads: %+v", f)
	}
}

// TestLoadNotReached: a level that sent fewer requests than its
// concurrency, or held under half of it in flight, is flagged and left
// out of capacity, speedups and findings; so is a rate run delivering
// under half its offered rate.
func TestLoadNotReached(t *testing.T) {
	ls := levels(passing(1, 1), passing(2, 1.1), passing(4, 1.2), passing(8, 1.4))
	for i := range ls {
		ls[i].Requests, ls[i].Errors = 100, 0
	}
	ls[2].Requests = 3                             // 3 requests at c=4
	ls[3].SystemRPS, ls[3].Latency.Mean = 1.0, 1.4 // 1.4 in flight at c=8
	other := levels(passing(1, 1), passing(2, 1.2), passing(4, 1.3), failing(8, 2))
	r := build(t, ingest.Config{ID: "short", Levels: ls}, ingest.Config{ID: "other", Levels: other})
	short := config(t, r, "short")
	if short.Levels[2].LoadReached || short.Levels[3].LoadReached || !short.Levels[1].LoadReached {
		t.Fatalf("reached = %v %v %v", short.Levels[1].LoadReached, short.Levels[2].LoadReached, short.Levels[3].LoadReached)
	}
	if c := short.Capacity.P90; c.Max != 2 || !c.LowerBound {
		t.Errorf("capacity over unreached levels = %+v, want a lower bound at c=2", c)
	}
	var flagged []analyze.Load
	for _, a := range r.Anomalies {
		if a.Kind == analyze.LoadNotReached {
			flagged = append(flagged, a.Load)
		} else if a.Config == "short" && a.Load >= 4 {
			t.Errorf("an anomaly on an unreached level: %+v", a)
		}
	}
	if !slices.Equal(flagged, []analyze.Load{4, 8}) {
		t.Errorf("flagged = %v", flagged)
	}
	for _, f := range r.Findings {
		for _, x := range f.Levels {
			if x >= 4 && len(f.Configs) > 0 && f.Configs[0] == "short" {
				t.Errorf("finding %s speaks of an unreached level: %+v", f.Kind, f)
			}
		}
	}
	rate := build(t, ingest.Config{ID: "r", Levels: []ingest.Level{rateRun(1, 1, 50, 100, 2), rateRun(8, 3.5, 900, 30, 12)}})
	if l := config(t, rate, "r").Levels[1]; l.LoadReached {
		t.Error("a rate run delivering 3.5 of 8 req/s counts as reached")
	}
}

// TestSaturationIsAThroughputFact: saturation is where throughput stops
// growing with the load while latency rises; a TTFT jump with rising
// throughput is a scheduling change; a cap at the step is named.
func TestSaturationIsAThroughputFact(t *testing.T) {
	flat := levels(passing(4, 1), passing(8, 1.5), passing(16, 3.1), passing(32, 6.3))
	// throughput 4 → 5.33 → 5.16 → 5.08 req/s: saturated from c=16.
	jump := levels(passing(4, 1), passing(8, 1.1))
	jump[1].TTFT.Mean = 900 // 9× the TTFT at doubled load, throughput 4 → 7.3
	r := build(t, ingest.Config{ID: "flat", Levels: flat}, ingest.Config{ID: "jump", Levels: jump})
	m := &ingest.Manifest{}
	// A cap of 8 is exceeded at the step 8 → 16: the likely cause. A cap
	// of 16 is not (at c=16 all 16 requests still run at once): it is
	// named as a confound where the load first exceeds it, at c=32.
	m.Configs = []ingest.ConfigMeta{{ID: "flat", Command: ingest.Text{"": "vllm serve m --max-num-seqs 8 --gpu-memory-utilization 0.9"}}}
	withCap, err := analyze.Build(&ingest.Campaign{Name: "t", Manifest: m, Configs: []ingest.Config{{ID: "flat", Levels: flat}}}, analyze.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m.Configs[0].Command = ingest.Text{"": "vllm serve m --max-num-seqs 16"}
	atCap, err := analyze.Build(&ingest.Campaign{Name: "t", Manifest: m, Configs: []ingest.Config{{ID: "flat", Levels: flat}}}, analyze.Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkKinds(t, withCap)
	checkKinds(t, atCap)
	kinds := func(r *analyze.Report) string {
		var s []string
		for _, a := range r.Anomalies {
			if a.Kind != analyze.P90BelowMean {
				s = append(s, string(a.Kind)+"@"+a.Config+"="+a.Load.String())
			}
		}
		return strings.Join(s, " ")
	}
	if got := kinds(r); got != "saturation@flat=16 scheduling_change@jump=8" {
		t.Errorf("anomalies = %s", got)
	}
	if got := kinds(withCap); got != "saturation@flat=16 cap_limit@flat=16" {
		t.Errorf("with --max-num-seqs 8: %s", got)
	}
	f := headline(withCap, analyze.AnomalyNote)
	if f == nil || f.Anomaly != analyze.Saturation || f.Cap == nil || f.Cap.Flag != "--max-num-seqs" || f.Cap.Value != "8" {
		t.Errorf("saturation finding does not name the cap: %+v", f)
	}
	if got := kinds(atCap); got != "saturation@flat=16 cap_exceeded@flat=32" {
		t.Errorf("with --max-num-seqs 16: %s", got)
	}
	if f := headline(atCap, analyze.AnomalyNote); f == nil || f.Cap != nil {
		t.Errorf("a cap the load did not exceed is named as the cause: %+v", f)
	}
}

// TestRateAxisSaturation: on a rate axis saturation is a delivered rate
// short of the offered one; a rate delivered in full is no saturation,
// whatever TTFT does (its jump is queueing near the ceiling, not a
// scheduling change); a step into ∞ is not judged.
func TestRateAxisSaturation(t *testing.T) {
	inf := math.Inf(1)
	r := build(t,
		ingest.Config{ID: "keeps-up", Levels: []ingest.Level{rateRun(2, 2, 50, 100, 2), rateRun(4, 4, 60, 90, 2.4), rateRun(8, 8, 400, 60, 4), rateRun(inf, 9, 5000, 30, 12)}},
		ingest.Config{ID: "falls-short", Levels: []ingest.Level{rateRun(2, 2, 50, 100, 2), rateRun(4, 4, 60, 90, 2.4), rateRun(8, 6.2, 3900, 30, 10), rateRun(inf, 6.3, 7000, 30, 15)}},
	)
	var got []string
	for _, a := range r.Anomalies {
		got = append(got, string(a.Kind)+"@"+a.Config+"="+a.Load.String())
	}
	if s := strings.Join(got, " "); s != "ttft_jump@keeps-up=8 saturation@falls-short=8" {
		t.Errorf("anomalies = %s", s)
	}
}

// TestScenarioMargins: the seed sample's low-load chat pick is vLLM +
// Spec, by 1.36×–1.49× over the actual nearest rival at each level
// (SGLang + Spec at c=1 and c=2, vLLM direct at c=4); the minimum-ITL
// pick over the same window is vLLM + Spec too, though it trails SGLang
// + Spec at c=1.
func TestScenarioMargins(t *testing.T) {
	r := sample(t, analyze.Options{})
	s := scenario(r, analyze.Interactive)
	if s == nil || s.Config != "vllm-spec" || s.Tie {
		t.Fatalf("interactive = %+v", s)
	}
	if !slices.Equal(s.Rivals, []string{"sglang-spec", "sglang-spec", "vllm-direct"}) {
		t.Errorf("rivals = %v", s.Rivals)
	}
	if lo, hi := s.Values["margin_min"], s.Values["margin_max"]; math.Abs(lo-1.359) > 0.001 || math.Abs(hi-1.491) > 0.001 {
		t.Errorf("margins %.3f–%.3f, want 1.359–1.491", lo, hi)
	}
	itl := scenario(r, analyze.MinITL)
	if itl == nil || itl.Config != "vllm-spec" || itl.Margins[0] >= 1 || itl.Rivals[0] != "sglang-spec" {
		t.Errorf("min ITL = %+v", itl)
	}
}

// TestScenarioTie: two configs within the tie threshold over the window
// give no clear winner.
func TestScenarioTie(t *testing.T) {
	a := levels([6]float64{1, 100, 120, 100, 110, 1}, [6]float64{2, 100, 120, 90, 95, 1.1})
	b := levels([6]float64{1, 100, 120, 98, 108, 1}, [6]float64{2, 100, 120, 93, 97, 1.1})
	r := build(t, ingest.Config{ID: "a", Levels: a}, ingest.Config{ID: "b", Levels: b})
	if s := scenario(r, analyze.Interactive); s == nil || !s.Tie {
		t.Errorf("interactive between 94.9 and 95.4 tok/s: %+v", s)
	}
}

// TestSpeedupWobbleIsNoBreakEven: a ratio wobbling within the tie
// threshold around 1.0 is on par, not a break-even.
func TestSpeedupWobbleIsNoBreakEven(t *testing.T) {
	row := func(c int, tps float64) [6]float64 { return [6]float64{float64(c), 100, 120, tps, tps, 1} }
	direct := levels(row(1, 100), row(2, 100), row(4, 100), row(8, 100))
	spec := levels(row(1, 101), row(2, 99), row(4, 101), row(8, 99))
	r := build(t, ingest.Config{ID: "vllm-direct", Levels: direct}, ingest.Config{ID: "vllm-spec", Levels: spec})
	s := r.Speedups[0]
	if s.BreakEven != nil || !s.NeverFaster || s.Points[1].Outcome != analyze.OnPar {
		t.Errorf("wobble: break-even %v, never faster %v, outcome %s", s.BreakEven, s.NeverFaster, s.Points[1].Outcome)
	}
	if f := headline(r, analyze.SpecLowLoad); f == nil || !f.Tie {
		t.Errorf("1.01× at c=1 is not on par: %+v", f)
	}
}

// TestStandInNamed: where a config reports no TPS mean, every config is
// compared on its median, and the finding says so.
func TestStandInNamed(t *testing.T) {
	a := levels([6]float64{1, 100, 120, 100, 110, 1})
	a[0].TPS.Mean, a[0].TPS.P50 = math.NaN(), 98
	b := levels([6]float64{1, 100, 120, 80, 90, 1})
	b[0].TPS.P50 = 79
	r := build(t, ingest.Config{ID: "a", Levels: a}, ingest.Config{ID: "b", Levels: b})
	for _, f := range r.Findings {
		if f.Section == string(analyze.TPS) && f.Kind == analyze.LeaderLow {
			if f.Stat != analyze.P50 || f.Values["next"] != 79 {
				t.Errorf("TPS leader compares %s (next %v), want the medians", f.Stat, f.Values["next"])
			}
			return
		}
	}
	t.Error("no TPS leader finding")
}

// TestTPSFastTail: the seed's TPS SLO is checked on the export's TPS
// P90, the fast tail; the finding counts the levels and what a strict
// reading would change.
func TestTPSFastTail(t *testing.T) {
	f := headline(sample(t, analyze.Options{}), analyze.TPSFastTail)
	if f == nil || f.Values["levels"] != 28 || f.Values["flips"] != 2 || f.Values["capacity_changes"] != 0 {
		t.Errorf("fast tail = %+v", f)
	}
}

// TestParseCommand reads a docker command's server flags, past its own
// options, with continuations and quoted JSON.
func TestParseCommand(t *testing.T) {
	flags := analyze.ParseCommand(`docker run --gpus all --ipc=host -p 8000:8000 \
  vllm/vllm-openai:latest vllm serve moonshotai/Kimi-K3 \
  --tensor-parallel-size 8 --max-num-seqs=32 \
  --speculative-config '{"method": "dspark", "num_speculative_tokens": 3}' \
  --enable-prefix-caching --gpu-memory-utilization 0.95`)
	var got []string
	for _, f := range flags {
		got = append(got, f.Flag+"="+f.Value)
	}
	want := `--model=moonshotai/Kimi-K3 --tensor-parallel-size=8 --max-num-seqs=32 --speculative-config={"method": "dspark", "num_speculative_tokens": 3} --enable-prefix-caching= --gpu-memory-utilization=0.95`
	if strings.Join(got, " ") != want {
		t.Errorf("flags:\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
	caps := analyze.Caps(flags)
	if len(caps) != 2 || caps[0].KindOf() != analyze.AdmissionCap || caps[1].KindOf() != analyze.MemoryCap {
		t.Errorf("caps = %+v", caps)
	}
	sg := analyze.ParseCommand("python3 -m sglang.launch_server --model-path m --max_running_requests 64 --cuda-graph-max-bs 32")
	if k := analyze.Caps(sg); len(k) != 2 || k[0].KindOf() != analyze.AdmissionCap || k[1].KindOf() != analyze.GraphCap {
		t.Errorf("sglang caps = %+v", k)
	}
}

// headline is the first finding of one of the kinds.
func headline(r *analyze.Report, kinds ...analyze.FindingKind) *analyze.Finding {
	for i, f := range r.Findings {
		if slices.Contains(kinds, f.Kind) {
			return &r.Findings[i]
		}
	}
	return nil
}

func scenario(r *analyze.Report, k analyze.ScenarioKind) *analyze.Scenario {
	for i, s := range r.Scenarios {
		if s.Kind == k {
			return &r.Scenarios[i]
		}
	}
	return nil
}

// TestParseCommandImageDefault: an image that runs the server by default
// (no "serve" word) gets the options after the image, never docker's.
func TestParseCommandImageDefault(t *testing.T) {
	flags := analyze.ParseCommand(`docker run --rm --gpus all --ipc=host -v /models:/models -e HF_TOKEN=x --privileged \
  lmsysorg/sglang:latest --model-path m --mem-fraction-static 0.85`)
	var got []string
	for _, f := range flags {
		got = append(got, f.Flag)
	}
	if strings.Join(got, " ") != "--model-path --mem-fraction-static" {
		t.Errorf("flags = %v", got)
	}
}

// TestThroughputDipIsNoSaturation: throughput that stalls at one step
// and grows clearly past it higher up had no ceiling there.
func TestThroughputDipIsNoSaturation(t *testing.T) {
	// 4, 5.3, 4.4 (a stall: the load doubled), then 8 req/s at c=32.
	dip := levels(passing(4, 1), passing(8, 1.5), passing(16, 3.6), passing(32, 4))
	r := build(t, ingest.Config{ID: "dip", Levels: dip})
	var got []string
	for _, a := range r.Anomalies {
		got = append(got, string(a.Kind)+"="+a.Load.String())
	}
	if s := strings.Join(got, " "); s != "throughput_dip=16" {
		t.Errorf("anomalies = %s", s)
	}
}

// TestLongDisplayNameRefused: a file name too long to label a chart is
// refused, with the way out.
func TestLongDisplayNameRefused(t *testing.T) {
	id := strings.Repeat("x", analyze.MaxNameLength+1)
	_, err := analyze.Build(&ingest.Campaign{Name: "t", Configs: []ingest.Config{{ID: id, Levels: levels(passing(1, 1))}}}, analyze.Options{})
	if err == nil || !strings.Contains(err.Error(), "give it a shorter name in report.toml") {
		t.Errorf("err = %v", err)
	}
	if _, err := analyze.Build(&ingest.Campaign{Name: "t", Configs: []ingest.Config{{ID: id[1:], Levels: levels(passing(1, 1))}}}, analyze.Options{}); err != nil {
		t.Errorf("a name of exactly %d characters: %v", analyze.MaxNameLength, err)
	}
}

// repeated is a level measured in runs (TTFT means ttfts), the level's
// values their means, as ingest merges repeats.
func repeated(c int, ttfts ...float64) ingest.Level {
	var runs []ingest.Level
	for _, x := range ttfts {
		runs = append(runs, levels([6]float64{float64(c), x, x * 1.2, 40, 45, 2})[0])
	}
	l := runs[0]
	sum := 0.0
	for _, x := range ttfts {
		sum += x
	}
	l.TTFT.Mean = sum / float64(len(ttfts))
	l.Repeats = runs
	return l
}

// TestRunToRunSpreadIsTheNoise: where a level was measured in several
// runs, two configs are on par when their run-to-run spreads overlap,
// however far apart their means; and apart when the spreads do not
// overlap, however close.
func TestRunToRunSpreadIsTheNoise(t *testing.T) {
	// Means 100 and 115 (15 % apart), but runs 80…120 and 100…130 overlap.
	noisy := build(t, ingest.Config{ID: "a", Levels: []ingest.Level{repeated(1, 80, 100, 120)}},
		ingest.Config{ID: "b", Levels: []ingest.Level{repeated(1, 100, 115, 130)}})
	if c := config(t, noisy, "a"); c.Levels[0].Runs != 3 || c.Levels[0].Spread["ttft_ms.mean"].N != 3 {
		t.Fatalf("runs = %d, spread = %+v", c.Levels[0].Runs, c.Levels[0].Spread)
	}
	if f := headline(noisy, analyze.TTFTLeader); f == nil || !f.Tie {
		t.Errorf("overlapping spreads not called a tie: %+v", f)
	}
	// Means 100 and 104 (4 %), runs 99.9…100.1 and 103.9…104.1: apart.
	steady := build(t, ingest.Config{ID: "a", Levels: []ingest.Level{repeated(1, 99.9, 100, 100.1)}},
		ingest.Config{ID: "b", Levels: []ingest.Level{repeated(1, 103.9, 104, 104.1)}})
	if f := headline(steady, analyze.TTFTLeader); f == nil || f.Tie || f.Configs[0] != "a" {
		t.Errorf("separate spreads 4 %% apart called a tie: %+v", f)
	}
}

// TestUnknownUsersNeverRanked: a capacity whose users cannot be counted
// (no mean latency at C_max, with a think time) is never the leader and
// never called a lower bound; the unranked finding lists exactly the
// configs that leave the order open (lower bounds, unknown users), not
// a measured capacity beside them; when no capacity can be counted at
// all the finding says so rather than nothing.
func TestUnknownUsersNeverRanked(t *testing.T) {
	unknownAt := func(id string, c int) ingest.Config {
		ls := levels(passing(1, 1), passing(2, 1.1), passing(4, 1.2), failing(8, 2))
		for i := range ls {
			if ls[i].Concurrency == c {
				ls[i].Latency.Mean = 0 // written as 0: unknown
			}
		}
		return ingest.Config{ID: id, Levels: ls}
	}
	measured := ingest.Config{ID: "measured", Levels: levels(passing(1, 1), passing(2, 1.1), failing(4, 2))}
	bound := ingest.Config{ID: "bound", Levels: levels(passing(1, 1), passing(2, 1.1), passing(4, 1.2), passing(8, 1.3))}
	failsAtOnce := ingest.Config{ID: "fails", Levels: levels(failing(1, 1), failing(2, 2))}
	for _, tt := range []struct {
		name string
		cfgs []ingest.Config
		want []string // the unranked finding's configs
	}{
		{"both unknown", []ingest.Config{unknownAt("a", 4), unknownAt("b", 4)}, []string{"a", "b"}},
		{"a measured leader and an unknown", []ingest.Config{measured, unknownAt("u", 4)}, []string{"u"}},
		{"an unknown beside one failing at once", []ingest.Config{failsAtOnce, unknownAt("u", 4)}, []string{"u"}},
		{"a bound and an unknown", []ingest.Config{bound, unknownAt("u", 4), measured}, []string{"bound", "u"}},
	} {
		r := build(t, tt.cfgs...)
		f := headline(r, analyze.CapacityLeader, analyze.CapacityUnranked)
		if f == nil || f.Kind != analyze.CapacityUnranked || !slices.Equal(f.Configs, tt.want) {
			t.Errorf("%s: finding %+v, want capacity_unranked of %v", tt.name, f, tt.want)
		}
		if s := scenario(r, analyze.HighLoad); s == nil || s.Config != "" {
			t.Errorf("%s: high-load pick %+v, want no clear winner", tt.name, s)
		}
	}
	// A lower bound not clearly above a measured capacity leaves the
	// order open: the bound is listed, the measured capacity is not (it
	// does not pass every level).
	r := build(t, ingest.Config{ID: "measured-big", Levels: levels(passing(1, 1), passing(2, 1.1), passing(8, 1.2), failing(16, 2))},
		ingest.Config{ID: "bound-small", Levels: levels(passing(1, 1), passing(2, 1.1), passing(4, 1.2))})
	if f := headline(r, analyze.CapacityUnranked); f == nil || !slices.Equal(f.Configs, []string{"bound-small"}) || !slices.Equal(f.Levels, []analyze.Load{4}) {
		t.Errorf("a bound beside a larger measured capacity: %+v", f)
	}
	// Every config failing at once: no capacity, no finding.
	if f := headline(build(t, failsAtOnce), analyze.CapacityLeader, analyze.CapacityUnranked); f != nil {
		t.Errorf("no capacity at all: %+v", f)
	}
}
