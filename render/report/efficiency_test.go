package report

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/internal/reporttest"
)

// efficiencyReport is Tiny with the throughput-per-GPU model filled in
// by hand: 2 GPUs each, target 60 tok/s per user. Frontier: b at c=1
// (85, 42.5 per GPU) beats a at c=1 (80, 40); a at c=2 and c=4 beat b
// at c=4 (40, 80 < a's 50, 100).
func efficiencyReport() *analyze.Report {
	r := reporttest.Tiny()
	pt := func(id string, c analyze.Load, x, y float64, on bool) analyze.ParetoPoint {
		return analyze.ParetoPoint{Config: id, Load: c, PerUserTPS: x, AggregateTPS: 2 * y, TPSPerGPU: y, OnFrontier: on}
	}
	r.Pareto = analyze.Pareto{Stat: analyze.Mean, PerGPU: true, Target: 60, TargetSource: analyze.TargetSLO, Points: []analyze.ParetoPoint{
		pt("a", 1, 80, 40, false), pt("a", 2, 70, 70, true), pt("a", 4, 50, 100, true),
		pt("b", 1, 85, 42.5, true), pt("b", 4, 40, 80, false),
	}}
	r.Configs[0].GPUs, r.Configs[0].GPUsSource = 2, analyze.GPUsFromHardware
	r.Configs[1].GPUs, r.Configs[1].GPUsSource = 2, analyze.GPUsFromCommand
	r.Configs[0].AtInteractivity = &analyze.AtTarget{Target: 60, AggregateTPS: 170, TPSPerGPU: 85, Between: []analyze.Load{2, 4}}
	r.Configs[1].AtInteractivity = &analyze.AtTarget{Target: 60, AggregateTPS: 126.67, TPSPerGPU: 63.33, Between: []analyze.Load{1, 4}}
	return r
}

func TestEfficiencyLines(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		edit func(r *analyze.Report)
		want []string
	}{
		{"leader by a margin", nil, []string{
			"The frontier, from the most interactive to the highest output: b\\|pipe (c=1) and \\<script\\>alert(1)\\</script\\> (c=2–4).",
			"At 60 tok/s per user, \\<script\\>alert(1)\\</script\\> gives the most output per GPU: 85.0 tok/s, 34% more than b\\|pipe (63.3 tok/s).",
		}},
		// b meets the SLOs only at c=1 (85 tok/s per user): 60 tok/s
		// only at c=4, which misses them. Said in words, never a number.
		{"reached only past the SLOs", func(r *analyze.Report) {
			r.Configs[1].AtInteractivity = &analyze.AtTarget{Target: 60, AggregateTPS: math.NaN(), TPSPerGPU: math.NaN(), Reason: analyze.ReasonBeyondSLO}
		}, []string{
			"At 60 tok/s per user, only \\<script\\>alert(1)\\</script\\> has a measured value: 85.0 tok/s per GPU.",
			"b\\|pipe meets the P90 SLOs only up to c=1, where each user still gets 85.0 tok/s: 60 tok/s per user lies past its capacity, so it has no output within the SLOs there.",
		}},
		{"no level within the SLOs", func(r *analyze.Report) {
			r.Configs[1].AtInteractivity = &analyze.AtTarget{Target: 60, AggregateTPS: math.NaN(), TPSPerGPU: math.NaN(), Reason: analyze.ReasonNoSLOLevel}
		}, []string{"b\\|pipe meets the P90 SLOs at no level tested, so it has no output within them at any interactivity."}},
		{"a target every configuration reaches", func(r *analyze.Report) { r.Pareto.TargetSource = analyze.TargetReachable }, []string{
			"The target, 60 tok/s per user, is the lowest interactivity that every configuration reaches within the P90 SLOs, so that each is read at a load it can serve. Within the SLOs no configuration has a level where each user gets as little as the TPS SLO, 15 tok/s, so the SLO itself cannot be the target.",
		}},
		{"a target the most configurations reach", func(r *analyze.Report) {
			r.Pareto.TargetSource = analyze.TargetReachable
			r.Configs[1].AtInteractivity = &analyze.AtTarget{Target: 60, AggregateTPS: math.NaN(), TPSPerGPU: math.NaN(), Reason: analyze.ReasonBeyondSLO}
		}, []string{
			"No interactivity is reached within the P90 SLOs by every configuration. The target, 60 tok/s per user, is the lowest that the most of them, 1 of 2, reach within the SLOs. Within the SLOs no configuration has a level where each user gets as little as the TPS SLO, 15 tok/s, so the SLO itself cannot be the target.",
		}},
		{"a tie is a tie", func(r *analyze.Report) {
			r.Configs[1].AtInteractivity.TPSPerGPU = 83
		}, []string{
			"At 60 tok/s per user, \\<script\\>alert(1)\\</script\\> (85.0 tok/s per GPU) and b\\|pipe (83.0 tok/s) are on par: the difference is within 5%.",
		}},
		{"beyond the tested loads, never extrapolated", func(r *analyze.Report) {
			r.Configs[1].AtInteractivity = &analyze.AtTarget{Target: 60, AggregateTPS: math.NaN(), TPSPerGPU: math.NaN(), Reason: analyze.ReasonBelowMeasured}
			r.Pareto.Points[4].PerUserTPS = 65
		}, []string{
			"At 60 tok/s per user, only \\<script\\>alert(1)\\</script\\> has a measured value: 85.0 tok/s per GPU.",
			"Even at its highest tested load, b\\|pipe (65.0 tok/s at c=4) gives each user more than 60 tok/s: no tested load slows it to 60 tok/s per user, so its output there is not known, and not extrapolated.",
		}},
		{"never as fast as the target", func(r *analyze.Report) {
			r.Configs[1].AtInteractivity = &analyze.AtTarget{Target: 60, AggregateTPS: math.NaN(), TPSPerGPU: math.NaN(), Reason: analyze.ReasonAboveMeasured}
		}, []string{"b\\|pipe: no tested load gives users 60 tok/s; the most is 85.0 tok/s (c=1)."}},
	} {
		r := efficiencyReport()
		if tt.edit != nil {
			tt.edit(r)
		}
		got := newView(r, reporttest.Locale(t, r, "en"), nil).EfficiencyLines()
		for _, want := range tt.want {
			if !slices.Contains(got, want) {
				t.Errorf("%s: lines\n%s\nlack\n%s", tt.name, strings.Join(got, "\n"), want)
			}
		}
	}
}

func TestCostLines(t *testing.T) {
	t.Parallel()
	cost := func(capacity, target float64) *analyze.Cost {
		return &analyze.Cost{AtCapacity: analyze.CapacityCost{Stat: analyze.P90, Load: 4, PerMillion: capacity}, AtTarget: &analyze.TargetCost{Target: 60, PerMillion: target}}
	}
	for _, tt := range []struct {
		name       string
		a, b       float64 // at the target
		want       string
		noTarget   bool
		wantAbsent bool
	}{
		{"cheapest by a margin", 5, 7, "Cost at 60 tok/s per user: \\<script\\>alert(1)\\</script\\> is the cheapest at 5.00 EUR per million output tokens, 29% less than b\\|pipe (7.00 EUR).", false, false},
		{"a tie is a tie", 5, 5.1, "Cost at 60 tok/s per user: \\<script\\>alert(1)\\</script\\> (5.00 EUR per million output tokens) and b\\|pipe (5.10 EUR) are on par: the difference is within 5%.", false, false},
		{"at capacity without a target", 5, 7, "Cost at capacity (P90): b\\|pipe is the cheapest at 2.00 EUR per million output tokens, 33% less than \\<script\\>alert(1)\\</script\\> (3.00 EUR).", true, false},
	} {
		r := efficiencyReport()
		r.Params.PricePerGPUHour, r.Params.Currency = 2, "EUR"
		r.Configs[0].Cost, r.Configs[1].Cost = cost(3, tt.a), cost(2, tt.b)
		if tt.noTarget {
			r.Pareto.Target = math.NaN()
		}
		got := newView(r, reporttest.Locale(t, r, "en"), nil).CostLines()
		if !slices.Contains(got, tt.want) {
			t.Errorf("%s: lines\n%s\nlack\n%s", tt.name, strings.Join(got, "\n"), tt.want)
		}
	}
}

// TestNoPriceNoCost: without a price the report says nothing of cost.
func TestNoPriceNoCost(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "tr"} {
		md, err := mdOf(efficiencyReport(), lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, word := range []string{"Cost", "Maliyet", "EUR", "USD"} {
			if strings.Contains(string(md), word) {
				t.Errorf("%s: a report without a price mentions %q", lang, word)
			}
		}
		if !strings.Contains(string(md), map[string]string{"en": "Throughput per GPU", "tr": "GPU Başına Çıktı"}[lang]) {
			t.Errorf("%s: the efficiency section is missing", lang)
		}
	}
}

// TestTargetCellsInWords: a configuration without output at the target
// shows why in a few words in the table, not a number or a dash.
func TestTargetCellsInWords(t *testing.T) {
	for reason, want := range map[string]string{
		analyze.ReasonBeyondSLO:     "only past the SLOs",
		analyze.ReasonNoSLOLevel:    "no level within the SLOs",
		analyze.ReasonAboveMeasured: "never this fast",
		analyze.ReasonBelowMeasured: "past the tested load",
		analyze.ReasonNoPoints:      "–",
	} {
		r := efficiencyReport()
		r.Configs[1].AtInteractivity = &analyze.AtTarget{Target: 60, AggregateTPS: math.NaN(), TPSPerGPU: math.NaN(), Reason: reason}
		tb := newView(r, reporttest.Locale(t, r, "en"), nil).EfficiencyTable()
		if got := tb.Rows[1][len(tb.Rows[1])-1]; got != want {
			t.Errorf("%s: cell %q, want %q", reason, got, want)
		}
	}
}
