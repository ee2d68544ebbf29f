package ingest

import (
	"math"
)

// FormatGuideLLM is guidellm's report format.
const FormatGuideLLM = "guidellm"

// guidellm reads a guidellm benchmarks.json (v0.3 {"benchmarks"}, v0.4
// args, metadata version 1 and 2): one run per benchmark.
var guidellm = Format{
	Name: FormatGuideLLM, Tool: "guidellm", Exts: jsonExts, listed: 9,
	Sniff: func(p preview) bool { _, ok := p.obj.get("benchmarks").(*jarray); return ok },
	Read: fromJSON(func(r *jreader, objs []obj) ([]Level, Definitions, []*Warning, error) {
		levels, err := guidellmRuns(r, objs[0])
		return levels, guidellmDefinitions, nil, err
	}),
}

// guidellmDefinitions: TPOT per request, TPS as 1000 / TPOT, requests
// per second of the whole system. The CSV defines them alike.
var guidellmDefinitions = Definitions{ITL: "tpot", TPS: "decode", RPS: "system"}

// The guidellm metrics reportgen reads, by their JSON key: every one a
// distribution per status, of which the successful requests' is read.
const (
	gTTFT        = "time_to_first_token_ms"
	gTPOT        = "time_per_output_token_ms"
	gLatency     = "request_latency" // seconds
	gRPS         = "requests_per_second"
	gOutputTPS   = "output_tokens_per_second"
	gConcurrency = "request_concurrency"
	gInput       = "prompt_token_count"
	gOutput      = "output_token_count"
)

// guidellmQuantity is what each metric measures.
var guidellmQuantity = map[string]quantity{
	gTTFT: timeMS, gTPOT: timeMS, gLatency: timeS, gRPS: requestRate, gOutputTPS: outputRate,
	gConcurrency: measuredConcurrency, gInput: tokensQ, gOutput: tokensQ,
}

// measuredConcurrency is a concurrency averaged over a run: a fraction.
var measuredConcurrency = quantity{what: "measured concurrency", max: maxConcurrency}

// guidellmBench is what reportgen reads of one guidellm benchmark,
// from its JSON or from its CSV row.
type guidellmBench struct {
	// dist gives a metric's statistics over the successful requests;
	// NoStat when the file lacks it. dev gives its standard deviation
	// (std_dev, the population's) and its count (NaN when absent: the
	// CSV gives none).
	dist func(metric string) Stat
	dev  func(metric string) (sd, count float64)
	// successful and errored count requests (NaN when not given).
	successful, errored float64
	// strategy is the scheduling strategy's type; streams, rate and
	// stated its concurrent streams, its constant or poisson rate, and
	// the concurrency a throughput run was capped at by the user (NaN
	// when not given).
	strategy              string
	streams, rate, stated float64
	model                 string
}

// level maps a benchmark. A throughput run (as fast as possible) whose
// concurrency was not stated takes the concurrency it measured
// (measuredLoad), rounded; without one, it is a rate run at +Inf.
func (b guidellmBench) level(pos Pos) Level {
	l := newLevel(0, pos)
	l.TTFT = b.dist(gTTFT)
	l.ITL = b.dist(gTPOT)
	l.Latency = b.dist(gLatency)
	l.TPS = decodeRate(l.ITL)
	l.Dev = Deviations{TTFT: b.deviation(gTTFT), Latency: b.deviation(gLatency), ITL: b.deviation(gTPOT)}
	l.SystemRPS = b.dist(gRPS).Mean
	l.OutputTPS = b.dist(gOutputTPS).Mean
	l.OutputTokens = b.dist(gOutput).Mean
	l.InputTokens = b.dist(gInput).Mean
	l.Model = b.model
	if !math.IsNaN(b.successful) {
		l.Requests = int(b.successful)
	}
	if !math.IsNaN(b.errored) {
		l.Errors = int(b.errored)
	}
	switch b.strategy {
	case "concurrent":
		if b.streams > 0 {
			l.Concurrency = int(b.streams)
		}
	case "constant", "poisson", "async":
		if b.rate > 0 {
			l.Rate = b.rate
		}
	case "synchronous":
		l.Concurrency = 1
	case "throughput":
		switch c := measuredLoad(b); {
		case b.stated > 0:
			l.Concurrency = int(b.stated)
		case c >= minMeasuredLoad:
			l.Concurrency = int(math.Round(c))
			l.MeasuredConcurrency = c
		default:
			l.Rate = math.Inf(1) // as fast as possible
		}
	}
	return l
}

// guidellmDev reads a metric's standard deviation (std_dev) and count
// over the successful requests from a benchmark's metrics m.
func guidellmDev(r *jreader, m obj) func(metric string) (float64, float64) {
	return func(metric string) (float64, float64) {
		d := m.at(metric, "successful")
		if !d.exists() || d.get("std_dev") == nil || d.get("count") == nil {
			return Absent, Absent
		}
		return r.num(d, "std_dev", guidellmQuantity[metric]), r.num(d, "count", countQ)
	}
}

// deviation is a metric's standard deviation over its count, or over
// the successful requests where the file gives no count. TPOT is
// weighted by tokens and counted in tokens: its independent values are
// the requests.
func (b guidellmBench) deviation(metric string) Deviation {
	sd, n := b.dev(metric)
	if math.IsNaN(n) || metric == gTPOT {
		n = math.Min(n, b.successful)
	}
	if math.IsNaN(n) {
		n = b.successful
	}
	return populationDeviation(sd, n)
}

// measuredLoad is the mean concurrency a guidellm benchmark measured
// (request_concurrency over its successful requests; NaN when the file
// lacks it): the load of a throughput run whose concurrency was not
// stated, whose level's Concurrency is this value rounded.
func measuredLoad(b guidellmBench) float64 { return b.dist(gConcurrency).Mean }

// guidellmRuns maps every benchmark of a guidellm report (one per
// strategy).
func guidellmRuns(r *jreader, o obj) ([]Level, error) {
	list, path, _ := o.list("benchmarks")
	args := o.sub("args")
	rates, ratesPath, _ := args.list("rate")
	model := args.str("model")
	if model == "" {
		model = o.sub("config").str("model")
	}
	var levels []Level
	for i, b := range list {
		bo, _ := asObj(b, item(path, i))
		l := guidellmBenchmark(r, bo, model).level(Pos{File: r.file})
		l.Window = epochWindow(epochOf(bo.get("start_time")), epochOf(bo.get("end_time")))
		if l.Concurrency == 0 && l.Rate == 0 && i < len(rates) {
			// v0.4/v1 reports: the args' profile and rates, one per benchmark.
			l.Concurrency, l.Rate = guidellmArgsLoad(r, args.str("profile"), rates[i], item(ratesPath, i))
		}
		levels = append(levels, l)
	}
	if len(levels) == 0 {
		return nil, errorf(Pos{File: r.file}, "", "no benchmark in the guidellm report")
	}
	return levels, nil
}

// guidellmBenchmark is what one benchmark bo of a guidellm report states,
// model being the report's model (the benchmark's own, when it names
// one, wins).
func guidellmBenchmark(r *jreader, bo obj, model string) guidellmBench {
	m := bo.sub("metrics")
	g := guidellmBench{successful: Absent, errored: Absent, streams: Absent, rate: Absent, stated: Absent, model: model}
	g.dist = func(metric string) Stat {
		d := m.at(metric, "successful")
		if !d.exists() {
			return NoStat()
		}
		q := guidellmQuantity[metric]
		p := d.sub("percentiles")
		return stat(r.num(d, "mean", q), r.num(p, "p10", q), r.num(d, "median", q), r.num(p, "p90", q), r.num(p, "p99", q))
	}
	g.dev = guidellmDev(r, m)
	totals := m.sub("request_totals")
	if !totals.exists() {
		totals = bo.sub("request_totals") // v0.3
	}
	g.successful, g.errored = r.num(totals, "successful", countQ), r.num(totals, "errored", countQ)
	// The strategy: config.strategy (v0.4+) or args.strategy (v0.3).
	cfg := bo.sub("config")
	strategy := cfg.sub("strategy")
	if !strategy.exists() {
		strategy = bo.at("args", "strategy")
	}
	g.strategy = strategy.str("type_")
	g.streams = r.num(strategy, "streams", concurrencyQ)
	g.rate = r.num(strategy, "rate", offeredRate)
	g.stated = guidellmStated(r, cfg.sub("profile"), strategy, cfg.exists())
	if s := cfg.sub("backend").str("model"); s != "" {
		g.model = s
	} else if s := bo.sub("worker").str("backend_model"); s != "" {
		g.model = s // v0.3
	}
	return g
}

// guidellmArgsLoad is the load a benchmark's entry v, at name, of the
// report's args.rate list gives under the args' profile: a concurrency
// for "concurrent", a request rate for "constant" and "poisson"; zero
// for any other profile or a value that is not above zero.
func guidellmArgsLoad(r *jreader, profile string, v any, name string) (concurrency int, rate float64) {
	switch profile {
	case "concurrent":
		if c := r.value(v, name, concurrencyQ); c > 0 {
			return int(c), 0
		}
	case "constant", "poisson":
		if rate := r.value(v, name, offeredRate); rate > 0 {
			return 0, rate
		}
	}
	return 0, 0
}

// guidellmStated is the concurrency a throughput run was capped at by
// the user: the profile's max_concurrency (v0.4–0.6; v0.7 under its
// args), or, in v0.3, the strategy's. From v0.4 the strategy's own
// max_concurrency is filled in at run time and is no statement.
func guidellmStated(r *jreader, profile, strategy obj, v04 bool) float64 {
	if !v04 {
		return r.num(strategy, "max_concurrency", concurrencyQ)
	}
	if c := r.num(profile, "max_concurrency", concurrencyQ); !math.IsNaN(c) {
		return c
	}
	return r.num(profile.sub("args"), "max_concurrency", concurrencyQ)
}
