package pdf

import (
	"github.com/signintech/gopdf"
	extast "github.com/yuin/goldmark/extension/ast"
)

// tocEntry is a heading as laid out: where the table of contents,
// outline and links point.
type tocEntry struct {
	level int
	text  string
	id    string
	page  int // index into layout.pages
	y     float64
	// beforeContents: the heading comes before the contents (the
	// summary's); its subsections are not listed there.
	beforeContents bool
}

// layout flows the document's blocks onto content pages.
type layout struct {
	pdf      *gopdf.GoPdf
	src      []byte
	images   map[string][]byte // PNG by link destination
	glue     map[string]bool   // units that stay on their number's line
	pages    [][]op
	y        float64 // top of the free space on the current page
	left     float64 // current left edge (lists indent it)
	width    float64 // current text width
	headings []tocEntry
	measured map[measureKey]float64
	tables   map[*extast.Table]*tableLayout
	// pageBefore says whether a level-2 heading titled as given starts
	// a page (Assets.PageBefore); nil for none.
	pageBefore func(title string) bool
	// wideImage says whether an image is set at the full text width
	// (Assets.WideImage); nil for none.
	wideImage func(dest string) bool
	// dense is set from the heading pageBefore picks on (the appendix):
	// its tables and code are set a size smaller, reference matter read
	// up close.
	dense bool
	// toc is where contents that share a page are drawn (nil when they
	// have pages of their own or there are none).
	toc *tocSlot
	// pastContents is set once the contents' place is laid out: the
	// headings before it are the summary's.
	pastContents bool
}

// newLayout is a layout of src's blocks, one empty page, the text
// column the page's width between the margins.
func newLayout(pdf *gopdf.GoPdf, src []byte, images map[string][]byte, glue map[string]bool) *layout {
	l := &layout{pdf: pdf, src: src, images: images, glue: glue, left: marginX, width: pageW - 2*marginX, measured: map[measureKey]float64{}, tables: map[*extast.Table]*tableLayout{}}
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

// measureKey is what a text's width depends on: the text, its size and
// face (colour and link do not change it).
type measureKey struct {
	s                  string
	size               float64
	bold, italic, mono bool
}

// measure is the width of s in style st, summed over its font spans.
func (l *layout) measure(s string, st textStyle) float64 {
	key := measureKey{s, st.size, st.bold, st.italic, st.mono}
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
