package analyze_test

import (
	"math"
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
	opt.Now = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r, err := analyze.Build(&ingest.Campaign{Name: "t", Configs: []ingest.Config{{ID: "x", Levels: levels}}}, opt)
	if err != nil {
		t.Fatal(err)
	}
	return r.Configs[0]
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
