package manifestgen

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/openzeka/reportgen/ingest"
)

// TestTOMLString: a name is a TOML basic string that decodes to the
// name, with every control and format character escaped; a byte that is
// not UTF-8 (which init refuses before) becomes U+FFFD.
func TestTOMLString(t *testing.T) {
	for _, c := range []struct{ in, want, decoded string }{
		{`q"b\s`, `"q\"b\\s"`, `q"b\s`},
		{"a\nb\tc\rd", `"a\nb\tc\rd"`, "a\nb\tc\rd"},
		{"del\x7f bell\x07", `"del\u007F bell\u0007"`, "del\x7f bell\x07"},
		{"bidi\u202e ls\u2028 ps\u2029 zwj\u200d", `"bidi\u202E ls\u2028 ps\u2029 zwj\u200D"`, "bidi\u202e ls\u2028 ps\u2029 zwj\u200d"},
		{"Ölçüm ç", `"Ölçüm ç"`, "Ölçüm ç"},
		{"bad\xff", `"bad\uFFFD"`, "bad\uFFFD"},
		{"\uFFFD", `"` + "\uFFFD" + `"`, "\uFFFD"}, // a real U+FFFD is a letter like any other
	} {
		got := tomlString(c.in)
		if got != c.want {
			t.Errorf("tomlString(%q) = %s, want %s", c.in, got, c.want)
		}
		var v struct{ S string }
		if _, err := toml.Decode("s = "+got, &v); err != nil || v.S != c.decoded {
			t.Errorf("%s decodes to %q, %v; want %q", got, v.S, err, c.decoded)
		}
	}
}

// TestComment: what goes into a comment cannot end it nor hide in it:
// control and format characters and bytes that are not UTF-8 as Go
// escapes, the rest as it is.
func TestComment(t *testing.T) {
	for in, want := range map[string]string{
		"a\nttft_ms = 1": `a\nttft_ms = 1`,
		"x\x7f\xff":      `x\x7f\xff`,
		"bidi\u202ex":    `bidi\u202ex`,
		"Ölçüm \"q\"":    "Ölçüm \"q\"",
	} {
		if got := comment(in); got != want {
			t.Errorf("comment(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestLevelList: the load levels of a configuration, counted, the
// concurrencies and the request rates apart.
func TestLevelList(t *testing.T) {
	lv := func(c int, r float64) ingest.Level { return ingest.Level{Concurrency: c, Rate: r} }
	for _, c := range []struct {
		levels []ingest.Level
		want   string
	}{
		{[]ingest.Level{lv(8, 0)}, "1 level: c=8"},
		{[]ingest.Level{lv(1, 0), lv(2, 0), lv(4, 0)}, "3 levels: c=1, 2, 4"},
		{[]ingest.Level{lv(0, 1), lv(0, 2.5), lv(0, math.Inf(1))}, "3 levels: 1, 2.5, ∞ req/s"},
		{[]ingest.Level{lv(4, 0), lv(0, 4)}, "2 levels: c=4; 4 req/s"},
	} {
		if got := levelList(c.levels); got != c.want {
			t.Errorf("levelList = %q, want %q", got, c.want)
		}
	}
}

// TestTemplate: the manifest decodes as TOML with the ids alone live
// (the folder of runs that is the report also its path "."), dated, and
// what could not be read, with a hint for a run without concurrency, in
// comments.
func TestTemplate(t *testing.T) {
	dir := filepath.Join("in", "r")
	found := []ingest.Found{
		{ID: "vllm-direct", Path: filepath.Join(dir, "vllm-direct.csv"), Config: ingest.Config{Format: "vllm", Levels: []ingest.Level{{Concurrency: 1}, {Concurrency: 8}}}},
		{ID: "sglang-eagle", Path: filepath.Join(dir, "runs"), Err: fmt.Errorf("runs/a.json: %w", ingest.ErrNoConcurrency)},
		{ID: "r", Path: dir, Config: ingest.Config{Format: "guidellm", Levels: []ingest.Level{{Rate: 2}}}},
	}
	text := Template("r", dir, found, time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC))
	var m struct {
		Configs []map[string]any
	}
	md, err := toml.Decode(text, &m)
	if err != nil {
		t.Fatalf("the manifest does not decode: %v\n%s", err, text)
	}
	if len(md.Keys()) != 7 || len(m.Configs) != 3 || m.Configs[1]["id"] != "sglang-eagle" || m.Configs[2]["path"] != "." {
		t.Errorf("live keys %v, configs %v; want the three ids and one path", md.Keys(), m.Configs)
	}
	for _, want := range []string{
		"# report.toml: the manifest of the report folder \"r\", written by\n",
		`# date = "2026-08"`,
		"# vllm-direct.csv: vllm, 2 levels: c=1, 8\n",
		"# engine = \"vLLM\"", "# mode = \"speculative\"",
		"# runs could not be read yet:\n#   runs/a.json: the run states no concurrency",
		"# concurrency = 8",
		"path = \".\"",
		"# .: guidellm, 1 level: 2 req/s\n",
	} {
		if !strings.Contains(text, filepath.FromSlash(want)) {
			t.Errorf("the manifest lacks %q:\n%s", want, text)
		}
	}
}

// keyLine is a line of the template that sets a key or opens a table,
// commented out: "# think_s = 45 …", "# [slo]".
var keyLine = regexp.MustCompile(`^# (\[[a-z_.]+\].*|[a-z_]+ = .*)$`)

// TestTemplateReadsBack: init's template, every key uncommented, is a
// manifest the reader takes as it is: no unknown key, no value out of
// range, every configuration read (the one-run file without a
// concurrency given its load by the key the template offers).
func TestTemplateReadsBack(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "r")
	csv, err := os.ReadFile("../../samples/kimi-k3-b300/vllm-direct.csv")
	if err != nil {
		t.Fatal(err)
	}
	runs, err := os.ReadFile("../../samples/mixed-tools/vllm-direct.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	// One run of the JSON lines, its load (concurrency, request rate)
	// left out.
	run, _, _ := strings.Cut(string(runs), "\n")
	run = strings.NewReplacer(`"max_concurrency": 1, `, "", `"request_rate": "inf", `, "").Replace(run)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"vllm-direct.csv": csv, "vllm-one.json": []byte(run)} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	found, err := ingest.Survey(dir)
	if err != nil {
		t.Fatal(err)
	}
	text := Template("r", dir, found, time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC))
	var live strings.Builder
	keys := 0
	for line := range strings.SplitSeq(text, "\n") {
		if keyLine.MatchString(line) {
			line = strings.TrimPrefix(line, "# ")
			keys++
		}
		live.WriteString(line + "\n")
	}
	if !strings.Contains(text, "\n# concurrency = 8 ") || keys < 30 {
		t.Fatalf("%d keys uncommented, the concurrency among them? the template:\n%s", keys, text)
	}
	if err := os.WriteFile(filepath.Join(dir, ingest.ManifestName), []byte(live.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := ingest.Read(dir, ingest.ReadOptions{})
	if err != nil {
		t.Fatalf("the template with every key set: %v\n%s", err, live.String())
	}
	for _, w := range c.Warnings {
		if w.Kind == ingest.WarnUnknownKey || w.Kind == ingest.WarnUnknownSection || w.Kind == ingest.WarnUnknownLanguage {
			t.Errorf("the template with every key set: %v", w)
		}
	}
	if len(c.Configs) != 2 || c.Manifest.Cost.PricePerGPUHour == nil || c.Manifest.Hardware.GPUs == nil || c.Configs[1].Levels[0].Concurrency != 8 {
		t.Errorf("the template's keys were not all read: %d configs, [cost] %+v, [hardware] %+v", len(c.Configs), c.Manifest.Cost, c.Manifest.Hardware)
	}
}

// TestTemplateOfSeveralConfigurations: a folder whose run files are
// several configurations (two deployments at one load) is listed one
// entry per configuration, each with path "." and its id, and the
// manifest reads back each as its own: the folder is not read whole.
func TestTemplateOfSeveralConfigurations(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pd")
	runs, err := os.ReadFile("../../samples/mixed-tools/sglang-direct.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	run, _, _ := strings.Cut(string(runs), "\n")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"pd_1p1d_c1.jsonl", "pd_1p2d_c1.jsonl"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(run+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	found, err := ingest.Survey(dir)
	if err != nil {
		t.Fatal(err)
	}
	text := Template("pd", dir, found, time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC))
	if !strings.Contains(text, "id = \"1p1d\"\npath = \".\"                      # this folder holds several configurations: the id says which\n") {
		t.Fatalf("the template:\n%s", text)
	}
	if err := os.WriteFile(filepath.Join(dir, ingest.ManifestName), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := ingest.Read(dir, ingest.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Configs) != 2 || c.Configs[0].ID != "1p1d" || c.Configs[1].ID != "1p2d" || c.Configs[0].Levels[0].Repeats != nil {
		t.Errorf("configs %+v; want 1p1d and 1p2d, one run each", c.Configs)
	}
}
