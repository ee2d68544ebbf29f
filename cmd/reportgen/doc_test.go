package main

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/openzeka/reportgen/internal/testutil"
)

// docsDir is the manual, docs/ at the repository's root.
const docsDir = "../../docs"

// docPages are the manual's pages and the README, relative to the
// repository's root.
func docPages(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join(docsDir, "*.md"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no pages in %s: %v", docsDir, err)
	}
	for i, p := range pages {
		pages[i] = "docs/" + filepath.Base(p)
	}
	return append([]string{"README.md"}, pages...)
}

// readRoot reads file, a path relative to the repository's root.
func readRoot(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("../..", filepath.FromSlash(file)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// helpBlock matches a help block of the manual: the output of
// "reportgen help NAME" between its markers (NAME "reportgen" for the
// program's own help).
var helpBlock = regexp.MustCompile("(?s)<!-- help:([a-z]+) -->\n```\n(.*?)```\n<!-- /help:([a-z]+) -->")

// TestDocsHelp keeps the manual's copies of the help of reportgen and of
// each command equal to what the program prints: one block each, in any
// page of docs/. Under -update the blocks are rewritten from the program.
func TestDocsHelp(t *testing.T) {
	t.Parallel()
	want := map[string]string{}
	for name, args := range map[string][]string{
		"reportgen": {"help"}, "build": {"help", "build"}, "compare": {"help", "compare"}, "init": {"help", "init"},
	} {
		var out bytes.Buffer
		if err := run(context.Background(), &out, &out, args, fixedEnv); err != nil {
			t.Fatal(err)
		}
		want[name] = out.String()
	}
	seen := map[string][]string{}
	for _, page := range docPages(t)[1:] {
		text := readRoot(t, page)
		got := helpBlock.ReplaceAllStringFunc(text, func(block string) string {
			m := helpBlock.FindStringSubmatch(block)
			name := m[1]
			seen[name] = append(seen[name], page)
			switch w, known := want[name]; {
			case m[3] != name:
				t.Errorf("%s: help block %q ends as %q", page, name, m[3])
			case !known:
				t.Errorf("%s: help block %q is no command's help", page, name)
			case m[2] != w && !testutil.Update():
				t.Errorf("%s: the help of %q is stale (go test -update rewrites it):\n%s", page, name,
					testutil.Diff(page, "reportgen help", []byte(m[2]), []byte(w)))
			case known:
				return strings.Replace(block, m[2], w, 1)
			}
			return block
		})
		if testutil.Update() && got != text {
			if err := os.WriteFile(filepath.Join("../..", page), []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for name := range want {
		if len(seen[name]) != 1 {
			t.Errorf("the help of %q is in %v; want it in one page of docs/", name, seen[name])
		}
	}
}

// TestDocSynopsis holds the usage block of the package comment
// (doc.go) to the program's own help.
func TestDocSynopsis(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	_, usage, ok := strings.Cut(mainUsage, "Usage:\n")
	usage, _, _ = strings.Cut(usage, "\n\n")
	if !ok || usage == "" {
		t.Fatalf("mainUsage has no usage block:\n%s", mainUsage)
	}
	var block strings.Builder
	block.WriteString("// Usage:\n//\n")
	for line := range strings.SplitSeq(usage, "\n") {
		block.WriteString("//\t" + strings.TrimPrefix(line, "  ") + "\n")
	}
	block.WriteString("//\n")
	if !strings.Contains(string(src), block.String()) {
		t.Errorf("doc.go's usage is not the program's; it should read:\n%s", block.String())
	}
}

// TestREADMECommands checks the README's two commands exist in the
// Makefile and do what the README says (make test lints too).
func TestREADMECommands(t *testing.T) {
	t.Parallel()
	readme := readRoot(t, "README.md")
	mk := readRoot(t, "Makefile")
	for _, want := range []string{"make report", "make test"} {
		if !strings.Contains(readme, want) {
			t.Errorf("README.md does not show %q", want)
		}
	}
	for _, want := range []string{
		"report:\n\t$(GO) run ./cmd/reportgen build -o $(OUT) samples/",
		"test: check-deps lint\n\t$(GO) vet ./...\n\tset -o pipefail; $(GO) test -json ./... | $(GO) run ./.ci/testsum",
		"lint:\n\t$(GO) tool -modfile=tools/go.mod golangci-lint run ./...",
	} {
		if !strings.Contains(mk, want) {
			t.Errorf("Makefile lacks %q", want)
		}
	}
	if !strings.Contains(readRoot(t, ".ci/run"), "\nmake test\n") {
		t.Error(".ci/run does not run the README's test command")
	}
}

// mdLink is a Markdown link's target; fence a code block's fence.
var (
	mdLink = regexp.MustCompile(`\]\(([^()\s]+)\)`)
	fence  = regexp.MustCompile("^\\s*```")
)

// prose is a Markdown page without its code blocks and code spans,
// where a link is no link.
func prose(page string) string {
	var b strings.Builder
	in := false
	for line := range strings.SplitSeq(page, "\n") {
		if fence.MatchString(line) {
			in = !in
			continue
		}
		if in {
			continue
		}
		parts := strings.Split(line, "`")
		for i := 0; i < len(parts); i += 2 {
			b.WriteString(parts[i])
		}
		b.WriteString("\n")
	}
	return b.String()
}

// anchors are the ids GitHub gives a page's headings: lower case, with
// letters, digits, '-' and '_' kept, spaces as '-', everything else
// dropped, and "-1", "-2" … after a repeated one.
func anchors(page string) map[string]bool {
	out := map[string]bool{}
	in := false
	for line := range strings.SplitSeq(page, "\n") {
		if fence.MatchString(line) {
			in = !in
		}
		if in || !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var id strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case r == ' ':
				id.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				id.WriteRune(r)
			}
		}
		a := id.String()
		for n := 1; out[a]; n++ {
			a = fmt.Sprintf("%s-%d", id.String(), n)
		}
		out[a] = true
	}
	return out
}

// TestDocsLinks: every relative link of the README and of docs/ leads to
// a file or folder of the repository, and every #fragment to a heading
// of its page; the README links every page of docs/.
func TestDocsLinks(t *testing.T) {
	t.Parallel()
	links := 0
	linked := map[string]bool{}
	for _, page := range docPages(t) {
		text := readRoot(t, page)
		for _, m := range mdLink.FindAllStringSubmatch(prose(text), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			links++
			file, frag, _ := strings.Cut(target, "#")
			dest, destText := page, text
			if file != "" {
				dest = path.Join(path.Dir(page), file)
				linked[page+" "+dest] = true
				if _, err := os.Stat(filepath.Join("../..", filepath.FromSlash(dest))); err != nil || strings.HasPrefix(dest, "../") {
					t.Errorf("%s: the link %s leads to no file of the repository", page, target)
					continue
				}
				if frag != "" {
					destText = readRoot(t, dest)
				}
			}
			if frag != "" && (!strings.HasSuffix(dest, ".md") || !anchors(destText)[frag]) {
				t.Errorf("%s: the link %s leads to no heading of %s", page, target, dest)
			}
		}
	}
	if links == 0 {
		t.Error("no link found in the README and docs/")
	}
	for _, page := range docPages(t)[1:] {
		if !linked["README.md "+page] {
			t.Errorf("the README does not link %s", page)
		}
	}
}

// TestAnchors: the ids headings get, as GitHub makes them.
func TestAnchors(t *testing.T) {
	t.Parallel()
	got := anchors("# The manifest: `report.toml`\n## `analysis.json`\n```\n# not a heading\n```\n## Throughput per GPU and interactivity\n## A\n## A\n### Çıktı ve analiz")
	want := []string{"the-manifest-reporttoml", "analysisjson", "throughput-per-gpu-and-interactivity", "a", "a-1", "çıktı-ve-analiz"}
	if keys := slices.Sorted(maps.Keys(got)); !slices.Equal(keys, slices.Sorted(slices.Values(want))) {
		t.Errorf("anchors = %v, want %v", keys, want)
	}
}
