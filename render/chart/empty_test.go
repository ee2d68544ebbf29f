package chart

import (
	"testing"

	"gonum.org/v1/plot"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/internal/reporttest"
)

// TestChartsOverNoPoints: charts over a report with a configuration
// without levels (beside one with levels, or alone) draw without a
// panic; with no level at all there is nothing to draw. ingest refuses
// such a configuration (every configuration has a level); the charts do
// not rely on it.
func TestChartsOverNoPoints(t *testing.T) {
	t.Parallel()
	beside := reporttest.Tiny()
	beside.Configs[1].Levels = nil
	beside.Configs[1].Capacity = analyze.Capacities{}
	none := reporttest.Tiny()
	none.Levels = nil
	for i := range none.Configs {
		none.Configs[i].Levels, none.Configs[i].Capacity = nil, analyze.Capacities{}
	}
	none.Pareto = analyze.Pareto{}
	for name, r := range map[string]*analyze.Report{"beside": beside, "none": none} {
		for _, lang := range []string{"en", "tr"} {
			charts, err := Draw(r, Options{Locale: reporttest.Locale(t, r, lang), SVG: true, PNG: true})
			if err != nil {
				t.Errorf("%s, %s: %v", name, lang, err)
			}
			if name == "none" && len(charts) != 0 {
				t.Errorf("%d charts over no point", len(charts))
			}
		}
	}
}

// TestLoadAxisWithoutLevels: a load axis over no level spans 1 … 2
// without ticks instead of reading a first level that is not there.
func TestLoadAxisWithoutLevels(t *testing.T) {
	t.Parallel()
	p := plot.New()
	loadAxis(p, nil, reporttest.Locale(t, reporttest.Tiny(), "en"))
	if ticks := p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max); len(ticks) != 0 || !(p.X.Min < 1 && p.X.Max > 2) {
		t.Errorf("axis %g … %g with ticks %v", p.X.Min, p.X.Max, ticks)
	}
}
