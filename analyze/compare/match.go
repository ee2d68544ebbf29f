package compare

import (
	"fmt"
	"slices"

	"github.com/openzeka/reportgen/analyze"
)

// configPair is a baseline configuration and the candidate's it is
// compared with.
type configPair struct {
	old, new analyze.Config
	// pairing is how: PairByID, PairByMatch or PairSingle.
	pairing string
}

// matchConfigs pairs the configurations: first the explicit pairs, then
// the others by id; without explicit pairs, two sides of one
// configuration each are paired whatever their ids (the only thing
// either side could be compared with). The result is in the baseline's
// order; what has no partner is listed as unmatched, the baseline's
// first, each side in its own order.
func matchConfigs(old, cand *analyze.Report, explicit []Pair) ([]configPair, []UnmatchedConfig, error) {
	if len(explicit) == 0 && len(old.Configs) == 1 && len(cand.Configs) == 1 && old.Configs[0].ID != cand.Configs[0].ID {
		return []configPair{{old: old.Configs[0], new: cand.Configs[0], pairing: PairSingle}}, []UnmatchedConfig{}, nil
	}
	toNew := map[string]string{}
	fromNew := map[string]string{}
	for _, p := range explicit {
		if _, ok := old.Config(p.Baseline); !ok {
			return nil, nil, &MatchError{fmt.Sprintf("--match %s=%s: the baseline has no configuration %q (it has %s)", p.Baseline, p.Candidate, p.Baseline, ids(old))}
		}
		if _, ok := cand.Config(p.Candidate); !ok {
			return nil, nil, &MatchError{fmt.Sprintf("--match %s=%s: the candidate has no configuration %q (it has %s)", p.Baseline, p.Candidate, p.Candidate, ids(cand))}
		}
		if prev, dup := toNew[p.Baseline]; dup {
			return nil, nil, &MatchError{fmt.Sprintf("--match %s=%s: the baseline's %q is already matched with %q", p.Baseline, p.Candidate, p.Baseline, prev)}
		}
		if prev, dup := fromNew[p.Candidate]; dup {
			return nil, nil, &MatchError{fmt.Sprintf("--match %s=%s: the candidate's %q is already matched with %q", p.Baseline, p.Candidate, p.Candidate, prev)}
		}
		toNew[p.Baseline], fromNew[p.Candidate] = p.Candidate, p.Baseline
	}
	for _, c := range old.Configs {
		if _, paired := toNew[c.ID]; paired {
			continue
		}
		if _, taken := fromNew[c.ID]; taken {
			continue // the candidate's config of this id is paired with another
		}
		if _, ok := cand.Config(c.ID); ok {
			toNew[c.ID], fromNew[c.ID] = c.ID, c.ID
		}
	}
	var pairs []configPair
	unmatched := []UnmatchedConfig{}
	for _, c := range old.Configs {
		id, ok := toNew[c.ID]
		if !ok {
			unmatched = append(unmatched, UnmatchedConfig{Side: SideBaseline, ID: c.ID})
			continue
		}
		n, _ := cand.Config(id)
		pairing := PairByID
		if _, named := explicitOf(explicit, c.ID); named {
			pairing = PairByMatch
		}
		pairs = append(pairs, configPair{old: c, new: n, pairing: pairing})
	}
	for _, c := range cand.Configs {
		if _, ok := fromNew[c.ID]; !ok {
			unmatched = append(unmatched, UnmatchedConfig{Side: SideCandidate, ID: c.ID})
		}
	}
	return pairs, unmatched, nil
}

// explicitOf is the candidate --match pairs baseline id with, if any.
func explicitOf(explicit []Pair, id string) (string, bool) {
	for _, p := range explicit {
		if p.Baseline == id {
			return p.Candidate, true
		}
	}
	return "", false
}

// ids lists a report's configuration ids for a message.
func ids(r *analyze.Report) string {
	s := ""
	for i, c := range r.Configs {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%q", c.ID)
	}
	if s == "" {
		return "none"
	}
	return s
}

// levelPair is one load both sides measured and reached.
type levelPair struct {
	old, new analyze.Level
}

// matchLevels pairs two configurations' levels by load. Levels measured
// on one side only, and those whose load was not reached on either
// side, are not compared: they are returned as unmatched, by load. On
// different load axes no level is compared.
func (k *comparer) matchLevels(id string, old, cand analyze.Config) ([]levelPair, []UnmatchedLevel) {
	var loads []analyze.Load
	for _, l := range old.Levels {
		loads = append(loads, l.Load)
	}
	for _, l := range cand.Levels {
		if !slices.Contains(loads, l.Load) {
			loads = append(loads, l.Load)
		}
	}
	slices.Sort(loads)
	var pairs []levelPair
	var out []UnmatchedLevel
	if k.c.Old.Axis != k.c.New.Axis {
		// A concurrency and a rate are not one load: each side's levels
		// are its own.
		for _, l := range old.Levels {
			out = append(out, UnmatchedLevel{Config: id, Load: l.Load, Side: SideBaseline, Reason: "axis_differs"})
		}
		for _, l := range cand.Levels {
			out = append(out, UnmatchedLevel{Config: id, Load: l.Load, Side: SideCandidate, Reason: "axis_differs"})
		}
		return nil, out
	}
	for _, x := range loads {
		lo, inOld := old.Level(x)
		ln, inNew := cand.Level(x)
		u := UnmatchedLevel{Config: id, Load: x}
		switch {
		case !inOld || !inNew:
			u.Side, u.Reason = oneOf(inOld, inNew), "one_side"
		case !lo.LoadReached || !ln.LoadReached:
			u.Side, u.Reason = oneOf(!lo.LoadReached, !ln.LoadReached), "load_not_reached"
		default:
			pairs = append(pairs, levelPair{lo, ln})
			continue
		}
		out = append(out, u)
	}
	return pairs, out
}

// oneOf names the side a condition holds on: baseline, candidate, both.
func oneOf(onOld, onNew bool) string {
	switch {
	case onOld && onNew:
		return SideBoth
	case onOld:
		return SideBaseline
	}
	return SideCandidate
}
