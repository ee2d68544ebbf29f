package analyze_test

import (
	"slices"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
)

// tiePair is two configs whose capacities are on par (C_max = 4, the
// same latency there, so the same users; c=8 fails TTFT): b's P90 TTFT
// at c=4 is bTTFT against a's 950 ms (5 % under the 1,000 ms SLO; TPS
// far above its SLO, so TTFT binds), and a's requests at c=2 are 20 %
// shorter, so that neither is better everywhere.
func tiePair(bTTFT float64) (a, b ingest.Config) {
	a = ingest.Config{ID: "a", Levels: levels([6]float64{2, 100, 120, 40, 45, 1}, [6]float64{4, 800, 950, 40, 45, 2}, failing(8, 3))}
	b = ingest.Config{ID: "b", Levels: levels([6]float64{2, 100, 120, 40, 45, 1.2}, [6]float64{4, 800, bTTFT, 40, 45, 2}, failing(8, 3))}
	return a, b
}

// TestCapacityTieBrokenByHeadroom: on par on capacity, the config with
// at least the tie threshold (5 percentage points) more SLO headroom at
// the shared C_max leads; a hair less, and with neither better
// everywhere, there is no clear winner.
func TestCapacityTieBrokenByHeadroom(t *testing.T) {
	a, b := tiePair(900) // 10 % headroom against a's 5 %: exactly 5 points
	r := build(t, a, b)
	f := headline(r, analyze.CapacityLeader)
	if f == nil || f.Tie || f.Configs[0] != "b" || f.TieBreak != analyze.TieBreakHeadroom || len(f.TieRivals) != 1 ||
		f.TieRivals[0] != (analyze.TieRival{Config: "a", By: analyze.TieBreakHeadroom, Headroom: f.TieRivals[0].Headroom}) {
		t.Fatalf("5 points more headroom: %+v", f)
	}
	if h := f.TieRivals[0].Headroom; h < 0.0499 || h > 0.0501 || f.Values["headroom"] < 0.0999 || f.Values["headroom"] > 0.1001 {
		t.Errorf("headrooms %v (b) and %v (a), want 10 %% and 5 %%", f.Values["headroom"], h)
	}
	if s := scenario(r, analyze.HighLoad); s == nil || s.Tie || s.Config != "b" || s.TieBreak != analyze.TieBreakHeadroom {
		t.Errorf("high load: %+v", s)
	}
	a, b = tiePair(hairAbove(900))
	r = build(t, a, b)
	if f := headline(r, analyze.CapacityLeader); f == nil || !f.Tie || f.TieBreak != "" {
		t.Errorf("a hair under 5 points, neither better everywhere: %+v", f)
	}
	if s := scenario(r, analyze.HighLoad); s == nil || !s.Tie {
		t.Errorf("high load: %+v", s)
	}
	// With a tie threshold of 0, equal headroom decides nothing (a
	// leads by dominance instead: its requests at c=2 are shorter).
	a, b = tiePair(950)
	r = buildEdges(t, analyze.Options{TiePct: ptr(0)}, nil, a, b)
	if f := headline(r, analyze.CapacityLeader); f == nil || f.TieBreak != analyze.TieBreakDominance || f.Configs[0] != "a" {
		t.Errorf("equal headroom at a 0 %% threshold: %+v", f)
	}
}

// TestCapacityTieBrokenByDominance: where headroom does not decide (less
// than 5 points apart), a config never worse on any scored statistic at
// any level, and better on one, leads; lower bounds, which are never
// ranked on capacity, included. One comparison the other wins, and
// there is none.
func TestCapacityTieBrokenByDominance(t *testing.T) {
	// Both pass every level: lower bounds. a's TTFT is 8 % lower
	// (headroom 88 % against 87 %, 1 point), everything else alike.
	a := ingest.Config{ID: "a", Levels: levels([6]float64{1, 100, 120, 40, 45, 1}, [6]float64{4, 100, 120, 40, 45, 2})}
	b := ingest.Config{ID: "b", Levels: levels([6]float64{1, 108, 130, 40, 45, 1}, [6]float64{4, 108, 130, 40, 45, 2})}
	r := build(t, b, a)
	f := headline(r, analyze.CapacityLeader, analyze.CapacityUnranked)
	if f == nil || f.Kind != analyze.CapacityLeader || f.Configs[0] != "a" || f.TieBreak != analyze.TieBreakDominance || f.Values["lower_bound"] != 1 {
		t.Fatalf("a dominates b: %+v", f)
	}
	// Dominance must reach the rival's capacity level: a, tested only up
	// to c=2 where it is better, says nothing of b at c=4.
	short := ingest.Config{ID: "a", Levels: levels([6]float64{1, 100, 120, 40, 45, 1}, [6]float64{2, 100, 120, 40, 45, 1.5})}
	wide := ingest.Config{ID: "b", Levels: levels([6]float64{1, 108, 130, 40, 45, 1}, [6]float64{2, 108, 130, 40, 45, 1.5}, [6]float64{4, 108, 130, 40, 45, 2})}
	if f := headline(build(t, wide, short), analyze.CapacityLeader, analyze.CapacityUnranked); f == nil || f.Kind != analyze.CapacityUnranked {
		t.Errorf("dominance short of the rival's capacity level: %+v", f)
	}
	// b's requests at c=1 are 10 % shorter: it wins one comparison.
	b.Levels[0].Latency.Mean = 0.9
	r = build(t, b, a)
	if f := headline(r, analyze.CapacityLeader, analyze.CapacityUnranked); f == nil || f.Kind != analyze.CapacityUnranked {
		t.Errorf("neither dominates: %+v", f)
	}
}

// TestHeadroomBinds: the headroom is the smaller of TTFT's and TPS's,
// each as a fraction of its threshold, on the values the SLOs check.
func TestHeadroomBinds(t *testing.T) {
	p := analyze.DefaultParams() // 1,000 ms, 15 tok/s
	for _, tc := range []struct {
		ttft, tps float64
		h         float64
		metric    analyze.MetricID
	}{
		{900, 30, 0.1, analyze.TTFT},  // TTFT 10 %, TPS 100 %
		{100, 16.5, 0.1, analyze.TPS}, // TTFT 90 %, TPS 10 %
	} {
		l := buildEdge(t, analyze.Options{}, edgeLevel(4, tc.ttft, tc.tps)).Levels[0]
		h, m, _ := analyze.Headroom(l, p, analyze.P90)
		if h < tc.h-1e-9 || h > tc.h+1e-9 || m != tc.metric {
			t.Errorf("TTFT %v, TPS %v: headroom %v on %s, want %v on %s", tc.ttft, tc.tps, h, m, tc.h, tc.metric)
		}
	}
}

// TestOperatingPoint: high load is the highest common level at which at
// least one config meets the SLOs; above it every level is overload,
// and the findings "at high load" compare there.
func TestOperatingPoint(t *testing.T) {
	a := ingest.Config{ID: "a", Levels: levels(passing(1, 1), passing(2, 1.1), passing(4, 1.2), failing(8, 2))}
	b := ingest.Config{ID: "b", Levels: levels(passing(1, 1), passing(2, 1.1), failing(4, 1.5), failing(8, 2))}
	r := build(t, a, b)
	if r.OperatingPoint == nil || *r.OperatingPoint != 4 || !slices.Equal(r.Overload, []analyze.Load{8}) || r.HighLoad() != 4 {
		t.Errorf("operating point %v, overload %v, high load %v; want 4, [8], 4", r.OperatingPoint, r.Overload, r.HighLoad())
	}
	for _, f := range r.Findings {
		if f.Kind == analyze.LeaderHigh && f.Levels[0] != 4 {
			t.Errorf("%s leader at high load compared at %v, want 4", f.Section, f.Levels[0])
		}
	}
	// No config meets the SLOs anywhere: no operating point; high load
	// stays the highest common level, every level overload.
	r = build(t, ingest.Config{ID: "a", Levels: levels(failing(1, 1), failing(2, 2))}, ingest.Config{ID: "b", Levels: levels(failing(1, 1), failing(2, 2))})
	if r.OperatingPoint != nil || !slices.Equal(r.Overload, []analyze.Load{1, 2}) || r.HighLoad() != 2 {
		t.Errorf("none passes: operating point %v, overload %v, high load %v", r.OperatingPoint, r.Overload, r.HighLoad())
	}
}
