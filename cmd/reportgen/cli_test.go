package main

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
)

// TestHelpOnStdout: help asked for goes to stdout with exit 0, in every
// form; a help for no such command is a usage error.
func TestHelpOnStdout(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}, {"help", "build"}, {"build", "--help"}, {"build", "-h"},
		{"help", "init"}, {"init", "--help"}, {"help", "version"}} {
		exit, stdout, stderr := runIn(t, "", args...)
		if exit != 0 || !strings.Contains(stdout, "Usage:") || stderr != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, exit, stdout, stderr)
		}
	}
	exit, stdout, stderr := runIn(t, "", "help", "bogus")
	if exit != 2 || stdout != "" || !strings.Contains(stderr, "help bogus: no such command") {
		t.Errorf("help bogus: exit %d, stdout %q, stderr %q", exit, stdout, stderr)
	}
}

// TestUsageErrorPrintedOnce: a bad flag is one line on stderr, exit 2.
func TestUsageErrorPrintedOnce(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"build", "--bogus", "x"}, "build: flag provided but not defined: -bogus"},
		{[]string{"build", "--think-s", "nan", "x"}, `invalid value "nan" for flag -think-s: NaN is not a number`},
		{[]string{"build", "--think-s", "1e30", "x"}, "-think-s: 1e+30 is out of range; expected a value from 0 to 3600 s"},
		{[]string{"build", "--think-s", "Inf", "x"}, "-think-s: +Inf is not a finite number"},
		// Past what a float64 holds: out of range in words, not a strconv error.
		{[]string{"build", "--think-s", "1e400", "x"}, "-think-s: 1e400 is out of range; expected a value from 0 to 3600 s"},
		{[]string{"build", "--slo-ttft-ms", "-1e400", "x"}, "-slo-ttft-ms: -1e400 is out of range; expected a value above 0 and up to 600000 ms"},
		{[]string{"build", "--interactivity", "1e309", "x"}, "-interactivity: 1e309 is out of range; expected a value above 0 and up to 100000 tok/s"},
		{[]string{"compare", "--threshold", "1e400", "a", "b"}, "-threshold: 1e400 is out of range; expected a value from 0 to 1000 %"},
		{[]string{"build", "--think-s", "-1", "x"}, "-think-s: -1 is out of range"},
		{[]string{"build", "--slo-ttft-ms", "0", "x"}, "-slo-ttft-ms: 0 is out of range; expected a value above 0 and up to 600000 ms"},
		{[]string{"build", "--slo-tps", "-1", "x"}, "-slo-tps: -1 is out of range"},
		{[]string{"build", "--slo-tps", "fast", "x"}, `-slo-tps: "fast" is not a decimal number`},
		{[]string{"build", "--think-s", "1_000", "x"}, `-think-s: "1_000" is not a decimal number`},
		{[]string{"build", "--think-s", "0x1p3", "x"}, `-think-s: "0x1p3" is not a decimal number`},
		{[]string{"build", "--interactivity", "0", "x"}, "-interactivity: 0 tok/s per user is no target; expected a value above 0 and up to 100000 tok/s (leave the flag out to use the TPS SLO)"},
		{[]string{"build", "--interactivity", "-0", "x"}, "-interactivity: 0 tok/s per user is no target"},
		{[]string{"build", "--interactivity", "-15", "x"}, "-interactivity: -15 is out of range; expected a value above 0 and up to 100000 tok/s"},
		{[]string{"build", "--interactivity", "100000.5", "x"}, "-interactivity: 100000.5 is out of range"},
		{[]string{"build", "--interactivity", "nan", "x"}, "-interactivity: NaN is not a number"},
		{[]string{"build", "--interactivity", "fast", "x"}, `-interactivity: "fast" is not a decimal number`},
		{[]string{"version", "extra"}, "version takes no arguments"},
		{[]string{"bogus"}, `unknown command "bogus"`},
	} {
		exit, stdout, stderr := runIn(t, "", tt.args...)
		if exit != 2 || stdout != "" || !strings.Contains(stderr, tt.want) || strings.Count(stderr, "\n") != 1 || strings.Contains(stderr, "strconv") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line with %q", tt.args, exit, stderr, tt.want)
		}
	}
}

// TestSourceDateEpochRange: a SOURCE_DATE_EPOCH past the year 9999 is a
// usage error, not an internal JSON error.
func TestSourceDateEpochRange(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"99999999999999", "-1", "x"} {
		_, err := buildTime(func(string) string { return v })
		if err == nil || !isUsage(err) {
			t.Errorf("SOURCE_DATE_EPOCH=%s: %v", v, err)
		}
	}
}

// TestVersion: version and --version print the version. Serial: it
// sets the package's version, which every build reads for its marker.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		exit, stdout, _ := runIn(t, "", args...)
		if exit != 0 || !strings.HasPrefix(stdout, "reportgen ") || strings.TrimSpace(stdout) == "reportgen" {
			t.Errorf("%v: exit %d, %q", args, exit, stdout)
		}
	}
	version = "v1.2.3"
	defer func() { version = "" }()
	if _, stdout, _ := runIn(t, "", "version"); stdout != "reportgen v1.2.3\n" {
		t.Errorf("with -X main.version: %q", stdout)
	}
}

// TestVersionFromBuildInfo: without a stamp, the version is the one the
// build recorded: the module's version (a tag, or go build's
// pseudo-version of the commit), else one made the same way of the
// commit and its time (go install from a checkout that records the
// commit but no version), else the commit alone; "devel" only when the
// build recorded nothing.
func TestVersionFromBuildInfo(t *testing.T) {
	t.Parallel()
	commit := []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "23e1f7a688ec875ef5b7a571e610d5140811feba"},
		{Key: "vcs.time", Value: "2026-12-01T14:26:34Z"}, {Key: "vcs.modified", Value: "false"}}
	dirty := slices.Clone(commit)
	dirty[3].Value = "true"
	for _, tt := range []struct {
		name  string
		stamp string
		bi    *debug.BuildInfo
		want  string
	}{
		{"stamped", "v1.2.3", &debug.BuildInfo{Main: debug.Module{Version: "v9.9.9"}}, "v1.2.3"},
		{"no build info", "", nil, "devel"},
		{"module version", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.4.0"}, Settings: commit}, "v0.4.0"},
		{"commit", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: commit}, "v0.0.0-20261201142634-23e1f7a688ec"},
		{"commit, uncommitted changes", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: dirty}, "v0.0.0-20261201142634-23e1f7a688ec+dirty"},
		{"commit without time", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: commit[:2]}, "devel-23e1f7a688ec"},
		{"nothing recorded", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "devel"},
	} {
		if got := versionOf(tt.stamp, tt.bi); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestFormatDrawsOnlyWhatItNeeds: --format pdf writes no chart files,
// md the PNGs it links, html the SVGs beside the page.
func TestFormatDrawsOnlyWhatItNeeds(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	reportFolder(t, filepath.Join(work, "r"))
	for _, tt := range []struct {
		format    string
		png, svg  bool
		reportExt string
	}{{"pdf", false, false, "pdf"}, {"md", true, false, "md"}, {"html", false, true, "html"}} {
		out := filepath.Join(work, "out-"+tt.format)
		if exit, _, stderr := runIn(t, work, "build", "--lang", "en", "--format", tt.format, "-o", out, "r"); exit != 0 {
			t.Fatal(stderr)
		}
		_, errPNG := os.Stat(filepath.Join(out, "r", "en", "charts", "01-ttft.png"))
		_, errSVG := os.Stat(filepath.Join(out, "r", "en", "charts", "01-ttft.svg"))
		if (errPNG == nil) != tt.png || (errSVG == nil) != tt.svg {
			t.Errorf("--format %s: png written %v, svg written %v", tt.format, errPNG == nil, errSVG == nil)
		}
		if _, err := os.Stat(filepath.Join(out, "r", "en", "report."+tt.reportExt)); err != nil {
			t.Error(err)
		}
	}
}

// TestAnomaliesSummarized: the samples' anomalies are one information
// line per report, not a list of alarms.
func TestAnomaliesSummarized(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	samples, _ := filepath.Abs("../../samples/kimi-k3-b300")
	exit, _, stderr := runIn(t, work, "build", "--lang", "en", "--format", "md", "-o", "out", samples)
	if exit != 0 {
		t.Fatal(stderr)
	}
	if strings.Contains(stderr, "warning:") || strings.Count(stderr, "\n") != 1 ||
		!regexp.MustCompile(`^reportgen: kimi-k3-b300: \d+ anomalies flagged in the report's data-quality notes \(\d+ [a-z0-9_]+(, \d+ [a-z0-9_]+)*\)\n$`).MatchString(stderr) {
		t.Errorf("stderr:\n%s", stderr)
	}
}

// TestInitWritesManifest: init lists every configuration found in a
// commented report.toml that builds as it is, and never overwrites one.
func TestInitWritesManifest(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	in := filepath.Join(work, "r")
	writeFile(t, filepath.Join(in, "vllm-direct.csv"), []byte(goodCSV))
	writeFile(t, filepath.Join(in, "sglang-spec.csv"), []byte(goodCSV))
	exit, stdout, stderr := runIn(t, work, "init", "r")
	if exit != 0 || !strings.Contains(stdout, "2 configuration(s) listed") {
		t.Fatalf("exit %d: %s %s", exit, stdout, stderr)
	}
	manifest, err := os.ReadFile(filepath.Join(in, "report.toml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"[[configs]]\nid = \"sglang-spec\"\n# sglang-spec.csv: llm-benchmark, 2 levels: c=1, 2\n",
		`# mode = "speculative"`, `# engine = "SGLang"`, "# think_s = 45", "# date = \"2026-08\""} {
		if !strings.Contains(string(manifest), want) {
			t.Errorf("manifest lacks %q:\n%s", want, manifest)
		}
	}
	if exit, _, stderr := runIn(t, work, "build", "--format", "md", "-o", "out", "r"); exit != 0 || strings.Contains(stderr, "warning") {
		t.Errorf("the manifest init wrote does not build cleanly: %s", stderr)
	}
	exit, _, stderr = runIn(t, work, "init", "r")
	if exit != 1 || !strings.Contains(stderr, "report.toml exists; init never overwrites a manifest") {
		t.Errorf("second init: exit %d, %s", exit, stderr)
	}
	if again, _ := os.ReadFile(filepath.Join(in, "report.toml")); string(again) != string(manifest) {
		t.Error("the manifest changed")
	}
}

// TestInitRunFolder: init in a folder of one configuration's runs lists
// the folder itself (path = "."), so that the manifest keeps it one
// configuration whose levels are its runs.
func TestInitRunFolder(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	in := filepath.Join(work, "run")
	one := `{"backend": "vllm", "max_concurrency": %d, "completed": 8, "failed": 0, "request_throughput": %d, "mean_ttft_ms": 50, "median_ttft_ms": 45, "mean_tpot_ms": 10, "median_tpot_ms": 10, "mean_e2el_ms": 400, "median_e2el_ms": 390}`
	for _, c := range []int{2, 4} {
		writeFile(t, filepath.Join(in, fmt.Sprintf("vllm-infqps-concurrency%d-opt.json", c)), []byte(fmt.Sprintf(one, c, 5*c)))
	}
	if exit, stdout, stderr := runIn(t, work, "init", "run"); exit != 0 || !strings.Contains(stdout, "1 configuration(s) listed") {
		t.Fatalf("exit %d: %s %s", exit, stdout, stderr)
	}
	manifest, _ := os.ReadFile(filepath.Join(in, "report.toml"))
	if want := "[[configs]]\nid = \"run\"\npath = \".\""; !strings.Contains(string(manifest), want) {
		t.Errorf("manifest lacks %q:\n%s", want, manifest)
	}
	exit, _, stderr := runIn(t, work, "build", "--format", "md", "-o", "out", "run")
	if exit != 0 {
		t.Fatalf("build: %s", stderr)
	}
	js, _ := os.ReadFile(filepath.Join(work, "out", "run", "analysis.json"))
	if !strings.Contains(string(js), `"id": "run"`) || strings.Count(string(js), `"load": `) < 2 {
		t.Errorf("analysis.json: want one config \"run\" with both levels")
	}
}

// TestNoTPSRequirement: --slo-tps 0 is "no TPS requirement", not
// "TPS ≥ 0 tok/s".
func TestNoTPSRequirement(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	reportFolder(t, filepath.Join(work, "r"))
	if exit, _, stderr := runIn(t, work, "build", "--lang", "en", "--format", "md", "--slo-tps", "0", "-o", "out", "r"); exit != 0 {
		t.Fatal(stderr)
	}
	md, _ := os.ReadFile(filepath.Join(work, "out", "r", "en", "report.md"))
	if !strings.Contains(string(md), "this report sets no TPS requirement") || strings.Contains(string(md), "≥ 0 tok/s") {
		t.Errorf("the report does not say there is no TPS requirement")
	}
}

// TestGlyphWarnings: characters the chart font cannot draw in a config
// name are named even without a PDF; right-to-left text in the PDF is
// warned of; control characters in a file name reach no report.
func TestGlyphWarnings(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	in := filepath.Join(work, "r")
	writeFile(t, filepath.Join(in, "vllm\x01x.csv"), []byte(goodCSV))
	writeFile(t, filepath.Join(in, "report.toml"), []byte("title = \"تقرير الأداء\"\n[[configs]]\nid = \"vllm\\u0001x\"\nname = \"直接 vLLM\"\n"))
	exit, _, stderr := runIn(t, work, "build", "--lang", "en", "--format", "md", "-o", "out", "r")
	if exit != 0 || !strings.Contains(stderr, `the chart font cannot draw "接" (U+63A5), "直" (U+76F4) in configuration names`) {
		t.Errorf("exit %d, stderr:\n%s", exit, stderr)
	}
	md, _ := os.ReadFile(filepath.Join(work, "out", "r", "en", "report.md"))
	if strings.ContainsRune(string(md), '\x01') {
		t.Error("a control character reached the Markdown")
	}
	exit, _, stderr = runIn(t, work, "build", "--lang", "en", "--format", "pdf", "-o", "out2", "r")
	if exit != 0 || !strings.Contains(stderr, "right-to-left text (Arabic, Hebrew, …) is drawn left to right in the PDF") {
		t.Errorf("exit %d, stderr:\n%s", exit, stderr)
	}
}

// TestInitFolderOfReports: init on a folder of reports writes one
// report.toml in each report folder that has none (a folder of reports
// inside it included), none at its top, keeps the manifests that exist,
// and the folder then builds as before; a second init writes nothing
// and says so.
func TestInitFolderOfReports(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	writeFile(t, filepath.Join(work, "s", "a", "vllm.csv"), []byte(goodCSV))
	writeFile(t, filepath.Join(work, "s", "a", "sglang.csv"), []byte(goodCSV))
	reportFolder(t, filepath.Join(work, "s", "b"))
	keptManifest, _ := os.ReadFile(filepath.Join(work, "s", "b", "report.toml"))
	writeFile(t, filepath.Join(work, "s", "pair", "before", "x.csv"), []byte(goodCSV))
	writeFile(t, filepath.Join(work, "s", "pair", "after", "x.csv"), []byte(goodCSV))
	exit, stdout, stderr := runIn(t, work, "init", "s")
	if exit != 0 {
		t.Fatalf("exit %d: %s%s", exit, stdout, stderr)
	}
	want := "s/a/report.toml: 2 configuration(s) listed; fill in the commented keys, then run reportgen build\n" +
		"s/b/report.toml exists; kept\n" +
		"s/pair/after/report.toml: 1 configuration(s) listed; fill in the commented keys, then run reportgen build\n" +
		"s/pair/before/report.toml: 1 configuration(s) listed; fill in the commented keys, then run reportgen build\n"
	if stdout != want {
		t.Errorf("stdout\n%s\nwant\n%s", stdout, want)
	}
	if _, err := os.Stat(filepath.Join(work, "s", "report.toml")); err == nil {
		t.Error("init wrote a report.toml at the top of the folder of reports")
	}
	if got, _ := os.ReadFile(filepath.Join(work, "s", "b", "report.toml")); string(got) != string(keptManifest) {
		t.Error("an existing manifest changed")
	}
	exit, stdout, stderr = runIn(t, work, "build", "--format", "md", "--lang", "en", "-o", "out", "s")
	if exit != 0 || strings.Count(stdout, "→") != 4 || strings.Contains(stderr, "warning") {
		t.Errorf("the folder does not build as four reports after init: exit %d\n%s%s", exit, stdout, stderr)
	}
	exit, _, stderr = runIn(t, work, "init", "s")
	if exit != 1 || !strings.Contains(stderr, "init: every report has a report.toml already; nothing written") {
		t.Errorf("second init: exit %d, %s", exit, stderr)
	}
}

// TestInitOneReportFails: in a folder of reports, a report init cannot
// survey fails alone, named, and the others are written.
func TestInitOneReportFails(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	writeFile(t, filepath.Join(work, "s", "a", "vllm.csv"), []byte(goodCSV))
	writeFile(t, filepath.Join(work, "s", "bad", "x\xff.csv"), []byte(goodCSV))
	exit, stdout, stderr := runIn(t, work, "init", "s")
	if exit != 1 || !strings.Contains(stdout, "s/a/report.toml: 1 configuration(s) listed") {
		t.Errorf("exit %d, stdout %q", exit, stdout)
	}
	for _, want := range []string{
		`reportgen: s/bad: "s/bad/x\xff.csv": its name is not valid UTF-8, which report.toml (a UTF-8 file) cannot hold as the configuration's id; rename it, then run init again` + "\n",
		"reportgen: init: 1 of 2 reports failed: s/bad\n",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(work, "s", "bad", "report.toml")); err == nil {
		t.Error("a manifest was written for a name TOML cannot hold")
	}
	// The same, given the report folder itself.
	exit, _, stderr = runIn(t, work, "init", "s/bad")
	if exit != 1 || !strings.Contains(stderr, `reportgen: "s/bad/x\xff.csv": its name is not valid UTF-8`) {
		t.Errorf("init s/bad: exit %d, %s", exit, stderr)
	}
}

// TestInitNamesTheFile: a configuration named by what its run files'
// names differ in (two runs at one load, no run token) whose name is not
// UTF-8 is refused naming that file, not its folder; a run file of a
// configuration folder, whose name never reaches report.toml (the id is
// the folder's), is not refused; init on a path that does not exist
// says "cannot read" with exit 2, as build does.
func TestInitNamesTheFile(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	run := func(c, ttft int) []byte {
		return fmt.Appendf(nil, `{"max_concurrency": %d, "completed": 8, "mean_ttft_ms": %d, "mean_tpot_ms": 8, "mean_e2el_ms": 900}`, c, ttft)
	}
	writeFile(t, filepath.Join(work, "parts", "ok.json"), run(2, 50))
	writeFile(t, filepath.Join(work, "parts", "\xff\xfe.json"), run(2, 60))
	exit, _, stderr := runIn(t, work, "init", "parts")
	if want := `reportgen: "parts/\xff\xfe.json": its name is not valid UTF-8, which report.toml (a UTF-8 file) cannot hold as the configuration's id; rename it, then run init again` + "\n"; exit != 1 || stderr != want {
		t.Errorf("init parts: exit %d, stderr %q; want 1, %q", exit, stderr, want)
	}
	writeFile(t, filepath.Join(work, "runs", "c2.json"), run(2, 50))
	writeFile(t, filepath.Join(work, "runs", "c4-\xff.json"), run(4, 60))
	if exit, stdout, stderr := runIn(t, work, "init", "runs"); exit != 0 || !strings.Contains(stdout, "runs/report.toml: 1 configuration(s) listed") {
		t.Errorf("init runs: exit %d, %s%s", exit, stdout, stderr)
	}
	exit, stdout, stderr := runIn(t, work, "init", "missing")
	if want := "reportgen: missing: cannot read: no such file or directory\n"; exit != 2 || stdout != "" || stderr != want {
		t.Errorf("init missing: exit %d, stderr %q; want 2, %q", exit, stderr, want)
	}
	if exit, _, bstderr := runIn(t, work, "build", "missing"); exit != 2 || bstderr != stderr {
		t.Errorf("build missing: exit %d, stderr %q; want init's %q", exit, bstderr, stderr)
	}
}

// TestInitEscapesNames: every name init writes into report.toml is
// escaped for TOML, whatever its characters: the file parses back, its
// ids are the names as they are (so that the manifest builds), and no
// line of it is live but the [[configs]] headers and their ids, so that
// a name can never inject a key. A name that cannot be read as a
// configuration appears only in comments, escaped too.
func TestInitEscapesNames(t *testing.T) {
	t.Parallel()
	names := []string{
		"x\nttft_ms = 1\n#", // a newline that would start a live key
		"q\"uote",           // ends a string
		`back\slash`,        // starts an escape
		"del\x7f",           // DEL, not allowed raw in TOML
		"bell\x07",          // another control character
		"cr\rx", "tab\tx",   // the short escapes
		"esc\x1b[31m", "nel\u0085",
		"bidi\u202ex", // a right-to-left override, shown escaped
		"Ölçüm ç",     // letters are written as they are
	}
	work := t.TempDir()
	in := filepath.Join(work, "r")
	for _, n := range names {
		writeFile(t, filepath.Join(in, n+".csv"), []byte(goodCSV))
	}
	// A configuration that cannot be read yet, whose error names a file
	// that is not UTF-8 and holds a line break: only in comments.
	writeFile(t, filepath.Join(in, "runs", "bad\xff\nttft_ms = 2\n.json"), []byte("{"))
	if exit, stdout, stderr := runIn(t, work, "init", "r"); exit != 0 || !strings.Contains(stdout, "12 configuration(s) listed, 1 of them not readable yet") {
		t.Fatalf("exit %d: %s%s", exit, stdout, stderr)
	}
	data, err := os.ReadFile(filepath.Join(in, "report.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if !utf8.Valid(data) {
		t.Error("report.toml is not UTF-8")
	}
	live := regexp.MustCompile(`^(\[\[configs\]\]|id = "[^"\\]*(\\.[^"\\]*)*")$`)
	for i, ln := range strings.Split(string(data), "\n") {
		if ln != "" && !strings.HasPrefix(ln, "#") && !live.MatchString(ln) {
			t.Errorf("report.toml:%d: live line %q", i+1, ln)
		}
		if strings.ContainsFunc(ln, func(r rune) bool { return r != '\t' && unicode.IsControl(r) }) {
			t.Errorf("report.toml:%d: a control character: %q", i+1, ln)
		}
	}
	var m map[string]any
	if _, err := toml.Decode(string(data), &m); err != nil {
		t.Fatalf("report.toml does not parse: %v\n%s", err, data)
	}
	var ids []string
	for _, c := range m["configs"].([]map[string]any) {
		for k := range c {
			if k != "id" {
				t.Errorf("config %q has a live key %q", c["id"], k)
			}
		}
		ids = append(ids, c["id"].(string))
	}
	if len(m) != 1 {
		t.Errorf("top-level keys %v; want configs alone", slices.Collect(maps.Keys(m)))
	}
	want := append(slices.Clone(names), "runs")
	slices.Sort(want)
	slices.Sort(ids)
	if !slices.Equal(ids, want) {
		t.Errorf("ids\n%q\nwant\n%q", ids, want)
	}
	if !strings.Contains(string(data), "#   r/runs/bad\\xff\n#   ttft_ms = 2\n") {
		t.Errorf("the unreadable run is not named, escaped, in a comment:\n%s", data)
	}
	// reportgen reads the manifest and finds every file's entry: the
	// build fails on the unreadable run alone.
	exit, _, stderr := runIn(t, work, "build", "--format", "md", "--lang", "en", "-o", "out", "r")
	if exit != 1 || !strings.Contains(stderr, ".json:1:2: invalid JSON") || strings.Contains(stderr, "report.toml") {
		t.Errorf("build: exit %d, stderr:\n%s", exit, stderr)
	}
}
