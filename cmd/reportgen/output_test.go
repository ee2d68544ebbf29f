package main

import (
	"errors"
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
