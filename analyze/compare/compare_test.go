package compare

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
)

var nan = math.NaN()

// lvl is a reached level at load x with a TTFT P90, a TPS mean and a
// system throughput; every other statistic absent.
func lvl(x, ttftP90, tpsMean, sys float64) analyze.Level {
	st := func(mean, p90 float64) analyze.Stat {
		return analyze.Stat{Mean: mean, P10: nan, P50: nan, P90: p90, P99: nan}
	}
	return analyze.Level{Load: analyze.Load(x), Concurrency: x, TTFT: st(nan, ttftP90), ITL: st(nan, nan), TPS: st(tpsMean, nan),
		Latency: st(nan, nan), SystemRPS: sys, AggregateTPS: nan, RPSReported: nan, InFlight: nan, Goodput: nan,
		LoadReached: true, Requests: -1, Errors: -1}
}

func cfg(id string, levels ...analyze.Level) analyze.Config {
	return analyze.Config{ID: id, Name: analyze.Text{"": id}, Tool: "t", Definitions: analyze.Definitions{ITL: "tpot", TPS: "request"}, Levels: levels}
}

func report(name string, cfgs ...analyze.Config) *analyze.Report {
	return &analyze.Report{SchemaVersion: analyze.SchemaVersion, Name: name, Params: analyze.DefaultParams(), Axis: analyze.AxisConcurrency,
		Configs: cfgs, Pareto: analyze.Pareto{Target: nan}}
}

func mustNew(t *testing.T, old, cand *analyze.Report, opt Options) *Comparison {
	t.Helper()
	if opt.ThresholdPct == 0 && !strings.Contains(t.Name(), "Zero") {
		opt.ThresholdPct = DefaultThresholdPct
	}
	c, err := New(old, cand, opt)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// delta finds a configuration's delta of metric m at stat and load x
// (x < 0: a configuration-wide one).
func delta(t *testing.T, c Config, m Metric, st analyze.Statistic, x float64) Delta {
	t.Helper()
	for _, d := range c.Deltas {
		if d.Metric == m && d.Stat == st && (x < 0 && d.Load == nil || d.Load != nil && float64(*d.Load) == x) {
			return d
		}
	}
	t.Fatalf("%s: no delta %s %s at %v", c.ID, m, st, x)
	return Delta{}
}

func TestMatching(t *testing.T) {
	l := lvl(1, 100, 50, 1)
	old := report("a", cfg("a", l), cfg("b", l), cfg("c", l), cfg("x", l))
	cand := report("b", cfg("a", l), cfg("x", l), cfg("d", l))
	c := mustNew(t, old, cand, Options{Match: []Pair{{"b", "x"}}})
	var got []string
	for _, m := range c.Configs {
		got = append(got, m.ID+"="+m.CandidateID)
	}
	// b takes the candidate's x, so the baseline's x has no partner.
	if strings.Join(got, " ") != "a=a b=x" {
		t.Errorf("pairs %v", got)
	}
	var un []string
	for _, u := range c.Unmatched.Configs {
		un = append(un, u.Side+":"+u.ID)
	}
	if strings.Join(un, " ") != "baseline:c baseline:x candidate:d" {
		t.Errorf("unmatched %v", un)
	}
	for _, tc := range []struct {
		pairs []Pair
		want  string
	}{
		{[]Pair{{"zz", "a"}}, `the baseline has no configuration "zz"`},
		{[]Pair{{"a", "zz"}}, `the candidate has no configuration "zz"`},
		{[]Pair{{"a", "a"}, {"a", "x"}}, `the baseline's "a" is already matched with "a"`},
		{[]Pair{{"a", "x"}, {"b", "x"}}, `the candidate's "x" is already matched with "a"`},
	} {
		_, err := New(old, cand, Options{Match: tc.pairs})
		var me *MatchError
		if !errors.As(err, &me) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err %v, want %q", tc.pairs, err, tc.want)
		}
	}
}

func TestUnmatchedLevels(t *testing.T) {
	notReached := lvl(4, 100, 50, 1)
	notReached.LoadReached = false
	old := report("a", cfg("a", lvl(1, 100, 50, 1), lvl(2, 100, 50, 1), notReached, lvl(8, 100, 50, 1)))
	cand := report("b", cfg("a", lvl(1, 100, 50, 1), notReached, lvl(8, 100, 50, 1), lvl(16, 100, 50, 1)))
	c := mustNew(t, old, cand, Options{})
	if got := c.Configs[0].Levels; len(got) != 2 || got[0] != 1 || got[1] != 8 {
		t.Errorf("levels compared %v, want 1 and 8", got)
	}
	want := []UnmatchedLevel{{"a", 2, SideBaseline, "one_side"}, {"a", 4, SideBoth, "load_not_reached"}, {"a", 16, SideCandidate, "one_side"}}
	if len(c.Unmatched.Levels) != len(want) {
		t.Fatalf("unmatched %+v", c.Unmatched.Levels)
	}
	for i, u := range c.Unmatched.Levels {
		if u != want[i] {
			t.Errorf("unmatched %d: %+v, want %+v", i, u, want[i])
		}
	}
	reached := lvl(4, 100, 50, 1)
	c = mustNew(t, report("a", cfg("a", reached)), report("b", cfg("a", notReached)), Options{})
	if u := c.Unmatched.Levels; len(u) != 1 || u[0].Side != SideCandidate || u[0].Reason != "load_not_reached" {
		t.Errorf("unmatched %+v", u)
	}
	rate := report("b", cfg("a", lvl(1, 100, 50, 1)))
	rate.Axis = analyze.AxisRate
	c = mustNew(t, report("a", cfg("a", lvl(1, 100, 50, 1))), rate, Options{})
	if u := c.Unmatched.Levels; len(c.Configs[0].Levels) != 0 || len(u) != 2 || u[0].Reason != "axis_differs" || u[0].Side != SideBaseline || u[1].Side != SideCandidate {
		t.Errorf("axes differ: compared %v, unmatched %+v", c.Configs[0].Levels, u)
	}
	if !refused(c, "", string(CapacityLoad), "axis_differs") || !differs(c, "load_axis") {
		t.Errorf("axes differ: refused %+v, differences %+v", c.Refused, c.Differences)
	}
}

func refused(c *Comparison, config, metric, reason string) bool {
	for _, r := range c.Refused {
		if r.Config == config && r.Metric == metric && r.Reason == reason {
			return true
		}
	}
	return false
}

func differs(c *Comparison, key string) bool {
	for _, d := range c.Differences {
		if d.Key == key {
			return true
		}
	}
	return false
}

// grid is a configuration of n levels at concurrency 1…n, each level's
// values from f.
func grid(n int, f func(x float64) analyze.Level) analyze.Config {
	var ls []analyze.Level
	for i := range n {
		ls = append(ls, f(float64(i+1)))
	}
	return cfg("a", ls...)
}

// TestThresholdBoundary: a difference exactly at the threshold counts,
// one a hair under it does not; 0 counts every difference. The TTFT
// P90 moves alike at six levels, so the sign test confirms what reaches
// the threshold; a change from zero has no ratio for it, and stays
// unconfirmed.
func TestThresholdBoundary(t *testing.T) {
	for _, tc := range []struct {
		threshold, old, new float64
		want                Change
		unconfirmed         bool
	}{
		{5, 100, 105, Regressed, false},          // TTFT 5 % slower: at the threshold
		{5, 100, 104.99, Unchanged, false},       // a hair under
		{5, 105, 100, Improved, false},           // the larger 5 % above the smaller
		{5, 104.99, 100, Unchanged, false},       //
		{10, 100, 110, Regressed, false},         //
		{10, 100, 109.99, Unchanged, false},      //
		{0, 100, 100.0001, Regressed, false},     // 0 is a value: every difference counts
		{0, 100, 100, Unchanged, false},          // and an equal one does not
		{0, 100, 99.9999, Improved, false},       //
		{50, 100, 149, Unchanged, false},         //
		{50, 100, 150, Regressed, false},         //
		{5, math.NaN(), 100, Unknown, false},     // absent on a side
		{5, 0, 100, Unchanged, true},             // from zero: beyond any threshold, no ratio to test
		{5, 100, math.Inf(1), Unknown, false},    // not a number a delta can be built on
		{5, 100, 100, Unchanged, false},          //
		{5, 1000, 1049.999999, Unchanged, false}, //
	} {
		old := report("a", grid(6, func(x float64) analyze.Level { return lvl(x, tc.old, 50, 1) }))
		cand := report("b", grid(6, func(x float64) analyze.Level { return lvl(x, tc.new, 50, 1) }))
		c, err := New(old, cand, Options{ThresholdPct: tc.threshold})
		if err != nil {
			t.Fatal(err)
		}
		d := delta(t, c.Configs[0], Metric(analyze.TTFT), analyze.P90, 1)
		if d.Change != tc.want || d.Unconfirmed != tc.unconfirmed || d.Test != TestNone || d.Significant || !math.IsNaN(d.PValue) {
			t.Errorf("threshold %g%%, %g → %g: %s unconfirmed %v (test %s, significant %v, p %v), want %s", tc.threshold, tc.old, tc.new, d.Change, d.Unconfirmed, d.Test, d.Significant, d.PValue, tc.want)
		}
	}
	if _, err := New(report("a"), report("b"), Options{ThresholdPct: -1}); err == nil {
		t.Error("a negative threshold is accepted")
	}
}

// TestDeltaNumbers: old, new, delta_pct, direction and the headline
// flags at a level; one level's changes without a test of their own are
// unconfirmed, listed, and decide nothing.
func TestDeltaNumbers(t *testing.T) {
	c := mustNew(t, report("a", cfg("a", lvl(2, 200, 50, 4))), report("b", cfg("a", lvl(2, 150, 60, 3))), Options{})
	cf := c.Configs[0]
	for _, tc := range []struct {
		m        Metric
		st       analyze.Statistic
		old, new float64
		pct      float64
		dir      string
	}{
		{Metric(analyze.TTFT), analyze.P90, 200, 150, -25, dirBetter},
		{Metric(analyze.TPS), analyze.Mean, 50, 60, 20, dirBetter},
		{Metric(analyze.SystemRPS), "", 4, 3, -25, dirWorse},
	} {
		d := delta(t, cf, tc.m, tc.st, 2)
		if d.Old != tc.old || d.New != tc.new || math.Abs(d.DeltaPct-tc.pct) > 1e-12 || d.Direction != tc.dir || d.Change != Unchanged || !d.Unconfirmed || !d.Headline {
			t.Errorf("%s %s: %+v", tc.m, tc.st, d)
		}
	}
	if cf.Verdict != NoChange || len(cf.DecidedBy) != 0 || len(cf.Unconfirmed) != 3 {
		t.Errorf("verdict %s decided by %+v, %d unconfirmed; want no_change by none, three unconfirmed", cf.Verdict, cf.DecidedBy, len(cf.Unconfirmed))
	}
}

// samplesLevel is a level with per-request samples of TTFT and TPS.
func samplesLevel(x float64, ttft, tps []float32) analyze.Level {
	l := lvl(x, p90(ttft), mean(tps), 1)
	l.TTFT.Mean, l.TTFT.P50 = mean(ttft), p50(ttft)
	l.Samples = &ingest.Samples{TTFT: ttft, TPS: tps}
	l.StdDev = map[analyze.MetricID]analyze.Deviation{analyze.TTFT: sd(ttft), analyze.TPS: sd(tps)}
	return l
}

// sd is the sample standard deviation of xs over their count.
func sd(xs []float32) analyze.Deviation {
	m, ss := mean(xs), 0.0
	for _, x := range xs {
		ss += (float64(x) - m) * (float64(x) - m)
	}
	return analyze.Deviation{SD: math.Sqrt(ss / float64(len(xs)-1)), N: len(xs)}
}

func mean(xs []float32) float64 {
	s := 0.0
	for _, x := range xs {
		s += float64(x)
	}
	return s / float64(len(xs))
}

// p90 and p50 by nearest rank, as ingest summarizes.
func p90(xs []float32) float64 { return nearest(xs, 0.9) }

func p50(xs []float32) float64 { return nearest(xs, 0.5) }

func nearest(xs []float32, q float64) float64 {
	s := append([]float32{}, xs...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return float64(s[int(math.Ceil(q*float64(len(s))))-1])
}

// TestTestsOnSamples: with requests on both sides each statistic gets
// a test of its own: the mean Welch's t, a percentile the quantile test
// of that percentile. A candidate with the same fastest 80 % of
// requests and a slow tail three times as slow has a worse P90 and
// mean, confirmed, and the same median, tested and unchanged.
func TestTestsOnSamples(t *testing.T) {
	var a, b, tps []float32
	for i := range 100 {
		v := float32(1 + i)
		a, tps = append(a, v), append(tps, 50)
		if i >= 80 {
			v *= 3
		}
		b = append(b, v)
	}
	c := mustNew(t, report("a", cfg("a", samplesLevel(1, a, tps))), report("b", cfg("a", samplesLevel(1, b, tps))), Options{})
	cf := c.Configs[0]
	for _, tc := range []struct {
		st     analyze.Statistic
		test   Test
		change Change
	}{
		{analyze.Mean, TestWelch, Regressed},
		{analyze.P90, TestQuantile, Regressed},
		{analyze.P50, TestQuantile, Unchanged},
	} {
		d := delta(t, cf, Metric(analyze.TTFT), tc.st, 1)
		if d.Test != tc.test || d.Change != tc.change || d.NOld != 100 || d.NNew != 100 || (tc.change == Regressed) != (d.Significant && d.ConfirmedBy == ConfirmedByTest && d.PValue < Alpha) {
			t.Errorf("TTFT %s: %+v", tc.st, d)
		}
	}
	// P50: the pooled median is 50; 50 requests of each side lie above.
	if d := delta(t, cf, Metric(analyze.TTFT), analyze.P50, 1); d.PValue != 1 || d.Direction != dirEqual {
		t.Errorf("TTFT p50: %+v", d)
	}
	// TPS the same on both sides: Welch's p = 1.
	if d := delta(t, cf, Metric(analyze.TPS), analyze.Mean, 1); d.Test != TestWelch || d.PValue != 1 || d.Significant || d.Change != Unchanged {
		t.Errorf("TPS: %+v", d)
	}
	// Samples on one side only: no quantile test, and why.
	c = mustNew(t, report("a", cfg("a", samplesLevel(1, a, tps))), report("b", cfg("a", lvl(1, 300, 50, 1))), Options{})
	if d := delta(t, c.Configs[0], Metric(analyze.TTFT), analyze.P90, 1); d.Test != TestNone || d.Reason != "samples_one_side" || d.Change != Unchanged || !d.Unconfirmed {
		t.Errorf("one side: %+v", d)
	}
	// The system throughput has no samples: no test beside them.
	c = mustNew(t, report("a", cfg("a", samplesLevel(1, a, tps))), report("b", cfg("a", samplesLevel(1, b, tps))), Options{})
	if d := delta(t, c.Configs[0], Metric(analyze.SystemRPS), "", 1); d.Test != TestNone || d.Reason != "no_samples_for_metric" {
		t.Errorf("system throughput: %+v", d)
	}
}

// runsLevel is a level measured in n runs whose TTFT P90 spread is
// [low, high].
func runsLevel(x, v float64, n int, low, high float64) analyze.Level {
	l := lvl(x, v, 50, 1)
	l.Runs = n
	l.Spread = map[string]analyze.Interval{"ttft_ms.p90": {Min: low, Max: high, Low: low, High: high, N: n}}
	return l
}

func TestRunsTest(t *testing.T) {
	for _, tc := range []struct {
		name       string
		old, new   analyze.Level
		test       Test
		sig        bool
		change     Change
		reason     string
		nOld, nNew int
	}{
		{"apart", runsLevel(1, 100, 3, 95, 105), runsLevel(1, 120, 3, 110, 130), TestRuns, true, Regressed, "", 3, 3},
		{"overlapping", runsLevel(1, 100, 3, 95, 112), runsLevel(1, 120, 4, 110, 130), TestRuns, false, Unchanged, "", 3, 4},
		{"touching", runsLevel(1, 100, 3, 95, 110), runsLevel(1, 120, 3, 110, 130), TestRuns, false, Unchanged, "", 3, 3},
		{"two runs", runsLevel(1, 100, 2, 95, 105), runsLevel(1, 120, 3, 110, 130), TestNone, false, Unchanged, "too_few_runs", 2, 3},
		{"one side", runsLevel(1, 100, 3, 95, 105), lvl(1, 120, 50, 1), TestNone, false, Unchanged, "runs_one_side", 0, 0},
	} {
		c := mustNew(t, report("a", cfg("a", tc.old)), report("b", cfg("a", tc.new)), Options{})
		d := delta(t, c.Configs[0], Metric(analyze.TTFT), analyze.P90, 1)
		if d.Test != tc.test || d.Significant != tc.sig || d.Change != tc.change || d.Reason != tc.reason || d.NOld != tc.nOld || d.NNew != tc.nNew || !math.IsNaN(d.PValue) ||
			d.Unconfirmed != (tc.test == TestNone) {
			t.Errorf("%s: %+v", tc.name, d)
		}
		// A statistic without a spread gets no test.
		if d := delta(t, c.Configs[0], Metric(analyze.TPS), analyze.Mean, 1); d.Test != TestNone {
			t.Errorf("%s: TPS mean without a spread: %+v", tc.name, d)
		}
	}
}

// withCapacity sets a configuration's capacity at P90.
func withCapacity(c analyze.Config, cmax float64, lowerBound bool, users int) analyze.Config {
	c.Capacity.P90 = analyze.Capacity{Max: analyze.Load(cmax), LowerBound: lowerBound, Users: users, LatencyMeanS: nan, ThroughputRPS: nan}
	c.Capacity.Mean = c.Capacity.P90
	return c
}

func TestCapacityBounds(t *testing.T) {
	for _, tc := range []struct {
		old, new     float64
		oldLB, newLB bool
		want         Change
		reason       string
	}{
		{16, 32, false, false, Improved, ""},
		{32, 16, false, false, Regressed, ""},
		{16, 16, false, false, Unchanged, ""},
		{64, 64, true, true, Unknown, "both_lower_bounds"}, // two lower bounds are not a known change
		{32, 64, true, true, Unknown, "both_lower_bounds"},
		{64, 32, true, false, Regressed, ""},          // at least 64 against exactly 32
		{32, 64, true, false, Unknown, "lower_bound"}, // at least 32 against 64: either way
		{32, 32, true, false, Unknown, "lower_bound"},
		{16, 32, false, true, Improved, ""}, // exactly 16 against at least 32
		{32, 16, false, true, Unknown, "lower_bound"},
		{0, 4, false, false, Improved, ""}, // from none
		{math.Inf(1), 8, true, false, Regressed, ""},
		{8, math.Inf(1), false, true, Improved, ""},
	} {
		old := report("a", withCapacity(cfg("a", lvl(1, 100, 50, 1)), tc.old, tc.oldLB, 10))
		cand := report("b", withCapacity(cfg("a", lvl(1, 100, 50, 1)), tc.new, tc.newLB, 10))
		c := mustNew(t, old, cand, Options{})
		// A known change of capacity is one the levels could confirm;
		// these levels hold no SLO verdicts that bound it, so it stays
		// unconfirmed.
		d := delta(t, c.Configs[0], CapacityLoad, analyze.P90, -1)
		want, dir := tc.want, map[Change]string{Improved: dirBetter, Regressed: dirWorse}[tc.want]
		if counts(want) {
			want = Unchanged
		}
		if d.Change != want || d.Unconfirmed != (dir != "") || dir != "" && d.Direction != dir || d.Reason != tc.reason || d.Test != TestNone || !d.Headline || d.OldAtLeast != tc.oldLB || d.NewAtLeast != tc.newLB {
			t.Errorf("%v (≥ %v) → %v (≥ %v): %s %q unconfirmed %v, want %s %q", tc.old, tc.oldLB, tc.new, tc.newLB, d.Change, d.Reason, d.Unconfirmed, tc.want, tc.reason)
		}
		if v := c.Configs[0].Verdict; v != NoChange {
			t.Errorf("%v → %v: verdict %s, want no_change", tc.old, tc.new, v)
		}
	}
	// Users: unknown is absent; the mean capacity is no headline at P90.
	c := mustNew(t, report("a", withCapacity(cfg("a"), 8, false, analyze.UsersUnknown)), report("b", withCapacity(cfg("a"), 8, false, 20)), Options{})
	if d := delta(t, c.Configs[0], CapacityUsers, analyze.P90, -1); d.Change != Unknown || d.Reason != "absent" {
		t.Errorf("users unknown: %+v", d)
	}
	if d := delta(t, c.Configs[0], CapacityUsers, analyze.Mean, -1); d.Headline {
		t.Errorf("users at the mean is a headline at P90: %+v", d)
	}
}

// TestCapacityConfirmedAtItsLevel: a capacity change counts when the
// change that moved the SLO verdict at the level bounding it is
// confirmed: C_max 3 → 4, where the baseline's TTFT P90 failed at c=4
// and the candidate's, confirmed across levels, passes. The same C_max
// change with the TTFT better at that level only is unconfirmed, and so
// are the users it serves.
func TestCapacityConfirmedAtItsLevel(t *testing.T) {
	pass, fail := analyze.SLOVerdict{TTFT: true, TPS: true}, analyze.SLOVerdict{TTFT: false, TPS: true}
	side := func(cmax int, ttft func(x float64) float64) analyze.Config {
		c := grid(6, func(x float64) analyze.Level {
			l := lvl(x, ttft(x), 50, x)
			l.SLO.P90 = fail
			if int(x) <= cmax {
				l.SLO.P90 = pass
			}
			return l
		})
		return withCapacity(c, float64(cmax), false, 10*cmax)
	}
	base := side(3, func(x float64) float64 { return 300 * x })
	everywhere := side(4, func(x float64) float64 { return 200 * x })
	atFourOnly := side(4, func(x float64) float64 {
		if x == 4 {
			return 800
		}
		return 300 * x
	})
	for _, tc := range []struct {
		name      string
		cand      analyze.Config
		change    Change
		verdict   Verdict
		confirmed bool
	}{
		{"TTFT better at every level", everywhere, Improved, Better, true},
		{"TTFT better at the bounding level only", atFourOnly, Unchanged, NoChange, false},
	} {
		c := mustNew(t, report("a", base), report("b", tc.cand), Options{})
		cf := c.Configs[0]
		d := delta(t, cf, CapacityLoad, analyze.P90, -1)
		u := delta(t, cf, CapacityUsers, analyze.P90, -1)
		at := d.ConfirmedAt != nil && *d.ConfirmedAt == 4
		if d.Change != tc.change || d.Unconfirmed == tc.confirmed || at != tc.confirmed || (d.ConfirmedBy == ConfirmedByLevel) != tc.confirmed {
			t.Errorf("%s: C_max %+v", tc.name, d)
		}
		if u.Change != tc.change || u.Unconfirmed == tc.confirmed {
			t.Errorf("%s: users %+v", tc.name, u)
		}
		if cf.Verdict != tc.verdict || tc.confirmed && (len(cf.DecidedBy) == 0 || cf.DecidedBy[0].Metric != CapacityLoad) {
			t.Errorf("%s: verdict %s decided by %+v, want %s", tc.name, cf.Verdict, cf.DecidedBy, tc.verdict)
		}
	}
}

func TestVerdicts(t *testing.T) {
	at := func(ttft, tps, sys float64) analyze.Config {
		return grid(6, func(x float64) analyze.Level { return lvl(x, ttft, tps, sys) })
	}
	same := at(100, 50, 1)
	oneLevel := grid(6, func(x float64) analyze.Level {
		if x == 3 {
			return lvl(x, 150, 50, 1)
		}
		return lvl(x, 100, 50, 1)
	})
	for _, tc := range []struct {
		name        string
		old, new    analyze.Config
		verdict     Verdict
		decided     []Metric
		across      []Metric
		regressing  int
		unconfirmed int
	}{
		{"nothing changed", same, same, NoChange, nil, nil, 0, 0},
		{"within the threshold", same, at(104, 49, 1.02), NoChange, nil, nil, 0, 0},
		{"only better", same, at(80, 50, 1), Better, []Metric{"ttft_ms", "ttft_ms", "ttft_ms"}, []Metric{"ttft_ms"}, 0, 0},
		// TPS and system throughput: one measurement, named once.
		{"only worse", same, at(100, 40, 0.5), Worse, []Metric{"system_rps", "system_rps", "system_rps"}, []Metric{"system_rps"}, 1, 0},
		{"mixed", same, at(80, 40, 0.8), Mixed, []Metric{"ttft_ms", "ttft_ms", "tps", "tps"}, []Metric{"ttft_ms", "tps"}, 1, 0},
		{"one level alone", same, oneLevel, NoChange, nil, nil, 0, 1},
		{"nothing comparable", withCapacity(cfg("a", lvl(1, 100, 50, 1)), 8, true, 10), withCapacity(cfg("a", lvl(2, 100, 50, 1)), 8, true, 10), Incomparable, nil, nil, 0, 0},
	} {
		c := mustNew(t, report("a", tc.old), report("b", tc.new), Options{})
		cf := c.Configs[0]
		var decided, across []Metric
		for _, d := range cf.DecidedBy {
			decided = append(decided, d.Metric)
		}
		for _, tr := range cf.DecidedAcross {
			across = append(across, tr.Metric)
		}
		if cf.Verdict != tc.verdict || strings.Join(metrics(decided), ",") != strings.Join(metrics(tc.decided), ",") ||
			strings.Join(metrics(across), ",") != strings.Join(metrics(tc.across), ",") || len(c.Confirmed(Regressed)) != tc.regressing || len(cf.Unconfirmed) != tc.unconfirmed {
			t.Errorf("%s: %s by %v and %v, %d regressions, %d unconfirmed; want %s by %v and %v, %d regressions, %d unconfirmed",
				tc.name, cf.Verdict, decided, across, len(c.Confirmed(Regressed)), len(cf.Unconfirmed), tc.verdict, tc.decided, tc.across, tc.regressing, tc.unconfirmed)
		}
		if c.Verdict != tc.verdict {
			t.Errorf("%s: overall %s, want %s", tc.name, c.Verdict, tc.verdict)
		}
	}
}

func metrics(ms []Metric) []string {
	out := []string{}
	for _, m := range ms {
		out = append(out, string(m))
	}
	return out
}

func TestOverall(t *testing.T) {
	for _, tc := range []struct {
		in   []Verdict
		want Verdict
	}{
		{nil, Incomparable},
		{[]Verdict{Incomparable}, Incomparable},
		{[]Verdict{Incomparable, NoChange}, NoChange},
		{[]Verdict{Incomparable, Worse}, Worse},
		{[]Verdict{NoChange, NoChange}, NoChange},
		{[]Verdict{NoChange, Better}, Better},
		{[]Verdict{Worse, NoChange}, Worse},
		{[]Verdict{Better, Worse}, Mixed},
		{[]Verdict{Better, Mixed}, Mixed},
		{[]Verdict{NoChange, Mixed}, Mixed},
	} {
		var cfgs []Config
		for _, v := range tc.in {
			cfgs = append(cfgs, Config{Verdict: v})
		}
		if got := overall(cfgs); got != tc.want {
			t.Errorf("%v: %s, want %s", tc.in, got, tc.want)
		}
	}
}

// TestRefusedDefinitions: metrics the sides define differently are not
// compared, and the refusal says what differs.
func TestRefusedDefinitions(t *testing.T) {
	l := lvl(1, 100, 50, 1)
	l.ITL = analyze.Stat{Mean: 5, P10: nan, P50: nan, P90: 6, P99: nan}
	old, cand := cfg("a", l), cfg("a", l)
	cand.Definitions = analyze.Definitions{ITL: "chunk", TPS: "decode"}
	cand.Tool = "other"
	c := mustNew(t, report("a", withCapacity(old, 8, false, 10)), report("b", withCapacity(cand, 8, false, 10)), Options{})
	for _, m := range []string{"itl_ms", "tps", MetricSLO, string(CapacityLoad), string(CapacityUsers)} {
		if !refused(c, "a", m, "definition_differs") {
			t.Errorf("%s not refused: %+v", m, c.Refused)
		}
	}
	for _, d := range c.Configs[0].Deltas {
		if d.Metric == "itl_ms" || d.Metric == "tps" || d.Metric == CapacityLoad {
			t.Errorf("refused metric compared: %+v", d)
		}
	}
	if len(c.Configs[0].SLO) != 0 {
		t.Errorf("SLO verdicts compared across TPS definitions: %+v", c.Configs[0].SLO)
	}
	for _, key := range []string{"tool", "definitions.itl", "definitions.tps"} {
		if !differs(c, key) {
			t.Errorf("%s not among the differences %+v", key, c.Differences)
		}
	}
	// Different SLOs and think times refuse what rests on them.
	po := report("a", withCapacity(cfg("a", lvl(1, 100, 50, 1)), 8, false, 10))
	pn := report("b", withCapacity(cfg("a", lvl(1, 100, 50, 1)), 8, false, 10))
	pn.Params.SLOTTFTms, pn.Params.ThinkS = 500, 10
	c = mustNew(t, po, pn, Options{})
	if !refused(c, "", MetricSLO, "slo_differs") || !refused(c, "", string(CapacityLoad), "slo_differs") || !differs(c, "slo_ttft_ms") || !differs(c, "think_s") {
		t.Errorf("SLOs differ: refused %+v, differences %+v", c.Refused, c.Differences)
	}
	pn.Params.SLOTTFTms = po.Params.SLOTTFTms
	c = mustNew(t, po, pn, Options{})
	if !refused(c, "", string(CapacityUsers), "think_differs") || refused(c, "", string(CapacityLoad), "slo_differs") {
		t.Errorf("think times differ: refused %+v", c.Refused)
	}
}

func TestPerGPU(t *testing.T) {
	at := func(v float64) *analyze.AtTarget { return &analyze.AtTarget{Target: 20, TPSPerGPU: v, AggregateTPS: v} }
	old, cand := cfg("a", lvl(1, 100, 50, 1)), cfg("a", lvl(1, 100, 50, 1))
	old.GPUs, cand.GPUs = 8, 8
	old.AtInteractivity, cand.AtInteractivity = at(100), at(120)
	ro, rn := report("a", old), report("b", cand)
	ro.Pareto.Target, rn.Pareto.Target = 20, 20
	c := mustNew(t, ro, rn, Options{})
	if d := delta(t, c.Configs[0], TPSPerGPU, "", -1); d.Change != Unchanged || !d.Unconfirmed || d.Direction != dirBetter || d.Headline || d.DeltaPct != 20 {
		t.Errorf("per GPU: %+v", d)
	}
	rn.Configs[0].GPUs = 0
	c = mustNew(t, ro, rn, Options{})
	if !refused(c, "a", string(TPSPerGPU), "gpus_unknown") {
		t.Errorf("GPUs unknown: refused %+v", c.Refused)
	}
	rn.Pareto.Target = 30
	c = mustNew(t, ro, rn, Options{})
	if !refused(c, "", string(TPSPerGPU), "target_differs") || !math.IsNaN(c.Target) {
		t.Errorf("targets differ: refused %+v, target %v", c.Refused, c.Target)
	}
}

// TestSelfComparison: a campaign compared with itself changes nothing,
// per-request samples or not.
func TestSelfComparison(t *testing.T) {
	for _, dir := range []string{"../../samples/kimi-k3-b300", "../../samples/mixed-tools", "../../samples/rate-sweep", "../../samples/compare/before"} {
		c1, err := ingest.Read(dir, ingest.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		r, err := analyze.Build(c1, analyze.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, threshold := range []float64{0, 5} {
			c, err := New(r, r, Options{ThresholdPct: threshold})
			if err != nil {
				t.Fatal(err)
			}
			if c.Verdict != NoChange || len(c.Confirmed(Regressed)) != 0 || len(c.Unmatched.Configs) != 0 || len(c.Differences) != 0 || len(c.Refused) != 0 {
				t.Errorf("%s: verdict %s, %d regressions, unmatched %+v", dir, c.Verdict, len(c.Confirmed(Regressed)), c.Unmatched)
			}
			for _, cf := range c.Configs {
				for _, d := range cf.Deltas {
					if counts(d.Change) || d.Significant {
						t.Errorf("%s %s: %+v", dir, cf.ID, d)
					}
				}
			}
		}
	}
}

// TestDecidersNameUsersFirst: the users the capacity serves, the number
// a buyer plans with, lead the deltas that decided a verdict, however
// small their change.
func TestDecidersNameUsersFirst(t *testing.T) {
	ds := largestFirst([]Delta{
		{Metric: "tps", Old: 100, New: 150},
		{Metric: CapacityUsers, Old: 220, New: 199},
		{Metric: "ttft_ms", Old: 100, New: 300},
	})
	if ds[0].Metric != CapacityUsers || ds[1].Metric != "ttft_ms" || ds[2].Metric != "tps" {
		t.Errorf("order: %v, %v, %v; want users, then the largest change first", ds[0].Metric, ds[1].Metric, ds[2].Metric)
	}
}

// TestPairing: one configuration a side is paired whatever its id
// (PairSingle); otherwise by id, or by --match; and a configuration of
// one side only keeps its own numbers.
func TestPairing(t *testing.T) {
	l := lvl(1, 100, 50, 1)
	b := cfg("b", l)
	c := mustNew(t, report("a", cfg("a", l)), report("b", b), Options{})
	if len(c.Configs) != 1 || c.Configs[0].Pairing != PairSingle || c.Configs[0].CandidateID != "b" || len(c.Unmatched.Configs) != 0 {
		t.Errorf("one a side: %+v, unmatched %+v", c.Configs, c.Unmatched.Configs)
	}
	c = mustNew(t, report("a", cfg("a", l)), report("b", cfg("a", l)), Options{})
	if c.Configs[0].Pairing != PairByID {
		t.Errorf("same id: pairing %q", c.Configs[0].Pairing)
	}
	c = mustNew(t, report("a", cfg("a", l)), report("b", b), Options{Match: []Pair{{"a", "b"}}})
	if c.Configs[0].Pairing != PairByMatch {
		t.Errorf("--match: pairing %q", c.Configs[0].Pairing)
	}
	// Two configurations on the candidate's side: nothing pairs the
	// baseline's "a" with either, and each keeps its numbers.
	x := withCapacity(cfg("x", lvl(1, 120, 40, 2), lvl(2, 150, 35, 3)), 2, true, 30)
	c = mustNew(t, report("a", cfg("a", l)), report("b", b, x), Options{})
	if len(c.Configs) != 0 || len(c.Unmatched.Configs) != 3 {
		t.Fatalf("two on one side: %d pairs, unmatched %+v", len(c.Configs), c.Unmatched.Configs)
	}
	u := c.Unmatched.Configs[2]
	if u.Side != SideCandidate || u.ID != "x" || u.Capacity.Max != 2 || !u.Capacity.LowerBound || len(u.Levels) != 2 ||
		u.Levels[1].TTFT != 150 || u.Levels[1].TTFTStat != analyze.P90 || u.Levels[1].TPS != 35 || u.Levels[1].SystemRPS != 3 {
		t.Errorf("one-sided x: %+v", u)
	}
}

// TestOneRunPerSide: the comparison says when no level compared was
// measured in several runs.
func TestOneRunPerSide(t *testing.T) {
	if c := mustNew(t, report("a", cfg("a", lvl(1, 100, 50, 1))), report("b", cfg("a", lvl(1, 100, 50, 1))), Options{}); !c.OneRunPerSide {
		t.Error("one run a side: OneRunPerSide false")
	}
	if c := mustNew(t, report("a", cfg("a", runsLevel(1, 100, 3, 95, 105))), report("b", cfg("a", lvl(1, 100, 50, 1))), Options{}); c.OneRunPerSide {
		t.Error("three runs on a side: OneRunPerSide true")
	}
}
