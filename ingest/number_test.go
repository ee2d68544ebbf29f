package ingest

import (
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// readJSON detects and reads a run file as Read would, without a folder.
func readJSON(name, data string) ([]Level, error) {
	format, err := Detect(name, []byte(data))
	if err != nil {
		return nil, err
	}
	levels, _, _, err := readRuns(name, []byte(data), format)
	return levels, err
}

// TestJSONNegativeValueRefusedWithPosition: a negative time in a vLLM
// result is refused at its line and column, naming its key, through the
// whole folder read.
func TestJSONNegativeValueRefusedWithPosition(t *testing.T) {
	dir := writeTree(t, map[string]string{"vllm.json": "{\n  \"max_concurrency\": 2,\n  \"mean_ttft_ms\": -50,\n  \"median_tpot_ms\": 5\n}\n"})
	_, err := Read(dir, ReadOptions{})
	want := filepath.Join(dir, "vllm.json") + `:3:19: "mean_ttft_ms": -50 is not a valid time; expected a number ≥ 0`
	if err == nil || err.Error() != want {
		t.Fatalf("error\n got %v\nwant %s", err, want)
	}
}

// TestJSONNumbersRefusedPerReader: every JSON reader judges the numbers it
// uses with checkNumber and names each refused one by its path, line and
// column: NaN, ±Infinity (but for a rate), negatives, absurd magnitudes,
// fractional counts and concurrencies, text where a number belongs.
func TestJSONNumbersRefusedPerReader(t *testing.T) {
	aiperf := func(extra string) string {
		return `{"aiperf_version": "0.10.0", "time_to_first_token": {"avg": 10, "p90": 12}, "request_latency": {"avg": 900}` + extra + `}`
	}
	guidellm := func(strategy, metrics string) string {
		return `{"metadata": {"version": 2}, "benchmarks": [{"config": {"strategy": ` + strategy + `}, "metrics": {` + metrics + `}}]}`
	}
	for _, tt := range []struct{ name, in, want string }{
		{"vllm fractional concurrency", `{"max_concurrency": 2.5, "mean_ttft_ms": 10}`,
			`f.json:1:21: "max_concurrency": 2.5 is not a valid concurrency; expected a whole number ≥ 0`},
		{"vllm negative concurrency", `{"max_concurrency": -2, "mean_ttft_ms": 10}`,
			`f.json:1:21: "max_concurrency": -2 is not a valid concurrency; expected a whole number ≥ 0`},
		{"vllm absurd time", `{"max_concurrency": 2, "mean_ttft_ms": 1e308}`,
			`f.json:1:40: "mean_ttft_ms": 1e308 is not a valid time; expected at most 86400000 ms (24 h)`},
		{"vllm past float64", `{"max_concurrency": 2, "mean_ttft_ms": 1e400}`,
			`f.json:1:40: "mean_ttft_ms": 1e400 is not a valid time; expected at most 86400000 ms (24 h)`},
		{"vllm NaN", `{"max_concurrency": 2, "mean_ttft_ms": 10, "p99_ttft_ms": NaN}`,
			`f.json:1:59: "p99_ttft_ms": NaN is not a number; expected a number ≥ 0`},
		{"vllm infinite time", `{"max_concurrency": 2, "mean_ttft_ms": Infinity}`,
			`f.json:1:40: "mean_ttft_ms": Infinity is not a valid time; expected at most 86400000 ms (24 h)`},
		{"vllm text", `{"max_concurrency": 2, "mean_ttft_ms": "fast"}`,
			`f.json:1:40: "mean_ttft_ms": "fast" is not a number; expected a time in ms`},
		{"vllm bool", `{"max_concurrency": 2, "mean_ttft_ms": true}`,
			`f.json:1:40: "mean_ttft_ms": true is not a number; expected a time in ms`},
		{"vllm object", "{\"max_concurrency\": 2,\n \"mean_ttft_ms\": {\"v\": 1}}",
			`f.json:2:18: "mean_ttft_ms": an object is not a number; expected a time in ms`},
		{"vllm fractional count", `{"max_concurrency": 2, "mean_ttft_ms": 10, "completed": 2.5}`,
			`f.json:1:57: "completed": 2.5 is not a valid request count; expected a whole number ≥ 0`},
		{"vllm detailed NaN", `{"max_concurrency": 2, "mean_ttft_ms": 10, "ttfts": [0.1, NaN], "latencies": [1, 2]}`,
			`f.json:1:59: "ttfts[1]": NaN is not a number; expected a number ≥ 0`},
		{"vllm detailed latency under TTFT", `{"max_concurrency": 2, "mean_ttft_ms": 10, "ttfts": [0.1, 0.5], "latencies": [1, 0.2]}`,
			`f.json:1:82: "latencies[1]": 0.2 s is shorter than the request's TTFT (0.5 s); expected a latency ≥ its TTFT`},
		{"sglang negative rate", `{"backend": "sglang", "request_rate": -Infinity, "mean_e2e_latency_ms": 900, "median_ttft_ms": 80}`,
			`f.json:1:39: "request_rate": -Infinity is not a valid request rate; expected a number ≥ 0`},
		{"inferencex negative seconds", `{"median_ttft": -0.2, "p99_ttft": 0.9, "max_concurrency": 8}`,
			`f.json:1:17: "median_ttft": -0.2 is not a valid time; expected a number ≥ 0`},
		{"llmperf negative string", `{"results_ttft_s_mean": "-0.2", "num_concurrent_requests": 5}`,
			`f.json:1:25: "results_ttft_s_mean": "-0.2" is not a valid time; expected a number ≥ 0`},
		{"llmperf text", `{"results_ttft_s_mean": "n/a", "num_concurrent_requests": 5}`,
			`f.json:1:25: "results_ttft_s_mean": "n/a" is not a number; expected a time in s`},
		{"aiperf negative percentile", aiperf(`, "time_to_first_token": {"avg": 10, "p90": -12}`),
			`f.json:1:152: "time_to_first_token.p90": -12 is not a valid time; expected a number ≥ 0`},
		{"aiperf fractional phase concurrency", aiperf(`, "input_config": {"phases": [{"name": "profiling", "concurrency": 2.5}]}`),
			`f.json:1:175: "input_config.phases[0].concurrency": 2.5 is not a valid concurrency; expected a whole number ≥ 0`},
		{"aiperf fractional concurrency flag", aiperf(`, "input_config": {"cli_command": "aiperf profile --concurrency 2.5"}`),
			`f.json:1:142: "input_config.cli_command": --concurrency 2.5 is not a valid concurrency; expected a whole number ≥ 0`},
		{"guidellm fractional streams", guidellm(`{"type_": "concurrent", "streams": 2.5}`, ``),
			`f.json:1:104: "benchmarks[0].config.strategy.streams": 2.5 is not a valid concurrency; expected a whole number ≥ 0`},
		{"guidellm absurd percentile", guidellm(`{"type_": "concurrent", "streams": 2}`, `"time_to_first_token_ms": {"successful": {"mean": 5, "percentiles": {"p90": 1e308}}}`),
			`f.json:1:197: "benchmarks[0].metrics.time_to_first_token_ms.successful.percentiles.p90": 1e308 is not a valid time; expected at most 86400000 ms (24 h)`},
		{"guidellm fractional args concurrency", `{"metadata": {"version": 1}, "args": {"profile": "concurrent", "rate": [1.5]}, "benchmarks": [{"metrics": {}}]}`,
			`f.json:1:73: "args.rate[0]": 1.5 is not a valid concurrency; expected a whole number ≥ 0`},
		{"nightly negative", `[{"Test name": "tp1_qps_inf", "Mean TTFT (ms)": -5}]`,
			`f.json:1:49: "[0].Mean TTFT (ms)": -5 is not a valid time; expected a number ≥ 0`},
		{"nightly absurd rate", `[{"Test name": "tp1_qps_1e9", "Mean TTFT (ms)": 5}]`,
			`f.json:1:16: "[0].Test name": qps_1e9 is not a valid request rate; expected at most 1000000 req/s`},
		{"aiperf records negative", `{"metadata": {}, "metrics": {"time_to_first_token": {"value": -1, "unit": "ms"}}, "error": null}`,
			`f.json:1:63: "metrics.time_to_first_token.value": -1 is not a valid time; expected a number ≥ 0`},
		{"aiperf records absurd ns", "{\"metadata\": {}, \"metrics\": {\"request_latency\": {\"value\": 1e14, \"unit\": \"ns\"}}, \"error\": null}",
			`f.json:1:59: "metrics.request_latency.value": 1e14 is not a valid time; expected at most 86400000000000 ns (24 h)`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readJSON("f.json", tt.in)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("error\n got %v\nwant %s", err, tt.want)
			}
			var e *Error
			if !errors.As(err, &e) || e.Pos.Line == 0 || e.Pos.Col == 0 {
				t.Errorf("error %v has no line and column", err)
			}
		})
	}
}

// TestJSONUnusedNumbersNotChecked: numbers a reader does not use may be
// anything the tool writes (AIPerf's negative differences, guidellm's
// "data_samples": -1, vLLM's chunk ITL std beside its TPOT).
func TestJSONUnusedNumbersNotChecked(t *testing.T) {
	for name, in := range map[string]string{
		"aiperf":   `{"aiperf_version": "0.10.0", "osl_mismatch_diff_pct": {"avg": -5, "p90": -7}, "ttft": {"avg": -3}, "time_to_first_token": {"avg": 10, "min": -1}, "request_latency": {"avg": 900}, "input_config": {"phases": [{"name": "warmup", "concurrency": 2.5}, {"name": "profiling", "concurrency": 4}]}}`,
		"guidellm": `{"metadata": {"version": 2}, "benchmarks": [{"data_samples": -1, "config": {"strategy": {"type_": "concurrent", "streams": 2}}, "metrics": {"time_to_first_token_ms": {"successful": {"mean": 5, "std_dev": -1}}}}]}`,
		"vllm":     `{"max_concurrency": 2, "mean_ttft_ms": 10, "mean_tpot_ms": 5, "std_itl_ms": -1, "random_range_ratio": NaN, "failed": null}`,
	} {
		if _, err := readJSON("f.json", in); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestUnboundedRateAccepted: a request rate may be infinite, written as
// SGLang's bare Infinity or vLLM's "inf"; a concurrency may not.
func TestUnboundedRateAccepted(t *testing.T) {
	for _, in := range []string{
		`{"backend": "sglang", "request_rate": Infinity, "request_throughput": 2, "mean_e2e_latency_ms": 900, "median_ttft_ms": 80}`,
		`{"request_rate": "inf", "request_throughput": 2, "mean_ttft_ms": 10, "mean_e2el_ms": 900}`,
		`{"request_rate": "Infinity", "request_throughput": 2, "mean_ttft_ms": 10, "mean_e2el_ms": 900}`,
	} {
		levels, err := readJSON("f.json", in)
		if err != nil {
			t.Fatal(err)
		}
		if !math.IsInf(levels[0].Rate, 1) {
			t.Errorf("%s: rate %v, want +Inf", in, levels[0].Rate)
		}
	}
}

// TestMetricTableNumbersRefused: the AIPerf / GenAI-Perf table reader
// judges the rows it reads like every other reader, and leaves rows it
// does not read alone.
func TestMetricTableNumbersRefused(t *testing.T) {
	head := "Metric,avg,min,max,p99,p95,p90\n"
	ok := "Time To First Token (ms),10,1,2,3,4,5\nRequest Latency (ms),900,1,2,3,4,5\n"
	for _, tt := range []struct{ name, in, want string }{
		{"negative", head + "Time To First Token (ms),-10,1,2,3,4,5\n", `f.csv:2:26: column "avg": "-10" is not a valid time; expected a number ≥ 0`},
		{"NaN", head + ok + "Inter Token Latency (ms),NaN,1,2,3,4,5\n", `f.csv:4:26: column "avg": "NaN" is not a number; expected a number ≥ 0`},
		{"absurd", head + ok + "Output Token Throughput Per User (tokens/sec/user),1e12,1,2,3,4,5\n", `f.csv:4:52: column "avg": "1e12" is not a valid per-user token rate; expected at most 1000000 tok/s`},
		{"fractional count", head + ok + "\nMetric,Value\nRequest Count (count),2.5\n", `f.csv:6:23: column "Value": "2.5" is not a valid request count; expected a whole number ≥ 0`},
		{"hex", head + "Time To First Token (ms),0x10,1,2,3,4,5\n", `f.csv:2:26: column "avg": "0x10" is not a number`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, _, err := readMetricTable("f.csv", []byte(tt.in))
			if err == nil || err.Error() != tt.want {
				t.Fatalf("error\n got %v\nwant %s", err, tt.want)
			}
		})
	}
	if _, _, _, err := readMetricTable("f.csv", []byte(head+ok+"OSL Mismatch Diff (%),-5,-9,0,0,0,0\n")); err != nil {
		t.Errorf("a row the reader does not use: %v", err)
	}
}

// TestRequestNumbersRefused: per-request rows are judged by the same
// checkNumber, and a per-user TPS that only a broken row can give
// (output tokens over a near-zero latency) is refused at its row.
func TestRequestNumbersRefused(t *testing.T) {
	head := "concurrency,ttft_ms,itl_ms,latency_s,output_tokens\n"
	for _, tt := range []struct{ name, in, want string }{
		{"absurd latency", head + "1,20,2,1e308,100\n", `r.csv:2:8: column "latency_s": "1e308" is not a valid time; expected at most 86400 s (24 h)`},
		{"NaN", head + "1,NaN,2,1.5,100\n", `r.csv:2:3: column "ttft_ms": "NaN" is not a number; expected a number ≥ 0`},
		{"fractional concurrency", head + "1.5,20,2,1.5,100\n", `r.csv:2:1: column "concurrency": "1.5" is not a valid concurrency; expected a whole number ≥ 1`},
		{"absurd TPS", head + "1,0.0005,2,0.000001,1000\n", `r.csv:2:1: output_tokens / latency_s = 1e+09 is not a valid per-user token rate; expected at most 1000000 tok/s`},
		{"latency before the first token", head + "1,34,7.3,0.001,243\n", `r.csv:2:10: column "latency_s": 0.001 s is shorter than the request's TTFT (34 ms); expected a latency ≥ its TTFT`},
		{"fraction of a token", head + "1,34,7.3,1.9,2.5\n", `r.csv:2:14: column "output_tokens": "2.5" is not a valid token count; expected a whole number ≥ 0`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, _, err := readRequests("r.csv", strings.NewReader(tt.in))
			if err == nil || err.Error() != tt.want {
				t.Fatalf("error\n got %v\nwant %s", err, tt.want)
			}
		})
	}
}

// TestLimitsAtBoundary: each level value is accepted exactly at its
// cap and refused a hair past it; absent statistics and unknown counts
// pass; a NaN rate does not.
func TestLimitsAtBoundary(t *testing.T) {
	set := func(l *Level, value string, v float64) {
		switch value {
		case "TTFT":
			l.TTFT.P90 = v
		case "ITL":
			l.ITL.P10 = v
		case "Latency":
			l.Latency.P99 = v
		case "TPS":
			l.TPS.Mean = v
		case "RPS":
			l.RPS = v
		case "SystemRPS":
			l.SystemRPS = v
		case "OutputTPS":
			l.OutputTPS = v
		case "Rate":
			l.Concurrency, l.Rate = 0, v
		case "Concurrency":
			l.Concurrency = int(v)
		case "Requests":
			l.Requests = int(v)
		case "Errors":
			l.Errors = int(v)
		case "OutputTokens":
			l.OutputTokens = v
		default:
			t.Fatalf("no field for limit %s", value)
		}
	}
	for _, lim := range Limits {
		past := math.Nextafter(lim.Max, math.Inf(1))
		if lim.Whole {
			past = lim.Max + 1
		}
		at := newLevel(1, Pos{File: "x.json"})
		set(&at, lim.Value, lim.Max)
		if err := checkLevel(at); err != nil {
			t.Errorf("%s at its cap %g: %v", lim.Value, lim.Max, err)
		}
		over := newLevel(1, Pos{File: "x.json"})
		set(&over, lim.Value, past)
		if err := checkLevel(over); err == nil || !strings.Contains(err.Error(), "expected at most") {
			t.Errorf("%s past its cap (%g): error %v", lim.Value, past, err)
		}
		if lim.Value != "Concurrency" && lim.Value != "Requests" && lim.Value != "Errors" {
			neg := newLevel(1, Pos{File: "x.json"})
			set(&neg, lim.Value, -1)
			if err := checkLevel(neg); err == nil || !strings.Contains(err.Error(), "expected a number ≥ 0") {
				t.Errorf("%s at -1: error %v", lim.Value, err)
			}
		}
	}
	inf := newLevel(0, Pos{File: "x.json"})
	inf.Rate = math.Inf(1)
	if err := checkLevel(inf); err != nil {
		t.Errorf("an unbounded rate: %v", err)
	}
	nan := newLevel(0, Pos{File: "x.json"})
	nan.Rate = math.NaN()
	if err := checkLevel(nan); err == nil {
		t.Error("a NaN rate passed")
	}
	if err := checkLevel(newLevel(1, Pos{File: "x.json"})); err != nil {
		t.Errorf("a level with nothing measured: %v", err)
	}
}

// TestLevelRangeCheckAfterEveryReader: a value computed from sane
// numbers can still be absurd (a request throughput from 1000 requests
// in a microsecond); the range check after the reader refuses it with
// the level's load and position.
func TestLevelRangeCheckAfterEveryReader(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"vllm.json": `{"max_concurrency": 2, "mean_ttft_ms": 10, "completed": 1000, "duration": 0.000001}`,
	})
	_, err := Read(dir, ReadOptions{})
	want := filepath.Join(dir, "vllm.json") + ": concurrency 2: 1e+09 req/s is not a valid request throughput; expected at most 1000000 req/s"
	if err == nil || err.Error() != want {
		t.Fatalf("error\n got %v\nwant %s", err, want)
	}
}

// TestFixturesWithinLimits: every real result file and every sample
// passes the checks unchanged (the SGLang offline run's 91 s median TTFT
// and 225 s mean latency included).
func TestFixturesWithinLimits(t *testing.T) {
	root := filepath.Join("..", "..", "shared", "fixtures")
	if _, err := os.Stat(root); err != nil {
		fixture(t, "SOURCES.md") // skips, or fails in CI
	}
	// Power logs (nvidia-smi/) are no results: they are read as
	// telemetry, and must read too.
	n := 0
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !isRunFile(d.Name()) {
			return err
		}
		n++
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if isPowerLog(data) {
			if _, err := readPowerLog(p, data); err != nil {
				t.Errorf("%s: %v", p, err)
			}
			return nil
		}
		format, err := Detect(p, data)
		if err == nil {
			var levels []Level
			var defs Definitions
			if levels, defs, _, err = readRuns(p, data, format); err == nil {
				err = checkConfig(p, Config{Levels: levels, Definitions: defs})
			}
		}
		if err != nil {
			t.Errorf("%s: %v", p, err)
		}
		return nil
	})
	if err != nil || n < 20 {
		t.Fatalf("walked %d fixtures: %v", n, err)
	}
	samples, _ := filepath.Glob("../samples/*")
	for _, dir := range samples {
		if _, err := Read(dir, ReadOptions{}); err != nil {
			t.Errorf("%s: %v", dir, err)
		}
	}
	if len(samples) == 0 {
		t.Error("no samples")
	}
}

// TestShortDecimal: the fast path of parseNumber reads exactly what
// strconv.ParseFloat reads (the same bits), on random digit strings of
// every length up to past its 15 digits with the point anywhere, and
// leaves every other form to ParseFloat: 16 digits, a sign, an
// exponent, a point at either end or twice, spaces.
func TestShortDecimal(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 200_000 {
		n := 1 + r.IntN(17)
		b := make([]byte, n)
		for i := range b {
			b[i] = '0' + byte(r.IntN(10))
		}
		if n > 2 && r.IntN(4) > 0 {
			b = slices.Insert(b, 1+r.IntN(n-1), '.')
		}
		s := string(b)
		got, ok := shortDecimal(s)
		want, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("ParseFloat(%q): %v", s, err)
		}
		if ok != (n <= 15) {
			t.Fatalf("shortDecimal(%q): ok = %v with %d digits", s, ok, n)
		}
		if ok && math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("shortDecimal(%q) = %v, ParseFloat %v", s, got, want)
		}
	}
	for _, s := range []string{"999999999999999", "0.00000000000001", "1.2480", "7446501.33", "0", "000.5", "9.99999999999999"} {
		got, ok := shortDecimal(s)
		want, _ := strconv.ParseFloat(s, 64)
		if !ok || got != want {
			t.Errorf("shortDecimal(%q) = %v, %v; want %v", s, got, ok, want)
		}
	}
	for _, s := range []string{"", "1000000000000000", "0.000000000000001", "-1", "+1", "1e3", ".5", "5.", "1.2.3", " 1", "1 ", "NaN", "Inf", "0x10", "1_000"} {
		if f, ok := shortDecimal(s); ok {
			t.Errorf("shortDecimal(%q) = %v, true; want it left to ParseFloat", s, f)
		}
	}
}
