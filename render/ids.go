package render

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
)

// IDs hands out heading anchors that stay readable in Turkish:
// "Özet Sonuçlar" → "ozet-sonuclar", repeated headings get "-1", "-2".
// It implements goldmark's parser.IDs, so the table of contents, the
// HTML anchors and the PDF links all agree.
type IDs struct {
	used map[string]bool
}

// NewIDs returns an empty ID set; use one per document.
func NewIDs() *IDs { return &IDs{used: map[string]bool{}} }

var fold = strings.NewReplacer(
	"ç", "c", "Ç", "c", "ğ", "g", "Ğ", "g", "ı", "i", "I", "i", "İ", "i",
	"ö", "o", "Ö", "o", "ş", "s", "Ş", "s", "ü", "u", "Ü", "u",
	"â", "a", "Â", "a", "î", "i", "Î", "i", "û", "u", "Û", "u",
)

// Slug folds a heading to an anchor: ASCII letters and digits joined by
// '-'.
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range fold.Replace(s) {
		r = unicode.ToLower(r)
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	if b.Len() == 0 {
		return "section"
	}
	return b.String()
}

// Generate returns a new unique anchor for heading text s.
func (ids *IDs) Generate(s string) string {
	base := Slug(s)
	id := base
	for i := 1; ids.used[id]; i++ {
		id = base + "-" + strconv.Itoa(i)
	}
	ids.used[id] = true
	return id
}

// goldmarkIDs adapts IDs to goldmark's parser.IDs.
type goldmarkIDs struct{ *IDs }

func (g goldmarkIDs) Generate(value []byte, _ ast.NodeKind) []byte {
	return []byte(g.IDs.Generate(string(value)))
}

func (g goldmarkIDs) Put(value []byte) { g.used[string(value)] = true }
