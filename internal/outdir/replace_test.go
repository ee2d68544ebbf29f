package outdir

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// writeFile writes p, making its folder.
func writeFile(t *testing.T, p string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestDiscard: a failed write's temporary folder is removed and the
// write's error returned as is; a folder that cannot be removed is named
// in the error, which still matches the write's error.
func TestDiscard(t *testing.T) {
	failed := errors.New("disk full")
	parent := t.TempDir()
	tmp := filepath.Join(parent, ".r.tmp-1")
	writeFile(t, filepath.Join(tmp, Marker), []byte("reportgen test\n"))
	writeFile(t, filepath.Join(tmp, "en", "report.md"), []byte("x"))
	if err := discard(failed, tmp); err != failed {
		t.Errorf("discard returned %v, want the write's error as is", err)
	}
	if _, err := os.Lstat(tmp); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the temporary folder survived: %v", err)
	}

	// A file where the folder should be: listing it fails.
	notDir := filepath.Join(parent, ".r.tmp-2")
	writeFile(t, notDir, []byte("x"))
	err := discard(failed, notDir)
	if !errors.Is(err, failed) {
		t.Errorf("discard returned %v, which does not match the write's error", err)
	}
	if err == failed || !strings.Contains(err.Error(), notDir) {
		t.Errorf("discard returned %v, which does not name the folder left behind", err)
	}
}

// TestLockRemovedAfterUse: the lock file of an output folder exists
// while a report is written there and is gone once the write is done,
// whether it succeeded or failed; a folder no build writes to holds no
// lock.
func TestLockRemovedAfterUse(t *testing.T) {
	parent := t.TempDir()
	dst := filepath.Join(parent, "r")
	lock := filepath.Join(parent, Lock)
	held := false
	w := &Writer{exchange: exchange, marker: []byte("reportgen test\n"), step: func(string) error {
		_, err := os.Lstat(lock)
		held = held || err == nil
		return nil
	}}
	if err := w.Write(context.Background(), dst, dst, map[string][]byte{"analysis.json": []byte("{}")}); err != nil {
		t.Fatal(err)
	}
	if !held {
		t.Error("no lock file while the report was written")
	}
	if _, err := os.Lstat(lock); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the lock file is left after the write: %v", err)
	}
	failing := &Writer{exchange: exchange, marker: w.marker, step: func(string) error { return errors.New("disk full") }}
	if err := failing.Write(context.Background(), dst, dst, map[string][]byte{"analysis.json": []byte("{}")}); err == nil {
		t.Fatal("the failing write succeeded")
	}
	if _, err := os.Lstat(lock); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the lock file is left after a failed write: %v", err)
	}
}

// TestRemovalKeepsMarkerLast: a report being removed loses its marker
// last, so a kill midway leaves a folder the next build recognizes.
func TestRemovalKeepsMarkerLast(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, ".r.tmp-1")
	writeFile(t, filepath.Join(dir, Marker), []byte("reportgen test\n"))
	writeFile(t, filepath.Join(dir, "en", "report.md"), []byte("x"))
	// A kill after the other files went: only the marker is left.
	if err := os.RemoveAll(filepath.Join(dir, "en")); err != nil {
		t.Fatal(err)
	}
	if ok, err := leftover(dir); err != nil || !ok {
		t.Fatalf("a marked remnant is not recognized: %v %v", ok, err)
	}
	if err := recoverLeftovers(parent, "r"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Error("the remnant stayed")
	}
}

// crashAt writes version "old" of a report, then "new" with a crash
// injected at step, and returns the destination.
func crashAt(t *testing.T, ex func(a, b string) error, step string) (dst string, err error) {
	t.Helper()
	parent := t.TempDir()
	dst = filepath.Join(parent, "r")
	ok := &Writer{exchange: ex, marker: []byte("reportgen test\n")}
	if err := ok.Write(context.Background(), dst, dst, map[string][]byte{"analysis.json": []byte("old"), "en/report.md": []byte("old")}); err != nil {
		t.Fatal(err)
	}
	crash := &Writer{exchange: ex, marker: ok.marker, step: func(s string) error {
		if s == step {
			return errors.New("killed at " + s)
		}
		return nil
	}}
	err = crash.Write(context.Background(), dst, dst, map[string][]byte{"analysis.json": []byte("new"), "en/report.md": []byte("new")})
	return dst, err
}

// TestKillAtEveryRename: a build killed after any step of the
// replacement leaves the old report or the new one at the destination
// (whole: both files of one version) or, between the two renames of the
// fallback, the old one aside, which the next build puts back; the next
// build then cleans every leftover.
func TestKillAtEveryRename(t *testing.T) {
	for _, mode := range []struct {
		name  string
		ex    func(a, b string) error
		steps []string
	}{
		{"exchange", exchange, []string{"written", "exchanged"}},
		{"two renames", nil, []string{"written", "moved-old", "renamed"}},
	} {
		for _, step := range mode.steps {
			t.Run(mode.name+"/"+step, func(t *testing.T) { killAt(t, mode.ex, step) })
		}
	}
}

// killAt is one case of TestKillAtEveryRename: a replacement through ex
// killed at step.
func killAt(t *testing.T, ex func(a, b string) error, step string) {
	dst, err := crashAt(t, ex, step)
	if err == nil {
		t.Fatal("the injected crash did not stop the replacement")
	}
	got := reportVersion(dst)
	if step == "moved-old" {
		if got != "missing" {
			t.Fatalf("after the first rename the destination is %s", got)
		}
		// The next build recovers the old one before anything else.
		if err := recoverLeftovers(filepath.Dir(dst), "r"); err != nil {
			t.Fatal(err)
		}
		got = reportVersion(dst)
	}
	if got != "old" && got != "new" {
		t.Fatalf("after a kill at %s the destination holds %s", step, got)
	}
	next := &Writer{exchange: ex, marker: []byte("reportgen test\n")}
	if err := next.Write(context.Background(), dst, dst, map[string][]byte{"analysis.json": []byte("next"), "en/report.md": []byte("next")}); err != nil {
		t.Fatal(err)
	}
	if v := reportVersion(dst); v != "next" {
		t.Errorf("the next build left %s", v)
	}
	entries, _ := os.ReadDir(filepath.Dir(dst))
	for _, e := range entries {
		if e.Name() != "r" {
			t.Errorf("leftover %s after the next build", e.Name())
		}
	}
}

// reportVersion is the version of the report crashAt wrote at dst:
// "old", "new" or "next", "missing", or "torn" when its two files are of
// different versions.
func reportVersion(dst string) string {
	a, err1 := os.ReadFile(filepath.Join(dst, "analysis.json"))
	b, err2 := os.ReadFile(filepath.Join(dst, "en", "report.md"))
	if err1 != nil || err2 != nil {
		return "missing"
	}
	if string(a) != string(b) {
		return "torn"
	}
	return string(a)
}

// TestLeftoversOfOthersKept: only folders reportgen marked are cleaned;
// a user's folder that happens to match the pattern stays.
func TestLeftoversOfOthersKept(t *testing.T) {
	parent := t.TempDir()
	mine := filepath.Join(parent, ".r.tmp-123")
	writeFile(t, filepath.Join(mine, "data.csv"), []byte("precious"))
	if err := recoverLeftovers(parent, "r"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(mine, "data.csv")); err != nil {
		t.Error("an unmarked folder was removed")
	}
}

// TestConcurrentBuildsTakeTurns: builds writing one destination at once
// all succeed (the lock serializes them) and leave one whole report.
func TestConcurrentBuildsTakeTurns(t *testing.T) {
	dst := filepath.Join(t.TempDir(), "r")
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() {
			w := &Writer{exchange: exchange, marker: []byte("reportgen test\n")}
			v := []byte(fmt.Sprint(i))
			errs[i] = w.Write(context.Background(), dst, dst, map[string][]byte{"analysis.json": v, "en/report.md": v})
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("build %d: %v", i, err)
		}
	}
	a, _ := os.ReadFile(filepath.Join(dst, "analysis.json"))
	b, _ := os.ReadFile(filepath.Join(dst, "en", "report.md"))
	if len(a) == 0 || string(a) != string(b) {
		t.Errorf("the destination is torn: %q / %q", a, b)
	}
	// The report, and nothing else: no temporary folder, and no lock
	// file (each build removed it when done).
	entries, _ := os.ReadDir(filepath.Dir(dst))
	if len(entries) != 1 {
		t.Errorf("leftovers: %v", entries)
	}
}

// TestCancelledWriteLeavesNothing: a build cancelled (SIGINT, SIGTERM)
// while writing removes its temporary folder and keeps the old report.
func TestCancelledWriteLeavesNothing(t *testing.T) {
	parent := t.TempDir()
	dst := filepath.Join(parent, "r")
	w := &Writer{exchange: exchange, marker: []byte("reportgen test\n")}
	if err := w.Write(context.Background(), dst, dst, map[string][]byte{"analysis.json": []byte("old")}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := w.Write(ctx, dst, dst, map[string][]byte{"analysis.json": []byte("new")}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v", err)
	}
	if a, _ := os.ReadFile(filepath.Join(dst, "analysis.json")); string(a) != "old" {
		t.Errorf("destination holds %q", a)
	}
	entries, _ := os.ReadDir(parent)
	for _, e := range entries {
		if e.Name() != "r" {
			t.Errorf("leftover %s", e.Name())
		}
	}
}
