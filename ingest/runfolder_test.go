package ingest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMixedToolsInOneConfigurationRefused: one configuration's files
// come from one tool; a folder mixing tools is refused, naming both
// files.
func TestMixedToolsInOneConfigurationRefused(t *testing.T) {
	root := tree(t, map[string]string{
		"mixed/a-c2.json": "fixture:aiperf/agent-c2.json",
		"mixed/b-c4.json": "fixture:vllm/bench-serve-opt125m.json",
	})
	_, err := Read(filepath.Join(root, "mixed"), ReadOptions{AsConfig: true})
	if err == nil || !strings.Contains(err.Error(), "was written by") || !strings.Contains(err.Error(), "a-c2.json") || !strings.Contains(err.Error(), "b-c4.json") {
		t.Errorf("err = %v", err)
	}
}

// TestOneConfigurationPerModel: one tool's run files that name two
// models are a configuration per model, named by it, each with its own
// levels.
func TestOneConfigurationPerModel(t *testing.T) {
	_, data := fixture(t, "vllm/bench-serve-opt125m.json")
	other := strings.Replace(string(data), `"model_id": "facebook/opt-125m"`, `"model_id": "facebook/opt-350m"`, 1)
	other = strings.Replace(other, `"mean_ttft_ms": 215.53594200008774`, `"mean_ttft_ms": 300.5`, 1)
	if !strings.Contains(other, "opt-350m") || !strings.Contains(other, "300.5") {
		t.Fatal("the fixture's model_id or mean_ttft_ms is not where the test expects it")
	}
	root := tree(t, map[string]string{
		"models/a-c2.json": string(data),
		"models/b-c2.json": other,
		"models/b-c4.json": strings.Replace(other, `"max_concurrency": 2`, `"max_concurrency": 4`, 1),
	})
	c, err := Read(filepath.Join(root, "models"), ReadOptions{AsConfig: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Configs) != 2 || c.Configs[0].ID != "opt-125m" || c.Configs[1].ID != "opt-350m" {
		t.Fatalf("configs %v; want opt-125m and opt-350m", ids(c))
	}
	if l := c.Configs[0].Levels; len(l) != 1 || l[0].Concurrency != 2 || !near(l[0].TTFT.Mean, 215.53594200008774) {
		t.Errorf("opt-125m: levels %v", loads(c.Configs[0]))
	}
	if l := c.Configs[1].Levels; len(l) != 2 || l[0].Repeats != nil || !near(l[0].TTFT.Mean, 300.5) || l[1].Concurrency != 4 {
		t.Errorf("opt-350m: levels %v", loads(c.Configs[1]))
	}
}

// ids are the ids of a campaign's configurations.
func ids(c *Campaign) []string {
	var out []string
	for _, cfg := range c.Configs {
		out = append(out, cfg.ID)
	}
	return out
}

// TestRepeatedRunsKept: runs of one configuration at one load (AIPerf's
// profile runs, repeated files) are one level of their means, the runs
// kept for their spread, not an error.
func TestRepeatedRunsKept(t *testing.T) {
	root := tree(t, map[string]string{
		"cfg/profile_runs/run_0001/agent-c2.json": "fixture:aiperf/agent-c2.json",
		"cfg/profile_runs/run_0002/agent-c2.json": "fixture:aiperf/agent-c2.json",
		"cfg/agent-c4.json":                       "fixture:aiperf/agent-c4.json",
	})
	appendTo(t, filepath.Join(root, "cfg/profile_runs/run_0002/agent-c2.json"), "\n") // its own bytes: a copy is refused
	c, err := Read(filepath.Join(root, "cfg"), ReadOptions{AsConfig: true})
	if err != nil {
		t.Fatal(err)
	}
	ls := c.Configs[0].Levels
	if len(ls) != 2 || ls[0].Concurrency != 2 || len(ls[0].Repeats) != 2 || ls[1].Repeats != nil {
		t.Fatalf("levels = %v, repeats %d", loads(c.Configs[0]), len(ls[0].Repeats))
	}
	if !near(ls[0].TTFT.Mean, ls[0].Repeats[0].TTFT.Mean) {
		t.Errorf("mean of two equal runs = %v, want %v", ls[0].TTFT.Mean, ls[0].Repeats[0].TTFT.Mean)
	}
}

// TestMixedWorkloadsRefused: a JSON-lines file that appends runs of
// different datasets or lengths (SGLang's offline table of workloads,
// a rate sweep continued on ShareGPT) is no one configuration: refused
// at the first run of another workload, naming both.
func TestMixedWorkloadsRefused(t *testing.T) {
	for _, tt := range []struct{ fixture, want string }{
		{"sglang/llama33-70b-offline.jsonl", "llama33-70b-offline.jsonl:2: this run's workload (random 1024/512) differs from that of the run at "},
		{"sglang/llama33-70b-online-rate-sweep.jsonl", "llama33-70b-online-rate-sweep.jsonl:6: this run's workload (sharegpt) differs from that of the run at "},
	} {
		root := tree(t, map[string]string{"report/s.jsonl": "fixture:" + tt.fixture})
		_, err := Read(filepath.Join(root, "report"), ReadOptions{})
		want := strings.Replace(tt.want, filepath.Base(tt.fixture), "s.jsonl", 1)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "a configuration is one workload") {
			t.Errorf("%s: err = %v, want %q", tt.fixture, err, want)
		}
	}
}

// TestFolderLoad: the load of a run from the folders between its
// configuration folder and the file, innermost first, names read whole
// (a model name's dots are not an extension).
func TestFolderLoad(t *testing.T) {
	for _, tt := range []struct {
		path string
		c    int
		rate float64
	}{
		{"cfg/concurrency_16/profile_export_aiperf.json", 16, 0},
		{"cfg/meta-llama_Llama-3.1-405B-FP8-openai-chat-concurrency4/profile_export_genai_perf.csv", 4, 0},
		{"cfg/Qwen3.6-27B-openai-chat-request_rate0.5/profile_export_aiperf.csv", 0, 0.5},
		{"cfg/8/llama_summary.json", 8, 0},
		{"cfg/c32/trial_0001/run.json", 32, 0},
		{"cfg/c32/c64/run.json", 64, 0},
		{"cfg/results/run.json", 0, 0},
		{"cfg/run.json", 0, 0},
	} {
		c, rate := folderLoad("cfg", tt.path)
		if c != tt.c || rate != tt.rate {
			t.Errorf("%s: %d, %v; want %d, %v", tt.path, c, rate, tt.c, tt.rate)
		}
	}
}

// TestLLMPerfLengthsDiffer: LLMPerf runs asked for different lengths
// (550/150 and 550/256 tokens) are not one configuration, however close
// their measured lengths: one configuration per workload, named by it.
func TestLLMPerfLengthsDiffer(t *testing.T) {
	_, data := fixture(t, "llmperf/groq-70b-summary.json")
	other := strings.Replace(string(data), `"mean_output_tokens": 150`, `"mean_output_tokens": 256`, 1)
	if other == string(data) {
		t.Fatal("the fixture's mean_output_tokens is not where the test expects it")
	}
	root := tree(t, map[string]string{
		"results/1/llama2-70b-4096_550_150_summary.json": strings.Replace(string(data), `"num_concurrent_requests": 5`, `"num_concurrent_requests": 1`, 1),
		"results/5/llama2-70b-4096_550_256_summary.json": other,
	})
	c, err := Read(root+"/results", ReadOptions{AsConfig: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(c); len(got) != 2 || got[0] != "550-input-150-output-tokens" || got[1] != "550-input-256-output-tokens" {
		t.Errorf("configs %q; want one per workload", got)
	}
	if len(c.Configs) == 2 && (loads(c.Configs[0])[0] != 1 || loads(c.Configs[1])[0] != 5) {
		t.Errorf("levels %v and %v; want 1 and 5", loads(c.Configs[0]), loads(c.Configs[1]))
	}
}

// TestRunReachedTwiceRefused: one run file reached by two paths (a
// symlinked folder beside the one it links to) is not two repeats.
func TestRunReachedTwiceRefused(t *testing.T) {
	root := tree(t, map[string]string{
		"sweep/x-concurrency2/profile_export_aiperf.json": "fixture:aiperf/agent-c2.json",
		"sweep/x-concurrency4/profile_export_aiperf.json": "fixture:aiperf/agent-c4.json",
	})
	if err := os.Symlink("x-concurrency2", filepath.Join(root, "sweep", "x-concurrency2-rerun")); err != nil {
		t.Skip(err)
	}
	_, err := Read(root+"/sweep", ReadOptions{AsConfig: true})
	if err == nil || !strings.Contains(err.Error(), "is the same file as") {
		t.Errorf("err = %v; want the file named as read twice", err)
	}
}

// TestMixedDefinitionsInConfig: two runs of one configuration that
// define ITL differently (TPOT in one, only the chunk gap in the other)
// are read with a warning naming the metric and both definitions.
func TestMixedDefinitionsInConfig(t *testing.T) {
	_, data := fixture(t, "vllm/bench-serve-opt125m.json")
	chunkOnly := strings.NewReplacer(`"mean_tpot_ms"`, `"x_mean_tpot"`, `"median_tpot_ms"`, `"x_median_tpot"`, `"p99_tpot_ms"`, `"x_p99_tpot"`, `"std_tpot_ms"`, `"x_std_tpot"`,
		`"max_concurrency": 2`, `"max_concurrency": 4`).Replace(string(data))
	root := tree(t, map[string]string{"run/c2.json": string(data), "run/c4.json": chunkOnly})
	c, err := Read(root+"/run", ReadOptions{AsConfig: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Warnings) != 1 || c.Warnings[0].Kind != WarnMixedDefinitions || c.Warnings[0].Values["Def"] != "chunk" || c.Warnings[0].Values["OtherDef"] != "tpot" {
		t.Errorf("warnings %v; want ITL chunk against tpot", c.Warnings)
	}
}

// TestInputLengthsOfOneConfiguration: runs that do not state their
// workload are one configuration's while their mean input lengths are
// within workloadTolerance (25 %) of the longer: 30 and 40 tokens are,
// 29.875 and 40 are not.
func TestInputLengthsOfOneConfiguration(t *testing.T) {
	_, data := fixture(t, "vllm/bench-serve-opt125m.json")
	if !strings.Contains(string(data), `"total_input_tokens": 256,`) || !strings.Contains(string(data), `"completed": 8,`) {
		t.Fatal("the fixture's total_input_tokens or completed is not what the test expects")
	}
	withInput := func(c, total int) string {
		return strings.NewReplacer(`"total_input_tokens": 256,`, fmt.Sprintf(`"total_input_tokens": %d,`, total),
			`"max_concurrency": 2`, fmt.Sprintf(`"max_concurrency": %d`, c)).Replace(string(data))
	}
	for _, tt := range []struct {
		shorter int // total input tokens over 8 requests, beside 320 (40 a request)
		ok      bool
	}{{240, true}, {239, false}} {
		root := tree(t, map[string]string{"run/c2.json": withInput(2, 320), "run/c4.json": withInput(4, tt.shorter)})
		_, err := Read(root+"/run", ReadOptions{AsConfig: true})
		if tt.ok && err != nil || !tt.ok && (err == nil || !strings.Contains(err.Error(), "c4.json: has mean input length 30 tokens, while ")) {
			t.Errorf("mean input %g beside 40 tokens: err = %v", float64(tt.shorter)/8, err)
		}
	}
}

// TestRunDepth: runs are looked for at most three folders below a
// configuration folder (docs/inputs.md): a run three folders below
// cfg is read, one four below is not, and the error says three.
func TestRunDepth(t *testing.T) {
	run := `{"max_concurrency": 2, "mean_ttft_ms": 50, "mean_tpot_ms": 8, "mean_e2el_ms": 900}`
	root := writeTree(t, map[string]string{"r3/cfg/profile_runs/trial_0001/concurrency_2/run.json": run})
	if c, err := Read(filepath.Join(root, "r3"), ReadOptions{}); err != nil || len(c.Configs) != 1 || c.Configs[0].Levels[0].Concurrency != 2 {
		t.Errorf("three folders below: %v", err)
	}
	root = writeTree(t, map[string]string{"r4/cfg/x/profile_runs/trial_0001/concurrency_2/run.json": run})
	_, _, err := Discover(filepath.Join(root, "r4"))
	if err == nil || !strings.Contains(err.Error(), "(runs are looked for at most 3 folders below a configuration)") {
		t.Errorf("four folders below: err = %v, want at most 3 folders named", err)
	}
}
