package pdf

import (
	"math"

	extast "github.com/yuin/goldmark/extension/ast"

	"github.com/openzeka/reportgen/render/mdast"
)

// tableCell is one cell as laid out.
type tableCell struct {
	runs  []run
	align byte // 'l', 'r', 'c'
	cls   string
	lines []textLine
}

// tableLayout is a table measured for a column width: its cells with
// their runs and wrapped lines, the column widths, the font size and
// line height it is set in, and the heights of its header and rows.
type tableLayout struct {
	head         []tableCell
	rows         [][]tableCell
	widths       []float64
	size, lh     float64
	headH        float64
	rowH         []float64
	measuredFrom float64 // the column width it was measured for
}

// tablePad is a cell's inner padding.
const tablePad = 4.0

// measureTable measures a GFM table for the current column width:
// columns sized to their content and never wider than the column, the
// font shrunk until every column's longest word fits, cells wrapped,
// rows as tall as their tallest cell. Nil for a table without columns.
// The measure is kept: keep-with-next asks for it before the table is
// laid out.
func (l *layout) measureTable(t *extast.Table) *tableLayout {
	if m, ok := l.tables[t]; ok && m.measuredFrom == l.width {
		return m
	}
	m := &tableLayout{size: tableSize, measuredFrom: l.width}
	if l.dense {
		m.size = denseTableSize
	}
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		var cells []tableCell
		for c := r.FirstChild(); c != nil; c = c.NextSibling() {
			cell := c.(*extast.TableCell)
			cells = append(cells, tableCell{align: alignOf(cell.Alignment), cls: mdast.Class(cell)})
		}
		if r.Kind() == extast.KindTableHeader {
			m.head = cells
		} else {
			m.rows = append(m.rows, cells)
		}
	}
	cols := len(m.head)
	if cols == 0 {
		return nil
	}
	for {
		l.fillRuns(t, m.head, m.rows, m.size)
		var ok bool
		m.widths, ok = l.columnWidths(m.head, m.rows, cols)
		if ok || m.size <= 6.5 {
			break
		}
		m.size -= 0.5
	}
	m.lh = m.size * 1.32
	wrapCells := func(cells []tableCell) float64 {
		maxLines := 1
		for j := range cells {
			if j >= cols {
				break
			}
			cells[j].lines = l.wrap(cells[j].runs, m.widths[j]-2*tablePad)
			maxLines = max(maxLines, len(cells[j].lines))
		}
		return float64(maxLines)*m.lh + 2*tablePad
	}
	m.headH = wrapCells(m.head)
	m.rowH = make([]float64, len(m.rows))
	for i := range m.rows {
		m.rowH[i] = wrapCells(m.rows[i])
	}
	l.tables[t] = m
	return m
}

// tableStart is how much of table t must fit where it begins (planTable's
// rule): the whole table when it is too short to split, else its header
// and first minRowsSplit rows.
func (l *layout) tableStart(t *extast.Table) float64 {
	m := l.measureTable(t)
	if m == nil {
		return 0
	}
	h := m.headH
	for i, rh := range m.rowH {
		if len(m.rowH) >= 2*minRowsSplit && i >= minRowsSplit {
			break
		}
		h += rh
	}
	return h
}

// table lays out a GFM table as measureTable measures it, with page
// breaks between rows as planTable places them, the header row repeated
// on every page.
func (l *layout) table(t *extast.Table) {
	m := l.measureTable(t)
	if m == nil {
		return
	}
	moveFirst, breaks := planTable(m.headH, m.rowH, l.bottom()-l.y, l.bottom()-marginTop, l.atTop())
	if moveFirst {
		l.newPage()
	}
	l.drawRow(m.head, m.widths, m.headH, m.size, tablePad, m.lh, true, 0)
	for i, row := range m.rows {
		if len(breaks) > 0 && breaks[0] == i {
			breaks = breaks[1:]
			l.newPage()
			l.drawRow(m.head, m.widths, m.headH, m.size, tablePad, m.lh, true, 0)
		}
		l.drawRow(row, m.widths, m.rowH[i], m.size, tablePad, m.lh, false, i)
	}
	l.y += 10
}

// minRowsSplit is the fewest rows a table leaves on either side of a
// page break: a row or two alone on a page reads as a stray.
const minRowsSplit = 3

// planTable places a table's rows on pages: whether it starts on a new
// page (moveFirst), and the rows before which a page break falls, each
// page repeating the header of height headH. avail is the room left on
// the current page, page a whole page's; atTop says the current page is
// still empty. A table that fits where it is stays whole; one that does
// not is split only with minRowsSplit rows or more on each side of every
// break, else it moves whole to the next page, where it splits (by the
// same rule) only when it is longer than a page. Rows taller than a
// page break where they must.
func planTable(headH float64, rowH []float64, avail, page float64, atTop bool) (moveFirst bool, breaks []int) {
	n := len(rowH)
	// fit is how many rows from index from fit under a header in room.
	fit := func(from int, room float64) int {
		used, k := headH, 0
		for i := from; i < n && used+rowH[i] <= room; i++ {
			used += rowH[i]
			k++
		}
		return k
	}
	if fit(0, avail) == n {
		return false, nil
	}
	first := fit(0, avail)
	if !atTop && (first < min(minRowsSplit, n) || n-first < minRowsSplit && n-minRowsSplit < minRowsSplit) {
		moveFirst, avail = true, page
	}
	for cur := 0; ; {
		k := max(fit(cur, avail), 1) // a row taller than a page still goes somewhere
		next := cur + k
		if next >= n {
			return moveFirst, breaks
		}
		if n-next < minRowsSplit && n-minRowsSplit-cur >= minRowsSplit {
			next = n - minRowsSplit // leave enough rows for the last page
		}
		breaks = append(breaks, next)
		cur, avail = next, page
	}
}

func alignOf(a extast.Alignment) byte {
	switch a {
	case extast.AlignRight:
		return 'r'
	case extast.AlignCenter:
		return 'c'
	}
	return 'l'
}

// fillRuns sets the cells' runs at font size.
func (l *layout) fillRuns(t *extast.Table, head []tableCell, rows [][]tableCell, size float64) {
	ri := -1
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		target := head
		if r.Kind() != extast.KindTableHeader {
			ri++
			target = rows[ri]
		}
		j := 0
		for c := r.FirstChild(); c != nil && j < len(target); c = c.NextSibling() {
			st := textStyle{size: size, color: ink, bold: r.Kind() == extast.KindTableHeader || target[j].cls != ""}
			target[j].runs = l.runs(c, st)
			j++
		}
	}
}

// columnWidths fits the columns to the text width. Each column wants its
// widest cell on one line; when they do not all fit, the room above
// every column's longest word is shared out in proportion to what each
// wants. ok is false when even the longest words do not fit.
func (l *layout) columnWidths(head []tableCell, rows [][]tableCell, cols int) ([]float64, bool) {
	pad := tablePad
	natural := make([]float64, cols)
	minimum := make([]float64, cols)
	measure := func(cells []tableCell) {
		for j := 0; j < cols && j < len(cells); j++ {
			line, longest := 0.0, 0.0
			for _, w := range l.wrap(cells[j].runs, math.Inf(1))[0].words {
				line += w.space + w.w
				longest = math.Max(longest, w.w)
			}
			natural[j] = math.Max(natural[j], line+2*pad+1)
			minimum[j] = math.Max(minimum[j], longest+2*pad+1)
		}
	}
	measure(head)
	for _, r := range rows {
		measure(r)
	}
	sumN, sumM := 0.0, 0.0
	for j := range natural {
		sumN += natural[j]
		sumM += minimum[j]
	}
	w := make([]float64, cols)
	switch {
	case sumN <= l.width:
		// Everything fits on one line: spread the spare room evenly so
		// that the table spans the column.
		extra := (l.width - sumN) / float64(cols)
		for j := range w {
			w[j] = natural[j] + extra
		}
		return w, true
	case sumM <= l.width:
		k := (l.width - sumM) / (sumN - sumM)
		for j := range w {
			w[j] = minimum[j] + (natural[j]-minimum[j])*k
		}
		return w, true
	}
	// Even the longest words do not fit: share the width in proportion
	// to them, so a narrow numeric column keeps its share.
	for j := range w {
		w[j] = l.width * minimum[j] / sumM
	}
	return w, false
}

// drawRow draws one row with its top at the cursor.
func (l *layout) drawRow(cells []tableCell, widths []float64, h, size, pad, lh float64, header bool, index int) {
	x := l.left
	for j, w := range widths {
		fill := rgb{0xff, 0xff, 0xff}
		switch {
		case header:
			fill = headFill
		case j < len(cells) && cells[j].cls == "slo-pass":
			fill = passFill
		case j < len(cells) && cells[j].cls == "slo-part":
			fill = partFill
		case j < len(cells) && cells[j].cls == "slo-fail":
			fill = failFill
		case index%2 == 1:
			fill = stripe
		}
		l.add(fillRect(x, l.y, w, h, fill))
		if j < len(cells) {
			y := l.y + pad
			for _, line := range cells[j].lines {
				l.drawLine(line, x+pad, y, w-2*pad, size, cells[j].align)
				y += lh
			}
		}
		x += w
	}
	// Grid: row rule and column rules.
	right := l.left
	for _, w := range widths {
		right += w
	}
	l.add(strokeLine(l.left, l.y, right, l.y, 0.4, rule))
	l.add(strokeLine(l.left, l.y+h, right, l.y+h, 0.4, rule))
	x = l.left
	l.add(strokeLine(x, l.y, x, l.y+h, 0.4, rule))
	for _, w := range widths {
		x += w
		l.add(strokeLine(x, l.y, x, l.y+h, 0.4, rule))
	}
	l.y += h
}
