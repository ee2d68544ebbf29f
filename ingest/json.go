package ingest

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The JSON readers decode a document into a generic tree (*jobject,
// *jarray, jstr, jnum, jbool, nil for null) whose every value remembers
// where it was written, so that a number a reader refuses is named by
// line and column. The
// parser accepts what encoding/json accepts, plus the bare Infinity,
// -Infinity and NaN that Python's json module writes (SGLang's
// request_rate), which become numbers for checkNumber to judge.

// jsonExts are the extensions of the JSON formats' files: a document,
// or JSON lines.
var jsonExts = []string{".json", ".jsonl"}

// jobject is a JSON object with the byte offset of its '{'.
type jobject struct {
	m   map[string]any
	off int
}

// jarray is a JSON array with the byte offset of its '['.
type jarray struct {
	items []any
	off   int
}

// jbool is true or false with its byte offset.
type jbool struct {
	v   bool
	off int
}

// jnum is a JSON number as written, with its byte offset in the file: a
// pointer, into the parser's slabs (num), since per-request arrays hold
// millions of numbers, each of which would be an allocation of its own
// in the tree (an interface holding a struct allocates it).
type jnum = *jsonNumber

// jsonNumber is the number a jnum points to.
type jsonNumber struct {
	text string
	off  int
}

// String returns the number as written, so that %v prints it.
func (n *jsonNumber) String() string { return n.text }

// jstr is a JSON string with the byte offset of its opening quote.
type jstr struct {
	s   string
	off int
}

// String returns the string's value, so that %v prints it.
func (s jstr) String() string { return s.s }

// maxJSONDepth bounds nesting, as encoding/json does.
const maxJSONDepth = 10000

// jsonParser decodes JSON text with positions.
type jsonParser struct {
	file  string
	data  []byte
	src   string // data as a string: texts are substrings, not copies
	i     int
	depth int
	// maxRuns, when above 0, stops the parse at the first run past it
	// (runCount): the runs are the top-level objects (but a report
	// holding a "benchmarks" list), the items of a top-level list, and
	// the items of a top-level object's "benchmarks" list (guidellm's
	// report). runs counts them; runList marks the list about to be
	// parsed as one of runs.
	maxRuns, runs int
	runList       bool
	// head stops a top-level list at its first object (jsonHead).
	head bool
	// nums is the slab the numbers are taken from (num).
	nums []jsonNumber
}

// num is the number text at offset off, taken from the parser's slab:
// a slab, once full, is kept by the numbers in it, and the next one is
// twice as large, up to 4096 numbers.
func (p *jsonParser) num(text string, off int) jnum {
	if len(p.nums) == cap(p.nums) {
		p.nums = make([]jsonNumber, 0, min(max(2*cap(p.nums), 16), 4096))
	}
	p.nums = append(p.nums, jsonNumber{text, off})
	return &p.nums[len(p.nums)-1]
}

// runsKey is the key of a top-level object whose list holds runs.
const runsKey = "benchmarks"

// jsonHead decodes what detecting a JSON file's format needs: its first
// value, or, when that is a list, the list up to its first object. The
// rest is left to the format's reader, which stops at the first run past
// MaxRuns: a file of a million runs is not parsed whole to be detected.
func jsonHead(file string, data []byte) (any, error) {
	// The values are looked at and dropped before data could change:
	// their texts may view data instead of a copy of the whole file.
	p := &jsonParser{file: file, data: data, src: unsafeString(data), head: true}
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		p.i = 3
	}
	p.space()
	return p.value()
}

// jsonValues decodes a JSON document, or JSON lines (one value per
// line), into generic values.
func jsonValues(file string, data []byte) ([]any, error) { return jsonRuns(file, data, 0) }

// jsonRuns is jsonValues stopping at the first run past maxRuns (0: no
// cap), with an error at that run: a file of more runs is refused
// without being parsed whole.
func jsonRuns(file string, data []byte, maxRuns int) ([]any, error) {
	p := &jsonParser{file: file, data: data, src: string(data), maxRuns: maxRuns}
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		p.i = 3
	}
	var out []any
	for {
		p.space()
		if p.i >= len(p.data) {
			break
		}
		start := p.i
		p.runList = p.data[p.i] == '['
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		if o, ok := v.(*jobject); ok && !isList(o.m[runsKey]) {
			// A run, unless it is a report of runs (its benchmarks).
			if err := p.runCount(start); err != nil {
				return nil, err
			}
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil, errorf(Pos{File: file, Line: 1, Col: 1}, "", "file is empty; expected a JSON benchmark result")
	}
	return out, nil
}

func (p *jsonParser) space() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// found describes the input at p.i for a message: 'x', or end of file.
func (p *jsonParser) found() string {
	if p.i >= len(p.data) {
		return "end of file"
	}
	r, _ := utf8.DecodeRune(p.data[p.i:])
	return strconv.QuoteRune(r)
}

// fail is a syntax error at offset off.
func (p *jsonParser) fail(off int, format string, args ...any) error {
	return errorf(offsetPos(p.file, p.data, off), "", "invalid JSON: "+format, args...)
}

func (p *jsonParser) value() (any, error) {
	if p.i >= len(p.data) {
		return nil, p.fail(p.i, "the file ends where a value should be; expected a value")
	}
	start := p.i
	switch c := p.data[p.i]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		s, err := p.str()
		return jstr{s, start}, err
	case c == '-' || '0' <= c && c <= '9':
		if strings.HasPrefix(p.src[p.i:], "-Infinity") {
			p.i += len("-Infinity")
			return p.num("-Infinity", start), nil
		}
		return p.number()
	}
	for _, lit := range []string{"true", "false", "null", "Infinity", "NaN"} {
		if strings.HasPrefix(p.src[p.i:], lit) {
			p.i += len(lit)
			switch lit {
			case "true", "false":
				return jbool{lit == "true", start}, nil
			case "null":
				return nil, nil
			}
			return p.num(lit, start), nil
		}
	}
	return nil, p.fail(p.i, "unexpected %s; expected a value", p.found())
}

func (p *jsonParser) object() (any, error) {
	if p.depth++; p.depth > maxJSONDepth {
		return nil, p.fail(p.i, "nested deeper than %d levels", maxJSONDepth)
	}
	defer func() { p.depth-- }()
	o := &jobject{m: map[string]any{}, off: p.i}
	p.i++ // {
	p.space()
	if p.i < len(p.data) && p.data[p.i] == '}' {
		p.i++
		return o, nil
	}
	for {
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != '"' {
			return nil, p.fail(p.i, "unexpected %s; expected an object key in double quotes", p.found())
		}
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != ':' {
			return nil, p.fail(p.i, "unexpected %s after object key; expected ':'", p.found())
		}
		p.i++
		p.space()
		p.runList = p.depth == 1 && key == runsKey && p.i < len(p.data) && p.data[p.i] == '['
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		o.m[key] = v
		p.space()
		if p.i < len(p.data) && p.data[p.i] == ',' {
			p.i++
			continue
		}
		if p.i < len(p.data) && p.data[p.i] == '}' {
			p.i++
			return o, nil
		}
		return nil, p.fail(p.i, "unexpected %s after object value; expected ',' or '}'", p.found())
	}
}

func (p *jsonParser) array() (any, error) {
	if p.depth++; p.depth > maxJSONDepth {
		return nil, p.fail(p.i, "nested deeper than %d levels", maxJSONDepth)
	}
	defer func() { p.depth-- }()
	a := &jarray{items: []any{}, off: p.i}
	runs := p.runList
	p.runList = false
	p.i++ // [
	p.space()
	if p.i < len(p.data) && p.data[p.i] == ']' {
		p.i++
		return a, nil
	}
	for {
		p.space()
		if runs {
			if err := p.runCount(p.i); err != nil {
				return nil, err
			}
		}
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		a.items = append(a.items, v)
		if _, ok := v.(*jobject); ok && p.head && p.depth == 1 {
			return a, nil
		}
		p.space()
		if p.i < len(p.data) && p.data[p.i] == ',' {
			p.i++
			continue
		}
		if p.i < len(p.data) && p.data[p.i] == ']' {
			p.i++
			return a, nil
		}
		return nil, p.fail(p.i, "unexpected %s after array element; expected ',' or ']'", p.found())
	}
}

// runCount counts the run starting at offset off, failing there when
// it is one past maxRuns.
func (p *jsonParser) runCount(off int) error {
	if p.maxRuns <= 0 {
		return nil
	}
	if p.runs++; p.runs > p.maxRuns {
		return errorf(offsetPos(p.file, p.data, off), "", "more than %d runs; expected at most %d per file (%d load levels, each measured up to %d times)", p.maxRuns, p.maxRuns, MaxLevels, p.maxRuns/MaxLevels)
	}
	return nil
}

// isList reports whether v is a decoded list.
func isList(v any) bool { _, ok := v.(*jarray); return ok }

// str reads a string literal at p.i.
func (p *jsonParser) str() (string, error) {
	start := p.i
	p.i++ // "
	simple := true
	for p.i < len(p.data) {
		c := p.data[p.i]
		switch {
		case c == '"':
			p.i++
			return p.strValue(start, simple)
		case c == '\\':
			simple = false
			if err := p.escape(); err != nil {
				return "", err
			}
		case c < 0x20:
			return "", p.fail(p.i, "control character %#02x in string; expected it escaped", c)
		default:
			p.i++
		}
	}
	return "", p.fail(start, "string is never closed; it runs to the end of the file")
}

// strValue is the value of the string literal from start to p.i, its
// closing quote included; simple says that it holds no escape.
func (p *jsonParser) strValue(start int, simple bool) (string, error) {
	raw := p.data[start:p.i]
	if simple && utf8.Valid(raw) {
		return p.src[start+1 : p.i-1], nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", p.fail(start, "string: %v", err)
	}
	return s, nil
}

// escape steps over the escape sequence at p.i (a backslash), failing
// at one JSON does not allow. A backslash that ends the file is
// stepped over, for str to find the string never closed.
func (p *jsonParser) escape() error {
	if p.i+1 >= len(p.data) {
		p.i++
		return nil
	}
	switch p.data[p.i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		p.i += 2
	case 'u':
		for k := p.i + 2; k < p.i+6; k++ {
			if k >= len(p.data) || !isHex(p.data[k]) {
				return p.fail(p.i, "invalid escape in string; expected \\u and four hex digits")
			}
		}
		p.i += 6
	default:
		p.i++
		return p.fail(p.i-1, "invalid escape \\%s in string", p.found())
	}
	return nil
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// number reads a number literal at p.i: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (p *jsonParser) number() (any, error) {
	start := p.i
	p.skipByte('-')
	ok := p.skipByte('0') || p.digits() > 0
	if ok && p.skipByte('.') {
		ok = p.digits() > 0
	}
	if ok && (p.skipByte('e') || p.skipByte('E')) {
		_ = p.skipByte('+') || p.skipByte('-')
		ok = p.digits() > 0
	}
	if !ok || p.i < len(p.data) && '0' <= p.data[p.i] && p.data[p.i] <= '9' { // a leading zero: 012
		return nil, p.badNumber(start)
	}
	return p.num(p.src[start:p.i], start), nil
}

// at reports whether the byte at p.i is one of set.
func (p *jsonParser) at(set string) bool {
	return p.i < len(p.data) && strings.IndexByte(set, p.data[p.i]) >= 0
}

// skipByte steps over the byte at p.i when it is c, reporting whether
// it did (numbers are read byte by byte).
func (p *jsonParser) skipByte(c byte) bool {
	if p.i < len(p.data) && p.data[p.i] == c {
		p.i++
		return true
	}
	return false
}

// digits steps over the decimal digits at p.i and counts them.
func (p *jsonParser) digits() int {
	start := p.i
	for p.i < len(p.data) && '0' <= p.data[p.i] && p.data[p.i] <= '9' {
		p.i++
	}
	return p.i - start
}

// badNumber is the error of the malformed number starting at start,
// quoting it up to the end of the characters a number may hold.
func (p *jsonParser) badNumber(start int) error {
	for p.at("+-.eE0123456789") {
		p.i++
	}
	return p.fail(start, "malformed number %q", p.src[start:p.i])
}

// offsetPos is the line and column (1-based, in bytes) of byte offset
// off in data.
func offsetPos(file string, data []byte, off int) Pos {
	off = max(0, min(off, len(data)))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return Pos{File: file, Line: line, Col: col}
}
