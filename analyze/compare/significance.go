package compare

import (
	"math"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/internal/floatsort"
)

// Which test a delta at a level gets (doc.go states the rules):
//
//  1. A level measured in several runs on either side is judged by its
//     run-to-run spread: the runs test, when both sides have at least
//     MinRuns runs with a spread of that statistic; otherwise no test.
//     Run-to-run noise (a warmer cache, another node) is what a second
//     campaign differs by, and a test on the pooled requests of several
//     runs would not see it.
//  2. Otherwise a mean of TTFT, ITL, TPS or latency gets Welch's t-test
//     when both sides give its standard deviation and count (a tool's
//     summary, or the requests: analyze's Level.StdDev), and a
//     percentile the two-sample quantile test when both sides have the
//     requests of that metric (Level.Samples). Each tests its own
//     statistic and no other.
//  3. Otherwise no test: a percentile from a summary, a throughput (one
//     number per level). Such a change counts only when the sign test
//     across levels confirms it (trend.go).

// sampled are the metrics whose per-request samples a level keeps.
var sampled = map[analyze.MetricID]func(*analyze.Level) []float32{
	analyze.TTFT:    func(l *analyze.Level) []float32 { return l.Samples.TTFT },
	analyze.TPS:     func(l *analyze.Level) []float32 { return l.Samples.TPS },
	analyze.ITL:     func(l *analyze.Level) []float32 { return l.Samples.ITL },
	analyze.Latency: func(l *analyze.Level) []float32 { return l.Samples.Latency },
}

// quantiles are the quantiles of the percentiles.
var quantiles = map[analyze.Statistic]float64{analyze.P10: 0.10, analyze.P50: 0.50, analyze.P90: 0.90, analyze.P99: 0.99}

// samplesOf are metric m's per-request values at a level that are
// numbers, sorted (floatsort's order; the ITL and latency samples
// already are, a level's TTFT and TPS keep the requests' order and are
// sorted here); nil when the level keeps none.
func samplesOf(m analyze.MetricID, l *analyze.Level) []float32 {
	get, ok := sampled[m]
	if !ok || l.Samples == nil {
		return nil
	}
	v := get(l)
	if !floatsort.IsSorted(v) {
		v = floatsort.Sorted(v)
	}
	return floatsort.Finite(v)
}

// levelSamples are a level pair's sorted samples of each metric, both
// sides, taken once (samplesOf) for the quantile tests of all its
// percentiles.
type levelSamples map[analyze.MetricID][2][]float32

// of are metric m's samples of p, old and new.
func (s levelSamples) of(m analyze.MetricID, p levelPair) (x, y []float32) {
	if v, ok := s[m]; ok {
		return v[0], v[1]
	}
	x, y = samplesOf(m, &p.old), samplesOf(m, &p.new)
	s[m] = [2][]float32{x, y}
	return x, y
}

// test chooses and runs the test of a delta of metric m's statistic st
// at a level pair. Significant is set only when the test rejects "no
// difference" at Alpha and the difference it sees goes the way the
// statistic moved.
func (k *comparer) test(d *Delta, m analyze.MetricID, st analyze.Statistic, p levelPair, samples levelSamples) {
	d.Test, d.PValue, d.Significant = TestNone, math.NaN(), false
	moved := sign(d.New - d.Old)
	switch {
	case p.old.Runs > 1 || p.new.Runs > 1:
		k.runsTest(d, analyze.SpreadKey(m, st), p, moved)
		return
	case st == analyze.Mean:
		so, okO := p.old.StdDev[m]
		sn, okN := p.new.StdDev[m]
		if r, ok := welch(d.Old, so.SD, so.N, d.New, sn.SD, sn.N); okO && okN && ok {
			d.Test, d.PValue, d.NOld, d.NNew = TestWelch, r.P, so.N, sn.N
			d.Significant = below(r.P) && moved != 0
			return
		}
	case quantiles[st] > 0:
		x, y := samples.of(m, p)
		if len(x) > 0 && len(y) > 0 {
			r := quantileTest(x, y, quantiles[st])
			d.Test, d.PValue, d.NOld, d.NNew = TestQuantile, r.P, len(x), len(y)
			d.Significant = below(r.P) && r.Shift == moved && moved != 0
			return
		}
	}
	switch {
	case (p.old.Samples == nil) != (p.new.Samples == nil):
		d.Reason = "samples_one_side"
	case p.old.Samples != nil:
		d.Reason = "no_samples_for_metric"
	}
}

// runsTest judges a delta at a level measured in several runs: when
// both sides have at least MinRuns runs, the difference is significant
// when the 95 % intervals of the two means (Student's t, analyze's
// Interval) do not overlap, a conservative test at Alpha (two
// non-overlapping 95 % intervals put the means further apart than a
// two-sample test at 5 % needs).
func (k *comparer) runsTest(d *Delta, key string, p levelPair, moved int) {
	io, okO := p.old.Spread[key]
	in, okN := p.new.Spread[key]
	switch {
	case p.old.Runs <= 1 || p.new.Runs <= 1:
		d.Reason = "runs_one_side"
	case !okO || !okN:
		d.Reason = "no_spread_for_stat"
	case io.N < MinRuns || in.N < MinRuns:
		d.Reason, d.NOld, d.NNew = "too_few_runs", io.N, in.N
	default:
		d.Test, d.NOld, d.NNew = TestRuns, io.N, in.N
		d.Significant = !io.Overlaps(in) && moved != 0
	}
}

// sign is −1, 0 or +1.
func sign(x float64) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// below reports whether a p-value is significant: below Alpha (a
// p-value of exactly Alpha is not).
func below(p float64) bool { return p < Alpha }
