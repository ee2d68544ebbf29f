package analyze

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestSchemaKeywords: every keyword analysis.schema.json uses is one
// the validator applies (or an annotation it passes over); a keyword
// added to the schema that it does not know fails here instead of being
// ignored.
func TestSchemaKeywords(t *testing.T) {
	sch, err := analysisSchema()
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	walkSchema(sch.root, func(m map[string]any) {
		for k := range m {
			used[k] = true
		}
		if ref, ok := m["$ref"].(string); ok && sch.resolve(ref) == nil {
			t.Errorf("$ref %q names no $defs entry", ref)
		}
		if f, ok := m["format"]; ok && f != "date-time" {
			t.Errorf("format %v: the validator asserts date-time only", f)
		}
	})
	for _, k := range slices.Sorted(maps.Keys(used)) {
		if !slices.Contains(schemaKeywords, k) {
			t.Errorf("analysis.schema.json uses %q, which the validator does not apply", k)
		}
	}
	if len(used) < 20 {
		t.Errorf("found %d keywords; the walk missed the schema", len(used))
	}
}

// TestValueRulePaths: each path of valueRules leads to a number (or a
// load) in analysis.schema.json, so that a rule is never left unused by
// a misspelt or renamed key.
func TestValueRulePaths(t *testing.T) {
	sch, err := analysisSchema()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range valueRules {
		nodes := []any{sch.root}
		for _, step := range strings.Split(r.path, ".") {
			var next []any
			for _, n := range nodes {
				next = append(next, sch.children(n, step)...)
			}
			if nodes = next; len(nodes) == 0 {
				t.Errorf("%s: the schema has no %q there", r.path, step)
				break
			}
		}
		if len(nodes) > 0 && !slices.ContainsFunc(nodes, sch.judged) {
			t.Errorf("%s: not a number or a date in the schema", r.path)
		}
	}
}

// branches are sc and the schemas it stands for: its $ref's, its
// allOf's and anyOf's, then/else.
func (s *jsonSchema) branches(sc any) []any {
	m, ok := sc.(map[string]any)
	if !ok {
		return nil
	}
	out := []any{m}
	if ref, ok := m["$ref"].(string); ok {
		out = append(out, s.branches(s.resolve(ref))...)
	}
	for _, k := range []string{"allOf", "anyOf"} {
		list, _ := m[k].([]any)
		for _, sub := range list {
			out = append(out, s.branches(sub)...)
		}
	}
	for _, k := range []string{"then", "else"} {
		out = append(out, s.branches(m[k])...)
	}
	return out
}

// children are the schemas of key step ("*": any key or item) below sc.
func (s *jsonSchema) children(sc any, step string) []any {
	var out []any
	for _, b := range s.branches(sc) {
		m := b.(map[string]any)
		props, _ := m["properties"].(map[string]any)
		if step != "*" {
			if p, ok := props[step]; ok {
				out = append(out, p)
			}
			continue
		}
		for _, k := range []string{"items", "additionalProperties"} {
			if sub, ok := m[k].(map[string]any); ok {
				out = append(out, sub)
			}
		}
		for _, k := range slices.Sorted(maps.Keys(props)) {
			out = append(out, props[k])
		}
	}
	return out
}

// judged reports whether schema sc takes a number or a date, the
// values a rule judges.
func (s *jsonSchema) judged(sc any) bool {
	for _, b := range s.branches(sc) {
		m := b.(map[string]any)
		if m["format"] == "date-time" || slices.ContainsFunc(typeList(m["type"]), func(t string) bool { return t == "number" || t == "integer" }) {
			return true
		}
	}
	return false
}
