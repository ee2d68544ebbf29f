package ingest

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// servingLine is one run of a JSON-lines file: vLLM's keys, or SGLang's
// (its e2e latency key) when sglang is set, with extra keys.
func servingLine(sglang bool, extra string) string {
	lat := `"mean_e2el_ms": 900`
	if sglang {
		lat = `"mean_e2e_latency_ms": 900`
	}
	return `{"mean_ttft_ms": 100, "mean_tpot_ms": 10, ` + lat + `, "request_throughput": 2, "completed": 10, ` + extra + `}`
}

// TestRecordGroups: the runs of a JSON-lines file fall into parts by
// what they state, each named by what differs; runs of one load that
// differ in their settings are parts of their own, runs that agree are
// repeats, and runs of different workloads are not split (the file is
// refused as one configuration of several workloads).
func TestRecordGroups(t *testing.T) {
	v := func(extra string) string { return servingLine(false, extra) }
	sg := func(extra string) string { return servingLine(true, extra) }
	for _, tt := range []struct {
		name  string
		lines []string
		want  string // "key:lines key:lines", "" for one part
	}{
		{"one sweep", []string{v(`"max_concurrency": 1`), v(`"max_concurrency": 2`)}, ""},
		{"a sweep and its rerun", []string{v(`"max_concurrency": 1, "num_prompts": 10`), v(`"max_concurrency": 1, "num_prompts": 10`)}, ""},
		{"prompts that follow the load", []string{v(`"max_concurrency": 1, "num_prompts": 10`), v(`"max_concurrency": 2, "num_prompts": 20`)}, ""},
		{"two tools, two backends", []string{v(`"backend": "vllm", "request_rate": 1`), sg(`"backend": "sglang", "request_rate": 1`), v(`"backend": "vllm", "request_rate": 2`)},
			"sglang:2 vllm:1,3"},
		{"one tool, two backends", []string{sg(`"backend": "vllm", "request_rate": 1`), sg(`"backend": "sglang", "request_rate": 1`)}, "sglang:2 vllm:1"},
		{"two models", []string{v(`"model_id": "org/Llama-3.3-70B", "max_concurrency": 4`), v(`"model_id": "/data/Qwen3-32B", "max_concurrency": 4`)},
			"Llama-3.3-70B:1 Qwen3-32B:2"},
		{"one model's name under two organizations", []string{v(`"model_id": "a/M", "max_concurrency": 4`), v(`"model_id": "b/M", "max_concurrency": 4`)},
			"M-line1:1 M-line2:2"},
		{"a label and none", []string{v(`"label": "eagle", "max_concurrency": 4`), v(`"label": null, "max_concurrency": 4`)}, "eagle:1 no-label:2"},
		{"a load run again with other prompts", []string{v(`"request_rate": 10000, "num_prompts": 16`), v(`"request_rate": 10000, "num_prompts": 32`), v(`"request_rate": 10000, "num_prompts": 16`)},
			"num_prompts=16:1,3 num_prompts=32:2"},
		{"two workloads", []string{v(`"dataset_name": "sharegpt", "request_rate": 1`), v(`"dataset_name": "random", "request_rate": 1, "num_prompts": 8`)}, ""},
		{"one run", []string{v(`"max_concurrency": 1`)}, ""},
		{"not JSON lines", []string{"[" + v(`"max_concurrency": 1`) + ",", v(`"max_concurrency": 2`) + "]"}, ""},
	} {
		data := []byte(strings.Join(tt.lines, "\n"))
		var parts []string
		for _, rs := range recordGroups("f.jsonl", data) {
			parts = append(parts, rs.key+":"+strings.Trim(strings.ReplaceAll(fmt.Sprint(rs.lines), " ", ","), "[]"))
		}
		if got := strings.Join(parts, " "); got != tt.want {
			t.Errorf("%s: parts %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestRecordParts: each part of a JSON-lines file is a configuration of
// the report, <file>/<key>, read from its own lines (the others blanked,
// their runs' positions kept); a manifest that names the file by path is
// refused with the parts' ids, one that lists the ids reads them.
func TestRecordParts(t *testing.T) {
	lines := servingLine(false, `"backend": "vllm", "request_rate": 1`) + "\n" +
		servingLine(true, `"backend": "sglang", "request_rate": 1`) + "\n" +
		servingLine(false, `"backend": "vllm", "request_rate": 2`)
	root := tree(t, map[string]string{"r/both.jsonl": lines})
	c, err := Read(filepath.Join(root, "r"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, cfg := range c.Configs {
		got = append(got, fmt.Sprintf("%s %s %d %s", cfg.ID, cfg.Format, len(cfg.Levels), cfg.Levels[0].Pos))
	}
	want := "both/sglang sglang 1 " + filepath.Join(root, "r", "both.jsonl") + ":2; both/vllm vllm 2 " + filepath.Join(root, "r", "both.jsonl") + ":1"
	if strings.Join(got, "; ") != want {
		t.Errorf("configs\n got %s\nwant %s", strings.Join(got, "; "), want)
	}

	root = tree(t, map[string]string{"r/both.jsonl": lines, "r/report.toml": "[[configs]]\nid = \"all\"\npath = \"both.jsonl\"\n"})
	_, err = Read(filepath.Join(root, "r"), ReadOptions{})
	if want := `config "all": path "both.jsonl" holds the runs of 2 configurations; expected one: give each its own [[configs]] entry, without a path, with id = "both/sglang", "both/vllm"`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("manifest path: err = %v, want %q", err, want)
	}
	root = tree(t, map[string]string{"r/both.jsonl": lines, "r/report.toml": "[[configs]]\nid = \"both/vllm\"\n[[configs]]\nid = \"both/sglang\"\n"})
	c, err = Read(filepath.Join(root, "r"), ReadOptions{})
	if err != nil || len(c.Configs) != 2 || c.Configs[0].ID != "both/vllm" {
		t.Errorf("manifest ids: err = %v, configs %d", err, len(c.Configs))
	}
}

// TestRecordsOnly: a part's data keeps its lines in place and blanks the
// others, line ends (CRLF too) kept.
func TestRecordsOnly(t *testing.T) {
	rs := &records{lines: []int{2}}
	if got := string(rs.only([]byte("{a}\r\n{bb}\r\n{c}"))); got != "   \r\n{bb}\r\n   " {
		t.Errorf("only = %q", got)
	}
}

// TestServingHead: only a file whose first line is a serving run (or
// longer than the head) is read whole to look for parts.
func TestServingHead(t *testing.T) {
	run := servingLine(false, `"max_concurrency": 1`)
	long := `{"ttfts": [` + strings.Repeat("0.1, ", headSize/5) + `0.1], "mean_ttft_ms": 1}`
	root := tree(t, map[string]string{
		"two.jsonl":     run + "\n" + run + "\n",
		"one.json":      run,
		"records.jsonl": `{"metadata": {"x_request_id": "r"}, "metrics": {"time_to_first_token": {"value": 1, "unit": "ms"}}, "error": null}` + "\n" + run + "\n",
		"list.json":     "[" + run + "]\n",
		"long.jsonl":    long + "\n" + long + "\n",
	})
	for name, want := range map[string]bool{"two.jsonl": true, "one.json": false, "records.jsonl": false, "list.json": false, "long.jsonl": true} {
		if got := servingHead(filepath.Join(root, name)); got != want {
			t.Errorf("%s: servingHead = %v, want %v", name, got, want)
		}
	}
}
