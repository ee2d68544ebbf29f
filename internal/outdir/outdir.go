package outdir

import (
	"os"
	"path/filepath"
	"strings"
)

// Marker is the file reportgen writes into every report folder (and
// comparison folder) it outputs, first, holding "reportgen VERSION".
// A folder that directly holds it is reportgen's: replaced by the next
// build, never read as input.
const Marker = ".reportgen"

// Lock is the lock file reportgen keeps in an output folder (the folder
// of reports, -o) while it writes a report there, and removes
// afterwards. One left behind (by a killed build), or one held at the
// moment, says nothing about the folder's content: input scans skip the
// file, unlisted, and read the folder as they would without it.
const Lock = ".reportgen.lock"

// OwnFile reports whether name is one of reportgen's own bookkeeping
// files (Marker, Lock): input scans skip them without listing them
// among the names not read.
func OwnFile(name string) bool { return name == Marker || name == Lock }

// Marked reports whether dir directly holds Marker (as a file, a link
// or anything else of that name): it is a report reportgen wrote.
func Marked(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, Marker))
	return err == nil
}

// RealPath is p made absolute with every symbolic link resolved, as far
// as the path exists; the part that does not exist yet is kept as is.
//
// It has two uses. For a path that exists (an input: a report folder, a
// file, a link found in one) it is filepath.EvalSymlinks of the absolute
// path, and tells where the path really leads. For an output folder,
// which need not exist yet, it is where the folder will be once
// created: its existing part resolved, the rest appended. Either way
// two paths that lead to one place have one RealPath, which is what the
// checks against writing over input compare. The error is only
// filepath.Abs's.
func RealPath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	rest := ""
	for cur := abs; ; {
		if r, err := filepath.EvalSymlinks(cur); err == nil {
			return filepath.Join(r, rest), nil
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(cur), rest)
		cur = parent
	}
}

// within reports whether p is dir or lies inside it (both clean and
// absolute).
func within(p, dir string) bool {
	if p == dir {
		return true
	}
	if !strings.HasSuffix(dir, string(filepath.Separator)) {
		dir += string(filepath.Separator)
	}
	return strings.HasPrefix(p, dir)
}
