//go:build unix

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHardLinkOneConfiguration: a hard link of a result file in the
// report folder (one device and inode) is one file: one configuration,
// not two identical ones, and stderr's "not read" line says which file
// it repeats.
func TestHardLinkOneConfiguration(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	writeFile(t, filepath.Join(work, "r", "vllm.csv"), []byte(goodCSV))
	if err := os.Link(filepath.Join(work, "r", "vllm.csv"), filepath.Join(work, "r", "vllm-copy.csv")); err != nil {
		t.Skipf("hard link: %v", err)
	}
	exit, _, stderr := runIn(t, work, "build", "--format", "md", "--lang", "en", "-o", "out", "r")
	if exit != 0 || !strings.Contains(stderr, "reportgen: r: not read (") ||
		!strings.Contains(stderr, "): vllm-copy.csv (the same file as vllm.csv: a hard link)\n") {
		t.Errorf("exit %d, stderr:\n%s", exit, stderr)
	}
	data, err := os.ReadFile(filepath.Join(work, "out", "r", "analysis.json"))
	if err != nil {
		t.Fatal(err)
	}
	var report struct {
		Configs []struct{ ID string }
	}
	if err := json.Unmarshal(data, &report); err != nil {
		t.Fatal(err)
	}
	if len(report.Configs) != 1 || report.Configs[0].ID != "vllm" {
		t.Errorf("analysis.json has configurations %+v, want vllm alone", report.Configs)
	}
}
