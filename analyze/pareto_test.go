package analyze

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// curve is a config on gpus GPUs (0: unknown) whose reached levels are
// {load, per-user TPS mean, aggregate output tok/s}.
func curve(id string, gpus int, pts ...[3]float64) Config {
	c := Config{ID: id, GPUs: GPUCount(gpus)}
	for _, p := range pts {
		tps := Stat{Mean: p[1], P10: nanValue, P50: nanValue, P90: nanValue, P99: nanValue}
		c.Levels = append(c.Levels, Level{Load: Load(p[0]), TPS: tps, AggregateTPS: p[2], LoadReached: true})
	}
	return c
}

// onFrontier lists the points on the frontier as "config@load".
func onFrontier(p Pareto) string {
	var out []string
	for _, pt := range p.Points {
		if pt.OnFrontier {
			out = append(out, fmt.Sprintf("%s@%v", pt.Config, pt.Load))
		}
	}
	return strings.Join(out, " ")
}

// TestParetoFrontier: a point is on the frontier when no other point of
// any config has an x and a y at least as high, one of them higher.
func TestParetoFrontier(t *testing.T) {
	unreached := curve("a", 1, [3]float64{1, 100, 100}, [3]float64{2, 200, 500})
	unreached.Levels[1].LoadReached = false
	for _, tt := range []struct {
		name   string
		cfgs   []Config
		want   string // the points on the frontier
		perGPU bool
		points int
	}{
		{
			// b@1 is below and left of a@1; b@4 has a@4's x and less y
			// (dominated on one axis alone); b@8 trades x for y.
			name: "dominated points",
			cfgs: []Config{
				curve("a", 1, [3]float64{1, 100, 100}, [3]float64{4, 60, 300}),
				curve("b", 1, [3]float64{1, 90, 90}, [3]float64{4, 60, 250}, [3]float64{8, 40, 400}),
			},
			want: "a@1 a@4 b@8", perGPU: true, points: 5,
		},
		{
			// Two configs at the very same point both stay; a hair below
			// in y does not.
			name: "exact ties",
			cfgs: []Config{
				curve("a", 1, [3]float64{1, 50, 200}),
				curve("b", 1, [3]float64{1, 50, 200}),
				curve("c", 1, [3]float64{1, 50, 199.999}),
			},
			want: "a@1 b@1", perGPU: true, points: 3,
		},
		{
			// Its own c=4 dominates its c=8 (faster users, more output).
			name: "single config",
			cfgs: []Config{curve("a", 2, [3]float64{1, 100, 100}, [3]float64{2, 80, 160}, [3]float64{4, 50, 200}, [3]float64{8, 30, 190})},
			want: "a@1 a@2 a@4", perGPU: true, points: 4,
		},
		{
			// Per system a's 8 GPUs give 800 tok/s against b's 600 on
			// 4; per GPU b's 150 beats a's 100.
			name: "per GPU",
			cfgs: []Config{curve("a", 8, [3]float64{1, 100, 800}), curve("b", 4, [3]float64{1, 100, 600})},
			want: "b@1", perGPU: true, points: 2,
		},
		{
			// b's count is unknown: y is per system for both, where b's
			// 900 tok/s beat a's 800 (a's 100 per GPU is kept on its
			// point, not on the axis).
			name: "missing GPU count",
			cfgs: []Config{curve("a", 8, [3]float64{1, 100, 800}), curve("b", 0, [3]float64{1, 100, 900})},
			want: "b@1", perGPU: false, points: 2,
		},
		{
			// a@2 would dominate, but it never carried its load.
			name: "unreached levels excluded",
			cfgs: []Config{unreached, curve("b", 1, [3]float64{1, 90, 120})},
			want: "a@1 b@1", perGPU: true, points: 2,
		},
		{
			// No per-user TPS or no aggregate: no point.
			name: "unknown values excluded",
			cfgs: []Config{curve("a", 1, [3]float64{1, math.NaN(), 100}, [3]float64{2, 80, math.NaN()}, [3]float64{4, 50, 0}, [3]float64{8, 40, 300})},
			want: "a@8", perGPU: true, points: 1,
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := pareto(tt.cfgs, nanValue, "")
			if got := onFrontier(p); got != tt.want {
				t.Errorf("on the frontier: %q, want %q", got, tt.want)
			}
			if p.PerGPU != tt.perGPU || len(p.Points) != tt.points {
				t.Errorf("per GPU %v with %d points, want %v with %d", p.PerGPU, len(p.Points), tt.perGPU, tt.points)
			}
		})
	}
}

// TestParetoAxes: x is the TPS mean, or the median when a level reports
// no mean and every one a median; y per GPU is aggregate / GPUs.
func TestParetoAxes(t *testing.T) {
	a := curve("a", 8, [3]float64{1, 100, 800}, [3]float64{2, 70, 1200})
	p := pareto([]Config{a}, 15, TargetSLO)
	if p.Stat != Mean || p.Points[1].PerUserTPS != 70 || p.Points[1].TPSPerGPU != 150 || p.Y(p.Points[1]) != 150 {
		t.Errorf("points = %+v (stat %s)", p.Points, p.Stat)
	}
	if p.Target != 15 || p.TargetSource != TargetSLO {
		t.Errorf("target %v from %q", p.Target, p.TargetSource)
	}
	// A level without a mean, every level with a median: every x is the
	// median, on one footing.
	a.Levels[0].TPS.P50, a.Levels[1].TPS.P50 = 95, 66
	a.Levels[1].TPS.Mean = nanValue
	p = pareto([]Config{a}, nanValue, TargetSLO)
	if p.Stat != P50 || len(p.Points) != 2 || p.Points[0].PerUserTPS != 95 || p.Points[1].PerUserTPS != 66 {
		t.Errorf("median stand-in: stat %s, points %+v", p.Stat, p.Points)
	}
	if !math.IsNaN(p.Target) || p.TargetSource != "" {
		t.Errorf("no target: %v from %q", p.Target, p.TargetSource)
	}
	// Without a median at every level, the mean stays and a level
	// without one is no point: no mean is made of a median.
	a.Levels[0].TPS.P50 = nanValue
	if p = pareto([]Config{a}, nanValue, ""); p.Stat != Mean || len(p.Points) != 1 || p.Points[0].Load != 1 {
		t.Errorf("no stand-in: stat %s, points %+v", p.Stat, p.Points)
	}
}

// TestInterpolateAtTarget: throughput at a target interactivity is
// linear between the two levels that bracket it, a level's own on an
// exact hit, and absent outside the measured range. The curve: c=1, 2,
// 4, 8 at 100, 80, 50, 30 tok/s per user, 100, 160, 200, 240 tok/s on 4
// GPUs.
func TestInterpolateAtTarget(t *testing.T) {
	pts := pareto([]Config{curve("a", 4, [3]float64{1, 100, 100}, [3]float64{2, 80, 160}, [3]float64{4, 50, 200}, [3]float64{8, 30, 240})}, nanValue, "").Points
	// A curve that turns back: 100, 60, 70, 40 tok/s per user at 100,
	// 150, 210, 260 tok/s.
	back := pareto([]Config{curve("b", 1, [3]float64{1, 100, 100}, [3]float64{2, 60, 150}, [3]float64{4, 70, 210}, [3]float64{8, 40, 260})}, nanValue, "").Points
	for _, tt := range []struct {
		name    string
		curve   []ParetoPoint
		gpus    int
		target  float64
		agg     float64 // NaN: absent
		perGPU  float64
		between []Load
		reason  string
	}{
		// (65 − 80) / (50 − 80) = 0.5 of the way from 160 to 200.
		{"bracketed", pts, 4, 65, 180, 45, []Load{2, 4}, ""},
		// (35 − 50) / (30 − 50) = 0.75 of the way from 200 to 240.
		{"bracketed at high load", pts, 4, 35, 230, 57.5, []Load{4, 8}, ""},
		{"exact hit", pts, 4, 80, 160, 40, []Load{2, 2}, ""},
		{"exact hit at the lightest load", pts, 4, 100, 100, 25, []Load{1, 1}, ""},
		{"exact hit at the heaviest load", pts, 4, 30, 240, 60, []Load{8, 8}, ""},
		{"a hair above the range", pts, 4, 100.0001, math.NaN(), math.NaN(), nil, ReasonAboveMeasured},
		{"a hair below the range", pts, 4, 29.9999, math.NaN(), math.NaN(), nil, ReasonBelowMeasured},
		{"GPU count unknown", pts, 0, 65, 180, math.NaN(), []Load{2, 4}, ReasonGPUsUnknown},
		{"no points", nil, 4, 65, math.NaN(), math.NaN(), nil, ReasonNoPoints},
		// 65 lies on three segments; the first from low load up is
		// used: (65 − 100) / (60 − 100) = 0.875 of the way from 100 to
		// 150, not 180 or 218.3 further up.
		{"curve turning back", back, 1, 65, 143.75, 143.75, []Load{1, 2}, ""},
		// 70 is c=4's own x, but the first segment brackets it first:
		// 0.75 of the way from 100 to 150.
		{"curve turning back past an exact hit", back, 1, 70, 137.5, 137.5, []Load{1, 2}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a := atTarget(tt.curve, passAll, GPUCount(tt.gpus), tt.target)
			if a.Target != tt.target || !same(a.AggregateTPS, tt.agg) || !same(a.TPSPerGPU, tt.perGPU) || !slices.Equal(a.Between, tt.between) || a.Reason != tt.reason {
				t.Errorf("got aggregate %v, per GPU %v, between %v, reason %q; want %v, %v, %v, %q",
					a.AggregateTPS, a.TPSPerGPU, a.Between, a.Reason, tt.agg, tt.perGPU, tt.between, tt.reason)
			}
		})
	}
}

// passAll is the capacity of a curve whose every level (up to c=8)
// meets the SLOs: a lower bound, so that the whole curve is read.
var passAll = Capacity{Max: 8, LowerBound: true}

// same reports whether two figures agree within 1e-9, NaN matching NaN.
func same(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b))
}

// TestCostPerMillion: price × gpus / (tok/s × 3600) × 10⁶, by hand.
func TestCostPerMillion(t *testing.T) {
	for _, tt := range []struct {
		price float64
		gpus  int
		tps   float64
		want  float64
	}{
		{2.5, 8, 1000, 50.0 / 9}, // 20 per hour over 3.6 M tokens an hour: 5.56 per million
		{3, 1, 250, 10.0 / 3},    // 3 per hour over 0.9 M tokens
		{48, 8, 1759.36, 48 * 8 / (1759.36 * 3600) * 1e6},
		{2.5, 0, 1000, math.NaN()},
		{2.5, 8, 0, math.NaN()},
		{2.5, 8, math.NaN(), math.NaN()},
		{2.5, 8, math.Inf(1), math.NaN()},
	} {
		if got := CostPerMillion(tt.price, GPUCount(tt.gpus), tt.tps); !same(got, tt.want) {
			t.Errorf("CostPerMillion(%v, %d, %v) = %v, want %v", tt.price, tt.gpus, tt.tps, got, tt.want)
		}
	}
}

// TestCostAtCapacityAndTarget: the cost at the capacity level of the
// headline statistic and at the interpolated throughput, or why not.
func TestCostAtCapacityAndTarget(t *testing.T) {
	c := curve("a", 4, [3]float64{1, 100, 100}, [3]float64{2, 80, 160}, [3]float64{4, 50, 200}, [3]float64{8, 30, 240})
	c.Capacity.P90 = Capacity{Max: 4}
	c.Capacity.Mean = Capacity{Max: 8}
	pts := pareto([]Config{c}, nanValue, "").Points
	at := atTarget(pts, passAll, c.GPUs, 65) // 180 tok/s
	got := costOf(c, 2, P90, at)
	// 2 × 4 / (200 × 3600) × 10⁶ = 100/9; at the target 2 × 4 / (180 ×
	// 3600) × 10⁶ = 1000/81.
	if cp := got.AtCapacity; cp.Stat != P90 || cp.Load != 4 || cp.AggregateTPS != 200 || !same(cp.PerMillion, 100.0/9) || cp.Reason != "" {
		t.Errorf("at capacity = %+v", cp)
	}
	if tc := got.AtTarget; tc == nil || tc.Target != 65 || tc.AggregateTPS != 180 || !same(tc.PerMillion, 1000.0/81) || tc.Reason != "" {
		t.Errorf("at target = %+v", tc)
	}
	// At the mean's capacity, c=8: 2 × 4 / (240 × 3600) × 10⁶ = 250/27.
	if cp := costOf(c, 2, Mean, nil); !same(cp.AtCapacity.PerMillion, 250.0/27) || cp.AtTarget != nil {
		t.Errorf("mean = %+v", cp)
	}
	// No capacity; no GPU count; a target past the range.
	c.Capacity.P90 = Capacity{}
	if cp := costOf(c, 2, P90, nil).AtCapacity; cp.Reason != ReasonNoCapacity || !math.IsNaN(cp.PerMillion) {
		t.Errorf("no capacity = %+v", cp)
	}
	c.Capacity.P90, c.GPUs = Capacity{Max: 4}, 0
	got = costOf(c, 2, P90, atTarget(pts, passAll, 0, 65))
	if cp := got.AtCapacity; cp.Reason != ReasonGPUsUnknown || !math.IsNaN(cp.PerMillion) || cp.AggregateTPS != 200 {
		t.Errorf("no GPUs at capacity = %+v", cp)
	}
	if tc := got.AtTarget; tc.Reason != ReasonGPUsUnknown || !math.IsNaN(tc.PerMillion) || tc.AggregateTPS != 180 {
		t.Errorf("no GPUs at target = %+v", tc)
	}
	c.GPUs = 4
	if tc := costOf(c, 2, P90, atTarget(pts, passAll, 4, 120)).AtTarget; tc.Reason != ReasonAboveMeasured || !math.IsNaN(tc.PerMillion) {
		t.Errorf("above the range = %+v", tc)
	}
	c.Levels[2].AggregateTPS = nanValue
	if cp := costOf(c, 2, P90, nil).AtCapacity; cp.Reason != ReasonNoThroughput || !math.IsNaN(cp.PerMillion) {
		t.Errorf("no throughput = %+v", cp)
	}
}
