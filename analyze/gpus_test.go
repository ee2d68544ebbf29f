package analyze_test

import (
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
)

// TestCommandGPUs: the GPU count of a deployment command is the product
// of the parallel sizes it names, in each engine's spelling, else of the
// variables it sets; what it cannot tell gives no count.
func TestCommandGPUs(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		want int // 0: no count
		from string
	}{
		{"vllm serve m --tensor-parallel-size 8", 8, "--tensor-parallel-size 8"},
		{"vllm serve m --tensor-parallel-size=4", 4, "--tensor-parallel-size 4"},
		{"vllm serve m -tp 2", 2, "-tp 2"},
		{"vllm serve m -tp=2", 2, "-tp 2"},
		{"python3 -m sglang.launch_server --model-path m --tp-size 8", 8, "--tp-size 8"},
		{"python3 -m sglang.launch_server --model-path m --tp 4", 4, "--tp 4"},
		{"trtllm-serve m --tp_size 8 --pp_size 2", 16, "--tp_size 8 --pp_size 2"},
		{"vllm serve m --tensor-parallel-size 4 --data-parallel-size 2", 8, "--tensor-parallel-size 4 --data-parallel-size 2"},
		{"vllm serve m -tp 2 -dp 2 -pp 2", 8, "-tp 2 -dp 2 -pp 2"},
		{"vllm serve m --pipeline-parallel-size 2", 2, "--pipeline-parallel-size 2"},
		{"python3 -m sglang.launch_server --tp-size 4 --dp-size 2", 8, "--tp-size 4 --dp-size 2"},
		{"python3 -m sglang.launch_server --pp-size 3 --tp-size 2", 6, "--tp-size 2 --pp-size 3"},
		// Data-parallel attention runs on the tensor-parallel GPUs.
		{"python3 -m sglang.launch_server --tp 8 --dp 8 --enable-dp-attention", 8, "--tp 8"},
		// Expert parallelism adds no GPUs.
		{"vllm serve m --tensor-parallel-size 8 --enable-expert-parallel", 8, "--tensor-parallel-size 8"},
		{"python3 -m sglang.launch_server --tp 8 --ep-size 8", 8, "--tp 8"},
		// Variables a launch script or docker run sets.
		{"TP=8 bash run_benchmark.sh", 8, "TP=8"},
		{"docker run -e TP=4 -e DP=2 image", 8, "TP=4 DP=2"},
		{"docker run --env=TP_SIZE=4 image", 4, "TP_SIZE=4"},
		{"docker run -e TP=8 image vllm serve m --tensor-parallel-size $TP", 8, "--tensor-parallel-size 8"},
		{"export TP=4\nvllm serve m --tensor-parallel-size ${TP}", 4, "--tensor-parallel-size 4"},
		// The flag is what the server reads; the last of one wins.
		{"TP=4 vllm serve m --tensor-parallel-size 8", 8, "--tensor-parallel-size 8"},
		{"vllm serve m --tensor-parallel-size 2 --tensor-parallel-size 4", 4, "--tensor-parallel-size 4"},
		// docker run's own options are not the server's.
		{"docker run -p 8000:8000 --gpus all img --tp-size 2", 2, "--tp-size 2"},
		{"vllm serve m --tensor-parallel-size 1", 1, "--tensor-parallel-size 1"},
		// No count: no parallelism named (a server's default is not
		// assumed), docker's --gpus, an unset variable, sizes that are no
		// whole number from 1, a product past a million.
		{"vllm serve m", 0, ""},
		{"", 0, ""},
		{"docker run --gpus 8 image", 0, ""},
		{"vllm serve m --tensor-parallel-size $TP", 0, ""},
		{"vllm serve m --tensor-parallel-size 0", 0, ""},
		{"vllm serve m --tensor-parallel-size -2", 0, ""},
		{"vllm serve m --tensor-parallel-size 1.5", 0, ""},
		{"vllm serve m --tensor-parallel-size eight", 0, ""},
		{"vllm serve m --tensor-parallel-size", 0, ""},
		{"vllm serve m --tensor-parallel-size 8 --data-parallel-size x", 0, ""},
		{"vllm serve m -tp 1000 -dp 1001", 0, ""},
	} {
		n, from, ok := analyze.CommandGPUs(tt.cmd)
		var parts []string
		for _, f := range from {
			sep := " "
			if !strings.HasPrefix(f.Flag, "-") {
				sep = "="
			}
			parts = append(parts, f.Flag+sep+f.Value)
		}
		if got := strings.Join(parts, " "); n != tt.want || ok != (tt.want > 0) || got != tt.from {
			t.Errorf("%q: %d GPUs (ok %v) from %q; want %d from %q", tt.cmd, n, ok, got, tt.want, tt.from)
		}
	}
}

// TestGPUsFromManifestAndCommand: a config's own gpus wins, then
// [hardware] gpus, then its command; a manifest count the command
// contradicts is used and warned of at its line and column.
func TestGPUsFromManifestAndCommand(t *testing.T) {
	dir := t.TempDir()
	row := "c,ttft_mean,ttft_p90,itl_mean,itl_p90,tps_mean,tps_p90,lat_mean,lat_p90,rps\n1,66.5,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n"
	for _, id := range []string{"agrees", "own", "system", "script"} {
		writeTestFile(t, dir+"/r/"+id+".csv", row)
	}
	writeTestFile(t, dir+"/r/report.toml", `[hardware]
gpus = 8
[[configs]]
id = "agrees"
command = "vllm serve m --tensor-parallel-size 8"
[[configs]]
id = "own"
gpus = 2
command = "vllm serve m -tp 4"
[[configs]]
id = "system"
command = "vllm serve m -tp 4"
[[configs]]
id = "script"
gpus = 4
command = "TP=4 ./serve.sh"
`)
	r := readAndBuild(t, dir+"/r")
	for _, tt := range []struct {
		id     string
		gpus   analyze.GPUCount
		source analyze.GPUSource
	}{
		{"agrees", 8, analyze.GPUsFromHardware},
		{"own", 2, analyze.GPUsFromConfig},
		{"system", 8, analyze.GPUsFromHardware},
		{"script", 4, analyze.GPUsFromConfig},
	} {
		if c := config(t, r, tt.id); c.GPUs != tt.gpus || c.GPUsSource != tt.source || c.GPUFlags != nil {
			t.Errorf("%s: %d GPUs from %s (%v); want %d from %s", tt.id, c.GPUs, c.GPUsSource, c.GPUFlags, tt.gpus, tt.source)
		}
	}
	var got []string
	for _, w := range r.Warnings {
		if w.Kind == analyze.WarnGPUsMismatch {
			got = append(got, w.Message)
		}
	}
	want := []string{
		"r/report.toml:8:1: own: report.toml gives 2 GPUs (gpus), its deployment command asks for 4 (-tp 4); the per-GPU figures use 2",
		"r/report.toml:2:1: system: report.toml gives 8 GPUs (hardware.gpus), its deployment command asks for 4 (-tp 4); the per-GPU figures use 8",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// Without [hardware] gpus: the command's count, else none.
	writeTestFile(t, dir+"/r/report.toml", `[[configs]]
id = "agrees"
command = "docker run -e TP=2 img vllm serve m --tensor-parallel-size $TP --data-parallel-size 2"
[[configs]]
id = "own"
[[configs]]
id = "system"
command = "vllm serve m"
[[configs]]
id = "script"
gpus = 1
`)
	r = readAndBuild(t, dir+"/r")
	if c := config(t, r, "agrees"); c.GPUs != 4 || c.GPUsSource != analyze.GPUsFromCommand || len(c.GPUFlags) != 2 || c.GPUFlags[0].Value != "2" {
		t.Errorf("from the command: %d from %s (%v)", c.GPUs, c.GPUsSource, c.GPUFlags)
	}
	for _, id := range []string{"own", "system"} {
		if c := config(t, r, id); c.GPUs.Known() || c.GPUsSource != analyze.GPUsUnknown {
			t.Errorf("%s: %d GPUs from %s, want unknown", id, c.GPUs, c.GPUsSource)
		}
	}
	if c := config(t, r, "script"); c.GPUs != 1 || c.GPUsSource != analyze.GPUsFromConfig {
		t.Errorf("one GPU: %d from %s", c.GPUs, c.GPUsSource)
	}
	for _, w := range r.Warnings {
		if w.Kind == analyze.WarnGPUsMismatch {
			t.Errorf("unexpected warning %s", w.Message)
		}
	}
}

// TestSeedGPUs: the DGX-B300's 8 GPUs come from the manifest's
// [hardware], and every config's command agrees (tensor parallel 8), so
// there is no warning.
func TestSeedGPUs(t *testing.T) {
	r := sample(t, analyze.Options{})
	for _, c := range r.Configs {
		n, _, ok := analyze.CommandGPUs(c.Command.Key())
		if c.GPUs != 8 || c.GPUsSource != analyze.GPUsFromHardware || !ok || n != 8 {
			t.Errorf("%s: %d GPUs from %s, its command %d (%v); want 8 from hardware, and 8", c.ID, c.GPUs, c.GPUsSource, n, ok)
		}
	}
	for _, w := range r.Warnings {
		if w.Kind == analyze.WarnGPUsMismatch {
			t.Errorf("the manifest and the commands disagree: %s", w.Message)
		}
	}
}
