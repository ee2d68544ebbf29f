package ingest

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	trtllmLatency    = "trtllm-bench/qwen25-1.5b-rtx3070-latency-streaming.json"
	trtllmThroughput = "trtllm-bench/qwen25-1.5b-rtx3070-throughput-nonstreaming.json"
)

// TestTRTLLMFromRaw reads both real trtllm-bench reports and checks every
// value the report uses against the raw file, decoded here with
// encoding/json: times from ms (latency to s), the percentile blocks by
// name, the decode rate's slow tail as 1000 / TPOT P90, the counts,
// lengths, model, engine version and world size as written.
func TestTRTLLMFromRaw(t *testing.T) {
	for _, file := range []string{trtllmLatency, trtllmThroughput} {
		t.Run(file, func(t *testing.T) {
			path, data := fixture(t, file)
			var raw rawReport
			if err := json.Unmarshal(data, &raw); err != nil {
				t.Fatal(err)
			}
			cfg, _, err := readResultFile(path, "", hints{})
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Format != FormatTRTLLM || len(cfg.Levels) != 1 {
				t.Fatalf("read as %s with %d levels", cfg.Format, len(cfg.Levels))
			}
			l := cfg.Levels[0]
			for name, v := range raw.want(l) {
				if !near(v[0], v[1]) {
					t.Errorf("%s = %v, want %v", name, v[0], v[1])
				}
			}
			wantDefs := Definitions{ITL: "tpot", TPS: "request", RPS: "system"}
			if raw.streaming() {
				wantDefs.TPS = "decode"
			}
			if cfg.Definitions != wantDefs {
				t.Errorf("definitions = %+v, want %+v", cfg.Definitions, wantDefs)
			}
			eng := raw["engine"]
			if l.Model != eng["model"] || l.Engine != "TensorRT-LLM "+eng["version"].(string) || l.MeasuredConcurrency != 0 {
				t.Errorf("model %q, engine %q, measured concurrency %v", l.Model, l.Engine, l.MeasuredConcurrency)
			}
		})
	}
}

// rawReport is a trtllm-bench report as encoding/json decodes it.
type rawReport map[string]map[string]any

// num is the number at block.keys… (NaN when absent or not a number).
func (r rawReport) num(block string, keys ...string) float64 {
	var v any = r[block]
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return math.NaN()
		}
		v = m[k]
	}
	f, ok := v.(float64)
	if !ok {
		return math.NaN()
	}
	return f
}

// streaming reports whether the report has streaming metrics.
func (r rawReport) streaming() bool { _, ok := r["streaming_metrics"]; return ok }

// want pairs each value of the level l read from the report with the
// value the raw report gives for it: name → {got, want}.
func (r rawReport) want(l Level) map[string][2]float64 {
	perf, lat, sm := "performance", "request_latency_percentiles_ms", "streaming_metrics"
	out := map[string][2]float64{
		"latency mean": {l.Latency.Mean, r.num(perf, "avg_request_latency_ms") / 1000},
		"latency p50":  {l.Latency.P50, r.num(perf, lat, "p50") / 1000},
		"latency p90":  {l.Latency.P90, r.num(perf, lat, "p90") / 1000},
		"latency p99":  {l.Latency.P99, r.num(perf, lat, "p99") / 1000},
		"system RPS":   {l.SystemRPS, r.num(perf, "request_throughput_req_s")},
		"output TPS":   {l.OutputTPS, r.num(perf, "system_output_throughput_tok_s")},
		"requests":     {float64(l.Requests), r.num("request_info", "num_requests")},
		"input":        {l.InputTokens, r.num("request_info", "avg_input_length")},
		"output":       {l.OutputTokens, r.num("request_info", "avg_output_length")},
		"GPUs":         {float64(l.GPUs), r.num("world_info", "world_size")},
		"errors":       {float64(l.Errors), -1}, // the report counts none
		// The file's own consistency: 128 output tokens a request.
		"output per request": {r.num(perf, "request_throughput_req_s") * 128, r.num(perf, "system_output_throughput_tok_s")},
		// max_batch_size 1 and 0.99996 requests in flight: one at a time.
		"concurrency": {float64(l.Concurrency), r.num("world_info", "max_batch_size")},
		"TTFT mean":   {l.TTFT.Mean, r.num(sm, "avg_ttft_ms")},
		"ITL mean":    {l.ITL.Mean, r.num(sm, "avg_tpot_ms")},
	}
	if !r.streaming() {
		out["TPS mean"] = [2]float64{l.TPS.Mean, r.num(perf, "output_throughput_per_user_tok_s")}
		return out
	}
	for k, v := range map[string][2]float64{
		"TTFT p50": {l.TTFT.P50, r.num(sm, "ttft_percentiles", "p50")},
		"TTFT p90": {l.TTFT.P90, r.num(sm, "ttft_percentiles", "p90")},
		"TTFT p99": {l.TTFT.P99, r.num(sm, "ttft_percentiles", "p99")},
		"ITL p90":  {l.ITL.P90, r.num(sm, "tpot_percentiles", "p90")},
		"TPS mean": {l.TPS.Mean, r.num(sm, "token_output_speed_tok_s")},
		"TPS p10":  {l.TPS.P10, 1000 / r.num(sm, "tpot_percentiles", "p90")},
		"TPS p50":  {l.TPS.P50, r.num(sm, "gen_tps_percentiles", "p50")},
		"TPS p90":  {l.TPS.P90, r.num(sm, "gen_tps_percentiles", "p90")},
		"TPS p99":  {l.TPS.P99, r.num(sm, "gen_tps_percentiles", "p99")},
		// gen_tps is each request's 1000 / TPOT: its fastest request
		// is the one of the shortest TPOT.
		"gen_tps maximum": {r.num(sm, "gen_tps_percentiles", "maximum"), 1000 / r.num(sm, "tpot_percentiles", "minimum")},
	} {
		out[k] = v
	}
	return out
}

// trtllmVariant is the real latency report with each old string of
// pairs (old, new, old, new …) replaced: another input length or load
// in the real shape.
func trtllmVariant(t *testing.T, pairs ...string) []byte {
	t.Helper()
	_, data := fixture(t, trtllmLatency)
	s := string(data)
	for i := 0; i+1 < len(pairs); i += 2 {
		if !strings.Contains(s, pairs[i]) {
			t.Fatalf("the fixture lacks %q", pairs[i])
		}
		s = strings.ReplaceAll(s, pairs[i], pairs[i+1])
	}
	return []byte(s)
}

// atISL is the latency report at input length isl (its request_info and
// dataset say so).
func atISL(t *testing.T, isl string, more ...string) []byte {
	t.Helper()
	return trtllmVariant(t, append([]string{`"avg_input_length": 512.0`, `"avg_input_length": ` + isl, `"avg_isl": 512`, `"avg_isl": ` + isl}, more...)...)
}

// loadOf makes a report's runtime batch and measured concurrency.
func loadOf(batch, measured string) []string {
	return []string{`"max_batch_size": 1,`, `"max_batch_size": ` + batch + `,`, `"avg_num_concurrent_requests": 0.999955967309129`, `"avg_num_concurrent_requests": ` + measured}
}

// TestTRTLLMLoad: the report states no --concurrency. At a runtime batch
// of one a run that measured at most one request in flight (rounded) is
// at concurrency 1; otherwise a load its name, its folder or the
// manifest states wins, else the measured mean rounded (from 0.5 up),
// marked measured.
func TestTRTLLMLoad(t *testing.T) {
	for _, tt := range []struct {
		name, batch, measured, file string
		hint                        int
		c                           int
		marked                      float64 // MeasuredConcurrency kept
		err                         error
	}{
		{"batch 1, just under 1", "1", "0.999955967309129", "run.json", 0, 1, 0, nil},
		{"batch 1, 1.4999 rounds to 1", "1", "1.4999", "run.json", 0, 1, 0, nil},
		{"batch 1, 1.5 rounds to 2: queued, measured", "1", "1.5", "run.json", 0, 2, 1.5, nil},
		{"batch 64, measured 61.7", "64", "61.7", "run.json", 0, 62, 61.7, nil},
		{"the name's load wins", "64", "61.7", "run_c64.json", 0, 64, 0, nil},
		{"the folder's load wins", "64", "61.7", "run.json", 64, 64, 0, nil},
		{"0.5 measured is placed at 1", "8", "0.5", "run.json", 0, 1, 0.5, nil},
		{"0.4999 measured is no load", "8", "0.4999", "run.json", 0, 0, 0, ErrNoConcurrency},
		{"nothing measured is no load", "8", "null", "run.json", 0, 0, 0, ErrNoConcurrency},
		{"batch 1, nothing measured is no load", "1", "null", "run.json", 0, 0, 0, ErrNoConcurrency},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tt.file)
			if err := os.WriteFile(path, trtllmVariant(t, loadOf(tt.batch, tt.measured)...), 0o644); err != nil {
				t.Fatal(err)
			}
			cfg, _, err := readResultFile(path, "", hints{concurrency: tt.hint})
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("error = %v, want %v", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if l := cfg.Levels[0]; l.Concurrency != tt.c || l.MeasuredConcurrency != tt.marked {
				t.Errorf("concurrency %d (measured %v), want %d (%v)", l.Concurrency, l.MeasuredConcurrency, tt.c, tt.marked)
			}
		})
	}
}

// writeRuns writes files (name → content) under a new folder.
func writeRuns(t *testing.T, files map[string][]byte) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestTRTLLMInputSweep: a folder of trtllm-bench runs at one load and
// several input lengths is one configuration swept over input length,
// whatever its file names; runs at one input length are repeats.
func TestTRTLLMInputSweep(t *testing.T) {
	dir := writeRuns(t, map[string][]byte{
		"trtllm_bench_2048_128_latency.json":     atISL(t, "2048.0", `"avg_ttft_ms": 51.767202229999995`, `"avg_ttft_ms": 210.5`),
		"trtllm_bench_128_128_latency.json":      atISL(t, "128.0"),
		"trtllm_bench_512_128_latency.json":      trtllmVariant(t),
		"trtllm_bench_512_128_latency-run2.json": trtllmVariant(t, `"avg_ttft_ms": 51.767202229999995`, `"avg_ttft_ms": 53.767202229999995`),
	})
	cfg, _, err := readRunFolder(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, l := range cfg.Levels {
		got = append(got, l.InputLength)
		if l.Concurrency != 1 {
			t.Errorf("input length %d at concurrency %d, want 1", l.InputLength, l.Concurrency)
		}
	}
	if len(got) != 3 || got[0] != 128 || got[1] != 512 || got[2] != 2048 {
		t.Fatalf("input lengths %v, want 128 512 2048", got)
	}
	if l := cfg.Levels[1]; len(l.Repeats) != 2 || !near(l.TTFT.Mean, 52.767202229999995) {
		t.Errorf("input length 512: %d runs, mean TTFT %v; want 2 runs, 52.767202229999995", len(l.Repeats), l.TTFT.Mean)
	}
	if !near(cfg.Levels[2].TTFT.Mean, 210.5) {
		t.Errorf("input length 2048: mean TTFT %v, want 210.5", cfg.Levels[2].TTFT.Mean)
	}
}

// TestTRTLLMLoadSweep: runs at several loads are a sweep over load when
// their input lengths are one workload's: within workloadTolerance of
// the longest (750 beside 1000 tokens at the limit); a hair past it,
// they are two sweeps in one folder, refused naming the extremes.
func TestTRTLLMLoadSweep(t *testing.T) {
	for _, tt := range []struct {
		name, short string
		err         string
	}{
		{"one input length", "1000.0", ""},
		{"at the tolerance", "750.0", ""},
		{"a hair past it", "749.99", "holds runs that differ both in load (concurrency 8 to concurrency 32) and in input length (750 to 1000 tokens: c8/report.json, c32/report.json): one configuration is a sweep over load at one input length, or over input length at one load; put each sweep in a folder of its own"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeRuns(t, map[string][]byte{
				"c8/report.json":  atISL(t, tt.short, loadOf("64", "7.8")...),
				"c32/report.json": atISL(t, "1000.0", loadOf("64", "30.1")...),
			})
			cfg, _, err := readRunFolder(dir, "")
			if tt.err != "" {
				if err == nil || !strings.HasSuffix(err.Error(), tt.err) {
					t.Fatalf("error = %v, want …%s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(cfg.Levels) != 2 || cfg.Levels[0].Concurrency != 8 || cfg.Levels[1].Concurrency != 32 || cfg.Levels[0].InputLength != 0 {
				t.Errorf("levels %+v, want c=8 and c=32 placed by load", cfg.Levels)
			}
			if cfg.Levels[0].MeasuredConcurrency != 0 {
				t.Error("the folder states the load; the measured mean is kept as if it were the load")
			}
		})
	}
}

// TestTRTLLMMixedSweep: runs at one load over input lengths beside a run
// at another load are two sweeps, refused; a run of a sweep at one load
// that states no input length cannot be placed.
func TestTRTLLMMixedSweep(t *testing.T) {
	dir := writeRuns(t, map[string][]byte{
		"isl128.json":     atISL(t, "128.0"),
		"isl2048.json":    atISL(t, "2048.0"),
		"isl128-c4.json":  atISL(t, "128.0", loadOf("4", "3.9")...),
		"isl2048-c4.json": atISL(t, "2048.0", loadOf("4", "3.9")...),
	})
	_, _, err := readRunFolder(dir, "")
	if err == nil || !strings.Contains(err.Error(), "holds runs that differ both in load (concurrency 1 to concurrency 4) and in input length (128 to 2048 tokens") {
		t.Errorf("error = %v, want two sweeps refused", err)
	}
	dir = writeRuns(t, map[string][]byte{
		"a.json": atISL(t, "128.0"),
		"b.json": trtllmVariant(t, `"avg_input_length": 512.0`, `"avg_input_length": null`, `"avg_isl": 512`, `"avg_isl": null`),
	})
	_, _, err = readRunFolder(dir, "")
	if err == nil || !strings.Contains(err.Error(), "b.json: states no input length, while the other runs of") {
		t.Errorf("error = %v, want the run without an input length named", err)
	}
}
