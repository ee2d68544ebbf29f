package ingest

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTree creates files (path → content) under a new temp dir.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, content := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestReadFolderConfigForms(t *testing.T) {
	csv := compactHeader + "\n" + compactRow
	dir := writeTree(t, map[string]string{
		"run/vllm-direct.csv":                csv,
		"run/sglang-eagle/Kimi-K3-table.csv": csv,
		"run/sglang-eagle/Kimi-K3-TTFT.png":  "png",
		"run/trtllm-mtp.zip":                 string(makeZip(t, "Kimi-K3-table.csv", csv)),
		"run/notes/readme.txt":               "not a config",
		"run/.hidden.csv":                    "ignored",
	})
	c, err := Read(filepath.Join(dir, "run"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, cfg := range c.Configs {
		ids = append(ids, cfg.ID)
	}
	if got := strings.Join(ids, " "); got != "sglang-eagle trtllm-mtp vllm-direct" {
		t.Errorf("configs = %q", got)
	}
	if c.Name != "run" || c.Manifest != nil {
		t.Errorf("campaign = %+v", c)
	}
}

func TestReadFolderManifestOrder(t *testing.T) {
	csv := compactHeader + "\n" + compactRow
	dir := writeTree(t, map[string]string{
		"report.toml": `title = { tr = "Başlık", en = "Title" }
date = "2026-07"
[[configs]]
id = "b"
name = "B config"
mode = "speculative"
[[configs]]
id = "a"
path = "data/a-export"
`,
		"b.csv":                         csv,
		"data/a-export/model-table.csv": csv,
	})
	c, err := Read(dir, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Configs) != 2 || c.Configs[0].ID != "b" || c.Configs[1].ID != "a" {
		t.Fatalf("configs = %+v", c.Configs)
	}
	if c.Manifest.Title["tr"] != "Başlık" || c.Manifest.Configs[0].Mode != "speculative" {
		t.Errorf("manifest = %+v", c.Manifest)
	}
}

func TestReadFolderErrors(t *testing.T) {
	csv := compactHeader + "\n" + compactRow
	tests := []struct {
		name  string
		files map[string]string
		want  string // suffix after the temp dir
	}{
		{"no config", map[string]string{"report.toml": "title = \"x\"\n"}, ": no configuration found; expected result files (.csv, .json, .jsonl, .zip), llm-benchmark export folders (holding a *-table.csv), or folders of run files"},
		{"toml syntax", map[string]string{"report.toml": "title = \"x\"\n[slo\nttft_ms = 1\n", "a.csv": csv}, "report.toml:2:5: expected '.' or ']' to end table name, but got '\\n' instead"},
		{"toml type", map[string]string{"report.toml": "think_s = \"long\"\n", "a.csv": csv}, `report.toml:1:1: think_s: found text; expected a number`},
		{"config without file", map[string]string{"report.toml": "[[configs]]\nid = \"a\"\n[[configs]]\nid = \"b\"\n", "a.csv": csv},
			`report.toml: config "b" has no file: expected b.csv, b.zip, b.json(l) or a folder b/ of results`},
		{"file without config", map[string]string{"report.toml": "[[configs]]\nid = \"a\"\n", "a.csv": csv, "b.csv": csv},
			`report.toml: <dir>/b.csv has no [[configs]] entry with id = "b"; add one, or move the file out of the report folder`},
		{"path escapes", map[string]string{"report.toml": "[[configs]]\nid = \"a\"\npath = \"../a.csv\"\n", "a.csv": csv},
			`report.toml:3:1: configs[0].path "../a.csv": expected a path inside the report folder`},
		{"absolute path", map[string]string{"report.toml": "[[configs]]\nid = \"a\"\npath = \"/etc/passwd\"\n", "a.csv": csv},
			`report.toml:3:1: configs[0].path "/etc/passwd": expected a path inside the report folder`},
		{"logo not an image", map[string]string{"report.toml": "logo = \"logo.svg\"\n", "a.csv": csv}, `report.toml:1:1: logo "logo.svg": expected a .png or .jpg file`},
		{"logo escapes", map[string]string{"report.toml": "logo = \"../logo.png\"\n", "a.csv": csv}, `report.toml:1:1: logo "../logo.png": expected a path inside the report folder`},
		{"bad mode", map[string]string{"report.toml": "[[configs]]\nid = \"a\"\nmode = \"fast\"\n", "a.csv": csv}, `report.toml:3:1: configs[0] (a): mode "fast": expected "direct" or "speculative"`},
		{"duplicate id", map[string]string{"report.toml": "[[configs]]\nid = \"a\"\n[[configs]]\nid = \"a\"\n", "a.csv": csv}, `report.toml:4:1: configs[1]: id "a" is listed twice (also configs[0])`},
		{"missing id", map[string]string{"report.toml": "[[configs]]\nname = \"a\"\n", "a.csv": csv}, `report.toml: configs[0]: id is missing; expected the config's file or folder name without extension`},
		{"bad date", map[string]string{"report.toml": "date = \"July 2026\"\n", "a.csv": csv}, `report.toml:1:1: date "July 2026": expected YYYY-MM or YYYY-MM-DD`},
		{"bad percentile", map[string]string{"report.toml": "[slo]\npercentile = \"p95\"\n", "a.csv": csv}, `report.toml:2:1: slo.percentile "p95": expected "p90" or "mean"`},
		{"negative think", map[string]string{"report.toml": "think_s = -4\n", "a.csv": csv}, `report.toml:1:1: think_s: -4 is out of range; expected a value from 0 to 3600 s`},
		{"same id twice", map[string]string{"a.csv": csv, "a.zip": string(makeZip(t, "m-table.csv", csv))}, `<dir>/a.csv and <dir>/a.zip: both give configuration "a"; keep one`},
		{"two tables in a folder", map[string]string{"a/x-table.csv": csv, "a/y-table.csv": csv, "b.csv": csv}, "/a: folder holds 2 *-table.csv files; expected exactly one"},
		{"bad csv", map[string]string{"a.csv": compactHeader + "\n1,2\n"}, "/a.csv:2:1: row has 2 fields, the header has 10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeTree(t, tt.files)
			_, err := Read(dir, ReadOptions{})
			if err == nil {
				t.Fatalf("no error; want %q", tt.want)
			}
			got := strings.ReplaceAll(err.Error(), dir, "<dir>")
			want := strings.ReplaceAll(tt.want, "<dir>", "<dir>")
			if !strings.HasSuffix(got, want) && !strings.HasSuffix(got, strings.TrimPrefix(want, "/")) {
				t.Errorf("error\n got %q\nwant …%q", got, want)
			}
			var e *Error
			if !errors.As(err, &e) && !strings.Contains(tt.name, "same id") {
				t.Errorf("error %v carries no position", err)
			}
		})
	}
}

func TestDiscover(t *testing.T) {
	csv := compactHeader + "\n" + compactRow
	dir := writeTree(t, map[string]string{
		"r1/a.csv":       csv,
		"r2/report.toml": "",
		"r2/b.csv":       csv,
		"_skip/c.csv":    csv,
		".git/config":    "",
	})
	got, _, err := Discover(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || filepath.Base(got[0].Dir) != "r1" || filepath.Base(got[1].Dir) != "r2" {
		t.Errorf("Discover(folder of reports) = %v", got)
	}
	got, _, err = Discover(filepath.Join(dir, "r1"))
	if err != nil || len(got) != 1 || filepath.Base(got[0].Dir) != "r1" {
		t.Errorf("Discover(report folder) = %v, %v", got, err)
	}
	if _, _, err := Discover(filepath.Join(dir, "missing")); err == nil {
		t.Error("Discover(missing) gave no error")
	}
	empty := t.TempDir()
	if _, _, err := Discover(empty); err == nil || !strings.Contains(err.Error(), "no report found") {
		t.Errorf("Discover(empty) = %v", err)
	}
}

func FuzzReadManifest(f *testing.F) {
	addSeeds(f, "FuzzReadManifest")
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _, err := readManifest("f.toml", data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Pos.File != "f.toml" {
				t.Fatalf("error without a position: %v", err)
			}
		}
	})
}
