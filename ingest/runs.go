package ingest

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The run-file formats: one file is one run (one load level) of a tool,
// or, for JSON lines and lists, several appended runs.
const (
	FormatVLLM       = "vllm"        // vllm bench serve --save-result / --append-result; bench sweep summary.json
	FormatVLLMTable  = "vllm-table"  // vLLM nightly-benchmark summary ("Mean TTFT (ms)" keys)
	FormatSGLang     = "sglang"      // sglang.bench_serving JSON lines
	FormatInferenceX = "inferencex"  // InferenceX / benchmark_serving variant with seconds
	FormatLLMPerf    = "llmperf"     // LLMPerf *_summary.json
	FormatAIPerfJSON = "aiperf-json" // AIPerf profile_export_aiperf.json (schema 1.x and older "records")
	FormatAIPerfCSV  = "aiperf-csv"  // AIPerf profile_export_aiperf.csv
	FormatGenAIPerf  = "genai-perf"  // GenAI-Perf profile_export_genai_perf.csv
	FormatGuideLLM   = "guidellm"    // guidellm benchmarks.json (metadata version 1 and 2, v0.4 args)
)

// Formats lists every input format, for --input-format.
var Formats = []string{FormatExport, FormatVLLM, FormatVLLMTable, FormatSGLang, FormatInferenceX, FormatLLMPerf,
	FormatAIPerfJSON, FormatAIPerfCSV, FormatGenAIPerf, FormatGuideLLM, FormatRequests, FormatAIPerfRecords}

// Detect names the format of a file from its content (the name only
// helps to tell CSV from JSON).
func Detect(file string, data []byte) (string, error) {
	trimmed := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	if len(trimmed) == 0 {
		return "", errorf(Pos{File: file, Line: 1, Col: 1}, "", "file is empty")
	}
	if bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return "zip", nil
	}
	if trimmed[0] == '{' || trimmed[0] == '[' {
		vals, err := jsonValues(file, data)
		if err != nil {
			return "", err
		}
		return detectJSON(file, vals[0])
	}
	if ext := strings.ToLower(filepath.Ext(file)); ext == ".json" || ext == ".jsonl" {
		r, _ := utf8.DecodeRune(trimmed)
		return "", errorf(Pos{File: file, Line: 1, Col: 1}, "", "not JSON: the file starts with %q; expected a JSON object or list ({ or [)", r)
	}
	first, _, _ := bytes.Cut(trimmed, []byte("\n"))
	head := strings.ToLower(strings.TrimSpace(string(first)))
	switch {
	case isRequestsHeader(head):
		return FormatRequests, nil
	case strings.HasPrefix(head, "metric,avg,min,max,p99"):
		return FormatGenAIPerf, nil
	case strings.HasPrefix(head, "metric,avg,"):
		return FormatAIPerfCSV, nil
	}
	return FormatExport, nil
}

func detectJSON(file string, v any) (string, error) {
	if list, ok := v.(*jarray); ok {
		if len(list.items) == 0 {
			return "", errorf(Pos{File: file, Line: 1, Col: 1}, "", "empty list; expected benchmark runs")
		}
		first, _ := asObj(list.items[0], "")
		if first.has("Test name") {
			return FormatVLLMTable, nil
		}
		v = list.items[0]
	}
	o, ok := asObj(v, "")
	switch {
	case !ok:
		return "", errorf(Pos{File: file, Line: 1, Col: 1}, "", "expected a JSON object or list of benchmark runs")
	case o.has("metrics") && o.has("metadata") && !o.has("benchmarks"):
		return FormatAIPerfRecords, nil
	case o.has("aiperf_version") || (o.has("records") && o.has("input_config")):
		return FormatAIPerfJSON, nil
	case o.has("benchmarks"):
		return FormatGuideLLM, nil
	case o.has("results_ttft_s_mean") || o.has("results_end_to_end_latency_s_mean"):
		return FormatLLMPerf, nil
	case o.has("mean_e2e_latency_ms") || o.str("backend") == "sglang" && !o.has("mean_tpot_ms"):
		return FormatSGLang, nil
	case o.has("mean_ttft_ms") || o.has("median_ttft_ms"):
		return FormatVLLM, nil
	case o.has("median_ttft") || o.has("p99_ttft"):
		return FormatInferenceX, nil
	}
	return "", errorf(Pos{File: file, Line: 1, Col: 1}, "", "unknown JSON result: expected vLLM, SGLang, AIPerf, guidellm, LLMPerf or InferenceX output")
}

// levelToken finds a concurrency in a file name: c8, conc8, concurrency8.
var levelToken = regexp.MustCompile(`(?i)(?:^|[^a-z0-9])(?:c|conc|concurrency)[-_=]?(\d+)(?:[^a-z0-9]|$)`)

// ConcurrencyFromName reads a c8 / conc8 / concurrency8 token from a
// file or folder name; 0 when there is none.
func ConcurrencyFromName(name string) int {
	m := levelToken.FindStringSubmatch(strings.TrimSuffix(filepath.Base(name), filepath.Ext(name)))
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// rateToken finds a request rate in a file name: rate4, qps0.5,
// request_rate16, rps8, or vLLM's own "4qps" / "infqps".
var rateToken = regexp.MustCompile(`(?i)(?:(?:^|[^a-z0-9])(?:rate|qps|rps)[-_=]?(\d+(?:\.\d+)?|inf)|(?:^|[^a-z0-9.])(\d+(?:\.\d+)?|inf)qps)(?:[^a-z0-9.]|$)`)

// RateFromName reads a request rate (req/s, +Inf for "inf") from a file
// or folder name; 0 when there is none.
func RateFromName(name string) float64 {
	m := rateToken.FindStringSubmatch(strings.TrimSuffix(filepath.Base(name), filepath.Ext(name)))
	if m == nil {
		return 0
	}
	v := m[1] + m[2]
	if strings.EqualFold(v, "inf") {
		return math.Inf(1)
	}
	r, _ := strconv.ParseFloat(v, 64)
	return r
}

// readRuns reads a run file of a known format into levels. Levels whose
// concurrency the file does not give have Concurrency 0. Every number a
// reader uses is judged by checkNumber at its line and column; numbers it
// does not use are not looked at (AIPerf writes negative differences,
// guidellm "data_samples": -1).
func readRuns(file string, data []byte, format string) ([]Level, Definitions, []*Warning, error) {
	if format == FormatAIPerfCSV || format == FormatGenAIPerf {
		return readMetricTable(file, data, format)
	}
	if format == FormatRequests {
		return readRequests(file, bytes.NewReader(data))
	}
	vals, err := jsonValues(file, data)
	if err != nil {
		return nil, Definitions{}, nil, err
	}
	var objs []obj
	for _, v := range vals {
		if list, ok := v.(*jarray); ok {
			for i, x := range list.items {
				if o, ok := asObj(x, item("", i)); ok {
					objs = append(objs, o)
				}
			}
		} else if o, ok := asObj(v, ""); ok {
			objs = append(objs, o)
		}
	}
	if len(objs) == 0 {
		return nil, Definitions{}, nil, errorf(Pos{File: file, Line: 1, Col: 1}, "", "no benchmark run in the file")
	}
	r := &jreader{file: file, data: data}
	pos := Pos{File: file}
	var levels []Level
	var warnings []*Warning
	defs := Definitions{ITL: "tpot", TPS: "decode", RPS: "system"}
	switch format {
	case FormatVLLM, FormatSGLang, FormatInferenceX:
		runs := make([]float64, len(objs))
		for i, o := range objs {
			p := pos
			if len(objs) > 1 {
				p = Pos{File: file, Line: i + 1} // JSON lines: one run per line
			}
			levels = append(levels, servingRun(r, o, format, p))
			if objs[0].has("run_number") {
				runs[i] = r.num(o, "run_number", runNumber)
			}
		}
		levels, warnings = lastOfRepeats(file, levels, objs, runs)
		warnings = append(warnings, mixedWorkloads(file, objs)...)
		defs = servingDefinitions(objs[0])
	case FormatVLLMTable:
		for i, o := range objs {
			levels = append(levels, nightlyRun(r, o, Pos{File: file, Line: i + 1}))
		}
	case FormatLLMPerf:
		levels = []Level{llmperfRun(r, objs[0], pos)}
		defs = Definitions{ITL: "chunk", TPS: "request", RPS: "system"}
	case FormatAIPerfJSON:
		var l Level
		l, defs = aiperfRun(r, objs[0], pos)
		levels = []Level{l}
	case FormatGuideLLM:
		levels, err = guidellmRuns(r, objs[0])
	case FormatAIPerfRecords:
		levels = []Level{aiperfRecords(r, objs)}
		defs = Definitions{ITL: "tpot", TPS: "request"}
	default:
		return nil, Definitions{}, nil, errorf(pos, "", "format %q is not a run format", format)
	}
	if err == nil {
		err = r.err
	}
	if err != nil {
		return nil, Definitions{}, nil, err
	}
	return levels, defs, warnings, nil
}

// stat builds a Stat from named values, NaN where absent.
func stat(mean, p10, p50, p90, p99 float64) Stat { return Stat{mean, p10, p50, p90, p99} }

// decodeRate turns the statistics of a per-token time (TPOT, ms) into
// those of the per-user decode rate 1000 / TPOT (tok/s). The transform
// reverses the order, so each percentile maps exactly onto the opposite
// one (TPOT P90 → rate P10); the mean does not (1 / mean ≠ mean of 1 /
// x) and is left absent rather than guessed.
func decodeRate(tpot Stat) Stat {
	inv := func(x float64) float64 {
		if !(x > 0) {
			return Absent
		}
		return 1000 / x
	}
	return Stat{Mean: Absent, P10: inv(tpot.P90), P50: inv(tpot.P50), P90: inv(tpot.P10), P99: Absent}
}

// servingRun maps one vLLM / SGLang / InferenceX result object.
// vLLM and SGLang write milliseconds (*_ms); InferenceX writes seconds
// under the same names without the suffix.
func servingRun(r *jreader, o obj, format string, pos Pos) Level {
	l := newLevel(0, pos)
	get := func(stat, metric string) float64 {
		if format == FormatInferenceX {
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
	var lat Stat
	if format == FormatSGLang {
		lat = dist("e2e_latency")
	} else {
		lat = dist("e2el")
	}
	l.Latency = stat(lat.Mean/1000, lat.P10/1000, lat.P50/1000, lat.P90/1000, lat.P99/1000)
	l.TPS = decodeRate(tpot)
	if d, ok := vllmDetailed(r, o, pos); ok {
		// --save-detailed: statistics from the requests themselves.
		l.TTFT, l.ITL, l.Latency, l.TPS, l.Samples = d.TTFT, d.ITL, d.Latency, d.TPS, d.Samples
	}
	// A run capped by max_concurrency is a concurrency run whatever its
	// request_rate ("inf" by default); without a cap, the rate drove it.
	if c := r.num(o, "max_concurrency", concurrencyQ); c > 0 {
		l.Concurrency = int(c)
	} else if rate := r.num(o, "request_rate", offeredRate); rate > 0 {
		l.Rate = rate
	}
	l.SystemRPS = r.num(o, "request_throughput", requestRate)
	l.OutputTPS = r.num(o, "output_throughput", outputRate)
	completed := r.num(o, "completed", countQ)
	if !math.IsNaN(completed) {
		l.Requests = int(completed)
	}
	if failed := r.num(o, "failed", countQ); !math.IsNaN(failed) {
		l.Errors = int(failed)
	}
	if completed > 0 {
		l.OutputTokens = r.num(o, "total_output_tokens", tokenTotal) / completed
		if math.IsNaN(l.SystemRPS) {
			if d := r.num(o, "duration", runDuration); d > 0 {
				l.SystemRPS = completed / d
			}
		}
	}
	return l
}

func servingDefinitions(o obj) Definitions {
	d := Definitions{ITL: "tpot", TPS: "decode", RPS: "system"}
	if !o.has("mean_tpot_ms") && !o.has("median_tpot_ms") && !o.has("median_tpot") {
		d.ITL = "chunk"
	}
	return d
}

// mixedWorkloads warns when appended runs of one file used different
// workloads (dataset, input or output length): their levels are not
// comparable with each other.
func mixedWorkloads(file string, objs []obj) []*Warning {
	workload := func(o obj) string {
		return fmt.Sprintf("%s %v/%v", o.str("dataset_name"), o.get("random_input_len"), o.get("random_output_len"))
	}
	first := workload(objs[0])
	for i, o := range objs[1:] {
		if w := workload(o); w != first {
			w, first := strings.TrimSpace(w), strings.TrimSpace(first)
			return []*Warning{warnf(Pos{File: file, Line: i + 2}, "", WarnMixedWorkloads, map[string]any{"Workload": w, "First": first},
				"this run's workload (%s) differs from the first run's (%s); runs of different workloads are not comparable levels", w, first)}
		}
	}
	return nil
}

// lastOfRepeats keeps the last of repeated runs at the same load (a
// vLLM sweep's summary.json repeats each point: run_number 0, 1, …),
// warning about the ones left out. runs are the runs' run_number.
func lastOfRepeats(file string, levels []Level, objs []obj, runs []float64) ([]Level, []*Warning) {
	if len(levels) < 2 || !objs[0].has("run_number") {
		return levels, nil
	}
	type key struct {
		c    int
		rate float64
	}
	last := map[key]int{}
	for i, l := range levels {
		last[key{l.Concurrency, l.Rate}] = i
	}
	var out []Level
	var warnings []*Warning
	for i, l := range levels {
		if last[key{l.Concurrency, l.Rate}] == i {
			out = append(out, l)
			continue
		}
		j := last[key{l.Concurrency, l.Rate}]
		run := runs[i]
		warnings = append(warnings, warnf(Pos{File: file}, "", WarnRepeatedRun, map[string]any{"Run": run, "TTFT": l.TTFT.Mean, "Last": levels[j].TTFT.Mean},
			"run_number %g repeats a later run at the same load (mean TTFT %.1f ms vs %.1f ms); the last run is used", run, l.TTFT.Mean, levels[j].TTFT.Mean))
	}
	return out, warnings
}

// nightlyRun maps a row of vLLM's nightly-benchmark summary table,
// whose rate lives in the test name ("tp8_pp1_qps_16", "…_qps_inf").
func nightlyRun(r *jreader, o obj, pos Pos) Level {
	l := newLevel(0, pos)
	ms := func(stat, metric string) float64 { return r.num(o, stat+" "+metric+" (ms)", timeMS) }
	l.TTFT = stat(ms("Mean", "TTFT"), Absent, ms("Median", "TTFT"), ms("P90", "TTFT"), ms("P99", "TTFT"))
	l.ITL = stat(ms("Mean", "TPOT"), Absent, ms("Median", "TPOT"), ms("P90", "TPOT"), ms("P99", "TPOT"))
	l.TPS = decodeRate(l.ITL)
	l.SystemRPS = r.num(o, "Tput (req/s)", requestRate)
	l.OutputTPS = r.num(o, "Output Tput (tok/s)", outputRate)
	if n := r.num(o, "# of req.", countQ); !math.IsNaN(n) {
		l.Requests = int(n)
	}
	name, _ := o.get("Test name").(jstr)
	lower := strings.ToLower(name.s)
	if _, rest, ok := strings.Cut(lower, "qps_"); ok {
		text := strings.Split(rest, "_")[0]
		if text == "inf" {
			l.Rate = math.Inf(1)
		} else if f, err := parseNumber(text); err == nil {
			l.Rate = r.checkAt(name, o.name("Test name"), f, "qps_"+text, offeredRate)
		}
	}
	if c := ConcurrencyFromName(lower); c > 0 {
		l.Concurrency = c
	}
	return l
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

// aiperfRun maps an AIPerf profile export: schema 1.x has the metrics
// at the top level, older exports under "records" with short tags.
func aiperfRun(r *jreader, o obj, pos Pos) (Level, Definitions) {
	l := newLevel(0, pos)
	metrics := o
	if rec := o.sub("records"); rec.exists() {
		metrics = rec
	}
	// metric is the first of tags that the export gives an average for.
	metric := func(tags ...string) (obj, bool) {
		for _, t := range tags {
			if m := metrics.sub(t); m.get("avg") != nil {
				return m, true
			}
		}
		return obj{}, false
	}
	dist := func(q quantity, f float64, tags ...string) Stat {
		m, ok := metric(tags...)
		if !ok {
			return NoStat()
		}
		get := func(key string) float64 { return r.num(m, key, q) * f }
		return stat(get("avg"), get("p10"), get("p50"), get("p90"), get("p99"))
	}
	scalar := func(q quantity, tags ...string) float64 {
		if m, ok := metric(tags...); ok {
			return r.num(m, "avg", q)
		}
		return Absent
	}
	l.TTFT = dist(timeMS, 1, "time_to_first_token", "ttft")
	l.ITL = dist(timeMS, 1, "inter_token_latency", "itl")
	l.Latency = dist(timeMS, 0.001, "request_latency")
	defs := Definitions{ITL: "tpot", TPS: "request", RPS: "system"}
	if _, ok := metric("e2e_output_token_throughput"); ok {
		l.TPS = dist(tokenRate, 1, "e2e_output_token_throughput")
	} else if _, ok := metric("output_token_throughput_per_user"); ok {
		l.TPS = dist(tokenRate, 1, "output_token_throughput_per_user")
		defs.TPS = "decode"
	} else {
		defs.TPS = "decode"
	}
	l.SystemRPS = scalar(requestRate, "request_throughput")
	l.OutputTPS = scalar(outputRate, "output_token_throughput")
	if n := scalar(countQ, "request_count"); !math.IsNaN(n) {
		l.Requests = int(n)
	}
	if n := scalar(countQ, "error_request_count"); !math.IsNaN(n) {
		l.Errors = int(n)
	}
	l.OutputTokens = scalar(tokensQ, "output_sequence_length", "output_token_count")
	// A run capped by concurrency is a concurrency run; otherwise a
	// --request-rate run is driven by its rate.
	l.Concurrency = int(aiperfLoad(r, o, "concurrency", concurrencyQ))
	if l.Concurrency == 0 {
		l.Rate = aiperfLoad(r, o, "request_rate", offeredRate)
	}
	return l, defs
}

// aiperfFlags find --concurrency and --request-rate on a command line.
var aiperfFlags = map[string]*regexp.Regexp{
	"concurrency":  regexp.MustCompile(`--concurrency[ =]['"]?([0-9]+(?:\.[0-9]+)?)`),
	"request_rate": regexp.MustCompile(`--request-rate[ =]['"]?([0-9]+(?:\.[0-9]+)?)`),
}

// aiperfLoad finds the profiling phase's setting key ("concurrency" or
// "request_rate"): in input_config.phases (0.10), input_config.loadgen
// (older), or the command line (--concurrency, --request-rate); 0 when
// the run gives none.
func aiperfLoad(r *jreader, o obj, key string, q quantity) float64 {
	cfg := o.sub("input_config")
	if phases, path, ok := cfg.list("phases"); ok {
		for i, p := range phases {
			ph, _ := asObj(p, item(path, i))
			if ph.str("name") == "warmup" {
				continue
			}
			if v := r.num(ph, key, q); v > 0 {
				return v
			}
		}
	}
	if v := r.num(cfg.sub("loadgen"), key, q); v > 0 {
		return v
	}
	for _, c := range []obj{o.sub("run_info"), cfg} {
		cmd, ok := c.get("cli_command").(jstr)
		if !ok {
			continue
		}
		if m := aiperfFlags[key].FindStringSubmatch(cmd.s); m != nil {
			v, _ := strconv.ParseFloat(m[1], 64)
			if v = r.checkAt(cmd, c.name("cli_command"), v, m[0], q); v > 0 {
				return v
			}
		}
	}
	return 0
}

// guidellmRuns maps every benchmark of a guidellm report (one per
// strategy); request latency is in seconds, the rest in milliseconds.
func guidellmRuns(r *jreader, o obj) ([]Level, error) {
	list, path, _ := o.list("benchmarks")
	args := o.sub("args")
	rates, ratesPath, _ := args.list("rate")
	var levels []Level
	for i, b := range list {
		bo, _ := asObj(b, item(path, i))
		m := bo.sub("metrics")
		l := newLevel(0, Pos{File: r.file})
		dist := func(metric string, q quantity) Stat {
			d := m.at(metric, "successful")
			if !d.exists() {
				return NoStat()
			}
			p := d.sub("percentiles")
			return stat(r.num(d, "mean", q), r.num(p, "p10", q), r.num(d, "median", q), r.num(p, "p90", q), r.num(p, "p99", q))
		}
		l.TTFT = dist("time_to_first_token_ms", timeMS)
		l.ITL = dist("time_per_output_token_ms", timeMS)
		l.Latency = dist("request_latency", timeS)
		l.TPS = decodeRate(l.ITL)
		l.SystemRPS = r.num(m.at("requests_per_second", "successful"), "mean", requestRate)
		l.OutputTPS = r.num(m.at("output_tokens_per_second", "successful"), "mean", outputRate)
		totals := m.sub("request_totals")
		if n := r.num(totals, "successful", countQ); !math.IsNaN(n) {
			l.Requests = int(n)
		}
		if n := r.num(totals, "errored", countQ); !math.IsNaN(n) {
			l.Errors = int(n)
		}
		l.OutputTokens = r.num(m.at("output_token_count", "successful"), "mean", tokensQ)
		strategy := bo.at("config", "strategy")
		switch strategy.str("type_") {
		case "concurrent":
			if c := r.num(strategy, "streams", concurrencyQ); c > 0 {
				l.Concurrency = int(c)
			}
		case "constant", "poisson":
			if rate := r.num(strategy, "rate", offeredRate); rate > 0 {
				l.Rate = rate
			}
		case "synchronous":
			l.Concurrency = 1
		case "throughput":
			l.Rate = math.Inf(1) // as fast as possible
		}
		if l.Concurrency == 0 && l.Rate == 0 && i < len(rates) {
			// v0.4/v1 reports: the args' profile and rates, one per benchmark.
			switch args.str("profile") {
			case "concurrent":
				if c := r.value(rates[i], item(ratesPath, i), concurrencyQ); c > 0 {
					l.Concurrency = int(c)
				}
			case "constant", "poisson":
				if rate := r.value(rates[i], item(ratesPath, i), offeredRate); rate > 0 {
					l.Rate = rate
				}
			}
		}
		levels = append(levels, l)
	}
	if len(levels) == 0 {
		return nil, errorf(Pos{File: r.file}, "", "no benchmark in the guidellm report")
	}
	return levels, nil
}

// metricRow is a row of the AIPerf / GenAI-Perf metric tables that the
// reader uses, and what its numbers measure.
type metricRow struct {
	key string
	q   quantity
}

// metricRows names the rows of the AIPerf / GenAI-Perf metric tables.
var metricRows = map[string]metricRow{
	"time to first token":              {"ttft", timeMS},
	"inter token latency":              {"itl", timeMS},
	"request latency":                  {"latency", timeMS},
	"e2e output token throughput":      {"tps", tokenRate},
	"output token throughput per user": {"tps_decode", tokenRate},
	"request throughput":               {"rps", requestRate},
	"output token throughput":          {"output_tps", outputRate},
	"request count":                    {"requests", countQ},
	"error request count":              {"errors", countQ},
	"output sequence length":           {"osl", tokensQ},
}

// readMetricTable reads the metric-per-row CSV of AIPerf and GenAI-Perf:
// a statistics block (Metric,avg,min,max,…) and a scalar block
// (Metric,Value), separated by blank lines. GenAI-Perf writes numbers
// ≥ 1000 with thousands separators ("1,146.31") and N/A for a missing
// statistic.
func readMetricTable(file string, data []byte, format string) ([]Level, Definitions, []*Warning, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	blocks := bytes.Split(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")), []byte("\n\n"))
	l := newLevel(0, Pos{File: file})
	defs := Definitions{ITL: "tpot", TPS: "request", RPS: "system"}
	found := 0
	line := 1
	for _, block := range blocks {
		startLine := line
		line += bytes.Count(block, []byte("\n")) + 2
		block = bytes.TrimSpace(block)
		if len(block) == 0 {
			continue
		}
		t, _, err := readTable(file, block)
		if err != nil {
			return nil, defs, nil, err
		}
		head := t.records[0]
		col := map[string]int{}
		for i, h := range head {
			col[strings.ToLower(strings.TrimSpace(h))] = i
		}
		if _, ok := col["metric"]; !ok {
			continue // the GPU telemetry tables: Endpoint,GPU_Index,…
		}
		for r, rec := range t.records[1:] {
			label := strings.ToLower(rec[col["metric"]])
			name := label
			if i := strings.Index(label, " ("); i >= 0 {
				name = label[:i]
			}
			row, ok := metricRows[name]
			if !ok {
				continue
			}
			key := row.key
			cell := func(stat string) (float64, error) {
				i, ok := col[stat]
				if !ok || i >= len(rec) {
					return Absent, nil
				}
				s := strings.ReplaceAll(rec[i], ",", "")
				if s == "" || strings.EqualFold(s, "N/A") {
					return Absent, nil
				}
				f, err := parseNumber(s)
				if err == nil {
					err = checkNumber(f, strconv.Quote(rec[i]), row.q)
				} else {
					err = fmt.Errorf("%q is not a number", rec[i])
				}
				if err != nil {
					return 0, &Error{Pos: Pos{File: file, Line: startLine + r + 1, Col: t.pos[r+1][i].Col}, Column: head[i], Err: err}
				}
				return f, nil
			}
			var vals [6]float64
			for i, s := range []string{"avg", "p10", "p50", "p90", "p99", "value"} {
				v, err := cell(s)
				if err != nil {
					return nil, defs, nil, err
				}
				vals[i] = v
			}
			st := stat(vals[0], vals[1], vals[2], vals[3], vals[4])
			scalar := vals[5]
			if math.IsNaN(scalar) {
				scalar = vals[0]
			}
			found++
			switch key {
			case "ttft":
				l.TTFT = st
			case "itl":
				l.ITL = st
			case "latency":
				l.Latency = stat(st.Mean/1000, st.P10/1000, st.P50/1000, st.P90/1000, st.P99/1000) // the tables write ms
			case "tps":
				l.TPS = st
			case "tps_decode":
				if math.IsNaN(l.TPS.Mean) {
					l.TPS = st
					defs.TPS = "decode"
				}
			case "rps":
				l.SystemRPS = scalar
			case "output_tps":
				l.OutputTPS = scalar
			case "requests":
				if !math.IsNaN(scalar) {
					l.Requests = int(scalar)
				}
			case "errors":
				if !math.IsNaN(scalar) {
					l.Errors = int(scalar)
				}
			case "osl":
				l.OutputTokens = st.Mean
			}
		}
	}
	if found == 0 {
		return nil, defs, nil, errorf(Pos{File: file, Line: 1, Col: 1}, "", "no known metric row (Time To First Token, Request Latency, …)")
	}
	if math.IsNaN(l.TTFT.Mean) || math.IsNaN(l.Latency.Mean) {
		return nil, defs, nil, errorf(Pos{File: file, Line: 1, Col: 1}, "", "the table lacks the Time To First Token or Request Latency row")
	}
	return []Level{l}, defs, nil, nil
}

// sortRunLevels orders levels by load, rate runs (concurrency 0) by
// rate before concurrency runs, and refuses two runs at the same load.
func sortRunLevels(levels []Level) error {
	sort.SliceStable(levels, func(i, j int) bool {
		if levels[i].Concurrency != levels[j].Concurrency {
			return levels[i].Concurrency < levels[j].Concurrency
		}
		return levels[i].Rate < levels[j].Rate
	})
	for i := 1; i < len(levels); i++ {
		a, b := levels[i-1], levels[i]
		if a.Concurrency != b.Concurrency || a.Rate != b.Rate {
			continue
		}
		if b.RateDriven() {
			return errorf(b.Pos, "", "two runs at request rate %g req/s (also %s); expected one run per load level", b.Rate, a.Pos)
		}
		return errorf(b.Pos, "", "two runs at concurrency %d (also %s); expected one run per load level", b.Concurrency, a.Pos)
	}
	return nil
}
