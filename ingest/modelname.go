package ingest

import (
	"regexp"
	"slices"
	"strings"
)

// modelFamilies are the model families a name can be told to name by a
// word of it: the family's name, alone or with its version (qwen3,
// llama33, deepseekv3, gpt4o).
var modelFamilies = []string{
	"baichuan", "bloom", "chatglm", "codellama", "dbrx", "deepseek", "ernie", "exaone", "falcon",
	"gemma", "glm", "gpt", "granite", "grok", "hunyuan", "internlm", "jamba", "kimi", "llama",
	"minimax", "ministral", "mistral", "mixtral", "nemotron", "olmo", "opt", "phi", "pythia",
	"qwen", "qwq", "smollm", "stablelm", "starcoder", "tinyllama", "vicuna",
}

// familyVersion is what may follow a family's name in one word: a
// version (3, 2.5, v3, 4o).
var familyVersion = regexp.MustCompile(`^v?(?:\d[\d.]*[a-z]?)?$`)

// modelSize matches a word that gives a model's parameter count: 8b,
// 1.5b, 125m, 8x7b.
var modelSize = regexp.MustCompile(`^(?:\d+x)?\d+(?:\.\d+)?[bm]$`)

// modelWords are the words of a name, lower-cased: split at anything but
// letters and digits, a dot between digits (3.1, 1.5b) kept (isNameSep).
func modelWords(s string) []string {
	s = strings.ToLower(s)
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || isNameSep(s, i) {
			if i > start {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
	}
	return out
}

// modelTraits are the families and sizes the name s names.
func modelTraits(s string) (families, sizes []string) {
	for _, w := range modelWords(s) {
		if modelSize.MatchString(w) {
			sizes = append(sizes, w)
		}
		for _, f := range modelFamilies {
			if rest, ok := strings.CutPrefix(w, f); ok && familyVersion.MatchString(rest) {
				families = append(families, f)
			}
		}
	}
	return families, sizes
}

// folderNamesOther reports whether a folder named name is named for
// another model than model: its name names a model family that model's
// name does not, or a size (8b) that it does not where both give sizes.
// A name that names no family, or a model whose family is not known,
// tells nothing.
func folderNamesOther(name, model string) bool {
	ff, fs := modelTraits(name)
	mf, ms := modelTraits(model)
	if len(ff) == 0 || len(mf) == 0 {
		return false
	}
	shares := func(a, b []string) bool {
		return slices.ContainsFunc(a, func(x string) bool { return slices.Contains(b, x) })
	}
	if !shares(ff, mf) {
		return true
	}
	return len(fs) > 0 && len(ms) > 0 && !shares(fs, ms)
}

// oneModel is the model every one of files states, "" when one states
// none or two differ.
func oneModel(files []runFile) string {
	model := ""
	for _, f := range files {
		m := workloadOf(f.cfg).model
		if m == "" || model != "" && m != model {
			return ""
		}
		model = m
	}
	return model
}

// folderModelWarning says that the folder of runs s is named for another
// model than its files state, and what the configuration is called: its
// id, the model's name unless a manifest named it.
func folderModelWarning(s source, id string) *Warning {
	return warnf(Pos{File: s.path}, "", WarnFolderModel, map[string]any{"Model": s.model, "Config": id},
		"the folder is named for another model than its files, which all state %s; the configuration is called %s", s.model, id)
}
