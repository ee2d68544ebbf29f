package analyze

import (
	"slices"
	"strings"
)

// Confound is a server setting whose value differs between the
// configurations of a report besides their engine and speculative
// decoding, as their deployment commands give it: a difference the
// results measure along with the engine, so that a verdict holds for
// these configurations, not for their engines.
type Confound struct {
	// Setting is the setting as Flag.Setting names it: one engine's
	// spelling and another's ("--mem-fraction-static",
	// "--gpu-memory-utilization") are one setting.
	Setting string
	// Flags are its spellings, in the order the commands first give
	// them.
	Flags []string
}

// Confounds are the settings whose values differ between the
// configurations that have a deployment command (a setting a command
// does not give counts as its own value: the server's default), in the
// order the commands first give them, leaving out those that do not
// bear on speed (Housekeeping) and those of speculative decoding, which
// the comparison is about (Speculative). None when fewer than two
// configurations have a command.
func Confounds(cfgs []Config) []Confound {
	var withFlags []Config
	for _, c := range cfgs {
		if len(c.Flags) > 0 {
			withFlags = append(withFlags, c)
		}
	}
	if len(withFlags) < 2 {
		return nil
	}
	var out []Confound
	idx := map[string]int{}
	for _, c := range withFlags {
		for _, f := range c.Flags {
			s := f.Setting()
			if Housekeeping(s) || Speculative(s) {
				continue
			}
			i, ok := idx[s]
			if !ok {
				i, idx[s] = len(out), len(out)
				out = append(out, Confound{Setting: s})
			}
			if !slices.Contains(out[i].Flags, f.Flag) {
				out[i].Flags = append(out[i].Flags, f.Flag)
			}
		}
	}
	return slices.DeleteFunc(out, func(c Confound) bool { return !settingDiffers(withFlags, c.Setting) })
}

// settingDiffers reports whether the configs give setting different
// values (one giving none among them).
func settingDiffers(cfgs []Config, setting string) bool {
	value := func(c Config) (string, bool) {
		for _, f := range c.Flags {
			if f.Setting() == setting {
				return f.Value, true
			}
		}
		return "", false
	}
	first, firstOK := value(cfgs[0])
	for _, c := range cfgs[1:] {
		if v, ok := value(c); v != first || ok != firstOK {
			return true
		}
	}
	return false
}

// Speculative reports whether a setting (as Flag.Setting names it)
// configures speculative decoding: its method, draft model and tokens
// (--speculative-config, --speculative-draft-model-path,
// --num-speculative-tokens, a draft's own options).
func Speculative(setting string) bool {
	return strings.Contains(setting, "spec") || strings.Contains(setting, "draft")
}
