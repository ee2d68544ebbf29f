package comparison

import (
	"io/fs"
	"reflect"
	"testing"

	"github.com/openzeka/reportgen/internal/testutil"
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
	testutil.SubViews(t, templates.FS, paths, views, reflect.TypeFor[*view](), 20)
}
