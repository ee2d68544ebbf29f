package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/openzeka/reportgen/internal/testutil"
)

// fixedEnv pins the build date, so that output is the same on every run.
func fixedEnv(key string) string {
	if key == "SOURCE_DATE_EPOCH" {
		return "1785542400" // 2026-08-01
	}
	return ""
}

// TestScripts runs each testdata/*.txtar case. The archive's comment
// holds the command line (after "reportgen") and optionally "exit N"
// (default 0), "absent PATH" lines naming files the run must not
// leave, and "json FILE KEY VALUE" lines: the value at the dotted KEY
// (list items by index: configs.0.levels.1.ttft_ms.mean) of the JSON
// file the run wrote must be VALUE (a number within 1e-6 relative, else
// the JSON text: null, true, "vllm"). The repository's samples/ is
// copied to the temp dir's samples/, and files under in/ are written
// there too; a path segment ending in ".zip" is packed into a ZIP
// archive. An in/ file whose first line is "fixture: REL" is the real
// result file REL under ../shared/fixtures (or, for REL starting with
// "ingest/testdata/", the repository's generated one), copied at test
// time, never into the project; its further lines "replace: OLD => NEW"
// edit the copy (the load of a second point). Every file under
// want/ is compared with the file of the same path the run produced;
// want/stdout and want/stderr with the program's output, with the temp
// dir written as $WORK and the repository's samples/ as $SAMPLES.
// -update rewrites the want/ files from the actual run. Each case runs
// reportgen as a process of its own in its temp dir (runIn), in
// parallel with the other cases and tests.
func TestScripts(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test cases: %v", err)
	}
	samples, err := filepath.Abs("../../samples")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			t.Parallel()
			runScript(t, file, samples)
		})
	}
}

// runScript runs the case in file, samples being the repository's
// samples/ folder.
func runScript(t *testing.T, file, samples string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	args, wantExit, absent, jsonChecks := parseComment(t, string(ar.Comment))
	work := t.TempDir()
	writeInputs(t, work, ar)
	if err := os.CopyFS(filepath.Join(work, "samples"), os.DirFS(samples)); err != nil {
		t.Fatal(err)
	}
	exit, stdout, stderr := runIn(t, work, args...)
	if exit != wantExit {
		t.Errorf("exit status %d, want %d\nstderr:\n%s", exit, wantExit, stderr)
	}
	for _, p := range absent {
		if _, err := os.Stat(filepath.Join(work, filepath.FromSlash(p))); err == nil {
			t.Errorf("%s exists; the case says it must not", p)
		}
	}
	for _, c := range jsonChecks {
		c.check(t, work)
	}
	clean := func(s string) []byte {
		return []byte(strings.ReplaceAll(strings.ReplaceAll(s, work, "$WORK"), samples, "$SAMPLES"))
	}
	compareWant(t, file, ar, work, clean(stdout), clean(stderr))
}

// compareWant compares each want/ file of the case's archive ar (read
// from file) with what the run in work produced, or under -update
// rewrites the archive with the files that differ.
func compareWant(t *testing.T, file string, ar *txtar.Archive, work string, stdout, stderr []byte) {
	t.Helper()
	changed := false
	for i, f := range ar.Files {
		rel, ok := strings.CutPrefix(f.Name, "want/")
		if !ok {
			continue
		}
		var got []byte
		switch rel {
		case "stdout":
			got = stdout
		case "stderr":
			got = stderr
		default:
			var err error
			got, err = os.ReadFile(filepath.Join(work, filepath.FromSlash(rel)))
			if err != nil {
				t.Errorf("%s: %v", rel, err)
				continue
			}
		}
		switch {
		case bytes.Equal(got, f.Data):
		case testutil.Update():
			ar.Files[i].Data = got
			changed = true
		default:
			t.Errorf("%s differs from %s (go test -update rewrites it; review the diff):\n%s", rel, file, testutil.Diff(f.Name, "got", f.Data, got))
		}
	}
	if changed {
		if err := os.WriteFile(filepath.Join(origDir, file), txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

var origDir, _ = os.Getwd()

func parseComment(t *testing.T, comment string) (args []string, exit int, absent []string, checks []jsonCheck) {
	t.Helper()
	for _, ln := range strings.Split(comment, "\n") {
		ln = strings.TrimSpace(ln)
		switch {
		case strings.HasPrefix(ln, "json "):
			f := strings.SplitN(ln, " ", 4) // VALUE is the rest: "vLLM bench serve"
			if len(f) != 4 || strings.TrimSpace(f[3]) == "" {
				t.Fatalf("bad json line %q; expected json FILE KEY VALUE", ln)
			}
			checks = append(checks, jsonCheck{file: f[1], key: f[2], want: strings.TrimSpace(f[3])})
		case ln == "" || strings.HasPrefix(ln, "#"):
		case strings.HasPrefix(ln, "reportgen"):
			args = strings.Fields(ln)[1:]
		case strings.HasPrefix(ln, "absent "):
			absent = append(absent, strings.TrimSpace(strings.TrimPrefix(ln, "absent ")))
		case strings.HasPrefix(ln, "exit "):
			n, err := strconv.Atoi(strings.TrimPrefix(ln, "exit "))
			if err != nil {
				t.Fatalf("bad exit line %q", ln)
			}
			exit = n
		default:
			t.Fatalf("unknown comment line %q", ln)
		}
	}
	if args == nil {
		t.Fatal("comment has no reportgen command line")
	}
	return args, exit, absent, checks
}

// jsonCheck is a "json FILE KEY VALUE" line of a case.
type jsonCheck struct{ file, key, want string }

func (c jsonCheck) check(t *testing.T, work string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(work, filepath.FromSlash(c.file)))
	if err != nil {
		t.Errorf("json %s: %v", c.file, err)
		return
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Errorf("json %s: %v", c.file, err)
		return
	}
	keys := strings.Split(c.key, ".")
	for i := 0; i < len(keys); i++ {
		k := keys[i]
		switch x := v.(type) {
		case map[string]any:
			// A key may hold dots itself ("ttft_ms.mean" in a spread):
			// the longest that the object has.
			found := false
			for j := len(keys); j > i; j-- {
				if w, ok := x[strings.Join(keys[i:j], ".")]; ok {
					v, i, found = w, j-1, true
					break
				}
			}
			if !found {
				t.Errorf("json %s %s: no key %q", c.file, c.key, k)
				return
			}
		case []any:
			n, err := strconv.Atoi(k)
			if err != nil || n < 0 || n >= len(x) {
				t.Errorf("json %s %s: %q is not an index of a list of %d", c.file, c.key, k, len(x))
				return
			}
			v = x[n]
		default:
			t.Errorf("json %s %s: %q below a value", c.file, c.key, k)
			return
		}
	}
	if want, err := strconv.ParseFloat(c.want, 64); err == nil {
		if got, ok := v.(float64); ok && math.Abs(got-want) <= 1e-6*math.Max(1, math.Abs(want)) {
			return
		}
	}
	got, _ := json.Marshal(v)
	if string(got) != c.want {
		t.Errorf("json %s %s = %s, want %s", c.file, c.key, got, c.want)
	}
}

// fixtureData is an in/ file's content: the file itself, or the
// fixture its "fixture: REL" first line names, edited by its
// "replace: OLD => NEW" lines.
func fixtureData(t *testing.T, data []byte) []byte {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	rel, ok := strings.CutPrefix(lines[0], "fixture: ")
	if !ok {
		return data
	}
	p := filepath.Join("..", "..", "..", "shared", "fixtures", filepath.FromSlash(rel))
	if strings.HasPrefix(rel, "ingest/testdata/") {
		p = filepath.Join("..", "..", filepath.FromSlash(rel))
	}
	out, err := os.ReadFile(filepath.Join(origDir, p))
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("fixture %s: %v", rel, err)
		}
		t.Skipf("fixture %s: %v", rel, err)
	}
	for _, ln := range lines[1:] {
		r, ok := strings.CutPrefix(ln, "replace: ")
		from, to, ok2 := strings.Cut(r, " => ")
		if !ok || !ok2 || !bytes.Contains(out, []byte(from)) {
			t.Fatalf("fixture %s: bad or unmatched line %q", rel, ln)
		}
		out = bytes.ReplaceAll(out, []byte(from), []byte(to))
	}
	return out
}

// writeInputs writes the archive's in/ files under work, packing any
// path segment that ends in ".zip" into an archive.
func writeInputs(t *testing.T, work string, ar *txtar.Archive) {
	t.Helper()
	zips := map[string]map[string][]byte{}
	for _, f := range ar.Files {
		rel, ok := strings.CutPrefix(f.Name, "in/")
		if !ok {
			continue
		}
		if i := strings.Index(rel, ".zip/"); i >= 0 {
			zp := "in/" + rel[:i+4]
			if zips[zp] == nil {
				zips[zp] = map[string][]byte{}
			}
			zips[zp][rel[i+5:]] = f.Data
			continue
		}
		writeFile(t, filepath.Join(work, "in", filepath.FromSlash(rel)), fixtureData(t, f.Data))
	}
	for zp, entries := range zips {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		names := make([]string, 0, len(entries))
		for n := range entries {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			w, err := zw.Create(n)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := w.Write(entries[n]); err != nil {
				t.Fatal(err)
			}
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(work, filepath.FromSlash(zp)), buf.Bytes())
	}
}

func writeFile(t *testing.T, p string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
