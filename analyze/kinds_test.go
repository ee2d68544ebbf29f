package analyze_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
)

// TestEveryKindHasARow: every FindingKind and AnomalyKind constant of
// the package has exactly one row in Rules or AnomalyRules, and every
// row names a constant. A kind declared without a row would never be
// derived, told or checked.
func TestEveryKindHasARow(t *testing.T) {
	consts := kindConsts(t)
	for _, c := range []struct {
		typ  string
		rows []string
	}{
		{"FindingKind", kindNames(analyze.FindingKinds())},
		{"AnomalyKind", kindNames(analyze.AnomalyKinds())},
	} {
		declared := consts[c.typ]
		if len(declared) == 0 {
			t.Fatalf("no %s constant found in the package's sources", c.typ)
		}
		for _, k := range declared {
			if n := count(c.rows, k); n != 1 {
				t.Errorf("%s %q has %d rows, want 1", c.typ, k, n)
			}
		}
		for _, k := range c.rows {
			if !slices.Contains(declared, k) {
				t.Errorf("a row of kind %q, which is no %s constant", k, c.typ)
			}
		}
	}
}

// TestRuleTable: the rule table's shape. The first row of each scope
// has a detector (a row without one is an alternative its group's
// detector emits), every row declares its values, once each, and the
// headline kinds are in the conclusion's order.
func TestRuleTable(t *testing.T) {
	rules := analyze.Rules()
	order := -1
	for i, r := range rules {
		if len(r.Values) == 0 {
			t.Errorf("%s declares no values", r.Kind)
		}
		if v := slices.Compact(slices.Sorted(slices.Values(r.Values))); len(v) != len(r.Values) {
			t.Errorf("%s declares a value twice: %v", r.Kind, r.Values)
		}
		if i > 0 && rules[i-1].Scope > r.Scope {
			t.Errorf("%s (scope %d) follows a row of scope %d: the rows go headline, section, quality", r.Kind, r.Scope, rules[i-1].Scope)
		}
		if r.Scope == analyze.Headline {
			if r.Order < order {
				t.Errorf("%s has order %d after a row of order %d", r.Kind, r.Order, order)
			}
			order = r.Order
		} else if r.Order != 0 {
			t.Errorf("%s is no headline kind but has order %d", r.Kind, r.Order)
		}
	}
	for _, a := range analyze.AnomalyRules() {
		if len(a.Values) == 0 {
			t.Errorf("anomaly %s declares no values", a.Kind)
		}
	}
}

// checkKinds holds every finding and anomaly of r to its row: a kind
// with a rule, told where its scope says, carrying only the values the
// row declares (a misspelt name, which a renderer would read as 0,
// fails here). Every report the package's tests build passes through
// it.
func checkKinds(t testing.TB, r *analyze.Report) {
	t.Helper()
	for _, f := range r.Findings {
		rule, ok := analyze.RuleOf(f.Kind)
		if !ok {
			t.Errorf("finding of kind %q, which has no rule", f.Kind)
			continue
		}
		want := map[analyze.Scope]bool{analyze.Headline: f.Section == analyze.SummarySection, analyze.Quality: f.Section == analyze.QualitySection,
			analyze.Section: f.Section != analyze.SummarySection && f.Section != analyze.QualitySection && f.Section != ""}
		if !want[rule.Scope] {
			t.Errorf("%s finding told in section %q against its rule's scope %d", f.Kind, f.Section, rule.Scope)
		}
		for name := range f.Values {
			if !slices.Contains(rule.Values, name) {
				t.Errorf("%s finding carries value %q, which its rule does not declare (%v)", f.Kind, name, rule.Values)
			}
		}
		if f.Kind == analyze.AnomalyNote && note(f.Anomaly) == 0 {
			t.Errorf("anomaly note of a %q, a kind the summary does not tell", f.Anomaly)
		}
	}
	for _, a := range r.Anomalies {
		i := slices.IndexFunc(analyze.AnomalyRules(), func(ar analyze.AnomalyRule) bool { return ar.Kind == a.Kind })
		if i < 0 {
			t.Errorf("anomaly of kind %q, which has no row", a.Kind)
			continue
		}
		declared := analyze.AnomalyRules()[i].Values
		for name := range a.Values {
			if !slices.Contains(declared, name) {
				t.Errorf("%s anomaly carries value %q, which its row does not declare (%v)", a.Kind, name, declared)
			}
		}
	}
}

// note is the Note weight of anomaly kind k.
func note(k analyze.AnomalyKind) float64 {
	for _, a := range analyze.AnomalyRules() {
		if a.Kind == k {
			return a.Note
		}
	}
	return 0
}

// kindConsts are the string values of the package's constants of type
// FindingKind and AnomalyKind, by type, read from its Go sources.
func kindConsts(t *testing.T) map[string][]string {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	fset := token.NewFileSet()
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, e.Name(), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
				kindSpecs(g, out)
			}
		}
	}
	return out
}

// kindSpecs adds the FindingKind and AnomalyKind constants of g to out.
func kindSpecs(g *ast.GenDecl, out map[string][]string) {
	for _, s := range g.Specs {
		vs := s.(*ast.ValueSpec)
		typ, ok := vs.Type.(*ast.Ident)
		if !ok || typ.Name != "FindingKind" && typ.Name != "AnomalyKind" {
			continue
		}
		for _, v := range vs.Values {
			if lit, ok := v.(*ast.BasicLit); ok {
				out[typ.Name] = append(out[typ.Name], strings.Trim(lit.Value, `"`))
			}
		}
	}
}

func kindNames[K ~string](ks []K) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return out
}

func count(xs []string, x string) int {
	n := 0
	for _, y := range xs {
		if y == x {
			n++
		}
	}
	return n
}

// TestLatencyConsistent: with every config's ITL measured between
// chunks and the output length known, a level whose mean latency is
// within MismatchTolerance of TTFT + ITL × (tokens − 1) makes the
// latency_consistent finding with the largest deviation; exactly at the
// tolerance it still does, a hair past it is a latency_mismatch
// anomaly instead.
func TestLatencyConsistent(t *testing.T) {
	tokens := 2
	m := &ingest.Manifest{}
	m.Benchmark.OutputTokens = &tokens
	// TTFT 250 ms + ITL 2000 ms × 1 = 2.25 s; latency 2.5 s is 10% off.
	for _, tt := range []struct {
		latency float64
		want    bool
	}{{2.5, true}, {math.Nextafter(2.5, 3), false}} {
		l := levels([6]float64{1, 250, 260, 50, 55, tt.latency})[0]
		l.ITL = stat(2000, 2100)
		in := ingest.Config{ID: "x", Definitions: ingest.Definitions{ITL: "chunk", TPS: "request"}, Levels: []ingest.Level{l}}
		r, err := analyze.Build(&ingest.Campaign{Name: "t", Manifest: m, Configs: []ingest.Config{in}}, analyze.Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkKinds(t, r)
		i := slices.IndexFunc(r.Findings, func(f analyze.Finding) bool { return f.Kind == analyze.LatencyConsistent })
		if got := i >= 0; got != tt.want {
			t.Errorf("latency %v: latency_consistent = %v, want %v (anomalies %v)", tt.latency, got, tt.want, r.Anomalies)
			continue
		}
		if i >= 0 {
			if f := r.Findings[i]; f.Section != analyze.QualitySection || f.Values["deviation"] != 0.1 || f.Values["checked"] != 1 {
				t.Errorf("latency_consistent = %+v, want section quality, deviation 0.1 of 1 level", f)
			}
		}
	}
}
