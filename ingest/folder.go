package ingest

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// Discover returns the report folders under root. root is itself a report
// folder when it directly holds a report.toml, a .csv or a .zip;
// otherwise each of its sub-folders is taken as a report folder.
func Discover(root string) ([]string, error) {
	st, err := os.Stat(root)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%s: not a folder; expected a report folder or a folder of report folders", root)
	}
	isReport, err := isReportFolder(root)
	if err != nil {
		return nil, err
	}
	if isReport {
		return []string{root}, nil
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, err
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() && !hidden(e.Name()) {
			dirs = append(dirs, filepath.Join(root, e.Name()))
		}
	}
	if len(dirs) == 0 {
		return nil, fmt.Errorf("%s: no report found; expected a report.toml, .csv or .zip files, or sub-folders holding them", root)
	}
	return dirs, nil
}

func isReportFolder(dir string) (bool, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false, err
	}
	for _, e := range entries {
		if e.IsDir() || hidden(e.Name()) {
			continue
		}
		name := strings.ToLower(e.Name())
		if name == ManifestName || strings.HasSuffix(name, ".csv") || strings.HasSuffix(name, ".zip") ||
			strings.HasSuffix(name, ".json") || strings.HasSuffix(name, ".jsonl") {
			return true, nil
		}
	}
	return false, nil
}

// OutputMarker is the file reportgen writes into every report folder it
// outputs. Discover and Read never enter a folder that directly holds
// it: it is a report reportgen wrote, not input.
const OutputMarker = ".reportgen"

func hidden(name string) bool { return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") }

// source is a configuration's input found in a report folder.
type source struct {
	id   string
	path string
	kind string // "csv", "zip", "json" (a run file), "dir" (an unzipped export) or "runs" (a folder of run files)
	// concurrency is the manifest's load for a run file that lacks one.
	concurrency int
}

// ReadOptions control Read.
type ReadOptions struct {
	// Format forces the input format of every result file ("" detects it
	// from the content).
	Format string
}

// isRunFile reports whether name is a result file a run folder may hold.
func isRunFile(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".json", ".jsonl", ".csv":
		return !hidden(name)
	}
	return false
}

// findSources lists the configurations in dir: each .csv, each .zip and
// each sub-folder holding a *-table.csv.
func findSources(dir string) ([]source, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []source
	for _, e := range entries {
		name := e.Name()
		if hidden(name) {
			continue
		}
		p := filepath.Join(dir, name)
		ext := strings.ToLower(filepath.Ext(name))
		switch {
		case e.IsDir():
			tables, _ := filepath.Glob(filepath.Join(p, "*-table.csv"))
			if len(tables) > 0 {
				out = append(out, source{id: name, path: p, kind: "dir"})
				continue
			}
			if files, _ := os.ReadDir(p); hasSweepPoints(p) || slices.ContainsFunc(files, func(f os.DirEntry) bool { return !f.IsDir() && isRunFile(f.Name()) }) {
				out = append(out, source{id: name, path: p, kind: "runs"})
			}
		case ext == ".json" || ext == ".jsonl":
			out = append(out, source{id: strings.TrimSuffix(name, filepath.Ext(name)), path: p, kind: "json"})
		case ext == ".csv":
			out = append(out, source{id: strings.TrimSuffix(name, filepath.Ext(name)), path: p, kind: "csv"})
		case ext == ".zip":
			out = append(out, source{id: strings.TrimSuffix(name, filepath.Ext(name)), path: p, kind: "zip"})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	for i := 1; i < len(out); i++ {
		if out[i].id == out[i-1].id {
			return nil, fmt.Errorf("%s and %s: both give configuration %q; keep one", out[i-1].path, out[i].path, out[i].id)
		}
	}
	return out, nil
}

// Read reads one report folder: its manifest, if any, and every
// configuration in it. The first malformed input stops the read with an
// error that names its file, line and column.
func Read(dir string, opt ReadOptions) (*Campaign, error) {
	c := &Campaign{Dir: dir, Name: filepath.Base(filepath.Clean(dir))}
	manifestPath := filepath.Join(dir, ManifestName)
	if data, err := os.ReadFile(manifestPath); err == nil {
		m, ws, err := readManifest(manifestPath, data)
		if err != nil {
			return nil, err
		}
		c.Manifest = m
		c.Warnings = append(c.Warnings, ws...)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	found, err := findSources(dir)
	if err != nil {
		return nil, err
	}
	sources, err := c.orderSources(found)
	if err != nil {
		return nil, err
	}
	if len(sources) == 0 {
		return nil, fmt.Errorf("%s: no configuration found; expected .csv, .zip or export folders", dir)
	}
	for _, s := range sources {
		cfg, ws, err := readSource(s, opt.Format)
		if err != nil {
			return nil, err
		}
		cfg.ID = s.id
		c.Configs = append(c.Configs, cfg)
		c.Warnings = append(c.Warnings, ws...)
	}
	return c, nil
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
	var out []source
	for _, meta := range m.Configs {
		if meta.Path != "" {
			p := filepath.Join(c.Dir, filepath.FromSlash(meta.Path))
			st, err := os.Stat(p)
			if err != nil {
				return nil, errorf(Pos{File: m.file}, "", "config %q: path %q: no such file", meta.ID, meta.Path)
			}
			kind := strings.TrimPrefix(strings.ToLower(filepath.Ext(p)), ".")
			if kind == "jsonl" {
				kind = "json"
			}
			if st.IsDir() {
				kind = "runs"
				if tables, _ := filepath.Glob(filepath.Join(p, "*-table.csv")); len(tables) > 0 {
					kind = "dir"
				}
			}
			if kind != "csv" && kind != "zip" && kind != "dir" && kind != "json" && kind != "runs" {
				return nil, errorf(Pos{File: m.file}, "", "config %q: path %q: expected a .csv, .zip, .json or .jsonl file, or a folder of results", meta.ID, meta.Path)
			}
			for _, s := range found {
				if filepath.Clean(s.path) == filepath.Clean(p) {
					used[s.id] = true
				}
			}
			out = append(out, source{id: meta.ID, path: p, kind: kind, concurrency: meta.Concurrency})
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
		if !used[s.id] {
			return nil, errorf(Pos{File: m.file}, "", "%s has no [[configs]] entry with id = %q; add one, or move the file out of the report folder",
				s.path, s.id)
		}
	}
	return out, nil
}

// readSource reads one configuration's input.
func readSource(s source, format string) (Config, []*Warning, error) {
	switch s.kind {
	case "dir":
		tables, err := filepath.Glob(filepath.Join(s.path, "*-table.csv"))
		if err != nil {
			return Config{}, nil, err
		}
		if len(tables) > 1 {
			return Config{}, nil, errorf(Pos{File: s.path}, "", "folder holds %d *-table.csv files; expected exactly one", len(tables))
		}
		return readFile(tables[0], readExport)
	case "zip":
		return readFile(s.path, readZip)
	case "runs":
		return readRunFolder(s.path, format)
	}
	cfg, warnings, err := readResultFile(s.path, format, s.concurrency)
	if err != nil {
		return Config{}, nil, err
	}
	return cfg, warnings, sortRunLevels(cfg.Levels)
}

// readResultFile reads one result file of any format. Levels that do
// not state their concurrency take it from the file name (c8, conc8,
// concurrency8), else from the manifest (fallback).
func readResultFile(path, format string, fallback int) (Config, []*Warning, error) {
	if format == FormatRequests || format == "" && isRequestsFile(path) {
		// Streamed: per-request files may hold millions of rows.
		f, err := os.Open(path)
		if err != nil {
			return Config{}, nil, err
		}
		defer f.Close()
		levels, defs, warnings, err := readRequests(path, f)
		if err != nil {
			return Config{}, nil, err
		}
		return Config{Source: path, Format: FormatRequests, Definitions: defs, Levels: levels}, warnings, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return Config{}, nil, err
	}
	if format == "" {
		if format, err = Detect(path, data); err != nil {
			return Config{}, nil, err
		}
	}
	switch format {
	case FormatExport:
		return readExport(path, data)
	case "zip":
		return readZip(path, data)
	}
	levels, defs, warnings, err := readRuns(path, data, format)
	if err != nil {
		return Config{}, nil, err
	}
	for i := range levels {
		if levels[i].Concurrency > 0 {
			continue
		}
		if levels[i].Rate == 0 && len(levels) == 1 && ConcurrencyFromName(path) == 0 {
			// A one-run file (a GenAI-Perf or AIPerf table) named for
			// its request rate.
			levels[i].Rate = RateFromName(path)
		}
		if levels[i].Rate > 0 {
			// A request-rate run: its load is the rate; analysis also
			// needs the requests in flight it produced.
			if eff := levels[i].EffectiveConcurrency(); !(eff > 0) || math.IsInf(eff, 0) {
				return Config{}, nil, errorf(levels[i].Pos, "", "the run at request rate %g req/s gives no request throughput and mean latency, so its effective concurrency is unknown", levels[i].Rate)
			}
			continue
		}
		c := ConcurrencyFromName(path)
		if c == 0 {
			c = fallback
		}
		if c == 0 {
			return Config{}, nil, errorf(levels[i].Pos, "", "the run states no concurrency: expected one in the file, a c8/conc8 token (or a request rate: rate4, 4qps) in its name, or concurrency = N in the manifest's [[configs]] entry")
		}
		levels[i].Concurrency = c
	}
	return Config{Source: path, Format: format, Definitions: defs, Levels: levels}, warnings, nil
}

// hasSweepPoints reports whether dir holds vllm bench sweep point folders.
func hasSweepPoints(dir string) bool {
	m, _ := filepath.Glob(filepath.Join(dir, "*", "summary.json"))
	return len(m) > 0
}

// isRequestsFile reports whether a CSV file's header is per-request data.
func isRequestsFile(path string) bool {
	if !strings.EqualFold(filepath.Ext(path), ".csv") {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head, _ := bufio.NewReader(f).ReadString('\n')
	return isRequestsHeader(head)
}

// readRunFolder reads a folder of run files as one config whose files
// are its levels (a sweep: agent-c2.json … agent-c32.json). Where a run
// was saved both as .json and .csv (AIPerf writes both), the JSON is read.
func readRunFolder(dir, format string) (Config, []*Warning, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return Config{}, nil, err
	}
	stems := map[string]bool{}
	for _, e := range entries {
		if strings.EqualFold(filepath.Ext(e.Name()), ".json") {
			stems[strings.TrimSuffix(e.Name(), filepath.Ext(e.Name()))] = true
		}
	}
	cfg := Config{Source: dir}
	var warnings []*Warning
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() {
			// vllm bench sweep: one sub-folder per point
			// (SERVE--…-BENCH--max_concurrency=8…/), whose summary.json
			// lists its runs (run=0.json, run=1.json repeat it).
			summary := filepath.Join(dir, name, "summary.json")
			if _, err := os.Stat(summary); err != nil || hidden(name) {
				continue
			}
			name = filepath.Join(name, "summary.json")
		} else if !isRunFile(name) {
			continue
		}
		if strings.EqualFold(filepath.Ext(name), ".csv") && stems[strings.TrimSuffix(name, filepath.Ext(name))] {
			continue
		}
		c, ws, err := readResultFile(filepath.Join(dir, name), format, 0)
		if err != nil {
			return Config{}, nil, err
		}
		warnings = append(warnings, ws...)
		if cfg.Format == "" {
			cfg.Format, cfg.Definitions = c.Format, c.Definitions
		} else if c.Definitions != cfg.Definitions {
			warnings = append(warnings, warnf(Pos{File: filepath.Join(dir, name)}, "", WarnMixedDefinitions, map[string]any{"Format": c.Format, "Other": cfg.Format},
				"defines its metrics differently from the folder's other files (%s vs %s)", c.Format, cfg.Format))
		}
		cfg.Levels = append(cfg.Levels, c.Levels...)
	}
	if len(cfg.Levels) == 0 {
		return Config{}, nil, errorf(Pos{File: dir}, "", "folder holds no result file")
	}
	return cfg, warnings, sortRunLevels(cfg.Levels)
}

func readFile(path string, read func(string, []byte) (Config, []*Warning, error)) (Config, []*Warning, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Config{}, nil, err
	}
	return read(path, data)
}
