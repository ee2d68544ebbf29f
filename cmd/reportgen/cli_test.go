package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestHelpOnStdout: help asked for goes to stdout with exit 0, in every
// form; a help for no such command is a usage error.
func TestHelpOnStdout(t *testing.T) {
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
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"build", "--bogus", "x"}, "build: flag provided but not defined: -bogus"},
		{[]string{"build", "--think-s", "nan", "x"}, `invalid value "nan" for flag -think-s: NaN is not a number`},
		{[]string{"build", "--think-s", "1e30", "x"}, "-think-s: 1e+30 is out of range; expected a value from 0 to 3600 s"},
		{[]string{"build", "--think-s", "Inf", "x"}, "-think-s: +Inf is not a finite number"},
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
		if exit != 2 || stdout != "" || !strings.Contains(stderr, tt.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line with %q", tt.args, exit, stderr, tt.want)
		}
	}
}

// TestSourceDateEpochRange: a SOURCE_DATE_EPOCH past the year 9999 is a
// usage error, not an internal JSON error.
func TestSourceDateEpochRange(t *testing.T) {
	for _, v := range []string{"99999999999999", "-1", "x"} {
		_, err := buildTime(func(string) string { return v })
		if err == nil || !isUsage(err) {
			t.Errorf("SOURCE_DATE_EPOCH=%s: %v", v, err)
		}
	}
}

// TestVersion: version and --version print the version.
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

// TestFormatDrawsOnlyWhatItNeeds: --format pdf writes no chart files,
// md the PNGs it links, html the SVGs beside the page.
func TestFormatDrawsOnlyWhatItNeeds(t *testing.T) {
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
