package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
	"github.com/openzeka/reportgen/internal/outdir"
)

const initUsage = `Usage: reportgen init FOLDER

Writes FOLDER/report.toml: a commented manifest that lists every
configuration found in FOLDER (its id, the tool that wrote it, its load
levels) with the keys to fill in.

A folder of reports (as build finds them) gets one report.toml in each
report folder instead, none at its top: a report that has one already
keeps it, and a report that cannot be surveyed fails alone, the others
written.

An existing report.toml is never overwritten. Names are written escaped
for TOML; a configuration whose name is not valid UTF-8, which a TOML
file cannot hold, is refused: rename it first.
`

// initFolder is "reportgen init": it surveys a report folder, or each
// report of a folder of reports, and writes a manifest for the user to
// complete.
func initFolder(stdout, stderr io.Writer, args []string, getenv func(string) string) error {
	fs := flag.NewFlagSet("init", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(fs.Output(), initUsage) }
	if err := parseFlags(fs, stdout, args); err != nil {
		if errors.Is(err, errHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() != 1 {
		return usagef("init: expected one FOLDER, got %d arguments (see \"reportgen help init\")", fs.NArg())
	}
	dir := fs.Arg(0)
	if st, err := os.Stat(dir); err != nil {
		return err
	} else if !st.IsDir() {
		return usagef("init: %s is not a folder; expected a report folder", dir)
	}
	now, err := buildTime(getenv)
	if err != nil {
		return err
	}
	if _, err := os.Lstat(filepath.Join(dir, ingest.ManifestName)); err == nil {
		return existsError(filepath.Join(dir, ingest.ManifestName))
	}
	targets, ignored, err := ingest.Discover(dir)
	if err != nil {
		return err
	}
	if len(targets) == 1 && targets[0].Dir == dir {
		return initReport(stdout, dir, now)
	}
	if len(ignored) > 0 {
		fmt.Fprintf(stderr, "reportgen: not report folders (hidden, not folders, or reports reportgen wrote): %s\n", listSome(ignored, 10))
	}
	return initReports(stdout, stderr, targets, now)
}

// initReports writes a manifest into each report folder of targets that
// has none: those that have one keep it, and one that fails is named on
// stderr while the others are written. It fails when one did, or when
// every report has a manifest already (nothing written).
func initReports(stdout, stderr io.Writer, targets []ingest.Target, now time.Time) error {
	var failed []string
	kept := 0
	for _, t := range targets {
		p := filepath.Join(t.Dir, ingest.ManifestName)
		if _, err := os.Lstat(p); err == nil {
			fmt.Fprintf(stdout, "%s exists; kept\n", p)
			kept++
			continue
		}
		if err := initReport(stdout, t.Dir, now); err != nil {
			fmt.Fprintf(stderr, "reportgen: %s: %v\n", t.Dir, err)
			failed = append(failed, t.Dir)
		}
	}
	switch {
	case len(failed) > 0:
		return fmt.Errorf("init: %d of %d reports failed: %s", len(failed), len(targets), listSome(failed, 10))
	case kept == len(targets):
		return fmt.Errorf("init: every report has a %s already; nothing written (init never overwrites a manifest)", ingest.ManifestName)
	}
	return nil
}

// existsError is the refusal to overwrite the manifest p.
func existsError(p string) error {
	return fmt.Errorf("%s exists; init never overwrites a manifest (edit it, or move it away first)", p)
}

// initReport writes the manifest of the report folder dir.
func initReport(stdout io.Writer, dir string, now time.Time) error {
	found, err := ingest.Survey(dir)
	if err != nil {
		return err
	}
	if len(found) == 0 {
		return fmt.Errorf("%s: no configuration found: expected result files (.csv, .json, .jsonl, .zip) or folders of them", dir)
	}
	for _, c := range found {
		if !utf8.ValidString(c.ID) {
			return fmt.Errorf("%q: its name is not valid UTF-8, which report.toml (a UTF-8 file) cannot hold; rename it, then run init again", c.Path)
		}
	}
	resolved, err := outdir.RealPath(dir)
	if err != nil {
		return err
	}
	p := filepath.Join(dir, ingest.ManifestName)
	// O_EXCL: a manifest that exists, or appears meanwhile, is never
	// overwritten.
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return existsError(p)
	}
	if err != nil {
		return err
	}
	_, werr := io.WriteString(f, manifestTemplate(filepath.Base(resolved), dir, found, now))
	if err := errors.Join(werr, f.Close()); err != nil {
		return errors.Join(err, os.Remove(p))
	}
	unread := 0
	for _, c := range found {
		if c.Err != nil {
			unread++
		}
	}
	fmt.Fprintf(stdout, "%s: %d configuration(s) listed", p, len(found))
	if unread > 0 {
		fmt.Fprintf(stdout, ", %d of them not readable yet (see the comments)", unread)
	}
	fmt.Fprintln(stdout, "; fill in the commented keys, then run reportgen build")
	return nil
}

// manifestTemplate is the text of the manifest init writes.
func manifestTemplate(name, dir string, found []ingest.Found, now time.Time) string {
	var b strings.Builder
	fmt.Fprintf(&b, `# report.toml: the manifest of the report folder %s, written by
# "reportgen init". Every key but the [[configs]] ids is optional:
# uncomment and fill in what the report should say. A text may be given
# once, or per language: { tr = "…", en = "…" }. Every key is described
# in the README's "The manifest" section.

# title = { tr = "…", en = "…" }
# subtitle = "…"
# date = %q                   # the report's month; default: the month it is built
# prepared_by = "…"
# logo = "logo.png"               # PNG or JPEG in this folder, on the PDF cover
# customer = "…"                  # the customer the proposal is for (cover)
# reference = "…"                 # the proposal's number (cover)
# version = "1.0"                 # the document's version (cover)
# company = "…"                   # short company name (PDF footer)
# confidentiality = { tr = "Gizli", en = "Confidential" }   # cover and PDF footer
# think_s = 45                    # think time for Little's law, seconds; 0 is a closed loop

# [slo]
# ttft_ms = 1000                  # a level meets the TTFT SLO when TTFT ≤ this
# tps = 15                        # and the TPS SLO when per-user TPS ≥ this; 0 sets none
# percentile = "p90"              # statistic of the headline capacity: "p90" or "mean"

# [model]
# name = "…"
# vendor = "…"

# [hardware]
# platform = "…"                  # one line for the title block
# gpus = 8                        # the system's GPUs, for each config that gives none of its own; without it,
#                                 # a config's command: tensor × data × pipeline parallel size (--tensor-parallel-size 8)

# [cost]                          # without a price, the report gives no cost
# price_per_gpu_hour = 2.5        # the price of one GPU for one hour
# currency = "USD"                # its ISO 4217 code: "USD", "EUR", "TRY", …

# [benchmark]
# tool = "…"
# input_tokens = 128
# output_tokens = 128             # enables the latency = TTFT + ITL × (tokens − 1) check, and derives a vLLM mean latency missing (no e2el)
# rounds = 10                     # requests per level = rounds × concurrency
# warmup = 1

# One entry per configuration found, in report order (reorder them as
# you like). With [[configs]] given, every result file needs an entry,
# so that no configuration is left out silently.
`, comment(strconv.Quote(name)), now.Format("2006-01"))
	for _, c := range found {
		rel, err := filepath.Rel(dir, c.Path)
		if err != nil {
			rel = c.Path
		}
		b.WriteString("\n[[configs]]\n")
		fmt.Fprintf(&b, "id = %s\n", tomlString(c.ID))
		if filepath.Clean(c.Path) == filepath.Clean(dir) {
			rel = "."
			b.WriteString("path = \".\"                      # this folder is the configuration: its runs are its levels\n")
		}
		if c.Err != nil {
			fmt.Fprintf(&b, "# %s could not be read yet:\n", comment(filepath.ToSlash(rel)))
			for _, line := range strings.Split(c.Err.Error(), "\n") {
				fmt.Fprintf(&b, "#   %s\n", comment(line))
			}
			if errors.Is(c.Err, ingest.ErrNoConcurrency) {
				b.WriteString("# concurrency = 8                # the load of this one-run file, which does not state it\n")
			}
		} else {
			fmt.Fprintf(&b, "# %s: %s, %s\n", comment(filepath.ToSlash(rel)), c.Config.Format, levelList(c.Config.Levels))
		}
		mode := "direct"
		if analyze.InferSpeculative(c.ID) {
			mode = "speculative"
		}
		fmt.Fprintf(&b, "# name = %s\n", tomlString(c.ID))
		fmt.Fprintf(&b, "# engine = %s    # a direct and a speculative config of one engine are compared\n", tomlString(analyze.InferEngine(c.ID)))
		fmt.Fprintf(&b, "# mode = %q    # \"direct\" or \"speculative\"\n", mode)
		b.WriteString("# method = \"…\"                  # the speculative method (EAGLE-3, MTP, …)\n")
		b.WriteString("# draft_model = \"…\"\n")
		b.WriteString("# command = \"\"\"…\"\"\"               # the deployment command, printed in the report\n")
		b.WriteString("# gpus = 4                        # the GPUs it ran on, if not [hardware]'s gpus (throughput per GPU divides by them)\n")
	}
	return b.String()
}

// levelList names a configuration's load levels: "4 levels: c=1, 2, 4, 8"
// or "3 levels: 1, 4, ∞ req/s".
func levelList(levels []ingest.Level) string {
	var cs, rs []string
	for _, l := range levels {
		switch {
		case l.Concurrency > 0:
			cs = append(cs, strconv.Itoa(l.Concurrency))
		case math.IsInf(l.Rate, 1):
			rs = append(rs, "∞")
		default:
			rs = append(rs, strconv.FormatFloat(l.Rate, 'g', -1, 64))
		}
	}
	var parts []string
	if len(cs) > 0 {
		parts = append(parts, "c="+strings.Join(cs, ", "))
	}
	if len(rs) > 0 {
		parts = append(parts, strings.Join(rs, ", ")+" req/s")
	}
	noun := "levels"
	if len(levels) == 1 {
		noun = "level"
	}
	return fmt.Sprintf("%d %s: %s", len(levels), noun, strings.Join(parts, "; "))
}

// tomlString is s as a TOML basic string: quote and backslash escaped,
// and every control or format character (newline, DEL, a bidirectional
// override) as an escape, so that what it holds can neither end the
// string nor the line, nor hide in the file. TOML strings are Unicode:
// a byte that is not UTF-8 cannot be written, and is written as U+FFFD
// (init refuses such a name before).
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == utf8.RuneError && invalidAt(s, i):
			b.WriteString(`\uFFFD`)
		case hiddenRune(r):
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// comment is s made safe for a TOML comment, which ends at a newline
// and may hold no other control character nor a byte that is not
// UTF-8: those are written as Go escapes (\n, \x7f, \xff), the rest
// as it is.
func comment(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == utf8.RuneError && invalidAt(s, i):
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case hiddenRune(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// invalidAt reports whether s holds a byte that is not UTF-8 at i.
func invalidAt(s string, i int) bool {
	_, size := utf8.DecodeRuneInString(s[i:])
	return size == 1
}

// hiddenRune reports whether r is a control character (C0, DEL, C1)
// or a format character (a bidirectional override, a zero-width
// joiner): written escaped in what init writes.
func hiddenRune(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029'
}
