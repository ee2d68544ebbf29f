package pdf

import (
	"strings"
	"sync"

	"codeberg.org/go-fonts/dejavu/dejavusans"
	"codeberg.org/go-fonts/dejavu/dejavusansbold"
	"codeberg.org/go-fonts/dejavu/dejavusansmono"
	"codeberg.org/go-fonts/liberation/liberationmonobold"
	"codeberg.org/go-fonts/liberation/liberationmonoregular"
	"codeberg.org/go-fonts/liberation/liberationsansbold"
	"codeberg.org/go-fonts/liberation/liberationsansbolditalic"
	"codeberg.org/go-fonts/liberation/liberationsansitalic"
	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"github.com/signintech/gopdf"
	"golang.org/x/image/font/sfnt"
)

// The PDF's font families, all embedded from Go modules (no system
// font is read): Liberation Sans for text, Liberation Mono for code, and
// DejaVu for the few symbols Liberation lacks (✓ ✗ ⌈ ⌉ …).
const (
	famSans    = "sans"
	famMono    = "mono"
	famSym     = "sym"
	famSymMono = "symmono"
)

// registerFonts adds every face to pdf.
func registerFonts(pdf *gopdf.GoPdf) error {
	faces := []struct {
		family string
		style  int
		data   []byte
	}{
		{famSans, gopdf.Regular, liberationsansregular.TTF},
		{famSans, gopdf.Bold, liberationsansbold.TTF},
		{famSans, gopdf.Italic, liberationsansitalic.TTF},
		{famSans, gopdf.Bold | gopdf.Italic, liberationsansbolditalic.TTF},
		{famMono, gopdf.Regular, liberationmonoregular.TTF},
		{famMono, gopdf.Bold, liberationmonobold.TTF},
		{famSym, gopdf.Regular, dejavusans.TTF},
		{famSym, gopdf.Bold, dejavusansbold.TTF},
		{famSymMono, gopdf.Regular, dejavusansmono.TTF},
	}
	for _, f := range faces {
		if err := pdf.AddTTFFontDataWithOption(f.family, f.data, gopdf.TtfOption{Style: f.style}); err != nil {
			return err
		}
	}
	return nil
}

// coverage tells which runes a font has. The fonts are fixed, so the
// parsed tables are shared read-only by every render.
type coverage struct {
	font *sfnt.Font
	mu   sync.Mutex
	buf  sfnt.Buffer
	has  map[rune]bool
}

func newCoverage(ttf []byte) *coverage {
	f, err := sfnt.Parse(ttf)
	if err != nil {
		panic("embedded font does not parse: " + err.Error())
	}
	return &coverage{font: f, has: map[rune]bool{}}
}

func (c *coverage) Has(r rune) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.has[r]; ok {
		return v
	}
	i, err := c.font.GlyphIndex(&c.buf, r)
	v := err == nil && i != 0
	c.has[r] = v
	return v
}

var (
	sansCoverage    = sync.OnceValue(func() *coverage { return newCoverage(liberationsansregular.TTF) })
	monoCoverage    = sync.OnceValue(func() *coverage { return newCoverage(liberationmonoregular.TTF) })
	symCoverage     = sync.OnceValue(func() *coverage { return newCoverage(dejavusans.TTF) })
	symMonoCoverage = sync.OnceValue(func() *coverage { return newCoverage(dejavusansmono.TTF) })
)

// fontSpan is a piece of text drawn in one font.
type fontSpan struct {
	family string
	text   string
}

// families are the primary and fallback font families of text or code,
// with the runes each has.
func families(mono bool) (primary, fallback string, pc, fc *coverage) {
	if mono {
		return famMono, famSymMono, monoCoverage(), symMonoCoverage()
	}
	return famSans, famSym, sansCoverage(), symCoverage()
}

// isSpace reports whether r is drawn as a plain space.
func isSpace(r rune) bool { return r == ' ' || r == '\u00a0' || r == '\t' }

// printable reports whether the PDF can draw r in text (or, mono, in
// code): a space, or a rune the primary or the fallback font has.
func printable(r rune, mono bool) bool {
	_, _, pc, fc := families(mono)
	return isSpace(r) || pc.Has(r) || fc.Has(r)
}

// SansHas reports whether r is a space or a rune Liberation Sans, the
// PDF's text font, has, without the fallback: what a text set in
// Liberation Sans alone (the PNG charts) can draw.
func SansHas(r rune) bool { return isSpace(r) || sansCoverage().Has(r) }

// spans splits s into runs of the primary family and of the symbol
// fallback; a rune neither has becomes '?', so nothing prints as a box.
func spans(s string, mono bool) []fontSpan {
	primary, fallback, pc, fc := families(mono)
	// Each span is built in its own buffer: appending rune by rune to a
	// string would copy the span at every rune (quadratic in its length).
	var out []fontSpan
	var b strings.Builder
	fam := ""
	for _, r := range s {
		f := primary
		switch {
		case r == '\t':
			r = ' '
		case isSpace(r) || pc.Has(r):
		case fc.Has(r):
			f = fallback
		default:
			r = '?'
		}
		if f != fam && b.Len() > 0 {
			out = append(out, fontSpan{fam, b.String()})
			b = strings.Builder{}
		}
		fam = f
		b.WriteRune(r)
	}
	if b.Len() > 0 {
		out = append(out, fontSpan{fam, b.String()})
	}
	return out
}
