package report

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render"
)

// Warnings are the input problems that did not stop the build, each in
// the edition's language ("warning_<kind>", given its values by name).
// Source is a code span (a path with backticks or Markdown characters
// stays one), the other values are text: numbers in the edition's
// notation, statistics, configs and tools by their display names.
func (v *view) Warnings() []string {
	out := make([]string, len(v.R.Warnings))
	for i, w := range v.R.Warnings {
		args := []any{"Source", render.Code(w.Source), "Column", render.Escape(w.Column)}
		for _, k := range slices.Sorted(maps.Keys(w.Values)) {
			args = append(args, k, v.warningValue(w, k))
		}
		out[i] = v.loc.T("warning_"+w.Kind, args...)
	}
	return out
}

// warningValue formats the value named name of warning w for the page.
func (v *view) warningValue(w analyze.Warning, name string) string {
	x := w.Values[name]
	if s, ok := x.(string); ok {
		switch name {
		case "Stat": // an SLO statistic: "p90", "mean"
			if s == string(analyze.P90) || s == string(analyze.Mean) {
				return v.StatWord(s)
			}
		case "Config": // a config by its id
			for _, c := range v.R.Configs {
				if c.ID == s {
					return v.Name(c.ID)
				}
			}
		case "Metric": // a metric by its definitions key: "itl"
			return strings.ToUpper(s)
		case "Def", "OtherDef": // a definition of the warning's Metric: "tpot"
			if m, ok := w.Values["Metric"].(string); ok {
				return v.loc.T("defn_" + m + "_" + s)
			}
		}
	}
	return v.formatValue(x)
}

// formatValue formats one value of a warning for the page: numbers in
// the edition's notation, text escaped.
func (v *view) formatValue(x any) string {
	switch x := x.(type) {
	case int:
		return v.loc.Int(x)
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e15 {
			return v.loc.Int(int(x))
		}
		return v.loc.Num(x, 1)
	case string:
		return render.Escape(x)
	}
	return render.Escape(fmt.Sprint(x))
}
