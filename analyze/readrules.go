package analyze

import (
	"math"

	"github.com/openzeka/reportgen/ingest"
)

// checkLevelRules holds each level of each configuration of the
// document root to the rules between its values that build holds its
// input to (ingest.CheckRules: a latency at least its TTFT, percentiles
// in order, a TPS that agrees with the TPOT where the ITL is the
// TPOT), so that compare never weighs a level build would have refused.
// The violation is at the level.
func checkLevelRules(root *jsonNode) *violation {
	for i, c := range root.get("configs").items {
		d := c.get("definitions")
		defs := ingest.Definitions{ITL: strOf(d.get("itl")), TPS: strOf(d.get("tps")), RPS: strOf(d.get("rps"))}
		for j, l := range c.get("levels").items {
			conc, _ := numOf(l.get("concurrency"))
			lv := ingest.Level{Concurrency: int(math.Round(conc)), TTFT: statOf(l.get("ttft_ms")), ITL: statOf(l.get("itl_ms")),
				TPS: statOf(l.get("tps")), Latency: statOf(l.get("latency_s"))}
			if err := ingest.CheckRules(lv, defs); err != nil {
				path := []pathStep{{key: "configs"}, {index: i, item: true}, {key: "levels"}, {index: j, item: true}}
				return violationf(l, path, "%v; build refuses such a level", err)
			}
		}
	}
	return nil
}

// statOf reads a statistic object of a level (mean, p10, p50, p90,
// p99), a null or missing one as absent.
func statOf(n *jsonNode) ingest.Stat {
	get := func(key string) float64 {
		if x, ok := numOf(n.get(key)); ok {
			return x
		}
		return ingest.Absent
	}
	return ingest.Stat{Mean: get("mean"), P10: get("p10"), P50: get("p50"), P90: get("p90"), P99: get("p99")}
}

// strOf is the string n holds, "" for another kind or none.
func strOf(n *jsonNode) string {
	if n != nil && n.kind == jsonString {
		return n.text
	}
	return ""
}

// numOf is value for a node that may be missing.
func numOf(n *jsonNode) (float64, bool) {
	if n == nil {
		return 0, false
	}
	return value(n)
}
