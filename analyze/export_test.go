package analyze

import "math"

// CheckSchema applies analysis.schema.json alone to data, as ReadJSON
// does once the JSON text is read: the schema's verdict, for a test to
// hold against a JSON Schema library. parsed is false when the text
// itself is refused (a syntax error, a key written twice, a number no
// float64 holds), before any schema; wholeForm reports a refusal of a
// whole number written with a fraction or an exponent (1.0, 1e2), which
// JSON Schema would take as an integer and ReadJSON does not.
func CheckSchema(data []byte) (parsed, wholeForm bool, err error) {
	root, v := parseTree(data)
	if v != nil {
		return false, false, v
	}
	sch, err := analysisSchema()
	if err != nil {
		return true, false, err
	}
	if v := (schemaRun{jsonSchema: sch}).check(sch.root, root, nil); v != nil {
		n := root.at(v.path)
		return true, n != nil && n.kind == jsonNumber && !wholeLiteral(n.text) && n.num == math.Trunc(n.num), v
	}
	return true, false, nil
}

// EstimatedKinds are the kinds of finding estimatedBy has a row for.
func EstimatedKinds() []FindingKind {
	var out []FindingKind
	for k := range estimatedBy {
		out = append(out, k)
	}
	return out
}
