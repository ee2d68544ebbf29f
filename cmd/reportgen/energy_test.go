package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/render/locale"
)

// TestSamplesWithoutEnergy: no sample has GPU telemetry or a price, so
// no sample's report says anything of energy or cost: no energy
// section, no cost section, no chart 12, and no energy, efficiency or
// cost in analysis.json. (The seed sample's golden, sample.txtar, holds
// its report to the byte.)
func TestSamplesWithoutEnergy(t *testing.T) {
	out := t.TempDir()
	var stderr bytes.Buffer
	if err := run(context.Background(), io.Discard, &stderr, []string{"build", "--format", "md", "-o", out, "../../samples"}, fixedEnv); err != nil {
		t.Fatalf("build: %v\n%s", err, stderr.String())
	}
	var reports int
	err := filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		switch d.Name() {
		case "analysis.json":
			reports++
			for _, key := range []string{`"energy"`, `"efficiency"`, `"cost"`} {
				if bytes.Contains(data, []byte(key)) {
					t.Errorf("%s holds %s", p, key)
				}
			}
		case "report.md":
			lang := filepath.Base(filepath.Dir(p))
			loc, err := locale.New(lang, nil)
			if err != nil {
				return err
			}
			for _, s := range []string{loc.T("energy_sec"), loc.T("sec_cost"), "12-energy", loc.T("energy_col_j_per_token")} {
				if strings.Contains(string(data), s) {
					t.Errorf("%s says %q", p, s)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if reports < 4 {
		t.Errorf("built %d sample reports; want every sample's", reports)
	}
}
