package report

import (
	"reflect"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
)

func TestPackCommand(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, in, want string
		width          int
	}{
		{"options packed, values kept with them",
			"vllm serve m \\\n  --tp 8 \\\n  --max-num-seqs 32 \\\n  --enable-prefix-caching",
			"vllm serve m --tp 8 \\\n  --max-num-seqs 32 \\\n  --enable-prefix-caching", 30},
		{"quoted JSON is one word, never split",
			`vllm serve m --speculative-config '{"model": "d", "n": 7}' --port 1`,
			"vllm serve m \\\n  --speculative-config '{\"model\": \"d\", \"n\": 7}' \\\n  --port 1", 20},
		{"separate commands stay separate",
			"export A=1\nvllm serve m --tp 8",
			"export A=1\nvllm serve m --tp 8", 80},
		{"a comment leaves it as written",
			"vllm serve m \\\n  # the model\n  --tp 8",
			"vllm serve m \\\n  # the model\n  --tp 8", 80},
		{"an unclosed quote leaves it as written",
			`vllm serve m --x '{"a": 1}`, `vllm serve m --x '{"a": 1}`, 80},
		{"option=value is one word",
			"docker run --ipc=host -p 8000:8000 img",
			"docker run --ipc=host \\\n  -p 8000:8000 img", 24},
	} {
		got := packCommand(tt.in, tt.width)
		if got != tt.want {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}
}

// TestPackCommandRuns: the sample's commands, packed, give the server
// the same options, and every line fits the width but a lone long unit.
func TestPackCommandRuns(t *testing.T) {
	t.Parallel()
	cmd := "docker run --gpus all --privileged --ipc=host -p 8000:8000 \\\n" +
		"  -v ~/.cache/huggingface:/root/.cache/huggingface \\\n" +
		"  vllm/vllm-openai:v0 m \\\n  --tensor-parallel-size 8 \\\n  --max-num-seqs 32 \\\n" +
		"  --speculative-config '{\"model\":\"Inferact/Kimi-K3-DSpark\", \"num_speculative_tokens\":7, \"method\": \"dspark\"}' \\\n" +
		"  --enable-prefix-caching"
	packed := packCommand(cmd, commandWidth)
	if !reflect.DeepEqual(analyze.ParseCommand(packed), analyze.ParseCommand(cmd)) {
		t.Errorf("options changed:\n%s", packed)
	}
	lines := strings.Split(packed, "\n")
	if len(lines) >= strings.Count(cmd, "\n")+1 {
		t.Errorf("not packed: %d lines\n%s", len(lines), packed)
	}
	for _, l := range lines {
		if len(l) > commandWidth && !strings.Contains(l, "{") {
			t.Errorf("line of %d > %d: %q", len(l), commandWidth, l)
		}
	}
}

// FuzzPackCommand: packing never changes a command's words.
func FuzzPackCommand(f *testing.F) {
	for _, s := range []string{"vllm serve m --tp 8", "a \\\n b\nc 'd e' \"f\\\" g\"", "x # y", "'", `a\ b`, "\\"} {
		f.Add(s, 20)
	}
	f.Fuzz(func(t *testing.T, cmd string, width int) {
		packed := packCommand(cmd, width)
		if packed == cmd {
			return
		}
		before, ok1 := commandLines(cmd)
		after, ok2 := commandLines(packed)
		if !ok1 || !ok2 || !reflect.DeepEqual(before, after) {
			t.Fatalf("words changed:\n%q\n%q", cmd, packed)
		}
	})
}
