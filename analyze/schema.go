package analyze

import (
	"bytes"
	_ "embed" // analysis.schema.json
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// analysisSchemaJSON is the published JSON Schema of analysis.json:
// ReadJSON holds what it reads to it.
//
//go:embed analysis.schema.json
var analysisSchemaJSON []byte

// jsonSchema is a JSON Schema (draft 2020-12) decoded: its root, its
// $defs and its patterns compiled. schemaRun.check applies the
// keywords analysis.schema.json uses (schemaKeywords; of the formats,
// date-time); a test fails when it uses another.
type jsonSchema struct {
	root     map[string]any
	defs     map[string]any
	patterns map[string]*regexp.Regexp
}

// schemaKeywords are the keywords schemaRun.check applies, and the
// annotations it passes over.
var schemaKeywords = []string{
	"$ref", "type", "const", "enum",
	"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
	"minLength", "pattern", "format",
	"items", "minItems", "maxItems",
	"properties", "additionalProperties", "required", "minProperties", "dependentRequired",
	"allOf", "anyOf", "not", "if", "then", "else",
	"$schema", "$id", "$defs", "title", "description",
}

// analysisSchema is analysis.schema.json, decoded once.
var analysisSchema = sync.OnceValues(func() (*jsonSchema, error) { return parseSchema(analysisSchemaJSON) })

// parseSchema decodes a JSON Schema and compiles its patterns.
func parseSchema(data []byte) (*jsonSchema, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var root map[string]any
	if err := dec.Decode(&root); err != nil {
		return nil, fmt.Errorf("analysis.schema.json: %w", err)
	}
	s := &jsonSchema{root: root, patterns: map[string]*regexp.Regexp{}}
	s.defs, _ = root["$defs"].(map[string]any)
	var err error
	walkSchema(root, func(m map[string]any) {
		if p, ok := m["pattern"].(string); ok && s.patterns[p] == nil && err == nil {
			s.patterns[p], err = regexp.Compile(p)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("analysis.schema.json: %w", err)
	}
	return s, nil
}

// sortedKeys are the keys of m, sorted; none for an empty m.
func sortedKeys(m map[string]any) []string {
	if len(m) == 0 {
		return nil
	}
	return slices.Sorted(maps.Keys(m))
}

// walkSchema calls f on every schema object below s: subschemas and
// $defs, not the values of const, enum and the like.
func walkSchema(s any, f func(map[string]any)) {
	m, ok := s.(map[string]any)
	if !ok {
		return
	}
	f(m)
	for _, k := range []string{"items", "additionalProperties", "not", "if", "then", "else"} {
		walkSchema(m[k], f)
	}
	for _, k := range []string{"allOf", "anyOf"} {
		list, _ := m[k].([]any)
		for _, sub := range list {
			walkSchema(sub, f)
		}
	}
	for _, k := range []string{"properties", "$defs"} {
		subs, _ := m[k].(map[string]any)
		for _, name := range slices.Sorted(maps.Keys(subs)) {
			walkSchema(subs[name], f)
		}
	}
}

// resolve is the schema a $ref names ("#/$defs/load"); nil for another
// reference.
func (s *jsonSchema) resolve(ref string) any {
	name, ok := strings.CutPrefix(ref, "#/$defs/")
	if !ok {
		return nil
	}
	return s.defs[name]
}

// schemaRun applies a schema; a quiet one only tells whether a value
// follows it (an "if", a choice of an "anyOf" tried), without the cost
// of saying why not.
type schemaRun struct {
	*jsonSchema
	quiet bool
}

// failf is the violation at n (at path), said unless the run is quiet.
func (r schemaRun) failf(n *jsonNode, path []pathStep, format string, args ...any) *violation {
	if r.quiet {
		return &violation{}
	}
	return violationf(n, path, format, args...)
}

// follows reports whether n follows schema sc, quietly.
func (r schemaRun) follows(sc any, n *jsonNode, path []pathStep) bool {
	return schemaRun{r.jsonSchema, true}.check(sc, n, path) == nil
}

// expected says what schema m accepts (expect) when it is printed.
type expected struct {
	s *jsonSchema
	m map[string]any
}

func (e expected) String() string { return e.s.expect(e.m) }

// what says what a value is (found) when it is printed.
type what struct{ n *jsonNode }

func (w what) String() string { return found(w.n) }

// check is the first place, in the order of the document, where n (at
// path) does not follow the schema sc: a key not allowed or
// missing, a value of the wrong kind, past a bound or of no listed kind.
func (r schemaRun) check(sc any, n *jsonNode, path []pathStep) *violation {
	m, ok := sc.(map[string]any)
	if !ok {
		if b, isBool := sc.(bool); isBool && !b {
			return r.failf(n, path, "not allowed here")
		}
		return nil
	}
	if ref, ok := m["$ref"].(string); ok {
		if v := r.check(r.resolve(ref), n, path); v != nil {
			return v
		}
	}
	if v := r.checkKind(m, n, path); v != nil {
		return v
	}
	var v *violation
	switch n.kind {
	case jsonNumber:
		v = r.checkNumber(m, n, path)
	case jsonString:
		v = r.checkString(m, n, path)
	case jsonArray:
		v = r.checkArray(m, n, path)
	case jsonObject:
		v = r.checkObject(m, n, path)
	}
	if v != nil {
		return v
	}
	return r.checkCombined(m, n, path)
}

// checkKind applies type, const and enum.
func (r schemaRun) checkKind(m map[string]any, n *jsonNode, path []pathStep) *violation {
	if t, ok := m["type"]; ok && !slices.ContainsFunc(typeList(t), func(t string) bool { return hasType(n, t) }) {
		return r.failf(n, path, "found %s; expected %s", what{n}, expected{r.jsonSchema, m})
	}
	if c, ok := m["const"]; ok && !sameValue(c, n) {
		return r.failf(n, path, "found %s; expected %s", what{n}, expected{r.jsonSchema, m})
	}
	if e, ok := m["enum"].([]any); ok && !slices.ContainsFunc(e, func(c any) bool { return sameValue(c, n) }) {
		return r.failf(n, path, "found %s; expected %s", what{n}, expected{r.jsonSchema, m})
	}
	return nil
}

// checkNumber applies the bounds of a number.
func (r schemaRun) checkNumber(m map[string]any, n *jsonNode, path []pathStep) *violation {
	if n.kind != jsonNumber {
		return nil
	}
	out := false
	if b, ok := bound(m, "minimum"); ok && n.num < b {
		out = true
	}
	if b, ok := bound(m, "exclusiveMinimum"); ok && n.num <= b {
		out = true
	}
	if b, ok := bound(m, "maximum"); ok && n.num > b {
		out = true
	}
	if b, ok := bound(m, "exclusiveMaximum"); ok && n.num >= b {
		out = true
	}
	if out {
		return r.failf(n, path, "%s is out of range; expected %s", n.text, expected{r.jsonSchema, m})
	}
	return nil
}

// checkString applies minLength, pattern and the date-time format.
func (r schemaRun) checkString(m map[string]any, n *jsonNode, path []pathStep) *violation {
	if n.kind != jsonString {
		return nil
	}
	if b, ok := bound(m, "minLength"); ok && float64(utf8.RuneCountInString(n.text)) < b {
		return r.failf(n, path, "found %s; expected %s", what{n}, expected{r.jsonSchema, m})
	}
	if p, ok := m["pattern"].(string); ok && !r.patterns[p].MatchString(n.text) {
		return r.failf(n, path, "found %s; expected %s", what{n}, expected{r.jsonSchema, m})
	}
	if m["format"] == "date-time" {
		var t time.Time
		if t.UnmarshalText([]byte(n.text)) != nil {
			return r.failf(n, path, "%q is not a date; expected one as 2006-01-02T15:04:05Z", n.text)
		}
	}
	return nil
}

// checkArray applies minItems, maxItems and items.
func (r schemaRun) checkArray(m map[string]any, n *jsonNode, path []pathStep) *violation {
	if n.kind != jsonArray {
		return nil
	}
	if b, ok := bound(m, "minItems"); ok && float64(len(n.items)) < b {
		return r.failf(n, path, "found %s; expected at least %s", found(n), itemCount(int(b)))
	}
	if b, ok := bound(m, "maxItems"); ok && float64(len(n.items)) > b {
		return r.failf(n, path, "found %s; expected at most %s", found(n), itemCount(int(b)))
	}
	if items, ok := m["items"]; ok {
		for i, item := range n.items {
			if v := r.check(items, item, append(path, pathStep{index: i, item: true})); v != nil {
				return v
			}
		}
	}
	return nil
}

// checkObject applies properties and additionalProperties to the keys
// in the order written, then required, minProperties and
// dependentRequired.
func (r schemaRun) checkObject(m map[string]any, n *jsonNode, path []pathStep) *violation {
	if n.kind != jsonObject {
		return nil
	}
	props, _ := m["properties"].(map[string]any)
	extra, hasExtra := m["additionalProperties"]
	for i, key := range n.keys {
		p := append(path, pathStep{key: key}) // a violation keeps a copy
		sub, known := props[key]
		switch {
		case known:
		case hasExtra && extra == false:
			if r.quiet {
				return &violation{}
			}
			return &violation{off: n.keyOffs[i], path: slices.Clone(p), err: fmt.Errorf("unknown key %q; expected only the keys of analysis.json version %d", key, SchemaVersion)}
		case hasExtra:
			sub = extra
		}
		if v := r.check(sub, n.items[i], p); v != nil {
			return v
		}
	}
	req, _ := m["required"].([]any)
	for _, k := range req {
		if key, _ := k.(string); n.get(key) == nil {
			return r.failf(n, path, "no key %q; expected one here", key)
		}
	}
	if b, ok := bound(m, "minProperties"); ok && float64(len(n.keys)) < b {
		return r.failf(n, path, "found an empty object; expected at least %s", plural(int(b), "key"))
	}
	deps, _ := m["dependentRequired"].(map[string]any)
	for _, key := range sortedKeys(deps) {
		needs, _ := deps[key].([]any)
		for _, need := range needs {
			if other, _ := need.(string); n.get(key) != nil && n.get(other) == nil {
				return r.failf(n, path, "no key %q; expected one beside %q", other, key)
			}
		}
	}
	return nil
}

// checkCombined applies allOf, anyOf, not and if/then/else.
func (r schemaRun) checkCombined(m map[string]any, n *jsonNode, path []pathStep) *violation {
	all, _ := m["allOf"].([]any)
	for _, sub := range all {
		if v := r.check(sub, n, path); v != nil {
			return v
		}
	}
	if v := r.checkAnyOf(m, n, path); v != nil {
		return v
	}
	if not, ok := m["not"]; ok && r.follows(not, n, path) {
		return r.notAllowed(not, n, path)
	}
	cond, ok := m["if"]
	if !ok {
		return nil
	}
	branch := "else"
	if r.follows(cond, n, path) {
		branch = "then"
	}
	if v := r.check(m[branch], n, path); v != nil {
		if !r.quiet {
			v.err = fmt.Errorf("%w (%s)", v.err, condition(cond, n))
		}
		return v
	}
	return nil
}

// checkAnyOf applies anyOf. When no choice fits, an object or a list is
// held to the one choice of its kind, if there is one, for the precise
// place of the problem; any other value is told the choices.
func (r schemaRun) checkAnyOf(m map[string]any, n *jsonNode, path []pathStep) *violation {
	choices, ok := m["anyOf"].([]any)
	if !ok || slices.ContainsFunc(choices, func(sub any) bool { return r.follows(sub, n, path) }) {
		return nil
	}
	if r.quiet {
		return &violation{}
	}
	var fit []any
	for _, sub := range choices {
		if r.admits(sub, n) {
			fit = append(fit, sub)
		}
	}
	if len(fit) == 1 && (n.kind == jsonObject || n.kind == jsonArray) {
		return r.check(fit[0], n, path)
	}
	return r.failf(n, path, "found %s; expected %s", what{n}, expected{r.jsonSchema, m})
}

// admits reports whether schema sc allows values of n's kind at all.
func (s *jsonSchema) admits(sc any, n *jsonNode) bool {
	m, ok := sc.(map[string]any)
	if !ok {
		return sc != false
	}
	if ref, ok := m["$ref"].(string); ok && !s.admits(s.resolve(ref), n) {
		return false
	}
	if t, ok := m["type"]; ok {
		return slices.ContainsFunc(typeList(t), func(t string) bool { return hasType(n, t) })
	}
	if c, ok := m["const"]; ok {
		return sameValue(c, n)
	}
	return true
}

// notAllowed is the violation of a value that matches a "not": a key
// it forbids, named at the key, or the value itself.
func (r schemaRun) notAllowed(not any, n *jsonNode, path []pathStep) *violation {
	for _, key := range requiredKeys(not) {
		for i, k := range n.keys {
			if k == key {
				if r.quiet {
					return &violation{}
				}
				return &violation{off: n.keyOffs[i], path: append(slices.Clone(path), pathStep{key: key}), err: fmt.Errorf("key %q is not allowed here", key)}
			}
		}
	}
	return r.failf(n, path, "found %s; not allowed here", found(n))
}

// requiredKeys are the keys a schema requires, through anyOf and allOf.
func requiredKeys(sc any) []string {
	m, _ := sc.(map[string]any)
	var keys []string
	req, _ := m["required"].([]any)
	for _, r := range req {
		if k, ok := r.(string); ok {
			keys = append(keys, k)
		}
	}
	for _, k := range []string{"anyOf", "allOf"} {
		list, _ := m[k].([]any)
		for _, sub := range list {
			keys = append(keys, requiredKeys(sub)...)
		}
	}
	return keys
}

// condition says what an if/then/else chose by: the keys its "if" looks
// at, with their values in n ("with kind "saturation"", "without
// reason").
func condition(cond any, n *jsonNode) string {
	var parts []string
	for _, key := range conditionKeys(cond) {
		if v := n.get(key); v != nil {
			parts = append(parts, "with "+key+" "+literal(v))
		} else {
			parts = append(parts, "without "+key)
		}
	}
	return strings.Join(parts, ", ")
}

// conditionKeys are the keys an "if" looks at, in a stable order.
func conditionKeys(cond any) []string {
	m, _ := cond.(map[string]any)
	props, _ := m["properties"].(map[string]any)
	keys := slices.Sorted(maps.Keys(props))
	keys = append(keys, requiredKeys(cond)...)
	if not, ok := m["not"]; ok {
		keys = append(keys, conditionKeys(not)...)
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// expect says in words what schema sc accepts: "a number ≥ 0 or
// "inf"", "one of "p90", "mean"", "a whole number from 1 to 1000000 or
// null".
func (s *jsonSchema) expect(sc any) string {
	m, _ := sc.(map[string]any)
	if ref, ok := m["$ref"].(string); ok {
		return s.expect(s.resolve(ref))
	}
	if c, ok := m["const"]; ok {
		return schemaLiteral(c)
	}
	if e, ok := m["enum"].([]any); ok {
		words := make([]string, len(e))
		for i, c := range e {
			words[i] = schemaLiteral(c)
		}
		return "one of " + strings.Join(words, ", ")
	}
	if choices, ok := m["anyOf"].([]any); ok {
		words := make([]string, len(choices))
		for i, sub := range choices {
			words[i] = s.expect(sub)
		}
		return strings.Join(words, " or ")
	}
	types := typeList(m["type"])
	if len(types) == 0 {
		types = []string{"number"} // bounds alone, under an if
	}
	words := make([]string, len(types))
	for i, t := range types {
		words[i] = typeWords(t, m)
	}
	return strings.Join(words, " or ")
}

// typeWords says what type t of schema m accepts, with its bounds.
func typeWords(t string, m map[string]any) string {
	switch t {
	case "number", "integer":
		w := "a number"
		if t == "integer" {
			w = "a whole number"
		}
		if b := boundWords(m); b != "" {
			w += " " + b
		}
		return w
	case "string":
		if p, ok := m["pattern"].(string); ok {
			return "a string matching " + p
		}
		if _, ok := m["minLength"]; ok {
			return "a non-empty string"
		}
		return "a string"
	case "boolean":
		return "true or false"
	case "array":
		return "a list"
	case "object":
		return "an object"
	}
	return t // null
}

// boundWords says a number's bounds: "≥ 0", "from 1 to 1000000",
// "above 0 and up to 600000", "below 3".
func boundWords(m map[string]any) string {
	low, lowOK := bound(m, "minimum")
	xlow, xlowOK := bound(m, "exclusiveMinimum")
	high, highOK := bound(m, "maximum")
	xhigh, xhighOK := bound(m, "exclusiveMaximum")
	var parts []string
	switch {
	case lowOK && highOK:
		return "from " + num(low) + " to " + num(high)
	case xlowOK && highOK:
		return "above " + num(xlow) + " and up to " + num(high)
	case lowOK:
		parts = append(parts, "≥ "+num(low))
	case xlowOK:
		parts = append(parts, "above "+num(xlow))
	case highOK:
		parts = append(parts, "≤ "+num(high))
	}
	if xhighOK {
		parts = append(parts, "below "+num(xhigh))
	}
	return strings.Join(parts, " and ")
}

func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// bound is the number of keyword k of m.
func bound(m map[string]any, k string) (float64, bool) {
	n, ok := m[k].(json.Number)
	if !ok {
		return 0, false
	}
	x, err := n.Float64()
	return x, err == nil
}

// typeList is a "type" keyword as a list of type names.
func typeList(t any) []string {
	switch t := t.(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, x := range t {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// hasType reports whether n is of JSON Schema type t. An integer is
// written as one, as reportgen writes it: 1.0 and 1e2 are refused,
// although JSON Schema would take them, for the Go int they are read
// into would not.
func hasType(n *jsonNode, t string) bool {
	switch t {
	case "null":
		return n.kind == jsonNull
	case "boolean":
		return n.kind == jsonBool
	case "number":
		return n.kind == jsonNumber
	case "integer":
		return n.kind == jsonNumber && wholeLiteral(n.text)
	case "string":
		return n.kind == jsonString
	case "array":
		return n.kind == jsonArray
	case "object":
		return n.kind == jsonObject
	}
	return false
}

// wholeLiteral reports whether a JSON number is written as a whole
// number: digits, perhaps after a minus sign.
func wholeLiteral(text string) bool {
	return strings.Trim(strings.TrimPrefix(text, "-"), "0123456789") == ""
}

// sameValue reports whether the schema's scalar c (a const or enum
// value) equals n.
func sameValue(c any, n *jsonNode) bool {
	switch c := c.(type) {
	case nil:
		return n.kind == jsonNull
	case bool:
		return n.kind == jsonBool && n.b == c
	case string:
		return n.kind == jsonString && n.text == c
	case json.Number:
		x, err := c.Float64()
		return err == nil && n.kind == jsonNumber && n.num == x
	}
	return false
}

// schemaLiteral writes a schema's scalar as JSON: "inf", 3, true.
func schemaLiteral(c any) string {
	if c == nil {
		return "null"
	}
	data, err := json.Marshal(c)
	if err != nil {
		return fmt.Sprint(c)
	}
	return string(data)
}

// literal writes a scalar of the document as written ("saturation" in
// quotes, 4, null); an object or a list by its kind.
func literal(n *jsonNode) string {
	switch n.kind {
	case jsonNull:
		return "null"
	case jsonBool:
		return strconv.FormatBool(n.b)
	case jsonNumber:
		return n.text
	case jsonString:
		s := n.text
		if utf8.RuneCountInString(s) > 40 {
			s = string([]rune(s)[:40]) + "…"
		}
		return strconv.Quote(s)
	case jsonArray:
		return "a list"
	}
	return "an object"
}

// found says what a value is, for "found …; expected …".
func found(n *jsonNode) string {
	switch n.kind {
	case jsonNumber:
		return "the number " + n.text
	case jsonString:
		if n.text == "" {
			return "an empty string"
		}
		return "the string " + literal(n)
	case jsonArray:
		if len(n.items) == 0 {
			return "an empty list"
		}
		return "a list of " + itemCount(len(n.items))
	}
	return literal(n)
}

// itemCount says how many items a list has: "1 item", "2 items".
func itemCount(k int) string { return plural(k, "item") }

// plural says k things: "1 key", "2 keys".
func plural(k int, thing string) string {
	if k == 1 {
		return "1 " + thing
	}
	return strconv.Itoa(k) + " " + thing + "s"
}
