package analyze_test

import (
	"slices"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
)

// TestFragileAtTwentyRequests: a tail percentile of fewer than 20
// requests is fragile; of exactly 20 it is not. The count is the
// requests the source gives, else the manifest's rounds × c; unknown
// without either.
func TestFragileAtTwentyRequests(t *testing.T) {
	counted := func(c, n int) ingest.Level {
		l := edgeLevel(c, 100, 40)
		l.Requests, l.Errors = n, 0
		return l
	}
	cfg := buildEdge(t, analyze.Options{}, counted(1, 19), counted(2, 20), edgeLevel(4, 100, 40))
	for i, want := range []struct {
		size    int
		fragile bool
	}{{19, true}, {20, false}, {-1, false}} {
		if l := cfg.Levels[i]; l.SampleSize != want.size || l.Fragile != want.fragile || l.SampleFromRounds {
			t.Errorf("c=%v: sample %d, fragile %v; want %d, %v", l.Load, l.SampleSize, l.Fragile, want.size, want.fragile)
		}
	}
	rounds := 10
	m := &ingest.Manifest{}
	m.Benchmark.Rounds = &rounds
	r := buildEdges(t, analyze.Options{}, m, ingest.Config{ID: "x", Levels: []ingest.Level{edgeLevel(1, 100, 40), edgeLevel(2, 100, 40)}})
	if l := r.Configs[0].Levels; l[0].SampleSize != 10 || !l[0].Fragile || !l[0].SampleFromRounds || l[1].SampleSize != 20 || l[1].Fragile {
		t.Errorf("from 10 rounds: c=1 %d (%v), c=2 %d (%v); want 10 fragile, 20 not", l[0].SampleSize, l[0].Fragile, l[1].SampleSize, l[1].Fragile)
	}
}

// TestVerdictsSayTheyAreFragile: a verdict resting on a fragile tail
// percentile lists its level: the low-load picks, whose SLO filter reads
// P90 over the window; a capacity decided at a fragile level; an SLO
// boundary at one. At the mean nothing is fragile.
func TestVerdictsSayTheyAreFragile(t *testing.T) {
	rounds := 10
	m := &ingest.Manifest{}
	m.Benchmark.Rounds = &rounds
	// c=1: 10 requests; c=2: 20; c=4: 40. b fails TTFT at c=2.
	a := ingest.Config{ID: "a", Levels: levels(passing(1, 1), passing(2, 1.1), passing(4, 1.2), failing(8, 2))}
	b := ingest.Config{ID: "b", Levels: levels(passing(1, 1.3), failing(2, 1.5), failing(4, 1.6), failing(8, 2))}
	r := buildEdges(t, analyze.Options{}, m, a, b)
	if s := scenario(r, analyze.Interactive); s == nil || !slices.Equal(s.Fragile, []analyze.Load{1}) {
		t.Errorf("interactive pick over c ≤ 4: %+v, want fragile at c=1", s)
	}
	// a's capacity is decided at c=4 and c=8, b's at c=1 (passes, 10
	// requests) and c=2 (fails, 20): fragile at c=1.
	if f := headline(r, analyze.CapacityLeader); f == nil || !slices.Equal(f.Fragile, []analyze.Load{1}) {
		t.Errorf("capacity: %+v, want fragile at c=1", f)
	}
	for _, f := range r.Findings {
		if f.Kind == analyze.SLOBoundary && f.Configs[0] == "b" && f.Section == "ttft_ms" && !slices.Equal(f.Fragile, []analyze.Load{1}) {
			t.Errorf("b's TTFT boundary c=1 → c=2: fragile %v, want [1]", f.Fragile)
		}
	}
	p := analyze.Mean
	r = buildEdges(t, analyze.Options{Percentile: p}, m, a, b)
	if s := scenario(r, analyze.Interactive); s == nil || s.Fragile != nil {
		t.Errorf("at the mean: %+v, want nothing fragile", s)
	}
}
