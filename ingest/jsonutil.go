package ingest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// sanitizeJSON quotes the bare Infinity, -Infinity and NaN tokens that
// Python's json module writes (SGLang's request_rate), which
// encoding/json rejects. Text inside strings is left alone.
func sanitizeJSON(data []byte) []byte {
	if !bytes.Contains(data, []byte("Infinity")) && !bytes.Contains(data, []byte("NaN")) {
		return data
	}
	var out bytes.Buffer
	inString, escaped := false, false
	for i := 0; i < len(data); i++ {
		c := data[i]
		if inString {
			out.WriteByte(c)
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		if c == '"' {
			inString = true
			out.WriteByte(c)
			continue
		}
		replaced := false
		for _, tok := range []string{"-Infinity", "Infinity", "NaN"} {
			if bytes.HasPrefix(data[i:], []byte(tok)) {
				out.WriteString(`"` + tok + `"`)
				i += len(tok) - 1
				replaced = true
				break
			}
		}
		if !replaced {
			out.WriteByte(c)
		}
	}
	return out.Bytes()
}

// jsonValues decodes a JSON document, or JSON lines (one value per
// line), into generic values with numbers kept exact.
func jsonValues(file string, data []byte) ([]any, error) {
	dec := json.NewDecoder(bytes.NewReader(sanitizeJSON(data)))
	dec.UseNumber()
	var out []any
	for {
		var v any
		err := dec.Decode(&v)
		if err != nil {
			if err.Error() == "EOF" {
				break
			}
			return nil, jsonError(file, data, dec.InputOffset(), err)
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil, errorf(Pos{File: file, Line: 1, Col: 1}, "", "file is empty; expected a JSON benchmark result")
	}
	return out, nil
}

// jsonError places a decoding error at its line and column.
func jsonError(file string, data []byte, offset int64, err error) error {
	var se *json.SyntaxError
	if e, ok := err.(*json.SyntaxError); ok {
		se = e
		offset = e.Offset
	}
	line, col := 1, 1
	for i := 0; i < int(offset) && i < len(data); i++ {
		if data[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	msg := err.Error()
	if se != nil {
		msg = "invalid JSON: " + se.Error()
	}
	return errorf(Pos{File: file, Line: line, Col: col}, "", "%s", msg)
}

// obj is a decoded JSON object with lenient accessors.
type obj map[string]any

func asObj(v any) (obj, bool) {
	m, ok := v.(map[string]any)
	return obj(m), ok
}

// num reads key as a number: JSON numbers, numeric strings ("550"),
// "inf"/"Infinity" (+Inf). A missing key, null or anything else is NaN.
func (o obj) num(key string) float64 {
	return toNum(o[key])
}

func toNum(v any) float64 {
	switch x := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		if err == nil {
			return f
		}
	case string:
		s := strings.TrimSpace(strings.ToLower(x))
		switch s {
		case "inf", "infinity", "+inf":
			return math.Inf(1)
		}
		if f, err := strconv.ParseFloat(s, 64); err == nil && !math.IsNaN(f) {
			return f
		}
	case float64:
		return x
	}
	return math.NaN()
}

func (o obj) has(key string) bool { _, ok := o[key]; return ok }

func (o obj) str(key string) string {
	if s, ok := o[key].(string); ok {
		return s
	}
	return ""
}

func (o obj) sub(key string) obj {
	m, _ := asObj(o[key])
	return m
}

// path follows keys through nested objects.
func (o obj) path(keys ...string) obj {
	cur := o
	for _, k := range keys {
		cur = cur.sub(k)
		if cur == nil {
			return nil
		}
	}
	return cur
}

// wholeNumber converts a count, refusing fractions.
func wholeNumber(x float64) (int, error) {
	if math.IsNaN(x) {
		return 0, nil
	}
	if x < 0 || x != math.Trunc(x) || x > 1<<30 {
		return 0, fmt.Errorf("%g is not a whole number", x)
	}
	return int(x), nil
}
