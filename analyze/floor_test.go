package analyze_test

import (
	"math"
	"slices"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
)

// floors lists a report's ttft_floor anomalies as "config>rival".
func floors(r *analyze.Report) []string {
	var out []string
	for _, a := range r.Anomalies {
		if a.Kind == analyze.TTFTFloor {
			out = append(out, a.Config+">"+a.Rival)
		}
	}
	return out
}

// TestTTFTFloorBoundary: a config's TTFT at the lowest common level
// FloorFactor (3×) times its rival's or more is out of line; a hair
// under is not. The rival is the other config with the lowest TTFT
// there; the check reads the lowest level every config measured, not
// a config's own lowest, and compares means, else medians.
func TestTTFTFloorBoundary(t *testing.T) {
	two := func(ttft float64) []ingest.Config {
		return []ingest.Config{
			{ID: "fast", Levels: []ingest.Level{edgeLevel(1, 100, 40), edgeLevel(2, 150, 35)}},
			{ID: "slow", Levels: []ingest.Level{edgeLevel(1, ttft, 40), edgeLevel(2, 400, 35)}},
		}
	}
	for _, tc := range []struct {
		name string
		cfgs []ingest.Config
		want []string
	}{
		{"exactly 3×", two(300), []string{"slow>fast"}},
		{"a hair under 3×", two(hairBelow(300)), nil},
		{"a hair over 3×", two(hairAbove(300)), []string{"slow>fast"}},
		{"the rival is the fastest of the others", append(two(450), ingest.Config{ID: "mid", Levels: []ingest.Level{edgeLevel(1, 160, 40), edgeLevel(2, 200, 35)}}),
			// slow: 450 against fast's 100 (4.5×); mid: 160 (1.6×), no floor.
			[]string{"slow>fast"}},
		{"a config alone has no rival", two(900)[1:], nil},
		{"the lowest common level, not a config's own lowest", []ingest.Config{
			// only-high has no c=1: the common levels start at c=2,
			// where slow's 400 ms is 2.7× fast's 150 ms.
			{ID: "fast", Levels: []ingest.Level{edgeLevel(1, 100, 40), edgeLevel(2, 150, 35)}},
			{ID: "slow", Levels: []ingest.Level{edgeLevel(1, 900, 40), edgeLevel(2, 400, 35)}},
			{ID: "only-high", Levels: []ingest.Level{edgeLevel(2, 300, 35)}},
		}, nil},
	} {
		r := buildEdges(t, analyze.Options{}, nil, tc.cfgs...)
		if got := floors(r); !slices.Equal(got, tc.want) {
			t.Errorf("%s: floors %q, want %q", tc.name, got, tc.want)
		}
	}
	// Medians where a source gives no mean: one footing for both.
	median := func(id string, ttft float64) ingest.Config {
		l := edgeLevel(1, ttft, 40)
		l.TTFT.Mean, l.TTFT.P50 = math.NaN(), ttft
		return ingest.Config{ID: id, Levels: []ingest.Level{l}}
	}
	r := buildEdges(t, analyze.Options{}, nil, median("fast", 100), median("slow", 300))
	a := anomalyOf(r, analyze.TTFTFloor, "slow", 1)
	if a == nil || a.Values["median"] != 1 || a.Values["ratio"] != 3 || a.Values["rival_ttft"] != 100 || a.Values["ttft"] != 300 {
		t.Errorf("medians: %+v", a)
	}
}

// TestConfounds: the settings whose values differ between the
// configurations' commands, beside engine and speculative decoding: an
// engine's spelling and another's are one setting, a setting one
// command leaves out differs, and housekeeping and speculative options
// are not confounds.
func TestConfounds(t *testing.T) {
	cfg := func(id, cmd string) analyze.Config {
		return analyze.Config{ID: id, Flags: analyze.ParseCommand(cmd)}
	}
	got := analyze.Confounds([]analyze.Config{
		cfg("v", "vllm serve m --gpu-memory-utilization 0.9 --kv-cache-dtype fp8 --port 8000 --load-format fastsafetensors --max-num-seqs 32"),
		cfg("vs", "vllm serve m --gpu-memory-utilization 0.9 --kv-cache-dtype fp8 --port 8001 --max-num-seqs 32 --speculative-config '{\"method\":\"eagle\"}'"),
		cfg("s", "python -m sglang.launch_server --model-path m --mem-fraction-static 0.85 --max-running-requests 32 --speculative-draft-model-path d"),
		{ID: "none"}, // no command: not compared
	})
	var names []string
	for _, c := range got {
		names = append(names, c.Setting)
	}
	want := []string{"gpu_memory_utilization", "kv_cache_dtype"}
	if !slices.Equal(names, want) {
		t.Errorf("confounds %q, want %q", names, want)
	}
	if len(got) > 0 && !slices.Equal(got[0].Flags, []string{"--gpu-memory-utilization", "--mem-fraction-static"}) {
		t.Errorf("spellings %q", got[0].Flags)
	}
	if c := analyze.Confounds([]analyze.Config{cfg("a", "vllm serve m --kv-cache-dtype fp8"), {ID: "b"}}); c != nil {
		t.Errorf("one command alone: %+v", c)
	}
}
