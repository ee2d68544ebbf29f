package analyze

import (
	"strings"
	"unicode"
)

// Flag is one option of a configuration's deployment command, as
// written: "--max-num-seqs" with value "32" (a switch has value "").
type Flag struct {
	Flag  string `json:"flag"`
	Value string `json:"value"`
}

// CapKind says what a limit in a deployment command bounds.
type CapKind int

// The kinds of limits reportgen recognizes.
const (
	NoCap CapKind = iota
	// AdmissionCap bounds the requests a server runs at once: beyond it,
	// requests queue (vLLM --max-num-seqs, SGLang --max-running-requests,
	// TensorRT-LLM --max_batch_size).
	AdmissionCap
	// GraphCap is the largest batch run with captured CUDA graphs: past
	// it, batches run eagerly and slower (SGLang --cuda-graph-max-bs).
	GraphCap
	// TokenCap bounds the tokens scheduled per step (vLLM
	// --max-num-batched-tokens, TensorRT-LLM --max_num_tokens).
	TokenCap
	// MemoryCap is the share of GPU memory the server takes for weights
	// and KV cache (vLLM --gpu-memory-utilization, SGLang
	// --mem-fraction-static).
	MemoryCap
)

// capFlags names the limits, by flag name without dashes and with '_'
// for '-' (servers accept both spellings).
var capFlags = map[string]CapKind{
	"max_num_seqs":           AdmissionCap,
	"max_running_requests":   AdmissionCap,
	"max_batch_size":         AdmissionCap,
	"cuda_graph_max_bs":      GraphCap,
	"max_num_batched_tokens": TokenCap,
	"max_num_tokens":         TokenCap,
	"gpu_memory_utilization": MemoryCap,
	"mem_fraction_static":    MemoryCap,
}

// synonyms fold the spellings engines give one setting, so that a
// side-by-side table compares like with like: vLLM's
// --tensor-parallel-size is SGLang's --tp-size.
var synonyms = map[string]string{
	"tp":                     "tensor_parallel_size",
	"tp_size":                "tensor_parallel_size",
	"tensor_parallel_size":   "tensor_parallel_size",
	"model":                  "model",
	"model_path":             "model",
	"context_length":         "max_model_len",
	"max_seq_len":            "max_model_len",
	"max_model_len":          "max_model_len",
	"max_num_seqs":           "max_num_seqs",
	"max_running_requests":   "max_num_seqs",
	"max_batch_size":         "max_num_seqs",
	"gpu_memory_utilization": "gpu_memory_utilization",
	"mem_fraction_static":    "gpu_memory_utilization",
	"max_num_batched_tokens": "max_num_batched_tokens",
	"max_num_tokens":         "max_num_batched_tokens",
	"pipeline_parallel_size": "pipeline_parallel_size",
	"pp":                     "pipeline_parallel_size",
	"pp_size":                "pipeline_parallel_size",
	"data_parallel_size":     "data_parallel_size",
	"dp":                     "data_parallel_size",
	"dp_size":                "data_parallel_size",
}

// housekeeping are the settings that do not bear on serving speed: where
// the server listens, how it names the model and logs, and how it parses
// tool calls and reasoning out of the text it has already generated.
var housekeeping = map[string]bool{
	"host": true, "port": true, "served_model_name": true, "api_key": true,
	"uvicorn_log_level": true, "log_level": true, "disable_log_requests": true,
	"disable_log_stats": true, "enable_log_requests": true, "allowed_origins": true,
	"root_path": true, "ssl_keyfile": true, "ssl_certfile": true, "download_dir": true,
	"enable_auto_tool_choice": true, "tool_call_parser": true, "reasoning_parser": true,
	"chat_template": true, "trust_remote_code": true,
	// How the weights are read at start-up: it sets how soon the server
	// is up, not how fast it serves.
	"load_format": true,
}

// Housekeeping reports whether a setting (as Flag.Setting names it) has
// no bearing on how fast the server serves (its address, names, logging,
// output parsing): a difference in it explains no difference in results.
func Housekeeping(setting string) bool { return housekeeping[setting] }

// Setting is the setting a flag gives, the same for every engine's
// spelling of it ("--tp-size" and "--tensor-parallel-size" are both
// "tensor_parallel_size"); any other flag is its own name.
func (f Flag) Setting() string {
	k := flagKey(f.Flag)
	if s, ok := synonyms[k]; ok {
		return s
	}
	return k
}

// KindOf is the kind of limit a flag sets (NoCap for any other flag).
func (f Flag) KindOf() CapKind { return capFlags[flagKey(f.Flag)] }

// flagKey folds a flag's spelling: "--max-num-seqs" → "max_num_seqs".
func flagKey(flag string) string {
	return strings.ReplaceAll(strings.TrimLeft(flag, "-"), "-", "_")
}

// serverEntry marks where a command's server options begin: what comes
// before (docker run's own options) is not the server's.
var serverEntry = []string{"serve", "launch_server", "sglang.launch_server", "trtllm-serve",
	"vllm.entrypoints.openai.api_server", "api_server"}

// ParseCommand reads the options of a deployment command: a shell
// command line, possibly continued over lines with '\' and quoting JSON
// arguments. Only the options after the server's entry point (vllm
// serve, python -m sglang.launch_server, trtllm-serve) are read when
// there is one; a model given positionally right after it reads as
// --model.
func ParseCommand(cmd string) []Flag {
	var out []Flag
	toks := serverArgs(shellWords(cmd))
	if len(toks) > 0 && !strings.HasPrefix(toks[0], "-") {
		// "vllm serve MODEL", "trtllm-serve MODEL": the model given
		// positionally is the --model the table compares.
		out = append(out, Flag{Flag: "--model", Value: toks[0]})
		toks = toks[1:]
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if !strings.HasPrefix(t, "--") || len(t) == 2 {
			continue
		}
		f := Flag{Flag: t}
		if name, value, ok := strings.Cut(t, "="); ok {
			f = Flag{Flag: name, Value: value}
		} else if i+1 < len(toks) && !strings.HasPrefix(toks[i+1], "-") {
			f.Value = toks[i+1]
			i++
		}
		out = append(out, f)
	}
	return out
}

// serverArgs are the words of a command from the server's entry point
// on (vllm serve, python -m sglang.launch_server, trtllm-serve), else
// from a docker run's image on, else all of them.
func serverArgs(toks []string) []string {
	start := dockerImage(toks)
	for i, t := range toks {
		for _, e := range serverEntry {
			if t == e || strings.HasSuffix(t, "/"+e) {
				start = i + 1
			}
		}
	}
	return toks[start:]
}

// dockerSwitches are docker run's options that take no value.
var dockerSwitches = map[string]bool{"--rm": true, "-d": true, "--detach": true, "-i": true, "--interactive": true,
	"-t": true, "--tty": true, "-it": true, "-ti": true, "--privileged": true, "--init": true, "-P": true,
	"--publish-all": true, "--read-only": true, "--no-healthcheck": true, "-q": true, "--quiet": true}

// dockerImage is the index just past the image of a "docker run" (or
// "podman run") command: what follows are the image's arguments, the
// server's options when the image runs the server by default. 0 when
// the command is no docker run.
func dockerImage(toks []string) int {
	for i := 0; i+1 < len(toks); i++ {
		if (toks[i] != "docker" && toks[i] != "podman" && !strings.HasSuffix(toks[i], "/docker")) || toks[i+1] != "run" {
			continue
		}
		for j := i + 2; j < len(toks); j++ {
			t := toks[j]
			switch {
			case !strings.HasPrefix(t, "-"):
				return j + 1 // the image
			case strings.Contains(t, "=") || dockerSwitches[t]:
			default:
				j++ // an option and its value: --gpus all, -v a:b
			}
		}
		return len(toks)
	}
	return 0
}

// Caps are the limits among a command's flags.
func Caps(flags []Flag) []Flag {
	var out []Flag
	for _, f := range flags {
		if f.KindOf() != NoCap {
			out = append(out, f)
		}
	}
	return out
}

// shellWords splits a command line as a POSIX shell would, closely
// enough for deployment commands: whitespace separates words, quotes
// group them, a backslash escapes the next character (a
// backslash-newline joins lines), '#' at a word's start begins a comment
// to the end of the line.
func shellWords(s string) []string {
	var words []string
	var b strings.Builder
	inWord := false
	var quote rune
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else if r == '\\' && quote == '"' && i+1 < len(rs) && strings.ContainsRune(`"\$`+"`", rs[i+1]) {
				i++
				b.WriteRune(rs[i])
			} else {
				b.WriteRune(r)
			}
		case r == '\\' && i+1 < len(rs):
			i++
			if rs[i] != '\n' {
				b.WriteRune(rs[i])
				inWord = true
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == '#' && !inWord:
			for i < len(rs) && rs[i] != '\n' {
				i++
			}
		case unicode.IsSpace(r):
			if inWord {
				words = append(words, b.String())
				b.Reset()
				inWord = false
			}
		default:
			b.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, b.String())
	}
	return words
}
