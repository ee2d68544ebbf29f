package ingest

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestNearestRank(t *testing.T) {
	v := []float32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	for _, tt := range []struct{ p, want float64 }{{0.10, 1}, {0.50, 5}, {0.90, 9}, {0.99, 10}, {1, 10}, {0.01, 1}} {
		if got := NearestRank(v, tt.p); got != tt.want {
			t.Errorf("NearestRank(1..10, %v) = %v, want %v", tt.p, got, tt.want)
		}
	}
	if !math.IsNaN(NearestRank(nil, 0.5)) {
		t.Error("NearestRank of nothing is not absent")
	}
}

func TestReadRequests(t *testing.T) {
	var b strings.Builder
	b.WriteString("concurrency,ttft_ms,itl_ms,latency_s,output_tokens,error\n")
	for i := 1; i <= 10; i++ { // c=1: TTFT 10..100 ms, latency i s, 100 tokens
		fmt.Fprintf(&b, "1,%d,%d,%d,100,\n", 10*i, i, i)
	}
	b.WriteString("2,5,1,1,100,timeout\n") // failed: counted, not in the stats
	b.WriteString("2,50,2,2,100,\n")
	levels, defs, _, err := readRequests("r.csv", strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(levels) != 2 || defs.TPS != "request" {
		t.Fatalf("levels %d, defs %+v", len(levels), defs)
	}
	l := levels[0]
	want := Stat{Mean: 55, P10: 10, P50: 50, P90: 90, P99: 100}
	if !sameStat(l.TTFT, want) {
		t.Errorf("TTFT = %+v, want %+v", l.TTFT, want)
	}
	// TPS = 100 tokens / latency: 100, 50, …, 10 tok/s; its P10 is the slow tail.
	if l.TPS.P10 != 10 || l.TPS.P90 != float64(float32(100.0/2)) || l.Requests != 10 || l.Errors != 0 {
		t.Errorf("TPS = %+v, requests %d, errors %d", l.TPS, l.Requests, l.Errors)
	}
	if levels[1].Errors != 1 || levels[1].Requests != 1 || levels[1].TTFT.Mean != 50 {
		t.Errorf("c=2 = %+v", levels[1])
	}
	if l.Samples == nil || len(l.Samples.TTFT) != 10 || l.Samples.TTFT[0] != 10 {
		t.Error("samples not kept in row order")
	}
}

func TestReadRequestsErrors(t *testing.T) {
	head := "concurrency,ttft_ms,itl_ms,latency_s,output_tokens\n"
	for _, tt := range []struct{ name, in, want string }{
		{"empty", "", "r.csv:1:1: file is empty; expected a header row"},
		{"header only", head, "r.csv:2:1: no request rows after the header"},
		{"missing column", "concurrency,ttft_ms,latency_s\n1,2,3\n", `r.csv:1:1: missing column "itl_ms"; the header must name concurrency, ttft_ms, itl_ms, latency_s`},
		{"not a number", head + "1,20,2,1.5,100\n1,x,2,1.5,100\n", `r.csv:3:3: column "ttft_ms": "x" is not a number`},
		{"negative", head + "1,20,-2,1.5,100\n", `r.csv:2:6: column "itl_ms": "-2" is not a valid time; expected a number ≥ 0`},
		{"concurrency 0", head + "0,20,2,1.5,100\n", `r.csv:2:1: column "concurrency": "0" is not a valid concurrency; expected a whole number ≥ 1`},
		{"short row", head + "1,20\n", "r.csv:2:1: row has 2 fields, the header has 5"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, _, err := readRequests("r.csv", strings.NewReader(tt.in))
			if err == nil || err.Error() != tt.want {
				t.Errorf("error\n got %v\nwant %s", err, tt.want)
			}
		})
	}
}

func TestVLLMDetailed(t *testing.T) {
	data := []byte(`{"max_concurrency": 2, "request_rate": "inf", "completed": 3, "failed": 1, "request_throughput": 1.5,
	 "mean_ttft_ms": 999, "ttfts": [0.1, 0.2, 0.3, 0.05], "latencies": [1.1, 2.2, 3.3, 0.5],
	 "output_lens": [11, 21, 31, 1], "errors": ["", "", "", "connection reset"]}`)
	format, err := Detect("d.json", data)
	if err != nil || format != FormatVLLM {
		t.Fatalf("Detect = %q, %v", format, err)
	}
	levels, _, _, err := readRuns("d.json", data, format)
	if err != nil {
		t.Fatal(err)
	}
	l := levels[0]
	// From the requests, not the summary's 999 ms: mean of 100, 200, 300.
	if math.Abs(l.TTFT.Mean-200) > 1e-4 || l.Errors != 1 || l.Samples == nil || len(l.Samples.TTFT) != 3 {
		t.Errorf("level = TTFT %+v errors %d", l.TTFT, l.Errors)
	}
	// TPOT = (latency − TTFT) / (tokens − 1) = 100 ms for each request.
	if math.Abs(l.ITL.P50-100) > 1e-3 {
		t.Errorf("TPOT p50 = %v, want 100", l.ITL.P50)
	}
}

func TestAIPerfRecords(t *testing.T) {
	rec := func(ttft, lat, osl float64, failed bool) string {
		e := "null"
		if failed {
			e = `{"code": 499, "type": "cancelled"}`
		}
		return fmt.Sprintf(`{"metadata": {"x_request_id": "r"}, "metrics": {"time_to_first_token": {"value": %g, "unit": "ms"}, "request_latency": {"value": %g, "unit": "ms"}, "inter_token_latency": {"value": 10, "unit": "ms"}, "output_sequence_length": {"value": %g, "unit": "tokens"}}, "error": %s}`, ttft, lat, osl, e)
	}
	data := []byte(rec(100, 2000, 200, false) + "\n" + rec(300, 4000, 200, false) + "\n" + rec(0, 0, 0, true) + "\n")
	format, err := Detect("profile_export.jsonl", data)
	if err != nil || format != FormatAIPerfRecords {
		t.Fatalf("Detect = %q, %v", format, err)
	}
	levels, _, _, err := readRuns("profile_export.jsonl", data, format)
	if err != nil {
		t.Fatal(err)
	}
	l := levels[0]
	if l.TTFT.Mean != 200 || l.Latency.Mean != 3 || l.TPS.P10 != 50 || l.Errors != 1 || l.Requests != 2 {
		t.Errorf("level = TTFT %+v latency %+v TPS %+v errors %d", l.TTFT, l.Latency, l.TPS, l.Errors)
	}
}

func FuzzReadRequests(f *testing.F) {
	addSeeds(f, "FuzzReadRequests")
	f.Fuzz(func(t *testing.T, data []byte) {
		levels, _, _, err := readRequests("f.csv", bytes.NewReader(data))
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Pos.File != "f.csv" || e.Pos.Line == 0 {
				t.Fatalf("error without a position: %v", err)
			}
			return
		}
		for _, l := range levels {
			if l.Concurrency <= 0 || l.Requests+max(l.Errors, 0) == 0 {
				t.Fatalf("bad level %+v", l)
			}
		}
	})
}

// requestsCSV is a per-request file of n rows over 6 levels.
func requestsCSV(n int) []byte {
	var b bytes.Buffer
	b.WriteString("concurrency,ttft_ms,itl_ms,latency_s,output_tokens,error\n")
	levels := []int{1, 2, 4, 8, 16, 32}
	for i := 0; i < n; i++ {
		c := levels[i%len(levels)]
		fmt.Fprintf(&b, "%d,%.2f,%.3f,%.4f,%d,\n", c, 40+float64(i%997)*0.37, 7+float64(i%89)*0.011, 1.2+float64(i%311)*0.003, 128+i%64)
	}
	return b.Bytes()
}

// BenchmarkReadRequests1M streams one million requests and summarizes
// them (run with -benchmem: the bytes per op bound the memory used).
func BenchmarkReadRequests1M(b *testing.B) {
	data := requestsCSV(1_000_000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		levels, _, _, err := readRequests("bench.csv", bytes.NewReader(data))
		if err != nil || len(levels) != 6 {
			b.Fatal(err)
		}
	}
}

// TestRateSweep: runs driven by request rate (no max_concurrency) keep
// their rate as their load, and report their effective concurrency,
// throughput × mean latency.
func TestRateSweep(t *testing.T) {
	line := func(rate string, rps, latMs float64) string {
		return fmt.Sprintf(`{"backend": "sglang", "dataset_name": "random", "random_input_len": 512, "random_output_len": 256, "request_rate": %s, "max_concurrency": null, "request_throughput": %g, "mean_e2e_latency_ms": %g, "median_ttft_ms": 80, "mean_ttft_ms": 90, "median_itl_ms": 12, "completed": 100}`, rate, rps, latMs)
	}
	dir := t.TempDir()
	data := line("1.0", 1, 3000) + "\n" + line("4.0", 3.9, 5000) + "\n" + line("Infinity", 6, 20000) + "\n"
	path := dir + "/sglang-sweep.jsonl"
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, warnings, err := readResultFile(path, "", hints{})
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) > 0 {
		t.Errorf("warnings: %v", warnings)
	}
	var got []string
	for _, l := range cfg.Levels {
		if !l.RateDriven() {
			t.Errorf("level %+v is not rate-driven", l)
		}
		got = append(got, fmt.Sprintf("%g→%g", l.Rate, l.EffectiveConcurrency()))
	}
	// 1 × 3 s = 3; 3.9 × 5 s = 19.5; 6 × 20 s = 120.
	if strings.Join(got, " ") != "1→3 4→19.5 +Inf→120" {
		t.Errorf("levels = %v", got)
	}
}

// TestRateSweepRepeatedRate: two runs at the same offered rate are one
// load measured twice: one level that keeps both runs, requests added.
func TestRateSweepRepeatedRate(t *testing.T) {
	run := `{"backend": "sglang", "request_rate": 4.0, "max_concurrency": null, "request_throughput": 3.9, "mean_e2e_latency_ms": 5000, "median_ttft_ms": 80, "mean_ttft_ms": 90, "median_itl_ms": 12, "completed": 100}`
	path := t.TempDir() + "/sglang-sweep.jsonl"
	if err := os.WriteFile(path, []byte(run+"\n"+run+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, _, err := readSource(source{id: "sglang-sweep", path: path}, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Levels) != 1 || cfg.Levels[0].Requests != 200 || len(cfg.Levels[0].Repeats) != 2 {
		t.Fatalf("levels = %+v", cfg.Levels)
	}
	if r := cfg.Levels[0].Repeats[1].Pos; r.Line != 2 || !strings.HasSuffix(r.File, "sglang-sweep.jsonl") {
		t.Errorf("second run at %s, want sglang-sweep.jsonl:2", r)
	}
}

// TestAIPerfLoad: an AIPerf run's load is its profiling phase's
// concurrency, else its request rate (phases, the older loadgen block,
// or --request-rate on the command line); a cap on concurrency makes it
// a concurrency run.
func TestAIPerfLoad(t *testing.T) {
	metrics := `"time_to_first_token": {"unit": "ms", "avg": 40, "p90": 50}, "request_latency": {"unit": "ms", "avg": 900, "p90": 1000}, "request_throughput": {"unit": "requests/sec", "avg": 3.5}`
	for _, tt := range []struct {
		name, config string
		conc         int
		rate         float64
	}{
		{"phase rate", `{"phases": [{"name": "warmup", "type": "request_rate", "request_rate": 1}, {"name": "profiling", "type": "request_rate", "request_rate": 4.5}]}`, 0, 4.5},
		{"phase concurrency", `{"phases": [{"name": "profiling", "type": "concurrency", "concurrency": 8}]}`, 8, 0},
		{"rate capped by concurrency", `{"phases": [{"name": "profiling", "type": "request_rate", "request_rate": 4, "concurrency": 16}]}`, 16, 0},
		{"loadgen rate", `{"loadgen": {"request_rate": 2, "request_rate_mode": "poisson"}}`, 0, 2},
		{"command line", `{"cli_command": "aiperf profile -m m --request-rate 0.5 --streaming"}`, 0, 0.5},
	} {
		t.Run(tt.name, func(t *testing.T) {
			data := `{"schema_version": "1.0", "aiperf_version": "0.10.0", "input_config": ` + tt.config + `, ` + metrics + `}`
			format, err := Detect("run.json", []byte(data))
			if err != nil {
				t.Fatal(err)
			}
			levels, _, _, err := readRuns("run.json", []byte(data), format)
			if err != nil {
				t.Fatal(err)
			}
			l := levels[0]
			if l.Concurrency != tt.conc || l.Rate != tt.rate {
				t.Errorf("concurrency %d, rate %v; want %d, %v", l.Concurrency, l.Rate, tt.conc, tt.rate)
			}
			if tt.rate > 0 && (!l.RateDriven() || l.EffectiveConcurrency() != 3.5*0.9) {
				t.Errorf("rate run: driven by rate %v, effective concurrency %v; want true, 3.15", l.RateDriven(), l.EffectiveConcurrency())
			}
		})
	}
}

// TestRateFromFileNames: a folder of one-run tables (GenAI-Perf CSV,
// which states no load) named for their request rates is a rate sweep.
func TestRateFromFileNames(t *testing.T) {
	table := func(rps, latMs string) string {
		return "Metric,avg,min,max,p99,p95,p90,p75,p50,p25\n" +
			"Time To First Token (ms),120.5,80,300,290,280,250,150,110,90\n" +
			"Request Latency (ms)," + latMs + ",1,2,3,4,5,6,7,8\n" +
			"Inter Token Latency (ms),20.1,18,25,24,23,22,21,20,19\n" +
			"\nMetric,Value\nRequest Throughput (per sec)," + rps + "\nRequest Count (count),40.00\n"
	}
	dir := filepath.Join(t.TempDir(), "tgi")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"rate1.csv": table("0.98", "\"2,500.00\""), "rate4.csv": table("3.20", "\"4,000.00\"")} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg, _, err := readRunFolder(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range cfg.Levels {
		got = append(got, fmt.Sprintf("%g→%.3g", l.Rate, l.EffectiveConcurrency()))
	}
	// 0.98 × 2.5 s = 2.45; 3.2 × 4 s = 12.8.
	if strings.Join(got, " ") != "1→2.45 4→12.8" {
		t.Errorf("levels = %v", got)
	}
}

// TestGuideLLMLoad: guidellm's strategies give the load: concurrent
// streams, a constant or poisson rate, synchronous (c=1), throughput
// (as fast as possible, ∞); v0.4 reports give it in args.
func TestGuideLLMLoad(t *testing.T) {
	bench := func(strategy string) string {
		return `{"config": {"strategy": ` + strategy + `}, "metrics": {` +
			`"time_to_first_token_ms": {"successful": {"mean": 50, "median": 45, "percentiles": {"p90": 70}}},` +
			`"time_per_output_token_ms": {"successful": {"mean": 10, "median": 9, "percentiles": {"p90": 12}}},` +
			`"request_latency": {"successful": {"mean": 2.5, "median": 2.4}},` +
			`"requests_per_second": {"successful": {"mean": 1.6}}}}`
	}
	for _, tt := range []struct {
		name, data string
		want       string
	}{
		{"v2 strategies", `{"metadata": {"version": 2}, "benchmarks": [` + bench(`{"type_": "constant", "rate": 2}`) + `,` +
			bench(`{"type_": "poisson", "rate": 4}`) + `,` + bench(`{"type_": "throughput"}`) + `,` +
			bench(`{"type_": "synchronous"}`) + `,` + bench(`{"type_": "concurrent", "streams": 8}`) + `]}`,
			"c0 r2, c0 r4, c0 r+Inf, c1 r0, c8 r0"},
		{"v0.4 args", `{"metadata": {"version": 1}, "args": {"profile": "constant", "rate": [1, 3]}, "benchmarks": [` +
			bench(`{}`) + `,` + bench(`{}`) + `]}`, "c0 r1, c0 r3"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			levels, _, _, err := readRuns("benchmarks.json", []byte(tt.data), FormatGuideLLM)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range levels {
				got = append(got, fmt.Sprintf("c%d r%g", l.Concurrency, l.Rate))
			}
			if s := strings.Join(got, ", "); s != tt.want {
				t.Errorf("loads = %s, want %s", s, tt.want)
			}
		})
	}
}

// TestPerRequestToldByItsHeader: the folder walk tells per-request data
// by its header and does not read it whole (it may hold millions of
// rows, which its configuration's read reads once): beside a one-run
// file, a per-request file whose row breaks far down still makes the
// folder a report of configurations, not one configuration's runs, and
// the read names the broken row.
func TestPerRequestToldByItsHeader(t *testing.T) {
	var b strings.Builder
	b.WriteString("concurrency,ttft_ms,itl_ms,latency_s\n")
	for i := range 2000 {
		fmt.Fprintf(&b, "4,%d,7,1.5\n", 40+i%50)
	}
	b.WriteString("4,forty,7,1.5\n")
	root := writeTree(t, map[string]string{
		"r/requests.csv": b.String(),
		"r/vllm-c8.json": `{"max_concurrency": 8, "mean_ttft_ms": 50, "mean_tpot_ms": 8, "mean_e2el_ms": 2000}`,
	})
	dir := filepath.Join(root, "r")
	if got := targets(t, dir); got != "r" {
		t.Fatalf("Discover = %q, want a report of configurations", got)
	}
	_, err := Read(dir, ReadOptions{})
	if err == nil || !strings.Contains(err.Error(), "requests.csv:2002:3") {
		t.Errorf("Read = %v, want the error at requests.csv:2002:3", err)
	}
}

// TestPairedOnly: ReadOptions.PairedOnly keeps of every level's samples,
// and of every run's of a level measured twice, the TTFT and TPS that
// goodput pairs, the same as a full read keeps, and lets the ITL and
// latency samples go; without it every level keeps all four.
func TestPairedOnly(t *testing.T) {
	run := `{"max_concurrency": 4, "completed": 2, "mean_ttft_ms": 150, "mean_tpot_ms": 45, "ttfts": [0.1, 0.2], "itls": [[0.05, 0.05], [0.04]], "output_lens": [3, 2], "errors": ["", ""]}`
	dir := writeTree(t, map[string]string{
		"requests.csv":         "concurrency,ttft_ms,itl_ms,latency_s\n1,40,7,1.5\n1,50,7,1.6\n2,60,9,1.7\n",
		"vllm/vllm-c4-r1.json": run,
		"vllm/vllm-c4-r2.json": run + "\n", // its own bytes: a copy is refused
	})
	full, err := Read(dir, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	paired, err := Read(dir, ReadOptions{PairedOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var check func(name string, f, p []Level)
	check = func(name string, f, p []Level) {
		for i := range f {
			fs, ps := f[i].Samples, p[i].Samples
			// A level of several runs pools their TTFT and TPS only
			// (mergeRepeats); each run keeps all four.
			if fs == nil || ps == nil || len(f[i].Repeats) == 0 && (len(fs.ITL) == 0 || len(fs.Latency) == 0) {
				t.Fatalf("%s level %d: samples %v, %v; want both read", name, i, fs, ps)
			}
			if !slices.Equal(ps.TTFT, fs.TTFT) || !slices.Equal(ps.TPS, fs.TPS) || ps.ITL != nil || ps.Latency != nil {
				t.Errorf("%s level %d: PairedOnly kept %+v of %+v", name, i, ps, fs)
			}
			check(name+" run", f[i].Repeats, p[i].Repeats)
		}
	}
	repeats := 0
	for i, c := range full.Configs {
		check(c.ID, c.Levels, paired.Configs[i].Levels)
		for _, l := range c.Levels {
			repeats += len(l.Repeats)
		}
	}
	if len(full.Configs) != 2 || repeats != 2 {
		t.Fatalf("configs %d, runs of repeated levels %d; want 2 and 2", len(full.Configs), repeats)
	}
}
