package analyze

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/openzeka/reportgen/ingest"
)

// GPUSource says where a configuration's GPU count comes from
// (configs[].gpus_source).
type GPUSource string

// The sources of a GPU count, in the order they are tried: the manifest
// wins over the command, and what the result files state of the run
// (trtllm-bench's world size) over the test system's count.
const (
	// GPUsFromConfig: the configuration's own `gpus` in report.toml.
	GPUsFromConfig GPUSource = "config"
	// GPUsFromResult: the GPUs its result files state the run used.
	GPUsFromResult GPUSource = "result"
	// GPUsFromHardware: the system's `gpus` on report.toml's [hardware].
	GPUsFromHardware GPUSource = "hardware"
	// GPUsFromCommand: the parallelism its deployment command asks for.
	GPUsFromCommand GPUSource = "command"
	// GPUsUnknown: none of them says; per-GPU figures cannot be given.
	GPUsUnknown GPUSource = "none"
)

// parallelism is one dimension of a server's parallelism whose sizes
// multiply into its GPU count: its setting (Flag.Setting) and the
// environment variables that give it in a launch script (TP=8).
type parallelism struct {
	setting string
	env     []string
}

// parallelisms are the dimensions a GPU count is the product of.
// Expert parallelism is not one: it splits the experts over the
// tensor- (and data-) parallel GPUs, it adds none.
var parallelisms = []parallelism{
	{"tensor_parallel_size", []string{"TP", "TP_SIZE", "TENSOR_PARALLEL_SIZE"}},
	{"data_parallel_size", []string{"DP", "DP_SIZE", "DATA_PARALLEL_SIZE"}},
	{"pipeline_parallel_size", []string{"PP", "PP_SIZE", "PIPELINE_PARALLEL_SIZE"}},
}

// envAssignment is a word that sets an environment variable: TP=8, as
// a launch script or docker run's -e writes it (--env=TP=8 too).
var envAssignment = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)=(.*)$`)

// CommandGPUs is the GPU count a deployment command asks for: its
// tensor-parallel size × data-parallel size × pipeline-parallel size,
// a dimension it does not name counting 1, and from the flags it was
// read from (their values as resolved: "$TP" as the 8 it stands for). The flags are the server's
// options in any engine's spelling (vLLM --tensor-parallel-size, -tp,
// --data-parallel-size, -dp, --pipeline-parallel-size, -pp; SGLang
// --tp-size, --tp, --dp-size, --dp, --pp-size; TensorRT-LLM --tp_size,
// --pp_size), or else variables the command sets (TP=8, -e DP=2); a
// value "$TP" or "${TP}" is read from such a variable. SGLang's
// --enable-dp-attention runs its data-parallel attention on the
// tensor-parallel GPUs, so the data-parallel size then adds none.
//
// ok is false when the command names no parallelism at all (a server's
// default of one GPU is not assumed: the command may be a fragment, or
// read its options from a file), or a size that is no whole number from
// 1 up, or a product past ingest.GPURange.
func CommandGPUs(cmd string) (n int, from []Flag, ok bool) {
	toks := shellWords(cmd)
	env := commandEnv(toks)
	flags, dpAttention := parallelFlags(serverArgs(toks))
	n = 1
	named := false
	for _, p := range parallelisms {
		f, given := flags[p.setting]
		for _, name := range p.env {
			if v, set := env[name]; set && !given {
				f, given = Flag{Flag: name, Value: v}, true
			}
		}
		if !given {
			continue
		}
		size, err := strconv.Atoi(resolveVar(f.Value, env))
		if err != nil || ingest.GPURange.Check(float64(size)) != nil {
			return 0, nil, false
		}
		f.Value = strconv.Itoa(size)
		named = true
		if p.setting == "data_parallel_size" && dpAttention {
			continue
		}
		if n *= size; ingest.GPURange.Check(float64(n)) != nil {
			return 0, nil, false
		}
		from = append(from, f)
	}
	if !named {
		return 0, nil, false
	}
	return n, from, true
}

// commandEnv are the variables a command sets, anywhere in it: TP=8 in
// front of a script, -e TP=8 or --env=TP=8 of a docker run, export TP=8.
func commandEnv(toks []string) map[string]string {
	env := map[string]string{}
	for _, t := range toks {
		if m := envAssignment.FindStringSubmatch(strings.TrimPrefix(t, "--env=")); m != nil {
			env[m[1]] = m[2]
		}
	}
	return env
}

// parallelFlags are a server's parallelism options by setting, the last
// of each as a server reads them (their values as written), and whether
// it runs SGLang's data-parallel attention.
func parallelFlags(args []string) (flags map[string]Flag, dpAttention bool) {
	flags = map[string]Flag{}
	for i := 0; i < len(args); i++ {
		t := args[i]
		if !strings.HasPrefix(t, "-") || strings.Trim(t, "-") == "" {
			continue
		}
		name, value, hasValue := strings.Cut(t, "=")
		f := Flag{Flag: name, Value: value}
		if flagKey(name) == "enable_dp_attention" {
			dpAttention = true
			continue
		}
		if !isParallelism(f.Setting()) {
			continue
		}
		if !hasValue && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
			f.Value = args[i+1]
			i++
		}
		flags[f.Setting()] = f
	}
	return flags, dpAttention
}

func isParallelism(setting string) bool {
	for _, p := range parallelisms {
		if p.setting == setting {
			return true
		}
	}
	return false
}

// resolveVar reads a value "$NAME" or "${NAME}" from the variables the
// command sets; any other value, and an unset name, stay as they are.
func resolveVar(v string, env map[string]string) string {
	name, ok := strings.CutPrefix(v, "$")
	if !ok {
		return v
	}
	if inner, braced := strings.CutPrefix(name, "{"); braced {
		name = strings.TrimSuffix(inner, "}")
	}
	if x, set := env[name]; set {
		return x
	}
	return v
}

// WarnGPUsMismatch is the kind of the warning for a GPU count in the
// manifest that differs from the one the configuration's command asks
// for: the manifest's is used, and the reader should know.
const WarnGPUsMismatch = "gpus_mismatch"

// assignGPUs sets each config's GPU count from the manifest: its own
// gpus, else what its result files state (statedGPUs), else [hardware]
// gpus (the system's, of which a run may use some), else what its
// command asks for. A manifest count the command contradicts is used
// and warned of, at the manifest key, relative to the report folder dir.
func assignGPUs(cfgs []Config, m *ingest.Manifest, dir string) []Warning {
	var out []Warning
	for i := range cfgs {
		c := &cfgs[i]
		cmdN, from, fromCommand := CommandGPUs(c.Command.Key())
		c.GPUs, c.GPUsSource = 0, GPUsUnknown
		var at ingest.Pos
		var key string
		if m != nil {
			for j, cm := range m.Configs {
				if cm.ID == c.ID && cm.GPUs != nil {
					c.GPUs, c.GPUsSource = GPUCount(*cm.GPUs), GPUsFromConfig
					at, key = m.At("configs", strconv.Itoa(j), "gpus"), "gpus"
				}
			}
		}
		if c.GPUsSource == GPUsUnknown && c.statedGPUs > 0 {
			c.GPUs, c.GPUsSource = GPUCount(c.statedGPUs), GPUsFromResult
		}
		if c.GPUsSource == GPUsUnknown && m != nil && m.Hardware.GPUs != nil {
			c.GPUs, c.GPUsSource = GPUCount(*m.Hardware.GPUs), GPUsFromHardware
			at, key = m.At("hardware", "gpus"), "hardware.gpus"
		}
		switch {
		case c.GPUsSource == GPUsUnknown && fromCommand:
			c.GPUs, c.GPUsSource, c.GPUFlags = GPUCount(cmdN), GPUsFromCommand, from
		case key != "" && fromCommand && GPUCount(cmdN) != c.GPUs:
			at.File = relSource(dir, at.File)
			flags := flagsText(from)
			out = append(out, Warning{Kind: WarnGPUsMismatch, Source: at.String(),
				Values: map[string]any{"Config": c.ID, "Key": key, "Manifest": int(c.GPUs), "Command": cmdN, "Flags": flags},
				Message: fmt.Sprintf("%s: %s: report.toml gives %d GPUs (%s), its deployment command asks for %d (%s); the per-GPU figures use %d",
					at, c.ID, c.GPUs, key, cmdN, flags, c.GPUs)})
		}
	}
	return out
}

// flagsText writes flags as a command line would: "--tp-size 8 --dp 2",
// a variable as "TP=8".
func flagsText(fs []Flag) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		if strings.HasPrefix(f.Flag, "-") {
			parts[i] = f.Flag + " " + f.Value
		} else {
			parts[i] = f.Flag + "=" + f.Value
		}
	}
	return strings.Join(parts, " ")
}
