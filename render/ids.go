package render

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
	"golang.org/x/text/unicode/norm"
)

// IDs hands out heading anchors that stay readable in any language
// written in Latin letters: "Özet Sonuçlar" → "ozet-sonuclar", repeated headings get "-1", "-2".
// It implements goldmark's parser.IDs, so the table of contents, the
// HTML anchors and the PDF links all agree.
type IDs struct {
	used map[string]bool
}

// NewIDs returns an empty ID set; use one per document.
func NewIDs() *IDs { return &IDs{used: map[string]bool{}} }

// letters are the Latin letters that are no base letter with marks, and
// what they fold to.
var letters = map[rune]string{
	'ı': "i", 'ß': "ss", 'æ': "ae", 'Æ': "ae", 'ø': "o", 'Ø': "o", 'œ': "oe", 'Œ': "oe",
	'đ': "d", 'Đ': "d", 'ð': "d", 'Ð': "d", 'ł': "l", 'Ł': "l", 'þ': "th", 'Þ': "th", 'ŋ': "ng", 'Ŋ': "ng",
}

// fold writes s with every Latin letter as its base letters: marks
// dropped (ş → s, ä → a, é → e, İ → I), the letters without a base
// spelled out (ı → i, ß → ss, æ → ae).
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		if l, ok := letters[r]; ok {
			b.WriteString(l)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Slug folds a heading to an anchor: ASCII letters and digits joined by
// '-', any Latin letter folded to its base ("Qualität der Daten" →
// "qualitat-der-daten", "Özet" → "ozet").
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range fold(s) {
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
