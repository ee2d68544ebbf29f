package compare

import (
	"math"

	"github.com/openzeka/reportgen/analyze"
)

// Which test a delta gets (doc.go states the rules):
//
//  1. A level measured in several runs on either side is judged by its
//     run-to-run spread: the runs test, when both sides have at least
//     MinRuns runs with a spread of that statistic; otherwise no test.
//     Run-to-run noise (a warmer cache, another node) is what a second
//     campaign differs by, and a test on the pooled requests of several
//     runs would not see it.
//  2. Otherwise, with per-request samples on both sides, TTFT, ITL, TPS
//     and latency get the Mann–Whitney U test on the requests (the
//     system throughputs are one number per level: no test).
//  3. Otherwise no test: one summary row per side says nothing about
//     noise.

// sampled are the metrics whose per-request samples a level keeps.
var sampled = map[analyze.MetricID]func(*analyze.Level) []float32{
	analyze.TTFT:    func(l *analyze.Level) []float32 { return l.Samples.TTFT },
	analyze.TPS:     func(l *analyze.Level) []float32 { return l.Samples.TPS },
	analyze.ITL:     func(l *analyze.Level) []float32 { return l.Samples.ITL },
	analyze.Latency: func(l *analyze.Level) []float32 { return l.Samples.Latency },
}

// mwTest is a Mann–Whitney test of one metric at one level, with its
// sample sizes.
type mwTest struct {
	res        mwResult
	nOld, nNew int
}

// mannWhitney tests metric m's per-request samples at a level pair; nil
// when either side has none (or the metric keeps none), or the level
// was measured in several runs (rule 1).
func (k *comparer) mannWhitney(m analyze.MetricID, p levelPair) *mwTest {
	get, ok := sampled[m]
	if !ok || p.old.Runs > 1 || p.new.Runs > 1 || p.old.Samples == nil || p.new.Samples == nil {
		return nil
	}
	x, y := finite(get(&p.old)), finite(get(&p.new))
	if len(x) == 0 || len(y) == 0 {
		return nil
	}
	return &mwTest{res: mannWhitney(x, y), nOld: len(x), nNew: len(y)}
}

// finite converts samples to float64, leaving out any that is not a
// number.
func finite(xs []float32) []float64 {
	out := make([]float64, 0, len(xs))
	for _, v := range xs {
		if f := float64(v); analyze.Known(f) {
			out = append(out, f)
		}
	}
	return out
}

// test chooses and runs the test of a delta at a level pair (mw: the
// metric's Mann–Whitney test there, if any). Significant is set only
// when the test rejects "no difference" at Alpha and the shift it sees
// goes the way the statistic moved.
func (k *comparer) test(d *Delta, m analyze.MetricID, st analyze.Statistic, p levelPair, mw *mwTest) {
	d.Test, d.PValue, d.Significant = TestNone, math.NaN(), false
	moved := sign(d.New - d.Old)
	switch {
	case p.old.Runs > 1 || p.new.Runs > 1:
		k.runsTest(d, analyze.SpreadKey(m, st), p, moved)
	case mw != nil:
		d.Test, d.PValue, d.NOld, d.NNew = TestMannWhitney, mw.res.P, mw.nOld, mw.nNew
		d.Significant = mw.res.P < Alpha && mw.res.Shift == moved && moved != 0
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
