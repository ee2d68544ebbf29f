package report

import (
	"slices"
	"sort"

	"github.com/openzeka/reportgen/analyze"
)

// conclusionGroups are the headline findings the conclusion tells, in
// report order, but those in told (the summary's): one sentence each,
// save that what speculative decoding does at the lowest or highest
// common level is told once for every engine pair alike ("At low load
// (c=1) speculative decoding clearly pays off for vLLM and SGLang: …"),
// not as one templated sentence per engine.
func (v *view) conclusionGroups(told map[string]bool) []string {
	order := kindOrder()
	var fs []analyze.Finding
	for _, f := range v.R.Findings {
		if f.Headline() && f.Kind != analyze.TPSFastTail && f.Kind != analyze.AnomalyNote && !told[v.phrase(f)] {
			fs = append(fs, f)
		}
	}
	sort.SliceStable(fs, func(i, j int) bool { return order[fs[i].Kind] < order[fs[j].Kind] })
	var out []string
	for i := 0; i < len(fs); i++ {
		j := i + 1
		for j < len(fs) && groupable(fs[i], fs[j]) {
			j++
		}
		if j-i > 1 {
			out = append(out, v.phraseSpecGroup(fs[i:j]))
			i = j - 1
			continue
		}
		if s := v.phrase(fs[i]); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// groupable reports whether b is told in one sentence with a: the same
// speculative finding (faster at the lowest level, slower at the
// highest) at the same level on the same statistic, for another engine.
func groupable(a, b analyze.Finding) bool {
	if a.Kind != b.Kind || a.Stat != b.Stat || !slices.Equal(a.Levels, b.Levels) || a.Tie || b.Tie {
		return false
	}
	switch a.Kind {
	case analyze.SpecLowLoad:
		return a.Values["ratio"] > 1 && b.Values["ratio"] > 1
	case analyze.SpecHighLoad:
		return true
	}
	return false
}

// phraseSpecGroup words groupable speculative findings in one sentence:
// the level, the engines, and per pair how much faster (or slower) the
// speculative configuration is, with both values.
func (v *view) phraseSpecGroup(fs []analyze.Finding) string {
	l := v.loc
	// Per-user TPS at low load in whole tok/s, at high load, where it is
	// small, to a tenth (as the findings told one by one write it).
	msg, item, dec := "conclusion_spec_low", "conclusion_spec_low_item", 0
	if fs[0].Kind == analyze.SpecHighLoad {
		msg, item, dec = "conclusion_spec_high", "conclusion_spec_high_item", 1
	}
	var engines, items []string
	for _, f := range fs {
		val := f.Values
		engines = append(engines, v.engineOf(f.Configs[0]))
		items = append(items, l.T(item, "Spec", v.findingName(f, 0), "Direct", v.findingName(f, 1),
			"Gap", v.gap(val["ratio"]), "Diff", v.diffText(val["spec"], val["direct"], speedWords),
			"SpecTPS", l.Num(val["spec"], dec), "DirectTPS", l.Num(val["direct"], dec)))
	}
	return l.T(msg, "C", v.findingLevel(fs[0], 0), "Engines", l.List(engines), "Stat", v.StatWord(string(fs[0].Stat)), "Items", l.List(items))
}
