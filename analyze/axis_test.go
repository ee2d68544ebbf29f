package analyze_test

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
)

// rateRun is a run driven by request rate: no concurrency, the offered
// rate, the system's measured throughput and the mean latency (s).
func rateRun(rate, throughput, ttft, tps, latency float64) ingest.Level {
	l := levels([6]float64{0, ttft, ttft * 1.2, tps, tps * 1.1, latency})[0]
	l.Rate, l.SystemRPS, l.RPS = rate, throughput, math.NaN()
	return l
}

// TestRateAxis: when every run is driven by rate, the levels are the
// rates (∞ included), each keeps its effective concurrency (throughput ×
// mean latency), and capacity is R_max with users from the effective
// concurrency there: N = C × (1 + think / L).
func TestRateAxis(t *testing.T) {
	inf := math.Inf(1)
	r := build(t,
		ingest.Config{ID: "vllm-direct", Levels: []ingest.Level{
			rateRun(0.5, 0.5, 50, 120, 2), rateRun(2, 2, 60, 100, 2.5), rateRun(8, 7, 900, 30, 12), rateRun(inf, 8, 3000, 25, 20)}},
		ingest.Config{ID: "sglang-direct", Levels: []ingest.Level{
			rateRun(0.5, 0.5, 40, 125, 1.9), rateRun(2, 2, 45, 110, 2.2), rateRun(8, 8, 300, 40, 6), rateRun(inf, 9, 2000, 30, 11)}},
	)
	if r.Axis != analyze.AxisRate {
		t.Fatalf("axis = %q, want rate", r.Axis)
	}
	if want := []analyze.Load{0.5, 2, 8, analyze.Load(inf)}; len(r.Levels) != len(want) || r.Levels[0] != want[0] || r.Levels[2] != want[2] || !r.Levels[3].IsInf() {
		t.Errorf("levels = %v, want %v", r.Levels, want)
	}
	v := config(t, r, "vllm-direct")
	tests := []struct {
		load analyze.Load
		conc float64 // throughput × latency
	}{{0.5, 1}, {2, 5}, {8, 84}, {analyze.Load(inf), 160}}
	for i, tt := range tests {
		l := v.Levels[i]
		if l.Load != tt.load || math.Abs(l.Concurrency-tt.conc) > 1e-9 {
			t.Errorf("level %d = load %v, concurrency %v; want %v, %v", i, l.Load, l.Concurrency, tt.load, tt.conc)
		}
		// The aggregate is derived from the requests in flight.
		if want := l.TPS.Mean * tt.conc; math.Abs(l.AggregateTPS-want) > 1e-9 {
			t.Errorf("level %d aggregate = %v, want %v", i, l.AggregateTPS, want)
		}
	}
	// vLLM passes at 0.5 and 2 req/s (P90 TTFT 60, 72 ms; TPS 132, 110)
	// and fails TTFT at 8 (1080 ms): R_max 2, C = 2 × 2.5 = 5.
	c := v.Capacity.P90
	if c.Max != 2 || c.Concurrency != 5 || c.Users != analyze.LittleUsers(5, 45, 2.5) || c.Users != 95 {
		t.Errorf("vLLM capacity = %+v, want R_max 2, C 5, N 95", c)
	}
	// SGLang passes up to 8 req/s (P90 TTFT 360 ms): C = 8 × 6 = 48.
	if c := config(t, r, "sglang-direct").Capacity.P90; c.Max != 8 || c.Users != analyze.LittleUsers(48, 45, 6) {
		t.Errorf("SGLang capacity = %+v, want R_max 8, C 48", c)
	}
	// analysis.json writes the axis and an unbounded rate as "inf".
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"load_axis":"rate"`, `"levels":[0.5,2,8,"inf"]`, `"load":"inf"`, `"max_load":8`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("analysis.json lacks %s", want)
		}
	}
	// Anomaly messages name levels by rate.
	for _, a := range r.Anomalies {
		if strings.Contains(a.Message, "c=") {
			t.Errorf("anomaly names a concurrency on a rate axis: %s", a.Message)
		}
	}
}

// TestMixedAxis: rate runs among concurrency runs are placed at their
// effective concurrency, rounded, on a concurrency axis; two runs of one
// config landing on the same level are an error naming both.
func TestMixedAxis(t *testing.T) {
	conc := ingest.Config{ID: "vllm-direct", Levels: levels([6]float64{1, 50, 60, 100, 110, 2}, [6]float64{4, 60, 70, 90, 95, 2.5})}
	rate := ingest.Config{ID: "sglang-direct", Levels: []ingest.Level{rateRun(0.5, 0.5, 40, 125, 1.9), rateRun(2, 1.9, 45, 110, 2.2)}}
	r := build(t, conc, rate)
	if r.Axis != analyze.AxisConcurrency {
		t.Fatalf("axis = %q, want concurrency", r.Axis)
	}
	s := config(t, r, "sglang-direct")
	// 0.5 × 1.9 = 0.95 → c=1; 1.9 × 2.2 = 4.18 → c=4.
	if s.Levels[0].Load != 1 || s.Levels[1].Load != 4 || s.Levels[0].Rate != 0.5 || math.Abs(s.Levels[1].Concurrency-4.18) > 1e-9 {
		t.Errorf("rate runs placed at %+v, %+v", s.Levels[0], s.Levels[1])
	}
	clash := ingest.Config{ID: "tgi", Levels: []ingest.Level{rateRun(1, 1, 40, 125, 1.9), rateRun(1.2, 1.1, 45, 110, 2)}}
	clash.Levels[0].Pos = ingest.Pos{File: "tgi.jsonl", Line: 1}
	clash.Levels[1].Pos = ingest.Pos{File: "tgi.jsonl", Line: 2}
	_, err := analyze.Build(&ingest.Campaign{Name: "t", Configs: []ingest.Config{conc, clash}}, analyze.Options{Now: time.Now()})
	if err == nil || !strings.Contains(err.Error(), "tgi.jsonl:2") || !strings.Contains(err.Error(), "tgi.jsonl:1") || !strings.Contains(err.Error(), "c=2") {
		t.Errorf("clash error = %v", err)
	}
}

// TestRateAxisFixture builds a report from a real SGLang online rate
// sweep (../shared/fixtures, SOURCES.md): its first five runs, 1 … 16
// req/s, one workload. The file gives no request_throughput, so the
// system throughput is completed / duration, and the effective
// concurrency that × the mean e2e latency.
func TestRateAxisFixture(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "fixtures", "sglang", "llama33-70b-online-rate-sweep.jsonl"))
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	dir := filepath.Join(t.TempDir(), "sweep")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sglang-70b.jsonl"), []byte(strings.Join(lines[:5], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := ingest.Read(dir, ingest.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := analyze.Build(c, analyze.Options{Now: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	checkKinds(t, r)
	if r.Axis != analyze.AxisRate || len(r.Levels) != 5 || r.Levels[0] != 1 || r.Levels[4] != 16 {
		t.Fatalf("axis %q, levels %v; want rate, 1 … 16", r.Axis, r.Levels)
	}
	l := r.Configs[0].Levels[0]
	// 300 requests in 298.3676 s, mean e2e latency 7.8406 s.
	if want := 300 / 298.3675805060193 * 7.840616212638561; math.Abs(l.Concurrency-want) > 1e-9 {
		t.Errorf("effective concurrency at 1 req/s = %v, want %v", l.Concurrency, want)
	}
	if l.TTFT.P50 != 85.74514742940664 {
		t.Errorf("median TTFT at 1 req/s = %v", l.TTFT.P50)
	}
}

// TestRateAxisPeakAtInfinity: a peak at ∞ (every request sent at once)
// is a peak, not a lower bound: no more load can be offered, so the
// maximum-output scenario ranks it.
func TestRateAxisPeakAtInfinity(t *testing.T) {
	inf := math.Inf(1)
	r := build(t,
		ingest.Config{ID: "a", Levels: []ingest.Level{rateRun(1, 1, 50, 100, 2), rateRun(inf, 8, 3000, 25, 20)}},
		ingest.Config{ID: "b", Levels: []ingest.Level{rateRun(1, 1, 50, 100, 2), rateRun(inf, 10, 2000, 30, 11)}},
	)
	for _, s := range r.Scenarios {
		if s.Kind != analyze.MaxThroughput {
			continue
		}
		if s.Config != "a" || s.Values["lower_bound"] != 0 || s.Values["next_lower_bound"] != 0 {
			t.Errorf("max output at ∞: %+v, want a ranked (25 tok/s × 160 in flight against 30 × 110), no bounds", s)
		}
		return
	}
	t.Error("no maximum-output scenario")
}

// TestRateLeaderOnlyWhereNotDelivered: on a rate axis the system
// throughput (and output) leader at high load is told only where some
// configuration fell short of the offered rate there; where every one
// delivered it, their throughputs are the offered rate's and no leader
// is told.
func TestRateLeaderOnlyWhereNotDelivered(t *testing.T) {
	for _, tc := range []struct {
		name  string
		short float64 // the share of the offered rate vllm delivers from 2 req/s on
		want  bool
	}{{"both deliver", 1, false}, {"at the delivered share exactly", analyze.DeliveredShare, false},
		{"a hair under it", 0.9499, true}, {"one falls short", 0.7, true}} {
		r := build(t,
			ingest.Config{ID: "vllm-direct", Levels: []ingest.Level{
				rateRun(1, 1, 50, 120, 2), rateRun(2, 2*tc.short, 60, 100, 2.5), rateRun(4, 4*tc.short, 80, 90, 3)}},
			ingest.Config{ID: "sglang-direct", Levels: []ingest.Level{
				rateRun(1, 1, 40, 125, 1.9), rateRun(2, 2, 45, 110, 2.2), rateRun(4, 4, 70, 95, 2.6)}},
		)
		got := false
		for _, f := range r.Findings {
			if f.Kind == analyze.LeaderHigh && f.Section == string(analyze.SystemRPS) {
				got = true
			}
		}
		if got != tc.want {
			t.Errorf("%s: a system-throughput leader told %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestRateLeaderPairDelivered: the leader and its rival both delivered
// the offered rate: no leader is told, though a third configuration fell
// short there.
func TestRateLeaderPairDelivered(t *testing.T) {
	r := build(t,
		ingest.Config{ID: "vllm-direct", Levels: []ingest.Level{rateRun(1, 1, 50, 120, 2), rateRun(4, 4, 80, 90, 3)}},
		ingest.Config{ID: "sglang-direct", Levels: []ingest.Level{rateRun(1, 1, 40, 125, 1.9), rateRun(4, 4, 70, 95, 2.6)}},
		ingest.Config{ID: "vllm-eagle", Levels: []ingest.Level{rateRun(1, 1, 45, 150, 1.5), rateRun(4, 3, 90, 80, 3.5)}},
	)
	for _, f := range r.Findings {
		if f.Kind == analyze.AggregateLeader || f.Kind == analyze.LeaderHigh && (f.Section == string(analyze.SystemRPS) || f.Section == string(analyze.AggregateTPS)) {
			t.Errorf("a %s leader told between two configurations that both carried the offered rate: %v", f.Section, f.Configs)
		}
	}
}
