package ingest

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// rawDetailed is a vLLM result's per-request arrays as encoding/json
// reads them: the test's own reading, independent of the reader's.
type rawDetailed struct {
	Completed  int         `json:"completed"`
	TTFTs      []float64   `json:"ttfts"`
	ITLs       [][]float64 `json:"itls"`
	OutputLens []float64   `json:"output_lens"`
	Errors     []string    `json:"errors"`
	MeanTPOTms float64     `json:"mean_tpot_ms"`
}

// expected are the statistics the arrays give, computed here: latency
// per request TTFT + Σ ITL, TPOT (latency − TTFT) / (n − 1) over the
// requests of two tokens or more, nearest-rank percentiles.
func (d rawDetailed) expected() (ttftMean, latMean, latP90, tpotMean float64, ok, failed int) {
	var lats, tpots []float64
	for i, e := range d.Errors {
		if e != "" {
			failed++
			continue
		}
		ok++
		lat := d.TTFTs[i]
		for _, g := range d.ITLs[i] {
			lat += g
		}
		ttftMean += d.TTFTs[i] * 1000
		latMean += lat
		lats = append(lats, lat)
		if n := d.OutputLens[i]; n > 1 {
			tpots = append(tpots, (lat-d.TTFTs[i])*1000/(n-1))
		}
	}
	slices.Sort(lats)
	for _, x := range tpots {
		tpotMean += x
	}
	return ttftMean / float64(ok), latMean / float64(ok), lats[int(math.Ceil(0.9*float64(len(lats))))-1], tpotMean / float64(len(tpots)), ok, failed
}

// TestVLLMDetailedFixtures reads the real files that carry per-request
// arrays without latencies (benchmark_serving.py --save-result, 2025):
// every statistic is the requests' own, against the test's own reading
// of the arrays; TPOT agrees with the file's mean_tpot_ms (one request
// set, two computations); the samples are kept for compare's tests.
func TestVLLMDetailedFixtures(t *testing.T) {
	for _, rel := range []string{
		"vllm/nightly-raw-llama33-70b-tp8-qps01.json",
		"vllm/nightly-raw-llama33-70b-tp8-qpsinf.json",
		"vllm/r1bench-dsr1-h200-vllmserver-30kin-100out-rate10.json",
		"vllm/r1bench-dsr1-h200-trtllmserver-30kin-100out-rate10.json",
	} {
		t.Run(rel, func(t *testing.T) {
			path, data := fixture(t, rel)
			var raw rawDetailed
			if err := json.Unmarshal([]byte(strings.ReplaceAll(string(data), `"inf"`, `0`)), &raw); err != nil {
				t.Fatal(err)
			}
			ttft, lat, latP90, tpot, ok, failed := raw.expected()
			levels, defs, warnings, err := readRuns(path, data, FormatVLLM)
			if err != nil {
				t.Fatal(err)
			}
			l := levels[0]
			rel32 := func(got, want float64) bool { return math.Abs(got-want) <= 1e-6*math.Abs(want) }
			if !rel32(l.TTFT.Mean, ttft) || !rel32(l.Latency.Mean, lat) || !rel32(l.Latency.P90, latP90) || !rel32(l.ITL.Mean, tpot) {
				t.Errorf("TTFT %v latency %v P90 %v TPOT %v; want %v, %v, %v, %v", l.TTFT.Mean, l.Latency.Mean, l.Latency.P90, l.ITL.Mean, ttft, lat, latP90, tpot)
			}
			if !rel32(l.ITL.Mean, raw.MeanTPOTms) {
				t.Errorf("TPOT %v, the file's mean_tpot_ms %v", l.ITL.Mean, raw.MeanTPOTms)
			}
			if l.Requests != ok || l.Errors != failed || ok != raw.Completed || l.Samples == nil || len(l.Samples.TTFT) != ok {
				t.Errorf("requests %d errors %d samples %v; want %d, %d", l.Requests, l.Errors, l.Samples != nil, ok, failed)
			}
			if !near(l.TPS.P10, 1000/l.ITL.P90) || defs.TPS != "decode" || l.LatencyMethod != "" {
				t.Errorf("TPS P10 %v, 1000 / TPOT P90 %v, defs %+v, latency method %q", l.TPS.P10, 1000/l.ITL.P90, defs, l.LatencyMethod)
			}
			for _, w := range warnings {
				if w.Kind != infoUnreadKeys {
					t.Errorf("warning %v; the summary agrees with the arrays", w)
				}
			}
		})
	}
}

// TestVLLMDetailedRequests: a failed request (its error not empty) is
// counted and not read; a one-token request has no TPOT and an
// unbounded decode rate, left out of both statistics; latency is TTFT
// + Σ ITL where latencies are absent, and the latencies item where
// present.
func TestVLLMDetailedRequests(t *testing.T) {
	for _, tt := range []struct {
		name, extra string
		lat         float64 // mean latency of the two successful requests
	}{
		{"itls", ``, (0.1 + 0.05*4 + 0.2 + 0) / 2},
		{"latencies", `, "latencies": [0.4, 0.25, 9]`, (0.4 + 0.25) / 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			data := []byte(`{"request_rate": 1, "num_prompts": 3, "completed": 2, "mean_ttft_ms": 150, "mean_tpot_ms": 50,
			 "ttfts": [0.1, 0.2, 0], "itls": [[0.05, 0.05, 0.05, 0.05], [], []], "output_lens": [5, 1, 0],
			 "errors": ["", "", "Bad Request"], "generated_texts": ["a", "b", ""]` + tt.extra + `}`)
			levels, _, warnings, err := readRuns("d.json", data, FormatVLLM)
			if err != nil {
				t.Fatal(err)
			}
			l := levels[0]
			if l.Requests != 2 || l.Errors != 1 || !near(l.TTFT.Mean, 150) || !near(l.Latency.Mean, tt.lat) {
				t.Errorf("requests %d errors %d TTFT %v latency %v; want 2, 1, 150, %v", l.Requests, l.Errors, l.TTFT.Mean, l.Latency.Mean, tt.lat)
			}
			s := l.Samples
			if len(s.TPS) != 2 || !math.IsInf(float64(s.TPS[1]), 1) || !math.IsNaN(float64(s.ITL[0])) {
				t.Errorf("samples TPS %v ITL %v; want the one-token request's rate +Inf and TPOT NaN", s.TPS, s.ITL)
			}
			// The only TPOT is the first request's: (latency − TTFT) / (5 − 1),
			// (0.1 + 4 × 0.05 − 0.1) / 4 s from its itls, (0.4 − 0.1) / 4 s
			// from its latencies item.
			tpot := map[string]float64{"itls": 50, "latencies": 75}[tt.name]
			if !near(l.ITL.Mean, tpot) || !near(l.ITL.P90, tpot) || !near(l.TPS.Mean, 1000/tpot) {
				t.Errorf("TPOT %+v TPS %+v; want %v and %v", l.ITL, l.TPS, tpot, 1000/tpot)
			}
			if tt.name == "itls" && len(warnings) != 0 {
				t.Errorf("warnings %v; the summary agrees", warnings)
			}
		})
	}
}

// TestVLLMDetailedMismatch: a summary mean more than DetailedTolerance
// (1 %) from the arrays' is warned about, the arrays' value used; at
// exactly 1 % it is not; a count that differs is.
func TestVLLMDetailedMismatch(t *testing.T) {
	run := func(summary string) []*Warning {
		data := []byte(`{"request_rate": 1, "ttfts": [0.198], "itls": [[0.1]], "output_lens": [2], "errors": [""], ` + summary + `}`)
		levels, _, warnings, err := readRuns("d.json", data, FormatVLLM)
		if err != nil {
			t.Fatal(err)
		}
		if !near(levels[0].TTFT.Mean, 198) {
			t.Fatalf("TTFT %v, want the array's 198", levels[0].TTFT.Mean)
		}
		return warnings
	}
	for _, tt := range []struct {
		summary string
		warned  bool
	}{
		{`"mean_ttft_ms": 200, "completed": 1`, false},    // |200 − 198| = 2 = 1 % of 200
		{`"mean_ttft_ms": 200.01, "completed": 1`, true},  // 2.01 > 2.0001
		{`"mean_ttft_ms": 196.04, "completed": 1`, false}, // 1.96 ≤ 1.9604
		{`"mean_ttft_ms": 196.03, "completed": 1`, true},  // 1.97 > 1.9603
		{`"mean_ttft_ms": 198, "completed": 2`, true},
		{`"mean_ttft_ms": 198, "failed": 1`, true},
		{`"mean_tpot_ms": 110`, true}, // the TPOT is 100 ms
		{`"mean_e2el_ms": 298`, false},
		{`"mean_e2el_ms": 310`, true}, // the latency is 298 ms
	} {
		ws := run(tt.summary)
		got := slices.ContainsFunc(ws, func(w *Warning) bool { return w.Kind == WarnSummaryMismatch })
		if got != tt.warned {
			t.Errorf("%s: warned %v (%v), want %v", tt.summary, got, ws, tt.warned)
		}
	}
}

// TestVLLMDetailedRefused: arrays of different lengths, an ITL that is
// not a time, a per-request key that is not a list, a completed
// request's null and output lengths that do not add up to the total are
// refused at their position.
func TestVLLMDetailedRefused(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`{"request_rate": 1, "ttfts": [0.1, 0.2], "itls": [[0.1]]}`, `d.json:1:50: "itls": holds 1 items, ttfts 2; expected one per request`},
		{`{"request_rate": 1, "ttfts": [0.1], "itls": [[0.1, -2]]}`, `d.json:1:52: "itls[0][1]": -2 is not a valid time; expected a number ≥ 0`},
		{`{"request_rate": 1, "ttfts": [0.1], "itls": [7]}`, `d.json:1:46: "itls[0]": 7 is not a list; expected the request's inter-token gaps in s`},
		// A per-request key that is not a list is refused, not passed
		// over for the summary.
		{`{"request_rate": 1, "mean_ttft_ms": 100, "ttfts": {"a": 1}, "itls": [[0.1]]}`, `d.json:1:51: "ttfts": an object is not a list; expected a list of one item per request, as vllm bench serve --save-detailed writes`},
		{`{"request_rate": 1, "ttfts": [0.1], "itls": [[0.1]], "output_lens": 2}`, `d.json:1:69: "output_lens": 2 is not a list;`},
		{`{"request_rate": 1, "ttfts": [0.1], "itls": [[0.1]], "errors": "none"}`, `d.json:1:64: "errors": "none" is not a list;`},
		// A completed request's null is refused at its position.
		{`{"request_rate": 1, "ttfts": [0.1, null], "itls": [[0.1], [0.1]], "errors": ["", ""]}`, `d.json:1:36: "ttfts[1]": null for a request that completed (its errors item is empty, or there is no errors list); expected its TTFT in s`},
		{`{"request_rate": 1, "ttfts": [0.1, null], "itls": [[0.1], [0.1]]}`, `d.json:1:36: "ttfts[1]": null for a request that completed`},
		{`{"request_rate": 1, "ttfts": [0.1, 0.1], "itls": [[0.1], [0.1, null]]}`, `d.json:1:64: "itls[1][1]": null in the gaps of a completed request; expected a time in s`},
		{`{"request_rate": 1, "ttfts": [0.1], "itls": [ null ]}`, `d.json:1:47: "itls[0]": null for a request that completed (its errors item is empty, or there is no errors list); expected its inter-token gaps in s`},
		{`{"request_rate": 1, "ttfts": [0.1], "latencies": [null]}`, `d.json:1:51: "latencies[0]": null for a request that completed (its errors item is empty, or there is no errors list); expected its latency in s`},
		{`{"request_rate": 1, "ttfts": [0.1], "itls": [[0.1]], "output_lens": [null]}`, `d.json:1:70: "output_lens[0]": null for a request that completed (its errors item is empty, or there is no errors list); expected its output token count`},
		// The output lengths add up to total_output_tokens, exactly.
		{`{"request_rate": 1, "ttfts": [0.1, 0.2], "itls": [[0.1], []], "output_lens": [2, 0], "errors": ["", "x"], "total_output_tokens": 3}`,
			`d.json:1:130: "total_output_tokens": 3, yet output_lens add up to 2; expected their sum (vLLM writes the total as the sum of output_lens)`},
		{`{"request_rate": 1, "ttfts": [0.1, 0.2], "itls": [[0.1], []], "output_lens": [2, 0], "errors": ["", "x"], "total_output_tokens": 1}`, `d.json:1:130: "total_output_tokens": 1, yet output_lens add up to 2;`},
	} {
		_, _, _, err := readRuns("d.json", []byte(tt.in), FormatVLLM)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want %s", tt.in, err, tt.want)
		}
	}
}

// TestVLLMDetailedChunks: one request's ITL gaps need not be its output
// tokens − 1 (a chunk may carry several tokens, a chat stream's first
// none): fewer gaps, or one more, are read, TPOT over the tokens as vLLM
// computes it; the null of a failed request is skipped; output lengths
// that add up to the total are read; "ttfts": null is an absent key (the
// summary is read).
func TestVLLMDetailedChunks(t *testing.T) {
	for _, tt := range []struct {
		in   string
		tpot float64 // the mean TPOT, ms
	}{
		{`{"request_rate": 1, "ttfts": [0.1], "itls": [[0.2]], "output_lens": [5], "total_output_tokens": 5}`, 50},               // 4 tokens in 1 chunk
		{`{"request_rate": 1, "ttfts": [0.1], "itls": [[0.1, 0.1]], "output_lens": [2]}`, 200},                                   // a role chunk first
		{`{"request_rate": 1, "ttfts": [0.1, null], "itls": [[0.1], null], "output_lens": [2, 0], "errors": ["", "boom"]}`, 100}, // a failed request's nulls
		{`{"request_rate": 1, "mean_ttft_ms": 100, "mean_tpot_ms": 30, "ttfts": null, "itls": [[0.1]]}`, 30},                     // null: no arrays, the summary
	} {
		levels, _, _, err := readRuns("d.json", []byte(tt.in), FormatVLLM)
		if err != nil {
			t.Errorf("%s: %v", tt.in, err)
			continue
		}
		if got := levels[0].ITL.Mean; !near(got, tt.tpot) {
			t.Errorf("%s: TPOT %v ms, want %v", tt.in, got, tt.tpot)
		}
	}
}

// detailedRun is a vLLM result with per-request arrays of n requests of
// tokens output tokens each (vllm bench serve --save-detailed), with a
// request's TTFT and gaps varying a little from one request to the next.
func detailedRun(n, tokens int) []byte {
	var b strings.Builder
	b.WriteString(`{"backend": "vllm", "max_concurrency": 64, "num_prompts": `)
	b.WriteString(strconv.Itoa(n))
	b.WriteString(`, "completed": `)
	b.WriteString(strconv.Itoa(n))
	b.WriteString(`, "mean_ttft_ms": 98, "mean_tpot_ms": 12.6`)
	list := func(key string, item func(i int) string) {
		b.WriteString(`, "` + key + `": [`)
		for i := range n {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(item(i))
		}
		b.WriteString("]")
	}
	list("ttfts", func(i int) string { return strconv.FormatFloat(0.05+float64(i%97)*0.001, 'f', 6, 64) })
	list("itls", func(i int) string {
		gaps := make([]string, tokens-1)
		for j := range gaps {
			gaps[j] = strconv.FormatFloat(0.012+float64((i+j)%13)*0.0001, 'f', 6, 64)
		}
		return "[" + strings.Join(gaps, ", ") + "]"
	})
	list("output_lens", func(int) string { return strconv.Itoa(tokens) })
	list("errors", func(int) string { return `""` })
	b.WriteString("}")
	return []byte(b.String())
}

// BenchmarkReadVLLMDetailed31k reads one level of --save-detailed
// per-request arrays as the folder read does (detected, then read): 31 250
// requests (one level of the 1 M-row campaign) of 64 tokens, 2 M numbers,
// a 17 MB file. (Run with -benchmem: the JSON tree of every number is
// what it costs.)
func BenchmarkReadVLLMDetailed31k(b *testing.B) {
	path := filepath.Join(b.TempDir(), "vllm-c64.json")
	data := detailedRun(31_250, 64)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		cfg, _, err := readResultFile(path, "", hints{})
		if err != nil || len(cfg.Levels) != 1 || cfg.Levels[0].Requests != 31_250 {
			b.Fatalf("%v %+v", err, cfg.Levels)
		}
	}
}
