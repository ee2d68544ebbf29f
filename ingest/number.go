package ingest

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// quantity is what a number read from a result measures. It decides, in
// checkNumber, which values every reader accepts for it.
type quantity struct {
	what  string  // for messages: "time", "request count"
	unit  string  // "ms", "tok/s"; may be empty
	max   float64 // the largest value accepted
	whole bool    // a count or a concurrency: no fraction
	min1  bool    // at least 1 (a per-request row's concurrency)
	inf   bool    // +Inf accepted: a request rate without a bound ("inf")
	day   bool    // a time whose cap is a day, said so in messages
	// floor is the smallest value accepted above 0 (0 itself is accepted:
	// a statistic a tool writes as 0 is unknown); 0 for no floor.
	floor float64
}

// The caps behind Limits and the quantities. They are sanity bounds, far
// above any real run (the SGLang offline fixture has a 91 s median TTFT
// and 225 s mean latency), so that a broken or hostile file cannot put
// 1e308 or a negative time into a report.
const (
	maxSeconds     = 86_400        // any time: one day
	maxTokenRate   = 1_000_000     // per-user TPS, tok/s
	maxOutputRate  = 1_000_000_000 // system output throughput, tok/s
	maxRequestRate = 1_000_000     // request throughput and offered rate, req/s
	maxConcurrency = 1 << 20       // requests in flight
	maxCount       = 1_000_000_000 // requests completed or failed in one run
	maxTokens      = 10_000_000    // output tokens of one request
)

// MinTime is the floor of every time statistic of a level (TTFT, ITL,
// latency), in seconds: a statistic is 0 (which the analysis treats as
// unknown) or at least a microsecond. A request is timed by a client
// across a network stack, and a first token, a token gap or a whole
// request takes longer than that on any real server (the shortest
// statistic among the fixtures and samples is a 4.3 ms ITL); a tool
// rounding sub-microsecond values never writes them (two decimals of
// ms stop at 10 µs). Below it lie only broken values (1e-12 s), which
// would turn into absurd throughputs and user counts.
const MinTime = 1e-6

var (
	timeMS       = quantity{what: "time", unit: "ms", max: maxSeconds * 1000, day: true}
	timeS        = quantity{what: "time", unit: "s", max: maxSeconds, day: true}
	timeNS       = quantity{what: "time", unit: "ns", max: maxSeconds * 1e9, day: true}
	tokenRate    = quantity{what: "per-user token rate", unit: "tok/s", max: maxTokenRate}
	outputRate   = quantity{what: "output throughput", unit: "tok/s", max: maxOutputRate}
	requestRate  = quantity{what: "request throughput", unit: "req/s", max: maxRequestRate}
	requestsMin  = quantity{what: "request throughput", unit: "req/min", max: maxRequestRate * 60}
	userRPS      = quantity{what: "per-user request rate", unit: "req/s", max: maxRequestRate}
	offeredRate  = quantity{what: "request rate", unit: "req/s", max: maxRequestRate, inf: true}
	concurrencyQ = quantity{what: "concurrency", max: maxConcurrency, whole: true}
	rowLevel     = quantity{what: "concurrency", max: maxConcurrency, whole: true, min1: true}
	countQ       = quantity{what: "request count", max: maxCount, whole: true}
	tokensQ      = quantity{what: "token count", unit: "tokens", max: maxTokens}
	tokenCount   = quantity{what: "token count", unit: "tokens", max: maxTokens, whole: true} // one request's
	tokenTotal   = quantity{what: "token count", unit: "tokens", max: float64(maxCount) * maxTokens}
	runDuration  = quantity{what: "duration", unit: "s", max: 1e7}
	runNumber    = quantity{what: "run number", max: maxCount, whole: true}
)

// checkNumber is the one judgement of a number read from a result, shared
// by every reader: NaN, negative values, fractions of a whole quantity
// and values past the quantity's cap are refused, and so is +Inf, except
// for a request rate, which may be unbounded. text is the value as
// written in the file (a CSV cell or a JSON string quoted), for the
// message.
func checkNumber(v float64, text string, q quantity) error {
	switch q.judge(v) {
	case notANumber:
		return fmt.Errorf("%s is not a number; expected %s", text, q.lowest())
	case belowLowest, notWhole:
		return fmt.Errorf("%s is not a valid %s; expected %s", text, q.what, q.lowest())
	case pastCap:
		return fmt.Errorf("%s is not a valid %s; expected at most %s", text, q.what, q.limit())
	case underFloor:
		return fmt.Errorf("%s is not a valid %s; expected 0 (unknown) or at least %s", text, q.what, q.least())
	}
	return nil
}

// refusal is why checkNumber refuses a number: none (accepted), or the
// rule it breaks.
type refusal uint8

const (
	accepted    refusal = iota
	notANumber          // NaN
	belowLowest         // negative, or under 1 where a row's concurrency is
	pastCap             // over the quantity's cap (+Inf unless unbounded)
	underFloor          // between 0 and the quantity's floor
	notWhole            // a fraction of a count or a concurrency
)

// judge is checkNumber's judgement of v, without its message.
func (q *quantity) judge(v float64) refusal {
	switch {
	case math.IsNaN(v):
		return notANumber
	case v < 0 || q.min1 && v < 1:
		return belowLowest
	case math.IsInf(v, 1) && q.inf:
		return accepted
	case v > q.max:
		return pastCap
	case v > 0 && v < q.floor:
		return underFloor
	case q.whole && v != math.Trunc(v):
		return notWhole
	}
	return accepted
}

// accepts reports whether checkNumber accepts v, without building a
// message: for hot loops, which build the value's text only to refuse it.
func (q *quantity) accepts(v float64) bool { return q.judge(v) == accepted }

// lowest says the quantity's lower bound: "a number ≥ 0".
func (q quantity) lowest() string {
	kind, low := "a number", "0"
	if q.whole {
		kind = "a whole number"
	}
	if q.min1 {
		low = "1"
	}
	return kind + " ≥ " + low
}

// limit says the quantity's cap: "86400000 ms (24 h)".
func (q quantity) limit() string {
	s := strconv.FormatFloat(q.max, 'f', -1, 64)
	if q.unit != "" {
		s += " " + q.unit
	}
	if q.day {
		s += " (24 h)"
	}
	return s
}

// least says the quantity's floor: "0.001 ms (1 µs)".
func (q quantity) least() string {
	s := strconv.FormatFloat(q.floor, 'f', -1, 64)
	if q.unit != "" {
		s += " " + q.unit
	}
	if q.day {
		s += " (1 µs)"
	}
	return s
}

// parseNumber reads a decimal number as a CSV cell writes it. It judges
// syntax only: "NaN" and "Inf" parse, for checkNumber to refuse; hex
// floats and digit separators do not; a value past float64's range
// parses as ±Inf.
func parseNumber(s string) (float64, error) {
	if f, ok := shortDecimal(s); ok {
		return f, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && errors.Is(err, strconv.ErrRange) {
		err = nil
	}
	if err != nil || s == "" || notDecimal(s) {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	return f, nil
}

// shortDecimal reads the common form of a number in a result file,
// digits with at most one point and at most 15 digits in all ("42",
// "1.2480"), as ParseFloat would, without its generality: the digits
// are an integer m < 10¹⁵ < 2⁵³ and the fraction's f digits a power
// 10^f ≤ 10¹⁵, both exact in a float64, so m / 10^f is rounded once,
// to the nearest float64, which is ParseFloat's result (Clinger's fast
// path). ok is false for any other form (a sign, an exponent, ".5",
// "5.", more digits), which ParseFloat reads.
func shortDecimal(s string) (float64, bool) {
	if len(s) == 0 || len(s) > 16 {
		return 0, false
	}
	var m uint64
	digits, frac, point := 0, 0, -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			m = m*10 + uint64(c-'0')
			digits++
			if point >= 0 {
				frac++
			}
		case c == '.' && point < 0 && i > 0 && i < len(s)-1:
			point = i
		default:
			return 0, false
		}
	}
	if digits > 15 {
		return 0, false
	}
	return float64(m) / pow10[frac], true
}

// pow10 are the powers of ten shortDecimal divides by, each exact.
var pow10 = [16]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15}

// notDecimal reports whether s uses a syntax ParseFloat accepts but a
// result file should not hold: hex floats (0x1p-2) and digit separators.
func notDecimal(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case 'x', 'X', 'p', 'P', '_':
			return true
		}
	}
	return false
}

// Limit is the range reportgen accepts for one value of a level, from 0
// (or Floor) to Max in Unit, whatever the format it was read from (a
// statistic the source did not give is absent, not 0). docs/safety.md
// lists Limits.
type Limit struct {
	// Value names the Level field; "TTFT" covers each of its statistics.
	Value string
	Unit  string
	Max   float64
	// Floor, when above 0, is the smallest value accepted besides 0: a
	// time is 0 (unknown) or at least MinTime.
	Floor float64
	// Whole: a count; Unbounded: +Inf is accepted too (a request rate
	// "as fast as possible").
	Whole, Unbounded bool
}

// Limits are the caps of every value a level may carry. The range check
// after every reader applies them to every config of every format; a
// time is at most a day.
var Limits = []Limit{
	{Value: "TTFT", Unit: "ms", Max: maxSeconds * 1000, Floor: MinTime * 1000},
	{Value: "ITL", Unit: "ms", Max: maxSeconds * 1000, Floor: MinTime * 1000},
	{Value: "Latency", Unit: "s", Max: maxSeconds, Floor: MinTime},
	{Value: "TPS", Unit: "tok/s", Max: maxTokenRate},
	{Value: "RPS", Unit: "req/s", Max: maxRequestRate},
	{Value: "SystemRPS", Unit: "req/s", Max: maxRequestRate},
	{Value: "OutputTPS", Unit: "tok/s", Max: maxOutputRate},
	{Value: "Rate", Unit: "req/s", Max: maxRequestRate, Unbounded: true},
	{Value: "Concurrency", Unit: "requests", Max: maxConcurrency, Whole: true},
	{Value: "Requests", Unit: "requests", Max: maxCount, Whole: true},
	{Value: "Errors", Unit: "requests", Max: maxCount, Whole: true},
	{Value: "OutputTokens", Unit: "tokens", Max: maxTokens},
}

// limitOf is the quantity that checks the level value named value.
func limitOf(value string) quantity {
	for _, l := range Limits {
		if l.Value == value {
			return l.quantity()
		}
	}
	panic("ingest: no limit for " + value)
}

// checkLevel applies Limits to a level: the range part of checkConfig,
// so that nothing absurd reaches the analysis, whatever the format and
// whether a value was read or computed (a throughput from a count and a
// tiny duration, a TPS from a TPOT).
func checkLevel(l Level) error {
	type value struct {
		name string
		v    float64
	}
	stats := func(name string, s Stat) []value {
		return []value{{name + " mean", s.Mean}, {name + " P10", s.P10}, {name + " P50", s.P50}, {name + " P90", s.P90}, {name + " P99", s.P99}}
	}
	groups := []struct {
		limit  string
		values []value
	}{
		{"TTFT", stats("TTFT", l.TTFT)},
		{"ITL", stats("ITL", l.ITL)},
		{"Latency", stats("latency", l.Latency)},
		{"TPS", stats("TPS", l.TPS)},
		{"RPS", []value{{"RPS", l.RPS}}},
		{"SystemRPS", []value{{"request throughput", l.SystemRPS}}},
		{"OutputTPS", []value{{"output throughput", l.OutputTPS}}},
		{"OutputTokens", []value{{"mean output tokens", l.OutputTokens}}},
		{"Rate", []value{{"request rate", l.Rate}}},
		{"Concurrency", []value{{"concurrency", float64(l.Concurrency)}}},
		{"Requests", []value{{"request count", float64(l.Requests)}}},
		{"Errors", []value{{"error count", float64(l.Errors)}}},
	}
	for _, g := range groups {
		q := limitOf(g.limit)
		for _, v := range g.values {
			if math.IsNaN(v.v) && g.limit != "Rate" && g.limit != "Concurrency" {
				continue // absent
			}
			if v.v == -1 && (g.limit == "Requests" || g.limit == "Errors") {
				continue // unknown
			}
			q.what = v.name
			text := strconv.FormatFloat(v.v, 'g', -1, 64)
			if q.unit != "" && !math.IsNaN(v.v) {
				text += " " + q.unit
			}
			if err := checkNumber(v.v, text, q); err != nil {
				return errorf(l.Pos, "", "%s: %v", loadName(l), err)
			}
		}
	}
	return nil
}

// loadName names a level by its load: "concurrency 8", "request rate 4
// req/s".
func loadName(l Level) string {
	if l.Concurrency == 0 && l.Rate != 0 {
		return "request rate " + strconv.FormatFloat(l.Rate, 'g', -1, 64) + " req/s"
	}
	if l.InputLength > 0 {
		return "input length " + strconv.Itoa(l.InputLength)
	}
	return "concurrency " + strconv.Itoa(l.Concurrency)
}
