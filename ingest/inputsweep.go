package ingest

import (
	"math"
)

// sweepsInput reports whether the run file was written by a tool that
// sweeps input length at one load (Format.InputSweeps).
func (a *runFile) sweepsInput() bool {
	f, ok := formatNamed(a.cfg.Format)
	return ok && f.InputSweeps
}

// inputLength is a run's input length as an input-length sweep places
// it: its mean input tokens, rounded; 0 when it states none.
func inputLength(l Level) int {
	if !(l.InputTokens >= 0.5) || math.IsInf(l.InputTokens, 0) {
		return 0
	}
	return int(math.Round(l.InputTokens))
}

// placeInputs places the runs levels of one configuration, read from
// the folder dir, of a tool that sweeps input length at one load
// (Format.InputSweeps: trtllm-bench). Runs that share one load and
// differ in input length are an input-length sweep: each is placed at
// its input length (Level.InputLength), runs at one input length being
// repeats. Runs at several loads are a sweep over load, placed by it,
// as one workload: their input lengths may vary as much as one
// workload's do (workloadTolerance). Runs that differ both in load and
// in input length beyond that are two sweeps in one folder: refused,
// naming two of them.
func placeInputs(dir string, levels []Level) error {
	if len(levels) < 2 {
		return nil
	}
	oneLoad, lengths := true, map[int]bool{}
	lo, hi := levels[0], levels[0]
	for _, l := range levels {
		oneLoad = oneLoad && l.Concurrency == levels[0].Concurrency && l.Rate == levels[0].Rate
		lengths[inputLength(l)] = true
		if l.InputTokens < lo.InputTokens || math.IsNaN(lo.InputTokens) {
			lo = l
		}
		if l.InputTokens > hi.InputTokens || math.IsNaN(hi.InputTokens) {
			hi = l
		}
	}
	if oneLoad {
		if len(lengths) < 2 {
			return nil // repeats at one input length
		}
		for _, l := range levels {
			if inputLength(l) == 0 {
				return errorf(l.Pos, "", "states no input length, while the other runs of %s at %s are an input-length sweep; expected each run's mean input length (request_info.avg_input_length)",
					dir, loadName(l))
			}
		}
		for i := range levels {
			levels[i].InputLength = inputLength(levels[i])
		}
		return nil
	}
	if math.IsNaN(lo.InputTokens) || math.IsNaN(hi.InputTokens) || hi.InputTokens-lo.InputTokens <= workloadTolerance*hi.InputTokens {
		return nil // a sweep over load on one workload
	}
	least, most := levels[0], levels[0]
	for _, l := range levels {
		if l.Concurrency < least.Concurrency || l.Concurrency == least.Concurrency && l.Rate < least.Rate {
			least = l
		}
		if l.Concurrency > most.Concurrency || l.Concurrency == most.Concurrency && l.Rate > most.Rate {
			most = l
		}
	}
	return errorf(Pos{File: dir}, "", "holds runs that differ both in load (%s to %s) and in input length (%d to %d tokens: %s, %s): one configuration is a sweep over load at one input length, or over input length at one load; put each sweep in a folder of its own",
		loadName(least), loadName(most), inputLength(lo), inputLength(hi), relRun(dir, lo.Pos.File), relRun(dir, hi.Pos.File))
}
