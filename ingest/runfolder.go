package ingest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/openzeka/reportgen/internal/outdir"
)

// isRunFile reports whether name is a result file a run folder may hold.
func isRunFile(name string) bool {
	kind, ok := fileKind(name)
	return ok && kind == fileSource && !hidden(name)
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
// lengths); else the read fails naming two files and what differs. A
// folder whose files are several configurations (groupRuns: runs at one
// load that are no repeats of each other) is refused: its
// configurations are read one by one (runSources).
func readRunFolder(dir, format string) (Config, []*Warning, error) {
	return (*scan)(nil).readRunFolder(dir, format, nil)
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

// maxFolderRuns is the most runs one folder of runs may hold, its
// configurations together (groupRuns): as many as a report's
// configurations have levels. Its walk stops at the first file past it.
const maxFolderRuns = MaxConfigs * MaxLevels

// maxRunDepth bounds how deep below a configuration folder its runs may
// lie: the walk enters folders at depths 1 to maxRunDepth − 1, so runs
// lie at most three folders below it (AIPerf:
// <run>/profile_runs/trial_0001/concurrency_8/).
const maxRunDepth = 4

// repeatFolder matches the names of folders that hold one repeat of a
// configuration's runs: AIPerf's profile_runs/ and its run_0001/ or
// trial_0001/ inside, run1/, repeat-2/. Like folders named for a load,
// they are part of the configuration, not configurations of their own.
var repeatFolder = regexp.MustCompile(`(?i)^(?:profile_runs|(?:run|trial|repeat|rep|iter)[-_=]?\d+)$`)

// readRunFolder reads the configuration folder dir's runs; pt, when
// set, selects the points of one part (of a vllm bench sweep's server
// settings, one) or the run files of one configuration among the
// folder's (groupRuns). A whole folder, or a part of points, whose run
// files are several configurations (groupRuns) is refused, naming two
// files at one load that are no repeats of each other: distinct
// deployments are never averaged.
func (sc *scan) readRunFolder(dir, format string, pt *part) (Config, []*Warning, error) {
	rf, err := sc.gatherRuns(dir, format, pt, false)
	if err != nil {
		return Config{}, nil, err
	}
	if len(rf.files) == 0 {
		return Config{}, nil, errorf(Pos{File: dir}, "", "folder holds no result file")
	}
	if pt == nil || pt.files == nil {
		groups, err := groupRuns(dir, rf.files)
		if err != nil {
			return Config{}, nil, err
		}
		if len(groups) > 1 {
			return Config{}, nil, severalConfigs(dir, rf.files, groups)
		}
	}
	if err := copiedRuns(rf.files); err != nil { // the files are one configuration's now
		return Config{}, nil, err
	}
	for _, f := range rf.files {
		if err := rf.merge(f); err != nil {
			return Config{}, nil, err
		}
	}
	cfg := rf.cfg
	if rf.first.sweepsInput() {
		if err := placeInputs(dir, cfg.Levels); err != nil {
			return Config{}, nil, err
		}
	}
	cfg.Levels = mergeRepeats(cfg.Levels)
	if len(cfg.Levels) > MaxLevels {
		return Config{}, nil, errorf(Pos{File: dir}, "", "holds more than %d load levels; expected at most %d per configuration", MaxLevels, MaxLevels)
	}
	_, err = sortLevels(dir, cfg.Levels, false)
	return cfg, rf.warnings, err
}

// gatherRuns reads the run files of the configuration folder dir (of
// part pt, when set), each once, in walk order; keep keeps them for the
// folder's read (keepRun). A run that lacks a latency is named with
// every other that does, in one error.
func (sc *scan) gatherRuns(dir, format string, pt *part, keep bool) (*folderRuns, error) {
	rf := &folderRuns{sc: sc, dir: dir, format: format, part: pt, keep: keep, cfg: Config{Source: dir}, seen: map[string]string{}}
	w := &runWalk{sc: sc, root: dir, part: pt, fn: rf.add}
	err := w.folder(dir, 0)
	if err == nil && len(rf.noLatency) > 0 {
		err = manyErrors(rf.noLatency, maxNamed)
	}
	return rf, err
}

// severalConfigs is the error of a folder read as one configuration
// whose run files are the groups' configurations: it names two files at
// one load of different groups, and the groups.
func severalConfigs(dir string, files []runFile, groups []*runGroup) error {
	groupOf := map[string]*runGroup{}
	ids := make([]string, len(groups))
	for i, g := range groups {
		ids[i] = g.id
		for p := range g.files {
			groupOf[p] = g
		}
	}
	a, b := files[0], files[len(files)-1]
	for _, f := range files {
		if groupOf[f.path] != groupOf[a.path] {
			b = f
			break
		}
	}
	return errorf(Pos{File: dir}, "", "holds the runs of %d configurations (%s): %s and %s are no repeats of one configuration (their names differ by more than a run token, or their recorded settings differ); give each its own [[configs]] entry with this path and its id",
		len(groups), strings.Join(ids, ", "), relRun(dir, a.path), relRun(dir, b.path))
}

// folderRuns is a configuration folder's runs as readRunFolder gathers
// them, one run file at a time (add).
type folderRuns struct {
	sc        *scan
	dir       string
	format    string
	part      *part
	keep      bool // the runs read are kept for the folder's read (keepRun)
	cfg       Config
	files     []runFile // as read, in walk order
	runs      int       // of the files read, repeats counted
	warnings  []*Warning
	first     *runFile
	noLatency []error           // the runs that lack a latency, named together
	seen      map[string]string // real path → the path it was read at
	links     linkedFiles
}

// add reads the run file at path, unless another configuration of the
// folder holds it: once, however many names lead to it; a file that is
// no result is skipped, and one that lacks a latency is kept for one
// error naming them all.
func (rf *folderRuns) add(path string) error {
	if !rf.part.holdsFile(path) {
		return nil
	}
	if read, err := rf.once(path); !read || err != nil {
		return err
	}
	h := rf.sc.hints(0)
	h.concurrency, h.rate = folderLoad(rf.dir, path)
	c, ws, err := rf.sc.readRun(path, rf.format, h)
	if rf.keep {
		rf.sc.keepRun(path, runRead{c, ws, err})
	}
	if errors.Is(err, ErrNotResult) {
		rf.sc.notResult(path) // a file a tool writes beside its results
		return nil
	}
	if errors.Is(err, ErrNoLatency) {
		// Every file missing it is named, not only the first: the
		// user re-runs them all.
		rf.noLatency = append(rf.noLatency, err)
		return nil
	}
	if err != nil {
		return err
	}
	rf.warnings = append(rf.warnings, ws...)
	rf.files = append(rf.files, runFile{path: path, cfg: c})
	for _, l := range c.Levels {
		rf.runs += max(1, len(l.Repeats))
	}
	if rf.runs > maxFolderRuns {
		return errorf(Pos{File: rf.dir}, "", "holds more than %d runs; expected at most %d in one folder", maxFolderRuns, maxFolderRuns)
	}
	return nil
}

// once reports whether the run file at path is to be read: false for a
// hard link of a file read before (listed as skipped). Two symbolic
// links that lead to one file are an error.
func (rf *folderRuns) once(path string) (bool, error) {
	if resolved, err := filepath.EvalSymlinks(path); err == nil {
		if prev, dup := rf.seen[resolved]; dup {
			return false, errorf(Pos{File: path}, "", "is the same file as %s (symbolic links lead to it twice); expected each run once", prev)
		}
		rf.seen[resolved] = path
	}
	if first := rf.links.first(path); first != "" {
		rf.sc.hardLink(path, first) // one file: its run is read once
		return false, nil
	}
	return true, nil
}

// merge adds f, a run file as read, to the configuration: its tool and
// workload must be the first file's (sameConfig).
func (rf *folderRuns) merge(f runFile) error {
	if rf.first == nil {
		rf.first = &f
		rf.cfg.Format, rf.cfg.Tool, rf.cfg.Definitions = f.cfg.Format, f.cfg.Tool, f.cfg.Definitions
	} else {
		if err := rf.first.sameConfig(&f); err != nil {
			return err
		}
		if w := mixedDefinitions(f.path, f.cfg.Definitions, rf.cfg.Definitions); w != nil {
			rf.warnings = append(rf.warnings, w)
		}
	}
	rf.cfg.Levels = append(rf.cfg.Levels, f.cfg.Levels...)
	return nil
}

// runWalk is the walk of the run tree of the configuration folder root:
// it calls fn for each run file found, reading of a tool's points (a
// vllm bench sweep's) only those of part (nil: all), and records what
// it skips on purpose.
type runWalk struct {
	sc   *scan
	root string
	part *part
	fn   func(path string) error
}

// folder walks dir, depth folders below the configuration folder: its
// result files, the run file of each point of a tool's layout, and the
// run files of its sub-folders.
func (w *runWalk) folder(dir string, depth int) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fileError(dir, err)
	}
	names, points := runNames(dir, entries)
	for _, e := range entries {
		name := e.Name()
		p := filepath.Join(dir, name)
		if name == ManifestName && dir == w.root || outdir.OwnFile(name) {
			continue // the report's manifest, beside its runs
		}
		if hidden(name) {
			w.sc.ignore(p)
			continue
		}
		mode, err := entryMode(dir, e)
		if err != nil {
			return err
		}
		if mode.IsDir() {
			err = w.subfolder(p, depth)
		} else {
			err = w.file(p, names, points)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// runNames are the names of the entries of folder dir, and the layout
// whose points are among its sub-folders (nil: none).
func runNames(dir string, entries []os.DirEntry) (names map[string]bool, points *layout) {
	names = map[string]bool{}
	for _, e := range entries {
		names[e.Name()] = true
		if e.IsDir() {
			if l, _ := pointLayout(filepath.Join(dir, e.Name())); l != nil {
				points = l
			}
		}
	}
	return names, points
}

// subfolder walks p, a sub-folder of a folder depth folders below the
// configuration folder: a point of a tool's layout (one of the walk's
// part, when set), a folder of more runs, or a folder skipped.
func (w *runWalk) subfolder(p string, depth int) error {
	l, err := pointLayout(p)
	switch {
	case err != nil:
		return err
	case outdir.Marked(p):
		w.sc.ignore(p)
	case l != nil:
		if !w.part.holds(l, p) {
			return nil // another part's configuration
		}
		if err := w.fn(filepath.Join(p, l.run)); err != nil {
			return err
		}
		return w.sc.listPoint(l, p)
	case depth+1 < maxRunDepth && holdsRuns(p, depth+1):
		return w.folder(p, depth+1)
	default:
		w.sc.notResult(p)
	}
	return nil
}

// file calls fn for p, a file of a folder of runs whose names are names
// (points: the layout whose points the folder holds, or nil), unless it
// is not a run file or is read with another.
func (w *runWalk) file(p string, names map[string]bool, points *layout) error {
	name := filepath.Base(p)
	if !isRunFile(name) {
		w.sc.notResult(p)
		return nil
	}
	if primary, ok := SideOf(name); ok && names[primary] {
		if strings.EqualFold(filepath.Ext(name), ".csv") {
			w.sc.ignore(p) // the same run, read from its .json
		}
		return nil // else read with its primary, to complete it (readRun)
	}
	if points != nil && points.aggregate(name) {
		w.sc.ignore(p) // the points' runs, read from the points
		return nil
	}
	return w.fn(p)
}

// readRun reads one run file of a configuration folder (readRunFile),
// or takes it from the scan's runs kept (keepRun): a run file read to
// find the folder's configurations is not read again.
func (sc *scan) readRun(path, format string, h hints) (Config, []*Warning, error) {
	if r, ok := sc.keptRun(path); ok {
		return r.cfg, r.warnings, r.err
	}
	return readRunFile(path, format, h)
}

// keptRun takes the run file at path as kept (keepRun), if it was.
func (sc *scan) keptRun(path string) (runRead, bool) {
	if sc == nil {
		return runRead{}, false
	}
	r, ok := sc.kept[path]
	delete(sc.kept, path)
	return r, ok
}

// readRunFile reads one run file of a configuration folder. Where the tool
// wrote a side file beside it (SideOf: LLMPerf's summary beside its
// individual responses), the side file gives what the run file lacks:
// its load, when the run file states none, and its throughput, counts
// and workload. A side file that cannot be read completes nothing.
func readRunFile(path, format string, h hints) (Config, []*Warning, error) {
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

// listPoint lists what point, a point of layout l, holds beside the
// run file read: the same run's other files, the tool's side files,
// and anything else as not a result (refused under --strict when
// unexplained).
func (sc *scan) listPoint(l *layout, point string) error {
	entries, err := os.ReadDir(point)
	if err != nil {
		return fileError(point, err)
	}
	for _, e := range entries {
		p := filepath.Join(point, e.Name())
		switch {
		case e.Name() == l.run || outdir.OwnFile(e.Name()):
		case l.repeats(e.Name()) || hidden(e.Name()):
			sc.ignore(p) // the run again, read from the run file
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
		if c, r := loadInName(filepath.Base(d)); c > 0 || r > 0 {
			return c, r
		}
	}
	return 0, 0
}

// loadInName is the load a folder's name states: a concurrency
// (concurrency_16, c16, a bare 16) or else a request rate (rate4,
// …-request_rate4); zero when it states none.
func loadInName(name string) (concurrency int, rate float64) {
	if c := concurrencyIn(name); c > 0 {
		return c, 0
	}
	if r := rateIn(name); r > 0 {
		return 0, r
	}
	if n, err := strconv.Atoi(name); err == nil && n > 0 {
		return n, 0
	}
	return 0, 0
}

// namedForItsLoad reports whether folder d is named for a load
// (concurrency_16, c16, …-request_rate4, a bare 16) that the runs
// directly in it do not contradict: folders c2/ and c4/ holding runs at
// concurrency 8 and 16 are configurations named c2 and c4, not levels.
func namedForItsLoad(d string) bool {
	c, rate := loadInName(filepath.Base(d))
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
		if err == nil && !atLoad(cfg.Levels, c, rate) {
			return false
		}
	}
	return true
}

// atLoad reports whether no level of levels contradicts the load that
// a folder's name states (loadInName): a concurrency, else a rate.
func atLoad(levels []Level, c int, rate float64) bool {
	for _, l := range levels {
		if l.Concurrency > 0 && l.Concurrency != c || l.Rate > 0 && l.Rate != rate && c == 0 {
			return false
		}
	}
	return true
}
