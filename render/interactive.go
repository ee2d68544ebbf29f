package render

import (
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"slices"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"

	"github.com/openzeka/reportgen/render/mdast"
)

// Interactive is a Document whose HTML edition recomputes some of what
// it shows in the reader's browser (the report's what-if view): the
// engine asks it, once per edition, for what the page adds to the
// static report. A document that is not Interactive gets the static
// page only.
type Interactive interface {
	// Interaction is what the edition's page adds, in src's language;
	// nil for none.
	Interaction(src Source) (*Interaction, error)
}

// Interaction is what an interactive document adds to its HTML page.
// Without a script the page reads as the static report: Controls are
// hidden until the script shows them, Data is no script, and the cells'
// attributes show nothing. Markdown and PDF editions are unchanged.
type Interaction struct {
	// Controls is HTML placed first in the page's main element.
	Controls template.HTML
	// Data is the script's data, JSON, in the page as
	// <script type="application/json" id="page-data">.
	Data []byte
	// Script is the page's one script, inline; the content security
	// policy allows it by its SHA-256 hash and nothing else.
	Script string
	// CSS is added to the page's style sheet.
	CSS string
	// Cells are the attributes the cells of some of the document's
	// tables carry in the page (data-*, for the script to find them).
	Cells []TableAttrs
}

// TableAttrs gives the cells of one table of a document attributes in
// the HTML page. The table is found in the edition by its text: the
// plain text of its header cells and of each row's first cell, as
// Table's Markdown reads once parsed. Every table of the edition that
// reads so gets the attributes; one that is not in it (a table the
// templates left out) gets nothing.
type TableAttrs struct {
	Table Table
	// Head are the header cells' attributes, Rows the body cells', by
	// row and column; a nil map or a short slice gives none.
	Head []map[string]string
	Rows [][]map[string]string
}

// ScriptHash is the content security policy's source for script, the
// base64 of its SHA-256 ('sha256-…' without the quotes).
func ScriptHash(script string) string {
	sum := sha256.Sum256([]byte(script))
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}

// tableKey is what finds a table: its header cells' plain text and its
// rows' first cells'.
type tableKey struct {
	head, first []string
}

func (k tableKey) equal(o tableKey) bool {
	return slices.Equal(k.head, o.head) && slices.Equal(k.first, o.first)
}

// keyOf is the key of a table node of the Markdown src.
func keyOf(t *extast.Table, src []byte) tableKey {
	var k tableKey
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		switch row.Kind() {
		case extast.KindTableHeader:
			for c := row.FirstChild(); c != nil; c = c.NextSibling() {
				k.head = append(k.head, mdast.PlainText(c, src))
			}
		case extast.KindTableRow:
			if c := row.FirstChild(); c != nil {
				k.first = append(k.first, mdast.PlainText(c, src))
			}
		}
	}
	return k
}

// tableMarkdown parses Markdown with GitHub tables only: how a
// TableAttrs's table reads.
var tableMarkdown = goldmark.New(goldmark.WithExtensions(extension.Table))

// keyOfTable is the key of t as the edition's Markdown holds it; ok is
// false for a table that writes no table (no rows).
func keyOfTable(t Table) (tableKey, bool) {
	src := []byte(t.Markdown())
	doc := tableMarkdown.Parser().Parse(text.NewReader(src))
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if tb, ok := n.(*extast.Table); ok {
			return keyOf(tb, src), true
		}
	}
	return tableKey{}, false
}

// annotate gives the tables of the edition's tree the attributes of
// cells: each table whose key is a TableAttrs's.
func (e *Edition) annotate(cells []TableAttrs) {
	type spec struct {
		key tableKey
		at  TableAttrs
	}
	var specs []spec
	for _, c := range cells {
		if k, ok := keyOfTable(c.Table); ok {
			specs = append(specs, spec{k, c})
		}
	}
	if len(specs) == 0 {
		return
	}
	_ = ast.Walk(e.root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		t, ok := n.(*extast.Table)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		k := keyOf(t, e.Markdown)
		for _, s := range specs {
			if s.key.equal(k) {
				setCellAttrs(t, s.at)
			}
		}
		return ast.WalkSkipChildren, nil
	})
}

// setCellAttrs sets at's attributes on the cells of table t.
func setCellAttrs(t *extast.Table, at TableAttrs) {
	row := -1
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		attrs := at.Head
		if r.Kind() == extast.KindTableRow {
			row++
			attrs = nil
			if row < len(at.Rows) {
				attrs = at.Rows[row]
			}
		}
		col := 0
		for c := r.FirstChild(); c != nil; c = c.NextSibling() {
			if col < len(attrs) {
				for _, name := range sortedKeys(attrs[col]) {
					c.SetAttributeString(name, []byte(attrs[col][name]))
				}
			}
			col++
		}
	}
}

// sortedKeys are m's keys in order: the page writes attributes the
// same way every time.
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
