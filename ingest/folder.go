package ingest

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/openzeka/reportgen/internal/outdir"
)

// outputFolderError refuses dir, a report reportgen wrote, as input.
func outputFolderError(dir string) error {
	return errorf(Pos{File: dir}, "", "holds %s: it is a report reportgen wrote, not input; expected a report folder of result files", outdir.Marker)
}

// MaxConfigs is the most configurations one report may compare, and
// MaxLevels the most load levels one configuration, and all of a
// report's configurations together, may have. Past either, the read
// fails naming the folder or file. (They bound the work: a report's
// tables and charts grow with configurations × levels.)
const (
	MaxConfigs = 32
	MaxLevels  = 64
)

// Target is a report to build: a folder read as a report folder, or
// (AsConfig) a folder of one configuration's runs, read as a report of
// that one configuration.
type Target struct {
	Dir      string
	AsConfig bool
}

// Discover finds the reports under root, deciding by content (the rule
// and a tree for each case are in the README):
//
//   - a folder with a report.toml is a report;
//   - a folder whose result files are each one run at one load (one
//     tool; possibly in per-level sub-folders such as 16/, c16/ or
//     concurrency_16/), an unzipped llm-benchmark export, or a vllm bench
//     sweep is one configuration: a report of that configuration alone;
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
	case classReport, classSweep:
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
		c, err := classify(p, 1)
		if err != nil {
			c = classReport // its read names what is wrong; the others build
		}
		switch {
		case c == classReports && depth < maxReportNesting:
			ts, ign, err := reportsIn(p, depth+1)
			if err != nil {
				return nil, nil, err
			}
			targets, ignored = append(targets, ts...), append(ignored, ign...)
		case c == classReport || c == classReports || c == classSweep:
			targets = append(targets, Target{Dir: p})
		case c == classConfig:
			targets = append(targets, Target{Dir: p, AsConfig: true})
		default:
			ignored = append(ignored, p)
		}
	}
	return targets, ignored, nil
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
			case d != root && fileKind(e.Name()) != "":
				if _, side := knownSide(p); !side {
					return fmt.Sprintf("; result files lie deeper, in %s: point reportgen at that folder or one closer to it (runs are looked for at most %d folders below a configuration)", d, maxRunDepth)
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
	// classSweep is a vllm bench sweep of several server settings: a
	// report of one configuration per setting on its own, and as a
	// sub-folder those configurations of its parent's report.
	classSweep
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
// manifest is set), an llm-benchmark export's table or a vllm bench
// sweep's point folder decide its class at once. Otherwise it returns
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
			if point, err := sweepPointOf(q); err != nil {
				// A folder that cannot be looked into: classifyDirs
				// makes it a report of its own, whose read names it.
				dirs = append(dirs, q)
			} else if point {
				// A vllm bench sweep: one configuration, or one per
				// server setting it swept.
				settings, _, err := sweepSettings(p)
				if err != nil || len(settings) > 1 {
					return classSweep, nil, nil, err
				}
				return classConfig, nil, nil, nil
			}
			dirs = append(dirs, q)
		case fileKind(name) != "":
			files = append(files, q)
		}
	}
	return classNone, files, dirs, nil
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
		case classSweep:
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
	if fileKind(path) == "zip" {
		return false
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
// their own, whatever their rows; so is any file of several levels. A
// file that cannot be read gives no vote (its reading will say why).
func oneRun(path string) runCount {
	if fileKind(path) == "zip" {
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

func hidden(name string) bool { return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") }

// sweepPointOf is isSweepPoint, whose error names the folder dir when it
// is dir that cannot be looked into (its summary.json's own
// permissions do not matter to a stat: a denied stat is about dir).
func sweepPointOf(dir string) (bool, error) {
	point, err := isSweepPoint(dir)
	if err != nil {
		if _, serr := os.Stat(filepath.Join(dir, sweepSummary)); errors.Is(serr, fs.ErrPermission) {
			return false, fileError(dir, serr)
		}
	}
	return point, err
}

// fileKind says what a file is by its extension: "file", a result file
// some format reads (runExts); "zip", an llm-benchmark archive; or "",
// a file reportgen does not read. It is the one judgement of a result
// file's name.
func fileKind(name string) string {
	ext := strings.ToLower(filepath.Ext(name))
	switch {
	case ext == zipExt:
		return "zip"
	case slices.Contains(runExts(), ext):
		return "file"
	}
	return ""
}

// resultKinds lists the result files a report folder may hold, for
// messages: ".csv, .json, .jsonl, .zip".
func resultKinds() string {
	return strings.Join(slices.Sorted(slices.Values(append(runExts(), zipExt))), ", ")
}

// entryMode is the type of a folder entry, following a symlink: a
// symlink that cannot be followed (a loop, a missing target) is an error
// naming it, and a symlinked folder that leads back to dir or above it
// (which would read a folder into itself) is refused.
func entryMode(dir string, e fs.DirEntry) (fs.FileMode, error) {
	if e.Type()&fs.ModeSymlink == 0 {
		return e.Type(), nil
	}
	p := filepath.Join(dir, e.Name())
	st, err := os.Stat(p)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return 0, errorf(Pos{File: p}, "", "symlink cannot be followed (%v); expected a link to an existing file or folder", err)
	}
	if st.IsDir() {
		if err := checkUpLink(dir, p); err != nil {
			return 0, err
		}
	}
	return st.Mode(), nil
}

// checkUpLink refuses a symlinked folder p in dir that resolves to dir
// itself or a folder above it.
func checkUpLink(dir, p string) error {
	target, err := outdir.RealPath(p)
	if err != nil {
		return fileError(p, err)
	}
	here, err := outdir.RealPath(dir)
	if err != nil {
		return fileError(dir, err)
	}
	rel, err := filepath.Rel(target, here)
	switch {
	case err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)):
		return nil
	case rel == ".":
		return errorf(Pos{File: p}, "", "symlink resolves to the folder that holds it (%s); expected a link to another folder", target)
	}
	return errorf(Pos{File: p}, "", "symlink resolves to %s, a folder above it; expected a link to a folder that does not hold it", target)
}

// source is a configuration's input found in a report folder.
type source struct {
	id   string
	path string
	kind string // "file" (a result file), "zip", "dir" (an unzipped export) or "runs" (a folder of run files)
	// concurrency is the manifest's load for a run file that lacks one.
	concurrency int
	// serve, for a folder of vllm bench sweep points of several server
	// settings, is the setting whose points are this configuration.
	serve *string
}

// ReadOptions control Read.
type ReadOptions struct {
	// Format forces the input format of every result file ("" detects it
	// from the content).
	Format string
	// AsConfig reads the folder as one configuration's runs (a Target
	// Discover found so): a report of that configuration alone, named
	// after the folder.
	AsConfig bool
}

// isRunFile reports whether name is a result file a run folder may hold.
func isRunFile(name string) bool { return fileKind(name) == "file" && !hidden(name) }

// scan is the reading of one report folder: it collects the names it
// skips on purpose. A nil *scan collects nothing.
type scan struct {
	dir          string
	outputTokens int             // the manifest's fixed output length (hints)
	skip         map[string]bool // read by others (the manifest's logo): not listed
	ignored      []string        // relative to dir, slash-separated
	notResults   []string        // the ignored that hold no result data (Campaign.NotResults)
}

// ignore records p, a name the scan skips on purpose.
func (sc *scan) ignore(p string) {
	if sc == nil || sc.skip[filepath.Clean(p)] {
		return
	}
	sc.ignored = append(sc.ignored, sc.rel(p))
}

// rel is p relative to the report folder, slash-separated, as the
// ignored names are.
func (sc *scan) rel(p string) string {
	rel, err := filepath.Rel(sc.dir, p)
	if err != nil {
		rel = p
	}
	return filepath.ToSlash(rel)
}

// hardLink records p, skipped as a hard link to the file first, which
// is read: one file, whatever its names. It is listed with the reason:
// "b.csv (the same file as a.csv: a hard link)".
func (sc *scan) hardLink(p, first string) {
	if sc == nil {
		return
	}
	sc.ignored = append(sc.ignored, fmt.Sprintf("%s (the same file as %s: a hard link)", sc.rel(p), sc.rel(first)))
}

// linkedFiles finds the files that are one file under two names (hard
// links: one device and inode, os.SameFile). Symbolic links are not
// its business: two paths that resolve to one are refused by their
// callers, as two names given for one file.
type linkedFiles []linkedFile

// linkedFile is a file linkedFiles has seen: its path and what it is.
type linkedFile struct {
	path string
	st   fs.FileInfo
}

// first is the path of the file that p is a hard link of, among those
// seen before, or "" (p is then added).
func (l *linkedFiles) first(p string) string {
	st, err := os.Stat(p)
	if err != nil {
		return "" // its read says why
	}
	for _, f := range *l {
		if os.SameFile(f.st, st) && !sameRealPath(f.path, p) {
			return f.path
		}
	}
	*l = append(*l, linkedFile{p, st})
	return ""
}

// sameRealPath reports whether a and b resolve to one path (symbolic
// links to one file, or one path written twice).
func sameRealPath(a, b string) bool {
	ra, errA := outdir.RealPath(a)
	rb, errB := outdir.RealPath(b)
	return errA == nil && errB == nil && ra == rb
}

// dropHardLinks leaves out of sources each result file that is a hard
// link of one listed before it (in id order): one file, read once, its
// other name listed as skipped. A manifest that lists both names as
// configurations is refused instead (sameFiles).
func (sc *scan) dropHardLinks(sources []source) []source {
	var seen linkedFiles
	var out []source
	for _, s := range sources {
		if s.kind == "file" || s.kind == "zip" {
			if first := seen.first(s.path); first != "" {
				sc.hardLink(s.path, first)
				continue
			}
		}
		out = append(out, s)
	}
	return out
}

// notResult records p, a file or folder skipped because it holds no
// result data (a GPU monitor's log, a plot, a runner's summary): listed
// as ignored, and, when it is a file no tool is known to write beside
// its results (unexplained), refused under --strict.
func (sc *scan) notResult(p string) {
	if sc == nil || sc.skip[filepath.Clean(p)] {
		return
	}
	sc.ignore(p)
	if st, err := os.Stat(p); err == nil && !st.IsDir() && unexplained(p) {
		sc.notResults = append(sc.notResults, sc.ignored[len(sc.ignored)-1])
	}
}

// ignoredList is the sorted list of ignored names, leaving out those
// that lead to a configuration the manifest points at (a folder "data"
// holding its path "data/a-export").
func (sc *scan) ignoredList(sources []source) []string {
	var out []string
	for _, name := range sc.ignored {
		used := slices.ContainsFunc(sources, func(s source) bool {
			rel, err := filepath.Rel(sc.dir, s.path)
			rel = filepath.ToSlash(rel)
			return err == nil && (rel == name || strings.HasPrefix(rel, name+"/"))
		})
		if !used {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// findSources lists the configurations in dir as a folder without a
// manifest gives them: each .csv, each .zip and each sub-folder holding
// a *-table.csv, a hard link of a file listed once.
func findSources(dir string) ([]source, error) {
	sc := &scan{dir: dir}
	found, err := sc.findSources()
	if err != nil {
		return nil, err
	}
	return sc.dropHardLinks(found), nil
}

// findSources lists the configurations in the report folder: each
// result file (.csv, .json, .jsonl, .zip), each sub-folder holding a
// *-table.csv (an unzipped export) and each sub-folder of run files.
// Symlinks are followed. Everything else is ignored and recorded.
func (sc *scan) findSources() ([]source, error) {
	if outdir.Marked(sc.dir) {
		return nil, outputFolderError(sc.dir)
	}
	entries, err := os.ReadDir(sc.dir)
	if err != nil {
		return nil, fileError(sc.dir, err)
	}
	var out []source
	settings, points, err := sweepSettings(sc.dir)
	if err != nil {
		return nil, err
	}
	out = append(out, settingSources("", sc.dir, settings)...)
	if points && len(settings) == 0 {
		out = append(out, wholeFolder(filepath.Base(filepath.Clean(sc.dir)), sc.dir))
	}
	for _, e := range entries {
		found, err := sc.entrySources(e, points)
		if err != nil {
			return nil, err
		}
		out = append(out, found...)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	for i := 1; i < len(out); i++ {
		if out[i].id == out[i-1].id {
			return nil, fmt.Errorf("%s and %s: both give configuration %q; keep one", out[i-1].path, out[i].path, out[i].id)
		}
	}
	return out, nil
}

// entrySources are the configurations that entry e of the report folder
// gives, none when it is skipped (and recorded); points says that the
// report folder holds vllm bench sweep points.
func (sc *scan) entrySources(e os.DirEntry, points bool) ([]source, error) {
	name := e.Name()
	p := filepath.Join(sc.dir, name)
	if name == ManifestName || outdir.OwnFile(name) {
		return nil, nil
	}
	if hidden(name) {
		sc.ignore(p)
		return nil, nil
	}
	mode, err := entryMode(sc.dir, e)
	if err != nil {
		return nil, err
	}
	if points && (strings.EqualFold(name, "summary.csv") || mode.IsDir()) {
		if point, _ := isSweepPoint(p); point {
			return nil, nil // read by its setting's configuration
		}
		if !mode.IsDir() {
			sc.ignore(p) // the sweep's runs, read from its points' summary.json
			return nil, nil
		}
	}
	if mode.IsDir() {
		return sc.folderSources(name, p)
	}
	if kind := fileKind(name); kind != "" && !notResult(p) {
		return []source{{id: strings.TrimSuffix(name, filepath.Ext(name)), path: p, kind: kind}}, nil
	}
	sc.notResult(p)
	return nil, nil
}

// folderSources are the configurations of the report folder's
// sub-folder p, named name: one per server setting of a vllm bench
// sweep, or the folder itself when it holds an export or runs.
func (sc *scan) folderSources(name, p string) ([]source, error) {
	if settings, _, err := sweepSettings(p); err != nil {
		return nil, err
	} else if len(settings) > 0 {
		return settingSources(name, p, settings), nil
	}
	kind, err := folderKind(p)
	if err != nil {
		return nil, err
	}
	if kind == "" {
		sc.notResult(p)
		return nil, nil
	}
	return []source{{id: name, path: p, kind: kind}}, nil
}

// folderKind says what a sub-folder of a report folder is: "dir" (an
// unzipped llm-benchmark export, holding a *-table.csv), "runs" (a
// folder of run files, or of vllm bench sweep points), or "" (neither,
// or a report reportgen wrote: ignored). An unreadable folder is an error.
func folderKind(p string) (string, error) {
	if outdir.Marked(p) {
		return "", nil
	}
	entries, err := os.ReadDir(p)
	if err != nil {
		return "", fileError(p, err)
	}
	for _, f := range entries {
		if ok, _ := filepath.Match(exportTable, f.Name()); ok {
			return "dir", nil
		}
	}
	for _, f := range entries {
		if hidden(f.Name()) {
			continue
		}
		mode, err := entryMode(p, f)
		if err != nil {
			return "", err
		}
		if !mode.IsDir() {
			if isRunFile(f.Name()) {
				return "runs", nil
			}
			continue
		}
		if point, err := sweepPointOf(filepath.Join(p, f.Name())); point || err != nil {
			return "runs", err
		}
	}
	// Runs in per-level (or per-repeat) sub-folders: sglang/c2/run.json.
	if c, err := classify(p, 1); err != nil || c == classConfig {
		return "runs", err
	}
	return "", nil
}

// Read reads one report folder: its manifest, if any, and every
// configuration in it. The first malformed input stops the read with an
// error that names its file, line and column.
//
// Every input must be a regular file (symlinks are followed; a named
// pipe, a device or a folder where a file is expected is an error) of at
// most MaxFileSize bytes, per-request CSV files excepted; a report
// compares at most MaxConfigs configurations of at most MaxLevels
// levels, and every level's values are within Limits.
//
// Some names are skipped on purpose and listed in Campaign.Ignored: names
// starting with "." or "_" (hidden files, editor and VCS folders, a
// folder put aside), files whose extension reportgen does not read
// (.txt, .png, .md, …; the manifest's logo is not listed), folders that
// hold no result files, folders holding outdir.Marker (reports
// reportgen wrote), and a hard link of a result file read under another
// name, listed with that name: "b.csv (the same file as a.csv: a hard
// link)". Inside a folder of run files, the same rules apply to its
// files and sub-folders. reportgen's own files (outdir.Lock, one left
// behind by a killed build) are skipped unlisted.
func Read(dir string, opt ReadOptions) (*Campaign, error) {
	c := &Campaign{Dir: dir, Name: filepath.Base(filepath.Clean(dir))}
	if outdir.Marked(dir) {
		return nil, outputFolderError(dir)
	}
	if err := c.loadManifest(); err != nil {
		return nil, err
	}
	sc := &scan{dir: dir, skip: map[string]bool{}}
	if c.Manifest != nil && c.Manifest.Benchmark.OutputTokens != nil {
		sc.outputTokens = *c.Manifest.Benchmark.OutputTokens
	}
	if c.Manifest != nil && c.Manifest.Logo != "" {
		sc.skip[filepath.Join(dir, filepath.FromSlash(c.Manifest.Logo))] = true
	}
	sources, err := c.configSources(sc, opt)
	if err != nil {
		return nil, err
	}
	for _, s := range sources {
		cfg, ws, err := sc.readSource(s, opt.Format)
		if err != nil {
			return nil, err
		}
		cfg.ID = s.id
		c.Configs = append(c.Configs, cfg)
		c.Warnings = append(c.Warnings, ws...)
	}
	if n := distinctLevels(c.Configs); n > MaxLevels {
		return nil, errorf(Pos{File: dir}, "", "the configurations measure %d distinct load levels together; expected at most %d per report", n, MaxLevels)
	}
	c.Ignored = sc.ignoredList(sources)
	for _, name := range sc.notResults {
		if slices.Contains(c.Ignored, name) {
			c.NotResults = append(c.NotResults, name)
		}
	}
	slices.Sort(c.NotResults)
	c.NotResults = slices.Compact(c.NotResults)
	return c, nil
}

// loadManifest reads the report folder's report.toml, if it has one,
// into c.Manifest and its warnings into c.Warnings.
func (c *Campaign) loadManifest() error {
	manifestPath := filepath.Join(c.Dir, ManifestName)
	if _, err := os.Lstat(manifestPath); errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if errors.Is(err, fs.ErrPermission) {
		// A denied lstat is about the folder, which cannot be
		// looked into, not about a report.toml it may not hold.
		return fileError(c.Dir, err)
	} else if err != nil {
		return fileError(manifestPath, err)
	}
	data, err := readInput(manifestPath)
	if err != nil {
		return err
	}
	m, ws, err := readManifest(manifestPath, data)
	if err != nil {
		return err
	}
	c.Manifest = m
	c.Warnings = append(c.Warnings, ws...)
	return nil
}

// configSources finds the report's configurations, as the manifest
// lists them or the folder's content says (opt.AsConfig: the folder
// itself, when no manifest says otherwise), and checks that there are
// some, not too many, and no file in two.
func (c *Campaign) configSources(sc *scan, opt ReadOptions) ([]source, error) {
	dir := c.Dir
	var found []source
	var err error
	asConfig := opt.AsConfig && c.Manifest == nil
	if m := c.Manifest; m != nil && len(m.Configs) == 0 {
		// A manifest that lists no configurations sets the report's
		// settings only: the folder's content says what it holds, and a
		// folder of one configuration's runs stays one configuration.
		cl, err := classifyIn(dir, 0, false)
		if err != nil {
			return nil, err
		}
		asConfig = cl == classConfig
	}
	whole := false // the manifest gives the report folder itself as a configuration
	if m := c.Manifest; m != nil {
		for _, meta := range m.Configs {
			whole = whole || meta.Path != "" && filepath.Clean(filepath.Join(dir, filepath.FromSlash(meta.Path))) == filepath.Clean(dir)
		}
	}
	switch {
	case whole:
		// Its entries say everything: the folder's files are its runs.
	case asConfig:
		found = []source{wholeFolder(c.Name, dir)}
	default:
		if found, err = sc.findSources(); err != nil {
			return nil, err
		}
		if c.Manifest == nil || len(c.Manifest.Configs) == 0 {
			found = sc.dropHardLinks(found)
		}
	}
	sources, err := c.orderSources(found)
	if err != nil {
		return nil, err
	}
	if len(sources) == 0 {
		msg := "no configuration found; expected result files (" + resultKinds() + "), llm-benchmark export folders (holding a *-table.csv), or folders of run files" + deeperHint(dir)
		if ignored := sc.ignoredList(nil); len(ignored) > 0 {
			msg += "; ignored: " + strings.Join(ignored, ", ")
		}
		return nil, errorf(Pos{File: dir}, "", "%s", msg)
	}
	if len(sources) > MaxConfigs {
		return nil, errorf(Pos{File: dir}, "", "folder holds %d configurations; expected at most %d per report", len(sources), MaxConfigs)
	}
	if err := sameFiles(c.Manifest, sources); err != nil {
		return nil, err
	}
	return sources, nil
}

// distinctLevels counts the load levels of all configs together: the
// concurrencies and the request rates.
func distinctLevels(cfgs []Config) int {
	type load struct {
		c    int
		rate float64
	}
	seen := map[load]bool{}
	for _, c := range cfgs {
		for _, l := range c.Levels {
			seen[load{l.Concurrency, l.Rate}] = true
		}
	}
	return len(seen)
}

// orderSources orders the found sources by the manifest's config list. Every
// listed config needs a file and every file needs an entry, so that no
// configuration is silently left out of a report.
func (c *Campaign) orderSources(found []source) ([]source, error) {
	m := c.Manifest
	if m == nil || len(m.Configs) == 0 {
		return found, nil
	}
	byID := map[string]source{}
	for _, s := range found {
		byID[s.id] = s
	}
	used := map[string]bool{}
	pathOf := map[string]string{} // id → the path its entry gives
	var out []source
	for _, meta := range m.Configs {
		if meta.Path != "" {
			s, err := manifestSource(c.Dir, m, meta)
			if err != nil {
				return nil, err
			}
			for _, f := range found {
				if filepath.Clean(f.path) == filepath.Clean(s.path) {
					used[f.id] = true
				}
			}
			pathOf[meta.ID] = meta.Path
			out = append(out, s)
			continue
		}
		s, ok := byID[meta.ID]
		if !ok {
			return nil, errorf(Pos{File: m.file}, "", "config %q has no file: expected %s.csv, %s.zip, %s.json(l) or a folder %s/ of results",
				meta.ID, meta.ID, meta.ID, meta.ID, meta.ID)
		}
		used[s.id] = true
		s.concurrency = meta.Concurrency
		out = append(out, s)
	}
	for _, s := range found {
		if used[s.id] {
			continue
		}
		if p, ok := pathOf[s.id]; ok {
			return nil, errorf(Pos{File: m.file}, "", "%s is not read: config %q reads path %q instead; move the file out of the report folder or give it its own [[configs]] entry",
				s.path, s.id, p)
		}
		return nil, errorf(Pos{File: m.file}, "", "%s has no [[configs]] entry with id = %q; add one, or move the file out of the report folder",
			s.path, s.id)
	}
	return out, nil
}

// manifestSource is the source a manifest entry's path gives.
func manifestSource(dir string, m *Manifest, meta ConfigMeta) (source, error) {
	p := filepath.Join(dir, filepath.FromSlash(meta.Path))
	if filepath.Clean(p) == filepath.Clean(dir) {
		// path = ".": the report folder is this configuration's runs.
		s := wholeFolder(meta.ID, dir)
		s.concurrency = meta.Concurrency
		return s, nil
	}
	st, err := os.Stat(p)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			if _, lerr := os.Lstat(p); lerr != nil {
				return source{}, errorf(Pos{File: m.file}, "", "config %q: path %q: no such file", meta.ID, meta.Path)
			}
		}
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return source{}, errorf(Pos{File: m.file}, "", "config %q: path %q cannot be followed (%v); expected a result file or a folder of results", meta.ID, meta.Path, err)
	}
	kind := fileKind(p)
	if st.IsDir() {
		if err := checkUpLink(filepath.Dir(p), p); err != nil {
			var e *Error
			if errors.As(err, &e) {
				err = e.Err
			}
			return source{}, errorf(Pos{File: m.file}, "", "config %q: path %q: %v", meta.ID, meta.Path, err)
		}
		if outdir.Marked(p) {
			return source{}, errorf(Pos{File: m.file}, "", "config %q: path %q holds %s: it is a report reportgen wrote; expected a folder of results", meta.ID, meta.Path, outdir.Marker)
		}
		kind = "runs"
		if tables, _ := filepath.Glob(filepath.Join(p, exportTable)); len(tables) > 0 {
			kind = "dir"
		}
	}
	if kind == "" {
		return source{}, errorf(Pos{File: m.file}, "", "config %q: path %q: expected a .csv, .zip, .json or .jsonl file, or a folder of results", meta.ID, meta.Path)
	}
	return source{id: meta.ID, path: p, kind: kind, concurrency: meta.Concurrency}, nil
}

// settingSources are the configurations of a vllm bench sweep folder
// dir of several server settings: one per setting, named for it (under
// the folder's name when the sweep lies in a sub-folder, name).
func settingSources(name, dir string, settings []string) []source {
	var out []source
	for _, serve := range settings {
		id := serve
		if id == "" {
			id = "default"
		}
		if name != "" {
			id = name + "/" + id
		}
		out = append(out, source{id: id, path: dir, kind: "runs", serve: &serve})
	}
	return out
}

// wholeFolder is the source of a folder read as one configuration: its
// runs, or an unzipped llm-benchmark export.
func wholeFolder(id, dir string) source {
	kind := "runs"
	if tables, _ := filepath.Glob(filepath.Join(dir, exportTable)); len(tables) > 0 {
		kind = "dir"
	}
	return source{id: id, path: dir, kind: kind}
}

// sameFiles refuses one file or folder read as two configurations: a
// manifest path pointing at the file another config finds by its name,
// two paths that are one after cleaning or through a symlink, two names
// of one file (a hard link), or a run file inside another config's
// folder of runs.
func sameFiles(m *Manifest, sources []source) error {
	var all []sourceSeen
	var links linkedFiles
	for _, s := range sources {
		resolved, err := outdir.RealPath(s.path)
		if err != nil {
			resolved = filepath.Clean(s.path)
		}
		if s.serve != nil {
			// One server setting's points of a sweep folder: the
			// settings share the folder, not their points.
			resolved += "\x00" + *s.serve
		}
		cur := sourceSeen{s: s, resolved: resolved}
		if s.kind == "file" || s.kind == "zip" {
			cur.linkOf = links.first(s.path)
		}
		for _, o := range all {
			what := cur.overlap(o)
			if what == "" {
				continue
			}
			if m != nil && len(m.Configs) > 0 {
				return errorf(Pos{File: m.file}, "", "config %q reads %s, %s config %q (%s); expected each file in one configuration",
					s.id, s.path, what, o.s.id, o.s.path)
			}
			return errorf(Pos{File: s.path}, "", "is %s %s (configuration %q); expected each file in one configuration", what, o.s.path, o.s.id)
		}
		all = append(all, cur)
	}
	return nil
}

// sourceSeen is a source as sameFiles compares it: its resolved path,
// and the path of the source before it that it is a hard link of.
type sourceSeen struct {
	s        source
	resolved string
	linkOf   string
}

// overlap says how c reads what o, a source before it, reads: "the same
// file as", "a hard link to the same file as", "a run file of" (c is a
// file of o's folder of runs), "the folder of runs holding" (the other
// way round), or "" when they share nothing.
func (c sourceSeen) overlap(o sourceSeen) string {
	switch {
	case o.s.kind == "runs" && filepath.Dir(c.resolved) == o.resolved && c.s.kind != "runs":
		return "a run file of"
	case c.s.kind == "runs" && filepath.Dir(o.resolved) == c.resolved && o.s.kind != "runs":
		return "the folder of runs holding"
	case o.resolved == c.resolved:
		return "the same file as"
	case c.linkOf != "" && c.linkOf == o.s.path:
		return "a hard link to the same file as"
	}
	return ""
}

// readSource reads one configuration's input.
func readSource(s source, format string) (Config, []*Warning, error) {
	return (*scan)(nil).readSource(s, format)
}

// readSource reads one configuration's input, then checks what every
// config must be, whatever its format: at most MaxLevels levels, and
// the model's invariants (checkConfig).
func (sc *scan) readSource(s source, format string) (Config, []*Warning, error) {
	var cfg Config
	var warnings []*Warning
	var err error
	switch s.kind {
	case "dir":
		cfg, warnings, err = readExportFolder(s.path)
	case "zip":
		cfg, warnings, err = readFile(s.path, readZip)
	case "runs":
		cfg, warnings, err = sc.readRunFolder(s.path, format, s.serve)
	default:
		cfg, warnings, err = readResultFile(s.path, format, sc.hints(s.concurrency))
		if err == nil {
			cfg.Levels = mergeRepeats(cfg.Levels)
			_, err = sortLevels(s.path, cfg.Levels, false)
		}
	}
	if err != nil {
		return Config{}, nil, err
	}
	if n := len(cfg.Levels); n > MaxLevels {
		return Config{}, nil, errorf(Pos{File: s.path}, "", "holds %d load levels; expected at most %d per configuration", n, MaxLevels)
	}
	if err := checkConfig(s.path, cfg); err != nil {
		return Config{}, nil, err
	}
	return cfg, warnings, nil
}

// readRunFolder reads a folder of run files as one config whose files
// are its levels (a sweep: agent-c2.json … agent-c32.json), directly or
// in per-level sub-folders as the tools write them (LLMPerf's <c>/,
// AIPerf's concurrency_16/, a vllm bench sweep's SERVE--…/ points), at
// most maxRunDepth folders deep. A run that states no concurrency takes
// it from its file name, then from the names of the folders between the
// configuration folder and the file (innermost first: concurrency_16,
// c16, a bare 16). Where a run was saved both as .json and .csv (AIPerf
// writes both), the JSON is read. The files of one configuration must
// come from one tool and describe one workload (model, input and output
// lengths); else the read fails naming two files and what differs.
func readRunFolder(dir, format string) (Config, []*Warning, error) {
	return (*scan)(nil).readRunFolder(dir, format, nil)
}

// hints are what a result file's reading may need from outside it: a
// load for a run that states none (a concurrency from its folder's name
// or the manifest's concurrency = N, or a request rate from its
// folder's name; 0: none), and the benchmark's fixed
// output length (the manifest's output_tokens; 0: not stated), from
// which a mean latency the file lacks is derived (deriveLatency).
type hints struct {
	concurrency  int
	rate         float64 // a request rate its folder's name gives (folderLoad)
	outputTokens int
}

// hints are the scan's hints for a file whose concurrency hint is c.
func (sc *scan) hints(c int) hints {
	h := hints{concurrency: c}
	if sc != nil {
		h.outputTokens = sc.outputTokens
	}
	return h
}

// maxNamed is how many files one error names when several files of a
// configuration fail alike.
const maxNamed = 5

// manyErrors is one error for errs, several files failing alike: the
// first in full, then the other files named, at most limit in all.
func manyErrors(errs []error, limit int) error {
	if len(errs) == 1 {
		return errs[0]
	}
	var names []string
	for _, e := range errs[1:min(len(errs), limit)] {
		var pe *Error
		if errors.As(e, &pe) {
			names = append(names, pe.Pos.String())
		}
	}
	more := ""
	if n := len(errs) - limit; n > 0 {
		more = fmt.Sprintf(" and %d more", n)
	}
	return fmt.Errorf("%w; the same holds for %s%s", errs[0], strings.Join(names, ", "), more)
}

// maxRunDepth is how deep below a configuration folder its runs may lie
// (AIPerf: <run>/profile_runs/trial_0001/concurrency_8/).
const maxRunDepth = 4

// repeatFolder matches the names of folders that hold one repeat of a
// configuration's runs: AIPerf's profile_runs/ and its run_0001/ or
// trial_0001/ inside, run1/, repeat-2/. Like folders named for a load,
// they are part of the configuration, not configurations of their own.
var repeatFolder = regexp.MustCompile(`(?i)^(?:profile_runs|(?:run|trial|repeat|rep|iter)[-_=]?\d+)$`)

// serve, when set, reads only the vllm bench sweep points of that server
// setting (sweepServe).
func (sc *scan) readRunFolder(dir, format string, serve *string) (Config, []*Warning, error) {
	cfg := Config{Source: dir}
	var warnings []*Warning
	var first *runFile
	var noLatency []error
	seen := map[string]string{} // real path → the path it was read at
	var links linkedFiles
	err := sc.walkRuns(dir, dir, 0, serve, func(path string) error {
		if resolved, err := filepath.EvalSymlinks(path); err == nil {
			if prev, dup := seen[resolved]; dup {
				return errorf(Pos{File: path}, "", "is the same file as %s (symbolic links lead to it twice); expected each run once", prev)
			}
			seen[resolved] = path
		}
		if first := links.first(path); first != "" {
			sc.hardLink(path, first) // one file: its run is read once
			return nil
		}
		h := sc.hints(0)
		h.concurrency, h.rate = folderLoad(dir, path)
		c, ws, err := readRun(path, format, h)
		if errors.Is(err, ErrNotResult) {
			sc.notResult(path) // a file a tool writes beside its results
			return nil
		}
		if errors.Is(err, ErrNoLatency) {
			// Every file missing it is named, not only the first: the
			// user re-runs them all.
			noLatency = append(noLatency, err)
			return nil
		}
		if err != nil {
			return err
		}
		warnings = append(warnings, ws...)
		rf := &runFile{path: path, cfg: c}
		if first == nil {
			first = rf
			cfg.Format, cfg.Tool, cfg.Definitions = c.Format, c.Tool, c.Definitions
		} else {
			if err := first.sameConfig(rf); err != nil {
				return err
			}
			if w := mixedDefinitions(path, c.Definitions, cfg.Definitions); w != nil {
				warnings = append(warnings, w)
			}
		}
		cfg.Levels = append(cfg.Levels, c.Levels...)
		if len(cfg.Levels) > MaxLevels {
			return errorf(Pos{File: dir}, "", "holds more than %d load levels; expected at most %d per configuration", MaxLevels, MaxLevels)
		}
		return nil
	})
	if err == nil && len(noLatency) > 0 {
		err = manyErrors(noLatency, maxNamed)
	}
	if err != nil {
		return Config{}, nil, err
	}
	if len(cfg.Levels) == 0 {
		return Config{}, nil, errorf(Pos{File: dir}, "", "folder holds no result file")
	}
	cfg.Levels = mergeRepeats(cfg.Levels)
	_, err = sortLevels(dir, cfg.Levels, false)
	return cfg, warnings, err
}

// walkRuns calls fn for each run file of the configuration folder root
// found in dir, depth folders below root: its result files, a vllm
// bench sweep point's summary.json, and the run files of its
// sub-folders. What it skips on purpose is recorded.
func (sc *scan) walkRuns(root, dir string, depth int, serve *string, fn func(path string) error) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fileError(dir, err)
	}
	names := map[string]bool{}
	points := false
	for _, e := range entries {
		names[e.Name()] = true
		if e.IsDir() {
			if point, _ := isSweepPoint(filepath.Join(dir, e.Name())); point {
				points = true
			}
		}
	}
	for _, e := range entries {
		name := e.Name()
		p := filepath.Join(dir, name)
		if name == ManifestName && dir == root || outdir.OwnFile(name) {
			continue // the report's manifest, beside its runs
		}
		if hidden(name) {
			sc.ignore(p)
			continue
		}
		mode, err := entryMode(dir, e)
		if err != nil {
			return err
		}
		if mode.IsDir() {
			err = sc.walkRunFolder(root, p, depth, serve, fn)
		} else {
			err = sc.walkRunFile(p, names, points, fn)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// walkRunFolder walks p, a sub-folder of dir in walkRuns: a vllm bench
// sweep point (of the server setting serve, when set), a folder of more
// runs, or a folder skipped.
func (sc *scan) walkRunFolder(root, p string, depth int, serve *string, fn func(path string) error) error {
	// vllm bench sweep: one sub-folder per point
	// (SERVE--…-BENCH--max_concurrency=8…/), whose summary.json
	// lists its runs (run=0.json, run=1.json repeat it).
	point, err := sweepPointOf(p)
	switch {
	case err != nil:
		return err
	case outdir.Marked(p):
		sc.ignore(p)
	case point:
		if s, _ := sweepServe(filepath.Base(p)); serve != nil && s != *serve {
			return nil // another server setting's configuration
		}
		if err := fn(filepath.Join(p, sweepSummary)); err != nil {
			return err
		}
		return sc.listPoint(p)
	case depth+1 < maxRunDepth && holdsRuns(p, depth+1):
		return sc.walkRuns(root, p, depth+1, serve, fn)
	default:
		sc.notResult(p)
	}
	return nil
}

// walkRunFile calls fn for p, a file of a folder of runs whose names are
// names (points: the folder holds vllm bench sweep points), unless it is
// not a run file or is read with another.
func (sc *scan) walkRunFile(p string, names map[string]bool, points bool, fn func(path string) error) error {
	name := filepath.Base(p)
	if !isRunFile(name) {
		sc.notResult(p)
		return nil
	}
	if primary, ok := SideOf(name); ok && names[primary] {
		if strings.EqualFold(filepath.Ext(name), ".csv") {
			sc.ignore(p) // the same run, read from its .json
		}
		return nil // else read with its primary, to complete it (readRun)
	}
	if points && strings.EqualFold(name, "summary.csv") {
		sc.ignore(p) // the sweep's runs, read from its points' summary.json
		return nil
	}
	return fn(p)
}

// readRun reads one run file of a configuration folder. Where the tool
// wrote a side file beside it (SideOf: LLMPerf's summary beside its
// individual responses), the side file gives what the run file lacks:
// its load, when the run file states none, and its throughput, counts
// and workload. A side file that cannot be read completes nothing.
func readRun(path, format string, h hints) (Config, []*Warning, error) {
	side := ""
	if entries, err := os.ReadDir(filepath.Dir(path)); err == nil {
		for _, e := range entries {
			if primary, ok := SideOf(e.Name()); ok && primary == filepath.Base(path) && !strings.EqualFold(filepath.Ext(e.Name()), ".csv") {
				side = filepath.Join(filepath.Dir(path), e.Name())
			}
		}
	}
	c, ws, err := readResultFile(path, format, h)
	if errors.Is(err, ErrNoConcurrency) {
		// An old GenAI-Perf run: perf_analyzer's export beside its CSV
		// table states the load.
		if pc, pr := perfAnalyzerLoad(filepath.Dir(path)); pc > 0 || pr > 0 {
			h.concurrency, h.rate = pc, pr
			c, ws, err = readResultFile(path, format, h)
		}
	}
	if side == "" {
		return c, ws, err
	}
	s, _, serr := readResultFile(side, "", h)
	if errors.Is(err, ErrNoConcurrency) && serr == nil && len(s.Levels) == 1 && s.Levels[0].Concurrency > 0 {
		h.concurrency = s.Levels[0].Concurrency
		c, ws, err = readResultFile(path, format, h)
	}
	if err != nil || serr != nil {
		return c, ws, err
	}
	if ferr := FillFromSide(c.Levels, s.Levels); ferr != nil {
		return Config{}, nil, errorf(Pos{File: side}, "", "%v (beside %s)", ferr, filepath.Base(path))
	}
	return c, ws, nil
}

// sweepRun matches the files a vllm bench sweep point holds beside its
// summary.json for the same runs: run=0.json, run=1.json, ….
var sweepRun = regexp.MustCompile(`^run=\d+\.json$`)

// listPoint lists what a vllm bench sweep point holds beside the
// summary.json read: its runs' own files (the same runs), the tool's
// side files, and anything else as not a result (refused under --strict
// when unexplained).
func (sc *scan) listPoint(point string) error {
	entries, err := os.ReadDir(point)
	if err != nil {
		return fileError(point, err)
	}
	for _, e := range entries {
		p := filepath.Join(point, e.Name())
		switch {
		case e.Name() == sweepSummary || outdir.OwnFile(e.Name()):
		case sweepRun.MatchString(e.Name()) || hidden(e.Name()):
			sc.ignore(p) // the runs, read from summary.json
		default:
			sc.notResult(p)
		}
	}
	return nil
}

// holdsRuns reports whether folder p, depth folders below a
// configuration folder, holds a result file at most maxRunDepth deep.
func holdsRuns(p string, depth int) bool {
	entries, err := os.ReadDir(p)
	if err != nil {
		return true // reading it will say why
	}
	for _, e := range entries {
		if hidden(e.Name()) {
			continue
		}
		mode, err := entryMode(p, e)
		if err != nil {
			return true
		}
		if !mode.IsDir() && isRunFile(e.Name()) {
			return true
		}
		if mode.IsDir() && depth+1 < maxRunDepth && holdsRuns(filepath.Join(p, e.Name()), depth+1) {
			return true
		}
	}
	return false
}

// folderLoad is the load the folders between a configuration folder
// root and its run file path name: the innermost folder that names a
// concurrency (concurrency_16, c16, conc16, AIPerf's
// …-concurrency16, or a bare 16 as LLMPerf writes it) or a request rate
// (rate4, qps0.5, 4qps, AIPerf's …-request_rate4); zero when none does.
func folderLoad(root, path string) (concurrency int, rate float64) {
	for d := filepath.Dir(path); d != root && len(d) > len(root); d = filepath.Dir(d) {
		name := filepath.Base(d)
		if c := concurrencyIn(name); c > 0 {
			return c, 0
		}
		if r := rateIn(name); r > 0 {
			return 0, r
		}
		if n, err := strconv.Atoi(name); err == nil && n > 0 {
			return n, 0
		}
	}
	return 0, 0
}

// namedForItsLoad reports whether folder d is named for a load
// (concurrency_16, c16, …-request_rate4, a bare 16) that the runs
// directly in it do not contradict: folders c2/ and c4/ holding runs at
// concurrency 8 and 16 are configurations named c2 and c4, not levels.
func namedForItsLoad(d string) bool {
	name := filepath.Base(d)
	c, rate := concurrencyIn(name), rateIn(name)
	if c == 0 && rate == 0 {
		if n, err := strconv.Atoi(name); err == nil && n > 0 {
			c = n
		}
	}
	if c == 0 && rate == 0 {
		return false
	}
	entries, err := os.ReadDir(d)
	if err != nil {
		return true // its reading will say why
	}
	for _, e := range entries {
		if e.IsDir() || !isRunFile(e.Name()) {
			continue
		}
		cfg, _, err := readResultFile(filepath.Join(d, e.Name()), "", hints{})
		if err != nil {
			continue
		}
		for _, l := range cfg.Levels {
			if l.Concurrency > 0 && l.Concurrency != c || l.Rate > 0 && l.Rate != rate && c == 0 {
				return false
			}
		}
	}
	return true
}

// mixedDefinitions warns when a run file of a configuration defines a
// metric otherwise than the configuration's first (one vLLM run with
// TPOT, another with only the chunk gap): the first metric that
// differs, by its definitions' ids (Definitions); nil when none does.
func mixedDefinitions(path string, d, first Definitions) *Warning {
	for _, m := range []struct{ name, this, other string }{{"itl", d.ITL, first.ITL}, {"tps", d.TPS, first.TPS}, {"rps", d.RPS, first.RPS}} {
		if m.this == m.other {
			continue
		}
		this, other := orNone(m.this), orNone(m.other)
		return warnf(Pos{File: path}, "", WarnMixedDefinitions, map[string]any{"Metric": m.name, "Def": this, "OtherDef": other},
			"measures %s as %s, the configuration's other files as %s; its levels mix the two", strings.ToUpper(m.name), this, other)
	}
	return nil
}

// orNone is a definition id, "none" where the file gives the metric no
// definition (does not report it).
func orNone(id string) string {
	if id == "" {
		return "none"
	}
	return id
}

// runFile is one run file of a configuration folder, as read.
type runFile struct {
	path string
	cfg  Config
}

// sameConfig refuses a run file of another tool or another workload
// than the configuration's first: one configuration is one tool serving
// one model on one input and output length.
func (a *runFile) sameConfig(b *runFile) error {
	differ := func(what, x, y string) error {
		return errorf(Pos{File: b.path}, "", "%s %s, while %s %s %s; one configuration's files must come from one tool and one workload: move one of them into a folder of its own",
			what, y, a.path, what, x)
	}
	if a.cfg.Format != b.cfg.Format {
		return differ("was written by", a.cfg.Tool, b.cfg.Tool)
	}
	wa, wb := workloadOf(a.cfg), workloadOf(b.cfg)
	if wa.model != "" && wb.model != "" && wa.model != wb.model {
		return differ("serves model", strconv.Quote(wa.model), strconv.Quote(wb.model))
	}
	if wa.stated != "" && wb.stated != "" {
		// The workloads the runs state decide; measured lengths vary
		// with the load on one dataset (multi-turn conversations grow
		// with concurrency).
		if wa.stated != wb.stated {
			return differ("runs workload", wa.stated, wb.stated)
		}
		return nil
	}
	if wa.input > 0 && wb.input > 0 && math.Abs(wa.input-wb.input) > workloadTolerance*math.Max(wa.input, wb.input) {
		return differ("has mean input length", fmt.Sprintf("%.0f tokens", wa.input), fmt.Sprintf("%.0f tokens", wb.input))
	}
	return nil
}

// workloadTolerance is how far two runs' mean input lengths may differ
// and still be one workload, where the runs do not state their workload
// (Level.Workload): a dataset sampled per run varies from run to run.
// (Output lengths are what the server generated, not a setting: they
// are compared only as the workload a run states.)
const workloadTolerance = 0.25

// workload is what a config's runs served.
type workload struct {
	model  string
	input  float64
	stated string // Level.Workload
}

// workloadOf is the workload of a config's first level that states it.
func workloadOf(c Config) workload {
	var w workload
	for _, l := range c.Levels {
		if w.model == "" {
			w.model = l.Model
		}
		if w.stated == "" {
			w.stated = l.Workload
		}
		if !(w.input > 0) && l.InputTokens > 0 {
			w.input = l.InputTokens
		}
	}
	return w
}
