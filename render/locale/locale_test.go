package locale

import (
	"io/fs"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/openzeka/reportgen/analyze"
	// The -update flag is testutil's; every test package takes it, so
	// that go test ./... -update runs everywhere.
	_ "github.com/openzeka/reportgen/internal/testutil"
	"github.com/openzeka/reportgen/locales"
)

// TestShippedLanguagesAreTheFiles: every message file is a shipped
// language and every shipped language has its file, so a new file
// cannot go unchecked by the parity test.
func TestShippedLanguagesAreTheFiles(t *testing.T) {
	t.Parallel()
	files, err := fs.Glob(locales.FS, "*.toml")
	if err != nil {
		t.Fatal(err)
	}
	var langs []string
	for _, f := range files {
		langs = append(langs, strings.TrimSuffix(f, ".toml"))
	}
	want := slices.Sorted(slices.Values(Languages))
	if !slices.Equal(langs, want) {
		t.Errorf("locales/ holds %v, locales.Languages lists %v", langs, Languages)
	}
}

// TestLocaleParity fails when a message id is in one language only, or a
// plural message lacks "one" or "other" (go-i18n needs both even in
// Turkish, whose nouns do not change after a number).
func TestLocaleParity(t *testing.T) {
	t.Parallel()
	want, err := MessageIDs(locales.FS, "en")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range Languages {
		got, err := MessageIDs(locales.FS, lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range want {
			if !slices.Contains(got, id) {
				t.Errorf("%s.toml lacks %q", lang, id)
			}
		}
		for _, id := range got {
			if !slices.Contains(want, id) {
				t.Errorf("%s.toml has %q, which en.toml lacks", lang, id)
			}
		}
		data, _ := locales.FS.ReadFile(lang + ".toml")
		var m map[string]any
		if err := toml.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		for id, v := range m {
			if forms, ok := v.(map[string]any); ok {
				if forms["one"] == nil || forms["other"] == nil {
					t.Errorf("%s.toml: plural message %q needs both one and other", lang, id)
				}
			}
		}
	}
}

func TestNumbers(t *testing.T) {
	t.Parallel()
	tr, err := New("tr", nil)
	if err != nil {
		t.Fatal(err)
	}
	en, err := New("en", nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		tr, en string
		f      func(*Locale) string
	}{
		{"ratio", "1,86×", "1.86×", func(l *Locale) string { return l.Ratio(1.8618) }},
		{"grouped int", "1.759", "1,759", func(l *Locale) string { return l.Int(1759) }},
		{"decimal", "4.752,6", "4,752.6", func(l *Locale) string { return l.Num(4752.6, 1) }},
		{"two decimals", "0,79", "0.79", func(l *Locale) string { return l.Num(0.79, 2) }},
		{"no decimals", "931", "931", func(l *Locale) string { return l.Num(930.56, 0) }},
		{"absent", "–", "–", func(l *Locale) string { return l.Num(math.NaN(), 1) }},
		{"percent", "%6", "6%", func(l *Locale) string { return l.Pct(0.059, 0) }},
		{"month", "Temmuz 2026", "July 2026", func(l *Locale) string { return l.Month(time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC)) }},
		{"all months", "Ocak Şubat Mart Nisan Mayıs Haziran Temmuz Ağustos Eylül Ekim Kasım Aralık",
			"January February March April May June July August September October November December",
			func(l *Locale) string {
				var s []string
				for m := 1; m <= 12; m++ {
					s = append(s, strings.Fields(l.Month(time.Date(2026, time.Month(m), 1, 0, 0, 0, 0, time.UTC)))[0])
				}
				return strings.Join(s, " ")
			}},
		{"year not grouped", "Ocak 2026", "January 2026", func(l *Locale) string { return l.Month(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)) }},
		{"upper", "İSTANBUL KALİTE", "ISTANBUL KALITE", func(l *Locale) string { return l.Upper("istanbul kalite") }},
		{"list", "a, b ve c", "a, b and c", func(l *Locale) string { return l.List([]string{"a", "b", "c"}) }},
		{"plural one", "Bu rapor 1 dağıtım yapılandırmasını kapsar:", "This report covers 1 deployment configuration:", func(l *Locale) string { return l.N("configs_intro", 1) }},
		{"plural other", "Bu raporda 3 farklı dağıtım yapılandırması karşılaştırılmıştır:", "This report compares 3 deployment configurations:", func(l *Locale) string { return l.N("configs_intro", 3) }},
	}
	for _, tt := range tests {
		if got := tt.f(tr); got != tt.tr {
			t.Errorf("%s (tr) = %q, want %q", tt.name, got, tt.tr)
		}
		if got := tt.f(en); got != tt.en {
			t.Errorf("%s (en) = %q, want %q", tt.name, got, tt.en)
		}
	}
	if err := tr.Err(); err != nil {
		t.Error(err)
	}
}

func TestMissingMessageIsAnError(t *testing.T) {
	t.Parallel()
	l, err := New("en", nil)
	if err != nil {
		t.Fatal(err)
	}
	if s := l.T("no_such_message"); s != "no_such_message" {
		t.Errorf("T(missing) = %q", s)
	}
	if l.Err() == nil {
		t.Error("a missing message left no error")
	}
}

func TestUnknownLanguage(t *testing.T) {
	t.Parallel()
	if _, err := New("de", nil); err == nil || !strings.Contains(err.Error(), `language "de": no messages`) {
		t.Errorf("New(de) = %v", err)
	}
}

func TestLocaleLoad(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		lang string
		x    analyze.Load
		want string
	}{
		{"tr", 1024, "1024"}, {"en", 1024, "1024"}, {"tr", 0.5, "0,5"}, {"en", 2.25, "2.25"},
		{"tr", 1.0 / 3, "0,333"}, {"en", analyze.Load(math.Inf(1)), "∞"}, {"en", 16, "16"},
	} {
		l, err := New(tt.lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := l.Load(tt.x); got != tt.want {
			t.Errorf("%s Load(%v) = %q, want %q", tt.lang, float64(tt.x), got, tt.want)
		}
	}
}
