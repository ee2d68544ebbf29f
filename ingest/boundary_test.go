package ingest

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// Readers at the edges their fixtures do not reach: a unit the fixture
// never uses, a percentile the fixture's four requests make equal to its
// neighbour, a number whose reading depends on the delimiter.

// TestGuideLLMCSVP90IsTheP90: guidellm packs percentiles as [min, p0.1,
// p1, p5, p10, p25, p75, p90, p95, p99, max]; the reader takes p10, p90
// and p99 from their own places. The fixture's four requests a level
// make p90 and p95 equal, so its TTFT list is replaced here by one whose
// every value differs.
func TestGuideLLMCSVP90IsTheP90(t *testing.T) {
	const fixtureList = `"[171.26083374023438, 171.26083374023438, 171.26083374023438, 171.26083374023438, 171.26083374023438, 171.26083374023438, 171.6465950012207, 172.63293266296387, 172.63293266296387, 172.63293266296387, 172.63293266296387]"`
	// min, p0.1, p1, p5, p10, p25, p75, p90, p95, p99, max
	const distinct = `"[165, 166, 168, 169, 170, 171, 173, 175, 180, 190, 200]"`
	for _, file := range []string{"testdata/guidellm/qwen3-4b-c4-v05.csv", "testdata/guidellm/qwen3-4b-c4-v03.csv"} {
		path, data := fixture(t, file)
		if !strings.Contains(string(data), fixtureList) {
			t.Fatalf("%s: the TTFT percentile list is not the one this test replaces", file)
		}
		edited := strings.ReplaceAll(string(data), fixtureList, distinct)
		levels, _, _, err := readRuns(path, []byte(edited), FormatGuideLLMCSV)
		if err != nil {
			t.Fatal(err)
		}
		if s := levels[0].TTFT; s.P10 != 170 || s.P90 != 175 || s.P99 != 190 {
			t.Errorf("%s: TTFT p10 %v, p90 %v, p99 %v; want 170, 175 (not the p95 180), 190", file, s.P10, s.P90, s.P99)
		}
	}
}

// TestAIPerfRecordUnits: AIPerf's per-request records give each time in
// its own unit; ns, ms, s and sec all read as the same request (TTFT
// 100 ms, ITL 10 ms, latency 2 s, so 200 tokens at 100 tok/s).
func TestAIPerfRecordUnits(t *testing.T) {
	for _, tc := range []struct {
		unit  string
		scale float64 // the unit's value of 1 ms
	}{
		{"ns", 1e6}, {"NS", 1e6}, {"ms", 1}, {"s", 1e-3}, {"sec", 1e-3},
	} {
		rec := func(ttftMs, latMs float64) string {
			return fmt.Sprintf(`{"metadata": {"x_request_id": "r"}, "metrics": {"time_to_first_token": {"value": %g, "unit": %q}, "request_latency": {"value": %g, "unit": %q}, "inter_token_latency": {"value": %g, "unit": %q}, "output_sequence_length": {"value": 200, "unit": "tokens"}}, "error": null}`,
				ttftMs*tc.scale, tc.unit, latMs*tc.scale, tc.unit, 10*tc.scale, tc.unit)
		}
		data := []byte(rec(100, 2000) + "\n" + rec(100, 2000) + "\n")
		levels, _, _, err := readRuns("profile_export.jsonl", data, FormatAIPerfRecords)
		if err != nil {
			t.Errorf("unit %s: %v", tc.unit, err)
			continue
		}
		l := levels[0]
		near := func(got, want float64) bool { return math.Abs(got-want) <= 1e-4*want }
		if !near(l.TTFT.Mean, 100) || !near(l.ITL.Mean, 10) || !near(l.Latency.Mean, 2) || !near(l.TPS.Mean, 100) || l.Requests != 2 {
			t.Errorf("unit %s: TTFT %v ms, ITL %v ms, latency %v s, TPS %v, %d requests; want 100, 10, 2, 100, 2",
				tc.unit, l.TTFT.Mean, l.ITL.Mean, l.Latency.Mean, l.TPS.Mean, l.Requests)
		}
	}
}

// TestDecimalPointOutsideSemicolonFiles: "1.234" is a decimal number in a
// comma- or tab-separated file; only in a ';'-separated one (the Turkish
// Excel dialect, where '.' groups thousands) is it ambiguous and refused.
func TestDecimalPointOutsideSemicolonFiles(t *testing.T) {
	cols := []string{"c", "ttft_mean", "ttft_p90", "itl_mean", "itl_p90", "tps_mean", "tps_p90", "lat_mean", "lat_p90"}
	vals := []string{"1", "1.234", "2", "3", "4", "50", "60", "7", "8"}
	for _, tc := range []struct {
		name, sep string
		want      float64 // TTFT mean; NaN: refused
	}{
		{"tab-separated", "\t", 1.234},
		{"comma-separated", ",", 1.234},
		{"semicolon-separated", ";", math.NaN()},
	} {
		in := strings.Join(cols, tc.sep) + "\n" + strings.Join(vals, tc.sep) + "\n"
		cfg, _, err := readExport("x.csv", []byte(in))
		switch {
		case math.IsNaN(tc.want):
			if err == nil || !strings.Contains(err.Error(), `"1.234" is ambiguous`) {
				t.Errorf("%s: err %v, want 1.234 refused as ambiguous", tc.name, err)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case cfg.Levels[0].TTFT.Mean != tc.want:
			t.Errorf("%s: TTFT mean %v, want %v", tc.name, cfg.Levels[0].TTFT.Mean, tc.want)
		}
	}
}
