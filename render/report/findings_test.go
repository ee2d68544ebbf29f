package report

import (
	"slices"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/locales"
	"github.com/openzeka/reportgen/render/locale"
)

// TestEveryFindingKindIsPhrased: every kind of finding analyze derives
// (a row of analyze.Rules) has a phraser, whose messages every shipped
// language defines, and no phraser is left of a kind without a rule. A
// kind without one would compile and drop out of the report unnoticed.
func TestEveryFindingKindIsPhrased(t *testing.T) {
	t.Parallel()
	kinds := analyze.FindingKinds()
	for _, k := range kinds {
		p, ok := phrasers[k]
		if !ok {
			t.Errorf("finding kind %q has no phraser", k)
			continue
		}
		checkMessages(t, "finding kind "+string(k), p.messages)
	}
	for k := range phrasers {
		if !slices.Contains(kinds, k) {
			t.Errorf("phraser of %q, which is no finding kind", k)
		}
	}
}

// TestEveryAnomalyKindIsPhrased: the same for the anomaly kinds
// (analyze.AnomalyRules) and the data-quality notes' phrasers.
func TestEveryAnomalyKindIsPhrased(t *testing.T) {
	t.Parallel()
	kinds := analyze.AnomalyKinds()
	for _, k := range kinds {
		p, ok := anomalyPhrasers[k]
		if !ok {
			t.Errorf("anomaly kind %q has no phraser", k)
			continue
		}
		checkMessages(t, "anomaly kind "+string(k), p.messages)
	}
	for k := range anomalyPhrasers {
		if !slices.Contains(kinds, k) {
			t.Errorf("phraser of %q, which is no anomaly kind", k)
		}
	}
}

// checkMessages fails unless what declares messages and every shipped
// language defines each.
func checkMessages(t *testing.T, what string, messages []string) {
	t.Helper()
	if len(messages) == 0 {
		t.Errorf("%s: its phraser declares no message", what)
	}
	for _, lang := range locale.Languages {
		ids, err := locale.MessageIDs(locales.FS, lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range messages {
			if !slices.Contains(ids, id) {
				t.Errorf("%s: %s.toml lacks message %q", what, lang, id)
			}
		}
	}
}
