package chart

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

// TestChartsDocumented holds the chart table of docs/output.md to defs:
// one row per chart, in the order of their numbers.
func TestChartsDocumented(t *testing.T) {
	t.Parallel()
	page, err := os.ReadFile("../../docs/output.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `(\\d\\d-[^`]+)` \\|")
	var documented []string
	for _, m := range row.FindAllStringSubmatch(string(page), -1) {
		documented = append(documented, m[1])
	}
	if !slices.Equal(documented, Names()) {
		t.Errorf("docs/output.md's chart table lists %v; want the charts of defs, %v", documented, Names())
	}
}

// TestChartsPlaced: the templates place every standard chart (06 twice:
// the summary shows it where there is no 11), and name no chart that
// defs lacks (a name that is no chart would place nothing, silently).
func TestChartsPlaced(t *testing.T) {
	t.Parallel()
	call := regexp.MustCompile(`\bchart "([^"]*)"`)
	placed := map[string][]string{}
	err := filepath.WalkDir("../../templates", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".tmpl" {
			return err
		}
		text, err := os.ReadFile(p)
		for _, m := range call.FindAllStringSubmatch(string(text), -1) {
			placed[m[1]] = append(placed[m[1]], filepath.Base(p))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range Names() {
		if len(placed[n]) == 0 {
			t.Errorf("chart %s is placed by no template", n)
		}
	}
	for n, in := range placed {
		if !slices.Contains(Names(), n) {
			t.Errorf("%v place chart %q, which defs lacks", in, n)
		}
	}
}
