package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
	"github.com/openzeka/reportgen/internal/outdir"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/chart"
	"github.com/openzeka/reportgen/render/report"
)

// version is set at link time (make build: -ldflags "-X main.version=…");
// otherwise it comes from the module's build information.
var version = ""

// buildVersion is the version reportgen prints and marks its output with.
func buildVersion() string {
	bi, _ := debug.ReadBuildInfo()
	return versionOf(version, bi)
}

// versionOf is the version of a binary stamped with stamp (-X
// main.version, "" when not) and built as bi says (nil: unknown): the
// stamp; else the main module's version (a tag, or the pseudo-version
// go build makes of the commit); else, for a build that recorded the
// commit but no version, a pseudo-version made the same way of
// vcs.time and vcs.revision ("+dirty" for uncommitted changes), or the
// revision alone; else "devel".
func versionOf(stamp string, bi *debug.BuildInfo) string {
	if stamp != "" {
		return stamp
	}
	if bi == nil {
		return "devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	vcs := map[string]string{}
	for _, s := range bi.Settings {
		vcs[s.Key] = s.Value
	}
	rev := vcs["vcs.revision"]
	if rev == "" {
		return "devel"
	}
	const short = 12 // as Go's pseudo-versions abbreviate a commit
	if len(rev) > short {
		rev = rev[:short]
	}
	dirty := ""
	if vcs["vcs.modified"] == "true" {
		dirty = "+dirty"
	}
	if t, err := time.Parse(time.RFC3339, vcs["vcs.time"]); err == nil {
		return "v0.0.0-" + t.UTC().Format("20060102150405") + "-" + rev + dirty
	}
	return "devel-" + rev + dirty
}

// usageError marks an error in how reportgen was called (exit status 2).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

func isUsage(err error) bool {
	var u *usageError
	return errors.As(err, &u)
}

// asUsage is err as a usage error when it is outdir's refusal of the
// arguments (an *outdir.ArgError), else err.
func asUsage(err error) error {
	var a *outdir.ArgError
	if errors.As(err, &a) {
		return &usageError{err.Error()}
	}
	return err
}

const mainUsage = `reportgen turns LLM-serving benchmark results into customer-ready reports.

Usage:
  reportgen build [flags] PATH...   build the report of each report folder under PATH
  reportgen compare [flags] BASELINE CANDIDATE
                                    compare two campaigns: deltas, significance, a verdict
  reportgen init FOLDER             write a commented report.toml listing FOLDER's configurations
  reportgen version                 print the version
  reportgen help [COMMAND]          show this help or the help of a command

Run "reportgen help build" or "reportgen help compare" for their flags.
`

// run is the whole program; main only maps its error to an exit status.
// getenv supplies the environment (SOURCE_DATE_EPOCH). Help asked for
// goes to stdout; a usage error is returned once, for main to print.
func run(ctx context.Context, stdout, stderr io.Writer, args []string, getenv func(string) string) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, mainUsage)
		return usagef("no command given")
	}
	switch args[0] {
	case "build":
		return build(ctx, stdout, stderr, args[1:], getenv)
	case "compare":
		return compareCmd(ctx, stdout, stderr, args[1:], getenv)
	case "init":
		return initFolder(stdout, stderr, args[1:], getenv)
	case "version", "-version", "--version":
		if len(args) > 1 {
			return usagef("version takes no arguments")
		}
		fmt.Fprintln(stdout, "reportgen", buildVersion())
		return nil
	case "help", "-h", "-help", "--help":
		if len(args) == 1 {
			fmt.Fprint(stdout, mainUsage)
			return nil
		}
		switch args[1] {
		case "build":
			return build(ctx, stdout, stderr, []string{"--help"}, getenv)
		case "compare":
			return compareCmd(ctx, stdout, stderr, []string{"--help"}, getenv)
		case "init":
			return initFolder(stdout, stderr, []string{"--help"}, getenv)
		case "version":
			fmt.Fprintln(stdout, "Usage: reportgen version\n\nPrints the version of reportgen.")
			return nil
		}
		return usagef("help %s: no such command; expected build, compare, init or version", args[1])
	}
	return usagef("unknown command %q; run \"reportgen help\"", args[0])
}

// buildConfig is the parsed command line of build.
type buildConfig struct {
	out       string
	langs     []string
	formats   []string
	overrides analyze.Options
	input     ingest.ReadOptions
	strict    bool
	paths     []string
}

var knownFormats = []string{"md", "html", "pdf"}

const buildUsage = `Usage: reportgen build [flags] PATH...

Builds the reports found under each PATH, deciding what a folder is by its
content (docs/inputs.md, "Layouts"):
  - a folder with a report.toml is a report;
  - a folder of one tool's runs, one per load level (directly or in
    per-level sub-folders such as 16/, c16/, concurrency_16/), is a report
    of that one configuration;
  - a folder of configurations (result files, export folders, folders of
    runs) is one report with one configuration each;
  - a folder of report folders gives one report per folder.
Each report goes to OUT/<folder name>/: analysis.json, and per language
<lang>/report.md, report.html, report.pdf and charts/.

Flags override report.toml, which overrides the defaults.

Flags:
`

// setting is a numeric flag that remembers whether it was given, so that
// 0 is a value and not "unset", and that is checked against its range.
type setting struct {
	dst **float64
	r   ingest.Range
}

func (s setting) String() string {
	if s.dst == nil || *s.dst == nil {
		return ""
	}
	return strconv.FormatFloat(**s.dst, 'g', -1, 64)
}

func (s setting) Set(v string) error {
	x, err := ingest.ParseSetting(v)
	if errors.Is(err, strconv.ErrRange) {
		// A decimal past what a float64 holds (1e400): out of range,
		// in the words of every other value out of range.
		return fmt.Errorf("%s is out of range; expected %s", strings.TrimSpace(v), s.r)
	}
	if err != nil {
		return fmt.Errorf("%w; expected %s", err, s.r)
	}
	if err := s.r.Check(x); err != nil {
		return err
	}
	*s.dst = &x
	return nil
}

// interactivity is --interactivity: a setting in InteractivityRange
// whose 0 is refused by name (0 tok/s per user is no target), not
// taken for "unset".
type interactivity struct{ setting }

func (v interactivity) Set(s string) error {
	if x, err := ingest.ParseSetting(s); err == nil && x == 0 {
		return fmt.Errorf("0 tok/s per user is no target; expected %s (leave the flag out to use the TPS SLO)", v.r)
	}
	return v.setting.Set(s)
}

// parseFlags parses args with fs, quietly: help asked for is printed on
// stdout (errHelp), and a flag error becomes one usage error.
func parseFlags(fs *flag.FlagSet, stdout io.Writer, args []string) error {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(stdout)
		fs.Usage()
		return errHelp
	}
	if err != nil {
		return usagef("%s: %v (see \"reportgen help %s\")", fs.Name(), err, fs.Name())
	}
	return nil
}

// errHelp: the help asked for was printed; nothing else to do.
var errHelp = errors.New("help printed")

func parseBuild(stdout, stderr io.Writer, args []string, getenv func(string) string) (*buildConfig, error) {
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	cfg := &buildConfig{}
	var langs, formats, pct string
	fs.StringVar(&cfg.out, "o", "out", "output `DIR`")
	fs.StringVar(&langs, "lang", strings.Join(render.Languages, ","), "report `languages`, comma-separated ("+strings.Join(render.Languages, ", ")+")")
	fs.StringVar(&formats, "format", strings.Join(knownFormats, ","), "output `formats`, comma-separated (md, html, pdf)")
	def := analyze.DefaultParams()
	fs.Var(setting{&cfg.overrides.SLOTTFTms, ingest.TTFTRange}, "slo-ttft-ms", fmt.Sprintf("TTFT SLO threshold in `ms`, above 0 (default %g, or the manifest's)", def.SLOTTFTms))
	fs.Var(setting{&cfg.overrides.SLOTPS, ingest.TPSRange}, "slo-tps", fmt.Sprintf("per-user TPS SLO threshold in `tok/s`; 0 sets none (default %g, or the manifest's)", def.SLOTPS))
	fs.Var(setting{&cfg.overrides.ThinkS, ingest.ThinkRange}, "think-s", fmt.Sprintf("think time for Little's law in `seconds`; 0 is a closed loop (default %g, or the manifest's)", def.ThinkS))
	fs.Var(setting{&cfg.overrides.TiePct, ingest.TieRange}, "tie-pct", fmt.Sprintf("differences under this `percent` are ties, not wins (default %g, or the manifest's)", def.TiePct))
	fs.Var(interactivity{setting{&cfg.overrides.Interactivity, ingest.InteractivityRange}}, "interactivity",
		"target interactivity in `tok/s` per user, above 0, at which each config's throughput per GPU and cost are read within the SLOs (default one every config reaches within them, else the TPS SLO)")
	fs.StringVar(&pct, "percentile", "", "`statistic` of the headline capacity: p90 or mean (default p90, or the manifest's)")
	var input string
	fs.StringVar(&input, "input-format", "", "force the input `format` of every result file instead of detecting it: "+strings.Join(ingest.FormatNames(), ", "))
	fs.BoolVar(&cfg.strict, "strict", false, "fail a report that has warnings (anomalies, ignored columns) or skips files that are not results")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), buildUsage)
		fs.PrintDefaults()
	}
	paths, err := parseInterspersed(fs, stdout, args)
	if err != nil {
		return nil, err
	}
	cfg.paths = paths
	if len(cfg.paths) == 0 {
		fs.SetOutput(stderr)
		fs.Usage()
		return nil, usagef("build: no PATH given")
	}
	if cfg.langs, err = list("--lang", langs, render.Languages); err != nil {
		return nil, err
	}
	if cfg.formats, err = list("--format", formats, knownFormats); err != nil {
		return nil, err
	}
	if strings.TrimSpace(cfg.out) == "" {
		return nil, usagef("-o: no folder given")
	}
	if input != "" {
		if !slices.Contains(ingest.FormatNames(), input) {
			return nil, usagef("--input-format %q: expected one of %s", input, strings.Join(ingest.FormatNames(), ", "))
		}
		cfg.input.Format = input
	}
	switch pct {
	case "", "p90", "mean":
		cfg.overrides.Percentile = analyze.Percentile(pct)
	default:
		return nil, usagef("--percentile %q: expected p90 or mean", pct)
	}
	now, err := buildTime(getenv)
	if err != nil {
		return nil, err
	}
	cfg.overrides.Now = now
	return cfg, nil
}

// maxEpoch is the last second of the year 9999, the latest date a report
// can print.
const maxEpoch = 253402300799

// buildTime is SOURCE_DATE_EPOCH when set (reproducible builds), else now.
func buildTime(getenv func(string) string) (time.Time, error) {
	if s := getenv("SOURCE_DATE_EPOCH"); s != "" {
		sec, err := strconv.ParseInt(s, 10, 64)
		if err != nil || sec < 0 || sec > maxEpoch {
			return time.Time{}, usagef("SOURCE_DATE_EPOCH %q: expected seconds since 1970, at most %d (the end of 9999)", s, maxEpoch)
		}
		return time.Unix(sec, 0).UTC(), nil
	}
	return time.Now().UTC(), nil
}

// list splits a comma-separated flag value and checks each item.
func list(flagName, value string, known []string) ([]string, error) {
	var out []string
	for _, item := range strings.Split(value, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if !slices.Contains(known, item) {
			return nil, usagef("%s: unknown value %q; expected %s", flagName, item, strings.Join(known, ", "))
		}
		if !slices.Contains(out, item) {
			out = append(out, item)
		}
	}
	if len(out) == 0 {
		return nil, usagef("%s: no value given; expected %s", flagName, strings.Join(known, ", "))
	}
	return out, nil
}

func build(ctx context.Context, stdout, stderr io.Writer, args []string, getenv func(string) string) error {
	cfg, err := parseBuild(stdout, stderr, args, getenv)
	if errors.Is(err, errHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	var found []ingest.Target
	var ignored []string
	for _, p := range cfg.paths {
		ts, skipped, err := ingest.Discover(p)
		if err != nil {
			return usagef("%v", err) // a PATH that is not a report folder
		}
		found = append(found, ts...)
		ignored = append(ignored, skipped...)
	}
	if len(ignored) > 0 {
		fmt.Fprintf(stderr, "reportgen: not report folders (hidden, not folders, or reports reportgen wrote): %s\n", listSome(ignored, 10))
	}
	targets, err := planTargets(cfg.out, cfg.paths, found)
	if err != nil {
		return err
	}
	w := outdir.NewWriter(buildVersion())
	var failed []string
	for _, t := range targets {
		if err := ctx.Err(); err != nil {
			return err
		}
		shown := filepath.Join(cfg.out, t.Name)
		log, err := buildOne(ctx, t, shown, cfg, w)
		for _, line := range log {
			fmt.Fprintf(stderr, "reportgen: %s\n", line)
		}
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			fmt.Fprintf(stderr, "reportgen: %s: %v\n", t.Name, err)
			failed = append(failed, t.Name)
			continue
		}
		fmt.Fprintf(stdout, "%s → %s\n", t.Dir, shown)
	}
	if len(failed) > 0 {
		return fmt.Errorf("%d of %d reports failed: %s", len(failed), len(targets), strings.Join(failed, ", "))
	}
	return nil
}

// target is one report folder and where its report goes.
type target struct {
	outdir.Dest
	asConfig bool // the folder is one configuration's runs
}

// planTargets places the report of each report folder found under the
// paths given in out (outdir.Plan); its refusals are usage errors.
func planTargets(out string, paths []string, found []ingest.Target) ([]target, error) {
	var dirs []string
	asConfig := map[string]bool{}
	for _, f := range found {
		dirs = append(dirs, f.Dir)
		asConfig[f.Dir] = f.AsConfig
	}
	ds, err := outdir.Plan(out, paths, dirs)
	if err != nil {
		return nil, asUsage(err)
	}
	ts := make([]target, len(ds))
	for i, d := range ds {
		ts[i] = target{d, asConfig[d.Dir]}
	}
	return ts, nil
}

// buildOne reads, analyzes and renders one report folder and writes it
// to its destination through w. log holds the lines to print: input
// warnings, and information such as the anomalies flagged.
func buildOne(ctx context.Context, t target, shown string, cfg *buildConfig, w *outdir.Writer) (log []string, err error) {
	if err := outdir.Check(t.Path, shown); err != nil {
		return nil, err
	}
	a := analysis{input: cfg.input, overrides: cfg.overrides, strict: cfg.strict}
	a.input.PairedOnly = true // the editions test no distribution
	report, log, warnings, err := a.read(t.Dir, t.Name, t.asConfig)
	if err != nil {
		return log, err
	}
	dropSamples(report)
	logo, err := readLogo(t.Dir, report.Meta.Logo)
	if err != nil {
		return log, err
	}
	files, glyphs, err := renderFiles(ctx, report, cfg, logo)
	if err != nil {
		return log, err
	}
	warnings = append(warnings, glyphWarnings(t.Name, glyphs)...)
	for _, w := range warnings {
		log = append(log, "warning: "+w)
	}
	if cfg.strict && len(warnings) > 0 {
		return log, fmt.Errorf("--strict: %d warning(s)", len(warnings))
	}
	return log, w.Write(ctx, t.Path, shown, files)
}

// dropSamples lets the per-request samples of the report's levels go:
// the analysis has used them (goodput), the editions show none, and at
// a million requests they are 16 MB that would otherwise stay alive
// while the charts are drawn. (compare keeps them, for its tests.)
func dropSamples(r *analyze.Report) {
	for i := range r.Configs {
		for j := range r.Configs[i].Levels {
			r.Configs[i].Levels[j].Samples = nil
		}
	}
}

// analysis is how a report folder is read and analyzed: what build and
// compare share.
type analysis struct {
	input     ingest.ReadOptions
	overrides analyze.Options
	strict    bool
}

// read reads and analyzes the report folder dir, named name (asConfig:
// the folder is one configuration's runs). log holds the lines to print
// (what was not read, the anomalies flagged), warnings the input's
// warnings (and under --strict the anomalies), which --strict turns into
// a failure once the caller has added its own.
func (a analysis) read(dir, name string, asConfig bool) (report *analyze.Report, log, warnings []string, err error) {
	opt := a.input
	opt.AsConfig = asConfig
	campaign, err := ingest.Read(dir, opt)
	if err != nil {
		return nil, nil, nil, err
	}
	if a.strict && len(campaign.NotResults) > 0 {
		return nil, log, nil, fmt.Errorf("--strict: holds files or folders that are not results: %s", listSome(campaign.NotResults, 10))
	}
	if len(campaign.Ignored) > 0 {
		log = append(log, fmt.Sprintf("%s: not read (hidden names, side files and other files that are not results, runs also read from another file, reports reportgen wrote): %s", name, listSome(byName(campaign.Ignored), 10)))
	}
	if s := unreadKeys(name, campaign.UnreadKeys); s != "" {
		log = append(log, s)
	}
	report, err = analyze.Build(campaign, a.overrides)
	if err != nil {
		return nil, log, nil, err
	}
	for _, w := range report.Warnings {
		warnings = append(warnings, w.Message)
	}
	if a.strict {
		for _, an := range report.Anomalies {
			warnings = append(warnings, fmt.Sprintf("%s: %s: %s", name, an.Config, an.Message))
		}
	} else if s := anomalySummary(name, report.Anomalies); s != "" {
		log = append(log, s)
	}
	return report, log, warnings, nil
}

// unreadKeys is the one info line naming the keys of result files that
// their tool does not write and reportgen left unread (a misspelt key
// such as benchmark_serving.py's "request_goodput:", what --metadata
// added): not a warning, since nothing in them is wrong with the data,
// so --strict does not refuse them. "" when there are none.
func unreadKeys(name string, keys []string) string {
	if len(keys) == 0 {
		return ""
	}
	const shown = 10
	more := ""
	if len(keys) > shown {
		keys, more = keys[:shown], fmt.Sprintf("; and %d more files", len(keys)-shown)
	}
	return fmt.Sprintf("%s: keys not read (not among the keys their tool writes: misspelt, or added with --metadata): %s%s", name, strings.Join(keys, "; "), more)
}

// anomalySummary is the one line that tells what the analysis flagged:
// anomalies are findings of the report (its data-quality section), not
// problems with the build, so they are counted here, not listed.
func anomalySummary(name string, as []analyze.Anomaly) string {
	if len(as) == 0 {
		return ""
	}
	kinds := map[string]int{}
	for _, a := range as {
		kinds[string(a.Kind)]++
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(kinds)) {
		parts = append(parts, fmt.Sprintf("%d %s", kinds[k], k))
	}
	noun := "anomalies"
	if len(as) == 1 {
		noun = "anomaly"
	}
	return fmt.Sprintf("%s: %d %s flagged in the report's data-quality notes (%s)", name, len(as), noun, strings.Join(parts, ", "))
}

// formatBits are the render formats named in formats.
func formatBits(formats []string) render.Format {
	var bits render.Format
	for f, bit := range map[string]render.Format{"md": render.FormatMarkdown, "html": render.FormatHTML, "pdf": render.FormatPDF} {
		if slices.Contains(formats, f) {
			bits |= bit
		}
	}
	return bits
}

// glyphWarnings word what the fonts cannot show of the output named name.
func glyphWarnings(name string, g glyphTrouble) []string {
	var out []string
	if len(g.pdf) > 0 {
		out = append(out, fmt.Sprintf("%s: the PDF fonts cannot draw %s; the PDF prints them as question marks", name, quoteRunes(g.pdf)))
	}
	if len(g.charts) > 0 {
		out = append(out, fmt.Sprintf("%s: the chart font cannot draw %s in configuration names; the PNG charts leave them out", name, quoteRunes(g.charts)))
	}
	if g.rtl {
		out = append(out, fmt.Sprintf("%s: right-to-left text (Arabic, Hebrew, …) is drawn left to right in the PDF, its letters unjoined", name))
	}
	return out
}

// glyphTrouble is what the embedded fonts cannot show of a report.
type glyphTrouble struct {
	pdf, charts []rune
	rtl         bool
}

// add merges o into g.
func (g *glyphTrouble) add(o glyphTrouble) {
	for _, r := range o.pdf {
		if !slices.Contains(g.pdf, r) {
			g.pdf = append(g.pdf, r)
		}
	}
	for _, r := range o.charts {
		if !slices.Contains(g.charts, r) {
			g.charts = append(g.charts, r)
		}
	}
	g.rtl = g.rtl || o.rtl
}

// renderFiles renders every edition and format asked for: the files of
// the report folder by relative path, and the characters its PDFs
// cannot draw.
func renderFiles(ctx context.Context, report *analyze.Report, cfg *buildConfig, logo []byte) (map[string][]byte, glyphTrouble, error) {
	js, err := json.MarshalIndent(report, "", "  ")
	if err != nil {
		return nil, glyphTrouble{}, err
	}
	files, g, err := renderLanguages(ctx, cfg.langs, formatBits(cfg.formats), logo, func(opt render.Options) (editionFiles, error) {
		return renderEdition(report, opt)
	})
	if err != nil {
		return nil, glyphTrouble{}, err
	}
	files["analysis.json"] = append(js, '\n')
	return files, g, nil
}

// renderLanguages renders one edition per language with render, the
// editions concurrently, and merges their files and glyph trouble; the
// files are the same as one after the other, and so is the error: the
// first language's.
func renderLanguages(ctx context.Context, langs []string, formats render.Format, logo []byte, render1 func(render.Options) (editionFiles, error)) (map[string][]byte, glyphTrouble, error) {
	eds := make([]editionFiles, len(langs))
	errs := make([]error, len(langs))
	var wg sync.WaitGroup
	for i, lang := range langs {
		wg.Go(func() {
			if errs[i] = ctx.Err(); errs[i] == nil {
				eds[i], errs[i] = render1(render.Options{Lang: lang, Formats: formats, Logo: logo})
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, glyphTrouble{}, err
		}
	}
	files := map[string][]byte{}
	var g glyphTrouble
	for _, ed := range eds {
		maps.Copy(files, ed.files)
		g.add(ed.glyphs)
	}
	slices.Sort(g.pdf)
	slices.Sort(g.charts)
	return files, g, nil
}

// editionFiles are one edition's files by their path in the report
// folder, and what of it the embedded fonts cannot show.
type editionFiles struct {
	files  map[string][]byte
	glyphs glyphTrouble
}

// renderEdition renders one edition of the report in the formats opt
// asks for.
func renderEdition(r *analyze.Report, opt render.Options) (editionFiles, error) {
	ed, err := render.New(report.New(r), opt)
	if err != nil {
		return editionFiles{}, fmt.Errorf("%s edition: %w", opt.Lang, err)
	}
	return editionOutput(ed, ed.Markdown, "report", opt)
}

// edition is a rendered edition, of a report or of a comparison.
type edition interface {
	Charts() []chart.Chart
	HTML() ([]byte, error)
	PDF() ([]byte, error)
	Unprintable() []rune
	ChartUnprintable() []rune
	RightToLeft() bool
}

// editionOutput writes edition ed (Markdown md) in the formats opt asks
// for as LANG/stem.{md,html,pdf}, its HTML and PDF made concurrently. The
// chart files are those the Markdown links (PNG) and the SVGs beside an
// HTML page.
func editionOutput(ed edition, md []byte, stem string, opt render.Options) (editionFiles, error) {
	lang := opt.Lang
	out := editionFiles{files: map[string][]byte{}}
	wantMD, html, pdf := opt.Formats&render.FormatMarkdown != 0, opt.Formats&render.FormatHTML != 0, opt.Formats&render.FormatPDF != 0
	for _, c := range ed.Charts() {
		if wantMD {
			out.files[filepath.Join(lang, "charts", c.Name+".png")] = c.PNG
		}
		if html {
			out.files[filepath.Join(lang, "charts", c.Name+".svg")] = c.SVG
		}
	}
	if wantMD {
		out.files[filepath.Join(lang, stem+".md")] = md
	}
	var page, doc []byte
	var htmlErr, pdfErr error
	var wg sync.WaitGroup
	if html {
		wg.Go(func() { page, htmlErr = ed.HTML() })
	}
	if pdf {
		wg.Go(func() { doc, pdfErr = ed.PDF() })
	}
	wg.Wait()
	for _, err := range []error{htmlErr, pdfErr} {
		if err != nil {
			return editionFiles{}, fmt.Errorf("%s edition: %w", lang, err)
		}
	}
	if html {
		out.files[filepath.Join(lang, stem+".html")] = page
	}
	if pdf {
		out.files[filepath.Join(lang, stem+".pdf")] = doc
		out.glyphs.pdf = ed.Unprintable()
		out.glyphs.rtl = ed.RightToLeft()
	}
	if wantMD || pdf {
		out.glyphs.charts = ed.ChartUnprintable()
	}
	return out, nil
}

// byName shortens a list of paths for a message: a name that several
// paths end in is given once with its count ("inputs.json ×4"), in the
// place of its first; other paths stay whole, and so does a path given
// with its reason ("b.csv (the same file as a.csv: a hard link)").
func byName(paths []string) []string {
	count := map[string]int{}
	for _, p := range paths {
		count[path.Base(p)]++
	}
	var out []string
	done := map[string]bool{}
	for _, p := range paths {
		name := path.Base(p)
		switch {
		case count[name] == 1 || strings.Contains(p, " ("):
			out = append(out, p)
		case !done[name]:
			done[name] = true
			out = append(out, fmt.Sprintf("%s ×%d", name, count[name]))
		}
	}
	return out
}

// listSome lists at most n items, then counts the rest.
func listSome(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(items[:n], ", "), len(items)-n)
}

// quoteRunes lists characters for a message: "😀" (U+1F600), "中" (U+4E2D).
func quoteRunes(rs []rune) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, fmt.Sprintf("%q (%U)", string(r), r))
	}
	return strings.Join(parts, ", ")
}

// maxLogoBytes caps the logo file; its pixels are checked by render.
const maxLogoBytes = 20 << 20

// readLogo reads the manifest's logo, which must be a regular PNG or
// JPEG file inside the report folder (the manifest reader checked the
// path) of at most maxLogoBytes.
func readLogo(dir, rel string) ([]byte, error) {
	if rel == "" {
		return nil, nil
	}
	where := filepath.Join(dir, ingest.ManifestName)
	p := filepath.Join(dir, filepath.FromSlash(rel))
	st, err := os.Stat(p)
	if err != nil {
		return nil, fmt.Errorf("%s: logo: %w", where, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: logo %q is not a regular file; expected a PNG or JPEG image", where, rel)
	}
	if st.Size() > maxLogoBytes {
		return nil, fmt.Errorf("%s: logo %q is %d bytes; expected at most %d (%d MiB)", where, rel, st.Size(), maxLogoBytes, maxLogoBytes>>20)
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, fmt.Errorf("%s: logo: %w", where, err)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxLogoBytes+1))
	// The file was only read, but a failed close is reported all the
	// same, after a failed read.
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("%s: logo: %w", where, err)
	}
	if len(data) > maxLogoBytes {
		return nil, fmt.Errorf("%s: logo %q is over %d MiB", where, rel, maxLogoBytes>>20)
	}
	if !bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")) && !bytes.HasPrefix(data, []byte{0xFF, 0xD8, 0xFF}) {
		return nil, fmt.Errorf("%s: logo %q is not a PNG or JPEG image", where, rel)
	}
	return data, nil
}
