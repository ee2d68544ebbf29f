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
	kind string // "file" (a result file), "zip", "dir" (an unzipped export) or "runs" (a folder of run files)
	// concurrency is the manifest's load for a run file that lacks one.
	concurrency int
	// serve, for a folder of vllm bench sweep points of several server
	// settings, is the setting whose points are this configuration.
	serve *string
}

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
