package pdf

import "github.com/signintech/gopdf"

// rgb is a colour of the PDF.
type rgb struct{ r, g, b uint8 }

// The PDF's colours: text, secondary text (captions, furniture), the
// accent (headings, links, the cover), rules, and the fills of table
// stripes, table headers, code and SLO cells.
var (
	ink      = rgb{0x1f, 0x23, 0x28}
	muted    = rgb{0x59, 0x63, 0x6e}
	accent   = rgb{0x0b, 0x5c, 0xad}
	rule     = rgb{0xd0, 0xd7, 0xde}
	stripe   = rgb{0xf6, 0xf8, 0xfa}
	headFill = rgb{0xea, 0xee, 0xf2}
	codeFill = rgb{0xf3, 0xf5, 0xf7}
	passFill = rgb{0xbf, 0xe7, 0xd9}
	partFill = rgb{0xf7, 0xdc, 0xa0}
	failFill = rgb{0xf2, 0xc1, 0xa5}
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
	// The appendix's sizes (layout.dense).
	denseBodySize  = 9.0
	denseTableSize = 7.5
	denseCodeSize  = 6.8
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
