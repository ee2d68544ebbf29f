package outdir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
)

// reportFile matches what reportgen writes into a report folder (and
// into a comparison's folder: compare.json and its editions), besides
// its marker.
var reportFile = regexp.MustCompile(`^((analysis|compare)\.json|[a-z]{2}/(report|compare)\.(md|html|pdf)|[a-z]{2}/charts/\d\d-[a-z0-9-]+\.(png|svg))$`)

// ours reports whether dir may be replaced, and if not the first file in
// it that reportgen did not write: dir is empty, or it holds reportgen's
// marker and every other file in it is one reportgen writes into a
// report. Anything else at the destination is the user's and is never
// touched: a file a user added to a report, and a folder without the
// marker whatever it holds (an analysis.json another program wrote, or
// a report of a reportgen older than the marker, which the user removes).
func ours(dir string) (bool, string, error) {
	st, err := os.Lstat(dir)
	if err != nil {
		return false, "", err
	}
	if !st.IsDir() {
		return false, dir, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) == 0 {
		return err == nil, "", err
	}
	if marker, err := os.Lstat(filepath.Join(dir, Marker)); err != nil || !marker.Mode().IsRegular() {
		return false, "", nil
	}
	foreign := ""
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case d.IsDir():
			return nil
		case !d.Type().IsRegular() || !reportFile.MatchString(filepath.ToSlash(rel)) && rel != Marker:
			foreign = rel
			return filepath.SkipAll
		}
		return nil
	})
	return foreign == "", foreign, err
}

// Check refuses a destination dst (shown so in messages) that reportgen
// may not replace: one that exists and is not a folder, or is a folder
// that is neither empty nor marked and made of reportgen's files only
// (see the package comment). A destination that does not exist passes.
func Check(dst, shown string) error {
	ok, foreign, err := ours(dst)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	switch {
	case err != nil:
		return err
	case ok:
		return nil
	case foreign == dst:
		return fmt.Errorf("%s exists and is not a folder; it is left as it is: move it away or choose another -o", shown)
	case foreign != "":
		return fmt.Errorf("%s holds %s, which reportgen did not write; the report is left as it is: move that file away, or choose another -o",
			shown, filepath.ToSlash(foreign))
	}
	return fmt.Errorf("%s exists and was not written by reportgen (it has no %s file); it is left as it is: move it away or choose another -o",
		shown, Marker)
}
