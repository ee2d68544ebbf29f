//go:build linux

package ingest

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// unprivileged runs f as the user nobody when the test runs as root,
// which reads any folder whatever its permissions. The folders from dir
// up to the temp folder are opened to nobody for the while.
func unprivileged(t *testing.T, dir string, f func()) {
	t.Helper()
	if os.Geteuid() != 0 {
		f()
		return
	}
	for p := dir; strings.HasPrefix(p, os.TempDir()+string(filepath.Separator)); p = filepath.Dir(p) {
		if err := os.Chmod(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	const nobody = 65534
	if err := syscall.Setresuid(-1, nobody, -1); err != nil {
		t.Skipf("cannot drop root to test permissions: %v", err)
	}
	defer func() {
		if err := syscall.Setresuid(-1, 0, -1); err != nil {
			panic("cannot restore root: " + err.Error())
		}
	}()
	f()
}

// TestUnreadableConfigFolderFails: a config folder that cannot be read
// stops the read with an error naming it; it is never skipped.
func TestUnreadableConfigFolderFails(t *testing.T) {
	for _, rel := range []string{"runs", "export"} {
		t.Run(rel, func(t *testing.T) {
			dir := writeTree(t, map[string]string{"a.csv": compactHeader + "\n" + compactRow, rel + "/c1.json": run(1)})
			locked := filepath.Join(dir, rel)
			if err := os.Chmod(locked, 0); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { restore(t, locked) })
			var err error
			unprivileged(t, dir, func() { _, err = Read(dir, ReadOptions{}) })
			wantError(t, err, locked+": cannot read: permission denied")
		})
	}
	// Inside a folder of runs, too (a sweep point folder): the error
	// names the folder that cannot be read, not its summary.json.
	dir := writeTree(t, map[string]string{"runs/c1.json": run(1), "runs/point/summary.json": run(2)})
	locked := filepath.Join(dir, "runs", "point")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { restore(t, locked) })
	var err error
	unprivileged(t, dir, func() { _, err = Read(dir, ReadOptions{}) })
	wantError(t, err, locked+": cannot read: permission denied")
}

// restore gives a locked folder back its permissions, so that the test's
// temporary folder can be removed.
func restore(t *testing.T, dir string) {
	t.Helper()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Error(err)
	}
}
