package analyze_test

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestSampleFindings pins the findings of the sample, ranked, with the
// numbers behind each: a change in the findings engine shows up here.
func TestSampleFindings(t *testing.T) {
	r := sample(t, analyze.Options{})
	var b strings.Builder
	for _, f := range r.Findings {
		keys := make([]string, 0, len(f.Values))
		for k := range f.Values {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var vals []string
		for _, k := range keys {
			vals = append(vals, fmt.Sprintf("%s=%.4g", k, f.Values[k]))
		}
		fmt.Fprintf(&b, "%.3f %s %v %v %s\n", f.Score, f.Kind, f.Configs, f.Levels, strings.Join(vals, " "))
	}
	got := b.String()
	const file = "testdata/sample-findings.golden"
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
