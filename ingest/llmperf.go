package ingest

import (
	"fmt"
	"math"
	"regexp"
)

// FormatLLMPerf is LLMPerf's summary format.
const FormatLLMPerf = "llmperf"

// llmperf reads an LLMPerf *_summary.json: one run.
var llmperf = Format{
	Name: FormatLLMPerf, Tool: "LLMPerf", Exts: jsonExts, listed: 5,
	Sniff: func(p preview) bool {
		for k := range p.obj.m {
			if llmperfResult.MatchString(k) {
				return true
			}
		}
		return false
	},
	Read: fromJSON(func(r *jreader, objs []obj) ([]Level, Definitions, []*Warning, error) {
		return []Level{llmperfRun(r, objs[0], Pos{File: r.file})}, Definitions{ITL: "chunk", TPS: "request", RPS: "system"}, nil, nil
	}),
}

// llmperfResult matches the keys of LLMPerf's summary that carry its
// metrics: results_<metric>_<statistic>, flattened from "results".
var llmperfResult = regexp.MustCompile(`^results_(?:(?:ttft_s|end_to_end_latency_s|inter_token_latency_s|request_output_throughput_token_per_s)_|mean_output_throughput_token_per_s$|num_completed_requests_per_min$)`)

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
	// The standard deviations (pandas' Series.std(): the sample's) over
	// the completed requests.
	completed := r.num(o, "results_num_completed_requests", countQ)
	dev := func(metric string, q quantity, f float64) Deviation {
		return sampleDeviation(r.num(o, "results_"+metric+"_stddev", q)*f, completed)
	}
	l.Dev = Deviations{TTFT: dev("ttft_s", timeS, 1000), ITL: dev("inter_token_latency_s", timeS, 1000),
		Latency: dev("end_to_end_latency_s", timeS, 1), TPS: dev("request_output_throughput_token_per_s", tokenRate, 1)}
	l.SystemRPS = r.num(o, "results_num_completed_requests_per_min", requestsMin) / 60
	l.OutputTPS = r.num(o, "results_mean_output_throughput_token_per_s", outputRate)
	if !math.IsNaN(completed) {
		l.Requests = int(completed)
	}
	if n := r.num(o, "results_number_errors", countQ); !math.IsNaN(n) {
		l.Errors = int(n)
	}
	// The lengths measured, else the ones asked for.
	l.OutputTokens = r.num(o, "results_number_output_tokens_mean", tokensQ)
	if math.IsNaN(l.OutputTokens) {
		l.OutputTokens = r.num(o, "mean_output_tokens", tokensQ)
	}
	l.InputTokens = r.num(o, "results_number_input_tokens_mean", tokensQ)
	if math.IsNaN(l.InputTokens) {
		l.InputTokens = r.num(o, "mean_input_tokens", tokensQ)
	}
	l.Model = o.str("model")
	// The lengths asked for (llm_correctness and token_benchmark_ray
	// write them): the run's workload.
	in, out := o.get("mean_input_tokens"), o.get("mean_output_tokens")
	if in != nil && out != nil {
		l.Workload = fmt.Sprintf("%v input / %v output tokens", in, out)
	}
	return l
}
