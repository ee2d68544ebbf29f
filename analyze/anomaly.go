package analyze

import (
	"fmt"
	"math"
)

// Anomaly is a suspicious pattern in one config's data. Values holds the
// numbers behind it, by name, so that a report can phrase it in any
// language; Message is a plain English summary for logs and tools.
type Anomaly struct {
	Kind    AnomalyKind `json:"kind"`
	Config  string      `json:"config"`
	Load    Load        `json:"load"`
	Metric  string      `json:"metric"`
	Message string      `json:"message"`
	Values  Numbers     `json:"values"`
}

// AnomalyKind names a kind of anomaly.
type AnomalyKind string

// The anomaly kinds and the thresholds that raise them.
const (
	// TTFTJump: mean TTFT grows by JumpFactor or more between adjacent
	// measured levels, and faster than the load grew between them (so a
	// gap in the measured levels does not pass for a jump).
	TTFTJump AnomalyKind = "ttft_jump"
	// AggregateDrop: aggregate output falls while concurrency rises.
	AggregateDrop AnomalyKind = "aggregate_drop"
	// ThroughputFlat: concurrency at least doubles but system request
	// throughput grows by less than FlatGrowth.
	ThroughputFlat AnomalyKind = "throughput_flat"
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
)

// Thresholds of the anomaly checks.
const (
	JumpFactor        = 3.0
	FlatGrowth        = 0.10
	MismatchTolerance = 0.10
)

// anomalies runs every check over every config, in config then level order.
func anomalies(r *Report) []Anomaly {
	var out []Anomaly
	for _, cfg := range r.Configs {
		out = append(out, levelChecks(cfg, r.Params, r.Axis)...)
		for _, pct := range Percentiles {
			out = append(out, nonMonotonic(cfg, pct, r.Axis)...)
		}
	}
	return out
}

// levelChecks runs the per-level checks. Load steps are measured in
// requests in flight (a rate run's effective concurrency), the load the
// server actually carried; the values name levels by their load.
func levelChecks(cfg Config, p Params, axis Axis) []Anomaly {
	var out []Anomaly
	add := func(kind AnomalyKind, l Level, metric, msg string, values map[string]float64) {
		out = append(out, Anomaly{Kind: kind, Config: cfg.ID, Load: l.Load, Metric: metric, Message: msg, Values: values})
	}
	at := axis.Label
	for i, l := range cfg.Levels {
		if l.Errors > 0 {
			add(RequestErrors, l, "requests", fmt.Sprintf("%d requests failed at %s", l.Errors, at(l.Load)),
				map[string]float64{"errors": float64(l.Errors), "requests": float64(l.Requests)})
		}
		for _, m := range []struct {
			name string
			s    Stat
		}{{"ttft_ms", l.TTFT}, {"itl_ms", l.ITL}, {"tps", l.TPS}, {"latency_s", l.Latency}} {
			if m.s.P90 < m.s.Mean {
				add(P90BelowMean, l, m.name, fmt.Sprintf("%s p90 %g is below its mean %g at %s", m.name, m.s.P90, m.s.Mean, at(l.Load)),
					map[string]float64{"p90": m.s.P90, "mean": m.s.Mean})
			}
		}
		if p.OutputTokens > 1 && l.Latency.Mean > 0 {
			expected := ExpectedLatency(l, p.OutputTokens)
			dev := (l.Latency.Mean - expected) / l.Latency.Mean
			if math.Abs(dev) > MismatchTolerance {
				add(LatencyMismatch, l, "latency_s", fmt.Sprintf("mean latency %.2f s differs from TTFT + ITL × %d = %.2f s by %.0f%% at %s",
					l.Latency.Mean, p.OutputTokens-1, expected, dev*100, at(l.Load)),
					map[string]float64{"latency": l.Latency.Mean, "expected": expected, "deviation": dev, "tokens": float64(p.OutputTokens)})
			}
		}
		if i == 0 {
			continue
		}
		prev := cfg.Levels[i-1]
		load := l.Concurrency / prev.Concurrency
		if prev.TTFT.Mean > 0 && l.TTFT.Mean >= JumpFactor*prev.TTFT.Mean && l.TTFT.Mean/prev.TTFT.Mean > load {
			v := map[string]float64{"prev_load": float64(prev.Load), "prev": prev.TTFT.Mean, "value": l.TTFT.Mean, "ratio": l.TTFT.Mean / prev.TTFT.Mean}
			if p.OutputTokens > 1 {
				// Is the level self-consistent? Then the jump is real
				// queueing before the first token, not a measurement error.
				v["ttft_s"] = l.TTFT.Mean / 1000
				v["decode_s"] = l.ITL.Mean / 1000 * float64(p.OutputTokens-1)
				v["expected"] = ExpectedLatency(l, p.OutputTokens)
				v["latency"] = l.Latency.Mean
				v["tokens"] = float64(p.OutputTokens)
			}
			add(TTFTJump, l, "ttft_ms", fmt.Sprintf("mean TTFT jumps %.1f× from %.1f ms at %s to %.1f ms at %s",
				l.TTFT.Mean/prev.TTFT.Mean, prev.TTFT.Mean, at(prev.Load), l.TTFT.Mean, at(l.Load)), v)
		}
		dropped := l.AggregateTPS < prev.AggregateTPS
		if dropped {
			add(AggregateDrop, l, "aggregate_tps", fmt.Sprintf("aggregate output falls from %.0f to %.0f tok/s as load rises from %s to %s",
				prev.AggregateTPS, l.AggregateTPS, at(prev.Load), at(l.Load)),
				map[string]float64{"prev_load": float64(prev.Load), "prev": prev.AggregateTPS, "value": l.AggregateTPS})
		}
		if !dropped && l.Concurrency >= 2*prev.Concurrency && l.SystemRPS < (1+FlatGrowth)*prev.SystemRPS {
			add(ThroughputFlat, l, "system_rps", fmt.Sprintf("system throughput %.2f req/s at %s vs %.2f req/s at %s: requests in flight doubled, throughput did not grow",
				l.SystemRPS, at(l.Load), prev.SystemRPS, at(prev.Load)),
				map[string]float64{"prev_load": float64(prev.Load), "prev": prev.SystemRPS, "value": l.SystemRPS})
		}
	}
	return out
}

// nonMonotonic flags each level that passes both SLOs above a level that
// failed: capacity stops at the first failure, so such passes are not
// counted and the reader should know they exist.
func nonMonotonic(cfg Config, pct Percentile, axis Axis) []Anomaly {
	var out []Anomaly
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
