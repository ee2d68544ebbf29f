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

// TestPairs: each pair's sides are report folders of a manifest and one
// file per level, the same bytes every time they are made.
func TestPairs(t *testing.T) {
	again := Pairs()
	for i, p := range Pairs() {
		for side, files := range map[string]map[string][]byte{"before": p.Before, "after": p.After} {
			if len(files) < 5 || files["report.toml"] == nil {
				t.Errorf("%s %s: %d files, manifest %v", p.Name, side, len(files), files["report.toml"] != nil)
			}
			other := again[i].Before
			if side == "after" {
				other = again[i].After
			}
			for name, data := range files {
				if string(other[name]) != string(data) {
					t.Errorf("%s %s %s differs between two makes", p.Name, side, name)
				}
			}
		}
	}
}
