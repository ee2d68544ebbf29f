package ingest

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// checkConfig is the one check of a configuration's model, between its
// reader and the analysis: every configuration of every format passes
// through it (readSource), whatever the reader computed on the way.
// path names the configuration's file or folder. The rules, for each
// level and each of its repeated runs, each refused with the file and
// line of the level (or run) and the rule in words:
//
//   - a configuration has at least one level;
//   - every value is within Limits: a time is 0 (unknown) or between
//     MinTime and a day (checkLevel);
//   - a latency is at least its TTFT, statistic by statistic, within
//     latencyTolerance (latencyAfterTTFT);
//   - a metric's percentiles rise with their rank, P10 ≤ P50 ≤ P90 ≤
//     P99, within orderTolerance (percentilesInOrder);
//   - where the ITL is the TPOT, the per-user TPS agrees with it, as
//     the source defines TPS (ratesAgree).
//
// The users a capacity derives from the latency are checked where the
// think time is known: analyze's MaxUsers.
func checkConfig(path string, cfg Config) error {
	if len(cfg.Levels) == 0 {
		return errorf(Pos{File: path}, "", "holds no load level; expected at least one run at a concurrency or a request rate")
	}
	for _, l := range cfg.Levels {
		// A level measured several times is the mean of its runs: each
		// run is held to the rules too (a broken run can hide in a mean).
		for _, run := range append([]Level{l}, l.Repeats...) {
			if err := checkLevel(run); err != nil {
				return err
			}
			if err := latencyAfterTTFT(run); err != nil {
				return err
			}
			if err := percentilesInOrder(run); err != nil {
				return err
			}
			if err := ratesAgree(run, cfg.Definitions); err != nil {
				return err
			}
		}
	}
	return nil
}

// latencyTolerance is how far, in ms, a latency statistic may fall
// short of the TTFT statistic of the same name: half the last digit of
// a latency written in seconds with two decimals (the llm-benchmark
// export's "1.27"), the coarsest rounding of the formats read.
const latencyTolerance = 5.0

// latencyAfterTTFT refuses a level whose latency statistic is shorter
// than its TTFT statistic of the same name. Each request ends after its
// first token, so its latency is at least its TTFT, and so is every
// statistic of the latencies against the same statistic of the TTFTs
// of the same requests: the mean, and each percentile (the k-th
// smallest latency is at least the k-th smallest TTFT, and
// interpolating between order statistics keeps the order). An unknown
// (absent or 0) statistic is not compared.
func latencyAfterTTFT(l Level) error {
	for _, s := range statPairs(l.Latency, l.TTFT, false) {
		if !(s.a > 0 && s.b > 0) || s.a*1000 >= s.b-latencyTolerance {
			continue
		}
		return errorf(l.Pos, "", "%s: latency %s %s s is shorter than TTFT %s %s ms; expected a latency ≥ its TTFT (a request ends after its first token), within %g ms for rounding",
			loadName(l), s.name, num(s.a), s.name, num(s.b), latencyTolerance)
	}
	return nil
}

// orderTolerance is how far, as a fraction, a percentile may fall below
// a lower-ranked one of the same metric: the rounding of values written
// with two significant decimals (0.5 %), nothing a real distribution
// gives.
const orderTolerance = 0.005

// percentilesInOrder refuses a level one of whose metrics has a
// percentile below a lower-ranked one (a P99 TTFT of 1 ms beside a
// median of 56 ms): no set of requests has it, and the SLO check reads
// the tail. Unknown (absent or 0) percentiles are skipped.
func percentilesInOrder(l Level) error {
	for _, m := range []struct {
		name, unit string
		s          Stat
	}{{"TTFT", "ms", l.TTFT}, {"ITL", "ms", l.ITL}, {"TPS", "tok/s", l.TPS}, {"latency", "s", l.Latency}} {
		ps := []struct {
			name string
			v    float64
		}{{"P10", m.s.P10}, {"P50", m.s.P50}, {"P90", m.s.P90}, {"P99", m.s.P99}}
		lo := -1
		for i, p := range ps {
			if !(p.v > 0) || math.IsInf(p.v, 0) {
				continue
			}
			if lo >= 0 && p.v < ps[lo].v*(1-orderTolerance) {
				return errorf(l.Pos, "", "%s: %s %s %s %s is below its %s %s %s; expected percentiles that rise with their rank",
					loadName(l), m.name, p.name, num(p.v), m.unit, ps[lo].name, num(ps[lo].v), m.unit)
			}
			if lo < 0 || p.v > ps[lo].v {
				lo = i
			}
		}
	}
	return nil
}

// The bounds of TPS × TPOT / 1000, the per-user rate times the time per
// token, which ratesAgree checks where a level gives both.
//
// Where TPS is 1000 / TPOT per request ("decode"), the product is at
// least 1 for every statistic: exactly 1 for a percentile paired with
// the opposite one (the transform reverses the order), at least 1 for
// the means (the mean of 1/x is at least 1 / the mean of x) and for
// percentiles interpolated between two requests (Cauchy–Schwarz).
// minDecodeProduct leaves 5% for rounding: a TPOT of 0.1 ms written
// with two decimals.
//
// Where TPS is output tokens / request time ("request"), TTFT included,
// a request's TPS is at most 1000 / TPOT × n / (n − 1), at most twice
// the decode rate for n ≥ 2 tokens, and a long TTFT lowers it without
// bound; the mean of the rates over the mean of the times grows further
// with the spread of the TPOTs (by the Kantorovich factor). For both
// definitions maxRateProduct bounds the product at 4: a TPOT spread
// within a level of 5.8× at n = 2, 14× for long outputs. The largest
// product among the fixtures and samples is 1.36 (a speculative
// configuration's means); a TPS in tokens per minute (60×), a TPOT in
// seconds taken for ms, or a system throughput given as per-user TPS
// lies far outside.
const (
	minDecodeProduct = 0.95
	maxRateProduct   = 4.0
)

// ratesAgree refuses a level whose per-user TPS and ITL cannot both be
// right, where the ITL is the TPOT (Definitions.ITL "tpot"; a chunk gap
// differs from the TPOT by the tokens each chunk carries, up to a
// speculative method's draft length, and is not compared): TPS × TPOT
// / 1000 must lie within the bounds above, for the means and for each
// TPS percentile against the opposite TPOT percentile (TPS P10, the
// slow tail, with TPOT P90). An unknown statistic is not compared.
func ratesAgree(l Level, defs Definitions) error {
	if defs.ITL != "tpot" {
		return nil
	}
	decode := defs.TPS == "decode"
	for _, s := range statPairs(l.TPS, l.ITL, true) {
		if !(s.a > 0 && s.b > 0) {
			continue
		}
		p := s.a * s.b / 1000
		if p <= maxRateProduct && (!decode || p >= minDecodeProduct) {
			continue
		}
		bound := fmt.Sprintf("at most %g, as its TPS is output tokens / request time", maxRateProduct)
		if decode {
			bound = fmt.Sprintf("between %g and %g, as its TPS is 1000 / TPOT per request", minDecodeProduct, maxRateProduct)
		}
		return errorf(l.Pos, "", "%s: per-user TPS %s %s tok/s and ITL %s %s ms (the TPOT) disagree: TPS × TPOT / 1000 is %s; expected %s",
			loadName(l), s.name, num(s.a), s.other, num(s.b), strconv.FormatFloat(p, 'g', 3, 64), bound)
	}
	return nil
}

// statPair is one statistic of a and the statistic of b it is checked
// against.
type statPair struct {
	name, other string
	a, b        float64
}

// statPairs pairs the statistics of a and b: each with the same one, or
// (opposite) each percentile of a with the opposite percentile of b (a
// rate's P10 with a time's P90); the mean always with the mean.
func statPairs(a, b Stat, opposite bool) []statPair {
	if opposite {
		return []statPair{{"mean", "mean", a.Mean, b.Mean}, {"P10", "P90", a.P10, b.P90}, {"P50", "P50", a.P50, b.P50}, {"P90", "P10", a.P90, b.P10}}
	}
	return []statPair{{"mean", "mean", a.Mean, b.Mean}, {"P10", "P10", a.P10, b.P10}, {"P50", "P50", a.P50, b.P50}, {"P90", "P90", a.P90, b.P90}, {"P99", "P99", a.P99, b.P99}}
}

// num writes a value for a message, as short as it reads.
func num(v float64) string {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// CheckRules holds a level of a configuration whose source defines its
// metrics as defs to the rules between its values: a latency at least
// its TTFT, percentiles in order, a TPS that agrees with the TPOT
// (latencyAfterTTFT, percentilesInOrder, ratesAgree). compare applies
// them to the analysis.json it reads, as build applies them to its
// input (checkConfig). The error is the rule in words, without a
// position: the caller says where.
func CheckRules(l Level, defs Definitions) error {
	for _, err := range []error{latencyAfterTTFT(l), percentilesInOrder(l), ratesAgree(l, defs)} {
		var e *Error
		switch {
		case err == nil:
			continue
		case errors.As(err, &e):
			return e.Err
		default:
			return err
		}
	}
	return nil
}
