package outdir

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Writer writes report folders in place of earlier ones, each marked as
// written by one version of reportgen (the package comment tells how).
type Writer struct {
	// exchange atomically swaps two paths (renameat2 RENAME_EXCHANGE);
	// nil, or errExchange from it, falls back to two renames.
	exchange func(a, b string) error
	// step, when set, is called after each step of the replacement; an
	// error stops the replacement there, as a kill would (tests).
	step func(name string) error
	// marker is the content of the marker file: "reportgen VERSION".
	marker []byte
}

// NewWriter is a Writer that marks what it writes as written by
// reportgen version (Marker holds "reportgen VERSION").
func NewWriter(version string) *Writer {
	return &Writer{exchange: exchange, marker: []byte("reportgen " + version + "\n")}
}

// errExchange: the file system cannot swap two folders atomically.
var errExchange = errors.New("atomic exchange not supported")

func (w *Writer) at(name string) error {
	if w.step == nil {
		return nil
	}
	return w.step(name)
}

// Write writes files (contents by relative path) as the
// folder dst, shown so in messages. Under the lock of dst's parent it
// first tidies what a crashed write left, checks dst (Check), then
// writes a temporary folder beside dst, marker first, and swaps it into
// place. ctx stops the write until the swap begins.
func (w *Writer) Write(ctx context.Context, dst, shown string, files map[string][]byte) error {
	parent, name := filepath.Dir(dst), filepath.Base(dst)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	unlock, err := lockDir(ctx, parent)
	if err != nil {
		return err
	}
	defer unlock()
	if err := recoverLeftovers(parent, name); err != nil {
		return err
	}
	if err := Check(dst, shown); err != nil {
		return err
	}
	tmp, err := w.stage(ctx, parent, name, files)
	if err != nil {
		return err
	}
	// From here on the steps run to the end: a signal no longer stops
	// them, and a kill leaves a state the next build recovers from.
	return w.swap(tmp, dst)
}

// stage writes the report into a new temporary folder .NAME.tmp-* in
// parent and returns its path. A stage that fails (or is cancelled)
// removes its folder again.
func (w *Writer) stage(ctx context.Context, parent, name string, files map[string][]byte) (string, error) {
	tmp, err := os.MkdirTemp(parent, "."+name+".tmp-")
	if err != nil {
		return "", err
	}
	if err := w.fill(ctx, tmp, files); err != nil {
		return "", discard(err, tmp)
	}
	return tmp, nil
}

// fill writes the marker into the empty folder tmp, then files in the
// order of their paths, checking ctx before each, and makes tmp
// readable as a report folder is.
func (w *Writer) fill(ctx context.Context, tmp string, files map[string][]byte) error {
	if err := os.WriteFile(filepath.Join(tmp, Marker), w.marker, 0o644); err != nil {
		return err
	}
	for _, rel := range slices.Sorted(maps.Keys(files)) {
		if err := ctx.Err(); err != nil {
			return err
		}
		p := filepath.Join(tmp, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, files[rel], 0o644); err != nil {
			return err
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	return w.at("written")
}

// swap puts the complete report tmp in place of dst: a rename when dst
// does not exist, else an atomic exchange, else two renames
// (swapRenames). The old report is removed once the new one is in
// place; a swap that fails before that removes tmp and keeps the old.
func (w *Writer) swap(tmp, dst string) error {
	if _, err := os.Lstat(dst); errors.Is(err, fs.ErrNotExist) {
		if err := os.Rename(tmp, dst); err != nil {
			return discard(err, tmp)
		}
		return w.at("renamed")
	}
	if w.exchange != nil {
		err := w.exchange(tmp, dst)
		if err == nil {
			// tmp now holds the old report.
			if err := w.at("exchanged"); err != nil {
				return err
			}
			return removeReport(tmp)
		}
		if !errors.Is(err, errExchange) {
			return discard(err, tmp)
		}
	}
	return w.swapRenames(tmp, dst)
}

// swapRenames replaces dst by tmp in two renames: old out of the way,
// new in. A kill between them leaves the old report as .NAME.old-*,
// which the next build puts back before anything else.
func (w *Writer) swapRenames(tmp, dst string) error {
	parent, name := filepath.Dir(dst), filepath.Base(dst)
	old := filepath.Join(parent, "."+name+".old-"+strings.TrimPrefix(filepath.Base(tmp), "."+name+".tmp-"))
	if err := os.Rename(dst, old); err != nil {
		return discard(err, tmp)
	}
	if err := w.at("moved-old"); err != nil {
		return err
	}
	if err := os.Rename(tmp, dst); err != nil {
		if rerr := os.Rename(old, dst); rerr != nil {
			return fmt.Errorf("%w; the previous report is kept as %s", err, old)
		}
		return discard(err, tmp)
	}
	if err := w.at("renamed"); err != nil {
		return err
	}
	return removeReport(old)
}

// discard removes the temporary folder tmp of a write that failed with
// err, and returns err. A tmp that cannot be removed is named in the
// error, since the user finds it in the output folder. It is removed as
// a report is (removeReport, marker last), so what is left stays marked
// and the next build tries again.
func discard(err error, tmp string) error {
	if rerr := removeReport(tmp); rerr != nil {
		return fmt.Errorf("%w; its temporary folder %s is left behind (%w): the next build tries again to remove it", err, tmp, rerr)
	}
	return err
}

// recoverLeftovers tidies what a build of report name killed midway left
// in parent: when the report itself is missing and an earlier one was
// moved aside, that one is put back; temporary and moved-aside folders
// that hold reportgen's marker (or nothing) are removed. Anything else is
// left alone.
func recoverLeftovers(parent, name string) error {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return err
	}
	dst := filepath.Join(parent, name)
	_, err = os.Lstat(dst)
	missing := errors.Is(err, fs.ErrNotExist)
	for _, e := range entries {
		n := e.Name()
		old := strings.HasPrefix(n, "."+name+".old-")
		tmp := strings.HasPrefix(n, "."+name+".tmp-")
		if !old && !tmp || !e.IsDir() {
			continue
		}
		p := filepath.Join(parent, n)
		if ok, err := leftover(p); err != nil || !ok {
			continue
		}
		if old && missing {
			if err := os.Rename(p, dst); err != nil {
				return err
			}
			missing = false
			continue
		}
		if err := removeReport(p); err != nil {
			return err
		}
	}
	return nil
}

// leftover reports whether dir is a folder reportgen left: it holds the
// marker, or nothing at all (a temporary folder killed before its
// first file).
func leftover(dir string) (bool, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false, err
	}
	if len(entries) == 0 {
		return true, nil
	}
	// A folder being removed loses its marker last (removeReport), so a
	// kill midway leaves it marked.
	if !Marked(dir) {
		return false, nil
	}
	ok, _, err := ours(dir)
	return ok, err
}

// removeReport removes a report folder reportgen wrote, its marker last:
// a kill midway leaves a marked folder that the next build recognizes
// and removes, never an unmarked remnant that stays forever.
func removeReport(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	for _, e := range entries {
		if e.Name() == Marker {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return os.RemoveAll(dir)
}
