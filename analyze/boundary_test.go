package analyze_test

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
)

// Each threshold of the analysis at its exact boundary: a value exactly
// at the limit, and one a hair past it (the next float64). Flipping a
// <= to < (or >= to >) in the code fails one of these.

// hairAbove and hairBelow are the floats next to x.
func hairAbove(x float64) float64 { return math.Nextafter(x, math.Inf(1)) }
func hairBelow(x float64) float64 { return math.Nextafter(x, math.Inf(-1)) }

// edgeLevel is a concurrency-c run whose TTFT (mean and P90, ms) is ttft
// and whose per-user TPS (mean and P90; no P10, so the P90 is what the
// SLO checks) is tps, with a mean latency of 5 s (above every TTFT
// used); no ITL, no counts, no system throughput.
func edgeLevel(c int, ttft, tps float64) ingest.Level {
	st := func(v float64) ingest.Stat {
		s := ingest.NoStat()
		s.Mean, s.P90 = v, v
		return s
	}
	return ingest.Level{Concurrency: c, TTFT: st(ttft), ITL: ingest.NoStat(), TPS: st(tps), Latency: st(5),
		RPS: math.NaN(), SystemRPS: math.NaN(), OutputTPS: math.NaN(), OutputTokens: math.NaN(), InputTokens: math.NaN(),
		Requests: -1, Errors: -1}
}

// buildEdge analyzes one configuration "x" of levels with opt.
func buildEdge(t *testing.T, opt analyze.Options, levels ...ingest.Level) analyze.Config {
	t.Helper()
	return buildEdges(t, opt, nil, ingest.Config{ID: "x", Levels: levels}).Configs[0]
}

// buildEdges analyzes configurations cfgs with opt and manifest m (nil:
// none).
func buildEdges(t *testing.T, opt analyze.Options, m *ingest.Manifest, cfgs ...ingest.Config) *analyze.Report {
	t.Helper()
	opt.Now = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r, err := analyze.Build(&ingest.Campaign{Name: "t", Manifest: m, Configs: cfgs}, opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSLOAtLimitMeets: a TTFT exactly at its SLO (≤ 1000 ms) and a TPS
// exactly at its SLO (≥ 15 tok/s) meet them, at P90 and at the mean;
// a hair past either fails. The limits are the report's, not constants.
func TestSLOAtLimitMeets(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	for _, tc := range []struct {
		name       string
		opt        analyze.Options
		ttft, tps  float64
		okTTFT, ok bool // TTFT met; both met
	}{
		{"TTFT at the limit meets", analyze.Options{}, 1000, 40, true, true},
		{"TTFT a hair above fails", analyze.Options{}, hairAbove(1000), 40, false, false},
		{"TPS at the limit meets", analyze.Options{}, 100, 15, true, true},
		{"TPS a hair below fails", analyze.Options{}, 100, hairBelow(15), true, false},
		{"both at the limits meet", analyze.Options{}, 1000, 15, true, true},
		{"TTFT at a set limit meets", analyze.Options{SLOTTFTms: f(250)}, 250, 40, true, true},
		{"TTFT a hair above a set limit fails", analyze.Options{SLOTTFTms: f(250)}, hairAbove(250), 40, false, false},
		{"TPS at a set limit meets", analyze.Options{SLOTPS: f(30)}, 100, 30, true, true},
		{"TPS a hair below a set limit fails", analyze.Options{SLOTPS: f(30)}, 100, hairBelow(30), true, false},
	} {
		l := buildEdge(t, tc.opt, edgeLevel(1, tc.ttft, tc.tps)).Levels[0]
		for _, v := range []struct {
			stat string
			slo  analyze.SLOVerdict
		}{{"p90", l.SLO.P90}, {"mean", l.SLO.Mean}} {
			if v.slo.TTFT != tc.okTTFT || v.slo.Pass() != tc.ok {
				t.Errorf("%s (TTFT %v, TPS %v) at %s: TTFT met %v, pass %v; want %v, %v", tc.name, tc.ttft, tc.tps, v.stat, v.slo.TTFT, v.slo.Pass(), tc.okTTFT, tc.ok)
			}
		}
	}
}

// TestCapacityAtSLOLimitCounts: a level exactly at both SLO limits is a
// passing level of the capacity; one a hair past is where it ends.
func TestCapacityAtSLOLimitCounts(t *testing.T) {
	at := buildEdge(t, analyze.Options{}, edgeLevel(1, 100, 40), edgeLevel(2, 1000, 15), edgeLevel(4, 2000, 10))
	if c := at.Capacity.P90; c.Max != 2 || c.LowerBound {
		t.Errorf("at the limits: capacity %+v, want C_max 2", c)
	}
	past := buildEdge(t, analyze.Options{}, edgeLevel(1, 100, 40), edgeLevel(2, hairAbove(1000), 15), edgeLevel(4, 2000, 10))
	if c := past.Capacity.P90; c.Max != 1 {
		t.Errorf("a hair past the TTFT limit: capacity %+v, want C_max 1", c)
	}
}

// TestGoodputAtSLOLimitCounts: a request whose own TTFT is exactly at
// the SLO and whose TPS is exactly at it is a good one; a hair past
// either is not.
func TestGoodputAtSLOLimitCounts(t *testing.T) {
	ttfts := []float32{1000, math.Nextafter32(1000, 2000), 100, 100}
	tpss := []float32{15, 40, 15, math.Nextafter32(15, 0)}
	l := edgeLevel(1, 500, 30)
	l.Samples = &ingest.Samples{TTFT: ttfts, TPS: tpss}
	l.Requests, l.Errors = 4, 0
	got := buildEdge(t, analyze.Options{}, l).Levels[0].Goodput
	// Requests 1 and 3 are at the limits; 2 and 4 a hair past one.
	if got != 0.5 {
		t.Errorf("goodput = %v, want 0.5 (two of four at the limits)", got)
	}
}

// TestLoadReachedCountsFailedRequests: a concurrency-c run that sent c
// requests, some of which failed, held its load; one that sent c − 1
// did not. Sent is completed plus failed.
func TestLoadReachedCountsFailedRequests(t *testing.T) {
	for _, tc := range []struct {
		name             string
		requests, errors int
		reached          bool
	}{
		{"c completed", 4, 0, true},
		{"c − 1 completed", 3, 0, false},
		{"c − 1 completed and one failed", 3, 1, true},
		{"c − 2 completed and one failed", 2, 1, false},
		{"one completed, c − 1 failed", 1, 3, true},
		{"c − 1 completed, failures unknown", 3, -1, false},
		{"none completed, c − 1 failed", 0, 3, false},
		{"counts unknown", -1, -1, true},
	} {
		l := edgeLevel(4, 100, 40)
		l.Requests, l.Errors = tc.requests, tc.errors
		if got := buildEdge(t, analyze.Options{}, l).Levels[0].LoadReached; got != tc.reached {
			t.Errorf("%s (%d completed, %d failed at c=4): reached %v, want %v", tc.name, tc.requests, tc.errors, got, tc.reached)
		}
	}
}

// TestLoadReachedAtHalfInFlight: a concurrency run that held exactly
// Reach (half) of its concurrency in flight by Little's law (system
// req/s × mean latency) carried its load; a hair under did not.
func TestLoadReachedAtHalfInFlight(t *testing.T) {
	for _, tc := range []struct {
		name    string
		rps     float64 // × 5 s of mean latency, at c=8
		reached bool
	}{
		{"exactly half in flight", 0.8, true},
		{"a hair under half", hairBelow(0.8), false},
		{"all in flight", 1.6, true},
		{"throughput unknown", math.NaN(), true},
	} {
		l := edgeLevel(8, 100, 40)
		l.SystemRPS, l.Requests, l.Errors = tc.rps, 100, 0
		if got := buildEdge(t, analyze.Options{}, l).Levels[0].LoadReached; got != tc.reached {
			t.Errorf("%s (%v req/s × 5 s at c=8): reached %v, want %v", tc.name, tc.rps, got, tc.reached)
		}
	}
}

// TestRateReachedAtReachFraction: a rate run that delivered exactly
// Reach (half) of its offered rate carried its load; a hair under did
// not; an unbounded rate is always reached, and an unknown delivery
// counts as reached.
func TestRateReachedAtReachFraction(t *testing.T) {
	for _, tc := range []struct {
		name            string
		rate, delivered float64
		reached         bool
	}{
		{"exactly half delivered", 8, 4, true},
		{"a hair under half", 8, hairBelow(4), false},
		{"all delivered", 8, 8, true},
		{"nothing delivered", 8, 0, false},
		{"unbounded rate", math.Inf(1), 0.5, true},
		{"delivery unknown", 8, math.NaN(), true},
	} {
		l := edgeLevel(0, 100, 40)
		l.Rate, l.SystemRPS = tc.rate, tc.delivered
		if got := buildEdge(t, analyze.Options{}, l).Levels[0].LoadReached; got != tc.reached {
			t.Errorf("%s (%v of %v req/s): reached %v, want %v", tc.name, tc.delivered, tc.rate, got, tc.reached)
		}
	}
}

// TestCapsSwitchBeforeShortOption: a switch (an option without a value)
// followed by a short option keeps no value: "--enforce-eager -tp 2"
// is the switch --enforce-eager, never --enforce-eager=-tp; the limits
// after it are still read.
func TestCapsSwitchBeforeShortOption(t *testing.T) {
	for _, tc := range []struct{ cmd, want string }{
		{"vllm serve m --enforce-eager -tp 2 --max-num-seqs 8", "--model=m --enforce-eager= --max-num-seqs=8"},
		{"vllm serve m --enforce-eager --max-num-seqs 8", "--model=m --enforce-eager= --max-num-seqs=8"},
		{"vllm serve m --max-num-seqs 8 --enforce-eager", "--model=m --max-num-seqs=8 --enforce-eager="},
		{"vllm serve m --enforce-eager=true -tp 2", "--model=m --enforce-eager=true"},
	} {
		flags := analyze.ParseCommand(tc.cmd)
		var got []string
		for _, f := range flags {
			got = append(got, f.Flag+"="+f.Value)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%q: flags %v, want %s", tc.cmd, got, tc.want)
		}
		if caps := analyze.Caps(flags); strings.Contains(tc.cmd, "max-num-seqs") && (len(caps) != 1 || caps[0].Value != "8") {
			t.Errorf("%q: caps %+v, want --max-num-seqs 8", tc.cmd, caps)
		}
	}
}

// TestLoadNotReachedTellsTheCounts: the note on a level that did not
// carry its load gives the counts it rests on, a count of 0 as 0 (never
// as unknown), and the numbers of its kind: the concurrency for a
// concurrency run, the offered and delivered rates for a rate run.
func TestLoadNotReachedTellsTheCounts(t *testing.T) {
	none := edgeLevel(4, 100, 40)
	none.Requests, none.Errors = 0, 3
	r := buildEdges(t, analyze.Options{}, nil, ingest.Config{ID: "x", Levels: []ingest.Level{edgeLevel(1, 100, 40), none}})
	a := anomalyOf(r, analyze.LoadNotReached, "x", 4)
	if a == nil {
		t.Fatalf("no load_not_reached at c=4: %+v", r.Anomalies)
	}
	if v := a.Values; v["sent"] != 3 || v["completed"] != 0 || v["errors"] != 3 || v["concurrency"] != 4 || hasKey(v, "offered") {
		t.Errorf("concurrency run: values %v, want sent 3, completed 0, errors 3, concurrency 4, no offered rate", v)
	}
	if !strings.Contains(a.Message, "(3 requests sent,") {
		t.Errorf("concurrency run: %q does not say 3 requests were sent", a.Message)
	}
	rate := edgeLevel(0, 100, 40)
	rate.Rate, rate.SystemRPS = 8, 3
	r = buildEdges(t, analyze.Options{}, nil, ingest.Config{ID: "x", Levels: []ingest.Level{rate}})
	a = anomalyOf(r, analyze.LoadNotReached, "x", 8)
	if a == nil {
		t.Fatalf("no load_not_reached at 8 req/s: %+v", r.Anomalies)
	}
	if v := a.Values; v["offered"] != 8 || v["delivered"] != 3 || hasKey(v, "concurrency") {
		t.Errorf("rate run: values %v, want offered 8, delivered 3, no concurrency", v)
	}
}

func hasKey(v analyze.Numbers, k string) bool { _, ok := v[k]; return ok }

// anomalyOf is config's first anomaly of kind at load x, or nil.
func anomalyOf(r *analyze.Report, kind analyze.AnomalyKind, config string, x analyze.Load) *analyze.Anomaly {
	for i, a := range r.Anomalies {
		if a.Kind == kind && a.Config == config && a.Load == x {
			return &r.Anomalies[i]
		}
	}
	return nil
}

// TestMeasuredZeroThroughputIsDerived: a system throughput the tool
// reports as 0 is no measurement (nothing would have run); it is derived
// from the per-user figures as an absent one is. Any positive figure the
// tool reports is kept.
func TestMeasuredZeroThroughputIsDerived(t *testing.T) {
	for _, tc := range []struct {
		name                string
		outTPS, sysRPS      float64
		wantAggr, wantSysRP float64
	}{
		{"reported 0", 0, 0, 40 * 4, 4 / 5.0},
		{"reported", 150, 0.75, 150, 0.75},
		{"absent", math.NaN(), math.NaN(), 40 * 4, 4 / 5.0},
	} {
		l := edgeLevel(4, 100, 40)
		l.OutputTPS, l.SystemRPS = tc.outTPS, tc.sysRPS
		got := buildEdge(t, analyze.Options{}, l).Levels[0]
		if got.AggregateTPS != tc.wantAggr || got.SystemRPS != tc.wantSysRP {
			t.Errorf("%s: aggregate %v tok/s, system %v req/s; want %v, %v", tc.name, got.AggregateTPS, got.SystemRPS, tc.wantAggr, tc.wantSysRP)
		}
	}
}

// TestClosedLoopUsersNeedNoLatency: with a think time of 0 (closed
// loop) the users at C_max are C_max itself, latency known or not; with
// a think time, no latency leaves them unknown.
func TestClosedLoopUsersNeedNoLatency(t *testing.T) {
	zero, think := 0.0, 45.0
	for _, tc := range []struct {
		think *float64
		users int
	}{{&zero, 4}, {&think, analyze.UsersUnknown}} {
		var ls []ingest.Level
		for _, c := range []int{1, 4} {
			l := edgeLevel(c, 100, 40)
			l.Latency = ingest.NoStat()
			ls = append(ls, l)
		}
		c := buildEdge(t, analyze.Options{ThinkS: tc.think}, ls...).Capacity.P90
		if c.Max != 4 || c.Users != tc.users {
			t.Errorf("think %v s: C_max %v, users %d; want 4, %d", *tc.think, c.Max, c.Users, tc.users)
		}
	}
}

// TestSpeedupWithoutCommonLevel: a speculative config that shares no
// level with its direct one has no point to compare; it is not "never
// faster", and the levels each lacks are listed.
func TestSpeedupWithoutCommonLevel(t *testing.T) {
	r := buildEdges(t, analyze.Options{}, nil,
		ingest.Config{ID: "vllm-direct", Levels: []ingest.Level{edgeLevel(1, 100, 40), edgeLevel(2, 100, 40)}},
		ingest.Config{ID: "vllm-spec", Levels: []ingest.Level{edgeLevel(4, 100, 40), edgeLevel(8, 100, 40)}})
	if len(r.Speedups) != 1 {
		t.Fatalf("speedups %+v, want one pair", r.Speedups)
	}
	if s := r.Speedups[0]; len(s.Points) != 0 || s.NeverFaster || s.BreakEven != nil || len(s.Missing) != 4 {
		t.Errorf("no common level: %d points, never faster %v, break-even %v, missing %v; want none, false, nil, 1 2 4 8",
			len(s.Points), s.NeverFaster, s.BreakEven, s.Missing)
	}
}

// TestIntervalEdges: a value exactly at either end of a run-to-run
// interval lies within it, and two intervals that touch share a value
// (so their difference is within the noise); a hair off, they do not.
func TestIntervalEdges(t *testing.T) {
	iv := analyze.Interval{Low: 10, High: 20}
	for _, tc := range []struct {
		x    float64
		want bool
	}{{10, true}, {20, true}, {hairBelow(10), false}, {hairAbove(20), false}} {
		if got := iv.Contains(tc.x); got != tc.want {
			t.Errorf("[10, 20] contains %v: %v, want %v", tc.x, got, tc.want)
		}
	}
	for _, tc := range []struct {
		o    analyze.Interval
		want bool
	}{
		{analyze.Interval{Low: 20, High: 30}, true},
		{analyze.Interval{Low: 0, High: 10}, true},
		{analyze.Interval{Low: hairAbove(20), High: 30}, false},
		{analyze.Interval{Low: 0, High: hairBelow(10)}, false},
	} {
		if got, back := iv.Overlaps(tc.o), tc.o.Overlaps(iv); got != tc.want || back != tc.want {
			t.Errorf("[10, 20] and [%v, %v] overlap: %v and %v, want %v", tc.o.Low, tc.o.High, got, back, tc.want)
		}
	}
}

// rateEdge is a rate run at rate req/s delivering all of it with mean
// latency lat s: its effective concurrency is rate × lat.
func rateEdge(rate, lat float64) ingest.Level {
	l := edgeLevel(0, 100, 40)
	l.Rate, l.SystemRPS = rate, rate
	l.Latency.Mean, l.Latency.P90 = lat, lat
	return l
}

// TestLowLoadWindowAtHalfRequest: on a rate axis a level is low load
// while every config's effective concurrency rounds to at most 4 (as a
// rate run is placed at its rounded effective concurrency): 4.5 rounds
// to 5 and is not low load, a hair under it is.
func TestLowLoadWindowAtHalfRequest(t *testing.T) {
	for _, tc := range []struct {
		lat  float64 // at 1 req/s: the effective concurrency
		want []analyze.Load
	}{
		{4.5, []analyze.Load{0.5}},
		{hairBelow(4.5), []analyze.Load{0.5, 1}},
		{4, []analyze.Load{0.5, 1}},
	} {
		r := buildEdges(t, analyze.Options{}, nil,
			ingest.Config{ID: "a", Levels: []ingest.Level{rateEdge(0.5, 2), rateEdge(1, tc.lat), rateEdge(4, 6)}},
			ingest.Config{ID: "b", Levels: []ingest.Level{rateEdge(0.5, 2), rateEdge(1, 2), rateEdge(4, 6)}})
		var got []analyze.Load
		for _, s := range r.Scenarios {
			if s.Kind == analyze.Interactive {
				got = s.Levels
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("a holds %v in flight at 1 req/s: low-load window %v, want %v", tc.lat, got, tc.want)
		}
	}
}

// aggrEdge is a concurrency-c run whose tool reported aggr tok/s of
// aggregate output.
func aggrEdge(c int, aggr float64) ingest.Level {
	l := edgeLevel(c, 100, 40)
	l.OutputTPS = aggr
	return l
}

// aggrEdgeTTFT is aggrEdge with a P90 and mean TTFT of ttft ms.
func aggrEdgeTTFT(c int, aggr, ttft float64) ingest.Level {
	l := aggrEdge(c, aggr)
	l.TTFT.Mean, l.TTFT.P90 = ttft, ttft
	return l
}

// TestMaxThroughputPeak: the peak aggregate output is the first level
// that reaches the highest value (a plateau at the top is no sign of a
// still-rising output), among the levels within the SLOs (a TTFT of
// exactly the 1,000 ms limit is within, a hair over is not): a level
// past capacity delivers more, outside them. It is a lower bound only
// when the highest of several levels tested holds it, never for a config
// tested at one level, nor when the next level misses the SLOs. When no
// level meets them, the peak is over every level, and said to be.
func TestMaxThroughputPeak(t *testing.T) {
	for _, tc := range []struct {
		name   string
		levels []ingest.Level
		peak   analyze.Load
		bound  float64
		within float64
	}{
		{"plateau at the top", []ingest.Level{aggrEdge(1, 100), aggrEdge(2, 150), aggrEdge(4, 150)}, 2, 0, 1},
		{"rising at the top", []ingest.Level{aggrEdge(1, 100), aggrEdge(2, 150), aggrEdge(4, hairAbove(150))}, 4, 1, 1},
		{"one level", []ingest.Level{aggrEdge(2, 150)}, 2, 0, 1},
		{"past capacity left out", []ingest.Level{aggrEdge(1, 100), aggrEdge(2, 150), aggrEdgeTTFT(4, 300, hairAbove(1000))}, 2, 0, 1},
		{"at the SLO exactly", []ingest.Level{aggrEdge(1, 100), aggrEdge(2, 150), aggrEdgeTTFT(4, 300, 1000)}, 4, 1, 1},
		{"no level within the SLOs", []ingest.Level{aggrEdgeTTFT(1, 100, 2000), aggrEdgeTTFT(2, 150, 2000)}, 2, 1, 0},
	} {
		r := buildEdges(t, analyze.Options{}, nil, ingest.Config{ID: "x", Levels: tc.levels})
		var s *analyze.Scenario
		for i := range r.Scenarios {
			if r.Scenarios[i].Kind == analyze.MaxThroughput {
				s = &r.Scenarios[i]
			}
		}
		if s == nil || len(s.Levels) != 1 || s.Levels[0] != tc.peak || s.Values["lower_bound"] != tc.bound || s.Values["within_slo"] != tc.within {
			t.Errorf("%s: max throughput %+v, want the peak at %v, lower bound %v, within the SLOs %v", tc.name, s, tc.peak, tc.bound, tc.within)
		}
	}
}

// TestTPSDefinitionsDifferWithoutOutputLength: when the tools define
// per-user TPS differently, the low-load pick compares output tokens /
// latency only when the output length is known; without it, it says the
// definitions differ and keeps the TPS as given.
func TestTPSDefinitionsDifferWithoutOutputLength(t *testing.T) {
	n := 256
	withLength := &ingest.Manifest{}
	withLength.Benchmark.OutputTokens = &n
	for _, tc := range []struct {
		m      *ingest.Manifest
		basis  string
		differ float64
	}{{nil, "", 1}, {withLength, string(analyze.TPSEndToEnd), 0}} {
		a := ingest.Config{ID: "a", Levels: []ingest.Level{edgeLevel(1, 100, 40)}, Definitions: ingest.Definitions{TPS: "request"}}
		b := ingest.Config{ID: "b", Levels: []ingest.Level{edgeLevel(1, 100, 45)}, Definitions: ingest.Definitions{TPS: "decode"}}
		r := buildEdges(t, analyze.Options{}, tc.m, a, b)
		found := false
		for _, s := range r.Scenarios {
			if s.Kind != analyze.Interactive {
				continue
			}
			found = true
			if s.Basis != tc.basis || s.Values["definitions_differ"] != tc.differ {
				t.Errorf("output length known %v: basis %q, definitions_differ %v; want %q, %v", tc.m != nil, s.Basis, s.Values["definitions_differ"], tc.basis, tc.differ)
			}
		}
		if !found {
			t.Errorf("output length known %v: no low-load pick", tc.m != nil)
		}
	}
}

// stepEdge is a concurrency-c run with mean TTFT ttft ms, system
// throughput rps req/s and mean latency lat s.
func stepEdge(c int, ttft, rps, lat float64) ingest.Level {
	l := edgeLevel(c, ttft, 40)
	l.SystemRPS = rps
	l.Latency.Mean, l.Latency.P90 = lat, lat
	return l
}

// kinds lists config x's anomalies as "kind@load".
func kinds(r *analyze.Report) []string {
	var out []string
	for _, a := range r.Anomalies {
		out = append(out, string(a.Kind)+"@"+a.Load.String())
	}
	return out
}

// TestSaturationBoundaries: saturation is throughput growing by less
// than FlatGrowth (10 %) of the load step while latency rises; a step
// that grows exactly that much, or whose latency does not rise, is none.
// On a rate axis it is delivering less than 90 % of the offered rate. A
// later level exactly 10 % above the ceiling does not make it a dip; a
// hair more does.
func TestSaturationBoundaries(t *testing.T) {
	growth, ceiling := 1+analyze.FlatGrowth, 1.5
	ten := growth * ceiling // 10 % above the ceiling, computed as the check does
	for _, tc := range []struct {
		name   string
		levels []ingest.Level
		want   string // the anomalies, kind@load
	}{
		// c=1 → c=11: load ×11, throughput ×2 = 1 + 0.1 × (11 − 1).
		{"throughput grows exactly 10 % of the step", []ingest.Level{stepEdge(1, 100, 1, 1), stepEdge(11, 100, 2, 6)}, ""},
		{"a hair less", []ingest.Level{stepEdge(1, 100, 1, 1), stepEdge(11, 100, hairBelow(2), 6)}, "saturation@11"},
		{"flat throughput, latency the same", []ingest.Level{stepEdge(2, 100, 1, 2), stepEdge(4, 100, 1, 2)}, ""},
		{"flat throughput, latency a hair higher", []ingest.Level{stepEdge(2, 100, 1, 2), stepEdge(4, 100, 1, hairAbove(2))}, "saturation@4"},
		{"a later level exactly 10 % above the ceiling", []ingest.Level{stepEdge(1, 100, 1, 1), stepEdge(11, 100, 1.5, 8), stepEdge(16, 100, ten, 10)}, "saturation@11"},
		{"a later level a hair more", []ingest.Level{stepEdge(1, 100, 1, 1), stepEdge(11, 100, 1.5, 8), stepEdge(16, 100, hairAbove(ten), 10)}, "throughput_dip@11"},
	} {
		r := buildEdges(t, analyze.Options{}, nil, ingest.Config{ID: "x", Levels: tc.levels})
		if got := strings.Join(kinds(r), " "); got != tc.want {
			t.Errorf("%s: anomalies %q, want %q", tc.name, got, tc.want)
		}
	}
	for _, tc := range []struct {
		delivered float64 // of 10 req/s offered
		want      string
	}{{9, ""}, {hairBelow(9), "saturation@10"}} {
		ls := []ingest.Level{rateEdge(2, 1), rateEdge(10, 1)}
		ls[1].SystemRPS = tc.delivered
		r := buildEdges(t, analyze.Options{}, nil, ingest.Config{ID: "x", Levels: ls})
		if got := strings.Join(kinds(r), " "); got != tc.want {
			t.Errorf("rate axis, %v of 10 req/s delivered: anomalies %q, want %q", tc.delivered, got, tc.want)
		}
	}
}

// TestTTFTJumpBoundaries: a TTFT jump is mean TTFT growing JumpFactor
// (3×) or more, and faster than the load: exactly 3× is one, a hair
// under is none; growing exactly as fast as the load is none, a hair
// faster is one.
func TestTTFTJumpBoundaries(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    int     // the second level (the first is c=1, 100 ms)
		ttft float64 // at c
		want string
	}{
		{"exactly 3×", 2, 300, "scheduling_change@2"},
		{"a hair under 3×", 2, hairBelow(300), ""},
		{"as fast as the load", 4, 400, ""},
		{"a hair faster than the load", 4, hairAbove(400), "scheduling_change@4"},
	} {
		// Throughput grows with the load: no saturation.
		r := buildEdges(t, analyze.Options{}, nil, ingest.Config{ID: "x", Levels: []ingest.Level{
			stepEdge(1, 100, 1, 1), stepEdge(tc.c, tc.ttft, 0.95*float64(tc.c), 1.1)}})
		if got := strings.Join(kinds(r), " "); got != tc.want {
			t.Errorf("%s (100 → %v ms at c=1 → %d): anomalies %q, want %q", tc.name, tc.ttft, tc.c, got, tc.want)
		}
	}
}

// TestLatencyMismatchAtTolerance: a mean latency that differs from TTFT
// + ITL × (tokens − 1) by exactly MismatchTolerance (10 %) of itself is
// within it; a hair more is flagged.
func TestLatencyMismatchAtTolerance(t *testing.T) {
	n := 1001 // expected: 1 s + 8 ms × 1000 = 9 s
	m := &ingest.Manifest{}
	m.Benchmark.OutputTokens = &n
	for _, tc := range []struct {
		lat  float64
		want string
	}{{10, ""}, {hairAbove(10), "latency_mismatch@1"}} {
		l := stepEdge(1, 1000, 0.1, tc.lat)
		l.ITL.Mean, l.ITL.P90 = 8, 8
		l.TPS.Mean, l.TPS.P90 = 100, 100
		r := buildEdges(t, analyze.Options{}, m, ingest.Config{ID: "x", Levels: []ingest.Level{l}})
		if got := strings.Join(kinds(r), " "); got != tc.want {
			t.Errorf("latency %v s against 9 s expected: anomalies %q, want %q", tc.lat, got, tc.want)
		}
	}
}

// TestParseCommandOptionEdges: a short option right after the entry
// point is no positional model ("vllm serve -tp 2": no --model "-tp"),
// and "--" (the end of the options) is no flag.
func TestParseCommandOptionEdges(t *testing.T) {
	for _, tc := range []struct{ cmd, want string }{
		{"vllm serve -tp 2 --max-num-seqs 8", "--max-num-seqs=8"},
		{"vllm serve --model m --max-num-seqs 8", "--model=m --max-num-seqs=8"},
		{"vllm serve m --max-num-seqs 8 -- extra", "--model=m --max-num-seqs=8"},
	} {
		var got []string
		for _, f := range analyze.ParseCommand(tc.cmd) {
			got = append(got, f.Flag+"="+f.Value)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%q: flags %v, want %s", tc.cmd, got, tc.want)
		}
	}
}

// TestOutranks: a lower-bound capacity outranks a measured one it
// clearly exceeds (beyond the tie threshold), whatever its own limit;
// not one on par with it, not another lower bound, and a measured limit
// never outranks a lower bound above it.
func TestOutranks(t *testing.T) {
	pass := func(c int) ingest.Level { return edgeLevel(c, 100, 40) }
	fail := func(c int) ingest.Level { return edgeLevel(c, 2000, 40) }
	r := buildEdges(t, analyze.Options{}, nil,
		ingest.Config{ID: "bound", Levels: []ingest.Level{pass(1), pass(2), pass(4)}},
		ingest.Config{ID: "half", Levels: []ingest.Level{pass(1), pass(2), fail(4)}},
		ingest.Config{ID: "same", Levels: []ingest.Level{pass(1), pass(2), pass(4), fail(8)}},
		ingest.Config{ID: "other-bound", Levels: []ingest.Level{pass(1), pass(2)}},
	)
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"bound", "half", true},
		{"bound", "same", false},
		{"bound", "other-bound", false},
		{"half", "bound", false},
		{"same", "half", true},
		{"bound", "nowhere", false},
	} {
		if got := r.Outranks(tt.a, tt.b); got != tt.want {
			t.Errorf("Outranks(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestTPSLeaderAcrossDefinitions: where the tools define per-user TPS
// differently, the TPS section's leader is ranked on output tokens over
// mean latency for all (marked end_to_end) when the output length is
// known, and not ranked at all when it is not; with one definition, on
// the TPS as given.
func TestTPSLeaderAcrossDefinitions(t *testing.T) {
	n := 256
	withLength := &ingest.Manifest{}
	withLength.Benchmark.OutputTokens = &n
	// a is faster on its own definition (45 against 40 tok/s), b on
	// the common one (256 tokens in 4 s against 5 s).
	level := func(tps, latency float64) ingest.Level {
		l := edgeLevel(1, 100, tps)
		l.Latency.Mean, l.Latency.P90 = latency, latency
		return l
	}
	for _, tc := range []struct {
		name   string
		m      *ingest.Manifest
		defB   string
		leader string // "" for no TPS leader finding
		e2e    float64
	}{
		{"definitions differ, output length known", withLength, "decode", "b", 1},
		{"definitions differ, output length unknown", nil, "decode", "", 0},
		{"one definition", withLength, "request", "a", 0},
	} {
		a := ingest.Config{ID: "a", Levels: []ingest.Level{level(45, 5), level(30, 8)}, Definitions: ingest.Definitions{TPS: "request"}}
		b := ingest.Config{ID: "b", Levels: []ingest.Level{level(40, 4), level(20, 9)}, Definitions: ingest.Definitions{TPS: tc.defB}}
		a.Levels[1].Concurrency, b.Levels[1].Concurrency = 2, 2
		r := buildEdges(t, analyze.Options{}, tc.m, a, b)
		leader := ""
		var e2e float64
		for _, f := range r.Findings {
			if f.Kind == analyze.LeaderLow && f.Section == string(analyze.TPS) {
				leader, e2e = f.Configs[0], f.Values["end_to_end"]
			}
		}
		if leader != tc.leader || e2e != tc.e2e {
			t.Errorf("%s: TPS leader %q (end_to_end %v), want %q (%v)", tc.name, leader, e2e, tc.leader, tc.e2e)
		}
	}
}

// TestTPSEndToEndOutputLength: the TPS taken alike for every tool
// divides each level's own mean output length by its mean latency where
// the file reports one, the benchmark's stated length where it does
// not.
func TestTPSEndToEndOutputLength(t *testing.T) {
	m := analyze.MetricTPSEndToEnd(256)
	for _, tt := range []struct {
		tokens, latency, want float64
	}{{math.NaN(), 2, 128}, {0, 2, 128}, {246, 2, 123}, {math.Inf(1), 2, 128}} {
		l := analyze.Level{OutputTokens: tt.tokens, Latency: analyze.Stat{Mean: tt.latency}}
		if got := m.Value(l, analyze.Mean); got != tt.want {
			t.Errorf("output %v tokens in %v s: %v tok/s, want %v", tt.tokens, tt.latency, got, tt.want)
		}
	}
}

// TestPeakOutranks: a peak that is a lower bound outranks a measured
// peak it clearly exceeds (beyond the tie threshold: exactly 5 % above
// is clear), not one on par with it, not another bound; a measured peak
// never outranks a bound above it.
func TestPeakOutranks(t *testing.T) {
	r := buildEdges(t, analyze.Options{}, nil, ingest.Config{ID: "x", Levels: []ingest.Level{edgeLevel(1, 100, 40)}})
	bound := func(v float64) analyze.OutputPeak { return analyze.OutputPeak{Config: "a", Load: 32, Value: v, Bound: true} }
	peak := func(v float64) analyze.OutputPeak { return analyze.OutputPeak{Config: "b", Load: 16, Value: v} }
	for _, tt := range []struct {
		name string
		a, b analyze.OutputPeak
		want bool
	}{
		{"bound far above", bound(1584), peak(1222), true},
		{"bound exactly 5% above", bound(1050), peak(1000), true},
		{"bound on par", bound(1049), peak(1000), false},
		{"two bounds", bound(1584), analyze.OutputPeak{Config: "c", Load: 16, Value: 1064, Bound: true}, false},
		{"measured below a bound", peak(1000), bound(2000), false},
		{"measured far above measured", peak(2000), analyze.OutputPeak{Config: "c", Load: 8, Value: 1000}, true},
	} {
		if got := r.PeakOutranks(tt.a, tt.b); got != tt.want {
			t.Errorf("%s: PeakOutranks = %v, want %v", tt.name, got, tt.want)
		}
	}
}
