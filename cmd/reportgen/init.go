package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
	"unicode/utf8"

	"github.com/openzeka/reportgen/ingest"
	"github.com/openzeka/reportgen/internal/manifestgen"
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
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return usagef("%s: cannot read: %v", dir, err) // as build says of a PATH
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

// invalidName is the file or folder whose name made the id of c, found
// by Survey, not valid UTF-8: the first of its run files whose name is
// not (a configuration named by what its files' names differ in), else
// its path. A name that makes no id never reaches report.toml (a run
// file of a configuration folder; comments escape what they quote), and
// is not refused.
func invalidName(c ingest.Found) string {
	for _, f := range c.Files {
		if !utf8.ValidString(filepath.Base(f)) {
			return f
		}
	}
	return c.Path
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
			return fmt.Errorf("%q: its name is not valid UTF-8, which report.toml (a UTF-8 file) cannot hold as the configuration's id; rename it, then run init again", invalidName(c))
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
	_, werr := io.WriteString(f, manifestgen.Template(filepath.Base(resolved), dir, found, now))
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
