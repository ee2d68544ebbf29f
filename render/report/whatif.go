package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/chart"
	"github.com/openzeka/reportgen/render/present"
)

// The what-if view of the report's HTML page (docs/whatif.md): the page
// carries its levels' numbers and one script (templates/report/whatif.js)
// that recomputes, under settings the reader gives, the SLO matrices,
// the capacity tables and chart, the capacity ranking and its verdict,
// throughput per GPU and cost at the target interactivity, with
// analyze's rules ported one for one. Here the report gives the script
// its data, its words (the locale's messages) and the attributes by
// which it finds the cells it recomputes.

var _ render.Interactive = (*Document)(nil)

// The charts the view draws anew: the heat map is the SLO matrix at the
// headline statistic, whose table the script draws in its place.
const (
	matrixChart   = "09-slo-heatmap"
	capacityChart = "06-capacity"
)

// Interaction is the what-if view's part of the page: none on an
// input-length axis, which has no capacity, throughput at a target or
// cost to recompute.
func (d *Document) Interaction(src render.Source) (*render.Interaction, error) {
	if !d.r.Axis.SweepsLoad() || len(d.r.Configs) == 0 || len(d.r.Levels) == 0 {
		return nil, nil
	}
	v := newView(d.r, src.Locale, src.Charts)
	data, err := json.Marshal(v.whatIfData())
	if err != nil {
		return nil, fmt.Errorf("what-if data: %w", err)
	}
	controls, err := v.whatIfControls(src.Templates)
	if err != nil {
		return nil, err
	}
	script, err := fs.ReadFile(src.Templates, "report/whatif.js")
	if err != nil {
		return nil, err
	}
	css, err := fs.ReadFile(src.Templates, "report/whatif.css")
	if err != nil {
		return nil, err
	}
	return &render.Interaction{Controls: controls, Data: data, Script: compactScript(string(script)), CSS: string(css), Cells: v.whatIfCells()}, nil
}

// compactScript is the script as the page carries it, a third smaller:
// its lines without their indentation, without the lines that are only
// a comment (// …, or a /* … */ block that starts a line), none empty.
// Every statement keeps its own line, so the script reads and runs as
// written in templates/report/whatif.js.
func compactScript(src string) string {
	var b strings.Builder
	block := false
	for _, ln := range strings.Split(src, "\n") {
		ln = strings.TrimSpace(ln)
		switch {
		case block:
			block = !strings.Contains(ln, "*/")
			continue
		case strings.HasPrefix(ln, "/*"):
			block = !strings.Contains(ln, "*/")
			continue
		case ln == "" || strings.HasPrefix(ln, "//"):
			continue
		}
		b.WriteString(ln)
		b.WriteByte('\n')
	}
	return b.String()
}

// jnum is a number of the script's data: null when absent, "inf" when
// unbounded, as analysis.json writes them.
type jnum float64

func (x jnum) MarshalJSON() ([]byte, error) {
	f := float64(x)
	switch {
	case math.IsInf(f, 1):
		return []byte(`"inf"`), nil
	case math.IsNaN(f) || math.IsInf(f, -1):
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}

// wiData is the script's data.
type wiData struct {
	Axis   analyze.Axis `json:"axis"`
	Report wiSettings   `json:"report"`
	// Bounds are the ranges the settings are checked against, by key.
	Bounds   map[string]analyze.Bounds `json:"bounds"`
	MaxUsers int                       `json:"max_users"`
	// Levels are the report's levels, the SLO matrix's columns.
	Levels []wiLevelHead `json:"levels"`
	// PerGPU: throughput at the target is per GPU, else of the system.
	PerGPU bool `json:"per_gpu"`
	// Star: the SLO matrix at a statistic stars a cell checked on a
	// stand-in (the view's starred).
	Star map[string]bool `json:"star"`
	// Metrics and Percentiles are the scored statistics dominance counts
	// (analyze's ScoredMetrics at Percentiles), the order of a level's
	// Score.
	Metrics     []wiMetric `json:"metrics"`
	Percentiles []string   `json:"percentiles"`
	Configs     []wiConfig `json:"configs"`
	// Charts name the figures the view draws anew.
	Charts map[string]string `json:"charts"`
	// Dec are the decimals of TTFT and TPS (present's looks).
	Dec    map[string]int `json:"dec"`
	Format wiFormat       `json:"format"`
	Text   map[string]any `json:"text"`
	Lang   string         `json:"lang"`
}

// wiSettings are the settings of a view, by the keys of the page's link.
type wiSettings struct {
	TTFT       float64 `json:"slo-ttft-ms"`
	TPS        float64 `json:"slo-tps"`
	Percentile string  `json:"percentile"`
	Think      float64 `json:"think-s"`
	Tie        float64 `json:"tie-pct"`
	// Interactivity is --interactivity's target (null: the default
	// rule); Price report.toml's (null: none).
	Interactivity jnum   `json:"interactivity"`
	Price         jnum   `json:"price"`
	Currency      string `json:"currency"`
}

type wiLevelHead struct {
	Load  jnum   `json:"load"`
	Key   string `json:"key"`
	At    string `json:"at"`
	Label string `json:"label"`
}

type wiMetric struct {
	Key   analyze.MetricID `json:"key"`
	Lower bool             `json:"lower"`
}

type wiFormat struct {
	Group   string `json:"group"`
	Decimal string `json:"decimal"`
	Minus   string `json:"minus"`
}

// wiConfig is a config as the script computes with it.
type wiConfig struct {
	ID     string    `json:"id"`
	Name   string    `json:"name"`
	GPUs   int       `json:"gpus"`
	Color  string    `json:"color"`
	Levels []wiLevel `json:"levels"`
}

// wiLevel is one level's numbers the rules read: its load and labels,
// whether its load was reached, the requests in flight, the mean latency
// (and the median standing in), the system's request throughput, the
// aggregate output, per-user TPS on the Pareto chart's x, the values
// each SLO is checked on per statistic ([TTFT, TPS, TTFT's stand-in,
// TPS's]), the scored statistics (Score, in Metrics × Percentiles
// order) and their run-to-run spreads ([low, high]).
type wiLevel struct {
	Load    jnum                  `json:"load"`
	At      string                `json:"at"`
	Label   string                `json:"label"`
	Reached bool                  `json:"reached"`
	C       jnum                  `json:"c"`
	Lat     jnum                  `json:"lat"`
	Lat50   jnum                  `json:"lat50"`
	RPS     jnum                  `json:"rps"`
	Agg     jnum                  `json:"agg"`
	X       jnum                  `json:"x"`
	SLO     map[string][4]any     `json:"slo"`
	Score   []jnum                `json:"score"`
	Spread  map[string][2]float64 `json:"spread,omitempty"`
}

// loadKey is a level as the page's attributes name it: "16", "0.5",
// "inf".
func loadKey(x analyze.Load) string {
	if x.IsInf() {
		return "inf"
	}
	return x.String()
}

func (v *view) whatIfData() wiData {
	r := v.R
	p := r.Params
	d := wiData{
		Axis:        r.Axis,
		Bounds:      analyze.SettingBounds(),
		MaxUsers:    analyze.MaxUsers,
		PerGPU:      r.Pareto.PerGPU,
		Star:        map[string]bool{},
		Charts:      map[string]string{"matrix": matrixChart, "capacity": capacityChart},
		Dec:         map[string]int{"ttft": present.MustOf(analyze.TTFT).Dec, "tps": present.MustOf(analyze.TPS).Dec},
		Format:      v.numberFormat(),
		Text:        v.whatIfText(),
		Lang:        v.loc.Lang,
		Percentiles: []string{},
		Report: wiSettings{TTFT: p.SLOTTFTms, TPS: p.SLOTPS, Percentile: string(p.Percentile), Think: p.ThinkS, Tie: p.TiePct,
			Interactivity: jnum(math.NaN()), Price: jnum(math.NaN()), Currency: p.Currency},
	}
	if r.Pareto.TargetSource == analyze.TargetFlag {
		d.Report.Interactivity = jnum(r.Pareto.Target)
	}
	if p.PricePerGPUHour > 0 {
		d.Report.Price = jnum(p.PricePerGPUHour)
	}
	for _, x := range r.Levels {
		d.Levels = append(d.Levels, wiLevelHead{Load: jnum(x), Key: loadKey(x), At: v.loc.At(x), Label: v.loc.Load(x)})
	}
	for _, pct := range analyze.Percentiles {
		d.Percentiles = append(d.Percentiles, string(pct))
		d.Star[string(pct)] = v.starred(pct)
	}
	for _, m := range analyze.ScoredMetrics {
		d.Metrics = append(d.Metrics, wiMetric{Key: m.Key, Lower: m.LowerIsBetter})
	}
	colors := chart.Colors(r)
	for i, c := range r.Configs {
		wc := wiConfig{ID: c.ID, Name: c.Name.In(v.loc.Lang), GPUs: int(c.GPUs), Color: colors[i]}
		for _, l := range c.Levels {
			wc.Levels = append(wc.Levels, v.whatIfLevel(l))
		}
		d.Configs = append(d.Configs, wc)
	}
	return d
}

func (v *view) whatIfLevel(l analyze.Level) wiLevel {
	w := wiLevel{Load: jnum(l.Load), At: v.loc.At(l.Load), Label: v.loc.Load(l.Load), Reached: l.LoadReached,
		C: jnum(l.Concurrency), Lat: jnum(l.Latency.Mean), Lat50: jnum(l.Latency.P50), RPS: jnum(l.SystemRPS),
		Agg: jnum(l.AggregateTPS), X: jnum(l.TPS.At(v.R.Pareto.Stat)), SLO: map[string][4]any{}}
	for _, pct := range analyze.Percentiles {
		ttft, ttftStat := l.TTFT.SLOValue(pct, true)
		tps, tpsStat := l.TPS.SLOValue(pct, false)
		w.SLO[string(pct)] = [4]any{jnum(ttft), jnum(tps), ttftStat, tpsStat}
	}
	for _, m := range analyze.ScoredMetrics {
		for _, st := range analyze.Percentiles {
			w.Score = append(w.Score, jnum(m.Value(l, st)))
			if iv, ok := l.Spread[analyze.SpreadKey(m.Key, st)]; ok {
				if w.Spread == nil {
					w.Spread = map[string][2]float64{}
				}
				w.Spread[analyze.SpreadKey(m.Key, st)] = [2]float64{iv.Low, iv.High}
			}
		}
	}
	return w
}

// numberFormat is how the locale writes a number (locale.Num): its
// grouping sign, decimal sign and minus, read off two numbers it wrote.
func (v *view) numberFormat() wiFormat {
	var seps []string
	for _, r := range v.loc.Num(1234567.5, 1) {
		if !unicode.IsDigit(r) {
			seps = append(seps, string(r))
		}
	}
	f := wiFormat{Minus: strings.TrimSuffix(v.loc.Num(-1, 0), "1")}
	if len(seps) > 0 {
		f.Group, f.Decimal = seps[0], seps[len(seps)-1]
	}
	return f
}

// wiMessage is a message the script words with: its id and the names of
// its arguments.
type wiMessage struct {
	id   string
	args []string
}

// whatIfMessages are the messages the script uses, with their arguments.
var whatIfMessages = []wiMessage{
	{"and", nil}, {"percent", []string{"N"}}, {"within_tie", []string{"Pct"}},
	{"stat_p90", nil}, {"stat_mean", nil}, {"statw_p90", nil}, {"statw_mean", nil},
	{"level_max", []string{"X"}}, {"level_max_bound", []string{"X"}},
	{"col_config", nil}, {"col_gpus", nil}, {"per_gpu", nil}, {"per_system", nil},
	{"col_at_target", []string{"Target", "Per"}},
	{"col_cost_capacity_load", nil}, {"col_cost_capacity", []string{"Currency"}}, {"col_cost_target", []string{"Currency", "Target"}},
	{"sec_cost", nil},
	{"target_cell_beyond_slo", nil}, {"target_cell_no_slo_level", nil}, {"target_cell_above_measured", nil}, {"target_cell_below_measured", nil},
	{"capacity_none_cell", nil}, {"capacity_unchecked_cell", nil},
	{"chart_title_capacity", []string{"Think"}}, {"chart_title_capacity_closed", nil},
	{"panel_cmax", nil}, {"panel_users", nil}, {"axis_concurrency", nil}, {"axis_users", nil},
	{"legend_cap_head", []string{"Stat"}}, {"legend_cap_other", []string{"Stat"}},
	{"whatif_verdict_leader", []string{"Stat", "Leader", "Value", "C", "Next", "NextValue", "Gap"}},
	{"ratio_factor", []string{"K"}},
	{"whatif_verdict_only", []string{"Stat", "Leader", "Value", "C"}},
	{"whatif_verdict_alone", []string{"Stat", "Leader", "Value", "C"}},
	{"whatif_verdict_tie", []string{"Stat", "Leader", "Value", "C", "Next", "NextValue", "NextC", "Tie"}},
	{"whatif_verdict_tie_break", []string{"Stat", "Leader", "Value", "C", "Rivals"}},
	{"whatif_verdict_unranked", []string{"Stat", "Configs"}},
	{"whatif_verdict_none", []string{"Stat"}},
	{"whatif_rival_headroom", []string{"Config"}}, {"whatif_rival_dominance", []string{"Config"}},
	{"whatif_differs", []string{"List"}}, {"whatif_invalid", []string{"List", "Keys"}}, {"whatif_print", []string{"List"}},
	{"whatif_diff_ttft", []string{"Value", "Report"}}, {"whatif_diff_tps", []string{"Value", "Report"}},
	{"whatif_diff_pct", []string{"Value", "Report"}}, {"whatif_diff_think", []string{"Value", "Report"}},
	{"whatif_diff_tie", []string{"Value", "Report"}}, {"whatif_diff_interactivity", []string{"Value", "Report"}},
	{"whatif_diff_price", []string{"Value", "Report"}}, {"whatif_diff_currency", []string{"Value", "Report"}},
	{"whatif_default_rule", nil}, {"whatif_none", nil},
	{"whatif_live", nil}, {"whatif_stale", nil},
}

// whatIfText are the script's messages in the edition's language, each
// argument a placeholder {Name} the script fills (the locale's variants,
// a rate axis's, already chosen). A message with plural forms would be
// {one, other}; none of these has.
func (v *view) whatIfText() map[string]any {
	out := map[string]any{}
	for _, m := range whatIfMessages {
		var kv []any
		for _, a := range m.args {
			kv = append(kv, a, "{"+a+"}")
		}
		out[m.id] = v.loc.T(m.id, kv...)
	}
	return out
}

// whatIfCells are the attributes of the cells the script recomputes:
// the SLO matrix the appendix prints (at the other statistic), both
// capacity tables, the efficiency table's GPUs and target column, and
// the cost table's. A table the templates leave out is not found.
func (v *view) whatIfCells() []render.TableAttrs {
	out := []render.TableAttrs{v.matrixAttrs(v.Other())}
	for _, pct := range analyze.Percentiles {
		out = append(out, v.capacityAttrs(string(pct)))
	}
	if v.HasPareto() {
		out = append(out, v.efficiencyAttrs())
		if v.HasCost() {
			out = append(out, v.costAttrs())
		}
	}
	return out
}

// cellAttrs are a cell's attributes: its config, level (none: "") and
// statistic, and the SLO statistic it is computed at (none: "").
func cellAttrs(config, level, stat, pct string) map[string]string {
	// An id that is not UTF-8 reads as the page's data has it (U+FFFD).
	m := map[string]string{"data-config": strings.ToValidUTF8(config, "\uFFFD"), "data-stat": stat}
	if level != "" {
		m["data-level"] = level
	}
	if pct != "" {
		m["data-pct"] = pct
	}
	return m
}

func (v *view) matrixAttrs(pct string) render.TableAttrs {
	at := render.TableAttrs{Table: v.SLOMatrix(pct)}
	for _, c := range v.R.Configs {
		row := []map[string]string{nil}
		for _, x := range v.R.Levels {
			var a map[string]string
			if _, ok := c.Level(x); ok {
				a = cellAttrs(c.ID, loadKey(x), "slo", pct)
			}
			row = append(row, a)
		}
		at.Rows = append(at.Rows, row)
	}
	return at
}

func (v *view) capacityAttrs(pct string) render.TableAttrs {
	at := render.TableAttrs{Table: v.CapacityTable(pct)}
	stats := []string{"c_max", "latency", "users"}
	if v.R.Axis == analyze.AxisRate {
		stats = []string{"c_max", "throughput", "concurrency", "latency", "users"}
	}
	for _, c := range v.R.Configs {
		row := []map[string]string{nil}
		for _, s := range stats {
			row = append(row, cellAttrs(c.ID, "", s, pct))
		}
		at.Rows = append(at.Rows, row)
	}
	return at
}

func (v *view) efficiencyAttrs() render.TableAttrs {
	at := render.TableAttrs{Table: v.EfficiencyTable()}
	target := len(at.Table.Head) > 3
	if target {
		at.Head = []map[string]string{nil, nil, nil, {"data-stat": "at_target_head"}}
	}
	for _, c := range v.R.Configs {
		row := []map[string]string{nil, cellAttrs(c.ID, "", "gpus", ""), nil}
		if target {
			row = append(row, cellAttrs(c.ID, "", "at_target", ""))
		}
		at.Rows = append(at.Rows, row)
	}
	return at
}

func (v *view) costAttrs() render.TableAttrs {
	at := render.TableAttrs{Table: v.CostTable()}
	target := len(at.Table.Head) > 4
	at.Head = []map[string]string{nil, nil, nil, {"data-stat": "cost_capacity_head"}}
	if target {
		at.Head = append(at.Head, map[string]string{"data-stat": "cost_target_head"})
	}
	for _, c := range v.R.Configs {
		row := []map[string]string{nil, nil, cellAttrs(c.ID, "", "cost_load", ""), cellAttrs(c.ID, "", "cost_capacity", "")}
		if target {
			row = append(row, cellAttrs(c.ID, "", "cost_target", ""))
		}
		at.Rows = append(at.Rows, row)
	}
	return at
}

// wiControls is what templates/report/whatif.html sees.
type wiControls struct {
	Text map[string]string
	// Value are the inputs' values (the report's settings), Max their
	// largest, by key.
	Value map[string]string
	Max   map[string]string
	// Percentile is the report's statistic; Target the report's target
	// interactivity, the interactivity box's placeholder.
	Percentile string
	Target     string
}

// whatIfControls are the page's controls from templates/report/whatif.html.
func (v *view) whatIfControls(tfs fs.FS) (template.HTML, error) {
	t, err := template.ParseFS(tfs, "report/whatif.html")
	if err != nil {
		return "", err
	}
	p := v.R.Params
	num := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	c := wiControls{
		Text:       map[string]string{},
		Max:        map[string]string{},
		Percentile: string(p.Percentile),
		Value: map[string]string{"slo-ttft-ms": num(p.SLOTTFTms), "slo-tps": num(p.SLOTPS), "think-s": num(p.ThinkS),
			"tie-pct": num(p.TiePct), "currency": p.Currency},
	}
	for k, b := range analyze.SettingBounds() {
		c.Max[k] = num(b.Max)
	}
	if v.R.Pareto.TargetSource == analyze.TargetFlag {
		c.Value["interactivity"] = num(v.R.Pareto.Target)
	} else if v.hasTarget() {
		c.Target = v.loc.T("whatif_default_target", "Value", v.limit(v.R.Pareto.Target))
	}
	if p.PricePerGPUHour > 0 {
		c.Value["price"] = num(p.PricePerGPUHour)
	}
	for _, id := range []string{"whatif_open", "whatif_intro", "whatif_label_ttft", "whatif_label_tps", "whatif_label_pct",
		"whatif_label_think", "whatif_label_tie", "whatif_label_interactivity", "whatif_label_price", "whatif_label_currency",
		"whatif_reset", "whatif_link", "whatif_greyed", "stat_p90", "stat_mean"} {
		c.Text[id] = v.loc.T(id)
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, c); err != nil {
		return "", err
	}
	return template.HTML(buf.String()), nil
}
