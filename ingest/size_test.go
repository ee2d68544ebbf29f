package ingest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxFileLines is the most lines a non-test Go file of ingest may hold:
// past it a file has taken on a second job (issue 23 split the folder
// walk by job for that reason).
const maxFileLines = 600

// TestFilesStaySmall: no non-test file of ingest is over maxFileLines
// lines.
func TestFilesStaySmall(t *testing.T) {
	t.Parallel()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(data, []byte("\n")); n > maxFileLines {
			t.Errorf("%s: %d lines, more than %d: split it by job", name, n, maxFileLines)
		}
	}
}
