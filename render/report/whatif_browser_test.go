package report

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
	"github.com/openzeka/reportgen/internal/browsertest"
	"github.com/openzeka/reportgen/internal/reporttest"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/locale"
	"github.com/openzeka/reportgen/render/present"
)

// One set of rules: the page's script and analyze must never disagree.
// Go writes the test vectors — for each sample and each view, a build at
// the same settings and what its tables, capacities, users, ranking and
// throughput at the target are — and Chromium opens the page at the
// view's link; every cell the script recomputed must read as the build's.

// whatIfViews are the settings every sample's page is opened at: the
// report's own, each setting alone and together, settings that make
// every level pass (lower bounds, the tie-breaks) or none, no TPS SLO
// (no default target), a closed loop, an explicit target past every
// level, prices with and without a currency.
var whatIfViews = []string{
	"slo-ttft-ms=2000",
	"slo-ttft-ms=2000&think-s=30&percentile=mean&tie-pct=5&interactivity=40&price=2.5",
	"slo-tps=0",
	"slo-ttft-ms=300&slo-tps=25&tie-pct=0",
	"think-s=0&percentile=mean&price=1.75&currency=EUR",
	"tie-pct=50&interactivity=1000",
	"slo-ttft-ms=100000&slo-tps=1&tie-pct=2",
	"slo-ttft-ms=50&slo-tps=500",
}

// cellKey names a cell by its attributes.
type cellKey struct{ config, level, stat, pct string }

func (k cellKey) String() string {
	return strings.Join([]string{k.config, k.level, k.stat, k.pct}, "/")
}

// pageCell is a cell as the page shows it.
type pageCell struct {
	Config, Level, Stat, Pct string
	Text                     string
	Value                    *string
}

// readCells is the script that lists the page's visible cells with a
// data-stat, and the verdict.
const readCells = `(function () {
  var out = [];
  document.querySelectorAll('[data-stat]').forEach(function (e) {
    if (!e.checkVisibility() || e.classList.contains('wi-verdict')) { return; }
    out.push({config: e.getAttribute('data-config') || '', level: e.getAttribute('data-level') || '',
      stat: e.getAttribute('data-stat'), pct: e.getAttribute('data-pct') || '', text: e.innerText.trim(),
      value: e.getAttribute('data-value')});
  });
  return out;
})()`

// pageVerdict is the status line's verdict.
type pageVerdict struct {
	Shown                 bool
	Kind, Configs, Text   string
	Tie, TieBreak         string
	Differs, Bad, Print   string
	Body                  bool
	Hash                  string
	CovMatrix, CovCapChrt bool
}

const readVerdict = `(function () {
  var v = document.querySelector('.wi-verdict'), st = document.getElementById('whatif-status');
  return {shown: !st.hidden, kind: v.getAttribute('data-kind') || '', configs: v.getAttribute('data-configs') || '',
    text: v.textContent, tie: v.getAttribute('data-tie') || '', tieBreak: v.getAttribute('data-tie-break') || '',
    differs: st.querySelector('.wi-differs').textContent, bad: st.querySelector('.wi-bad').textContent,
    print: document.querySelector('.wi-print').textContent, body: document.body.classList.contains('wi-on'),
    hash: location.hash};
})()`

// expectedCells are the cells of a build at a view's settings, as its
// tables show them, by attributes; the stats of the target and cost
// columns also when the build has none (they must not show).
func expectedCells(t *testing.T, v *view) map[cellKey]string {
	t.Helper()
	out := map[cellKey]string{}
	for _, pct := range analyze.Percentiles {
		expectCapacity(t, v, string(pct), out)
		expectMatrix(t, v, pct, out)
	}
	if v.HasPareto() {
		expectEfficiency(t, v, out)
		if v.HasCost() {
			expectCost(t, v, out)
		}
	}
	return out
}

func expectCapacity(t *testing.T, v *view, pct string, out map[cellKey]string) {
	t.Helper()
	_, rows := plainTable(t, v.CapacityTable(pct))
	stats := []string{"c_max", "latency", "users"}
	if v.R.Axis == analyze.AxisRate {
		stats = []string{"c_max", "throughput", "concurrency", "latency", "users"}
	}
	for i, c := range v.R.Configs {
		for j, s := range stats {
			out[cellKey{c.ID, "", s, pct}] = rows[i][j+1]
		}
	}
}

// expectMatrix are the SLO matrix's cells at pct: the marks, and the
// values checked the script shows under them.
func expectMatrix(t *testing.T, v *view, pct analyze.Percentile, out map[cellKey]string) {
	t.Helper()
	p := string(pct)
	_, rows := plainTable(t, v.SLOMatrix(p))
	for i, c := range v.R.Configs {
		for j, x := range v.R.Levels {
			l, ok := c.Level(x)
			if !ok {
				continue
			}
			out[cellKey{c.ID, loadKey(x), "slo", p}] = rows[i][j+1]
			ttft, _ := l.TTFT.SLOValue(pct, true)
			tps, _ := l.TPS.SLOValue(pct, false)
			out[cellKey{c.ID, loadKey(x), "ttft", p}] = v.loc.Num(ttft, present.MustOf(analyze.TTFT).Dec) + " ms"
			out[cellKey{c.ID, loadKey(x), "tps", p}] = v.loc.Num(tps, present.MustOf(analyze.TPS).Dec) + " tok/s"
		}
	}
}

func expectEfficiency(t *testing.T, v *view, out map[cellKey]string) {
	t.Helper()
	head, rows := plainTable(t, v.EfficiencyTable())
	for i, c := range v.R.Configs {
		out[cellKey{c.ID, "", "gpus", ""}] = rows[i][1]
		if len(head) > 3 {
			out[cellKey{c.ID, "", "at_target", ""}] = rows[i][3]
		}
	}
	if len(head) > 3 {
		out[cellKey{"", "", "at_target_head", ""}] = head[3]
	}
}

func expectCost(t *testing.T, v *view, out map[cellKey]string) {
	t.Helper()
	head, rows := plainTable(t, v.CostTable())
	target := len(head) > 4
	out[cellKey{"", "", "cost_capacity_head", ""}] = head[3]
	if target {
		out[cellKey{"", "", "cost_target_head", ""}] = head[4]
	}
	for i, c := range v.R.Configs {
		out[cellKey{c.ID, "", "cost_load", ""}] = rows[i][2]
		out[cellKey{c.ID, "", "cost_capacity", ""}] = rows[i][3]
		if target {
			out[cellKey{c.ID, "", "cost_target", ""}] = rows[i][4]
		}
	}
}

// expectedValues are the exact numbers behind some cells: users, and
// the throughput and cost at the target.
func expectedValues(v *view) map[cellKey]float64 {
	out := map[cellKey]float64{}
	for _, c := range v.R.Configs {
		for _, pct := range analyze.Percentiles {
			if cp := c.Capacity.Get(pct); cp.Max > 0 && cp.UsersKnown() {
				out[cellKey{c.ID, "", "users", string(pct)}] = float64(cp.Users)
			}
		}
		if a := c.AtInteractivity; a != nil {
			out[cellKey{c.ID, "", "at_target", ""}] = v.targetValue(c)
		}
		if c.Cost != nil {
			out[cellKey{c.ID, "", "cost_capacity", ""}] = c.Cost.AtCapacity.PerMillion
			if c.Cost.AtTarget != nil {
				out[cellKey{c.ID, "", "cost_target", ""}] = c.Cost.AtTarget.PerMillion
			}
		}
	}
	return out
}

// always are the stats a page shows wherever the build shows them: the
// target's and the cost's (made or hidden by the script to match).
var always = []string{"at_target", "at_target_head", "cost_load", "cost_capacity", "cost_target", "cost_capacity_head", "cost_target_head"}

// compareCells compares the page's visible cells with a build's.
// printed are the statistics of the capacity tables the page prints.
func compareCells(t *testing.T, what string, got []pageCell, want map[cellKey]string, values map[cellKey]float64, printed []string) {
	t.Helper()
	seen := map[cellKey]bool{}
	for _, c := range got {
		k := cellKey{c.Config, c.Level, c.Stat, c.Pct}
		seen[k] = true
		w, ok := want[k]
		if !ok {
			t.Errorf("%s: the page shows %s = %q, the build has no such cell", what, k, c.Text)
			continue
		}
		// The page's text as shown: runs of white space are one (a
		// message with an empty currency).
		if c.Text != strings.Join(strings.Fields(w), " ") {
			t.Errorf("%s: %s = %q, the build's %q", what, k, c.Text, w)
		}
		if v, ok := values[k]; ok && c.Value != nil {
			x, err := strconv.ParseFloat(*c.Value, 64)
			if err != nil || !(x == v || math.Abs(x-v) <= 1e-12*math.Abs(v)) {
				t.Errorf("%s: %s is %s, the build's %v", what, k, *c.Value, v)
			}
		}
	}
	for k := range want {
		// The capacity tables printed, the target's and the cost's
		// cells show wherever the build has them.
		if !seen[k] && (slices.Contains(always, k.stat) || slices.Contains(printed, k.pct) && k.stat != "slo" && k.stat != "ttft" && k.stat != "tps") {
			t.Errorf("%s: the page does not show %s (the build's %q)", what, k, want[k])
		}
	}
}

// expectedVerdict is the capacity finding of a build as the page's
// verdict says it: its kind, configs, tie and tie-break, and its words.
func expectedVerdict(v *view) pageVerdict {
	r := v.R
	l := v.loc
	pct := r.Params.Percentile
	var f *analyze.Finding
	for i, x := range r.Findings {
		if x.Kind == analyze.CapacityLeader || x.Kind == analyze.CapacityUnranked {
			f = &r.Findings[i]
			break
		}
	}
	stat := l.T("statw_" + string(pct))
	if f == nil {
		return pageVerdict{Kind: "none", Text: l.T("whatif_verdict_none", "Stat", stat), Tie: "0"}
	}
	names := func(ids []string) string {
		var out []string
		for _, id := range ids {
			c, _ := r.Config(id)
			out = append(out, c.Name.In(l.Lang))
		}
		return l.List(out)
	}
	out := pageVerdict{Configs: strings.Join(f.Configs, " "), Tie: "0", TieBreak: f.TieBreak}
	if f.Kind == analyze.CapacityUnranked {
		out.Kind = "unranked"
		out.Text = l.T("whatif_verdict_unranked", "Stat", stat, "Configs", names(f.Configs))
		out.TieBreak = ""
		return out
	}
	out.Kind = "leader"
	if f.Tie {
		out.Tie = "1"
	}
	value := func(id string) string {
		c, _ := r.Config(id)
		cp := c.Capacity.Get(pct)
		if r.Axis == analyze.AxisRate {
			return l.Num(cp.ThroughputRPS, 2)
		}
		return present.UsersCell(l, cp)
	}
	maxWords := func(id string) string {
		c, _ := r.Config(id)
		cp := c.Capacity.Get(pct)
		if cp.LowerBound {
			return l.T("level_max_bound", "X", l.Load(cp.Max))
		}
		return l.T("level_max", "X", l.Load(cp.Max))
	}
	a := f.Configs[0]
	args := []any{"Stat", stat, "Leader", names([]string{a}), "Value", value(a), "C", maxWords(a)}
	if len(f.Configs) == 1 {
		out.Text = l.T("whatif_verdict_only", args...)
		return out
	}
	b := f.Configs[1]
	args = append(args, "Next", names([]string{b}), "NextValue", value(b), "NextC", maxWords(b))
	bc, _ := r.Config(b)
	switch {
	case f.TieBreak != "":
		var rivals []string
		byWhat, ids := rivalsByWhat(f)
		for _, by := range byWhat {
			rivals = append(rivals, l.T("whatif_rival_"+by, "Config", names(ids[by])))
		}
		out.Text = l.T("whatif_verdict_tie_break", append(args, "Rivals", l.List(rivals))...)
	case f.Tie:
		out.Text = l.T("whatif_verdict_tie", append(args, "Tie", v.Tie())...)
	case bc.Capacity.Get(pct).Max == 0:
		out.Text = l.T("whatif_verdict_alone", args...)
	default:
		out.Text = l.T("whatif_verdict_leader", append(args, "Gap", v.gap(f.Values["ratio"]))...)
	}
	return out
}

// rivalsByWhat groups the rivals a tie-break decided the capacity
// finding f against by what decided it, in the verdict's order, each
// reason once.
func rivalsByWhat(f *analyze.Finding) (byWhat []string, ids map[string][]string) {
	ids = map[string][]string{}
	for _, id := range f.Configs[1:] {
		for _, tr := range f.TieRivals {
			if tr.Config != id {
				continue
			}
			if ids[tr.By] == nil {
				byWhat = append(byWhat, tr.By)
			}
			ids[tr.By] = append(ids[tr.By], id)
		}
	}
	return byWhat, ids
}

// TestWhatIfInChromium opens every sample's page, in both languages, at
// every view of whatIfViews, and compares what the script shows with a
// build at the same settings: every SLO matrix cell (the appendix's, and
// the one the script draws in place of the heat map), every capacity
// table cell (C_max, the latency there, users), the throughput per GPU
// at the target and its column's head, the cost table, and the verdict
// (its kind, the configs in the finding's order, tie and tie-break, and
// its words); numbers behind users, throughput and cost exactly.
func TestWhatIfInChromium(t *testing.T) {
	b := browsertest.New(t, 1280)
	dir := t.TempDir()
	kinds := map[string]int{}
	for _, s := range whatIfSamples(t) {
		base := buildAt(t, s, "")
		for _, lang := range locale.Languages {
			file := writePage(t, dir, s.name, base, lang)
			printed := printedCapacities(t, base, lang)
			// At the report's own settings the script shows the report,
			// and recomputes every cell as printed.
			checkReportView(t, b, file, s.name+" "+lang)
			for _, frag := range whatIfViews {
				what := fmt.Sprintf("%s %s #%s", s.name, lang, frag)
				r := buildAt(t, s, frag)
				v := newView(r, reporttest.Locale(t, r, lang), nil)
				p := b.Open(t, file, frag, true)
				var got []pageCell
				p.Eval(t, readCells, &got)
				compareCells(t, what, got, expectedCells(t, v), expectedValues(v), printed)
				var verdict pageVerdict
				p.Eval(t, readVerdict, &verdict)
				want := expectedVerdict(v)
				if !verdict.Shown || !verdict.Body || verdict.Kind != want.Kind || verdict.Configs != want.Configs ||
					verdict.Tie != want.Tie || verdict.TieBreak != want.TieBreak || verdict.Text != want.Text {
					t.Errorf("%s: verdict\n%+v\nwant\n%+v", what, verdict, want)
				}
				kinds[want.Kind+"/"+want.TieBreak+"/"+want.Tie]++
				if verdict.Differs == "" || verdict.Print == "" || verdict.Bad != "" {
					t.Errorf("%s: differs %q, print note %q, bad %q", what, verdict.Differs, verdict.Print, verdict.Bad)
				}
			}
		}
	}
	t.Logf("verdicts checked: %v", kinds)
	// The views reach every kind of verdict the samples allow: a clear
	// leader, a tie-break by headroom and by dominance, a tie, none.
	for _, k := range []string{"leader//0", "leader/headroom/0", "none//0"} {
		if kinds[k] == 0 {
			t.Errorf("no view gives a %s verdict; the views no longer reach it", k)
		}
	}
}

// printedCapacities are the statistics of the capacity tables r's page
// prints: the headline's, and the other's unless it reads the same.
func printedCapacities(t *testing.T, r *analyze.Report, lang string) []string {
	t.Helper()
	v := newView(r, reporttest.Locale(t, r, lang), nil)
	if v.SameCapacity() {
		return []string{v.Headline()}
	}
	return []string{v.Headline(), v.Other()}
}

// writePage writes r's HTML edition in lang, with its charts, to dir.
func writePage(t *testing.T, dir, name string, r *analyze.Report, lang string) string {
	t.Helper()
	ed, err := render.New(New(r), render.Options{Lang: lang, Formats: render.FormatHTML})
	if err != nil {
		t.Fatal(err)
	}
	page, err := ed.HTML()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, name+"."+lang+".html")
	if err := os.WriteFile(file, page, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// checkReportView opens the page as printed: the script shows its
// controls and nothing else, and its model of the report's own settings
// gives every cell the page prints.
func checkReportView(t *testing.T, b *browsertest.Browser, file, what string) {
	t.Helper()
	p := b.Open(t, file, "", true)
	var got struct {
		Controls, Status, On bool
		Cells                map[string]string
		Printed              []pageCell
	}
	p.Eval(t, `({controls: !document.getElementById('whatif').hidden, status: !document.getElementById('whatif-status').hidden,
		on: document.body.classList.contains('wi-on'), cells: reportgenWhatIf.cells({}), printed: `+readCells+`})`, &got)
	if !got.Controls || got.Status || got.On {
		t.Errorf("%s: controls shown %v, status shown %v, view on %v", what, got.Controls, got.Status, got.On)
	}
	n := 0
	for _, c := range got.Printed {
		var k string
		switch {
		case c.Stat == "slo":
			k = c.Config + "|slo|" + c.Pct + "|" + c.Level
		case c.Pct != "":
			k = c.Config + "|" + c.Stat + "|" + c.Pct
		case c.Stat == "at_target":
			k = c.Config + "|at_target"
		default:
			continue
		}
		n++
		if got.Cells[k] != c.Text {
			t.Errorf("%s: at the report's settings the script computes %s = %q, the page prints %q", what, k, got.Cells[k], c.Text)
		}
	}
	if n == 0 {
		t.Errorf("%s: no cell checked", what)
	}
}

// boundaryViews are views whose thresholds sit exactly at a value the
// sample checks, and a hair past it: the first config's TTFT at its
// highest level and its TPS at its lowest, at the headline statistic.
// A level exactly at an SLO meets it; flipping <= to < in the script
// (or >= to >) makes the page disagree with the build here.
func boundaryViews(r *analyze.Report) []string {
	c := r.Configs[0]
	pct := r.Params.Percentile
	ttft, _ := c.Levels[len(c.Levels)-1].TTFT.SLOValue(pct, true)
	tps, _ := c.Levels[0].TPS.SLOValue(pct, false)
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	return []string{
		"slo-ttft-ms=" + f(ttft), "slo-ttft-ms=" + f(math.Nextafter(ttft, 0)),
		"slo-tps=" + f(tps), "slo-tps=" + f(math.Nextafter(tps, math.Inf(1))),
	}
}

// TestWhatIfBoundaries opens every sample's English page at its
// boundary views and compares every cell with the build's.
func TestWhatIfBoundaries(t *testing.T) {
	b := browsertest.New(t, 1280)
	dir := t.TempDir()
	for _, s := range whatIfSamples(t) {
		base := buildAt(t, s, "")
		file := writePage(t, dir, s.name, base, "en")
		printed := printedCapacities(t, base, "en")
		for _, frag := range boundaryViews(base) {
			what := fmt.Sprintf("%s #%s", s.name, frag)
			r := buildAt(t, s, frag)
			v := newView(r, reporttest.Locale(t, r, "en"), nil)
			p := b.Open(t, file, frag, true)
			var got []pageCell
			p.Eval(t, readCells, &got)
			compareCells(t, what, got, expectedCells(t, v), expectedValues(v), printed)
		}
	}
}

// TestWhatIfNumbers: the script writes numbers as render/locale does,
// in both languages, ties to even included (2.5 → 2, as Go's strconv
// and x/text round; Intl.NumberFormat and toFixed give 3, which is why
// the script does not use them: the count of their misses is logged).
func TestWhatIfNumbers(t *testing.T) {
	b := browsertest.New(t, 1280)
	dir := t.TempDir()
	xs := []float64{0, math.Copysign(0, -1), 0.5, 1.5, 2.5, 3.5, -0.4, -2.5, 0.125, 0.375, 1.005, 1.015, 2.675, 0.05, 0.15, 0.25,
		999.95, 999.5, 1234.5, 1235.5, 12345678.9, 1e6, 123456789012.5, 5e-7, 427, 61.8, 87.5, 1758.449, 3.14159, 2.0000000001}
	for i := 1; i <= 200; i++ {
		// Values with many digits across magnitudes, deterministic.
		xs = append(xs, math.Pow(1.37, float64(i%60))*float64(i)/7, float64(i)+0.5, float64(i)/8)
	}
	for _, lang := range locale.Languages {
		loc, err := locale.New(lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		file := writePage(t, dir, "kimi", buildAt(t, sampleNamed(t, "kimi-k3-b300"), ""), lang)
		p := b.Open(t, file, "", true)
		var want []string
		var js strings.Builder
		js.WriteString("[")
		for _, x := range xs {
			for dec := 0; dec <= 3; dec++ {
				want = append(want, loc.Num(x, dec))
				fmt.Fprintf(&js, "[%s,%d],", strconv.FormatFloat(x, 'g', -1, 64), dec)
			}
		}
		js.WriteString("]")
		tag := map[string]string{"tr": "tr-TR", "en": "en-US"}[lang]
		var got struct{ Num, Intl []string }
		p.Eval(t, `(function (xs) {
			var num = [], intl = [];
			xs.forEach(function (a) {
				var x = a[0] === 0 && 1 / a[0] < 0 ? -0 : a[0];
				num.push(reportgenWhatIf.num(x, a[1]));
				intl.push(new Intl.NumberFormat(`+browsertest.Quote(tag)+`, {minimumFractionDigits: a[1], maximumFractionDigits: a[1]}).format(x));
			});
			return {num: num, intl: intl};
		})(`+strings.ReplaceAll(js.String(), "-0,", "-0,")+`)`, &got)
		misses := 0
		for i := range want {
			if got.Num[i] != want[i] {
				t.Errorf("%s: the script writes %q, locale.Num %q (case %d)", lang, got.Num[i], want[i], i)
			}
			if got.Intl[i] != want[i] {
				misses++
			}
		}
		t.Logf("%s: %d numbers alike; Intl.NumberFormat(%s) writes %d of them otherwise", lang, len(want), tag, misses)
	}
}

// TestWhatIfLinkAndControls: a change in a box recomputes the page and
// writes the view into the link (only what differs from the report);
// the link reopens the same view; back to the report's settings empties
// it; a value out of range is refused, said, and changes nothing; an
// anchor the page links to (a chart's full view) keeps the view.
func TestWhatIfLinkAndControls(t *testing.T) {
	b := browsertest.New(t, 1280)
	dir := t.TempDir()
	s := sampleNamed(t, "kimi-k3-b300")
	file := writePage(t, dir, s.name, buildAt(t, s, ""), "en")
	p := b.Open(t, file, "", true)
	var got struct {
		Hash, Users, Differs string
		On                   bool
	}
	read := `({hash: location.hash, users: (document.querySelector('td[data-stat="users"][data-pct="p90"]') || {}).innerText,
		differs: document.querySelector('.wi-differs').textContent, on: document.body.classList.contains('wi-on')})`
	set := func(name, value string) {
		p.Eval(t, `(function () { var i = document.querySelector('[name="`+name+`"]'); i.value = `+browsertest.Quote(value)+`;
			i.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`, nil)
	}
	set("think-s", "30")
	set("slo-ttft-ms", "2000")
	p.Eval(t, read, &got)
	if got.Hash != "#slo-ttft-ms=2000&think-s=30" || !got.On {
		t.Errorf("after two changes the link is %q (view on: %v)", got.Hash, got.On)
	}
	typed := got
	p = b.Open(t, file, strings.TrimPrefix(typed.Hash, "#"), true)
	p.Eval(t, read, &got)
	if got.Users != typed.Users || got.Differs != typed.Differs {
		t.Errorf("the link reopens %+v, not the view typed in %+v", got, typed)
	}
	p.Eval(t, `(function () { location.hash = '#chart-06-capacity-full'; return true; })()`, nil)
	p.Eval(t, read, &got)
	if !got.On || got.Users != typed.Users {
		t.Errorf("following an anchor left the view: %+v", got)
	}
	p.Eval(t, `(function () { document.querySelector('.wi-status [data-whatif="reset"]').click(); return true; })()`, nil)
	p.Eval(t, read, &got)
	if got.Hash != "" || got.On {
		t.Errorf("back to the report's settings: link %q, view on %v", got.Hash, got.On)
	}
	report := got.Users
	p = b.Open(t, file, "slo-ttft-ms=-5&think-s=abc&tie-pct=51&colour=red", true)
	var bad struct {
		Bad   string
		Shown bool
		Users string
	}
	p.Eval(t, `({bad: document.querySelector('.wi-bad').textContent, shown: !document.getElementById('whatif-status').hidden,
		users: document.querySelector('td[data-stat="users"][data-pct="p90"]').innerText})`, &bad)
	for _, k := range []string{"slo-ttft-ms", "think-s", "tie-pct", "colour"} {
		if !strings.Contains(bad.Bad, k) {
			t.Errorf("the refused values are said as %q, without %s", bad.Bad, k)
		}
	}
	if !bad.Shown || bad.Users != report {
		t.Errorf("refused values: status shown %v, users %q (the report's %q)", bad.Shown, bad.Users, report)
	}
	// A view with no setting in it (a key mistyped) is said refused too,
	// with the settings there are; an anchor is no view.
	p = b.Open(t, file, "stat=mean", true)
	p.Eval(t, `({bad: document.querySelector('.wi-bad').textContent, shown: !document.getElementById('whatif-status').hidden,
		users: document.querySelector('td[data-stat="users"][data-pct="p90"]').innerText})`, &bad)
	if !bad.Shown || !strings.Contains(bad.Bad, "stat") || !strings.Contains(bad.Bad, "slo-ttft-ms") || bad.Users != report {
		t.Errorf("a fragment of no setting: status shown %v, %q, users %q", bad.Shown, bad.Bad, bad.Users)
	}
}

// TestWhatIfNoScriptAndPrint: with scripts off the page reads as the
// static report (the same text, no control shown); printed, a view
// gives the report at its own settings and says so, in each language.
func TestWhatIfNoScriptAndPrint(t *testing.T) {
	b := browsertest.New(t, 1280)
	dir := t.TempDir()
	s := sampleNamed(t, "kimi-k3-b300")
	r := buildAt(t, s, "")
	for _, lang := range locale.Languages {
		file := writePage(t, dir, s.name, r, lang)
		_, static := htmlOf(t, r, lang, render.FormatHTML)
		staticFile := filepath.Join(dir, "static."+lang+".html")
		if err := os.WriteFile(staticFile, static, 0o644); err != nil {
			t.Fatal(err)
		}
		const text = `document.body.innerText`
		var off, plain string
		b.Open(t, file, "slo-ttft-ms=2000", false).Eval(t, text, &off)
		b.Open(t, staticFile, "", true).Eval(t, text, &plain)
		if off != plain {
			t.Errorf("%s: with scripts off the page reads otherwise than the static report:\n%s", lang, firstDiff(off, plain))
		}
		var report string
		b.Open(t, file, "", true).Eval(t, text, &report)
		p := b.Open(t, file, "slo-ttft-ms=2000&think-s=30", true)
		var screen string
		p.Eval(t, text, &screen)
		p.Media(t, "print")
		var printed string
		p.Eval(t, text, &printed)
		note := map[string]string{"en": "Printed at the report's own settings", "tr": "Raporun kendi ayarlarıyla yazdırıldı"}[lang]
		if screen == report || !strings.Contains(printed, note) {
			t.Errorf("%s: the view changes the screen: %v; the print says %q: %v", lang, screen != report, note, strings.Contains(printed, note))
		}
		// The print is the report's text, with the note first and the
		// controls left out.
		i := strings.Index(printed, note)
		printedReport := printed[:i] + printed[i+strings.Index(printed[i:], "\n")+1:]
		var reportPrint string
		q := b.Open(t, file, "", true)
		q.Media(t, "print")
		q.Eval(t, text, &reportPrint)
		if strings.TrimSpace(printedReport) != strings.TrimSpace(reportPrint) {
			t.Errorf("%s: a view prints otherwise than the report:\n%s", lang, firstDiff(printedReport, reportPrint))
		}
	}
}

// sampleNamed is the sample report folder of that name.
func sampleNamed(t *testing.T, name string) whatIfSample {
	t.Helper()
	for _, s := range whatIfSamples(t) {
		if s.name == name {
			return s
		}
	}
	t.Fatalf("no sample %s", name)
	return whatIfSample{}
}

// edgeLevel is a synthetic level at concurrency c: TTFT mean and P90,
// TPS (P90 = mean × 1.1), mean latency.
func edgeLevel(c int, ttft, ttftP90, tps, lat float64) ingest.Level {
	l := lv(c, ttft, tps, lat)
	l.TTFT.P90 = ttftP90
	return l
}

// edgeSamples are two synthetic reports at the boundaries of the rules
// the script ports, with the views on each side of them:
//   - headroom: a and b on par at C_max = 4 (same users), a's binding
//     headroom there 0.5 (P90 TTFT 500 of 1,000 ms), b's 0.25 (750 ms),
//     b better at c=2 (no dominance): a lead of exactly 25 points
//     decides at a tie band of 25 %, a hair wider leaves a tie;
//   - tie: a 105 users, b 100 at the same C_max, 5 % apart, the same
//     headroom there: a wins at a tie band of 5 % (exactly 5 % is a
//     win), a hair wider is a tie (the report's own band is 10 %).
func edgeSamples() map[string][2]string {
	hair := func(x float64) string { return strconv.FormatFloat(math.Nextafter(x, 100), 'f', -1, 64) }
	return map[string][2]string{
		"headroom": {"tie-pct=25", "tie-pct=" + hair(25)},
		// 1 + 5.000000000000001 / 100 is the double 1.05: the hair
		// past is the first band that makes 105 / 100 a tie.
		"tie": {"tie-pct=5", "tie-pct=5.0000001"},
	}
}

func edgeCampaign(name string) *ingest.Campaign {
	var cfgs []ingest.Config
	switch name {
	case "headroom":
		cfgs = []ingest.Config{
			{ID: "a", Levels: []ingest.Level{edgeLevel(2, 120, 150, 60, 1), edgeLevel(4, 400, 500, 50, 2), edgeLevel(8, 1800, 2000, 40, 3)}},
			{ID: "b", Levels: []ingest.Level{edgeLevel(2, 80, 100, 60, 1), edgeLevel(4, 600, 750, 50, 2), edgeLevel(8, 1800, 2000, 40, 3)}},
		}
	case "tie":
		// Users at C_max = 4: 4 × (1 + 45 / L), 105 for a, 100 for b.
		cfgs = []ingest.Config{
			{ID: "a", Levels: []ingest.Level{edgeLevel(2, 120, 150, 60, 1), edgeLevel(4, 400, 500, 50, 45/25.25), edgeLevel(8, 1800, 2000, 40, 3)}},
			{ID: "b", Levels: []ingest.Level{edgeLevel(2, 80, 100, 60, 1), edgeLevel(4, 400, 500, 50, 45.0/24), edgeLevel(8, 1800, 2000, 40, 3)}},
		}
	}
	ten := 10.0
	m := &ingest.Manifest{TiePct: &ten}
	for i := range cfgs {
		cfgs[i].Format, cfgs[i].Source = "llm-benchmark", "syn/"+cfgs[i].ID+".csv"
		cfgs[i].Definitions = ingest.Definitions(reporttest.ExportDefs)
		m.Configs = append(m.Configs, ingest.ConfigMeta{ID: cfgs[i].ID})
	}
	return &ingest.Campaign{Name: name, Manifest: m, Configs: cfgs}
}

// TestWhatIfRuleEdges opens the synthetic reports of edgeSamples on
// each side of their boundaries: the page's verdict and cells are the
// build's, and the two sides differ (so that a flipped comparison in
// the script, >= for >, fails here).
func TestWhatIfRuleEdges(t *testing.T) {
	b := browsertest.New(t, 1280)
	dir := t.TempDir()
	for name, views := range edgeSamples() {
		s := whatIfSample{name: name, c: edgeCampaign(name)}
		base := buildAt(t, s, "")
		file := writePage(t, dir, name, base, "en")
		var kinds []string
		for _, frag := range views {
			r := buildAt(t, s, frag)
			v := newView(r, reporttest.Locale(t, r, "en"), nil)
			p := b.Open(t, file, frag, true)
			var got []pageCell
			p.Eval(t, readCells, &got)
			compareCells(t, name+" #"+frag, got, expectedCells(t, v), expectedValues(v), printedCapacities(t, base, "en"))
			var verdict pageVerdict
			p.Eval(t, readVerdict, &verdict)
			want := expectedVerdict(v)
			if verdict.Configs != want.Configs || verdict.Tie != want.Tie || verdict.TieBreak != want.TieBreak || verdict.Text != want.Text {
				t.Errorf("%s #%s: verdict\n%+v\nwant\n%+v", name, frag, verdict, want)
			}
			kinds = append(kinds, want.Kind+"/"+want.TieBreak+"/"+want.Tie)
		}
		if kinds[0] == kinds[1] {
			t.Errorf("%s: both sides of the boundary give %s; the case no longer sits on it", name, kinds[0])
		}
		t.Logf("%s: %v", name, kinds)
	}
}
