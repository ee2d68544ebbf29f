package render

import (
	"bytes"
	"image"
	_ "image/jpeg" // logos may be JPEG
	_ "image/png"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/signintech/gopdf"
	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"

	"github.com/openzeka/reportgen/render/chart"
	"github.com/openzeka/reportgen/render/mdast"
)

// rgb is a colour of the PDF.
type rgb struct{ r, g, b uint8 }

var (
	pdfInk    = rgb{0x1f, 0x23, 0x28}
	pdfMuted  = rgb{0x59, 0x63, 0x6e}
	pdfAccent = rgb{0x0b, 0x5c, 0xad}
	pdfRule   = rgb{0xd0, 0xd7, 0xde}
	pdfStripe = rgb{0xf6, 0xf8, 0xfa}
	pdfHead   = rgb{0xea, 0xee, 0xf2}
	pdfCode   = rgb{0xf3, 0xf5, 0xf7}
	pdfPass   = rgb{0xbf, 0xe7, 0xd9}
	pdfPart   = rgb{0xf7, 0xdc, 0xa0}
	pdfFail   = rgb{0xf2, 0xc1, 0xa5}
)

// A4 geometry, in points.
const (
	pageW       = 595.28
	pageH       = 841.89
	marginX     = 56.0
	marginTop   = 70.0
	marginBot   = 62.0
	bodySize    = 10.0
	tableSize   = 8.5
	codeSize    = 7.4
	captionSize = 8.5
)

// textStyle is how a run of text is drawn.
type textStyle struct {
	size               float64
	bold, italic, mono bool
	color              rgb
	link               string // "#anchor" or an external URL
}

func (s textStyle) gopdfStyle(family string) string {
	switch family {
	case famSymMono:
		return ""
	case famSym, famMono:
		if s.bold {
			return "B"
		}
		return ""
	}
	st := ""
	if s.bold {
		st += "B"
	}
	if s.italic {
		st += "I"
	}
	return st
}

// run is inline text in one style; brk marks a hard line break after it.
type run struct {
	text string
	st   textStyle
	brk  bool
}

// op is one drawing operation, replayed onto its page when the document
// is written.
type op func(pdf *gopdf.GoPdf) error

// tocEntry is a heading as laid out: where the table of contents,
// outline and links point.
type tocEntry struct {
	level int
	text  string
	id    string
	page  int // index into layout.pages
	y     float64
}

// layout flows the edition's blocks onto content pages.
type layout struct {
	pdf      *gopdf.GoPdf
	src      []byte
	charts   map[string]chart.Chart
	pages    [][]op
	y        float64 // top of the free space on the current page
	left     float64 // current left edge (lists indent it)
	width    float64 // current text width
	headings []tocEntry
	measured map[string]float64
}

func newLayout(pdf *gopdf.GoPdf, src []byte, charts map[string]chart.Chart) *layout {
	l := &layout{pdf: pdf, src: src, charts: charts, left: marginX, width: pageW - 2*marginX, measured: map[string]float64{}}
	l.newPage()
	return l
}

func (l *layout) bottom() float64 { return pageH - marginBot }

func (l *layout) newPage() {
	l.pages = append(l.pages, nil)
	l.y = marginTop
}

func (l *layout) atTop() bool { return l.y <= marginTop+0.01 }

// ensure starts a new page unless h points fit below the cursor.
func (l *layout) ensure(h float64) {
	if l.y+h > l.bottom() && !l.atTop() {
		l.newPage()
	}
}

func (l *layout) add(o op) {
	l.pages[len(l.pages)-1] = append(l.pages[len(l.pages)-1], o)
}

// measure is the width of s in style st, summed over its font spans.
func (l *layout) measure(s string, st textStyle) float64 {
	key := strconv.FormatFloat(st.size, 'f', 2, 64) + "|" + st.gopdfStyle(famSans) + strconv.FormatBool(st.mono) + "|" + s
	if w, ok := l.measured[key]; ok {
		return w
	}
	w := 0.0
	for _, sp := range spans(s, st.mono) {
		if err := l.pdf.SetFont(sp.family, st.gopdfStyle(sp.family), st.size); err != nil {
			continue
		}
		v, err := l.pdf.MeasureTextWidth(sp.text)
		if err == nil {
			w += v
		}
	}
	l.measured[key] = w
	return w
}

// drawText is the op that writes s with its baseline at (x, y).
func drawText(s string, st textStyle, x, y float64, l *layout) op {
	type piece struct {
		fam, text string
		x         float64
	}
	var ps []piece
	for _, sp := range spans(s, st.mono) {
		ps = append(ps, piece{sp.family, sp.text, x})
		x += l.measure(sp.text, textStyle{size: st.size, bold: st.bold, italic: st.italic, mono: st.mono})
	}
	return func(pdf *gopdf.GoPdf) error {
		pdf.SetTextColor(st.color.r, st.color.g, st.color.b)
		for _, p := range ps {
			if err := pdf.SetFont(p.fam, st.gopdfStyle(p.fam), st.size); err != nil {
				return err
			}
			pdf.SetXY(p.x, y)
			if err := pdf.Text(p.text); err != nil {
				return err
			}
		}
		return nil
	}
}

func fillRect(x, y, w, h float64, c rgb) op {
	return func(pdf *gopdf.GoPdf) error {
		pdf.SetFillColor(c.r, c.g, c.b)
		pdf.RectFromUpperLeftWithStyle(x, y, w, h, "F")
		return nil
	}
}

func strokeLine(x1, y1, x2, y2, width float64, c rgb) op {
	return func(pdf *gopdf.GoPdf) error {
		pdf.SetStrokeColor(c.r, c.g, c.b)
		pdf.SetLineWidth(width)
		pdf.Line(x1, y1, x2, y2)
		return nil
	}
}

// --- inline text ---------------------------------------------------------

// runs flattens n's inline children into styled runs.
func (l *layout) runs(n ast.Node, st textStyle) []run {
	var out []run
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch t := c.(type) {
		case *ast.Text:
			s := string(mdast.Unescape(t.Value(l.src)))
			switch {
			case t.HardLineBreak():
				out = append(out, run{text: s, st: st, brk: true})
			case t.SoftLineBreak():
				out = append(out, run{text: s + " ", st: st})
			default:
				out = append(out, run{text: s, st: st})
			}
		case *ast.String:
			out = append(out, run{text: string(t.Value), st: st})
		case *ast.Emphasis:
			s := st
			if t.Level >= 2 {
				s.bold = true
			} else {
				s.italic = true
			}
			out = append(out, l.runs(t, s)...)
		case *ast.CodeSpan:
			s := st
			s.mono = true
			s.size = st.size * 0.9
			var b strings.Builder
			for cc := t.FirstChild(); cc != nil; cc = cc.NextSibling() {
				if tt, ok := cc.(*ast.Text); ok {
					b.Write(tt.Value(l.src))
				}
			}
			out = append(out, run{text: b.String(), st: s})
		case *ast.Link:
			s := st
			s.link = string(t.Destination)
			s.color = pdfAccent
			out = append(out, l.runs(t, s)...)
		case *ast.AutoLink:
			s := st
			s.link = string(t.URL(l.src))
			s.color = pdfAccent
			out = append(out, run{text: string(t.Label(l.src)), st: s})
		case *ast.Image:
			out = append(out, run{text: mdast.PlainText(t, l.src), st: st})
		default:
			out = append(out, l.runs(c, st)...)
		}
	}
	return out
}

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

// units are the measurement units that never start a line after their
// number.
var units = map[string]bool{"ms": true, "s": true, "tok/s": true, "req/s": true, "istek/s": true, "GB": true}

// gluedUnit reports whether word is a unit (trailing punctuation aside)
// right after a number, so that no line break falls between them.
func gluedUnit(prev, word string) bool {
	if !units[strings.TrimRight(word, ".,;:)")] || prev == "" {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(prev)
	return last >= '0' && last <= '9' || last == '∞'
}

// wrap breaks runs into lines no wider than width, splitting a word that
// is longer than a whole line.
func (l *layout) wrap(runs []run, width float64) []textLine {
	var words []word
	var breaks []int // indexes into words after which a hard break falls
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
			if i > 0 && gluedUnit(parts[i-1], p) {
				// "2,304 tok/s": a unit stays on its number's line.
				cur.pieces = append(cur.pieces, run{text: " ", st: r.st})
				cur.w += l.measure(" ", r.st)
			} else if i > 0 {
				flush()
				pendingSpace = l.measure(" ", r.st)
			}
			for k, seg := range hyphenSegments(p) {
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
			// A word wider than the line: put it on lines of its own,
			// split at characters.
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
	for _, w := range line.words {
		x += w.space
		for _, p := range w.pieces {
			pw := l.measure(p.text, p.st)
			if p.st.mono {
				l.add(fillRect(x-1, y+size*0.12, pw+2, size*1.16, pdfCode))
			}
			l.add(drawText(p.text, p.st, x, base, l))
			if link := p.st.link; link != "" {
				lx, ly, lw, lh := x, y, pw, size*1.3
				if strings.HasPrefix(link, "#") {
					anchor := link[1:]
					l.add(func(pdf *gopdf.GoPdf) error { pdf.AddInternalLink(anchor, lx, ly, lw, lh); return nil })
				} else {
					l.add(func(pdf *gopdf.GoPdf) error { pdf.AddExternalLink(link, lx, ly, lw, lh); return nil })
				}
			}
			x += pw
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

// --- blocks --------------------------------------------------------------

func body() textStyle { return textStyle{size: bodySize, color: pdfInk} }

// blocks lays out a sequence of sibling block nodes.
func (l *layout) blocks(first ast.Node) {
	for n := first; n != nil; n = n.NextSibling() {
		l.block(n)
	}
}

func (l *layout) block(n ast.Node) {
	switch t := n.(type) {
	case *ast.Heading:
		l.heading(t)
	case *ast.Paragraph:
		switch {
		case mdast.KindOf(t) == mdast.Figure:
			l.image(t)
		case mdast.KindOf(t) == mdast.Caption:
			// drawn with its image
		case mdast.KindOf(t) == mdast.Label:
			// A label ("Findings:", a table's title) is never left alone
			// at the bottom of a page: it keeps with what follows.
			l.ensure(bodySize*1.42 + 6 + l.minHeight(t.NextSibling()))
			l.paragraph(l.runs(t, body()), bodySize, 'l', 6)
		default:
			l.paragraph(l.runs(t, body()), bodySize, 'l', 6)
		}
	case *ast.TextBlock:
		l.paragraph(l.runs(t, body()), bodySize, 'l', 2)
	case *ast.List:
		l.list(t)
	case *ast.FencedCodeBlock:
		l.code(t.Lines())
	case *ast.CodeBlock:
		l.code(t.Lines())
	case *extast.Table:
		l.table(t)
	case *ast.ThematicBreak:
		l.ensure(16)
		l.add(strokeLine(l.left, l.y+6, l.left+l.width, l.y+6, 0.6, pdfRule))
		l.y += 14
	case *ast.Blockquote:
		l.left += 14
		l.width -= 14
		l.blocks(t.FirstChild())
		l.left -= 14
		l.width += 14
	}
}

// headingStyle gives size, space before and after per level.
func headingStyle(level int) (size, before, after float64) {
	switch level {
	case 1:
		return 20, 0, 10
	case 2:
		return 15, 18, 9
	case 3:
		return 12, 12, 6
	}
	return 10.5, 9, 4
}

// heading lays out a heading, keeping it on the same page as the start
// of what follows it.
func (l *layout) heading(h *ast.Heading) {
	size, before, after := headingStyle(h.Level)
	st := textStyle{size: size, bold: true, color: pdfInk}
	if h.Level <= 2 {
		st.color = pdfAccent
	}
	lines := l.wrap([]run{{text: mdast.PlainText(h, l.src), st: st}}, l.width)
	lh := size * 1.3
	height := float64(len(lines))*lh + after
	if h.Level == 2 {
		height += 4
	}
	if !l.atTop() {
		l.y += before
	}
	l.ensure(height + l.minHeight(h.NextSibling()))
	id := ""
	if v, ok := h.AttributeString("id"); ok {
		if b, ok := v.([]byte); ok {
			id = string(b)
		}
	}
	l.headings = append(l.headings, tocEntry{level: h.Level, text: mdast.PlainText(h, l.src), id: id, page: len(l.pages) - 1, y: l.y})
	for _, line := range lines {
		l.drawLine(line, l.left, l.y, l.width, size, 'l')
		l.y += lh
	}
	if h.Level == 2 {
		l.add(strokeLine(l.left, l.y+1, l.left+l.width, l.y+1, 1.2, pdfAccent))
		l.y += 4
	}
	l.y += after
}

// minHeight is how much of block n must fit with the heading before it.
func (l *layout) minHeight(n ast.Node) float64 {
	if n == nil {
		return 0
	}
	switch t := n.(type) {
	case *ast.Paragraph:
		if mdast.KindOf(t) == mdast.Figure {
			_, h, _ := l.imageSize(t)
			return h + 24
		}
		return 2 * bodySize * 1.42
	case *extast.Table:
		return 3 * (tableSize*1.3 + 8)
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		return 4*codeSize*1.35 + 12
	case *ast.Heading:
		size, _, after := headingStyle(t.Level)
		return size*1.3 + after + l.minHeight(t.NextSibling())
	}
	return 2 * bodySize * 1.42
}

// imageSize is the size a chart is drawn at: the text width, or less
// when that would be taller than a page allows.
func (l *layout) imageSize(p *ast.Paragraph) (w, h float64, data []byte) {
	img := p.FirstChild().(*ast.Image)
	c, ok := l.charts[string(img.Destination)]
	if !ok {
		return 0, 0, nil
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(c.PNG))
	if err != nil || cfg.Width == 0 {
		return 0, 0, nil
	}
	ratio := float64(cfg.Height) / float64(cfg.Width)
	w, h = l.width, l.width*ratio
	if maxH := pageH - marginTop - marginBot - 60; h > maxH {
		h, w = maxH, maxH/ratio
	}
	return w, h, c.PNG
}

// image draws a chart, never split across pages, with its caption (the
// next paragraph) kept on the same page.
func (l *layout) image(p *ast.Paragraph) {
	w, h, data := l.imageSize(p)
	if data == nil {
		l.paragraph([]run{{text: mdast.PlainText(p, l.src), st: textStyle{size: captionSize, italic: true, color: pdfMuted}}}, captionSize, 'c', 6)
		return
	}
	var caption []run
	capH := 0.0
	if next, ok := p.NextSibling().(*ast.Paragraph); ok && mdast.KindOf(next) == mdast.Caption {
		caption = l.runs(next, textStyle{size: captionSize, italic: true, color: pdfMuted})
		capH = float64(len(l.wrap(caption, l.width)))*captionSize*1.42 + 4
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
		l.ensure(2 * bodySize * 1.42)
		mx, my := l.left+2, l.y
		l.add(drawText(marker, body(), mx, my+bodySize*1.02, l))
		l.left += indent
		l.width -= indent
		l.blocks(item.FirstChild())
		l.left -= indent
		l.width += indent
	}
	l.y += 4
}

// code lays out a code block in monospace on a grey panel, wrapping long
// lines (continuations indented) and breaking pages between lines.
func (l *layout) code(lines *text.Segments) {
	st := textStyle{size: codeSize, mono: true, color: pdfInk}
	const pad = 6.0
	charW := l.measure("M", st)
	perLine := int((l.width - 2*pad) / charW)
	var rows []string
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		s := strings.TrimRight(string(seg.Value(l.src)), "\n")
		s = strings.ReplaceAll(s, "\t", "    ")
		first := true
		for {
			limit := perLine
			prefix := ""
			if !first {
				prefix = "    "
				limit = perLine - 4
			}
			if utf8.RuneCountInString(s) <= limit {
				rows = append(rows, prefix+s)
				break
			}
			cut := byteIndexOfRune(s, limit)
			rows = append(rows, prefix+s[:cut])
			s = s[cut:]
			first = false
		}
	}
	lh := codeSize * 1.38
	l.ensure(pad*2 + lh*math.Min(4, float64(len(rows))))
	i := 0
	for i < len(rows) {
		// As many rows as fit on this page, in one panel.
		avail := int((l.bottom() - l.y - 2*pad) / lh)
		if avail < 1 {
			l.newPage()
			continue
		}
		n := min(avail, len(rows)-i)
		h := float64(n)*lh + 2*pad
		l.add(fillRect(l.left, l.y, l.width, h, pdfCode))
		l.add(strokeLine(l.left, l.y, l.left, l.y+h, 1.5, pdfRule))
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
