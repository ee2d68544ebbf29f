package pdf

import (
	"math"
	"strings"

	"github.com/signintech/gopdf"
)

// The most lines the cover gives the title, the subtitle and a field; a
// longer one ends its last line in an ellipsis.
const (
	coverTitleLines    = 6
	coverSubtitleLines = 4
	// coverValueLines is the most lines of one labelled field (a
	// side's description on a comparison's cover, its caveats
	// included).
	coverValueLines = 5
)

// cover draws the title page: the title, the subtitle, the labelled
// fields and the logo.
func cover(pdf *gopdf.GoPdf, glue map[string]bool, a Assets, logo *coverLogo) {
	pdf.AddPage()
	l := newLayout(pdf, nil, nil, glue)
	_ = fillRect(0, 0, pageW, 10, accent)(pdf)
	_ = fillRect(0, 0, 10, pageH, accent)(pdf)
	if logo != nil {
		if holder, err := gopdf.ImageHolderByBytes(logo.data); err == nil {
			_ = pdf.ImageByHolder(holder, pageW-marginX-logo.w, 50, &gopdf.Rect{W: logo.w, H: logo.h})
		}
	}
	y := 250.0
	if a.Mark != "" {
		mark := textStyle{size: 11, bold: true, color: accent}
		for _, line := range l.wrapAtMost(a.Mark, mark, l.width, 2) {
			l.drawLine(line, marginX, y-40, l.width, mark.size, 'l')
			y += mark.size * 1.3
		}
	}
	st := textStyle{size: 26, bold: true, color: accent}
	for _, line := range l.wrapAtMost(a.Title, st, balancedWidth(l, a.Title, st, l.width), coverTitleLines) {
		l.drawLine(line, marginX, y, l.width, st.size, 'l')
		y += st.size * 1.25
	}
	if s := a.Subtitle; s != "" {
		y += 6
		sub := textStyle{size: 14, color: muted}
		for _, line := range l.wrapAtMost(s, sub, l.width, coverSubtitleLines) {
			l.drawLine(line, marginX, y, l.width, sub.size, 'l')
			y += sub.size * 1.35
		}
	}
	y += 24
	label := textStyle{size: 10, bold: true, color: muted}
	value := textStyle{size: 11, color: ink}
	for _, r := range a.Cover {
		l.add(strokeLine(marginX, y, pageW-marginX, y, 0.5, rule))
		key := r.Label
		l.drawLine(textLine{words: []word{{pieces: []run{{text: key, st: label}}, w: l.measure(key, label)}}}, marginX, y+8, 140, label.size, 'l')
		vy := y + 7
		for _, line := range l.wrapAtMost(r.Value, value, l.width-150, coverValueLines) {
			l.drawLine(line, marginX+150, vy, l.width-150, value.size, 'l')
			vy += value.size * 1.4
		}
		y = math.Max(y+28, vy+8)
	}
	l.add(strokeLine(marginX, y, pageW-marginX, y, 0.5, rule))
	for _, o := range l.pages[0] {
		_ = o(pdf)
	}
}

// balancedWidth is the width a title set in st over several lines is
// wrapped to: the narrowest, down to half of width, at which it takes no
// more lines than at width, so that its lines come out even and no word
// is left alone on the last ("(DSpark)" under two full lines).
func balancedWidth(l *layout, s string, st textStyle, width float64) float64 {
	n := len(l.wrap([]run{{text: s, st: st}}, width))
	if n < 2 {
		return width
	}
	best := width
	for w := width - 2; w >= width/2; w -= 2 {
		if len(l.wrap([]run{{text: s, st: st}}, w)) > n {
			break
		}
		best = w
	}
	return best
}

// wrapAtMost wraps s in style st to width in at most n lines; when it
// needs more, the last line holds the rest of the text cut to fit with
// an ellipsis.
func (l *layout) wrapAtMost(s string, st textStyle, width float64, n int) []textLine {
	lines := l.wrap([]run{{text: s, st: st}}, width)
	if len(lines) <= n {
		return lines
	}
	// The pieces of the lines kept are s's text in order: skip them to
	// find where the n-th line starts.
	pos := 0
	for _, line := range lines[:n-1] {
		for _, w := range line.words {
			for _, p := range w.pieces {
				if i := strings.Index(s[pos:], p.text); i >= 0 {
					pos += i + len(p.text)
				}
			}
		}
	}
	last := fitText(l, strings.TrimLeft(s[pos:], " "), st, width)
	return append(lines[:n-1], textLine{words: []word{{pieces: []run{{text: last, st: st}}, w: l.measure(last, st)}}, w: l.measure(last, st)})
}
