package ingest

import (
	"cmp"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
)

// runGroup is one configuration among the run files of a configuration
// folder (groupRuns): its id and the paths of its files.
type runGroup struct {
	id    string
	files map[string]bool
}

// groupRuns says which configurations the run files files of the
// configuration folder root are, as read (in walk order). Their tool
// must be one, else the error names two files. The files fall into one
// configuration per model, per workload a file states (a dataset,
// requested lengths) and per serving setting it records (Level.Settings)
// wherever the files record more than one. Within each, files at one
// load are repeats only when their names differ by run tokens alone
// (nameKey); where two differ otherwise, each name is a configuration
// of its own, its levels the files of that name at every load. One
// group means the folder is one configuration; several are named by
// what differs (groupIDs).
func groupRuns(root string, files []runFile) ([]*runGroup, error) {
	for _, f := range files[min(1, len(files)):] {
		if err := files[0].sameTool(&f); err != nil {
			return nil, err
		}
	}
	recs := make([]recorded, len(files))
	for i, f := range files {
		recs[i] = recordedOf(f.cfg)
	}
	splits := splittingKeys(recs)
	var parts [][]int // files by their settings, in walk order
	index := map[string]int{}
	for i, r := range recs {
		k := r.key(splits)
		if _, ok := index[k]; !ok {
			index[k] = len(parts)
			parts = append(parts, nil)
		}
		parts[index[k]] = append(parts[index[k]], i)
	}
	var groups []fileGroup
	for _, p := range parts {
		groups = append(groups, splitByName(root, files, p)...)
	}
	return groupIDs(root, files, recs, splits, groups), nil
}

// fileGroup is a configuration's files (indexes into the files
// grouped) and whether it is one name among others at one load
// (byName).
type fileGroup struct {
	files  []int
	byName bool
	part   int // the files' settings, for naming
}

// splitByName splits files p, of one model, workload and settings, by
// name where two at one load differ by more than run tokens; else they
// are one group.
func splitByName(root string, files []runFile, p []int) []fileGroup {
	keys := make(map[int]string, len(p))
	for _, i := range p {
		keys[i] = nameKey(relRun(root, files[i].path))
	}
	atLoad := map[load]string{}
	split := false
	for _, i := range p {
		sweeps := files[i].sweepsInput()
		for _, l := range files[i].cfg.Levels {
			ld := load{l.Concurrency, l.Rate, 0}
			if sweeps {
				ld.input = inputLength(l)
			}
			if k, ok := atLoad[ld]; ok && k != keys[i] {
				split = true
			}
			atLoad[ld] = keys[i]
		}
	}
	part := p[0]
	if !split {
		return []fileGroup{{files: p, part: part}}
	}
	var out []fileGroup
	byKey := map[string]int{}
	for _, i := range p {
		g, ok := byKey[keys[i]]
		if !ok {
			g = len(out)
			byKey[keys[i]] = g
			out = append(out, fileGroup{byName: true, part: part})
		}
		out[g].files = append(out[g].files, i)
	}
	return out
}

// load is a level's load: its concurrency, or its request rate; and,
// for a tool that sweeps input length at one load (Format.InputSweeps),
// its input length: runs at one load and different input lengths are no
// rivals but the points of an input-length sweep (placeInputs).
type load struct {
	c     int
	rate  float64
	input int
}

// relRun is the path of the run file p below its configuration folder
// root, slash-separated.
func relRun(root, p string) string {
	rel, err := filepath.Rel(root, p)
	if err != nil {
		rel = filepath.Base(p)
	}
	return filepath.ToSlash(rel)
}

// groupIDs names the groups of files: by the model, the workload and
// the serving settings that tell their files apart (splits), then, for
// groups split by name, by the words of their names that the other
// names lack (pd_1p2d_c64.jsonl beside pd_1p4d_c64.jsonl: "1p2d"); a
// name without words of its own is named whole. Ids are unique (a
// repeated one takes "-2", "-3", …) and the groups sorted by them.
func groupIDs(root string, files []runFile, recs []recorded, splits []string, groups []fileGroup) []*runGroup {
	names := settingNames(recs, splits)
	reps := map[int][]string{} // a settings part's names, one per group split by name
	for _, g := range groups {
		if g.byName {
			reps[g.part] = append(reps[g.part], relRun(root, files[g.files[0]].path))
		}
	}
	common := map[int]map[string]bool{}
	for part, rels := range reps {
		common[part] = commonWords(rels)
	}
	out := make([]*runGroup, 0, len(groups))
	for _, g := range groups {
		first := g.files[0]
		var id []string
		for _, k := range splits {
			if v := names[k][recs[first].values[k]]; v != "" {
				id = append(id, v)
			}
		}
		rel := relRun(root, files[first].path)
		if g.byName {
			id = append(id, cmp.Or(distinctWords(rel, common[g.part]), distinctWords(rel, nil)))
		}
		rg := &runGroup{id: strings.Join(id, "-"), files: map[string]bool{}}
		if rg.id == "" {
			rg.id = cmp.Or(distinctWords(rel, nil), strings.TrimSuffix(filepath.Base(rel), filepath.Ext(rel)))
		}
		for _, i := range g.files {
			rg.files[files[i].path] = true
		}
		out = append(out, rg)
	}
	slices.SortStableFunc(out, func(a, b *runGroup) int { return cmp.Compare(a.id, b.id) })
	seen := map[string]int{}
	for _, g := range out {
		seen[g.id]++
		if n := seen[g.id]; n > 1 {
			g.id = fmt.Sprintf("%s-%d", g.id, n)
		}
	}
	return out
}

// servingSettings are the keys of a serving benchmark's result (vLLM,
// SGLang, their variants) that record how the run reached the server:
// the client's backend (vllm, sglang, openai-chat, trt), its endpoint
// type, and the label vLLM names a run's configuration by.
var servingSettings = []string{"backend", "endpoint_type", "label"}

// recordedSettings are the string values of keys that o records, by
// key; nil when it records none.
func recordedSettings(o obj, keys []string) map[string]string {
	var out map[string]string
	for _, k := range keys {
		if v := o.str(k); v != "" {
			if out == nil {
				out = map[string]string{}
			}
			out[k] = v
		}
	}
	return out
}

// recorded is what a run file records of the deployment and workload it
// measured, by key: "model", "workload" (Level.Workload) and its
// serving settings (Level.Settings); a key it does not record is
// absent.
type recorded struct{ values map[string]string }

// recordedOf is what the levels of c record: each key's first value.
func recordedOf(c Config) recorded {
	r := recorded{values: map[string]string{}}
	set := func(k, v string) {
		if _, ok := r.values[k]; !ok && v != "" {
			r.values[k] = v
		}
	}
	for _, l := range c.Levels {
		set("model", l.Model)
		set("workload", l.Workload)
		for _, k := range slices.Sorted(maps.Keys(l.Settings)) {
			set(k, l.Settings[k])
		}
	}
	return r
}

// key is the values r records of the keys splits, as one string.
func (r recorded) key(splits []string) string {
	var b strings.Builder
	for _, k := range splits {
		b.WriteString(r.values[k])
		b.WriteByte(0)
	}
	return b.String()
}

// splittingKeys are the keys whose recorded values differ between the
// files recs: "model" and "workload" first, then the settings in order.
// A file that does not record a key does not tell it apart, unless the
// others record several values (then it is one more, unknown).
func splittingKeys(recs []recorded) []string {
	values := map[string]map[string]bool{}
	for _, r := range recs {
		for k, v := range r.values {
			if values[k] == nil {
				values[k] = map[string]bool{}
			}
			values[k][v] = true
		}
	}
	var out []string
	for k, vs := range values {
		if len(vs) > 1 {
			out = append(out, k)
		}
	}
	order := func(k string) int {
		switch k {
		case "model":
			return 0
		case "workload":
			return 1
		}
		return 2
	}
	slices.SortFunc(out, func(a, b string) int { return cmp.Or(cmp.Compare(order(a), order(b)), cmp.Compare(a, b)) })
	return out
}

// settingNames is, for each key of splits, the part of an id each value
// gives: a model by its name without its organization or path
// (Qwen/Qwen3-8B: "Qwen3-8B"), whole where two models share that name;
// any other value as written, separators made "-". An unknown value
// gives none.
func settingNames(recs []recorded, splits []string) map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, k := range splits {
		byShort := map[string]map[string]bool{}
		out[k] = map[string]string{}
		for _, r := range recs {
			v, ok := r.values[k]
			if !ok {
				continue
			}
			name := idPart(v)
			if k == "model" {
				name = idPart(shortModel(v))
			}
			out[k][v] = name
			if byShort[name] == nil {
				byShort[name] = map[string]bool{}
			}
			byShort[name][v] = true
		}
		for v, name := range out[k] {
			if len(byShort[name]) > 1 {
				out[k][v] = idPart(v)
			}
		}
	}
	return out
}

// shortModel is a model's name without its organization or the path it
// was loaded from: "Qwen/Qwen3-8B" and "/data/models/Qwen3-8B/" give
// "Qwen3-8B".
func shortModel(m string) string {
	m = strings.TrimRight(m, "/")
	if i := strings.LastIndex(m, "/"); i >= 0 && i+1 < len(m) {
		return m[i+1:]
	}
	return m
}

// idPart is v as part of a configuration id: runs of spaces, slashes
// and other separators but '-', '_', '.' and '=' become one "-".
func idPart(v string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.TrimSpace(v) {
		keep := r == '-' || r == '_' || r == '.' || r == '=' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x80
		if !keep {
			dash = b.Len() > 0
			continue
		}
		if dash {
			b.WriteByte('-')
			dash = false
		}
		b.WriteRune(r)
	}
	return b.String()
}
