package ingest

import (
	"fmt"
	"math"
	"strings"
)

// mixedDefinitions warns when a run file of a configuration defines a
// metric otherwise than the configuration's first (one vLLM run with
// TPOT, another with only the chunk gap): the first metric that
// differs, by its definitions' ids (Definitions); nil when none does.
func mixedDefinitions(path string, d, first Definitions) *Warning {
	for _, m := range []struct{ name, this, other string }{{"itl", d.ITL, first.ITL}, {"tps", d.TPS, first.TPS}, {"rps", d.RPS, first.RPS}} {
		if m.this == m.other {
			continue
		}
		this, other := orNone(m.this), orNone(m.other)
		return warnf(Pos{File: path}, "", WarnMixedDefinitions, map[string]any{"Metric": m.name, "Def": this, "OtherDef": other},
			"measures %s as %s, the configuration's other files as %s; its levels mix the two", strings.ToUpper(m.name), this, other)
	}
	return nil
}

// orNone is a definition id, "none" where the file gives the metric no
// definition (does not report it).
func orNone(id string) string {
	if id == "" {
		return "none"
	}
	return id
}

// runFile is one run file of a configuration folder, as read.
type runFile struct {
	path string
	cfg  Config
}

// sameConfig refuses a run file of another tool than the
// configuration's first, or, where the two do not both state their
// workload, of another input length: one configuration is one tool
// serving one model on one input and output length. (Models, stated
// workloads and settings that differ are configurations of their own:
// groupRuns.)
func (a *runFile) sameConfig(b *runFile) error {
	if err := a.sameTool(b); err != nil {
		return err
	}
	if a.sweepsInput() {
		return nil // its input lengths are a sweep's, or refused (placeInputs)
	}
	wa, wb := workloadOf(a.cfg), workloadOf(b.cfg)
	if wa.stated != "" && wb.stated != "" {
		// The workloads the runs state decide; measured lengths vary
		// with the load on one dataset (multi-turn conversations grow
		// with concurrency).
		return nil
	}
	if wa.input > 0 && wb.input > 0 && math.Abs(wa.input-wb.input) > workloadTolerance*math.Max(wa.input, wb.input) {
		return a.differ(b, "has mean input length", fmt.Sprintf("%.0f tokens", wa.input), fmt.Sprintf("%.0f tokens", wb.input))
	}
	return nil
}

// sameTool refuses a run file written by another tool than a: the
// files of one configuration folder, whatever configurations they are,
// come from one tool.
func (a *runFile) sameTool(b *runFile) error {
	if a.cfg.Format != b.cfg.Format {
		return a.differ(b, "was written by", a.cfg.Tool, b.cfg.Tool)
	}
	return nil
}

// differ is the error of b, whose what is y while a's is x.
func (a *runFile) differ(b *runFile, what, x, y string) error {
	return errorf(Pos{File: b.path}, "", "%s %s, while %s %s %s; one configuration's files must come from one tool and one workload: move one of them into a folder of its own",
		what, y, a.path, what, x)
}

// workloadTolerance is how far two runs' mean input lengths may differ
// and still be one workload, where the runs do not state their workload
// (Level.Workload): a dataset sampled per run varies from run to run.
// (Output lengths are what the server generated, not a setting: they
// are compared only as the workload a run states.)
const workloadTolerance = 0.25

// workload is what a config's runs served.
type workload struct {
	model  string
	input  float64
	stated string // Level.Workload
}

// workloadOf is the workload of a config's first level that states it.
func workloadOf(c Config) workload {
	var w workload
	for _, l := range c.Levels {
		if w.model == "" {
			w.model = l.Model
		}
		if w.stated == "" {
			w.stated = l.Workload
		}
		if !(w.input > 0) && l.InputTokens > 0 {
			w.input = l.InputTokens
		}
	}
	return w
}
