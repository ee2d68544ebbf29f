//go:build unix

package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHostileResultFilesFailFast: a FIFO or a link to /dev/zero as a
// result file fails the report at once (no hang, no unbounded read).
func TestHostileResultFilesFailFast(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		make func(p string) error
	}{
		{"fifo", func(p string) error { return syscall.Mkfifo(p, 0o644) }},
		{"devzero", func(p string) error { return os.Symlink("/dev/zero", p) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			work := t.TempDir()
			in := filepath.Join(work, "r")
			writeFile(t, filepath.Join(in, "ok.csv"), []byte(goodCSV))
			if err := c.make(filepath.Join(in, "bad.json")); err != nil {
				t.Skip(err)
			}
			done := make(chan int, 1)
			var stderr bytes.Buffer
			go func() {
				err := run(context.Background(), io.Discard, &stderr, []string{"build", "--format", "md", "-o", filepath.Join(work, "out"), in}, fixedEnv)
				if err != nil {
					done <- 1
					return
				}
				done <- 0
			}()
			select {
			case code := <-done:
				if code == 0 || !strings.Contains(stderr.String(), "bad.json") {
					t.Errorf("exit %d, stderr %s", code, stderr.String())
				}
			case <-time.After(20 * time.Second):
				t.Fatal("the build hangs on a " + c.name)
			}
		})
	}
}
