package ingest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
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
		if name == ManifestName || strings.HasSuffix(name, ".csv") || strings.HasSuffix(name, ".zip") {
			return true, nil
		}
	}
	return false, nil
}

func hidden(name string) bool { return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") }

// source is a configuration's input found in a report folder.
type source struct {
	id   string
	path string
	kind string // "csv", "zip" or "dir"
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
			}
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
func Read(dir string) (*Campaign, error) {
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
		cfg, ws, err := readSource(s)
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
			if st.IsDir() {
				kind = "dir"
			}
			if kind != "csv" && kind != "zip" && kind != "dir" {
				return nil, errorf(Pos{File: m.file}, "", "config %q: path %q: expected a .csv, a .zip or an export folder", meta.ID, meta.Path)
			}
			for _, s := range found {
				if filepath.Clean(s.path) == filepath.Clean(p) {
					used[s.id] = true
				}
			}
			out = append(out, source{id: meta.ID, path: p, kind: kind})
			continue
		}
		s, ok := byID[meta.ID]
		if !ok {
			return nil, errorf(Pos{File: m.file}, "", "config %q has no file: expected %s.csv, %s.zip or a folder %s/ holding a *-table.csv",
				meta.ID, meta.ID, meta.ID, meta.ID)
		}
		used[s.id] = true
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
func readSource(s source) (Config, []error, error) {
	switch s.kind {
	case "dir":
		tables, err := filepath.Glob(filepath.Join(s.path, "*-table.csv"))
		if err != nil {
			return Config{}, nil, err
		}
		switch len(tables) {
		case 0:
			return Config{}, nil, errorf(Pos{File: s.path}, "", "folder holds no *-table.csv")
		case 1:
		default:
			return Config{}, nil, errorf(Pos{File: s.path}, "", "folder holds %d *-table.csv files; expected exactly one", len(tables))
		}
		return readFile(tables[0], readExport)
	case "zip":
		return readFile(s.path, readZip)
	default:
		return readFile(s.path, readExport)
	}
}

func readFile(path string, read func(string, []byte) (Config, []error, error)) (Config, []error, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Config{}, nil, err
	}
	return read(path, data)
}
