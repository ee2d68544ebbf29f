package compare

import (
	"math"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
)

// The comparison's thresholds at their exact boundaries: the
// significance level, the fewest levels the sign test can judge, the
// fewest values Welch's test needs, the threshold of a trend's median,
// and which deltas can decide a verdict.

// TestBelowAlpha: a p-value exactly at Alpha (0.05) is not significant;
// one a hair below it is. Every test reads its p-value through below.
func TestBelowAlpha(t *testing.T) {
	if below(Alpha) {
		t.Error("p = α counts as significant")
	}
	if !below(math.Nextafter(Alpha, 0)) {
		t.Error("p just under α does not count")
	}
}

// trendLevels is n levels of TTFT P90 (no test: one summary each side)
// at concurrency 1…n, the candidate's ratio r of the baseline's at each
// level, but the last k levels' 1/r.
func trendLevels(n, k int, r float64) (old, cand analyze.Config) {
	var lo, ln []analyze.Level
	for i := range n {
		x := float64(i + 1)
		f := r
		if i >= n-k {
			f = 1 / r
		}
		lo, ln = append(lo, lvl(x, 100*x, 50, x)), append(ln, lvl(x, 100*x*f, 50, x))
	}
	return cfg("a", lo...), cfg("a", ln...)
}

// TestSignTestLevels: untested changes at every level count once six
// levels move one way (p = 2/64 = 0.031 < 0.05), not with five (p =
// 2/32 = 0.0625); six of seven is p = 0.125, and the level that went
// the other way stays unconfirmed.
func TestSignTestLevels(t *testing.T) {
	for _, tc := range []struct {
		name       string
		n, against int
		p          float64
		change     Change
		verdict    Verdict
	}{
		{"6 of 6", 6, 0, 2.0 / 64, Improved, Better},
		{"5 of 5", 5, 0, 2.0 / 32, Unchanged, NoChange},
		{"6 of 7", 7, 1, 16.0 / 128, Unchanged, NoChange},
		{"7 of 8", 8, 1, 18.0 / 256, Unchanged, NoChange},
		{"8 of 9", 9, 1, 20.0 / 512, Improved, Better},
	} {
		old, cand := trendLevels(tc.n, tc.against, 0.8)
		c := mustNew(t, report("a", old), report("b", cand), Options{})
		cf := c.Configs[0]
		tr, ok := trendOf(cf, Metric(analyze.TTFT), analyze.P90)
		if !ok || tr.Levels != tc.n || tr.BeyondBetter != tc.n-tc.against || tr.BeyondWorse != tc.against || !near(tr.PValue, tc.p, 1e-12) || tr.Change != tc.change {
			t.Errorf("%s: trend %+v, want p=%g %s", tc.name, tr, tc.p, tc.change)
		}
		if cf.Verdict != tc.verdict {
			t.Errorf("%s: verdict %s, want %s", tc.name, cf.Verdict, tc.verdict)
		}
		for _, d := range cf.Deltas {
			if d.Metric != Metric(analyze.TTFT) || d.Stat != analyze.P90 {
				continue
			}
			// A level that went the trend's way is confirmed by it; the one
			// against it, and every one without a trend that holds, not.
			confirmed := tc.change == Improved && d.Direction == dirBetter
			if confirmed != (d.ConfirmedBy == ConfirmedByLevels) || confirmed == d.Unconfirmed || confirmed != (d.Change == Improved) {
				t.Errorf("%s: %s at %v: change %s confirmed by %q unconfirmed %v", tc.name, d.Direction, *d.Load, d.Change, d.ConfirmedBy, d.Unconfirmed)
			}
		}
	}
}

func trendOf(cf Config, m Metric, st analyze.Statistic) (Trend, bool) {
	for _, t := range cf.AcrossLevels {
		if t.Metric == m && t.Stat == st {
			return t, true
		}
	}
	return Trend{}, false
}

// TestTrendThreshold: a trend holds when enough levels move beyond the
// threshold: at six levels of six 25 % exactly (every level's TTFT ×
// 1.25) it does, and confirms its levels; a hair less at every level is
// no level beyond it, and no trend. Five levels beyond it and one 3 %
// slower (the same direction, within the threshold) is five of six, p =
// 14/64: no trend, though all six moved one way.
func TestTrendThreshold(t *testing.T) {
	for _, tc := range []struct {
		name   string
		rs     []float64
		change Change
		p      float64
	}{
		{"at the threshold", []float64{1.25, 1.25, 1.25, 1.25, 1.25, 1.25}, Regressed, 2.0 / 64},
		{"a hair under it", []float64{1.2499, 1.2499, 1.2499, 1.2499, 1.2499, 1.2499}, Unchanged, 1},
		{"one level within it", []float64{1.03, 1.3, 1.3, 1.3, 1.3, 1.3}, Unchanged, 14.0 / 64},
	} {
		var lo, ln []analyze.Level
		for i, r := range tc.rs {
			x := float64(i + 1)
			lo, ln = append(lo, lvl(x, 100*x, 50, x)), append(ln, lvl(x, 100*x*r, 50, x))
		}
		c := mustNew(t, report("a", cfg("a", lo...)), report("b", cfg("a", ln...)), Options{ThresholdPct: 25})
		cf := c.Configs[0]
		tr, _ := trendOf(cf, Metric(analyze.TTFT), analyze.P90)
		d := delta(t, cf, Metric(analyze.TTFT), analyze.P90, 2)
		if tr.Change != tc.change || !near(tr.PValue, tc.p, 1e-12) || d.Change != tc.change || tr.Worse != 6 {
			t.Errorf("%s: trend %+v, level change %s; want %s, p=%g", tc.name, tr, d.Change, tc.change, tc.p)
		}
	}
}

// TestWelchNeedsTwoValues: a mean is tested by Welch's t when both
// sides give a standard deviation over at least two values; over one
// there is no test.
func TestWelchNeedsTwoValues(t *testing.T) {
	with := func(mean, sd float64, n int) analyze.Level {
		l := lvl(1, 100, 50, 1)
		l.TTFT.Mean, l.StdDev = mean, map[analyze.MetricID]analyze.Deviation{analyze.TTFT: {SD: sd, N: n}}
		return l
	}
	for _, tc := range []struct {
		name string
		n    int
		test Test
	}{
		{"two values a side", 2, TestWelch},
		{"one value a side", 1, TestNone},
	} {
		c := mustNew(t, report("a", cfg("a", with(100, 1, tc.n))), report("b", cfg("a", with(200, 1, 3))), Options{})
		if d := delta(t, c.Configs[0], Metric(analyze.TTFT), analyze.Mean, 1); d.Test != tc.test {
			t.Errorf("%s: test %s, want %s", tc.name, d.Test, tc.test)
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
		if cf.Verdict != tc.verdict || len(cf.DecidedBy) != 0 || c.Verdict != tc.verdict || len(c.Confirmed(Regressed)) != 0 {
			t.Errorf("%s (known: %s): verdict %s decided by %d, overall %s, %d regressions; want %s by none",
				tc.name, strings.Join(known, ", "), cf.Verdict, len(cf.DecidedBy), c.Verdict, len(c.Confirmed(Regressed)), tc.verdict)
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
