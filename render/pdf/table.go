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

// table lays out a GFM table: columns sized to their content and never
// wider than the text column, cells wrapped, rows as tall as their
// tallest cell, page breaks between rows with the header row repeated.
func (l *layout) table(t *extast.Table) {
	size := tableSize
	var head []tableCell
	var rows [][]tableCell
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		var cells []tableCell
		for c := r.FirstChild(); c != nil; c = c.NextSibling() {
			cell := c.(*extast.TableCell)
			cells = append(cells, tableCell{align: alignOf(cell.Alignment), cls: mdast.Class(cell)})
		}
		if r.Kind() == extast.KindTableHeader {
			head = cells
		} else {
			rows = append(rows, cells)
		}
	}
	cols := len(head)
	if cols == 0 {
		return
	}
	// Runs depend on the font size; the widths are fitted by shrinking
	// the size until every column's longest word fits.
	var widths []float64
	for {
		l.fillRuns(t, head, rows, size)
		var ok bool
		widths, ok = l.columnWidths(head, rows, cols)
		if ok || size <= 6.5 {
			break
		}
		size -= 0.5
	}
	const pad = 4.0
	lh := size * 1.32
	wrapCells := func(cells []tableCell) float64 {
		maxLines := 1
		for j := range cells {
			if j >= cols {
				break
			}
			cells[j].lines = l.wrap(cells[j].runs, widths[j]-2*pad)
			maxLines = max(maxLines, len(cells[j].lines))
		}
		return float64(maxLines)*lh + 2*pad
	}
	headH := wrapCells(head)
	rowH := make([]float64, len(rows))
	for i := range rows {
		rowH[i] = wrapCells(rows[i])
	}
	first := headH
	if len(rows) > 0 {
		first += rowH[0]
	}
	l.ensure(first)
	l.drawRow(head, widths, headH, size, pad, lh, true, 0)
	for i, row := range rows {
		if l.y+rowH[i] > l.bottom() {
			l.newPage()
			l.drawRow(head, widths, headH, size, pad, lh, true, 0)
		}
		l.drawRow(row, widths, rowH[i], size, pad, lh, false, i)
	}
	l.y += 10
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
	const pad = 4.0
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
