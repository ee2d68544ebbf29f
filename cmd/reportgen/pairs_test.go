package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/analyze/compare"
	"github.com/openzeka/reportgen/internal/samplegen"
)

// writePair writes a comparison pair of internal/samplegen into dir:
// dir/<name>-before and dir/<name>-after, folders of one configuration
// each, of other ids.
func writePair(t *testing.T, dir string, p samplegen.Pair) (before, after string) {
	t.Helper()
	before, after = filepath.Join(dir, p.Name+"-before"), filepath.Join(dir, p.Name+"-after")
	for folder, files := range map[string]map[string][]byte{before: p.Before, after: p.After} {
		for name, data := range files {
			writeFile(t, filepath.Join(folder, name), data)
		}
	}
	return before, after
}

// TestComparePairs: the verdicts on the four kinds of pair users have
// (internal/samplegen): an FP16 → FP8 upgrade with per-request arrays,
// better; an engine variant whose throughput is better at every level
// and whose one untested P99 regressed, better; one setup measured
// twice, whose P90 of 10 requests and C_max moved by noise, no change;
// a rerun a few percent faster, no change. Each side is one
// configuration of another id, paired without --match, and stdout says
// so; --fail-on regression passes each (exit 0), and --fail-on change
// fails the two that changed (exit 3). Each side compared with itself
// is no change, exit 0.
func TestComparePairs(t *testing.T) {
	work := t.TempDir()
	for _, tc := range []pairCase{
		{samplegen.FP8Upgrade(), "better", compare.Delta{}},
		{samplegen.EngineVariant(), "better", compare.Delta{Metric: "ttft_ms", Stat: "p99", Load: load(16)}},
		{samplegen.DayApart(), "no_change", compare.Delta{Metric: compare.CapacityLoad, Stat: "p90"}},
		{samplegen.Rerun(), "no_change", compare.Delta{Metric: "ttft_ms", Stat: "p90", Load: load(16)}},
	} {
		checkPair(t, work, tc)
	}
}

func load(x float64) *analyze.Load {
	l := analyze.Load(x)
	return &l
}

// pairCase is a comparison pair and what compare must say of it.
type pairCase struct {
	pair    samplegen.Pair
	verdict string
	// unconfirmed is a change beyond the threshold listed as
	// unconfirmed, not counted: metric, statistic, load (nil: the
	// configuration's).
	unconfirmed compare.Delta
}

// checkPair compares a pair as TestComparePairs says.
func checkPair(t *testing.T, work string, tc pairCase) {
	t.Helper()
	before, after := writePair(t, work, tc.pair)
	out := filepath.Join(work, tc.pair.Name+"-out")
	code, stdout, stderr := runIn(t, "", "compare", "--fail-on", "regression", "--format", "md", "--lang", "en", "-o", out, before, after)
	if code != 0 {
		t.Errorf("%s: exit %d, want 0: %s", tc.pair.Name, code, stderr)
	}
	for _, want := range []string{"\nverdict: " + tc.verdict + " (1 " + tc.verdict + ")\n", "paired as the only configuration of each side (no --match needed)"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("%s: stdout lacks %q:\n%s", tc.pair.Name, want, stdout)
		}
	}
	c := readComparison(t, filepath.Join(out, "compare.json"))
	if len(c.Configs) != 1 || string(c.Configs[0].Verdict) != tc.verdict || c.Configs[0].Pairing != compare.PairSingle || !c.OneRunPerSide {
		t.Fatalf("%s: compare.json %+v", tc.pair.Name, c.Configs)
	}
	if u := tc.unconfirmed; u.Metric != "" && !slices.ContainsFunc(c.Configs[0].Unconfirmed, func(d compare.Delta) bool {
		return d.Metric == u.Metric && d.Stat == u.Stat && (u.Load == nil) == (d.Load == nil) && (u.Load == nil || *u.Load == *d.Load) && d.Unconfirmed && d.Change == compare.Unchanged
	}) {
		t.Errorf("%s: %s %s at %v is not among the unconfirmed: %+v", tc.pair.Name, u.Metric, u.Stat, u.Load, c.Configs[0].Unconfirmed)
	}
	if tc.pair.Name == "fp8-upgrade" {
		// The noisy P99 at c=2 (the slowest of 64 requests, 8 % slower):
		// tested on the requests, not significant, no change.
		for _, d := range c.Configs[0].Deltas {
			if d.Metric == "ttft_ms" && d.Stat == "p99" && d.Load != nil && *d.Load == 2 &&
				(d.Direction != "worse" || !d.Beyond || d.Test != compare.TestQuantile || d.Change != compare.Unchanged || d.Unconfirmed) {
				t.Errorf("fp8 TTFT p99 at c=2: %+v", d)
			}
		}
	}
	wantGate := 0
	if tc.verdict != "no_change" {
		wantGate = 3
	}
	if code, _, stderr := runIn(t, "", "compare", "--fail-on", "change", before, after); code != wantGate ||
		wantGate == 3 && !strings.Contains(stderr, "--fail-on change: ") {
		t.Errorf("%s: --fail-on change: exit %d, want %d: %s", tc.pair.Name, code, wantGate, stderr)
	}
	for _, side := range []string{before, after} {
		code, stdout, stderr := runIn(t, "", "compare", "--fail-on", "change", side, side)
		if code != 0 || !strings.Contains(stdout, "\nverdict: no_change (1 no_change)\n") {
			t.Errorf("%s against itself: exit %d: %s%s", side, code, stdout, stderr)
		}
	}
}
