package ingest

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// genLog writes a power log as nvidia-smi --query-gpu=timestamp,
// power.draw --format=csv,nounits -l 1 does on a machine of gpus GPUs:
// the header, then per poll k (at start + k s) one row per GPU, 3 ms
// apart, its power watts(g, k).
func genLog(start time.Time, polls, gpus int, watts func(g, k int) string) string {
	var b strings.Builder
	b.WriteString("timestamp, power.draw [W]\n")
	for k := range polls {
		for g := range gpus {
			t := start.Add(time.Duration(k)*time.Second + time.Duration(g)*3*time.Millisecond)
			fmt.Fprintf(&b, "%s, %s\n", t.Format("2006/01/02 15:04:05.000"), watts(g, k))
		}
	}
	return b.String()
}

// clockAt is 2026-03-01 12:00:s.
func clockAt(s float64) time.Time {
	return time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC).Add(time.Duration(s * float64(time.Second)))
}

// TestPowerLogFixtures integrates the real nvidia-smi logs of two
// vLLM runs (opt-125m at an SM clock of 1380 and of 300 MHz) over
// their runs' windows: date − duration to date of the results beside
// them (20241108-011647 and 22.83 s, 20241108-013554 and 55.03 s). The
// logs interleave two GPUs without an index; GPU #1 served, GPU #2 is
// idle (50.38–50.75 W, 28.73–28.92 W: less than 5 % above its lowest).
// The energies were computed apart from the code, by the same trapezoid
// rule in Python over the same samples (the ends interpolated); they
// agree within 1e-8 relative (Python's float timestamps).
func TestPowerLogFixtures(t *testing.T) {
	tests := []struct {
		file       string
		end        time.Time
		dur        float64
		busy, idle float64 // J
		gap        float64 // s
	}{
		{"nvidia-smi/climatik-opt125m-1380mhz-power.csv", time.Date(2024, 11, 8, 1, 16, 47, 0, time.UTC), 22.83, 2537.956350405226, 1153.8346031852834, 1.013},
		{"nvidia-smi/climatik-opt125m-300mhz-power.csv", time.Date(2024, 11, 8, 1, 35, 54, 0, time.UTC), 55.03, 2520.5609983383583, 1584.5697759935101, 1.012},
	}
	for _, tt := range tests {
		p, data := fixture(t, tt.file)
		if !isPowerLog(data) {
			t.Fatalf("%s: not told as a power log", tt.file)
		}
		pl, err := readPowerLog(p, data)
		if err != nil {
			t.Fatal(err)
		}
		w := Window{Start: tt.end.Add(-time.Duration(tt.dur * float64(time.Second))), End: tt.end}
		tel, cov := pl.over(w)
		if cov != coverAll || len(tel.GPUs) != 2 || tel.Method != PowerSamples || tel.Seconds != tt.dur {
			t.Fatalf("%s: coverage %d, telemetry %+v", tt.file, cov, tel)
		}
		busy, idle := tel.GPUs[0], tel.GPUs[1]
		if busy.ID != "#1" || busy.Idle || math.Abs(busy.Joules-tt.busy) > 1e-8*tt.busy || !near(busy.Watts, busy.Joules/tt.dur) {
			t.Errorf("%s: GPU #1 = %+v; want %.6f J, working", tt.file, busy, tt.busy)
		}
		if idle.ID != "#2" || !idle.Idle || math.Abs(idle.Joules-tt.idle) > 1e-8*tt.idle {
			t.Errorf("%s: GPU #2 = %+v; want %.6f J, idle", tt.file, idle, tt.idle)
		}
		if math.Abs(tel.Gap-tt.gap) > 1e-9 {
			t.Errorf("%s: gap %g s; want %g", tt.file, tel.Gap, tt.gap)
		}
	}
}

// TestPowerLogByHand: a log with an index column, units on the values
// (--format=csv without nounits), a missing sample and a utilization
// column, integrated over 12:00:10.5–12:00:14.5:
//
//	GPU 0: 100 W at :10, 200 W from :11 on; at :10.5 150 W (halfway),
//	       150→200 over 0.5 s = 87.5 J, then 3 s at 200 = 600 J, then
//	       0.5 s at 200 = 100 J: 787.5 J, / 4 s = 196.875 W.
//	GPU 1: 60 W throughout, [N/A] at :12 (left out: 2 s between its
//	       samples at :11 and :13), utilization 0: 4 s × 60 = 240 J,
//	       idle; the longest interval is its 2 s.
func TestPowerLogByHand(t *testing.T) {
	var b strings.Builder
	b.WriteString("index, timestamp, power.draw [W], utilization.gpu [%]\n")
	for k := 9; k <= 15; k++ {
		ts := clockAt(float64(k)).Format("2006/01/02 15:04:05.000")
		w0 := "200.00 W"
		if k <= 10 {
			w0 = "100.00 W"
		}
		w1 := "60.00 W"
		if k == 12 {
			w1 = "[N/A]"
		}
		fmt.Fprintf(&b, "0, %s, %s, 50 %%\n1, %s, %s, 0 %%\n", ts, w0, ts, w1)
	}
	pl, err := readPowerLog("p.csv", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	tel, cov := pl.over(Window{Start: clockAt(10.5), End: clockAt(14.5)})
	if cov != coverAll {
		t.Fatalf("coverage %d", cov)
	}
	want := []GPUPower{{ID: "0", Joules: 787.5, Watts: 196.875}, {ID: "1", Joules: 240, Watts: 60, Idle: true}}
	for i, g := range tel.GPUs {
		if g.ID != want[i].ID || !near(g.Joules, want[i].Joules) || !near(g.Watts, want[i].Watts) || g.Idle != want[i].Idle {
			t.Errorf("GPU %d = %+v; want %+v", i, g, want[i])
		}
	}
	if tel.Gap != 2 || tel.Source != (Pos{File: "p.csv", Line: 4}) {
		t.Errorf("gap %g s, source %v; want 2 s, the first sample at or before the start (line 4)", tel.Gap, tel.Source)
	}
}

// TestPowerLogCoverage: a log covers a run when each GPU has a sample
// at or before its start and one at or after its end; the log's samples
// run 12:00:00–12:00:20.003.
func TestPowerLogCoverage(t *testing.T) {
	pl, err := readPowerLog("p.csv", []byte(genLog(clockAt(0), 21, 2, func(_, _ int) string { return "100" })))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		start, end float64
		want       coverage
	}{
		{0.003, 20, coverAll},      // GPU #2's samples are 3 ms later than #1's: its first at :00.003, #1's last at :20
		{0.003, 20.001, coverPart}, // a hair past GPU #1's last sample
		{0.002, 20, coverPart},     // a hair before GPU #2's first
		{25, 30, coverNone},
		{-10, -1, coverNone},
	} {
		_, cov := pl.over(Window{Start: clockAt(tt.start), End: clockAt(tt.end)})
		if cov != tt.want {
			t.Errorf("window %g–%g s: coverage %d; want %d", tt.start, tt.end, cov, tt.want)
		}
	}
}

// TestPowerLogGapMeasured: the gap is the longest interval between
// two samples that overlaps the window, here 3 s (the analysis refuses
// one past 3 s); intervals outside the window do not count.
func TestPowerLogGapMeasured(t *testing.T) {
	log := "timestamp, power.draw [W]\n"
	for _, s := range []float64{0, 10, 11, 14, 15, 16} { // 10 s before the window, 3 s inside
		log += clockAt(s).Format("2006/01/02 15:04:05.000") + ", 100\n"
	}
	pl, err := readPowerLog("p.csv", []byte(log))
	if err != nil {
		t.Fatal(err)
	}
	tel, _ := pl.over(Window{Start: clockAt(10), End: clockAt(16)})
	if tel.Gap != 3 || !near(tel.GPUs[0].Joules, 600) {
		t.Errorf("gap %g s, %g J; want 3 s and 6 s × 100 W = 600 J", tel.Gap, tel.GPUs[0].Joules)
	}
}

// TestPowerLogPolls: without an index, a row less than PollGap (100
// ms) after the previous one is of its poll. Rows 99 ms apart are one
// poll of two GPUs; 100 ms apart, two polls of one.
func TestPowerLogPolls(t *testing.T) {
	for _, tt := range []struct {
		apart time.Duration
		gpus  int
	}{{99 * time.Millisecond, 2}, {100 * time.Millisecond, 1}} {
		log := "timestamp, power.draw [W]\n"
		for k := range 3 {
			t0 := clockAt(float64(k))
			log += t0.Format("2006/01/02 15:04:05.000") + ", 100\n" + t0.Add(tt.apart).Format("2006/01/02 15:04:05.000") + ", 50\n"
		}
		pl, err := readPowerLog("p.csv", []byte(log))
		if err != nil {
			t.Fatalf("%v apart: %v", tt.apart, err)
		}
		if len(pl.gpus) != tt.gpus {
			t.Errorf("%v apart: %d GPUs; want %d", tt.apart, len(pl.gpus), tt.gpus)
		}
	}
}

// TestPowerLogErrors: what cannot be read is an error at its line and
// column.
func TestPowerLogErrors(t *testing.T) {
	head := "timestamp, power.draw [W]\n"
	row := func(s float64, w string) string {
		return clockAt(s).Format("2006/01/02 15:04:05.000") + ", " + w + "\n"
	}
	for _, tt := range []struct{ name, log, want string }{
		{"bad time", head + "12:00:00, 100\n", `p.csv:2:1: column "timestamp": "12:00:00" is not a time; expected YYYY/MM/DD HH:MM:SS.mmm as nvidia-smi writes it`},
		{"bad power", head + row(0, "lots"), `p.csv:2:26: column "power.draw": "lots" is not a number`},
		{"negative power", head + row(0, "-3"), `p.csv:2:26: column "power.draw": "-3" is not a valid power; expected a number ≥ 0`},
		{"no rows", head, "p.csv:2:1: no sample after the header"},
		{"polls differ", head + row(0, "1") + row(0.003, "2") + row(1, "1") + row(2, "1") + row(2.003, "2"),
			"p.csv:4:1: this poll holds 1 rows, the first (line 2) 2: without an index column the GPUs are told apart by their order in each poll; add index to --query-gpu"},
		{"back in time", "index, timestamp, power.draw [W]\n0, " + strings.TrimSuffix(row(1, "1"), "\n") + "\n0, " + row(0, "1"),
			"p.csv:3:1: GPU 0's sample is not later than the one at line 2; expected its samples in time order"},
	} {
		_, err := readPowerLog("p.csv", []byte(tt.log))
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: err = %v\nwant %s", tt.name, err, tt.want)
		}
	}
}

// TestPowerLogBesideRuns: a folder holding a power log beside its
// result files builds; the log is read as telemetry (listed in
// PowerLogs, not skipped) and gives its power to the runs whose windows
// it covers. The log runs 12:00:00–12:00:40; run c=1 (12:00:10–:30) is
// covered, run c=2 (12:00:30–:50) in part (warned of, not used), and a
// second log from another day covers none (warned of). A log that
// cannot be read is warned of at its line.
func TestPowerLogBesideRuns(t *testing.T) {
	run := func(c int, date string) string {
		return fmt.Sprintf(`{"date": %q, "duration": 20, "max_concurrency": %d, "completed": 100, "mean_ttft_ms": 20, "mean_tpot_ms": 9, "mean_e2el_ms": 900, "total_output_tokens": 10000, "output_throughput": 500}`, date, c)
	}
	dir := writeTree(t, map[string]string{
		"r/vllm/c1.json":      run(1, "20260301-120030"),
		"r/vllm/c2.json":      run(2, "20260301-120050"),
		"r/vllm/power.csv":    genLog(clockAt(0), 41, 2, func(g, _ int) string { return []string{"300", "60"}[g] }),
		"r/vllm/old.log":      genLog(clockAt(-86400), 5, 1, func(_, _ int) string { return "300" }),
		"r/vllm/broken.txt":   "timestamp, power.draw [W]\n2026/03/01 12:00:00.000, hot\n",
		"r/vllm/readme.txt":   "notes",
		"r/other/s1/run.json": run(4, "20260301-120030"),
	})
	c, err := Read(filepath.Join(dir, "r"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"vllm/broken.txt", "vllm/old.log", "vllm/power.csv"}; !slices.Equal(c.PowerLogs, want) {
		t.Errorf("power logs %v; want %v", c.PowerLogs, want)
	}
	if !slices.Contains(c.Ignored, "vllm/readme.txt") || slices.ContainsFunc(c.Ignored, func(s string) bool { return strings.Contains(s, "power") }) {
		t.Errorf("ignored %v; want readme.txt, and no power log", c.Ignored)
	}
	var vllm Config
	for _, cfg := range c.Configs {
		if cfg.ID == "vllm" {
			vllm = cfg
		}
		if cfg.ID == "other" && cfg.Levels[0].Telemetry != nil {
			t.Error("config other: a log in vllm/ gave its power to a run outside its folder")
		}
	}
	c1, c2 := vllm.Levels[0], vllm.Levels[1]
	if c1.Telemetry == nil || !near(c1.Telemetry.GPUs[0].Watts, 300) || !c1.Telemetry.GPUs[1].Idle {
		t.Errorf("c=1 telemetry = %+v; want 300 W on GPU #1, GPU #2 idle", c1.Telemetry)
	}
	if c2.Telemetry != nil {
		t.Errorf("c=2 telemetry = %+v; want none (the log covers it in part)", c2.Telemetry)
	}
	var got []string
	for _, w := range c.Warnings {
		got = append(got, strings.TrimPrefix(w.Error(), dir+string(filepath.Separator)))
	}
	want := []string{
		`r/vllm/broken.txt:2:26: power log: column power.draw: "hot" is not a number; not used`,
		"r/vllm/old.log: power log: its samples (2026-02-28 12:00:00 to 2026-02-28 12:00:04) cover no run whose result file lies in its folder (0 of those runs state no time); not used",
		"r/vllm/power.csv: power log: its samples (2026-03-01 12:00:00 to 2026-03-01 12:00:40) cover only part of the run c2.json (2026-03-01 12:00:30 to 2026-03-01 12:00:50); not used for it",
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, w := range c.Warnings {
		if !slices.Contains(WarningKinds, w.Kind) {
			t.Errorf("warning kind %q is not in WarningKinds", w.Kind)
		}
	}
}

// FuzzReadPowerLog feeds any bytes to the power-log reader and
// integrates what it reads over a window: no panic, every error has a
// position, and every energy is a number ≥ 0.
func FuzzReadPowerLog(f *testing.F) {
	f.Add([]byte(genLog(clockAt(0), 5, 2, func(_, _ int) string { return "100" })))
	f.Add([]byte("index, timestamp, power.draw [W], utilization.gpu [%]\n0, 2026/03/01 12:00:00.000, 50.5 W, 3 %\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		pl, err := readPowerLog("f.csv", data)
		checkLogRead(t, "f.csv", pl, err)
	})
}

// TestPowerLogRepeatInPoll: a GPU column that repeats within one poll
// (rows chained less than PollGap apart, spanning less than PollGap) is
// refused at the repeated cell (99 ms apart: nvidia-smi writes ms);
// 100 ms apart the rows are two polls; a
// chain of rows spanning PollGap or more (a loop faster than PollGap:
// nvidia-smi -lms 50) is not judged; distinct GPUs in a poll are read.
func TestPowerLogRepeatInPoll(t *testing.T) {
	row := func(s float64, gpu string) string {
		return gpu + ", " + clockAt(s).Format("2006/01/02 15:04:05.000") + ", 100\n"
	}
	head := "index, timestamp, power.draw [W]\n"
	for _, tt := range []struct{ name, log, refused string }{
		{"repeat 3 ms apart", head + row(0, "0") + row(0.003, "0") + row(1, "0") + row(1.003, "0"),
			"p.csv:3:1: column \"index\": GPU 0 again, 3ms after its row at line 2, within one poll; expected one row per GPU per poll (nvidia-smi writes a poll's rows back to back, its next poll a loop interval later)"},
		{"repeat 99 ms apart", head + row(0, "0") + row(0.099, "0"), "p.csv:3:1: column \"index\": GPU 0 again, 99ms after"},
		{"100 ms apart: two polls", head + row(0, "0") + row(0.1, "0"), ""},
		{"repeat in a poll of two GPUs", head + row(0, "0") + row(0.003, "1") + row(0.006, "1"), "p.csv:4:1: column \"index\": GPU 1 again, 3ms after its row at line 3"},
		{"chain spanning 99 ms", head + row(0, "0") + row(0.05, "1") + row(0.099, "0"), "p.csv:4:1: column \"index\": GPU 0 again"},
		{"chain spanning 100 ms: a fast loop", head + row(0, "0") + row(0.05, "1") + row(0.1, "0") + row(0.15, "1"), ""},
		{"one row per GPU per poll", head + row(0, "0") + row(0.003, "1") + row(1, "0") + row(1.003, "1"), ""},
	} {
		_, err := readPowerLog("p.csv", []byte(tt.log))
		switch {
		case tt.refused == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.refused != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.refused)):
			t.Errorf("%s: err = %v\nwant %s", tt.name, err, tt.refused)
		}
	}
}

// checkLogRead holds what a telemetry reader returned for a fuzz input
// to its promises: an error has a position in file; a log read and
// measured over its whole span gives no energy below zero or infinite.
func checkLogRead(t *testing.T, file string, pl *powerLog, err error) {
	t.Helper()
	if err != nil {
		var e *Error
		if !errors.As(err, &e) || e.Pos.File != file || e.Pos.Line == 0 {
			t.Fatalf("error without a position: %v", err)
		}
		return
	}
	first, last := pl.span()
	if tel, cov := pl.over(Window{Start: first, End: last}); cov == coverAll && last.After(first) {
		for _, g := range tel.GPUs {
			if !(g.Joules >= 0) || math.IsInf(g.Joules, 0) {
				t.Fatalf("energy %v", g.Joules)
			}
		}
	}
}
