package analyze

import "encoding/json"

// Cost is what a config's output costs, per million output tokens, at
// the price per GPU-hour of report.toml's [cost] (Params.PricePerGPUHour,
// in Params.Currency): at its capacity, and at the target
// interactivity.
type Cost struct {
	AtCapacity CapacityCost `json:"at_capacity"`
	// AtTarget is nil when the report has no target interactivity.
	AtTarget *TargetCost `json:"at_target,omitempty"`
}

// CapacityCost is the cost at a config's capacity at the headline
// statistic: the aggregate output of its capacity level.
type CapacityCost struct {
	// Stat is the headline statistic; Load the capacity there (0 when
	// there is none).
	Stat Percentile `json:"stat"`
	Load Load       `json:"load"`
	// AggregateTPS is the aggregate output at Load; PerMillion the cost
	// of a million output tokens there. NaN when absent: Reason
	// (ReasonGPUsUnknown, ReasonNoCapacity, ReasonNoThroughput) says why.
	AggregateTPS float64 `json:"-"`
	PerMillion   float64 `json:"-"`
	Reason       string  `json:"reason,omitempty"`
}

// MarshalJSON writes absent numbers as null.
func (c CapacityCost) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Stat         Percentile `json:"stat"`
		Load         Load       `json:"load"`
		AggregateTPS *float64   `json:"aggregate_tps"`
		PerMillion   *float64   `json:"per_million_tokens"`
		Reason       string     `json:"reason,omitempty"`
	}{c.Stat, c.Load, optional(c.AggregateTPS), optional(c.PerMillion), c.Reason})
}

// TargetCost is the cost at the target interactivity: the aggregate
// output interpolated there (AtTarget).
type TargetCost struct {
	Target float64 `json:"target"`
	// AggregateTPS and PerMillion as for CapacityCost; Reason is
	// AtTarget's (ReasonNoPoints, ReasonAboveMeasured,
	// ReasonBelowMeasured, ReasonGPUsUnknown).
	AggregateTPS float64 `json:"-"`
	PerMillion   float64 `json:"-"`
	Reason       string  `json:"reason,omitempty"`
}

// MarshalJSON writes absent numbers as null.
func (c TargetCost) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Target       float64  `json:"target"`
		AggregateTPS *float64 `json:"aggregate_tps"`
		PerMillion   *float64 `json:"per_million_tokens"`
		Reason       string   `json:"reason,omitempty"`
	}{c.Target, optional(c.AggregateTPS), optional(c.PerMillion), c.Reason})
}

// CostPerMillion is the cost of a million output tokens produced at an
// aggregate output of tps tok/s on gpus GPUs priced price per GPU-hour:
// price × gpus / (tps × 3600) × 1,000,000. NaN when the GPU count is
// unknown or tps is not a positive number.
func CostPerMillion(price float64, gpus GPUCount, tps float64) float64 {
	if !gpus.Known() || !(tps > 0) || !Known(tps) {
		return nanValue
	}
	return price * float64(gpus) / (tps * 3600) * 1e6
}

// costOf is config c's cost at price per GPU-hour: at its capacity at
// statistic pct, and at the target interactivity when at is not nil.
func costOf(c Config, price float64, pct Percentile, at *AtTarget) *Cost {
	cp := c.Capacity.Get(pct)
	cost := &Cost{AtCapacity: CapacityCost{Stat: pct, Load: cp.Max, AggregateTPS: nanValue, PerMillion: nanValue}}
	if l, ok := c.Level(cp.Max); ok && cp.Max > 0 && Known(l.AggregateTPS) && l.AggregateTPS > 0 {
		cost.AtCapacity.AggregateTPS = l.AggregateTPS
	}
	switch {
	case cp.Max == 0:
		cost.AtCapacity.Reason = ReasonNoCapacity
	case !c.GPUs.Known():
		cost.AtCapacity.Reason = ReasonGPUsUnknown
	case !Known(cost.AtCapacity.AggregateTPS):
		cost.AtCapacity.Reason = ReasonNoThroughput
	default:
		cost.AtCapacity.PerMillion = CostPerMillion(price, c.GPUs, cost.AtCapacity.AggregateTPS)
	}
	if at != nil {
		tc := &TargetCost{Target: at.Target, AggregateTPS: at.AggregateTPS, PerMillion: nanValue, Reason: at.Reason}
		if at.Reason == "" {
			tc.PerMillion = CostPerMillion(price, c.GPUs, at.AggregateTPS)
		}
		cost.AtTarget = tc
	}
	return cost
}
