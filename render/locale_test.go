package render

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/locales"
	"github.com/openzeka/reportgen/render/locale"
	"github.com/openzeka/reportgen/templates"
)

// TestTemplatesUseKnownMessages checks every literal message id the
// templates and the Go code ask for exists in en.toml.
func TestTemplatesUseKnownMessages(t *testing.T) {
	t.Parallel()
	ids, err := locale.MessageIDs(locales.FS, "en")
	if err != nil {
		t.Fatal(err)
	}
	call := regexp.MustCompile(`(?:\bT|\bN|\bh2|\bh3|\bh3plain)\(?\s*"([a-z0-9_]*[a-z0-9])"\s*[,)}]`)
	sources := append(templateSources(t), goSources(t)...)
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

func TestSlug(t *testing.T) {
	t.Parallel()
	ids := NewIDs()
	for _, tt := range []struct{ in, want string }{
		{"Özet Sonuçlar", "ozet-sonuclar"},
		{"Özet Sonuçlar", "ozet-sonuclar-1"},
		{"İçindekiler", "icindekiler"},
		{"1. Yönetici Özeti", "1-yonetici-ozeti"},
		{"4.1 Genel Karşılaştırma (c=1 ve c=64)", "4-1-genel-karsilastirma-c-1-ve-c-64"},
		{"IŞIK ığdır", "isik-igdir"},
		{"Qualität der Daten", "qualitat-der-daten"},
		{"Straße, Año, Ærø, Łódź, Þór, Crème brûlée", "strasse-ano-aero-lodz-thor-creme-brulee"},
		{"—", "section"},
	} {
		if got := ids.Generate(tt.in); got != tt.want {
			t.Errorf("Generate(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestEscape(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
	for _, lang := range locale.Languages {
		ids, err := locale.MessageIDs(locales.FS, lang)
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
// name), or as a variant of one (_rate, _input, _closed, or a suffix the code
// appends).
func TestNoUnusedMessages(t *testing.T) {
	t.Parallel()
	ids, err := locale.MessageIDs(locales.FS, "en")
	if err != nil {
		t.Fatal(err)
	}
	var src strings.Builder
	for _, b := range append(templateSources(t), goSources(t)...) {
		src.WriteString(b)
	}
	literal := map[string]bool{}
	for _, m := range regexp.MustCompile(`"([a-z0-9_]+)"`).FindAllStringSubmatch(src.String(), -1) {
		literal[m[1]] = true
	}
	// A literal ending in '_' is a prefix the code completes ("stat_" +
	// name); one starting with '_' a suffix it appends ("_unbounded").
	var prefixes []string
	suffixes := []string{"_rate", "_input", "_closed", "_unknown", "_median"}
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

// templateSources are the embedded templates, every document's: where
// messages are asked for.
func templateSources(t *testing.T) []string {
	t.Helper()
	var out []string
	err := fs.WalkDir(templates.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(templates.FS, p)
		out = append(out, string(b))
		return err
	})
	if err != nil || len(out) < 10 {
		t.Fatalf("%d templates: %v", len(out), err)
	}
	return out
}

// goSources are the Go sources of render and its packages (the
// documents report and comparison, chart, pdf, locale), tests left out:
// where messages are asked for.
func goSources(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		b, err := os.ReadFile(p)
		out = append(out, string(b))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
