package main

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/analyze/compare"
)

// The summary compare prints on stdout for CI logs, as benchstat prints
// its tables: per configuration its capacity and, per common level, the
// headline statistics (TTFT at the headline percentile, TPS mean, the
// system's request throughput) old → new with the delta, a mark
// ("better", "worse", "~" for no change, "?" when the data cannot tell)
// and the test ("p=0.012" for Mann–Whitney U, "runs 3+3", "(no test)");
// then each configuration's verdict, the overall verdict, and what was
// not compared.

// headlineColumns are the level metrics the summary shows.
var headlineColumns = []struct {
	metric compare.Metric
	name   string
	unit   string
}{
	{compare.Metric(analyze.TTFT), "TTFT", "ms"},
	{compare.Metric(analyze.TPS), "TPS", "tok/s"},
	{compare.Metric(analyze.SystemRPS), "system", "req/s"},
}

// writeSummary writes the comparison's summary.
func writeSummary(w io.Writer, c *compare.Comparison) {
	fmt.Fprintf(w, "baseline:  %s (%s)\ncandidate: %s (%s)\n", c.Baseline.Name, c.Baseline.Source, c.Candidate.Name, c.Candidate.Source)
	fmt.Fprintf(w, "a difference counts from %s%% on, and where a test is possible only when significant (p < %s)\n", num(c.ThresholdPct), num(c.Alpha))
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
	for _, cfg := range c.Configs {
		fmt.Fprintln(w)
		writeConfig(w, c, cfg)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "verdict: %s (%s)\n", c.Verdict, verdictCounts(c.Configs))
	for _, u := range c.Unmatched.Configs {
		fmt.Fprintf(w, "not matched: %s config %s\n", u.Side, u.ID)
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

func levelReason(u compare.UnmatchedLevel) string {
	switch u.Reason {
	case "one_side":
		return "measured by the " + u.Side + " only"
	case "load_not_reached":
		if u.Side == compare.SideBoth {
			return "load not reached on either side"
		}
		return "load not reached by the " + u.Side
	}
	return u.Reason
}

func verdictCounts(cfgs []compare.Config) string {
	var parts []string
	for _, v := range []compare.Verdict{compare.Better, compare.Worse, compare.Mixed, compare.NoChange, compare.Incomparable} {
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

func orNone(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

// writeConfig writes one configuration's block.
func writeConfig(w io.Writer, c *compare.Comparison, cfg compare.Config) {
	name := cfg.ID
	if cfg.CandidateID != cfg.ID {
		name += " → " + cfg.CandidateID
	}
	fmt.Fprintf(w, "%s: %s\n", name, cfg.Verdict)
	var capRows [][]string
	for _, d := range cfg.Deltas {
		if d.Load == nil && d.Headline {
			capRows = append(capRows, append([]string{metricName(c, d.Metric) + " " + string(d.Stat)}, deltaCells(d)...))
		}
	}
	writeTable(w, "  ", capRows)
	if len(cfg.Levels) > 0 {
		writeTable(w, "  ", levelRows(c, cfg))
	} else {
		fmt.Fprintln(w, "  no level compared")
	}
	if len(cfg.DecidedBy) > 0 {
		fmt.Fprintf(w, "  decided by: %s\n", deltaList(c, cfg.DecidedBy))
	}
	if len(cfg.Against) > 0 {
		fmt.Fprintf(w, "  against it: %s\n", deltaList(c, cfg.Against))
	}
}

// levelRows is the table of a configuration's headline deltas at its
// common levels: a row per level, a column group per headline metric
// (old → new, delta, mark, test, aligned within the group).
func levelRows(c *compare.Comparison, cfg compare.Config) [][]string {
	rows := [][]string{{"load"}}
	for _, x := range cfg.Levels {
		rows = append(rows, []string{c.Axis.Label(x)})
	}
	for _, col := range headlineColumns {
		stat := ""
		cells := make([][]string, len(cfg.Levels))
		for i, x := range cfg.Levels {
			cells[i] = []string{"–", "", "", "", "", ""}
			if d, ok := headlineAt(cfg, col.metric, x); ok {
				cells[i] = deltaCells(d)
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
		for i, g := range table(cells) {
			rows[i+1] = append(rows[i+1], g)
		}
	}
	return rows
}

// metricNames are the summary's names of the metrics.
var metricNames = map[compare.Metric]string{
	compare.Metric(analyze.TTFT): "TTFT", compare.Metric(analyze.ITL): "ITL", compare.Metric(analyze.TPS): "TPS",
	compare.Metric(analyze.Latency): "latency", compare.Metric(analyze.SystemRPS): "system req/s",
	compare.Metric(analyze.AggregateTPS): "aggregate tok/s", compare.CapacityLoad: "C_max", compare.CapacityUsers: "users",
	compare.TPSPerGPU: "tok/s per GPU",
}

func metricName(c *compare.Comparison, m compare.Metric) string {
	if m == compare.CapacityLoad && c.Axis == analyze.AxisRate {
		return "R_max"
	}
	if n, ok := metricNames[m]; ok {
		return n
	}
	return string(m)
}

// headlineAt is the headline delta of metric m at load x.
func headlineAt(cfg compare.Config, m compare.Metric, x analyze.Load) (compare.Delta, bool) {
	for _, d := range cfg.Deltas {
		if d.Headline && d.Metric == m && d.Load != nil && *d.Load == x {
			return d, true
		}
	}
	return compare.Delta{}, false
}

// deltaCells are a delta's six cells: old, →, new, delta, mark, test.
func deltaCells(d compare.Delta) []string {
	return []string{bound(d.Old, d.OldAtLeast), "→", bound(d.New, d.NewAtLeast), pct(d.DeltaPct), mark(d.Change), testText(d)}
}

// deltaList names deltas for the verdict lines.
func deltaList(c *compare.Comparison, ds []compare.Delta) string {
	var parts []string
	for _, d := range ds {
		what := metricName(c, d.Metric)
		if d.Stat != "" {
			what += " " + string(d.Stat)
		}
		if d.Load != nil {
			what += " at " + c.Axis.Label(*d.Load)
		}
		parts = append(parts, fmt.Sprintf("%s %s → %s (%s)", what, bound(d.Old, d.OldAtLeast), bound(d.New, d.NewAtLeast), pct(d.DeltaPct)))
	}
	return strings.Join(parts, "; ")
}

func mark(ch compare.Change) string {
	switch ch {
	case compare.Improved:
		return "better"
	case compare.Regressed:
		return "worse"
	case compare.Unchanged:
		return "~"
	}
	return "?"
}

func testText(d compare.Delta) string {
	switch {
	case d.Change == compare.Unknown:
		return "(" + strings.ReplaceAll(d.Reason, "_", " ") + ")"
	case d.Test == compare.TestMannWhitney:
		return "p=" + strconv.FormatFloat(d.PValue, 'f', 3, 64)
	case d.Test == compare.TestRuns:
		return fmt.Sprintf("runs %d+%d", d.NOld, d.NNew)
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

func bound(x float64, atLeast bool) string {
	s := value(x)
	if atLeast {
		s = "≥" + s
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

func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// writeTable writes rows as aligned columns, each line indented, with
// no trailing blanks.
func writeTable(w io.Writer, indent string, rows [][]string) {
	for _, line := range table(rows) {
		fmt.Fprintln(w, strings.TrimRight(indent+line, " "))
	}
}

// table aligns rows into lines of equal width: columns two spaces apart,
// numbers (and "→") right-aligned, text left-aligned.
func table(rows [][]string) []string {
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
