// Package reporttest holds hand-made reports the render tests share
// (render, render/report, render/chart, render/pdf): small, and shaped to reach the
// edge cases a rendering must handle.
package reporttest

import (
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/locale"
)

func nan() float64 { return math.NaN() }

// ExportDefs are the llm-benchmark export's metric definitions.
var ExportDefs = analyze.Definitions{ITL: "tpot", TPS: "request", RPS: "per_user"}

// Tiny is a hand-made report: two configs, one level missing in the
// second, no manifest, no speculative pair, a name with HTML in it.
func Tiny() *analyze.Report {
	lv := func(c int, ttft, tps, lat float64) analyze.Level {
		l := analyze.Level{
			Load:        analyze.Load(c),
			Concurrency: float64(c),
			TTFT:        analyze.Stat{Mean: ttft, P10: nan(), P50: nan(), P90: ttft * 1.2, P99: nan()},
			ITL:         analyze.Stat{Mean: 10, P10: nan(), P50: nan(), P90: 12, P99: nan()},
			TPS:         analyze.Stat{Mean: tps, P10: nan(), P50: nan(), P90: tps * 1.1, P99: nan()},
			Latency:     analyze.Stat{Mean: lat, P10: nan(), P50: nan(), P90: lat * 1.1, P99: nan()},
			RPSReported: 1 / lat, AggregateTPS: tps * float64(c), SystemRPS: float64(c) / lat, Goodput: nan(),
			InFlight: float64(c), LoadReached: true,
		}
		l.SLO.P90 = analyze.SLOVerdict{TTFT: ttft*1.2 <= 1000, TPS: tps*1.1 >= 15}
		l.SLO.Mean = analyze.SLOVerdict{TTFT: ttft <= 1000, TPS: tps >= 15}
		return l
	}
	return withPareto(&analyze.Report{
		Name:   "tiny",
		Meta:   analyze.Meta{Date: time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC)},
		Params: analyze.DefaultParams(),
		Axis:   analyze.AxisConcurrency,
		Levels: []analyze.Load{1, 2, 4},
		Configs: []analyze.Config{
			{ID: "a", Name: analyze.Text{"": "<script>alert(1)</script>"}, Engine: analyze.Text{"": "TGI"}, Source: "tiny/a.csv", Format: "llm-benchmark", Definitions: ExportDefs, Levels: []analyze.Level{lv(1, 100, 80, 1.6), lv(2, 150, 70, 1.8), lv(4, 300, 50, 2.5)},
				Capacity: analyze.Capacities{P90: analyze.Capacity{Max: 4, Concurrency: 4, LatencyMeanS: 2.5, Users: 76}, Mean: analyze.Capacity{Max: 4, Concurrency: 4, LatencyMeanS: 2.5, Users: 76}}},
			{ID: "b", Name: analyze.Text{"": "b|pipe"}, Engine: analyze.Text{"": "vLLM"}, Source: "tiny/b_pipe`1`.csv", Format: "llm-benchmark", Definitions: ExportDefs, Levels: []analyze.Level{lv(1, 90, 85, 1.5), lv(4, 1200, 40, 3)},
				Capacity: analyze.Capacities{P90: analyze.Capacity{Max: 1, Concurrency: 1, LatencyMeanS: 1.5, Users: 31}, Mean: analyze.Capacity{Max: 1, Concurrency: 1, LatencyMeanS: 1.5, Users: 31}}},
		},
	})
}

// withPareto fills in r's throughput against interactivity as analyze
// builds it for Tiny: GPU counts unknown (y per system), per-user TPS
// mean on x; b at c=1 (85, 85) and a at c=2 and c=4 (70, 140; 50, 200)
// on the frontier; every config's users faster than the 15 tok/s target
// at its top level.
func withPareto(r *analyze.Report) *analyze.Report {
	r.Pareto = analyze.Pareto{Stat: analyze.Mean, Target: r.Params.SLOTPS, TargetSource: analyze.TargetSLO}
	on := map[string]bool{"a/2": true, "a/4": true, "b/1": true}
	for i, c := range r.Configs {
		for _, l := range c.Levels {
			key := c.ID + "/" + strconv.Itoa(int(l.Load))
			r.Pareto.Points = append(r.Pareto.Points, analyze.ParetoPoint{Config: c.ID, Load: l.Load, PerUserTPS: l.TPS.Mean,
				AggregateTPS: l.AggregateTPS, TPSPerGPU: nan(), OnFrontier: on[key]})
		}
		r.Configs[i].AtInteractivity = &analyze.AtTarget{Target: r.Params.SLOTPS, AggregateTPS: nan(), TPSPerGPU: nan(), Reason: analyze.ReasonBelowMeasured}
	}
	return r
}

// TinyRate is Tiny swept by request rate: 0.5, 2 and ∞ req/s, with
// effective concurrencies 1, 4 and 12, and capacity up to 2 req/s.
func TinyRate() *analyze.Report {
	r := Tiny()
	r.Axis = analyze.AxisRate
	loads := map[analyze.Load]analyze.Load{1: 0.5, 2: 2, 4: analyze.Load(math.Inf(1))}
	r.Levels = []analyze.Load{0.5, 2, analyze.Load(math.Inf(1))}
	for i := range r.Configs {
		c := &r.Configs[i]
		for j := range c.Levels {
			l := &c.Levels[j]
			l.Concurrency = float64(l.Load) * 3
			l.Load = loads[l.Load]
			l.Rate = float64(l.Load)
		}
		c.Capacity.P90 = analyze.Capacity{Max: 2, Concurrency: 6, LatencyMeanS: 1.8, Users: analyze.LittleUsers(6, 45, 1.8)}
		c.Capacity.Mean = c.Capacity.P90
	}
	return r
}

// TinyInput is Tiny swept over input length at one load: its levels 1,
// 2 and 4 become input lengths 128, 512 and 2048 tokens, each at
// concurrency 1; as analyze builds such a report, it has no capacity
// (max_load 0, users unknown), no frontier and no throughput at a
// target.
func TinyInput() *analyze.Report {
	r := Tiny()
	r.Axis = analyze.AxisInputLength
	lengths := map[analyze.Load]analyze.Load{1: 128, 2: 512, 4: 2048}
	r.Levels = []analyze.Load{128, 512, 2048}
	none := analyze.Capacity{LatencyMeanS: nan(), ThroughputRPS: nan(), Users: analyze.UsersUnknown}
	for i := range r.Configs {
		c := &r.Configs[i]
		for j := range c.Levels {
			l := &c.Levels[j]
			l.Load, l.Concurrency, l.InFlight = lengths[l.Load], 1, 1
			l.AggregateTPS, l.SystemRPS = l.TPS.Mean, 1/l.Latency.Mean
		}
		c.Capacity = analyze.Capacities{P90: none, Mean: none}
		c.AtInteractivity = nil
	}
	r.Pareto = analyze.Pareto{Stat: analyze.Mean, Target: nan()}
	return r
}

// Locale is the shipped locale of lang for r (locale.ForReport): what an
// edition of r in lang words and formats its text with.
func Locale(tb testing.TB, r *analyze.Report, lang string) *locale.Locale {
	tb.Helper()
	loc, err := locale.ForReport(r, lang, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return loc
}
