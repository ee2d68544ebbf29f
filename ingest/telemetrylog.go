package ingest

import (
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// The warnings of power logs (powerlog.go) and DCGM exports (dcgm.go):
// each log that cannot be read, that covers no run, or that covers a
// run only in part, is said, and not used for that run; so is a log
// whose clock the runs' times cannot be compared with.
const (
	// WarnEnergyLogUnreadable: a power log that cannot be read.
	WarnEnergyLogUnreadable WarningKind = "energy_log_unreadable"
	// WarnEnergyLogUnmatched: a power log whose samples cover no run
	// whose result file lies in its folder.
	WarnEnergyLogUnmatched WarningKind = "energy_log_unmatched"
	// WarnEnergyLogPartial: a power log whose samples cover a run's
	// window only in part.
	WarnEnergyLogPartial WarningKind = "energy_log_partial"
	// WarnEnergyLogZone: a log whose times are of one kind (a DCGM
	// export's UTC instants, nvidia-smi's wall-clock times without a
	// zone) beside runs that state the other kind only, while
	// report.toml states no UTC offset to convert them: those runs are
	// not matched to it.
	WarnEnergyLogZone WarningKind = "energy_log_zone"
)

// powerLog records p, a file the walk found to hold no result, when it
// is a power log or a DCGM export: read as telemetry (attachPowerLogs),
// not listed as skipped.
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

// clock writes a time of the log's clock for a warning: a wall-clock
// time, or an instant in UTC, "2024-11-08 01:16:24 UTC".
func (pl *powerLog) clock(t time.Time) string {
	if pl.utc {
		return clock(t) + " UTC"
	}
	return clock(t)
}

// attachPowerLogs gives each run of cfgs the power of the first power
// log or DCGM export (by path) that covers its window, among the logs
// in the folder of its result file or a folder above it: a log lies
// beside the runs it was recorded for. A run whose file gives its own
// telemetry (AIPerf, GenAI-Perf) keeps it; a run that states no window
// (windows: vLLM's date and duration, AIPerf's start and end times,
// guidellm's epoch times) cannot be matched, nor one whose times cannot
// be told in the log's clock (Window.on: off is report.toml's UTC
// offset, nil when it states none). Each log that cannot be read,
// covers no run, or covers a run only in part is warned of and not
// used for it, and so is a log beside runs it cannot be compared with.
func attachPowerLogs(cfgs []Config, logs []string, off *time.Duration) []*Warning {
	var out []*Warning
	for _, p := range slices.Sorted(slices.Values(logs)) {
		data, err := readInput(p)
		var pl *powerLog
		kind := "power log"
		switch {
		case err != nil:
		case isDCGMExport(data):
			kind = "DCGM export"
			pl, err = readDCGMExport(p, data)
		default:
			pl, err = readPowerLog(p, data)
		}
		if err != nil {
			out = append(out, unreadableLog(p, kind, err))
			continue
		}
		out = append(out, pl.attach(cfgs, off)...)
	}
	return out
}

// attach gives the log's power to the runs of cfgs it covers and warns
// of those it covers in part, of the runs it cannot be compared with
// (off: the UTC offset, nil when not stated), and of itself when it
// covers none.
func (pl *powerLog) attach(cfgs []Config, off *time.Duration) []*Warning {
	var out []*Warning
	dir := filepath.Dir(pl.file)
	covered, untimed, zoneless := false, 0, 0
	for _, run := range runsIn(cfgs, dir) {
		if !run.Window.Known() && !run.Window.UTCKnown() {
			untimed++
			continue
		}
		w, ok := run.Window.on(pl.utc, off)
		if !ok {
			zoneless++
			continue
		}
		t, cov := pl.over(w)
		switch cov {
		case coverAll:
			covered = true
			if run.Telemetry == nil {
				run.Telemetry = t
			}
		case coverPart:
			covered = true
			out = append(out, pl.partial(dir, run, w))
		}
	}
	if zoneless > 0 {
		out = append(out, pl.zoneless(zoneless))
	}
	if !covered && zoneless == 0 {
		first, last := pl.span()
		out = append(out, warnf(Pos{File: pl.file}, "", WarnEnergyLogUnmatched,
			map[string]any{"First": pl.clock(first), "Last": pl.clock(last)},
			"%s: its samples (%s to %s) cover no run whose result file lies in its folder (%d of those runs state no time); not used", pl.kind, pl.clock(first), pl.clock(last), untimed))
	}
	return out
}

// zoneless is the warning of a log beside n runs whose times are of
// the other kind, without a UTC offset to compare them.
func (pl *powerLog) zoneless(n int) *Warning {
	vals := map[string]any{"Runs": n, "UTC": pl.utc}
	if pl.utc {
		return warnf(Pos{File: pl.file}, "", WarnEnergyLogZone, vals,
			"%s: its samples are UTC times, and the runs in its folder (%d) state wall-clock times without a zone; set [telemetry] utc_offset in report.toml (the benchmark machine's offset from UTC, \"+03:00\") to match them; not matched", pl.kind, n)
	}
	return warnf(Pos{File: pl.file}, "", WarnEnergyLogZone, vals,
		"%s: its samples are wall-clock times without a zone, and the runs in its folder (%d) state UTC times only; set [telemetry] utc_offset in report.toml (the benchmark machine's offset from UTC, \"+03:00\") to match them; not matched", pl.kind, n)
}

// partial is the warning of a run the log covers only in part, whose
// window in the log's clock is w.
func (pl *powerLog) partial(dir string, run *Level, w Window) *Warning {
	first, last := pl.span()
	name := run.Pos.String()
	if rel, err := filepath.Rel(dir, run.Pos.File); err == nil {
		name = filepath.ToSlash(rel)
		if run.Pos.Line > 0 {
			name = Pos{File: name, Line: run.Pos.Line}.String()
		}
	}
	vals := map[string]any{"Run": name, "Start": pl.clock(w.Start), "End": pl.clock(w.End), "First": pl.clock(first), "Last": pl.clock(last)}
	return warnf(Pos{File: pl.file}, "", WarnEnergyLogPartial, vals,
		"%s: its samples (%s to %s) cover only part of the run %s (%s to %s); not used for it",
		pl.kind, pl.clock(first), pl.clock(last), name, pl.clock(w.Start), pl.clock(w.End))
}

// unreadableLog is the warning of a power log or DCGM export (kind)
// that cannot be read: the error's position and message.
func unreadableLog(p, kind string, err error) *Warning {
	pos, msg := Pos{File: p}, err.Error()
	if e, ok := err.(*Error); ok {
		pos, msg = e.Pos, e.Err.Error()
		if e.Column != "" {
			msg = "column " + e.Column + ": " + msg
		}
	}
	return warnf(pos, "", WarnEnergyLogUnreadable, map[string]any{"Error": msg}, "%s: %s; not used", kind, msg)
}

// runsIn are the runs of cfgs whose result file lies in folder dir or
// below it.
func runsIn(cfgs []Config, dir string) []*Level {
	var out []*Level
	for ci := range cfgs {
		for li := range cfgs[ci].Levels {
			for _, run := range runsOf(&cfgs[ci].Levels[li]) {
				if within(dir, run.Pos.File) {
					out = append(out, run)
				}
			}
		}
	}
	return out
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
