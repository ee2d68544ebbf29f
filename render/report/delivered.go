package report

import (
	"math"
	"slices"
	"strings"

	"github.com/openzeka/reportgen/analyze"
)

// AggregateIntro says what the aggregate output is, config by config
// where they differ: request throughput × output tokens per request
// (what the system delivered), the tool's own output throughput where
// the output length is unknown, or per-user TPS mean × c, the named
// fallback that overstates the output when requests differ in length.
func (v *view) AggregateIntro() string {
	l := v.loc
	type group struct {
		basis   string
		configs []string
	}
	var groups []group
	for _, c := range v.R.Configs {
		b := v.aggregateBasis(c)
		if b == "" {
			continue
		}
		i := slices.IndexFunc(groups, func(g group) bool { return g.basis == b })
		if i < 0 {
			groups = append(groups, group{basis: b})
			i = len(groups) - 1
		}
		groups[i].configs = append(groups[i].configs, v.Name(c.ID))
	}
	switch len(groups) {
	case 0:
		return l.T("intro_aggregate_basis", "Basis", l.T("agg_basis_per_user"))
	case 1:
		return l.T("intro_aggregate_basis", "Basis", groups[0].basis)
	}
	parts := make([]string, len(groups))
	for i, g := range groups {
		parts[i] = l.T("agg_basis_for", "Basis", g.basis, "Configs", l.List(g.configs))
	}
	return l.T("intro_aggregate_basis", "Basis", strings.Join(parts, "; "))
}

// aggregateBasis words how config c's aggregate output was found over
// its reached levels: the first source of the order delivered, tool,
// per user that any of them used, which is the weakest claim the
// column makes; "" when none has one.
func (v *view) aggregateBasis(c analyze.Config) string {
	l := v.loc
	var delivered, fromFile, tool, perUser bool
	for _, lv := range c.Levels {
		switch lv.AggregateSource {
		case analyze.AggregateDelivered:
			delivered = true
			fromFile = fromFile || lv.OutputTokens > 0 && !math.IsInf(lv.OutputTokens, 0)
		case analyze.AggregateTool:
			tool = true
		case analyze.AggregatePerUser:
			perUser = true
		}
	}
	switch {
	case perUser:
		return l.T("agg_basis_per_user")
	case tool:
		return l.T("agg_basis_tool")
	case delivered && fromFile:
		return l.T("agg_basis_delivered_file")
	case delivered:
		return l.T("agg_basis_delivered", "N", l.Int(v.R.Params.OutputTokens))
	}
	return ""
}

// noteAggregateMismatch words a tool's own output throughput that
// differs from request throughput × output tokens beyond the tolerance.
func (v *view) noteAggregateMismatch(a analyze.Anomaly, _ *noteState) string {
	l, val := v.loc, a.Values
	return l.T("anomaly_aggregate_mismatch", "Config", v.Name(a.Config), "C", l.At(a.Load), "Reported", l.Num(val["reported"], 0),
		"Delivered", l.Num(val["delivered"], 0), "Rps", l.Num(val["rps"], 2), "Tokens", l.Num(val["tokens"], 0),
		"Dev", l.Pct(math.Abs(val["deviation"]), 0))
}

// dropToldByThroughput reports whether an aggregate_drop is the system
// throughput's own fall, told already: the output is request throughput
// × the same output tokens at both levels of the step, and the config's
// throughput dips there or has saturated at or below that level.
func (v *view) dropToldByThroughput(a analyze.Anomaly) bool {
	c, ok := v.R.Config(a.Config)
	if !ok {
		return false
	}
	prev, okP := c.Level(analyze.Load(a.Values["prev_load"]))
	l, okL := c.Level(a.Load)
	if !okP || !okL || prev.AggregateSource != analyze.AggregateDelivered || l.AggregateSource != analyze.AggregateDelivered ||
		math.Abs(prev.AggregateTPS/prev.SystemRPS-l.AggregateTPS/l.SystemRPS) > 1e-9*l.AggregateTPS {
		return false
	}
	return slices.ContainsFunc(v.R.Anomalies, func(b analyze.Anomaly) bool {
		return b.Config == a.Config && (b.Kind == analyze.ThroughputDip && b.Load == a.Load || b.Kind == analyze.Saturation && b.Load <= a.Load)
	})
}
