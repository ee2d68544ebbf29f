package ingest

import (
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// The warnings of power logs (powerlog.go): each log that cannot be
// read, that covers no run, or that covers a run only in part, is said,
// and not used for that run.
const (
	// WarnEnergyLogUnreadable: a power log that cannot be read.
	WarnEnergyLogUnreadable WarningKind = "energy_log_unreadable"
	// WarnEnergyLogUnmatched: a power log whose samples cover no run
	// whose result file lies in its folder.
	WarnEnergyLogUnmatched WarningKind = "energy_log_unmatched"
	// WarnEnergyLogPartial: a power log whose samples cover a run's
	// window only in part.
	WarnEnergyLogPartial WarningKind = "energy_log_partial"
)

// powerLog records p, a file the walk found to hold no result, when it
// is a power log: read as telemetry (attachPowerLogs), not listed as
// skipped.
func (sc *scan) powerLog(p string) bool {
	if sc == nil || !powerLogFile(p) {
		return false
	}
	if !slices.Contains(sc.powerLogs, p) {
		sc.powerLogs = append(sc.powerLogs, p)
	}
	return true
}

// clock writes a wall-clock time for a warning: "2024-11-08 01:16:24".
func clock(t time.Time) string { return t.Format("2006-01-02 15:04:05") }

// attachPowerLogs gives each run of cfgs the power of the first power
// log (by path) that covers its window, among the logs in the folder of
// its result file or a folder above it: a log lies beside the runs it
// was recorded for. A run whose file gives its own telemetry (AIPerf,
// GenAI-Perf) keeps it; a run that states no window (windows: vLLM's
// date and duration, AIPerf's start and end times) cannot be matched.
// Each log that cannot be read, covers no run, or covers a run only in
// part is warned of and not used for it.
func attachPowerLogs(cfgs []Config, logs []string) []*Warning {
	var out []*Warning
	for _, p := range slices.Sorted(slices.Values(logs)) {
		data, err := readInput(p)
		var pl *powerLog
		if err == nil {
			pl, err = readPowerLog(p, data)
		}
		if err != nil {
			out = append(out, unreadableLog(p, err))
			continue
		}
		out = append(out, pl.attach(cfgs)...)
	}
	return out
}

// attach gives the log's power to the runs of cfgs it covers and warns
// of those it covers in part, and of itself when it covers none.
func (pl *powerLog) attach(cfgs []Config) []*Warning {
	var out []*Warning
	dir := filepath.Dir(pl.file)
	covered, untimed := false, 0
	for ci := range cfgs {
		for li := range cfgs[ci].Levels {
			for _, run := range runsOf(&cfgs[ci].Levels[li]) {
				if !within(dir, run.Pos.File) {
					continue
				}
				if !run.Window.Known() {
					untimed++
					continue
				}
				t, cov := pl.over(run.Window)
				switch cov {
				case coverAll:
					covered = true
					if run.Telemetry == nil {
						run.Telemetry = t
					}
				case coverPart:
					covered = true
					out = append(out, pl.partial(dir, run))
				}
			}
		}
	}
	if !covered {
		first, last := pl.span()
		out = append(out, warnf(Pos{File: pl.file}, "", WarnEnergyLogUnmatched,
			map[string]any{"First": clock(first), "Last": clock(last)},
			"power log: its samples (%s to %s) cover no run whose result file lies in its folder (%d of those runs state no time); not used", clock(first), clock(last), untimed))
	}
	return out
}

// partial is the warning of a run the log covers only in part.
func (pl *powerLog) partial(dir string, run *Level) *Warning {
	first, last := pl.span()
	name := run.Pos.String()
	if rel, err := filepath.Rel(dir, run.Pos.File); err == nil {
		name = filepath.ToSlash(rel)
		if run.Pos.Line > 0 {
			name = Pos{File: name, Line: run.Pos.Line}.String()
		}
	}
	vals := map[string]any{"Run": name, "Start": clock(run.Window.Start), "End": clock(run.Window.End), "First": clock(first), "Last": clock(last)}
	return warnf(Pos{File: pl.file}, "", WarnEnergyLogPartial, vals,
		"power log: its samples (%s to %s) cover only part of the run %s (%s to %s); not used for it",
		clock(first), clock(last), name, clock(run.Window.Start), clock(run.Window.End))
}

// unreadableLog is the warning of a power log that cannot be read: the
// error's position and message.
func unreadableLog(p string, err error) *Warning {
	pos, msg := Pos{File: p}, err.Error()
	if e, ok := err.(*Error); ok {
		pos, msg = e.Pos, e.Err.Error()
		if e.Column != "" {
			msg = "column " + e.Column + ": " + msg
		}
	}
	return warnf(pos, "", WarnEnergyLogUnreadable, map[string]any{"Error": msg}, "power log: %s; not used", msg)
}

// runsOf are the runs of level l: its repeats, or l itself.
func runsOf(l *Level) []*Level {
	if len(l.Repeats) == 0 {
		return []*Level{l}
	}
	out := make([]*Level, len(l.Repeats))
	for i := range l.Repeats {
		out[i] = &l.Repeats[i]
	}
	return out
}

// within reports whether file lies in folder dir or below it.
func within(dir, file string) bool {
	rel, err := filepath.Rel(dir, file)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
