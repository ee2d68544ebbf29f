package analyze_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
	"github.com/openzeka/reportgen/internal/testutil"
)

// buildDir analyzes the report folder dir.
func buildDir(t testing.TB, dir string) *analyze.Report {
	t.Helper()
	c, err := ingest.Read(dir, ingest.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := analyze.Build(c, analyze.Options{Now: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	checkKinds(t, r)
	return r
}

// TestReadJSONRoundTrip reads every sample's analysis.json back and
// writes it again: the same bytes, so that nothing analysis.json holds
// is lost or changed on the way (a cost section, ∞ rates, unknown
// counts and absent statistics included).
func TestReadJSONRoundTrip(t *testing.T) {
	dirs, err := filepath.Glob("../samples/*/report.toml")
	if err != nil || len(dirs) < 3 {
		t.Fatalf("samples: %v %v", dirs, err)
	}
	for _, m := range dirs {
		dir := filepath.Dir(m)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			r := buildDir(t, dir)
			r.Params.PricePerGPUHour, r.Params.Currency = 2.5, "USD" // a cost section too
			for i := range r.Configs {
				c := &r.Configs[i]
				c.Cost = &analyze.Cost{AtCapacity: analyze.CapacityCost{Stat: analyze.P90, Load: 4, AggregateTPS: 100, PerMillion: nan()},
					AtTarget: &analyze.TargetCost{Target: 15, AggregateTPS: nan(), PerMillion: 1.5, Reason: "x"}}
			}
			want, err := json.MarshalIndent(r, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			back, err := analyze.ReadJSON("analysis.json", want)
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.MarshalIndent(back, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			if d := testutil.Diff("written", "read back", want, got); d != "" {
				t.Error(d)
			}
			sameModel(t, r, back)
		})
	}
}

// sameModel: the numbers analysis.json writes as null or "inf" come
// back as the model holds them.
func sameModel(t *testing.T, r, back *analyze.Report) {
	t.Helper()
	for i, c := range r.Configs {
		for j, l := range c.Levels {
			b := back.Configs[i].Levels[j]
			if !same(b.RPSReported, l.RPSReported) || !same(b.Rate, l.Rate) || b.Requests != l.Requests || b.Errors != l.Errors || !same(b.Goodput, l.Goodput) || !same(b.TTFT.P10, l.TTFT.P10) {
				t.Errorf("%s %v: read back %+v, want %+v", c.ID, l.Load, b, l)
			}
		}
		for _, p := range analyze.Percentiles {
			a, b := c.Capacity.Get(p), back.Configs[i].Capacity.Get(p)
			if a.Max != b.Max || a.LowerBound != b.LowerBound || a.Users != b.Users || !same(a.LatencyMeanS, b.LatencyMeanS) || !same(a.ThroughputRPS, b.ThroughputRPS) {
				t.Errorf("%s capacity %s: read back %+v, want %+v", c.ID, p, b, a)
			}
		}
	}
}

func nan() float64 { v := 0.0; return v / v }

// same reports whether two numbers are equal, NaN equal to NaN.
func same(a, b float64) bool { return a == b || a != a && b != b }

// TestReadJSONErrors: what is not an analysis.json is refused with the
// file, the line and column of the value and its key path.
func TestReadJSONErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{``, "a.json:1:1: no JSON value"},
		{`{"schema_version": 3,}`, "a.json:1:22: invalid character '}'"},
		{`[1]`, "a.json:1:1: not a JSON object"},
		{`{"name": "x"}`, "a.json:1:1: no schema_version"},
		{`{"schema_version": 2}`, "a.json:1:20: schema_version: 2: expected 3"},
		{`{"schema_version": 3} {}`, "a.json:1:23: more than one JSON value"},
		{"{\"schema_version\": 3,\n \"configs\": [{\"id\": \"a\", \"levels\": [{\"load\": 1}, {\"load\": \"x\"}]}]}",
			`a.json:2:59: configs[0].levels[1].load: found a string; expected a number or "inf"`},
		{"{\"schema_version\": 3, \"configs\": [{\"levels\": [{\"ttft_ms\": {\"mean\": \"1\"}}]}]}",
			"a.json:1:68: configs[0].levels[0].ttft_ms.mean: found a string; expected a number"},
		{`{"schema_version": 3, "configs": [{"gpus": 1.5}]}`, "a.json:1:44: configs[0].gpus: found a number; expected a whole number of GPUs or null"},
		{`{"schema_version": 3, "meta": {"date": "July"}}`, `a.json:1:40: meta.date: "July" is not a date`},
		{`{"schema_version": 3, "findings": [{"values": {"a": {}}}]}`, "a.json:1:53: findings[0].values.a: found an object; expected a number"},
		{`{"schema_version": 3, "configs": [{"levels": [{"requests": 1.5}]}]}`, "a.json:1:47: configs[0].levels[0]: found the number 1.5; expected a whole number"},
	} {
		_, err := analyze.ReadJSON("a.json", []byte(tc.in))
		var re *analyze.ReadError
		if !errors.As(err, &re) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %s…", tc.in, err, tc.want)
		}
	}
}

// FuzzReadJSON: whatever the input, ReadJSON reads it or refuses it
// with a position, and what it reads writes without an error.
func FuzzReadJSON(f *testing.F) {
	for _, dir := range []string{"../samples/rate-sweep"} {
		if data, err := json.Marshal(buildDir(f, dir)); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"schema_version": 3, "configs": [{"levels": [{"load": "inf", "ttft_ms": {"mean": null}}]}]}`))
	f.Add([]byte(`{"schema_version": 3, "findings": [{"values": {"a": "inf", "b": null}}], "scenarios": [{"margins": [1, null, "inf"]}]}`))
	if data, err := os.ReadFile("testdata/sample-findings.golden"); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := analyze.ReadJSON("f.json", data)
		if err != nil {
			var re *analyze.ReadError
			if !errors.As(err, &re) || re.File != "f.json" || re.Line == 0 {
				t.Fatalf("error without a position: %v", err)
			}
			return
		}
		if _, err := json.Marshal(r); err != nil {
			t.Fatalf("read %q, cannot write it: %v", data, err)
		}
	})
}
