package pdf

import (
	"slices"
	"strings"
	"testing"
)

// sentence is plain text without hyphens, which wrap may break after.
const sentence = "The layout engine flows paragraphs onto pages of fixed width and breaks lines between words only where the next word would no longer fit in the column so that every line is as full as it can be without overflowing the right margin."

// TestWrapFillsLinesGreedily: at any width, each line fits, holds the
// text's words in order, and is full: its next line's first word would
// not have fitted on it.
func TestWrapFillsLinesGreedily(t *testing.T) {
	t.Parallel()
	l := measuring(t)
	st := body()
	space := l.measure(" ", st)
	for _, width := range []float64{80, 150, 250, l.width} {
		lines := l.wrap([]run{{text: sentence, st: st}}, width)
		if len(lines) < 2 {
			t.Fatalf("width %.0f: %d lines, want several", width, len(lines))
		}
		for i, line := range lines {
			if line.w > width {
				t.Errorf("width %.0f: line %d is %.1f pt wide", width, i, line.w)
			}
			if i > 0 {
				if prev := lines[i-1]; prev.w+space+line.words[0].w <= width {
					t.Errorf("width %.0f: the first word of line %d fits on line %d", width, i, i-1)
				}
			}
		}
		if got := strings.Join(lineTexts(lines), " "); got != sentence {
			t.Errorf("width %.0f: the lines read %q", width, got)
		}
	}
}

// TestWrapBreaks: a hard break ends a line; a word wider than the line
// is cut at characters, each piece fitting; a long id breaks after a
// hyphen, with no space.
func TestWrapBreaks(t *testing.T) {
	t.Parallel()
	l := measuring(t)
	st := body()
	got := lineTexts(l.wrap([]run{{text: "first", st: st, brk: true}, {text: "second", st: st}}, l.width))
	if want := []string{"first", "second"}; !slices.Equal(got, want) {
		t.Errorf("hard break: %q, want %q", got, want)
	}

	long := strings.Repeat("W", 60)
	lines := l.wrap([]run{{text: "a " + long + " b", st: st}}, 100)
	if got := strings.Join(lineTexts(lines), ""); got != "a"+long+"b" {
		t.Errorf("a cut word reads %q", got)
	}
	if len(lines) < 4 {
		t.Errorf("a 60-W word in 100 pt took %d lines", len(lines))
	}
	for i, line := range lines {
		if line.w > 100 {
			t.Errorf("piece %d of the long word is %.1f pt wide", i, line.w)
		}
	}

	id := "served by vllm-direct-h200-tp8"
	width := l.measure("served by vllm-direct-", st) + 1
	if got, want := lineTexts(l.wrap([]run{{text: id, st: st}}, width)), []string{"served by vllm-direct-", "h200-tp8"}; !slices.Equal(got, want) {
		t.Errorf("hyphenated id: %q, want %q", got, want)
	}

	// In code, a word of up to monoWhole characters stays whole (an
	// option moves to the next line rather than split); a longer one
	// still breaks after a hyphen.
	mono := textStyle{size: bodySize, color: ink, mono: true}
	opt := "--max-num-seqs"
	width = l.measure("admits at most ", st) + l.measure("--max-", mono) + 1
	if got, want := lineTexts(l.wrap([]run{{text: "admits at most ", st: st}, {text: opt, st: mono}}, width)), []string{"admits at most", opt}; !slices.Equal(got, want) {
		t.Errorf("an option in code: %q, want %q", got, want)
	}
	// Exactly monoWhole characters: whole, moved to the next line
	// rather than split after its hyphen.
	edge := strings.Repeat("a", monoWhole-4) + "-bcd"
	width = l.measure(edge, mono) + 1
	if got, want := lineTexts(l.wrap([]run{{text: "x ", st: mono}, {text: edge, st: mono}}, width)), []string{"x", edge}; !slices.Equal(got, want) {
		t.Errorf("a code word of exactly monoWhole characters: %q, want %q", got, want)
	}
	longID := strings.Repeat("a", monoWhole-3) + "-bcd"
	if len(hyphenSegments(longID)) < 2 || len([]rune(longID)) <= monoWhole {
		t.Fatalf("the test's long id %q does not exceed monoWhole", longID)
	}
	width = l.measure(strings.Repeat("a", monoWhole-3)+"-", mono) + 1
	if got := lineTexts(l.wrap([]run{{text: longID, st: mono}}, width)); len(got) != 2 || got[1] != "bcd" {
		t.Errorf("a code word past monoWhole: %q, want it broken after its hyphen", got)
	}
}

// TestWrapGluesUnits: a unit of GlueUnits stays on its number's line,
// even when that moves the number to the next line; a word not among
// them breaks as any other.
func TestWrapGluesUnits(t *testing.T) {
	t.Parallel()
	l := measuring(t)
	st := body()
	width := l.measure("latency 1234", st) + 1 // " ms" does not fit after it
	for _, tt := range []struct {
		glue []string
		text string
		want []string
	}{
		{nil, "latency 1234 ms", []string{"latency 1234", "ms"}},
		{[]string{"ms"}, "latency 1234 ms", []string{"latency", "1234 ms"}},
		{[]string{"ms"}, "latency 1234 ms.", []string{"latency", "1234 ms."}},
		{[]string{"istek/s"}, "latency 1234 ms", []string{"latency 1234", "ms"}},
		{[]string{"ms"}, "latency only ms", []string{"latency only", "ms"}}, // no number before it
	} {
		l.glue = map[string]bool{}
		for _, u := range tt.glue {
			l.glue[u] = true
		}
		if tt.text == "latency only ms" {
			width = l.measure("latency only", st) + 1
		}
		if got := lineTexts(l.wrap([]run{{text: tt.text, st: st}}, width)); !slices.Equal(got, tt.want) {
			t.Errorf("glue %q, %q: %q, want %q", tt.glue, tt.text, got, tt.want)
		}
	}
}

// TestWriteGluesUnitsOfAssets: Write keeps the units of Assets.GlueUnits
// on their number's line, and only those.
func TestWriteGluesUnitsOfAssets(t *testing.T) {
	t.Parallel()
	l := measuring(t)
	st := body()
	// Words that fill the first line up to "1234", leaving less room
	// than " ms" needs: the whole words, then a last one of x's as long
	// as "… 1234" still fits.
	var words []string
	fits := func(ws ...string) bool { return l.measure(strings.Join(ws, " "), st) <= l.width }
	for fits(append(slices.Clone(words), "word", "1234")...) {
		words = append(words, "word")
	}
	last := ""
	for fits(append(slices.Clone(words), last+"x", "1234")...) {
		last += "x"
	}
	if last != "" {
		words = append(words, last)
	}
	src := strings.Join(append(slices.Clone(words), "1234", "ms", "end"), " ") + "\n"
	first := strings.Join(append(slices.Clone(words), "1234"), " ")
	if !fits(first) || fits(first, "ms") {
		t.Fatalf("the filler does not fall as planned: %q", first)
	}
	for _, glue := range [][]string{nil, {"ms"}} {
		a := testAssets()
		a.GlueUnits = glue
		pages := bodyPages(t, src, a, nil)
		got := pages[0]
		want := []string{first, "ms end"}
		if glue != nil {
			want = []string{strings.Join(words, " "), "1234 ms end"}
		}
		if !slices.Equal(got, want) {
			t.Errorf("GlueUnits %q: the paragraph reads\n%q\nwant\n%q", glue, got, want)
		}
	}
}

// fiveLines is a text that wraps to five lines of body text.
func fiveLines(l *layout) string {
	words := strings.Fields(sentence + " " + sentence)
	for n := range words {
		s := strings.Join(words[:n], " ")
		if len(l.wrap([]run{{text: s, st: body()}}, l.width)) == 5 {
			return s
		}
	}
	panic("no five lines")
}

// TestParagraphWidowsAndOrphans: a paragraph's first line never stays
// alone at the bottom of a page (orphan), nor its last line alone at
// the top of the next (widow); both the boundary of a page with room
// for k lines and one with half a line less are checked.
func TestParagraphWidowsAndOrphans(t *testing.T) {
	t.Parallel()
	st := body()
	lh := bodySize * 1.42
	const after = 6.0
	for _, tt := range []struct {
		room     float64 // lines' room left on the page
		lastPage int     // lines on the next page; 0: all on this one
	}{
		{0.5, 5},  // not one line: all on the next page
		{1.5, 5},  // one line: it would be an orphan
		{2.5, 3},  // two lines stay, three go
		{3.5, 2},  // three lines stay, two go
		{4.5, 2},  // four would leave a widow: three stay
		{5.01, 0}, // all five fit
	} {
		l := measuring(t)
		runs := []run{{text: fiveLines(l), st: st}}
		l.y = l.bottom() - tt.room*lh
		l.paragraph(runs, bodySize, 'l', after)
		onNext := 0
		if len(l.pages) == 2 {
			onNext = int((l.y-after-marginTop)/lh + 0.5)
		}
		if len(l.pages) > 2 || onNext != tt.lastPage {
			t.Errorf("room for %.2f lines: %d pages, %d lines on the next page; want %d", tt.room, len(l.pages), onNext, tt.lastPage)
		}
	}
}

// TestWrapKeepsRelations: a line never breaks beside ≤, ≥, =: "c ≤ 4"
// and "TPS ≥ 15" stay whole.
func TestWrapKeepsRelations(t *testing.T) {
	t.Parallel()
	l := measuring(t)
	st := body()
	for _, s := range []string{"the load window (c ≤ 4) of interactive chat", "an SLO of TPS ≥ 15 at P90 for every user", "where N = 427 users"} {
		for w := 80.0; w < 400; w += 3 { // narrower, "(c ≤ 4)" is wider than a line and splits anyway
			for _, text := range lineTexts(l.wrap([]run{{text: s, st: st}}, w)) {
				for _, sign := range []string{"≤", "≥", "="} {
					if strings.HasPrefix(strings.TrimSpace(text), sign) || strings.HasSuffix(strings.TrimSpace(text), sign) {
						t.Fatalf("%q at width %.0f: a line %q begins or ends with %s", s, w, text, sign)
					}
				}
			}
		}
	}
}

// TestCoverTitleBalanced: a cover title over several lines is wrapped to
// the narrowest width that keeps its number of lines, so that its lines
// come out even and no word stands alone on the last; one that fits a
// line keeps the full width.
func TestCoverTitleBalanced(t *testing.T) {
	l := measuring(t)
	st := textStyle{size: 26, bold: true, color: accent}
	title := "Kimi K3 Inference Performance: vLLM and SGLang, Direct and Speculative (DSpark)"
	greedy := l.wrap([]run{{text: title, st: st}}, l.width)
	w := balancedWidth(l, title, st, l.width)
	lines := l.wrap([]run{{text: title, st: st}}, w)
	if len(lines) != len(greedy) || len(lines) < 2 {
		t.Fatalf("balanced: %d lines %q, greedy %d", len(lines), lineTexts(lines), len(greedy))
	}
	if last := lines[len(lines)-1]; len(last.words) < 2 {
		t.Errorf("a word alone on the last line: %q", lineTexts(lines))
	}
	if len(l.wrap([]run{{text: title, st: st}}, w-2)) == len(lines) && w-2 >= l.width/2 {
		t.Errorf("width %.0f is not the narrowest that keeps %d lines", w, len(lines))
	}
	if short := "Kimi K3"; balancedWidth(l, short, st, l.width) != l.width {
		t.Error("a one-line title is narrowed")
	}
}
