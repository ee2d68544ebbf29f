package ingest

import (
	"math"
	"regexp"
	"strings"
)

// FormatVLLMTable is the summary table of vLLM's nightly benchmarks.
const FormatVLLMTable = "vllm-table"

// vllmTable reads vLLM's nightly-benchmark summary: a list of rows keyed
// by column titles ("Test name", "Mean TTFT (ms)"), one run per row.
var vllmTable = Format{
	Name: FormatVLLMTable, Tool: "vLLM benchmark summary", Exts: jsonExts, listed: 2,
	EstimatesLatency: true, // the table has no latency column
	Sniff: func(p preview) bool {
		if !p.list {
			return false
		}
		for k := range p.obj.m {
			if nightlyColumn.MatchString(k) {
				return true
			}
		}
		return false
	},
	Read: fromJSON(func(r *jreader, objs []obj) ([]Level, Definitions, []*Warning, error) {
		var levels []Level
		for i, o := range objs {
			levels = append(levels, nightlyRun(r, o, Pos{File: r.file, Line: i + 1}))
		}
		return levels, Definitions{ITL: "tpot", TPS: "decode", RPS: "system"}, nil, nil
	}),
}

// nightlyColumn matches the table's metric columns: "Mean TTFT (ms)",
// "P99 ITL (ms)", "Tput (req/s)", "Output Tput (tok/s)".
var nightlyColumn = regexp.MustCompile(`(?i)^(?:(?:mean|median|p[0-9.]+) (?:ttft|tpot|itl|e2el) \(ms\)|(?:output |total )?tput \((?:req|tok)/s\))$`)

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
	if l.SystemRPS > 0 {
		// Both throughputs are over the run's duration: their ratio is
		// total output tokens / completed requests, the mean output
		// length the table does not state.
		l.OutputTokens = l.OutputTPS / l.SystemRPS
	}
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
