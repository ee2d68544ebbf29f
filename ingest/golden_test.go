package ingest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/internal/testutil"
)

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
	testutil.Golden(t, "testdata/bad/errors.golden", []byte(b.String()))
}
