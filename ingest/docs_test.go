package ingest

import (
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// readDoc reads a page of the manual, docs/ at the repository's root.
func readDoc(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile("../docs/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// manifestKeys are the keys the manifest reader knows, dotted
// ("slo.ttft_ms", "configs.gpus"), tables included ("slo", "configs"):
// the toml tags of Manifest's fields, a table of [notes] per section.
func manifestKeys() []string {
	var keys []string
	var walk func(t reflect.Type, prefix string)
	walk = func(t reflect.Type, prefix string) {
		for f := range t.Fields() {
			tag, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
			if !f.IsExported() || tag == "" || tag == "-" {
				continue
			}
			key := prefix + tag
			keys = append(keys, key)
			ft := f.Type
			for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice {
				ft = ft.Elem()
			}
			switch {
			case ft == reflect.TypeFor[Text]():
			case ft.Kind() == reflect.Struct:
				walk(ft, key+".")
			case ft.Kind() == reflect.Map:
				for _, s := range NoteSections {
					keys = append(keys, key+"."+s)
				}
			}
		}
	}
	walk(reflect.TypeFor[Manifest](), "")
	slices.Sort(keys)
	return keys
}

// TestManifestKeys: the reader's keys are found, tables and the notes'
// sections with them, so that TestManifestDocumented compares whole sets.
func TestManifestKeys(t *testing.T) {
	keys := manifestKeys()
	for _, want := range []string{"title", "slo", "slo.basis_tps", "model.card.value", "hardware.gpus", "cost.currency", "notes.limits", "configs.draft_source", "configs.gpus"} {
		if !slices.Contains(keys, want) {
			t.Errorf("manifestKeys lacks %q: %v", want, keys)
		}
	}
	if slices.Contains(keys, "title.tr") || slices.Contains(keys, "file") {
		t.Errorf("manifestKeys holds a language or an unexported field: %v", keys)
	}
}

// tomlBlock is a page's ```toml block.
var tomlBlock = regexp.MustCompile("(?s)\n```toml\n(.*?)```\n")

// TestManifestDocumented holds docs/manifest.md to the manifest reader:
// its example holds every key the reader knows and nothing else; it
// reads without an error or a warning.
func TestManifestDocumented(t *testing.T) {
	blocks := tomlBlock.FindAllStringSubmatch(readDoc(t, "manifest.md"), -1)
	if len(blocks) != 1 {
		t.Fatalf("docs/manifest.md holds %d toml blocks; want the one example of every key", len(blocks))
	}
	example := blocks[0][1]
	_, warnings, err := readManifest("docs/manifest.md (its toml example)", []byte(example))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range warnings {
		t.Errorf("docs/manifest.md: %v", w)
	}
	md, err := toml.Decode(example, new(map[string]any))
	if err != nil {
		t.Fatal(err)
	}
	known := manifestKeys()
	var documented []string
	for _, k := range md.Keys() {
		key := strings.Join(k, ".")
		// A text's languages ("title.tr") are no keys of their own.
		if len(k) > 1 && slices.Contains(TextLanguages, k[len(k)-1]) && slices.Contains(known, strings.Join(k[:len(k)-1], ".")) {
			continue
		}
		if !slices.Contains(documented, key) {
			documented = append(documented, key)
		}
	}
	slices.Sort(documented)
	for _, k := range known {
		if !slices.Contains(documented, k) {
			t.Errorf("docs/manifest.md: key %q is read by the manifest reader but not documented", k)
		}
	}
	for _, k := range documented {
		if !slices.Contains(known, k) {
			t.Errorf("docs/manifest.md: key %q is documented but not read", k)
		}
	}
}

// TestFormatsDocumented: every --input-format value has a row in the
// table of formats of docs/inputs.md, and every row names formats that
// exist.
func TestFormatsDocumented(t *testing.T) {
	page := readDoc(t, "inputs.md")
	_, section, ok := strings.Cut(page, "\n## Input formats\n")
	section, _, _ = strings.Cut(section, "\n## ")
	if !ok {
		t.Fatal(`docs/inputs.md has no "## Input formats" section`)
	}
	name := regexp.MustCompile("`([^`]+)`")
	var documented []string
	for line := range strings.SplitSeq(section, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 3 || strings.HasPrefix(line, "| format") || strings.HasPrefix(line, "|---") {
			continue
		}
		for _, m := range name.FindAllStringSubmatch(cells[1], -1) {
			documented = append(documented, m[1])
		}
	}
	for _, f := range FormatNames() {
		if n := len(slices.DeleteFunc(slices.Clone(documented), func(d string) bool { return d != f })); n != 1 {
			t.Errorf("docs/inputs.md: format %q has %d rows in the table of formats; want 1", f, n)
		}
	}
	for _, d := range documented {
		if !slices.Contains(FormatNames(), d) {
			t.Errorf("docs/inputs.md: the table of formats names %q, which is no --input-format value", d)
		}
	}
}
