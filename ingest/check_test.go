package ingest

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"
)

// TestConfigWithoutLevelsRefused: a configuration that a reader left
// with no level is refused by the check every configuration passes,
// naming its file: the analysis and the charts never see one.
func TestConfigWithoutLevelsRefused(t *testing.T) {
	err := checkConfig("r/a.csv", Config{})
	want := "r/a.csv: holds no load level; expected at least one run at a concurrency or a request rate"
	if err == nil || err.Error() != want {
		t.Fatalf("error\n got %v\nwant %s", err, want)
	}
}

// TestSweepCSVRunWithoutRunNumberKept: a summary.csv row without a
// run_number (none in the header, or an empty cell) is a run, as in the
// per-point summary.json, not dropped: a file without a load column
// then says that its run states no concurrency, instead of leaving a
// configuration without levels (which panicked the charts).
func TestSweepCSVRunWithoutRunNumberKept(t *testing.T) {
	for name, in := range map[string]string{
		"no column":  "mean_ttft_ms,p90_ttft_ms,mean_tpot_ms,p90_tpot_ms,mean_e2el_ms,completed,duration\n50,60,8,9,2000,10,20\n",
		"empty cell": ",mean_ttft_ms,mean_tpot_ms,mean_e2el_ms,run_number\n0,50,8,2000,\n",
	} {
		levels, _, _, err := readVLLMSweepCSV("a.csv", []byte(in))
		if err != nil || len(levels) != 1 || levels[0].TTFT.Mean != 50 {
			t.Errorf("%s: levels %+v, error %v; want the row's run", name, levels, err)
		}
	}
	dir := writeTree(t, map[string]string{"a.csv": "mean_ttft_ms,p90_ttft_ms,mean_tpot_ms,p90_tpot_ms,mean_e2el_ms,completed,duration\n50,60,8,9,2000,10,20\n"})
	_, err := Read(dir, ReadOptions{})
	if err == nil || !errors.Is(err, ErrNoConcurrency) || !strings.Contains(err.Error(), "a.csv:2: ") {
		t.Errorf("a sweep row without a load: error %v; want ErrNoConcurrency at line 2", err)
	}
}

// TestTimeFloorAtBoundary: a time statistic is 0 (unknown) or at least
// MinTime: exactly at the floor it passes, a hair under it is refused
// with the rule in words, 0 passes.
func TestTimeFloorAtBoundary(t *testing.T) {
	floors := 0
	for _, lim := range Limits {
		if lim.Floor == 0 {
			continue
		}
		floors++
		set := func(v float64) Level {
			l := newLevel(8, Pos{File: "x.csv", Line: 3})
			switch lim.Value {
			case "TTFT":
				l.TTFT.Mean = v
			case "ITL":
				l.ITL.P10 = v
			case "Latency":
				l.Latency.P99 = v
			default:
				t.Fatalf("no field for floor of %s", lim.Value)
			}
			return l
		}
		if err := checkLevel(set(lim.Floor)); err != nil {
			t.Errorf("%s at its floor %g: %v", lim.Value, lim.Floor, err)
		}
		if err := checkLevel(set(0)); err != nil {
			t.Errorf("%s at 0 (unknown): %v", lim.Value, err)
		}
		under := math.Nextafter(lim.Floor, 0)
		err := checkLevel(set(under))
		if err == nil || !strings.HasPrefix(err.Error(), "x.csv:3: concurrency 8: ") || !strings.Contains(err.Error(), "expected 0 (unknown) or at least "+strconv.FormatFloat(lim.Floor, 'f', -1, 64)+" "+lim.Unit+" (1 µs)") {
			t.Errorf("%s a hair under its floor (%g): error %v", lim.Value, under, err)
		}
	}
	if floors != 3 {
		t.Errorf("%d limits have a floor, want 3 (TTFT, ITL, latency)", floors)
	}
	l := newLevel(64, Pos{File: "k.csv", Line: 8})
	l.TTFT.Mean, l.Latency.Mean = 731.7, 1e-17
	want := "k.csv:8: concurrency 64: 1e-17 s is not a valid latency mean; expected 0 (unknown) or at least 0.000001 s (1 µs)"
	if err := checkLevel(l); err == nil || err.Error() != want {
		t.Errorf("latency 1e-17 s\n got %v\nwant %s", err, want)
	}
}

// TestLatencyAfterTTFTAtBoundary: each latency statistic must be at
// least the TTFT statistic of the same name less latencyTolerance:
// exactly at that it passes, a hair under it is refused; an unknown
// (0 or absent) statistic is not compared, and a statistic is never
// compared with another one.
func TestLatencyAfterTTFTAtBoundary(t *testing.T) {
	stats := []struct {
		name string
		get  func(*Stat) *float64
	}{
		{"mean", func(s *Stat) *float64 { return &s.Mean }},
		{"P10", func(s *Stat) *float64 { return &s.P10 }},
		{"P50", func(s *Stat) *float64 { return &s.P50 }},
		{"P90", func(s *Stat) *float64 { return &s.P90 }},
		{"P99", func(s *Stat) *float64 { return &s.P99 }},
	}
	for _, st := range stats {
		level := func(ttftMS, latS float64) Level {
			l := newLevel(4, Pos{File: "x.csv", Line: 5})
			*st.get(&l.TTFT), *st.get(&l.Latency) = ttftMS, latS
			// The other statistics: far apart, in the order that fails
			// if a statistic were compared with another one.
			for _, o := range stats {
				if o.name != st.name {
					*o.get(&l.TTFT), *o.get(&l.Latency) = 5000, 9000
				}
			}
			return l
		}
		if err := latencyAfterTTFT(level(1005, 1)); err != nil {
			t.Errorf("%s: latency 1 s against TTFT 1005 ms (at the tolerance): %v", st.name, err)
		}
		want := "x.csv:5: concurrency 4: latency " + st.name + " 1 s is shorter than TTFT " + st.name + " 1005.01 ms; expected a latency ≥ its TTFT (a request ends after its first token), within 5 ms for rounding"
		if err := latencyAfterTTFT(level(1005.01, 1)); err == nil || err.Error() != want {
			t.Errorf("%s: a hair past the tolerance\n got %v\nwant %s", st.name, err, want)
		}
		if err := latencyAfterTTFT(level(1005, math.Nextafter(1, 0))); err == nil {
			t.Errorf("%s: latency a hair under 1 s against TTFT 1005 ms passed", st.name)
		}
		for _, unknown := range []float64{0, Absent} {
			if err := latencyAfterTTFT(level(1005, unknown)); err != nil {
				t.Errorf("%s: latency %v (unknown): %v", st.name, unknown, err)
			}
			if err := latencyAfterTTFT(level(unknown, 0.001)); err != nil {
				t.Errorf("%s: TTFT %v (unknown): %v", st.name, unknown, err)
			}
		}
	}
}

// TestRatesAgreeAtBoundary: where the ITL is the TPOT, TPS × TPOT /
// 1000 is at most maxRateProduct for either definition of TPS and, for
// TPS = 1000 / TPOT, at least minDecodeProduct: each bound passes
// exactly and fails a hair past, for each pair of statistics (a TPS
// percentile with the opposite TPOT percentile). A chunk ITL is not
// compared, and neither is an unknown statistic.
func TestRatesAgreeAtBoundary(t *testing.T) {
	pairs := []struct {
		name     string
		tps, itl func(*Level) *float64
	}{
		{"mean", func(l *Level) *float64 { return &l.TPS.Mean }, func(l *Level) *float64 { return &l.ITL.Mean }},
		{"P10", func(l *Level) *float64 { return &l.TPS.P10 }, func(l *Level) *float64 { return &l.ITL.P90 }},
		{"P50", func(l *Level) *float64 { return &l.TPS.P50 }, func(l *Level) *float64 { return &l.ITL.P50 }},
		{"P90", func(l *Level) *float64 { return &l.TPS.P90 }, func(l *Level) *float64 { return &l.ITL.P10 }},
	}
	decode := Definitions{ITL: "tpot", TPS: "decode"}
	request := Definitions{ITL: "tpot", TPS: "request"}
	for _, p := range pairs {
		level := func(tps, itl float64) Level {
			l := newLevel(2, Pos{File: "x.json", Line: 1})
			*p.tps(&l), *p.itl(&l) = tps, itl
			return l
		}
		for _, tt := range []struct {
			defs     Definitions
			tps, itl float64
			ok       bool
		}{
			{decode, 400, 10, true},                       // 4: at the upper bound
			{decode, math.Nextafter(400, 500), 10, false}, // a hair past it
			{request, 400, 10, true},
			{request, math.Nextafter(400, 500), 10, false},
			{decode, 95, 10, true},                     // 0.95: at the lower bound
			{decode, math.Nextafter(95, 0), 10, false}, // a hair under it
			{request, 1, 10, true},                     // a TTFT lowers a request's TPS without bound
			{Definitions{ITL: "chunk", TPS: "request"}, 1e5, 10, true},
			{decode, 1e5, 0, true},     // an unknown TPOT
			{decode, Absent, 10, true}, // an unknown TPS
			{request, 0, 10, true},     // an unknown TPS
		} {
			err := ratesAgree(level(tt.tps, tt.itl), tt.defs)
			if (err == nil) != tt.ok {
				t.Errorf("%s: %+v TPS %v, TPOT %v: error %v, want ok %v", p.name, tt.defs, tt.tps, tt.itl, err, tt.ok)
			}
		}
	}
	// A percentile is paired with the opposite one, not the same one.
	l := newLevel(2, Pos{File: "x.json", Line: 1})
	l.TPS.P10, l.ITL.P90, l.ITL.P10 = 50, 20, 1000 // 50 × 20 = 1000: agree; 50 × 1000 would not
	if err := ratesAgree(l, decode); err != nil {
		t.Errorf("TPS P10 with TPOT P90: %v", err)
	}
	l = newLevel(16, Pos{File: "x.json", Line: 7})
	l.TPS.Mean, l.ITL.Mean = 6000, 20
	want := "x.json:7: concurrency 16: per-user TPS mean 6000 tok/s and ITL mean 20 ms (the TPOT) disagree: TPS × TPOT / 1000 is 120; expected between 0.95 and 4, as its TPS is 1000 / TPOT per request"
	if err := ratesAgree(l, decode); err == nil || err.Error() != want {
		t.Errorf("a TPS in tokens per minute\n got %v\nwant %s", err, want)
	}
}

// TestRepeatedRunsChecked: a level measured several times is the mean of
// its runs, and each run is checked too: a latency of 1e-12 s in one of
// two runs is refused at that run's line, though the mean (1 s) passes.
func TestRepeatedRunsChecked(t *testing.T) {
	in := `{"max_concurrency": 4, "mean_ttft_ms": 50, "mean_tpot_ms": 8, "mean_e2el_ms": 2000}` + "\n" +
		`{"max_concurrency": 4, "mean_ttft_ms": 50, "mean_tpot_ms": 8, "mean_e2el_ms": 1e-9}` + "\n"
	dir := writeTree(t, map[string]string{"v.jsonl": in})
	_, err := Read(dir, ReadOptions{})
	if err == nil || !strings.HasSuffix(err.Error(), "v.jsonl:2: concurrency 4: 1e-12 s is not a valid latency mean; expected 0 (unknown) or at least 0.000001 s (1 µs)") {
		t.Errorf("error %v", err)
	}
}

// TestPercentilesInOrderAtBoundary: a percentile may fall below a
// lower-ranked one of the same metric by orderTolerance and no more
// (exactly at it passes, a hair past is refused), whichever pair and
// whichever metric; an unknown percentile between them is skipped, so
// P99 is held to P50 when P90 is absent.
func TestPercentilesInOrderAtBoundary(t *testing.T) {
	metrics := []struct {
		name string
		get  func(*Level) *Stat
	}{
		{"TTFT", func(l *Level) *Stat { return &l.TTFT }},
		{"ITL", func(l *Level) *Stat { return &l.ITL }},
		{"TPS", func(l *Level) *Stat { return &l.TPS }},
		{"latency", func(l *Level) *Stat { return &l.Latency }},
	}
	edge := 100 * (1 - orderTolerance)
	for _, m := range metrics {
		for _, tc := range []struct {
			name string
			s    Stat
			ok   bool
		}{
			{"in order", Stat{Mean: 100, P10: 50, P50: 100, P90: 150, P99: 200}, true},
			{"all equal", Stat{Mean: 100, P10: 100, P50: 100, P90: 100, P99: 100}, true},
			{"P90 at the tolerance below P50", Stat{P50: 100, P90: edge}, true},
			{"P90 a hair past it", Stat{P50: 100, P90: math.Nextafter(edge, 0)}, false},
			{"P99 below P10", Stat{P10: 100, P99: 50}, false},
			{"P99 below P50, P90 absent", Stat{P50: 100, P90: Absent, P99: 1}, false},
			{"P50 below P10", Stat{P10: 100, P50: 90}, false},
			{"unknown ones skipped", Stat{P10: 0, P50: 100, P90: Absent, P99: 0}, true},
		} {
			l := newLevel(4, Pos{File: "x.json", Line: 1})
			s := NoStat()
			for _, f := range []struct{ dst, src *float64 }{{&s.Mean, &tc.s.Mean}, {&s.P10, &tc.s.P10}, {&s.P50, &tc.s.P50}, {&s.P90, &tc.s.P90}, {&s.P99, &tc.s.P99}} {
				if *f.src != 0 || tc.name == "unknown ones skipped" {
					*f.dst = *f.src
				}
			}
			*m.get(&l) = s
			if err := percentilesInOrder(l); (err == nil) != tc.ok {
				t.Errorf("%s, %s: %v, want ok %v", m.name, tc.name, err, tc.ok)
			}
		}
	}
	l := newLevel(2, Pos{File: "run.json", Line: 1})
	l.TTFT = Stat{Mean: 55, P10: Absent, P50: 55.7, P90: Absent, P99: 1}
	want := "run.json:1: concurrency 2: TTFT P99 1 ms is below its P50 55.7 ms; expected percentiles that rise with their rank"
	if err := percentilesInOrder(l); err == nil || err.Error() != want {
		t.Errorf("the message\n got %v\nwant %s", err, want)
	}
}
