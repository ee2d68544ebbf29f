package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze/compare"
)

// samplesDir is the repository's samples/, absolute.
func samplesDir(t *testing.T) string {
	t.Helper()
	p, err := filepath.Abs("../../samples")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func readComparison(t *testing.T, path string) *compare.Comparison {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var c compare.Comparison
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	return &c
}

// TestCompareExitCodes: 0 without --fail-on or without a regression, 3
// with one under --fail-on regression, 2 for every usage error.
func TestCompareExitCodes(t *testing.T) {
	t.Parallel()
	s := samplesDir(t)
	before, after, kimi := filepath.Join(s, "compare/before"), filepath.Join(s, "compare/after"), filepath.Join(s, "kimi-k3-b300")
	work := t.TempDir()
	if code, _, stderr := runIn(t, work, "build", "--format", "md", "--lang", "en", "-o", "out", kimi); code != 0 {
		t.Fatalf("build: %s", stderr)
	}
	analysis := filepath.Join(work, "out/kimi-k3-b300/analysis.json")
	other := filepath.Join(work, "other")
	data, err := os.ReadFile(filepath.Join(kimi, "vllm-direct.csv"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(other, "x.csv"), data)
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"compare", before, after}, 0, ""},
		{[]string{"compare", "--fail-on", "regression", before, after}, 3, "--fail-on regression: 3 headline statistics regressed, confirmed"},
		{[]string{"compare", "--fail-on", "regression", kimi, kimi}, 0, ""},
		{[]string{"compare", "--fail-on", "regression", "--threshold", "0", kimi, kimi}, 0, ""},
		{[]string{"compare", "--fail-on", "regression", "--threshold", "20", before, after}, 0, ""},
		{[]string{"compare", "--fail-on", "regression", analysis, kimi}, 0, ""},
		{[]string{"compare", before}, 2, "expected BASELINE and CANDIDATE, got 1"},
		{[]string{"compare", before, after, kimi}, 2, "got 3"},
		{[]string{"compare", "--fail-on", "error", before, after}, 2, `--fail-on "error": expected regression`},
		{[]string{"compare", "--threshold", "-1", before, after}, 2, "-threshold"},
		{[]string{"compare", "--threshold", "x", before, after}, 2, "-threshold"},
		{[]string{"compare", "--match", "vllm-direct", before, after}, 2, "expected BASELINE=CANDIDATE"},
		{[]string{"compare", "--match", "nope=vllm-direct", before, after}, 2, `the baseline has no configuration "nope"`},
		{[]string{"compare", "--slo-tps", "10", analysis, kimi}, 2, "--slo-tps applies to report folders only"},
		{[]string{"compare", "--slo-tps", "10", "--think-s", "5", analysis, kimi}, 2, "--slo-tps, --think-s apply to report folders only"},
		{[]string{"compare", filepath.Join(s, "compare"), after}, 2, "holds 2 reports"},
		{[]string{"compare", filepath.Join(work, "missing"), after}, 2, "missing"},
		{[]string{"compare", "-o", filepath.Join(s, "compare/before/out"), before, after}, 2, "lies inside the input folder"},
		{[]string{"compare", "-o", filepath.Join(s, "compare"), before, after}, 2, "holds the input folder"},
		{[]string{"compare", "-o", filepath.Join(work, "out/kimi-k3-b300"), analysis, kimi}, 2, "is the input folder"},
		{[]string{"compare", kimi, other}, 1, "no configuration of"},
	} {
		code, _, stderr := runIn(t, work, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: exit %d, want %d (%q)\nstderr: %s", tc.args[1:], code, tc.code, tc.msg, stderr)
		}
	}
}

// TestCompareThresholdZero: --threshold 0 is a value: every difference
// is beyond it, and still counts only when confirmed. sglang-direct is
// unchanged but for the noise of new requests: its untested system
// throughputs are unconfirmed, its tested TTFT P90 not significant, and
// its verdict no change.
func TestCompareThresholdZero(t *testing.T) {
	t.Parallel()
	s := samplesDir(t)
	work := t.TempDir()
	code, _, stderr := runIn(t, work, "compare", "--threshold", "0", "-o", "zero", filepath.Join(s, "compare/before"), filepath.Join(s, "compare/after"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	c := readComparison(t, filepath.Join(work, "zero/compare.json"))
	if c.ThresholdPct != 0 {
		t.Errorf("threshold %v, want 0", c.ThresholdPct)
	}
	var sg compare.Config
	for _, cf := range c.Configs {
		if cf.ID == "sglang-direct" {
			sg = cf
		}
	}
	for _, d := range sg.Deltas {
		if d.Load == nil || float64(*d.Load) != 1 {
			continue
		}
		switch {
		// 0.5337 → 0.5288 req/s, no test: beyond 0 %, unconfirmed.
		case d.Metric == "system_rps" && (d.Change != compare.Unchanged || !d.Beyond || !d.Unconfirmed):
			t.Errorf("system throughput at 0 %%: %+v", d)
		// TTFT P90 +28 %, p = 0.609: not significant whatever the threshold.
		case d.Metric == "ttft_ms" && d.Stat == "p90" && (d.Change != compare.Unchanged || !d.Beyond || d.Unconfirmed || d.Test != compare.TestQuantile):
			t.Errorf("TTFT P90 at 0 %%: %+v", d)
		}
	}
	if sg.Verdict != compare.NoChange || len(sg.Unconfirmed) == 0 {
		t.Errorf("sglang-direct at a threshold of 0 %%: %s, %d unconfirmed; want no_change with its noise unconfirmed", sg.Verdict, len(sg.Unconfirmed))
	}
}

// TestCompareDeterministic: two runs write the same compare.json and
// editions and print the same summary, byte for byte.
func TestCompareDeterministic(t *testing.T) {
	t.Parallel()
	s := samplesDir(t)
	work := t.TempDir()
	var outs []string
	written := []string{"compare.json", "en/compare.md", "en/compare.html", "en/compare.pdf", "tr/compare.md", "tr/compare.html", "tr/compare.pdf",
		"en/charts/01-delta-heatmap.png", "tr/charts/01-delta-heatmap.svg"}
	files := map[string][][]byte{}
	for _, dir := range []string{"a", "b"} {
		code, stdout, stderr := runIn(t, work, "compare", "-o", dir, filepath.Join(s, "compare/before"), filepath.Join(s, "compare/after"))
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		outs = append(outs, strings.TrimSuffix(stdout, dir+"\n"))
		for _, f := range written {
			data, err := os.ReadFile(filepath.Join(work, dir, f))
			if err != nil {
				t.Fatal(err)
			}
			files[f] = append(files[f], data)
		}
	}
	if outs[0] != outs[1] {
		t.Error("two runs print different summaries")
	}
	for _, f := range written {
		if !bytes.Equal(files[f][0], files[f][1]) {
			t.Errorf("two runs write different %s", f)
		}
	}
	// --lang and --format choose the editions.
	if code, _, stderr := runIn(t, work, "compare", "-o", "c", "--lang", "en", "--format", "md", filepath.Join(s, "compare/before"), filepath.Join(s, "compare/after")); code != 0 {
		t.Fatalf("--lang en --format md: exit %d: %s", code, stderr)
	}
	for f, want := range map[string]bool{"c/en/compare.md": true, "c/en/compare.pdf": false, "c/tr/compare.md": false, "c/en/charts/02-ttft.png": true, "c/en/charts/02-ttft.svg": false} {
		if _, err := os.Stat(filepath.Join(work, f)); (err == nil) != want {
			t.Errorf("--lang en --format md: %s written = %v, want %v", f, err == nil, want)
		}
	}
	// Written again into the same folder: replaced, not refused.
	if code, _, stderr := runIn(t, work, "compare", "-o", "a", filepath.Join(s, "compare/before"), filepath.Join(s, "compare/after")); code != 0 {
		t.Errorf("second run into a: exit %d: %s", code, stderr)
	}
	// A folder reportgen did not write is left alone.
	if err := os.MkdirAll(filepath.Join(work, "mine"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(work, "mine/notes.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runIn(t, work, "compare", "-o", "mine", filepath.Join(s, "compare/before"), filepath.Join(s, "compare/after")); code != 1 || !strings.Contains(stderr, "was not written by reportgen") {
		t.Errorf("foreign folder: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(work, "mine/compare.json")); err == nil {
		t.Error("compare.json written into a folder reportgen did not write")
	}
}

// TestCompareFromAnalysis: an analysis.json (or the report folder build
// wrote) compares as the folder it was built from, for summary data;
// per-request samples are not in analysis.json, so from it only the
// means are tested (Welch's t, on the standard deviations it keeps).
func TestCompareFromAnalysis(t *testing.T) {
	t.Parallel()
	s := samplesDir(t)
	work := t.TempDir()
	for _, dir := range []string{"kimi-k3-b300", "compare/before"} {
		if code, _, stderr := runIn(t, work, "build", "--format", "md", "--lang", "en", "-o", "out", filepath.Join(s, dir)); code != 0 {
			t.Fatalf("build: %s", stderr)
		}
	}
	kimi := filepath.Join(s, "kimi-k3-b300")
	for i, args := range [][]string{
		{"compare", "-o", "folders", kimi, kimi},
		{"compare", "-o", "json", "out/kimi-k3-b300/analysis.json", "out/kimi-k3-b300"},
	} {
		if code, _, stderr := runIn(t, work, args...); code != 0 {
			t.Fatalf("%d: exit %d: %s", i, code, stderr)
		}
	}
	a, b := readComparison(t, filepath.Join(work, "folders/compare.json")), readComparison(t, filepath.Join(work, "json/compare.json"))
	ja, _ := json.Marshal(a.Configs)
	jb, _ := json.Marshal(b.Configs)
	if !bytes.Equal(ja, jb) || a.Verdict != b.Verdict {
		t.Error("the analysis.json compares otherwise than its report folder")
	}
	if code, _, stderr := runIn(t, work, "compare", "-o", "mixed", "out/before/analysis.json", filepath.Join(s, "compare/before")); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	c := readComparison(t, filepath.Join(work, "mixed/compare.json"))
	for _, cf := range c.Configs {
		for _, d := range cf.Deltas {
			if d.Test == compare.TestWelch && d.Stat == "mean" && d.NOld >= 24 {
				continue
			}
			if d.Test != compare.TestNone || d.Metric == "ttft_ms" && d.Reason != "samples_one_side" {
				t.Fatalf("%s: a test without samples on both sides: %+v", cf.ID, d)
			}
		}
	}
}

// TestCompareMatch: --match pairs configurations of other ids; what is
// left is listed.
func TestCompareMatch(t *testing.T) {
	t.Parallel()
	s := samplesDir(t)
	kimi := filepath.Join(s, "kimi-k3-b300")
	code, stdout, stderr := runIn(t, t.TempDir(), "compare", "--match", "vllm-direct=sglang-direct", kimi, kimi)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"vllm-direct → sglang-direct: ", "not matched: baseline config sglang-direct", "not matched: candidate config vllm-direct"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("summary lacks %q:\n%s", want, stdout)
		}
	}
}
