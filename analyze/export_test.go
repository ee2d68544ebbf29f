package analyze

import "math"

// CheckSchema applies analysis.schema.json alone to data, as ReadJSON
// does after reading the JSON text (which must hold one value): the
// schema's verdict, for a test to hold against a JSON Schema library.
// wholeForm reports a refusal of a whole number written with a
// fraction or an exponent (1.0, 1e2), which JSON Schema would take as
// an integer and ReadJSON does not.
func CheckSchema(data []byte) (wholeForm bool, err error) {
	root, v := parseTree(data)
	if v != nil {
		return false, v
	}
	sch, err := analysisSchema()
	if err != nil {
		return false, err
	}
	if v := sch.check(sch.root, root, nil); v != nil {
		n := root.at(v.path)
		return n != nil && n.kind == jsonNumber && !wholeLiteral(n.text) && n.num == math.Trunc(n.num), v
	}
	return false, nil
}
