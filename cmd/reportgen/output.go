package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/openzeka/reportgen/ingest"
)

// A report is written where it can never cost the user data:
//
//   - its destination OUT/NAME may not be, contain or lie inside any
//     input folder (planTargets);
//   - an existing destination is replaced only when reportgen wrote it:
//     it holds the marker file ingest.OutputMarker (ours);
//   - the new report is written beside it in a temporary folder and
//     swapped in atomically, under a lock, so that a kill at any instant
//     leaves the old report or the new one, and what a crash leaves
//     behind is cleaned up by the next build (replacer).
//
// The names of reportgen's own files (marker, lock) are ingest's, whose
// scans skip them; everything that writes, checks or removes them is
// here and in lock_*.go.

// lockName is the lock file of an output folder, held while a report is
// written there so that builds writing into one folder take turns, and
// removed afterwards (lockDir).
const lockName = ingest.OutputLock

// target is one report folder and where its report goes.
type target struct {
	dir      string // the report folder as found (for messages)
	asConfig bool   // the folder is one configuration's runs
	name     string // the folder's real name, also the report's name
	dst      string // OUT/NAME, absolute
}

// realPath is p made absolute with every symbolic link resolved, as far
// as the path exists; the part that does not exist yet is kept as is.
func realPath(p string) (string, error) {
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

// planTargets names each report and places it under out, refusing
// (a usage error) what could overwrite input: a destination that is,
// holds or lies inside an input folder (a report folder or a PATH
// given), a report folder without a name of its own ("/"), and two
// report folders of one name, which would overwrite each other.
func planTargets(out string, paths []string, found []ingest.Target) ([]target, error) {
	var dirs []string
	asConfig := map[string]bool{}
	for _, f := range found {
		dirs = append(dirs, f.Dir)
		asConfig[f.Dir] = f.AsConfig
	}
	outReal, err := realPath(out)
	if err != nil {
		return nil, err
	}
	if st, err := os.Stat(outReal); err == nil && !st.IsDir() {
		return nil, usagef("-o %s: not a folder", out)
	}
	var inputs []string
	for _, p := range append(slices.Clone(paths), dirs...) {
		r, err := realPath(p)
		if err != nil {
			return nil, err
		}
		inputs = append(inputs, r)
	}
	var ts []target
	byName := map[string]string{}
	seen := map[string]bool{}
	for _, d := range dirs {
		r, err := realPath(d)
		if err != nil {
			return nil, err
		}
		if seen[r] {
			continue // the same folder given twice is built once
		}
		seen[r] = true
		name := filepath.Base(r)
		if name == string(filepath.Separator) || name == "." || name == "" {
			return nil, usagef("%s: a report is named after its folder, and this one has no name; give a folder below it", d)
		}
		if other, dup := byName[name]; dup {
			return nil, usagef("%s and %s are both called %q: their reports would overwrite each other in %s; build them with different -o folders",
				other, d, name, filepath.Join(out, name))
		}
		byName[name] = d
		ts = append(ts, target{dir: d, asConfig: asConfig[d], name: name, dst: filepath.Join(outReal, name)})
	}
	for _, t := range ts {
		// A destination that exists as a link is judged where it leads.
		dst, err := realPath(t.dst)
		if err != nil {
			return nil, err
		}
		for i, in := range inputs {
			given := append(slices.Clone(paths), dirs...)[i]
			switch {
			case t.dst == in || dst == in:
				return nil, usagef("-o %s: the report of %s would be written to %s, which is the input folder %s; choose an output folder outside the input",
					out, t.dir, filepath.Join(out, t.name), given)
			case within(t.dst, in) || within(dst, in):
				return nil, usagef("-o %s: the report of %s would be written to %s, inside the input folder %s; choose an output folder outside the input",
					out, t.dir, filepath.Join(out, t.name), given)
			case within(in, t.dst) || within(in, dst):
				return nil, usagef("-o %s: the report of %s would replace %s, which holds the input folder %s; choose an output folder outside the input",
					out, t.dir, filepath.Join(out, t.name), given)
			}
		}
	}
	return ts, nil
}

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
	if marker, err := os.Lstat(filepath.Join(dir, ingest.OutputMarker)); err != nil || !marker.Mode().IsRegular() {
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
		case !d.Type().IsRegular() || !reportFile.MatchString(filepath.ToSlash(rel)) && rel != ingest.OutputMarker:
			foreign = rel
			return filepath.SkipAll
		}
		return nil
	})
	return foreign == "", foreign, err
}

// checkDestination refuses a destination reportgen may not replace.
func checkDestination(dst, shown string) error {
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
		shown, ingest.OutputMarker)
}

// replacer writes a report folder in place of an earlier one.
type replacer struct {
	// exchange atomically swaps two paths (renameat2 RENAME_EXCHANGE);
	// nil, or errExchange from it, falls back to two renames.
	exchange func(a, b string) error
	// step, when set, is called after each step of the replacement; an
	// error stops the replacement there, as a kill would (tests).
	step func(name string) error
	// marker is the content of the marker file: "reportgen VERSION".
	marker []byte
}

// errExchange: the file system cannot swap two folders atomically.
var errExchange = errors.New("atomic exchange not supported")

func (r *replacer) at(name string) error {
	if r.step == nil {
		return nil
	}
	return r.step(name)
}

// write writes files as the folder dst. Under the lock of dst's parent
// it first tidies what a crashed build left, then writes a temporary
// folder beside dst, marker first, and swaps it into place.
func (r *replacer) write(ctx context.Context, dst, shown string, files map[string][]byte) error {
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
	if err := checkDestination(dst, shown); err != nil {
		return err
	}
	tmp, err := r.stage(ctx, parent, name, files)
	if err != nil {
		return err
	}
	// From here on the steps run to the end: a signal no longer stops
	// them, and a kill leaves a state the next build recovers from.
	return r.swap(tmp, dst)
}

// stage writes the report into a new temporary folder .NAME.tmp-* in
// parent and returns its path. A stage that fails (or is cancelled)
// removes its folder again.
func (r *replacer) stage(ctx context.Context, parent, name string, files map[string][]byte) (string, error) {
	tmp, err := os.MkdirTemp(parent, "."+name+".tmp-")
	if err != nil {
		return "", err
	}
	if err := r.fill(ctx, tmp, files); err != nil {
		return "", discard(err, tmp)
	}
	return tmp, nil
}

// fill writes the marker into the empty folder tmp, then files in the
// order of their paths, checking ctx before each, and makes tmp
// readable as a report folder is.
func (r *replacer) fill(ctx context.Context, tmp string, files map[string][]byte) error {
	if err := os.WriteFile(filepath.Join(tmp, ingest.OutputMarker), r.marker, 0o644); err != nil {
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
	return r.at("written")
}

// swap puts the complete report tmp in place of dst: a rename when dst
// does not exist, else an atomic exchange, else two renames
// (swapRenames). The old report is removed once the new one is in
// place; a swap that fails before that removes tmp and keeps the old.
func (r *replacer) swap(tmp, dst string) error {
	if _, err := os.Lstat(dst); errors.Is(err, fs.ErrNotExist) {
		if err := os.Rename(tmp, dst); err != nil {
			return discard(err, tmp)
		}
		return r.at("renamed")
	}
	if r.exchange != nil {
		err := r.exchange(tmp, dst)
		if err == nil {
			// tmp now holds the old report.
			if err := r.at("exchanged"); err != nil {
				return err
			}
			return removeReport(tmp)
		}
		if !errors.Is(err, errExchange) {
			return discard(err, tmp)
		}
	}
	return r.swapRenames(tmp, dst)
}

// swapRenames replaces dst by tmp in two renames: old out of the way,
// new in. A kill between them leaves the old report as .NAME.old-*,
// which the next build puts back before anything else.
func (r *replacer) swapRenames(tmp, dst string) error {
	parent, name := filepath.Dir(dst), filepath.Base(dst)
	old := filepath.Join(parent, "."+name+".old-"+strings.TrimPrefix(filepath.Base(tmp), "."+name+".tmp-"))
	if err := os.Rename(dst, old); err != nil {
		return discard(err, tmp)
	}
	if err := r.at("moved-old"); err != nil {
		return err
	}
	if err := os.Rename(tmp, dst); err != nil {
		if rerr := os.Rename(old, dst); rerr != nil {
			return fmt.Errorf("%w; the previous report is kept as %s", err, old)
		}
		return discard(err, tmp)
	}
	if err := r.at("renamed"); err != nil {
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
	if _, err := os.Lstat(filepath.Join(dir, ingest.OutputMarker)); err != nil {
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
		if e.Name() == ingest.OutputMarker {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return os.RemoveAll(dir)
}
