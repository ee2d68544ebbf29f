package analyze

import (
	"encoding/json"
	"maps"
	"math"
	"os"
	"path/filepath"
	"testing"
)

func TestRoundHalfUp(t *testing.T) {
	for _, tt := range []struct {
		in   float64
		want int
	}{{426.5, 427}, {426.49, 426}, {58.96, 59}, {0, 0}, {0.5, 1}, {717.07, 717},
		// Past int's range it saturates, NaN is 0: amd64 converted 4.5e18
		// users' overflow into -9223372036854775808. The largest float
		// under 2^63 is still exact, 2^63 itself saturates.
		{4.5e18, 4_500_000_000_000_000_000}, {9223372036854774784, 9223372036854774784},
		{9223372036854775808, math.MaxInt}, {1e19, math.MaxInt}, {math.Inf(1), math.MaxInt},
		{-9223372036854775808, math.MinInt}, {-1e19, math.MinInt}, {math.Inf(-1), math.MinInt}, {math.NaN(), 0}} {
		if got := RoundHalfUp(tt.in); got != tt.want {
			t.Errorf("RoundHalfUp(%v) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestLittleUsers(t *testing.T) {
	for _, tt := range []struct {
		c, think, latency float64
		want              int
	}{
		{32, 45, 3.65, 427}, // 32 × (1 + 45/3.65) = 426.52
		{2, 45, 1.58, 59},   // 58.96
		{64, 45, 4.66, 682}, // 682.06
		{32, 45, 9.28, 187}, // 187.17
		{0, 45, 1, 0},       // no capacity
		{8, 45, 0, 0},       // no latency
		{8, 0, 2, 8},        // no think time: just the requests in flight
		{8, 0, 0, 8},        // a closed loop needs no latency: N = C
		{8, 0, math.NaN(), 8},
		{2.5, 0, 1, 3}, // a rate run's effective concurrency, rounded half up
		{4, 45, math.NaN(), 0},
		{3.6, 30, 1.8, 64},      // a rate run's effective concurrency: 3.6 × (1 + 30/1.8) = 63.6
		{math.Inf(1), 45, 2, 0}, // no finite load
		{math.NaN(), 45, 2, 0},
	} {
		if got := LittleUsers(tt.c, tt.think, tt.latency); got != tt.want {
			t.Errorf("LittleUsers(%v, %v, %v) = %d, want %d", tt.c, tt.think, tt.latency, got, tt.want)
		}
	}
}

func TestCrossing(t *testing.T) {
	for _, tt := range []struct {
		name   string
		xs, ys []float64
		want   float64
		ok     bool
	}{
		{"vLLM seed", []float64{1, 2, 4, 8, 16}, []float64{1.8618, 1.5450, 1.3589, 1.1297, 0.9920}, 15.37, true},
		{"midway in log2", []float64{4, 16}, []float64{1.5, 0.5}, 8, true},
		{"exactly 1 at the second point", []float64{2, 4}, []float64{1.2, 1.0}, 4, true},
		{"never crosses", []float64{1, 2}, []float64{1.5, 1.2}, 0, false},
		{"starts below", []float64{1, 2}, []float64{0.9, 0.8}, 0, false},
		{"first crossing wins", []float64{1, 2, 4, 8}, []float64{1.2, 0.8, 1.1, 0.9}, 1.4142, true},
	} {
		got, ok := Crossing(tt.xs, tt.ys)
		if ok != tt.ok || (ok && math.Abs(got-tt.want) > 0.01) {
			t.Errorf("%s: Crossing = %v, %v; want %v, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
}

func TestRatio(t *testing.T) {
	if r := Ratio(187.74, 100.84); math.Abs(r-1.8618) > 1e-4 {
		t.Errorf("Ratio = %v", r)
	}
	if !math.IsNaN(Ratio(1, 0)) || !math.IsNaN(Ratio(1, math.NaN())) {
		t.Error("Ratio by zero or NaN is not NaN")
	}
}

func TestRelSource(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	here := filepath.Base(wd)
	tests := []struct{ dir, src, want string }{
		{"samples/kimi", "samples/kimi/vllm-direct.csv", "kimi/vllm-direct.csv"},
		{"samples/kimi/", "samples/kimi/vllm-direct.csv:12", "kimi/vllm-direct.csv:12"},
		{"/data/run", "/data/run/aiperf/agent-c2.json", "run/aiperf/agent-c2.json"},
		{"in", "in/vllm-eagle.zip!table.csv", "in/vllm-eagle.zip!table.csv"},
		{".", "vllm.csv", here + "/vllm.csv"},
		{"", "x.csv", "x.csv"},
		{"/data/run", "/elsewhere/x.csv", "/elsewhere/x.csv"},
	}
	for _, tt := range tests {
		if got := relSource(tt.dir, tt.src); got != tt.want {
			t.Errorf("relSource(%q, %q) = %q, want %q", tt.dir, tt.src, got, tt.want)
		}
	}
}

// TestSLOValue covers the statistic each SLO is checked against, with
// the stand-ins for what a source lacks and "none" when nothing fits.
func TestSLOValue(t *testing.T) {
	n := math.NaN()
	tests := []struct {
		name  string
		s     Stat
		p     Percentile
		lower bool
		want  float64
		stat  string
	}{
		{"p90 time", Stat{Mean: 1, P10: n, P50: 2, P90: 3, P99: 4}, P90, true, 3, ""},
		{"p90 time from p99", Stat{Mean: 1, P10: n, P50: 2, P90: n, P99: 4}, P90, true, 4, "p99"},
		{"p90 time, median only", Stat{Mean: n, P10: n, P50: 2, P90: n, P99: n}, P90, true, n, StatNone},
		{"p90 rate slow tail", Stat{Mean: 50, P10: 30, P50: 50, P90: 70, P99: n}, P90, false, 30, "p10"},
		{"p90 rate as reported", Stat{Mean: 50, P10: n, P50: 50, P90: 70, P99: n}, P90, false, 70, ""},
		{"p90 rate from median", Stat{Mean: n, P10: n, P50: 50, P90: n, P99: n}, P90, false, 50, "p50"},
		{"p90 rate, nothing", Stat{Mean: 50, P10: n, P50: n, P90: n, P99: n}, P90, false, n, StatNone},
		{"mean", Stat{Mean: 1, P10: n, P50: 2, P90: n, P99: n}, Mean, true, 1, ""},
		{"mean from median", Stat{Mean: n, P10: n, P50: 2, P90: 3, P99: n}, Mean, true, 2, "p50"},
		{"mean, nothing", Stat{Mean: n, P10: n, P50: n, P90: 3, P99: n}, Mean, false, n, StatNone},
	}
	for _, tt := range tests {
		got, stat := tt.s.SLOValue(tt.p, tt.lower)
		if stat != tt.stat || !(got == tt.want || math.IsNaN(got) && math.IsNaN(tt.want)) {
			t.Errorf("%s: SLOValue = %v, %q; want %v, %q", tt.name, got, stat, tt.want, tt.stat)
		}
	}
}

func TestTextJSON(t *testing.T) {
	for _, tt := range []struct {
		t    Text
		want string
	}{
		{Text{"": "vLLM"}, `"vLLM"`},
		{Text{"en": "A", "tr": "B"}, `{"en":"A","tr":"B"}`},
		{Text{"": "x", "tr": "y"}, `{"":"x","tr":"y"}`},
	} {
		b, err := json.Marshal(tt.t)
		if err != nil || string(b) != tt.want {
			t.Errorf("%v → %s, %v; want %s", tt.t, b, err, tt.want)
		}
		var back Text
		if err := json.Unmarshal(b, &back); err != nil || !maps.Equal(back, tt.t) {
			t.Errorf("%s read back as %v, %v", b, back, err)
		}
	}
}

// TestUsersCapAtBoundary: a capacity counts at most MaxUsers users:
// exactly at the cap it is counted, one past it is refused naming the
// level and the rule; a kimi row of latency 1 µs (within the input's
// floor) with 45 s of think time is 1.44 billion users, refused.
func TestUsersCapAtBoundary(t *testing.T) {
	level := func(c, lat float64) []Level {
		return []Level{{Load: Load(c), Concurrency: c, LoadReached: true, Latency: Stat{Mean: lat},
			SLO:    SLOVerdicts{P90: SLOVerdict{TTFT: true, TPS: true}, Mean: SLOVerdict{TTFT: true, TPS: true}},
			Source: "kimi/vllm-direct.csv:7"}}
	}
	cp, err := capacity(level(MaxUsers, 2), P90, 0, AxisConcurrency)
	if err != nil || cp.Users != MaxUsers {
		t.Errorf("at the cap: %+v, %v", cp, err)
	}
	if _, err := capacity(level(MaxUsers+1, 2), P90, 0, AxisConcurrency); err == nil {
		t.Error("one user past the cap was counted")
	}
	cp, err = capacity(level(1000, 1), Mean, 999_999, AxisConcurrency) // 1000 × (1 + 999999) = 1e9
	if err != nil || cp.Users != MaxUsers {
		t.Errorf("at the cap with a think time: %+v, %v", cp, err)
	}
	_, err = capacity(level(32, 1e-6), P90, 45, AxisConcurrency)
	want := "kimi/vllm-direct.csv:7: p90 capacity at c=32: users = C × (1 + think / L_mean) = 32 × (1 + 45 s / 1e-06 s) = 1.44e+09; expected at most 1000000000: a mean latency of 1e-06 s is too short for a request"
	if err == nil || err.Error() != want {
		t.Errorf("latency 1 µs\n got %v\nwant %s", err, want)
	}
}
