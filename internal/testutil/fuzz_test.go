package testutil

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFuzzCorpus: a target's stored corpus is read from
// PKG/testdata/fuzz/NAME in go test's format (none without the folder),
// and a file in another shape is an error naming it.
func TestFuzzCorpus(t *testing.T) {
	root := t.TempDir()
	target := FuzzTarget{Name: "FuzzX", Pkg: "ingest"}
	if got, err := target.Corpus(root); err != nil || got != nil {
		t.Fatalf("no corpus folder: %q, %v", got, err)
	}
	dir := filepath.Join(root, "ingest", "testdata", "fuzz", "FuzzX")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a", "go test fuzz v1\n[]byte(\"c,ttft\\n1,\\\"x\\\"\\xff\")\n")
	got, err := target.Corpus(root)
	if err != nil || len(got) != 1 || string(got[0]) != "c,ttft\n1,\"x\"\xff" {
		t.Fatalf("corpus %q, %v", got, err)
	}
	for _, bad := range []string{"go test fuzz v1\nstring(\"x\")\n", "[]byte(\"x\")\n", "go test fuzz v1\n[]byte(\"x\")\n[]byte(\"y\")\n"} {
		write("b", bad)
		if _, err := target.Corpus(root); err == nil {
			t.Errorf("%q read as a corpus entry", bad)
		}
	}
}

// TestFuzzSeeds: every target's seeds read from the repository, and an
// unknown target is an error.
func TestFuzzSeeds(t *testing.T) {
	for _, target := range FuzzTargets() {
		seeds, err := FuzzSeeds("../..", target.Name)
		if err != nil || len(seeds) < len(target.Inline) || len(seeds) == 0 {
			t.Errorf("%s: %d seeds, %v", target.Name, len(seeds), err)
		}
	}
	if _, err := FuzzSeeds("../..", "FuzzNothing"); err == nil {
		t.Error("an unknown target has seeds")
	}
}
