package analyze

import (
	"encoding/json"
	"math"
	"slices"

	"github.com/openzeka/reportgen/ingest"
)

// Energy and the cost of a token: what a configuration's output costs
// in joules (from the GPU telemetry its results carry, or a power log
// beside them: ingest/telemetry.go, ingest/powerlog.go) and in money
// (from report.toml's price), per level, at its operating point (its
// capacity: C_max, or R_max on a rate axis) and at the target
// interactivity; with per-request data, per token that met the SLOs.
// docs/methodology.md, "Energy and the cost of a token", states the
// rules.

// MaxPowerGap is the longest interval between two samples of a power
// log, in seconds, over which a run's energy is still integrated: its
// samples are nvidia-smi's 1 s polls, and a gap past 3 s (two polls
// lost) hides what the GPU drew, so the run's figures are refused
// (InferenceX marks such a run's energy invalid). A DCGM export's
// energy counter is held to it at the window's ends, where it is
// interpolated.
const MaxPowerGap = 3.0

// The methods of a level's energy (Energy.Method), and the rule that
// tells an idle GPU, as ingest measures them: what the report says of
// them without reading input.
const (
	MethodEnergyCounter = ingest.EnergyCounter
	MethodPowerSamples  = ingest.PowerSamples
	MethodPowerMean     = ingest.PowerMean
	IdleSwing           = ingest.IdleSwing
	IdleShare           = ingest.IdleShare
)

// The reasons a level's energy figures are refused, or a configuration's
// absent at a point (Energy.Reason, CapacityEfficiency.Reason,
// TargetEfficiency.Reason), beside the reasons of cost and of the
// target interactivity (ReasonNoCapacity, ReasonAboveMeasured, …).
const (
	// EnergyGap: the power log's samples are more than MaxPowerGap
	// apart within the run's window.
	EnergyGap = "gap"
	// EnergyGPUCount: the GPUs that served the run are not the
	// configuration's count (servingGPUs).
	EnergyGPUCount = "gpu_count"
	// EnergyRunsMissing: of a level's repeated runs, some have telemetry
	// and some have none, or the runs' methods differ.
	EnergyRunsMissing = "runs_missing"
	// EnergyNoTelemetry: the level has no telemetry (its point has no
	// energy).
	EnergyNoTelemetry = "no_telemetry"
	// EnergyNoThroughput: the level's aggregate output is unknown: its
	// power is known, its energy per token is not.
	EnergyNoThroughput = "no_throughput"
)

// Energy is a level's power and the energy of its tokens, from its
// runs' telemetry: the GPUs that served it (servingGPUs) summed, over
// the level's runs the mean. Absent numbers (a refused level's) are NaN,
// null in JSON.
type Energy struct {
	// Method is how the energy was measured: "energy_counter" (DCGM's
	// counter over the measured window, AIPerf), "power_samples" (a
	// power log integrated over the run's window), "power_mean" (the
	// tool's mean power over its telemetry window).
	Method ingest.EnergyMethod `json:"method"`
	// Source is where the telemetry was read (the first run's), relative
	// like a level's source.
	Source string `json:"source"`
	// GPUs are the GPUs counted (those that served the run), IdleGPUs
	// the idle ones left out, of the telemetry's SourceGPUs.
	GPUs       int `json:"gpus"`
	IdleGPUs   int `json:"idle_gpus"`
	SourceGPUs int `json:"source_gpus"`
	// PowerW is the counted GPUs' mean power together (W), PowerPerGPUW
	// that per GPU counted.
	PowerW       float64 `json:"-"`
	PowerPerGPUW float64 `json:"-"`
	// JPerOutputToken is PowerW / aggregate output (J per output token);
	// JPerToken per token, input and output (PowerW / (aggregate output
	// + request throughput × mean input length)); OutputTokensPerJ
	// 1 / JPerOutputToken; JPerGoodToken per output token that met the
	// SLOs, PowerW / (aggregate output × goodput), with per-request data.
	JPerOutputToken  float64 `json:"-"`
	JPerToken        float64 `json:"-"`
	OutputTokensPerJ float64 `json:"-"`
	JPerGoodToken    float64 `json:"-"`
	// GapS is the longest interval between a power log's samples in the
	// run's window (power_samples), or between a DCGM export's counter
	// samples around either end of it (energy_counter from an export);
	// NaN otherwise.
	GapS float64 `json:"-"`
	// Reason is why the figures are refused (EnergyGap, EnergyGPUCount,
	// EnergyRunsMissing) or the per-token ones absent
	// (EnergyNoThroughput); "" when they stand.
	Reason string `json:"reason,omitempty"`
}

// Valid reports whether the level's power and energy per output token
// stand.
func (e *Energy) Valid() bool {
	return e != nil && e.Reason == "" && Known(e.JPerOutputToken)
}

// MarshalJSON writes absent numbers as null.
func (e Energy) MarshalJSON() ([]byte, error) {
	type plain Energy
	return json.Marshal(struct {
		plain
		PowerW           *float64 `json:"power_w"`
		PowerPerGPUW     *float64 `json:"power_per_gpu_w"`
		JPerOutputToken  *float64 `json:"j_per_output_token"`
		JPerToken        *float64 `json:"j_per_token"`
		OutputTokensPerJ *float64 `json:"output_tokens_per_j"`
		JPerGoodToken    *float64 `json:"j_per_good_token"`
		GapS             *float64 `json:"gap_s"`
	}{plain(e), optional(e.PowerW), optional(e.PowerPerGPUW), optional(e.JPerOutputToken), optional(e.JPerToken),
		optional(e.OutputTokensPerJ), optional(e.JPerGoodToken), optional(e.GapS)})
}

// UnmarshalJSON implements json.Unmarshaler.
func (e *Energy) UnmarshalJSON(data []byte) error {
	type plain Energy
	var v struct {
		plain
		PowerW           *nullable `json:"power_w"`
		PowerPerGPUW     *nullable `json:"power_per_gpu_w"`
		JPerOutputToken  *nullable `json:"j_per_output_token"`
		JPerToken        *nullable `json:"j_per_token"`
		OutputTokensPerJ *nullable `json:"output_tokens_per_j"`
		JPerGoodToken    *nullable `json:"j_per_good_token"`
		GapS             *nullable `json:"gap_s"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*e = Energy(v.plain)
	e.PowerW, e.PowerPerGPUW, e.JPerOutputToken = v.PowerW.value(), v.PowerPerGPUW.value(), v.JPerOutputToken.value()
	e.JPerToken, e.OutputTokensPerJ, e.JPerGoodToken, e.GapS = v.JPerToken.value(), v.OutputTokensPerJ.value(), v.JPerGoodToken.value(), v.GapS.value()
	return nil
}

// energyInput is what a level's energy is computed from, kept from its
// read: each run's telemetry (nil for a run without), and the mean input
// length of its requests (NaN when unknown).
type energyInput struct {
	telemetry   []*ingest.Telemetry
	inputTokens float64
}

// energyInputOf keeps what level l, as read, gives its energy.
func energyInputOf(l ingest.Level) energyInput {
	in := energyInput{inputTokens: l.InputTokens}
	runs := l.Repeats
	if len(runs) == 0 {
		runs = []ingest.Level{l}
	}
	some := false
	for _, r := range runs {
		in.telemetry = append(in.telemetry, r.Telemetry)
		some = some || r.Telemetry != nil
	}
	if !some {
		in.telemetry = nil
	}
	return in
}

// assignEnergy computes every level's energy (levelEnergy) once the
// configurations' GPU counts are known, relative to the report folder
// dir, and p's input length for levels that state none.
func assignEnergy(cfgs []Config, p Params, dir string) {
	for i := range cfgs {
		c := &cfgs[i]
		for j := range c.Levels {
			c.Levels[j].Energy = levelEnergy(c.Levels[j], c.GPUs, p, dir)
		}
	}
}

// levelEnergy is level l's energy on a configuration of gpus GPUs (0:
// unknown); nil without telemetry.
func levelEnergy(l Level, gpus GPUCount, p Params, dir string) *Energy {
	runs := l.energyIn.telemetry
	first := slices.IndexFunc(runs, func(t *ingest.Telemetry) bool { return t != nil })
	if first < 0 {
		return nil
	}
	e := &Energy{PowerW: nanValue, PowerPerGPUW: nanValue, JPerOutputToken: nanValue, JPerToken: nanValue,
		OutputTokensPerJ: nanValue, JPerGoodToken: nanValue, GapS: nanValue}
	t0 := runs[first]
	e.Method, e.Source, e.SourceGPUs = t0.Method, relSource(dir, t0.Source.String()), len(t0.GPUs)
	power := 0.0
	for _, t := range runs {
		if t == nil || t.Method != t0.Method {
			e.Reason = EnergyRunsMissing
			return e
		}
		if t.Method == ingest.PowerSamples || t.Gap > 0 {
			// A DCGM export's counter states the gap it is
			// interpolated over at the window's ends.
			e.GapS = math.Max(finiteOr(e.GapS, 0), t.Gap)
		}
		used, idle, ok := servingGPUs(t, gpus)
		e.GPUs, e.IdleGPUs = len(used), idle
		if !ok {
			e.Reason = EnergyGPUCount
			return e
		}
		for _, g := range used {
			power += g.Watts
		}
	}
	if e.GapS > MaxPowerGap {
		e.Reason = EnergyGap
		return e
	}
	e.PowerW = power / float64(len(runs))
	e.PowerPerGPUW = e.PowerW / float64(e.GPUs)
	if !(l.AggregateTPS > 0) || !Known(l.AggregateTPS) {
		e.Reason = EnergyNoThroughput
		return e
	}
	e.JPerOutputToken = e.PowerW / l.AggregateTPS
	e.OutputTokensPerJ = l.AggregateTPS / e.PowerW
	in := l.energyIn.inputTokens
	if !Known(in) && p.InputTokens > 0 {
		in = float64(p.InputTokens)
	}
	if total := l.AggregateTPS + l.SystemRPS*in; Known(total) && total > 0 {
		e.JPerToken = e.PowerW / total
	}
	if l.Goodput > 0 {
		e.JPerGoodToken = e.JPerOutputToken / l.Goodput
	}
	return e
}

// finiteOr is x, or or when x is NaN.
func finiteOr(x, or float64) float64 {
	if math.IsNaN(x) {
		return or
	}
	return x
}

// servingGPUs are the GPUs of telemetry t that served a run of a
// configuration of gpus GPUs (0: unknown), and how many idle ones were
// left out: every GPU t names when they are the configuration's count
// (its own, whatever they drew); else the working ones (an idle GPU
// belongs to no one: a machine's other GPUs, which a telemetry
// exporter reports too), which must then be the configuration's count
// when it is known, and at least one. ok is false otherwise: the
// telemetry does not describe the configuration's GPUs.
func servingGPUs(t *ingest.Telemetry, gpus GPUCount) (used []ingest.GPUPower, idle int, ok bool) {
	if gpus.Known() && len(t.GPUs) == int(gpus) {
		return t.GPUs, 0, true
	}
	for _, g := range t.GPUs {
		if g.Idle {
			idle++
		} else {
			used = append(used, g)
		}
	}
	if gpus.Known() {
		return used, idle, len(used) == int(gpus)
	}
	return used, idle, len(used) > 0
}

// Efficiency is what a configuration's output costs, in energy and in
// money, at its operating point (its capacity at the headline
// statistic) and at the target interactivity: the energy of its tokens
// where its levels have telemetry, tokens per unit of currency where
// the report has a price, and, with per-request data, the cost and
// energy of the tokens that met the SLOs. Nil when the report has no
// price and the configuration no telemetry.
type Efficiency struct {
	AtCapacity CapacityEfficiency `json:"at_capacity"`
	// AtTarget is nil when the report has no target interactivity.
	AtTarget *TargetEfficiency `json:"at_target,omitempty"`
}

// CapacityEfficiency is the efficiency at the capacity level (Load, at
// statistic Stat; 0 when there is none).
type CapacityEfficiency struct {
	Stat Percentile `json:"stat"`
	Load Load       `json:"load"`
	// PowerW, JPerOutputToken and OutputTokensPerJ are the capacity
	// level's (Energy); NaN where it has none (Reason says why).
	PowerW           float64 `json:"-"`
	JPerOutputToken  float64 `json:"-"`
	OutputTokensPerJ float64 `json:"-"`
	// TokensPerUnit is the output tokens one unit of currency buys
	// there: 1,000,000 / the cost per million (NaN without a price or a
	// cost).
	TokensPerUnit float64 `json:"-"`
	// Goodput is the share of requests that met the SLOs there (with
	// per-request data); PerMillionGood the cost of a million output
	// tokens that met them (cost per million / goodput), JPerGoodToken
	// the energy of one.
	Goodput        float64 `json:"-"`
	PerMillionGood float64 `json:"-"`
	JPerGoodToken  float64 `json:"-"`
	// Reason is why the energy is absent: ReasonNoCapacity,
	// EnergyNoTelemetry, or the level's own Energy.Reason.
	Reason string `json:"reason,omitempty"`
}

// MarshalJSON writes absent numbers as null.
func (c CapacityEfficiency) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Stat             Percentile `json:"stat"`
		Load             Load       `json:"load"`
		PowerW           *float64   `json:"power_w"`
		JPerOutputToken  *float64   `json:"j_per_output_token"`
		OutputTokensPerJ *float64   `json:"output_tokens_per_j"`
		TokensPerUnit    *float64   `json:"tokens_per_unit"`
		Goodput          *float64   `json:"goodput"`
		PerMillionGood   *float64   `json:"per_million_good_tokens"`
		JPerGoodToken    *float64   `json:"j_per_good_token"`
		Reason           string     `json:"reason,omitempty"`
	}{c.Stat, c.Load, optional(c.PowerW), optional(c.JPerOutputToken), optional(c.OutputTokensPerJ), optional(c.TokensPerUnit),
		optional(c.Goodput), optional(c.PerMillionGood), optional(c.JPerGoodToken), c.Reason})
}

// UnmarshalJSON implements json.Unmarshaler.
func (c *CapacityEfficiency) UnmarshalJSON(data []byte) error {
	var v struct {
		Stat             Percentile `json:"stat"`
		Load             Load       `json:"load"`
		PowerW           *nullable  `json:"power_w"`
		JPerOutputToken  *nullable  `json:"j_per_output_token"`
		OutputTokensPerJ *nullable  `json:"output_tokens_per_j"`
		TokensPerUnit    *nullable  `json:"tokens_per_unit"`
		Goodput          *nullable  `json:"goodput"`
		PerMillionGood   *nullable  `json:"per_million_good_tokens"`
		JPerGoodToken    *nullable  `json:"j_per_good_token"`
		Reason           string     `json:"reason"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*c = CapacityEfficiency{Stat: v.Stat, Load: v.Load, PowerW: v.PowerW.value(), JPerOutputToken: v.JPerOutputToken.value(),
		OutputTokensPerJ: v.OutputTokensPerJ.value(), TokensPerUnit: v.TokensPerUnit.value(), Goodput: v.Goodput.value(),
		PerMillionGood: v.PerMillionGood.value(), JPerGoodToken: v.JPerGoodToken.value(), Reason: v.Reason}
	return nil
}

// TargetEfficiency is the efficiency at the target interactivity: the
// power interpolated between the two levels the target lies between
// (AtTarget.Between, at the same fraction of the way as the aggregate
// output), over the aggregate output there.
type TargetEfficiency struct {
	Target float64 `json:"target"`
	// PowerW, JPerOutputToken, OutputTokensPerJ and TokensPerUnit as at
	// the capacity, interpolated; NaN where absent.
	PowerW           float64 `json:"-"`
	JPerOutputToken  float64 `json:"-"`
	OutputTokensPerJ float64 `json:"-"`
	TokensPerUnit    float64 `json:"-"`
	// Reason is why the energy is absent: the target's own (AtTarget's,
	// ReasonAboveMeasured, …), or EnergyNoTelemetry when a level it
	// lies between has no energy that stands.
	Reason string `json:"reason,omitempty"`
}

// MarshalJSON writes absent numbers as null.
func (t TargetEfficiency) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Target           float64  `json:"target"`
		PowerW           *float64 `json:"power_w"`
		JPerOutputToken  *float64 `json:"j_per_output_token"`
		OutputTokensPerJ *float64 `json:"output_tokens_per_j"`
		TokensPerUnit    *float64 `json:"tokens_per_unit"`
		Reason           string   `json:"reason,omitempty"`
	}{t.Target, optional(t.PowerW), optional(t.JPerOutputToken), optional(t.OutputTokensPerJ), optional(t.TokensPerUnit), t.Reason})
}

// UnmarshalJSON implements json.Unmarshaler.
func (t *TargetEfficiency) UnmarshalJSON(data []byte) error {
	var v struct {
		Target           float64   `json:"target"`
		PowerW           *nullable `json:"power_w"`
		JPerOutputToken  *nullable `json:"j_per_output_token"`
		OutputTokensPerJ *nullable `json:"output_tokens_per_j"`
		TokensPerUnit    *nullable `json:"tokens_per_unit"`
		Reason           string    `json:"reason"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*t = TargetEfficiency{Target: v.Target, PowerW: v.PowerW.value(), JPerOutputToken: v.JPerOutputToken.value(),
		OutputTokensPerJ: v.OutputTokensPerJ.value(), TokensPerUnit: v.TokensPerUnit.value(), Reason: v.Reason}
	return nil
}

// setEfficiency gives each configuration of r its efficiency, once its
// capacity, its throughput at the target (AtInteractivity) and its cost
// are known.
func setEfficiency(r *Report) {
	for i := range r.Configs {
		r.Configs[i].Efficiency = efficiencyOf(r.Configs[i], r.Params, r.Pareto)
	}
}

// hasTelemetry reports whether some level of c has telemetry.
func hasTelemetry(c Config) bool {
	return slices.ContainsFunc(c.Levels, func(l Level) bool { return l.Energy != nil })
}

// efficiencyOf is config c's efficiency (nil without a price and
// without telemetry).
func efficiencyOf(c Config, p Params, pa Pareto) *Efficiency {
	if !(p.PricePerGPUHour > 0) && !hasTelemetry(c) {
		return nil
	}
	pct := p.Percentile
	cp := c.Capacity.Get(pct)
	at := CapacityEfficiency{Stat: pct, Load: cp.Max, PowerW: nanValue, JPerOutputToken: nanValue, OutputTokensPerJ: nanValue,
		TokensPerUnit: nanValue, Goodput: nanValue, PerMillionGood: nanValue, JPerGoodToken: nanValue}
	l, found := c.Level(cp.Max)
	switch {
	case cp.Max == 0 || !found:
		at.Reason = ReasonNoCapacity
	case l.Energy == nil:
		at.Reason = EnergyNoTelemetry
	case !l.Energy.Valid():
		at.Reason = l.Energy.Reason
	default:
		at.PowerW, at.JPerOutputToken, at.OutputTokensPerJ, at.JPerGoodToken = l.Energy.PowerW, l.Energy.JPerOutputToken, l.Energy.OutputTokensPerJ, l.Energy.JPerGoodToken
	}
	if found && cp.Max > 0 {
		at.Goodput = l.Goodput
	}
	if c.Cost != nil {
		at.TokensPerUnit = perUnit(c.Cost.AtCapacity.PerMillion)
		if at.Goodput > 0 {
			at.PerMillionGood = c.Cost.AtCapacity.PerMillion / at.Goodput
		}
	}
	e := &Efficiency{AtCapacity: at}
	if a := c.AtInteractivity; a != nil {
		e.AtTarget = targetEfficiency(c, a, pa.Curve(c.ID))
		if c.Cost != nil && c.Cost.AtTarget != nil {
			e.AtTarget.TokensPerUnit = perUnit(c.Cost.AtTarget.PerMillion)
		}
	}
	return e
}

// perUnit is the output tokens one unit of currency buys at a cost of
// perMillion per million: NaN when the cost is absent.
func perUnit(perMillion float64) float64 {
	if !(perMillion > 0) || !Known(perMillion) {
		return nanValue
	}
	return 1e6 / perMillion
}

// targetEfficiency is config c's efficiency at the target a: the power
// at the two levels a lies between, interpolated at the fraction of the
// way the target lies from the first's interactivity to the second's
// (as the aggregate output is: AtTarget), over the aggregate output
// there.
func targetEfficiency(c Config, a *AtTarget, curve []ParetoPoint) *TargetEfficiency {
	t := &TargetEfficiency{Target: a.Target, PowerW: nanValue, JPerOutputToken: nanValue, OutputTokensPerJ: nanValue, TokensPerUnit: nanValue}
	if a.Reason != "" && a.Reason != ReasonGPUsUnknown {
		t.Reason = a.Reason
		return t
	}
	la, okA := c.Level(a.Between[0])
	lb, okB := c.Level(a.Between[1])
	if !okA || !okB || !la.Energy.Valid() || !lb.Energy.Valid() {
		t.Reason = EnergyNoTelemetry
		return t
	}
	x := func(load Load) float64 {
		for _, pt := range curve {
			if pt.Load == load {
				return pt.PerUserTPS
			}
		}
		return nanValue
	}
	f := 0.0
	if xa, xb := x(la.Load), x(lb.Load); xa != xb {
		f = (a.Target - xa) / (xb - xa)
	}
	t.PowerW = la.Energy.PowerW + f*(lb.Energy.PowerW-la.Energy.PowerW)
	t.JPerOutputToken = Ratio(t.PowerW, a.AggregateTPS)
	t.OutputTokensPerJ = Ratio(a.AggregateTPS, t.PowerW)
	return t
}

// The findings of energy and cost: the cheapest configuration, or the
// one whose tokens take the least energy, at its operating point, when
// it is not the capacity leader and beats it beyond the tie threshold.
const (
	// CostLeader: the configuration whose output tokens cost least at
	// its capacity (Cost.AtCapacity), against the capacity leader;
	// Configs are the two, Levels their capacities.
	CostLeader FindingKind = "cost_leader"
	// EnergyLeader: the configuration whose output tokens take the
	// least energy at its capacity (the capacity level's Energy),
	// against the capacity leader.
	EnergyLeader FindingKind = "energy_leader"
)

// costLeaderFinding is the CostLeader finding of r: with a price, the
// cheapest configuration per million output tokens at its capacity.
func costLeaderFinding(r *Report, _ Metric, w weights) []Finding {
	if !(r.Params.PricePerGPUHour > 0) {
		return nil
	}
	return apartFromCapacity(r, CostLeader, w, func(c Config, l Level) float64 {
		return CostPerMillion(r.Params.PricePerGPUHour, c.GPUs, l.AggregateTPS)
	})
}

// energyLeaderFinding is the EnergyLeader finding of r: the
// configuration of the least energy per output token at its capacity.
func energyLeaderFinding(r *Report, _ Metric, w weights) []Finding {
	return apartFromCapacity(r, EnergyLeader, w, func(_ Config, l Level) float64 {
		if !l.Energy.Valid() {
			return nanValue
		}
		return l.Energy.JPerOutputToken
	})
}

// apartFromCapacity is the finding of kind k when the configuration of
// the lowest value at its capacity (value: lower is better; NaN where
// unknown) is not the capacity leader (a clear one: capacityLeader, no
// tie) and the leader's value is beyond the tie threshold above it: the
// tie rule holds (exactly tie_pct apart is a difference). Its values:
// value (the best's), leader (the leader's), ratio (leader / value,
// the gap); its score the kind's weight + ln(ratio).
func apartFromCapacity(r *Report, k FindingKind, w weights, value func(Config, Level) float64) []Finding {
	lead, ok := capacityLeader(r.Configs, r.Params, r.Axis)
	if !ok || lead.Kind != CapacityLeader || lead.Tie {
		return nil
	}
	at := func(c Config) (Load, float64) {
		cp := c.Capacity.Get(r.Params.Percentile)
		l, found := c.Level(cp.Max)
		if cp.Max == 0 || !found {
			return 0, nanValue
		}
		return cp.Max, value(c, l)
	}
	var best Config
	bestLoad, bestValue := Load(0), nanValue
	var leader Config
	for _, c := range r.Configs {
		if c.ID == lead.Configs[0] {
			leader = c
		}
		if x, v := at(c); Known(v) && v > 0 && (!Known(bestValue) || v < bestValue) {
			best, bestLoad, bestValue = c, x, v
		}
	}
	leaderLoad, leaderValue := at(leader)
	if !Known(bestValue) || best.ID == leader.ID || !Known(leaderValue) || leaderValue <= bestValue || r.Params.Tie(leaderValue, bestValue) {
		return nil
	}
	ratio := leaderValue / bestValue
	return []Finding{{Kind: k, Configs: []string{best.ID, leader.ID}, Levels: []Load{bestLoad, leaderLoad},
		Values: Numbers{"value": bestValue, "leader": leaderValue, "ratio": ratio}, Stat: r.Params.Percentile,
		Score: w[k] + math.Log(ratio)}}
}
