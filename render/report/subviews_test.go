package report

import (
	"io/fs"
	"reflect"
	"testing"

	"github.com/openzeka/reportgen/internal/testutil"
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
	testutil.SubViews(t, templates.FS, append(paths, "partials.tmpl"), views, reflect.TypeFor[*view](), 60)
}
