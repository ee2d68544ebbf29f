package outdir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheck: a destination may be replaced only when it is missing,
// empty, or marked and made of reportgen's files only; anything else is
// refused naming what is in the way.
func TestCheck(t *testing.T) {
	report := map[string]string{Marker: "reportgen test\n", "analysis.json": "{}", "en/report.md": "x", "en/charts/01-ttft.svg": "x", "compare.json": "{}"}
	for _, c := range []struct {
		name  string
		files map[string]string // "" for an empty folder
		link  string            // a symbolic link to add, relative
		want  string            // "" for replaceable
	}{
		{"missing", nil, "", ""},
		{"empty", map[string]string{}, "", ""},
		{"a report reportgen wrote", report, "", ""},
		{"a file the user added", with(report, "en/notes.txt"), "", "holds en/notes.txt, which reportgen did not write"},
		{"a chart name reportgen does not write", with(report, "en/charts/1-x.png"), "", "holds en/charts/1-x.png"},
		{"reportgen's layout without the marker", without(report, Marker), "", "exists and was not written by reportgen (it has no .reportgen file)"},
		{"a marker that is a link", without(report, Marker), Marker, "exists and was not written by reportgen"},
		{"a report file that is a link", without(report, "analysis.json"), "analysis.json", "holds analysis.json, which reportgen did not write"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dst := filepath.Join(t.TempDir(), "r")
			if c.files != nil {
				if err := os.Mkdir(dst, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for rel, data := range c.files {
				writeFile(t, filepath.Join(dst, filepath.FromSlash(rel)), []byte(data))
			}
			if c.link != "" {
				writeFile(t, dst+".target", nil)
				if err := os.Symlink(dst+".target", filepath.Join(dst, c.link)); err != nil {
					t.Skipf("symlink: %v", err)
				}
			}
			err := Check(dst, "out/r")
			if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), "out/r "+c.want)) {
				t.Errorf("Check: %v; want %q", err, c.want)
			}
		})
	}
	file := filepath.Join(t.TempDir(), "r")
	writeFile(t, file, []byte("x"))
	if err := Check(file, "out/r"); err == nil || !strings.Contains(err.Error(), "out/r exists and is not a folder") {
		t.Errorf("Check of a file: %v", err)
	}
}

// with is files plus rel.
func with(files map[string]string, rel string) map[string]string {
	out := map[string]string{rel: "x"}
	for k, v := range files {
		out[k] = v
	}
	return out
}

// without is files less rel.
func without(files map[string]string, rel string) map[string]string {
	out := map[string]string{}
	for k, v := range files {
		if k != rel {
			out[k] = v
		}
	}
	return out
}
