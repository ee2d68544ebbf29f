package analyze

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
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
// it in errors; a UTF-8 byte order mark before it is read past) back
// into the Report it was written from, and holds it
// to what build writes, as strictly as build holds its input: the JSON
// text (each key once in an object, every number one a float64 holds),
// schema_version SchemaVersion, the published schema
// (analysis.schema.json: every key known, none missing, each value of
// its kind), the ranges build holds each value to (valueRules: a
// level's values within ingest.Limits, settings within the manifest's
// ranges, users at most MaxUsers) and its consistency (checkConsistency:
// ids unique, levels increasing) and the rules between a level's values
// (checkLevelRules). The first problem in the order of the
// file is a *ReadError at its line, column and key path. The
// per-request samples are not in analysis.json: a Report read back has
// none.
func ReadJSON(file string, data []byte) (*Report, error) {
	// A UTF-8 byte order mark, which an editor may add on saving, is
	// not part of the JSON (build reads its inputs with one too).
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	root, v := parseTree(data)
	if v == nil {
		v = checkVersion(root)
	}
	if v != nil {
		return nil, v.in(file, data)
	}
	sch, err := analysisSchema()
	if err != nil {
		return nil, err
	}
	for _, check := range []func(*jsonNode) *violation{
		func(n *jsonNode) *violation {
			return schemaRun{jsonSchema: sch}.check(sch.root, n, make([]pathStep, 0, maxJSONDepth))
		},
		checkValues,
		checkConsistency,
		checkLevelRules,
	} {
		if v := check(root); v != nil {
			return nil, v.in(file, data)
		}
	}
	var r Report
	if err := json.Unmarshal(data, &r); err != nil { // what the checks let through reads: FuzzReadJSON
		return nil, at(file, data, root.off, "", fmt.Errorf("%w (%s)", describe(err), errUnheld))
	}
	return &r, nil
}

// errUnheld marks a value that passed every check but that the Report
// cannot hold: a gap in the checks, which FuzzReadJSON looks for.
const errUnheld = "a value the checks took but the model cannot hold"

// checkVersion refuses what is not an object of schema_version
// SchemaVersion, before the schema is applied: an analysis.json of
// another version is told to rebuild rather than its keys listed.
func checkVersion(root *jsonNode) *violation {
	if root.kind != jsonObject {
		return violationf(root, nil, "not a JSON object; expected the object reportgen build writes to analysis.json")
	}
	v := root.get("schema_version")
	if v == nil {
		return violationf(root, nil, "no schema_version; expected an analysis.json written by reportgen build")
	}
	if v.kind == jsonNumber && v.text == strconv.Itoa(SchemaVersion) {
		return nil
	}
	return violationf(v, []pathStep{{key: "schema_version"}},
		"found %s; expected %d (this reportgen reads analysis.json of schema version %d; rebuild the report with it)", found(v), SchemaVersion, SchemaVersion)
}

// in is the violation as a ReadError of file, whose text is data.
func (v *violation) in(file string, data []byte) error {
	return at(file, data, v.off, pathString(v.path), v.err)
}

// plainKey reports whether a key can be written bare in a key path:
// letters, digits, '_', '$' and '-', none of the '.' and brackets that
// separate steps.
func plainKey(k string) bool {
	return k != "" && strings.Trim(k, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$-") == ""
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

// pathStep is one step into a JSON value: a key, or an item's index.
type pathStep struct {
	key   string
	index int
	item  bool
}

func pathString(steps []pathStep) string {
	var b strings.Builder
	for _, s := range steps {
		if s.item {
			fmt.Fprintf(&b, "[%d]", s.index)
			continue
		}
		if !plainKey(s.key) {
			fmt.Fprintf(&b, "[%q]", s.key)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.key)
	}
	return b.String()
}
