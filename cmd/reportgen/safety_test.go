package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/openzeka/reportgen/internal/outdir"
)

// reportFolder writes a one-config report folder at dir.
func reportFolder(t *testing.T, dir string) {
	t.Helper()
	writeFile(t, filepath.Join(dir, "vllm.csv"), []byte(goodCSV))
	writeFile(t, filepath.Join(dir, "report.toml"), []byte("title = \"T\"\n[[configs]]\nid = \"vllm\"\n"))
}

// TestOutputNeverReplacesInput: no choice of -o can write a report over,
// into or around an input folder; the input stays byte for byte.
func TestOutputNeverReplacesInput(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		cwd  string // relative to the temp dir
		args []string
		want string
	}{
		{"out is the folder of report folders", ".", []string{"build", "--format", "md", "-o", "samples", "samples"}, "inside the input folder samples"},
		{"out is the report folder's parent, from inside", "samples", []string{"build", "--format", "md", "-o", ".", "r"}, "which is the input folder r"},
		{"dot names the folder itself", "samples/r", []string{"build", "--format", "md", "-o", "..", "."}, "which is the input folder ."},
		{"out inside the report folder", ".", []string{"build", "--format", "md", "-o", "samples/r/out", "samples/r"}, "inside the input folder"},
		{"out inside the folder of report folders", ".", []string{"build", "--format", "md", "-o", "samples/out", "samples"}, "inside the input folder"},
		{"the destination holds the input", ".", []string{"build", "--format", "md", "-o", ".", "r/r"}, "holds the input folder"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			work := t.TempDir()
			reportFolder(t, filepath.Join(work, "samples", "r"))
			reportFolder(t, filepath.Join(work, "r", "r"))
			before := snapshot(t, work)
			exit, _, stderr := runIn(t, filepath.Join(work, c.cwd), c.args...)
			if exit != 2 || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 2 and %q", exit, stderr, c.want)
			}
			if strings.Count(stderr, "reportgen:") != 1 {
				t.Errorf("the usage error is not printed once:\n%s", stderr)
			}
			if after := snapshot(t, work); after != before {
				t.Error("the refused build changed files")
			}
		})
	}
}

// TestReportNamedAfterRealFolder: "." is the folder's own name, not ".".
func TestReportNamedAfterRealFolder(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	in := filepath.Join(work, "campaign")
	reportFolder(t, in)
	exit, _, stderr := runIn(t, in, "build", "--format", "md", "-o", filepath.Join(work, "out"), ".")
	if exit != 0 {
		t.Fatalf("exit %d: %s", exit, stderr)
	}
	if _, err := os.Stat(filepath.Join(work, "out", "campaign", "analysis.json")); err != nil {
		t.Error(err)
	}
}

// TestSameNameInputsRefused: a/r and b/r would overwrite each other.
func TestSameNameInputsRefused(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	reportFolder(t, filepath.Join(work, "a", "r"))
	reportFolder(t, filepath.Join(work, "b", "r"))
	exit, _, stderr := runIn(t, work, "build", "--format", "md", "-o", "out", "a/r", "b/r")
	if exit != 2 || !strings.Contains(stderr, "a/r and b/r are both called \"r\"") {
		t.Errorf("exit %d, stderr %s", exit, stderr)
	}
	if _, err := os.Stat(filepath.Join(work, "out")); err == nil {
		t.Error("out was written")
	}
}

// TestForeignDestinationKept: a folder at OUT/NAME that reportgen did not
// write is never replaced; the report fails naming it.
func TestForeignDestinationKept(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	reportFolder(t, filepath.Join(work, "r"))
	writeFile(t, filepath.Join(work, "out", "r", "notes.txt"), []byte("mine"))
	writeFile(t, filepath.Join(work, "out", "r", "analysis.json"), []byte("{}"))
	before := snapshot(t, filepath.Join(work, "out"))
	exit, _, stderr := runIn(t, work, "build", "--format", "md", "-o", "out", "r")
	if exit != 1 || !strings.Contains(stderr, "out/r exists and was not written by reportgen (it has no .reportgen file)") {
		t.Errorf("exit %d, stderr %s", exit, stderr)
	}
	if after := snapshot(t, filepath.Join(work, "out")); after != before {
		t.Error("the foreign folder was changed")
	}
}

// TestUserFilesBesideAndInsideReportsKept: a report kept by the user
// as NAME.old, and a file the user added inside a marked report, are
// never removed by the next build.
func TestUserFilesBesideAndInsideReportsKept(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	reportFolder(t, filepath.Join(work, "r"))
	if exit, _, stderr := runIn(t, work, "build", "--format", "md", "-o", "out", "r"); exit != 0 {
		t.Fatal(stderr)
	}
	if err := os.Rename(filepath.Join(work, "out", "r"), filepath.Join(work, "out", "r.old")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(work, "out", "r.old", "customer.txt"), []byte("notes"))
	if exit, _, stderr := runIn(t, work, "build", "--format", "md", "-o", "out", "r"); exit != 0 {
		t.Fatal(stderr)
	}
	if _, err := os.Stat(filepath.Join(work, "out", "r.old", "customer.txt")); err != nil {
		t.Errorf("the user's r.old was removed: %v", err)
	}
	writeFile(t, filepath.Join(work, "out", "r", "en", "myedits.txt"), []byte("mine"))
	exit, _, stderr := runIn(t, work, "build", "--format", "md", "-o", "out", "r")
	if exit != 1 || !strings.Contains(stderr, "out/r holds en/myedits.txt, which reportgen did not write") {
		t.Errorf("exit %d, stderr %s", exit, stderr)
	}
	if _, err := os.Stat(filepath.Join(work, "out", "r", "en", "myedits.txt")); err != nil {
		t.Error("a file the user added to a report was removed")
	}
}

// TestEarlierReportReplaced: a report reportgen wrote (marked) is
// replaced, and the new one is marked.
func TestEarlierReportReplaced(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	reportFolder(t, filepath.Join(work, "r"))
	if exit, _, stderr := runIn(t, work, "build", "--format", "md", "-o", "out", "r"); exit != 0 {
		t.Fatal(stderr)
	}
	marker, err := os.ReadFile(filepath.Join(work, "out", "r", outdir.Marker))
	if err != nil || !strings.HasPrefix(string(marker), "reportgen ") {
		t.Fatalf("marker %q, %v", marker, err)
	}
	if exit, _, stderr := runIn(t, work, "build", "--format", "md", "-o", "out", "r"); exit != 0 {
		t.Fatalf("rebuild over a marked report: %s", stderr)
	}
	if _, err := os.Stat(filepath.Join(work, "out", "r", "en", "report.md")); err != nil {
		t.Error(err)
	}
}

// TestUnmarkedDestinationKept: a destination without reportgen's marker
// is never replaced, whatever its files: an analysis.json another
// program wrote (once taken for an old report and deleted), or files in
// the very layout reportgen writes. The build of that report fails
// naming it, nothing there changes, and the marked reports beside it
// are still replaced.
func TestUnmarkedDestinationKept(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		files []string
	}{
		{"a foreign analysis.json alone", []string{"analysis.json"}},
		{"reportgen's layout without the marker", []string{"analysis.json", "en/report.md", "en/report.pdf", "tr/charts/01-ttft.png"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			work := t.TempDir()
			reportFolder(t, filepath.Join(work, "in", "r"))
			reportFolder(t, filepath.Join(work, "in", "s"))
			if exit, _, stderr := runIn(t, work, "build", "--format", "md", "-o", "out", "in/s"); exit != 0 {
				t.Fatal(stderr)
			}
			for _, f := range c.files {
				writeFile(t, filepath.Join(work, "out", "r", f), []byte(`{"written by": "another program"}`))
			}
			before := snapshot(t, filepath.Join(work, "out", "r"))
			exit, stdout, stderr := runIn(t, work, "build", "--format", "md", "-o", "out", "in")
			if exit != 1 || !strings.Contains(stderr, "reportgen: r: out/r exists and was not written by reportgen (it has no .reportgen file); it is left as it is") {
				t.Errorf("exit %d, stderr:\n%s", exit, stderr)
			}
			if !strings.Contains(stdout, "in/s → out/s") {
				t.Errorf("the marked report beside it was not rebuilt:\n%s", stdout)
			}
			if after := snapshot(t, filepath.Join(work, "out", "r")); after != before {
				t.Error("the unmarked destination was changed")
			}
		})
	}
}

// TestSIGTERMCleansUp runs the real binary, stops it with SIGTERM while
// it builds, and checks that the output folder holds no leftover and
// the earlier report, or the new one, whole. Serial: the signals come at
// fixed delays after the start, and the load of parallel tests would
// delay the binary's start past the first (50 ms), which would then end
// it before main handles the signal (seen at a load of 15 on 2 CPUs).
func TestSIGTERMCleansUp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "reportgen")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	work := t.TempDir()
	samples, _ := filepath.Abs("../../samples/kimi-k3-b300")
	out := filepath.Join(work, "out")
	first := exec.Command(bin, "build", "--lang", "en", "-o", out, samples)
	if b, err := first.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	before, _ := os.ReadFile(filepath.Join(out, "kimi-k3-b300", "analysis.json"))
	for _, delay := range []time.Duration{50 * time.Millisecond, 300 * time.Millisecond, 800 * time.Millisecond} {
		cmd := exec.Command(bin, "build", "-o", out, samples)
		cmd.Env = append(os.Environ(), "SOURCE_DATE_EPOCH=1")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(delay)
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		// Interrupted (130), or done before the signal came (0).
		if err := cmd.Wait(); err != nil {
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted {
				t.Errorf("after SIGTERM at %v: %v, want exit status %d", delay, err, exitInterrupted)
			}
		}
		entries, _ := os.ReadDir(out)
		for _, e := range entries {
			if e.Name() != "kimi-k3-b300" {
				t.Errorf("after SIGTERM at %v: leftover %s", delay, e.Name())
			}
		}
		now, err := os.ReadFile(filepath.Join(out, "kimi-k3-b300", "analysis.json"))
		if err != nil || len(now) == 0 {
			t.Fatalf("after SIGTERM at %v the report is gone: %v", delay, err)
		}
		_ = before
	}
}

// TestOutputFolderNotTakenForInput: an output folder inside a folder of
// report folders (no lock file left in it: it holds reports, each
// marked) is listed, not built; what else is skipped there is listed
// too.
func TestOutputFolderNotTakenForInput(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	reportFolder(t, filepath.Join(work, "samples", "r"))
	writeFile(t, filepath.Join(work, "samples", "README.txt"), []byte("x"))
	writeFile(t, filepath.Join(work, "samples", "_old", "a.csv"), []byte(goodCSV))
	if exit, _, stderr := runIn(t, work, "build", "--format", "md", "-o", "samples/out", "samples/r"); exit != 0 {
		t.Fatal(stderr)
	}
	exit, stdout, stderr := runIn(t, work, "build", "--format", "md", "-o", "o2", "samples")
	if exit != 0 || strings.Count(stdout, "→") != 1 {
		t.Fatalf("exit %d\n%s%s", exit, stdout, stderr)
	}
	for _, want := range []string{"samples/README.txt", "samples/_old", "samples/out"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr does not list %s:\n%s", want, stderr)
		}
	}
}

// TestOutputArgumentsChecked: -o naming a file, a destination that is a
// link into the input, and a PATH that is no folder are usage errors; a
// folder given twice is built once.
func TestOutputArgumentsChecked(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	reportFolder(t, filepath.Join(work, "r"))
	writeFile(t, filepath.Join(work, "file"), []byte("x"))
	if exit, _, stderr := runIn(t, work, "build", "-o", "file", "r"); exit != 2 || !strings.Contains(stderr, "-o file: not a folder") {
		t.Errorf("-o file: exit %d, %s", exit, stderr)
	}
	if exit, _, stderr := runIn(t, work, "build", "-o", "out", "file"); exit != 2 || !strings.Contains(stderr, "not a folder") {
		t.Errorf("PATH file: exit %d, %s", exit, stderr)
	}
	if exit, _, stderr := runIn(t, work, "build", "-o", "out", "missing"); exit != 2 {
		t.Errorf("PATH missing: exit %d, %s", exit, stderr)
	}
	if err := os.MkdirAll(filepath.Join(work, "lnk"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(work, "r"), filepath.Join(work, "lnk", "r")); err != nil {
		t.Fatal(err)
	}
	if exit, _, stderr := runIn(t, work, "build", "-o", "lnk", "r"); exit != 2 || !strings.Contains(stderr, "the input folder") {
		t.Errorf("OUT/NAME a link to the input: exit %d, %s", exit, stderr)
	}
	exit, stdout, stderr := runIn(t, work, "build", "--format", "md", "-o", "out", "r", "./r")
	if exit != 0 || strings.Count(stdout, "→") != 1 {
		t.Errorf("a folder given twice: exit %d\n%s%s", exit, stdout, stderr)
	}
}

// TestComparisonBesideItsInputs: a comparison written beside the two
// report folders it compares (compare -o results/cmp results/base
// results/cand) leaves no lock file behind, and the folder holding all
// three still builds: the reports are built, the comparison (reportgen's
// output, marked) is listed and never read. A lock file a killed build
// left (in the folder of reports, or in a report folder that was
// another build's -o) is skipped, unlisted: it poisons no folder.
func TestComparisonBesideItsInputs(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	samples, _ := filepath.Abs("../../samples/compare")
	for _, side := range [][2]string{{"before", "base"}, {"after", "cand"}} {
		if err := os.CopyFS(filepath.Join(work, "results", side[1]), os.DirFS(filepath.Join(samples, side[0]))); err != nil {
			t.Fatal(err)
		}
	}
	if exit, _, stderr := runIn(t, work, "compare", "--format", "md", "--lang", "en", "-o", "results/cmp", "results/base", "results/cand"); exit != 0 {
		t.Fatal(stderr)
	}
	if _, err := os.Lstat(filepath.Join(work, "results", outdir.Lock)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("compare left its lock file in results/: %v", err)
	}
	exit, stdout, stderr := runIn(t, work, "build", "--format", "md", "--lang", "en", "-o", "out", "results")
	if exit != 0 || !strings.Contains(stdout, "results/base → out/base") || !strings.Contains(stdout, "results/cand → out/cand") {
		t.Fatalf("build results: exit %d\n%s%s", exit, stdout, stderr)
	}
	if !strings.Contains(stderr, "reportgen: not report folders (hidden, not folders, or reports reportgen wrote): results/cmp\n") {
		t.Errorf("the comparison is not listed as not read:\n%s", stderr)
	}

	// Stale locks, as a build killed while writing leaves them.
	writeFile(t, filepath.Join(work, "results", outdir.Lock), nil)
	writeFile(t, filepath.Join(work, "results", "base", outdir.Lock), nil)
	exit, stdout, stderr = runIn(t, work, "build", "--format", "md", "--lang", "en", "-o", "out2", "results")
	if exit != 0 || strings.Count(stdout, "→") != 2 {
		t.Fatalf("build results with stale locks: exit %d\n%s%s", exit, stdout, stderr)
	}
	if strings.Contains(stderr, outdir.Lock) {
		t.Errorf("a lock file is listed:\n%s", stderr)
	}
	// Another build's output folder is still not input.
	exit, _, stderr = runIn(t, work, "build", "--format", "md", "--lang", "en", "-o", "out3", "out")
	if exit != 2 || !strings.Contains(stderr, "base, cand: reports reportgen wrote, not input") {
		t.Errorf("build out: exit %d, stderr:\n%s", exit, stderr)
	}
}
