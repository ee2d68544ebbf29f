package chart

import (
	"fmt"

	"github.com/openzeka/reportgen/analyze"
)

// Colors are the colours the charts draw r's configs in, in config
// order, as CSS writes them ("#0072b2"): what a drawing outside the
// charts (the HTML page's what-if capacity chart) uses, so that a config
// keeps one colour everywhere.
func Colors(r *analyze.Report) []string {
	pl := newPalette(r, "")
	out := make([]string, len(r.Configs))
	for i := range r.Configs {
		c := pl.of(i).Color
		out[i] = fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
	}
	return out
}
