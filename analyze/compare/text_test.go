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
// delta named as the verdict lines (and --fail-on regression) name it.
func TestWriteText(t *testing.T) {
	c := mustNew(t, report("a", cfg("a", lvl(2, 200, 50, 4))), report("b", cfg("a", lvl(2, 150, 60, 3))),
		Options{BaselineSource: "x/a", CandidateSource: "y/b"})
	var b strings.Builder
	if err := c.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := `baseline:  a (x/a)
candidate: b (y/b)
a difference counts from 5% on, and where a test is possible only when significant (p < 0.05)

a: mixed
  C_max p90  0  →  0  –  ~  (no test)
  users p90  0  →  0  –  ~  (no test)
  load  TTFT p90 (ms)                           TPS mean (tok/s)                      system (req/s)
  c=2   200  →  150  -25.0%  better  (no test)  50  →  60  +20.0%  better  (no test)  4  →  3  -25.0%  worse  (no test)
  decided by: TTFT p90 at c=2 200 → 150 (-25.0%); TPS mean at c=2 50 → 60 (+20.0%); system req/s at c=2 4 → 3 (-25.0%)

verdict: mixed (1 mixed)
`
	if b.String() != want {
		t.Errorf("the text:\n%s\nwant:\n%s", b.String(), want)
	}
	d := delta(t, c.Configs[0], Metric(analyze.TTFT), analyze.P90, 2)
	if got, want := c.DeltaText(d), "TTFT p90 at c=2 200 → 150 (-25.0%)"; got != want {
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
