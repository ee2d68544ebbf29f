package compare

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
)

// TestTextNumbers: values in about four significant digits, never in
// exponent form; deltas to a tenth of a percent, a change that rounds
// to nothing without a sign.
func TestTextNumbers(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{1327, "1327"}, {141.08, "141.1"}, {78.214, "78.21"}, {0.56451, "0.5645"},
		{1e12, "1000000000000"}, {0.00012345, "0.000123"}, {-2.5, "-2.500"},
		{math.Inf(1), "∞"}, {math.NaN(), "–"},
	} {
		if got := value(c.x); got != c.want {
			t.Errorf("value(%v) = %q, want %q", c.x, got, c.want)
		}
	}
	for _, c := range []struct {
		x    float64
		want string
	}{
		{12.34, "+12.3%"}, {-48.66, "-48.7%"},
		{0.05, "+0.1%"}, {0.049, "0.0%"}, // rounds up to a tenth, or to nothing
		{-0.05, "-0.1%"}, {-0.049, "0.0%"}, // no "-0.0%"
		{0, "0.0%"}, {math.NaN(), "–"},
	} {
		if got := pct(c.x); got != c.want {
			t.Errorf("pct(%v) = %q, want %q", c.x, got, c.want)
		}
	}
	if got := bound(32, true); got != "≥32" {
		t.Errorf("bound(32, at least) = %q", got)
	}
}

// TestAlign: numbers (also "≥32", "+1.0%", "∞" and "→") right-aligned,
// text left-aligned, columns two spaces apart, short rows padded.
func TestAlign(t *testing.T) {
	got := align([][]string{
		{"load", "TTFT", "→", "x"},
		{"c=1", "≥32", "→", "+1.0%"},
		{"c=16", "∞"},
	})
	want := []string{
		"load  TTFT  →  x    ",
		"c=1    ≥32  →  +1.0%",
		"c=16     ∞          ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("align:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestWriteText: the text of a small comparison, line by line, and a
// delta named as the verdict lines (and --fail-on) name it: one
// configuration a side, of other ids, paired as they are; TTFT P90
// better at six levels of six (the sign test confirms it); TPS better
// at one level only (unconfirmed).
func TestWriteText(t *testing.T) {
	old := grid(6, func(x float64) analyze.Level { return lvl(x, 100*x, 50, x/2) })
	cand := grid(6, func(x float64) analyze.Level {
		tps := 50.0
		if x == 2 {
			tps = 60
		}
		return lvl(x, 80*x, tps, x/2)
	})
	cand.ID = "b"
	c := mustNew(t, report("a", old), report("b", cand), Options{BaselineSource: "x/a", CandidateSource: "y/b"})
	var b strings.Builder
	if err := c.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := `baseline:  a (x/a)
candidate: b (y/b)
a difference counts from 5% on, and only when confirmed: by its own test (p < 0.05), or where it has none by the sign test across levels (p < 0.05)

a → b: better
  paired as the only configuration of each side (no --match needed)
  C_max p90  0  →  0  –  ~  (no test)
  users p90  0  →  0  –  ~  (no test)
  load  TTFT p90 (ms)                                 TPS mean (tok/s)                     system (req/s)
  c=1   100  →   80  -20.0%  better  (across levels)  50  →  50    0.0%  ~  (no test)      0.5000  →  0.5000  0.0%  ~  (no test)
  c=2   200  →  160  -20.0%  better  (across levels)  50  →  60  +20.0%  ~  (unconfirmed)       1  →       1  0.0%  ~  (no test)
  c=3   300  →  240  -20.0%  better  (across levels)  50  →  50    0.0%  ~  (no test)       1.500  →   1.500  0.0%  ~  (no test)
  c=4   400  →  320  -20.0%  better  (across levels)  50  →  50    0.0%  ~  (no test)           2  →       2  0.0%  ~  (no test)
  c=5   500  →  400  -20.0%  better  (across levels)  50  →  50    0.0%  ~  (no test)       2.500  →   2.500  0.0%  ~  (no test)
  c=6   600  →  480  -20.0%  better  (across levels)  50  →  50    0.0%  ~  (no test)           3  →       3  0.0%  ~  (no test)
  across levels: TTFT p90 better by 5% or more at 6 of 6 levels (sign test p=0.031; median -20.0%)  better
  across levels: TPS mean better by 5% or more at 1 of 6 levels (sign test p=1.000; median 0.0%)  ~
  decided by: TTFT p90 at c=1 100 → 80 (-20.0%); TTFT p90 at c=2 200 → 160 (-20.0%); TTFT p90 at c=3 300 → 240 (-20.0%); TTFT p90 better by 5% or more at 6 of 6 levels (sign test p=0.031; median -20.0%)
  unconfirmed (no test, no trend across levels; not counted): TPS mean at c=2 50 → 60 (+20.0%)

verdict: better (1 better)
`
	if b.String() != want {
		t.Errorf("the text:\n%s\nwant:\n%s", b.String(), want)
	}
	d := delta(t, c.Configs[0], Metric(analyze.TTFT), analyze.P90, 2)
	if got, want := c.DeltaText(d), "TTFT p90 at c=2 200 → 160 (-20.0%)"; got != want {
		t.Errorf("DeltaText = %q, want %q", got, want)
	}
	c.Axis = analyze.AxisRate
	if got := c.metricName(CapacityLoad); got != "R_max" {
		t.Errorf("the capacity on a rate axis is %q, want R_max", got)
	}
}

// TestWriteTextError: WriteText returns the writer's first error and
// writes nothing after it.
func TestWriteTextError(t *testing.T) {
	c := mustNew(t, report("a", cfg("a", lvl(1, 100, 50, 1))), report("b", cfg("a", lvl(1, 100, 50, 1))), Options{})
	w := &failingWriter{after: 2}
	if err := c.WriteText(w); !errors.Is(err, errDiskFull) {
		t.Errorf("WriteText: %v, want the writer's error", err)
	}
	if w.calls != 3 {
		t.Errorf("%d writes, want 3: two that worked and the one that failed", w.calls)
	}
}

var errDiskFull = errors.New("disk full")

// failingWriter fails every write after the first after.
type failingWriter struct{ after, calls int }

func (f *failingWriter) Write(p []byte) (int, error) {
	f.calls++
	if f.calls > f.after {
		return 0, errDiskFull
	}
	return len(p), nil
}
