package render

import (
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/templates"
)

// TestTemplatesUseOnlyTheirSubView: every view method a template names
// is in the method set of the sub-view that template is given, in every
// branch, including those the test reports never take (a template
// reaching another section's method would fail only when that branch
// runs). The comparison's templates are held to the comparison's view
// (cmpView) and its sub-views the same way.
func TestTemplatesUseOnlyTheirSubView(t *testing.T) {
	report, comparison := reflect.TypeFor[*view](), reflect.TypeFor[*cmpView]()
	views := map[string]struct{ sub, full reflect.Type }{
		"report.md.tmpl":        {reflect.TypeFor[document](), report},
		"partials.tmpl":         {reflect.TypeFor[vocabulary](), report},
		"summary.tmpl":          {reflect.TypeFor[summaryView](), report},
		"setup.tmpl":            {reflect.TypeFor[setupView](), report},
		"configs.tmpl":          {reflect.TypeFor[configsView](), report},
		"results.tmpl":          {reflect.TypeFor[resultsView](), report},
		"capacity.tmpl":         {reflect.TypeFor[capacityView](), report},
		"conclusion.tmpl":       {reflect.TypeFor[conclusionView](), report},
		"appendix.tmpl":         {reflect.TypeFor[appendixView](), report},
		"compare.md.tmpl":       {reflect.TypeFor[cmpDocument](), comparison},
		"compare_verdict.tmpl":  {reflect.TypeFor[cmpVerdictView](), comparison},
		"compare_scope.tmpl":    {reflect.TypeFor[cmpScopeView](), comparison},
		"compare_results.tmpl":  {reflect.TypeFor[cmpResultsView](), comparison},
		"compare_appendix.tmpl": {reflect.TypeFor[cmpAppendixView](), comparison},
	}
	name := regexp.MustCompile(`\.([A-Z][A-Za-z0-9]*)`)
	entries, err := templates.FS.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	checked, checkedComparison := 0, 0
	for _, e := range entries {
		if path := e.Name(); strings.HasSuffix(path, ".tmpl") {
			vt, ok := views[path]
			if !ok {
				t.Errorf("%s has no sub-view in the test's table", path)
				continue
			}
			src, err := templates.FS.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range name.FindAllStringSubmatch(string(src), -1) {
				if _, isView := vt.full.MethodByName(m[1]); !isView {
					continue // a field or method of another value (.Markdown of a Table)
				}
				checked++
				if vt.full == comparison {
					checkedComparison++
				}
				if _, ok := vt.sub.MethodByName(m[1]); !ok {
					t.Errorf("%s uses .%s, which its sub-view %s lacks", path, m[1], vt.sub)
				}
			}
		}
	}
	if checked < 60 || checkedComparison < 20 {
		t.Errorf("checked only %d method uses (%d of the comparison's); the pattern is stale", checked, checkedComparison)
	}
}
