//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// asNobody runs f as the user nobody when the test runs as root, which
// reads any folder whatever its permissions (chmod 000 stops no root),
// so that a folder's permissions really deny: the effective user id of
// the whole process is nobody's for the while (Linux sets it on every
// thread). The folders from dir up to the temp folder are opened to
// nobody, and dir made writable, for the while. Not root, f runs as is.
func asNobody(t *testing.T, dir string, f func()) {
	t.Helper()
	if os.Geteuid() != 0 {
		f()
		return
	}
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	for p := filepath.Dir(dir); strings.HasPrefix(p, os.TempDir()+string(filepath.Separator)); p = filepath.Dir(p) {
		if err := os.Chmod(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	const nobody = 65534
	if err := syscall.Setresuid(-1, nobody, -1); err != nil {
		t.Skipf("cannot drop root to test permissions: %v", err)
	}
	defer func() {
		if err := syscall.Setresuid(-1, 0, -1); err != nil {
			panic("cannot restore root: " + err.Error())
		}
	}()
	f()
}

// TestUnreadableFolderFailsOnlyItsReport: in a folder of reports, a
// report folder that cannot be read, and a configuration's folder that
// cannot be read inside another report, fail their own report, each
// message naming the folder denied (not a summary.json inside it that
// may not exist); the other reports build.
func TestUnreadableFolderFailsOnlyItsReport(t *testing.T) {
	work := t.TempDir()
	run1 := `{"backend": "vllm", "max_concurrency": %d, "completed": 8, "failed": 0, "request_throughput": 5, "mean_ttft_ms": 50, "median_ttft_ms": 45, "mean_tpot_ms": 10, "median_tpot_ms": 10, "mean_e2el_ms": 400, "median_e2el_ms": 390}`
	writeFile(t, filepath.Join(work, "s", "ok", "vllm.csv"), []byte(goodCSV))
	writeFile(t, filepath.Join(work, "s", "locked", "vllm.csv"), []byte(goodCSV))
	for _, cfg := range []string{"runs-a", "runs-b"} {
		for _, c := range []string{"1", "2"} {
			writeFile(t, filepath.Join(work, "s", "r", cfg, "c"+c+".json"), []byte(strings.Replace(run1, "%d", c, 1)))
		}
	}
	for _, d := range []string{"s/locked", "s/r/runs-b"} {
		p := filepath.Join(work, filepath.FromSlash(d))
		if err := os.Chmod(p, 0); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.Chmod(p, 0o755) })
	}
	// Serial, and in this process: asNobody changes the user of the
	// whole process, which no other test may run under, and nobody
	// could not start this test binary (runIn with a dir) from its
	// root-only build folder. So run is called here, in work.
	t.Chdir(work)
	var exit int
	var stdout, stderr string
	asNobody(t, work, func() {
		exit, stdout, stderr = runIn(t, "", "build", "--format", "md", "--lang", "en", "-o", "out", "s")
	})
	if exit != 1 || stdout != "s/ok → out/ok\n" {
		t.Errorf("exit %d, stdout %q; want exit 1 and the readable report built", exit, stdout)
	}
	for _, want := range []string{
		"reportgen: locked: s/locked: cannot read: permission denied\n",
		"reportgen: r: s/r/runs-b: cannot read: permission denied\n",
		"reportgen: 2 of 3 reports failed: locked, r\n",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "summary.json") {
		t.Errorf("stderr names a file that is not there:\n%s", stderr)
	}
}
