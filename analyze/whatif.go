package analyze

import "github.com/openzeka/reportgen/ingest"

// The HTML page's what-if view (render/report) recomputes a report's SLO
// verdicts, capacities, capacity ranking and throughput at a target in
// the browser, under settings the reader gives. It checks those settings
// against the ranges build checks its flags against, which it reads
// here: render does not import ingest.

// Bounds is the range of one setting: from Min (above it when MinOpen)
// to Max.
type Bounds struct {
	Min     float64 `json:"min"`
	Max     float64 `json:"max"`
	MinOpen bool    `json:"min_open,omitempty"`
}

// SettingBounds are the ranges of the settings a report is built with,
// by their flag names (slo-ttft-ms, slo-tps, think-s, tie-pct,
// interactivity) and report.toml's price (price: cost.price_per_gpu_hour).
func SettingBounds() map[string]Bounds {
	b := func(r ingest.Range) Bounds { return Bounds{Min: r.Min, Max: r.Max, MinOpen: r.MinOpen} }
	return map[string]Bounds{
		"slo-ttft-ms":   b(ingest.TTFTRange),
		"slo-tps":       b(ingest.TPSRange),
		"think-s":       b(ingest.ThinkRange),
		"tie-pct":       b(ingest.TieRange),
		"interactivity": b(ingest.InteractivityRange),
		"price":         b(ingest.PriceRange),
	}
}
