package ingest

import (
	"math"
)

// FormatLLMPerf is LLMPerf's summary format.
const FormatLLMPerf = "llmperf"

// llmperf reads an LLMPerf *_summary.json: one run.
var llmperf = Format{
	Name: FormatLLMPerf, Tool: "LLMPerf", Exts: jsonExts, listed: 5,
	Sniff: func(p preview) bool {
		return p.obj.has("results_ttft_s_mean") || p.obj.has("results_end_to_end_latency_s_mean")
	},
	Read: fromJSON(func(r *jreader, objs []obj) ([]Level, Definitions, []*Warning, error) {
		return []Level{llmperfRun(r, objs[0], Pos{File: r.file})}, Definitions{ITL: "chunk", TPS: "request", RPS: "system"}, nil, nil
	}),
}

// llmperfRun maps an LLMPerf summary: flattened keys, everything in
// seconds, some numbers written as strings.
func llmperfRun(r *jreader, o obj, pos Pos) Level {
	l := newLevel(0, pos)
	dist := func(metric string, q quantity, f float64) Stat {
		get := func(key string) float64 { return r.num(o, "results_"+metric+key, q) * f }
		return stat(get("_mean"), Absent, get("_quantiles_p50"), get("_quantiles_p90"), get("_quantiles_p99"))
	}
	l.TTFT = dist("ttft_s", timeS, 1000)
	l.ITL = dist("inter_token_latency_s", timeS, 1000)
	l.Latency = dist("end_to_end_latency_s", timeS, 1)
	l.TPS = dist("request_output_throughput_token_per_s", tokenRate, 1)
	if c := r.num(o, "num_concurrent_requests", concurrencyQ); c > 0 {
		l.Concurrency = int(c)
	}
	l.SystemRPS = r.num(o, "results_num_completed_requests_per_min", requestsMin) / 60
	l.OutputTPS = r.num(o, "results_mean_output_throughput_token_per_s", outputRate)
	if n := r.num(o, "results_num_completed_requests", countQ); !math.IsNaN(n) {
		l.Requests = int(n)
	}
	if n := r.num(o, "results_number_errors", countQ); !math.IsNaN(n) {
		l.Errors = int(n)
	}
	l.OutputTokens = r.num(o, "results_number_output_tokens_mean", tokensQ)
	return l
}
