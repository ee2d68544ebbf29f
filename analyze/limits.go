package analyze

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/openzeka/reportgen/ingest"
)

// maxCount is the largest count analysis.json may hold where no
// tighter cap applies (runs of a level, scorecard wins): the cap of a
// request count in one run.
const maxCount = 1_000_000_000

// valueRule judges one value of analysis.json, a number, "inf" or null
// (absent: nothing to judge), on a report whose load axis is axis.
type valueRule func(n *jsonNode, axis Axis) error

// valueRules are the ranges of analysis.json's numbers by key path ("*"
// is any key or item), the ranges build holds them to: a level's values
// the caps ingest holds every reader's numbers to (ingest.Limits), a
// value derived from them (an aggregate output, a system throughput, a
// capacity's latency) the cap of its kind; settings the ranges of the
// manifest and the flags. A value the schema leaves open (a ratio, a
// score, a finding's numbers) has no rule.
var valueRules = []struct {
	path string
	rule valueRule
}{
	{"params.slo_ttft_ms", inRange(ingest.TTFTRange)},
	{"params.slo_tps", inRange(ingest.TPSRange)},
	{"params.think_s", inRange(ingest.ThinkRange)},
	{"params.tie_pct", inRange(ingest.TieRange)},
	{"params.output_tokens", zeroOr(ingest.TokenRange)},
	{"params.input_tokens", zeroOr(ingest.TokenRange)},
	{"params.price_per_gpu_hour", inRange(ingest.PriceRange)},
	{"meta.rounds", inRange(ingest.RoundsRange)},
	{"meta.warmup", inRange(ingest.WarmupRange)},
	{"meta.date", reportDate},
	{"levels.*", load},

	{"configs.*.gpus", inRange(ingest.GPURange)},
	{"configs.*.levels.*.load", load},
	{"configs.*.levels.*.concurrency", measured("Concurrency", "concurrency", true)},
	{"configs.*.levels.*.ttft_ms.*", measured("TTFT", "TTFT", false)},
	{"configs.*.levels.*.itl_ms.*", measured("ITL", "ITL", false)},
	{"configs.*.levels.*.tps.*", measured("TPS", "TPS", false)},
	{"configs.*.levels.*.latency_s.*", measured("Latency", "latency", false)},
	{"configs.*.levels.*.requests", measured("Requests", "request count", false)},
	{"configs.*.levels.*.errors", measured("Errors", "error count", false)},
	{"configs.*.levels.*.rps_reported", measured("RPS", "RPS", false)},
	{"configs.*.levels.*.aggregate_tps", measured("OutputTPS", "output throughput", false)},
	{"configs.*.levels.*.system_rps", measured("SystemRPS", "request throughput", false)},
	{"configs.*.levels.*.in_flight", measured("Concurrency", "concurrency", true)},
	{"configs.*.levels.*.request_rate", measured("Rate", "request rate", false)},
	{"configs.*.levels.*.concurrency_measured", measured("Concurrency", "concurrency", true)},
	{"configs.*.levels.*.runs", inRange(ingest.Range{Min: 2, Max: maxCount, Whole: true})},
	{"configs.*.levels.*.spread.*.n", inRange(ingest.Range{Min: 2, Max: maxCount, Whole: true})},
	{"configs.*.levels.*.std_dev.*.sd", nonNegative},
	{"configs.*.levels.*.energy.*", nonNegative},
	{"configs.*.levels.*.std_dev.*.n", inRange(ingest.Range{Min: 2, Max: maxCount, Whole: true})},
	{"configs.*.capacity.*.max_load", load},
	{"configs.*.capacity.*.concurrency", measured("Concurrency", "concurrency", true)},
	{"configs.*.capacity.*.latency_mean_s", measured("Latency", "latency", false)},
	{"configs.*.capacity.*.throughput_rps", measured("SystemRPS", "request throughput", false)},
	{"configs.*.capacity.*.users", inRange(ingest.Range{Min: 0, Max: MaxUsers, Whole: true})},
	{"configs.*.at_interactivity.target", inRange(ingest.InteractivityRange)},
	{"configs.*.at_interactivity.aggregate_tps", measured("OutputTPS", "output throughput", false)},
	{"configs.*.at_interactivity.tps_per_gpu", measured("OutputTPS", "output throughput", false)},
	{"configs.*.at_interactivity.between.*", load},
	{"configs.*.cost.at_capacity.load", load},
	{"configs.*.cost.at_capacity.aggregate_tps", measured("OutputTPS", "output throughput", false)},
	{"configs.*.cost.at_capacity.per_million_tokens", nonNegative},
	{"configs.*.cost.at_target.target", inRange(ingest.InteractivityRange)},
	{"configs.*.cost.at_target.aggregate_tps", measured("OutputTPS", "output throughput", false)},
	{"configs.*.cost.at_target.per_million_tokens", nonNegative},

	{"speedups.*.points.*.load", load},
	{"speedups.*.points.*.direct_tps", measured("TPS", "TPS", false)},
	{"speedups.*.points.*.spec_tps", measured("TPS", "TPS", false)},
	{"speedups.*.points.*.ratio", nonNegative},
	{"speedups.*.break_even", load},
	{"speedups.*.missing_levels.*", load},
	{"anomalies.*.load", load},
	{"findings.*.levels.*", load},
	{"scenarios.*.levels.*", load},
	{"scorecard.*.levels.*", load},
	{"scorecard.*.a_wins", inRange(ingest.Range{Min: 0, Max: maxCount, Whole: true})},
	{"scorecard.*.b_wins", inRange(ingest.Range{Min: 0, Max: maxCount, Whole: true})},
	{"scorecard.*.ties", inRange(ingest.Range{Min: 0, Max: maxCount, Whole: true})},
	{"scorecard.*.comparisons", inRange(ingest.Range{Min: 1, Max: maxCount, Whole: true})},
	{"pareto.target", inRange(ingest.InteractivityRange)},
	{"pareto.points.*.load", load},
	{"pareto.points.*.per_user_tps", measured("TPS", "TPS", false)},
	{"pareto.points.*.aggregate_tps", measured("OutputTPS", "output throughput", false)},
	{"pareto.points.*.tps_per_gpu", measured("OutputTPS", "output throughput", false)},
}

// value is the number n holds: +Inf for "inf"; ok is false for null,
// which is absent.
func value(n *jsonNode) (x float64, ok bool) {
	switch {
	case n.kind == jsonNumber:
		return n.num, true
	case n.kind == jsonString && n.text == "inf":
		return math.Inf(1), true
	}
	return 0, false
}

// measured holds a value to the cap ingest gives the level value named
// limit (ingest.Limits), said as what; fractional takes a fraction of a
// whole quantity (a rate run's effective concurrency).
func measured(limit, what string, fractional bool) valueRule {
	i := slices.IndexFunc(ingest.Limits, func(l ingest.Limit) bool { return l.Value == limit })
	if i < 0 {
		panic("analyze: no ingest limit " + limit) // a misspelt row of valueRules, at init
	}
	l := ingest.Limits[i]
	if fractional {
		l.Whole = false
	}
	return func(n *jsonNode, _ Axis) error {
		x, ok := value(n)
		if !ok {
			return nil
		}
		return l.Check(x, n.text, what)
	}
}

// load holds a level's place on the load axis to the cap of a
// concurrency (a whole number) or, on a rate axis, of a request rate,
// which may be "inf", or, on an input-length axis, of a token count.
func load(n *jsonNode, axis Axis) error {
	x, ok := value(n)
	switch {
	case !ok:
		return nil
	case axis == AxisRate:
		return rateLoad(n, axis)
	case math.IsInf(x, 1) && axis == AxisInputLength:
		return fmt.Errorf(`"inf" is an unbounded request rate; expected an input length, as load_axis is %q`, axis)
	case math.IsInf(x, 1):
		return fmt.Errorf(`"inf" is an unbounded request rate; expected a concurrency, as load_axis is %q`, axis)
	case axis == AxisInputLength:
		return inputLoad(n, axis)
	}
	return concurrencyLoad(n, axis)
}

// The rules of a load on each axis. An input length is a whole number
// of tokens, or 0 where there is none (a capacity, which an
// input-length axis does not compute).
var (
	rateLoad        = measured("Rate", "request rate", false)
	concurrencyLoad = measured("Concurrency", "concurrency", false)
	inputLoad       = inRange(ingest.Range{Min: 0, Max: ingest.TokenRange.Max, Whole: true})
)

// inRange holds a number to a setting's range (ingest.Range.Check),
// naming it as written.
func inRange(r ingest.Range) valueRule {
	return func(n *jsonNode, _ Axis) error {
		x, ok := value(n)
		switch {
		case !ok || r.Check(x) == nil:
			return nil
		case !r.Whole || x == math.Trunc(x):
			return fmt.Errorf("%s is out of range; expected %s", n.text, r)
		}
		return fmt.Errorf("%s is not a whole number; expected %s", n.text, r)
	}
}

// nonNegative holds a number the schema leaves open (a ratio, a cost)
// to be at least 0, as everything it is computed from is.
func nonNegative(n *jsonNode, _ Axis) error {
	if x, ok := value(n); ok && x < 0 {
		return fmt.Errorf("%s is out of range; expected a number ≥ 0", n.text)
	}
	return nil
}

// zeroOr holds a number to r, or 0 (unknown).
func zeroOr(r ingest.Range) valueRule {
	in := inRange(r)
	return func(n *jsonNode, axis Axis) error {
		if x, ok := value(n); ok && x == 0 {
			return nil
		}
		if err := in(n, axis); err != nil {
			return fmt.Errorf("%w, or 0 when unknown", err)
		}
		return nil
	}
}

// reportDate holds the report's date to the years a manifest's date
// may have.
func reportDate(n *jsonNode, _ Axis) error {
	var t time.Time
	if n.kind != jsonString || t.UnmarshalText([]byte(n.text)) != nil {
		return nil // the schema's to refuse
	}
	if y := t.Year(); y < 1970 || y > 9999 {
		return fmt.Errorf("%q: expected a year from 1970 to 9999", n.text)
	}
	return nil
}

// ruleTree is valueRules as a tree of key path steps.
type ruleTree struct {
	rule valueRule
	next map[string]*ruleTree
}

// newRuleTree builds the tree of valueRules.
func newRuleTree() *ruleTree {
	root := &ruleTree{}
	for _, r := range valueRules {
		t := root
		for _, step := range strings.Split(r.path, ".") {
			if t.next == nil {
				t.next = map[string]*ruleTree{}
			}
			if t.next[step] == nil {
				t.next[step] = &ruleTree{}
			}
			t = t.next[step]
		}
		t.rule = r.rule
	}
	return root
}

// checkValues applies valueRules to the document root, in the order
// written: the first value out of its range.
func checkValues(root *jsonNode) *violation {
	axis := Axis(root.get("load_axis").text)
	return newRuleTree().walk(root, make([]pathStep, 0, maxJSONDepth), axis)
}

func (t *ruleTree) walk(n *jsonNode, path []pathStep, axis Axis) *violation {
	if t.rule != nil {
		if err := t.rule(n, axis); err != nil {
			return &violation{off: n.off, path: slices.Clone(path), err: err}
		}
	}
	for i, item := range n.items {
		step, subs := pathStep{index: i, item: true}, []*ruleTree{t.next["*"]}
		if n.kind == jsonObject {
			step, subs = pathStep{key: n.keys[i]}, []*ruleTree{t.next[n.keys[i]], t.next["*"]}
		}
		for _, sub := range subs {
			if sub == nil {
				continue
			}
			if v := sub.walk(item, append(path, step), axis); v != nil {
				return v
			}
		}
	}
	return nil
}
