package present

import (
	"math"
	"slices"
	"strings"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/locale"
)

// UsersCell writes a capacity's users for a table or a chart label: a
// count, "≥ N" for a lower bound, "–" when unknown.
func UsersCell(loc *locale.Locale, c analyze.Capacity) string {
	switch {
	case !c.UsersKnown():
		return "–"
	case c.LowerBound:
		return "≥ " + loc.Int(c.Users)
	}
	return loc.Int(c.Users)
}

// LoadCell writes a capacity's highest level for a table or a chart
// label: "32", "≥ 64" for a lower bound.
func LoadCell(loc *locale.Locale, c analyze.Capacity) string {
	if c.LowerBound {
		return "≥ " + loc.Load(c.Max)
	}
	return loc.Load(c.Max)
}

// ThinkText is message id with the think time, or its "_closed" variant
// for a closed loop (think time 0), which states no time.
func ThinkText(loc *locale.Locale, think float64, id string) string {
	if think == 0 {
		return loc.T(id + "_closed")
	}
	return loc.T(id, "Think", Seconds(loc, think))
}

// Seconds writes a duration in seconds with the decimals it has, at
// most two: 45, 7,5 (tr).
func Seconds(loc *locale.Locale, s float64) string {
	for dec := 0; dec < 2; dec++ {
		if p := math.Pow10(dec); math.Abs(s*p-math.Round(s*p)) < 1e-9 {
			return loc.Num(s, dec)
		}
	}
	return loc.Num(s, 2)
}

// Clean is s with invalid UTF-8 and control characters (other than tab
// and line ends) replaced by U+FFFD: text from the data, safe to set.
func Clean(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if isControl(r) {
			return '\uFFFD'
		}
		return r
	}, s)
}

// isControl: a C0 or C1 control character other than tab and line ends.
func isControl(r rune) bool {
	return (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || r == 0x7f || (r >= 0x80 && r < 0xa0)
}

// AllExports reports whether every config of r is an llm-benchmark
// export, whose statistics conventions the metric sections describe.
func AllExports(r *analyze.Report) bool {
	return !slices.ContainsFunc(r.Configs, func(c analyze.Config) bool { return c.Format != "llm-benchmark" })
}

// HasReportedRPS reports whether some tool of r reported its own
// request rate.
func HasReportedRPS(r *analyze.Report) bool {
	return slices.ContainsFunc(r.Configs, func(c analyze.Config) bool {
		return slices.ContainsFunc(c.Levels, func(l analyze.Level) bool { return !math.IsNaN(l.RPSReported) })
	})
}

// ModelLine names the model of meta in loc's language with its vendor,
// each part passed through esc: "Kimi K3 (Moonshot AI)"; "" when meta
// names no model. The report and the comparison both say it.
func ModelLine(loc *locale.Locale, meta analyze.Meta, esc func(string) string) string {
	model, vendor := meta.Model.In(loc.Lang), meta.Vendor.In(loc.Lang)
	switch {
	case model == "":
		return ""
	case vendor == "":
		return esc(model)
	}
	return loc.T("model_vendor", "Model", esc(model), "Vendor", esc(vendor))
}
