package ingest

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestBadInputs reads every file in testdata/bad and compares the errors
// with testdata/bad/errors.golden, one "file: error" line each.
func TestBadInputs(t *testing.T) {
	files, err := filepath.Glob("testdata/bad/*.csv")
	if err != nil || len(files) == 0 {
		t.Fatalf("no bad inputs: %v", err)
	}
	var b strings.Builder
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = readExport(f, data)
		if err == nil {
			t.Errorf("%s: no error", f)
			continue
		}
		b.WriteString(err.Error() + "\n")
	}
	golden(t, "testdata/bad/errors.golden", b.String())
}

// golden compares got with the file, or rewrites it under -update.
func golden(t *testing.T, file, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs (go test -update rewrites it; review the diff):\n--- want\n%s\n--- got\n%s", file, want, got)
	}
}
