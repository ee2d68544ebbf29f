package analyze_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/internal/testutil"
)

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
	testutil.Golden(t, "testdata/sample-findings.golden", []byte(b.String()))
}
