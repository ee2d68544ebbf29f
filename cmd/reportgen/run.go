package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
	"github.com/openzeka/reportgen/render"
)

// version is set at link time (-ldflags "-X main.version=…").
var version = "dev"

// usageError marks an error in how reportgen was called (exit status 2).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

func isUsage(err error) bool {
	var u *usageError
	return errors.As(err, &u) || errors.Is(err, flag.ErrHelp)
}

const mainUsage = `reportgen turns LLM-serving benchmark results into customer-ready reports.

Usage:
  reportgen build [flags] PATH...   build the report of each report folder under PATH
  reportgen version                 print the version
  reportgen help [build]            show this help or the help of build

Run "reportgen build --help" for the build flags.
`

// run is the whole program; main only maps its error to an exit status.
// getenv supplies the environment (SOURCE_DATE_EPOCH).
func run(ctx context.Context, stdout, stderr io.Writer, args []string, getenv func(string) string) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, mainUsage)
		return usagef("no command given")
	}
	switch args[0] {
	case "build":
		return build(ctx, stdout, stderr, args[1:], getenv)
	case "version":
		fmt.Fprintln(stdout, "reportgen", version)
		return nil
	case "help", "-h", "-help", "--help":
		if len(args) > 1 && args[1] == "build" {
			return build(ctx, stdout, stdout, []string{"--help"}, getenv)
		}
		fmt.Fprint(stdout, mainUsage)
		return nil
	}
	fmt.Fprint(stderr, mainUsage)
	return usagef("unknown command %q", args[0])
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

Builds one report per report folder. PATH is a report folder (it directly
holds a report.toml or result files: .csv, .json, .jsonl, .zip) or a folder
of report folders.
Each report goes to OUT/<folder name>/: analysis.json, and per language
<lang>/report.md, report.html, report.pdf and charts/.

Flags override report.toml, which overrides the defaults.

Flags:
`

func parseBuild(stderr io.Writer, args []string, getenv func(string) string) (*buildConfig, error) {
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := &buildConfig{}
	var langs, formats, pct string
	fs.StringVar(&cfg.out, "o", "out", "output `DIR`")
	fs.StringVar(&langs, "lang", strings.Join(render.Languages, ","), "report `languages`, comma-separated (tr, en)")
	fs.StringVar(&formats, "format", strings.Join(knownFormats, ","), "output `formats`, comma-separated (md, html, pdf)")
	fs.Float64Var(&cfg.overrides.SLOTTFTms, "slo-ttft-ms", 0, "TTFT SLO threshold in `ms` (default 1000, or the manifest's)")
	fs.Float64Var(&cfg.overrides.SLOTPS, "slo-tps", 0, "per-user TPS SLO threshold in `tok/s` (default 15, or the manifest's)")
	fs.Float64Var(&cfg.overrides.ThinkS, "think-s", 0, "think time for Little's law in `seconds` (default 45, or the manifest's)")
	fs.StringVar(&pct, "percentile", "", "`statistic` of the headline capacity: p90 or mean (default p90, or the manifest's)")
	var input string
	fs.StringVar(&input, "input-format", "", "force the input `format` of every result file instead of detecting it: "+strings.Join(ingest.Formats, ", "))
	fs.BoolVar(&cfg.strict, "strict", false, "fail a report that has warnings (anomalies, ignored columns)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), buildUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	cfg.paths = fs.Args()
	if len(cfg.paths) == 0 {
		fs.Usage()
		return nil, usagef("build: no PATH given")
	}
	var err error
	if cfg.langs, err = list("--lang", langs, render.Languages); err != nil {
		return nil, err
	}
	if cfg.formats, err = list("--format", formats, knownFormats); err != nil {
		return nil, err
	}
	if input != "" {
		if !slices.Contains(ingest.Formats, input) {
			return nil, usagef("--input-format %q: expected one of %s", input, strings.Join(ingest.Formats, ", "))
		}
		cfg.input.Format = input
	}
	switch pct {
	case "", "p90", "mean":
		cfg.overrides.Percentile = analyze.Percentile(pct)
	default:
		return nil, usagef("--percentile %q: expected p90 or mean", pct)
	}
	for name, v := range map[string]float64{"--slo-ttft-ms": cfg.overrides.SLOTTFTms, "--slo-tps": cfg.overrides.SLOTPS, "--think-s": cfg.overrides.ThinkS} {
		if v < 0 {
			return nil, usagef("%s %g: expected a value > 0", name, v)
		}
	}
	now, err := buildTime(getenv)
	if err != nil {
		return nil, err
	}
	cfg.overrides.Now = now
	return cfg, nil
}

// buildTime is SOURCE_DATE_EPOCH when set (reproducible builds), else now.
func buildTime(getenv func(string) string) (time.Time, error) {
	if s := getenv("SOURCE_DATE_EPOCH"); s != "" {
		sec, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return time.Time{}, usagef("SOURCE_DATE_EPOCH %q: expected seconds since 1970", s)
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
	cfg, err := parseBuild(stderr, args, getenv)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	var dirs []string
	for _, p := range cfg.paths {
		found, err := ingest.Discover(p)
		if err != nil {
			return err
		}
		dirs = append(dirs, found...)
	}
	var failed []string
	for _, dir := range dirs {
		if err := ctx.Err(); err != nil {
			return err
		}
		name := filepath.Base(filepath.Clean(dir))
		warnings, err := buildOne(dir, name, cfg)
		for _, w := range warnings {
			fmt.Fprintf(stderr, "reportgen: warning: %s\n", w)
		}
		if err != nil {
			fmt.Fprintf(stderr, "reportgen: %s: %v\n", name, err)
			failed = append(failed, name)
			continue
		}
		fmt.Fprintf(stdout, "%s → %s\n", dir, filepath.Join(cfg.out, name))
	}
	if len(failed) > 0 {
		return fmt.Errorf("%d of %d reports failed: %s", len(failed), len(dirs), strings.Join(failed, ", "))
	}
	return nil
}

// buildOne reads, analyzes and renders one report folder into a
// temporary folder beside the output, then swaps it into place.
func buildOne(dir, name string, cfg *buildConfig) ([]string, error) {
	campaign, err := ingest.Read(dir, cfg.input)
	if err != nil {
		return nil, err
	}
	report, err := analyze.Build(campaign, cfg.overrides)
	if err != nil {
		return nil, err
	}
	var warnings []string
	for _, w := range report.Warnings {
		warnings = append(warnings, w.Message)
	}
	for _, a := range report.Anomalies {
		warnings = append(warnings, fmt.Sprintf("%s: %s: %s", name, a.Config, a.Message))
	}
	if cfg.strict && len(warnings) > 0 {
		return warnings, fmt.Errorf("--strict: %d warning(s)", len(warnings))
	}
	logo, err := readLogo(dir, report.Meta.Logo)
	if err != nil {
		return warnings, err
	}
	files := map[string][]byte{}
	js, err := json.MarshalIndent(report, "", "  ")
	if err != nil {
		return warnings, err
	}
	files["analysis.json"] = append(js, '\n')
	for _, lang := range cfg.langs {
		charts, err := render.Charts(report, render.ChartOptions{Lang: lang})
		if err != nil {
			return warnings, fmt.Errorf("%s charts: %w", lang, err)
		}
		for _, c := range charts {
			files[filepath.Join(lang, "charts", c.Name+".png")] = c.PNG
			files[filepath.Join(lang, "charts", c.Name+".svg")] = c.SVG
		}
		ed, err := render.NewEdition(report, render.Options{Lang: lang}, charts)
		if err != nil {
			return warnings, fmt.Errorf("%s edition: %w", lang, err)
		}
		if slices.Contains(cfg.formats, "md") {
			files[filepath.Join(lang, "report.md")] = ed.Markdown
		}
		if slices.Contains(cfg.formats, "html") {
			page, err := ed.HTML(nil)
			if err != nil {
				return warnings, fmt.Errorf("%s edition: %w", lang, err)
			}
			files[filepath.Join(lang, "report.html")] = page
		}
		if slices.Contains(cfg.formats, "pdf") {
			doc, err := ed.PDF(render.PDFOptions{Logo: logo})
			if err != nil {
				return warnings, fmt.Errorf("%s edition: %w", lang, err)
			}
			files[filepath.Join(lang, "report.pdf")] = doc
		}
	}
	return warnings, writeAtomic(filepath.Join(cfg.out, name), files)
}

// readLogo reads the manifest's logo, which must be a PNG or JPEG file
// inside the report folder (the manifest reader checked the path).
func readLogo(dir, rel string) ([]byte, error) {
	if rel == "" {
		return nil, nil
	}
	p := filepath.Join(dir, filepath.FromSlash(rel))
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("%s: logo: %w", filepath.Join(dir, ingest.ManifestName), err)
	}
	if !bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")) && !bytes.HasPrefix(data, []byte{0xFF, 0xD8, 0xFF}) {
		return nil, fmt.Errorf("%s: logo %q is not a PNG or JPEG image", filepath.Join(dir, ingest.ManifestName), rel)
	}
	return data, nil
}

// writeAtomic writes files into a fresh temporary folder next to dst and
// renames it to dst, replacing any previous output only once the new one
// is complete.
func writeAtomic(dst string, files map[string][]byte) error {
	parent := filepath.Dir(dst)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dst)+".tmp-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for rel, data := range files {
		p := filepath.Join(tmp, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	old := dst + ".old"
	if err := os.RemoveAll(old); err != nil {
		return err
	}
	if _, err := os.Stat(dst); err == nil {
		if err := os.Rename(dst, old); err != nil {
			return err
		}
	}
	if err := os.Rename(tmp, dst); err != nil {
		_ = os.Rename(old, dst)
		return err
	}
	return os.RemoveAll(old)
}
