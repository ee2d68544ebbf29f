package analyze

import (
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/openzeka/reportgen/ingest"
)

// checkConsistency holds the document root (which follows the schema)
// to what build guarantees across its values: at most
// ingest.MaxConfigs configurations of at most ingest.MaxLevels levels,
// each id once, display names of at most MaxNameLength characters that
// no two configurations share, each config's levels and the report's in
// increasing order, each once, and the report's levels the union of the
// configs'.
func checkConsistency(root *jsonNode) *violation {
	configs := root.get("configs")
	if v := atMost(configs, []pathStep{{key: "configs"}}, ingest.MaxConfigs, "configurations"); v != nil {
		return v
	}
	if v := distinctConfigs(configs); v != nil {
		return v
	}
	levels := root.get("levels")
	top := func(i int) []pathStep { return []pathStep{{key: "levels"}, {index: i, item: true}} }
	if v := atMost(levels, top(0)[:1], ingest.MaxLevels, "load levels"); v != nil {
		return v
	}
	if v := increasing(levels.items, top); v != nil {
		return v
	}
	report := map[float64]bool{}
	for _, l := range levels.items {
		x, _ := value(l)
		report[x] = true
	}
	measured := map[float64]bool{}
	for i, c := range configs.items {
		if v := configLevels(c, i, report, measured); v != nil {
			return v
		}
	}
	for i, l := range levels.items {
		if x, _ := value(l); !measured[x] {
			return violationf(l, top(i), "no configuration has the level %s; expected the levels of the configurations", loadText(l))
		}
	}
	return nil
}

// configLevels checks the levels of config c (configs[i]): at most
// ingest.MaxLevels, in increasing order, each once and among the
// report's; and adds their loads to measured.
func configLevels(c *jsonNode, i int, report, measured map[float64]bool) *violation {
	levels := c.get("levels")
	base := []pathStep{{key: "configs"}, {index: i, item: true}, {key: "levels"}}
	if v := atMost(levels, base, ingest.MaxLevels, "load levels"); v != nil {
		return v
	}
	loads := make([]*jsonNode, len(levels.items))
	for j, l := range levels.items {
		loads[j] = l.get("load")
	}
	at := func(j int) []pathStep {
		return append(slices.Clone(base), pathStep{index: j, item: true}, pathStep{key: "load"})
	}
	if v := increasing(loads, at); v != nil {
		return v
	}
	for j, l := range loads {
		x, _ := value(l)
		if !report[x] {
			return violationf(l, at(j), "%s is not among the report's levels; expected each level of a configuration in levels", loadText(l))
		}
		measured[x] = true
	}
	return nil
}

// atMost refuses a list n (at path) of more than limit items, at the
// first one too many.
func atMost(n *jsonNode, path []pathStep, limit int, what string) *violation {
	if len(n.items) <= limit {
		return nil
	}
	return violationf(n.items[limit], append(slices.Clone(path), pathStep{index: limit, item: true}),
		"%d %s; expected at most %d per report", len(n.items), what, limit)
}

// increasing refuses loads (numbers or "inf", at(i) the path of the
// i-th) that are not in increasing order, each once: at the first out
// of order.
func increasing(loads []*jsonNode, at func(int) []pathStep) *violation {
	for j := 1; j < len(loads); j++ {
		a, _ := value(loads[j-1])
		b, _ := value(loads[j])
		if !(b > a) {
			return violationf(loads[j], at(j), "%s after %s; expected the levels in increasing order, each once", loadText(loads[j]), loadText(loads[j-1]))
		}
	}
	return nil
}

// loadText writes a load as analysis.json does: 4, "inf".
func loadText(n *jsonNode) string {
	if x, _ := value(n); math.IsInf(x, 1) {
		return `"inf"`
	}
	return n.text
}

// distinctConfigs refuses two configs with one id, a display name past
// MaxNameLength, and two configs of one display name in a language
// (ignoring case and surrounding space), as build does.
func distinctConfigs(configs *jsonNode) *violation {
	ids := map[string]int{}
	names := map[string]int{}
	for i, c := range configs.items {
		at := func(key string) []pathStep { return []pathStep{{key: "configs"}, {index: i, item: true}, {key: key}} }
		id := c.get("id")
		if j, dup := ids[id.text]; dup {
			return violationf(id, at("id"), "%q is also the id of configs[%d]; expected each configuration once", id.text, j)
		}
		ids[id.text] = i
		name := c.get("name")
		text := textOf(name)
		for _, s := range text {
			if k := utf8.RuneCountInString(s); k > MaxNameLength {
				return violationf(name, at("name"), "%d characters; expected at most %d (it labels charts and table columns)", k, MaxNameLength)
			}
		}
		for _, lang := range append([]string{""}, ingest.TextLanguages...) {
			key := lang + "\x00" + strings.ToLower(strings.TrimSpace(text.In(lang)))
			if j, dup := names[key]; dup {
				return violationf(name, at("name"), "%q is also the name of configs[%d]; expected each configuration its own name", text.In(lang), j)
			}
			names[key] = i
		}
	}
	return nil
}

// textOf is a text as Text reads it: a string for every language, or an
// object of languages.
func textOf(n *jsonNode) Text {
	if n.kind == jsonString {
		return Text{"": n.text}
	}
	t := Text{}
	for i, k := range n.keys {
		t[k] = n.items[i].text
	}
	return t
}
