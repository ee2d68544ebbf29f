//go:build unix

package ingest

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// readWithin runs Read(dir) and fails the test if it has not returned
// within a second: it would have opened a named pipe, which blocks until
// a writer comes, or read a device that never ends. unblock, if the read
// hangs, opens the pipes for writing so that the goroutine can end.
func readWithin(t *testing.T, dir string, pipes ...string) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := Read(dir, ReadOptions{})
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(time.Second):
		for _, p := range pipes {
			if f, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				if err := f.Close(); err != nil {
					t.Errorf("close %s: %v", p, err)
				}
			}
		}
		t.Fatalf("Read(%s) has not returned after a second: it opened a pipe or a device", dir)
		return nil
	}
}

// specialLayouts are the places an input is read from: a result file of
// each kind, an export folder's table, a run folder's file, the manifest.
var specialLayouts = []struct{ name, path string }{
	{"json", "vllm.json"},
	{"csv", "vllm.csv"},
	{"zip", "vllm.zip"},
	{"export table", "export/model-table.csv"},
	{"run file", "runs/c2.json"},
	{"manifest", ManifestName},
}

// TestFIFOConfigFailsFast: a named pipe where a result file is expected
// is refused by its type, without being opened.
func TestFIFOConfigFailsFast(t *testing.T) {
	for _, tt := range specialLayouts {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{"runs/c1.json": `{"max_concurrency": 1, "mean_ttft_ms": 10}`, "a.csv": compactHeader + "\n" + compactRow})
			p := filepath.Join(dir, tt.path)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo(p, 0o644); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
			err := readWithin(t, dir, p)
			want := p + ": is a named pipe (FIFO); expected a regular file"
			if err == nil || err.Error() != want {
				t.Errorf("error\n got %v\nwant %s", err, want)
			}
		})
	}
}

// TestDevZeroConfigFailsFast: a symlink to /dev/zero, which never ends,
// is refused as a device before it is read.
func TestDevZeroConfigFailsFast(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	for _, tt := range specialLayouts {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{"runs/c1.json": `{"max_concurrency": 1, "mean_ttft_ms": 10}`, "a.csv": compactHeader + "\n" + compactRow})
			p := filepath.Join(dir, tt.path)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("/dev/zero", p); err != nil {
				t.Fatal(err)
			}
			err := readWithin(t, dir)
			want := p + ": is a device (/dev/zero); expected a regular file"
			if err == nil || err.Error() != want {
				t.Errorf("error\n got %v\nwant %s", err, want)
			}
		})
	}
}

// TestSocketConfigRefused: a socket where a result file is expected is
// refused by its type.
func TestSocketConfigRefused(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "vllm.json")
	l, err := net.Listen("unix", p)
	if err != nil {
		t.Skipf("unix socket: %v", err)
	}
	t.Cleanup(func() {
		if err := l.Close(); err != nil {
			t.Error(err)
		}
	})
	err = readWithin(t, dir)
	if want := p + ": is a socket; expected a regular file"; err == nil || err.Error() != want {
		t.Errorf("error\n got %v\nwant %s", err, want)
	}
}

// TestFolderWhereFileExpectedRefused: a folder named like the manifest
// or an export's table is refused as a folder, not read.
func TestFolderWhereFileExpectedRefused(t *testing.T) {
	for _, rel := range []string{ManifestName, "export/model-table.csv"} {
		dir := writeTree(t, map[string]string{"a.csv": compactHeader + "\n" + compactRow, rel + "/x": ""})
		err := readWithin(t, dir)
		if want := filepath.Join(dir, rel) + ": is a folder; expected a regular file"; err == nil || err.Error() != want {
			t.Errorf("error\n got %v\nwant %s", err, want)
		}
		if !strings.Contains(err.Error(), rel) {
			t.Errorf("error %v does not name %s", err, rel)
		}
	}
}
