package ingest

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Telemetry is the power a run's GPUs drew, as the run's result file
// gives it (AIPerf's telemetry_data, GenAI-Perf's telemetry_stats) or a
// power log or DCGM export beside it (powerlog.go, dcgm.go): one entry
// per GPU the source names,
// idle ones included and marked. The analysis decides which GPUs count
// and whether the figures can be used (analyze/energy.go).
type Telemetry struct {
	// Method says how each GPU's energy was measured.
	Method EnergyMethod
	// Source is where the telemetry was read: the result file, or the
	// power log at the line of its first sample in the run's window.
	Source Pos
	// Seconds is the window the energies are over: the run's measured
	// duration (EnergyCounter, PowerSamples); NaN for PowerMean.
	Seconds float64
	// Gap is the longest interval between two samples of one GPU that
	// overlaps the run's window, in seconds (PowerSamples), or, for a
	// DCGM export's counter (EnergyCounter), around either end of the
	// window, where the counter is interpolated; 0 otherwise: the
	// analysis refuses figures over a gap it cannot see into.
	Gap  float64
	GPUs []GPUPower
}

// GPUPower is one GPU's power over a run.
type GPUPower struct {
	// ID names the GPU as the source does: its index ("0"), its
	// endpoint and index where several hosts report ("node1:9400 0"),
	// or, in a power log without an index column, its place in each
	// poll ("#1").
	ID string
	// Name is the GPU's model where the source names it.
	Name string
	// Watts is its mean power over the window; Joules its energy over
	// the window (NaN for PowerMean, whose window is the tool's).
	Watts, Joules float64
	// Idle: the GPU did no work in the window (IdleSwing, IdleShare).
	Idle bool
	// flat: without utilization, its power stayed flat (flatPower);
	// markIdle decides.
	flat bool
}

// EnergyMethod names how a run's energy was measured.
type EnergyMethod string

// The methods, from the most direct.
const (
	// EnergyCounter: each GPU's cumulative energy counter (DCGM's
	// DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION) read at the start and the
	// end of the measured window, as AIPerf reports it (its counter
	// delta over the profiling phase, warm-up excluded), or from a DCGM
	// export's samples, interpolated at the window's ends.
	EnergyCounter EnergyMethod = "energy_counter"
	// PowerSamples: a power log's samples integrated over the run's
	// window by the trapezoid rule, the values at the window's ends
	// interpolated between the samples around them.
	PowerSamples EnergyMethod = "power_samples"
	// PowerMean: the tool's own mean of its power samples over its
	// telemetry window (AIPerf's older exports, GenAI-Perf), which may
	// be longer than the measured window (warm-up included): energy is
	// that power over the run's duration.
	PowerMean EnergyMethod = "power_mean"
)

// Where the source gives utilization, a GPU is idle when its
// utilization stayed at 0 over the run's window. Where it gives power
// alone (a power log of timestamp and power.draw), a GPU is idle when
// its power stayed flat, at most IdleSwing above its lowest sample in
// the window, and low, its mean at most IdleShare of the busiest GPU's
// mean: an idle GPU's draw is flat and at the floor (50.38–50.75 W
// beside a loaded GPU's 111 W mean in the nvidia-smi fixture; 28.73–
// 28.92 W beside 45.8 W at a 300 MHz clock), while GPUs under a steady
// load draw flat too, but alike. A GPU alone is never idle.
const (
	IdleSwing = 0.05
	IdleShare = 0.8
)

// flatPower reports whether power between lo and hi (W, the lowest and
// the highest sample of a window) is flat: hi at most IdleSwing above
// lo.
func flatPower(lo, hi float64) bool { return hi <= lo*(1+IdleSwing) }

// markIdle marks idle the GPUs whose power was flat and whose mean
// power is at most IdleShare of the busiest GPU's.
func markIdle(gpus []GPUPower) {
	top := 0.0
	for _, g := range gpus {
		top = math.Max(top, g.Watts)
	}
	for i, g := range gpus {
		if g.flat && g.Watts <= IdleShare*top {
			gpus[i].Idle = true
		}
	}
}

// Window is a run's time as its result file states it: wall-clock
// times as written, without a zone (vLLM's date, AIPerf's start_time),
// which compare with an nvidia-smi log's timestamps, written the same
// way; and instants, where the file states them as epoch timestamps
// (guidellm's start_time and end_time, AIPerf's request timestamps in
// ns), which compare with a DCGM export's. Comparing one kind with the
// other takes the UTC offset report.toml states ([telemetry]
// utc_offset): no zone is guessed (on). The zero Window is unknown.
type Window struct {
	// Start and End are wall-clock times without a zone (held as UTC
	// times of the same reading); zero when the file states none.
	Start, End time.Time
	// UTCStart and UTCEnd are the same window's instants, in UTC; zero
	// when the file states none.
	UTCStart, UTCEnd time.Time
}

// Known reports whether the window's wall-clock times are stated.
func (w Window) Known() bool { return !w.Start.IsZero() && w.End.After(w.Start) }

// UTCKnown reports whether the window's instants are stated.
func (w Window) UTCKnown() bool { return !w.UTCStart.IsZero() && w.UTCEnd.After(w.UTCStart) }

// Seconds is the window's length: its wall-clock times', else its
// instants'.
func (w Window) Seconds() float64 {
	if !w.Known() {
		return w.UTCEnd.Sub(w.UTCStart).Seconds()
	}
	return w.End.Sub(w.Start).Seconds()
}

// on is the window in a log's clock (Start and End set): in UTC for a
// log of instants (utc), else in wall-clock time; the other kind of
// time converted by the UTC offset off when it is given (nil: not). ok
// is false when the window cannot be told in that clock.
func (w Window) on(utc bool, off *time.Duration) (Window, bool) {
	switch {
	case utc && w.UTCKnown():
		return Window{Start: w.UTCStart, End: w.UTCEnd}, true
	case utc && w.Known() && off != nil:
		return Window{Start: w.Start.Add(-*off), End: w.End.Add(-*off)}, true
	case !utc && w.Known():
		return Window{Start: w.Start, End: w.End}, true
	case !utc && w.UTCKnown() && off != nil:
		return Window{Start: w.UTCStart.Add(*off), End: w.UTCEnd.Add(*off)}, true
	}
	return Window{}, false
}

// epochTime is an epoch timestamp, in seconds, as an instant in UTC.
func epochTime(secs float64) time.Time {
	whole, frac := math.Modf(secs)
	return time.Unix(int64(whole), int64(math.Round(frac*1e9))).UTC()
}

// epochOf is the JSON number v as written (an epoch timestamp, which
// no reader refuses a file for: it only times the run); NaN when v is
// not a number.
func epochOf(v any) float64 {
	n, ok := v.(jnum)
	if !ok {
		return Absent
	}
	f, err := strconv.ParseFloat(n.text, 64)
	if err != nil {
		return Absent
	}
	return f
}

// epochWindow is the instants window of a run whose file states its
// start and end as epoch seconds (start and end, NaN when absent);
// the zero Window when either is absent or not after the other, or
// before 2001 (no clock of a benchmark machine).
func epochWindow(start, end float64) Window {
	const y2001 = 978307200
	const y2286 = 1e10
	if !(start > y2001) || !(end > start) || !(end < y2286) {
		return Window{}
	}
	return Window{UTCStart: epochTime(start), UTCEnd: epochTime(end)}
}

// powerQ, energyQ and utilQ are the quantities of telemetry: a GPU's
// power (W), an energy counter (MJ, as DCGM's is since boot, or the
// delta AIPerf reports) and a utilization (%).
var (
	powerQ  = quantity{what: "power", unit: "W", max: 100_000}
	energyQ = quantity{what: "energy", unit: "MJ", max: 1e9}
	utilQ   = quantity{what: "utilization", unit: "%", max: 100}
)

// telemetryKeys are the names AIPerf gives a metric across its
// releases: DCGM's field names (gpu_power_usage), the platform-prefixed
// ones of newer releases (nvidia_power_usage) and AMD's (amd_power).
var telemetryKeys = struct{ power, energy, util []string }{
	power:  []string{"gpu_power_usage", "nvidia_power_usage", "amd_power"},
	energy: []string{"energy_consumption", "nvidia_energy_consumption", "amd_energy_consumption"},
	util:   []string{"gpu_utilization", "nvidia_gpu_utilization", "amd_gfx_activity"},
}

// firstSub is the first of keys that o holds as an object.
func firstSub(o obj, keys []string) obj {
	for _, k := range keys {
		if s := o.sub(k); s.exists() {
			return s
		}
	}
	return obj{}
}

// sortedKeys are o's keys in order: a JSON object's order is not its
// meaning, and the output must not depend on a map's.
func sortedKeys(o obj) []string {
	keys := make([]string, 0, len(o.m))
	for k := range o.m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// aiperfTelemetry reads AIPerf's telemetry_data: per endpoint (a DCGM
// exporter, pynvml, amdsmi) and GPU, its metrics' statistics. Newer
// releases report the energy counter as its delta over the profiling
// phase ({"unit": "MJ", "avg": Δ}, no min or max): EnergyCounter over
// the run's duration. Older ones give the counter's statistics as for
// any gauge (its min and max since boot, over the whole telemetry
// collection, warm-up included): their energy is not the measured
// window's, and the power's mean is used (PowerMean). nil when the file
// has no telemetry or its GPUs no power.
func aiperfTelemetry(r *jreader, o obj, seconds float64) *Telemetry {
	eps := o.at("telemetry_data", "endpoints")
	if !eps.exists() {
		return nil
	}
	t := &Telemetry{Method: EnergyCounter, Source: Pos{File: r.file}, Seconds: seconds}
	hosts := len(eps.m)
	for _, ep := range sortedKeys(eps) {
		gpus := eps.sub(ep).sub("gpus")
		for _, key := range sortedKeys(gpus) {
			g := gpus.sub(key)
			m := g.sub("metrics")
			id := strings.TrimPrefix(key, "gpu_")
			if x, ok := g.get("gpu_index").(jnum); ok {
				id = x.text
			}
			if hosts > 1 {
				id = ep + " " + id
			}
			p := GPUPower{ID: id, Name: g.str("gpu_name"), Watts: Absent, Joules: Absent}
			power, energy, util := firstSub(m, telemetryKeys.power), firstSub(m, telemetryKeys.energy), firstSub(m, telemetryKeys.util)
			p.Watts = r.num(power, "avg", powerQ)
			if delta := energy.get("avg"); delta != nil && energy.get("min") == nil && energy.get("max") == nil {
				p.Joules = r.num(energy, "avg", energyQ) * joulesPer(energy.str("unit"))
			}
			p.Idle, p.flat = idleByStats(r, util, power)
			if math.IsNaN(p.Watts) && math.IsNaN(p.Joules) {
				continue
			}
			t.GPUs = append(t.GPUs, p)
		}
	}
	return finishTelemetry(t)
}

// finishTelemetry settles the method of telemetry whose GPUs were read:
// EnergyCounter when every GPU has its energy over the window (its mean
// power then that energy over the window), else PowerMean over the
// tool's mean powers. nil without a GPU.
func finishTelemetry(t *Telemetry) *Telemetry {
	if len(t.GPUs) == 0 {
		return nil
	}
	counter := t.Seconds > 0
	for _, g := range t.GPUs {
		counter = counter && !math.IsNaN(g.Joules)
	}
	if counter {
		for i := range t.GPUs {
			t.GPUs[i].Watts = t.GPUs[i].Joules / t.Seconds
		}
		markIdle(t.GPUs)
		return t
	}
	t.Method, t.Seconds = PowerMean, Absent
	for i := range t.GPUs {
		t.GPUs[i].Joules = Absent
		if math.IsNaN(t.GPUs[i].Watts) {
			return nil // a GPU without its power: the system's is unknown
		}
	}
	markIdle(t.GPUs)
	return t
}

// joulesPer is how many joules one unit of an energy statistic holds:
// AIPerf and GenAI-Perf write MJ.
func joulesPer(unit string) float64 {
	switch unit {
	case "J":
		return 1
	case "kJ":
		return 1e3
	case "mJ":
		return 1e-3
	}
	return 1e6
}

// idleByStats tells an idle GPU from its statistics: its utilization
// never above 0 (its max, else its mean, where the source gives only
// that); without utilization, whether its power was flat (flatPower:
// its max at most IdleSwing above its min), for markIdle. A GPU the
// statistics cannot tell about counts as working.
func idleByStats(r *jreader, util, power obj) (idle, flat bool) {
	if util.exists() {
		if hi := r.num(util, "max", utilQ); !math.IsNaN(hi) {
			return hi == 0, false
		}
		return r.num(util, "avg", utilQ) == 0, false
	}
	lo, hi := r.num(power, "min", powerQ), r.num(power, "max", powerQ)
	return false, lo > 0 && flatPower(lo, hi)
}

// genaiPerfTelemetry reads GenAI-Perf's telemetry_stats: per metric,
// its unit and each GPU's statistics ({"gpu_power_usage": {"unit": "W",
// "gpu0": {"avg": …, …}}}). Its energy is the counter's statistics over
// the whole collection, never the measured window's, so the method is
// PowerMean. (Some releases give the percentiles, min and max of the
// last GPU only: the others have their mean alone.) nil when the file
// has none.
func genaiPerfTelemetry(r *jreader, o obj) *Telemetry {
	stats := o.sub("telemetry_stats")
	power := stats.sub("gpu_power_usage")
	if !power.exists() {
		return nil
	}
	t := &Telemetry{Method: PowerMean, Source: Pos{File: r.file}, Seconds: Absent}
	util := stats.sub("gpu_utilization")
	for _, key := range sortedKeys(power) {
		g := power.sub(key)
		if key == "unit" || !g.exists() {
			continue
		}
		p := GPUPower{ID: strings.TrimPrefix(key, "gpu"), Watts: r.num(g, "avg", powerQ), Joules: Absent}
		p.Idle, p.flat = idleByStats(r, util.sub(key), g)
		t.GPUs = append(t.GPUs, p)
	}
	return finishTelemetry(t)
}

// aiperfWindow is an AIPerf run's window: its start_time and end_time
// (local wall-clock time, as Python's datetime writes it); unknown when
// either is missing or unreadable.
func aiperfWindow(o obj) Window {
	start, ok1 := wallClock(o.str("start_time"))
	end, ok2 := wallClock(o.str("end_time"))
	if !ok1 || !ok2 {
		return Window{}
	}
	return Window{Start: start, End: end}
}

// servingWindow is a vLLM benchmark_serving run's window: its date
// (%Y%m%d-%H%M%S, taken when the run had ended, to the second below)
// back by its duration; unknown without either.
func servingWindow(r *jreader, o obj) Window {
	end, err := time.Parse("20060102-150405", o.str("date"))
	d := r.num(o, "duration", runDuration)
	if err != nil || !(d > 0) {
		return Window{}
	}
	return Window{Start: end.Add(-time.Duration(d * float64(time.Second))), End: end}
}

// wallClock reads a time as written, its zone dropped: ISO 8601 with
// or without fractions, a "T" or a space, as the tools write it.
func wallClock(s string) (time.Time, bool) {
	for _, layout := range []string{"2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05.999999999", time.RFC3339Nano} {
		if t, err := time.Parse(layout, s); err == nil {
			return time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC), true
		}
	}
	return time.Time{}, false
}
