package ingest

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

// TestJSONSyntaxErrorsHaveTheirPosition: the positioned JSON parser
// places every syntax error at its line and column.
func TestJSONSyntaxErrorsHaveTheirPosition(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"{\"a\": 1,\n \"b\" 2}", `f.json:2:6: invalid JSON: unexpected '2' after object key; expected ':'`},
		{"{\"a\": 1 \"b\": 2}", `f.json:1:9: invalid JSON: unexpected '"' after object value; expected ',' or '}'`},
		{"[1, 2", `f.json:1:6: invalid JSON: unexpected end of file after array element; expected ',' or ']'`},
		{"{\"a\": }", `f.json:1:7: invalid JSON: unexpected '}'; expected a value`},
		{"{\"a\": 01}", `f.json:1:7: invalid JSON: malformed number "01"`},
		{"{\"a\": 1.}", `f.json:1:7: invalid JSON: malformed number "1."`},
		{"{\"a\": -}", `f.json:1:7: invalid JSON: malformed number "-"`},
		{"{\"a\": \"x\ty\"}", `f.json:1:9: invalid JSON: control character 0x09 in string; expected it escaped`},
		{"{\"a\": \"x\\q\"}", `f.json:1:9: invalid JSON: invalid escape \'q' in string`},
		{"{\"a\": \"open", `f.json:1:7: invalid JSON: string is never closed; it runs to the end of the file`},
		{"{1: 2}", `f.json:1:2: invalid JSON: unexpected '1'; expected an object key in double quotes`},
		{"{\"a\": tru}", `f.json:1:7: invalid JSON: unexpected 't'; expected a value`},
		{"{\"a\": 1}\n{\"b\": 2} x", `f.json:2:10: invalid JSON: unexpected 'x'; expected a value`},
		{strings.Repeat("[", maxJSONDepth+1), `f.json:1:10001: invalid JSON: nested deeper than 10000 levels`},
		{"  \n ", `f.json:1:1: file is empty; expected a JSON benchmark result`},
	} {
		_, err := jsonValues("f.json", []byte(tt.in))
		if err == nil || err.Error() != tt.want {
			t.Errorf("%q:\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
}

// TestJSONValuesAsEncodingJSON: strings decode as encoding/json decodes
// them (escapes, surrogate pairs, invalid UTF-8), a BOM is skipped, and
// JSON lines give one value per line.
func TestJSONValuesAsEncodingJSON(t *testing.T) {
	vals, err := jsonValues("f.json", []byte("\xef\xbb\xbf{\"a\\u00e7\": \"\\ud83d\\ude00 \\\"x\\\" \xff\", \"n\": -1.5e3}\n[true, false, null]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(vals) != 2 {
		t.Fatalf("%d values, want 2", len(vals))
	}
	o, _ := asObj(vals[0], "")
	if got := o.str("aç"); got != "😀 \"x\" \ufffd" {
		t.Errorf("string = %q", got)
	}
	if n, ok := o.get("n").(jnum); !ok || n.text != "-1.5e3" || n.off != 44 {
		t.Errorf("number = %#v, want \"-1.5e3\" at 44", o.get("n"))
	}
	list, _ := vals[1].(*jarray)
	if list == nil || len(list.items) != 3 || list.items[2] != nil {
		t.Errorf("list = %+v", vals[1])
	}
}

// plain turns a positioned tree into what encoding/json decodes with
// UseNumber, to compare the two.
func plain(v any) any {
	switch x := v.(type) {
	case *jobject:
		m := map[string]any{}
		for k, e := range x.m {
			m[k] = plain(e)
		}
		return m
	case *jarray:
		l := []any{}
		for _, e := range x.items {
			l = append(l, plain(e))
		}
		return l
	case jstr:
		return x.s
	case jnum:
		return json.Number(x.text)
	case jbool:
		return x.v
	}
	return v
}

// FuzzJSONValues: the positioned parser accepts exactly the documents
// encoding/json accepts (leaving aside the Infinity and NaN it adds),
// decodes them and JSON lines to the same values, and places every error.
func FuzzJSONValues(f *testing.F) {
	addSeeds(f, "FuzzJSONValues")
	f.Fuzz(func(t *testing.T, data []byte) {
		vals, err := jsonValues("f.json", data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Pos.File != "f.json" || e.Pos.Line == 0 {
				t.Fatalf("error without a position: %v", err)
			}
		}
		if bytes.Contains(data, []byte("Infinity")) || bytes.Contains(data, []byte("NaN")) || bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
			return
		}
		if json.Valid(data) {
			if err != nil || len(vals) != 1 {
				t.Fatalf("encoding/json accepts the document; the parser gives %d values, %v", len(vals), err)
			}
		} else if err == nil && len(vals) == 1 {
			t.Fatalf("the parser accepts a document encoding/json refuses")
		}
		if err != nil {
			return
		}
		// JSON lines: encoding/json's stream decoder gives the same values.
		want := decodeStream(t, data)
		got := make([]any, len(vals))
		for i, v := range vals {
			got[i] = plain(v)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("values differ:\n got %#v\nwant %#v", got, want)
		}
	})
}

// decodeStream decodes data, which the parser accepted, with
// encoding/json's stream decoder (numbers as json.Number).
func decodeStream(t *testing.T, data []byte) []any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out []any
	for {
		var v any
		err := dec.Decode(&v)
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("the parser accepts what encoding/json refuses: %v", err)
		}
		out = append(out, v)
	}
}
