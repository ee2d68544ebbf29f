package analyze_test

import (
	"math"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
)

// queueRun is a rate run at rate req/s delivering delivered of it, with
// mean TTFT ttft ms (P90 1.2× it), per-user TPS tps (mean and P90) and
// mean latency lat s.
func queueRun(rate, delivered, ttft, tps, lat float64) ingest.Level {
	l := edgeLevel(0, ttft, tps)
	l.TTFT.P90 = ttft * 1.2
	l.Rate, l.SystemRPS = rate, delivered
	l.Latency.Mean, l.Latency.P90 = lat, lat*1.1
	return l
}

// queuePair is a direct and a speculative config on one engine over
// rates 1, 2, 4, 8 req/s: the speculative one 1.5× faster per user with
// 40 % shorter requests at 1–4 req/s, both delivering within the SLOs
// (TTFT ≤ 1,000 ms at P90, TPS ≥ 15); at 8 req/s spec is given by top.
func queuePair(top ingest.Level) (direct, spec ingest.Config) {
	direct = ingest.Config{ID: "vllm-direct", Levels: []ingest.Level{
		queueRun(1, 1, 50, 100, 2), queueRun(2, 2, 60, 90, 2.2), queueRun(4, 4, 80, 80, 2.5), queueRun(8, 8, 300, 40, 5)}}
	spec = ingest.Config{ID: "vllm-spec", Levels: []ingest.Level{
		queueRun(1, 1, 55, 150, 1.2), queueRun(2, 2, 65, 135, 1.3), queueRun(4, 4, 90, 120, 1.5), top}}
	return direct, spec
}

// TestSpeedupSeesTheQueue: speculative decoding pays off at a level only
// where it is faster per user beyond the tie threshold, no slower end to
// end beyond it, and both configs deliver the offered load (on a rate
// axis at least 95 % of it) within the SLOs. The window it pays off in
// stops at the first level that fails any of these, and the ratio is
// not interpolated across a level where the queue shows. Each threshold
// at its boundary.
func TestSpeedupSeesTheQueue(t *testing.T) {
	for _, tc := range []struct {
		name   string
		top    ingest.Level // spec at 8 req/s; direct there: 8 of 8 req/s, 300 ms, 40 tok/s, 5 s
		pays   bool
		interp bool
	}{
		// The reader review's case: per user on par (0.99×), but 6.2 of
		// 8 req/s delivered and the TTFT SLO missed.
		{"the queue the ratio cannot see", queueRun(8, 6.2, 3900, 39.6, 10.8), false, false},
		{"exactly 95 % delivered", queueRun(8, 7.6, 300, 60, 4), true, false},
		{"a hair under 95 % delivered", queueRun(8, hairBelow(7.6), 300, 60, 4), false, false},
		{"latency exactly 5 % longer: worse", queueRun(8, 8, 300, 60, 5.25), false, false},
		{"latency a hair under 5 % longer: on par", queueRun(8, 8, 300, 60, hairBelow(5.25)), true, false},
		{"TTFT exactly at its SLO", queueRun(8, 8, 1000/1.2, 60, 4), true, false},
		{"TTFT a hair past its SLO", queueRun(8, 8, hairAbove(1000/1.2), 60, 4), false, false},
		// On par per user, delivering within the SLOs: the ratio crosses
		// 1.0 between 4 and 8 req/s, and that is interpolated.
		{"on par per user within the SLOs", queueRun(8, 8, 300, 39.6, 5), false, true},
	} {
		direct, spec := queuePair(tc.top)
		r := buildEdges(t, analyze.Options{}, nil, direct, spec)
		if len(r.Speedups) != 1 {
			t.Fatalf("%s: %d speedups", tc.name, len(r.Speedups))
		}
		s := r.Speedups[0]
		if s.PaysOffFrom == nil || *s.PaysOffFrom != 1 {
			t.Errorf("%s: pays off from %v, want 1 req/s", tc.name, s.PaysOffFrom)
			continue
		}
		wantUpTo := analyze.Load(4)
		if tc.pays {
			wantUpTo = 8
		}
		if *s.PaysOffUpTo != wantUpTo || (s.BreakEven != nil) == tc.pays {
			t.Errorf("%s: pays off up to %v, break-even %v; want up to %v", tc.name, *s.PaysOffUpTo, s.BreakEven, wantUpTo)
		}
		if (s.BreakEvenInterpolated != nil) != tc.interp {
			t.Errorf("%s: interpolated %v, want %v", tc.name, s.BreakEvenInterpolated, tc.interp)
		}
	}
}

// TestUnboundedRateNeverDelivered: at ∞ requests queue by construction:
// no speculative gain counts there.
func TestUnboundedRateNeverDelivered(t *testing.T) {
	direct, spec := queuePair(queueRun(8, 8, 300, 60, 4))
	direct.Levels = append(direct.Levels, queueRun(math.Inf(1), 9, 400, 35, 6))
	spec.Levels = append(spec.Levels, queueRun(math.Inf(1), 9, 400, 50, 4))
	s := buildEdges(t, analyze.Options{}, nil, direct, spec).Speedups[0]
	last := s.Points[len(s.Points)-1]
	if !last.Load.IsInf() || last.Delivered || last.PaysOff || s.BreakEven == nil || !s.BreakEven.IsInf() || *s.PaysOffUpTo != 8 {
		t.Errorf("at ∞: %+v; window up to %v, break-even %v", last, *s.PaysOffUpTo, s.BreakEven)
	}
}

// TestBreakEvenFindingTellsTheWindow: the headline finding carries the
// window, the users it holds (the speculative config's, by Little's
// law at the think time) and what fails at the break-even level.
func TestBreakEvenFindingTellsTheWindow(t *testing.T) {
	direct, spec := queuePair(queueRun(8, 6.2, 3900, 39.6, 10.8))
	r := buildEdges(t, analyze.Options{}, nil, direct, spec)
	f := headline(r, analyze.SpecBreakEven)
	if f == nil {
		t.Fatal("no break-even finding")
	}
	// At 4 req/s spec holds 4 × 1.5 = 6 in flight: 6 × (1 + 45 / 1.5) = 186 users.
	want := map[string]float64{"level": 8, "from": 1, "up_to": 4, "users": 186, "delivered": 0, "slo_met": 0}
	for k, v := range want {
		if f.Values[k] != v {
			t.Errorf("%s = %v, want %v", k, f.Values[k], v)
		}
	}
	if _, ok := f.Values["interpolated"]; ok {
		t.Error("interpolated across a level that does not deliver its load")
	}
}
