package analyze

import (
	"fmt"
	"math"
)

// AggregateSource says where a level's aggregate output comes from
// (Level.AggregateTPS).
type AggregateSource string

// The sources of the aggregate output, in the order they are tried.
const (
	// AggregateDelivered: the system's request throughput × the mean
	// output tokens per request (the file's mean, else the manifest's
	// output_tokens): what the system delivered.
	AggregateDelivered AggregateSource = "throughput_x_tokens"
	// AggregateTool: the tool's own output throughput, where the output
	// length is unknown.
	AggregateTool AggregateSource = "tool"
	// AggregatePerUser: the named fallback, per-user TPS mean × c, where
	// neither is known. It overstates the output when requests differ
	// in length: the mean of per-request rates is at least the rate of
	// the mean request (Jensen's inequality).
	AggregatePerUser AggregateSource = "tps_x_concurrency"
)

// AggregateTolerance is how far, as a fraction of the delivered output,
// a tool's own output throughput may differ from it before the two are
// flagged as inconsistent (AggregateMismatch): exactly 5 % is not.
const AggregateTolerance = 0.05

// aggregateOf is a level's aggregate output and its source: system
// request throughput × mean output tokens where the output length is
// known (tokens, the file's mean, else manifest, the manifest's), else
// the tool's own output throughput, else TPS mean × c.
func aggregateOf(l Level, tokens, manifest float64, tool float64) (float64, AggregateSource) {
	if !(tokens > 0) || math.IsInf(tokens, 0) {
		tokens = manifest
	}
	switch {
	case tokens > 0 && l.SystemRPS > 0 && Known(l.SystemRPS):
		return l.SystemRPS * tokens, AggregateDelivered
	case tool > 0 && Known(tool):
		return tool, AggregateTool
	}
	x := l.TPS.Mean * l.Concurrency
	if !Known(x) {
		return nanValue, ""
	}
	return x, AggregatePerUser
}

// aggregateMismatch flags a level whose tool reports an output
// throughput more than AggregateTolerance away from the delivered
// output (request throughput × output tokens): one of the tool's
// figures, or the output length, is not what the report assumes.
func (c *levelChecker) aggregateMismatch(l Level) {
	if l.AggregateSource != AggregateDelivered || !(l.AggregateReported > 0) || !Known(l.AggregateReported) {
		return
	}
	dev := (l.AggregateReported - l.AggregateTPS) / l.AggregateTPS
	if math.Abs(dev) <= AggregateTolerance {
		return
	}
	tokens := l.AggregateTPS / l.SystemRPS
	c.add(AggregateMismatch, l, "aggregate_tps", fmt.Sprintf("the tool reports %.0f tok/s of output at %s, %.0f%% off its request throughput × %.0f output tokens = %.0f tok/s",
		l.AggregateReported, c.axis.Label(l.Load), dev*100, tokens, l.AggregateTPS),
		map[string]float64{"reported": l.AggregateReported, "delivered": l.AggregateTPS, "deviation": dev, "tokens": tokens, "rps": l.SystemRPS})
}
