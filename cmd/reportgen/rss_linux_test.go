//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// benchRSS runs the reportgen binary, built from this package once,
// with args at every iteration, and reports as peak-RSS-MB the largest
// resident set of any run (getrusage's ru_maxrss, KB on Linux): the
// memory a user of the command sees, which the in-process B/op does not
// show (a garbage-collected heap grows to about twice what it keeps).
func benchRSS(b *testing.B, args ...string) {
	bin := filepath.Join(b.TempDir(), "reportgen")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	var peak int64
	for b.Loop() {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "SOURCE_DATE_EPOCH=1785542400")
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("reportgen %v: %v\n%s", args, err, out)
		}
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			peak = max(peak, ru.Maxrss)
		}
	}
	b.ReportMetric(float64(peak)/1024, "peak-RSS-MB")
}
