package analyze_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/openzeka/reportgen/analyze"
)

// schemaID is analysis.schema.json's $id.
const schemaID = "https://github.com/openzeka/reportgen/analyze/analysis.schema.json"

// librarySchema compiles analysis.schema.json with a JSON Schema
// library (draft 2020-12, formats asserted), as cmd/reportgen's schema
// test does: the judge ReadJSON's own validator is held to.
func librarySchema(t testing.TB) *jsonschema.Schema {
	t.Helper()
	data, err := os.ReadFile("analysis.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(schemaID, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(schemaID)
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// agree checks that ReadJSON's schema validator and the library judge
// the JSON text data alike: each refuses what the other refuses,
// except a whole number written as 1.0 or 1e2, which only ReadJSON
// refuses (a Go int would not read it). Text ReadJSON refuses before
// any schema (a key written twice, 1e400) is not compared.
func agree(t *testing.T, lib *jsonschema.Schema, data []byte) {
	t.Helper()
	parsed, wholeForm, err := analyze.CheckSchema(data)
	if !parsed {
		return
	}
	inst, ierr := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if ierr != nil {
		t.Fatalf("the library cannot read what ReadJSON read: %v\n%s", ierr, data)
	}
	libErr := lib.Validate(inst)
	switch {
	case err == nil && libErr != nil:
		t.Errorf("ReadJSON's schema takes what the library refuses:\n%v\n%s", libErr, data)
	case err != nil && libErr == nil && !wholeForm:
		t.Errorf("ReadJSON's schema refuses what the library takes: %v\n%s", err, data)
	}
}

// TestSchemaAgreesWithLibrary: ReadJSON's schema validator judges as a
// JSON Schema library does testdata/analysis.json, each change of
// refusals to it, and the analysis.json of every sample.
func TestSchemaAgreesWithLibrary(t *testing.T) {
	lib := librarySchema(t)
	base, err := os.ReadFile("testdata/analysis.json")
	if err != nil {
		t.Fatal(err)
	}
	agree(t, lib, base)
	for _, tc := range refusals {
		agree(t, lib, changed(t, base, tc))
	}
	dirs, err := filepath.Glob("../samples/*/report.toml")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("samples: %v %v", dirs, err)
	}
	for _, m := range dirs {
		data, err := json.Marshal(buildDir(t, filepath.Dir(m)))
		if err != nil {
			t.Fatal(err)
		}
		agree(t, lib, data)
	}
}

// FuzzSchemaAgrees: on any JSON text, ReadJSON's schema validator and
// the library agree (see agree). Seeded with testdata/analysis.json and
// its changes in refusals.
func FuzzSchemaAgrees(f *testing.F) {
	lib := librarySchema(f)
	base, err := os.ReadFile("testdata/analysis.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(base)
	for _, tc := range refusals {
		f.Add(changed(f, base, tc))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if json.Valid(data) {
			agree(t, lib, data)
		}
	})
}
