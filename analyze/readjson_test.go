package analyze_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/analyze/compare"
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
				c.Cost = &analyze.Cost{AtCapacity: analyze.CapacityCost{Stat: analyze.P90, Load: 4, AggregateTPS: 100, PerMillion: nan(), Reason: "no_throughput"},
					AtTarget: &analyze.TargetCost{Target: 15, AggregateTPS: 120, PerMillion: 1.5}}
				// Energy and efficiency too: one level measured, one
				// refused (its numbers null).
				c.Levels[0].Energy = &analyze.Energy{Method: ingest.PowerSamples, Source: "a/power.csv:2", GPUs: 1, IdleGPUs: 1, SourceGPUs: 2, PowerW: 295,
					PowerPerGPUW: 295, JPerOutputToken: 0.25, JPerToken: 0.05, OutputTokensPerJ: 4, JPerGoodToken: nan(), GapS: 1}
				c.Levels[1].Energy = &analyze.Energy{Method: ingest.EnergyCounter, Source: "a/b.json", GPUs: 2, SourceGPUs: 2, PowerW: nan(), PowerPerGPUW: nan(),
					JPerOutputToken: nan(), JPerToken: nan(), OutputTokensPerJ: nan(), JPerGoodToken: nan(), GapS: nan(), Reason: "gpu_count"}
				c.Efficiency = &analyze.Efficiency{AtCapacity: analyze.CapacityEfficiency{Stat: analyze.P90, Load: 4, PowerW: 295, JPerOutputToken: 0.25,
					OutputTokensPerJ: 4, TokensPerUnit: nan(), Goodput: 0.5, PerMillionGood: nan(), JPerGoodToken: 0.5},
					AtTarget: &analyze.TargetEfficiency{Target: 15, PowerW: nan(), JPerOutputToken: nan(), OutputTokensPerJ: nan(), TokensPerUnit: 1000, Reason: "above_measured"}}
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
		if e, b := c.Efficiency, back.Configs[i].Efficiency; e != nil && (b == nil || !same(b.AtCapacity.TokensPerUnit, e.AtCapacity.TokensPerUnit) || !same(b.AtTarget.PowerW, e.AtTarget.PowerW)) {
			t.Errorf("%s efficiency: read back %+v, want %+v", c.ID, b, e)
		}
		for j, l := range c.Levels {
			b := back.Configs[i].Levels[j]
			if e := l.Energy; e != nil && (b.Energy == nil || !same(b.Energy.PowerW, e.PowerW) || !same(b.Energy.GapS, e.GapS) || b.Energy.Reason != e.Reason) {
				t.Errorf("%s %v energy: read back %+v, want %+v", c.ID, l.Load, b.Energy, e)
			}
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

// TestReadJSONText: what is not one JSON object of a known
// schema_version is refused with the file, the line and column of the
// value and its key path: a syntax error, a file cut short, a key
// written twice, NaN and Infinity (which JSON has not), numbers no
// float64 holds, another schema version. A syntax error says what it
// found and what was expected, as the other errors do.
func TestReadJSONText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{``, "a.json:1:1: no JSON value; expected the object reportgen build writes to analysis.json"},
		{" \n\t", "a.json:1:1: no JSON value"},
		{`{"schema_version": 3,}`, `a.json:1:22: found "}"; expected a key in double quotes`},
		{`{"schema_version" 3}`, `a.json:1:19: schema_version: found "3"; expected ':' after the key`},
		{`{"schema_version": 3 "x": 1}`, `a.json:1:22: found "x"; expected ',' or '}' after the value`},
		{`{"schema_version": 3, "x": [1 2]}`, `a.json:1:31: x[1]: found "2"; expected ',' or ']' after the item`},
		{`{"schema_version": 3, "x": @}`, `a.json:1:28: x: found "@"; expected a JSON value (a number, a string, true, false, null, an object or a list)`},
		{`[1]`, "a.json:1:1: not a JSON object; expected the object reportgen build writes"},
		{`{"name": "x"}`, "a.json:1:1: no schema_version; expected an analysis.json written by reportgen build"},
		{`{"schema_version": 2}`, "a.json:1:20: schema_version: found the number 2; expected 3 (this reportgen reads analysis.json of schema version 3; rebuild the report with it)"},
		{`{"schema_version": 4}`, "a.json:1:20: schema_version: found the number 4; expected 3"},
		{`{"schema_version": "3"}`, `a.json:1:20: schema_version: found the string "3"; expected 3`},
		{`{"schema_version": 3.0}`, "a.json:1:20: schema_version: found the number 3.0; expected 3"},
		{`{"schema_version": null}`, "a.json:1:20: schema_version: found null; expected 3"},
		{`{"schema_version": 3} {}`, "a.json:1:23: more than one JSON value; expected one object"},
		{`{"schema_version": 3} x`, "a.json:1:23: more than one JSON value"},
		// Cut short: the error is at the end, in the value left open.
		{`{"schema_version": 3, "configs": [{"id": "a"`, "a.json:1:45: configs[0]: the file ends inside its JSON value (cut short?); expected the whole analysis.json"},
		{"{\"schema_version\": 3,\n \"name\": \"ab", "a.json:2:13: name: the file ends inside its JSON value"},
		{`{"schema_version": 3, "levels": [1, 2`, "a.json:1:38: levels: the file ends inside its JSON value"},
		{`{"schema_version": 3, "x": tru`, "a.json:1:31: x: the file ends inside its JSON value"},
		{`{"schema_version": 3, "name": "a", "name": "b"}`, `a.json:1:36: name: key "name" written twice in one object; expected each key once`},
		{`{"schema_version": 3, "m": {"a": 1, "b": {}, "a": 2}}`, `a.json:1:46: m.a: key "a" written twice`},
		// JSON has no NaN or infinity; Python's json module writes them.
		{`{"schema_version": 3, "x": NaN}`, "a.json:1:28: x: found NaN; expected a number or null: JSON has no NaN or infinity (build writes an unknown number as null)"},
		{`{"schema_version": 3, "x": Infinity}`, "a.json:1:28: x: found Infinity; expected a number or null: JSON has no NaN or infinity"},
		{`{"schema_version": 3, "x": [1, -Infinity]}`, "a.json:1:32: x[1]: found -Infinity; expected a number or null: JSON has no NaN or infinity"},
		// A UTF-8 byte order mark is no part of the JSON: positions
		// are counted after it.
		{"\xef\xbb\xbf{\"schema_version\": 3, \"x\": NaN}", "a.json:1:28: x: found NaN;"},
		{`{"schema_version": 3, "x": 1e400}`, "a.json:1:28: x: 1e400 is out of a float64's range; expected a finite number"},
		{`{"schema_version": 3, "x": -1e400}`, "a.json:1:28: x: -1e400 is out of a float64's range"},
		{`{"schema_version": 3, "x": 1e-400}`, "a.json:1:28: x: 1e-400 is out of a float64's range"},
		{strings.Repeat("[", 70), "a.json:1:65: [0][0][0]"},
	} {
		_, err := analyze.ReadJSON("a.json", []byte(tc.in))
		var re *analyze.ReadError
		if !errors.As(err, &re) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %s…", tc.in, err, tc.want)
		}
	}
}

// readCase is a change to testdata/analysis.json (old, which occurs
// once, becomes new) and the error it must give, "" when the changed
// file still reads.
type readCase struct{ name, old, new, want string }

// refusals are the changes of an analysis.json that ReadJSON must
// refuse, each with the whole message (file, line:column, key path,
// what is wrong), and the values at the edge of a range that it must
// still take (want ""): every range at its exact limit and a hair past.
var refusals = []readCase{
	// The reproductions: none of these may reach a comparison.
	{"negative TTFT", `"ttft_ms": {"mean": 50,`, `"ttft_ms": {"mean": -5,`,
		"a.json:26:31: configs[0].levels[0].ttft_ms.mean: -5 ms is not a valid TTFT; expected a number ≥ 0"},
	{"1e308 ms TTFT", `"ttft_ms": {"mean": 50,`, `"ttft_ms": {"mean": 1e308,`,
		"a.json:26:31: configs[0].levels[0].ttft_ms.mean: 1e308 ms is not a valid TTFT; expected at most 86400000 ms (24 h)"},
	{"users -9.2e18", `"users": 42`, `"users": -9223372036854775808`,
		"a.json:48:151: configs[0].capacity.p90.users: -9223372036854775808 is out of range; expected a whole number ≥ 0 or null"},
	{"duplicate config id", `"id": "vllm-direct"`, `"id": "vllm-spec"`,
		`a.json:59:13: configs[1].id: "vllm-spec" is also the id of configs[0]; expected each configuration once`},
	{"NaN as a string", `"rps_reported": 0.77`, `"rps_reported": "NaN"`,
		`a.json:75:27: configs[1].levels[0].rps_reported: found the string "NaN"; expected a number or null`},
	{"inf as a TTFT", `"ttft_ms": {"mean": 50,`, `"ttft_ms": {"mean": "inf",`,
		`a.json:26:31: configs[0].levels[0].ttft_ms.mean: found the string "inf"; expected a number or null`},
	{"-inf as a finding's number", `"values": {"ratio": null}`, `"values": {"ratio": "-inf"}`,
		`a.json:102:131: findings[0].values.ratio: found the string "-inf"; expected a number or null or "inf"`},

	// Out of the ranges build holds its input to.
	{"TTFT at its cap", `"p99": 1500}`, `"p99": 86400000}`, ""},
	{"TTFT past its cap", `"p99": 1500}`, `"p99": 86400000.0000001}`,
		"a.json:37:81: configs[0].levels[1].ttft_ms.p99: 86400000.0000001 ms is not a valid TTFT; expected at most 86400000 ms (24 h)"},
	{"latency at its cap", `"latency_s": {"mean": 4,`, `"latency_s": {"mean": 86400,`, ""},
	{"latency past its cap", `"latency_s": {"mean": 4,`, `"latency_s": {"mean": 86400.00000001,`,
		"a.json:40:33: configs[0].levels[1].latency_s.mean: 86400.00000001 s is not a valid latency; expected at most 86400 s (24 h)"},
	{"TPS past its cap", `"tps": {"mean": 150,`, `"tps": {"mean": 1000000.01,`,
		"a.json:28:27: configs[0].levels[0].tps.mean: 1000000.01 tok/s is not a valid TPS; expected at most 1000000 tok/s"},
	{"negative ITL", `"itl_ms": {"mean": 9,`, `"itl_ms": {"mean": -0.001,`,
		"a.json:38:30: configs[0].levels[1].itl_ms.mean: -0.001 ms is not a valid ITL; expected a number ≥ 0"},
	{"requests at their cap", `"requests": 100, "errors": 0`, `"requests": 1000000000, "errors": 0`, ""},
	{"requests past their cap", `"requests": 100, "errors": 0`, `"requests": 1000000001, "errors": 0`,
		"a.json:31:23: configs[0].levels[0].requests: 1000000001 requests is not a valid request count; expected at most 1000000000 requests"},
	{"negative errors", `"requests": 100, "errors": 0`, `"requests": 100, "errors": -1`,
		"a.json:31:38: configs[0].levels[0].errors: -1 is out of range; expected a whole number ≥ 0 or null"},
	{"a fraction of a request", `"requests": 100, "errors": 0`, `"requests": 2.5, "errors": 0`,
		"a.json:31:23: configs[0].levels[0].requests: found the number 2.5; expected a whole number ≥ 0 or null"},
	{"a whole number with a fraction", `"requests": 100, "errors": 0`, `"requests": 100.0, "errors": 0`,
		"a.json:31:23: configs[0].levels[0].requests: found the number 100.0; expected a whole number ≥ 0 or null"},
	{"system throughput past its cap", `"system_rps": 0.83`, `"system_rps": 1000001`,
		"a.json:32:69: configs[0].levels[0].system_rps: 1000001 req/s is not a valid request throughput; expected at most 1000000 req/s"},
	{"aggregate output past its cap", `"aggregate_tps": 150, "system_rps"`, `"aggregate_tps": 1000000001, "system_rps"`,
		"a.json:32:50: configs[0].levels[0].aggregate_tps: 1000000001 tok/s is not a valid output throughput; expected at most 1000000000 tok/s"},
	{"concurrency at its cap", `"load": 4, "concurrency": 3.9,`, `"load": 4, "concurrency": 1048576,`, ""},
	{"concurrency past its cap", `"load": 4, "concurrency": 3.9,`, `"load": 4, "concurrency": 1048576.5,`,
		"a.json:36:37: configs[0].levels[1].concurrency: 1048576.5 requests is not a valid concurrency; expected at most 1048576 requests"},
	{"a fraction of a concurrency at a load", `"load": 4, "metric"`, `"load": 2.5, "metric"`,
		"a.json:99:58: anomalies[0].load: 2.5 requests is not a valid concurrency; expected a whole number ≥ 0"},
	{"load at its cap", `"load": 4, "metric"`, `"load": 1048576, "metric"`, ""},
	{"load past its cap", `"load": 4, "metric"`, `"load": 1048577, "metric"`,
		"a.json:99:58: anomalies[0].load: 1048577 requests is not a valid concurrency; expected at most 1048576 requests"},
	{"an unbounded rate on a concurrency axis", `"load": 4, "metric"`, `"load": "inf", "metric"`,
		`a.json:99:58: anomalies[0].load: "inf" is an unbounded request rate; expected a concurrency, as load_axis is "concurrency"`},
	{"negative load", `"load": 4, "metric"`, `"load": -4, "metric"`,
		`a.json:99:58: anomalies[0].load: found the number -4; expected a number ≥ 0 or "inf"`},
	{"unbounded request rate", `"request_rate": "inf"`, `"request_rate": 1000000`, ""},
	{"request rate past its cap", `"request_rate": "inf"`, `"request_rate": 1000000.5`,
		"a.json:44:27: configs[0].levels[1].request_rate: 1000000.5 req/s is not a valid request rate; expected at most 1000000 req/s"},
	{"users at their cap", `"users": 42`, `"users": 1000000000`, ""},
	{"users past their cap", `"users": 42`, `"users": 1000000001`,
		"a.json:48:151: configs[0].capacity.p90.users: 1000000001 is out of range; expected a whole number from 0 to 1000000000"},
	{"users past int64", `"users": 42`, `"users": 92233720368547758070`,
		"a.json:48:151: configs[0].capacity.p90.users: 92233720368547758070 is out of range; expected a whole number from 0 to 1000000000"},
	{"capacity latency past its cap", `"latency_mean_s": 4,`, `"latency_mean_s": 86401,`,
		"a.json:49:92: configs[0].capacity.mean.latency_mean_s: 86401 s is not a valid latency; expected at most 86400 s (24 h)"},
	{"runs at their cap", `"runs": 3,`, `"runs": 1000000000,`, ""},
	{"runs past their cap", `"runs": 3,`, `"runs": 1000000001,`,
		"a.json:33:19: configs[0].levels[0].runs: 1000000001 is out of range; expected a whole number from 2 to 1000000000"},
	{"a negative speedup", `"ratio": 1.5,`, `"ratio": -1.5,`,
		"a.json:93:39: speedups[0].points[0].ratio: -1.5 is out of range; expected a number ≥ 0"},

	// Settings out of the ranges of report.toml and the flags.
	{"zero, however written", `"tie_pct": 5`, `"tie_pct": -0.0e-400`, ""},
	{"TTFT SLO at its cap", `"slo_ttft_ms": 1000`, `"slo_ttft_ms": 600000`, ""},
	{"TTFT SLO 0", `"slo_ttft_ms": 1000`, `"slo_ttft_ms": 0`,
		"a.json:11:29: params.slo_ttft_ms: 0 is out of range; expected a number above 0 and up to 600000"},
	{"negative think time", `"think_s": 45`, `"think_s": -1`,
		"a.json:11:61: params.think_s: -1 is out of range; expected a number from 0 to 3600"},
	{"output tokens unknown", `"output_tokens": 256`, `"output_tokens": 0`, ""},
	{"output tokens at their cap", `"output_tokens": 256`, `"output_tokens": 10000000`, ""},
	{"output tokens past their cap", `"output_tokens": 256`, `"output_tokens": 10000001`,
		"a.json:11:117: params.output_tokens: 10000001 is out of range; expected a whole number from 1 to 10000000, or 0 when unknown"},
	{"rounds past their cap", `"rounds": 3`, `"rounds": 1000001`,
		"a.json:7:15: meta.rounds: 1000001 is out of range; expected a whole number from 1 to 1000000"},
	{"a date before 1970", `"date": "2026-08-01T00:00:00Z"`, `"date": "1969-12-31T23:59:59Z"`,
		`a.json:6:13: meta.date: "1969-12-31T23:59:59Z": expected a year from 1970 to 9999`},
	{"the first date", `"date": "2026-08-01T00:00:00Z"`, `"date": "1970-01-01T00:00:00Z"`, ""},
	{"not a date", `"date": "2026-08-01T00:00:00Z"`, `"date": "August"`,
		`a.json:6:13: meta.date: "August" is not a date; expected one as 2006-01-02T15:04:05Z`},
	{"target interactivity at its cap", `"target": 15, "target_source"`, `"target": 100000, "target_source"`, ""},
	{"target interactivity past its cap", `"target": 15, "target_source"`, `"target": 100000.5, "target_source"`,
		"a.json:113:49: pareto.target: 100000.5 is out of range; expected a value above 0 and up to 100000 tok/s"},
	{"unknown percentile", `"percentile": "p90"`, `"percentile": "p95"`,
		`a.json:11:93: params.percentile: found the string "p95"; expected one of "p90", "mean"`},
	{"GPUs past their cap", `"gpus": 8,`, `"gpus": 1000001,`,
		"a.json:51:15: configs[0].gpus: 1000001 is out of range; expected a whole number from 1 to 1000000 or null"},

	// What build writes of a whole report, across its values.
	{"levels out of order", `"levels": [1, 4],`, `"levels": [4, 1],`,
		"a.json:13:17: levels[1]: 1 after 4; expected the levels in increasing order, each once"},
	{"a level twice", `"levels": [1, 4],`, `"levels": [1, 1, 4],`,
		"a.json:13:17: levels[1]: 1 after 1; expected the levels in increasing order, each once"},
	{"a level no config has", `"levels": [1, 4],`, `"levels": [1, 2, 4],`,
		"a.json:13:17: levels[1]: no configuration has the level 2; expected the levels of the configurations"},
	{"a config's level the report lacks", `"levels": [1, 4],`, `"levels": [1],`,
		"a.json:36:19: configs[0].levels[1].load: 4 is not among the report's levels; expected each level of a configuration in levels"},
	{"a config's levels out of order", `"load": 4, "concurrency": 3.9`, `"load": 1, "concurrency": 3.9`,
		"a.json:36:19: configs[0].levels[1].load: 1 after 1; expected the levels in increasing order, each once"},
	{"two configs of one name", `"name": "vLLM + EAGLE"`, `"name": "VLLM "`,
		`a.json:60:15: configs[1].name: "vLLM" is also the name of configs[0]; expected each configuration its own name`},
	{"a name at its length", `"name": "vLLM + EAGLE"`, `"name": "` + strings.Repeat("n", 60) + `"`, ""},
	{"a name past its length", `"name": "vLLM + EAGLE"`, `"name": "` + strings.Repeat("ş", 61) + `"`,
		"a.json:17:15: configs[0].name: 61 characters; expected at most 60 (it labels charts and table columns)"},

	// The schema: keys, kinds and choices.
	{"unknown key", `"name": "tiny",`, `"name": "tiny", "bogus": 1,`,
		`a.json:3:19: bogus: unknown key "bogus"; expected only the keys of analysis.json version 3`},
	{"renamed key", `"goodput": 1,`, `"good_put": 1,`,
		`a.json:32:75: configs[0].levels[0].good_put: unknown key "good_put"; expected only the keys of analysis.json version 3`},
	{"missing key", `"goodput": null, "in_flight": null,`, `"in_flight": null,`,
		`a.json:35:9: configs[0].levels[1]: no key "goodput"; expected one here`},
	{"unknown kind", `"kind": "cap_limit"`, `"kind": "cap_reached"`,
		`a.json:99:14: anomalies[0].kind: found the string "cap_reached"; expected one of "saturation", "scheduling_change", "ttft_jump", "cap_limit", "cap_exceeded", "load_not_reached", "aggregate_drop", "p90_below_mean", "latency_mismatch", "slo_non_monotonic", "request_errors", "throughput_dip", "aggregate_mismatch", "ttft_floor"`},
	{"a condition broken", `"score": 3.5, "severity": "high"`, `"score": 2.5, "severity": "high"`,
		`a.json:102:147: findings[0].score: 2.5 is out of range; expected a number ≥ 3 (with severity "high")`},
	{"a key a condition forbids", `"gpus_source": "command"`, `"gpus_source": "hardware"`,
		`a.json:51:45: configs[0].gpus_flags: key "gpus_flags" is not allowed here (with gpus_source "hardware")`},
	{"no configuration", "\"levels\": [1, 4],\n  \"configs\": [", "\"levels\": [1, 4],\n  \"configs\": [], \"x\": [",
		`a.json:14:14: configs: found an empty list; expected at least 1 item`},
	{"a price without a currency", `, "currency": "USD"`, ``,
		`a.json:11:13: params: no key "currency"; expected one beside "price_per_gpu_hour"`},
	{"currency in lower case", `"currency": "USD"`, `"currency": "usd"`,
		`a.json:11:180: params.currency: found the string "usd"; expected a string matching ^[A-Z]{3}$`},
	{"an empty source", `"source": "tiny/vllm-direct.csv",`, `"source": "",`,
		`a.json:63:17: configs[1].source: found an empty string; expected a non-empty string`},
	{"a tie written false", `"stat": "mean", "score": 0.2`, `"tie": false, "stat": "mean", "score": 0.2`,
		`a.json:103:164: findings[1].tie: found false; expected true`},
	{"a target without its source", `"target": 15, "target_source": "slo",`, `"target": 15,`,
		`a.json:112:13: pareto: no key "target_source"; expected one here (with target 15)`},
	{"a figure beside its reason", `"tps_per_gpu": null, "between": null, "reason": "no_points"`, `"tps_per_gpu": 3, "between": null, "reason": "no_points"`,
		`a.json:83:80: configs[1].at_interactivity.tps_per_gpu: found the number 3; expected null (with reason "no_points")`},
	{"a text of a number", `"tr": "Kimi K3 Raporu"`, `"tr": 3`,
		`a.json:5:38: meta.title.tr: found the number 3; expected a string`},
	{"an empty notes table", `"warmup": 0,`, `"warmup": 0, "notes": {},`,
		`a.json:8:27: meta.notes: found an empty object; expected at least 1 key`},
	{"a number of an object", `"values": {"cap": 4,`, `"values": {"cap": {},`,
		`a.json:99:160: anomalies[0].values.cap: found an object; expected a number or null or "inf"`},
	{"standard deviations over two values", `"runs": 3, "spread"`, `"runs": 3, "std_dev": {"ttft_ms": {"sd": 4.5, "n": 2}, "tps": {"sd": 0, "n": 96}}, "spread"`, ""},
	{"a standard deviation over one value", `"runs": 3, "spread"`, `"runs": 3, "std_dev": {"ttft_ms": {"sd": 4.5, "n": 1}}, "spread"`,
		"a.json:33:62: configs[0].levels[0].std_dev.ttft_ms.n: 1 is out of range; expected a whole number ≥ 2"},
	{"a negative standard deviation", `"runs": 3, "spread"`, `"runs": 3, "std_dev": {"itl_ms": {"sd": -0.5, "n": 9}}, "spread"`,
		"a.json:33:51: configs[0].levels[0].std_dev.itl_ms.sd: -0.5 is out of range; expected a number ≥ 0"},
	{"a standard deviation of a throughput", `"runs": 3, "spread"`, `"runs": 3, "std_dev": {"system_rps": {"sd": 1, "n": 9}}, "spread"`,
		`a.json:33:34: configs[0].levels[0].std_dev.system_rps: unknown key "system_rps"; expected only the keys of analysis.json version 3`},
	{"a spread without its count", `"high": 55, "n": 3`, `"high": 55`,
		`a.json:33:49: configs[0].levels[0].spread["ttft_ms.mean"]: no key "n"; expected one here`},
	// The rules between a level's values, as build holds its input.
	{"a P99 below the P90", `"ttft_ms": {"mean": 50, "p10": null, "p50": 48, "p90": 60, "p99": 99}`, `"ttft_ms": {"mean": 50, "p10": null, "p50": 48, "p90": 60, "p99": 1}`,
		"a.json:24:9: configs[0].levels[0]: concurrency 1: TTFT P99 1 ms is below its P90 60 ms; expected percentiles that rise with their rank; build refuses such a level"},
	{"a latency shorter than its TTFT", `"latency_s": {"mean": 1.2, "p10": null, "p50": 1.1, "p90": 1.4, "p99": null},`, `"latency_s": {"mean": 0.001, "p10": null, "p50": 1.1, "p90": 1.4, "p99": null},`,
		"a.json:24:9: configs[0].levels[0]: concurrency 1: latency mean 0.001 s is shorter than TTFT mean 50 ms; expected a latency ≥ its TTFT (a request ends after its first token), within 5 ms for rounding; build refuses such a level"},
	{"two items where one is", `"between": [1, 4]`, `"between": [1, 4, 4]`,
		`a.json:52:94: configs[0].at_interactivity.between: found a list of 3 items; expected at most 2 items`},
}

// TestReadJSONRefuses reads testdata/analysis.json, which must read,
// with each of refusals applied: the error each names, or none.
func TestReadJSONRefuses(t *testing.T) {
	base, err := os.ReadFile("testdata/analysis.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := analyze.ReadJSON("a.json", base); err != nil {
		t.Fatalf("testdata/analysis.json: %v", err)
	}
	// A UTF-8 byte order mark, which an editor may add, is read past.
	if _, err := analyze.ReadJSON("a.json", append([]byte("\xef\xbb\xbf"), base...)); err != nil {
		t.Fatalf("testdata/analysis.json after a BOM: %v", err)
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			_, err := analyze.ReadJSON("a.json", changed(t, base, tc))
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("%s → %s: %v; want it read", tc.old, tc.new, err)
			case tc.want == "":
			case err == nil:
				t.Errorf("%s → %s: read; want %s", tc.old, tc.new, tc.want)
			case err.Error() != tc.want:
				t.Errorf("%s → %s:\n got %v\nwant %s", tc.old, tc.new, err, tc.want)
			}
		})
	}
}

// changed is base with tc.old, which must occur once, replaced by
// tc.new.
func changed(t testing.TB, base []byte, tc readCase) []byte {
	t.Helper()
	if k := bytes.Count(base, []byte(tc.old)); k != 1 {
		t.Fatalf("%q occurs %d times in testdata/analysis.json; want once", tc.old, k)
	}
	return bytes.Replace(base, []byte(tc.old), []byte(tc.new), 1)
}

// TestReadJSONCounts: at most ingest.MaxConfigs configurations and
// ingest.MaxLevels levels, as build takes: at the cap read, one more
// refused at the first one too many.
func TestReadJSONCounts(t *testing.T) {
	base, err := os.ReadFile("testdata/analysis.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(base, &doc); err != nil {
		t.Fatal(err)
	}
	configs := func(n int) []byte {
		d := maps.Clone(doc)
		first := doc["configs"].([]any)[1].(map[string]any)
		var list []any
		for i := range n {
			c := maps.Clone(first)
			c["id"], c["name"] = fmt.Sprintf("c%d", i), fmt.Sprintf("C %d", i)
			list = append(list, c)
		}
		d["configs"], d["levels"] = list, []any{1}
		return mustJSON(t, d)
	}
	levels := func(n int) []byte {
		d := maps.Clone(doc)
		cfg := maps.Clone(doc["configs"].([]any)[1].(map[string]any))
		level := cfg["levels"].([]any)[0].(map[string]any)
		var loads, list []any
		for i := range n {
			l := maps.Clone(level)
			l["load"] = i + 1
			loads, list = append(loads, i+1), append(list, l)
		}
		cfg["levels"] = list
		d["configs"], d["levels"] = []any{cfg}, loads
		return mustJSON(t, d)
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"32 configurations", configs(ingest.MaxConfigs), ""},
		{"33 configurations", configs(ingest.MaxConfigs + 1), "configs[32]: 33 configurations; expected at most 32 per report"},
		{"64 levels", levels(ingest.MaxLevels), ""},
		{"65 levels", levels(ingest.MaxLevels + 1), "levels[64]: 65 load levels; expected at most 64 per report"},
	} {
		_, err := analyze.ReadJSON("a.json", tc.data)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v; want it read", tc.name, err)
		case tc.want != "" && (err == nil || !strings.HasSuffix(err.Error(), tc.want)):
			t.Errorf("%s: %v; want …%s", tc.name, err, tc.want)
		}
	}
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestReadJSONReadsBuilds: whatever build makes of a real result file
// (each fixture of ../shared/fixtures, and each file ingest/testdata
// generated in their format, that ingest reads alone in a report
// folder), ReadJSON reads back: no range or check of it refuses what
// build writes.
func TestReadJSONReadsBuilds(t *testing.T) {
	shared := filepath.Join("..", "..", "shared", "fixtures")
	if _, err := os.Stat(shared); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	read := 0
	for _, root := range []string{shared, filepath.Join("..", "ingest", "testdata")} {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !slices.Contains([]string{".json", ".jsonl", ".csv"}, filepath.Ext(p)) {
				return err
			}
			js, ok := buildOne(t, p)
			if !ok {
				return nil // not a result alone, or refused by build
			}
			if _, err := analyze.ReadJSON("analysis.json", js); err != nil {
				t.Errorf("%s: build wrote what ReadJSON refuses: %v", p, err)
			}
			read++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d result files built and read back", read)
	if read < 20 {
		t.Errorf("only %d result files built; expected most of them", read)
	}
}

// buildOne builds a report folder of the one result file p and returns
// its analysis.json; false when ingest or build refuses it.
func buildOne(t *testing.T, p string) ([]byte, bool) {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "r")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, filepath.Base(p)), data, 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := ingest.Read(dir, ingest.ReadOptions{})
	if err != nil {
		return nil, false
	}
	r, err := analyze.Build(c, analyze.Options{Now: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		return nil, false
	}
	js, err := json.MarshalIndent(r, "", "  ")
	return js, err == nil
}

// FuzzReadJSON: whatever the input, ReadJSON reads it or refuses it
// with a position, never for a value its checks took (a gap between the
// checks and the model); what it reads writes without an error, reads
// back to the same bytes, and compares with itself without a panic.
// Seeded with the samples' analysis.json, testdata/analysis.json and
// each refusal and text error the tests above name.
func FuzzReadJSON(f *testing.F) {
	for _, dir := range []string{"../samples/rate-sweep", "../samples/kimi-k3-b300"} {
		if data, err := json.Marshal(buildDir(f, dir)); err == nil {
			f.Add(data)
		}
	}
	base, err := os.ReadFile("testdata/analysis.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(base)
	for _, tc := range refusals {
		f.Add(changed(f, base, tc))
	}
	for _, s := range []string{
		`{"schema_version": 3, "x": NaN}`, `{"schema_version": 3, "x": 1e400}`, `{"schema_version": 3, "name": "a", "name": "b"}`,
		`{"schema_version": 3, "configs": [{"id": "a"`, `{"schema_version": "3"}`,
	} {
		f.Add([]byte(s))
	}
	f.Add(base[:len(base)/2])
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := analyze.ReadJSON("f.json", data)
		if err != nil {
			var re *analyze.ReadError
			if !errors.As(err, &re) || re.File != "f.json" || re.Line == 0 {
				t.Fatalf("error without a position: %v", err)
			}
			if strings.Contains(err.Error(), "the model cannot hold") {
				t.Fatalf("the checks took what the model cannot hold: %v\n%s", err, data)
			}
			return
		}
		out, err := json.Marshal(r)
		if err != nil {
			t.Fatalf("read %q, cannot write it: %v", data, err)
		}
		back, err := analyze.ReadJSON("f.json", out)
		if err != nil {
			t.Fatalf("read %q, cannot read what it wrote: %v\n%s", data, err, out)
		}
		if again, err := json.Marshal(back); err != nil || !bytes.Equal(again, out) {
			t.Fatalf("read back, writes otherwise (%v):\n%s\n%s", err, out, again)
		}
		if _, err := compare.New(r, back, compare.Options{}); err != nil {
			var me *compare.MatchError
			if !errors.As(err, &me) {
				t.Fatalf("compared with itself: %v", err)
			}
		}
	})
}

// BenchmarkReadJSON reads the kimi-k3-b300 sample's analysis.json back,
// every check included.
func BenchmarkReadJSON(b *testing.B) {
	data, err := json.MarshalIndent(buildDir(b, "../samples/kimi-k3-b300"), "", "  ")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := analyze.ReadJSON("analysis.json", data); err != nil {
			b.Fatal(err)
		}
	}
}
