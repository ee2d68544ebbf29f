package pdf

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"

	"github.com/openzeka/reportgen/render/mdast"
)

// exactly is the top from which a block of height need, laid out
// after a space of before, ends exactly at the bottom of the page in
// floating point (or the nearest top above), so that a boundary test
// gives the block exactly its room.
func exactly(l *layout, before, need float64) float64 {
	y := l.bottom() - need - before
	for range 64 {
		switch end := (y + before) + need; {
		case end < l.bottom():
			y = math.Nextafter(y, math.Inf(1))
		case end > l.bottom():
			y = math.Nextafter(y, math.Inf(-1))
		default:
			return y
		}
	}
	return y
}

// TestHeadingKeepsWithNext: a heading goes to the next page unless it
// and the first two lines of what follows fit; at exactly that room it
// stays.
func TestHeadingKeepsWithNext(t *testing.T) {
	t.Parallel()
	src := "### Keep me\n\n" + sentence + "\n"
	root := parse(t, src)
	size, before, after := headingStyle(3)
	for _, tt := range []struct {
		spare float64 // room beyond the heading and two lines
		page  int     // the heading's page
	}{{0.01, 0}, {0, 0}, {-0.01, 1}} {
		l := newLayout(measuring(t).pdf, []byte(src), nil, nil)
		need := size*1.3 + after + l.minHeight(root.FirstChild().NextSibling())
		l.y = exactly(l, before, need) - tt.spare
		l.blocks(root.FirstChild())
		if got := l.headings[0].page; got != tt.page {
			t.Errorf("%.2f pt to spare: the heading is on page %d, want %d", tt.spare, got, tt.page)
		}
		if tt.page == 1 && len(l.pages[0]) != 0 {
			t.Errorf("%.2f pt to spare: the heading moved, but something was drawn before it", tt.spare)
		}
	}
}

// TestChapterNeedsRoom: a chapter's heading (level 2) goes to the next
// page unless chapterMin of the page's body is left for it, even where
// it and its first lines would fit; at exactly that room it stays.
func TestChapterNeedsRoom(t *testing.T) {
	t.Parallel()
	src := "## A chapter\n\n" + sentence + "\n"
	root := parse(t, src)
	_, before, _ := headingStyle(2)
	for _, tt := range []struct {
		spare float64 // room beyond chapterMin of the body
		page  int     // the heading's page
	}{{0.01, 0}, {0, 0}, {-0.01, 1}} {
		l := newLayout(measuring(t).pdf, []byte(src), nil, nil)
		room := chapterMin * (l.bottom() - marginTop)
		// The lowest top at which the room fits, in floating point.
		y := exactly(l, before, room)
		for (y+before)+room > l.bottom() {
			y = math.Nextafter(y, math.Inf(-1))
		}
		l.y = y - tt.spare
		l.blocks(root.FirstChild())
		if got := l.headings[0].page; got != tt.page {
			t.Errorf("%.2f pt to spare: the chapter's heading is on page %d, want %d", tt.spare, got, tt.page)
		}
	}
}

// TestLabelKeepsWithNext: a paragraph tagged mdast.Label (a table's
// title), one that ends in a colon, or a single line before a table
// keeps with the start of the table after it, at exactly its room and
// no less; a longer paragraph does not.
func TestLabelKeepsWithNext(t *testing.T) {
	t.Parallel()
	const table = "\n\n| A | B |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n"
	for _, tt := range []struct {
		src   string
		label bool
		spare float64 // room beyond the label and the table's start
		moved bool
	}{
		{"**Scores**" + table, true, 0.01, false},
		{"**Scores**" + table, true, 0, false},
		{"**Scores**" + table, true, -0.01, true},
		{"The scores:" + table, false, -0.01, true},
		{"The scores:" + table, false, 0, false},
		{"The scores." + table, false, -0.01, true}, // one line: "Source: …" above data
		{sentence + " " + sentence + table, false, -0.01, false},
	} {
		src := tt.src
		root := parse(t, src)
		if tt.label {
			mdast.SetKind(root.FirstChild(), mdast.Label)
		}
		l := newLayout(measuring(t).pdf, []byte(src), nil, nil)
		need := bodySize*1.42 + 6 + l.minHeight(root.FirstChild().NextSibling())
		l.y = exactly(l, 0, need) - tt.spare
		l.blocks(root.FirstChild())
		if moved := len(l.pages[0]) == 0; moved != tt.moved {
			t.Errorf("%q, label %v, %.2f pt to spare: moved %v, want %v", tt.src[:strings.Index(tt.src, "\n")], tt.label, tt.spare, moved, tt.moved)
		}
	}
}

// keepDoc is n lines of filler, then a heading and its paragraph, a
// heading directly followed by a subheading, and a label before a
// table.
func keepDoc(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "Filler %d.\n\n", i)
	}
	b.WriteString("### HEADING ONE\n\nText after the heading, two lines of it once wrapped: " + sentence + "\n\n")
	b.WriteString("### HEADING TWO\n\n#### HEADING THREE\n\n" + sentence + "\n\n")
	b.WriteString("**LABEL:**\n\n| Config | Users |\n|---|---|\n| first | 1 |\n| second | 2 |\n| third | 3 |\n")
	return b.String()
}

// TestNothingAloneAtPageBottom: wherever the page break falls (filler
// of 0 to 45 lines before them), a heading or a label is never the last
// thing on a page, and each is followed on its page by what it
// introduces. (A heading directly followed by a subheading:
// TestHeadingRunKeepsTogether.)
func TestNothingAloneAtPageBottom(t *testing.T) {
	t.Parallel()
	a := testAssets()
	moved := map[string]bool{}
	for n := 0; n <= 45; n++ {
		src := keepDoc(n)
		pages := bodyPages(t, src, a, tagLabel(src))
		checkPageEnds(t, n, pages, moved)
		checkIntroductions(t, n, pages)
	}
	// The filler put each at the top of a page at least once: the
	// sweep crossed every break the test is about. (HEADING THREE moves
	// with HEADING TWO, the heading it follows.)
	for _, top := range []string{"HEADING ONE", "HEADING TWO", "LABEL:"} {
		if !moved[top] {
			t.Errorf("%q never began a page: the sweep missed its break", top)
		}
	}
}

// tagLabel tags keepDoc's "LABEL:" paragraph of src as mdast.Label, as
// render tags a table's title: untagged, it is an ordinary paragraph,
// free to end a page.
func tagLabel(src string) func(root ast.Node) {
	return func(root ast.Node) {
		for c := root.FirstChild(); c != nil; c = c.NextSibling() {
			if p, ok := c.(*ast.Paragraph); ok && strings.HasPrefix(mdast.PlainText(p, []byte(src)), "LABEL") {
				mdast.SetKind(p, mdast.Label)
			}
		}
	}
}

// checkPageEnds fails t when a page of keepDoc(n) is empty or ends in a
// heading, a label or a table's header row, and records in moved the
// line each page after the first begins with, so that the caller can
// tell whether the sweep pushed each of them to a page top.
func checkPageEnds(t *testing.T, n int, pages [][]string, moved map[string]bool) {
	t.Helper()
	for i, lines := range pages {
		if len(lines) == 0 {
			t.Errorf("filler %d: page %d is empty", n, i)
			continue
		}
		last := lines[len(lines)-1]
		if last == "HEADING ONE" || last == "HEADING TWO" || last == "HEADING THREE" || last == "LABEL:" || last == "Config Users" {
			t.Errorf("filler %d: page %d ends in %q", n, i, last)
		}
		if i > 0 {
			moved[lines[0]] = true
		}
	}
}

// checkIntroductions fails t when a heading or the label of keepDoc(n)
// is not followed on its page by what it introduces: the start of its
// text, or the table's header row.
func checkIntroductions(t *testing.T, n int, pages [][]string) {
	t.Helper()
	for _, want := range []struct{ intro, next string }{
		{"HEADING ONE", "Text after"}, {"HEADING THREE", "The layout engine"}, {"LABEL:", "Config Users"},
	} {
		for _, lines := range pages {
			for j, ln := range lines {
				if ln == want.intro && (j+1 == len(lines) || !strings.HasPrefix(lines[j+1], want.next)) {
					t.Errorf("filler %d: %q is not followed by %q on its page", n, want.intro, want.next)
				}
			}
		}
	}
}

// TestHeadingRunKeepsTogether: a heading directly followed by a
// subheading keeps with it and with the start of its text, whatever
// falls before them ("4. Results" was once left alone at the bottom of
// rate-sweep's English page 6: minHeight counted the subheading without
// the space laid out before it).
func TestHeadingRunKeepsTogether(t *testing.T) {
	t.Parallel()
	for n := 0; n <= 45; n++ {
		for i, lines := range bodyPages(t, keepDoc(n), testAssets(), nil) {
			if len(lines) > 0 && lines[len(lines)-1] == "HEADING TWO" {
				t.Errorf("filler %d: page %d ends in %q", n, i, "HEADING TWO")
			}
		}
	}
}

// TestCoverMarkAndFooter: the mark stands on the cover above the title,
// and the footer's middle on every later page, cut with an ellipsis
// when it would reach the date or the page label.
func TestCoverMarkAndFooter(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler) is not installed")
	}
	for _, tt := range []struct{ footer, want string }{
		{"ACME · CONFIDENTIAL", "ACME · CONFIDENTIAL"},
		{strings.Repeat("LONGCOMPANY ", 30), "…"},
	} {
		a := testAssets()
		a.Mark, a.Footer, a.DateText = "MARKTEXT", tt.footer, "DATETEXT"
		src := "## Heading\n\nSome text.\n"
		doc, err := Write(parse(t, src), []byte(src), a)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), "doc.pdf")
		if err := os.WriteFile(file, doc, 0o644); err != nil {
			t.Fatal(err)
		}
		pages := strings.Split(pdftotext(t, "-layout", file), "\f")
		cover := pages[0]
		if m, ti := strings.Index(cover, "MARKTEXT"), strings.Index(cover, "TITLE"); m < 0 || ti < m {
			t.Errorf("the cover does not show the mark above the title:\n%s", cover)
		}
		for i, p := range pages[1:3] {
			var foot string
			for _, ln := range strings.Split(p, "\n") {
				if strings.Contains(ln, "PAGELABEL") {
					foot = ln
				}
			}
			if !strings.Contains(foot, "DATETEXT") || !strings.Contains(foot, tt.want) {
				t.Errorf("footer %q: page %d's footer reads %q", tt.footer, i+2, foot)
			}
		}
	}
}

// TestPageBefore: a level-2 heading PageBefore picks starts a page; the
// others follow on.
func TestPageBefore(t *testing.T) {
	t.Parallel()
	src := "## One\n\nSome text.\n\n## Two\n\nMore text.\n\n## Appendix A: Data\n\nThe data.\n"
	a := testAssets()
	a.PageBefore = func(title string) bool { return strings.HasPrefix(title, "Appendix A:") }
	pages := bodyPages(t, src, a, nil)
	if len(pages) != 2 || pages[1][0] != "Appendix A: Data" || !slices.Contains(pages[0], "Two") {
		t.Errorf("pages %q: want One and Two on the first, the appendix starting the second", pages)
	}
}

// TestShortIntroKeepsWithTable: a heading whose first paragraph is short
// (shortIntroLines at most) before a table keeps with the table's start
// as well, at exactly that room and no less: "4.9 Head-to-Head
// Scorecard" and its introduction once ended mixed-tools' page 10, the
// table on page 11. A longer paragraph keeps only two of its lines.
func TestShortIntroKeepsWithTable(t *testing.T) {
	table := "\n| Config | Users |\n|---|---:|\n| a | 1 |\n| b | 2 |\n"
	for _, tc := range []struct {
		name  string
		intro string
		table bool // the table's start counts in what must fit
	}{
		{"three lines", sentence, true},
		{"five lines", sentence + " " + sentence, false},
	} {
		src := "### Keep me\n\n" + tc.intro + "\n" + table
		root := parse(t, src)
		l := newLayout(measuring(t).pdf, []byte(src), nil, nil)
		p := root.FirstChild().NextSibling().(*ast.Paragraph)
		lines := len(l.wrap(l.runs(p, l.text()), l.width))
		withTable := float64(lines)*l.textSize()*1.42 + 6 + l.minHeight(p.NextSibling())
		if got := l.minHeight(p); (got == withTable) != tc.table {
			t.Errorf("%s: the paragraph keeps %.1f pt with its heading; with the table's start it would be %.1f", tc.name, got, withTable)
		}
		size, before, after := headingStyle(3)
		need := size*1.3 + after + l.minHeight(p)
		for _, spare := range []float64{0, -0.01} {
			l := newLayout(measuring(t).pdf, []byte(src), nil, nil)
			l.y = exactly(l, before, need) - spare
			l.blocks(root.FirstChild())
			if want := map[bool]int{true: 0, false: 1}[spare >= 0]; l.headings[0].page != want {
				t.Errorf("%s, %.2f pt to spare: the heading is on page %d, want %d", tc.name, spare, l.headings[0].page, want)
			}
		}
	}
}

// TestWideImage: a chart is set at figureWidth of the text width, one
// Assets.WideImage names at all of it; the two keep the image's shape.
func TestWideImage(t *testing.T) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 600, 300))); err != nil {
		t.Fatal(err)
	}
	src := "![a chart](charts/09-slo-heatmap.png)\n"
	root := parse(t, src)
	p := root.FirstChild().(*ast.Paragraph)
	for _, tc := range []struct {
		wide  func(string) bool
		share float64
	}{{nil, figureWidth}, {func(string) bool { return false }, figureWidth}, {func(d string) bool { return d == "charts/09-slo-heatmap.png" }, 1}} {
		l := newLayout(measuring(t).pdf, []byte(src), map[string][]byte{"charts/09-slo-heatmap.png": buf.Bytes()}, nil)
		l.wideImage = tc.wide
		w, h, data := l.imageSize(p)
		if data == nil || math.Abs(w-l.width*tc.share) > 1e-9 || math.Abs(h-w/2) > 1e-9 {
			t.Errorf("share %v: drawn %.1f × %.1f, want %.1f wide, half as tall", tc.share, w, h, l.width*tc.share)
		}
	}
}
