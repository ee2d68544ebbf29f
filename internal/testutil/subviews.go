package testutil

import (
	"io/fs"
	"reflect"
	"regexp"
	"testing"
)

// viewMethod matches a method a template names: ".Verdict", ".Caveat".
var viewMethod = regexp.MustCompile(`\.([A-Z][A-Za-z0-9]*)`)

// SubViews checks that every method of full (a document's whole view)
// that a template of paths in fsys names is in the method set of the
// sub-view views gives that template, in every branch, including those
// no test document takes; a template without a sub-view fails, and so
// does a pattern that finds fewer than least uses (it has gone stale).
func SubViews(t *testing.T, fsys fs.FS, paths []string, views map[string]reflect.Type, full reflect.Type, least int) {
	t.Helper()
	checked := 0
	for _, path := range paths {
		sub, ok := views[path]
		if !ok {
			t.Errorf("%s has no sub-view in the test's table", path)
			continue
		}
		src, err := fs.ReadFile(fsys, path)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range viewMethod.FindAllStringSubmatch(string(src), -1) {
			if _, isView := full.MethodByName(m[1]); !isView {
				continue // a field or method of another value (.Markdown of a Table)
			}
			checked++
			if _, ok := sub.MethodByName(m[1]); !ok {
				t.Errorf("%s uses .%s, which its sub-view %s lacks", path, m[1], sub)
			}
		}
	}
	if checked < least {
		t.Errorf("checked only %d method uses; the pattern is stale", checked)
	}
}
