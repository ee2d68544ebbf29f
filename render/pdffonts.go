package render

import (
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

// spans splits s into runs of the primary family and of the symbol
// fallback; a rune neither has becomes '?', so nothing prints as a box.
func spans(s string, mono bool) []fontSpan {
	primary, fallback := famSans, famSym
	pc, fc := sansCoverage(), symCoverage()
	if mono {
		primary, fallback = famMono, famSymMono
		pc, fc = monoCoverage(), symMonoCoverage()
	}
	var out []fontSpan
	add := func(fam string, r rune) {
		if n := len(out); n > 0 && out[n-1].family == fam {
			out[n-1].text += string(r)
			return
		}
		out = append(out, fontSpan{fam, string(r)})
	}
	for _, r := range s {
		switch {
		case r == ' ' || r == '\u00a0' || pc.Has(r):
			add(primary, r)
		case fc.Has(r):
			add(fallback, r)
		default:
			add(primary, '?')
		}
	}
	return out
}
