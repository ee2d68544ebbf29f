package pdf

import (
	"strings"
	"unicode/utf8"

	"github.com/signintech/gopdf"
)

// word is text between spaces, possibly in several styles.
type word struct {
	pieces []run
	w      float64
	space  float64 // width of the space before it (0 at a line start)
}

type textLine struct {
	words []word
	w     float64
}

// monoWhole is the longest word in code (a command-line option, a
// name) kept whole: a longer one (a path, a long id) may still wrap
// after its hyphens.
const monoWhole = 28

// hyphenSegments splits a word after each '-', '_' or '/' that has at
// least three bytes on either side, so that long ids such as
// "vllm-direct-h200-tp8" can wrap there: "vllm-", "direct-", "h200-",
// "tp8". Only letters and digits count as a side, so units ("tok/s",
// "tok/s)."), signs ("-5") and short tails ("EAGLE-3") stay whole.
func hyphenSegments(w string) []string {
	const side = 3
	var out []string
	// letters[i] counts the word bytes of w[:i], so that each side is
	// counted in constant time (a long id has many separators).
	letters := make([]int, len(w)+1)
	for i := 0; i < len(w); i++ {
		letters[i+1] = letters[i] + wordBytes(w[i:i+1])
	}
	start := 0
	for i := 1; i < len(w)-1; i++ {
		if (w[i] == '-' || w[i] == '_' || w[i] == '/') && letters[i]-letters[start] >= side && letters[len(w)]-letters[i+1] >= side {
			out = append(out, w[start:i+1])
			start = i + 1
		}
	}
	if start < len(w) {
		out = append(out, w[start:])
	}
	return out
}

// wordBytes counts the bytes of s that belong to letters and digits
// (every byte of a non-ASCII letter counts).
func wordBytes(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			n++
		}
	}
	return n
}

// gluedUnit reports whether word is one of units (trailing punctuation
// aside) right after a number, so that no line break falls between them.
func gluedUnit(units map[string]bool, prev, word string) bool {
	if !units[strings.TrimRight(word, ".,;:)")] || prev == "" {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(prev)
	return last >= '0' && last <= '9' || last == '∞'
}

// relation are the signs a line never breaks beside ("TTFT ≤ 1,000 ms"
// reads as one term).
var relation = map[string]bool{"≤": true, "≥": true, "<": true, ">": true, "=": true, "≈": true}

// wrap breaks runs into lines no wider than width, splitting a word that
// is longer than a whole line.
func (l *layout) wrap(runs []run, width float64) []textLine {
	words, breaks := l.words(runs)
	return l.fill(words, breaks, width)
}

// words cuts runs into the words a line may break between, each with
// the width of the space before it, and returns the indexes into words
// after which a hard break falls. A word is not always text between
// spaces: a unit glued to its number is one word with it, and a long id
// is several, one per hyphenSegments piece, so that fill has only to
// choose after which words to break.
func (l *layout) words(runs []run) (words []word, breaks []int) {
	cur := word{}
	pendingSpace := 0.0
	flush := func() {
		if len(cur.pieces) > 0 {
			cur.space = pendingSpace
			words = append(words, cur)
			pendingSpace = 0
		}
		cur = word{}
	}
	for _, r := range runs {
		parts := strings.Split(r.text, " ")
		for i, p := range parts {
			if i > 0 && (gluedUnit(l.glue, parts[i-1], p) || relation[p] || relation[parts[i-1]]) {
				// "2,304 tok/s": a unit stays on its number's line;
				// "c ≤ 4": a relation with both its sides.
				cur.pieces = append(cur.pieces, run{text: " ", st: r.st})
				cur.w += l.measure(" ", r.st)
			} else if i > 0 {
				flush()
				pendingSpace = l.measure(" ", r.st)
			}
			segs := hyphenSegments(p)
			if r.st.mono && len([]rune(p)) <= monoWhole {
				// A short option or name in code ("--max-num-seqs")
				// is never split at its hyphens.
				segs = []string{p}
			}
			for k, seg := range segs {
				if k > 0 {
					// A break may fall after a hyphen, with no space.
					flush()
				}
				cur.pieces = append(cur.pieces, run{text: seg, st: r.st})
				cur.w += l.measure(seg, r.st)
			}
		}
		if r.brk {
			flush()
			breaks = append(breaks, len(words))
			pendingSpace = 0
		}
	}
	flush()
	return words, breaks
}

// fill sets words on lines no wider than width, greedily, starting a
// new line at each of breaks (indexes as words returns them). A word
// wider than a whole line would overflow any line it stood on, so it
// gets lines of its own, split at characters. There is always at least
// one line, even for no words: columnWidths measures a cell by its
// first line, and an empty cell has one too.
func (l *layout) fill(words []word, breaks []int, width float64) []textLine {
	var lines []textLine
	line := textLine{}
	bi := 0
	for i := 0; i < len(words); i++ {
		for bi < len(breaks) && breaks[bi] == i {
			lines = append(lines, line)
			line = textLine{}
			bi++
		}
		w := words[i]
		if len(line.words) == 0 {
			w.space = 0
		}
		if w.w > width && len(w.pieces) > 0 {
			if len(line.words) > 0 {
				lines = append(lines, line)
				line = textLine{}
			}
			for _, chunk := range l.splitWord(w, width) {
				lines = append(lines, textLine{words: []word{chunk}, w: chunk.w})
			}
			continue
		}
		if len(line.words) > 0 && line.w+w.space+w.w > width {
			lines = append(lines, line)
			line = textLine{}
			w.space = 0
		}
		line.words = append(line.words, w)
		line.w += w.space + w.w
	}
	if len(line.words) > 0 || len(lines) == 0 {
		lines = append(lines, line)
	}
	return lines
}

// splitWord cuts a too-long word into pieces that each fit width.
func (l *layout) splitWord(w word, width float64) []word {
	var out []word
	cur := word{}
	for _, p := range w.pieces {
		for _, r := range p.text {
			ch := string(r)
			cw := l.measure(ch, p.st)
			if cur.w+cw > width && len(cur.pieces) > 0 {
				out = append(out, cur)
				cur = word{}
			}
			if n := len(cur.pieces); n > 0 && cur.pieces[n-1].st == p.st {
				cur.pieces[n-1].text += ch
			} else {
				cur.pieces = append(cur.pieces, run{text: ch, st: p.st})
			}
			cur.w += cw
		}
	}
	if len(cur.pieces) > 0 {
		out = append(out, cur)
	}
	return out
}

// drawLine emits one line with its top at y, aligned in [x, x+width).
func (l *layout) drawLine(line textLine, x, y, width, size float64, align byte) {
	switch align {
	case 'r':
		x += width - line.w
	case 'c':
		x += (width - line.w) / 2
	}
	base := y + size*1.02
	// Plain text of one style is drawn as one string per stretch of the
	// line, spaces included, not a string per word: the same glyphs at
	// the same places (a space is as wide as measure says), with a tenth
	// of the PDF's text commands to write.
	var pending strings.Builder
	var pendingSt textStyle
	pendingX, pendingEnd := 0.0, 0.0
	flush := func() {
		if pending.Len() > 0 {
			l.add(drawText(pending.String(), pendingSt, pendingX, base, l))
			pending.Reset()
		}
	}
	for _, w := range line.words {
		x += w.space
		for k, p := range w.pieces {
			pw := l.measure(p.text, p.st)
			plain := !p.st.mono && p.st.link == ""
			joins := plain && pending.Len() > 0 && p.st == pendingSt
			switch {
			case joins && k > 0 && x == pendingEnd:
				// The next piece of the same word ("vllm-" "direct").
			case joins && k == 0 && w.space > 0 && w.space == l.measure(" ", p.st) && x == pendingEnd+w.space:
				pending.WriteByte(' ')
			default:
				flush()
				joins = false
			}
			if plain {
				if !joins {
					pendingSt, pendingX = p.st, x
				}
				pending.WriteString(p.text)
				pendingEnd = x + pw
				x += pw
				continue
			}
			l.drawPiece(p, x, y, pw, size)
			x += pw
		}
	}
	flush()
}

// drawPiece draws a piece of a line that is code (on its grey box) or a
// link (with its clickable area), pw wide at x on the line at y.
func (l *layout) drawPiece(p run, x, y, pw, size float64) {
	if p.st.mono {
		l.add(fillRect(x-1, y+size*0.12, pw+2, size*1.16, codeFill))
	}
	l.add(drawText(p.text, p.st, x, y+size*1.02, l))
	if link := p.st.link; link != "" {
		lx, ly, lw, lh := x, y, pw, size*1.3
		if strings.HasPrefix(link, "#") {
			anchor := link[1:]
			l.add(func(pdf *gopdf.GoPdf) error { pdf.AddInternalLink(anchor, lx, ly, lw, lh); return nil })
		} else {
			l.add(func(pdf *gopdf.GoPdf) error { pdf.AddExternalLink(link, lx, ly, lw, lh); return nil })
		}
	}
}

// paragraph flows runs as a block of lines, breaking pages between
// lines (never leaving a single line at the bottom of a page).
func (l *layout) paragraph(runs []run, size float64, align byte, after float64) {
	lines := l.wrap(runs, l.width)
	lh := size * 1.42
	for i, line := range lines {
		need := lh
		if i == 0 && len(lines) > 1 {
			need = 2 * lh // no orphan line
		}
		if rest := len(lines) - i; rest == 2 && l.y+2*lh > l.bottom() {
			need = 2 * lh // no widow line
		}
		l.ensure(need)
		l.drawLine(line, l.left, l.y, l.width, size, align)
		l.y += lh
	}
	l.y += after
}
