package ingest

import (
	"bytes"
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// tomlKeys maps each key set in a TOML document to where it is set, so
// that a value the decoder accepted but reportgen refuses can be named by
// line and column. A key is its dotted path, with an array-of-tables
// entry's index as its own element: "slo.tps", "configs.2.path",
// "model.card.0.key".
type tomlKeys map[string]Pos

var (
	tomlHeader = regexp.MustCompile(`^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?`)
	tomlKey    = regexp.MustCompile(`^\s*((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=`)
	inlineKey  = regexp.MustCompile(`[{,]\s*([A-Za-z0-9_-]+|"[^"]*")\s*=`)
)

// scanTOMLKeys finds the keys of data. It understands what a report.toml
// holds (tables, arrays of tables, dotted keys, one level of inline
// tables, multi-line strings); a key it cannot place is simply absent,
// and the message then names the file alone.
func scanTOMLKeys(file string, data []byte) tomlKeys {
	keys := tomlKeys{}
	var table []string
	arrays := map[string]int{}
	inString := "" // the delimiter of an open multi-line string
	for i, line := range strings.Split(string(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))), "\n") {
		if inString != "" {
			if strings.Contains(line, inString) {
				inString = ""
			}
			continue
		}
		if m := tomlHeader.FindStringSubmatch(line); m != nil && !strings.Contains(line[:strings.Index(line, "[")], "=") {
			path := splitKey(m[2])
			if m[1] == "[[" {
				name := strings.Join(path, ".")
				path = append(path, strconv.Itoa(arrays[name]))
				arrays[name]++
			}
			table = path
			keys[strings.Join(path, ".")] = Pos{File: file, Line: i + 1, Col: strings.Index(line, "[") + 1}
			continue
		}
		m := tomlKey.FindStringSubmatchIndex(line)
		if m == nil {
			continue
		}
		key := append(append([]string(nil), table...), splitKey(line[m[2]:m[3]])...)
		keys[strings.Join(key, ".")] = Pos{File: file, Line: i + 1, Col: m[2] + 1}
		rest := line[m[1]:]
		for _, delim := range []string{`"""`, `'''`} {
			if strings.Count(rest, delim) == 1 {
				inString = delim
			}
		}
		if j := strings.Index(rest, "{"); j >= 0 && strings.TrimSpace(rest[:j]) == "" {
			off := m[1] + j
			for _, k := range inlineKey.FindAllStringSubmatchIndex(line[off:], -1) {
				sub := append(append([]string(nil), key...), strings.Trim(line[off+k[2]:off+k[3]], `"`))
				keys[strings.Join(sub, ".")] = Pos{File: file, Line: i + 1, Col: off + k[2] + 1}
			}
		}
	}
	return keys
}

// splitKey splits a dotted TOML key into its parts, unquoted.
func splitKey(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ".") {
		out = append(out, strings.Trim(strings.TrimSpace(p), `"'`))
	}
	return out
}

// byPath groups the positions by key path without array indices
// ("configs.0.colour" and "configs.1.colour" under "configs.colour"), in
// document order.
func (k tomlKeys) byPath() map[string][]Pos {
	out := map[string][]Pos{}
	for key, p := range k {
		var parts []string
		for _, s := range strings.Split(key, ".") {
			if _, err := strconv.Atoi(s); err != nil {
				parts = append(parts, s)
			}
		}
		path := strings.Join(parts, ".")
		out[path] = append(out[path], p)
	}
	for _, ps := range out {
		slices.SortFunc(ps, func(a, b Pos) int { return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col)) })
	}
	return out
}

// at is where key is set, or the file alone when it was not found.
func (k tomlKeys) at(file string, key ...string) Pos {
	if p, ok := k[strings.Join(key, ".")]; ok {
		return p
	}
	return Pos{File: file}
}
