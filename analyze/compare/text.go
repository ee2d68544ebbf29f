package compare

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/openzeka/reportgen/analyze"
)

// The text form of a comparison, which reportgen compare prints on
// stdout for CI logs as benchstat prints its tables: per configuration
// how it was paired, its capacity and, per common level, the headline
// statistics (TTFT at the headline percentile, TPS mean, the system's
// request throughput) old → new with the delta, a mark ("better",
// "worse", "~" for no change, "?" when the data cannot tell) and how it
// was judged ("welch p=0.012" for a mean, "quantile p=0.031" for a
// percentile, "runs 3+3", "(across levels)" when the trend confirmed
// it, "(unconfirmed)" for a difference beyond the threshold that nothing
// confirmed, "(no test)"); the headline trends across levels ("better
// at 7 of 7, sign p=0.016"); what is unconfirmed; then each
// configuration's verdict, the overall verdict, and what was not
// compared. Numbers are written without a locale: a point for
// decimals, no grouping.

// textColumns are the level metrics the text shows.
var textColumns = []struct {
	metric Metric
	name   string
	unit   string
}{
	{Metric(analyze.TTFT), "TTFT", "ms"},
	{Metric(analyze.TPS), "TPS", "tok/s"},
	{Metric(analyze.SystemRPS), "system", "req/s"},
}

// WriteText writes the comparison to w as text: what it compares and
// what differs between the sides, a table per configuration, the
// verdicts and what was not compared. The error is the first of w's.
func (c *Comparison) WriteText(w io.Writer) error {
	ew := &errWriter{w: w}
	c.writeText(ew)
	return ew.err
}

// errWriter is a writer that keeps the first error of w and writes
// nothing after it.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

// writeText writes the text of c (WriteText).
func (c *Comparison) writeText(w io.Writer) {
	fmt.Fprintf(w, "baseline:  %s (%s)\ncandidate: %s (%s)\n", c.Baseline.Name, c.Baseline.Source, c.Candidate.Name, c.Candidate.Source)
	fmt.Fprintf(w, "a difference counts from %s%% on, and only when confirmed: by its own test (p < %s), or where it has none by the sign test across levels (p < %s)\n",
		plain(c.ThresholdPct), plain(c.Alpha), plain(c.Alpha))
	if c.OneRunPerSide && c.tested() {
		fmt.Fprintln(w, "one run per side: a p-value says these two runs differ, not that a rerun would; rerun before acting on a change under 10%")
	}
	if c.AnyEstimated() {
		fmt.Fprintln(w, "≈ an estimate: a mean latency the files do not give (mean TTFT + mean TPOT × (mean output tokens − 1)), or users counted from one; its change is a change of estimates")
	}
	for _, d := range c.Differences {
		where := ""
		if d.Config != "" {
			where = d.Config + " "
		}
		fmt.Fprintf(w, "differs: %s%s: %s → %s\n", where, d.Key, orNone(d.Old), orNone(d.New))
	}
	for _, r := range c.Refused {
		where := "every config"
		if r.Config != "" {
			where = r.Config
		}
		fmt.Fprintf(w, "not compared: %s %s (%s: %s → %s)\n", where, r.Metric, strings.ReplaceAll(r.Reason, "_", " "), orNone(r.Old), orNone(r.New))
	}
	for _, cf := range c.Configs {
		fmt.Fprintln(w)
		c.writeConfig(w, cf)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "verdict: %s (%s)\n", c.Verdict, verdictCounts(c.Configs))
	for _, u := range c.Unmatched.Configs {
		fmt.Fprintf(w, "not matched: %s config %s (%s %s %s)\n", u.Side, u.ID, c.metricName(CapacityLoad), c.Percentile, bound(float64(u.Capacity.Max), u.Capacity.LowerBound))
	}
	axisNoted := map[string]bool{}
	for _, u := range c.Unmatched.Levels {
		if u.Reason == "axis_differs" {
			if !axisNoted[u.Config] {
				axisNoted[u.Config] = true
				fmt.Fprintf(w, "not compared: %s, every level (the load axes differ: %s against %s)\n", u.Config, c.Baseline.Axis, c.Candidate.Axis)
			}
			continue
		}
		fmt.Fprintf(w, "not compared: %s %s (%s)\n", u.Config, c.Axis.Label(u.Load), levelReason(u))
	}
}

// AnyEstimated reports whether some delta of c compares a value that is
// an estimate on a side (Delta.OldEstimated, NewEstimated).
func (c *Comparison) AnyEstimated() bool {
	for _, cf := range c.Configs {
		for _, d := range cf.Deltas {
			if d.OldEstimated || d.NewEstimated {
				return true
			}
		}
	}
	return false
}

// levelReason says why a level was not compared.
func levelReason(u UnmatchedLevel) string {
	switch u.Reason {
	case "one_side":
		return "measured by the " + u.Side + " only"
	case "load_not_reached":
		if u.Side == SideBoth {
			return "load not reached on either side"
		}
		return "load not reached by the " + u.Side
	}
	return u.Reason
}

// verdictCounts counts the configurations of each verdict: "1 better, 2
// no_change".
func verdictCounts(cfgs []Config) string {
	var parts []string
	for _, v := range []Verdict{Better, Worse, Mixed, NoChange, Incomparable} {
		n := 0
		for _, c := range cfgs {
			if c.Verdict == v {
				n++
			}
		}
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, v))
		}
	}
	return strings.Join(parts, ", ")
}

// orNone is a setting as the text shows it: "unknown" for none.
func orNone(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

// writeConfig writes one configuration's block.
func (c *Comparison) writeConfig(w io.Writer, cf Config) {
	name := cf.ID
	if cf.CandidateID != cf.ID {
		name += " → " + cf.CandidateID
	}
	fmt.Fprintf(w, "%s: %s\n", name, cf.Verdict)
	if cf.Pairing == PairSingle {
		fmt.Fprintln(w, "  paired as the only configuration of each side (no --match needed)")
	}
	var capRows [][]string
	for _, d := range cf.Deltas {
		if d.Load == nil && d.Headline {
			capRows = append(capRows, append([]string{c.metricName(d.Metric) + " " + string(d.Stat)}, c.deltaCells(d)...))
		}
	}
	writeTable(w, "  ", capRows)
	if len(cf.Levels) > 0 {
		writeTable(w, "  ", c.levelRows(cf))
	} else {
		fmt.Fprintln(w, "  no level compared")
	}
	for _, t := range cf.AcrossLevels {
		if t.Headline && t.Levels > 1 && t.BeyondBetter+t.BeyondWorse > 0 {
			fmt.Fprintf(w, "  across levels: %s  %s\n", c.TrendText(t), mark(t.Change))
		}
	}
	if by := c.evidenceList(cf.DecidedBy, cf.DecidedAcross); by != "" {
		fmt.Fprintf(w, "  decided by: %s\n", by)
	}
	if against := c.evidenceList(cf.Against, cf.AgainstAcross); against != "" {
		fmt.Fprintf(w, "  against it: %s\n", against)
	}
	if n := len(cf.Unconfirmed); n > 0 {
		more := ""
		if n > unconfirmedShown {
			more = fmt.Sprintf("; and %d more", n-unconfirmedShown)
		}
		fmt.Fprintf(w, "  unconfirmed (no test, no trend across levels; not counted): %s%s\n", c.deltaList(head(cf.Unconfirmed, unconfirmedShown)), more)
	}
}

// unconfirmedShown is how many unconfirmed deltas a configuration's
// block names.
const unconfirmedShown = 3

// tested reports whether any delta of c had a test of its own.
func (c *Comparison) tested() bool {
	for _, cf := range c.Configs {
		for _, d := range cf.Deltas {
			if d.Test != TestNone {
				return true
			}
		}
	}
	return false
}

// TrendText names a trend in one line: "TPS mean better by 5% or more
// at 7 of 7 levels (sign test p=0.016; median +9.8%)".
func (c *Comparison) TrendText(t Trend) string {
	what := c.metricName(t.Metric)
	if t.Stat != "" {
		what += " " + string(t.Stat)
	}
	by := ""
	if c.ThresholdPct > 0 {
		by = " by " + plain(c.ThresholdPct) + "% or more"
	}
	moved := fmt.Sprintf("%s%s at %d of %d levels", t.Direction, by, max(t.BeyondBetter, t.BeyondWorse), t.Levels)
	switch {
	case t.BeyondBetter+t.BeyondWorse == 0:
		moved = fmt.Sprintf("within %s%% at %d levels", plain(c.ThresholdPct), t.Levels)
	case t.Direction == "":
		moved = fmt.Sprintf("better%s at %d and worse at %d of %d levels", by, t.BeyondBetter, t.BeyondWorse, t.Levels)
	}
	return fmt.Sprintf("%s %s (sign test p=%s; median %s)", what, moved, strconv.FormatFloat(t.PValue, 'f', 3, 64), pct(t.MedianPct))
}

// evidenceList names deltas and trends for the verdict lines, "; "
// between them.
func (c *Comparison) evidenceList(ds []Delta, ts []Trend) string {
	var parts []string
	for _, d := range ds {
		parts = append(parts, c.DeltaText(d))
	}
	for _, t := range ts {
		parts = append(parts, c.TrendText(t))
	}
	return strings.Join(parts, "; ")
}

// EvidenceText names one piece of evidence (Confirmed) in one line.
func (c *Comparison) EvidenceText(e Evidence) string {
	if e.Trend != nil {
		return e.Config + " " + c.TrendText(*e.Trend)
	}
	return e.Config + " " + c.DeltaText(*e.Delta)
}

// levelRows is the table of a configuration's headline deltas at its
// common levels: a row per level, a column group per headline metric
// (old → new, delta, mark, test, aligned within the group).
func (c *Comparison) levelRows(cf Config) [][]string {
	rows := [][]string{{"load"}}
	for _, x := range cf.Levels {
		rows = append(rows, []string{c.Axis.Label(x)})
	}
	for _, col := range textColumns {
		stat := ""
		cells := make([][]string, len(cf.Levels))
		for i, x := range cf.Levels {
			cells[i] = []string{"–", "", "", "", "", ""}
			if d, ok := headlineAt(cf, col.metric, x); ok {
				cells[i] = c.deltaCells(d)
				if stat == "" {
					stat = string(d.Stat)
				}
			}
		}
		head := col.name
		if stat != "" {
			head += " " + stat
		}
		rows[0] = append(rows[0], head+" ("+col.unit+")")
		for i, g := range align(cells) {
			rows[i+1] = append(rows[i+1], g)
		}
	}
	return rows
}

// textNames are the text's names of the metrics.
var textNames = map[Metric]string{
	Metric(analyze.TTFT): "TTFT", Metric(analyze.ITL): "ITL", Metric(analyze.TPS): "TPS",
	Metric(analyze.Latency): "latency", Metric(analyze.SystemRPS): "system req/s",
	Metric(analyze.AggregateTPS): "aggregate tok/s", CapacityLoad: "C_max", CapacityUsers: "users",
	TPSPerGPU: "tok/s per GPU",
}

// metricName is the text's name of m: C_max is R_max on a rate axis.
func (c *Comparison) metricName(m Metric) string {
	if m == CapacityLoad && c.Axis == analyze.AxisRate {
		return "R_max"
	}
	if n, ok := textNames[m]; ok {
		return n
	}
	return string(m)
}

// headlineAt is the headline delta of metric m at load x.
func headlineAt(cf Config, m Metric, x analyze.Load) (Delta, bool) {
	for _, d := range cf.Deltas {
		if d.Headline && d.Metric == m && d.Load != nil && *d.Load == x {
			return d, true
		}
	}
	return Delta{}, false
}

// deltaCells are a delta's six cells: old, →, new, delta, mark, test.
func (c *Comparison) deltaCells(d Delta) []string {
	return []string{estimated(bound(d.Old, d.OldAtLeast), d.OldEstimated), "→", estimated(bound(d.New, d.NewAtLeast), d.NewEstimated),
		pct(d.DeltaPct), mark(d.Change), c.testText(d)}
}

// DeltaText names the delta d of c in one line, as the text's verdict
// lines do: what (metric, statistic, load), old → new and the change in
// percent, "TTFT p90 at c=32 1420 → 728.2 (-48.7%)".
func (c *Comparison) DeltaText(d Delta) string {
	what := c.metricName(d.Metric)
	if d.Stat != "" {
		what += " " + string(d.Stat)
	}
	if d.Load != nil {
		what += " at " + c.Axis.Label(*d.Load)
	}
	return fmt.Sprintf("%s %s → %s (%s)", what, estimated(bound(d.Old, d.OldAtLeast), d.OldEstimated),
		estimated(bound(d.New, d.NewAtLeast), d.NewEstimated), pct(d.DeltaPct))
}

// deltaList names deltas for the verdict lines, "; " between them.
func (c *Comparison) deltaList(ds []Delta) string {
	var parts []string
	for _, d := range ds {
		parts = append(parts, c.DeltaText(d))
	}
	return strings.Join(parts, "; ")
}

// mark is a change as the text shows it.
func mark(ch Change) string {
	switch ch {
	case Improved:
		return "better"
	case Regressed:
		return "worse"
	case Unchanged:
		return "~"
	}
	return "?"
}

// testText is how a delta was judged: "welch p=0.012", "quantile
// p=0.031", "runs 3+3", "(across levels)", "(at c=32)" for a capacity
// its bounding level confirmed, "(unconfirmed)", "(no test)", or why
// its change is unknown.
func (c *Comparison) testText(d Delta) string {
	switch {
	case d.Change == Unknown:
		return "(" + strings.ReplaceAll(d.Reason, "_", " ") + ")"
	case d.Test == TestWelch:
		return "welch p=" + strconv.FormatFloat(d.PValue, 'f', 3, 64)
	case d.Test == TestQuantile:
		return "quantile p=" + strconv.FormatFloat(d.PValue, 'f', 3, 64)
	case d.Test == TestRuns:
		return fmt.Sprintf("runs %d+%d", d.NOld, d.NNew)
	case d.ConfirmedBy == ConfirmedByLevels:
		return "(across levels)"
	case d.ConfirmedBy == ConfirmedBySameMeasure:
		return "(as TPS)"
	case d.ConfirmedBy == ConfirmedByLevel && d.ConfirmedAt != nil:
		return "(at " + c.Axis.Label(*d.ConfirmedAt) + ")"
	case d.Unconfirmed:
		return "(unconfirmed)"
	}
	return "(no test)"
}

// pct writes a delta in percent, "–" when there is none.
func pct(x float64) string {
	if !analyze.Known(x) {
		return "–"
	}
	s := strconv.FormatFloat(x, 'f', 1, 64)
	switch {
	case s == "-0.0" || s == "0.0":
		return "0.0%" // a change that rounds to nothing has no sign
	case x > 0:
		return "+" + s + "%"
	}
	return s + "%"
}

// bound writes a value, "≥" before it when it is a lower bound.
func bound(x float64, atLeast bool) string {
	s := value(x)
	if atLeast {
		s = "≥" + s
	}
	return s
}

// estimated marks a value that is an estimate (Delta.OldEstimated,
// NewEstimated), as the reports do: "≈221".
func estimated(s string, est bool) string {
	if est {
		return "≈" + s
	}
	return s
}

// value writes a number with about four significant digits, never in
// exponent form: 1327, 141.1, 78.21, 0.5645.
func value(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "∞"
	case !analyze.Known(x):
		return "–"
	case x == math.Trunc(x) && math.Abs(x) < 1e9:
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	digits := 3 - int(math.Floor(math.Log10(math.Abs(x))))
	return strconv.FormatFloat(x, 'f', min(max(digits, 0), 6), 64)
}

// plain writes a setting in as few digits as it takes: 5, 0.05.
func plain(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// writeTable writes rows as aligned columns, each line indented, with
// no trailing blanks.
func writeTable(w io.Writer, indent string, rows [][]string) {
	for _, line := range align(rows) {
		fmt.Fprintln(w, strings.TrimRight(indent+line, " "))
	}
}

// align aligns rows into lines of equal width: columns two spaces apart,
// numbers (and "→") right-aligned, text left-aligned.
func align(rows [][]string) []string {
	var widths []int
	for _, r := range rows {
		for i, cell := range r {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], utf8.RuneCountInString(cell))
		}
	}
	out := make([]string, len(rows))
	for j, r := range rows {
		var b strings.Builder
		for i := range widths {
			cell := ""
			if i < len(r) {
				cell = r[i]
			}
			if i > 0 {
				b.WriteString("  ")
			}
			gap := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(cell))
			if numeric(cell) {
				b.WriteString(gap + cell)
			} else {
				b.WriteString(cell + gap)
			}
		}
		out[j] = b.String()
	}
	return out
}

// numeric reports whether a cell is a number (right-aligned).
func numeric(s string) bool {
	s = strings.TrimPrefix(strings.TrimSuffix(s, "%"), "≥")
	_, err := strconv.ParseFloat(s, 64)
	return err == nil || s == "∞" || s == "→"
}
