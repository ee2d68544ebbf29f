package ingest

import (
	"math"
	"strconv"
	"strings"
)

// FormatTRTLLM is trtllm-bench's report format.
const FormatTRTLLM = "trtllm-bench"

// trtllm reads the report trtllm-bench throughput and trtllm-bench
// latency write with --report_json: one run, in blocks engine,
// world_info, request_info, performance, dataset, and, for a streaming
// run (latency always, throughput with --streaming), streaming_metrics;
// newer releases add machine (the GPU) and decoding_stats (speculative
// decoding). Its latency mode is run at batch 1, one run per input
// length: a folder of such runs at one load is an input-length sweep
// (InputSweeps).
var trtllm = Format{
	Name: FormatTRTLLM, Tool: "trtllm-bench", Exts: jsonExts, listed: 16, InputSweeps: true,
	Sniff: func(p preview) bool { return trtllmMarks(p.obj) },
	Read: fromJSON(func(r *jreader, objs []obj) ([]Level, Definitions, []*Warning, error) {
		var levels []Level
		for i, o := range objs {
			p := Pos{File: r.file}
			if len(objs) > 1 {
				p.Line = i + 1 // JSON lines: one report per line
			}
			levels = append(levels, trtllmRun(r, o, p))
		}
		return levels, trtllmDefinitions(objs[0]), nil, nil
	}),
}

// trtllmPerformance are keys only trtllm-bench's performance block
// writes, trtllmStreaming those of its streaming_metrics: either block
// marks the report, so that one without the other (a report cut to its
// streaming metrics) is still recognised.
var (
	trtllmPerformance = []string{"request_latency_percentiles_ms", "system_output_throughput_tok_s", "request_throughput_req_s", "output_throughput_per_user_tok_s"}
	trtllmStreaming   = []string{"ttft_percentiles", "tpot_percentiles", "gen_tps_percentiles", "token_output_speed_tok_s"}
)

// trtllmMarks reports whether o is a trtllm-bench report: its
// performance or streaming_metrics block holds a key of the tool's own.
func trtllmMarks(o obj) bool {
	for _, b := range []struct {
		block string
		keys  []string
	}{{"performance", trtllmPerformance}, {"streaming_metrics", trtllmStreaming}} {
		sub := o.sub(b.block)
		for _, k := range b.keys {
			if sub.has(k) {
				return true
			}
		}
	}
	return false
}

// trtllmDefinitions: the tool's TPOT is per request ((last token −
// first token) / (output tokens − 1)); a streaming run's per-user rate
// is the decode rate (gen_tps, TTFT excluded), that of a run without
// streaming, which has neither TTFT nor TPOT, output tokens over the
// whole request (output_throughput_per_user_tok_s, "w/ ctx"). Request
// throughput is the whole system's.
func trtllmDefinitions(o obj) Definitions {
	if o.sub("streaming_metrics").exists() {
		return Definitions{ITL: "tpot", TPS: "decode", RPS: "system"}
	}
	return Definitions{ITL: "tpot", TPS: "request", RPS: "system"}
}

// gpuCount is a number of GPUs a run states (its world size).
var gpuCount = quantity{what: "GPU count", max: GPURange.Max, whole: true}

// trtllmRun maps one trtllm-bench report. Its percentile blocks are
// {p50, p90, p95, p99, minimum, maximum, average} (p90 since 2025; a
// missing statistic is absent), times in ms.
func trtllmRun(r *jreader, o obj, pos Pos) Level {
	l := newLevel(0, pos)
	perf, sm := o.sub("performance"), o.sub("streaming_metrics")
	ri, wi, eng := o.sub("request_info"), o.sub("world_info"), o.sub("engine")
	pcts := func(p obj, mean float64, q quantity) Stat {
		if math.IsNaN(mean) {
			mean = r.num(p, "average", q)
		}
		return stat(mean, Absent, r.num(p, "p50", q), r.num(p, "p90", q), r.num(p, "p99", q))
	}
	lat := pcts(perf.sub("request_latency_percentiles_ms"), r.num(perf, "avg_request_latency_ms", timeMS), timeMS)
	l.Latency = stat(lat.Mean/1000, Absent, lat.P50/1000, lat.P90/1000, lat.P99/1000)
	l.SystemRPS = r.num(perf, "request_throughput_req_s", requestRate)
	l.OutputTPS = r.num(perf, "system_output_throughput_tok_s", outputRate)
	if sm.exists() {
		l.TTFT = pcts(sm.sub("ttft_percentiles"), r.num(sm, "avg_ttft_ms", timeMS), timeMS)
		l.ITL = pcts(sm.sub("tpot_percentiles"), r.num(sm, "avg_tpot_ms", timeMS), timeMS)
		// gen_tps is each request's decode rate, 1000 / its TPOT: its
		// slow tail P10 is 1000 / TPOT P90 (decodeRate).
		l.TPS = pcts(sm.sub("gen_tps_percentiles"), r.num(sm, "token_output_speed_tok_s", tokenRate), tokenRate)
		l.TPS.P10 = decodeRate(l.ITL).P10
	} else {
		l.TPS.Mean = r.num(perf, "output_throughput_per_user_tok_s", tokenRate)
	}
	if n := r.num(ri, "num_requests", countQ); !math.IsNaN(n) {
		l.Requests = int(n)
	}
	l.InputTokens = r.num(ri, "avg_input_length", tokensQ)
	if math.IsNaN(l.InputTokens) {
		l.InputTokens = r.num(o.sub("dataset"), "avg_isl", tokensQ)
	}
	l.OutputTokens = r.num(ri, "avg_output_length", tokensQ)
	if math.IsNaN(l.OutputTokens) {
		l.OutputTokens = r.num(o.sub("dataset"), "avg_osl", tokensQ)
	}
	l.Concurrency, l.MeasuredConcurrency = trtllmLoad(r, ri, wi)
	l.Model = eng.str("model")
	l.Engine = strings.TrimSpace("TensorRT-LLM " + eng.str("version"))
	l.GPUs = trtllmGPUs(r, wi)
	l.Settings = trtllmSettings(r, o)
	return l
}

// trtllmLoad is the run's concurrency: the report does not state
// --concurrency, only the mean requests in flight it measured
// (avg_num_concurrent_requests: the requests' latencies summed over the
// run's duration), left to fillLoads as measured (a name such as c64,
// its folder's or the manifest's load wins). At a runtime batch of one
// (trtllm latency always runs so) the engine serves one request at a
// time: a run that measured no more than that is at concurrency 1.
func trtllmLoad(r *jreader, ri, wi obj) (c int, measured float64) {
	measured = r.num(ri, "avg_num_concurrent_requests", measuredConcurrency)
	if r.num(wi, "max_batch_size", concurrencyQ) == 1 && measured > 0 && math.Round(measured) <= 1 {
		return 1, 0
	}
	if math.IsNaN(measured) {
		measured = 0
	}
	return 0, measured
}

// trtllmGPUs is the GPUs the run used: its world size, else tensor ×
// pipeline parallelism (expert parallelism splits the tensor-parallel
// GPUs, it adds none); 0 when the report states neither.
func trtllmGPUs(r *jreader, wi obj) int {
	if n := r.num(wi, "world_size", gpuCount); n > 0 {
		return int(n)
	}
	tp, pp := r.num(wi, "tp_size", gpuCount), r.num(wi, "pp_size", gpuCount)
	if !(tp > 0) {
		return 0
	}
	if pp > 0 {
		tp *= pp
	}
	if GPURange.Check(tp) != nil {
		return 0
	}
	return int(tp)
}

// trtllmSettings are the deployment settings a report records that tell
// runs apart (Level.Settings): the backend (TRT engine or PyTorch), the
// TensorRT-LLM version, data and KV cache types, quantization, the
// parallelism and the speculative decoding mode. Runtime limits
// (max_batch_size, max_num_tokens) are left out: a sweep may set them
// per level.
func trtllmSettings(r *jreader, o obj) map[string]string {
	eng, wi := o.sub("engine"), o.sub("world_info")
	out := recordedSettings(eng, []string{"backend", "version", "dtype", "kv_cache_dtype", "quantization"})
	for _, p := range []struct{ key, name string }{{"tp_size", "TP"}, {"pp_size", "PP"}, {"ep_size", "EP"}} {
		if n := r.num(wi, p.key, gpuCount); n > 0 {
			if out == nil {
				out = map[string]string{}
			}
			out[p.key] = p.name + strconv.Itoa(int(n))
		}
	}
	if mode := o.sub("decoding_stats").str("mode"); mode != "" {
		if out == nil {
			out = map[string]string{}
		}
		out["decoding"] = mode
	}
	return out
}
