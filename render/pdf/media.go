package pdf

import (
	"bytes"
	"image"
	_ "image/png" // images are PNG
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/signintech/gopdf"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/openzeka/reportgen/render/mdast"
)

// imageSize is the size an image (a chart) is drawn at: the text
// width, or less when that would be taller than a page allows.
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
	w, h = l.width, l.width*ratio
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
	st := textStyle{size: codeSize, mono: true, color: ink}
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
