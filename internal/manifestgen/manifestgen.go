// Package manifestgen writes the manifest that reportgen init leaves in
// a report folder: a commented report.toml that lists every
// configuration found, in report order, with what was read of it (its
// tool and load levels, or why it could not be read yet) and the keys
// to fill in. Only the [[configs]] headers and their ids are live, so
// that the manifest builds as written; every name is escaped for TOML
// (tomlString, comment), so that none can end a string or a line, hide
// in the file, or inject a key.
package manifestgen

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
)

// Template is the manifest of the report folder dir, named name (its
// real name), that lists the configurations found in it (ingest.Survey,
// each ID valid UTF-8), dated now: every key commented out but the
// [[configs]] ids.
func Template(name, dir string, found []ingest.Found, now time.Time) string {
	var b strings.Builder
	fmt.Fprintf(&b, `# report.toml: the manifest of the report folder %s, written by
# "reportgen init". Every key but the [[configs]] ids is optional:
# uncomment and fill in what the report should say. A text may be given
# once, or per language: { tr = "…", en = "…" }. Every key is described
# in reportgen's docs/manifest.md.

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

# [telemetry]                     # how power logs and DCGM exports are matched to runs
# utc_offset = "+03:00"           # the benchmark machine's offset from UTC: a DCGM export's times are UTC,
#                                 # vLLM's and AIPerf's run times are its wall-clock time, without a zone

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
	here := 0 // the configurations this folder itself is
	for _, c := range found {
		if filepath.Clean(c.Path) == filepath.Clean(dir) {
			here++
		}
	}
	for _, c := range found {
		rel, err := filepath.Rel(dir, c.Path)
		if err != nil {
			rel = c.Path
		}
		b.WriteString("\n[[configs]]\n")
		fmt.Fprintf(&b, "id = %s\n", tomlString(c.ID))
		switch {
		case filepath.Clean(c.Path) != filepath.Clean(dir):
		case here > 1:
			rel = "."
			b.WriteString("path = \".\"                      # this folder holds several configurations: the id says which\n")
		default:
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
