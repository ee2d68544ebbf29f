package ingest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/openzeka/reportgen/internal/outdir"
)

// source is a configuration's input found in a report folder.
type source struct {
	id   string
	path string
	kind sourceKind
	// concurrency is the manifest's load for a run file that lacks one.
	concurrency int
	// part, for a folder of a tool's points that fall into several
	// configurations (a vllm bench sweep of several server settings),
	// or of run files that do (groupRuns), is the part that is this
	// configuration; nil for every run of the folder.
	part *part
	// model, for a folder of runs named for another model than the one
	// all its files state (folderNamesOther), is that model: the
	// configuration takes its name (id), the folder's name kept as
	// alias, which a manifest may list it by too.
	model, alias string
	// records, for a JSON-lines file whose runs fall into several
	// configurations (records.go), are the lines of this one; nil for
	// the whole file.
	records *records
}

// sourceKind is what a source's path is.
type sourceKind int

const (
	fileSource sourceKind = iota // a result file
	zipSource                    // an llm-benchmark archive
	exportDir                    // an unzipped llm-benchmark export (holding a *-table.csv)
	runFolder                    // a folder of run files
)

// isFile reports whether a source of the kind is one file (its hard
// links are looked for).
func (k sourceKind) isFile() bool { return k == fileSource || k == zipSource }

// scan is the reading of one report folder: it collects the names it
// skips on purpose. A nil *scan collects nothing.
type scan struct {
	dir          string
	format       string          // the format forced for every result file ("": detected)
	outputTokens int             // the manifest's fixed output length (hints)
	skip         map[string]bool // read by others (the manifest's logo): not listed
	ignored      []string        // relative to dir, slash-separated
	notResults   []string        // the ignored that hold no result data (Campaign.NotResults)
	// kept are the run files read to find a folder's configurations
	// (runSources), by path, until the folder's read takes them.
	kept map[string]runRead
	// powerLogs are the power logs found, read as telemetry (powerLog).
	powerLogs []string
}

// runRead is a run file as read: its configuration, warnings and error.
type runRead struct {
	cfg      Config
	warnings []*Warning
	err      error
}

// keepRun keeps r, the run file at path as read, for the read of its
// folder (readRun).
func (sc *scan) keepRun(path string, r runRead) {
	if sc == nil {
		return
	}
	if sc.kept == nil {
		sc.kept = map[string]runRead{}
	}
	sc.kept[path] = r
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

// dropHardLinks leaves out of sources each result file that is a hard
// link of one listed before it (in id order): one file, read once, its
// other name listed as skipped. A manifest that lists both names as
// configurations is refused instead (sameFiles).
func (sc *scan) dropHardLinks(sources []source) []source {
	var seen linkedFiles
	var out []source
	for _, s := range sources {
		if s.kind.isFile() {
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
	if sc == nil || sc.skip[filepath.Clean(p)] || sc.powerLog(p) {
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
	points, parts, err := pointsIn(sc.dir)
	if err != nil {
		return nil, err
	}
	out := partSources("", sc.dir, points, parts)
	if points != nil && len(parts) == 0 {
		out = append(out, wholeFolder(filepath.Base(filepath.Clean(sc.dir)), sc.dir))
	}
	for _, e := range entries {
		found, err := sc.entrySources(e, points)
		if err != nil {
			return nil, err
		}
		out = append(out, found...)
	}
	keepAliases(out)
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	for i := 1; i < len(out); i++ {
		if out[i].id == out[i-1].id {
			return nil, fmt.Errorf("%s and %s: both give configuration %q; keep one", out[i-1].path, out[i].path, out[i].id)
		}
	}
	return out, nil
}

// entrySources are the configurations that entry e of the report folder
// gives, none when it is skipped (and recorded); points, when set, is
// the layout whose points the report folder holds.
func (sc *scan) entrySources(e os.DirEntry, points *layout) ([]source, error) {
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
	if points != nil && (points.aggregate(name) || mode.IsDir()) {
		if point, _ := points.point(p); point {
			return nil, nil // read by its part's configuration
		}
		if !mode.IsDir() {
			sc.ignore(p) // the points' runs, read from the points
			return nil, nil
		}
	}
	if mode.IsDir() {
		return sc.folderSources(name, p)
	}
	if kind, ok := fileKind(name); ok && !notResult(p) {
		id := strings.TrimSuffix(name, filepath.Ext(name))
		return recordSources(source{id: id, path: p, kind: kind}), nil
	}
	sc.notResult(p)
	return nil, nil
}

// folderSources are the configurations of the report folder's
// sub-folder p, named name: one per part of a tool's points (a vllm
// bench sweep's server settings) or of its run files (groupRuns), each
// named name/<part>, or the folder itself when it holds an export or
// runs.
func (sc *scan) folderSources(name, p string) ([]source, error) {
	if points, parts, err := pointsIn(p); err != nil {
		return nil, err
	} else if len(parts) > 0 {
		return partSources(name, p, points, parts), nil
	}
	kind, ok, err := folderKind(p)
	if err != nil {
		return nil, err
	}
	if !ok {
		sc.notResult(p)
		return nil, nil
	}
	if kind == runFolder {
		return sc.runSources(name, name+"/", p), nil
	}
	return []source{{id: name, path: p, kind: kind}}, nil
}

// folderConfigs are the configurations of dir, a folder read as
// configurations (a manifest's path, a folder of runs pointed at alone)
// whose own id is id: one per part of a tool's points or of its run
// files, each id'd prefix + its name, or the folder itself.
func (sc *scan) folderConfigs(id, prefix, dir string) ([]source, error) {
	if points, parts, err := pointsIn(dir); err != nil {
		return nil, err
	} else if len(parts) > 0 {
		return partSources(strings.TrimSuffix(prefix, "/"), dir, points, parts), nil
	}
	if s := wholeFolder(id, dir); s.kind != runFolder {
		return []source{s}, nil
	}
	return sc.runSources(id, prefix, dir), nil
}

// runSources are the configurations of dir, a folder of runs whose own
// id is id: one per configuration of its run files (groupRuns), id'd
// prefix + its name, or, when they are one, the folder itself (named
// for the model its files state where its name names another:
// folderNamesOther). The run files read to tell are kept for the
// folder's read; when one cannot be read, the folder is one
// configuration, whose read says why.
func (sc *scan) runSources(id, prefix, dir string) []source {
	whole := source{id: id, path: dir, kind: runFolder}
	rf, err := sc.gatherRuns(dir, sc.formatOrNone(), nil, true)
	if err != nil || len(rf.files) == 0 {
		return []source{whole}
	}
	groups, err := groupRuns(dir, rf.files)
	if err != nil {
		return []source{whole}
	}
	if len(groups) > 1 {
		out := make([]source, len(groups))
		for i, g := range groups {
			out[i] = source{id: prefix + g.id, path: dir, kind: runFolder, part: &part{key: g.id, files: g}}
		}
		return out
	}
	if m := oneModel(rf.files); m != "" && folderNamesOther(filepath.Base(filepath.Clean(dir)), m) {
		whole.model, whole.alias = m, id
		whole.id = idPart(shortModel(m))
	}
	return []source{whole}
}

// formatOrNone is the format the scan forces ("" for a nil scan).
func (sc *scan) formatOrNone() string {
	if sc == nil {
		return ""
	}
	return sc.format
}

// keepAliases gives a configuration named for its files' model
// (source.model) its folder's name back where another configuration of
// sources has the model's name: ids stay unique.
func keepAliases(sources []source) {
	count := map[string]int{}
	for _, s := range sources {
		count[s.id]++
	}
	for i, s := range sources {
		if s.alias != "" && count[s.id] > 1 {
			count[s.id]--
			sources[i].id, sources[i].alias = s.alias, ""
		}
	}
}

// folderKind says what a sub-folder of a report folder is: an unzipped
// llm-benchmark export (exportDir, holding a *-table.csv) or a folder of
// run files, or of a tool's points (runFolder); ok is false for neither,
// or a report reportgen wrote: ignored. An unreadable folder is an
// error.
func folderKind(p string) (kind sourceKind, ok bool, err error) {
	if outdir.Marked(p) {
		return 0, false, nil
	}
	entries, err := os.ReadDir(p)
	if err != nil {
		return 0, false, fileError(p, err)
	}
	if holdsExportTable(entries) {
		return exportDir, true, nil
	}
	for _, f := range entries {
		if hidden(f.Name()) {
			continue
		}
		mode, err := entryMode(p, f)
		if err != nil {
			return 0, false, err
		}
		if !mode.IsDir() {
			if isRunFile(f.Name()) {
				return runFolder, true, nil
			}
			continue
		}
		if l, err := pointLayout(filepath.Join(p, f.Name())); l != nil || err != nil {
			return runFolder, true, err
		}
	}
	// Runs in per-level (or per-repeat) sub-folders: sglang/c2/run.json.
	if c, err := classify(p, 1); err != nil || c == classConfig {
		return runFolder, true, err
	}
	return 0, false, nil
}

// holdsExportTable reports whether a folder whose entries are entries
// holds an llm-benchmark export's *-table.csv.
func holdsExportTable(entries []os.DirEntry) bool {
	return slices.ContainsFunc(entries, func(f os.DirEntry) bool {
		ok, _ := filepath.Match(exportTable, f.Name())
		return ok
	})
}

// partSources are the configurations of folder dir whose points, of
// layout l, fall into the parts parts: one per part, named for it
// (partID; under the folder's name when the folder lies in a sub-folder
// of the report, name). No parts give none.
func partSources(name, dir string, l *layout, parts []string) []source {
	var out []source
	for _, key := range parts {
		id := l.partID(key)
		if name != "" {
			id = name + "/" + id
		}
		out = append(out, source{id: id, path: dir, kind: runFolder, part: &part{layout: l, key: key}})
	}
	return out
}

// wholeFolder is the source of a folder read as one configuration: its
// runs, or an unzipped llm-benchmark export.
func wholeFolder(id, dir string) source {
	return source{id: id, path: dir, kind: folderSource(dir)}
}

// folderSource is the kind of a folder read as one configuration: an
// unzipped llm-benchmark export when it holds a *-table.csv, else a
// folder of runs.
func folderSource(dir string) sourceKind {
	if tables, _ := filepath.Glob(filepath.Join(dir, exportTable)); len(tables) > 0 {
		return exportDir
	}
	return runFolder
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
