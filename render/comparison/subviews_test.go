package comparison

import (
	"io/fs"
	"reflect"
	"regexp"
	"testing"

	"github.com/openzeka/reportgen/templates"
)

// TestTemplatesUseOnlyTheirSubView: every view method a comparison
// template (templates/compare/) names is in the method set of the
// sub-view that template is given, in every branch, including those the
// test comparisons never take.
func TestTemplatesUseOnlyTheirSubView(t *testing.T) {
	t.Parallel()
	views := map[string]reflect.Type{
		"compare/compare.md.tmpl": reflect.TypeFor[rootView](),
		"compare/verdict.tmpl":    reflect.TypeFor[verdictView](),
		"compare/scope.tmpl":      reflect.TypeFor[scopeView](),
		"compare/results.tmpl":    reflect.TypeFor[resultsView](),
		"compare/appendix.tmpl":   reflect.TypeFor[appendixView](),
	}
	paths, err := fs.Glob(templates.FS, "compare/*.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	full := reflect.TypeFor[*view]()
	name := regexp.MustCompile(`\.([A-Z][A-Za-z0-9]*)`)
	checked := 0
	for _, path := range paths {
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
	if checked < 20 {
		t.Errorf("checked only %d method uses; the pattern is stale", checked)
	}
}
