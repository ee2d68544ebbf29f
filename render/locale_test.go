package render

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/locales"
	"github.com/openzeka/reportgen/templates"
)

// TestLocaleParity fails when a message id is in one language only, or a
// plural message lacks "one" or "other" (go-i18n needs both even in
// Turkish, whose nouns do not change after a number).
func TestLocaleParity(t *testing.T) {
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

// TestTemplatesUseKnownMessages checks every literal message id the
// templates and the Go code ask for exists in en.toml.
func TestTemplatesUseKnownMessages(t *testing.T) {
	ids, err := MessageIDs(locales.FS, "en")
	if err != nil {
		t.Fatal(err)
	}
	call := regexp.MustCompile(`(?:\bT|\bN|\bh2|\bh3)\(?\s*"([a-z0-9_]*[a-z0-9])"\s*[,)}]`)
	var sources []string
	entries, _ := templates.FS.ReadDir(".")
	for _, e := range entries {
		b, _ := templates.FS.ReadFile(e.Name())
		sources = append(sources, string(b))
	}
	goFiles, _ := os.ReadDir(".")
	for _, e := range goFiles {
		if strings.HasSuffix(e.Name(), ".go") && !strings.HasSuffix(e.Name(), "_test.go") {
			b, _ := os.ReadFile(e.Name())
			sources = append(sources, string(b))
		}
	}
	seen := 0
	for _, src := range sources {
		for _, m := range call.FindAllStringSubmatch(src, -1) {
			seen++
			if !slices.Contains(ids, m[1]) {
				t.Errorf("message %q is used but not defined", m[1])
			}
		}
	}
	if seen < 50 {
		t.Errorf("found only %d message uses; the pattern is stale", seen)
	}
}

func TestNumbers(t *testing.T) {
	tr, err := NewLocale("tr", nil)
	if err != nil {
		t.Fatal(err)
	}
	en, err := NewLocale("en", nil)
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
		{"absent", "–", "–", func(l *Locale) string { return l.Num(nan(), 1) }},
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
		{"plural one", "Bu rapor 1 dağıtım konfigürasyonunu kapsar:", "This report covers 1 deployment configuration:", func(l *Locale) string { return l.N("configs_intro", 1) }},
		{"plural other", "Bu raporda 3 farklı dağıtım konfigürasyonu karşılaştırılmıştır:", "This report compares 3 deployment configurations:", func(l *Locale) string { return l.N("configs_intro", 3) }},
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
	l, err := NewLocale("en", nil)
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
	if _, err := NewLocale("de", nil); err == nil || !strings.Contains(err.Error(), `language "de": no messages`) {
		t.Errorf("NewLocale(de) = %v", err)
	}
}

func TestSlug(t *testing.T) {
	ids := NewIDs()
	for _, tt := range []struct{ in, want string }{
		{"Özet Sonuçlar", "ozet-sonuclar"},
		{"Özet Sonuçlar", "ozet-sonuclar-1"},
		{"İçindekiler", "icindekiler"},
		{"1. Yönetici Özeti", "1-yonetici-ozeti"},
		{"4.1 Genel Karşılaştırma (c=1 ve c=64)", "4-1-genel-karsilastirma-c-1-ve-c-64"},
		{"IŞIK ığdır", "isik-igdir"},
		{"—", "section"},
	} {
		if got := ids.Generate(tt.in); got != tt.want {
			t.Errorf("Generate(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestEscape(t *testing.T) {
	in := "<script>alert(1)</script> *b* _i_ [l](u) a|b `c` #h &amp;"
	want := `\<script\>alert(1)\</script\> \*b\* \_i\_ \[l\](u) a\|b \` + "`c\\` \\#h \\&amp;"
	if got := Escape(in); got != want {
		t.Errorf("Escape = %q\nwant %q", got, want)
	}
	// Line breaks of any kind would end a table row; bytes that are not
	// UTF-8 show as U+FFFD.
	if got, want := Escape("a\r\nb\rc\nd \xff\xfe e"), "a b c d \uFFFD e"; got != want {
		t.Errorf("Escape = %q, want %q", got, want)
	}
}

// TestEveryWarningKindIsTranslated fails when a warning kind has no
// message in a language: its warning would reach the report untranslated.
func TestEveryWarningKindIsTranslated(t *testing.T) {
	for _, lang := range Languages {
		ids, err := MessageIDs(locales.FS, lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, kind := range analyze.WarningKinds() {
			if !slices.Contains(ids, "warning_"+kind) {
				t.Errorf("%s.toml lacks warning_%s", lang, kind)
			}
		}
	}
}

// TestNoUnusedMessages fails on a message no template or Go code asks
// for: by its literal id, by a prefix the code completes ("stat_" +
// name), or as a variant of one (_rate, _closed, or a suffix the code
// appends).
func TestNoUnusedMessages(t *testing.T) {
	ids, err := MessageIDs(locales.FS, "en")
	if err != nil {
		t.Fatal(err)
	}
	var src strings.Builder
	entries, _ := templates.FS.ReadDir(".")
	for _, e := range entries {
		b, _ := templates.FS.ReadFile(e.Name())
		src.Write(b)
	}
	goFiles, _ := os.ReadDir(".")
	for _, e := range goFiles {
		if strings.HasSuffix(e.Name(), ".go") && !strings.HasSuffix(e.Name(), "_test.go") {
			b, _ := os.ReadFile(e.Name())
			src.Write(b)
		}
	}
	literal := map[string]bool{}
	for _, m := range regexp.MustCompile(`"([a-z0-9_]+)"`).FindAllStringSubmatch(src.String(), -1) {
		literal[m[1]] = true
	}
	// A literal ending in '_' is a prefix the code completes ("stat_" +
	// name); one starting with '_' a suffix it appends ("_unbounded").
	var prefixes []string
	suffixes := []string{"_rate", "_closed", "_unknown", "_median"}
	for id := range literal {
		if strings.HasSuffix(id, "_") {
			prefixes = append(prefixes, id)
		}
		if strings.HasPrefix(id, "_") {
			suffixes = append(suffixes, id)
		}
	}
	used := func(id string) bool {
		for {
			if literal[id] {
				return true
			}
			for _, p := range prefixes {
				if strings.HasPrefix(id, p) {
					return true
				}
			}
			trimmed := id
			for _, suffix := range suffixes {
				trimmed = strings.TrimSuffix(trimmed, suffix)
			}
			if trimmed == id {
				return false
			}
			id = trimmed
		}
	}
	for _, id := range ids {
		if !used(id) {
			t.Errorf("message %q is defined but never used", id)
		}
	}
}
