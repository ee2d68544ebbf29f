package analyze

import (
	"encoding/json"
	"math"
	"slices"
)

// The Pareto model: what each configuration delivers to one user
// against what the system delivers per GPU, the chart the field leads
// with (SemiAnalysis InferenceMAX, AIPerf's
// pareto_curve_throughput_per_gpu_vs_interactivity). docs/methodology.md,
// "Throughput per GPU and interactivity", states the rules.
//
// x is the per-user output rate (interactivity, tok/s per user): the
// TPS mean, because the aggregate it is set against is a mean too (the
// tools' output throughput, or TPS mean × concurrency), so that a point
// is one operating state of the server and not a tail of it. Where a
// reached level reports no mean and every one reports a median, every
// point uses the median instead (one footing, as every comparison:
// commonStat), and Stat says so. A percentile is never used: the TPS
// P90 of the llm-benchmark export is its fastest users.
//
// y is the aggregate output tok/s per GPU: aggregate_tps / gpus. When
// any config's GPU count is unknown, every y is the system's aggregate
// output instead (PerGPU false): one axis holds one unit.

// Pareto is the throughput-per-GPU model of a report.
type Pareto struct {
	// Stat is the per-user TPS statistic on x: Mean, or P50 (see above).
	Stat Percentile `json:"stat"`
	// PerGPU is true when y is per GPU: every config's GPU count is
	// known. Otherwise y is the system's aggregate output.
	PerGPU bool `json:"per_gpu"`
	// Target is the interactivity (tok/s per user) at which each
	// config's throughput is read off its curve (Config.AtInteractivity);
	// NaN when there is none. TargetSource is TargetFlag or TargetSLO.
	Target       float64 `json:"-"`
	TargetSource string  `json:"target_source,omitempty"`
	// Points are the reached levels of every config that have both a
	// per-user TPS and an aggregate output, in config order, each
	// config's by load.
	Points []ParetoPoint `json:"points"`
}

// Where the target interactivity comes from.
const (
	// TargetFlag: build's --interactivity.
	TargetFlag = "flag"
	// TargetSLO: the TPS SLO (slo_tps), when above 0 and reached
	// within the SLOs by as many configs as any target can be.
	TargetSLO = "slo"
	// TargetReachable: the lowest interactivity that every config
	// reaches within the SLOs, or where none is, the most of them
	// (defaultTarget); chosen when the TPS SLO is not.
	TargetReachable = "reachable"
)

// MarshalJSON writes an absent target as null.
func (p Pareto) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Stat         Percentile    `json:"stat"`
		PerGPU       bool          `json:"per_gpu"`
		Target       *float64      `json:"target"`
		TargetSource string        `json:"target_source,omitempty"`
		Points       []ParetoPoint `json:"points"`
	}{p.Stat, p.PerGPU, optional(p.Target), p.TargetSource, p.Points})
}

// Y is a point's y: its tok/s per GPU, or its aggregate output when y
// is per system.
func (p Pareto) Y(pt ParetoPoint) float64 {
	if p.PerGPU {
		return pt.TPSPerGPU
	}
	return pt.AggregateTPS
}

// Curve is one config's points, by load.
func (p Pareto) Curve(id string) []ParetoPoint {
	var out []ParetoPoint
	for _, pt := range p.Points {
		if pt.Config == id {
			out = append(out, pt)
		}
	}
	return out
}

// ParetoPoint is one reached level of one config.
type ParetoPoint struct {
	Config string `json:"config"`
	Load   Load   `json:"load"`
	// PerUserTPS is x: the level's TPS at the model's Stat.
	PerUserTPS float64 `json:"per_user_tps"`
	// AggregateTPS is the system's output tok/s; TPSPerGPU that over
	// the config's GPUs (NaN when its count is unknown).
	AggregateTPS float64 `json:"aggregate_tps"`
	TPSPerGPU    float64 `json:"-"`
	// OnFrontier: no other point of any config has an x and a y at
	// least as high, one of them higher (exact ties both stay on).
	OnFrontier bool `json:"on_frontier"`
}

// MarshalJSON writes an unknown tok/s per GPU as null.
func (pt ParetoPoint) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Config       string   `json:"config"`
		Load         Load     `json:"load"`
		PerUserTPS   float64  `json:"per_user_tps"`
		AggregateTPS float64  `json:"aggregate_tps"`
		TPSPerGPU    *float64 `json:"tps_per_gpu"`
		OnFrontier   bool     `json:"on_frontier"`
	}{pt.Config, pt.Load, pt.PerUserTPS, pt.AggregateTPS, optional(pt.TPSPerGPU), pt.OnFrontier})
}

// pareto builds the model from the configs' reached levels, target
// being the interactivity (NaN: none) and source where it comes from.
func pareto(cfgs []Config, target float64, source string) Pareto {
	var all []Level
	for _, c := range cfgs {
		all = append(all, reachedLevels(c.Levels)...)
	}
	p := Pareto{Stat: MetricTPS.commonStat(all, Mean), PerGPU: len(cfgs) > 0, Target: target, TargetSource: source}
	if !Known(target) {
		p.Target, p.TargetSource = nanValue, ""
	}
	for _, c := range cfgs {
		p.PerGPU = p.PerGPU && c.GPUs.Known()
		for _, l := range reachedLevels(c.Levels) {
			x, y := l.TPS.At(p.Stat), l.AggregateTPS
			if !(x > 0) || !Known(x) || !(y > 0) || !Known(y) {
				continue
			}
			pt := ParetoPoint{Config: c.ID, Load: l.Load, PerUserTPS: x, AggregateTPS: y, TPSPerGPU: nanValue}
			if c.GPUs.Known() {
				pt.TPSPerGPU = y / float64(c.GPUs)
			}
			p.Points = append(p.Points, pt)
		}
	}
	markFrontier(p.Points, p.Y)
	return p
}

// markFrontier sets OnFrontier on every point no other point dominates
// in (PerUserTPS, y).
func markFrontier(pts []ParetoPoint, y func(ParetoPoint) float64) {
	for i, a := range pts {
		pts[i].OnFrontier = !slices.ContainsFunc(pts, func(b ParetoPoint) bool {
			return dominates(b.PerUserTPS, y(b), a.PerUserTPS, y(a))
		})
	}
}

// dominates reports whether (x1, y1) is at least as good as (x2, y2) on
// both axes and better on one: higher is better on both.
func dominates(x1, y1, x2, y2 float64) bool {
	return x1 >= x2 && y1 >= y2 && (x1 > x2 || y1 > y2)
}

// The reasons a figure at the target interactivity, or a cost, is
// absent (AtTarget.Reason, CapacityCost.Reason, TargetCost.Reason).
const (
	// ReasonNoPoints: the config has no reached level with a per-user
	// TPS and an aggregate output.
	ReasonNoPoints = "no_points"
	// ReasonAboveMeasured: the target is faster than every level
	// measured: even the lightest load gave each user less.
	ReasonAboveMeasured = "above_measured"
	// ReasonBelowMeasured: the target is slower than every level
	// measured: even the heaviest load tested gave each user more, and
	// what the config delivers at the target lies past the tested range.
	ReasonBelowMeasured = "below_measured"
	// ReasonGPUsUnknown: the config's GPU count is unknown.
	ReasonGPUsUnknown = "gpus_unknown"
	// ReasonNoCapacity: the config has no capacity (its lowest level
	// fails the SLOs).
	ReasonNoCapacity = "no_capacity"
	// ReasonNoThroughput: the aggregate output at the capacity level is
	// unknown.
	ReasonNoThroughput = "no_throughput"
	// ReasonBeyondSLO: even the config's capacity level (the highest
	// that meets the SLOs) gives each user more than the target: it
	// gives that little only at loads that miss the SLOs.
	ReasonBeyondSLO = "beyond_slo"
	// ReasonNoSLOLevel: no level of the config meets the SLOs.
	ReasonNoSLOLevel = "no_slo_level"
)

// AtTarget is a config's throughput at the target interactivity,
// interpolated on its curve, never extrapolated.
type AtTarget struct {
	// Target is the interactivity, tok/s per user.
	Target float64 `json:"target"`
	// AggregateTPS is the system's aggregate output at the target, and
	// TPSPerGPU that per GPU; NaN when absent (Reason says why).
	AggregateTPS float64 `json:"-"`
	TPSPerGPU    float64 `json:"-"`
	// Between are the loads of the two measured levels the target lies
	// between (one level twice when it is met exactly); nil when absent.
	Between []Load `json:"between"`
	// Reason is why TPSPerGPU is absent: ReasonNoPoints,
	// ReasonAboveMeasured, ReasonBelowMeasured, or ReasonGPUsUnknown
	// (AggregateTPS is then known).
	Reason string `json:"reason,omitempty"`
}

// MarshalJSON writes absent numbers as null.
func (a AtTarget) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Target       float64  `json:"target"`
		AggregateTPS *float64 `json:"aggregate_tps"`
		TPSPerGPU    *float64 `json:"tps_per_gpu"`
		Between      []Load   `json:"between"`
		Reason       string   `json:"reason,omitempty"`
	}{a.Target, optional(a.AggregateTPS), optional(a.TPSPerGPU), a.Between, a.Reason})
}

// atTarget reads the config's aggregate output at the target
// interactivity off its curve (its points by load) where it meets the
// SLOs (its levels up to its capacity cp), and divides it by its GPUs.
// A target the config reaches only past its capacity is absent
// (ReasonBeyondSLO), as it is when no level meets the SLOs.
func atTarget(curve []ParetoPoint, cp Capacity, gpus GPUCount, target float64) *AtTarget {
	within := withinSLO(curve, cp)
	agg, between, reason := interpolate(within, target)
	switch {
	case len(curve) == 0:
		reason = ReasonNoPoints
	case len(within) == 0:
		reason = ReasonNoSLOLevel
	case reason == ReasonBelowMeasured && !cp.LowerBound:
		// Levels past the capacity were tested: the target lies there.
		reason = ReasonBeyondSLO
	}
	a := &AtTarget{Target: target, AggregateTPS: agg, TPSPerGPU: nanValue, Between: between, Reason: reason}
	switch {
	case reason != "":
	case gpus.Known():
		a.TPSPerGPU = agg / float64(gpus)
	default:
		a.Reason = ReasonGPUsUnknown
	}
	return a
}

// interpolate is the aggregate output at per-user TPS x = target on a
// curve ordered by load: linear between the two measured levels whose
// x bracket the target, or a level's own where its x is the target.
// Per-user TPS normally falls as load rises; where it does not (the
// curve turns back), the first bracketing segment from the lowest load
// up is used: the lightest load that reaches the target (throughput
// normally grows with load, so a later crossing would usually claim
// more). Outside the measured range of x nothing is extrapolated: the
// value is NaN and reason says on which side the target lies.
func interpolate(curve []ParetoPoint, target float64) (agg float64, between []Load, reason string) {
	if len(curve) == 0 {
		return nanValue, nil, ReasonNoPoints
	}
	for i, a := range curve {
		if a.PerUserTPS == target {
			return a.AggregateTPS, []Load{a.Load, a.Load}, ""
		}
		if i+1 == len(curve) {
			break
		}
		b := curve[i+1]
		if lo, hi := math.Min(a.PerUserTPS, b.PerUserTPS), math.Max(a.PerUserTPS, b.PerUserTPS); lo < target && target < hi {
			f := (target - a.PerUserTPS) / (b.PerUserTPS - a.PerUserTPS)
			return a.AggregateTPS + f*(b.AggregateTPS-a.AggregateTPS), []Load{a.Load, b.Load}, ""
		}
	}
	// The curve is continuous from its first point to its last, so a
	// target it does not reach lies past its highest x or below its
	// lowest.
	for _, pt := range curve {
		if pt.PerUserTPS > target {
			return nanValue, nil, ReasonBelowMeasured
		}
	}
	return nanValue, nil, ReasonAboveMeasured
}

// withinSLO are the points of a curve at the levels that meet the SLOs:
// up to and including the capacity cp (every level below it passes).
func withinSLO(curve []ParetoPoint, cp Capacity) []ParetoPoint {
	var out []ParetoPoint
	for _, pt := range curve {
		if cp.Max > 0 && pt.Load <= cp.Max {
			out = append(out, pt)
		}
	}
	return out
}

// reachRange is the range of per-user TPS a config reaches within the
// SLOs: from its lowest to its highest x over the points up to its
// capacity (its curve is continuous between them); ok is false with no
// such point.
func reachRange(within []ParetoPoint) (lo, hi float64, ok bool) {
	if len(within) == 0 {
		return 0, 0, false
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, pt := range within {
		lo, hi = math.Min(lo, pt.PerUserTPS), math.Max(hi, pt.PerUserTPS)
	}
	return lo, hi, true
}

// defaultTarget is the target interactivity when --interactivity is not
// given: one every config reaches within the SLOs at statistic pct,
// where one exists, else one the most configs reach. Among the targets
// reached by that many it is the TPS SLO slo when it is one of them
// (the buyer's own requirement), else the lowest (the most output each
// config gives within the SLOs there), rounded up to a whole tok/s
// where that is still one of them. With no config meeting the SLOs at
// any level it is the TPS SLO. It returns the target, where it comes
// from, and how many configs reach it within the SLOs.
func defaultTarget(p Pareto, cfgs []Config, pct Percentile, slo float64) (float64, string, int) {
	var ranges [][2]float64
	for _, c := range cfgs {
		if lo, hi, ok := reachRange(withinSLO(p.Curve(c.ID), c.Capacity.Get(pct))); ok {
			ranges = append(ranges, [2]float64{lo, hi})
		}
	}
	cover := func(x float64) int {
		n := 0
		for _, r := range ranges {
			if r[0] <= x && x <= r[1] {
				n++
			}
		}
		return n
	}
	best, low := 0, math.Inf(1)
	for _, r := range ranges {
		switch n := cover(r[0]); {
		case n > best:
			best, low = n, r[0]
		case n == best:
			low = math.Min(low, r[0])
		}
	}
	if best == 0 || cover(slo) == best {
		return slo, TargetSLO, cover(slo)
	}
	if up := math.Ceil(low); cover(up) == best {
		low = up
	}
	return low, TargetReachable, best
}
