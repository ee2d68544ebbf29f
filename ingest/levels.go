package ingest

import (
	"cmp"
	"errors"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// sortLevels orders levels by load: runs driven by request rate
// (concurrency 0) first, by rate, then concurrency runs by concurrency,
// and the runs of an input-length sweep (at one load) by input length;
// the sort is stable. A load given twice is refused.
//
// With rows, the levels are the rows of one table (the llm-benchmark
// export), whose order is the file's: rows out of order are warned
// about, and a repeated row is named by its line. Otherwise they are
// runs (files, or the runs of one file).
func sortLevels(file string, levels []Level, rows bool) ([]*Warning, error) {
	byLoad := func(a, b Level) int {
		return cmp.Or(cmp.Compare(a.Concurrency, b.Concurrency), cmp.Compare(a.Rate, b.Rate), cmp.Compare(a.InputLength, b.InputLength))
	}
	var warnings []*Warning
	if rows && !slices.IsSortedFunc(levels, byLoad) {
		warnings = append(warnings, warnf(Pos{File: file}, "", WarnUnsortedLevels, nil, "concurrency levels are not in ascending order; sorted"))
	}
	slices.SortStableFunc(levels, byLoad)
	for i := 1; i < len(levels); i++ {
		a, b := levels[i-1], levels[i]
		if byLoad(a, b) != 0 {
			continue
		}
		switch {
		case rows:
			if b.Pos.Line < a.Pos.Line {
				a, b = b, a
			}
			return warnings, errorf(b.Pos, "", "concurrency %d appears twice (also on line %d); expected one row per level", b.Concurrency, a.Pos.Line)
		case b.RateDriven():
			return warnings, errorf(b.Pos, "", "two runs at request rate %g req/s (also %s); expected one run per load level", b.Rate, a.Pos)
		case b.InputLength > 0:
			return warnings, errorf(b.Pos, "", "two runs at input length %d (also %s); expected one run per input length", b.InputLength, a.Pos)
		}
		return warnings, errorf(b.Pos, "", "two runs at concurrency %d (also %s); expected one run per load level", b.Concurrency, a.Pos)
	}
	return warnings, nil
}

// MaxRuns is the most runs one result file may hold: MaxLevels load
// levels, each measured up to 16 times (a sweep's repeated runs, runs
// appended to one JSON-lines file). A reader stops at the first run past
// it, without reading the rest of the file; the levels of the runs it
// read are then held to MaxLevels.
const MaxRuns = 16 * MaxLevels

// mergeRepeats turns the runs of a configuration measured more than once
// at one load (AIPerf --num-profile-runs, a sweep's run=N files, a run
// appended twice to one JSON-lines file, c8-run1.json and c8-run2.json)
// into one level each: their means, with the runs kept as Repeats so
// that the analysis can tell the run-to-run spread. Levels keep the
// order of their first run. The runs of an input-length sweep are
// repeats only at one input length (Level.InputLength).
func mergeRepeats(levels []Level) []Level {
	type key struct {
		c        int
		rate     float64
		input    int
		workload string
	}
	groups := map[key][]Level{}
	var order []key
	for _, l := range levels {
		k := key{l.Concurrency, l.Rate, l.InputLength, l.Workload}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], l)
	}
	if len(order) == len(levels) {
		return levels
	}
	out := make([]Level, 0, len(order))
	for _, k := range order {
		g := groups[k]
		if len(g) == 1 {
			out = append(out, g[0])
			continue
		}
		out = append(out, meanLevel(g))
	}
	return out
}

// oneWorkload refuses levels of more than one workload: a file that
// appends runs of different datasets or lengths (sglang.bench_serving
// --output-file reused) holds runs that are no one configuration's load
// levels, and a report that drew them as one curve, or compared them as
// rival configurations, would state a comparison the data does not make.
func oneWorkload(levels []Level) error {
	for _, l := range levels[min(1, len(levels)):] {
		if first := levels[0]; l.Workload != first.Workload {
			return errorf(l.Pos, "", "this run's workload (%s) differs from that of the run at %s (%s); a configuration is one workload: keep the runs of one workload per file",
				workloadName(l.Workload), first.Pos, workloadName(first.Workload))
		}
	}
	return nil
}

func workloadName(w string) string {
	if w == "" {
		return "not stated"
	}
	return w
}

// meanLevel is the level of several runs at one load: each value the
// mean of the runs' (absent when a run lacks it), counts summed, the
// per-request samples pooled, the runs kept as Repeats.
func meanLevel(levels []Level) Level {
	var runs []Level
	for _, l := range levels {
		if len(l.Repeats) > 0 { // already the mean of its runs
			runs = append(runs, l.Repeats...)
		} else {
			runs = append(runs, l)
		}
	}
	l := runs[0]
	l.Repeats = runs
	l.Window, l.Telemetry = Window{}, nil // each run's own, in Repeats
	// One run's deviations are not the level's: its runs say its noise.
	l.Dev = Deviations{}
	mean := func(get func(Level) float64) float64 {
		s := 0.0
		for _, r := range runs {
			s += get(r)
		}
		return s / float64(len(runs)) // NaN when any run lacks it
	}
	stat := func(get func(Level) Stat) Stat {
		return Stat{
			Mean: mean(func(r Level) float64 { return get(r).Mean }),
			P10:  mean(func(r Level) float64 { return get(r).P10 }),
			P50:  mean(func(r Level) float64 { return get(r).P50 }),
			P90:  mean(func(r Level) float64 { return get(r).P90 }),
			P99:  mean(func(r Level) float64 { return get(r).P99 }),
		}
	}
	l.TTFT = stat(func(r Level) Stat { return r.TTFT })
	l.ITL = stat(func(r Level) Stat { return r.ITL })
	l.TPS = stat(func(r Level) Stat { return r.TPS })
	l.Latency = stat(func(r Level) Stat { return r.Latency })
	l.RPS = mean(func(r Level) float64 { return r.RPS })
	l.SystemRPS = mean(func(r Level) float64 { return r.SystemRPS })
	l.OutputTPS = mean(func(r Level) float64 { return r.OutputTPS })
	l.OutputTokens = mean(func(r Level) float64 { return r.OutputTokens })
	l.InputTokens = mean(func(r Level) float64 { return r.InputTokens })
	sum := func(get func(Level) int) int {
		n := 0
		for _, r := range runs {
			if get(r) < 0 {
				return -1
			}
			n += get(r)
		}
		return n
	}
	for _, r := range runs {
		l.LatencyMethod = l.LatencyMethod.weaker(r.LatencyMethod)
	}
	l.Requests = sum(func(r Level) int { return r.Requests })
	l.Errors = sum(func(r Level) int { return r.Errors })
	l.Samples = nil
	if runs[0].Samples != nil {
		pooled := &Samples{}
		for _, r := range runs {
			if r.Samples == nil {
				pooled = nil
				break
			}
			pooled.TTFT = append(pooled.TTFT, r.Samples.TTFT...)
			pooled.TPS = append(pooled.TPS, r.Samples.TPS...)
		}
		l.Samples = pooled
	}
	return l
}

// ErrNoLatency is the error of a rate run that gives no mean request
// latency, which its effective concurrency needs. (The message after it
// says which run.)
var ErrNoLatency = errors.New("no mean request latency")

// latencyError is an error that is ErrNoLatency, with its own message.
type latencyError struct{ error }

func (latencyError) Is(target error) bool { return target == ErrNoLatency }
func (e latencyError) Unwrap() error      { return e.error }

// deriveLatency fills the mean request latency of levels that lack it
// where it is exact: each request's latency is its TTFT plus its TPOT
// times its tokens after the first, so when every request generated the
// same n tokens, mean latency = mean TTFT + mean TPOT × (n − 1). That
// holds when the benchmark asked for a fixed output length (the
// manifest's output_tokens, n) and the run's mean output length is n:
// no request generates more than it asked for, so a mean of n means
// each generated n. ITL must be TPOT (defs), not the chunk gap. Such
// levels are marked LatencyFixedLength; percentiles are not derived.
func deriveLatency(levels []Level, defs Definitions, n int) {
	if n < 2 || defs.ITL != "tpot" {
		return
	}
	for i := range levels {
		l := &levels[i]
		if !math.IsNaN(l.Latency.Mean) || math.IsNaN(l.TTFT.Mean) || math.IsNaN(l.ITL.Mean) || !(math.Abs(l.OutputTokens-float64(n)) < 1e-9*float64(n)) {
			continue
		}
		l.Latency.Mean = (l.TTFT.Mean + l.ITL.Mean*float64(n-1)) / 1000
		l.LatencyMethod = LatencyFixedLength
	}
}

// estimateLatency fills the mean request latency of levels that still
// lack it (deriveLatency found no fixed length) from the run's mean
// output length n̄ (total output tokens / completed requests): mean
// latency ≈ mean TTFT + mean TPOT × (n̄ − 1). Each request's latency is
// its TTFT plus its TPOT times its tokens after the first; the estimate
// takes the mean of that product for the product of the means, which it
// is when TPOT does not vary with the length (a fixed length, or a
// steady load). ITL must be TPOT (defs): the chunk gap of a server that
// streams several tokens at once (speculative decoding) is not a
// per-token time. Such levels are marked LatencyMeanLength; a level
// without its token counts stays without a mean latency, and
// percentiles are never estimated.
func estimateLatency(levels []Level, defs Definitions) {
	if defs.ITL != "tpot" {
		return
	}
	for i := range levels {
		l := &levels[i]
		if !math.IsNaN(l.Latency.Mean) || math.IsNaN(l.TTFT.Mean) || math.IsNaN(l.ITL.Mean) || !(l.OutputTokens >= 1) {
			continue
		}
		l.Latency.Mean = (l.TTFT.Mean + l.ITL.Mean*(l.OutputTokens-1)) / 1000
		l.LatencyMethod = LatencyMeanLength
	}
}

// fillLoads gives each level of a result file that states neither its
// concurrency nor a request rate its load: a one-run file's rate from
// its name (rate4, 4qps), else a concurrency from its name (c8, conc8,
// concurrency8), else what h says (its folder's name, the manifest),
// else, for a run that measured its mean concurrency
// (MeasuredConcurrency: trtllm-bench), that value rounded. A
// rate-driven level must give what its effective concurrency needs.
func fillLoads(path string, levels []Level, h hints) error {
	for i := range levels {
		if levels[i].Concurrency > 0 {
			continue
		}
		named := ConcurrencyFromName(path)
		if levels[i].Rate == 0 && len(levels) == 1 && named == 0 && levels[i].MeasuredConcurrency == 0 {
			// A one-run file (a GenAI-Perf or AIPerf table) named for
			// its request rate, or lying in a folder so named.
			levels[i].Rate = RateFromName(path)
			if levels[i].Rate == 0 && h.concurrency == 0 {
				levels[i].Rate = h.rate
			}
		}
		if levels[i].Rate > 0 {
			// A request-rate run: its load is the rate; analysis also
			// needs the requests in flight it produced.
			if err := rateLoad(levels[i]); err != nil {
				return err
			}
			continue
		}
		c := named
		if c == 0 {
			c = h.concurrency
		}
		if m := levels[i].MeasuredConcurrency; c > 0 {
			levels[i].MeasuredConcurrency = 0 // stated: the measured mean is not the load
		} else if m >= minMeasuredLoad {
			c = int(math.Round(m))
		}
		if c == 0 {
			return &Error{Pos: levels[i].Pos, Err: ErrNoConcurrency}
		}
		levels[i].Concurrency = c
	}
	return nil
}

// minMeasuredLoad is the least measured mean concurrency a run is
// placed at (rounded, 1): below it the run held no request in flight
// for most of its time, and its load is unknown.
const minMeasuredLoad = 0.5

// rateLoad checks that the request-rate level l gives its effective
// concurrency (throughput × mean latency), and says what it lacks when
// not.
func rateLoad(l Level) error {
	if eff := l.EffectiveConcurrency(); eff > 0 && !math.IsInf(eff, 0) {
		return nil
	}
	var missing []string
	if !(l.SystemRPS > 0) || math.IsInf(l.SystemRPS, 0) {
		missing = append(missing, "request throughput")
	}
	if !(l.Latency.Mean > 0) || math.IsInf(l.Latency.Mean, 0) {
		missing = append(missing, "mean request latency")
	}
	err := errorf(l.Pos, "", "the run at request rate %s req/s gives no %s, so its effective concurrency (throughput × mean latency) is unknown",
		strconv.FormatFloat(l.Rate, 'g', -1, 64), strings.Join(missing, " and no "))
	if slices.Contains(missing, "mean request latency") {
		err.Err = latencyError{err.Err}
	}
	return err
}

// levelToken finds a concurrency in a file name: c8, conc8, concurrency8.
var levelToken = regexp.MustCompile(`(?i)(?:^|[^a-z0-9])(?:c|conc|concurrency)[-_=]?(\d+)(?:[^a-z0-9]|$)`)

// ConcurrencyFromName reads a c8 / conc8 / concurrency8 token from a
// file or folder name; 0 when there is none.
func ConcurrencyFromName(name string) int {
	return concurrencyIn(strings.TrimSuffix(filepath.Base(name), filepath.Ext(name)))
}

// concurrencyIn reads a concurrency token from s, a name without
// extension.
func concurrencyIn(s string) int {
	m := levelToken.FindStringSubmatch(s)
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
	return rateIn(strings.TrimSuffix(filepath.Base(name), filepath.Ext(name)))
}

// rateIn reads a request rate token from s, a name without extension
// (a folder's whole name: request_rate0.5).
func rateIn(s string) float64 {
	m := rateToken.FindStringSubmatch(s)
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
