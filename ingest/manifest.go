package ingest

import (
	"errors"
	"fmt"
	"maps"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/BurntSushi/toml"

	"github.com/openzeka/reportgen/locales"
)

// ManifestName is the file name of a report folder's manifest.
const ManifestName = "report.toml"

// Manifest is a report folder's report.toml: the report's metadata and
// the configurations it compares. Every field is optional. The format is
// documented in docs/manifest.md (TestManifestDocumented).
type Manifest struct {
	Title      Text   `toml:"title"`
	Subtitle   Text   `toml:"subtitle"`
	Date       string `toml:"date"` // "2026-07" or "2026-07-15"
	PreparedBy Text   `toml:"prepared_by"`
	Logo       string `toml:"logo"`

	// For proposals: the customer the report is for, the proposal's
	// reference, the document's version, the short company name the
	// footer carries, and a confidentiality mark for cover and footer.
	Customer        Text `toml:"customer"`
	Reference       Text `toml:"reference"`
	Version         Text `toml:"version"`
	Company         Text `toml:"company"`
	Confidentiality Text `toml:"confidentiality"`

	// ThinkS is the think time in seconds for the Little's-law user
	// count; nil when the manifest does not set it (0 is a closed loop).
	ThinkS *float64 `toml:"think_s"`
	// TiePct is the difference in percent within which two configs are
	// on par; nil when the manifest does not set it.
	TiePct *float64 `toml:"tie_pct"`
	SLO    struct {
		TTFTms     *float64 `toml:"ttft_ms"`
		TPS        *float64 `toml:"tps"`
		Percentile string   `toml:"percentile"`
		Basis      Text     `toml:"basis_ttft"`
		BasisTPS   Text     `toml:"basis_tps"`
	} `toml:"slo"`

	Model struct {
		Name   Text   `toml:"name"`
		Vendor Text   `toml:"vendor"`
		About  Text   `toml:"about"`
		Card   []Fact `toml:"card"`
	} `toml:"model"`

	Hardware struct {
		Platform Text `toml:"platform"`
		// GPUs is the whole system's GPU count, the count of every
		// config that states none of its own; nil when not given.
		GPUs  *int   `toml:"gpus"`
		Facts []Fact `toml:"facts"`
	} `toml:"hardware"`

	// Cost is the price the report's cost figures are computed from;
	// without a price there are none.
	Cost struct {
		// PricePerGPUHour is the price of one GPU for one hour, in
		// Currency; nil when not given.
		PricePerGPUHour *float64 `toml:"price_per_gpu_hour"`
		// Currency labels the price: an ISO 4217 code ("USD", "EUR",
		// "TRY").
		Currency string `toml:"currency"`
	} `toml:"cost"`

	// Telemetry is how power logs and DCGM exports are matched to runs
	// (telemetrylog.go).
	Telemetry struct {
		// UTCOffset is the UTC offset of the wall-clock times that result
		// files and power logs write without a zone ("+03:00"): it lets a
		// DCGM export's UTC samples be matched to such a run's window,
		// and a power log's wall-clock samples to a run stated in UTC;
		// "" when not given (no zone is guessed).
		UTCOffset string `toml:"utc_offset"`
	} `toml:"telemetry"`

	Benchmark struct {
		Tool         Text `toml:"tool"`
		About        Text `toml:"about"`
		InputTokens  *int `toml:"input_tokens"`
		OutputTokens *int `toml:"output_tokens"`
		Rounds       *int `toml:"rounds"`
		Warmup       *int `toml:"warmup"`
	} `toml:"benchmark"`

	// Notes are free Markdown texts per language placed in the report's
	// sections (NoteSections).
	Notes map[string]Text `toml:"notes"`

	Configs []ConfigMeta `toml:"configs"`

	// file is the manifest's path, for messages; keys where each key is
	// set.
	file string
	keys tomlKeys
}

// At is where the manifest sets key ("hardware", "gpus"; an entry of
// [[configs]] by its index: "configs", "2", "gpus"), or the file alone
// when it does not set it.
func (m *Manifest) At(key ...string) Pos {
	return m.keys.at(m.file, key...)
}

// ConfigMeta describes one configuration in the manifest.
type ConfigMeta struct {
	ID   string `toml:"id"`
	Path string `toml:"path"` // relative to the report folder; default: found by ID
	// Concurrency is the load of a single-run file that does not say
	// it; 0 when not given.
	Concurrency int `toml:"concurrency"`
	// GPUs is the GPU count this configuration ran on; nil when not
	// given (then [hardware] gpus, else its command's parallelism).
	GPUs        *int   `toml:"gpus"`
	Name        Text   `toml:"name"`
	Engine      Text   `toml:"engine"`
	Mode        string `toml:"mode"` // "direct" or "speculative"
	Method      Text   `toml:"method"`
	DraftModel  Text   `toml:"draft_model"`
	DraftSource Text   `toml:"draft_source"`
	Command     Text   `toml:"command"`
	Notes       Text   `toml:"notes"`
}

// Fact is one row of a key/value table (model card, hardware).
type Fact struct {
	Key   Text `toml:"key"`
	Value Text `toml:"value"`
}

// Text is a string given once for all languages or per language:
//
//	title = "Kimi K3"
//	title = { tr = "Kimi K3 Raporu", en = "Kimi K3 Report" }
//
// The language-neutral form is stored under the empty key; a number
// (value = 1048576) is stored as its decimal text, for the editions to
// write in their own number style.
type Text map[string]string

// UnmarshalTOML implements toml.Unmarshaler.
func (t *Text) UnmarshalTOML(v any) error {
	switch v := v.(type) {
	case string:
		*t = Text{"": v}
	case int64:
		*t = Text{"": strconv.FormatInt(v, 10)} // a number: each edition writes it its way
	case float64:
		*t = Text{"": strconv.FormatFloat(v, 'f', -1, 64)}
	case map[string]any:
		m := Text{}
		for k, x := range v {
			s, ok := x.(string)
			if !ok {
				return fmt.Errorf("%s: expected text, found %T", k, x)
			}
			m[k] = s
		}
		*t = m
	default:
		return fmt.Errorf("expected text or a table of texts per language, found %T", v)
	}
	return nil
}

// ParseDate reads the manifest's date ("2026-07" or "2026-07-15"), a
// year from 1970 to 9999.
func ParseDate(s string) (time.Time, error) {
	for _, layout := range []string{"2006-01-02", "2006-01"} {
		if t, err := time.Parse(layout, s); err == nil {
			if t.Year() < 1970 {
				return time.Time{}, fmt.Errorf("date %q: expected a year from 1970 to 9999", s)
			}
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("date %q: expected YYYY-MM or YYYY-MM-DD", s)
}

// NoteSections are the report sections a [notes] text may be placed in.
var NoteSections = []string{"summary", "model", "hardware", "configs", "limits", "conclusion"}

// TextLanguages are the languages a text may be given in, besides the
// form for all languages: the languages reportgen writes.
var TextLanguages = locales.Languages

// readManifest parses and checks a report.toml. Keys reportgen does not
// know, notes for sections it has not, and texts in languages it does
// not write are warnings; values it cannot honour are errors at their
// line and column.
func readManifest(file string, data []byte) (*Manifest, []*Warning, error) {
	m := &Manifest{file: file}
	md, err := toml.Decode(string(data), m)
	if err != nil {
		return nil, nil, tomlError(file, data, err)
	}
	keys := scanTOMLKeys(file, data)
	m.keys = keys
	warnings := unknownKeys(file, md, keys)
	warnings = append(warnings, unknownNames(file, m, keys)...)
	if err := m.check(keys); err != nil {
		return nil, nil, err
	}
	if err := checkTextLengths(file, m, keys); err != nil {
		return nil, nil, err
	}
	return m, warnings, nil
}

// unknownKeys warns of each key of the manifest that reportgen does not
// know (md.Undecoded), at its line and column; a key inside an unknown
// table is not repeated.
func unknownKeys(file string, md toml.MetaData, keys tomlKeys) []*Warning {
	var warnings []*Warning
	undecoded := map[string]bool{}
	for _, k := range md.Undecoded() {
		undecoded[k.String()] = true
	}
	// The decoder names a key in an array of tables without its index
	// ("configs.colour"), once per occurrence in document order: the
	// n-th occurrence is at the n-th position of that key.
	byPath := keys.byPath()
	for _, k := range md.Undecoded() {
		key := k.String()
		if len(k) > 1 && undecoded[toml.Key(k[:len(k)-1]).String()] {
			continue // inside an unknown table, which is reported once
		}
		pos := Pos{File: file}
		if ps := byPath[key]; len(ps) > 0 {
			pos, byPath[key] = ps[0], ps[1:]
		}
		warnings = append(warnings, warnf(pos, "", WarnUnknownKey, map[string]any{"Key": key}, "unknown key %q ignored", key))
	}
	return warnings
}

// unknownNames warns of the notes for sections the report has not and
// of texts in languages reportgen does not write.
func unknownNames(file string, m *Manifest, keys tomlKeys) []*Warning {
	var warnings []*Warning
	for _, name := range slices.Sorted(maps.Keys(m.Notes)) {
		if !slices.Contains(NoteSections, name) {
			warnings = append(warnings, warnf(keys.at(file, "notes", name), "", WarnUnknownSection, map[string]any{"Key": name, "Sections": strings.Join(NoteSections, ", ")},
				"notes.%s: no report section is called %q; expected one of %s", name, name, strings.Join(NoteSections, ", ")))
		}
	}
	for _, t := range manifestTexts(m) {
		for _, lang := range slices.Sorted(maps.Keys(t.text)) {
			if lang != "" && !slices.Contains(TextLanguages, lang) {
				key := append(slices.Clone(t.path), lang)
				warnings = append(warnings, warnf(keys.at(file, key...), "", WarnUnknownLanguage,
					map[string]any{"Key": strings.Join(t.path, "."), "Lang": lang, "Languages": strings.Join(TextLanguages, ", ")},
					"%s: no report is written in %q; expected %s", strings.Join(t.path, "."), lang, strings.Join(TextLanguages, ", ")))
			}
		}
	}
	return warnings
}

// checkTextLengths refuses the first text of the manifest longer than
// its key allows (textLimit), at its line and column.
func checkTextLengths(file string, m *Manifest, keys tomlKeys) error {
	for _, t := range manifestTexts(m) {
		limit := textLimit(t.path)
		for _, lang := range slices.Sorted(maps.Keys(t.text)) {
			if n := utf8.RuneCountInString(t.text[lang]); limit > 0 && n > limit {
				at := keys.at(file, t.path...)
				if lang != "" {
					at = keys.at(file, append(slices.Clone(t.path), lang)...)
				}
				return errorf(at, "", "%s: %d characters; expected at most %d (it labels charts and table columns)", strings.Join(t.path, "."), n, limit)
			}
		}
	}
	return nil
}

// textLimit is the most characters a manifest text may have, by its key
// path: names label chart legends, axes and table columns, where a
// longer one cannot be laid out; 0 for free text (notes, about, command),
// which wraps.
func textLimit(path []string) int {
	switch last := path[len(path)-1]; {
	case path[0] == "configs" && (last == "name" || last == "engine" || last == "method"):
		return 60
	case path[0] == "configs" && (last == "draft_model" || last == "draft_source"):
		return 120
	case path[0] == "model" && (last == "name" || last == "vendor"), last == "key", last == "platform":
		return 120
	case last == "title" || last == "subtitle" || last == "prepared_by" || last == "tool" || last == "value":
		return 400
	case len(path) == 1 && (last == "customer" || last == "reference" || last == "version" || last == "company" || last == "confidentiality"):
		return 120
	}
	return 0
}

// manifestText is one text of the manifest with its key path.
type manifestText struct {
	path []string
	text Text
}

// manifestTexts lists every text the manifest holds, found by walking
// its fields, so that a text field added later is checked too.
func manifestTexts(m *Manifest) []manifestText {
	var out []manifestText
	var walk func(v reflect.Value, path []string)
	walk = func(v reflect.Value, path []string) {
		switch v.Kind() {
		case reflect.Struct:
			for i := range v.NumField() {
				f := v.Type().Field(i)
				tag, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
				if !f.IsExported() || tag == "" {
					continue
				}
				walk(v.Field(i), append(slices.Clone(path), tag))
			}
		case reflect.Slice:
			for i := range v.Len() {
				walk(v.Index(i), append(slices.Clone(path), strconv.Itoa(i)))
			}
		case reflect.Map:
			if t, ok := v.Interface().(Text); ok {
				if len(t) > 0 {
					out = append(out, manifestText{path, t})
				}
				return
			}
			for _, k := range v.MapKeys() {
				walk(v.MapIndex(k), append(slices.Clone(path), k.String()))
			}
		}
	}
	walk(reflect.ValueOf(m).Elem(), nil)
	slices.SortFunc(out, func(a, b manifestText) int {
		return strings.Compare(strings.Join(a.path, "."), strings.Join(b.path, "."))
	})
	return out
}

var tomlTypeError = regexp.MustCompile(`^toml: line (\d+) \(last key "(.*?)"\): incompatible types: TOML value has type (\S+); destination has type (\S+)$`)

// tomlError places a TOML error at its line and column. The decoder's
// own line for a syntax error can be one past the offending newline, so
// the position is computed from the byte offset.
func tomlError(file string, data []byte, err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		line, col := 1, 1
		for i := 0; i < pe.Position.Start && i < len(data); i++ {
			if data[i] == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		return errorf(Pos{File: file, Line: line, Col: col}, "", "%s", pe.Message)
	}
	if m := tomlTypeError.FindStringSubmatch(err.Error()); m != nil {
		line, _ := strconv.Atoi(m[1])
		// The column of the key on its line.
		col := 0
		if line > 0 {
			lines := strings.Split(string(data), "\n")
			if line <= len(lines) {
				parts := strings.Split(m[2], ".")
				if i := strings.Index(lines[line-1], parts[len(parts)-1]); i >= 0 {
					col = i + 1
				}
			}
		}
		names := map[string]string{"float64": "a number", "float": "a number", "int": "a whole number", "integer": "a whole number",
			"int64": "a whole number", "string": "text", "slice": "a list", "struct": "a table", "map": "a table", "map[string]any": "a table", "[]any": "a list",
			"time.Time": "a date (write it in quotes: \"2026-07\")", "datetime": "a date (write it in quotes: \"2026-07\")", "bool": "true or false"}
		want := names[m[4]]
		if found, ok := names[m[3]]; ok {
			m[3] = found
		}
		if want == "" {
			want = m[4]
		}
		return errorf(Pos{File: file, Line: line, Col: col}, "", "%s: found %s; expected %s", m[2], m[3], want)
	}
	return &Error{Pos: Pos{File: file}, Err: err}
}

// check validates what the TOML decoder cannot: each value at the
// line and column it was set.
func (m *Manifest) check(keys tomlKeys) error {
	at := func(key ...string) Pos { return keys.at(m.file, key...) }
	if m.Date != "" {
		if _, err := ParseDate(m.Date); err != nil {
			return errorf(at("date"), "", "%v", err)
		}
	}
	switch m.SLO.Percentile {
	case "", "p90", "mean":
	default:
		return errorf(at("slo", "percentile"), "", "slo.percentile %q: expected \"p90\" or \"mean\"", m.SLO.Percentile)
	}
	settings := []struct {
		key []string
		v   *float64
		r   Range
	}{
		{[]string{"think_s"}, m.ThinkS, ThinkRange},
		{[]string{"tie_pct"}, m.TiePct, TieRange},
		{[]string{"slo", "ttft_ms"}, m.SLO.TTFTms, TTFTRange},
		{[]string{"slo", "tps"}, m.SLO.TPS, TPSRange},
		{[]string{"benchmark", "input_tokens"}, intSetting(m.Benchmark.InputTokens), TokenRange},
		{[]string{"benchmark", "output_tokens"}, intSetting(m.Benchmark.OutputTokens), TokenRange},
		{[]string{"benchmark", "rounds"}, intSetting(m.Benchmark.Rounds), RoundsRange},
		{[]string{"benchmark", "warmup"}, intSetting(m.Benchmark.Warmup), WarmupRange},
	}
	for _, s := range settings {
		if s.v == nil {
			continue
		}
		if err := s.r.Check(*s.v); err != nil {
			return errorf(at(s.key...), "", "%s: %v", strings.Join(s.key, "."), err)
		}
	}
	if err := checkGPUs(at("hardware", "gpus"), "hardware.gpus", m.Hardware.GPUs); err != nil {
		return err
	}
	if err := m.checkCost(at); err != nil {
		return err
	}
	if _, err := ParseUTCOffset(m.Telemetry.UTCOffset); err != nil {
		return errorf(at("telemetry", "utc_offset"), "", "telemetry.utc_offset: %v", err)
	}
	if m.Logo != "" {
		if err := checkRelPath("logo", m.Logo); err != nil {
			return errorf(at("logo"), "", "%v", err)
		}
		switch strings.ToLower(path.Ext(m.Logo)) {
		case ".png", ".jpg", ".jpeg":
		default:
			return errorf(at("logo"), "", "logo %q: expected a .png or .jpg file", m.Logo)
		}
	}
	return m.checkConfigs(keys)
}

// checkConfigs validates the [[configs]] entries: an id each, none
// listed twice, a known mode, a path inside the report folder, a
// concurrency in range.
func (m *Manifest) checkConfigs(keys tomlKeys) error {
	ids := map[string]int{}
	for i, c := range m.Configs {
		where := fmt.Sprintf("configs[%d]", i)
		key := func(k string) Pos { return keys.at(m.file, "configs", strconv.Itoa(i), k) }
		if c.ID == "" {
			return errorf(Pos{File: m.file}, "", "%s: id is missing; expected the config's file or folder name without extension", where)
		}
		if j, dup := ids[c.ID]; dup {
			return errorf(key("id"), "", "%s: id %q is listed twice (also configs[%d])", where, c.ID, j)
		}
		ids[c.ID] = i
		switch c.Mode {
		case "", "direct", "speculative":
		default:
			return errorf(key("mode"), "", "%s (%s): mode %q: expected \"direct\" or \"speculative\"", where, c.ID, c.Mode)
		}
		if c.Path != "" {
			if err := checkRelPath(where+".path", c.Path); err != nil {
				return errorf(key("path"), "", "%v", err)
			}
		}
		if _, set := keys[fmt.Sprintf("configs.%d.concurrency", i)]; set || c.Concurrency != 0 {
			if err := ConcurrencyRange.Check(float64(c.Concurrency)); err != nil {
				return errorf(key("concurrency"), "", "%s (%s): concurrency: %v", where, c.ID, err)
			}
		}
		if err := checkGPUs(key("gpus"), fmt.Sprintf("%s (%s): gpus", where, c.ID), c.GPUs); err != nil {
			return err
		}
	}
	return nil
}

// checkGPUs refuses a GPU count out of GPURange. Zero is a value, not
// "unset": it is refused by name, since no model is served on no GPU.
func checkGPUs(at Pos, key string, n *int) error {
	switch {
	case n == nil:
		return nil
	case *n == 0:
		return errorf(at, "", "%s: 0 GPUs cannot serve a model; expected %s (leave gpus out when the count is not known)", key, GPURange)
	}
	if err := GPURange.Check(float64(*n)); err != nil {
		return errorf(at, "", "%s: %v", key, err)
	}
	return nil
}

// currencyCode is the loose check of a currency: three capital letters,
// as ISO 4217 codes are written.
var currencyCode = regexp.MustCompile(`^[A-Z]{3}$`)

// checkCost validates [cost]: a price in PriceRange labelled with its
// currency, and a currency only beside a price.
func (m *Manifest) checkCost(at func(key ...string) Pos) error {
	c := m.Cost
	if c.Currency != "" && !currencyCode.MatchString(c.Currency) {
		return errorf(at("cost", "currency"), "", "cost.currency %q: expected a currency code of three capital letters, such as \"USD\", \"EUR\" or \"TRY\"", c.Currency)
	}
	if c.PricePerGPUHour == nil {
		if c.Currency != "" {
			return errorf(at("cost", "currency"), "", "cost.currency %q labels no price; give cost.price_per_gpu_hour too, or leave both out", c.Currency)
		}
		return nil
	}
	if err := PriceRange.Check(*c.PricePerGPUHour); err != nil {
		return errorf(at("cost", "price_per_gpu_hour"), "", "cost.price_per_gpu_hour: %v", err)
	}
	if c.Currency == "" {
		return errorf(at("cost", "price_per_gpu_hour"), "", "cost.price_per_gpu_hour: give its currency too (cost.currency = \"USD\", \"EUR\", \"TRY\", …)")
	}
	return nil
}

// utcOffset is an offset as report.toml writes it: "+03:00", "-05:30".
var utcOffset = regexp.MustCompile(`^([+-])([0-9]{2}):([0-9]{2})$`)

// ParseUTCOffset reads a UTC offset, "+03:00" or "-05:30", from −12:00
// to +14:00 as zones are; nil for "" (not given).
func ParseUTCOffset(s string) (*time.Duration, error) {
	if s == "" {
		return nil, nil
	}
	m := utcOffset.FindStringSubmatch(s)
	if m == nil {
		return nil, fmt.Errorf("%q: expected an offset from UTC as +HH:MM or -HH:MM, such as \"+03:00\" (\"+00:00\" for UTC)", s)
	}
	h, _ := strconv.Atoi(m[2])
	mins, _ := strconv.Atoi(m[3])
	d := time.Duration(h)*time.Hour + time.Duration(mins)*time.Minute
	if m[1] == "-" {
		d = -d
	}
	if mins >= 60 || d < -12*time.Hour || d > 14*time.Hour {
		return nil, fmt.Errorf("%q: expected an offset from -12:00 to +14:00", s)
	}
	return &d, nil
}

// UTCOffsetOf is the manifest's [telemetry] utc_offset, nil when m is
// nil or does not set it (it was checked on read).
func (m *Manifest) UTCOffsetOf() *time.Duration {
	if m == nil {
		return nil
	}
	d, _ := ParseUTCOffset(m.Telemetry.UTCOffset)
	return d
}

// intSetting is a whole-number setting as a float to check, nil when unset.
func intSetting(n *int) *float64 {
	if n == nil {
		return nil
	}
	v := float64(*n)
	return &v
}

// checkRelPath refuses a path that is absolute or leaves the report folder.
func checkRelPath(key, p string) error {
	clean := path.Clean(filepath.ToSlash(p))
	if filepath.IsAbs(p) || path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") {
		return fmt.Errorf("%s %q: expected a path inside the report folder", key, p)
	}
	return nil
}
