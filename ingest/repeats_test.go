package ingest

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRunToken: what tells only which repeat a run file is (a repeat's
// number, a timestamp) and what tells what it ran (a load, a
// deployment, a precision, a GPU).
func TestRunToken(t *testing.T) {
	for _, tt := range []struct {
		tok  string
		want bool
	}{
		{"run3", true}, {"run", true}, {"run_2", true}, {"run-2", true}, {"run=0", true}, {"Run1", true},
		{"r2", true}, {"r3", true}, {"rep", true}, {"rep1", true}, {"repeat-2", true}, {"rerun", true},
		{"trial", true}, {"trial_4", true}, {"iter3", true}, {"attempt2", true},
		{"run_0001", true}, {"trial_0001", true}, {"profile_runs", true},
		{"20250418-101500", true}, {"20250418_101500", true}, {"20250418101500", true}, {"20250418", true},
		{"2025-04-18", true}, {"2025-04-18T10:15:00", true}, {"2025-04-18T10:15:00.123Z", true},
		{"2025-04-18_10-15-00", true}, {"20260816-160853", true}, {"04182025", true}, {"1713435300", true}, {"1713435300123", true},

		{"c64", false}, {"tp8", false}, {"1p2d", false}, {"fp8", false}, {"h200", false},
		{"r", false}, {"runs", false}, {"runner", false}, {"r2d2", false}, {"rep1a", false},
		{"v2", false}, {"seed1", false}, {"1024", false}, {"0418", false}, {"20251318", false},
		{"concurrency_16", false}, {"rate4", false}, {"4qps", false}, {"llama", false}, {"qwen3", false},
		{"run1-c64", false}, {"", false},
	} {
		if got := isRunToken(tt.tok); got != tt.want {
			t.Errorf("isRunToken(%q) = %v, want %v", tt.tok, got, tt.want)
		}
	}
}

// TestNameKey: two run files at one load are repeats by name when their
// names, folders included, differ by run tokens (and load tokens)
// alone.
func TestNameKey(t *testing.T) {
	for _, tt := range []struct {
		a, b    string
		repeats bool
	}{
		{"c64-run1.json", "c64-run2.json", true},
		{"c64.json", "c64-run2.json", true},
		{"r2-c64.json", "r3-c64.json", true},
		{"trial_4-c64.json", "c64.json", true},
		{"vllm-infqps-concurrency2-opt-125m-20260816-160853.json", "vllm-infqps-concurrency2-opt-125m-20260817-093000.json", true},
		{"bench_2025-04-18T10:15:00.json", "bench_2025-04-19T11:00:00.json", true},
		{"profile_runs/run_0001/concurrency_2/profile_export_aiperf.json", "profile_runs/run_0002/concurrency_2/profile_export_aiperf.json", true},
		{"concurrency_2/profile_export_aiperf.json", "concurrency_2/profile_runs/trial_0002/profile_export_aiperf.json", true},
		{"8/llama_550_150_summary.json", "8/rep2/llama_550_150_summary.json", true},
		{"pd_1p1d_isl1024_osl1024_c32.jsonl", "pd_1p1d_isl1024_osl1024_c64.jsonl", true}, // loads differ, names not
		{"Llama-3.1-8B_c8.json", "llama-3.1-8b-c8.json", true},                           // case and separators

		{"pd_1p1d_isl1024_osl1024_c64.jsonl", "pd_1p2d_isl1024_osl1024_c64.jsonl", false},
		{"c64.json", "c64-fp8.json", false},
		{"h200-c64.json", "h100-c64.json", false},
		{"tp8-c64.json", "tp4-c64.json", false},
		{"vllm-30000-100-.json", "trt-30000-100.json", false},
		{"c64/pd_1p1d.jsonl", "c64/pd_1p2d.jsonl", false},
		{"pd_1p1d_c64/run.json", "pd_1p2d_c64/run.json", false},
		{"Llama-3.1-8B_c8.json", "Llama-3.2-8B_c8.json", false},
		{"bench_v1_c8.json", "bench_v2_c8.json", false},
	} {
		if got := nameKey(tt.a) == nameKey(tt.b); got != tt.repeats {
			t.Errorf("%s and %s: keys %q and %q; repeats %v, want %v", tt.a, tt.b, nameKey(tt.a), nameKey(tt.b), got, tt.repeats)
		}
	}
}

// runOf is a run file of the folder "cfg" as read: one level at
// concurrency c, recording model m and, as key=value pairs, settings.
func runOf(rel string, c int, m string, settings ...string) runFile {
	l := newLevel(c, Pos{})
	l.Model = m
	for _, kv := range settings {
		k, v, _ := strings.Cut(kv, "=")
		if k == "workload" {
			l.Workload = v
			continue
		}
		if l.Settings == nil {
			l.Settings = map[string]string{}
		}
		l.Settings[k] = v
	}
	return runFile{path: filepath.Join("cfg", filepath.FromSlash(rel)), cfg: Config{Format: FormatSGLang, Tool: "SGLang bench_serving", Levels: []Level{l}}}
}

// TestGroupRuns: which configurations a folder's run files are, and
// their names.
func TestGroupRuns(t *testing.T) {
	const m = "meta-llama/Llama-3.1-8B-Instruct"
	for _, tt := range []struct {
		name  string
		files []runFile
		want  string // id: files, …
	}{
		{"repeats by run token", []runFile{runOf("c64-run1.json", 64, m), runOf("c64-run2.json", 64, m), runOf("c32-run1.json", 32, m)},
			"cfg: c64-run1.json c64-run2.json c32-run1.json"},
		{"repeats by timestamp", []runFile{runOf("vllm-concurrency2-20260816-160853.json", 2, m), runOf("vllm-concurrency2-20260817-093000.json", 2, m)},
			"cfg: vllm-concurrency2-20260816-160853.json vllm-concurrency2-20260817-093000.json"},
		{"distinct deployments", []runFile{
			runOf("pd_1p1d_isl1024_osl1024_c64.jsonl", 64, m), runOf("pd_1p2d_isl1024_osl1024_c64.jsonl", 64, m),
			runOf("pd_1p4d_isl1024_osl1024_c64.jsonl", 64, m), runOf("pd_1p8d_isl1024_osl1024_c64.jsonl", 64, m)},
			"1p1d: pd_1p1d_isl1024_osl1024_c64.jsonl; 1p2d: pd_1p2d_isl1024_osl1024_c64.jsonl; 1p4d: pd_1p4d_isl1024_osl1024_c64.jsonl; 1p8d: pd_1p8d_isl1024_osl1024_c64.jsonl"},
		{"a deployment's levels stay together", []runFile{runOf("pd_1p1d_c32.jsonl", 32, m), runOf("pd_1p1d_c64.jsonl", 64, m), runOf("pd_1p2d_c64.jsonl", 64, m)},
			"1p1d: pd_1p1d_c32.jsonl pd_1p1d_c64.jsonl; 1p2d: pd_1p2d_c64.jsonl"},
		{"names differ at other loads only", []runFile{runOf("vllm-mns8-c8.json", 8, m), runOf("vllm-mns16-c16.json", 16, m)},
			"cfg: vllm-mns8-c8.json vllm-mns16-c16.json"},
		{"names differ in several tokens", []runFile{runOf("sglang_pd_1p1d_tp8_c64.jsonl", 64, m), runOf("sglang_pd_1p2d_tp4_c64.jsonl", 64, m)},
			"1p1d_tp8: sglang_pd_1p1d_tp8_c64.jsonl; 1p2d_tp4: sglang_pd_1p2d_tp4_c64.jsonl"},
		{"a name the other holds whole", []runFile{runOf("vllm_c64.json", 64, m), runOf("vllm_eagle_c64.json", 64, m)},
			"eagle: vllm_eagle_c64.json; vllm: vllm_c64.json"},
		{"names of load tokens only", []runFile{runOf("c64.json", 64, m), runOf("c64-fp8.json", 64, m)},
			"c64: c64.json; fp8: c64-fp8.json"},
		{"settings that disagree", []runFile{runOf("c64-run1.jsonl", 64, m, "backend=sglang"), runOf("c64-run2.jsonl", 64, m, "backend=vllm")},
			"sglang: c64-run1.jsonl; vllm: c64-run2.jsonl"},
		{"a setting one file does not record", []runFile{runOf("c64-run1.jsonl", 64, m, "backend=sglang"), runOf("c64-run2.jsonl", 64, m)},
			"cfg: c64-run1.jsonl c64-run2.jsonl"},
		{"one configuration per model", []runFile{
			runOf("Qwen_Qwen3-4B_benchmarks.json", 1, "Qwen/Qwen3-4B"), runOf("meta-llama_Llama-3.1-8B-Instruct_benchmarks.json", 1, m),
			runOf("mistralai_Mistral-7B-Instruct-v0.3_benchmarks.json", 1, "mistralai/Mistral-7B-Instruct-v0.3")},
			"Llama-3.1-8B-Instruct: meta-llama_Llama-3.1-8B-Instruct_benchmarks.json; Mistral-7B-Instruct-v0.3: mistralai_Mistral-7B-Instruct-v0.3_benchmarks.json; Qwen3-4B: Qwen_Qwen3-4B_benchmarks.json"},
		{"models of one name", []runFile{runOf("a-c1.json", 1, "org-a/Llama-3.1-8B"), runOf("b-c1.json", 1, "/models/Llama-3.1-8B/")},
			"models-Llama-3.1-8B: b-c1.json; org-a-Llama-3.1-8B: a-c1.json"},
		{"one configuration per workload", []runFile{runOf("x-c8.json", 8, m, "workload=random 1024/128"), runOf("y-c16.json", 16, m, "workload=sharegpt")},
			"random-1024-128: x-c8.json; sharegpt: y-c16.json"},
		{"models and deployments", []runFile{
			runOf("qwen_1p1d_c64.jsonl", 64, "Qwen/Qwen3-8B"), runOf("qwen_1p2d_c64.jsonl", 64, "Qwen/Qwen3-8B"), runOf("llama_1p1d_c64.jsonl", 64, m)},
			"Llama-3.1-8B-Instruct: llama_1p1d_c64.jsonl; Qwen3-8B-1p1d: qwen_1p1d_c64.jsonl; Qwen3-8B-1p2d: qwen_1p2d_c64.jsonl"},
		{"ids made unique", []runFile{runOf("x-c8.json", 8, m, "workload=random 1024/128"), runOf("y-c16.json", 16, m, "workload=random-1024-128")},
			"random-1024-128: x-c8.json; random-1024-128-2: y-c16.json"},
		{"numbers with their word", []runFile{runOf("bench_bs_32_c64.json", 64, m), runOf("bench_bs_64_c64.json", 64, m)},
			"bs_32: bench_bs_32_c64.json; bs_64: bench_bs_64_c64.json"},
		{"values with their key", []runFile{runOf("SERVE--max_num_seqs=4-BENCH--max_concurrency=8/summary.json", 8, m), runOf("SERVE--max_num_seqs=16-BENCH--max_concurrency=8/summary.json", 8, m)},
			"max_num_seqs=16: SERVE--max_num_seqs=16-BENCH--max_concurrency=8/summary.json; max_num_seqs=4: SERVE--max_num_seqs=4-BENCH--max_concurrency=8/summary.json"},
		{"names in another order", []runFile{runOf("a_b_c64.json", 64, m), runOf("b_a_c64.json", 64, m), runOf("a-b-c64-run2.json", 64, m)},
			"a_b: a_b_c64.json a-b-c64-run2.json; b_a: b_a_c64.json"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			groups, err := groupRuns("cfg", tt.files)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, g := range groups {
				var files []string
				for _, f := range tt.files {
					if g.files[f.path] {
						files = append(files, relRun("cfg", f.path))
					}
				}
				id := g.id
				if len(groups) == 1 {
					id = "cfg"
				}
				got = append(got, id+": "+strings.Join(files, " "))
			}
			if s := strings.Join(got, "; "); s != tt.want {
				t.Errorf("got  %s\nwant %s", s, tt.want)
			}
		})
	}
}

// TestGroupRunsMixedTools: the run files of one folder come from one
// tool, whatever configurations they are.
func TestGroupRunsMixedTools(t *testing.T) {
	a, b := runOf("a-c2.json", 2, ""), runOf("b-c4.json", 4, "")
	b.cfg.Format, b.cfg.Tool = FormatVLLM, "vLLM bench serve"
	_, err := groupRuns("cfg", []runFile{a, b})
	if err == nil || !strings.Contains(err.Error(), "was written by vLLM bench serve, while "+a.path+" was written by SGLang bench_serving") {
		t.Errorf("err = %v", err)
	}
}

// TestFolderNamesOther: a folder is named for another model than its
// files' when its name names another family, or another size.
func TestFolderNamesOther(t *testing.T) {
	for _, tt := range []struct {
		folder, model string
		want          bool
	}{
		{"llama-3.1-8b", "Qwen/Qwen3-8B", true},
		{"llama-8b", "meta-llama/Llama-3.1-70B-Instruct", true},
		{"qwen2.5-1.5b", "Qwen/Qwen2.5-7B-Instruct", true},
		{"deepseek-r1-h200", "meta-llama/Llama-3.3-70B-Instruct", true},
		{"results_serving_meta-llama-Llama-3.3-70B-Instruct", "meta-llama/Llama-3.3-70B-Instruct", false},
		{"deepseek-r1-h200-04182025", "/data/nm/models/DeepSeek-R1", false},
		{"Qwen3.6-27B-openai-chat", "qwen3.6-nvfp4", false},
		{"qwen2.5-1.5b", "Qwen/Qwen2.5-1.5B-Instruct", false},
		{"llama33-70b", "meta-llama/Llama-3.3-70B-Instruct", false},
		{"serve", "facebook/opt-125m", false},           // the folder names no model
		{"sglang-c64", "Qwen/Qwen3-8B", false},          // nor does this one
		{"llama-8b", "/models/my-finetune", false},      // the model's family is not known
		{"optimized", "meta-llama/Llama-3.1-8B", false}, // "opt" must be a word of its own
		{"opt-125m", "facebook/opt-125m", false},
	} {
		if got := folderNamesOther(tt.folder, tt.model); got != tt.want {
			t.Errorf("folderNamesOther(%q, %q) = %v, want %v", tt.folder, tt.model, got, tt.want)
		}
	}
}

// TestCopiedRunsRefused: two run files of one configuration that hold
// the same bytes at one load are one run saved twice: refused, naming
// both and the load; a single byte apart they are two repeats; files
// that are configurations of their own (names that differ by more than
// a run token), or the same bytes at two loads (the load from the
// folder names), are not judged here. A hard link is one file, read
// once (TestHardLinkIsOneFile).
func TestCopiedRunsRefused(t *testing.T) {
	run := `{"max_concurrency": 4, "completed": 8, "mean_ttft_ms": 50, "mean_tpot_ms": 8, "mean_e2el_ms": 900}`
	noLoad := `{"completed": 8, "mean_ttft_ms": 50, "mean_tpot_ms": 8, "mean_e2el_ms": 900}`
	for _, tt := range []struct {
		name    string
		files   map[string]string
		refused string
	}{
		{"run tokens", map[string]string{"cfg/c4-run1.json": run, "cfg/c4-run2.json": run, "cfg/c4-run3.json": run},
			"cfg/c4-run2.json: holds the same bytes as @/cfg/c4-run1.json, at concurrency 4: one run saved twice, not two repeats; expected each run once (remove the copy)"},
		{"in folders of run tokens", map[string]string{"cfg/run1/c4.json": run, "cfg/run2/c4.json": run}, "cfg/run2/c4.json: holds the same bytes as @/cfg/run1/c4.json, at concurrency 4"},
		{"two configurations", map[string]string{"cfg/a.json": run, "cfg/b.json": run}, ""},
		{"one byte apart", map[string]string{"cfg/c4-run1.json": run, "cfg/c4-run2.json": strings.Replace(run, "50", "51", 1)}, ""},
		{"two loads", map[string]string{"cfg/c2/run.json": noLoad, "cfg/c8/run.json": noLoad}, ""},
	} {
		root := writeTree(t, tt.files)
		_, err := Read(filepath.Join(root, "cfg"), ReadOptions{AsConfig: true})
		want := strings.ReplaceAll(tt.refused, "@", root)
		switch {
		case tt.refused == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.refused != "" && (err == nil || !strings.HasPrefix(err.Error(), filepath.Join(root, want))):
			t.Errorf("%s: err = %v\nwant %s", tt.name, err, filepath.Join(root, want))
		}
	}
}
