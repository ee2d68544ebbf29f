package ingest

import (
	"fmt"
	"math"
)

// FormatLLMPerfResponses is LLMPerf's per-request file.
const FormatLLMPerfResponses = "llmperf-responses"

// llmperfResponses reads LLMPerf's <name>_individual_responses.json: a
// list of per-request records (error_code, error_msg,
// inter_token_latency_s, ttft_s, end_to_end_latency_s,
// request_output_throughput_token_per_s, number_total_tokens,
// number_output_tokens, number_input_tokens), summarized into one level
// with reportgen's own nearest-rank percentiles. Failed requests
// (error_code set) are counted and left out of the statistics, as
// LLMPerf leaves them out of its summary. The run's concurrency is not
// in the file: LLMPerf writes it in the summary beside it (SideOf,
// FillFromSide).
var llmperfResponses = Format{
	Name: FormatLLMPerfResponses, Tool: "LLMPerf", Exts: jsonExts, listed: 15,
	Sniff: func(p preview) bool {
		for _, k := range []string{"ttft_s", "end_to_end_latency_s", "inter_token_latency_s", "request_output_throughput_token_per_s"} {
			if p.obj.has(k) {
				return true
			}
		}
		return false
	},
	Read: fromJSONRequests(func(r *jreader, objs []obj) ([]Level, Definitions, []*Warning, error) {
		// ITL as LLMPerf measures it: the chunk gaps (the first one,
		// TTFT, included) over the output tokens; TPS output tokens over
		// the whole request.
		return []Level{llmperfRequests(r, objs)}, Definitions{ITL: "chunk", TPS: "request"}, nil, nil
	}),
}

// llmperfRequests summarizes LLMPerf's per-request records.
func llmperfRequests(r *jreader, objs []obj) Level {
	s := &sampleSet{pos: Pos{File: r.file}}
	var in, out tokenMean
	for i, o := range objs {
		if o.get("error_code") != nil {
			s.errors++
			continue
		}
		name := func(key string) string { return item("", i) + "." + key }
		get := func(key string, q quantity) float64 { return r.value(o.get(key), name(key), q) }
		ttft, lat := get("ttft_s", timeS), get("end_to_end_latency_s", timeS)
		itl := get("inter_token_latency_s", timeS)
		tps := get("request_output_throughput_token_per_s", tokenRate)
		outTokens, inTokens := get("number_output_tokens", tokenCount), get("number_input_tokens", tokenCount)
		if r.err != nil {
			break
		}
		switch {
		case math.IsNaN(ttft) || math.IsNaN(lat):
			r.refuse(firstOffset(o), item("", i), fmt.Errorf("a request without error_code has no ttft_s or end_to_end_latency_s; expected both"))
		case lat < ttft:
			r.refuse(valueOffset(o.get("end_to_end_latency_s")), name("end_to_end_latency_s"),
				fmt.Errorf("%g s is shorter than the request's TTFT (%g s); expected a latency ≥ its TTFT", lat, ttft))
		}
		if r.err != nil {
			break
		}
		if math.IsNaN(tps) && outTokens >= 0 && lat > 0 {
			tps = outTokens / lat
		}
		s.add(ttft*1000, itl*1000, lat, tps)
		in.add(inTokens)
		out.add(outTokens)
	}
	l := s.level()
	l.InputTokens, l.OutputTokens = in.mean(), out.mean()
	return l
}

// firstOffset is the offset of the first value written in an object
// (-1 when it holds only nulls): where a record that lacks a key is.
func firstOffset(o obj) int {
	first := -1
	for _, v := range o.m {
		if off := valueOffset(v); off >= 0 && (first < 0 || off < first) {
			first = off
		}
	}
	return first
}
