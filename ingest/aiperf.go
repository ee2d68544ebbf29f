package ingest

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// The formats of AIPerf's exports.
const (
	FormatAIPerfJSON    = "aiperf-json"    // profile_export_aiperf.json (schema 1.x and older "records")
	FormatAIPerfCSV     = "aiperf-csv"     // profile_export_aiperf.csv
	FormatAIPerfRecords = "aiperf-records" // the per-request profile_export.jsonl
)

// aiperfJSON reads AIPerf's profile_export_aiperf.json: one run, its
// load from the input config or the command line (aiperfLoad).
var aiperfJSON = Format{
	Name: FormatAIPerfJSON, Tool: "AIPerf", Exts: jsonExts, listed: 6,
	Sniff: func(p preview) bool { family, aiperf := aiperfFamily(p.obj); return family && aiperf },
	Read: fromJSON(func(r *jreader, objs []obj) ([]Level, Definitions, []*Warning, error) {
		l, defs := aiperfRun(r, objs[0], Pos{File: r.file})
		return []Level{l}, defs, nil, nil
	}),
}

// aiperfMetrics are the metric tags AIPerf and GenAI-Perf both write as
// objects {"unit", "avg", …}; AIPerf's older exports use ttft and itl.
var aiperfMetrics = []string{"time_to_first_token", "request_latency", "inter_token_latency", "request_throughput",
	"output_token_throughput", "output_token_throughput_per_user", "output_token_throughput_per_request",
	"time_to_second_token", "output_sequence_length",
	"input_sequence_length", "request_count", "ttft", "itl"}

// aiperfOnly are the keys AIPerf writes and GenAI-Perf never does: its
// version and run markers, the metrics GenAI-Perf lacks, and the
// "records" wrapper of its older exports.
var aiperfOnly = []string{"aiperf_version", "schema_version", "benchmark_id", "records", "was_cancelled", "error_summary",
	"run_info", "telemetry_data", "start_time", "end_time", "benchmark_duration", "total_isl", "total_osl",
	"total_output_tokens", "total_token_throughput", "output_token_count", "inter_chunk_latency",
	"e2e_output_token_throughput", "error_request_count", "osl_mismatch_count", "osl_mismatch_diff_pct",
	"prefill_throughput_per_user", "time_to_first_output_token", "http_req_duration", "http_req_waiting"}

// aiperfFamily tells the profile exports of AIPerf and of GenAI-Perf,
// its predecessor, from other files and from each other. Both write a
// run's metrics as top-level objects {"unit", "avg", "p50", …} (family).
// AIPerf (aiperf) always writes some key GenAI-Perf never does
// (aiperfOnly), counts in its distributions ("count", "sum", since
// schema 1.1), the unit "requests" for request_count (GenAI-Perf
// writes "count"), or its own input config (models, loadgen, phases,
// endpoint.urls or endpoint.model_names); a file with none of these
// marks is GenAI-Perf's.
func aiperfFamily(o obj) (family, aiperf bool) {
	for _, k := range aiperfOnly {
		if o.has(k) {
			aiperf = true
			break
		}
	}
	for _, tag := range aiperfMetrics {
		m := o.sub(tag)
		if !m.has("avg") && !m.has("unit") {
			continue
		}
		family = true
		if m.has("count") || m.has("sum") || tag == "request_count" && m.str("unit") == "requests" {
			aiperf = true
		}
	}
	if rec := o.sub("records"); rec.exists() {
		family = true
	}
	cfg := o.sub("input_config")
	for _, k := range []string{"models", "loadgen", "phases", "cli_command"} {
		if cfg.has(k) {
			aiperf = true
		}
	}
	// GenAI-Perf's config has an endpoint section too, with one "url"
	// and the model names beside it.
	if e := cfg.sub("endpoint"); e.has("model_names") || e.has("urls") {
		aiperf = true
	}
	return family, aiperf
}

// aiperfCSV reads AIPerf's profile_export_aiperf.csv: one run, whose
// load the file does not state.
var aiperfCSV = Format{
	Name: FormatAIPerfCSV, Tool: "AIPerf", Exts: csvExts, listed: 7,
	Sniff: func(p preview) bool { return strings.HasPrefix(p.line, "metric,avg,") },
	Read:  readMetricTable,
}

// aiperfRecords reads AIPerf's per-request profile_export.jsonl: one
// record per request, summarized into one level.
var aiperfRecords = Format{
	Name: FormatAIPerfRecords, Tool: "AIPerf", Exts: jsonExts, listed: 11,
	Sniff: func(p preview) bool {
		return p.obj.sub("metrics").exists() && (p.obj.has("metadata") || p.obj.has("error")) && !p.obj.has("benchmarks") && recordValues(p.obj.sub("metrics"))
	},
	Read: fromJSONRequests(func(r *jreader, objs []obj) ([]Level, Definitions, []*Warning, error) {
		return []Level{recordsLevel(r, objs)}, Definitions{ITL: "tpot", TPS: "request"}, nil, nil
	}),
}

// recordValues reports whether a record's metrics are per-request
// values ({"value": …, "unit": …}), as AIPerf's profile_export.jsonl
// writes them, and not statistics over runs ({"mean": …, "std": …}: its
// aggregate of repeated runs, which shares the metadata and metrics
// keys). Metrics of neither shape (an empty object) do not say no.
func recordValues(m obj) bool {
	for k := range m.m {
		if o := m.sub(k); o.exists() {
			return o.has("value") || !o.has("mean")
		}
	}
	return true
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
	// dev is a metric's standard deviation (np.std: the population's)
	// over its count, or over the requests when it states no count
	// (GenAI-Perf).
	dev := func(q quantity, f float64, requests float64, tags ...string) Deviation {
		m, ok := metric(tags...)
		if !ok || m.get("std") == nil {
			return Deviation{}
		}
		n := requests
		if m.get("count") != nil {
			n = r.num(m, "count", countQ)
		}
		return populationDeviation(r.num(m, "std", q)*f, n)
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
	} else if _, ok := metric("output_token_throughput_per_request"); ok {
		// GenAI-Perf's 2024 releases: output tokens / request latency.
		l.TPS = dist(tokenRate, 1, "output_token_throughput_per_request")
	} else {
		defs.TPS = "decode"
	}
	requests := scalar(countQ, "request_count")
	l.Dev = Deviations{
		TTFT:    dev(timeMS, 1, requests, "time_to_first_token", "ttft"),
		ITL:     dev(timeMS, 1, requests, "inter_token_latency", "itl"),
		Latency: dev(timeMS, 0.001, requests, "request_latency"),
		TPS:     dev(tokenRate, 1, requests, "e2e_output_token_throughput", "output_token_throughput_per_user", "output_token_throughput_per_request"),
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
	l.InputTokens = scalar(tokensQ, "input_sequence_length")
	l.Window = aiperfWindow(o)
	first, _ := metric("min_request_timestamp")
	last, _ := metric("max_response_timestamp")
	w := epochWindow(epochOf(first.get("avg"))/1e9, epochOf(last.get("avg"))/1e9)
	l.Window.UTCStart, l.Window.UTCEnd = w.UTCStart, w.UTCEnd
	seconds := scalar(runDuration, "benchmark_duration")
	if math.IsNaN(seconds) && l.Window.Known() {
		seconds = l.Window.Seconds()
	}
	l.Telemetry = aiperfTelemetry(r, o, seconds)
	l.Model = aiperfModel(o.sub("input_config"))
	l.Workload = aiperfWorkload(o.sub("input_config"))
	// A run capped by concurrency is a concurrency run; otherwise a
	// --request-rate run is driven by its rate.
	l.Concurrency = int(aiperfLoad(r, o, "concurrency", concurrencyQ))
	if l.Concurrency == 0 {
		l.Rate = aiperfLoad(r, o, "request_rate", offeredRate)
	}
	return l, defs
}

// aiperfModel is the model an AIPerf or GenAI-Perf input config names:
// models.items[0].name (AIPerf 0.10), endpoint.model_names[0] (older
// AIPerf), model_names[0] (GenAI-Perf's config) or model[0] (its older
// CLI arguments); "" when it names none.
// aiperfWorkload names the workload an AIPerf run's input_config states:
// its datasets (type, file, format, entries, seed), "" when it states
// none (older exports).
func aiperfWorkload(cfg obj) string {
	list, _, _ := cfg.list("datasets")
	var parts []string
	for _, v := range list {
		d, ok := v.(*jobject)
		if !ok {
			continue
		}
		o := obj{m: d.m}
		var p []string
		for _, k := range []string{"type", "path", "format"} {
			if s := o.str(k); s != "" {
				p = append(p, s)
			}
		}
		for _, k := range []string{"entries", "random_seed"} {
			if x := o.get(k); x != nil {
				p = append(p, fmt.Sprintf("%s %v", k, x))
			}
		}
		parts = append(parts, strings.Join(p, " "))
	}
	return strings.Join(parts, "; ")
}

func aiperfModel(cfg obj) string {
	first := func(o obj, key string) string {
		list, _, _ := o.list(key)
		for _, v := range list {
			switch x := v.(type) {
			case jstr:
				return x.s
			case *jobject:
				if s, ok := x.m["name"].(jstr); ok {
					return s.s
				}
			}
		}
		return o.str(key)
	}
	for _, m := range []string{first(cfg.sub("models"), "items"), first(cfg.sub("endpoint"), "model_names"), first(cfg, "model_names"), first(cfg, "model")} {
		if m != "" {
			return m
		}
	}
	return ""
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

// recordsLevel summarizes AIPerf's per-request JSON lines: one record
// per request, {"metadata": …, "metrics": {"time_to_first_token":
// {"value", "unit"}, …}, "error": null | {…}}. Times are read in their
// unit (ns, ms or s) and kept in ms.
func recordsLevel(r *jreader, objs []obj) Level {
	s := &sampleSet{pos: Pos{File: r.file}}
	ms := func(m obj, tag string) float64 {
		v := m.sub(tag)
		switch strings.ToLower(v.str("unit")) {
		case "ns":
			return r.num(v, "value", timeNS) / 1e6
		case "s", "sec":
			return r.num(v, "value", timeS) * 1000
		}
		return r.num(v, "value", timeMS)
	}
	var in, outs tokenMean
	for _, o := range objs {
		if o.sub("metadata").str("benchmark_phase") == "warmup" {
			continue // not measured: AIPerf leaves warm-up out of its results
		}
		if e, ok := o.m["error"]; ok && e != nil {
			s.errors++
			continue
		}
		m := o.sub("metrics")
		ttft, lat := ms(m, "time_to_first_token"), ms(m, "request_latency")
		itl := ms(m, "inter_token_latency")
		out := r.num(m.sub("output_sequence_length"), "value", tokensQ)
		if r.err != nil {
			break
		}
		tps := Absent
		if out > 0 && lat > 0 {
			tps = out / (lat / 1000)
		}
		s.add(ttft, itl, lat/1000, tps)
		in.add(r.num(m.sub("input_sequence_length"), "value", tokensQ))
		outs.add(out)
	}
	l := s.level()
	l.InputTokens, l.OutputTokens = in.mean(), outs.mean()
	return l
}

// tokenMean is the mean of the token counts of a run's requests; NaN
// when a request lacks its count.
type tokenMean struct {
	sum float64
	n   int
}

func (m *tokenMean) add(v float64) { m.sum += v; m.n++ }

func (m tokenMean) mean() float64 {
	if m.n == 0 {
		return Absent
	}
	return m.sum / float64(m.n)
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
	"input sequence length":            {"isl", tokensQ},
}

// readMetricTable reads the metric-per-row CSV of AIPerf and GenAI-Perf:
// a statistics block (Metric,avg,min,max,…) and a scalar block
// (Metric,Value), separated by blank lines. GenAI-Perf writes numbers
// ≥ 1000 with thousands separators ("1,146.31") and N/A for a missing
// statistic.
func readMetricTable(file string, data []byte) ([]Level, Definitions, []*Warning, error) {
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
		n, err := readMetricBlock(file, block, startLine, &l, &defs)
		if err != nil {
			return nil, defs, nil, err
		}
		found += n
	}
	if found == 0 {
		return nil, defs, nil, errorf(Pos{File: file, Line: 1, Col: 1}, "", "no known metric row (Time To First Token, Request Latency, …)")
	}
	if math.IsNaN(l.TTFT.Mean) || math.IsNaN(l.Latency.Mean) {
		return nil, defs, nil, errorf(Pos{File: file, Line: 1, Col: 1}, "", "the table lacks the Time To First Token or Request Latency row")
	}
	return []Level{l}, defs, nil, nil
}

// metricBlock is one block of a metric table, its first line being line
// startLine of the file.
type metricBlock struct {
	t         *table
	startLine int
	col       map[string]int // column by lower-case header
}

// readMetricBlock reads the known metric rows of one block of a metric
// table into l and defs, and returns how many it read. A block without
// a Metric column (GPU telemetry) has none.
func readMetricBlock(file string, block []byte, startLine int, l *Level, defs *Definitions) (int, error) {
	t, _, err := readTable(file, block, metricRowsCap)
	if err != nil {
		var e *Error
		if errors.As(err, &e) && e.Pos.Line > 0 {
			e.Pos.Line += startLine - 1 // the block's lines are the file's from startLine on
		}
		return 0, err
	}
	b := metricBlock{t: t, startLine: startLine, col: map[string]int{}}
	for i, h := range t.records[0] {
		b.col[strings.ToLower(strings.TrimSpace(h))] = i
	}
	if _, ok := b.col["metric"]; !ok {
		return 0, nil // the GPU telemetry tables: Endpoint,GPU_Index,…
	}
	found := 0
	for r, rec := range t.records[1:] {
		name := strings.ToLower(rec[b.col["metric"]])
		if i := strings.Index(name, " ("); i >= 0 {
			name = name[:i]
		}
		row, ok := metricRows[name]
		if !ok {
			continue
		}
		var vals [6]float64
		for i, s := range []string{"avg", "p10", "p50", "p90", "p99", "value"} {
			if vals[i], err = b.cell(r+1, s, row.q); err != nil {
				return 0, err
			}
		}
		found++
		setMetric(l, defs, row.key, stat(vals[0], vals[1], vals[2], vals[3], vals[4]), vals[5])
	}
	return found, nil
}

// cell is the number in column stat of record r, Absent where the
// block has no such column or the cell is empty or N/A; q judges it.
func (b metricBlock) cell(r int, stat string, q quantity) (float64, error) {
	rec := b.t.records[r]
	i, ok := b.col[stat]
	if !ok || i >= len(rec) {
		return Absent, nil
	}
	s := strings.ReplaceAll(rec[i], ",", "")
	if s == "" || strings.EqualFold(s, "N/A") {
		return Absent, nil
	}
	f, err := parseNumber(s)
	if err == nil {
		err = checkNumber(f, strconv.Quote(rec[i]), q)
	} else {
		err = fmt.Errorf("%q is not a number", rec[i])
	}
	if err != nil {
		return 0, &Error{Pos: Pos{File: b.t.file, Line: b.startLine + r, Col: b.t.pos[r][i].Col}, Column: b.t.records[0][i], Err: err}
	}
	return f, nil
}

// setMetric sets the metric key (a metricRows key) of l from its
// statistics st, or its scalar (its Value, else its mean).
func setMetric(l *Level, defs *Definitions, key string, st Stat, scalar float64) {
	if math.IsNaN(scalar) {
		scalar = st.Mean
	}
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
	case "isl":
		l.InputTokens = st.Mean
	}
}
