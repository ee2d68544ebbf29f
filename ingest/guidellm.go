package ingest

import (
	"math"
)

// FormatGuideLLM is guidellm's report format.
const FormatGuideLLM = "guidellm"

// guidellm reads a guidellm benchmarks.json (metadata version 1 and 2,
// v0.4 args): one run per benchmark.
var guidellm = Format{
	Name: FormatGuideLLM, Tool: "guidellm", Exts: jsonExts, listed: 9,
	Sniff: func(p preview) bool { return p.obj.has("benchmarks") },
	Read: fromJSON(func(r *jreader, objs []obj) ([]Level, Definitions, []*Warning, error) {
		levels, err := guidellmRuns(r, objs[0])
		return levels, Definitions{ITL: "tpot", TPS: "decode", RPS: "system"}, nil, err
	}),
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
