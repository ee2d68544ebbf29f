package report

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/present"
)

// ConfigTable lists the configurations with engine and mode.
func (v *view) ConfigTable() render.Table {
	t := render.Table{Head: []string{v.loc.T("col_config"), v.loc.T("col_engine"), v.loc.T("col_speculative"), v.loc.T("col_draft"), v.loc.T("col_draft_source"), v.loc.T("col_levels")}, Align: "lllllr"}
	for _, c := range v.R.Configs {
		spec := v.loc.T("no")
		if c.Speculative {
			spec = v.loc.T("yes")
			if c.Method.In(v.loc.Lang) != "" {
				spec = render.Escape(c.Method.In(v.loc.Lang))
			}
		}
		t.Rows = append(t.Rows, []string{render.Escape(c.Name.In(v.loc.Lang)), render.Escape(c.Engine.In(v.loc.Lang)), spec, dash(render.Escape(c.DraftModel.In(v.loc.Lang))), dash(render.Escape(c.DraftSource.In(v.loc.Lang))), strconv.Itoa(len(c.Levels))})
	}
	return t
}

func dash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

// Facts renders key/value rows as a two-column table.
func (v *view) Facts(fs []analyze.Fact, keyHead, valueHead string) render.Table {
	t := render.Table{Head: []string{v.loc.T(keyHead), v.loc.T(valueHead)}, Align: "ll"}
	for _, f := range fs {
		t.Rows = append(t.Rows, []string{render.Escape(f.Key.In(v.loc.Lang)), inline(v.factValue(f.Value))})
	}
	return t
}

// factValue is a manifest value in the edition's language. A value given
// once for every language is a number written the language's way: a
// bare number ("1048576", a TOML number) grouped, and each decimal in a
// text ("2.8T", "0.95 / 0.85") with the language's decimal mark. Code
// spans, versions and addresses (1.2.3) are left as written, and so is
// a value given per language.
func (v *view) factValue(t analyze.Text) string {
	if s, ok := t[v.loc.Lang]; ok {
		return s
	}
	s := t.In(v.loc.Lang)
	if x, err := strconv.ParseFloat(s, 64); err == nil && !strings.ContainsAny(s, "eE+-") && !math.IsInf(x, 0) {
		dec := 0
		if _, frac, ok := strings.Cut(s, "."); ok {
			dec = len(frac)
		}
		return v.loc.Num(x, dec)
	}
	mark := strings.Trim(v.loc.Num(1.5, 1), "15")
	parts := strings.Split(s, "`")
	for i := 0; i < len(parts); i += 2 {
		// Twice: a match takes the character after it, which may be the
		// one before the next number ("1.5 2.5").
		for range 2 {
			parts[i] = decimalIn.ReplaceAllStringFunc(parts[i], func(m string) string {
				return strings.Replace(m, ".", mark, 1)
			})
		}
	}
	return strings.Join(parts, "`")
}

// decimalIn matches a decimal number in a text: digits, a point, digits,
// an optional SI suffix, not part of a longer dotted run (a version, an
// address) or a word.
var decimalIn = regexp.MustCompile(`(?:^|[^\w.])\d+\.\d+[KMGBT]?(?:$|[^\w.])`)

// inline keeps `code` spans of manifest values and escapes the rest.
func inline(s string) string {
	parts := strings.Split(present.Clean(s), "`")
	for i := range parts {
		if i%2 == 0 {
			parts[i] = render.Escape(parts[i])
		} else {
			parts[i] = strings.ReplaceAll(parts[i], "|", `\|`)
		}
	}
	return strings.Join(parts, "`")
}

// ParamTable lists the benchmark parameters the report knows.
func (v *view) ParamTable() render.Table {
	t := render.Table{Head: []string{v.loc.T("col_parameter"), v.loc.T("col_value"), v.loc.T("col_description")}, Align: "lrl"}
	p, m := v.R.Params, v.R.Meta
	if p.InputTokens > 0 {
		t.Rows = append(t.Rows, []string{v.loc.T("param_input"), "~" + strconv.Itoa(p.InputTokens), v.loc.T("param_input_desc")})
	}
	if p.OutputTokens > 0 {
		t.Rows = append(t.Rows, []string{v.loc.T("param_output"), strconv.Itoa(p.OutputTokens), v.loc.T("param_output_desc", "N", strconv.Itoa(p.OutputTokens))})
	}
	t.Rows = append(t.Rows, []string{v.loc.T("param_levels"), v.LevelList(), v.loc.T("param_levels_desc")})
	if m.Rounds > 0 {
		t.Rows = append(t.Rows, []string{v.loc.T("param_rounds"), strconv.Itoa(m.Rounds), v.loc.T("param_rounds_desc")})
		// Requests per level are rounds × c only when c is the load.
		if n := len(v.R.Levels); n > 0 && v.R.Axis == analyze.AxisConcurrency {
			high := v.R.Levels[n-1]
			t.Rows = append(t.Rows, []string{v.loc.T("param_requests"), strconv.Itoa(m.Rounds) + " × c",
				v.loc.T("param_requests_desc", "C", v.loc.At(high), "N", v.loc.Int(m.Rounds*int(high)))})
		}
	}
	switch {
	case m.Warmup == nil:
	case *m.Warmup == 0:
		t.Rows = append(t.Rows, []string{v.loc.T("param_warmup"), "0", v.loc.T("param_warmup_none_desc")})
	default:
		t.Rows = append(t.Rows, []string{v.loc.T("param_warmup"), strconv.Itoa(*m.Warmup), v.loc.T("param_warmup_desc")})
	}
	return t
}

// MetricDefs defines the metrics the report uses.
func (v *view) MetricDefs() render.Table {
	t := render.Table{Head: []string{v.loc.T("col_metric"), v.loc.T("col_unit"), v.loc.T("col_definition")}, Align: "lll"}
	// The ITL and TPS rows follow the configs' definitions; the
	// tool-reported RPS row is there only when some tool reported one.
	variant := map[string]string{
		"itl": map[string]string{"chunk": "def_itl_chunk", "mixed": "def_itl_mixed"}[v.UniformDef("itl")],
		"tps": map[string]string{"decode": "def_tps_decode", "mixed": "def_tps_mixed"}[v.UniformDef("tps")],
	}
	for _, k := range []string{"ttft", "itl", "tps", "latency", "rps", "system_rps", "aggregate"} {
		if k == "rps" && !v.HasReportedRPS() {
			continue
		}
		id := variant[k]
		if id == "" {
			id = "def_" + k
		}
		t.Rows = append(t.Rows, []string{v.loc.T("metric_" + k), v.loc.T("unit_" + k), v.loc.T(id)})
	}
	return t
}

// SLOTable lists the thresholds and their basis.
func (v *view) SLOTable() render.Table {
	m := v.R.Meta
	def := analyze.DefaultParams()
	basis := func(t analyze.Text, value, standard float64) string {
		if s := t.In(v.loc.Lang); s != "" {
			return render.Escape(s)
		}
		if value == standard {
			return v.loc.T("slo_basis_default")
		}
		return v.loc.T("slo_basis_set")
	}
	tps := []string{"TPS", "≥ " + v.TPSLimit() + " " + v.loc.T("unit_word_tps"), basis(m.SLOBasisTPS, v.R.Params.SLOTPS, def.SLOTPS)}
	if v.NoTPS() {
		tps = []string{"TPS", v.loc.T("slo_none"), v.loc.T("slo_none_basis")}
	}
	return render.Table{
		Head:  []string{v.loc.T("col_slo"), v.loc.T("col_threshold"), v.loc.T("col_basis")},
		Align: "lrl",
		Rows: [][]string{
			{"TTFT", "≤ " + v.TTFTLimit() + " " + v.loc.T("unit_word_ms"), basis(m.SLOBasis, v.R.Params.SLOTTFTms, def.SLOTTFTms)},
			tps,
		},
	}
}

// TTFTLimit and TPSLimit write the SLO thresholds as they were set:
// whole numbers without decimals, others with as many as they need (at
// most three).
func (v *view) TTFTLimit() string { return v.limit(v.R.Params.SLOTTFTms) }

func (v *view) TPSLimit() string { return v.limit(v.R.Params.SLOTPS) }

func (v *view) limit(x float64) string {
	for dec := 0; dec < 3; dec++ {
		if p := math.Pow(10, float64(dec)); math.Round(x*p) == x*p {
			return v.loc.Num(x, dec)
		}
	}
	return v.loc.Num(x, 3)
}

// NoTPS reports whether the report sets no TPS requirement (a TPS SLO
// of 0, which every level meets).
func (v *view) NoTPS() bool { return v.R.Params.SLOTPS == 0 }

// WorkloadTable contrasts the measured workload with real use.
func (v *view) WorkloadTable() render.Table {
	p := v.R.Params
	t := render.Table{Head: []string{v.loc.T("col_variable"), v.loc.T("col_in_report"), v.loc.T("col_real_range")}, Align: "lll"}
	if n := len(v.R.Levels); n > 0 {
		lo, hi := v.R.Levels[0], v.R.Levels[n-1]
		t.Rows = append(t.Rows, []string{v.loc.T("var_concurrency"), v.loc.Load(lo) + "–" + v.loc.Load(hi), v.loc.T("var_concurrency_real")})
	}
	if p.InputTokens > 0 {
		t.Rows = append(t.Rows, []string{v.loc.T("var_input"), v.loc.T("fixed", "N", strconv.Itoa(p.InputTokens)), v.loc.T("var_input_real")})
	}
	if p.OutputTokens > 0 {
		t.Rows = append(t.Rows, []string{v.loc.T("var_output"), v.loc.T("fixed", "N", strconv.Itoa(p.OutputTokens)), v.loc.T("var_output_real")})
	}
	think := v.loc.T("assumed_closed")
	if p.ThinkS != 0 {
		think = v.loc.T("assumed_s", "N", present.Seconds(v.loc, p.ThinkS))
	}
	t.Rows = append(t.Rows, []string{v.loc.T("var_think"), think, v.loc.T("var_think_real")})
	return t
}

// ScopeTable says what the test covered and what it did not, where the
// workload is a fixed one (every request the same input and output
// length, so a synthetic single-turn load): lengths, traffic, repeats.
// Nil for other workloads, whose shape the report does not know.
func (v *view) ScopeTable() *render.Table {
	p := v.R.Params
	if p.InputTokens == 0 || p.OutputTokens == 0 {
		return nil
	}
	l := v.loc
	runs := 1
	for _, c := range v.R.Configs {
		for _, lv := range c.Levels {
			runs = max(runs, lv.Runs)
		}
	}
	repeats, notRepeats := l.N("scope_repeats_tested", runs), "–"
	switch {
	case runs == 1 && v.R.Meta.Rounds > 1:
		repeats, notRepeats = l.T("scope_repeats_rounds", "N", l.Int(v.R.Meta.Rounds)), l.T("scope_not_rounds")
	case runs == 1:
		notRepeats = l.T("scope_not_repeats")
	}
	return &render.Table{
		Head:  []string{l.T("col_scope"), l.T("col_tested"), l.T("col_not_tested")},
		Align: "lll",
		Rows: [][]string{
			{l.T("scope_lengths"), l.T("scope_lengths_tested", "In", l.Int(p.InputTokens), "Out", l.Int(p.OutputTokens)), l.T("scope_lengths_not")},
			{l.T("scope_traffic"), l.T("scope_traffic_tested", "Levels", v.LevelList()), l.T("scope_traffic_not")},
			{l.T("scope_repeats"), repeats, notRepeats},
		},
	}
}
