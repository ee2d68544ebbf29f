package ingest

import (
	"slices"
	"strings"
	"testing"
)

// TestVLLMSweepServerSettings: a vllm bench sweep of two server
// settings (SERVE--max_num_seqs=4-… and SERVE--max_num_seqs=8-…) is one
// report of two configurations, one per setting, named for it; its
// summary.csv, warm-up and run=N.json files are not read.
func TestVLLMSweepServerSettings(t *testing.T) {
	files := map[string]string{"exp/summary.csv": "fixture:ingest/testdata/vllm-sweep/summary.csv"}
	for _, seqs := range []string{"4", "8"} {
		for _, c := range []string{"2", "4"} {
			point := "exp/SERVE--max_num_seqs=" + seqs + "-BENCH--max_concurrency=" + c + "-num_prompts=8/"
			files[point+"summary.json"] = "fixture:vllm/sweep-summary.json"
			files[point+"run=0.json"] = "{}"
			files[point+"warmup.json"] = "{}"
			if c == "4" {
				files[point+"summary.json"] = "concurrency4"
			}
		}
	}
	_, base := fixture(t, "vllm/sweep-summary.json")
	for p, body := range files {
		if body == "concurrency4" {
			files[p] = strings.ReplaceAll(string(base), `"max_concurrency": 2`, `"max_concurrency": 4`)
		}
	}
	delete(files, "exp/summary.csv")
	root := tree(t, files)
	if got := targets(t, root+"/exp"); got != "exp" {
		t.Fatalf("Discover = %q, want one report", got)
	}
	c := readTarget(t, root+"/exp")
	if len(c.Configs) != 2 || c.Configs[0].ID != "max_num_seqs=4" || c.Configs[1].ID != "max_num_seqs=8" {
		t.Fatalf("configs %d (%v); want max_num_seqs=4 and max_num_seqs=8", len(c.Configs), c.Configs)
	}
	for _, cfg := range c.Configs {
		if got := loads(cfg); len(got) != 2 || got[0] != 2 || got[1] != 4 || len(cfg.Levels[0].Repeats) != 2 {
			t.Errorf("%s: levels %v; want 2 and 4, two runs each", cfg.ID, got)
		}
	}
	// One server setting: the experiment is one configuration.
	for p := range files {
		if strings.Contains(p, "max_num_seqs=8") {
			delete(files, p)
		}
	}
	if got := targets(t, tree(t, files)+"/exp"); got != "exp*" {
		t.Errorf("one setting: Discover = %q, want one configuration", got)
	}
}

// sweepPoint is a vllm bench sweep point's summary.json at concurrency
// c, from the real one (two runs at c=2).
func sweepPoint(t *testing.T, c string) string {
	t.Helper()
	_, data := fixture(t, "vllm/sweep-summary.json")
	return strings.ReplaceAll(string(data), `"max_concurrency": 2`, `"max_concurrency": `+c)
}

// TestVLLMSweepLinkVars: a sweep whose server setting follows the load
// (--link-vars max_num_seqs=max_concurrency: one point per setting) is
// one configuration over the loads, not one configuration per level.
func TestVLLMSweepLinkVars(t *testing.T) {
	files := map[string]string{}
	for _, c := range []string{"2", "4", "8"} {
		files["exp/SERVE--max_num_seqs="+c+"-BENCH--max_concurrency="+c+"/summary.json"] = sweepPoint(t, c)
	}
	root := tree(t, files)
	if got := targets(t, root+"/exp"); got != "exp*" {
		t.Fatalf("Discover = %q, want one configuration", got)
	}
	c := readTarget(t, root+"/exp")
	if len(c.Configs) != 1 || !slices.Equal(loads(c.Configs[0]), []int{2, 4, 8}) {
		t.Errorf("%d configurations; want one with levels 2, 4, 8", len(c.Configs))
	}
}

// TestVLLMSweepInCampaign: in a campaign, a sweep experiment of two
// server settings is two of the report's configurations beside the
// others, not a report of its own.
func TestVLLMSweepInCampaign(t *testing.T) {
	files := map[string]string{
		"campaign/aiperf/x-concurrency2/profile_export_aiperf.json": "fixture:aiperf/agent-c2.json",
		"campaign/aiperf/x-concurrency4/profile_export_aiperf.json": "fixture:aiperf/agent-c4.json",
	}
	for _, seqs := range []string{"4", "8"} {
		for _, c := range []string{"2", "4"} {
			files["campaign/vllm-exp/SERVE--max_num_seqs="+seqs+"-BENCH--max_concurrency="+c+"/summary.json"] = sweepPoint(t, c)
		}
	}
	root := tree(t, files)
	if got := targets(t, root+"/campaign"); got != "campaign" {
		t.Fatalf("Discover = %q, want one report", got)
	}
	c := readTarget(t, root+"/campaign")
	var ids []string
	for _, cfg := range c.Configs {
		ids = append(ids, cfg.ID)
	}
	if !slices.Equal(ids, []string{"aiperf", "vllm-exp/max_num_seqs=4", "vllm-exp/max_num_seqs=8"}) {
		t.Errorf("configurations %v", ids)
	}
}

// TestVLLMSweepCSVEqualsFolder: a sweep's summary.csv (gen.py writes it
// as pandas does from the real summary.json) gives the levels the
// folder of its points' summary.json files gives, repeats as the
// summary.json reader keeps them.
func TestVLLMSweepCSVEqualsFolder(t *testing.T) {
	_, data := fixture(t, "vllm/sweep-summary.json")
	files := map[string]string{}
	for _, c := range []string{"2", "4"} {
		body := strings.ReplaceAll(string(data), `"max_concurrency": 2`, `"max_concurrency": `+c)
		files["sweep/SERVE--max_num_seqs=4-BENCH--max_concurrency="+c+"-num_prompts=8/summary.json"] = body
	}
	dir := writeTree(t, files)
	folder, _, err := readRunFolder(dir+"/sweep", "")
	if err != nil {
		t.Fatal(err)
	}
	path, csvData := fixture(t, "testdata/vllm-sweep/summary.csv")
	got, _, warnings, err := readRuns(path, csvData, FormatVLLMSweepCSV)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(folder.Levels) || len(got) != 2 {
		t.Fatalf("%d levels from the CSV, %d from the folder; want 2", len(got), len(folder.Levels))
	}
	for i := range got {
		if g, w := levelText(got[i]), levelText(folder.Levels[i]); g != w {
			t.Errorf("level %d\n csv    %s\n folder %s", i, g, w)
		}
	}
	if len(warnings) != 0 {
		t.Errorf("warnings = %v; want none: repeated runs are kept", warnings)
	}
	if len(got[0].Repeats) != 2 || got[0].Repeats[0].Pos.Line != 2 || got[0].Repeats[1].Pos.Line != 3 {
		t.Errorf("c=2 runs %+v; want the rows at lines 2 and 3", got[0].Repeats)
	}
}

// TestVLLMSweepCSVCombinations: two parameter combinations at one load
// (a sweep of server settings) are not repeats of one level.
func TestVLLMSweepCSVCombinations(t *testing.T) {
	_, data := fixture(t, "testdata/vllm-sweep/summary.csv")
	rows := strings.Split(strings.TrimSpace(string(data)), "\n")
	// Point 2 at concurrency 2 as well: its run_number restarts at row 3.
	file := strings.Join(append(rows[:3], strings.ReplaceAll(rows[3], ",4,0.", ",2,0."), strings.ReplaceAll(rows[4], ",4,0.", ",2,0.")), "\n") + "\n"
	_, _, _, err := readRuns("summary.csv", []byte(file), FormatVLLMSweepCSV)
	want := "summary.csv:4: this row starts a second parameter combination at concurrency 2 (the first starts on line 2); a summary.csv of several server settings holds several configurations: read its SERVE--…/ folders as configurations instead"
	if err == nil || err.Error() != want {
		t.Errorf("err\n got %v\nwant %s", err, want)
	}
	// A refused number is placed at its cell.
	bad := strings.Replace(string(data), ",217.27289337468392,", ",-217.27289337468392,", 1)
	_, _, _, err = readRuns("summary.csv", []byte(bad), FormatVLLMSweepCSV)
	if err == nil || !strings.HasPrefix(err.Error(), `summary.csv:2:179: "mean_ttft_ms": -217.27289337468392 is not a valid time`) {
		t.Errorf("err = %v", err)
	}
}
