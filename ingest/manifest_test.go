package ingest

import (
	"strings"
	"testing"
)

// TestManifestValuesOutOfRangeAtTheirPosition: a value the decoder takes
// but reportgen cannot honour is refused at its line and column, by its
// key, with the range it must lie in.
func TestManifestValuesOutOfRangeAtTheirPosition(t *testing.T) {
	for _, tt := range []struct{ toml, want string }{
		{"think_s = nan\n", `f.toml:1:1: think_s: NaN is not a number; expected a value from 0 to 3600 s`},
		{"think_s = inf\n", `f.toml:1:1: think_s: +Inf is not a finite number`},
		{"think_s = 1e30\n", `f.toml:1:1: think_s: 1e+30 is out of range`},
		{"title = \"x\"\n[slo]\nttft_ms = 0\n", `f.toml:3:1: slo.ttft_ms: 0 is out of range; expected a value above 0 and up to 600000 ms`},
		{"[slo]\n  tps = -1\n", `f.toml:2:3: slo.tps: -1 is out of range; expected a value from 0 to 100000 tok/s`},
		{"slo = { ttft_ms = 500, tps = nan }\n", `f.toml:1:24: slo.tps: NaN is not a number`},
		{"slo.tps = inf\n", `f.toml:1:1: slo.tps: +Inf is not a finite number`},
		{"[benchmark]\noutput_tokens = -128\n", `f.toml:2:1: benchmark.output_tokens: -128 is out of range; expected a whole number from 1 to 10000000`},
		{"[benchmark]\ninput_tokens = 0\n", `f.toml:2:1: benchmark.input_tokens: 0 is out of range`},
		{"[benchmark]\nrounds = -3\n", `f.toml:2:1: benchmark.rounds: -3 is out of range`},
		{"[benchmark]\nwarmup = -1\n", `f.toml:2:1: benchmark.warmup: -1 is out of range`},
		{"date = \"0000-01\"\n", `f.toml:1:1: date "0000-01": expected a year from 1970 to 9999`},
		{"[[configs]]\nid = \"a\"\n[[configs]]\nid = \"b\"\nconcurrency = 0\n", `f.toml:5:1: configs[1] (b): concurrency: 0 is out of range`},
		{"[[configs]]\nid = \"a\"\ncommand = \"\"\"\n[slo]\nx = 1\n\"\"\"\nmode = \"fast\"\n", `f.toml:7:1: configs[0] (a): mode "fast"`},
		{"[[configs]]\nid = \"a\"\n[[configs]]\nid = \"a\"\n", `f.toml:4:1: configs[1]: id "a" is listed twice (also configs[0])`},
		{"[hardware]\ngpus = 0\n", `f.toml:2:1: hardware.gpus: 0 GPUs cannot serve a model; expected a whole number from 1 to 1000000 (leave gpus out when the count is not known)`},
		{"[hardware]\nplatform = \"x\"\n  gpus = -8\n", `f.toml:3:3: hardware.gpus: -8 is out of range; expected a whole number from 1 to 1000000`},
		{"hardware = { platform = \"x\", gpus = 0 }\n", `f.toml:1:30: hardware.gpus: 0 GPUs cannot serve a model`},
		{"[hardware]\ngpus = 1000001\n", `f.toml:2:1: hardware.gpus: 1000001 is out of range`},
		{"[hardware]\ngpus = 8.5\n", `f.toml:2:1: hardware.gpus: found a number; expected a whole number`},
		{"[[configs]]\nid = \"a\"\n[[configs]]\nid = \"b\"\ngpus = 0\n", `f.toml:5:1: configs[1] (b): gpus: 0 GPUs cannot serve a model`},
		{"[[configs]]\nid = \"a\"\ngpus = -1\n", `f.toml:3:1: configs[0] (a): gpus: -1 is out of range; expected a whole number from 1 to 1000000`},
		{"[cost]\nprice_per_gpu_hour = 0\ncurrency = \"USD\"\n", `f.toml:2:1: cost.price_per_gpu_hour: 0 is out of range; expected a value above 0 and up to 1000000 per GPU-hour`},
		{"[cost]\nprice_per_gpu_hour = -2.5\ncurrency = \"USD\"\n", `f.toml:2:1: cost.price_per_gpu_hour: -2.5 is out of range`},
		{"[cost]\nprice_per_gpu_hour = nan\ncurrency = \"USD\"\n", `f.toml:2:1: cost.price_per_gpu_hour: NaN is not a number`},
		{"[cost]\nprice_per_gpu_hour = 2.5\n", `f.toml:2:1: cost.price_per_gpu_hour: give its currency too`},
		{"[cost]\ncurrency = \"USD\"\n", `f.toml:2:1: cost.currency "USD" labels no price`},
		{"[cost]\nprice_per_gpu_hour = 2.5\ncurrency = \"usd\"\n", `f.toml:3:1: cost.currency "usd": expected a currency code of three capital letters`},
		{"[cost]\nprice_per_gpu_hour = 2.5\ncurrency = \"US$\"\n", `f.toml:3:1: cost.currency "US$"`},
		{"[cost]\nprice_per_gpu_hour = 2.5\ncurrency = \"EURO\"\n", `f.toml:3:1: cost.currency "EURO"`},
	} {
		_, _, err := readManifest("f.toml", []byte(tt.toml))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q:\n got %v\nwant %s", tt.toml, err, tt.want)
		}
	}
}

// TestManifestZeroIsAValue: a setting given as 0 is kept as 0, and one
// not given stays unset, so that the analysis can tell them apart.
func TestManifestZeroIsAValue(t *testing.T) {
	m, _, err := readManifest("f.toml", []byte("think_s = 0\n[slo]\ntps = 0\n[benchmark]\nwarmup = 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	if m.ThinkS == nil || *m.ThinkS != 0 || m.SLO.TPS == nil || *m.SLO.TPS != 0 || m.Benchmark.Warmup == nil || *m.Benchmark.Warmup != 0 {
		t.Errorf("zero settings lost: think %v tps %v warmup %v", m.ThinkS, m.SLO.TPS, m.Benchmark.Warmup)
	}
	if m.SLO.TTFTms != nil || m.Benchmark.Rounds != nil {
		t.Error("unset settings read as set")
	}
	// An integer where a float is expected is a value too.
	m, _, err = readManifest("f.toml", []byte("think_s = 30\n"))
	if err != nil || m.ThinkS == nil || *m.ThinkS != 30 {
		t.Errorf("think_s = 30: %v, %v", m.ThinkS, err)
	}
}

// TestManifestGPUsAndCost: the GPU counts and the price are read as
// given, at their bounds: one GPU and a price a hair above 0 are
// values; an unset count stays unset.
func TestManifestGPUsAndCost(t *testing.T) {
	m, warnings, err := readManifest("f.toml", []byte(`[hardware]
gpus = 8
[cost]
price_per_gpu_hour = 0.0001
currency = "TRY"
[[configs]]
id = "a"
gpus = 1
[[configs]]
id = "b"
`))
	if err != nil || len(warnings) > 0 {
		t.Fatalf("%v %v", err, warnings)
	}
	if m.Hardware.GPUs == nil || *m.Hardware.GPUs != 8 {
		t.Errorf("hardware.gpus = %v, want 8", m.Hardware.GPUs)
	}
	if g := m.Configs[0].GPUs; g == nil || *g != 1 {
		t.Errorf("configs[0].gpus = %v, want 1", g)
	}
	if m.Configs[1].GPUs != nil {
		t.Errorf("configs[1].gpus = %d, want unset", *m.Configs[1].GPUs)
	}
	if p := m.Cost.PricePerGPUHour; p == nil || *p != 0.0001 || m.Cost.Currency != "TRY" {
		t.Errorf("cost = %v %q", p, m.Cost.Currency)
	}
	if got := m.At("configs", "0", "gpus").String(); got != "f.toml:8:1" {
		t.Errorf("configs.0.gpus at %s, want f.toml:8:1", got)
	}
	if got := m.At("hardware", "nothing").String(); got != "f.toml" {
		t.Errorf("an unset key at %s, want the file alone", got)
	}
}

// TestManifestUnknownSectionsAndLanguages: a note for a section the
// report has not, a text in a language no edition is written in, and a
// misspelt key are warnings at their position, never silently dropped.
func TestManifestUnknownSectionsAndLanguages(t *testing.T) {
	_, warnings, err := readManifest("f.toml", []byte(`title = { tr = "a", de = "b" }
[notes]
sumary = "x"
summary = { en = "y", fr = "z" }
[sloo]
tps = 1
[[configs]]
id = "a"
name = { en = "A", es = "A" }
`))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`f.toml:1:21: title: no report is written in "de"; expected tr, en`,
		`f.toml:3:1: notes.sumary: no report section is called "sumary"`,
		`f.toml:4:23: notes.summary: no report is written in "fr"`,
		`f.toml:5:1: unknown key "sloo" ignored`,
		`f.toml:9:20: configs.0.name: no report is written in "es"`,
	}
	got := joinErrs(warnings)
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("warnings lack %q:\n%s", w, got)
		}
	}
	kinds := map[WarningKind]bool{}
	for _, w := range warnings {
		kinds[w.Kind] = true
	}
	for _, k := range []WarningKind{WarnUnknownLanguage, WarnUnknownSection, WarnUnknownKey} {
		if !kinds[k] {
			t.Errorf("no %s warning", k)
		}
	}
}

// TestManifestEveryTextPerLanguage: every text field of the manifest
// takes the per-language form docs/manifest.md promises.
func TestManifestEveryTextPerLanguage(t *testing.T) {
	m, warnings, err := readManifest("f.toml", []byte(`[model]
name = { tr = "Model TR", en = "Model EN" }
vendor = { tr = "Üretici", en = "Vendor" }
[[configs]]
id = "a"
name = { tr = "A tr", en = "A en" }
engine = { tr = "vLLM", en = "vLLM" }
method = { tr = "EAGLE-3 (taslak)", en = "EAGLE-3 (draft)" }
draft_model = { tr = "x", en = "y" }
draft_source = { tr = "x", en = "y" }
command = { tr = "vllm serve # tr", en = "vllm serve # en" }
notes = { tr = "not", en = "note" }
`))
	if err != nil || len(warnings) > 0 {
		t.Fatalf("%v %v", err, warnings)
	}
	c := m.Configs[0]
	for key, text := range map[string]Text{"model.name": m.Model.Name, "model.vendor": m.Model.Vendor, "name": c.Name, "engine": c.Engine,
		"method": c.Method, "draft_model": c.DraftModel, "draft_source": c.DraftSource, "command": c.Command, "notes": c.Notes} {
		if text["tr"] == "" || text["en"] == "" {
			t.Errorf("%s = %v", key, text)
		}
	}
}

// TestTOMLKeyPositions covers the key scanner on the forms a manifest
// uses.
func TestTOMLKeyPositions(t *testing.T) {
	keys := scanTOMLKeys("f", []byte(`# comment [not] = 1
title = "x"   # [x]
[slo]
ttft_ms = 1
"quoted" = 2
[[configs]]
id = "a"
command = """
[fake]
id = "b"
"""
[[configs]]
  id = "c"
[[model.card]]
key = { tr = "a", en = "b" }
`))
	for key, want := range map[string]string{
		"title": "f:2:1", "slo.ttft_ms": "f:4:1", "slo.quoted": "f:5:1", "configs.0.id": "f:7:1", "configs.0.command": "f:8:1",
		"configs.1.id": "f:13:3", "model.card.0.key": "f:15:1", "model.card.0.key.en": "f:15:19", "slo": "f:3:1", "configs.1": "f:12:1",
	} {
		if got := keys.at("f", strings.Split(key, ".")...).String(); got != want {
			t.Errorf("%s at %s, want %s", key, got, want)
		}
	}
	if _, ok := keys["fake.id"]; ok {
		t.Error("a key inside a multi-line string was taken for a key")
	}
}

// TestUnknownKeysInArraysOfTables: a misspelt key inside [[configs]] is
// placed at its own line, each occurrence at its own.
func TestUnknownKeysInArraysOfTables(t *testing.T) {
	_, warnings, err := readManifest("f.toml", []byte("[[configs]]\nid = \"a\"\ncolour = 1\n[[configs]]\nid = \"b\"\ncolour = 2\n[[model.card]]\nkey = \"k\"\nvalu = \"v\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := "f.toml:3:1: unknown key \"configs.colour\" ignored\nf.toml:6:1: unknown key \"configs.colour\" ignored\nf.toml:9:1: unknown key \"model.card.valu\" ignored"
	if got := joinErrs(warnings); got != want {
		t.Errorf("warnings:\n%s\nwant\n%s", got, want)
	}
}

// TestReadManifestUnknownKey: a misspelt key is a warning at its
// position; an unknown table is one warning, not one per key in it.
func TestReadManifestUnknownKey(t *testing.T) {
	_, warnings, err := readManifest("report.toml", []byte("titel = \"x\"\n[sloo]\ntps = 1\nttft_ms = 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := joinErrs(warnings); got != "report.toml:1:1: unknown key \"titel\" ignored\nreport.toml:2:1: unknown key \"sloo\" ignored" {
		t.Errorf("warnings = %q", got)
	}
}

// TestManifestNamesHaveALimit: a display name that could not be laid out
// in a chart legend or a table column is refused at its position.
func TestManifestNamesHaveALimit(t *testing.T) {
	long := strings.Repeat("A", 61)
	_, _, err := readManifest("f.toml", []byte("[[configs]]\nid = \"a\"\nname = \""+long+"\"\n"))
	if err == nil || !strings.Contains(err.Error(), "f.toml:3:1: configs.0.name: 61 characters; expected at most 60") {
		t.Errorf("err = %v", err)
	}
	if _, _, err := readManifest("f.toml", []byte("[[configs]]\nid = \"a\"\nname = \""+long[:60]+"\"\n")); err != nil {
		t.Errorf("60 characters refused: %v", err)
	}
	_, _, err = readManifest("f.toml", []byte("[[configs]]\nid = \"a\"\nname = { tr = \"x\", en = \""+long+"\" }\n"))
	if err == nil || !strings.Contains(err.Error(), "configs.0.name: 61 characters") {
		t.Errorf("per-language: %v", err)
	}
}

// TestManifestCardNumbers: a model-card value given as a TOML number is
// read as its decimal text, for each edition to write its own way.
func TestManifestCardNumbers(t *testing.T) {
	m, _, err := readManifest("f.toml", []byte("[model]\nname = \"M\"\n[[model.card]]\nkey = \"Context\"\nvalue = 1048576\n[[model.card]]\nkey = \"Params\"\nvalue = 2.5\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Model.Card) != 2 || m.Model.Card[0].Value[""] != "1048576" || m.Model.Card[1].Value[""] != "2.5" {
		t.Errorf("card numbers: %+v", m.Model.Card)
	}
}
