package testutil

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// FuzzTarget is one fuzz target of the input readers and the model: its
// seed inputs, written here once so that the target adds them and a
// test of the whole pipeline (cmd/reportgen's TestFuzzCorpusRenders)
// runs every one, with the corpus go test stores under testdata/fuzz,
// through reading, analysis and rendering.
type FuzzTarget struct {
	// Name is the fuzz function ("FuzzReadRuns"); Pkg the folder of its
	// package, from the repository root ("ingest").
	Name, Pkg string
	// File is the name an input is given in a report folder:
	// "f.json", "f.csv", "f.zip", "f.jsonl", or "report.toml" for a
	// manifest.
	File string
	// Inline are the seeds written in code; Files add every file of
	// the repository with extension Ext under Dir (from the root).
	Inline [][]byte
	Files  []SeedFiles
}

// SeedFiles are files a target adds as seeds: those with extension Ext
// under Dir, a folder from the repository root.
type SeedFiles struct{ Dir, Ext string }

// CompactHeader and CompactRow are a small llm-benchmark table.
const (
	CompactHeader = "c,ttft_mean,ttft_p90,itl_mean,itl_p90,tps_mean,tps_p90,lat_mean,lat_p90,rps"
	CompactRow    = "1,66.5,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n"
	// ExportHeader is the llm-benchmark export table's header as pandas
	// writes it.
	ExportHeader = `Concurrency,"TTFT (Mean, ms)","TTFT (p50, ms)","TTFT (p90, ms)","ITL (Mean, ms)","ITL (p50, ms)","ITL (p90, ms)","TPS (Mean, tokens/s)","TPS (p50, tokens/s)","TPS (p90, tokens/s)","Latency (Mean, s)","Latency (p50, s)","Latency (p90, s)",Throughput (RPS)`
)

// FuzzTargets are the fuzz targets whose inputs are result files or a
// manifest, in the order of their packages.
func FuzzTargets() []FuzzTarget {
	strs := func(ss ...string) [][]byte {
		out := make([][]byte, len(ss))
		for i, s := range ss {
			out[i] = []byte(s)
		}
		return out
	}
	samplesJSON := []SeedFiles{{"samples", ".json"}, {"samples", ".jsonl"}}
	return []FuzzTarget{
		{Name: "FuzzReadRuns", Pkg: "ingest", File: "f.json", Files: append(slices.Clone(samplesJSON), SeedFiles{"ingest/testdata", ".json"}), Inline: strs(
			`{"max_concurrency": 4, "request_rate": "inf", "mean_ttft_ms": 10, "median_tpot_ms": 5, "completed": 4}`,
			`{"backend": "sglang", "request_rate": Infinity, "mean_e2e_latency_ms": 900, "median_ttft_ms": 80}`,
			`{"median_ttft": 0.2, "p99_ttft": 0.9, "max_concurrency": 8}`,
			`{"results_ttft_s_mean": "0.2", "num_concurrent_requests": 5}`,
			`{"aiperf_version": "0.10.0", "time_to_first_token": {"avg": 10, "p90": 12}, "request_latency": {"avg": 900}}`,
			`{"metadata": {"version": 2}, "benchmarks": [{"config": {"strategy": {"type_": "concurrent", "streams": 2}}, "metrics": {}}]}`,
			`[{"Test name": "tp1_qps_inf", "Mean TTFT (ms)": 50}]`,
			"Metric,avg,min,max,p99,p95,p90\nTime To First Token (ms),\"1,146.31\",1,2,3,4,5\nRequest Latency (ms),N/A,1,2,3,4,5\n",
			`{"metadata": {}, "metrics": {"time_to_first_token": {"value": 10, "unit": "ms"}}, "error": null}`,
			`{"time_to_first_token": {"unit": "ms", "avg": 10, "p50": 9}, "input_config": {"perf_analyzer": {"stimulus": {"request_rate": 2}}}}`,
			`[{"error_code": null, "ttft_s": 0.2, "end_to_end_latency_s": 0.9, "number_output_tokens": 150}, {"error_code": 429, "ttft_s": 0}]`,
			`{"engine": {"model": "m", "version": "1.0.0"}, "world_info": {"max_batch_size": 1, "world_size": 1}, "request_info": {"num_requests": 2, "avg_num_concurrent_requests": 0.99, "avg_input_length": 128.0}, "performance": {"avg_request_latency_ms": 900, "request_latency_percentiles_ms": {"p50": 880, "p90": 950}, "request_throughput_req_s": 1.1}, "streaming_metrics": {"avg_ttft_ms": 50, "tpot_percentiles": {"p90": 9.5}, "gen_tps_percentiles": {"p50": 100}}}`,
			`[]`,
		)},
		{Name: "FuzzReadCSVRuns", Pkg: "ingest", File: "f.csv", Files: []SeedFiles{{"ingest/testdata", ".csv"}}, Inline: strs(
			",max_concurrency,mean_ttft_ms,run_number\n0,2,5,0\n1,2,6,1\n2,2,7,0\n",
			"Type,Successful Time to first token ms mean,\"Successful Time to first token ms [min, 0.1, 1, 5, 10, 25, 75, 90, 95, 99, max]\",Args\nx,5,\"[1, 2]\",\"{\"\"strategy\"\": 3}\"\n",
			// A sweep summary.csv without a load column: it used to leave
			// a configuration without levels, which panicked the charts.
			"mean_ttft_ms,p90_ttft_ms,mean_tpot_ms,p90_tpot_ms,mean_e2el_ms,completed,duration\n50,60,8,9,2000,10,20\n",
		)},
		{Name: "FuzzReadManifest", Pkg: "ingest", File: "report.toml", Files: []SeedFiles{{"samples", ".toml"}}, Inline: strs(
			"title = { tr = \"a\", en = \"b\" }\n[[configs]]\nid = \"x\"\nmode = \"speculative\"\n",
			"[slo\n",
			"[hardware]\ngpus = 8\n[cost]\nprice_per_gpu_hour = 2.5\ncurrency = \"USD\"\n[[configs]]\nid = \"x\"\ngpus = 0\n",
			"hardware = { gpus = -1 }\ncost = { currency = \"usd\" }\n",
		)},
		{Name: "FuzzReadZip", Pkg: "ingest", File: "f.zip", Inline: [][]byte{
			zipOf("m-table.csv", CompactHeader+"\n"+CompactRow),
			zipOf("m-table.csv", CompactHeader+"\n"+CompactRow, "n.csv", "x"),
			zipOf("../m.csv", "x"),
		}},
		{Name: "FuzzJSONValues", Pkg: "ingest", File: "f.json", Files: samplesJSON, Inline: strs(
			`{"a": [1, -2.5e3, "x\u00e7\ud83d\ude00", true, null, {}]}`, `[01]`, `{"a" 1}`, `"\q"`, "\"\xff\"", `1e999`, `-`, `[1,]`, `{"a":1,}`,
		)},
		{Name: "FuzzReadRequests", Pkg: "ingest", File: "f.csv", Inline: strs(
			"concurrency,ttft_ms,itl_ms,latency_s,output_tokens,error\n1,10,2,1,100,\n2,20,3,2,100,x\n",
			"c,ttft_ms,tpot_ms,latency_s\n4,1,1,1\n",
		)},
		{Name: "FuzzReadExport", Pkg: "ingest", File: "f.csv", Files: []SeedFiles{{"samples", ".csv"}, {"ingest/testdata", ".csv"}}, Inline: strs(
			ExportHeader+"\n1,66.50,65.00,70.50,9.46,9.40,9.47,100.84,100.00,101.30,1.27,1.26,1.27,0.79\n",
			"c;ttft_mean;ttft_p90;itl_mean;itl_p90;tps_mean;tps_p90;lat_mean;lat_p90\n1;1.234,5;2;3;4;5;6;7;8\n",
			// Impossible numbers of the kimi sample: a latency of 1e-17 s
			// and 1e-12 s at C_max, and one shorter than its TTFT.
			CompactHeader+"\n32,608.1,887.5,23.56,25.73,35.18,38.43,1e-17,3.95,0.27\n",
			CompactHeader+"\n32,608.1,887.5,23.56,25.73,35.18,38.43,1e-12,3.95,0.27\n",
			CompactHeader+"\n32,608.1,887.5,23.56,25.73,35.18,38.43,0.05,3.95,0.27\n",
		)},
		{Name: "FuzzBuild", Pkg: "analyze", File: "f.jsonl", Files: []SeedFiles{{"samples/rate-sweep", ".jsonl"}, {"samples/mixed-tools", ".jsonl"}}, Inline: strs(
			`{"backend": "sglang", "request_rate": Infinity, "request_throughput": 2, "mean_e2e_latency_ms": 900, "median_ttft_ms": 80, "median_tpot_ms": 5}`,
			`{"request_rate": 1, "request_throughput": 1, "mean_e2e_latency_ms": 500, "mean_ttft_ms": 50, "mean_tpot_ms": 4}`+"\n"+
				`{"request_rate": 2, "request_throughput": 0.5, "mean_e2e_latency_ms": 2000, "mean_ttft_ms": 0, "mean_tpot_ms": 0}`,
		)},
	}
}

// FuzzSeeds are the seeds of the target named name: its inline ones,
// then its files, root being the repository root. An unknown name or a
// file that cannot be read is an error.
func FuzzSeeds(root, name string) ([][]byte, error) {
	i := slices.IndexFunc(FuzzTargets(), func(t FuzzTarget) bool { return t.Name == name })
	if i < 0 {
		return nil, fmt.Errorf("no fuzz target %q", name)
	}
	return FuzzTargets()[i].Seeds(root)
}

// Seeds are the target's seeds: its inline ones, then its files in
// walk order, root being the repository root.
func (t FuzzTarget) Seeds(root string) ([][]byte, error) {
	out := slices.Clone(t.Inline)
	for _, fs := range t.Files {
		err := filepath.WalkDir(filepath.Join(root, filepath.FromSlash(fs.Dir)), func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, fs.Ext) {
				return err
			}
			data, err := os.ReadFile(p)
			out = append(out, data)
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("%s seeds: %w", t.Name, err)
		}
	}
	return out, nil
}

// Corpus is the target's stored corpus: the inputs of the files go
// test keeps under PKG/testdata/fuzz/NAME (none when the folder does
// not exist), root being the repository root.
func (t FuzzTarget) Corpus(root string) ([][]byte, error) {
	dir := filepath.Join(root, filepath.FromSlash(t.Pkg), "testdata", "fuzz", t.Name)
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		v, err := corpusInput(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(dir, e.Name()), err)
		}
		out = append(out, v)
	}
	return out, nil
}

// corpusInput is the one []byte input of a corpus file in go test's
// format: "go test fuzz v1", then []byte("…") as a Go literal.
func corpusInput(data []byte) ([]byte, error) {
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 2 || lines[0] != "go test fuzz v1" {
		return nil, errors.New(`expected "go test fuzz v1" and one []byte value`)
	}
	lit, ok1 := strings.CutPrefix(strings.TrimSpace(lines[1]), "[]byte(")
	lit, ok2 := strings.CutSuffix(lit, ")")
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("%q is not a []byte value", lines[1])
	}
	s, err := strconv.Unquote(lit)
	return []byte(s), err
}

// zipOf is a ZIP archive of the files given as name, content pairs.
func zipOf(files ...string) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for i := 0; i+1 < len(files); i += 2 {
		w, err := zw.Create(files[i])
		if err == nil {
			_, err = w.Write([]byte(files[i+1]))
		}
		if err != nil {
			panic(err) // writing to memory
		}
	}
	if err := zw.Close(); err != nil {
		panic(err)
	}
	return buf.Bytes()
}
