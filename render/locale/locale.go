// Package locale formats a report's words, numbers and dates in one of
// the languages reportgen ships: the messages of locales/<lang>.toml
// (go-i18n), numbers and lists in the language's form, months, levels.
// render and render/chart share it.
package locale

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/cases"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/locales"
)

// Languages are the report languages reportgen ships (locales.Languages).
var Languages = locales.Languages

// Locale formats text, numbers and dates for one report language. Every
// user-visible string of a report passes through it.
type Locale struct {
	Lang    string
	tag     language.Tag
	loc     *i18n.Localizer
	printer *message.Printer
	// ids are the message ids the language defines.
	ids map[string]bool
	// variant, when set, picks message id+"_"+variant over id where the
	// language defines it: "rate" words a rate-axis report.
	variant string
	// errs collects lookups that failed (a missing message is a bug; the
	// render fails rather than print a message id).
	errs []error
}

// parsed is a language's messages, parsed once: the bundle and the ids
// it defines.
type parsed struct {
	bundle *i18n.Bundle
	ids    map[string]bool
}

// shipped caches the parsed messages of the languages in locales.FS, so
// that a process parses each file once however many editions it builds.
var shipped sync.Map // lang → *parsed

// New loads the messages for lang from fsys (locales.FS when nil; those
// are parsed once per process). Each Locale collects its own failed
// lookups (Err).
func New(lang string, fsys fs.FS) (*Locale, error) {
	tag, err := language.Parse(lang)
	if err != nil {
		return nil, fmt.Errorf("language %q: %w", lang, err)
	}
	var p *parsed
	if fsys == nil {
		if v, ok := shipped.Load(lang); ok {
			p = v.(*parsed)
		} else if p, err = parse(lang, locales.FS); err != nil {
			return nil, err
		} else {
			shipped.Store(lang, p)
		}
	} else if p, err = parse(lang, fsys); err != nil {
		return nil, err
	}
	return &Locale{
		Lang:    lang,
		tag:     tag,
		loc:     i18n.NewLocalizer(p.bundle, lang),
		printer: message.NewPrinter(tag),
		ids:     p.ids,
	}, nil
}

// parse reads and parses lang's message file in fsys.
func parse(lang string, fsys fs.FS) (*parsed, error) {
	bundle := i18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	data, err := fs.ReadFile(fsys, lang+".toml")
	if err != nil {
		return nil, fmt.Errorf("language %q: no messages: %w", lang, err)
	}
	mf, err := bundle.ParseMessageFileBytes(data, lang+".toml")
	if err != nil {
		return nil, fmt.Errorf("%s.toml: %w", lang, err)
	}
	ids := make(map[string]bool, len(mf.Messages))
	for _, m := range mf.Messages {
		ids[m.ID] = true
	}
	return &parsed{bundle: bundle, ids: ids}, nil
}

// ForReport is the locale for rendering r in lang: on a rate axis it
// words levels, captions and capacity as request rates (the messages'
// "_rate" variants), on an input-length axis as input lengths at one
// load (their "_input" variants).
func ForReport(r *analyze.Report, lang string, fsys fs.FS) (*Locale, error) {
	l, err := New(lang, fsys)
	if err != nil {
		return nil, err
	}
	switch r.Axis {
	case analyze.AxisRate:
		l.variant = "rate"
	case analyze.AxisInputLength:
		l.variant = "input"
	}
	return l, nil
}

// Tag is the locale's language tag.
func (l *Locale) Tag() language.Tag { return l.tag }

// MessageIDs lists the message ids of a locale file, sorted.
func MessageIDs(fsys fs.FS, lang string) ([]string, error) {
	data, err := fs.ReadFile(fsys, path.Clean(lang+".toml"))
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := toml.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(m))
	for k := range m {
		ids = append(ids, k)
	}
	sort.Strings(ids)
	return ids, nil
}

// T returns message id with the template data given as name/value pairs:
// T("default_title_model", "Model", "Kimi K3").
func (l *Locale) T(id string, kv ...any) string {
	return l.localize(id, nil, kv)
}

// N is T for a message with plural forms chosen by count.
func (l *Locale) N(id string, count int, kv ...any) string {
	return l.localize(id, count, kv)
}

func (l *Locale) localize(id string, count any, kv []any) string {
	data := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		name, ok := kv[i].(string)
		if !ok {
			l.errs = append(l.errs, fmt.Errorf("message %q: argument %d is not a name", id, i))
			continue
		}
		data[name] = kv[i+1]
	}
	if count != nil {
		data["Count"] = count
	}
	if l.variant != "" && l.ids[id+"_"+l.variant] {
		id += "_" + l.variant
	}
	s, err := l.loc.Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: count})
	if err != nil {
		l.errs = append(l.errs, fmt.Errorf("%s: %w", l.Lang, err))
		return id
	}
	return s
}

// Err reports the failed lookups since the locale was made.
func (l *Locale) Err() error { return errors.Join(l.errs...) }

// Num formats v with dec decimals in the locale's form: tr 1.759,4;
// en 1,759.4. NaN prints as an en dash.
func (l *Locale) Num(v float64, dec int) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "–"
	}
	if v == 0 {
		v = 0 // no "-0"
	}
	return l.printer.Sprint(number.Decimal(v, number.Scale(dec)))
}

// Int formats a count with grouping: tr 1.759, en 1,759.
func (l *Locale) Int(n int) string {
	return l.printer.Sprint(number.Decimal(n))
}

// Ratio formats a speedup or a ratio: tr 1,86×, en 1.86×.
func (l *Locale) Ratio(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "–"
	}
	return l.Num(v, 2) + "×"
}

// Times formats a factor without needless decimals: 64×, 2.5×.
func (l *Locale) Times(v float64) string {
	if v == math.Trunc(v) {
		return l.Num(v, 0) + "×"
	}
	return l.Num(v, 1) + "×"
}

// Pct formats a fraction as a percentage with dec decimals: tr %12,
// en 12%.
func (l *Locale) Pct(v float64, dec int) string {
	if math.IsNaN(v) {
		return "–"
	}
	return l.T("percent", "N", l.Num(v*100, dec))
}

// Load writes a level's load as a bare number: a whole level as is
// ("16", "1024": a level is a label, not grouped), a fractional rate in
// the language's form with the decimals it has, at most three ("0,5",
// "2.25"), an unbounded rate as "∞".
func (l *Locale) Load(x analyze.Load) string {
	if x.IsInf() {
		return "∞"
	}
	s := strconv.FormatFloat(float64(x), 'f', -1, 64)
	_, frac, ok := strings.Cut(s, ".")
	if !ok {
		return s
	}
	return l.Num(float64(x), min(len(frac), 3))
}

// At names a level: "c=16" on a concurrency axis, "4 req/s" (tr
// "4 istek/s") on a rate axis.
func (l *Locale) At(x analyze.Load) string { return l.T("level_at", "X", l.Load(x)) }

// UpTo names the levels up to x: "c ≤ 4", "≤ 4 req/s".
func (l *Locale) UpTo(x analyze.Load) string { return l.T("level_up_to", "X", l.Load(x)) }

// MaxLoad names a capacity's highest level: "C_max = 32", "R_max = 4 req/s".
func (l *Locale) MaxLoad(x analyze.Load) string { return l.T("level_max", "X", l.Load(x)) }

// Near names an interpolated level: "c≈15,4", "≈3,2 istek/s".
func (l *Locale) Near(x float64) string { return l.T("level_near", "X", l.Num(x, 1)) }

// Month formats a date as month and year in the language: "Temmuz 2026".
func (l *Locale) Month(t time.Time) string {
	return l.T("month_"+strconv.Itoa(int(t.Month()))) + " " + strconv.Itoa(t.Year())
}

// Upper upper-cases s by the language's rules (Turkish i → İ).
func (l *Locale) Upper(s string) string { return cases.Upper(l.tag).String(s) }

// List joins items the way the language writes a list: "a, b and c".
func (l *Locale) List(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + l.T("and") + " " + items[len(items)-1]
}

// LevelGroups writes levels xs of the ordered levels all as runs:
// levels next to each other in all as a span ("c=1–4"), the runs joined
// as a list ("c=1–4 and c=16").
func (l *Locale) LevelGroups(all, xs []analyze.Load) string {
	idx := map[analyze.Load]int{}
	for i, x := range all {
		idx[x] = i
	}
	var parts []string
	for i := 0; i < len(xs); {
		j := i
		for j+1 < len(xs) && idx[xs[j+1]] == idx[xs[j]]+1 {
			j++
		}
		if j == i {
			parts = append(parts, l.At(xs[i]))
		} else {
			parts = append(parts, l.T("level_span", "A", l.Load(xs[i]), "B", l.Load(xs[j])))
		}
		i = j + 1
	}
	return l.List(parts)
}
