package ingest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/openzeka/reportgen/internal/outdir"
)

// MaxConfigs is the most configurations one report may compare, and
// MaxLevels the most load levels one configuration, and all of a
// report's configurations together, may have. Past either, the read
// fails naming the folder or file. (They bound the work: a report's
// tables and charts grow with configurations × levels.)
const (
	MaxConfigs = 32
	MaxLevels  = 64
)

// ReadOptions control Read.
type ReadOptions struct {
	// Format forces the input format of every result file ("" detects it
	// from the content).
	Format string
	// AsConfig reads the folder as one configuration's runs (a Target
	// Discover found so): a report of that configuration alone, named
	// after the folder.
	AsConfig bool
	// PairedOnly keeps of the per-request samples of each level (and
	// run) only the TTFT and TPS that goodput pairs, for a reader that
	// needs no more (a build): the ITL and latency samples, which a
	// comparison tests, are let go as soon as their configuration is
	// read, not held while the others are (8 MB a million requests).
	PairedOnly bool
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
	sc := &scan{dir: dir, format: opt.Format, skip: map[string]bool{}}
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
		if opt.PairedOnly {
			pairedOnly(cfg.Levels)
		}
		c.Configs = append(c.Configs, cfg)
		c.addWarnings(ws)
		if s.model != "" {
			c.Warnings = append(c.Warnings, folderModelWarning(s, s.id))
		}
	}
	c.Warnings = append(c.Warnings, attachPowerLogs(c.Configs, sc.powerLogs, c.Manifest.UTCOffsetOf())...)
	for _, p := range sc.powerLogs {
		c.PowerLogs = append(c.PowerLogs, sc.rel(p))
	}
	slices.Sort(c.PowerLogs)
	slices.Sort(c.UnreadKeys)
	c.UnreadKeys = slices.Compact(c.UnreadKeys)
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

// addWarnings adds a configuration's warnings to the campaign's, and
// its information on unread keys to UnreadKeys.
func (c *Campaign) addWarnings(ws []*Warning) {
	for _, w := range ws {
		if w.Kind != infoUnreadKeys {
			c.Warnings = append(c.Warnings, w)
			continue
		}
		p := w.Pos
		if rel, err := filepath.Rel(c.Dir, p.File); err == nil {
			p.File = filepath.ToSlash(rel)
		}
		c.UnreadKeys = append(c.UnreadKeys, fmt.Sprintf("%s: %v", p, w.Values["Keys"]))
	}
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
	found, err := c.foundSources(sc, opt)
	if err != nil {
		return nil, err
	}
	sources, err := c.orderSources(sc, found)
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

// foundSources are the configurations the report folder's content
// gives, for the manifest to order: none when the manifest gives the
// folder itself as a configuration (its entries say everything: the
// folder's files are its runs), the folder itself when it is one
// configuration's runs (opt.AsConfig), else those findSources finds.
func (c *Campaign) foundSources(sc *scan, opt ReadOptions) ([]source, error) {
	asConfig := opt.AsConfig && c.Manifest == nil
	if m := c.Manifest; m != nil && len(m.Configs) == 0 {
		// A manifest that lists no configurations sets the report's
		// settings only: the folder's content says what it holds, and a
		// folder of one configuration's runs stays one configuration.
		cl, err := classifyIn(c.Dir, 0, false)
		if err != nil {
			return nil, err
		}
		asConfig = cl == classConfig
	}
	switch {
	case listsItself(c.Dir, c.Manifest):
		return nil, nil
	case asConfig:
		return sc.folderConfigs(c.Name, "", c.Dir)
	}
	found, err := sc.findSources()
	if err != nil {
		return nil, err
	}
	if c.Manifest == nil || len(c.Manifest.Configs) == 0 {
		found = sc.dropHardLinks(found)
	}
	return found, nil
}

// listsItself reports whether the manifest m (nil: none) gives its
// report folder dir itself as a configuration's path.
func listsItself(dir string, m *Manifest) bool {
	if m == nil {
		return false
	}
	return slices.ContainsFunc(m.Configs, func(meta ConfigMeta) bool {
		return meta.Path != "" && filepath.Clean(filepath.Join(dir, filepath.FromSlash(meta.Path))) == filepath.Clean(dir)
	})
}

// distinctLevels counts the load levels of all configs together: the
// concurrencies, the request rates and the input lengths of
// input-length sweeps.
func distinctLevels(cfgs []Config) int {
	seen := map[load]bool{}
	for _, c := range cfgs {
		for _, l := range c.Levels {
			seen[load{l.Concurrency, l.Rate, l.InputLength}] = true
		}
	}
	return len(seen)
}

// orderSources orders the found sources by the manifest's config list. Every
// listed config needs a file and every file needs an entry, so that no
// configuration is silently left out of a report.
func (c *Campaign) orderSources(sc *scan, found []source) ([]source, error) {
	m := c.Manifest
	if m == nil || len(m.Configs) == 0 {
		return found, nil
	}
	byID := map[string]source{}
	for _, s := range found {
		byID[s.id] = s
	}
	for _, s := range found {
		if _, taken := byID[s.alias]; s.alias != "" && !taken {
			byID[s.alias] = s // a folder named for another model than its files': by its name too
		}
	}
	used := map[string]bool{}
	pathOf := map[string]string{} // id → the path its entry gives
	var out []source
	for _, meta := range m.Configs {
		if meta.Path != "" {
			s, err := sc.manifestSource(c.Dir, m, meta)
			if err != nil {
				return nil, err
			}
			for _, f := range found {
				if filepath.Clean(f.path) == filepath.Clean(s.path) && samePart(f.part, s.part) {
					used[f.id] = true // one of a folder's configurations: that one only
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
		s.id, s.concurrency = meta.ID, meta.Concurrency
		out = append(out, s)
	}
	if err := unlisted(m, found, used, pathOf); err != nil {
		return nil, err
	}
	return out, nil
}

// unlisted refuses the first of the found sources that no entry of the
// manifest m reads (used): a file or folder that would be left out of
// the report. pathOf gives the path an entry of that id reads instead.
func unlisted(m *Manifest, found []source, used map[string]bool, pathOf map[string]string) error {
	for _, s := range found {
		if used[s.id] {
			continue
		}
		if p, ok := pathOf[s.id]; ok {
			return errorf(Pos{File: m.file}, "", "%s is not read: config %q reads path %q instead; move the file out of the report folder or give it its own [[configs]] entry",
				s.path, s.id, p)
		}
		return errorf(Pos{File: m.file}, "", "%s has no [[configs]] entry with id = %q; add one, or move the file out of the report folder",
			s.path, s.id)
	}
	return nil
}

// manifestSource is the source a manifest entry's path gives: a file,
// or a folder (path = ".": the report folder itself), which, when it
// holds several configurations (a vllm bench sweep's server settings,
// run files that are no one configuration's: groupRuns), gives the one
// the entry's id names.
func (sc *scan) manifestSource(dir string, m *Manifest, meta ConfigMeta) (source, error) {
	p := filepath.Join(dir, filepath.FromSlash(meta.Path))
	if filepath.Clean(p) == filepath.Clean(dir) {
		// path = ".": the report folder is this configuration's runs.
		return sc.manifestFolder(m, meta, dir)
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
	kind, ok := fileKind(p)
	if parts := recordParts(p); ok && kind == fileSource && !st.IsDir() && parts != nil {
		return source{}, manyRecordsError(m, meta, parts)
	}
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
		return sc.manifestFolder(m, meta, p)
	}
	if !ok {
		return source{}, errorf(Pos{File: m.file}, "", "config %q: path %q: expected a .csv, .zip, .json or .jsonl file, or a folder of results", meta.ID, meta.Path)
	}
	return source{id: meta.ID, path: p, kind: kind, concurrency: meta.Concurrency}, nil
}

// manifestFolder is the source the manifest entry meta gives, whose
// path is the folder p: the folder, or the one of its configurations
// (folderConfigs) whose name the entry's id is or ends in ("1p2d",
// "pd/1p2d"). An id that names none of several is refused, listing
// them.
func (sc *scan) manifestFolder(m *Manifest, meta ConfigMeta, p string) (source, error) {
	srcs, err := sc.folderConfigs(meta.ID, "", p)
	if err != nil {
		return source{}, err
	}
	var ids []string
	for _, s := range srcs {
		if len(srcs) == 1 || s.id == meta.ID || strings.HasSuffix(meta.ID, "/"+s.id) {
			s.id, s.alias, s.concurrency = meta.ID, "", meta.Concurrency
			return s, nil
		}
		ids = append(ids, strconv.Quote(s.id))
	}
	return source{}, errorf(Pos{File: m.file}, "", "config %q: path %q holds %d configurations (%s); give each its own [[configs]] entry with this path and its id",
		meta.ID, meta.Path, len(srcs), strings.Join(ids, ", "))
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
		cur := sourceSeen{s: s, resolved: resolved}
		if s.kind.isFile() {
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
// way round), or "" when they share nothing. The parts of one folder of
// points (a vllm bench sweep's server settings) share the folder, not
// their points: two parts do not overlap, and a part of points is not
// the folder of runs holding a file in it; a part of run files holds its
// own.
func (c sourceSeen) overlap(o sourceSeen) string {
	switch {
	case o.s.kind == runFolder && o.s.part == nil && filepath.Dir(c.resolved) == o.resolved && c.s.kind != runFolder:
		return "a run file of"
	case c.s.kind == runFolder && c.s.part == nil && filepath.Dir(o.resolved) == c.resolved && o.s.kind != runFolder:
		return "the folder of runs holding"
	case o.s.part.holdsRun(c.s.path) && c.s.kind != runFolder:
		return "a run file of"
	case c.s.part.holdsRun(o.s.path) && o.s.kind != runFolder:
		return "the folder of runs holding"
	case o.resolved == c.resolved && samePart(o.s.part, c.s.part) && sameRecords(o.s.records, c.s.records):
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
	case exportDir:
		cfg, warnings, err = readExportFolder(s.path)
	case zipSource:
		cfg, warnings, err = readFile(s.path, readZip)
	case runFolder:
		cfg, warnings, err = sc.readRunFolder(s.path, format, s.part)
	default:
		cfg, warnings, err = readResultPart(s.path, format, sc.hints(s.concurrency), s.records)
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
