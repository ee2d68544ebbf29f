package ingest

import (
	"cmp"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// sortLevels orders levels by load: runs driven by request rate
// (concurrency 0) first, by rate, then concurrency runs by concurrency;
// the sort is stable. A load given twice is refused.
//
// With rows, the levels are the rows of one table (the llm-benchmark
// export), whose order is the file's: rows out of order are warned
// about, and a repeated row is named by its line. Otherwise they are
// runs (files, or the runs of one file).
func sortLevels(file string, levels []Level, rows bool) ([]*Warning, error) {
	byLoad := func(a, b Level) int {
		return cmp.Or(cmp.Compare(a.Concurrency, b.Concurrency), cmp.Compare(a.Rate, b.Rate))
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
		}
		return warnings, errorf(b.Pos, "", "two runs at concurrency %d (also %s); expected one run per load level", b.Concurrency, a.Pos)
	}
	return warnings, nil
}

// fillLoads gives each level of a result file that states neither its
// concurrency nor a request rate its load: a one-run file's rate from
// its name (rate4, 4qps), else a concurrency from its name (c8, conc8,
// concurrency8), else from the manifest (fallback). A rate-driven level
// must give what its effective concurrency needs.
func fillLoads(path string, levels []Level, fallback int) error {
	for i := range levels {
		if levels[i].Concurrency > 0 {
			continue
		}
		if levels[i].Rate == 0 && len(levels) == 1 && ConcurrencyFromName(path) == 0 {
			// A one-run file (a GenAI-Perf or AIPerf table) named for
			// its request rate.
			levels[i].Rate = RateFromName(path)
		}
		if levels[i].Rate > 0 {
			// A request-rate run: its load is the rate; analysis also
			// needs the requests in flight it produced.
			if eff := levels[i].EffectiveConcurrency(); !(eff > 0) || math.IsInf(eff, 0) {
				return errorf(levels[i].Pos, "", "the run at request rate %g req/s gives no request throughput and mean latency, so its effective concurrency is unknown", levels[i].Rate)
			}
			continue
		}
		c := ConcurrencyFromName(path)
		if c == 0 {
			c = fallback
		}
		if c == 0 {
			return &Error{Pos: levels[i].Pos, Err: ErrNoConcurrency}
		}
		levels[i].Concurrency = c
	}
	return nil
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
