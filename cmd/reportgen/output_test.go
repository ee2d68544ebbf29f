package main

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/ingest"
)

// TestDiscard: a failed write's temporary folder is removed and the
// write's error returned as is; a folder that cannot be removed is named
// in the error, which still matches the write's error.
func TestDiscard(t *testing.T) {
	failed := errors.New("disk full")
	parent := t.TempDir()
	tmp := filepath.Join(parent, ".r.tmp-1")
	writeFile(t, filepath.Join(tmp, ingest.OutputMarker), []byte("reportgen test\n"))
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
	lock := filepath.Join(parent, lockName)
	held := false
	w := &replacer{exchange: exchange, marker: []byte("reportgen test\n"), step: func(string) error {
		_, err := os.Lstat(lock)
		held = held || err == nil
		return nil
	}}
	if err := w.write(context.Background(), dst, dst, map[string][]byte{"analysis.json": []byte("{}")}); err != nil {
		t.Fatal(err)
	}
	if !held {
		t.Error("no lock file while the report was written")
	}
	if _, err := os.Lstat(lock); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the lock file is left after the write: %v", err)
	}
	failing := &replacer{exchange: exchange, marker: w.marker, step: func(string) error { return errors.New("disk full") }}
	if err := failing.write(context.Background(), dst, dst, map[string][]byte{"analysis.json": []byte("{}")}); err == nil {
		t.Fatal("the failing write succeeded")
	}
	if _, err := os.Lstat(lock); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the lock file is left after a failed write: %v", err)
	}
}
