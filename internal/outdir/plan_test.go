package outdir

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlanRefusals: every destination that could overwrite input is an
// *ArgError naming what is in the way, and nothing is written.
func TestPlanRefusals(t *testing.T) {
	work := t.TempDir()
	for _, d := range []string{"in/r", "in/s", "other/r", "r/r"} {
		if err := os.MkdirAll(filepath.Join(work, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(work, "file"), []byte("x"))
	t.Chdir(work)
	for _, c := range []struct {
		name        string
		out         string
		paths, dirs []string
		want        string
	}{
		{"out is a file", "file", []string{"in/r"}, []string{"in/r"}, "-o file: not a folder"},
		{"out is the folder of reports", "in", []string{"in"}, []string{"in/r"}, "would be written to in/r, inside the input folder in"},
		{"the destination is the input", ".", []string{"r"}, []string{"r"}, "which is the input folder r"},
		{"the destination holds the input", ".", []string{"r/r"}, []string{"r/r"}, "would replace r, which holds the input folder r/r"},
		{"two folders of one name", "out", []string{"in/r", "other/r"}, []string{"in/r", "other/r"}, `in/r and other/r are both called "r"`},
		{"a folder without a name", "out", []string{"/"}, []string{"/"}, "this one has no name"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Plan(c.out, c.paths, c.dirs)
			var a *ArgError
			if !errors.As(err, &a) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Plan: %v; want an ArgError saying %q", err, c.want)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(work, "out")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused plan made its output folder: %v", err)
	}
}

// TestPlanPlaces: each report goes to OUT/NAME, NAME the folder's real
// name, OUT resolved; a folder given twice (once through a link) gets
// one report.
func TestPlanPlaces(t *testing.T) {
	work, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"in/campaign", "in/s"} {
		if err := os.MkdirAll(filepath.Join(work, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(work, "in", "campaign"), filepath.Join(work, "alias")); err != nil {
		t.Skipf("symlink: %v", err)
	}
	t.Chdir(filepath.Join(work, "in", "campaign"))
	ds, err := Plan("../../out", []string{".", "../s", "../../alias"}, []string{".", "../s", "../../alias"})
	if err != nil {
		t.Fatal(err)
	}
	want := []Dest{
		{Dir: ".", Name: "campaign", Path: filepath.Join(work, "out", "campaign")},
		{Dir: "../s", Name: "s", Path: filepath.Join(work, "out", "s")},
	}
	if len(ds) != len(want) {
		t.Fatalf("Plan = %+v, want %+v", ds, want)
	}
	for i := range want {
		if ds[i] != want[i] {
			t.Errorf("Plan[%d] = %+v, want %+v", i, ds[i], want[i])
		}
	}
}

// TestPlanFolder: a comparison's folder may not be, hold or lie inside
// a folder given or the folder of a file given; beside them it is
// placed, resolved.
func TestPlanFolder(t *testing.T) {
	work, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(work, "results", "base", "x.csv"), nil)
	writeFile(t, filepath.Join(work, "results", "cand", "analysis.json"), nil)
	t.Chdir(work)
	for _, c := range []struct{ out, want string }{
		{"results/base", "-o results/base is the input folder results/base"},
		{"results/base/cmp", "-o results/base/cmp lies inside the input folder results/base"},
		{"results/cand/cmp", "lies inside the input folder results/cand"}, // the folder of the file
		{"results", "-o results holds the input folder results/base"},
		{"results/base/x.csv", "-o results/base/x.csv: not a folder"},
	} {
		_, err := PlanFolder(c.out, "results/base", "results/cand/analysis.json")
		var a *ArgError
		if !errors.As(err, &a) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("PlanFolder(%s): %v; want an ArgError saying %q", c.out, err, c.want)
		}
	}
	dst, err := PlanFolder("results/cmp", "results/base", "results/cand/analysis.json")
	if err != nil || dst != filepath.Join(work, "results", "cmp") {
		t.Errorf("PlanFolder(results/cmp) = %q, %v", dst, err)
	}
}
