package ingest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/internal/outdir"
)

// run is a one-run vLLM result at concurrency c.
func run(c int) string {
	return fmt.Sprintf(`{"max_concurrency": %d, "mean_ttft_ms": 10, "median_tpot_ms": 5}`, c)
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("symlink: %v", err)
	}
}

func wantError(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil || err.Error() != want {
		t.Errorf("error\n got %v\nwant %s", err, want)
	}
}

// TestTooManyLevelsRefused: a configuration holds at most MaxLevels
// levels, in any form; exactly MaxLevels is read.
func TestTooManyLevelsRefused(t *testing.T) {
	table := func(n int) string {
		var b strings.Builder
		b.WriteString(compactHeader + "\n")
		for c := 1; c <= n; c++ {
			fmt.Fprintf(&b, "%d,66.5,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n", c)
		}
		return b.String()
	}
	dir := writeTree(t, map[string]string{"a.csv": table(MaxLevels)})
	if c, err := Read(dir, ReadOptions{}); err != nil || len(c.Configs[0].Levels) != MaxLevels {
		t.Fatalf("%d levels: %v", MaxLevels, err)
	}
	// The export table has one row per level: the row past the cap
	// stops the read at its line.
	dir = writeTree(t, map[string]string{"a.csv": table(MaxLevels + 1)})
	_, err := Read(dir, ReadOptions{})
	wantError(t, err, filepath.Join(dir, "a.csv")+fmt.Sprintf(":%d:1: more than %d rows after the header; expected at most %d load levels, one row each", MaxLevels+2, MaxLevels, MaxLevels))

	var lines strings.Builder
	for c := 1; c <= MaxLevels+1; c++ {
		lines.WriteString(run(c) + "\n")
	}
	dir = writeTree(t, map[string]string{"sweep.jsonl": lines.String()})
	_, err = Read(dir, ReadOptions{})
	wantError(t, err, filepath.Join(dir, "sweep.jsonl")+fmt.Sprintf(": holds %d load levels; expected at most %d per configuration", MaxLevels+1, MaxLevels))

	// Per-request data is streamed: the level past the cap stops it at
	// its row.
	var rows strings.Builder
	rows.WriteString("concurrency,ttft_ms,itl_ms,latency_s\n")
	for c := 1; c <= MaxLevels+1; c++ {
		fmt.Fprintf(&rows, "%d,20,2,1.5\n", c)
	}
	_, _, _, err = readRequests("r.csv", strings.NewReader(rows.String()))
	wantError(t, err, fmt.Sprintf("r.csv:%d:1: concurrency %d is load level %d; expected at most %d load levels per configuration", MaxLevels+2, MaxLevels+1, MaxLevels+1, MaxLevels))

	files := map[string]string{}
	for c := 1; c <= MaxLevels+1; c++ {
		files[fmt.Sprintf("runs/c%d.json", c)] = run(c)
	}
	dir = writeTree(t, files)
	_, err = Read(dir, ReadOptions{})
	wantError(t, err, filepath.Join(dir, "runs")+fmt.Sprintf(": holds more than %d load levels; expected at most %d per configuration", MaxLevels, MaxLevels))
}

// TestTooManyConfigsRefused: a report compares at most MaxConfigs
// configurations; exactly MaxConfigs is read.
func TestTooManyConfigsRefused(t *testing.T) {
	files := func(n int) map[string]string {
		m := map[string]string{}
		for i := range n {
			m[fmt.Sprintf("c%02d.csv", i)] = compactHeader + "\n" + compactRow
		}
		return m
	}
	dir := writeTree(t, files(MaxConfigs))
	if c, err := Read(dir, ReadOptions{}); err != nil || len(c.Configs) != MaxConfigs {
		t.Fatalf("%d configs: %v", MaxConfigs, err)
	}
	dir = writeTree(t, files(MaxConfigs+1))
	_, err := Read(dir, ReadOptions{})
	wantError(t, err, dir+fmt.Sprintf(": folder holds %d configurations; expected at most %d per report", MaxConfigs+1, MaxConfigs))
}

// TestTooManyLevelsTogetherRefused: the configurations of a report
// measure at most MaxLevels distinct levels together, though each stays
// under the cap.
func TestTooManyLevelsTogetherRefused(t *testing.T) {
	table := func(from int) string {
		var b strings.Builder
		b.WriteString(compactHeader + "\n")
		for c := from; c < from+MaxLevels/2+1; c++ {
			fmt.Fprintf(&b, "%d,66.5,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n", c)
		}
		return b.String()
	}
	dir := writeTree(t, map[string]string{"a.csv": table(1), "b.csv": table(1000)})
	_, err := Read(dir, ReadOptions{})
	wantError(t, err, dir+fmt.Sprintf(": the configurations measure %d distinct load levels together; expected at most %d per report", MaxLevels+2, MaxLevels))
}

// TestSymlinkedConfigFoldersFollowed: a config folder (of runs, or an
// unzipped export) that is a symlink is read like a symlinked file.
func TestSymlinkedConfigFoldersFollowed(t *testing.T) {
	outside := writeTree(t, map[string]string{
		"runs/c1.json":           run(1),
		"runs/c2.json":           run(2),
		"export/model-table.csv": compactHeader + "\n" + compactRow,
		"file.csv":               compactHeader + "\n" + compactRow,
	})
	dir := t.TempDir()
	symlink(t, filepath.Join(outside, "runs"), filepath.Join(dir, "vllm-runs"))
	symlink(t, filepath.Join(outside, "export"), filepath.Join(dir, "sglang-export"))
	symlink(t, filepath.Join(outside, "file.csv"), filepath.Join(dir, "trtllm.csv"))
	c, err := Read(dir, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, cfg := range c.Configs {
		got = append(got, fmt.Sprintf("%s:%d", cfg.ID, len(cfg.Levels)))
	}
	if s := strings.Join(got, " "); s != "sglang-export:1 trtllm:1 vllm-runs:2" {
		t.Errorf("configs = %s", s)
	}
}

// TestSymlinkLoopRefused: a symlink that cannot be followed (a loop, a
// missing target) is an error naming it, never skipped.
func TestSymlinkLoopRefused(t *testing.T) {
	for _, tt := range []struct {
		name  string
		links [][2]string // target, link
		want  string      // after <link>
	}{
		{"self", [][2]string{{"loop", "loop"}}, ": symlink cannot be followed (too many levels of symbolic links); expected a link to an existing file or folder"},
		{"pair", [][2]string{{"b", "a"}, {"a", "b"}}, ": symlink cannot be followed (too many levels of symbolic links); expected a link to an existing file or folder"},
		{"missing", [][2]string{{"gone", "a"}}, ": symlink cannot be followed (no such file or directory); expected a link to an existing file or folder"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{"x.csv": compactHeader + "\n" + compactRow})
			for _, l := range tt.links {
				symlink(t, l[0], filepath.Join(dir, l[1]))
			}
			_, err := Read(dir, ReadOptions{})
			wantError(t, err, filepath.Join(dir, tt.links[0][1])+tt.want)
			// The same inside a folder of runs.
			runs := writeTree(t, map[string]string{"r/c1.json": run(1)})
			for _, l := range tt.links {
				symlink(t, l[0], filepath.Join(runs, "r", l[1]))
			}
			_, err = Read(runs, ReadOptions{})
			wantError(t, err, filepath.Join(runs, "r", tt.links[0][1])+tt.want)
		})
	}
}

// TestSymlinkToReportFolderRefused: a symlinked folder that leads back
// to the folder holding it, or above it, is refused: it would read the
// report into itself. So is one in a folder of runs, and in Discover.
func TestSymlinkToReportFolderRefused(t *testing.T) {
	for _, tt := range []struct{ target, want string }{
		{".", ": symlink resolves to the folder that holds it (<real>); expected a link to another folder"},
		{"..", ": symlink resolves to <up>, a folder above it; expected a link to a folder that does not hold it"},
		{"/", ": symlink resolves to /, a folder above it; expected a link to a folder that does not hold it"},
	} {
		t.Run(tt.target, func(t *testing.T) {
			dir := writeTree(t, map[string]string{"x.csv": compactHeader + "\n" + compactRow})
			resolved, _ := outdir.RealPath(dir)
			want := strings.NewReplacer("<real>", resolved, "<up>", filepath.Dir(resolved)).Replace(tt.want)
			symlink(t, tt.target, filepath.Join(dir, "again"))
			_, err := Read(dir, ReadOptions{})
			wantError(t, err, filepath.Join(dir, "again")+want)
		})
	}
	dir := writeTree(t, map[string]string{"runs/c1.json": run(1)})
	symlink(t, "..", filepath.Join(dir, "runs", "back"))
	_, err := Read(dir, ReadOptions{})
	resolved, _ := outdir.RealPath(dir)
	wantError(t, err, filepath.Join(dir, "runs", "back")+": symlink resolves to "+resolved+", a folder above it; expected a link to a folder that does not hold it")

	root := writeTree(t, map[string]string{"r1/a.csv": compactHeader + "\n" + compactRow})
	symlink(t, ".", filepath.Join(root, "again"))
	_, _, err = Discover(root)
	realRoot, _ := outdir.RealPath(root)
	wantError(t, err, filepath.Join(root, "again")+": symlink resolves to the folder that holds it ("+realRoot+"); expected a link to another folder")
}

// TestDiscoverFollowsSymlinkedReports: a symlinked report folder is
// found like a real one; a report reportgen wrote is not.
func TestDiscoverFollowsSymlinkedReports(t *testing.T) {
	outside := writeTree(t, map[string]string{"r2/b.csv": compactHeader + "\n" + compactRow})
	root := writeTree(t, map[string]string{
		"r1/a.csv":                 compactHeader + "\n" + compactRow,
		"out/r1/" + outdir.Marker:  "reportgen",
		"out/" + outdir.Marker:     "reportgen",
		"out/r1/analysis.json":     "{}",
		"done/" + outdir.Marker:    "reportgen",
		"done/some-report-data.md": "",
	})
	symlink(t, filepath.Join(outside, "r2"), filepath.Join(root, "r2"))
	got, _, err := Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range got {
		names = append(names, filepath.Base(p.Dir))
	}
	if s := strings.Join(names, " "); s != "r1 r2" {
		t.Errorf("Discover = %s, want r1 r2", s)
	}
}

// TestOutputFolderNeverEntered: a folder holding outdir.Marker is a
// report reportgen wrote: Read and Discover refuse it as input, and the
// config scan skips it (listing it as ignored), whatever it holds.
func TestOutputFolderNeverEntered(t *testing.T) {
	out := writeTree(t, map[string]string{outdir.Marker: "reportgen", "a.csv": compactHeader + "\n" + compactRow})
	want := out + ": holds .reportgen: it is a report reportgen wrote, not input; expected a report folder of result files"
	_, err := Read(out, ReadOptions{})
	wantError(t, err, want)
	_, _, err = Discover(out)
	wantError(t, err, want)

	dir := writeTree(t, map[string]string{
		"a.csv":                      compactHeader + "\n" + compactRow,
		"report/" + outdir.Marker:    "reportgen",
		"report/vllm.csv":            compactHeader + "\n" + compactRow,
		"runs/c1.json":               run(1),
		"runs/old/" + outdir.Marker:  "reportgen",
		"runs/old/summary.json":      run(2),
		"runs/old/analysis.json":     "{}",
		"runs/_tmp/summary.json":     run(4),
		"runs/point-c8/summary.json": run(8),
	})
	c, err := Read(dir, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Configs) != 2 || len(c.Configs[1].Levels) != 2 {
		t.Errorf("configs = %+v", c.Configs)
	}
	if got := strings.Join(c.Ignored, " "); got != "report runs/_tmp runs/old" {
		t.Errorf("ignored = %q", got)
	}
}

// TestIgnoredNamesListed: every name the read skips on purpose is listed
// in Campaign.Ignored, relative to the report folder and sorted; names
// it reads (the manifest, its logo, a folder its path leads into) are
// not.
func TestIgnoredNamesListed(t *testing.T) {
	csv := compactHeader + "\n" + compactRow
	dir := writeTree(t, map[string]string{
		ManifestName:           "logo = \"logo.png\"\n[[configs]]\nid = \"a\"\n[[configs]]\nid = \"runs\"\n[[configs]]\nid = \"e\"\npath = \"data/e\"\n",
		"a.csv":                csv,
		".DS_Store":            "",
		"_old/b.csv":           csv,
		"notes.txt":            "",
		"chart.png":            "",
		"README.md":            "",
		"logo.png":             "",
		"notes/readme.txt":     "",
		"out/" + outdir.Marker: "reportgen",
		"out/x.csv":            csv,
		"runs/c1.json":         run(1),
		"runs/log.txt":         "",
		"runs/_tmp.json":       run(2),
		"runs/.c4.json":        run(4),
		"data/e/m-table.csv":   csv,
		"data/e/m-TTFT.png":    "",
	})
	c, err := Read(dir, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{".DS_Store", "README.md", "_old", "chart.png", "notes", "notes.txt", "out", "runs/.c4.json", "runs/_tmp.json", "runs/log.txt"}
	if !slices.Equal(c.Ignored, want) {
		t.Errorf("ignored\n got %q\nwant %q", c.Ignored, want)
	}
}

// TestNoConfigurationErrorListsEveryKind: the error for a folder without
// configurations names every kind reportgen reads, and what it ignored.
func TestNoConfigurationErrorListsEveryKind(t *testing.T) {
	dir := writeTree(t, map[string]string{"notes.txt": "", "results/readme.md": ""})
	_, err := Read(dir, ReadOptions{})
	wantError(t, err, dir+": no configuration found; expected result files (.csv, .json, .jsonl, .zip), llm-benchmark export folders (holding a *-table.csv), or folders of run files; ignored: notes.txt, results")
}

// TestSameFileTwoConfigsRefused: one file is never read as two
// configurations, whether the manifest points at it twice (by path and
// by name, or by two paths that clean to one), a symlink repeats it, or
// it is a run file of another config's folder.
func TestSameFileTwoConfigsRefused(t *testing.T) {
	csv := compactHeader + "\n" + compactRow
	dir := writeTree(t, map[string]string{
		ManifestName: "[[configs]]\nid = \"a\"\npath = \"b.csv\"\n[[configs]]\nid = \"b\"\n",
		"b.csv":      csv,
	})
	_, err := Read(dir, ReadOptions{})
	p := filepath.Join(dir, "b.csv")
	wantError(t, err, filepath.Join(dir, ManifestName)+`: config "b" reads `+p+`, the same file as config "a" (`+p+`); expected each file in one configuration`)

	dir = writeTree(t, map[string]string{
		ManifestName: "[[configs]]\nid = \"a\"\npath = \"_sub/x.csv\"\n[[configs]]\nid = \"c\"\npath = \"./_sub/../_sub/x.csv\"\n",
		"_sub/x.csv": csv,
	})
	_, err = Read(dir, ReadOptions{})
	p = filepath.Join(dir, "_sub", "x.csv")
	wantError(t, err, filepath.Join(dir, ManifestName)+`: config "c" reads `+p+`, the same file as config "a" (`+p+`); expected each file in one configuration`)

	dir = writeTree(t, map[string]string{"a.csv": csv})
	symlink(t, "a.csv", filepath.Join(dir, "b.csv"))
	_, err = Read(dir, ReadOptions{})
	wantError(t, err, filepath.Join(dir, "b.csv")+`: is the same file as `+filepath.Join(dir, "a.csv")+` (configuration "a"); expected each file in one configuration`)

	dir = writeTree(t, map[string]string{
		ManifestName:   "[[configs]]\nid = \"runs\"\n[[configs]]\nid = \"one\"\npath = \"runs/c1.json\"\n",
		"runs/c1.json": run(1),
		"runs/c2.json": run(2),
	})
	_, err = Read(dir, ReadOptions{})
	wantError(t, err, filepath.Join(dir, ManifestName)+`: config "one" reads `+filepath.Join(dir, "runs", "c1.json")+`, a run file of config "runs" (`+filepath.Join(dir, "runs")+`); expected each file in one configuration`)
}

// TestManifestPathToReportFolder: a config whose path is the report
// folder itself, however it is written, is that folder's runs (a run
// folder with its manifest inside, as reportgen init writes it); a
// symlink that leads above the folder is refused.
func TestManifestPathToReportFolder(t *testing.T) {
	for _, path := range []string{".", "sub/..", "./"} {
		dir := writeTree(t, map[string]string{
			ManifestName: fmt.Sprintf("[[configs]]\nid = \"a\"\npath = %q\n", path),
			"sub/x.csv":  compactHeader + "\n" + compactRow,
		})
		c, err := Read(dir, ReadOptions{})
		if err != nil {
			t.Fatalf("path %q: %v", path, err)
		}
		if len(c.Configs) != 1 || c.Configs[0].ID != "a" || len(c.Configs[0].Levels) != 1 {
			t.Errorf("path %q: %d configs; want config a with the folder's one level", path, len(c.Configs))
		}
	}
	// A symlink in a hidden folder, which the scan does not enter.
	dir := writeTree(t, map[string]string{
		ManifestName: "[[configs]]\nid = \"a\"\npath = \"_links/up\"\n",
		"_links/x":   "",
	})
	symlink(t, "..", filepath.Join(dir, "_links", "up"))
	resolved, _ := outdir.RealPath(dir)
	_, err := Read(dir, ReadOptions{})
	wantError(t, err, filepath.Join(dir, ManifestName)+`: config "a": path "_links/up": symlink resolves to `+resolved+`, a folder above it; expected a link to a folder that does not hold it`)
}

// TestLockFileSkippedUnlisted: reportgen's lock file, held by a build
// writing there or left by one that was killed, says nothing about a
// folder's content: a folder of reports, a report folder and a folder
// of runs holding it are read as without it, and it is not listed
// among the names not read.
func TestLockFileSkippedUnlisted(t *testing.T) {
	csv := compactHeader + "\n" + compactRow
	root := writeTree(t, map[string]string{
		outdir.Lock:                 "",
		"r1/a.csv":                  csv,
		"r1/" + outdir.Lock:         "",
		"r2/b.csv":                  csv,
		"r2/runs/c1.json":           run(1),
		"r2/runs/c2.json":           run(2),
		"r2/runs/" + outdir.Lock:    "",
		"r2/out/" + outdir.Marker:   "reportgen",
		"r2/out/r/" + outdir.Lock:   "",
		"r2/out/r/analysis.json":    "{}",
		"r2/out/r/" + outdir.Marker: "reportgen",
	})
	targets, ignored, err := Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(targets) != 2 || len(ignored) != 0 {
		t.Errorf("Discover = %v, ignored %q; want r1 and r2, nothing ignored", targets, ignored)
	}
	for _, r := range []struct {
		dir     string
		configs int
		ignored []string
	}{{"r1", 1, nil}, {"r2", 2, []string{"out"}}} {
		c, err := Read(filepath.Join(root, r.dir), ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Configs) != r.configs || !slices.Equal(c.Ignored, r.ignored) {
			t.Errorf("%s: %d configs, ignored %q; want %d, ignored %q", r.dir, len(c.Configs), c.Ignored, r.configs, r.ignored)
		}
	}
	// A folder of one configuration's runs, holding the lock.
	dir := writeTree(t, map[string]string{"c1.json": run(1), "c2.json": run(2), outdir.Lock: ""})
	c, err := Read(dir, ReadOptions{AsConfig: true})
	if err != nil || len(c.Configs) != 1 || len(c.Configs[0].Levels) != 2 || len(c.Ignored) != 0 {
		t.Errorf("folder of runs: %+v, %v", c, err)
	}
}

// TestOutputFolderOfReportsNamed: a folder that reportgen wrote reports
// into (-o) is no input: it gives no report, and the error names the
// reports reportgen wrote there.
func TestOutputFolderOfReportsNamed(t *testing.T) {
	root := writeTree(t, map[string]string{
		"a/" + outdir.Marker: "reportgen",
		"a/analysis.json":    "{}",
		"b/" + outdir.Marker: "reportgen",
		"b/analysis.json":    "{}",
		"notes.txt":          "",
	})
	_, _, err := Discover(root)
	if err == nil || !strings.Contains(err.Error(), "; a, b: reports reportgen wrote, not input (build the report folders they were made from)") {
		t.Errorf("Discover: %v", err)
	}
	// At most maxNamed are named, the rest counted.
	files := map[string]string{}
	for i := range maxNamed {
		files[fmt.Sprintf("r%d/%s", i, outdir.Marker)] = "reportgen"
	}
	_, _, err = Discover(writeTree(t, files))
	if err == nil || !strings.Contains(err.Error(), "; r0, r1, r2, r3, r4: reports reportgen wrote") {
		t.Errorf("Discover, %d reports: %v", maxNamed, err)
	}
	files[fmt.Sprintf("r%d/%s", maxNamed, outdir.Marker)] = "reportgen"
	_, _, err = Discover(writeTree(t, files))
	if err == nil || !strings.Contains(err.Error(), "; r0, r1, r2, r3, r4 and 1 more: reports reportgen wrote") {
		t.Errorf("Discover, %d reports: %v", maxNamed+1, err)
	}
}
