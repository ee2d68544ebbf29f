package render

import (
	"slices"
	"strings"
	"unicode"

	"github.com/openzeka/reportgen/render/pdf"
)

// Unprintable lists, sorted and once each, the characters of the
// edition's PDF text (the Markdown's text, the title, the cover's
// fields) that neither the font they are set in nor its fallback
// (DejaVu) can draw: emoji, CJK, Arabic and the like, which the PDF
// prints as "?" (pdf.Unprintable).
func (e *Edition) Unprintable() []rune {
	e.locMu.Lock()
	defer e.locMu.Unlock()
	return pdf.Unprintable(e.root, e.Markdown, e.pdfAssets())
}

// ChartUnprintable lists, sorted and once each, the characters of the
// edition's chart labels (configuration names, which the PNG charts set
// in Liberation Sans with no fallback) that the chart font cannot draw:
// they are left out of the PNG images. SVG charts are drawn by the
// browser's fonts and are not concerned.
func (e *Edition) ChartUnprintable() []rune {
	seen := map[rune]bool{}
	for _, name := range e.cover.Names {
		for _, r := range name {
			if !pdf.SansHas(r) {
				seen[r] = true
			}
		}
	}
	out := make([]rune, 0, len(seen))
	for r := range seen {
		out = append(out, r)
	}
	slices.Sort(out)
	return out
}

// RightToLeft reports whether the edition's PDF text holds right-to-left
// script (Arabic, Hebrew, …): the PDF draws it left to right, its
// letters unjoined.
func (e *Edition) RightToLeft() bool {
	rtl := func(s string) bool {
		return strings.ContainsFunc(s, func(r rune) bool {
			return unicode.In(r, unicode.Arabic, unicode.Hebrew, unicode.Syriac, unicode.Thaana, unicode.Nko)
		})
	}
	if rtl(e.title()) || rtl(e.cover.Subtitle) || rtl(string(e.Markdown)) {
		return true
	}
	for _, f := range e.cover.Fields {
		if rtl(f.Value) {
			return true
		}
	}
	return false
}
