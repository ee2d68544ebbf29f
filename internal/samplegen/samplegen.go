// Package samplegen generates synthetic benchmark data from a model of
// requests: the comparison pairs of compare's tests (pairs.go: one of
// each kind of pair users compare, in the files of vLLM, LLMPerf and
// AIPerf), and the per-request data of the comparison sample,
// samples/compare/before and samples/compare/after: one
// per-request CSV per configuration
// (concurrency,ttft_ms,itl_ms,latency_s,output_tokens,error), made from
// the model below with a fixed seed, so that the sample is the same
// every time and its every number can be traced to a line here. The
// test beside it keeps the files equal to what it generates; go test
// ./internal/samplegen -update writes them.
//
// The model of one request at concurrency c: its TTFT is log-normal
// around the level's mean TTFT (σ = TTFTSigma of the log), its TPOT
// normal around the level's mean (TPOTSpread relative standard
// deviation), its output OutputTokens tokens (the benchmark's fixed
// length, as the manifests state), and its latency TTFT + TPOT ×
// (tokens − 1), as a streamed request takes.
// Each level holds RoundsPerUser × c requests, at least MinRequests.
package samplegen

import (
	"fmt"
	"math"
	"strings"
)

// The model's constants.
const (
	TTFTSigma     = 0.35
	TPOTSpread    = 0.05
	OutputTokens  = 256
	RoundsPerUser = 4
	MinRequests   = 24
)

// Level is one load level's means.
type Level struct {
	C      int     // concurrency
	TTFTms float64 // mean TTFT, ms
	TPOTms float64 // mean time per output token, ms
}

// Config is one configuration's levels and the seed of its requests.
type Config struct {
	ID     string
	Seed   uint64
	Levels []Level
}

// CSV is the configuration's per-request data.
func (c Config) CSV() []byte {
	var b strings.Builder
	b.WriteString("concurrency,ttft_ms,itl_ms,latency_s,output_tokens,error\n")
	r := rng{state: c.Seed}
	for _, l := range c.Levels {
		n := max(RoundsPerUser*l.C, MinRequests)
		for range n {
			// The log-normal's mean is TTFTms: exp(σZ − σ²/2) has mean 1.
			ttft := l.TTFTms * math.Exp(TTFTSigma*r.norm()-TTFTSigma*TTFTSigma/2)
			tpot := math.Max(l.TPOTms*(1+TPOTSpread*r.norm()), l.TPOTms/4)
			tokens := OutputTokens
			latency := (ttft + tpot*float64(tokens-1)) / 1000
			fmt.Fprintf(&b, "%d,%.2f,%.3f,%.4f,%d,\n", l.C, ttft, tpot, latency, tokens)
		}
	}
	return []byte(b.String())
}

// rng is SplitMix64 (Steele, Lea and Flood, 2014): a generator fixed
// here, so that the sample does not change with Go's math/rand.
type rng struct{ state uint64 }

func (r *rng) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// uniform is in (0, 1).
func (r *rng) uniform() float64 { return (float64(r.next()>>11) + 0.5) / (1 << 53) }

// norm is a standard normal value (Box–Muller, one of the pair).
func (r *rng) norm() float64 {
	return math.Sqrt(-2*math.Log(r.uniform())) * math.Cos(2*math.Pi*r.uniform())
}

// scaled is levels with the TTFT and TPOT of each level at concurrency
// c multiplied by ttft(c) and tpot(c).
func scaled(levels []Level, ttft, tpot func(c int) float64) []Level {
	out := make([]Level, len(levels))
	for i, l := range levels {
		out[i] = Level{C: l.C, TTFTms: l.TTFTms * ttft(l.C), TPOTms: l.TPOTms * tpot(l.C)}
	}
	return out
}

func one(int) float64 { return 1 }

// The baseline's configurations: vLLM without and with a speculative
// draft model, and SGLang, measured at c = 1 … 32.
var (
	vllmDirect = []Level{{1, 45, 7}, {2, 55, 7.5}, {4, 80, 8.5}, {8, 160, 10}, {16, 420, 13}, {32, 950, 18}}
	vllmEagle  = []Level{{1, 50, 4.5}, {2, 60, 5}, {4, 90, 6}, {8, 180, 8}, {16, 460, 12}, {32, 1000, 19}}
	sglang     = []Level{{1, 40, 7.2}, {2, 50, 7.6}, {4, 75, 8.4}, {8, 150, 10.2}, {16, 400, 13.5}, {32, 900, 18.5}}
	eagle3     = []Level{{1, 50, 4}, {2, 60, 4.4}, {4, 90, 5.4}, {8, 180, 7.5}, {16, 460, 11.5}, {32, 1000, 18.5}}
)

// Before is the baseline campaign.
func Before() []Config {
	return []Config{
		{ID: "vllm-direct", Seed: 101, Levels: vllmDirect},
		{ID: "vllm-eagle", Seed: 102, Levels: vllmEagle},
		{ID: "sglang-direct", Seed: 103, Levels: sglang},
	}
}

// After is the candidate campaign, the baseline with these changes (the
// sample's README.md says the same):
//   - vllm-direct: a scheduler upgrade; mean TTFT × 0.6 from c = 8 on,
//     TPOT unchanged;
//   - vllm-eagle: a new draft model; mean TPOT × 0.85 up to c = 4, × 1.12
//     from c = 16 on, TTFT unchanged;
//   - sglang-direct: nothing changed (new requests from the same
//     model), and measured only up to c = 16;
//   - vllm-eagle3: a configuration the baseline does not have.
func After() []Config {
	return []Config{
		{ID: "vllm-direct", Seed: 201, Levels: scaled(vllmDirect, func(c int) float64 {
			if c >= 8 {
				return 0.6
			}
			return 1
		}, one)},
		{ID: "vllm-eagle", Seed: 202, Levels: scaled(vllmEagle, one, func(c int) float64 {
			switch {
			case c <= 4:
				return 0.85
			case c >= 16:
				return 1.12
			}
			return 1
		})},
		{ID: "sglang-direct", Seed: 203, Levels: sglang[:5]},
		{ID: "vllm-eagle3", Seed: 204, Levels: eagle3},
	}
}
