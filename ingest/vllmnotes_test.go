package ingest

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// TestClientCap: max_concurrency is no cap when null, NoCapFrom or more
// (users write 1000000000), or, in a run at a finite request rate, at
// least num_prompts; a run sent all at once (rate inf) keeps a cap equal
// to its prompts.
func TestClientCap(t *testing.T) {
	for _, tt := range []struct {
		keys    string
		c       int
		rate    float64
		refused string
	}{
		{keys: `"max_concurrency": null, "request_rate": 4`, rate: 4},
		{keys: `"request_rate": 4`, rate: 4},
		{keys: `"max_concurrency": 0, "request_rate": 4`, rate: 4},
		{keys: `"max_concurrency": 999999, "request_rate": "inf"`, c: 999999},
		{keys: `"max_concurrency": 1000000, "request_rate": "inf"`, rate: math.Inf(1)},
		{keys: `"max_concurrency": 1000000000, "request_rate": 2, "num_prompts": 200`, rate: 2},
		{keys: `"max_concurrency": Infinity, "request_rate": 2`, rate: 2},
		{keys: `"max_concurrency": 199, "request_rate": 2, "num_prompts": 200`, c: 199},
		{keys: `"max_concurrency": 200, "request_rate": 2, "num_prompts": 200`, rate: 2},
		{keys: `"max_concurrency": 64, "request_rate": 2`, c: 64}, // no num_prompts: the cap stands
		{keys: `"max_concurrency": 200, "request_rate": "inf", "num_prompts": 200`, c: 200},
		{keys: `"max_concurrency": 1e19, "request_rate": 2`, refused: `"max_concurrency": 1e19 is not a valid concurrency; expected at most 1000000000000000000`},
	} {
		data := []byte(`{"mean_ttft_ms": 10, "mean_tpot_ms": 5, "mean_e2el_ms": 100, "request_throughput": 1, ` + tt.keys + `}`)
		levels, _, _, err := readRuns("f.json", data, FormatVLLM)
		if tt.refused != "" {
			if err == nil || !strings.Contains(err.Error(), tt.refused) {
				t.Errorf("%s: err = %v, want %q", tt.keys, err, tt.refused)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.keys, err)
			continue
		}
		if l := levels[0]; l.Concurrency != tt.c || l.Rate != tt.rate {
			t.Errorf("%s: concurrency %d rate %g, want %d, %g", tt.keys, l.Concurrency, l.Rate, tt.c, tt.rate)
		}
	}
}

// TestRunCutShort: a run whose completed and failed requests fall short
// of its prompts is warned about with its counts; one that accounts for
// every prompt, or does not say how many it sent, is not.
func TestRunCutShort(t *testing.T) {
	for _, tt := range []struct {
		keys    string
		missing int // 0: no warning
	}{
		{`"num_prompts": 16, "completed": 11`, 5},
		{`"num_prompts": 16, "completed": 15`, 1},
		{`"num_prompts": 16, "completed": 16`, 0},
		{`"num_prompts": 16, "completed": 11, "failed": 5`, 0},
		{`"num_prompts": 16, "completed": 10, "failed": 5`, 1},
		{`"completed": 11`, 0},
		{`"num_prompts": 16`, 0},
	} {
		data := []byte(`{"max_concurrency": 4, "mean_ttft_ms": 10, ` + tt.keys + `}`)
		_, _, ws, err := readRuns("f.json", data, FormatVLLM)
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(ws, func(w *Warning) bool { return w.Kind == WarnRunCutShort })
		switch {
		case tt.missing == 0 && i >= 0:
			t.Errorf("%s: warned %v", tt.keys, ws[i])
		case tt.missing > 0 && i < 0:
			t.Errorf("%s: no warning, want %d missing", tt.keys, tt.missing)
		case tt.missing > 0 && ws[i].Values["Missing"] != tt.missing:
			t.Errorf("%s: %v, want %d missing", tt.keys, ws[i].Values, tt.missing)
		}
	}
}

// TestUnreadKeys: the keys vLLM does not write are named (sorted,
// quoted) for the info line; its own keys, statistics and key families
// are not; a sweep's summary (run_number) adds its swept parameters,
// which are not named either. SGLang's files are not judged.
func TestUnreadKeys(t *testing.T) {
	known := `"date": "20250414-141505", "backend": "vllm", "p99.9_ttft_ms": 1, "std_client_queue_time_ms": 0, "spec_decode_acceptance_length": 2.1, "max_concurrency": 2, "mean_ttft_ms": 10, "latencies": [], `
	for _, tt := range []struct {
		format, keys, want string
	}{
		{FormatVLLM, known + `"request_goodput:": null, "gpu": "H100"`, `"gpu", "request_goodput:"`},
		{FormatVLLM, known + `"request_goodput": null`, ``},
		{FormatVLLM, known + `"run_number": 0, "max_num_seqs": 4`, ``},
		{FormatSGLang, `"mean_ttft_ms": 10, "mean_e2e_latency_ms": 100, "max_concurrency": 2, "server_info": {}`, ``},
	} {
		_, _, ws, err := readRuns("f.json", []byte(`{`+tt.keys+`}`), tt.format)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, w := range ws {
			if w.Kind == infoUnreadKeys {
				got = w.Values["Keys"].(string)
			}
		}
		if got != tt.want {
			t.Errorf("%s: unread keys %q, want %q", tt.keys, got, tt.want)
		}
	}
	// Read lists them apart from the warnings, by file.
	root := tree(t, map[string]string{"r/a.json": "fixture:vllm/r1bench-dsr1-h200-vllmserver-30kin-100out-rate10.json"})
	c, err := Read(root+"/r", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{`a.json: "request_goodput:"`}; !slices.Equal(c.UnreadKeys, want) || slices.ContainsFunc(c.Warnings, func(w *Warning) bool { return w.Kind == infoUnreadKeys }) {
		t.Errorf("unread keys %q, warnings %v; want %q and no warning", c.UnreadKeys, c.Warnings, want)
	}
}

// TestBurst: a finite request_rate that sends all the run's prompts in
// under BurstShare (1 %) of its duration is a burst, read as ∞; at
// exactly 1 % it is the rate (8 prompts at 64 req/s take 0.125 s, 1 %
// of 12.5 s).
func TestBurst(t *testing.T) {
	for _, tt := range []struct {
		keys string
		rate float64
	}{
		{`"request_rate": 64, "num_prompts": 8, "duration": 12.5`, 64},
		{`"request_rate": 64.01, "num_prompts": 8, "duration": 12.5`, math.Inf(1)},
		{`"request_rate": 10000.0, "num_prompts": 16, "duration": 20.28108626208268`, math.Inf(1)},
		{`"request_rate": 10000.0, "num_prompts": 16`, 10000},
		{`"request_rate": 10000.0, "duration": 20`, 10000},
		{`"request_rate": 1.0, "num_prompts": 200, "duration": 205.2`, 1},
		{`"request_rate": "inf", "num_prompts": 200, "duration": 23.8`, math.Inf(1)},
	} {
		data := []byte(`{"mean_ttft_ms": 10, "mean_tpot_ms": 5, "mean_e2el_ms": 100, "request_throughput": 1, ` + tt.keys + `}`)
		levels, _, _, err := readRuns("f.json", data, FormatVLLM)
		if err != nil {
			t.Fatal(err)
		}
		if l := levels[0]; l.Rate != tt.rate || l.Concurrency != 0 {
			t.Errorf("%s: rate %g concurrency %d, want rate %g", tt.keys, l.Rate, l.Concurrency, tt.rate)
		}
	}
}

// TestImpossibleSummary: a serving run that completed no request states
// no statistic and no throughput (the tools write 0 for each), and a
// run of duration 0 no throughput: a value just above 0 beside either is
// refused at the count or the duration; the zeros a run of no completed
// request really writes are read (the level then has no data).
func TestImpossibleSummary(t *testing.T) {
	const base = `{"max_concurrency": 2, "num_prompts": 8, "failed": 8, `
	for _, tt := range []struct {
		format, keys, refused string
	}{
		{FormatVLLM, `"completed": 0, "duration": 1.5, "mean_ttft_ms": 0, "p99_itl_ms": 0, "request_throughput": 0, "output_throughput": 0}`, ""},
		{FormatVLLM, `"completed": 0, "duration": 1.5, "mean_ttft_ms": 1e-3, "request_throughput": 0}`,
			`f.json:1:68: "completed": 0 requests completed, yet mean_ttft_ms is 0.001; expected no statistic of a run that completed none (the tools write 0 for each)`},
		{FormatVLLM, `"completed": 0, "duration": 1.5, "mean_ttft_ms": 0, "p99_e2el_ms": 734.4}`, `yet p99_e2el_ms is 734.4;`},
		{FormatVLLM, `"completed": 0, "duration": 1.5, "mean_ttft_ms": 0, "output_throughput": 0.01}`, `yet output_throughput is 0.01;`},
		{FormatVLLM, `"completed": 1, "duration": 1.5, "mean_ttft_ms": 10, "output_throughput": 0.01}`, ""},
		{FormatVLLM, `"completed": 8, "duration": 0, "mean_ttft_ms": 10, "request_throughput": 0, "output_throughput": 0}`, ""},
		{FormatVLLM, `"completed": 8, "duration": 0, "mean_ttft_ms": 10, "request_throughput": 0.001}`,
			`f.json:1:83: "duration": 0 s, yet request_throughput is 0.001 req/s; expected the run's length, above 0 s: a throughput is a count over it`},
		{FormatVLLM, `"completed": 8, "duration": 0, "mean_ttft_ms": 10, "total_token_throughput": 248.7}`, `yet total_token_throughput is 248.7 tok/s`},
		{FormatVLLM, `"completed": 8, "duration": 1e-6, "mean_ttft_ms": 10, "request_throughput": 5}`, ""},
		{FormatInferenceX, `"completed": 0, "duration": 1.5, "mean_ttft": 0.2, "median_ttft": 0.2}`, `yet mean_ttft is 0.2;`},
		{FormatSGLang, `"completed": 0, "duration": 1.5, "median_e2e_latency_ms": 30}`, `yet median_e2e_latency_ms is 30;`},
	} {
		_, _, _, err := readRuns("f.json", []byte(base+tt.keys), tt.format)
		switch {
		case tt.refused == "" && err != nil:
			t.Errorf("%s: %v", tt.keys, err)
		case tt.refused != "" && (err == nil || !strings.Contains(err.Error(), tt.refused)):
			t.Errorf("%s: err = %v, want %q", tt.keys, err, tt.refused)
		}
	}
}
