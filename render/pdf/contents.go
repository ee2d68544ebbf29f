package pdf

import (
	"math"
	"strconv"
	"strings"

	"github.com/signintech/gopdf"
)

// Contents page geometry.
const (
	tocLine = 14.5
	tocTop  = marginTop + 40
)

// tocLinesPerPage is how many entries one contents page holds.
var tocLinesPerPage = int(math.Floor(float64(pageH-marginBot-tocTop) / tocLine))

// tocTightLine is the closest line spacing the contents close up to, so
// that a list a few lines longer than a page keeps to one page rather
// than leave a page with a line or two on it.
const tocTightLine = 12.5

func tocPageCount(entries int) int {
	if entries == 0 || entries <= int(math.Floor(float64(pageH-marginBot-tocTop)/tocTightLine)) {
		return 1
	}
	return (entries + tocLinesPerPage - 1) / tocLinesPerPage
}

// tocSpacing is the contents' line spacing for entries entries: the
// usual one, closed up when that lets them keep to one page.
func tocSpacing(entries int) float64 {
	if entries > tocLinesPerPage && tocPageCount(entries) == 1 {
		return float64(pageH-marginBot-tocTop) / float64(entries)
	}
	return tocLine
}

// tocSlot is where contents short enough to share a page are drawn: on
// body page page, from y down, entries step apart. Contents that do not
// fit below the text of that page but fill most of it continue at the
// top of the next (next, holding the entries after the first first).
type tocSlot struct {
	page    int
	y, step float64
	entries int
	first   int      // the entries drawn on page; the rest go to next
	next    *tocSlot // the continuation, without a title; nil when none
}

// tocSplitMin is the fewest entries contents leave on either side of a
// page break: a shorter run starts or ends them on a page of its own.
const tocSplitMin = 6

// tocMinLine is the closest line spacing of contents drawn on a page
// they share with the text (tocSlot): 10 pt entries at 1.15 leading.
const tocMinLine = 11.5

// tocTitleH is the height of the contents title above the entries.
const tocTitleH = tocTop - marginTop

// reserveContents makes room for contents of entries lines below the
// cursor when they fit there at tocMinLine or more, else at the top of
// a new page; it reports false when they need more than a page (they
// then get pages of their own).
func (l *layout) reserveContents(entries int) bool {
	if entries == 0 {
		return false
	}
	usable := l.bottom() - marginTop
	fits := func(room float64) (float64, bool) {
		step := min(tocLine, (room-tocTitleH)/float64(entries))
		return step, step >= tocMinLine
	}
	if !l.atTop() {
		l.y += 14
	}
	step, ok := fits(l.bottom() - l.y)
	if ok {
		l.toc = &tocSlot{page: len(l.pages) - 1, y: l.y, step: step, entries: entries, first: entries}
		l.y += tocTitleH + float64(entries)*step + 10
		return true
	}
	if _, ok := fits(usable); !ok {
		return false
	}
	// Rather than leave the rest of this page empty, the contents begin
	// below the text and continue at the top of the next page, at the
	// usual spacing, when at least tocSplitMin entries go on each side.
	first := int(math.Floor((l.bottom() - l.y - tocTitleH) / tocLine))
	if first >= tocSplitMin && entries-first >= tocSplitMin {
		l.toc = &tocSlot{page: len(l.pages) - 1, y: l.y, step: tocLine, entries: entries, first: first}
		l.newPage()
		l.toc.next = &tocSlot{page: len(l.pages) - 1, y: l.y, step: tocLine, entries: entries - first, first: entries - first}
		l.y += float64(entries-first)*tocLine + 10
		return true
	}
	step, _ = fits(usable)
	l.newPage()
	l.toc = &tocSlot{page: len(l.pages) - 1, y: l.y, step: step, entries: entries, first: entries}
	l.y += tocTitleH + float64(entries)*step + 10
	return true
}

// contentsAt draws contents into the slot reserved for them on body
// page page: the first part, under its title, on the slot's page, the
// rest at the top of the next.
func contentsAt(pdf *gopdf.GoPdf, l *layout, a Assets, toc []tocEntry, pageNo func(int) int, slot *tocSlot, page int) {
	tl := &layout{pdf: pdf, glue: l.glue, measured: l.measured, left: marginX, width: pageW - 2*marginX, pages: [][]op{nil}}
	switch {
	case page == slot.page:
		tocTitle(tl, a, slot.y)
		tocLines(tl, toc[:slot.first], pageNo, slot.y+tocTitleH, slot.step)
	case slot.next != nil && page == slot.next.page:
		tocLines(tl, toc[slot.first:], pageNo, slot.next.y, slot.next.step)
	}
	for _, o := range tl.pages[0] {
		_ = o(pdf)
	}
}

// contents draws the contents pages: one line per section, dotted to its page
// number, the whole line a link to the section.
// pageNo gives a body page's printed number; the contents pages are
// printed pages first … first+count-1.
func contents(pdf *gopdf.GoPdf, l *layout, a Assets, toc []tocEntry, pageNo func(int) int, first, count, total int, header string) {
	tl := &layout{pdf: pdf, glue: l.glue, measured: l.measured, left: marginX, width: pageW - 2*marginX}
	step := tocSpacing(len(toc))
	perPage := tocLinesPerPage
	if count == 1 {
		perPage = len(toc)
	}
	for p := 0; p < count; p++ {
		pdf.AddPage()
		tl.pages = [][]op{nil}
		furniture(pdf, tl, a, header, first+p, total)
		if p == 0 {
			tocTitle(tl, a, marginTop)
		}
		tocLines(tl, toc[min(p*perPage, len(toc)):min((p+1)*perPage, len(toc))], pageNo, tocTop, step)
		for _, o := range tl.pages[0] {
			_ = o(pdf)
		}
	}
}

// tocTitle draws the contents title at y.
func tocTitle(tl *layout, a Assets, y float64) {
	st := textStyle{size: 18, bold: true, color: accent}
	tl.drawLine(textLine{words: []word{{pieces: []run{{text: a.ContentsTitle, st: st}}, w: tl.measure(a.ContentsTitle, st)}}}, marginX, y, tl.width, st.size, 'l')
}

// tocLines draws the entries from y down, step apart.
func tocLines(tl *layout, toc []tocEntry, pageNo func(int) int, y, step float64) {
	for _, h := range toc {
		st := textStyle{size: 10, color: ink}
		indent := 0.0
		if h.level <= 2 {
			st.bold = true
		} else {
			indent = 16
			st.size = 9.5
		}
		num := strconv.Itoa(pageNo(h.page))
		numW := tl.measure(num, st)
		maxText := tl.width - indent - numW - 30
		text := fitText(tl, h.text, st, maxText)
		tw := tl.measure(text, st)
		tl.add(drawText(text, st, marginX+indent, y+st.size*1.02, tl))
		dots := textStyle{size: st.size, color: rule}
		dotW := tl.measure(" .", dots)
		for x := marginX + indent + tw + 6; x+dotW < pageW-marginX-numW-4; x += dotW {
			tl.add(drawText(" .", dots, x, y+st.size*1.02, tl))
		}
		tl.add(drawText(num, st, pageW-marginX-numW, y+st.size*1.02, tl))
		if h.id != "" {
			id, ly := h.id, y
			tl.add(func(pdf *gopdf.GoPdf) error {
				pdf.AddInternalLink(id, marginX, ly, pageW-2*marginX, step)
				return nil
			})
		}
		y += step
	}
}

// fitText shortens s to the longest start that fits width with an
// ellipsis after it (at least one character). Widths only grow with
// the text, so the cut is found by binary search over the number of
// characters kept: a title of 100,000 characters costs some twenty
// measurements, not one per character.
func fitText(l *layout, s string, st textStyle, width float64) string {
	if l.measure(s, st) <= width {
		return s
	}
	r := []rune(s)
	cut := func(n int) string { return strings.TrimRight(string(r[:n]), " ") + "…" }
	lo, hi := 1, len(r)-1 // lo characters fit, or lo is 1; more than hi do not
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if l.measure(cut(mid), st) <= width {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return cut(lo)
}

// headerStyle is the style of the running header and the footer.
var headerStyle = textStyle{size: 8, color: muted}

// furniture draws the running header (header, the title cut to
// one line) and the footer ("Page n / N") of a page after the cover.
func furniture(pdf *gopdf.GoPdf, l *layout, a Assets, header string, page, total int) {
	st := headerStyle
	ops := []op{
		drawText(header, st, marginX, 40, l),
		strokeLine(marginX, 46, pageW-marginX, 46, 0.5, rule),
		strokeLine(marginX, pageH-44, pageW-marginX, pageH-44, 0.5, rule),
	}
	label := a.PageLabel(page, total)
	labelW := l.measure(label, st)
	ops = append(ops, drawText(label, st, pageW-marginX-labelW, pageH-32, l))
	dateW := 0.0
	if d := a.DateText; d != "" {
		dateW = l.measure(d, st)
		ops = append(ops, drawText(d, st, marginX, pageH-32, l))
	}
	if f := a.Footer; f != "" {
		// Centred between the date and the page label, cut to the room
		// between them.
		room := pageW - 2*marginX - 2*max(dateW, labelW) - 24
		f = fitText(l, f, st, room)
		ops = append(ops, drawText(f, st, (pageW-l.measure(f, st))/2, pageH-32, l))
	}
	for _, o := range ops {
		_ = o(pdf)
	}
}
