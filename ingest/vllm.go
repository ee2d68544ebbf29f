package ingest

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
)

// FormatVLLM is vllm bench serve's result format.
const FormatVLLM = "vllm"

// vllm reads vllm bench serve --save-result (one run) and
// --append-result (JSON lines of runs), a vllm bench sweep's
// summary.json (a list of runs; repeated runs at one load are kept as
// repeats), and the per-request arrays --save-detailed adds.
var vllm = Format{
	Name: FormatVLLM, Tool: "vLLM bench serve", Exts: jsonExts, listed: 1,
	Sniff:            func(p preview) bool { return servingMarks(p.obj).ms },
	Read:             fromJSON(servingKeys{latency: "e2el", vllm: true}.read),
	LatencyHint:      vllmLatencyHint,
	EstimatesLatency: true,
}

// vllmLatencyHint: vllm bench serve writes mean_e2el_ms only when
// --percentile-metrics names e2el, which its default (ttft,tpot,itl)
// does not; without it the mean latency is estimated from the mean
// TTFT, the mean TPOT and the token counts, which a run that is refused
// lacks.
const vllmLatencyHint = "vllm bench serve writes mean_e2el_ms only when --percentile-metrics includes e2el, and without it reportgen estimates the mean latency from mean_ttft_ms, mean_tpot_ms, total_output_tokens and completed, which this run does not all give: re-run with --percentile-metrics ttft,tpot,itl,e2el, or, if every request generated the same number of tokens, give that number as output_tokens in report.toml's [benchmark] table to derive it"

// servingStat matches the statistic keys of vLLM's benchmark_serving
// result and its variants: mean_ttft_ms, p99.9_e2el_ms, SGLang's
// median_e2e_latency_ms, InferenceX's median_ttft (seconds).
var servingStat = regexp.MustCompile(`^(?:mean|median|std|p[0-9]+(?:\.[0-9]+)?)_(ttft|tpot|itl|e2el|e2e_latency)(_ms)?$`)

// marks are what a benchmark_serving result's keys say about its
// variant: statistics in ms (ms: vLLM, SGLang) or in seconds (seconds:
// InferenceX), SGLang's request latency key (sglang), a TPOT statistic
// in ms (tpot).
type marks struct{ ms, seconds, sglang, tpot bool }

// servingMarks reads the marks of an object's keys.
func servingMarks(o obj) marks {
	var m marks
	for k := range o.m {
		if strings.HasSuffix(k, "_intvty") {
			m.seconds = true // InferenceX's interactivity, 1000 / TPOT
		}
		sub := servingStat.FindStringSubmatch(k)
		if sub == nil {
			continue
		}
		switch sub[2] {
		case "":
			m.seconds = m.seconds || sub[1] != "e2e_latency"
		default:
			m.ms = true
			m.sglang = m.sglang || sub[1] == "e2e_latency"
			m.tpot = m.tpot || sub[1] == "tpot"
		}
	}
	return m
}

// servingKeys says how a variant of vLLM's benchmark_serving result
// (vLLM, SGLang, InferenceX) names its numbers: vLLM and SGLang write
// milliseconds (mean_ttft_ms), InferenceX seconds under the same names
// without the suffix (seconds); the request latency is "e2el", or
// SGLang's "e2e_latency".
type servingKeys struct {
	seconds bool
	latency string
	// vllm: the file is vllm bench serve's own, whose keys are known
	// (vllmKnownKey): the others are named on an info line.
	vllm bool
}

// read maps the runs of a benchmark_serving result: one object, JSON
// lines of appended runs, or a sweep's list.
func (k servingKeys) read(r *jreader, objs []obj) ([]Level, Definitions, []*Warning, error) {
	var levels []Level
	var warnings []*Warning
	runs := make([]float64, len(objs))
	for i, o := range objs {
		p := Pos{File: r.file}
		switch line := offsetPos(r.file, r.data, o.off).Line; {
		case o.path == "" && (len(objs) > 1 || line > 1):
			p.Line = line // JSON lines: one run per line, a part's lines kept (records.go)
		case len(objs) > 1:
			p.Line = i + 1 // the runs of a list: the run's number
		}
		l := servingRun(r, o, k, p)
		warnings = append(warnings, k.runNotes(r, o, &l)...)
		levels = append(levels, l)
		if objs[0].has("run_number") {
			runs[i] = r.num(o, "run_number", runNumber)
		}
	}
	return mergeRepeats(measuredRuns(levels, runs)), servingDefinitions(objs[0]), warnings, nil
}

// servingRun maps one vLLM / SGLang / InferenceX result object.
func servingRun(r *jreader, o obj, k servingKeys, pos Pos) Level {
	l := newLevel(0, pos)
	get := func(stat, metric string) float64 {
		if k.seconds {
			return r.num(o, stat+"_"+metric, timeS) * 1000
		}
		return r.num(o, stat+"_"+metric+"_ms", timeMS)
	}
	dist := func(metric string) Stat {
		return stat(get("mean", metric), get("p10", metric), get("median", metric), get("p90", metric), get("p99", metric))
	}
	l.TTFT = dist("ttft")
	tpot := dist("tpot")
	if math.IsNaN(tpot.Mean) && math.IsNaN(tpot.P50) {
		tpot = dist("itl") // older SGLang writes only the chunk ITL
	}
	l.ITL = tpot
	lat := dist(k.latency)
	l.Latency = stat(lat.Mean/1000, lat.P10/1000, lat.P50/1000, lat.P90/1000, lat.P99/1000)
	l.TPS = decodeRate(tpot)
	// The standard deviations (np.std: the population's) over the
	// completed requests; TPS, 1000 / TPOT, has none.
	completed := r.num(o, "completed", countQ)
	impossibleSummary(r, o, k, completed)
	tpotStd := "tpot"
	if math.IsNaN(get("mean", "tpot")) && math.IsNaN(get("median", "tpot")) {
		tpotStd = "itl"
	}
	l.Dev = Deviations{
		TTFT:    populationDeviation(get("std", "ttft"), completed),
		ITL:     populationDeviation(get("std", tpotStd), completed),
		Latency: populationDeviation(get("std", k.latency)/1000, completed),
	}
	if d, ok := vllmDetailed(r, o, pos); ok {
		// --save-detailed: statistics from the requests themselves.
		l.TTFT, l.ITL, l.Latency, l.TPS, l.Samples, l.Dev = d.TTFT, d.ITL, d.Latency, d.TPS, d.Samples, d.Dev
	}
	// A run capped by max_concurrency is a concurrency run whatever its
	// request_rate ("inf" by default); without a cap, the rate drove it.
	if c := clientCap(r, o); c > 0 {
		l.Concurrency = c
	} else if rate := offeredLoad(r, o); rate > 0 {
		l.Rate = rate
	}
	l.SystemRPS = r.num(o, "request_throughput", requestRate)
	l.OutputTPS = r.num(o, "output_throughput", outputRate)
	if !math.IsNaN(completed) {
		l.Requests = int(completed)
	}
	if failed := r.num(o, "failed", countQ); !math.IsNaN(failed) {
		l.Errors = int(failed)
	}
	if completed > 0 {
		l.OutputTokens = r.num(o, "total_output_tokens", tokenTotal) / completed
		l.InputTokens = r.num(o, "total_input_tokens", tokenTotal) / completed
		if math.IsNaN(l.SystemRPS) {
			if d := r.num(o, "duration", runDuration); d > 0 {
				l.SystemRPS = completed / d
			}
		}
	}
	if o.str("dataset_name") == "random" {
		// SGLang's random dataset: the lengths asked for, when the
		// totals are not written.
		if math.IsNaN(l.InputTokens) {
			l.InputTokens = r.num(o, "random_input_len", tokensQ)
		}
		if math.IsNaN(l.OutputTokens) {
			l.OutputTokens = r.num(o, "random_output_len", tokensQ)
		}
	}
	l.Window = servingWindow(r, o)
	l.Model = o.str("model_id")
	l.Workload = statedWorkload(o)
	l.Settings = recordedSettings(o, servingSettings)
	return l
}

// servingThroughputs are the throughputs a serving run states, counts
// over its duration.
var servingThroughputs = []struct {
	key string
	q   quantity
}{{"request_throughput", requestRate}, {"output_throughput", outputRate}, {"total_token_throughput", outputRate}}

// impossibleSummary refuses a serving run whose summary no run has:
// statistics or throughputs beside completed 0 (vLLM, SGLang and
// InferenceX write 0 for each statistic of a run that completed no
// request: np.mean of nothing is taken as 0), and a throughput beside a
// duration of 0 (a throughput is a count divided by the duration).
// completed is the run's completed count (NaN when not written).
func impossibleSummary(r *jreader, o obj, k servingKeys, completed float64) {
	if completed == 0 {
		if key, v := firstStatistic(r, o, k); key != "" {
			_, off := valueText(o.get("completed"))
			r.refuse(off, o.name("completed"), fmt.Errorf("0 requests completed, yet %s is %s; expected no statistic of a run that completed none (the tools write 0 for each)", key, num(v)))
			return
		}
	}
	if d := r.num(o, "duration", runDuration); d == 0 {
		for _, t := range servingThroughputs {
			if v := r.num(o, t.key, t.q); v > 0 {
				_, off := valueText(o.get("duration"))
				r.refuse(off, o.name("duration"), fmt.Errorf("0 s, yet %s is %s %s; expected the run's length, above 0 s: a throughput is a count over it", t.key, num(v), t.q.unit))
				return
			}
		}
	}
}

// firstStatistic is the first statistic (mean_ttft_ms …, in key order)
// or throughput of a serving run that is above 0, and its value; "" when
// none is.
func firstStatistic(r *jreader, o obj, k servingKeys) (string, float64) {
	keys := make([]string, 0, len(o.m))
	for key := range o.m {
		if servingStat.MatchString(key) {
			keys = append(keys, key)
		}
	}
	slices.Sort(keys)
	for _, key := range keys {
		q := timeMS
		if k.seconds {
			q = timeS
		}
		if v := r.num(o, key, q); v > 0 {
			return key, v
		}
	}
	for _, t := range servingThroughputs {
		if v := r.num(o, t.key, t.q); v > 0 {
			return t.key, v
		}
	}
	return "", 0
}

func servingDefinitions(o obj) Definitions {
	d := Definitions{ITL: "tpot", TPS: "decode", RPS: "system"}
	if !o.has("mean_tpot_ms") && !o.has("median_tpot_ms") && !o.has("median_tpot") {
		d.ITL = "chunk"
	}
	return d
}

// statedWorkload names the workload a serving run states: its dataset and,
// for a random dataset (or none named), the input and output lengths it
// asked for; "" when the run states none. Runs of one configuration
// share it (oneWorkload).
func statedWorkload(o obj) string {
	ds := o.str("dataset_name")
	in, out := o.get("random_input_len"), o.get("random_output_len")
	if in == nil && out == nil || ds != "" && !strings.HasPrefix(ds, "random") {
		return ds
	}
	return strings.TrimSpace(fmt.Sprintf("%s %v/%v", ds, in, out))
}

// measuredRuns drops a vLLM sweep's warm-up runs (run_number < 0) and
// keeps every measured one: repeated runs at one load (run_number 0, 1,
// …) become one level with their spread (mergeRepeats). runs are the
// runs' run_number, NaN (kept, as run 0) for a run without one: a row
// of a summary.csv whose run_number cell is empty, or a file that has
// none, is a run, not a warm-up.
func measuredRuns(levels []Level, runs []float64) []Level {
	var out []Level
	for i, l := range levels {
		if !(runs[i] < 0) {
			out = append(out, l)
		}
	}
	return out
}
