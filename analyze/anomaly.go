package analyze

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// Anomaly is a suspicious pattern in one config's data. Values holds the
// numbers behind it, by name, so that a report can phrase it in any
// language; Message is a plain English summary for logs and tools.
type Anomaly struct {
	Kind   AnomalyKind `json:"kind"`
	Config string      `json:"config"`
	Load   Load        `json:"load"`
	Metric string      `json:"metric"`
	// Rival is the config a cross-config anomaly (TTFTFloor) is set
	// against; "" for the others.
	Rival   string  `json:"rival,omitempty"`
	Message string  `json:"message"`
	Values  Numbers `json:"values"`
}

// AnomalyKind names a kind of anomaly. Each has a row in AnomalyRules.
type AnomalyKind string

// The anomaly kinds and the thresholds that raise them.
const (
	// Saturation: the first load step at which the system's request
	// throughput grows by less than FlatGrowth of the load step while
	// latency rises (on a rate axis: the first finite rate of which less
	// than 1 − FlatGrowth is delivered). Past it, added load only waits.
	Saturation AnomalyKind = "saturation"
	// SchedulingChange: mean TTFT jumps by JumpFactor or more, faster
	// than the load grew, while throughput still grows: the server holds
	// prefills back to run larger decode batches, not a saturation.
	SchedulingChange AnomalyKind = "scheduling_change"
	// ThroughputDip: throughput stops growing (or falls) at a load step as
	// at a saturation, but a higher level delivers clearly more: no
	// ceiling, a dip in one run, worth checking.
	ThroughputDip AnomalyKind = "throughput_dip"
	// TTFTJump: the same TTFT jump where throughput cannot tell which of
	// the two it is.
	TTFTJump AnomalyKind = "ttft_jump"
	// CapLimit: a saturation, a throughput plateau or an output drop
	// begins at or just past a limit in the config's deployment command
	// (an admission cap such as --max-num-seqs): the likely cause.
	CapLimit AnomalyKind = "cap_limit"
	// CapExceeded: the first level whose load is above an admission or
	// CUDA graph limit of the config's command where no saturation or
	// drop is told with it: from there the limit shapes the results
	// (at most that many requests run at once, or larger batches run
	// without graphs), a confound the report names but does not call a
	// cause.
	CapExceeded AnomalyKind = "cap_exceeded"
	// LoadNotReached: a level that never carried its load (Reach).
	LoadNotReached AnomalyKind = "load_not_reached"
	// AggregateDrop: aggregate output falls while the load rises.
	AggregateDrop AnomalyKind = "aggregate_drop"
	// AggregateMismatch: the tool's own output throughput differs from
	// request throughput × output tokens by more than AggregateTolerance.
	AggregateMismatch AnomalyKind = "aggregate_mismatch"
	// P90BelowMean: a P90 below its mean, which a nearest-rank P90 of a
	// right-skewed latency rarely is.
	P90BelowMean AnomalyKind = "p90_below_mean"
	// LatencyMismatch: mean latency differs from TTFT + ITL × (tokens − 1)
	// by more than MismatchTolerance.
	LatencyMismatch AnomalyKind = "latency_mismatch"
	// SLONonMonotonic: a level passes the SLOs above a level that failed.
	SLONonMonotonic AnomalyKind = "slo_non_monotonic"
	// RequestErrors: requests failed at a level; the statistics cover only
	// the ones that succeeded.
	RequestErrors AnomalyKind = "request_errors"
	// TTFTFloor: a config's TTFT at the lowest level every config
	// measured is FloorFactor or more times its rival's, the lowest of
	// the others' there: a floor out of line, before any queueing, that
	// the deployment rather than the engine may explain (floor.go).
	TTFTFloor AnomalyKind = "ttft_floor"
)

// AnomalyRule is one kind of anomaly, in one row: the weight of the
// summary line it makes, and the names of the numbers it carries.
type AnomalyRule struct {
	Kind AnomalyKind
	// Note is the weight of the summary line (an AnomalyNote finding)
	// an anomaly of the kind makes; 0 for a kind only the data-quality
	// notes tell.
	Note float64
	// Values are the names of the numbers its Anomaly.Values may hold.
	Values []string
}

// AnomalyRules are the anomaly kinds, one row each, in the order the
// checks are described above.
func AnomalyRules() []AnomalyRule {
	step := []string{"prev_load", "load_factor", "prev", "value"}
	return []AnomalyRule{
		{Kind: Saturation, Note: 2.5, Values: slices.Concat(step, []string{"throughput_factor", "latency_prev", "latency", "ttft_prev", "ttft", "offered", "share"})},
		{Kind: SchedulingChange, Note: 2, Values: slices.Concat(step, []string{"ratio", "rps_prev", "rps", "throughput_factor", "itl_prev", "itl"})},
		{Kind: ThroughputDip, Values: slices.Concat(step, []string{"throughput_factor", "later_load", "later"})},
		{Kind: TTFTJump, Note: 1, Values: slices.Concat(step, []string{"ratio", "delivered", "offered"})},
		{Kind: CapLimit, Values: []string{"cap", "in_flight", "prev_load"}},
		{Kind: CapExceeded, Values: []string{"cap", "in_flight"}},
		{Kind: LoadNotReached, Values: []string{"sent", "completed", "errors", "in_flight", "offered", "delivered", "concurrency"}},
		{Kind: AggregateDrop, Note: 1, Values: step},
		{Kind: AggregateMismatch, Values: []string{"reported", "delivered", "deviation", "tokens", "rps"}},
		{Kind: P90BelowMean, Values: []string{"p90", "mean"}},
		{Kind: LatencyMismatch, Values: []string{"latency", "expected", "deviation", "tokens"}},
		{Kind: SLONonMonotonic, Values: []string{"failed_load"}},
		{Kind: RequestErrors, Values: []string{"errors", "requests"}},
		{Kind: TTFTFloor, Values: []string{"ttft", "rival_ttft", "ratio", "median"}},
	}
}

// AnomalyKinds lists every kind of anomaly, in AnomalyRules' order.
func AnomalyKinds() []AnomalyKind {
	rules := AnomalyRules()
	out := make([]AnomalyKind, len(rules))
	for i, r := range rules {
		out[i] = r.Kind
	}
	return out
}

// Thresholds of the anomaly checks.
const (
	JumpFactor        = 3.0
	FlatGrowth        = 0.10
	MismatchTolerance = 0.10
)

// anomalies runs every check over every config, in config then level
// order. The configs hold only levels whose load was reached.
func anomalies(r *Report) []Anomaly {
	var out []Anomaly
	for _, cfg := range r.Configs {
		checks := levelChecks(cfg, r.Params, r.Axis)
		out = append(out, checks...)
		out = append(out, capsExceeded(cfg, checks, r.Axis)...)
		for _, pct := range Percentiles {
			out = append(out, nonMonotonic(cfg, pct, r.Axis)...)
		}
	}
	return append(out, ttftFloors(r)...)
}

// step is the move from one measured level to the next: how much the
// load grew (requests in flight, or the offered rate on a rate axis)
// and how much system throughput and latency did.
type step struct {
	prev, l    Level
	load       float64 // load factor
	throughput float64 // system throughput factor
	rate       bool    // on a rate axis
}

func newStep(prev, l Level, axis Axis) step {
	s := step{prev: prev, l: l, load: l.Concurrency / prev.Concurrency, throughput: Ratio(l.SystemRPS, prev.SystemRPS), rate: axis == AxisRate}
	if s.rate {
		s.load = float64(l.Load) / float64(prev.Load)
	}
	return s
}

// saturated: on a concurrency axis, throughput grew by less than
// FlatGrowth of the load step while latency rose; on a rate axis, the
// level delivers less than 1 − FlatGrowth of its offered rate.
func (s step) saturated() bool {
	if s.rate {
		return shortfall(s.l)
	}
	return s.load > 1 && Known(s.throughput) && s.throughput-1 < FlatGrowth*(s.load-1) && s.l.Latency.Mean > s.prev.Latency.Mean
}

// shortfall: a finite rate of which less than 1 − FlatGrowth is
// delivered.
func shortfall(l Level) bool {
	return l.Rate > 0 && !l.Load.IsInf() && Known(l.SystemRPS) && l.SystemRPS < (1-FlatGrowth)*l.Rate
}

// ttftJump: mean TTFT grew by JumpFactor or more, and faster than the
// load (so that a gap in the measured levels does not pass for a jump).
func (s step) ttftJump() bool {
	a, b := s.prev.TTFT.Mean, s.l.TTFT.Mean
	return a > 0 && b >= JumpFactor*a && b/a > s.load
}

// levelChecks runs the per-level and per-step checks. A step into an
// unbounded rate is not judged: it probes the maximum throughput, and
// queueing there is true by construction. Nor is a step on an axis of
// input lengths at one load: the steps' checks read a growing load
// (saturation, a scheduling change, a TTFT jump beyond the load's
// growth, falling aggregate output), and a longer input is none.
func levelChecks(cfg Config, p Params, axis Axis) []Anomaly {
	c := &levelChecker{cfg: cfg, p: p, axis: axis}
	for i, l := range cfg.Levels {
		c.level(l)
		if i == 0 && axis == AxisRate && shortfall(l) {
			c.saturated = true
			c.add(Saturation, l, "system_rps", fmt.Sprintf("delivers %.2f req/s of the %s offered: the server does not keep up", l.SystemRPS, axis.Label(l.Load)),
				map[string]float64{"offered": l.Rate, "value": l.SystemRPS, "share": l.SystemRPS / l.Rate})
		}
		if i == 0 || l.Load.IsInf() || !axis.SweepsLoad() {
			continue
		}
		s := newStep(cfg.Levels[i-1], l, axis)
		c.throughputStep(s, cfg.Levels[i+1:])
		c.aggregateStep(s)
	}
	return c.out
}

// levelChecker collects the anomalies of one config's levels, in level
// order.
type levelChecker struct {
	cfg       Config
	p         Params
	axis      Axis
	saturated bool // a saturation was flagged at an earlier level
	out       []Anomaly
}

func (c *levelChecker) add(kind AnomalyKind, l Level, metric, msg string, values map[string]float64) {
	c.out = append(c.out, Anomaly{Kind: kind, Config: c.cfg.ID, Load: l.Load, Metric: metric, Message: msg, Values: values})
}

// level checks one level on its own: a P90 below its mean, a mean
// latency that TTFT and ITL do not add up to.
func (c *levelChecker) level(l Level) {
	at := c.axis.Label
	for _, m := range []struct {
		name string
		s    Stat
	}{{"ttft_ms", l.TTFT}, {"itl_ms", l.ITL}, {"tps", l.TPS}, {"latency_s", l.Latency}} {
		if m.s.P90 < m.s.Mean {
			c.add(P90BelowMean, l, m.name, fmt.Sprintf("%s p90 %g is below its mean %g at %s", m.name, m.s.P90, m.s.Mean, at(l.Load)),
				map[string]float64{"p90": m.s.P90, "mean": m.s.Mean})
		}
	}
	if c.p.OutputTokens > 1 && l.Latency.Mean > 0 {
		expected := ExpectedLatency(l, c.p.OutputTokens)
		dev := (l.Latency.Mean - expected) / l.Latency.Mean
		if math.Abs(dev) > MismatchTolerance {
			c.add(LatencyMismatch, l, "latency_s", fmt.Sprintf("mean latency %.2f s differs from TTFT + ITL × %d = %.2f s by %.0f%% at %s",
				l.Latency.Mean, c.p.OutputTokens-1, expected, dev*100, at(l.Load)),
				map[string]float64{"latency": l.Latency.Mean, "expected": expected, "deviation": dev, "tokens": float64(c.p.OutputTokens)})
		}
	}
	c.aggregateMismatch(l)
}

// values are the numbers of an anomaly at step s: the previous load and
// the load factor, and the name, value pairs of kv.
func (s step) values(kv ...any) map[string]float64 {
	v := map[string]float64{"prev_load": float64(s.prev.Load), "load_factor": s.load}
	for j := 0; j+1 < len(kv); j += 2 {
		v[kv[j].(string)] = kv[j+1].(float64)
	}
	return v
}

// throughputStep judges the system throughput and TTFT of step s, later
// being the levels after it: the first saturation (or a dip that a later
// level recovers from), a scheduling change, a TTFT jump.
func (c *levelChecker) throughputStep(s step, later []Level) {
	at := c.axis.Label
	prev, l := s.prev, s.l
	firstSaturation := !c.saturated && s.saturated()
	if firstSaturation && !s.rate {
		if j, ok := recovers(later, math.Max(prev.SystemRPS, l.SystemRPS)); ok {
			firstSaturation = false
			c.add(ThroughputDip, l, "system_rps", fmt.Sprintf("system throughput %.2f req/s at %s against %.2f req/s at %s while the load grew %.1f×, then %.2f req/s at %s: a dip, not a ceiling",
				l.SystemRPS, at(l.Load), prev.SystemRPS, at(prev.Load), s.load, j.SystemRPS, at(j.Load)),
				s.values("prev", prev.SystemRPS, "value", l.SystemRPS, "throughput_factor", s.throughput, "later_load", float64(j.Load), "later", j.SystemRPS))
		}
	}
	switch {
	case firstSaturation:
		c.saturation(s)
	case s.ttftJump() && Known(s.throughput) && !s.saturated() && !s.rate:
		c.add(SchedulingChange, l, "ttft_ms", fmt.Sprintf("mean TTFT jumps %.1f× from %.1f ms at %s to %.1f ms at %s while system throughput grows %.2f×: prefills are held back, not a saturation",
			l.TTFT.Mean/prev.TTFT.Mean, prev.TTFT.Mean, at(prev.Load), l.TTFT.Mean, at(l.Load), s.throughput),
			s.values("prev", prev.TTFT.Mean, "value", l.TTFT.Mean, "ratio", l.TTFT.Mean/prev.TTFT.Mean,
				"rps_prev", prev.SystemRPS, "rps", l.SystemRPS, "throughput_factor", s.throughput, "itl_prev", prev.ITL.Mean, "itl", l.ITL.Mean))
	case s.ttftJump() && (!s.rate || !s.saturated()):
		// On a rate axis the offered rate is still delivered (no
		// saturation): requests queue longer as the load nears the
		// server's ceiling; a growing throughput there is the offered
		// rate, not a sign of scheduling.
		v := s.values("prev", prev.TTFT.Mean, "value", l.TTFT.Mean, "ratio", l.TTFT.Mean/prev.TTFT.Mean)
		if s.rate {
			v["delivered"], v["offered"] = l.SystemRPS, l.Rate
		}
		c.add(TTFTJump, l, "ttft_ms", fmt.Sprintf("mean TTFT jumps %.1f× from %.1f ms at %s to %.1f ms at %s",
			l.TTFT.Mean/prev.TTFT.Mean, prev.TTFT.Mean, at(prev.Load), l.TTFT.Mean, at(l.Load)), v)
	}
}

// saturation flags the config's first saturation, at step s, and the
// deployment limits that may cause it.
func (c *levelChecker) saturation(s step) {
	at := c.axis.Label
	prev, l := s.prev, s.l
	c.saturated = true
	v := s.values("prev", prev.SystemRPS, "value", l.SystemRPS, "throughput_factor", s.throughput,
		"latency_prev", prev.Latency.Mean, "latency", l.Latency.Mean)
	if s.ttftJump() {
		v["ttft_prev"], v["ttft"] = prev.TTFT.Mean, l.TTFT.Mean
	}
	msg := fmt.Sprintf("system throughput %.2f req/s at %s against %.2f req/s at %s: the load grew %.1f×, throughput %.2f×, latency rose",
		l.SystemRPS, at(l.Load), prev.SystemRPS, at(prev.Load), s.load, s.throughput)
	if s.rate {
		v["offered"], v["share"] = l.Rate, l.SystemRPS/l.Rate
		msg = fmt.Sprintf("delivers %.2f req/s of the %s offered: the server no longer keeps up", l.SystemRPS, at(l.Load))
	}
	c.add(Saturation, l, "system_rps", msg, v)
	c.out = append(c.out, capAt(c.cfg, prev, l, c.axis)...)
}

// aggregateStep flags aggregate output that falls at step s while the
// load grows, and, before any saturation, the limits that may cause it.
func (c *levelChecker) aggregateStep(s step) {
	prev, l := s.prev, s.l
	if l.AggregateTPS < prev.AggregateTPS && s.load > 1 && !c.p.Tie(l.AggregateTPS, prev.AggregateTPS) {
		c.add(AggregateDrop, l, "aggregate_tps", fmt.Sprintf("aggregate output falls from %.0f to %.0f tok/s as the load grows %.1f× from %s to %s",
			prev.AggregateTPS, l.AggregateTPS, s.load, c.axis.Label(prev.Load), c.axis.Label(l.Load)),
			s.values("prev", prev.AggregateTPS, "value", l.AggregateTPS))
		if !c.saturated {
			c.out = append(c.out, capAt(c.cfg, prev, l, c.axis)...)
		}
	}
}

// requestErrors flags every level at which requests failed, whether its
// load was reached or not: the statistics describe only the requests
// that succeeded.
func requestErrors(r *Report) []Anomaly {
	var out []Anomaly
	for _, cfg := range r.Configs {
		for _, l := range cfg.Levels {
			if l.Errors > 0 {
				out = append(out, Anomaly{Kind: RequestErrors, Config: cfg.ID, Load: l.Load, Metric: "requests",
					Message: fmt.Sprintf("%d requests failed at %s", l.Errors, r.Axis.Label(l.Load)),
					Values:  map[string]float64{"errors": float64(l.Errors), "requests": float64(l.Requests)}})
			}
		}
	}
	return out
}

// recovers finds the first later level whose throughput clearly exceeds
// ceiling: then a flat step below it was no saturation.
func recovers(later []Level, ceiling float64) (Level, bool) {
	for _, l := range later {
		if l.SystemRPS > (1+FlatGrowth)*ceiling {
			return l, true
		}
	}
	return Level{}, false
}

// capAt names the limits of cfg's command that a saturation, plateau or
// drop between prev and l begins just past: an admission or CUDA graph
// cap V with prev's requests in flight ≤ V < l's. At V itself the server
// still runs every request at once (every batch with graphs): a plateau
// there is not the limit's doing.
func capAt(cfg Config, prev, l Level, axis Axis) []Anomaly {
	var out []Anomaly
	for _, f := range cfg.Caps {
		v, ok := loadLimit(f)
		if ok && prev.Concurrency <= v && above(l.Concurrency, v) {
			out = append(out, Anomaly{Kind: CapLimit, Config: cfg.ID, Load: l.Load, Metric: f.Flag,
				Message: fmt.Sprintf("%s %s: the limit is reached at %s (%.0f requests in flight), where throughput stops growing; it is the likely cause",
					f.Flag, f.Value, axis.Label(l.Load), l.Concurrency),
				Values: map[string]float64{"cap": v, "in_flight": l.Concurrency, "prev_load": float64(prev.Load)}})
		}
	}
	return out
}

// loadLimit is the requests in flight a limit of the command bounds: an
// admission cap's requests at once, a CUDA graph cap's batch; ok is
// false for any other limit or a value that is no positive number.
func loadLimit(f Flag) (v float64, ok bool) {
	if k := f.KindOf(); k != AdmissionCap && k != GraphCap {
		return 0, false
	}
	v, err := strconv.ParseFloat(f.Value, 64)
	return v, err == nil && v > 0
}

// above reports whether requests in flight exceed limit v (beyond
// rounding: a level at the limit runs every request at once).
func above(inFlight, v float64) bool { return inFlight > v*1.0001 }

// capsExceeded flags, per admission or CUDA graph limit of cfg's command
// that no cap_limit in checks names, the first level whose requests in
// flight exceed it.
func capsExceeded(cfg Config, checks []Anomaly, axis Axis) []Anomaly {
	var out []Anomaly
	for _, f := range cfg.Caps {
		v, ok := loadLimit(f)
		if !ok || slices.ContainsFunc(checks, func(a Anomaly) bool { return a.Kind == CapLimit && a.Metric == f.Flag }) {
			continue
		}
		for _, l := range cfg.Levels {
			if above(l.Concurrency, v) {
				out = append(out, Anomaly{Kind: CapExceeded, Config: cfg.ID, Load: l.Load, Metric: f.Flag,
					Message: fmt.Sprintf("%s %s: %.0f requests in flight at %s, above the limit: from here the limit shapes the results", f.Flag, f.Value, l.Concurrency, axis.Label(l.Load)),
					Values:  map[string]float64{"cap": v, "in_flight": l.Concurrency}})
				break
			}
		}
	}
	return out
}

// nonMonotonic flags each level that passes both SLOs above a level that
// failed: capacity stops at the first failure, so such passes are not
// counted and the reader should know they exist. An axis without a
// capacity (input lengths) has none to flag.
func nonMonotonic(cfg Config, pct Percentile, axis Axis) []Anomaly {
	var out []Anomaly
	if !axis.SweepsLoad() {
		return nil
	}
	failedAt := Load(0)
	for _, l := range cfg.Levels {
		pass := l.SLO.Get(pct).Pass()
		if !pass && failedAt == 0 {
			failedAt = l.Load
		}
		if pass && failedAt != 0 {
			out = append(out, Anomaly{Kind: SLONonMonotonic, Config: cfg.ID, Load: l.Load, Metric: "slo." + string(pct),
				Message: fmt.Sprintf("passes the %s SLOs at %s after failing at %s; not counted in capacity", pct, axis.Label(l.Load), axis.Label(failedAt)),
				Values:  map[string]float64{"failed_load": float64(failedAt)}})
		}
	}
	return out
}
