package compare

import (
	"github.com/openzeka/reportgen/analyze"
)

// config compares one matched configuration, paired as pairing says.
func (k *comparer) config(old, cand analyze.Config, pairing string) Config {
	c := Config{
		ID:          old.ID,
		CandidateID: cand.ID,
		Pairing:     pairing,
		Old:         configSide(old),
		New:         configSide(cand),
		DecidedBy:   []Delta{},
		Levels:      []analyze.Load{},
		Deltas:      []Delta{},
		SLO:         []SLOChange{},
	}
	k.c.Differences = append(k.c.Differences, configDifferences(old, cand)...)
	refused := k.configRefusals(old, cand)
	pairs, unmatched := k.matchLevels(old.ID, old, cand)
	k.c.Unmatched.Levels = append(k.c.Unmatched.Levels, unmatched...)
	c.Deltas = append(c.Deltas, k.capacity(old, cand, refused)...)
	c.Deltas = append(c.Deltas, k.perGPU(old, cand, refused)...)
	for _, p := range pairs {
		c.Levels = append(c.Levels, p.old.Load)
		c.Deltas = append(c.Deltas, k.level(p, refused)...)
		if !refused[MetricSLO] {
			c.SLO = append(c.SLO, sloChanges(p)...)
		}
	}
	c.AcrossLevels = k.trends(c.Deltas)
	confirmByLevels(&c)
	if k.c.Axis == analyze.AxisConcurrency && !k.tokensDiffer() {
		confirmBySameMeasure(&c)
	}
	confirmCapacities(&c, old, cand)
	k.verdict(&c)
	return c
}

func configSide(c analyze.Config) ConfigSide {
	return ConfigSide{ID: c.ID, Name: c.Name, Tool: c.Tool, Format: c.Format, Source: c.Source, Definitions: c.Definitions, GPUs: c.GPUs}
}

// configDifferences lists what differs between the two sides of one
// configuration: the tool that measured it, its metric definitions,
// its GPU count.
func configDifferences(old, cand analyze.Config) []Difference {
	var out []Difference
	add := func(key, o, n string) {
		if o != n {
			out = append(out, Difference{Key: key, Config: old.ID, Old: o, New: n})
		}
	}
	add("tool", old.Tool, cand.Tool)
	for _, m := range []string{"itl", "tps", "rps"} {
		add("definitions."+m, old.Definitions.Of(m), cand.Definitions.Of(m))
	}
	add("gpus", count(int(old.GPUs)), count(int(cand.GPUs)))
	return out
}

// configRefusals are the metrics not compared for one configuration: the
// campaign's refusals, and what its two sides define differently. ITL
// measured per request (TPOT) is not the gap between chunks; TPS over
// the whole request (TTFT included) is not the decode rate, and the TPS
// SLO, the capacities it decides and throughput at a target
// interactivity (read on TPS) fall with it. Throughput per GPU needs
// both GPU counts. A definition a source does not state is not taken
// for a difference.
func (k *comparer) configRefusals(old, cand analyze.Config) map[string]bool {
	out := map[string]bool{}
	for m := range k.refused {
		out[m] = true
	}
	refuse := func(metric, reason, o, n string) {
		if out[metric] {
			return
		}
		out[metric] = true
		k.c.Refused = append(k.c.Refused, Refusal{Config: old.ID, Metric: metric, Reason: reason, Old: o, New: n})
	}
	do, dn := old.Definitions, cand.Definitions
	if do.ITL != "" && dn.ITL != "" && do.ITL != dn.ITL {
		refuse(string(analyze.ITL), "definition_differs", do.ITL, dn.ITL)
	}
	if do.TPS != "" && dn.TPS != "" && do.TPS != dn.TPS {
		refuse(string(analyze.TPS), "definition_differs", do.TPS, dn.TPS)
		refuse(string(TPSPerGPU), "definition_differs", do.TPS, dn.TPS)
		if k.c.Old.Params.SLOTPS > 0 || k.c.New.Params.SLOTPS > 0 {
			for _, m := range []string{MetricSLO, string(CapacityLoad), string(CapacityUsers)} {
				refuse(m, "definition_differs", do.TPS, dn.TPS)
			}
		}
	}
	if analyze.Known(k.c.Target) && (!old.GPUs.Known() || !cand.GPUs.Known()) {
		refuse(string(TPSPerGPU), "gpus_unknown", count(int(old.GPUs)), count(int(cand.GPUs)))
	}
	return out
}

// sloChanges are a level's SLO verdicts on both sides, at each SLO
// statistic.
func sloChanges(p levelPair) []SLOChange {
	var out []SLOChange
	for _, pct := range analyze.Percentiles {
		o, n := p.old.SLO.Get(pct), p.new.SLO.Get(pct)
		s := SLOChange{Load: p.old.Load, Stat: pct, Old: o, New: n}
		switch {
		case o.Unchecked() || n.Unchecked():
			s.Change = Unknown
		case o.Pass() == n.Pass():
			s.Change = Unchanged
		case n.Pass():
			s.Change = Improved
		default:
			s.Change = Regressed
		}
		out = append(out, s)
	}
	return out
}
