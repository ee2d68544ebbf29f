package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/internal/browsertest"
)

// TestWhatIfAgreesWithBuild: the page of `reportgen build` opened at a
// view's link shows what `reportgen build` with the same flags prints:
// every cell both pages show (capacities, latencies, users, throughput
// per GPU at the target, the SLO matrix), and the view's verdict names
// the capacity finding of the build's analysis.json.
func TestWhatIfAgreesWithBuild(t *testing.T) {
	b := browsertest.New(t, 1280)
	dir := t.TempDir()
	build := func(out string, flags ...string) string {
		args := append([]string{"build", "--format", "html", "--lang", "en", "-o", out}, flags...)
		if err := run(context.Background(), io.Discard, io.Discard, append(args, "../../samples/kimi-k3-b300"), fixedEnv); err != nil {
			t.Fatal(err)
		}
		return filepath.Join(out, "kimi-k3-b300")
	}
	report := build(filepath.Join(dir, "report"))
	for _, view := range []struct{ fragment, flags string }{
		{"slo-ttft-ms=2000&think-s=30", "--slo-ttft-ms 2000 --think-s 30"},
		{"slo-ttft-ms=2000&think-s=30&percentile=mean&tie-pct=5&interactivity=40", "--slo-ttft-ms 2000 --think-s 30 --percentile mean --tie-pct 5 --interactivity 40"},
		{"slo-tps=25&tie-pct=0", "--slo-tps 25 --tie-pct 0"},
	} {
		flagged := build(filepath.Join(dir, strings.ReplaceAll(view.flags, " ", "")), strings.Fields(view.flags)...)
		type cell struct{ Key, Text string }
		read := `(function () {
			var out = [];
			document.querySelectorAll('td[data-stat], th[data-stat]').forEach(function (e) {
				if (!e.checkVisibility()) { return; }
				out.push({key: [e.getAttribute('data-config'), e.getAttribute('data-level'), e.getAttribute('data-stat'), e.getAttribute('data-pct')].join('/'), text: e.innerText.trim()});
			});
			return out;
		})()`
		var viewed, printed []cell
		p := b.Open(t, filepath.Join(report, "en", "report.html"), view.fragment, true)
		p.Eval(t, read, &viewed)
		var verdict struct{ Kind, Configs, TieBreak string }
		p.Eval(t, `(function () { var v = document.querySelector('.wi-verdict');
			return {kind: v.getAttribute('data-kind'), configs: v.getAttribute('data-configs'), tieBreak: v.getAttribute('data-tie-break')}; })()`, &verdict)
		b.Open(t, filepath.Join(flagged, "en", "report.html"), "", true).Eval(t, read, &printed)
		want := map[string]string{}
		for _, c := range printed {
			want[c.Key] = c.Text
		}
		same := 0
		for _, c := range viewed {
			if w, ok := want[c.Key]; ok {
				same++
				if c.Text != w {
					t.Errorf("#%s: %s reads %q; built with %s, %q", view.fragment, c.Key, c.Text, view.flags, w)
				}
			}
		}
		if same < 20 {
			t.Errorf("#%s: only %d cells in both pages", view.fragment, same)
		}
		var a struct {
			Findings []struct {
				Kind     string
				TieBreak string `json:"tie_break"`
				Configs  []string
			}
		}
		data, err := os.ReadFile(filepath.Join(flagged, "analysis.json"))
		if err != nil || json.Unmarshal(data, &a) != nil {
			t.Fatalf("analysis.json: %v", err)
		}
		for _, f := range a.Findings {
			if f.Kind == "capacity_leader" || f.Kind == "capacity_unranked" {
				if got := strings.Join(f.Configs, " "); got != verdict.Configs || f.TieBreak != verdict.TieBreak {
					t.Errorf("#%s: the view's verdict %+v; built with %s: %s of %s (tie-break %q)", view.fragment, verdict, view.flags, f.Kind, got, f.TieBreak)
				}
				break
			}
		}
	}
}
