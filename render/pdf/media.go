package pdf

import (
	"bytes"
	"image"
	_ "image/png" // images are PNG
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/signintech/gopdf"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/openzeka/reportgen/render/mdast"
)

// figureWidth is the share of the text width a chart is drawn at: its
// text (9 pt ticks on a 600 pt chart) stays at 7 pt or more in print,
// and two charts with their captions and a few sentences fit a page.
// A chart that would not fit the rest of a page is drawn smaller to fit
// there, down to minFigureWidth (its text still 5.5 pt or more), rather
// than leave the rest of the page empty.
const (
	figureWidth    = 0.8
	minFigureWidth = 0.62
)

// imageSize is the size an image (a chart) is drawn at: figureWidth of
// the text width (all of it for a wide one, Assets.WideImage), or less
// when that would be taller than a page allows.
func (l *layout) imageSize(p *ast.Paragraph) (w, h float64, data []byte) {
	img := p.FirstChild().(*ast.Image)
	data, ok := l.images[string(img.Destination)]
	if !ok {
		return 0, 0, nil
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width == 0 {
		return 0, 0, nil
	}
	ratio := float64(cfg.Height) / float64(cfg.Width)
	w = l.width * figureWidth
	if l.wideImage != nil && l.wideImage(string(img.Destination)) {
		w = l.width
	}
	h = w * ratio
	if maxH := pageH - marginTop - marginBot - 60; h > maxH {
		h, w = maxH, maxH/ratio
	}
	return w, h, data
}

// image draws a figure, never split across pages, with its caption (the
// next paragraph) kept on the same page.
func (l *layout) image(p *ast.Paragraph) {
	w, h, data := l.imageSize(p)
	if data == nil {
		l.paragraph([]run{{text: mdast.PlainText(p, l.src), st: textStyle{size: captionSize, italic: true, color: muted}}}, captionSize, 'c', 6)
		return
	}
	var caption []run
	capH := 0.0
	if next, ok := p.NextSibling().(*ast.Paragraph); ok && mdast.KindOf(next) == mdast.Caption {
		caption = l.runs(next, textStyle{size: captionSize, italic: true, color: muted})
		capH = float64(len(l.wrap(caption, l.width)))*captionSize*1.42 + 4
	}
	if room := l.bottom() - l.y - capH - 8; h > room && !l.atTop() {
		if fit := w * room / h; fit >= l.width*minFigureWidth {
			w, h = fit, room
		}
	}
	l.ensure(h + capH + 8)
	x, y := l.left+(l.width-w)/2, l.y+2
	l.add(func(pdf *gopdf.GoPdf) error {
		holder, err := gopdf.ImageHolderByBytes(data)
		if err != nil {
			return err
		}
		return pdf.ImageByHolder(holder, x, y, &gopdf.Rect{W: w, H: h})
	})
	l.y += h + 6
	if caption != nil {
		l.paragraph(caption, captionSize, 'c', 8)
	}
}

// list lays out a bulleted or numbered list, items indented.
func (l *layout) list(list *ast.List) {
	const indent = 16.0
	num := list.Start
	if num == 0 {
		num = 1
	}
	for item := list.FirstChild(); item != nil; item = item.NextSibling() {
		marker := "•"
		if list.IsOrdered() {
			marker = strconv.Itoa(num) + "."
			num++
		}
		l.ensure(2 * l.textSize() * 1.42)
		mx, my := l.left+2, l.y
		l.add(drawText(marker, l.text(), mx, my+l.textSize()*1.02, l))
		l.left += indent
		l.width -= indent
		l.blocks(item.FirstChild())
		l.left -= indent
		l.width += indent
	}
	l.y += 4
}

// codePad is the padding of a code block's panel.
const codePad = 6.0

// codeRows are a code block's rows as drawn, long lines wrapped
// (continuations indented), and the style they are drawn in.
func (l *layout) codeRows(lines *text.Segments) ([]string, textStyle) {
	var src []string
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		s := strings.TrimRight(string(seg.Value(l.src)), "\n")
		src = append(src, strings.ReplaceAll(s, "\t", "    "))
	}
	// The block's font shrinks (to minCodeSize at most) until its
	// longest unbreakable piece fits a continuation row: a copied
	// command must not be cut inside a word.
	st := textStyle{size: codeSize, mono: true, color: ink}
	if l.dense {
		st.size = denseCodeSize
	}
	perLine := func() int { return int((l.width - 2*codePad) / l.measure("M", st)) }
	longest := 0
	for _, s := range src {
		longest = max(longest, longestPiece(s))
	}
	for st.size > minCodeSize && perLine() < longest+len(codeIndent) {
		st.size -= 0.25
	}
	var rows []string
	for _, s := range src {
		rows = append(rows, wrapCode(s, perLine())...)
	}
	return rows, st
}

// codeStart is how much of a code block must fit where it begins: all
// of it when it is kept whole, else minCodeRows rows.
func (l *layout) codeStart(lines *text.Segments) float64 {
	return codeStartOf(l.codeRows(lines))
}

// codeStartOf is codeStart of rows drawn in style st.
func codeStartOf(rows []string, st textStyle) float64 {
	n := len(rows)
	if n > keepCodeRows {
		n = minCodeRows
	}
	return 2*codePad + st.size*1.38*float64(n)
}

// code lays out a code block in monospace on a grey panel, wrapping long
// lines (continuations indented) and breaking pages between lines.
func (l *layout) code(lines *text.Segments) {
	const pad = codePad
	rows, st := l.codeRows(lines)
	codeSize := st.size
	lh := codeSize * 1.38
	// A block that fits a page is kept whole (a command read across a
	// page turn is easily mis-copied); a longer one splits with at least
	// minCodeRows rows on each side.
	l.ensure(codeStartOf(rows, st))
	i := 0
	for i < len(rows) {
		// As many rows as fit on this page, in one panel.
		avail := int((l.bottom() - l.y - 2*pad) / lh)
		if avail < 1 {
			l.newPage()
			continue
		}
		n := min(avail, len(rows)-i)
		if left := len(rows) - i - n; left > 0 && left < minCodeRows && n-(minCodeRows-left) >= minCodeRows {
			n -= minCodeRows - left
		}
		h := float64(n)*lh + 2*pad
		l.add(fillRect(l.left, l.y, l.width, h, codeFill))
		l.add(strokeLine(l.left, l.y, l.left, l.y+h, 1.5, rule))
		for j := 0; j < n; j++ {
			l.add(drawText(rows[i+j], st, l.left+pad, l.y+pad+float64(j)*lh+codeSize*1.0, l))
		}
		l.y += h
		i += n
		if i < len(rows) {
			l.newPage()
		}
	}
	l.y += 8
}

// keepCodeRows is the most rows a code block kept whole has;
// minCodeRows the fewest rows a split leaves on either page.
const (
	keepCodeRows = 40
	minCodeRows  = 4
)

// minCodeSize is the smallest a code block's font shrinks to.
const minCodeSize = 6.0

// codeIndent starts a code line's continuation rows.
const codeIndent = "    "

// codeBreak reports whether a code line may break after rune r: after a
// space, or after a comma (JSON: --speculative-config '{"a":1,"b":2}').
func codeBreak(r rune) bool { return r == ' ' || r == ',' }

// longestPiece is the length in runes of the longest piece of s a row
// must hold whole: a run without a break (codeBreak), with the break
// that ends it.
func longestPiece(s string) int {
	longest, run := 0, 0
	for _, r := range s {
		run++
		longest = max(longest, run) // a break ends its piece's row
		if codeBreak(r) {
			run = 0
		}
	}
	return longest
}

// wrapCode cuts code line s into rows of at most perLine runes, the
// continuation rows indented by codeIndent: at the last break that
// fits, and inside a piece only when the piece alone is longer than a
// row.
func wrapCode(s string, perLine int) []string {
	var rows []string
	prefix, limit := "", perLine
	for utf8.RuneCountInString(s) > limit && limit > 0 {
		cut := byteIndexOfRune(s, limit)
		if at := strings.LastIndexFunc(s[:cut], codeBreak); at > 0 {
			cut = at + 1 // the break stays at the end of its row
		}
		rows = append(rows, prefix+strings.TrimRight(s[:cut], " "))
		s = strings.TrimLeft(s[cut:], " ")
		prefix, limit = codeIndent, perLine-len(codeIndent)
	}
	return append(rows, prefix+s)
}

func byteIndexOfRune(s string, n int) int {
	i := 0
	for pos := range s {
		if i == n {
			return pos
		}
		i++
	}
	return len(s)
}
