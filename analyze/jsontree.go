package analyze

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// jsonKind is the kind of a JSON value.
type jsonKind uint8

// The kinds of JSON values.
const (
	jsonNull jsonKind = iota
	jsonBool
	jsonNumber
	jsonString
	jsonArray
	jsonObject
)

// jsonNode is one value of an analysis.json with the byte offset at
// which it begins, its object keys in the order written: what ReadJSON
// validates, and what its errors point at.
type jsonNode struct {
	kind jsonKind
	off  int
	// text is a string's value, or a number as written ("1e3").
	text string
	num  float64
	b    bool
	// keys and keyOffs are an object's keys and where each is written;
	// items its values (by key), or an array's items.
	keys    []string
	keyOffs []int
	items   []*jsonNode
}

// get is the value of key in object n; nil when n is not an object or
// has no such key.
func (n *jsonNode) get(key string) *jsonNode {
	if n == nil || n.kind != jsonObject {
		return nil
	}
	for i, k := range n.keys {
		if k == key {
			return n.items[i]
		}
	}
	return nil
}

// at is the value at path below n; nil when the path cannot be
// followed.
func (n *jsonNode) at(path []pathStep) *jsonNode {
	for _, s := range path {
		switch {
		case n == nil:
			return nil
		case s.item && n.kind == jsonArray && s.index < len(n.items):
			n = n.items[s.index]
		case s.item:
			return nil
		default:
			n = n.get(s.key)
		}
	}
	return n
}

// violation is what is wrong at one place of a document: the byte
// offset and key path of the value, and the error.
type violation struct {
	off  int
	path []pathStep
	err  error
}

func (v *violation) Error() string { return v.err.Error() }

// violationf is a violation at the value n (at path, which it copies:
// the checks extend one path slice as they descend).
func violationf(n *jsonNode, path []pathStep, format string, args ...any) *violation {
	return &violation{off: n.off, path: slices.Clone(path), err: fmt.Errorf(format, args...)}
}

// maxJSONDepth bounds nesting; an analysis.json nests 7 deep.
const maxJSONDepth = 64

// treeParser reads a JSON document into jsonNodes, token by token.
type treeParser struct {
	dec  *json.Decoder
	data []byte
	path []pathStep
}

// parseTree reads data as one JSON value. A syntax error, a file cut
// short, a key written twice in one object, a number no float64 holds
// (1e400) and text after the value are violations.
func parseTree(data []byte) (*jsonNode, *violation) {
	p := &treeParser{dec: json.NewDecoder(bytes.NewReader(data)), data: data}
	p.dec.UseNumber()
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &violation{off: 0, err: errors.New("no JSON value; expected the object reportgen build writes to analysis.json")}
	}
	n, v := p.value()
	if v != nil {
		return nil, v
	}
	if end := skipBlank(data, int(p.dec.InputOffset())); end < len(data) {
		return nil, &violation{off: end, err: errors.New("more than one JSON value; expected one object")}
	}
	return n, nil
}

// next reads one token and the offset at which it begins.
func (p *treeParser) next() (json.Token, int, *violation) {
	off := nextToken(p.data, int(p.dec.InputOffset()))
	tok, err := p.dec.Token()
	if err == nil {
		return tok, off, nil
	}
	path := slices.Clone(p.path)
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, 0, &violation{off: len(bytes.TrimRight(p.data, " \t\r\n")), path: path,
			err: errors.New("the file ends inside its JSON value (cut short?); expected the whole analysis.json")}
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return nil, 0, &violation{off: off, path: path, err: syntaxError(p.data, off, se)}
	}
	return nil, 0, &violation{off: off, path: path, err: errors.New(strings.TrimPrefix(err.Error(), "json: "))}
}

// syntaxExpected is what encoding/json was looking for, by the end of
// its message, in the words of the other analysis.json errors.
var syntaxExpected = []struct{ suffix, expected string }{
	{"looking for beginning of value", "a JSON value (a number, a string, true, false, null, an object or a list)"},
	{"looking for beginning of object key string", "a key in double quotes"},
	{"after object key", "':' after the key"},
	{"after object key:value pair", "',' or '}' after the value"},
	{"after array element", "',' or ']' after the item"},
}

// syntaxError words a JSON syntax error at offset off of data as the
// other analysis.json errors are: what was found there, and what was
// expected. A bare NaN or Infinity (Python's json writes them; JSON has
// neither) is said to be so: build writes an unknown number as null.
func syntaxError(data []byte, off int, se *json.SyntaxError) error {
	word := bareWord(data, off)
	switch strings.TrimPrefix(strings.ToLower(word), "-") {
	case "nan", "infinity", "inf":
		return fmt.Errorf("found %s; expected a number or null: JSON has no NaN or infinity (build writes an unknown number as null)", word)
	}
	msg := se.Error()
	for _, e := range syntaxExpected {
		if strings.HasSuffix(msg, e.suffix) && strings.HasPrefix(msg, "invalid character") {
			if !strings.HasPrefix(word, `"`) {
				word = strconv.Quote(word)
			}
			return fmt.Errorf("found %s; expected %s", word, e.expected)
		}
	}
	return errors.New(msg)
}

// bareWord is the text at offset off of data up to the next blank or
// JSON punctuation (NaN, Infinity, a stray word), a string with its
// quotes, else one character; "" at the end of data.
func bareWord(data []byte, off int) string {
	if off < len(data) && data[off] == '"' {
		for end := off + 1; end < len(data); end++ {
			switch data[end] {
			case '\\':
				end++
			case '"':
				return string(data[off : end+1])
			}
		}
	}
	end := off
	for end < len(data) && !strings.ContainsRune(" \t\r\n,:[]{}\"", rune(data[end])) {
		end++
	}
	if end == off && off < len(data) {
		_, n := utf8.DecodeRune(data[off:])
		end = off + n
	}
	return string(data[off:end])
}

// value reads one value.
func (p *treeParser) value() (*jsonNode, *violation) {
	tok, off, v := p.next()
	if v != nil {
		return nil, v
	}
	n := &jsonNode{off: off}
	switch t := tok.(type) {
	case json.Delim: // '{' or '[': Token refuses a closing one here
		if len(p.path) >= maxJSONDepth {
			return nil, &violation{off: off, path: slices.Clone(p.path), err: fmt.Errorf("nested more than %d deep; expected the shape of analysis.json", maxJSONDepth)}
		}
		if t == '{' {
			return n, p.object(n)
		}
		return n, p.array(n)
	case string:
		n.kind, n.text = jsonString, t
	case json.Number:
		n.kind, n.text = jsonNumber, t.String()
		x, ok := parseJSONNumber(n.text)
		if !ok {
			return nil, violationf(n, slices.Clone(p.path), "%s is out of a float64's range; expected a finite number", n.text)
		}
		n.num = x
	case bool:
		n.kind, n.b = jsonBool, t
	case nil:
		n.kind = jsonNull
	}
	return n, nil
}

// object reads the keys and values of the object n, up to its '}'.
func (p *treeParser) object(n *jsonNode) *violation {
	n.kind = jsonObject
	for p.dec.More() {
		tok, off, v := p.next()
		if v != nil {
			return v
		}
		key, _ := tok.(string) // Token reads an object's key as a string
		p.path = append(p.path, pathStep{key: key})
		if n.get(key) != nil {
			return &violation{off: off, path: slices.Clone(p.path), err: fmt.Errorf("key %q written twice in one object; expected each key once", key)}
		}
		item, v := p.value()
		if v != nil {
			return v
		}
		p.path = p.path[:len(p.path)-1]
		n.keys, n.keyOffs, n.items = append(n.keys, key), append(n.keyOffs, off), append(n.items, item)
	}
	_, _, v := p.next() // '}'
	return v
}

// array reads the items of the array n, up to its ']'.
func (p *treeParser) array(n *jsonNode) *violation {
	n.kind = jsonArray
	for i := 0; p.dec.More(); i++ {
		p.path = append(p.path, pathStep{index: i, item: true})
		item, v := p.value()
		if v != nil {
			return v
		}
		p.path = p.path[:len(p.path)-1]
		n.items = append(n.items, item)
	}
	_, _, v := p.next() // ']'
	return v
}

// parseJSONNumber is the value of a JSON number literal; ok is false
// when no float64 holds it: past ±1.8e308, or so small that it would
// read as 0 although its digits are not all zero (1e-400).
func parseJSONNumber(text string) (float64, bool) {
	x, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return 0, false
	}
	if x == 0 {
		mantissa, _, _ := strings.Cut(strings.ToLower(text), "e")
		if strings.Trim(mantissa, "-0.") != "" {
			return 0, false
		}
	}
	return x, true
}

// skipBlank skips white space from off.
func skipBlank(data []byte, off int) int {
	for off < len(data) && strings.IndexByte(" \t\r\n", data[off]) >= 0 {
		off++
	}
	return off
}

// nextToken is where the token after offset off begins: past white
// space and the one ',' or ':' that may separate it from the last.
func nextToken(data []byte, off int) int {
	off = skipBlank(data, off)
	if off < len(data) && (data[off] == ',' || data[off] == ':') {
		off = skipBlank(data, off+1)
	}
	return off
}
