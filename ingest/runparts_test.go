package ingest

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// sglangLine is one sglang.bench_serving result line at concurrency c
// whose mean TTFT is ttft ms, serving model (none when "").
func sglangLine(c int, ttft float64, model string) string {
	m := ""
	if model != "" {
		m = fmt.Sprintf(`"model_id": %q, `, model)
	}
	return fmt.Sprintf(`{"backend": "sglang", %s"dataset_name": "random", "request_rate": Infinity, "max_concurrency": %d, "random_input_len": 1024, "random_output_len": 1024, "duration": 100.0, "completed": 640, "total_input_tokens": 655360, "total_output_tokens": 655360, "request_throughput": 6.4, "output_throughput": 6553.6, "mean_e2e_latency_ms": 10000.0, "median_e2e_latency_ms": 9900.0, "p99_e2e_latency_ms": 12000.0, "mean_ttft_ms": %g, "median_ttft_ms": %g, "p99_ttft_ms": 400.0, "mean_tpot_ms": 9.5, "median_tpot_ms": 9.4, "p99_tpot_ms": 11.0, "mean_itl_ms": 9.5, "median_itl_ms": 9.0, "p99_itl_ms": 15.0}`+"\n",
		m, c, ttft, ttft)
}

// TestDistinctDeploymentsInCampaign: a campaign's folder of runs whose
// files at one load are distinct deployments gives one configuration
// each, named folder/<what differs>, which a manifest lists by id.
func TestDistinctDeploymentsInCampaign(t *testing.T) {
	files := map[string]string{
		"campaign/pd/pd_1p1d_isl1024_c64.jsonl": sglangLine(64, 200, ""),
		"campaign/pd/pd_1p1d_isl1024_c32.jsonl": sglangLine(32, 150, ""),
		"campaign/pd/pd_1p2d_isl1024_c64.jsonl": sglangLine(64, 180, ""),
		"campaign/single/c64-run1.jsonl":        sglangLine(64, 100, ""),
		"campaign/single/c64-run2.jsonl":        sglangLine(64, 110, ""),
	}
	root := writeTree(t, files)
	c := readTarget(t, filepath.Join(root, "campaign"))
	if got := strings.Join(ids(c), " "); got != "pd/1p1d pd/1p2d single" {
		t.Fatalf("configs %s; want pd/1p1d pd/1p2d single", got)
	}
	if l := c.Configs[0].Levels; len(l) != 2 || l[1].Concurrency != 64 || l[1].TTFT.Mean != 200 || l[1].Repeats != nil {
		t.Errorf("pd/1p1d: levels %v", loads(c.Configs[0]))
	}
	if l := c.Configs[1].Levels; len(l) != 1 || l[0].TTFT.Mean != 180 {
		t.Errorf("pd/1p2d: levels %v", loads(c.Configs[1]))
	}
	if l := c.Configs[2].Levels; len(l) != 1 || len(l[0].Repeats) != 2 || l[0].TTFT.Mean != 105 {
		t.Errorf("single: levels %v; want one level of two runs", loads(c.Configs[2]))
	}

	files["campaign/report.toml"] = "[[configs]]\nid = \"single\"\n[[configs]]\nid = \"pd/1p2d\"\n[[configs]]\nid = \"pd/1p1d\"\n"
	c, err := Read(filepath.Join(writeTree(t, files), "campaign"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(ids(c), " "); got != "single pd/1p2d pd/1p1d" || c.Configs[1].Levels[0].TTFT.Mean != 180 {
		t.Errorf("configs %s in the manifest's order; want single pd/1p2d pd/1p1d", got)
	}
}

// TestManifestPathPicksConfiguration: a manifest entry whose path is a
// folder of several configurations reads the one its id names (by name,
// or folder/name); the others need entries of their own, and an id that
// names none is refused, listing them.
func TestManifestPathPicksConfiguration(t *testing.T) {
	files := map[string]string{
		"r/pd/pd_1p1d_c64.jsonl": sglangLine(64, 200, ""),
		"r/pd/pd_1p2d_c64.jsonl": sglangLine(64, 180, ""),
		"r/report.toml":          "[[configs]]\nid = \"pd/1p2d\"\npath = \"pd\"\n[[configs]]\nid = \"1p1d\"\npath = \"pd\"\n",
	}
	c, err := Read(filepath.Join(writeTree(t, files), "r"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(ids(c), " "); got != "pd/1p2d 1p1d" || c.Configs[0].Levels[0].TTFT.Mean != 180 || c.Configs[1].Levels[0].TTFT.Mean != 200 {
		t.Errorf("configs %s", got)
	}
	files["r/report.toml"] = "[[configs]]\nid = \"1p1d\"\npath = \"pd\"\n"
	_, err = Read(filepath.Join(writeTree(t, files), "r"), ReadOptions{})
	if err == nil || !strings.Contains(err.Error(), `has no [[configs]] entry with id = "pd/1p2d"`) {
		t.Errorf("a manifest that leaves out one of the folder's configurations: err = %v", err)
	}
	files["r/report.toml"] = "[[configs]]\nid = \"pd\"\npath = \"pd\"\n"
	_, err = Read(filepath.Join(writeTree(t, files), "r"), ReadOptions{})
	if err == nil || !strings.Contains(err.Error(), `report.toml: config "pd": path "pd" holds 2 configurations ("1p1d", "1p2d"); give each its own [[configs]] entry with this path and its id`) {
		t.Errorf("err = %v", err)
	}
}

// TestWholeFolderOfSeveralRefused: a folder read whole as one
// configuration whose files are several is refused, naming two files at
// one load and the configurations: distinct deployments are never
// averaged.
func TestWholeFolderOfSeveralRefused(t *testing.T) {
	root := writeTree(t, map[string]string{
		"pd/pd_1p1d_c64.jsonl": sglangLine(64, 200, ""),
		"pd/pd_1p2d_c64.jsonl": sglangLine(64, 180, ""),
	})
	_, _, err := readRunFolder(filepath.Join(root, "pd"), "")
	want := filepath.Join(root, "pd") + ": holds the runs of 2 configurations (1p1d, 1p2d): pd_1p1d_c64.jsonl and pd_1p2d_c64.jsonl are no repeats of one configuration"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("err = %v\nwant %s…", err, want)
	}
}

// TestFolderNamedForOtherModel: a folder of runs named for another model
// than its files all state is called by the files' model, and one
// warning says so; a manifest may still list it by the folder's name,
// and a name another configuration has keeps the folder's.
func TestFolderNamedForOtherModel(t *testing.T) {
	files := map[string]string{
		"r/llama-3.1-8b/c32.jsonl": sglangLine(32, 150, "Qwen/Qwen3-8B"),
		"r/llama-3.1-8b/c64.jsonl": sglangLine(64, 200, "Qwen/Qwen3-8B"),
		"r/vllm/c64.jsonl":         sglangLine(64, 100, "Qwen/Qwen3-8B"),
	}
	c := readTarget(t, filepath.Join(writeTree(t, files), "r"))
	if got := strings.Join(ids(c), " "); got != "Qwen3-8B vllm" {
		t.Fatalf("configs %s; want Qwen3-8B vllm", got)
	}
	if len(c.Warnings) != 1 || c.Warnings[0].Kind != WarnFolderModel || c.Warnings[0].Values["Model"] != "Qwen/Qwen3-8B" || c.Warnings[0].Values["Config"] != "Qwen3-8B" ||
		!strings.HasSuffix(c.Warnings[0].Error(), "llama-3.1-8b: the folder is named for another model than its files, which all state Qwen/Qwen3-8B; the configuration is called Qwen3-8B") {
		t.Errorf("warnings %v", c.Warnings)
	}

	files["r/report.toml"] = "[[configs]]\nid = \"llama-3.1-8b\"\n[[configs]]\nid = \"vllm\"\n"
	c, err := Read(filepath.Join(writeTree(t, files), "r"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(ids(c), " "); got != "llama-3.1-8b vllm" || len(c.Warnings) != 1 || c.Warnings[0].Values["Config"] != "llama-3.1-8b" {
		t.Errorf("configs %s, warnings %v; want the manifest's id, warned", got, c.Warnings)
	}

	delete(files, "r/report.toml")
	files["r/Qwen3-8B.jsonl"] = sglangLine(64, 90, "Qwen/Qwen3-8B")
	c, err = Read(filepath.Join(writeTree(t, files), "r"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(ids(c), " "); got != "Qwen3-8B llama-3.1-8b vllm" {
		t.Errorf("configs %s; want the folder's name kept beside Qwen3-8B.jsonl", got)
	}

	// Alone, the folder is a report of one configuration, named so.
	c = readTarget(t, filepath.Join(writeTree(t, files), "r", "llama-3.1-8b"))
	if got := strings.Join(ids(c), " "); got != "Qwen3-8B" || len(c.Warnings) != 1 {
		t.Errorf("configs %s, warnings %v", got, c.Warnings)
	}
}

// TestFolderRunsCapped: a folder of runs holds at most maxFolderRuns
// runs, repeats counted, its configurations together; the walk stops at
// the file past it.
func TestFolderRunsCapped(t *testing.T) {
	lines := func(c, n int) string { return strings.Repeat(run(c)+"\n", n) }
	files := map[string]string{"runs/a.jsonl": lines(1, MaxRuns), "runs/b.jsonl": lines(2, maxFolderRuns-MaxRuns)}
	c, err := Read(filepath.Join(writeTree(t, files), "runs"), ReadOptions{AsConfig: true})
	if err != nil || len(c.Configs[0].Levels) != 2 || len(c.Configs[0].Levels[1].Repeats) != maxFolderRuns-MaxRuns {
		t.Fatalf("%d runs: %v", maxFolderRuns, err)
	}
	files["runs/c.jsonl"] = lines(3, 1)
	dir := filepath.Join(writeTree(t, files), "runs")
	_, err = Read(dir, ReadOptions{AsConfig: true})
	wantError(t, err, dir+fmt.Sprintf(": holds more than %d runs; expected at most %d in one folder", maxFolderRuns, maxFolderRuns))
}

// TestRepeatFilesNotLevels: the cap of MaxLevels levels counts load
// levels, not the files that repeat them: 5 loads measured in 16 trial
// folders each (80 run files) are one configuration of 5 levels.
func TestRepeatFilesNotLevels(t *testing.T) {
	files := map[string]string{}
	for trial := 1; trial <= 16; trial++ {
		for _, c := range []int{1, 2, 4, 8, 16} {
			// Each trial's file its own bytes (copies are refused):
			// trailing blanks, one more per trial.
			files[fmt.Sprintf("cfg/profile_runs/trial_%04d/c%d.json", trial, c)] = run(c) + strings.Repeat(" ", trial)
		}
	}
	c, err := Read(filepath.Join(writeTree(t, files), "cfg"), ReadOptions{AsConfig: true})
	if err != nil {
		t.Fatal(err)
	}
	if ls := c.Configs[0].Levels; len(ls) != 5 || len(ls[4].Repeats) != 16 {
		t.Errorf("levels %v; want 5 of 16 runs each", loads(c.Configs[0]))
	}
}

// TestRunFileInTwoConfigurations: a manifest that reads a run file as a
// configuration of its own and as one of a folder's configurations is
// refused.
func TestRunFileInTwoConfigurations(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"r/pd/pd_1p1d_c64.jsonl": sglangLine(64, 200, ""),
		"r/pd/pd_1p2d_c64.jsonl": sglangLine(64, 180, ""),
		"r/report.toml":          "[[configs]]\nid = \"1p1d\"\npath = \"pd\"\n[[configs]]\nid = \"1p2d\"\npath = \"pd\"\n[[configs]]\nid = \"f\"\npath = \"pd/pd_1p1d_c64.jsonl\"\n",
	})
	_, err := Read(filepath.Join(dir, "r"), ReadOptions{})
	if err == nil || !strings.Contains(err.Error(), `config "f" reads `+filepath.Join(dir, "r", "pd", "pd_1p1d_c64.jsonl")+`, a run file of config "1p1d"`) {
		t.Errorf("err = %v", err)
	}
}
