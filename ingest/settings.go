package ingest

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Range is the set of values a setting may take: a think time, an SLO
// threshold, a token count. The same ranges check the manifest and the
// command line, so that a value is refused the same way wherever it is
// given.
type Range struct {
	Min, Max float64
	// MinOpen excludes Min itself (a TTFT threshold of 0 ms would fail
	// every request).
	MinOpen bool
	// Whole requires a whole number (a count).
	Whole bool
	// Unit is printed after the bounds ("s", "ms", "tok/s"); may be empty.
	Unit string
}

// The ranges of the settings. docs/safety.md lists them.
var (
	// ThinkRange: 0 is a closed loop (each user sends its next request
	// as soon as the last one returns), so users = requests in flight.
	ThinkRange = Range{Min: 0, Max: 3600, Unit: "s"}
	// TTFTRange: the TTFT SLO threshold.
	TTFTRange = Range{Min: 0, MinOpen: true, Max: 600_000, Unit: "ms"}
	// TPSRange: the per-user TPS SLO threshold; 0 sets no TPS requirement.
	TPSRange = Range{Min: 0, Max: 100_000, Unit: "tok/s"}
	// TokenRange: input and output tokens per request.
	TokenRange = Range{Min: 1, Max: 10_000_000, Whole: true}
	// RoundsRange: requests per level are rounds × concurrency.
	RoundsRange = Range{Min: 1, Max: 1_000_000, Whole: true}
	// WarmupRange: warm-up requests before measuring; 0 is none.
	WarmupRange = Range{Min: 0, Max: 1_000_000, Whole: true}
	// TieRange: the difference, in percent, within which two values are
	// on par (a tie), not a win.
	TieRange = Range{Min: 0, Max: 50, Unit: "%"}
	// ConcurrencyRange: a configuration's stated concurrency.
	ConcurrencyRange = Range{Min: 1, Max: 1_000_000, Whole: true}
	// GPURange: the GPUs a configuration ran on (a system's, or its
	// own).
	GPURange = Range{Min: 1, Max: 1_000_000, Whole: true}
	// PriceRange: the price of one GPU for one hour; a price of 0 would
	// make every cost 0.
	PriceRange = Range{Min: 0, MinOpen: true, Max: 1_000_000, Unit: "per GPU-hour"}
	// InteractivityRange: the target per-user output rate, tok/s, at
	// which throughput per GPU is read off each configuration's curve;
	// 0 tok/s per user is no target.
	InteractivityRange = Range{Min: 0, MinOpen: true, Max: 100_000, Unit: "tok/s"}
)

// Check reports why v is not in the range, or nil.
func (r Range) Check(v float64) error {
	switch {
	case math.IsNaN(v):
		return fmt.Errorf("NaN is not a number; expected %s", r)
	case math.IsInf(v, 0):
		return fmt.Errorf("%s is not a finite number; expected %s", rangeNum(v), r)
	case v < r.Min || r.MinOpen && v == r.Min || v > r.Max:
		return fmt.Errorf("%s is out of range; expected %s", rangeNum(v), r)
	case r.Whole && v != math.Trunc(v):
		return fmt.Errorf("%s is not a whole number; expected %s", rangeNum(v), r)
	}
	return nil
}

// String writes the range as "a value from 0 to 3600 s", "a value above
// 0 and up to 600000 ms" or "a whole number from 1 to 10000000".
func (r Range) String() string {
	what := "a value"
	if r.Whole {
		what = "a whole number"
	}
	bound := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	s := fmt.Sprintf("%s from %s to %s", what, bound(r.Min), bound(r.Max))
	if r.MinOpen {
		s = fmt.Sprintf("%s above %s and up to %s", what, bound(r.Min), bound(r.Max))
	}
	if r.Unit != "" {
		s += " " + r.Unit
	}
	return s
}

// rangeNum writes a value as a person would: 1000001, not 1.000001e+06;
// only the huge and the tiny in exponent form.
func rangeNum(v float64) string {
	if a := math.Abs(v); a != 0 && (a >= 1e15 || a < 1e-6) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// ParseSetting reads a setting's value as a decimal number ("45",
// "0.5", "1e3"), refusing what strconv would also take but a person does
// not mean: digit separators, hexadecimal, and words other than nan and
// inf (which Range.Check then refuses by name).
func ParseSetting(s string) (float64, error) {
	s = strings.TrimSpace(s)
	if !decimal.MatchString(s) && !special.MatchString(s) {
		return 0, fmt.Errorf("%q is not a decimal number", s)
	}
	return strconv.ParseFloat(s, 64)
}

var (
	decimal = regexp.MustCompile(`^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$`)
	special = regexp.MustCompile(`(?i)^[+-]?(nan|inf|infinity)$`)
)
