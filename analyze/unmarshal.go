package analyze

import (
	"encoding/json"
	"math"
	"reflect"
	"strconv"
)

// The UnmarshalJSON methods read back what the MarshalJSON methods
// write, so that an analysis.json is the Report it was written from
// (ReadJSON): null is an absent number (NaN), an unknown count (-1) or
// an unknown GPU count (0); "inf" an unbounded load or value. Only the
// per-request samples, which analysis.json does not hold, are lost.

// nullable reads a number that may be null (NaN).
type nullable float64

// UnmarshalJSON implements json.Unmarshaler.
func (n *nullable) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*n = nullable(nanValue)
		return nil
	}
	x, err := strconv.ParseFloat(string(data), 64)
	if err != nil || !isNumber(data) {
		return typeError(data, reflect.TypeFor[float64]())
	}
	*n = nullable(x)
	return nil
}

// value is the number read.
func (n *nullable) value() float64 {
	if n == nil {
		return nanValue
	}
	return float64(*n)
}

// isNumber reports whether data is a JSON number literal.
func isNumber(data []byte) bool {
	return len(data) > 0 && (data[0] == '-' || data[0] >= '0' && data[0] <= '9')
}

// typeError is the error for a JSON value of the wrong kind: its Value
// is the kind found ("string", "object", …), as encoding/json's own.
func typeError(data []byte, t reflect.Type) error {
	kind := "number"
	switch {
	case len(data) == 0:
		kind = "nothing"
	case data[0] == '"':
		kind = "string"
	case data[0] == '{':
		kind = "object"
	case data[0] == '[':
		kind = "array"
	case data[0] == 't' || data[0] == 'f':
		kind = "bool"
	case data[0] == 'n':
		kind = "null"
	}
	return &json.UnmarshalTypeError{Value: kind, Type: t}
}

// countOrNull reads a count written as null when unknown (-1).
func countOrNull(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}

// numberOrInf reads a number that may be null (NaN) or "inf" (+Inf).
func numberOrInf(data []byte, t reflect.Type) (float64, error) {
	switch string(data) {
	case "null":
		return nanValue, nil
	case `"inf"`:
		return math.Inf(1), nil
	}
	var n nullable
	if err := n.UnmarshalJSON(data); err != nil {
		return 0, typeError(data, t)
	}
	return float64(n), nil
}

// UnmarshalJSON reads a load: a number, or "inf".
func (x *Load) UnmarshalJSON(data []byte) error {
	v, err := numberOrInf(data, reflect.TypeFor[Load]())
	if err != nil || math.IsNaN(v) {
		return typeError(data, reflect.TypeFor[Load]())
	}
	*x = Load(v)
	return nil
}

// UnmarshalJSON reads a GPU count; null is unknown (0).
func (n *GPUCount) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*n = 0
		return nil
	}
	v, err := strconv.Atoi(string(data))
	if err != nil || v < 0 {
		return typeError(data, reflect.TypeFor[GPUCount]())
	}
	*n = GPUCount(v)
	return nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (n *Numbers) UnmarshalJSON(data []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return typeError(data, reflect.TypeFor[Numbers]())
	}
	if raw == nil {
		*n = nil
		return nil
	}
	out := make(Numbers, len(raw))
	for k, v := range raw {
		x, err := numberOrInf(v, reflect.TypeFor[float64]())
		if err != nil {
			return fieldError(err, k)
		}
		out[k] = x
	}
	*n = out
	return nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (rs *Ratios) UnmarshalJSON(data []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return typeError(data, reflect.TypeFor[Ratios]())
	}
	if raw == nil {
		*rs = nil
		return nil
	}
	out := make(Ratios, len(raw))
	for i, v := range raw {
		x, err := numberOrInf(v, reflect.TypeFor[float64]())
		if err != nil {
			return err
		}
		out[i] = x
	}
	*rs = out
	return nil
}

// fieldError names key in a type error from a value inside an object.
func fieldError(err error, key string) error {
	if te, ok := err.(*json.UnmarshalTypeError); ok {
		if te.Field != "" {
			key += "." + te.Field
		}
		te.Field = key
	}
	return err
}

// UnmarshalJSON implements json.Unmarshaler.
func (s *Stat) UnmarshalJSON(data []byte) error {
	var v struct {
		Mean, P10, P50, P90, P99 *nullable
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*s = Stat{v.Mean.value(), v.P10.value(), v.P50.value(), v.P90.value(), v.P99.value()}
	return nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (l *Level) UnmarshalJSON(data []byte) error {
	type plain Level
	v := struct {
		*plain
		RPSReported  *nullable `json:"rps_reported"`
		AggregateTPS *nullable `json:"aggregate_tps"`
		Reported     *nullable `json:"aggregate_tps_reported"`
		OutputTokens *nullable `json:"output_tokens"`
		SystemRPS    *nullable `json:"system_rps"`
		Goodput      *nullable `json:"goodput"`
		InFlight     *nullable `json:"in_flight"`
		Rate         *Load     `json:"request_rate"`
		Requests     *int      `json:"requests"`
		Errors       *int      `json:"errors"`
		SampleSize   *int      `json:"sample_size"`
	}{plain: (*plain)(l)}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	l.RPSReported, l.AggregateTPS, l.SystemRPS = v.RPSReported.value(), v.AggregateTPS.value(), v.SystemRPS.value()
	l.AggregateReported, l.OutputTokens = v.Reported.value(), v.OutputTokens.value()
	l.Goodput, l.InFlight = v.Goodput.value(), v.InFlight.value()
	l.Rate = 0
	if v.Rate != nil {
		l.Rate = float64(*v.Rate)
	}
	l.Requests, l.Errors, l.SampleSize = countOrNull(v.Requests), countOrNull(v.Errors), countOrNull(v.SampleSize)
	return nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (c *Capacity) UnmarshalJSON(data []byte) error {
	type plain Capacity
	v := struct {
		*plain
		LatencyMeanS  *nullable `json:"latency_mean_s"`
		ThroughputRPS *nullable `json:"throughput_rps"`
		Users         *int      `json:"users"`
	}{plain: (*plain)(c)}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	c.LatencyMeanS, c.ThroughputRPS = v.LatencyMeanS.value(), v.ThroughputRPS.value()
	c.Users = UsersUnknown
	if v.Users != nil {
		c.Users = *v.Users
	}
	return nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (p *Pareto) UnmarshalJSON(data []byte) error {
	var v struct {
		Stat         Percentile    `json:"stat"`
		PerGPU       bool          `json:"per_gpu"`
		Target       *nullable     `json:"target"`
		TargetSource string        `json:"target_source"`
		Points       []ParetoPoint `json:"points"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*p = Pareto{Stat: v.Stat, PerGPU: v.PerGPU, Target: v.Target.value(), TargetSource: v.TargetSource, Points: v.Points}
	return nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (pt *ParetoPoint) UnmarshalJSON(data []byte) error {
	var v struct {
		Config       string    `json:"config"`
		Load         Load      `json:"load"`
		PerUserTPS   float64   `json:"per_user_tps"`
		AggregateTPS float64   `json:"aggregate_tps"`
		TPSPerGPU    *nullable `json:"tps_per_gpu"`
		OnFrontier   bool      `json:"on_frontier"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*pt = ParetoPoint{Config: v.Config, Load: v.Load, PerUserTPS: v.PerUserTPS, AggregateTPS: v.AggregateTPS, TPSPerGPU: v.TPSPerGPU.value(), OnFrontier: v.OnFrontier}
	return nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (a *AtTarget) UnmarshalJSON(data []byte) error {
	var v struct {
		Target       float64   `json:"target"`
		AggregateTPS *nullable `json:"aggregate_tps"`
		TPSPerGPU    *nullable `json:"tps_per_gpu"`
		Between      []Load    `json:"between"`
		Reason       string    `json:"reason"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*a = AtTarget{Target: v.Target, AggregateTPS: v.AggregateTPS.value(), TPSPerGPU: v.TPSPerGPU.value(), Between: v.Between, Reason: v.Reason}
	return nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (c *CapacityCost) UnmarshalJSON(data []byte) error {
	var v struct {
		Stat         Percentile `json:"stat"`
		Load         Load       `json:"load"`
		AggregateTPS *nullable  `json:"aggregate_tps"`
		PerMillion   *nullable  `json:"per_million_tokens"`
		Reason       string     `json:"reason"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*c = CapacityCost{Stat: v.Stat, Load: v.Load, AggregateTPS: v.AggregateTPS.value(), PerMillion: v.PerMillion.value(), Reason: v.Reason}
	return nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (c *TargetCost) UnmarshalJSON(data []byte) error {
	var v struct {
		Target       float64   `json:"target"`
		AggregateTPS *nullable `json:"aggregate_tps"`
		PerMillion   *nullable `json:"per_million_tokens"`
		Reason       string    `json:"reason"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*c = TargetCost{Target: v.Target, AggregateTPS: v.AggregateTPS.value(), PerMillion: v.PerMillion.value(), Reason: v.Reason}
	return nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (pt *SpeedupPoint) UnmarshalJSON(data []byte) error {
	type plain SpeedupPoint
	v := struct {
		*plain
		LatencyRatio *nullable `json:"latency_ratio"`
	}{plain: (*plain)(pt)}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	pt.LatencyRatio = v.LatencyRatio.value()
	return nil
}
