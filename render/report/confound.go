package report

import (
	"strings"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render"
)

// The verdict's caveat on confounds: a verdict compares these
// configurations, not their engines, when their commands differ in more
// than the engine and speculative decoding (analyze.Confounds), or when a
// configuration's first token at the lowest load is out of line with
// its rival's (an analyze.TTFTFloor anomaly).

// settingWords name the settings a reader knows by what they do, in the
// order the caveat names them: those likeliest to move the results
// first. A setting not listed is named by its option.
var settingWords = []struct{ setting, msg string }{
	{"kv_cache_dtype", "setting_kv_cache_dtype"},
	{"gpu_memory_utilization", "cap_memory"},
	{"max_num_seqs", "cap_admission"},
	{"attention_config", "setting_attention"},
	{"attention_backend", "setting_attention"},
	{"max_num_batched_tokens", "cap_token"},
	{"cuda_graph_max_bs", "cap_graph"},
	{"enable_chunked_prefill", "setting_chunked_prefill"},
	{"chunked_prefill_size", "setting_chunked_prefill"},
	{"enable_prefix_caching", "setting_prefix_caching"},
	{"quantization", "setting_quantization"},
	{"dtype", "setting_dtype"},
	{"tensor_parallel_size", "setting_tp"},
	{"max_model_len", "setting_context"},
	{"moe_backend", "setting_moe_backend"},
}

// maxNamedSettings is how many differing settings the caveat names; the
// others it counts, the configuration differences table listing them.
const maxNamedSettings = 5

// VerdictCaveat is the paragraph under the verdict that says it is a
// verdict on these configurations: the settings their commands differ
// in besides the engine and speculative decoding, and the TTFT floors
// out of line with their rival. "" when there is neither.
func (v *view) VerdictCaveat() string {
	var parts []string
	if s := v.confoundLine(); s != "" {
		parts = append(parts, s)
	}
	if s := v.floorLine(); s != "" {
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return ""
	}
	return v.loc.T("verdict_caveat_label") + " " + strings.Join(parts, " ")
}

// confoundLine names the settings the configurations' commands differ
// in besides engine and speculative decoding: by what they do where
// settingWords knows them, else by option, at most maxNamedSettings and
// the count of the rest.
func (v *view) confoundLine() string {
	cs := analyze.Confounds(v.R.Configs)
	if len(cs) == 0 {
		return ""
	}
	l := v.loc
	var known, other []string
	seen := map[string]bool{}
	for _, w := range settingWords {
		for _, c := range cs {
			if c.Setting == w.setting && !seen[w.msg] {
				seen[w.msg] = true
				known = append(known, l.T(w.msg))
			}
		}
	}
	for _, c := range cs {
		if !isKnownSetting(c.Setting) {
			var flags []string
			for _, f := range c.Flags {
				flags = append(flags, render.Code(f))
			}
			other = append(other, strings.Join(flags, " / "))
		}
	}
	named := append(known, other...)
	rest := 0
	if len(named) > maxNamedSettings {
		named, rest = named[:maxNamedSettings], len(named)-maxNamedSettings
	}
	list := l.List(named)
	if rest > 0 {
		list = strings.Join(named, ", ") + " " + l.N("setting_others", rest)
	}
	return l.T("verdict_confounds", "Settings", list, "Ref", render.Ref(l.T("sec_config_diff")))
}

// isKnownSetting reports whether settingWords names setting.
func isKnownSetting(setting string) bool {
	for _, w := range settingWords {
		if w.setting == setting {
			return true
		}
	}
	return false
}

// floors are the report's TTFT floors out of line with their rival.
func (v *view) floors() []analyze.Anomaly {
	var fs []analyze.Anomaly
	for _, a := range v.R.Anomalies {
		if a.Kind == analyze.TTFTFloor {
			fs = append(fs, a)
		}
	}
	return fs
}

// floorArgs are the message arguments of the floors fs, told in one
// sentence: the level, the statistic, each config with its TTFT and how
// far it is above the rival's, and the rival (the same for every floor:
// the config with the lowest TTFT at that level).
func (v *view) floorArgs(fs []analyze.Anomaly) []any {
	l := v.loc
	items := make([]string, len(fs))
	for i, a := range fs {
		items[i] = l.T("verdict_floor_item", "Config", v.Name(a.Config), "Value", l.Num(a.Values["ttft"], 1),
			"Diff", v.diffText(a.Values["ttft"], a.Values["rival_ttft"], levelWords))
	}
	a := fs[0]
	return []any{"C", l.At(a.Load), "Stat", v.floorStat(a), "Items", l.List(items),
		"Rival", v.Name(a.Rival), "RivalValue", l.Num(a.Values["rival_ttft"], 1)}
}

// floorLine tells the TTFT floors, in the verdict's caveat and as the
// data-quality note (told once: the notes leave out what the summary
// tells): "At c=1, before any queueing, the mean TTFTs of SGLang
// (direct) (399.5 ms, 6.01× higher) … are out of line with that of vLLM
// (direct), 66.5 ms".
func (v *view) floorLine() string {
	fs := v.floors()
	if len(fs) == 0 {
		return ""
	}
	return v.loc.N("verdict_floor", len(fs), v.floorArgs(fs)...)
}

// floorStat names the statistic a TTFT floor compares: the mean, or the
// median where a source gives no mean.
func (v *view) floorStat(a analyze.Anomaly) string {
	if a.Values["median"] == 1 {
		return v.StatWord(string(analyze.P50))
	}
	return v.StatWord(string(analyze.Mean))
}

// noteFloor words the TTFT floors among the data-quality notes: the
// sentence the verdict's caveat tells (so that the notes, which leave
// out what the summary tells, do not repeat it), once for all floors.
func (v *view) noteFloor(_ analyze.Anomaly, n *noteState) string {
	const key = "\x00ttft_floor"
	if n.told[key] {
		return ""
	}
	n.told[key] = true
	return v.floorLine()
}
