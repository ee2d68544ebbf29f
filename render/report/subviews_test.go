package report

import (
	"io/fs"
	"reflect"
	"regexp"
	"testing"

	"github.com/openzeka/reportgen/templates"
)

// TestTemplatesUseOnlyTheirSubView: every view method a report template
// (templates/report/, and the partials) names is in the method set of
// the sub-view that template is given, in every branch, including those
// the test reports never take (a template reaching another section's
// method would fail only when that branch runs).
func TestTemplatesUseOnlyTheirSubView(t *testing.T) {
	t.Parallel()
	views := map[string]reflect.Type{
		"report/report.md.tmpl":  reflect.TypeFor[rootView](),
		"partials.tmpl":          reflect.TypeFor[vocabulary](),
		"report/summary.tmpl":    reflect.TypeFor[summaryView](),
		"report/setup.tmpl":      reflect.TypeFor[setupView](),
		"report/configs.tmpl":    reflect.TypeFor[configsView](),
		"report/results.tmpl":    reflect.TypeFor[resultsView](),
		"report/capacity.tmpl":   reflect.TypeFor[capacityView](),
		"report/conclusion.tmpl": reflect.TypeFor[conclusionView](),
		"report/appendix.tmpl":   reflect.TypeFor[appendixView](),
	}
	paths, err := fs.Glob(templates.FS, "report/*.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	full := reflect.TypeFor[*view]()
	name := regexp.MustCompile(`\.([A-Z][A-Za-z0-9]*)`)
	checked := 0
	for _, path := range append(paths, "partials.tmpl") {
		sub, ok := views[path]
		if !ok {
			t.Errorf("%s has no sub-view in the test's table", path)
			continue
		}
		src, err := fs.ReadFile(templates.FS, path)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range name.FindAllStringSubmatch(string(src), -1) {
			if _, isView := full.MethodByName(m[1]); !isView {
				continue // a field or method of another value (.Markdown of a Table)
			}
			checked++
			if _, ok := sub.MethodByName(m[1]); !ok {
				t.Errorf("%s uses .%s, which its sub-view %s lacks", path, m[1], sub)
			}
		}
	}
	if checked < 60 {
		t.Errorf("checked only %d method uses; the pattern is stale", checked)
	}
}
