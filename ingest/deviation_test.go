package ingest

import (
	"math"
	"testing"
)

// TestDeviations: the standard deviations and counts each tool's
// summary states beside its means, as the sample's (n − 1): numpy's
// population σ (vLLM, AIPerf, guidellm) scaled by √(n / (n − 1)),
// pandas' sample one (LLMPerf) as written; guidellm's TPOT, counted in
// tokens, over its requests. What a tool does not state stays unknown.
// The expected values are the files' own numbers, converted with
// Python.
func TestDeviations(t *testing.T) {
	unknown := Deviation{}
	for _, tc := range []struct {
		file                    string
		ttft, itl, tps, latency Deviation
	}{
		// completed 8; std_ttft_ms 292.068…, std_tpot_ms 0.61753; no
		// std_e2el_ms; TPS (1000 / TPOT) has none.
		{"vllm/bench-serve-opt125m.json", Deviation{312.2340341275067, 8}, Deviation{0.660166343165652, 8}, unknown, unknown},
		// count 96 per metric; std in ms; TPS is e2e_output_token_throughput,
		// as the reader takes it.
		{"aiperf/agent-c2.json", Deviation{54.26274752112237, 96}, Deviation{0.3681243218475883 * math.Sqrt(96.0/95), 96},
			Deviation{12.827501611117865 * math.Sqrt(96.0/95), 96}, Deviation{2.294576178840648 * math.Sqrt(96.0/95), 96}},
		// 150 completed; stddev in s, TTFT written in ms.
		{"llmperf/groq-70b-summary.json", Deviation{45.45771907205833, 150}, Deviation{0.47732953488306034, 150},
			Deviation{15.697887254302277, 150}, Deviation{0.07176030445752668, 150}},
		// 4 successful requests; TPOT's count is 4096 tokens.
		{"guidellm/qwen3-4b-c4.json", Deviation{0.6002005262104734, 4}, Deviation{0.0005117907076974084, 4}, unknown,
			Deviation{0.0007664042886708505, 4}},
	} {
		path, data := fixture(t, tc.file)
		format, err := Detect(path, data)
		if err != nil {
			t.Fatal(err)
		}
		levels, _, _, err := readRuns(path, data, format)
		if err != nil {
			t.Fatal(err)
		}
		d := levels[0].Dev
		for _, c := range []struct {
			name      string
			got, want Deviation
		}{{"TTFT", d.TTFT, tc.ttft}, {"ITL", d.ITL, tc.itl}, {"TPS", d.TPS, tc.tps}, {"latency", d.Latency, tc.latency}} {
			if c.got.N != c.want.N || !near(c.got.SD, c.want.SD) {
				t.Errorf("%s %s: %+v, want %+v", tc.file, c.name, c.got, c.want)
			}
		}
	}
}

// TestDeviationBoundaries: a deviation needs two values; a population
// σ over exactly two becomes σ·√2, over one it is unknown.
func TestDeviationBoundaries(t *testing.T) {
	if d := populationDeviation(3, 2); d.N != 2 || !near(d.SD, 3*math.Sqrt2) || !d.Known() {
		t.Errorf("σ 3 over 2: %+v", d)
	}
	if d := populationDeviation(3, 1); d.Known() || d != (Deviation{}) {
		t.Errorf("σ 3 over 1: %+v, want unknown", d)
	}
	if d := sampleDeviation(3, 2); d != (Deviation{3, 2}) {
		t.Errorf("s 3 over 2: %+v", d)
	}
	if d := sampleDeviation(math.NaN(), 10); d.Known() {
		t.Errorf("no s: %+v, want unknown", d)
	}
	if d := deviationOf([]float32{1, 3}); d.N != 2 || !near(d.SD, math.Sqrt2) {
		t.Errorf("1, 3: %+v, want √2 over 2", d)
	}
	if d := deviationOf([]float32{1, float32(math.NaN())}); d.Known() {
		t.Errorf("one number: %+v, want unknown", d)
	}
}
