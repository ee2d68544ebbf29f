package ingest

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// ManifestName is the file name of a report folder's manifest.
const ManifestName = "report.toml"

// Manifest is a report folder's report.toml: the report's metadata and
// the configurations it compares. Every field is optional. The format is
// documented in the README.
type Manifest struct {
	Title      Text   `toml:"title"`
	Subtitle   Text   `toml:"subtitle"`
	Date       string `toml:"date"` // "2026-07" or "2026-07-15"
	PreparedBy Text   `toml:"prepared_by"`
	Logo       string `toml:"logo"`

	// ThinkS is the think time in seconds for the Little's-law user count.
	ThinkS float64 `toml:"think_s"`
	SLO    struct {
		TTFTms     float64 `toml:"ttft_ms"`
		TPS        float64 `toml:"tps"`
		Percentile string  `toml:"percentile"`
		Basis      Text    `toml:"basis_ttft"`
		BasisTPS   Text    `toml:"basis_tps"`
	} `toml:"slo"`

	Model struct {
		Name   string `toml:"name"`
		Vendor string `toml:"vendor"`
		About  Text   `toml:"about"`
		Card   []Fact `toml:"card"`
	} `toml:"model"`

	Hardware struct {
		Platform Text   `toml:"platform"`
		Facts    []Fact `toml:"facts"`
	} `toml:"hardware"`

	Benchmark struct {
		Tool         Text `toml:"tool"`
		About        Text `toml:"about"`
		InputTokens  int  `toml:"input_tokens"`
		OutputTokens int  `toml:"output_tokens"`
		Rounds       int  `toml:"rounds"`
		Warmup       int  `toml:"warmup"`
	} `toml:"benchmark"`

	// Notes are free Markdown texts per language placed in the report's
	// sections: summary, model, hardware, configs, results, conclusion.
	Notes map[string]Text `toml:"notes"`

	Configs []ConfigMeta `toml:"configs"`

	// file is the manifest's path, for messages.
	file string
}

// ConfigMeta describes one configuration in the manifest.
type ConfigMeta struct {
	ID   string `toml:"id"`
	Path string `toml:"path"` // relative to the report folder; default: found by ID
	// Concurrency is the load of a single-run file that does not say it.
	Concurrency int    `toml:"concurrency"`
	Name        string `toml:"name"`
	Engine      string `toml:"engine"`
	Mode        string `toml:"mode"` // "direct" or "speculative"
	Method      string `toml:"method"`
	DraftModel  string `toml:"draft_model"`
	DraftSource string `toml:"draft_source"`
	Command     string `toml:"command"`
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
// The language-neutral form is stored under the empty key.
type Text map[string]string

// UnmarshalTOML implements toml.Unmarshaler.
func (t *Text) UnmarshalTOML(v any) error {
	switch v := v.(type) {
	case string:
		*t = Text{"": v}
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

// ParseDate reads the manifest's date ("2026-07" or "2026-07-15").
func ParseDate(s string) (time.Time, error) {
	for _, layout := range []string{"2006-01-02", "2006-01"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("date %q: expected YYYY-MM or YYYY-MM-DD", s)
}

// readManifest parses and checks a report.toml.
func readManifest(file string, data []byte) (*Manifest, []*Warning, error) {
	m := &Manifest{file: file}
	md, err := toml.Decode(string(data), m)
	if err != nil {
		return nil, nil, tomlError(file, data, err)
	}
	var warnings []*Warning
	for _, k := range md.Undecoded() {
		if len(k) > 0 && k[0] == "notes" {
			continue // notes take any section name
		}
		warnings = append(warnings, warnf(Pos{File: file}, "", WarnUnknownKey, map[string]any{"Key": k.String()}, "unknown key %q ignored", k.String()))
	}
	if err := m.check(); err != nil {
		return nil, nil, err
	}
	return m, warnings, nil
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
		names := map[string]string{"float64": "a number", "float": "a number", "int": "a whole number", "integer": "a whole number",
			"int64": "a whole number", "string": "text", "slice": "a list", "struct": "a table", "map": "a table", "map[string]any": "a table", "[]any": "a list"}
		want := names[m[4]]
		if found, ok := names[m[3]]; ok {
			m[3] = found
		}
		if want == "" {
			want = m[4]
		}
		return errorf(Pos{File: file, Line: line}, "", "%s: found %s; expected %s", m[2], m[3], want)
	}
	return &Error{Pos: Pos{File: file}, Err: err}
}

func (m *Manifest) errorf(format string, args ...any) error {
	return errorf(Pos{File: m.file}, "", format, args...)
}

// check validates what the TOML decoder cannot.
func (m *Manifest) check() error {
	if m.Date != "" {
		if _, err := ParseDate(m.Date); err != nil {
			return m.errorf("%v", err)
		}
	}
	switch m.SLO.Percentile {
	case "", "p90", "mean":
	default:
		return m.errorf("slo.percentile %q: expected \"p90\" or \"mean\"", m.SLO.Percentile)
	}
	for key, v := range map[string]float64{"think_s": m.ThinkS, "slo.ttft_ms": m.SLO.TTFTms, "slo.tps": m.SLO.TPS} {
		if v < 0 {
			return m.errorf("%s = %g: expected a value ≥ 0", key, v)
		}
	}
	if m.Logo != "" {
		if err := checkRelPath("logo", m.Logo); err != nil {
			return m.errorf("%v", err)
		}
		switch strings.ToLower(path.Ext(m.Logo)) {
		case ".png", ".jpg", ".jpeg":
		default:
			return m.errorf("logo %q: expected a .png or .jpg file", m.Logo)
		}
	}
	ids := map[string]bool{}
	for i, c := range m.Configs {
		where := fmt.Sprintf("configs[%d]", i)
		if c.ID == "" {
			return m.errorf("%s: id is missing; expected the config's file or folder name without extension", where)
		}
		if ids[c.ID] {
			return m.errorf("%s: id %q is listed twice", where, c.ID)
		}
		ids[c.ID] = true
		switch c.Mode {
		case "", "direct", "speculative":
		default:
			return m.errorf("%s (%s): mode %q: expected \"direct\" or \"speculative\"", where, c.ID, c.Mode)
		}
		if c.Path != "" {
			if err := checkRelPath(where+".path", c.Path); err != nil {
				return m.errorf("%v", err)
			}
		}
	}
	return nil
}

// checkRelPath refuses a path that is absolute or leaves the report folder.
func checkRelPath(key, p string) error {
	clean := path.Clean(filepath.ToSlash(p))
	if filepath.IsAbs(p) || path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") {
		return fmt.Errorf("%s %q: expected a path inside the report folder", key, p)
	}
	return nil
}
