package ingest

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// csvExts are the extensions of the CSV formats' files.
var csvExts = []string{".csv"}

// table is a delimited text file read whole, with the position of every
// field. It handles the dialects that spreadsheets write (UTF-8 BOM, CRLF,
// Windows-1254, ';' with decimal commas) so that the format readers only
// see canonical text. It implements gocsv.CSVReader over its records.
type table struct {
	file    string
	records [][]string
	pos     [][]Pos
	comma   rune
	next    int
	// orig is the header as written in the file, kept when the header
	// cells are renamed to canonical names.
	orig []string
}

// rowCap bounds the rows of a table after its first line: a table
// reader stops at the first row past max, without parsing the rest of
// the file, and refuses the file saying what its rows are (what: "load
// levels, one row each"). Read whole, a 255 MiB table took 30 s and
// 5 GB before the level count refused it.
type rowCap struct {
	max  int
	what string
}

// The tables' caps: the llm-benchmark export has one row per level, a
// sweep's summary.csv and guidellm's CSV one per run, an AIPerf or
// GenAI-Perf table one per metric (about 60, and one per GPU and metric
// in a telemetry block).
var (
	levelRows     = rowCap{MaxLevels, "load levels, one row each"}
	runRows       = rowCap{MaxRuns, "runs, one row each"}
	metricRowsCap = rowCap{4096, "metric rows"}
)

// readTable splits data into records, at most limit.max after the
// first. Warnings describe what was converted on the way (the
// encoding); errors carry a position.
func readTable(file string, data []byte, limit rowCap) (*table, []*Warning, error) {
	var warnings []*Warning
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		decoded, err := charmap.Windows1254.NewDecoder().Bytes(data)
		if err != nil {
			return nil, nil, errorf(Pos{File: file}, "", "file is neither UTF-8 nor Windows-1254 text")
		}
		data = decoded
		warnings = append(warnings, warnf(Pos{File: file}, "", WarnNotUTF8, nil, "file is not UTF-8; read as Windows-1254 (Turkish)"))
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, nil, errorf(Pos{File: file, Line: 1, Col: 1}, "", "file is empty; expected a header row")
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return nil, nil, errorf(Pos{File: file}, "", "file holds binary data, not CSV text")
	}
	t := &table{file: file, comma: sniffComma(data)}
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = t.comma
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, t.csvError(err, rec, data)
		}
		if len(t.records) > limit.max {
			line, _ := r.FieldPos(0)
			return nil, nil, errorf(Pos{File: file, Line: line, Col: 1}, "", "more than %d rows after the header; expected at most %d %s", limit.max, limit.max, limit.what)
		}
		ps := make([]Pos, len(rec))
		for i := range rec {
			line, col := r.FieldPos(i)
			ps[i] = Pos{File: file, Line: line, Col: col}
			rec[i] = strings.TrimSpace(rec[i])
		}
		t.records = append(t.records, rec)
		t.pos = append(t.pos, ps)
	}
	return t, warnings, nil
}

// csvError turns an encoding/csv error into one that says where and what.
func (t *table) csvError(err error, rec []string, data []byte) error {
	var pe *csv.ParseError
	if !errors.As(err, &pe) {
		return &Error{Pos: Pos{File: t.file}, Err: err}
	}
	pos := Pos{File: t.file, Line: pe.Line, Col: pe.Column}
	switch {
	case errors.Is(pe.Err, csv.ErrFieldCount):
		want := 0
		if len(t.records) > 0 {
			want = len(t.records[0])
		}
		pos.Col = 1
		return errorf(pos, "", "row has %d fields, the header has %d", len(rec), want)
	case errors.Is(pe.Err, csv.ErrQuote) || errors.Is(pe.Err, csv.ErrBareQuote):
		if line, col, ok := unclosedQuote(data); ok && errors.Is(pe.Err, csv.ErrQuote) {
			return errorf(Pos{File: t.file, Line: line, Col: col}, "", "quoted field is never closed; it runs to the end of the file")
		}
		return errorf(pos, "", "misplaced '\"': a quoted field must start and end with '\"'")
	}
	return &Error{Pos: pos, Err: pe.Err}
}

// unclosedQuote finds a '"' that opens a field and is never closed, by
// toggling on every quote ("" inside a field toggles twice).
func unclosedQuote(data []byte) (line, col int, ok bool) {
	open := false
	l, c := 1, 0
	for _, b := range data {
		c++
		switch b {
		case '"':
			open = !open
			if open {
				line, col = l, c
			}
		case '\n':
			l, c = l+1, 0
		}
	}
	return line, col, open
}

// sniffComma picks the delimiter that occurs most often, outside quotes,
// in the first line: ',' unless ';' or a tab is at least as frequent
// (and there at all). A tie goes to ';' or the tab because a spreadsheet
// saving with either quotes only the cells that hold it, so that the
// llm-benchmark's long headers ("TTFT (Mean, ms)") put as many bare
// commas on the line as there are delimiters between them. It reads
// bytes (the delimiters are ASCII), not a copy of the file as a string.
func sniffComma(data []byte) rune {
	counts := map[byte]int{}
	quoted := false
	for _, c := range data {
		if c == '"' {
			quoted = !quoted
			continue
		}
		if c == '\n' && !quoted {
			break
		}
		if !quoted {
			counts[c]++
		}
	}
	best := byte(',')
	for _, c := range []byte{';', '\t'} {
		if counts[c] > counts[best] || best == ',' && counts[c] > 0 && counts[c] == counts[best] {
			best = c
		}
	}
	return rune(best)
}

// Read implements gocsv.CSVReader.
func (t *table) Read() ([]string, error) {
	if t.next >= len(t.records) {
		return nil, io.EOF
	}
	t.next++
	return t.records[t.next-1], nil
}

// ReadAll implements gocsv.CSVReader.
func (t *table) ReadAll() ([][]string, error) {
	rest := t.records[t.next:]
	t.next = len(t.records)
	return rest, nil
}

// fieldPos is the position of field col of record row (0-based), or of
// the row itself when col is out of range.
func (t *table) fieldPos(row, col int) Pos {
	if row < 0 || row >= len(t.pos) {
		return Pos{File: t.file}
	}
	if col < 0 || col >= len(t.pos[row]) {
		if len(t.pos[row]) == 0 {
			return Pos{File: t.file}
		}
		p := t.pos[row][0]
		p.Col = 0
		return p
	}
	return t.pos[row][col]
}

var (
	groupedDecimalComma = regexp.MustCompile(`^[+-]?\d{1,3}(\.\d{3})+,\d+$`)
	plainDecimalComma   = regexp.MustCompile(`^[+-]?\d+,\d+$`)
	groupedOnly         = regexp.MustCompile(`^[+-]?\d{1,3}(\.\d{3})+$`)
)

// normalizeDecimalComma rewrites a number written the Turkish-Excel way
// ("1.234,5", "66,5") into Go syntax. A value such as "1.234" could be
// 1234 or 1.234 and is refused rather than guessed. Text that is not a
// number is returned unchanged for the caller to judge.
func normalizeDecimalComma(s string) (string, error) {
	switch {
	case groupedDecimalComma.MatchString(s):
		return strings.ReplaceAll(strings.ReplaceAll(s, ".", ""), ",", "."), nil
	case plainDecimalComma.MatchString(s):
		return strings.Replace(s, ",", ".", 1), nil
	case groupedOnly.MatchString(s):
		return "", fmt.Errorf("%q is ambiguous in a ';'-separated file: thousands separator or decimal point? write it as %q or %q",
			s, strings.ReplaceAll(s, ".", ""), strings.Replace(s, ".", ",", 1))
	}
	return s, nil
}

// normalizeNumbers applies the dialect's number syntax to every data cell
// (all records after the header).
func (t *table) normalizeNumbers() error {
	if t.comma != ';' {
		return nil
	}
	for r := 1; r < len(t.records); r++ {
		for c, v := range t.records[r] {
			n, err := normalizeDecimalComma(v)
			if err != nil {
				return &Error{Pos: t.fieldPos(r, c), Column: t.header(c), Err: err}
			}
			t.records[r][c] = n
		}
	}
	return nil
}

// header is the header text of column c as written in the file.
func (t *table) header(c int) string {
	head := t.orig
	if head == nil && len(t.records) > 0 {
		head = t.records[0]
	}
	if c < 0 || c >= len(head) {
		return ""
	}
	return head[c]
}

// slug folds a header to lower-case words joined by '_':
// "TTFT (Mean, ms)" → "ttft_mean_ms".
func slug(s string) string {
	var b strings.Builder
	pending := false
	for _, r := range strings.ToLower(s) {
		if ('a' <= r && r <= 'z') || ('0' <= r && r <= '9') {
			if pending && b.Len() > 0 {
				b.WriteByte('_')
			}
			pending = false
			b.WriteRune(r)
			continue
		}
		pending = true
	}
	return b.String()
}

// column is one known field of a CSV table (the llm-benchmark export, the
// per-request CSV). Headers are matched by their slug against the
// aliases, so column order does not matter.
type column struct {
	name     string   // canonical name; the gocsv tag of exportRow
	display  string   // header as the export writes it, for messages
	aliases  []string // accepted slugs
	required bool
	q        quantity // what its numbers measure; zero for text
}

// checkCells judges every cell of the known columns, row by row, so that
// the first bad value in the file is the one reported: an empty required
// cell, text that is not a number, or a number checkNumber refuses for
// the column's quantity. The header must be canonical already.
func (t *table) checkCells(cols []column) error {
	byName := map[string]column{}
	for _, c := range cols {
		byName[c.name] = c
	}
	head := t.records[0]
	for r := 1; r < len(t.records); r++ {
		for i, cell := range t.records[r] {
			c, ok := byName[head[i]]
			if !ok || c.q.what == "" {
				continue
			}
			if cell == "" {
				if c.required {
					return &Error{Pos: t.fieldPos(r, i), Column: t.header(i), Err: errors.New("value is empty; expected a number")}
				}
				continue
			}
			f, err := parseNumber(cell)
			if err == nil {
				err = checkNumber(f, strconv.Quote(cell), c.q)
			}
			if err != nil {
				return &Error{Pos: t.fieldPos(r, i), Column: t.header(i), Err: err}
			}
		}
	}
	return nil
}

// canonicalHeader renames the header cells to the columns' canonical
// names and returns the set of columns present. It fails on a missing
// required column or a column given twice, and warns about columns it
// does not know.
func (t *table) canonicalHeader(cols []column) (map[string]bool, []*Warning, error) {
	var warnings []*Warning
	seen := map[string]int{}
	head := t.records[0]
	t.orig = append([]string(nil), head...)
	for i, h := range head {
		s := slug(h)
		matched := false
		for _, c := range cols {
			for _, a := range c.aliases {
				if s != a {
					continue
				}
				if j, dup := seen[c.name]; dup {
					return nil, nil, &Error{Pos: t.fieldPos(0, i), Column: h,
						Err: fmt.Errorf("same column as %q (column %d); each column may appear once", t.orig[j], j+1)}
				}
				seen[c.name] = i
				head[i] = c.name
				matched = true
			}
		}
		if !matched {
			if s == "" {
				return nil, nil, errorf(t.fieldPos(0, i), "", "header cell %d is empty; expected a column name", i+1)
			}
			warnings = append(warnings, warnf(t.fieldPos(0, i), h, WarnUnknownColumn, nil, "unknown column ignored"))
			head[i] = "unknown:" + s
		}
	}
	var missing []string
	for _, c := range cols {
		if _, ok := seen[c.name]; c.required && !ok {
			missing = append(missing, strconv.Quote(c.display))
		}
	}
	if len(missing) > 0 {
		pos := t.fieldPos(0, 0)
		return nil, nil, errorf(pos, "", "missing column %s; the header must name %s", strings.Join(missing, ", "), requiredList(cols))
	}
	present := make(map[string]bool, len(seen))
	for name := range seen {
		present[name] = true
	}
	return present, warnings, nil
}

func requiredList(cols []column) string {
	var names []string
	for _, c := range cols {
		if c.required {
			names = append(names, c.display)
		}
	}
	return strings.Join(names, ", ")
}
