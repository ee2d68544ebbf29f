package testutil

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files and the expected output of test cases")

// Update reports whether the tests run with -update, which rewrites the
// expected output instead of comparing with it.
func Update() bool { return *update }

// Golden compares got with the file at path and, on a mismatch, fails
// the test with a unified diff from the file to got. Under -update it
// writes got to the file instead (creating its folder); review the
// rewritten files in the diff before committing them.
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update creates it)", err)
	}
	if !bytes.Equal(want, got) {
		t.Errorf("%s differs (go test -update rewrites it; review the diff):\n%s", path, Diff(path, "got", want, got))
	}
}
