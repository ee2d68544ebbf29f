package main

import (
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

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/analyze/compare"
	"github.com/openzeka/reportgen/ingest"
	"github.com/openzeka/reportgen/internal/outdir"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/comparison"
)

const compareUsage = `Usage: reportgen compare [flags] BASELINE CANDIDATE

Compares a candidate campaign with a baseline (an engine upgrade, a new
draft model, another GPU): configurations matched by id (or --match; one
configuration a side is paired as it is), levels by load; every metric's
statistics old and new and their change. A change counts only when it
reaches --threshold and is confirmed: by its own test (Welch's t on
means, a quantile test on percentiles of per-request data, run-to-run
spread) or, where it has none, by the sign test across levels. A verdict
per configuration and overall (better, worse, no_change, mixed); a
summary on stdout.

BASELINE and CANDIDATE are each a report folder, read and analyzed as
build does (with the same flags on both sides), or an analysis.json that
build wrote (or the report folder build wrote it into).

With -o OUT, writes OUT/compare.json and the comparison edition in each
language, OUT/LANG/compare.{md,html,pdf} with its charts (--lang,
--format choose).

Exit status: 0; 3 under --fail-on regression when a headline statistic
regressed, confirmed (beyond --threshold, and significant by its own test
or holding across levels by the sign test), or under --fail-on change
when one changed either way, confirmed; 1 on failure, 2 on a usage
error.

Flags:
`

// compareConfig is the parsed command line of compare.
type compareConfig struct {
	out       string
	langs     []string
	formats   []string
	threshold *float64
	match     []compare.Pair
	failOn    string
	// analysis is how a report folder is read, as build reads it;
	// analyzing says which of its flags were given (they cannot apply to
	// an analysis.json).
	analysis  analysis
	analyzing []string
	baseline  string
	candidate string
}

// thresholdRange is --threshold's range, in percent.
var thresholdRange = ingest.Range{Min: 0, Max: 1000, Unit: "%"}

// matchList is --match a=b, repeatable.
type matchList struct{ pairs *[]compare.Pair }

func (m matchList) String() string { return "" }

func (m matchList) Set(v string) error {
	a, b, ok := strings.Cut(v, "=")
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if !ok || a == "" || b == "" {
		return fmt.Errorf("%q: expected BASELINE=CANDIDATE, two configuration ids", v)
	}
	*m.pairs = append(*m.pairs, compare.Pair{Baseline: a, Candidate: b})
	return nil
}

// analysisFlags are build's flags that compare takes: they change how a
// report folder is analyzed.
var analysisFlags = []string{"slo-ttft-ms", "slo-tps", "think-s", "percentile", "interactivity", "input-format", "strict"}

func parseCompare(stdout, stderr io.Writer, args []string, getenv func(string) string) (*compareConfig, error) {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	cfg := &compareConfig{}
	fs.StringVar(&cfg.out, "o", "", "write `OUT`/compare.json and OUT/LANG/compare.{md,html,pdf} (default: the summary on stdout only)")
	var langs, formats string
	fs.StringVar(&langs, "lang", strings.Join(render.Languages, ","), "edition `languages`, comma-separated ("+strings.Join(render.Languages, ", ")+")")
	fs.StringVar(&formats, "format", strings.Join(knownFormats, ","), "edition `formats`, comma-separated (md, html, pdf)")
	fs.Var(matchList{&cfg.match}, "match", "`a=b` compares the baseline's configuration a with the candidate's b (repeatable); the others are matched by id")
	fs.Var(setting{&cfg.threshold, thresholdRange}, "threshold", fmt.Sprintf("a difference counts from this `percent` on; 0 counts every one (default %g)", compare.DefaultThresholdPct))
	fs.StringVar(&cfg.failOn, "fail-on", "", "exit 3 on a confirmed `regression` of a headline statistic (beyond --threshold, and significant by its own test or across levels), or on a confirmed change either way (change)")
	def := analyze.DefaultParams()
	o := &cfg.analysis.overrides
	fs.Var(setting{&o.SLOTTFTms, ingest.TTFTRange}, "slo-ttft-ms", fmt.Sprintf("report folders: TTFT SLO threshold in `ms`, above 0 (default %g, or the manifest's)", def.SLOTTFTms))
	fs.Var(setting{&o.SLOTPS, ingest.TPSRange}, "slo-tps", fmt.Sprintf("report folders: per-user TPS SLO threshold in `tok/s`; 0 sets none (default %g, or the manifest's)", def.SLOTPS))
	fs.Var(setting{&o.ThinkS, ingest.ThinkRange}, "think-s", fmt.Sprintf("report folders: think time for Little's law in `seconds`; 0 is a closed loop (default %g, or the manifest's)", def.ThinkS))
	fs.Var(interactivity{setting{&o.Interactivity, ingest.InteractivityRange}}, "interactivity",
		"report folders: target interactivity in `tok/s` per user, above 0, at which throughput per GPU is read within the SLOs (default one every config reaches within them, else the TPS SLO)")
	var pct, input string
	fs.StringVar(&pct, "percentile", "", "report folders: `statistic` of the headline capacity: p90 or mean (default p90, or the manifest's)")
	fs.StringVar(&input, "input-format", "", "report folders: force the input `format` of every result file: "+strings.Join(ingest.FormatNames(), ", "))
	fs.BoolVar(&cfg.analysis.strict, "strict", false, "report folders: fail on warnings (anomalies, ignored columns) or files that are not results")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), compareUsage)
		fs.PrintDefaults()
	}
	paths, err := parseInterspersed(fs, stdout, args)
	if err != nil {
		return nil, err
	}
	if len(paths) != 2 {
		fs.SetOutput(stderr)
		fs.Usage()
		return nil, usagef("compare: expected BASELINE and CANDIDATE, got %d path(s)", len(paths))
	}
	cfg.baseline, cfg.candidate = paths[0], paths[1]
	fs.Visit(func(f *flag.Flag) {
		for _, name := range analysisFlags {
			if f.Name == name {
				cfg.analyzing = append(cfg.analyzing, "--"+name)
			}
		}
	})
	if cfg.langs, err = list("--lang", langs, render.Languages); err != nil {
		return nil, err
	}
	if cfg.formats, err = list("--format", formats, knownFormats); err != nil {
		return nil, err
	}
	if cfg.threshold == nil {
		t := compare.DefaultThresholdPct
		cfg.threshold = &t
	}
	switch cfg.failOn {
	case "", failRegression, failChange:
	default:
		return nil, usagef("--fail-on %q: expected regression or change", cfg.failOn)
	}
	if input != "" {
		if !slices.Contains(ingest.FormatNames(), input) {
			return nil, usagef("--input-format %q: expected one of %s", input, strings.Join(ingest.FormatNames(), ", "))
		}
		cfg.analysis.input.Format = input
	}
	switch pct {
	case "", "p90", "mean":
		o.Percentile = analyze.Percentile(pct)
	default:
		return nil, usagef("--percentile %q: expected p90 or mean", pct)
	}
	now, err := buildTime(getenv)
	if err != nil {
		return nil, err
	}
	o.Now = now
	return cfg, nil
}

// parseInterspersed parses args with fs, flags before, between and after
// the paths (a path given after "--" is never a flag), and returns the
// paths.
func parseInterspersed(fs *flag.FlagSet, stdout io.Writer, args []string) ([]string, error) {
	var paths []string
	for {
		if err := parseFlags(fs, stdout, args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return paths, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(paths, rest...), nil
		}
		paths, args = append(paths, rest[0]), rest[1:]
	}
}

// The gates of --fail-on.
const (
	failRegression = "regression"
	failChange     = "change"
)

// errRegression is compare's outcome under --fail-on when the gate's
// changes were found: exit status 3. gate is the --fail-on value, what
// the changes' kind in words ("regressed", "changed").
type errRegression struct {
	gate, what string
	list       []string
}

func (e *errRegression) Error() string {
	s := "s"
	if len(e.list) == 1 {
		s = ""
	}
	return fmt.Sprintf("--fail-on %s: %d headline statistic%s %s, confirmed: %s", e.gate, len(e.list), s, e.what, listSome(e.list, 5))
}

// exitRegression is the exit status of a comparison that failed its gate.
const exitRegression = 3

func compareCmd(ctx context.Context, stdout, stderr io.Writer, args []string, getenv func(string) string) error {
	cfg, err := parseCompare(stdout, stderr, args, getenv)
	if errors.Is(err, errHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	var dst, shown string
	if cfg.out != "" {
		if dst, err = outdir.PlanFolder(cfg.out, cfg.baseline, cfg.candidate); err != nil {
			return asUsage(err)
		}
		shown = cfg.out
		if err := outdir.Check(dst, shown); err != nil {
			return err
		}
	}
	old, err := cfg.side(stderr, compare.SideBaseline, cfg.baseline)
	if err != nil {
		return err
	}
	cand, err := cfg.side(stderr, compare.SideCandidate, cfg.candidate)
	if err != nil {
		return err
	}
	if t, ok := commonTarget(old, cand); ok && cfg.fromFolders() {
		// Each side's default target interactivity is its own; read
		// both at one, so that their throughput per GPU compares.
		fmt.Fprintf(stderr, "reportgen: both sides read at %s tok/s per user, the higher of their default target interactivities (%s and %s)\n",
			strconv.FormatFloat(t, 'f', -1, 64), strconv.FormatFloat(old.Pareto.Target, 'f', -1, 64), strconv.FormatFloat(cand.Pareto.Target, 'f', -1, 64))
		cfg.analysis.overrides.Interactivity = &t
		if old, err = cfg.side(io.Discard, compare.SideBaseline, cfg.baseline); err != nil {
			return err
		}
		if cand, err = cfg.side(io.Discard, compare.SideCandidate, cfg.candidate); err != nil {
			return err
		}
	}
	c, err := compare.New(old, cand, compare.Options{ThresholdPct: *cfg.threshold, Match: cfg.match,
		BaselineSource: filepath.ToSlash(cfg.baseline), CandidateSource: filepath.ToSlash(cfg.candidate)})
	var me *compare.MatchError
	if errors.As(err, &me) {
		return usagef("%v", err)
	}
	if err != nil {
		return err
	}
	if len(c.Configs) == 0 {
		return fmt.Errorf("no configuration of %s matches one of %s by id (%s against %s); pair them with --match BASELINE=CANDIDATE",
			cfg.baseline, cfg.candidate, idList(old), idList(cand))
	}
	if err := c.WriteText(stdout); err != nil {
		return err
	}
	if dst != "" {
		js, err := json.MarshalIndent(c, "", "  ")
		if err != nil {
			return err
		}
		files, glyphs, err := renderComparison(ctx, c, cfg)
		if err != nil {
			return err
		}
		files["compare.json"] = append(js, '\n')
		for _, w := range glyphWarnings(shown, glyphs) {
			fmt.Fprintln(stderr, "reportgen: warning: "+w)
		}
		if err := outdir.NewWriter(buildVersion()).Write(ctx, dst, shown, files); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s, %s → %s\n", cfg.baseline, cfg.candidate, shown)
	}
	return gate(c, cfg.failOn)
}

// gate is the outcome of --fail-on (failOn "" for none): the confirmed
// headline regressions, or changes either way, as an *errRegression.
func gate(c *compare.Comparison, failOn string) error {
	var found []compare.Evidence
	what := "regressed"
	switch failOn {
	case failRegression:
		found = c.Confirmed(compare.Regressed)
	case failChange:
		found, what = append(c.Confirmed(compare.Regressed), c.Confirmed(compare.Improved)...), "changed"
	}
	if len(found) == 0 {
		return nil
	}
	list := make([]string, len(found))
	for i, e := range found {
		list[i] = c.EvidenceText(e)
	}
	return &errRegression{gate: failOn, what: what, list: list}
}

// commonTarget is the target interactivity both sides are read at when
// each chose its own by default (neither --interactivity) and the two
// differ: the higher, which every config of either side that reaches
// its own side's target from above reaches too.
func commonTarget(old, cand *analyze.Report) (float64, bool) {
	a, b := old.Pareto, cand.Pareto
	if a.TargetSource == analyze.TargetFlag || b.TargetSource == analyze.TargetFlag ||
		a.TargetSource == "" || b.TargetSource == "" || a.Target == b.Target {
		return 0, false
	}
	return max(a.Target, b.Target), true
}

// fromFolders reports whether both sides are report folders, analyzed
// here (an analysis.json is taken as it was made).
func (cfg *compareConfig) fromFolders() bool {
	for _, p := range []string{cfg.baseline, cfg.candidate} {
		st, err := os.Stat(p)
		if err != nil || !st.IsDir() {
			return false
		}
		if _, err := os.Stat(filepath.Join(p, outdir.Marker)); err == nil {
			return false
		}
	}
	return true
}

func idList(r *analyze.Report) string {
	var ids []string
	for _, c := range r.Configs {
		ids = append(ids, c.ID)
	}
	return strings.Join(ids, ", ")
}

// side reads one side of the comparison: an analysis.json (a file, or
// the report folder build wrote it into), or a report folder, read and
// analyzed as build does. What build would print about the folder (what
// was not read, anomalies, warnings) goes to stderr.
func (cfg *compareConfig) side(stderr io.Writer, which, path string) (*analyze.Report, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, usagef("%s: %v", path, errors.Unwrap(err))
	}
	file := path
	if st.IsDir() {
		file = ""
		if _, err := os.Stat(filepath.Join(path, outdir.Marker)); err == nil {
			file = filepath.Join(path, "analysis.json")
		}
	}
	if file != "" {
		if len(cfg.analyzing) > 0 {
			verb := "applies"
			if len(cfg.analyzing) > 1 {
				verb = "apply"
			}
			return nil, usagef("%s is an analysis already made; %s %s to report folders only (rebuild the report with them, or compare the report folders)",
				path, strings.Join(cfg.analyzing, ", "), verb)
		}
		data, err := ingest.ReadFile(file)
		if err != nil {
			return nil, err
		}
		return analyze.ReadJSON(file, data)
	}
	ts, _, err := ingest.Discover(path)
	if err != nil {
		return nil, usagef("%v", err)
	}
	if len(ts) != 1 {
		var names []string
		for _, t := range ts {
			names = append(names, t.Dir)
		}
		return nil, usagef("%s holds %d reports (%s); compare takes one report folder or analysis.json per side", path, len(ts), listSome(names, 5))
	}
	name := filepath.Base(mustReal(ts[0].Dir))
	report, log, warnings, err := cfg.analysis.read(ts[0].Dir, which+" "+name, ts[0].AsConfig)
	for _, line := range log {
		fmt.Fprintf(stderr, "reportgen: %s\n", line)
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "reportgen: warning: %s\n", w)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if cfg.analysis.strict && len(warnings) > 0 {
		return nil, fmt.Errorf("%s: --strict: %d warning(s)", path, len(warnings))
	}
	return report, nil
}

// mustReal is p with its links resolved, or p when that fails.
func mustReal(p string) string {
	if r, err := outdir.RealPath(p); err == nil {
		return r
	}
	return p
}

// renderComparison renders the comparison edition in every language and
// format asked for, concurrently: the files by their path under OUT, and
// what the embedded fonts cannot show. The logo is the candidate's, when
// it is a report folder whose manifest names one.
func renderComparison(ctx context.Context, c *compare.Comparison, cfg *compareConfig) (map[string][]byte, glyphTrouble, error) {
	var logo []byte
	if st, err := os.Stat(cfg.candidate); err == nil && st.IsDir() && c.New.Meta.Logo != "" {
		if logo, err = readLogo(cfg.candidate, c.New.Meta.Logo); err != nil {
			return nil, glyphTrouble{}, err
		}
	}
	return renderLanguages(ctx, cfg.langs, formatBits(cfg.formats), logo, func(opt render.Options) (editionFiles, error) {
		ed, err := render.New(comparison.New(c), opt)
		if err != nil {
			return editionFiles{}, fmt.Errorf("%s comparison edition: %w", opt.Lang, err)
		}
		return editionOutput(ed, ed.Markdown, "compare", opt)
	})
}
