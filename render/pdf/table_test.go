package pdf

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// tableDoc is n lines of filler and a table of rows rows, each row's
// second cell long enough to wrap: "rowNNN" starts a row, "endNNN" ends
// its last line.
func tableDoc(filler, rows int) string {
	var b strings.Builder
	for i := range filler {
		fmt.Fprintf(&b, "Filler %d.\n\n", i)
	}
	b.WriteString("| HEADA | HEADB |\n|---|---|\n")
	for i := range rows {
		fmt.Fprintf(&b, "| row%03d | %s end%03d |\n", i, strings.Repeat("wrapping words ", 6+i%3*12), i)
	}
	return b.String()
}

// TestTableBreaksRepeatHeader: a table longer than a page breaks between
// rows, never inside one (a row's first and last lines share a page),
// repeats its header row at the top of every page it continues on, and
// never leaves the header alone at a page's bottom, wherever it starts
// (filler of 0 to 40 lines before it).
func TestTableBreaksRepeatHeader(t *testing.T) {
	t.Parallel()
	const rows = 40
	var want []string
	for i := range rows {
		want = append(want, fmt.Sprintf("row%03d", i))
	}
	for filler := 0; filler <= 40; filler += 4 {
		pages := bodyPages(t, tableDoc(filler, rows), testAssets(), nil)
		var seen []string
		tablePages := 0
		for i, lines := range pages {
			ids := checkTablePage(t, filler, i, lines)
			if ids == nil {
				continue
			}
			tablePages++
			seen = append(seen, ids...)
		}
		if tablePages < 3 {
			t.Errorf("filler %d: the table took %d pages; the test wants it to break at least twice", filler, tablePages)
		}
		if !slices.Equal(seen, want) {
			t.Errorf("filler %d: rows %q, want each once in order", filler, seen)
		}
	}
}

// checkTablePage checks page i of tableDoc(filler, …), whose lines are
// lines: where rows of the table begin on it, its header row comes
// before them and does not end the page, and every row that ends on it
// began on it. It returns the ids ("row007") of the rows beginning on
// the page, in order, and nil for a page with none, so that the caller
// can count the table's pages and check that no row was lost or drawn
// twice across them.
func checkTablePage(t *testing.T, filler, i int, lines []string) []string {
	t.Helper()
	first := slices.IndexFunc(lines, func(s string) bool { return strings.HasPrefix(s, "row") })
	if first < 0 {
		return nil
	}
	if j := slices.Index(lines, "HEADA HEADB"); j < 0 || j > first {
		t.Errorf("filler %d: page %d has rows but no header before them", filler, i)
	}
	if lines[len(lines)-1] == "HEADA HEADB" {
		t.Errorf("filler %d: page %d ends in the header", filler, i)
	}
	var ids []string
	for _, ln := range lines {
		if strings.HasPrefix(ln, "row") {
			ids = append(ids, ln[:6])
		}
		if k := strings.Index(ln, "end"); k >= 0 {
			// A row's last line: its row began on this page.
			id := "row" + ln[k+3:k+6]
			if !slices.ContainsFunc(lines, func(s string) bool { return strings.HasPrefix(s, id) }) {
				t.Errorf("filler %d: page %d ends %s's row, begun on an earlier page", filler, i, id)
			}
		}
	}
	return ids
}

// TestPlanTable: a table stays whole where it fits; else it splits only
// with minRowsSplit rows or more on each side of every break, or moves
// whole to the next page. Rows are 10 pt, the header 10 pt, a page
// 100 pt (a header and 9 rows).
func TestPlanTable(t *testing.T) {
	t.Parallel()
	rows := func(n int) []float64 {
		h := make([]float64, n)
		for i := range h {
			h[i] = 10
		}
		return h
	}
	for _, tt := range []struct {
		name   string
		rows   int
		avail  float64
		atTop  bool
		move   bool
		breaks []int
	}{
		{"fits whole", 5, 60, false, false, nil},
		{"fits exactly", 5, 60, false, false, nil},
		{"short table, no room for all: moves whole", 5, 59, false, true, nil},
		{"room for 2 of 8: moves", 8, 30, false, true, nil},
		{"room for 3 of 8: splits 3 + 5", 8, 40, false, false, []int{3}},
		{"room for 6 of 8: splits 5 + 3, not 6 + 2", 8, 70, false, false, []int{5}},
		{"room for 7 of 9: splits 6 + 3", 9, 80, false, false, []int{6}},
		{"20 rows from a page top: 9 + 8 + 3", 20, 100, true, false, []int{9, 17}},
		{"20 rows, room for 4: 4 + 9 + 7", 20, 50, false, false, []int{4, 13}},
		{"at a page top it never moves", 5, 30, true, false, []int{2}},
		{"one row taller than a page", 1, 50, true, false, nil},
	} {
		h := rows(tt.rows)
		if tt.name == "one row taller than a page" {
			h = []float64{500}
		}
		move, breaks := planTable(10, h, tt.avail, 100, tt.atTop)
		if move != tt.move || !slices.Equal(breaks, tt.breaks) {
			t.Errorf("%s: move %v, breaks %v; want %v, %v", tt.name, move, breaks, tt.move, tt.breaks)
		}
	}
}

// TestTableMovesWhole: a short table that does not fit where it is
// starts on the next page, whole; at exactly its room it stays.
func TestTableMovesWhole(t *testing.T) {
	t.Parallel()
	src := "| A | B |\n|---|---|\n| first | row |\n| second | row |\n| third | row |\n"
	l := measuring(t)
	l.src = []byte(src)
	l.blocks(parse(t, src).FirstChild())
	need := l.y - marginTop - 10 // the whole table, less the space after it
	for _, tt := range []struct {
		spare float64
		moved bool
	}{{0.01, false}, {0, false}, {-0.01, true}} {
		l := newLayout(measuring(t).pdf, []byte(src), nil, nil)
		l.y = l.bottom() - need - tt.spare
		l.blocks(parse(t, src).FirstChild())
		if moved := len(l.pages[0]) == 0; moved != tt.moved {
			t.Errorf("%.2f pt to spare: moved %v, want %v", tt.spare, moved, tt.moved)
		}
		if len(l.pages) > 2 || tt.moved && len(l.pages) != 2 {
			t.Errorf("%.2f pt to spare: the table took pages %d", tt.spare, len(l.pages))
		}
	}
}

// TestCodeBlockKeptWhole: a code block that fits a page is never split
// (a command read across a page turn is easily mis-copied): with a
// hair less room than it needs it moves whole to the next page; a block
// longer than keepCodeRows splits leaving at least minCodeRows rows on
// the next page.
func TestCodeBlockKeptWhole(t *testing.T) {
	t.Parallel()
	src := "```\n" + strings.Repeat("vllm serve m --tp 8 \\\n", 10) + "  --port 1\n```\n"
	l := measuring(t)
	l.src = []byte(src)
	l.blocks(parse(t, src).FirstChild())
	need := l.y - marginTop - 8 // the whole block, less the space after it
	for _, tt := range []struct {
		spare float64
		moved bool
	}{{0.01, false}, {-0.01, true}} {
		l := newLayout(measuring(t).pdf, []byte(src), nil, nil)
		l.y = l.bottom() - need - tt.spare
		l.blocks(parse(t, src).FirstChild())
		if moved := len(l.pages[0]) == 0; moved != tt.moved || len(l.pages) > 2 {
			t.Errorf("%.2f pt to spare: moved %v (%d pages), want %v", tt.spare, moved, len(l.pages), tt.moved)
		}
	}
	long := "```\n" + strings.Repeat("x\n", keepCodeRows+5) + "```\n"
	l = newLayout(measuring(t).pdf, []byte(long), nil, nil)
	l.y = l.bottom() - 200
	l.blocks(parse(t, long).FirstChild())
	if len(l.pages) < 2 {
		t.Fatalf("a block of %d rows did not split", keepCodeRows+5)
	}
	// Each page's rows are drawn one op each after the panel's two.
	if rows := len(l.pages[len(l.pages)-1]) - 2; rows < minCodeRows {
		t.Errorf("the split left %d rows on the last page, want at least %d", rows, minCodeRows)
	}
}
