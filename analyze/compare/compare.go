package compare

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/openzeka/reportgen/analyze"
)

// Options control New.
type Options struct {
	// ThresholdPct is the threshold a difference must reach to count
	// (Comparison.ThresholdPct); 0 is a value: every difference counts.
	ThresholdPct float64
	// Match pairs baseline configurations with candidate ones of other
	// ids; the configurations it does not name are matched by id.
	Match []Pair
	// BaselineSource and CandidateSource are the paths the sides were
	// read from (Side.Source).
	BaselineSource, CandidateSource string
}

// Pair names a baseline configuration and the candidate configuration it
// is compared with (--match BASELINE=CANDIDATE).
type Pair struct {
	Baseline, Candidate string
}

// MatchError is a pairing that cannot be made: a --match naming a
// configuration a side does not have, or one configuration twice.
type MatchError struct{ msg string }

func (e *MatchError) Error() string { return e.msg }

// New compares the candidate's analysis with the baseline's.
func New(old, cand *analyze.Report, opt Options) (*Comparison, error) {
	if !(opt.ThresholdPct >= 0) || math.IsInf(opt.ThresholdPct, 1) {
		return nil, fmt.Errorf("threshold %g%%: expected a percent of 0 or more", opt.ThresholdPct)
	}
	pairs, unmatched, err := matchConfigs(old, cand, opt.Match)
	if err != nil {
		return nil, err
	}
	c := &Comparison{
		SchemaVersion: SchemaVersion,
		ThresholdPct:  opt.ThresholdPct,
		Alpha:         Alpha,
		Percentile:    old.Params.Percentile,
		Axis:          old.Axis,
		Target:        math.NaN(),
		Baseline:      side(old, opt.BaselineSource),
		Candidate:     side(cand, opt.CandidateSource),
		Differences:   campaignDifferences(old, cand),
		Refused:       []Refusal{},
		Configs:       []Config{},
		Unmatched:     Unmatched{Configs: unmatched, Levels: []UnmatchedLevel{}},
		Old:           old,
		New:           cand,
	}
	if t, u := old.Pareto.Target, cand.Pareto.Target; analyze.Known(t) && t == u {
		c.Target = t
	}
	k := &comparer{c: c, tie: analyze.Params{TiePct: opt.ThresholdPct}}
	k.campaignRefusals()
	for _, p := range pairs {
		c.Configs = append(c.Configs, k.config(p.old, p.new, p.pairing))
	}
	for i, u := range c.Unmatched.Configs {
		r := old
		if u.Side == SideCandidate {
			r = cand
		}
		cf, _ := r.Config(u.ID)
		c.Unmatched.Configs[i] = oneSided(u, cf, c.Percentile)
	}
	c.OneRunPerSide = oneRun(pairs)
	c.Verdict = overall(c.Configs)
	return c, nil
}

// oneRun reports whether every level of both sides was measured in one
// run.
func oneRun(pairs []configPair) bool {
	for _, p := range pairs {
		for _, cf := range []analyze.Config{p.old, p.new} {
			for _, l := range cf.Levels {
				if l.Runs > 1 {
					return false
				}
			}
		}
	}
	return true
}

// oneSided is a configuration of one side only with its own numbers:
// its capacity at the headline statistic pct and its headline numbers
// at each level it reached.
func oneSided(u UnmatchedConfig, cf analyze.Config, pct analyze.Percentile) UnmatchedConfig {
	u.Name, u.Tool, u.Capacity, u.Levels = cf.Name, cf.Tool, cf.Capacity.Get(pct), []OwnLevel{}
	for _, l := range cf.Levels {
		if !l.LoadReached {
			continue
		}
		o := OwnLevel{Load: l.Load, SystemRPS: l.SystemRPS}
		o.TTFT, o.TTFTStat = shown(l.TTFT, pct, true)
		o.TPS, o.TPSStat = shown(l.TPS, analyze.Mean, false)
		u.Levels = append(u.Levels, o)
	}
	return u
}

// shown is statistic st of s, or the one that stands in for it (as a
// table shows it), and which it is.
func shown(s analyze.Stat, st analyze.Statistic, lowerIsBetter bool) (float64, analyze.Statistic) {
	x, used := s.Shown(st, lowerIsBetter)
	if used == "" {
		used = st
	}
	return x, used
}

// comparer holds what every configuration's comparison shares.
type comparer struct {
	c *Comparison
	// tie is the threshold as the report's tie rule.
	tie analyze.Params
	// refused are the metrics refused for every configuration.
	refused map[string]bool
}

// side describes one report as a side of the comparison.
func side(r *analyze.Report, src string) Side {
	s := Side{
		Name:         r.Name,
		Source:       src,
		Title:        r.Meta.Title,
		Description:  r.Meta.Subtitle,
		Notes:        r.Meta.Notes,
		Date:         r.Meta.Date,
		Model:        r.Meta.Model.Key(),
		Tools:        []string{},
		InputTokens:  r.Params.InputTokens,
		OutputTokens: r.Params.OutputTokens,
		Axis:         r.Axis,
		Params:       r.Params,
	}
	for _, cfg := range r.Configs {
		if cfg.Tool != "" && !slices.Contains(s.Tools, cfg.Tool) {
			s.Tools = append(s.Tools, cfg.Tool)
		}
	}
	slices.Sort(s.Tools)
	return s
}

// num writes a setting for a Difference: "" when unknown.
func num(x float64) string {
	if !analyze.Known(x) {
		return ""
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

func count(n int) string {
	if n <= 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// campaignDifferences lists the settings and workload properties of the
// campaigns that differ.
func campaignDifferences(old, cand *analyze.Report) []Difference {
	po, pn := old.Params, cand.Params
	all := []Difference{
		{Key: "model", Old: old.Meta.Model.Key(), New: cand.Meta.Model.Key()},
		{Key: "input_tokens", Old: count(po.InputTokens), New: count(pn.InputTokens)},
		{Key: "output_tokens", Old: count(po.OutputTokens), New: count(pn.OutputTokens)},
		{Key: "load_axis", Old: string(old.Axis), New: string(cand.Axis)},
		{Key: "slo_ttft_ms", Old: num(po.SLOTTFTms), New: num(pn.SLOTTFTms)},
		{Key: "slo_tps", Old: num(po.SLOTPS), New: num(pn.SLOTPS)},
		{Key: "think_s", Old: num(po.ThinkS), New: num(pn.ThinkS)},
		{Key: "percentile", Old: string(po.Percentile), New: string(pn.Percentile)},
		{Key: "interactivity_target", Old: num(old.Pareto.Target), New: num(cand.Pareto.Target)},
	}
	out := []Difference{}
	for _, d := range all {
		if d.Old != d.New {
			out = append(out, d)
		}
	}
	return out
}

// campaignRefusals refuses, for every configuration, what the two
// campaigns' settings make incomparable: SLO verdicts and capacities
// checked against different thresholds, users by Little's law under
// different think times, capacities on different load axes or on an
// axis without them (input lengths), throughput per GPU at different
// target interactivities.
func (k *comparer) campaignRefusals() {
	c := k.c
	k.refused = map[string]bool{}
	po, pn := c.Old.Params, c.New.Params
	refuse := func(metric, reason, o, n string) {
		k.refused[metric] = true
		c.Refused = append(c.Refused, Refusal{Metric: metric, Reason: reason, Old: o, New: n})
	}
	switch {
	case c.Old.Axis != c.New.Axis:
		for _, m := range []Metric{CapacityLoad, CapacityUsers} {
			refuse(string(m), "axis_differs", string(c.Old.Axis), string(c.New.Axis))
		}
	case !c.Old.Axis.SweepsLoad():
		// Levels that are no loads (input lengths at one load): no
		// capacity, and no throughput per GPU at a target, was computed.
		for _, m := range []Metric{CapacityLoad, CapacityUsers, TPSPerGPU} {
			refuse(string(m), "axis_no_capacity", string(c.Old.Axis), string(c.New.Axis))
		}
	}
	if po.SLOTTFTms != pn.SLOTTFTms || po.SLOTPS != pn.SLOTPS {
		o := fmt.Sprintf("ttft_ms<=%s tps>=%s", num(po.SLOTTFTms), num(po.SLOTPS))
		n := fmt.Sprintf("ttft_ms<=%s tps>=%s", num(pn.SLOTTFTms), num(pn.SLOTPS))
		for _, m := range []string{MetricSLO, string(CapacityLoad), string(CapacityUsers)} {
			if !k.refused[m] {
				refuse(m, "slo_differs", o, n)
			}
		}
	}
	if po.ThinkS != pn.ThinkS && !k.refused[string(CapacityUsers)] {
		refuse(string(CapacityUsers), "think_differs", num(po.ThinkS), num(pn.ThinkS))
	}
	if t, u := c.Old.Pareto.Target, c.New.Pareto.Target; (analyze.Known(t) || analyze.Known(u)) && !analyze.Known(c.Target) {
		refuse(string(TPSPerGPU), "target_differs", num(t), num(u))
	}
}

// tokensDiffer reports whether the sides state different output
// lengths: then a throughput is no longer the per-user TPS times the
// concurrency.
func (k *comparer) tokensDiffer() bool {
	for _, d := range k.c.Differences {
		if d.Key == "output_tokens" {
			return true
		}
	}
	return false
}

// MetricSLO names the SLO verdicts in a Refusal.
const MetricSLO = "slo"

// overall is the comparison's verdict from its configurations': mixed
// when any is mixed or some are better and others worse; else better
// when any is better, worse when any is worse; else no change when any
// is unchanged; else (none, or none comparable) unknown.
func overall(cfgs []Config) Verdict {
	seen := map[Verdict]bool{}
	for _, c := range cfgs {
		seen[c.Verdict] = true
	}
	switch {
	case seen[Mixed] || seen[Better] && seen[Worse]:
		return Mixed
	case seen[Better]:
		return Better
	case seen[Worse]:
		return Worse
	case seen[NoChange]:
		return NoChange
	}
	return Incomparable
}

// Evidence is one confirmed headline change of a configuration: a delta
// (confirmed by its own test or, for a capacity, by the level that
// bounds it) or a trend across levels; exactly one of Delta and Trend is
// set.
type Evidence struct {
	Config string
	Delta  *Delta
	Trend  *Trend
}

// Confirmed lists every confirmed headline change of the kind ch
// (Improved or Regressed), whatever the verdicts, in the order of the
// configurations: each trend across levels that holds, then each delta
// confirmed by its own test or its bounding level, one per measurement
// (per-user TPS and system throughput at a level are one; a delta that
// only its trend confirmed is that trend). What --fail-on regression
// (Regressed) and --fail-on change (both) fail on.
func (c *Comparison) Confirmed(ch Change) []Evidence {
	var out []Evidence
	for _, cfg := range c.Configs {
		var ts []Trend
		for _, t := range cfg.AcrossLevels {
			if t.Headline && t.Change == ch {
				ts = append(ts, t)
			}
		}
		for _, t := range oneTrendPerMeasure(ts) {
			out = append(out, Evidence{Config: cfg.ID, Trend: &t})
		}
		var ds []Delta
		for _, d := range cfg.Deltas {
			if d.Headline && d.Change == ch && d.ConfirmedBy != ConfirmedByLevels {
				ds = append(ds, d)
			}
		}
		for _, d := range onePerMeasure(ds) {
			out = append(out, Evidence{Config: cfg.ID, Delta: &d})
		}
	}
	return out
}
