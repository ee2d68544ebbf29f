package analyze

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
)

// ReadError is an analysis.json that cannot be read: the file, where in
// it (line and column of the value, and its key path such as
// configs[0].levels[2].ttft_ms.mean), and what is wrong.
type ReadError struct {
	File      string
	Line, Col int
	Path      string
	Err       error
}

func (e *ReadError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", e.Line, e.Col)
	}
	if e.Path != "" {
		fmt.Fprintf(&b, ": %s", e.Path)
	}
	fmt.Fprintf(&b, ": %v", e.Err)
	return b.String()
}

func (e *ReadError) Unwrap() error { return e.Err }

// ReadJSON reads an analysis.json that reportgen build wrote (file names
// it in errors) back into the Report it was written from. Its
// schema_version must be SchemaVersion; keys it does not know are left
// out (a later version adds keys without changing the version). The
// per-request samples are not in analysis.json: a Report read back has
// none.
func ReadJSON(file string, data []byte) (*Report, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil {
		return nil, syntaxError(file, data, err, dec.InputOffset())
	}
	if end := int(dec.InputOffset()); dec.More() {
		off := skipSpace(data, end)
		return nil, at(file, data, off, "", errors.New("more than one JSON value; expected one object"))
	}
	obj, ok := tree.(map[string]any)
	if !ok {
		return nil, at(file, data, skipSpace(data, 0), "", errors.New("not a JSON object; expected the object reportgen build writes to analysis.json"))
	}
	v, ok := obj["schema_version"]
	if !ok {
		return nil, at(file, data, skipSpace(data, 0), "", errors.New("no schema_version; expected an analysis.json written by reportgen build"))
	}
	if n, ok := v.(json.Number); !ok || n.String() != strconv.Itoa(SchemaVersion) {
		steps := []pathStep{{key: "schema_version"}}
		return nil, at(file, data, valueOffset(data, steps), pathString(steps),
			fmt.Errorf("%v: expected %d (this reportgen reads analysis.json of schema version %d; rebuild the report with it)", v, SchemaVersion, SchemaVersion))
	}
	var r Report
	if err := json.Unmarshal(data, &r); err != nil {
		steps := locate(tree, reflect.TypeFor[Report](), nil)
		return nil, at(file, data, valueOffset(data, steps), pathString(steps), describe(err))
	}
	return &r, nil
}

// syntaxError places an error of the JSON text itself.
func syntaxError(file string, data []byte, err error, fallback int64) error {
	off := int(fallback)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off = int(se.Offset) - 1 // the offending byte
		err = errors.New(strings.TrimPrefix(se.Error(), "json: "))
	}
	if errors.Is(err, io.EOF) || len(bytes.TrimSpace(data)) == 0 {
		err = errors.New("no JSON value; expected the object reportgen build writes to analysis.json")
	}
	return at(file, data, off, "", err)
}

// at is a ReadError at byte offset off of data.
func at(file string, data []byte, off int, path string, err error) error {
	off = min(max(off, 0), len(data))
	line, col := 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return &ReadError{File: file, Line: line, Col: col, Path: path, Err: err}
}

// describe says what a decoding error found and expected, without
// encoding/json's Go type names.
func describe(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Errorf("found %s; expected %s", article(te.Value), expectation(te.Type))
	}
	var pe *time.ParseError
	if errors.As(err, &pe) {
		return fmt.Errorf("%q is not a date; expected one as 2006-01-02T15:04:05Z", pe.Value)
	}
	return errors.New(strings.TrimPrefix(err.Error(), "json: "))
}

func article(kind string) string {
	switch {
	case strings.HasPrefix(kind, "number "):
		return "the number " + strings.TrimPrefix(kind, "number ")
	case kind == "object" || kind == "array":
		return "an " + kind
	case kind == "null" || kind == "nothing":
		return kind
	}
	return "a " + kind
}

// expectation names what a Go type reads, for a message.
func expectation(t reflect.Type) string {
	switch t {
	case reflect.TypeFor[Load]():
		return `a number or "inf"`
	case reflect.TypeFor[GPUCount]():
		return "a whole number of GPUs or null"
	case reflect.TypeFor[Text]():
		return "a text or an object of texts per language"
	}
	switch t.Kind() {
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Int, reflect.Int64, reflect.Int32:
		return "a whole number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Pointer:
		return expectation(t.Elem())
	}
	return "an object"
}

// pathStep is one step into a JSON value: a key, or an index.
type pathStep struct {
	key   string
	index int
}

func pathString(steps []pathStep) string {
	var b strings.Builder
	for _, s := range steps {
		if s.key == "" {
			fmt.Fprintf(&b, "[%d]", s.index)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.key)
	}
	return b.String()
}

// fails reports whether the JSON value node does not decode into a t.
func fails(node any, t reflect.Type) bool {
	data, err := json.Marshal(node)
	if err != nil {
		return true
	}
	return json.Unmarshal(data, reflect.New(t).Interface()) != nil
}

// locate finds the innermost value of node (which does not decode into
// a t) that does not decode into its own type: the place of the error,
// as a path. A value whose type reads itself (a Level) is descended into
// by its struct fields; its other keys are its own.
func locate(node any, t reflect.Type, path []pathStep) []pathStep {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var child any
	var step pathStep
	var ct reflect.Type
	switch n := node.(type) {
	case map[string]any:
		child, step, ct = failingKey(n, t)
	case []any:
		if t.Kind() == reflect.Slice {
			for i, item := range n {
				if fails(item, t.Elem()) {
					child, step, ct = item, pathStep{index: i}, t.Elem()
					break
				}
			}
		}
	}
	if ct == nil {
		return path
	}
	return locate(child, ct, append(path, step))
}

// failingKey is the first value of object n that does not decode into
// its type in t (a struct's field, a map's element), its key and that
// type; a nil type when there is none.
func failingKey(n map[string]any, t reflect.Type) (any, pathStep, reflect.Type) {
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" {
				name = strings.ToLower(f.Name) // Stat's mean, p90, …
			}
			if name == "-" || !f.IsExported() {
				continue
			}
			if child, ok := n[name]; ok && fails(child, f.Type) {
				return child, pathStep{key: name}, f.Type
			}
		}
	case reflect.Map:
		keys := make([]string, 0, len(n))
		for k := range n {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if fails(n[k], t.Elem()) {
				return n[k], pathStep{key: k}, t.Elem()
			}
		}
	}
	return nil, pathStep{}, nil
}

// valueOffset is the byte offset at which the value at path begins in
// data (a valid JSON document); the document's start when the path
// cannot be followed.
func valueOffset(data []byte, path []pathStep) int {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	for _, s := range path {
		if _, err := dec.Token(); err != nil { // the '{' or '['
			return skipSpace(data, 0)
		}
		if !seekChild(dec, s) {
			return skipSpace(data, 0)
		}
	}
	return skipSpace(data, int(dec.InputOffset()))
}

// seekChild moves dec, just inside an object or array, to just before
// the value of key s.key, or of item s.index.
func seekChild(dec *json.Decoder, s pathStep) bool {
	for i := 0; dec.More(); i++ {
		if s.key != "" {
			tok, err := dec.Token()
			if err != nil {
				return false
			}
			if k, ok := tok.(string); ok && k == s.key {
				return true
			}
		} else if i == s.index {
			return true
		}
		if skipValue(dec) != nil {
			return false
		}
	}
	return false
}

// skipValue reads one whole value.
func skipValue(dec *json.Decoder) error {
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		if d, ok := tok.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
		if depth == 0 {
			return nil
		}
	}
}

// skipSpace skips white space, commas and colons from off: where the
// next value begins.
func skipSpace(data []byte, off int) int {
	for off < len(data) && strings.IndexByte(" \t\r\n,:", data[off]) >= 0 {
		off++
	}
	return off
}
