package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// asMainEnv, set to 1 in a process's environment, makes this test
// binary reportgen itself: TestMain calls main. runIn starts it so.
const asMainEnv = "REPORTGEN_TEST_AS_MAIN"

// TestMain runs the tests, then removes the sample build they shared;
// or, in a process runIn started, is reportgen.
func TestMain(m *testing.M) {
	if os.Getenv(asMainEnv) == "1" {
		main() // exits
	}
	code := m.Run()
	// The sample is built when a test asked for it, not for its removal
	// (go test -run X); a failed build is removed too.
	if sampleAsked.Load() {
		if dir, _ := sampleOnce(); dir != "" {
			if err := os.RemoveAll(filepath.Dir(dir)); err != nil {
				fmt.Fprintf(os.Stderr, "removing the sample build: %v\n", err)
			}
		}
	}
	os.Exit(code)
}

// runIn runs reportgen with args in dir, its working directory, and
// returns its exit status and output. Given a dir, reportgen runs as a
// process of its own (this test binary, made main by asMainEnv) in dir,
// so that tests that each need a working directory run in parallel:
// t.Chdir would change the one working directory of this process for
// every test. The process's environment pins SOURCE_DATE_EPOCH as
// fixedEnv does. Without a dir, run is called in this process, in its
// working directory (the package's folder, but in a test that changed
// it with t.Chdir, which must then be serial).
func runIn(t *testing.T, dir string, args ...string) (exit int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	if dir == "" {
		err := run(context.Background(), &o, &e, args, fixedEnv)
		if err != nil {
			fmt.Fprintf(&e, "reportgen: %v\n", err)
		}
		return exitCode(err), o.String(), e.String()
	}
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), asMainEnv+"=1", "SOURCE_DATE_EPOCH="+fixedEnv("SOURCE_DATE_EPOCH"), "PWD="+dir)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, &o, &e
	err = cmd.Run()
	var exitErr *exec.ExitError
	switch {
	case errors.As(err, &exitErr) && exitErr.Exited():
		exit = exitErr.ExitCode()
	case err != nil:
		t.Fatalf("reportgen %s: %v\nstderr:\n%s", strings.Join(args, " "), err, e.String())
	}
	return exit, o.String(), e.String()
}

// sampleOnce builds the sample once for the tests that read its output,
// which they share and must not change; sampleAsked says it ran.
var sampleOnce = sync.OnceValues(func() (string, error) {
	sampleAsked.Store(true)
	dir, err := os.MkdirTemp("", "reportgen-sample-")
	if err != nil {
		return "", err
	}
	err = run(context.Background(), io.Discard, io.Discard, []string{"build", "-o", dir, "../../samples/kimi-k3-b300"}, fixedEnv)
	return filepath.Join(dir, "kimi-k3-b300"), err
})

var sampleAsked atomic.Bool

// sampleDir is the sample's report folder as sampleOnce built it.
func sampleDir(t *testing.T) string {
	t.Helper()
	dir, err := sampleOnce()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}
