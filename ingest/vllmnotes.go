package ingest

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
)

// What a benchmark_serving result (vLLM, SGLang, InferenceX) says about
// its run beyond its statistics: whether a client cap held its load
// (clientCap), whether it was cut short, whether its per-request arrays
// agree with its summary, and which of its keys reportgen does not read.

// NoCapFrom is the max_concurrency from which a run is taken to have no
// client cap: users pass a huge number (1000000000) to mean "none".
const NoCapFrom = 1_000_000

// capQ is max_concurrency as written: any whole number, a huge one (or
// Infinity) meaning no cap (NoCapFrom).
var capQ = quantity{what: "concurrency", max: 1e18, whole: true, inf: true}

// clientCap is the requests in flight a serving run held itself to, its
// max_concurrency, or 0 for a run without a client cap: none written
// (null, vLLM's default), one of NoCapFrom or more, or, in a run driven
// by a finite request rate, one no smaller than its number of prompts
// (num_prompts), which the run could never reach. A run that sends all
// its prompts at once (request_rate inf, the default) capped at its
// number of prompts is a concurrency run as its user asked.
func clientCap(r *jreader, o obj) int {
	c := r.num(o, "max_concurrency", capQ)
	if !(c > 0) || c >= NoCapFrom {
		return 0
	}
	rate := offeredLoad(r, o)
	if rate > 0 && !math.IsInf(rate, 1) && c >= r.num(o, "num_prompts", countQ) {
		return 0
	}
	return int(c)
}

// BurstShare is the share of a run's duration within which a run that
// sends all its prompts at its request rate sends them in a burst: a
// request rate so high that num_prompts / request_rate is under
// BurstShare × duration (users write 10000 for 16 prompts) is read as
// unbounded, as vLLM writes its default ("inf").
const BurstShare = 0.01

// offeredLoad is a serving run's offered request rate (req/s; NaN when
// it states none): request_rate, or +Inf for a burst (BurstShare).
func offeredLoad(r *jreader, o obj) float64 {
	rate := r.num(o, "request_rate", offeredRate)
	if !(rate > 0) || math.IsInf(rate, 1) {
		return rate
	}
	prompts, duration := r.num(o, "num_prompts", countQ), r.num(o, "duration", runDuration)
	if prompts > 0 && duration > 0 && prompts/rate < BurstShare*duration {
		return math.Inf(1)
	}
	return rate
}

// runNotes are the warnings of one serving run l read from o: a run cut
// short, a summary that its per-request arrays contradict (then l takes
// the arrays' counts), and, for vLLM's own files, the keys reportgen does
// not read (an info, not a warning: infoUnreadKeys).
func (k servingKeys) runNotes(r *jreader, o obj, l *Level) []*Warning {
	var out []*Warning
	if l.Samples != nil {
		out = append(out, detailedNotes(r, o, l)...)
	}
	if w := cutShort(r, o, *l); w != nil {
		out = append(out, w)
	}
	if k.vllm && !o.has("run_number") {
		// A sweep's summary adds its swept parameters beside run_number:
		// they are its points' settings, not unknown keys.
		if keys := unreadKeys(o); len(keys) > 0 {
			list := strings.Join(keys, ", ")
			out = append(out, warnf(l.Pos, "", infoUnreadKeys, map[string]any{"Keys": list}, "keys not read: %s", list))
		}
	}
	return out
}

// cutShort is the warning of a run that completed fewer requests than
// it sent without recording the others as failed (completed + failed <
// num_prompts): a run stopped before its end (a timeout, an interrupted
// client). Its statistics cover only the requests that completed, the
// quickest ones when a timeout cut the slowest. Nil for a run that
// accounts for all its prompts, or does not say how many it sent.
func cutShort(r *jreader, o obj, l Level) *Warning {
	prompts := r.num(o, "num_prompts", countQ)
	if !(prompts > 0) || l.Requests < 0 {
		return nil
	}
	failed := max(l.Errors, 0)
	if l.Requests+failed >= int(prompts) {
		return nil
	}
	missing := int(prompts) - l.Requests - failed
	return warnf(l.Pos, "", WarnRunCutShort,
		map[string]any{"Completed": l.Requests, "Failed": failed, "Prompts": int(prompts), "Missing": missing},
		"the run completed %d of its %d prompts and records %d as failed: %d are not accounted for, so it was cut short, and its statistics cover only the %d that completed",
		l.Requests, int(prompts), failed, missing, l.Requests)
}

// vllmKeys are the keys of a vllm bench serve result (and of
// benchmark_serving.py before it) that are not statistics
// (vllmStatKey): its settings, counts, throughputs and per-request
// arrays, whether reportgen reads them or not.
var vllmKeys = []string{
	"date", "endpoint_type", "backend", "label", "model_id", "tokenizer_id", "num_prompts",
	"request_rate", "burstiness", "max_concurrency", "duration", "completed", "failed",
	"total_input_tokens", "total_output_tokens", "request_throughput", "request_goodput",
	"output_throughput", "total_token_throughput", "input_throughput", "max_output_tokens_per_s",
	"max_concurrent_requests", "rtfx", "total_input_sequences", "input_sequence_throughput",
	"input_lens", "output_lens", "ttfts", "itls", "latencies", "start_times", "queue_times",
	"generated_texts", "errors", "rps_change_events",
	"dataset_name", "random_input_len", "random_output_len", // read when a user adds them (--metadata)
}

// vllmStatKey matches the statistics and the families of keys vLLM
// writes: mean_ttft_ms, p99.9_e2el_ms, std_client_queue_time_ms,
// spec_decode_*, diffusion_*, probe_*, ramp_up_*.
var vllmStatKey = regexp.MustCompile(`^(?:(?:mean|median|std|p[0-9]+(?:\.[0-9]+)?)_[a-z0-9_]+_ms|(?:spec_decode|diffusion|probe|ramp_up)_[a-z0-9_]+)$`)

// unreadKeys are the keys of a vLLM result object that vLLM does not
// write: a misspelt key ("request_goodput:", which benchmark_serving.py
// wrote for a while), or what --metadata key=value added. Sorted.
func unreadKeys(o obj) []string {
	var out []string
	for key := range o.m {
		if !slices.Contains(vllmKeys, key) && !vllmStatKey.MatchString(key) {
			out = append(out, fmt.Sprintf("%q", key))
		}
	}
	slices.Sort(out)
	return out
}
