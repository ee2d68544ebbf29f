package report

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/internal/reporttest"
	"github.com/openzeka/reportgen/internal/testutil"
	"github.com/openzeka/reportgen/render/locale"
)

// section is the Markdown of md's section whose heading holds title,
// up to the next heading of its level or above.
func section(md, title string) string {
	lines := strings.Split(md, "\n")
	start, level := -1, 0
	for i, ln := range lines {
		if start < 0 && strings.HasPrefix(ln, "#") && strings.Contains(ln, title) {
			start, level = i, len(ln)-len(strings.TrimLeft(ln, "#"))
			continue
		}
		if start >= 0 && strings.HasPrefix(ln, "#") && len(ln)-len(strings.TrimLeft(ln, "#")) <= level {
			return strings.Join(lines[start:i], "\n")
		}
	}
	if start < 0 {
		return ""
	}
	return strings.Join(lines[start:], "\n")
}

// TestEnergySectionGolden renders the energy section of the hand-made
// report with telemetry (reporttest.TinyEnergy) in each language and
// compares it with testdata/energy.<lang>.md: the method, the GPUs
// counted, the table at capacity, every level's figures, the refused
// level with its reason, and the least energy per token (a: 1.3 J,
// b: 2 J, 2 / 1.3 − 1 = 54 % more).
func TestEnergySectionGolden(t *testing.T) {
	for _, lang := range locale.Languages {
		md, err := mdOf(reporttest.TinyEnergy(), lang)
		if err != nil {
			t.Fatal(err)
		}
		loc, _ := locale.New(lang, nil)
		sec := section(string(md), loc.T("energy_sec"))
		if sec == "" {
			t.Fatalf("%s: no energy section", lang)
		}
		testutil.Golden(t, filepath.Join("testdata", "energy."+lang+".md"), []byte(sec+"\n"))
	}
}

// TestNoTelemetryNoEnergy: without telemetry and without a price, the
// report says nothing of energy, and places no chart 12.
func TestNoTelemetryNoEnergy(t *testing.T) {
	for _, lang := range locale.Languages {
		md, err := mdOf(reporttest.Tiny(), lang)
		if err != nil {
			t.Fatal(err)
		}
		loc, _ := locale.New(lang, nil)
		for _, word := range []string{loc.T("energy_sec"), loc.T("energy_col_j_per_token"), "12-energy", "Energy", "Enerji", " J "} {
			if strings.Contains(string(md), word) {
				t.Errorf("%s: a report without telemetry mentions %q", lang, word)
			}
		}
	}
}

// TestEnergyFindings words the two findings by hand: b's tokens cost
// 2.00 USD per million at c=1 against the capacity leader a's 2.60 at
// c=4, 2.6 / 2 − 1 = 30 % more; b's take 1.2 J against a's 1.5 J, 25 %
// more.
func TestEnergyFindings(t *testing.T) {
	r := reporttest.Tiny()
	r.Params.PricePerGPUHour, r.Params.Currency = 2.5, "USD"
	v := newView(r, reporttest.Locale(t, r, "en"), nil)
	cost := analyze.Finding{Kind: analyze.CostLeader, Configs: []string{"b", "a"}, Levels: []analyze.Load{1, 4}, Stat: analyze.P90,
		Values: analyze.Numbers{"value": 2, "leader": 2.6, "ratio": 1.3}}
	want := `At its capacity (P90) b\|pipe produces the cheapest output tokens, 2.00 USD per million at c=1; the capacity leader \<script\>alert(1)\</script\> costs 30% more (2.60 USD at c=4).`
	if got := v.phrase(cost); got != want {
		t.Errorf("cost finding:\n got %s\nwant %s", got, want)
	}
	energy := analyze.Finding{Kind: analyze.EnergyLeader, Configs: []string{"b", "a"}, Levels: []analyze.Load{1, 4}, Stat: analyze.P90,
		Values: analyze.Numbers{"value": 1.2, "leader": 1.5, "ratio": 1.25}}
	want = `At its capacity (P90) b\|pipe takes the least energy per output token, 1.20 J at c=1; the capacity leader \<script\>alert(1)\</script\> takes 25% more (1.50 J at c=4).`
	if got := v.phrase(energy); got != want {
		t.Errorf("energy finding:\n got %s\nwant %s", got, want)
	}
}

// TestEnergySig: energy figures keep three significant digits.
func TestEnergySig(t *testing.T) {
	v := newView(reporttest.Tiny(), reporttest.Locale(t, reporttest.Tiny(), "en"), nil)
	for _, tt := range []struct {
		x    float64
		want string
	}{{0.020354, "0.0204"}, {1.734, "1.73"}, {295, "295"}, {94.617, "94.6"}, {4, "4.00"}, {12345, "12,345"}, {0.00001234, "0.0000"}} {
		if got := v.sig(tt.x); got != tt.want {
			t.Errorf("sig(%v) = %q; want %q", tt.x, got, tt.want)
		}
	}
}

// TestEnergyUncovered: a level no telemetry covers, beside levels that
// have it, is said; a configuration without any telemetry is not.
func TestEnergyUncovered(t *testing.T) {
	r := reporttest.TinyEnergy()
	r.Configs[0].Levels[1].Energy = nil // a at c=2
	for i := range r.Configs[1].Levels {
		r.Configs[1].Levels[i].Energy = nil // b: none at all
	}
	r.Configs[1].Efficiency = nil
	got := newView(r, reporttest.Locale(t, r, "en"), nil).EnergyLines()
	want := `\<script\>alert(1)\</script\> at c=2: no telemetry covers this run, so its energy is not known.`
	if len(got) == 0 || got[0] != want {
		t.Errorf("lines %q; want first %q", got, want)
	}
	for _, s := range got {
		if strings.Contains(s, "pipe") {
			t.Errorf("a configuration without telemetry is named: %q", s)
		}
	}
}
