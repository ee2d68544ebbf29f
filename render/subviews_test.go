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
// runs).
func TestTemplatesUseOnlyTheirSubView(t *testing.T) {
	views := map[string]reflect.Type{
		"report.md.tmpl":  reflect.TypeFor[document](),
		"partials.tmpl":   reflect.TypeFor[vocabulary](),
		"summary.tmpl":    reflect.TypeFor[summaryView](),
		"setup.tmpl":      reflect.TypeFor[setupView](),
		"configs.tmpl":    reflect.TypeFor[configsView](),
		"results.tmpl":    reflect.TypeFor[resultsView](),
		"capacity.tmpl":   reflect.TypeFor[capacityView](),
		"conclusion.tmpl": reflect.TypeFor[conclusionView](),
		"appendix.tmpl":   reflect.TypeFor[appendixView](),
	}
	viewMethods := reflect.TypeFor[*view]()
	name := regexp.MustCompile(`\.([A-Z][A-Za-z0-9]*)`)
	entries, err := templates.FS.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, e := range entries {
		if path := e.Name(); strings.HasSuffix(path, ".tmpl") {
			sub, ok := views[path]
			if !ok {
				t.Errorf("%s has no sub-view in the test's table", path)
				continue
			}
			src, err := templates.FS.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range name.FindAllStringSubmatch(string(src), -1) {
				if _, isView := viewMethods.MethodByName(m[1]); !isView {
					continue // a field or method of another value (.Markdown of a Table)
				}
				checked++
				if _, ok := sub.MethodByName(m[1]); !ok {
					t.Errorf("%s uses .%s, which its sub-view %s lacks", path, m[1], sub)
				}
			}
		}
	}
	if checked < 60 {
		t.Errorf("checked only %d method uses; the pattern is stale", checked)
	}
}
