package samplegen

import (
	"path/filepath"
	"testing"

	"github.com/openzeka/reportgen/internal/testutil"
)

// TestSampleFiles keeps samples/compare's per-request files equal to
// what the model generates (-update writes them).
func TestSampleFiles(t *testing.T) {
	for side, cfgs := range map[string][]Config{"before": Before(), "after": After()} {
		for _, c := range cfgs {
			testutil.Golden(t, filepath.Join("../../samples/compare", side, c.ID+".csv"), c.CSV())
		}
	}
}
