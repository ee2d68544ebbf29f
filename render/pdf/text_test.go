package pdf

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/signintech/gopdf"

	"github.com/openzeka/reportgen/internal/testutil"
)

// measuring is a layout on a PDF with reportgen's fonts, for measuring.
func measuring(tb testing.TB) *layout {
	tb.Helper()
	pdf := &gopdf.GoPdf{}
	pdf.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4, Unit: gopdf.UnitPT})
	if err := registerFonts(pdf); err != nil {
		tb.Fatal(err)
	}
	return newLayout(pdf, nil, nil, nil)
}

// TestFitTextFitsWithEllipsis: a text too wide is cut to the longest
// start that fits with an ellipsis; one that fits is left alone.
func TestFitTextFitsWithEllipsis(t *testing.T) {
	t.Parallel()
	l := measuring(t)
	st := textStyle{size: 8}
	for _, s := range []string{testutil.LongTitle(10_000), strings.Repeat("W", 500), "Kimi K3 Çıkarım Performansı: vLLM ve SGLang, Direct ve Speculative (DSpark)"} {
		for _, width := range []float64{5, 60, 200, pageW - 2*marginX} {
			got := fitText(l, s, st, width)
			if l.measure(s, st) <= width {
				if got != s {
					t.Errorf("a text that fits %.0f pt was changed to %q", width, got)
				}
				continue
			}
			kept, ok := strings.CutSuffix(got, "…")
			if !ok || kept == "" || !strings.HasPrefix(s, kept) {
				t.Errorf("width %.0f: %q is not a start of the text and an ellipsis", width, got)
				continue
			}
			n := utf8.RuneCountInString(kept)
			if w := l.measure(got, st); w > width && n > 1 {
				t.Errorf("width %.0f: %q is %.1f pt wide", width, got, w)
			}
			// One character more would not fit: the cut is the longest.
			longer := strings.TrimRight(string([]rune(s)[:n+1]), " ") + "…"
			if l.measure(longer, st) <= width && !strings.HasSuffix(string([]rune(s)[:n+1]), " ") {
				t.Errorf("width %.0f: %q fits too, but %q was kept", width, longer, got)
			}
		}
	}
}

// BenchmarkFitTextLong cuts a 100,000-character title to the running
// header's width, as every PDF page of such a report needs.
func BenchmarkFitTextLong(b *testing.B) {
	l := measuring(b)
	title := testutil.LongTitle(100_000)
	for b.Loop() {
		l.measured = map[measureKey]float64{} // measure afresh, as a new PDF does
		fitText(l, title, headerStyle, pageW-2*marginX)
	}
}

// TestWrapAtMostLongTitle: a title of 100,000 characters (words; one
// word; an id of many short hyphenated parts) gets the cover's six
// lines, not pages, the last cut to fit with an ellipsis.
func TestWrapAtMostLongTitle(t *testing.T) {
	t.Parallel()
	for _, title := range []string{testutil.LongTitle(100_000), strings.Repeat("Ş", 100_000), strings.Repeat("a-b_", 25_000)} {
		l := measuring(t)
		st := textStyle{size: 26, bold: true}
		lines := l.wrapAtMost(title, st, l.width, coverTitleLines)
		if len(lines) != coverTitleLines {
			t.Fatalf("the cover title has %d lines, want %d", len(lines), coverTitleLines)
		}
		last := lines[len(lines)-1]
		if last.w > l.width || !strings.HasSuffix(last.words[len(last.words)-1].pieces[0].text, "…") {
			t.Errorf("the last cover title line does not fit or lacks the ellipsis: %+v", last)
		}
	}
}

// TestSpans checks the font fallback: Liberation for text, DejaVu for
// the symbols it lacks, '?' for a rune neither has.
func TestSpans(t *testing.T) {
	t.Parallel()
	got := spans("Şık ✓✗ ⌈x⌉ 漢", false)
	var b strings.Builder
	for _, s := range got {
		b.WriteString(s.family + ":" + s.text + "|")
	}
	if want := "sans:Şık |sym:✓✗|sans: |sym:⌈|sans:x|sym:⌉|sans: ?|"; b.String() != want {
		t.Errorf("spans = %s\nwant %s", b.String(), want)
	}
}

func TestHyphenSegments(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"vllm-direct-h200", "[vllm- direct- h200]"},
		{"sglang_eagle3", "[sglang_ eagle3]"},
		{"-5", "[-5]"},
		{"a-", "[a-]"},
		{"abc--def", "[abc- -def]"},
		{"tok/s", "[tok/s]"},
		{"tok/s).", "[tok/s).]"},
		{"istek/s,", "[istek/s,]"},
		{"(vllm-direct-h200).", "[(vllm- direct- h200).]"},
		{"(EAGLE-3)", "[(EAGLE-3)]"},
		{"Inter-Token", "[Inter- Token]"},
		{"köprü-çığ", "[köprü- çığ]"},
		{"plain", "[plain]"},
		{"", "[]"},
	}
	for _, tt := range tests {
		if got := fmt.Sprint(hyphenSegments(tt.in)); got != tt.want {
			t.Errorf("hyphenSegments(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestGluedUnit(t *testing.T) {
	t.Parallel()
	units := map[string]bool{"ms": true, "s": true, "tok/s": true, "istek/s": true}
	for _, tt := range []struct {
		prev, word string
		want       bool
	}{
		{"2,304", "tok/s).", true}, {"777", "ms", true}, {"∞", "istek/s", true}, {"4.66", "s", true},
		{"per", "s", false}, {"777", "msec", false}, {"", "ms", false}, {"12", "users", false},
		{"12", "req/s", false}, // not one of units
	} {
		if got := gluedUnit(units, tt.prev, tt.word); got != tt.want {
			t.Errorf("gluedUnit(%q, %q) = %v, want %v", tt.prev, tt.word, got, tt.want)
		}
	}
}

func TestWrapCode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in      string
		perLine int
		want    []string
	}{
		{"short", 20, []string{"short"}},
		{"vllm serve model --tp 8 --max-num-seqs 32", 20, []string{"vllm serve model", "    --tp 8", "    --max-num-seqs", "    32"}},
		{`--speculative-config '{"method":"dspark","num_speculative_tokens":7}'`, 40,
			[]string{`--speculative-config`, `    '{"method":"dspark",`, `    "num_speculative_tokens":7}'`}},
		{"abcdefghijklmnopqrstuvwxyz", 10, []string{"abcdefghij", "    klmnop", "    qrstuv", "    wxyz"}},
	}
	for _, tt := range tests {
		got := wrapCode(tt.in, tt.perLine)
		if !slices.Equal(got, tt.want) {
			t.Errorf("wrapCode(%q, %d) = %q, want %q", tt.in, tt.perLine, got, tt.want)
		}
		for _, row := range got {
			if n := utf8.RuneCountInString(row); n > tt.perLine {
				t.Errorf("wrapCode(%q, %d): row %q has %d runes", tt.in, tt.perLine, row, n)
			}
		}
	}
	if got := longestPiece(`a,bcd efgh,ij`); got != 5 {
		t.Errorf("longestPiece = %d, want 5 (\"efgh,\")", got)
	}
}

// TestContentsCloseUp: contents a few lines longer than a page close
// their spacing up to keep to one page; longer ones take more pages at
// the usual spacing.
func TestContentsCloseUp(t *testing.T) {
	t.Parallel()
	tight := int(math.Floor(float64(pageH-marginBot-tocTop) / tocTightLine))
	for _, tt := range []struct {
		entries, pages int
		spacing        float64
	}{
		{10, 1, tocLine},
		{tocLinesPerPage, 1, tocLine},
		{tight, 1, float64(pageH-marginBot-tocTop) / float64(tight)},
		{tight + 1, 2, tocLine},
	} {
		if got := tocPageCount(tt.entries); got != tt.pages {
			t.Errorf("%d entries: %d pages, want %d", tt.entries, got, tt.pages)
		}
		if got := tocSpacing(tt.entries); math.Abs(got-tt.spacing) > 1e-9 || got < tocTightLine-1e-9 {
			t.Errorf("%d entries: spacing %.2f, want %.2f (never under %.1f)", tt.entries, got, tt.spacing, tocTightLine)
		}
	}
}
