package ingest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/openzeka/reportgen/internal/outdir"
)

// Target is a report to build: a folder read as a report folder, or
// (AsConfig) a folder of one configuration's runs, read as a report of
// that one configuration.
type Target struct {
	Dir      string
	AsConfig bool
}

// Discover finds the reports under root, deciding by content (the rule
// and a tree for each case are in docs/inputs.md, "Layouts"):
//
//   - a folder with a report.toml is a report;
//   - a folder whose result files are each one run at one load (one
//     tool; possibly in per-level sub-folders such as 16/, c16/ or
//     concurrency_16/), an unzipped llm-benchmark export, or a vllm bench
//     sweep is one configuration: a report of that configuration alone
//     (of its configurations, where its files are several: groupRuns);
//   - a folder holding result files that are configurations of their
//     own (an export table, a sweep in one file, per-request data), or
//     whose sub-folders are configurations, is one report with one
//     configuration per file or sub-folder;
//   - a folder whose sub-folders are reports is a folder of reports; one
//     inside a folder of reports (samples/compare/ with its before/ and
//     after/) gives its reports too, down to maxReportNesting folders.
//
// Hidden names ("." or "_"), files that are not results and reports
// reportgen wrote (holding outdir.Marker) are skipped and returned as
// ignored; reportgen's own files (outdir.Lock, outdir.Marker) are skipped
// unlisted. A folder of reports that reportgen wrote into (-o) thus
// gives none: its reports are reportgen's, and the error says so.
// Symlinked sub-folders are followed; one that loops or leads back to
// root or above it is an error. A sub-folder that cannot be read fails
// the one report it belongs to (the report it lies in, or its own among
// other reports), naming it, while the others build.
func Discover(root string) (targets []Target, ignored []string, err error) {
	st, err := os.Stat(root)
	if err != nil {
		return nil, nil, fileError(root, err)
	}
	if !st.IsDir() {
		return nil, nil, errorf(Pos{File: root}, "", "not a folder; expected a report folder or a folder of report folders")
	}
	if outdir.Marked(root) {
		return nil, nil, outputFolderError(root)
	}
	class, err := classify(root, 0)
	if err != nil {
		return nil, nil, err
	}
	switch class {
	case classReport, classParts:
		return []Target{{Dir: root}}, nil, nil
	case classConfig:
		return []Target{{Dir: root, AsConfig: true}}, nil, nil
	}
	targets, ignored, err = reportsIn(root, 1)
	if err != nil {
		return nil, nil, err
	}
	if len(targets) == 0 {
		return nil, nil, errorf(Pos{File: root}, "", "no report found; expected a report.toml or result files (%s), or sub-folders holding them%s%s%s",
			resultKinds(), writtenHint(ignored), sideOnlyHint(root), deeperHint(root))
	}
	return targets, ignored, nil
}

// writtenHint says, for a folder where no report was found, which of
// the folders it skipped are reports reportgen wrote: "" when none is.
func writtenHint(ignored []string) string {
	var written []string
	for _, p := range ignored {
		if outdir.Marked(p) {
			written = append(written, filepath.Base(p))
		}
	}
	if len(written) == 0 {
		return ""
	}
	more := ""
	if len(written) > maxNamed {
		more = fmt.Sprintf(" and %d more", len(written)-maxNamed)
		written = written[:maxNamed]
	}
	return fmt.Sprintf("; %s%s: reports reportgen wrote, not input (build the report folders they were made from)", strings.Join(written, ", "), more)
}

// maxReportNesting is how many folders of reports may lie inside each
// other below the folder given: samples/ holds compare/, which holds the
// reports before/ and after/.
const maxReportNesting = 2

// reportsIn finds the reports in the folder of reports dir, which lies
// depth folders of reports below the folder given (1 for that folder):
// each sub-folder that is a report or a configuration is one; a folder
// of reports in it gives its own reports, up to maxReportNesting deep
// (deeper, it is one report, whose read says what it holds).
func reportsIn(dir string, depth int) (targets []Target, ignored []string, err error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, fileError(dir, err)
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if outdir.OwnFile(e.Name()) {
			continue
		}
		if hidden(e.Name()) {
			ignored = append(ignored, p)
			continue
		}
		mode, err := entryMode(dir, e)
		if err != nil {
			return nil, nil, err
		}
		if !mode.IsDir() && depth > 1 {
			// A folder of reports inside one holds no result files
			// (classify would call it a report): its files are notes
			// (samples/compare/README.md).
			continue
		}
		if !mode.IsDir() || outdir.Marked(p) {
			ignored = append(ignored, p)
			continue
		}
		ts, ign, err := reportsOf(p, depth)
		if err != nil {
			return nil, nil, err
		}
		targets, ignored = append(targets, ts...), append(ignored, ign...)
	}
	return targets, ignored, nil
}

// reportsOf is what p, a sub-folder of a folder of reports depth
// folders of reports below the folder given, gives: itself as a report
// or a configuration, the reports in it, or itself ignored.
func reportsOf(p string, depth int) (targets []Target, ignored []string, err error) {
	c, err := classify(p, 1)
	if err != nil {
		c = classReport // its read names what is wrong; the others build
	}
	switch {
	case c == classReports && depth < maxReportNesting:
		return reportsIn(p, depth+1)
	case c == classReport || c == classReports || c == classParts:
		return []Target{{Dir: p}}, nil, nil
	case c == classConfig:
		return []Target{{Dir: p, AsConfig: true}}, nil, nil
	}
	return nil, []string{p}, nil
}

// sideOnlyHint says, for a folder where no report was found, that the
// files it holds are only side files of the tools (a vllm bench sweep
// whose every server setting failed leaves its failure files): "" when
// it holds none.
func sideOnlyHint(root string) string {
	entries, err := os.ReadDir(root)
	if err != nil {
		return ""
	}
	var sides []string
	for _, e := range entries {
		if what, ok := knownSide(e.Name()); ok && !e.IsDir() {
			sides = append(sides, e.Name()+": "+what)
		}
	}
	if len(sides) == 0 {
		return ""
	}
	return "; it holds only files tools write beside their results (" + strings.Join(sides, "; ") + ")"
}

// deeperHint names, for a folder where no report or configuration was
// found, the first folder further down that holds a result file (looked
// for breadth-first, at most maxSearched folders): "; result files lie
// deeper, in …". It is "" when there is none.
func deeperHint(root string) string {
	const maxSearched = 2000
	queue := []string{root}
	for searched := 0; len(queue) > 0 && searched < maxSearched; searched++ {
		d := queue[0]
		queue = queue[1:]
		entries, err := os.ReadDir(d)
		if err != nil || outdir.Marked(d) {
			continue
		}
		for _, e := range entries {
			p := filepath.Join(d, e.Name())
			switch {
			case hidden(e.Name()):
			case e.IsDir():
				queue = append(queue, p)
			case d != root && isResultName(e.Name()):
				if _, side := knownSide(p); !side {
					return fmt.Sprintf("; result files lie deeper, in %s: point reportgen at that folder or one closer to it (runs are looked for at most %d folders below a configuration)", d, maxRunDepth-1)
				}
			}
		}
	}
	return ""
}

// class is what a folder holds, for Discover.
type class int

const (
	classNone    class = iota // nothing reportgen reads
	classConfig               // one configuration's runs
	classReport               // configurations: a report
	classReports              // reports: a folder of reports
	// classParts is a folder of a tool's points (layout) that fall into
	// several configurations, as a vllm bench sweep of several server
	// settings does: a report of one configuration per part on its own,
	// and as a sub-folder those configurations of its parent's report.
	classParts
)

// classify says what folder p holds, depth folders below the path
// given (it looks at most maxRunDepth deep).
func classify(p string, depth int) (class, error) {
	return classifyIn(p, depth, true)
}

// classifyIn is classify; with manifest false, a report.toml in p does
// not make it a report, so that its content says what it holds.
func classifyIn(p string, depth int, manifest bool) (class, error) {
	if outdir.Marked(p) {
		return classNone, nil
	}
	c, files, dirs, err := classifyEntries(p, manifest)
	if err != nil || c != classNone {
		return c, err
	}
	if c, ok := classifyFiles(files); ok {
		return c, nil
	}
	if depth >= maxRunDepth {
		return classNone, nil
	}
	return classifyDirs(dirs, depth), nil
}

// classifyEntries looks at the names in folder p: a report.toml (when
// manifest is set), an llm-benchmark export's table or a point folder of
// a tool's layout (a vllm bench sweep's) decide its class at once. Otherwise it returns
// classNone and the result files and the folders that p holds.
func classifyEntries(p string, manifest bool) (c class, files, dirs []string, err error) {
	entries, err := os.ReadDir(p)
	if err != nil {
		return classNone, nil, nil, fileError(p, err)
	}
	for _, e := range entries {
		name := e.Name()
		if name == ManifestName {
			if manifest {
				return classReport, nil, nil, nil
			}
			continue
		}
		if ok, _ := filepath.Match(exportTable, name); ok {
			return classConfig, nil, nil, nil
		}
		if hidden(name) {
			continue
		}
		mode, err := entryMode(p, e)
		if err != nil {
			return classNone, nil, nil, err
		}
		q := filepath.Join(p, name)
		switch {
		case mode.IsDir():
			if c, err := pointsClass(p, q); err != nil || c != classNone {
				return c, nil, nil, err
			}
			dirs = append(dirs, q)
		case isResultName(name):
			files = append(files, q)
		}
	}
	return classNone, files, dirs, nil
}

// pointsClass says what folder p is when its sub-folder q is a point of
// a tool's layout: one configuration, or one per part its points fall
// into (classParts). It is classNone when q is no point, or cannot be
// looked into (classifyDirs then makes it a report of its own, whose
// read names it).
func pointsClass(p, q string) (class, error) {
	l, err := pointLayout(q)
	if err != nil || l == nil {
		return classNone, nil
	}
	parts, _, err := l.parts(p)
	if err != nil || len(parts) > 1 {
		return classParts, err
	}
	return classConfig, nil
}

// classifyFiles says what a folder holding the result files files is:
// one configuration's runs, or a report when a file holds several runs
// or none could be read. Side files alone do not decide (false).
func classifyFiles(files []string) (class, bool) {
	runs, unreadable := 0, 0
	for _, f := range files {
		switch oneRun(f) {
		case runOne:
			runs++
		case runMany:
			return classReport, true
		case runNone:
			unreadable++
		}
	}
	if runs > 0 {
		return classConfig, true
	}
	if unreadable > 0 {
		// Result files none of which could be read: a report, so
		// that reading it says what is wrong with them.
		return classReport, true
	}
	// Only files that are not results (side files), or none: as if none.
	return classNone, false
}

// classifyDirs says what a folder is from its sub-folders dirs, the
// folder being depth folders below the path given: a folder of reports,
// one configuration's per-level folders, a report of configurations, or
// nothing reportgen reads.
func classifyDirs(dirs []string, depth int) class {
	configs, reports, unknown, levelNamed := 0, 0, 0, true
	for _, d := range dirs {
		c, err := classify(d, depth+1)
		if err != nil {
			// A folder that cannot be looked into (unreadable, a link
			// loop, a dangling link) does not say what its parent is:
			// the others do, and the read of whatever it ends up in
			// (its parent's report, or a report of its own beside
			// other reports) fails naming it while the others build.
			unknown++
			continue
		}
		switch c {
		case classParts:
			configs++
			levelNamed = false
		case classConfig:
			configs++
			name := filepath.Base(d)
			levelNamed = levelNamed && (repeatFolder.MatchString(name) || namedForItsLoad(d))
		case classReport, classReports:
			reports++
		}
	}
	switch {
	case reports > 0:
		return classReports
	case configs > 0 && levelNamed:
		return classConfig // per-level folders of one configuration
	case configs > 0, unknown > 0:
		return classReport
	}
	return classNone
}

// notResult reports whether a file in a report folder is one a tool
// writes beside its results (a GPU monitor's log, a runner's summary):
// it is skipped and listed, not read as a configuration.
func notResult(path string) bool {
	if isZip(path) {
		return false
	}
	if _, ok := streamed(path, ""); ok {
		// Per-request data, told by its header: its read refuses it as
		// no result only by a side file's name (readResultPart). It is
		// not read whole here to be read again as a configuration.
		_, side := knownSide(path)
		return side
	}
	_, _, err := readResultFile(path, "", hints{concurrency: 1})
	return errors.Is(err, ErrNotResult)
}

// runCount is how many runs a file holds, for classify.
type runCount int

const (
	runNone    runCount = iota // unreadable: no vote
	runOne                     // one run at one load
	runMany                    // several levels: a configuration of its own
	runNotData                 // not a result (ErrNotResult): as if absent
)

// oneRun reads a result file to count its runs. An archive, an
// llm-benchmark export table and per-request data are configurations of
// their own, whatever their rows; so is any file of several levels, and
// a JSON-lines file of several configurations (recordParts). A file
// that cannot be read gives no vote (its reading will say why), except
// per-request data, told by its header and not read whole here: it may
// hold millions of rows, which its configuration's read reads once.
func oneRun(path string) runCount {
	if isZip(path) || recordParts(path) != nil {
		return runMany
	}
	if _, ok := streamed(path, ""); ok {
		if _, side := knownSide(path); side {
			return runNotData
		}
		return runMany
	}
	c, _, err := readResultFile(path, "", hints{concurrency: 1})
	switch {
	case errors.Is(err, ErrNotResult):
		return runNotData
	case err != nil:
		return runNone
	case c.Format == FormatExport || c.Format == FormatRequests || len(c.Levels) > 1:
		return runMany
	}
	return runOne
}

// fileKind says what a file is by its extension: a result file some
// format reads (fileSource: runExts) or an llm-benchmark archive
// (zipSource); ok is false for a file reportgen does not read. It is
// the one judgement of a result file's name.
func fileKind(name string) (kind sourceKind, ok bool) {
	ext := strings.ToLower(filepath.Ext(name))
	switch {
	case ext == zipExt:
		return zipSource, true
	case slices.Contains(runExts(), ext):
		return fileSource, true
	}
	return fileSource, false
}

// isResultName reports whether name is a result file's or an archive's
// (fileKind).
func isResultName(name string) bool {
	_, ok := fileKind(name)
	return ok
}

// isZip reports whether name is an llm-benchmark archive's (fileKind).
func isZip(name string) bool {
	kind, ok := fileKind(name)
	return ok && kind == zipSource
}

// resultKinds lists the result files a report folder may hold, for
// messages: ".csv, .json, .jsonl, .zip".
func resultKinds() string {
	return strings.Join(slices.Sorted(slices.Values(append(runExts(), zipExt))), ", ")
}
