package analyze_test

import (
	"math"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
)

// deliveredEdge is a concurrency-4 run completing rps requests per
// second (the tool's own figure), reporting tool tok/s of output and
// tokens mean output tokens per request (NaN: unknown), with TPS mean
// 40 tok/s per user.
func deliveredEdge(rps, tool, tokens float64) ingest.Level {
	l := edgeLevel(4, 100, 40)
	l.SystemRPS, l.OutputTPS, l.OutputTokens = rps, tool, tokens
	return l
}

// TestDeliveredOutputSources: aggregate output is request throughput ×
// output tokens wherever the length is known, the file's mean before
// the manifest's; else the tool's own output throughput; else, named,
// TPS mean × c; else unknown.
func TestDeliveredOutputSources(t *testing.T) {
	nan := math.NaN()
	for _, tc := range []struct {
		name     string
		level    ingest.Level
		manifest int
		want     float64
		source   analyze.AggregateSource
	}{
		{"file tokens", deliveredEdge(2, 500, 120), 0, 240, analyze.AggregateDelivered},
		{"file before manifest", deliveredEdge(2, 500, 120), 128, 240, analyze.AggregateDelivered},
		{"manifest tokens", deliveredEdge(2, 500, nan), 128, 256, analyze.AggregateDelivered},
		{"tool, length unknown", deliveredEdge(2, 500, nan), 0, 500, analyze.AggregateTool},
		{"per-user fallback", deliveredEdge(nan, nan, nan), 0, 160, analyze.AggregatePerUser},
		// Without the tool's throughput, Little's law gives it: c / mean
		// latency = 4 / 5 s, × 128 tokens.
		{"little's law × manifest", deliveredEdge(nan, nan, nan), 128, 4.0 / 5 * 128, analyze.AggregateDelivered},
	} {
		var m *ingest.Manifest
		if tc.manifest > 0 {
			m = &ingest.Manifest{}
			m.Benchmark.OutputTokens = &tc.manifest
		}
		l := buildEdges(t, analyze.Options{}, m, ingest.Config{ID: "x", Levels: []ingest.Level{tc.level}}).Configs[0].Levels[0]
		if math.Abs(l.AggregateTPS-tc.want) > 1e-9 || l.AggregateSource != tc.source {
			t.Errorf("%s: aggregate %v (%s), want %v (%s)", tc.name, l.AggregateTPS, l.AggregateSource, tc.want, tc.source)
		}
	}
	none := deliveredEdge(math.NaN(), math.NaN(), math.NaN())
	none.TPS.Mean = math.NaN()
	if l := buildEdge(t, analyze.Options{}, none).Levels[0]; !math.IsNaN(l.AggregateTPS) || l.AggregateSource != "" {
		t.Errorf("nothing to tell: aggregate %v (%q), want unknown", l.AggregateTPS, l.AggregateSource)
	}
}

// TestAggregateMismatchAtTolerance: a tool's own output throughput
// exactly 5 % off request throughput × output tokens is consistent; a
// hair more, either way, is an aggregate_mismatch anomaly.
func TestAggregateMismatchAtTolerance(t *testing.T) {
	// 4 req/s × 100 tokens = 400 tok/s delivered.
	for _, tc := range []struct {
		tool float64
		want bool
	}{
		{420, false}, {hairAbove(420), true}, {380, false}, {hairBelow(380), true}, {400, false},
	} {
		r := buildEdges(t, analyze.Options{}, nil, ingest.Config{ID: "x", Levels: []ingest.Level{deliveredEdge(4, tc.tool, 100)}})
		got := anomalyOf(r, analyze.AggregateMismatch, "x", 4)
		if (got != nil) != tc.want {
			t.Errorf("tool %v against 400 delivered: mismatch %v, want %v", tc.tool, got, tc.want)
		}
		if l := r.Configs[0].Levels[0]; l.AggregateTPS != 400 || l.AggregateReported != tc.tool {
			t.Errorf("tool %v: aggregate %v, reported %v; the delivered figure is used, the tool's kept", tc.tool, l.AggregateTPS, l.AggregateReported)
		}
	}
}
