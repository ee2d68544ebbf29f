package ingest

import (
	"errors"
	"maps"
	"path/filepath"
	"slices"
)

// ErrNoConcurrency is the error of a run file that states neither its
// concurrency nor a request rate; the manifest's concurrency = N can say
// it.
var ErrNoConcurrency = errors.New("the run states no concurrency: expected one in the file, a c8/conc8 token (or a request rate: rate4, 4qps) in its name or in the names of the folders it lies in (concurrency_8/, a bare 8/), or concurrency = N in the manifest's [[configs]] entry")

// Found is a configuration found in a report folder by Survey.
type Found struct {
	// ID is the configuration's id (file or folder name without
	// extension); Path the file or folder it was found at.
	ID, Path string
	// Config is what was read; Err, when not nil, why it could not be
	// read (a run file that states no concurrency, say).
	Config Config
	Err    error
	// Files are the run files of a configuration that is one of
	// several in the folder at Path (its id then named by what their
	// names differ in), sorted; nil otherwise.
	Files []string
}

// Survey lists the configurations of a report folder as they are found
// without a manifest, reading each on its own: one that cannot be read
// is listed with its error instead of stopping the survey (reportgen
// init lists them all, so that the user can complete the manifest). A
// folder of one configuration's runs (as Discover decides) is one
// configuration whose Path is dir itself.
func Survey(dir string) ([]Found, error) {
	cl, err := classifyIn(dir, 0, false)
	if err != nil {
		return nil, err
	}
	var sources []source
	if cl == classConfig {
		sources, err = (&scan{dir: dir}).folderConfigs(filepath.Base(filepath.Clean(dir)), "", dir)
	} else {
		sources, err = findSources(dir)
	}
	if err != nil {
		return nil, err
	}
	var out []Found
	for _, s := range sources {
		cfg, _, err := readSource(s, "")
		cfg.ID = s.id
		f := Found{ID: s.id, Path: s.path, Config: cfg, Err: err}
		if s.part != nil && s.part.files != nil {
			f.Files = slices.Sorted(maps.Keys(s.part.files.files))
		}
		out = append(out, f)
	}
	return out, nil
}
