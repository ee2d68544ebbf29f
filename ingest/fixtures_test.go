package ingest

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixture reads a real result file from ../shared/fixtures. The tests
// skip when the folder is absent on a developer's machine and fail in CI
// (CI=true), where it is always beside the clone.
//
// A rel under testdata/ is a generated fixture of this package (its
// folder's gen.py says which writer code it follows), read from there.
func fixture(t *testing.T, rel string) (string, []byte) {
	t.Helper()
	if strings.HasPrefix(rel, "testdata/") {
		data, err := os.ReadFile(rel)
		if err != nil {
			t.Fatal(err)
		}
		return rel, data
	}
	dir := filepath.Join("..", "..", "shared", "fixtures")
	data, err := os.ReadFile(filepath.Join(dir, rel))
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("fixture %s: %v", rel, err)
		}
		t.Skipf("fixture %s: %v", rel, err)
	}
	return filepath.Join(dir, rel), data
}

// near reports whether got is within 1e-6 relative of want (NaN = NaN).
func near(got, want float64) bool {
	if math.IsNaN(want) {
		return math.IsNaN(got)
	}
	return math.Abs(got-want) <= 1e-6*math.Max(1, math.Abs(want))
}

// TestFixtures reads each tool's real output and checks the values the
// report uses, as the tools wrote them (units normalized: ms for TTFT
// and ITL, s for latency).
func TestFixtures(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		file string
		want fixtureWant
	}{
		{"vllm/bench-serve-opt125m.json", fixtureWant{FormatVLLM, 1, 2, 0, 215.53594200008774, 55.68139649994919, nan, 734.4049174101428,
			11.265828258331112, nan, nan, nan, 5.180810671273421, 82.89297074037474, 8, 0, "tpot", "decode"}},
		// Two repeated runs at c=2 (run_number 0 and 1): one level, each
		// value the mean of the two runs', requests summed.
		{"vllm/sweep-summary.json", fixtureWant{FormatVLLM, 1, 2, 0, 128.29010487530468, 41.55541774889571, nan, 410.03859192322125,
			8.108499262380064, 0.24991759381100564, nan, nan, 9.159898467884048, 146.55837548614477, 16, 0, "tpot", "decode"}},
		// Seconds without the _ms suffix; only median and p99 stats.
		{"inferencex/glm5-fp8-isl1024-conc16.json", fixtureWant{FormatInferenceX, 1, 16, 0, nan, 291.39942955225706, nan, 2077.586937993753,
			nan, nan, nan, nan, 3.1529760261103545, 403.5809313421254, 160, -1, "tpot", "decode"}},
		// Seconds and string-typed numbers; completed per minute.
		{"llmperf/groq-70b-summary.json", fixtureWant{FormatLLMPerf, 1, 5, 0, 227.86034579078357, 221.8883791938424, 298.818383552134, 350.0269545800982,
			5.384122478382455, 0.8151081097126007, 184.16473873302962, nan, 2.945649185900014, 441.84737788500206, 150, 0, "chunk", "request"}},
		{"aiperf/agent-c2.json", fixtureWant{FormatAIPerfJSON, 1, 2, 0, 154.26432382291665, 136.4860965, 224.46982849999998, 292.49688644999986,
			5.670039629867334, 2.61775843253125, 160.37713832033913, 145.38673012032055, 0.7460502167796494, 324.31424631925347, 96, -1, "tpot", "request"}},
		// The same run as CSV: two decimals; the concurrency is in the name only.
		{"aiperf/agent-c2.csv", fixtureWant{FormatAIPerfCSV, 1, 0, 0, 154.26, 136.49, 224.47, 292.50,
			5.67, 2.61776, 160.38, 145.39, 0.75, 324.31, 96, -1, "tpot", "request"}},
		// Older AIPerf: "records" with short tags, errors counted, concurrency in loadgen.
		{"aiperf-old/run1-profile_export_aiperf.json", fixtureWant{FormatAIPerfJSON, 1, 100, 0, 2343.219436988764, 2369.317693, 3796.9311679999996, 3833.3894000399996,
			27.763065454471807, 9.059654633033707, 36.68434853220158, nan, 9.551622221540914, 2320.7222350404572, 89, 11, "tpot", "decode"}},
		// Thousands separators in quoted cells.
		{"genai-perf/dynamo-405b.csv", fixtureWant{FormatGenAIPerf, 1, 0, 0, 1146.31, 640.07, 3215.06, 3457.97,
			30.35, 6.4062, nan, nan, 1.50, 261.25, 40, -1, "tpot", "request"}},
		{"guidellm/qwen3-4b-c4.json", fixtureWant{FormatGuideLLM, 1, 4, 0, 171.7655062675476, 171.52166366577148, 172.63293266296387, 172.63293266296387,
			24.32290418073535, 24.90865981578827, nan, 41.11231154444317, 0.12043527909470322, 165.59511945248636, 4, 0, "tpot", "decode"}},
		// guidellm's CSV of the same report, as v0.5 (three header rows)
		// and v0.3 (one) write it: the JSON's numbers (gen.py writes them
		// from it).
		{"testdata/guidellm/qwen3-4b-c4-v05.csv", fixtureWant{FormatGuideLLMCSV, 1, 4, 0, 171.7655062675476, 171.52166366577148, 172.63293266296387, 172.63293266296387,
			24.32290418073535, 24.90865981578827, nan, 41.11231154444317, 0.12043527909470322, 165.59511945248636, 4, 0, "tpot", "decode"}},
		{"testdata/guidellm/qwen3-4b-c4-v03.csv", fixtureWant{FormatGuideLLMCSV, 1, 4, 0, 171.7655062675476, 171.52166366577148, 172.63293266296387, 172.63293266296387,
			24.32290418073535, 24.90865981578827, nan, 41.11231154444317, 0.12043527909470322, 165.59511945248636, 4, 0, "tpot", "decode"}},
		// GenAI-Perf's JSON, current release: values as written in the
		// file (read back with Python's json); concurrency from
		// perf_analyzer.stimulus; TPS per user (decode).
		{"testdata/genai-perf/current-profile_export_genai_perf.json", fixtureWant{FormatGenAIPerfJSON, 1, 4, 0, 156.22713697444252, 159.39684272819852, 221.75910445097327, 237.36051180749033,
			20.59170808019354, 2.7672417045158837, 49.05190678378998, 42.74136166680173, 1.4382065368519488, 183.80279540967905, 100, -1, "tpot", "decode"}},
		// The 2024 release: p25…p99 only, TPS per request, flat input_config.
		{"testdata/genai-perf/old-profile_export_genai_perf.json", fixtureWant{FormatGenAIPerfJSON, 1, 4, 0, 156.22713697444252, 159.39684272819852, 221.75910445097327, 237.36051180749033,
			20.59170808019354, 2.7672417045158837, 46.58910935387432, nan, 1.4382065368519488, 183.80279540967905, 100, -1, "tpot", "request"}},
		// A vllm bench sweep's summary.csv of two points (c=2, c=4) of two
		// runs each: the mean of each point's runs, as from summary.json.
		{"testdata/vllm-sweep/summary.csv", fixtureWant{FormatVLLMSweepCSV, 2, 2, 0, 128.29010487530468, 41.55541774889571, nan, 410.03859192322125,
			8.108499262380064, 0.24991759381100564, nan, nan, 9.159898467884048, 146.55837548614477, 16, 0, "tpot", "decode"}},
		// LLMPerf's individual responses: 22 requests and 2 failed (left
		// out). Mean and nearest-rank percentiles of the successful ones,
		// computed independently with a few lines of Python over the file
		// (values as float32, sorted, element ⌈p·n⌉ − 1).
		{"testdata/llmperf/llama2-70b-4096_550_150_individual_responses.json", fixtureWant{FormatLLMPerfResponses, 1, 0, 0, 255.47351677635524, 241.89883422851562, 327.0465393066406, 336.3450012207031,
			5.676698475383864, 0.8523693570702726, 176.2706083137398, 164.04441833496094, nan, nan, 22, 2, "chunk", "request"}},
		// trtllm-bench latency (streaming) at batch 1: times from the ms
		// percentile blocks, latency in s, TPS the decode rate gen_tps
		// with its slow tail P10 = 1000 / TPOT P90 (9.945084921259843 ms).
		{"trtllm-bench/qwen25-1.5b-rtx3070-latency-streaming.json", fixtureWant{FormatTRTLLM, 1, 1, 0, 51.767202229999995, 51.361733, 53.206069, 76.020445,
			9.845685253622047, 1.30216922944, 101.57476175592296, 1000 / 9.945084921259843, 0.7679155248808649, 98.2931871847507, 100, -1, "tpot", "decode"}},
		// trtllm-bench throughput without streaming: no TTFT nor TPOT;
		// TPS is output tokens over the whole request.
		{"trtllm-bench/qwen25-1.5b-rtx3070-throughput-nonstreaming.json", fixtureWant{FormatTRTLLM, 1, 1, 0, nan, nan, nan, nan,
			nan, 1.3397370067999999, 95.54282724445271, nan, 0.7463856502051289, 95.5373632262565, 100, -1, "tpot", "request"}},
		// A request-rate sweep in JSON lines; older key set (no mean TTFT, chunk ITL only).
		{"sglang/llama33-70b-online-rate-sweep.jsonl", fixtureWant{FormatSGLang, 7, 0, 1, nan, 85.74514742940664, nan, nan,
			nan, 7.840616212638561, nan, nan, 1.0054711691237104, 537.4142851849319, 300, -1, "chunk", "decode"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) { checkFixture(t, tt.file, tt.want) })
	}
}

// fixtureWant is what TestFixtures expects of a fixture: its format,
// its number of levels, and the values and definitions of its first
// level.
type fixtureWant struct {
	format    string
	levels    int
	c         int     // concurrency of the first level
	rate      float64 // offered rate of the first level (0: none)
	ttftMean  float64
	ttftP50   float64
	ttftP90   float64
	ttftP99   float64
	itlMean   float64
	latMean   float64
	tpsMean   float64
	tpsP10    float64
	systemRPS float64
	outputTPS float64
	requests  int
	errors    int
	defsITL   string
	defsTPS   string
}

// checkFixture reads the fixture file and compares it with w.
func checkFixture(t *testing.T, file string, w fixtureWant) {
	path, data := fixture(t, file)
	format, err := Detect(path, data)
	if err != nil {
		t.Fatal(err)
	}
	if format != w.format {
		t.Fatalf("Detect = %q, want %q", format, w.format)
	}
	levels, defs, _, err := readRuns(path, data, format)
	if err != nil {
		t.Fatal(err)
	}
	if len(levels) != w.levels {
		t.Fatalf("%d levels, want %d", len(levels), w.levels)
	}
	l := levels[0]
	checks := []struct {
		name      string
		got, want float64
	}{
		{"concurrency", float64(l.Concurrency), float64(w.c)},
		{"rate", l.Rate, w.rate},
		{"TTFT mean", l.TTFT.Mean, w.ttftMean},
		{"TTFT p50", l.TTFT.P50, w.ttftP50},
		{"TTFT p90", l.TTFT.P90, w.ttftP90},
		{"TTFT p99", l.TTFT.P99, w.ttftP99},
		{"ITL mean", l.ITL.Mean, w.itlMean},
		{"latency mean", l.Latency.Mean, w.latMean},
		{"TPS mean", l.TPS.Mean, w.tpsMean},
		{"TPS p10", l.TPS.P10, w.tpsP10},
		{"system RPS", l.SystemRPS, w.systemRPS},
		{"output TPS", l.OutputTPS, w.outputTPS},
		{"requests", float64(l.Requests), float64(w.requests)},
		{"errors", float64(l.Errors), float64(w.errors)},
	}
	for _, c := range checks {
		if !near(c.got, c.want) && !(math.IsInf(c.want, 1) && math.IsInf(c.got, 1)) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if defs.ITL != w.defsITL || defs.TPS != w.defsTPS {
		t.Errorf("definitions = %+v, want ITL %s, TPS %s", defs, w.defsITL, w.defsTPS)
	}
}

func TestRateFromName(t *testing.T) {
	for name, want := range map[string]float64{
		"genai-perf-rate4.csv": 4, "request_rate16.csv": 16, "qps0.5.csv": 0.5, "run-rps_8.json": 8,
		"vllm-4qps-Llama-3.1-8B-20261020-100100.json": 4, "vllm-infqps-Llama.json": math.Inf(1), "sweep-rate-inf.json": math.Inf(1),
		"profile_export_genai_perf.csv": 0, "accurate.csv": 0, "vllm-c8.json": 0, "rate.csv": 0, "qps4x.json": 0,
	} {
		if got := RateFromName(name); got != want {
			t.Errorf("RateFromName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestConcurrencyFromName(t *testing.T) {
	for name, want := range map[string]int{
		"agent-c16.json": 16, "glm5_fp8_vllm_tp8_isl1024_osl128_conc64.json": 64, "run-concurrency8.csv": 8,
		"c2": 2, "profile_export_aiperf.json": 0, "dynamo-405b.csv": 0, "vllm-spec.csv": 0, "sweep-c2x.json": 0,
	} {
		if got := ConcurrencyFromName(name); got != want {
			t.Errorf("ConcurrencyFromName(%q) = %d, want %d", name, got, want)
		}
	}
}

// FuzzReadRuns feeds any bytes through format detection and the run-file
// readers (vLLM, SGLang, InferenceX, LLMPerf, AIPerf, GenAI-Perf,
// guidellm): no panic, and every error carries a position.
func FuzzReadRuns(f *testing.F) {
	addSeeds(f, "FuzzReadRuns")
	f.Fuzz(func(t *testing.T, data []byte) {
		format, err := Detect("f.json", data)
		if err == nil {
			switch format {
			case FormatExport, "zip":
				return
			}
			_, _, _, err = readRuns("f.json", data, format)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Pos.File != "f.json" {
				t.Fatalf("error without a position: %v", err)
			}
		}
	})
}

// TestVLLMSweepFolder reads a vllm bench sweep experiment: one folder
// per point, each with a summary.json of repeated runs (and run=N.json
// files, which repeat the summary and are not read twice).
func TestVLLMSweepFolder(t *testing.T) {
	_, data := fixture(t, "vllm/sweep-summary.json")
	dir := t.TempDir()
	for _, c := range []string{"2", "4"} {
		point := filepath.Join(dir, "SERVE--max_num_seqs=4-BENCH--max_concurrency="+c+"-num_prompts=8")
		if err := os.MkdirAll(point, 0o755); err != nil {
			t.Fatal(err)
		}
		body := strings.ReplaceAll(string(data), `"max_concurrency": 2`, `"max_concurrency": `+c)
		for _, f := range []string{"summary.json", "run=0.json"} {
			if err := os.WriteFile(filepath.Join(point, f), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	cfg, warnings, err := readRunFolder(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Levels) != 2 || cfg.Levels[0].Concurrency != 2 || cfg.Levels[1].Concurrency != 4 || cfg.Format != FormatVLLM {
		t.Fatalf("config = %s with levels %+v", cfg.Format, cfg.Levels)
	}
	if len(warnings) != 0 {
		t.Errorf("warnings = %v, want none: repeated runs are kept, not dropped", warnings)
	}
	for _, l := range cfg.Levels {
		if len(l.Repeats) != 2 || l.Requests != 16 {
			t.Errorf("c=%d: %d runs, %d requests; want the point's 2 runs of 8 requests each", l.Concurrency, len(l.Repeats), l.Requests)
		}
	}
}

// FuzzReadCSVRuns feeds any bytes through format detection and the CSV
// run readers (guidellm's CSV, a vllm bench sweep's summary.csv, the
// AIPerf and GenAI-Perf tables): no panic, and every error carries a
// position.
func FuzzReadCSVRuns(f *testing.F) {
	addSeeds(f, "FuzzReadCSVRuns")
	f.Fuzz(func(t *testing.T, data []byte) {
		format, err := Detect("f.csv", data)
		if err == nil {
			switch format {
			case FormatExport, FormatRequests, "zip":
				return
			}
			_, _, _, err = readRuns("f.csv", data, format)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Pos.File != "f.csv" {
				t.Fatalf("error without a position: %v", err)
			}
		}
	})
}
