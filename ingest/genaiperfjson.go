package ingest

import (
	"math"
)

// FormatGenAIPerfJSON is GenAI-Perf's JSON export.
const FormatGenAIPerfJSON = "genai-perf-json"

// genaiPerfJSON reads GenAI-Perf's profile_export_genai_perf.json, of
// any release: one run whose metrics are flat objects
// ("time_to_first_token": {"unit": "ms", "avg", "p1" … "p99", "min",
// "max", "std"}; "request_throughput": {"unit", "avg"}), as AIPerf,
// its successor, writes them (aiperfRun), and "input_config", the
// command's settings: a flat dict of CLI arguments in older releases
// (concurrency, request_rate, model), a nested config in newer ones
// (perf_analyzer.stimulus, model_names). It is told from AIPerf's
// export by what AIPerf always writes and it never does (aiperfFamily).
var genaiPerfJSON = Format{
	Name: FormatGenAIPerfJSON, Tool: "GenAI-Perf", Exts: jsonExts, listed: 13,
	Sniff: func(p preview) bool { family, aiperf := aiperfFamily(p.obj); return family && !aiperf },
	Read: fromJSON(func(r *jreader, objs []obj) ([]Level, Definitions, []*Warning, error) {
		o := objs[0]
		l, defs := aiperfRun(r, o, Pos{File: r.file})
		l.Telemetry = genaiPerfTelemetry(r, o)
		if l.Concurrency == 0 && l.Rate == 0 {
			l.Concurrency, l.Rate = genaiPerfLoad(r, o.sub("input_config"))
		}
		if math.IsNaN(l.InputTokens) {
			l.InputTokens = genaiPerfAsked(r, o.sub("input_config"), "synthetic_input_tokens_mean", "synthetic_tokens")
		}
		if math.IsNaN(l.OutputTokens) {
			l.OutputTokens = genaiPerfAsked(r, o.sub("input_config"), "output_tokens_mean", "output_tokens")
		}
		return []Level{l}, defs, nil, nil
	}),
}

// genaiPerfLoad reads a GenAI-Perf run's load from its input config:
// perf_analyzer.stimulus {"concurrency": N} or {"request_rate": R}
// (the config of newer releases), else the flat concurrency and
// request_rate arguments of older ones. A request rate drives the run
// when it is set; GenAI-Perf's default concurrency 1 applies otherwise.
func genaiPerfLoad(r *jreader, cfg obj) (int, float64) {
	for _, o := range []obj{cfg.at("perf_analyzer", "stimulus"), cfg} {
		if rate := r.num(o, "request_rate", offeredRate); rate > 0 {
			return 0, rate
		}
		if c := r.num(o, "concurrency", concurrencyQ); c > 0 {
			return int(c), 0
		}
	}
	return 0, 0
}

// genaiPerfAsked is a synthetic length the run asked for, when the
// file measured none: input.<nested>.mean (newer config) or the flat
// argument (older); NaN when unset (GenAI-Perf writes -1 for "not
// set").
func genaiPerfAsked(r *jreader, cfg obj, flat, nested string) float64 {
	for _, v := range []any{cfg.at("input", nested).get("mean"), cfg.get(flat)} {
		if n, ok := v.(jnum); ok && n.text != "" && n.text[0] == '-' {
			continue // -1: not set
		}
		if f := r.value(v, flat, tokensQ); f > 0 {
			return f
		}
	}
	return Absent
}
