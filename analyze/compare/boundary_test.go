package compare

import (
	"math"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
)

// The comparison's thresholds at their exact boundaries: the sample size
// up to which the Mann–Whitney p-value is exact, the significance level,
// and which deltas can decide a verdict.

// TestMannWhitneyExactAtFiftyPerSide: with exactly exactMax (50) values
// on each side and no ties the p-value is exact; with 51 on either side
// it is the normal approximation. The reference values are computed
// outside this code: the exact ones with Python's integers over the
// Gaussian binomial coefficients (the counts of U over all C(n1 + n2,
// n1) splits), the normal ones with math.erfc as in
// TestMannWhitneyReference; each differs from the other method's value
// for the same samples.
func TestMannWhitneyExactAtFiftyPerSide(t *testing.T) {
	for _, tc := range []struct {
		name  string
		x, y  []float64
		p, u2 float64
		exact bool
	}{
		// x the odd numbers 1…99, y the even 2…100: U2 = 1275; exact p =
		// 0.8664717523984099 (normal: 0.8659).
		{"50 + 50 interleaved, exact", seq(1, 2, 50), seq(2, 2, 50), 0.8664717523984099, 1275, true},
		// Every y above every x: only this split and its mirror are as
		// extreme, p = 2/C(100, 50).
		{"50 + 50 separated, exact", seq(1, 1, 50), seq(51, 1, 50), 2 / binomial(100, 50), 2500, true},
		// n1 = 50 ≤ exactMax < n2 = 51: x odd 1…99, y even 2…102; U2 =
		// 1325, μ = 1275, σ = √(50·51·102/12); normal p =
		// 0.736703745024799 (exact would be 0.73780).
		{"50 + 51, normal", seq(1, 2, 50), seq(2, 2, 51), 0.736703745024799, 1325, false},
		// n1 = 51 > exactMax ≥ n2 = 50: x 1…39 and 200…211, y 40…89;
		// U2 = 1950; normal p = 4.617758352936364e-06 (exact would be
		// 2.3417e-06).
		{"51 + 50, normal", append(seq(1, 1, 39), seq(200, 1, 12)...), seq(40, 1, 50), 4.617758352936364e-06, 1950, false},
	} {
		r := mannWhitney(tc.x, tc.y)
		if r.Exact != tc.exact || r.U2 != tc.u2 || math.Abs(r.P-tc.p) > 1e-12*math.Max(tc.p, 1e-300)+1e-15 {
			t.Errorf("%s (%d + %d): p=%.16g U2=%g exact=%v, want p=%.16g U2=%g exact=%v",
				tc.name, len(tc.x), len(tc.y), r.P, r.U2, r.Exact, tc.p, tc.u2, tc.exact)
		}
	}
}

// binomial is C(n, k) as a float64.
func binomial(n, k int) float64 {
	c := 1.0
	for i := 1; i <= k; i++ {
		c = c * float64(n-k+i) / float64(i)
	}
	return c
}

// TestSignificantBelowAlphaOnly: a Mann–Whitney p-value exactly at Alpha
// (0.05) is not significant, so the delta does not count; one below it
// is. One baseline request against 39 candidate requests, all slower:
// of the 40 equally likely places of the baseline's value one is as
// extreme, p = 2 · 1/40 = 0.05 exactly; with 41 candidate requests p =
// 2/42 < 0.05.
func TestSignificantBelowAlphaOnly(t *testing.T) {
	for _, tc := range []struct {
		name   string
		n      int
		p      float64
		sig    bool
		change Change
	}{
		{"p at alpha", 39, 0.05, false, Unchanged},
		{"p under alpha", 41, 2.0 / 42, true, Regressed},
	} {
		old := []float32{100}
		var cand, tpsOld, tpsNew []float32
		for i := range tc.n {
			cand, tpsNew = append(cand, float32(200+i)), append(tpsNew, 50)
		}
		tpsOld = append(tpsOld, 50)
		c := mustNew(t, report("a", cfg("a", samplesLevel(1, old, tpsOld))), report("b", cfg("a", samplesLevel(1, cand, tpsNew))), Options{})
		d := delta(t, c.Configs[0], Metric(analyze.TTFT), analyze.P90, 1)
		if d.Test != TestMannWhitney || d.PValue != tc.p || d.Significant != tc.sig || d.Change != tc.change {
			t.Errorf("%s: test %s p=%v significant %v change %s; want p=%v significant %v change %s",
				tc.name, d.Test, d.PValue, d.Significant, d.Change, tc.p, tc.sig, tc.change)
		}
	}
}

// TestNonHeadlineDeltasDecideNothing: a configuration whose headline
// deltas (C_max, users, TTFT at the headline percentile, TPS mean,
// system req/s) are all unknown is incomparable, whatever its other
// deltas say: a known TTFT mean, ITL or latency, changed or not, is
// no verdict.
func TestNonHeadlineDeltasDecideNothing(t *testing.T) {
	// TTFT P90, TPS mean and system req/s on the baseline only; the
	// TTFT mean and ITL P90 on both sides.
	side := func(ttftMean, itl float64, headline bool) analyze.Config {
		l := lvl(1, nan, nan, nan)
		if headline {
			l = lvl(1, 100, 50, 1)
		}
		l.TTFT.Mean, l.ITL.P90 = ttftMean, itl
		return withCapacity(cfg("a", l), 8, true, 10) // two lower bounds: no known capacity change
	}
	for _, tc := range []struct {
		name    string
		old     analyze.Config
		new     analyze.Config
		verdict Verdict
	}{
		{"only non-headline deltas, unchanged", side(80, 10, true), side(80, 10, false), Incomparable},
		{"only non-headline deltas, better", side(80, 10, true), side(40, 5, false), Incomparable},
		{"only non-headline deltas, worse", side(80, 10, true), side(160, 20, false), Incomparable},
		// With the headline deltas known too, the same stays no change.
		{"headline deltas known", side(80, 10, true), side(40, 5, true), NoChange},
	} {
		c := mustNew(t, report("a", tc.old), report("b", tc.new), Options{})
		cf := c.Configs[0]
		var known []string
		for _, d := range cf.Deltas {
			if d.Change != Unknown {
				known = append(known, string(d.Metric)+" "+string(d.Stat)+" "+string(d.Change))
				if d.Headline && tc.verdict == Incomparable {
					t.Errorf("%s: a headline delta is known: %+v", tc.name, d)
				}
			}
		}
		if len(known) == 0 {
			t.Fatalf("%s: no delta is known; the case tests nothing", tc.name)
		}
		if cf.Verdict != tc.verdict || len(cf.DecidedBy) != 0 || c.Verdict != tc.verdict || len(c.Regressions()) != 0 {
			t.Errorf("%s (known: %s): verdict %s decided by %d, overall %s, %d regressions; want %s by none",
				tc.name, strings.Join(known, ", "), cf.Verdict, len(cf.DecidedBy), c.Verdict, len(c.Regressions()), tc.verdict)
		}
	}
}

// TestRunsTestNeedsMinRunsOnEachSide: the runs test needs MinRuns (3)
// runs on both sides; two on either side, the baseline's or the
// candidate's, is too few, and a side measured once is no runs side.
func TestRunsTestNeedsMinRunsOnEachSide(t *testing.T) {
	once := lvl(1, 120, 50, 1)
	once.Runs = 1
	for _, tc := range []struct {
		name     string
		old, new analyze.Level
		test     Test
		reason   string
	}{
		{"three and three", runsLevel(1, 100, 3, 95, 105), runsLevel(1, 120, 3, 110, 130), TestRuns, ""},
		{"three and two", runsLevel(1, 100, 3, 95, 105), runsLevel(1, 120, 2, 110, 130), TestNone, "too_few_runs"},
		{"two and three", runsLevel(1, 100, 2, 95, 105), runsLevel(1, 120, 3, 110, 130), TestNone, "too_few_runs"},
		{"three and one run", runsLevel(1, 100, 3, 95, 105), once, TestNone, "runs_one_side"},
	} {
		c := mustNew(t, report("a", cfg("a", tc.old)), report("b", cfg("a", tc.new)), Options{})
		if d := delta(t, c.Configs[0], Metric(analyze.TTFT), analyze.P90, 1); d.Test != tc.test || d.Reason != tc.reason {
			t.Errorf("%s: test %s, reason %q; want %s, %q", tc.name, d.Test, d.Reason, tc.test, tc.reason)
		}
	}
}

// TestGPUCountZeroIsUnknown: a GPU count of 0 is unknown, written as
// "" in a difference, never as the number 0.
func TestGPUCountZeroIsUnknown(t *testing.T) {
	old, cand := cfg("a", lvl(1, 100, 50, 1)), cfg("a", lvl(1, 100, 50, 1))
	cand.GPUs = 8
	c := mustNew(t, report("a", old), report("b", cand), Options{})
	var got []Difference
	for _, d := range c.Differences {
		if d.Key == "gpus" {
			got = append(got, d)
		}
	}
	if len(got) != 1 || got[0].Old != "" || got[0].New != "8" {
		t.Errorf("gpus 0 → 8: differences %+v, want one with old \"\" and new \"8\"", got)
	}
}

// TestSLOChanges: a level's SLO verdict changes when it passes both SLOs
// on one side only: improved when the candidate passes, regressed when
// the baseline did; the same pass is unchanged, and a side that could
// not check is unknown.
func TestSLOChanges(t *testing.T) {
	pass := analyze.SLOVerdict{TTFT: true, TPS: true}
	fail := analyze.SLOVerdict{TTFT: false, TPS: true}
	unchecked := analyze.SLOVerdict{TTFT: true, TPS: false, TPSStat: analyze.StatNone}
	with := func(v analyze.SLOVerdict) analyze.Level {
		l := lvl(1, 100, 50, 1)
		l.SLO.P90, l.SLO.Mean = v, v
		return l
	}
	for _, tc := range []struct {
		name     string
		old, new analyze.SLOVerdict
		want     Change
	}{
		{"fail → pass", fail, pass, Improved},
		{"pass → fail", pass, fail, Regressed},
		{"pass → pass", pass, pass, Unchanged},
		{"fail → fail", fail, fail, Unchanged},
		{"unchecked → pass", unchecked, pass, Unknown},
	} {
		c := mustNew(t, report("a", cfg("a", with(tc.old))), report("b", cfg("a", with(tc.new))), Options{})
		slo := c.Configs[0].SLO
		if len(slo) != 2 {
			t.Fatalf("%s: %d SLO changes, want one per statistic", tc.name, len(slo))
		}
		for _, s := range slo {
			if s.Change != tc.want {
				t.Errorf("%s at %s: %s, want %s", tc.name, s.Stat, s.Change, tc.want)
			}
		}
	}
}
