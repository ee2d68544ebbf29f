package ingest

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/openzeka/reportgen/internal/outdir"
)

// outputFolderError refuses dir, a report reportgen wrote, as input.
func outputFolderError(dir string) error {
	return errorf(Pos{File: dir}, "", "holds %s: it is a report reportgen wrote, not input; expected a report folder of result files", outdir.Marker)
}

func hidden(name string) bool { return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") }

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
