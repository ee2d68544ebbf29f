package ingest

import (
	"math"

	"github.com/openzeka/reportgen/internal/floatsort"
)

// Samples are the per-request values a level keeps: TTFT (ms) and
// per-user TPS (tok/s) of each successful request, in the same order
// (goodput pairs them against the report's SLOs), and its ITL (ms) and
// latency (s), sorted (a comparison tests their distributions).
type Samples struct {
	TTFT, TPS    []float32
	ITL, Latency []float32
}

// pairedOnly keeps of the samples of levels and their runs only TTFT
// and TPS (ReadOptions.PairedOnly).
func pairedOnly(levels []Level) {
	for i := range levels {
		l := &levels[i]
		if l.Samples != nil {
			l.Samples = &Samples{TTFT: l.Samples.TTFT, TPS: l.Samples.TPS}
		}
		pairedOnly(l.Repeats)
	}
}

// sampleSet accumulates the requests of one level: the per-request
// readers (a CSV, vLLM's --save-detailed arrays, AIPerf's records) fill
// one and summarize it.
type sampleSet struct {
	c                   int
	ttft, itl, lat, tps chunked
	errors              int
	pos                 Pos
}

func (s *sampleSet) add(ttft, itl, lat, tps float64) {
	s.ttft.add(float32(ttft))
	s.itl.add(float32(itl))
	s.lat.add(float32(lat))
	s.tps.add(float32(tps))
}

// level turns the samples into a level with computed statistics.
func (s *sampleSet) level() Level {
	l := newLevel(s.c, s.pos)
	// TTFT and TPS stay in request order for goodput, their statistics
	// read from a sorted copy; ITL and latency are sorted from their
	// chunks into the samples kept. One scratch buffer serves the four
	// sorts, one buffer the two copies.
	n := s.ttft.n
	scratch, sorted := make([]float32, n), make([]float32, n)
	inOrder := func(c *chunked) ([]float32, Stat) {
		sum, k := sumOf(c.chunks)
		floatsort.SortParts(sorted, c.chunks, scratch)
		return c.flat(), summarize(sum, k, sorted)
	}
	inSort := func(c *chunked) ([]float32, Stat) {
		sum, k := sumOf(c.chunks)
		out := make([]float32, c.n)
		floatsort.SortParts(out, c.chunks, scratch)
		c.chunks = nil
		return out, summarize(sum, k, out)
	}
	ttft, ttftStat := inOrder(&s.ttft)
	tps, tpsStat := inOrder(&s.tps)
	itl, itlStat := inSort(&s.itl)
	lat, latStat := inSort(&s.lat)
	l.TTFT, l.TPS, l.ITL, l.Latency = ttftStat, tpsStat, itlStat, latStat
	l.Dev = Deviations{TTFT: deviationOf(ttft), ITL: deviationOf(itl), TPS: deviationOf(tps), Latency: deviationOf(lat)}
	l.Requests, l.Errors = len(ttft), s.errors
	l.Samples = &Samples{TTFT: ttft, TPS: tps, ITL: itl, Latency: lat}
	return l
}

// sumOf is the sum of the values of parts that are numbers (not NaN,
// not ±Inf), added in their order, and their count.
func sumOf(parts [][]float32) (float64, int) {
	sum, n := 0.0, 0
	for _, p := range parts {
		for _, x := range p {
			if f := float64(x); !math.IsNaN(f) && !math.IsInf(f, 0) {
				sum += f
				n++
			}
		}
	}
	return sum, n
}

// chunked stores values in fixed-size chunks, so that growing never
// copies (append's doubling leaves the old array as garbage, which at a
// million rows pushed the peak heap past 50 MB).
type chunked struct {
	chunks [][]float32
	n      int
}

const chunkSize = 8192

func (c *chunked) add(v float32) {
	if len(c.chunks) == 0 || len(c.chunks[len(c.chunks)-1]) == chunkSize {
		c.chunks = append(c.chunks, make([]float32, 0, chunkSize))
	}
	last := &c.chunks[len(c.chunks)-1]
	*last = append(*last, v)
	c.n++
}

// flat returns the values in one slice and releases the chunks.
func (c *chunked) flat() []float32 {
	out := make([]float32, 0, c.n)
	for _, ch := range c.chunks {
		out = append(out, ch...)
	}
	c.chunks = nil
	return out
}

// deviationOf is the sample standard deviation (n − 1) of the values
// that are numbers, and their count; unknown (zero) with fewer than two.
func deviationOf(v []float32) Deviation {
	n, mean := 0, 0.0
	for _, x := range v {
		if f := float64(x); !math.IsNaN(f) && !math.IsInf(f, 0) {
			n++
			mean += (f - mean) / float64(n)
		}
	}
	if n < 2 {
		return Deviation{}
	}
	ss := 0.0
	for _, x := range v {
		if f := float64(x); !math.IsNaN(f) && !math.IsInf(f, 0) {
			ss += (f - mean) * (f - mean)
		}
	}
	return Deviation{SD: math.Sqrt(ss / float64(n-1)), N: n}
}
