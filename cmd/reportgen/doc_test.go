package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
)

// TestREADMEHelp keeps the README's copies of "reportgen build --help"
// and "reportgen compare --help" in step with the program.
func TestREADMEHelp(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"build", "compare"} {
		var out bytes.Buffer
		if err := run(context.Background(), &out, &out, []string{"help", cmd}, fixedEnv); err != nil {
			t.Fatal(err)
		}
		want := "<!-- help:" + cmd + " -->\n```\n" + out.String() + "```\n<!-- /help:" + cmd + " -->"
		if !strings.Contains(string(readme), want) {
			t.Errorf("README.md's %s help is stale; it should read:\n%s", cmd, want)
		}
	}
}

// TestREADMECommands checks the README's two commands exist in the
// Makefile and do what the README says (make test lints too).
func TestREADMECommands(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	mk, err := os.ReadFile("../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"make report", "make test"} {
		if !strings.Contains(string(readme), want) {
			t.Errorf("README.md does not show %q", want)
		}
	}
	for _, want := range []string{
		"report:\n\t$(GO) run ./cmd/reportgen build -o $(OUT) samples/",
		"test: check-deps lint\n\t$(GO) vet ./...\n\tset -o pipefail; $(GO) test -json ./... | $(GO) run ./.ci/testsum",
		"lint:\n\t$(GO) tool -modfile=tools/go.mod golangci-lint run ./...",
	} {
		if !strings.Contains(string(mk), want) {
			t.Errorf("Makefile lacks %q", want)
		}
	}
	ci, err := os.ReadFile("../../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(ci), "\nmake test\n") {
		t.Error(".ci/run does not run the README's test command")
	}
}
