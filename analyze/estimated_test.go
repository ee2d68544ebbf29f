package analyze_test

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
)

// TestEveryKindSaysItsEstimates: every kind of finding has a row in the
// table of what it quotes of an estimated mean latency (a nil row for a
// kind that quotes none), so that a new kind cannot leave an estimate
// unmarked by omission.
func TestEveryKindSaysItsEstimates(t *testing.T) {
	rows := analyze.EstimatedKinds()
	for _, k := range analyze.FindingKinds() {
		if !slices.Contains(rows, k) {
			t.Errorf("finding kind %q has no row in estimatedBy", k)
		}
	}
	if len(rows) != len(analyze.FindingKinds()) {
		t.Errorf("estimatedBy has %d rows for %d kinds", len(rows), len(analyze.FindingKinds()))
	}
}

// vllmDefs are vllm bench serve's metric definitions.
var vllmDefs = ingest.Definitions{ITL: "chunk", TPS: "decode", RPS: "system"}

// estimatedPair is a direct vLLM config and its speculative one, the
// speculative one's mean latency estimated at every level (a file
// without e2el): faster per user at c=1 and c=2, on par at c=4 (its
// break-even), both within the P90 SLOs up to c=4.
func estimatedPair(think float64) (*analyze.Report, error) {
	direct := ingest.Config{ID: "vllm-base", Source: "t/vllm-base", Format: "vllm", Definitions: vllmDefs, Levels: levels(
		[6]float64{1, 50, 60, 100, 110, 2}, [6]float64{2, 60, 70, 90, 95, 2.2}, [6]float64{4, 80, 90, 60, 65, 3}, [6]float64{8, 100, 120, 14, 12, 8})}
	spec := ingest.Config{ID: "vllm-eagle", Source: "t/vllm-eagle", Format: "vllm", Definitions: vllmDefs, Levels: levels(
		[6]float64{1, 50, 60, 150, 160, 1.5}, [6]float64{2, 60, 70, 120, 130, 1.8}, [6]float64{4, 80, 90, 58, 62, 3.2}, [6]float64{8, 100, 120, 13, 12, 9})}
	for i := range spec.Levels {
		spec.Levels[i].LatencyMethod = ingest.LatencyMeanLength
		spec.Levels[i].Pos.File, direct.Levels[i].Pos.File = "t/vllm-eagle", "t/vllm-base"
	}
	return analyze.Build(&ingest.Campaign{Name: "t", Configs: []ingest.Config{direct, spec}},
		analyze.Options{Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), ThinkS: &think})
}

// TestEstimatesFollowTheLatency: a capacity at a level whose mean
// latency is estimated carries its method, and its users are estimates
// with a think time but not in a closed loop (they are then the
// concurrency); every finding and scenario that quotes the estimated
// latency, compares it or counts users from it lists that config, and
// no other; analysis.json holds the marks and passes its schema.
func TestEstimatesFollowTheLatency(t *testing.T) {
	for _, think := range []float64{45, 0} {
		r, err := estimatedPair(think)
		if err != nil {
			t.Fatal(err)
		}
		checkKinds(t, r)
		checkEstimatedCapacities(t, r, think)
		checkEstimatedFindings(t, r, think)
		data, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := analyze.CheckSchema(data); err != nil {
			t.Errorf("think %g: analysis.json against its schema: %v", think, err)
		}
	}
}

// checkEstimatedCapacities: the estimated config's capacity carries its
// method, its users estimates only with a think time; the measured
// config's carries neither.
func checkEstimatedCapacities(t *testing.T, r *analyze.Report, think float64) {
	t.Helper()
	spec := config(t, r, "vllm-eagle")
	direct := config(t, r, "vllm-base")
	if cp := spec.Capacity.P90; cp.Max != 4 || cp.LatencyMethod != "mean_output_length" || !cp.LatencyEstimated() ||
		cp.UsersEstimated(think, r.Axis) != (think > 0) {
		t.Errorf("think %g: the estimated config's capacity = %+v", think, cp)
	}
	if cp := direct.Capacity.P90; cp.LatencyMethod != "" || cp.UsersEstimated(think, r.Axis) {
		t.Errorf("think %g: the measured config's capacity = %+v", think, cp)
	}
}

// checkEstimatedFindings: the findings and scenarios that quote the
// estimated latency, or users from it, list the estimated config and no
// other; those of TTFT and TPS list none.
func checkEstimatedFindings(t *testing.T, r *analyze.Report, think float64) {
	t.Helper()
	want := map[analyze.FindingKind][]string{
		analyze.LeaderLow:      {"vllm-eagle"},
		analyze.SpecBreakEven:  {"vllm-eagle"},
		analyze.CapacityLeader: nil,
	}
	if think > 0 {
		want[analyze.CapacityLeader] = []string{"vllm-eagle"}
	}
	seen := map[analyze.FindingKind]bool{}
	for _, f := range r.Findings {
		switch {
		case f.Kind == analyze.LeaderLow && f.Section == string(analyze.Latency),
			f.Kind == analyze.SpecBreakEven, f.Kind == analyze.CapacityLeader:
			seen[f.Kind] = true
			if !slices.Equal(f.Estimated, want[f.Kind]) {
				t.Errorf("think %g: %s (%s) estimated = %v, want %v", think, f.Kind, f.Section, f.Estimated, want[f.Kind])
			}
		case f.Kind == analyze.Growth && f.Section == string(analyze.Latency):
			if w := f.Configs[0] == "vllm-eagle"; (len(f.Estimated) == 1) != w {
				t.Errorf("think %g: growth of %s estimated = %v", think, f.Configs[0], f.Estimated)
			}
		case f.Section == string(analyze.TTFT) || f.Section == string(analyze.TPS):
			if len(f.Estimated) > 0 {
				t.Errorf("think %g: %s of %s quotes no latency but lists %v", think, f.Kind, f.Section, f.Estimated)
			}
		}
	}
	for k := range want {
		if !seen[k] {
			t.Errorf("think %g: no %s finding", think, k)
		}
	}
	for _, s := range r.Scenarios {
		if s.Kind == analyze.HighLoad && !slices.Equal(s.Estimated, want[analyze.CapacityLeader]) {
			t.Errorf("think %g: high-load scenario estimated = %v, want %v", think, s.Estimated, want[analyze.CapacityLeader])
		}
	}
}
