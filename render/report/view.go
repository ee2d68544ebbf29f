package report

import (
	"maps"
	"math"
	"slices"
	"strings"
	"text/template"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/chart"
	"github.com/openzeka/reportgen/render/locale"
	"github.com/openzeka/reportgen/render/present"
)

// view builds the report's tables and sentences from the report and the
// locale. Templates only lay these out, and see them through the
// sub-view of their section (subviews.go), not all of view.
type view struct {
	R   *analyze.Report
	loc *locale.Locale
	// charts maps a drawn chart's name to the path the Markdown links.
	charts map[string]string
}

func newView(r *analyze.Report, loc *locale.Locale, charts map[string]string) *view {
	return &view{R: r, loc: loc, charts: charts}
}

// funcs are the report templates' functions: the engine's (render.Funcs),
// numbers in the edition's language, h4, and a chart by name.
func (v *view) funcs() template.FuncMap {
	funcs := render.Funcs(v.loc)
	maps.Copy(funcs, template.FuncMap{
		"num":   v.loc.Num,
		"int":   v.loc.Int,
		"ratio": v.loc.Ratio,
		"pct":   v.loc.Pct,
		"at":    v.loc.At,
		"h4":    func(text string) string { return "#### " + text },
		"chart": v.chart,
	})
	return funcs
}

// chart places chart name with its localized caption (chart.Caption)
// when the chart was drawn for this edition, and nothing otherwise.
func (v *view) chart(name string) string {
	p, ok := v.charts[name]
	if !ok {
		return ""
	}
	return render.Figure(render.Escape(v.loc.T(chart.Caption(name, v.R))), p)
}

// UniformDef is the definition the configs share for metric ("itl",
// "tps" or "rps"), ignoring configs whose source does not report it:
// "mixed" when they differ, "" when none reports it.
func (v *view) UniformDef(metric string) string {
	out := ""
	for _, c := range v.R.Configs {
		d := c.Definitions.Of(metric)
		switch {
		case d == "":
		case out == "":
			out = d
		case d != out:
			return "mixed"
		}
	}
	return out
}

// Name is a config's display name, escaped for Markdown.
func (v *view) Name(id string) string {
	if c, ok := v.R.Config(id); ok {
		return render.Escape(c.Name.In(v.loc.Lang))
	}
	return render.Escape(id)
}

// Title is the report's title: the manifest's, or one made from the
// model and the folder name.
func (v *view) Title() string {
	if t := v.R.Meta.Title.In(v.loc.Lang); t != "" {
		return render.Escape(t)
	}
	if model := v.R.Meta.Model.In(v.loc.Lang); model != "" {
		return v.loc.T("default_title_model", "Model", render.Escape(model))
	}
	return v.loc.T("default_title", "Name", render.Escape(v.R.Name))
}

// Text returns a manifest text in the report language, escaped.
func (v *view) Text(t analyze.Text) string { return render.Escape(t.In(v.loc.Lang)) }

// Note returns the manifest's free Markdown for a section, as written.
func (v *view) Note(section string) string { return v.Raw(v.R.Meta.Notes[section]) }

// Raw returns a manifest text in the report language as Markdown.
func (v *view) Raw(t analyze.Text) string { return present.Clean(strings.TrimSpace(t.In(v.loc.Lang))) }

// Command is a config's deploy command as a fenced code block; "" when
// the manifest gives none.
func (v *view) Command(c analyze.Config) string {
	cmd := strings.TrimSpace(c.Command.In(v.loc.Lang))
	if cmd == "" {
		return ""
	}
	return render.Fenced("bash", packCommand(cmd, commandWidth))
}

// HasConfigNotes reports whether the manifest gave notes for any config.
func (v *view) HasConfigNotes() bool {
	return slices.ContainsFunc(v.R.Configs, func(c analyze.Config) bool { return v.Raw(c.Notes) != "" })
}

// Model names the model with its developer: "Kimi K3 (Moonshot AI)";
// "" when the manifest names no model.
func (v *view) Model() string { return present.ModelLine(v.loc, v.R.Meta, render.Escape) }

// ModelFacts is the model section's table: the model's name and
// developer, then the manifest's model card.
func (v *view) ModelFacts() render.Table {
	var facts []analyze.Fact
	if m := v.R.Meta.Model; m.In(v.loc.Lang) != "" {
		facts = append(facts, analyze.Fact{Key: analyze.Text{"": v.loc.T("model")}, Value: m})
	}
	if m := v.R.Meta.Vendor; m.In(v.loc.Lang) != "" {
		facts = append(facts, analyze.Fact{Key: analyze.Text{"": v.loc.T("vendor")}, Value: m})
	}
	return v.Facts(append(facts, v.R.Meta.ModelCard...), "col_property", "col_value")
}

// Think words message id for the report's think time: its "_closed"
// form when the think time is 0 (a closed loop: users are the requests
// in flight), else id with the think time as "Think".
func (v *view) Think(id string) string { return present.ThinkText(v.loc, v.R.Params.ThinkS, id) }

// Date is the report date as month and year.
func (v *view) Date() string { return v.loc.Month(v.R.Meta.Date) }

// ConfigNames lists the display names of all configs, in report order.
func (v *view) ConfigNames() string {
	names := make([]string, len(v.R.Configs))
	for i, c := range v.R.Configs {
		names[i] = v.Name(c.ID)
	}
	return v.loc.List(names)
}

// LevelList writes the load levels measured: "1, 2, 4 … 64", "0,5; 1; ∞".
func (v *view) LevelList() string {
	parts := make([]string, len(v.R.Levels))
	sep := ", "
	for i, c := range v.R.Levels {
		parts[i] = v.loc.Load(c)
		if strings.Contains(parts[i], ",") {
			sep = "; " // a decimal comma (tr 0,5): commas would not separate
		}
	}
	return strings.Join(parts, sep)
}

// LevelGaps names, per config that lacks some of the report's levels,
// the levels it did not measure: "vllm-eagle (c=8)".
func (v *view) LevelGaps() string {
	var gaps []string
	for _, c := range v.R.Configs {
		var missing []string
		for _, lc := range v.R.Levels {
			if _, ok := c.Level(lc); !ok {
				missing = append(missing, v.loc.At(lc))
			}
		}
		if len(missing) > 0 {
			gaps = append(gaps, v.Name(c.ID)+" ("+strings.Join(missing, ", ")+")")
		}
	}
	return v.loc.List(gaps)
}

// Unreached names, per config, the levels whose load was not reached:
// "SGLang B (c=8, c=16)"; "" when every level was.
func (v *view) Unreached() string {
	var out []string
	for _, c := range v.R.Configs {
		var xs []string
		for _, l := range c.Levels {
			if !l.LoadReached {
				xs = append(xs, v.loc.At(l.Load))
			}
		}
		if len(xs) > 0 {
			out = append(out, v.Name(c.ID)+" ("+v.loc.List(xs)+")")
		}
	}
	return v.loc.List(out)
}

// LowLevel and HighLevel are the lowest level all configs measured with
// their load reached, and high load, the operating point (the highest
// such level where at least one config meets the SLOs): the levels the
// findings compare (0 when they share none).
func (v *view) LowLevel() analyze.Load {
	if common := v.R.CommonLevels(); len(common) > 0 {
		return common[0]
	}
	return 0
}

func (v *view) HighLevel() analyze.Load { return v.R.HighLoad() }

// HasP50 reports whether any config gave P50 values.
func (v *view) HasP50() bool {
	return v.anyLevel(func(l analyze.Level) bool { return !math.IsNaN(l.TTFT.P50) })
}

// anyLevel reports whether some level of some config satisfies ok.
func (v *view) anyLevel(ok func(analyze.Level) bool) bool {
	for _, c := range v.R.Configs {
		if slices.ContainsFunc(c.Levels, ok) {
			return true
		}
	}
	return false
}

// HasCommands reports whether the manifest gave any deploy command.
func (v *view) HasCommands() bool {
	return slices.ContainsFunc(v.R.Configs, func(c analyze.Config) bool { return v.Command(c) != "" })
}

// HasSpeculative reports whether any config uses speculative decoding.
func (v *view) HasSpeculative() bool {
	return slices.ContainsFunc(v.R.Configs, func(c analyze.Config) bool { return c.Speculative })
}
