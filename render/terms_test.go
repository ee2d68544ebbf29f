package render

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"github.com/openzeka/reportgen/locales"
)

// The terminology files (locales/terms/<lang>.toml) name the word the
// customer text uses for each concept, the words it must not use, and
// how a ratio is written. These tests hold the messages and the
// editions to them.

// terms is one language's terminology file.
type terms struct {
	Language string
	Term     []struct {
		Concept, Use, Why string
		Not               []string
	}
	Forbidden struct {
		// Words are whole words (a plural -s included); a multi-word
		// entry matches consecutive words.
		Words []string
		// Avoid are stems: any word they begin matches.
		Avoid []string
	}
	Allow struct {
		// Names are proper names holding a forbidden word; they are
		// left out of the check.
		Names []string
	}
	Ratios struct {
		// Gap messages state a lead as a percentage, Multiple messages a
		// speedup or factor as ×.
		Gap, Multiple []string
	}
}

func loadTerms(t *testing.T, lang string) terms {
	t.Helper()
	var tm terms
	md, err := toml.DecodeFS(locales.TermsFS, "terms/"+lang+".toml", &tm)
	if err != nil {
		t.Fatal(err)
	}
	if u := md.Undecoded(); len(u) > 0 {
		t.Fatalf("terms/%s.toml: unknown keys %v", lang, u)
	}
	if tm.Language != lang {
		t.Fatalf("terms/%s.toml says language %q", lang, tm.Language)
	}
	return tm
}

// messageTexts are the texts of each message of lang: one, or one per
// plural form.
func messageTexts(t *testing.T, lang string) map[string][]string {
	t.Helper()
	var raw map[string]any
	if _, err := toml.DecodeFS(locales.FS, lang+".toml", &raw); err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for id, v := range raw {
		switch v := v.(type) {
		case string:
			out[id] = []string{v}
		case map[string]any:
			for _, form := range slices.Sorted(maps.Keys(v)) {
				if s, ok := v[form].(string); ok {
					out[id] = append(out[id], s)
				}
			}
		}
	}
	return out
}

// TestRatioOneWay: a gap (how far the leader is ahead) is a percentage
// and a speedup or factor is ×, in every language, so one difference is
// never written once as 1.06× and once as 6%.
func TestRatioOneWay(t *testing.T) {
	for _, lang := range locales.Languages {
		tm := loadTerms(t, lang)
		msgs := messageTexts(t, lang)
		if len(tm.Ratios.Gap) == 0 || len(tm.Ratios.Multiple) == 0 {
			t.Fatalf("terms/%s.toml: no ratio classes", lang)
		}
		for _, id := range tm.Ratios.Gap {
			for _, s := range needMessage(t, msgs, lang, id) {
				checkGap(t, lang, id, s)
			}
		}
		for _, id := range tm.Ratios.Multiple {
			for _, s := range needMessage(t, msgs, lang, id) {
				// The tie threshold ({{.Pct}}, {{.Tie}}) may appear; a gap
				// may not.
				if strings.Contains(s, "{{.Gap}}") || strings.Contains(s, "%") {
					t.Errorf("%s %s is a factor but states a percentage: %q", lang, id, s)
				}
			}
		}
		for id, forms := range msgs {
			if !slices.Contains(tm.Ratios.Gap, id) && strings.Contains(strings.Join(forms, ""), "{{.Gap}}") {
				t.Errorf("%s %s states a gap but is not in the gap list of terms/%s.toml", lang, id, lang)
			}
		}
	}
}

// checkGap fails when gap message s of lang states its gap otherwise
// than as a percentage.
func checkGap(t *testing.T, lang, id, s string) {
	t.Helper()
	if !strings.Contains(s, "{{.Gap}}") && !strings.Contains(s, "%") {
		t.Errorf("%s %s states no gap as a percentage: %q", lang, id, s)
	}
	bad := []string{"×", "{{.Ratio}}", "{{.Factor}}", "{{.K}}", "{{.RangeK}}"}
	bad = append(bad, map[string][]string{"tr": {" kat"}, "en": {" times", " as many"}}[lang]...)
	for _, b := range bad {
		if strings.Contains(s, b) {
			t.Errorf("%s %s is a gap but says %q: %q", lang, id, b, s)
		}
	}
}

func needMessage(t *testing.T, msgs map[string][]string, lang, id string) []string {
	t.Helper()
	forms, ok := msgs[id]
	if !ok {
		t.Errorf("terms/%s.toml names %s, which %s.toml lacks", lang, id, lang)
	}
	return forms
}
