package pdf

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	// The -update flag is testutil's; every test package takes it, so
	// that go test ./... -update runs everywhere.
	_ "github.com/openzeka/reportgen/internal/testutil"
)

// parse parses src as reportgen's Markdown is parsed (GFM tables), but
// without render's tagger: a test tags the nodes it needs itself
// (mdast.SetKind).
func parse(tb testing.TB, src string) ast.Node {
	tb.Helper()
	md := goldmark.New(goldmark.WithExtensions(extension.Table))
	return md.Parser().Parse(text.NewReader([]byte(src)))
}

// testAssets are assets whose furniture bodyPages tells from the body
// in extracted text: the running header is "TITLE", the footer
// "PAGELABEL".
func testAssets() Assets {
	return Assets{
		Title:         "TITLE",
		ContentsTitle: "CONTENTS",
		PageLabel:     func(int, int) string { return "PAGELABEL" },
	}
}

// bodyPages writes src (tagged by tag, if not nil) with a and returns
// the text of its content pages (after the cover and the one contents
// page), one slice of non-blank lines per page, the running header and
// footer left out. It fails the test when a word of the content is
// drawn outside the margins (inMargins), and skips it without
// pdftotext.
func bodyPages(t *testing.T, src string, a Assets, tag func(root ast.Node)) [][]string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler) is not installed")
	}
	root := parse(t, src)
	if tag != nil {
		tag(root)
	}
	doc, err := Write(root, []byte(src), a)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(file, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	inMargins(t, pdftotext(t, "-bbox", file))
	pages := strings.Split(pdftotext(t, "-layout", file), "\f")
	pages = pages[:len(pages)-1] // the text ends in a form feed
	if len(pages) < 3 {
		t.Fatalf("%d pages, want a cover, contents and content", len(pages))
	}
	var body [][]string
	for _, p := range pages[2:] {
		var lines []string
		for _, ln := range strings.Split(p, "\n") {
			ln = strings.Join(strings.Fields(ln), " ")
			if ln == "" || ln == "TITLE" || ln == "PAGELABEL" {
				continue
			}
			lines = append(lines, ln)
		}
		body = append(body, lines)
	}
	return body
}

// lineTexts are the lines' words as text, a line's words joined by a
// space where the line has one.
func lineTexts(lines []textLine) []string {
	var out []string
	for _, line := range lines {
		var b strings.Builder
		for _, w := range line.words {
			if w.space > 0 {
				b.WriteByte(' ')
			}
			for _, p := range w.pieces {
				b.WriteString(p.text)
			}
		}
		out = append(out, b.String())
	}
	return out
}

// pdftotext is the text of file in mode ("-layout", "-bbox").
func pdftotext(t *testing.T, mode, file string) string {
	t.Helper()
	var out bytes.Buffer
	cmd := exec.Command("pdftotext", mode, file, "-")
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("pdftotext %s: %v", mode, err)
	}
	return out.String()
}

// bboxWord is a word of pdftotext -bbox: its box and text.
var bboxWord = regexp.MustCompile(`<word xMin="[0-9.]+" yMin="([0-9.]+)" xMax="[0-9.]+" yMax="([0-9.]+)">([^<]*)</word>`)

// inMargins fails t when a word of a content page (after the cover and
// the contents page) in pdftotext -bbox output, the running header and
// footer aside, lies above marginTop or below the bottom margin.
func inMargins(t *testing.T, bbox string) {
	t.Helper()
	for i, page := range strings.Split(bbox, "<page ")[1:] {
		if i < 2 {
			continue
		}
		for _, m := range bboxWord.FindAllStringSubmatch(page, -1) {
			top, _ := strconv.ParseFloat(m[1], 64)
			bottom, _ := strconv.ParseFloat(m[2], 64)
			if m[3] == "TITLE" || m[3] == "PAGELABEL" {
				continue
			}
			if top < marginTop || bottom > pageH-marginBot {
				t.Errorf("page %d: %q is drawn at %.1f–%.1f pt, outside the margins", i+1, m[3], top, bottom)
			}
		}
	}
}

// body is the style of running text outside the appendix.
func body() textStyle { return textStyle{size: bodySize, color: ink} }
