package main

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
	"github.com/openzeka/reportgen/internal/testutil"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/report"
)

// TestFuzzCorpusRenders: every seed and every stored corpus entry of the
// fuzz targets of the readers and of the model (testutil.FuzzTargets;
// their corpora under ingest/testdata/fuzz and analyze/testdata/fuzz)
// goes through the whole pipeline without a panic: written into a
// report folder under its target's file name, alone and beside a good
// configuration, read, analyzed, and rendered, Markdown and charts. A
// read or an analysis may refuse it; what they accept renders without
// an error, and a panic anywhere fails the test (one in a chart's
// goroutine ends the test binary). Inputs several targets share are run
// once.
func TestFuzzCorpusRenders(t *testing.T) {
	t.Parallel()
	const root = "../.."
	seen := map[string]bool{}
	rendered := 0
	for _, target := range testutil.FuzzTargets() {
		seeds, err := target.Seeds(root)
		if err != nil {
			t.Fatal(err)
		}
		corpus, err := target.Corpus(root)
		if err != nil {
			t.Fatal(err)
		}
		for _, data := range append(seeds, corpus...) {
			key := target.File + "\x00" + string(data)
			if seen[key] {
				continue
			}
			seen[key] = true
			for _, beside := range []bool{false, true} {
				files := map[string][]byte{target.File: data}
				if beside || target.File == ingest.ManifestName {
					files["other.csv"] = []byte(goodCSV)
				}
				if renderThrough(t, files, []string{"en", "tr"}[rendered%2]) {
					rendered++
				}
			}
		}
	}
	t.Logf("%d inputs, %d reports rendered", len(seen), rendered)
	if rendered < 40 {
		t.Errorf("only %d inputs reached the rendering; the seeds lost their valid files", rendered)
	}
}

// renderThrough writes files into a report folder, reads, analyzes and
// renders it in lang, and reports whether it got as far as rendering.
func renderThrough(t *testing.T, files map[string][]byte, lang string) bool {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "r")
	for name, data := range files {
		writeFile(t, filepath.Join(dir, name), data)
	}
	c, err := ingest.Read(dir, ingest.ReadOptions{})
	if err != nil {
		return false
	}
	r, err := analyze.Build(c, analyze.Options{Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		return false
	}
	if _, err := render.New(report.New(r), render.Options{Lang: lang, Formats: render.FormatHTML}); err != nil {
		// A report read and analyzed renders: an error here is a bug
		// (a template turns a panic into one).
		t.Errorf("%q: %v", files, err)
	}
	return true
}
