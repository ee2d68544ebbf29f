package ingest

import (
	"math"
	"slices"
	"time"
)

// How a power log or a DCGM export measures a run: its coverage of the
// run's window and each GPU's energy over it (over), by the trapezoid
// rule over power samples or by an energy counter's delta.

// span is the time the log's samples cover: its first and last sample
// of any GPU (power or energy).
func (pl *powerLog) span() (first, last time.Time) {
	for _, g := range pl.gpus {
		for _, s := range [][]powerSample{g.samples, g.energy} {
			if len(s) == 0 {
				continue
			}
			if a := s[0].t; first.IsZero() || a.Before(first) {
				first = a
			}
			if b := s[len(s)-1].t; b.After(last) {
				last = b
			}
		}
	}
	return first, last
}

// coverage is how a power log covers a run's window.
type coverage int

const (
	// coverNone: no sample of the log lies in or around the window.
	coverNone coverage = iota
	// coverPart: the log's samples overlap the window, but some GPU has
	// no sample at or before its start, or at or after its end.
	coverPart
	// coverAll: every GPU has samples at or around both ends.
	coverAll
)

// over is the log's telemetry over window w (in the log's clock: on),
// and how the log covers it. For coverAll, each GPU's energy: with
// energy counters (pl.counter), the counter's delta from w.Start to
// w.End (counterOver); else its power samples integrated by the
// trapezoid rule (samplesOver); its mean power that energy over the
// window; Telemetry.Gap the longest interval between two samples that
// the figures rest on.
func (pl *powerLog) over(w Window) (*Telemetry, coverage) {
	first, last := pl.span()
	if last.Before(w.Start) || first.After(w.End) {
		return nil, coverNone
	}
	secs := w.Seconds()
	t := &Telemetry{Method: PowerSamples, Source: Pos{File: pl.file}, Seconds: secs}
	if pl.counter {
		t.Method = EnergyCounter
	}
	for _, g := range pl.gpus {
		over := samplesOver
		s := g.samples
		if pl.counter {
			over, s = counterOver, g.energy
		}
		joules, gap, line, ok := over(s, w)
		if !ok {
			return nil, coverPart
		}
		if t.Source.Line == 0 || line < t.Source.Line {
			t.Source.Line = line
		}
		t.Gap = math.Max(t.Gap, gap)
		idle, flat := pl.idle(g, w)
		t.GPUs = append(t.GPUs, GPUPower{ID: g.id, Name: g.name, Watts: joules / secs, Joules: joules, Idle: idle, flat: flat})
	}
	markIdle(t.GPUs)
	return t, coverAll
}

// samplesOver integrates power samples s over window w by the trapezoid
// rule, the power at either end interpolated between the samples around
// it: the energy (J), the longest interval between two samples that
// overlaps the window (s), and the line of the sample at or before its
// start. ok is false when no sample lies at or before its start, or at
// or after its end.
func samplesOver(s []powerSample, w Window) (joules, gap float64, line int, ok bool) {
	i := lastAtOrBefore(s, w.Start)
	j := firstAtOrAfter(s, w.End)
	if i < 0 || j < 0 {
		return 0, 0, 0, false
	}
	prevT, prevW := w.Start, interpolate(s[i], s[i+min(1, j-i)], w.Start)
	for k := i; k <= j; k++ {
		if k > i {
			gap = math.Max(gap, s[k].t.Sub(s[k-1].t).Seconds())
		}
		x, y := s[k].t, s[k].w
		if k == j {
			x, y = w.End, interpolate(s[max(i, j-1)], s[j], w.End)
		}
		if x.After(prevT) {
			joules += (prevW + y) / 2 * x.Sub(prevT).Seconds()
			prevT, prevW = x, y
		}
	}
	return joules, gap, s[i].line, true
}

// counterOver is the energy an energy counter's samples e (J, never
// falling) measure over window w: the counter at w.End less the
// counter at w.Start, each interpolated between the samples around it.
// Between two samples the delta is exact, whatever lies between them;
// only at the window's ends is it interpolated, so gap is the longer
// of the intervals around either end (0 at an end a sample falls on).
// line is that of the sample at or before the start; ok is false when
// no sample lies at or before the start, or at or after the end.
func counterOver(e []powerSample, w Window) (joules, gap float64, line int, ok bool) {
	i := lastAtOrBefore(e, w.Start)
	j := firstAtOrAfter(e, w.End)
	if i < 0 || j < 0 {
		return 0, 0, 0, false
	}
	if e[i].t.Before(w.Start) {
		gap = e[i+1].t.Sub(e[i].t).Seconds()
	}
	if e[j].t.After(w.End) {
		gap = math.Max(gap, e[j].t.Sub(e[j-1].t).Seconds())
	}
	a := interpolate(e[i], e[min(i+1, j)], w.Start)
	b := interpolate(e[max(i, j-1)], e[j], w.End)
	return b - a, gap, e[i].line, true
}

// idle tells whether GPU g did no work in window w: its utilization
// never above 0 where the log has it (samples in the window, else the
// two around it); else whether its power was flat (flatPower) there, for
// markIdle: its power samples', or, with a counter alone, the mean
// power between the counter's samples.
func (pl *powerLog) idle(g gpuSeries, w Window) (idle, flat bool) {
	if pl.util {
		u, val := around(g.samples, w), func(x powerSample) float64 { return x.util }
		if pl.utc {
			u, val = around(g.util, w), func(x powerSample) float64 { return x.w }
		}
		for _, x := range u {
			if !(val(x) == 0) {
				return false, false
			}
		}
		return len(u) > 0, false
	}
	var watts []float64
	if len(g.samples) > 0 {
		for _, x := range around(g.samples, w) {
			watts = append(watts, x.w)
		}
	} else {
		e := around(g.energy, w)
		for k := 1; k < len(e); k++ {
			watts = append(watts, (e[k].w-e[k-1].w)/e[k].t.Sub(e[k-1].t).Seconds())
		}
	}
	if len(watts) == 0 {
		return false, false
	}
	lo, hi := slices.Min(watts), slices.Max(watts)
	return false, lo > 0 && flatPower(lo, hi)
}

// around are the samples of s within window w, or, when none is, those
// at or before its start and at or after its end.
func around(s []powerSample, w Window) []powerSample {
	var in []powerSample
	for _, x := range s {
		if !x.t.Before(w.Start) && !x.t.After(w.End) {
			in = append(in, x)
		}
	}
	if len(in) > 0 {
		return in
	}
	if i := lastAtOrBefore(s, w.Start); i >= 0 {
		in = append(in, s[i])
	}
	if j := firstAtOrAfter(s, w.End); j >= 0 {
		in = append(in, s[j])
	}
	return in
}

// lastAtOrBefore is the index of the last sample at or before t; -1
// when none is.
func lastAtOrBefore(s []powerSample, t time.Time) int {
	i := -1
	for k, x := range s {
		if x.t.After(t) {
			break
		}
		i = k
	}
	return i
}

// firstAtOrAfter is the index of the first sample at or after t; -1
// when none is.
func firstAtOrAfter(s []powerSample, t time.Time) int {
	for k, x := range s {
		if !x.t.Before(t) {
			return k
		}
	}
	return -1
}

// interpolate is the power at t on the line between samples a and b
// (a's when they are one sample or at one time).
func interpolate(a, b powerSample, t time.Time) float64 {
	d := b.t.Sub(a.t).Seconds()
	if d <= 0 {
		return a.w
	}
	f := t.Sub(a.t).Seconds() / d
	return a.w + f*(b.w-a.w)
}
