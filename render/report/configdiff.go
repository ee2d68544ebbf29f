package report

import (
	"encoding/json"
	"io"
	"slices"
	"strings"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render"
)

// ConfigDiff is the side-by-side table of the server options that
// differ between configurations: one row per option that bears on
// serving speed (not its address, names, logging or output parsing:
// analyze.Housekeeping) whose value is not the same in every config (absent, "–", counts as a value), one column
// per config, options in the order the commands first give them. A
// switch given without a value reads ✓. A limit (admission, CUDA graph,
// token or memory) is named as such under its option. Nil when fewer
// than two configs have a deployment command or none of their options
// differ.
func (v *view) ConfigDiff() *render.Table {
	var withFlags []analyze.Config
	for _, c := range v.R.Configs {
		if len(c.Flags) > 0 {
			withFlags = append(withFlags, c)
		}
	}
	if len(withFlags) < 2 {
		return nil
	}
	order, spellings := settings(withFlags)
	t := render.Table{Head: []string{v.loc.T("col_option")}, Align: "l"}
	for _, c := range v.R.Configs {
		t.Head = append(t.Head, v.Name(c.ID))
		t.Align += "l"
	}
	for _, setting := range order {
		if analyze.Housekeeping(setting) {
			continue
		}
		var heads []string
		for _, s := range spellings[setting] {
			heads = append(heads, tableCode(s))
		}
		head := strings.Join(heads, " / ")
		if keys, objs, ok := jsonSetting(v.R.Configs, setting); ok {
			// A JSON object: one row per key whose value differs.
			for _, k := range keys {
				values := jsonValues(v.R.Configs, objs, k)
				if differ(values, v.R.Configs) {
					t.Rows = append(t.Rows, append([]string{head + " " + tableCode(k)}, values...))
				}
			}
			continue
		}
		values, kind := settingValues(v.R.Configs, setting)
		if !differ(values, v.R.Configs) {
			continue
		}
		if kind != analyze.NoCap {
			head += " " + v.loc.T("cap_mark", "Kind", v.loc.T(capKindIDs[kind]))
		}
		t.Rows = append(t.Rows, append([]string{head}, values...))
	}
	if len(t.Rows) == 0 {
		return nil
	}
	return &t
}

// differ reports whether the values of the configs that have a
// deployment command are not all the same.
func differ(values []string, cfgs []analyze.Config) bool {
	first := ""
	seen := false
	for i, c := range cfgs {
		if len(c.Flags) == 0 {
			continue
		}
		if !seen {
			first, seen = values[i], true
		} else if values[i] != first {
			return true
		}
	}
	return false
}

// capKindIDs name the kinds of deployment limits.
var capKindIDs = map[analyze.CapKind]string{
	analyze.AdmissionCap: "cap_admission",
	analyze.GraphCap:     "cap_graph",
	analyze.TokenCap:     "cap_token",
	analyze.MemoryCap:    "cap_memory",
}

// tableCode is s as a code span inside a table cell: a pipe in it
// would end the cell.
func tableCode(s string) string {
	return strings.ReplaceAll(render.Code(s), "|", `\|`)
}

// jsonSetting reads setting as a JSON object in every config that gives
// it (--speculative-config '{"model": …}'): the keys in the order the
// configs first give them, and each config's object (nil without the
// setting). ok is false unless every value given is an object.
func jsonSetting(configs []analyze.Config, setting string) (keys []string, objs []map[string]json.RawMessage, ok bool) {
	objs = make([]map[string]json.RawMessage, len(configs))
	for i, c := range configs {
		for _, f := range c.Flags {
			if f.Setting() != setting {
				continue
			}
			order, obj, isObj := jsonObject(f.Value)
			if !isObj {
				return nil, nil, false
			}
			objs[i] = obj
			for _, k := range order {
				if !slices.Contains(keys, k) {
					keys = append(keys, k)
				}
			}
			ok = true
		}
	}
	return keys, objs, ok
}

// jsonObject reads s as one JSON object: its top-level keys in the order
// written (a map forgets it) and their values; ok is false for anything
// else.
func jsonObject(s string) (keys []string, obj map[string]json.RawMessage, ok bool) {
	dec := json.NewDecoder(strings.NewReader(s))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, nil, false
	}
	obj = map[string]json.RawMessage{}
	for dec.More() {
		t, err := dec.Token()
		k, isKey := t.(string)
		var v json.RawMessage
		if err != nil || !isKey || dec.Decode(&v) != nil {
			return nil, nil, false
		}
		if _, seen := obj[k]; !seen {
			keys = append(keys, k)
		}
		obj[k] = v
	}
	if t, err := dec.Token(); err != nil || t != json.Delim('}') || dec.More() {
		return nil, nil, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, nil, false // something after the object
	}
	return keys, obj, true
}

// jsonValues are each config's value of key k in its object as the
// table shows it: a string unquoted, anything else as JSON, "–" where
// the config gives no such key.
func jsonValues(configs []analyze.Config, objs []map[string]json.RawMessage, k string) []string {
	values := make([]string, len(configs))
	for i := range configs {
		values[i] = "–"
		raw, ok := objs[i][k]
		if !ok {
			continue
		}
		var str string
		if json.Unmarshal(raw, &str) == nil {
			values[i] = tableCode(str)
		} else {
			values[i] = tableCode(string(raw))
		}
	}
	return values
}

// settings are the settings the configs' commands give, in the order
// they first give them, and each setting's spellings: rows are
// settings, so one engine's --tp-size and another's
// --tensor-parallel-size share a row, labelled with both spellings.
func settings(configs []analyze.Config) (order []string, spellings map[string][]string) {
	spellings = map[string][]string{}
	for _, c := range configs {
		for _, f := range c.Flags {
			s := f.Setting()
			if !slices.Contains(order, s) {
				order = append(order, s)
			}
			if !slices.Contains(spellings[s], f.Flag) {
				spellings[s] = append(spellings[s], f.Flag)
			}
		}
	}
	return order, spellings
}

// settingValues are each config's value of setting as the table shows
// it ("–" absent, ✓ a switch without a value, else the value as code),
// and the strongest kind of limit the setting is.
func settingValues(configs []analyze.Config, setting string) ([]string, analyze.CapKind) {
	values := make([]string, len(configs))
	var kind analyze.CapKind
	for i, c := range configs {
		values[i] = "–"
		for _, f := range c.Flags {
			if f.Setting() != setting {
				continue
			}
			kind = max(kind, f.KindOf())
			values[i] = "✓"
			if f.Value != "" {
				values[i] = tableCode(f.Value)
			}
		}
	}
	return values, kind
}
