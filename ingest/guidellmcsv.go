package ingest

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// FormatGuideLLMCSV is guidellm's CSV export.
const FormatGuideLLMCSV = "guidellm-csv"

// guidellmCSV reads guidellm's benchmarks.csv, one run per row: v0.3's
// one header row ("Successful Time to first token ms mean", …) and
// v0.4+'s three (group / field / statistic). It reads the numbers the
// JSON reader reads (guidellmBench), so that the CSV and the JSON of
// one report give the same levels.
var guidellmCSV = Format{
	Name: FormatGuideLLMCSV, Tool: "guidellm", Exts: csvExts, listed: 12,
	Sniff: func(p preview) bool { return p.csv && (isGuidellmV03(p.cells) || isGuidellmV04(p.cells)) },
	Read:  readGuidellmCSV,
}

// guidellmV03Column matches a v0.3 statistic column: "<Status>
// <metric> <statistic>", the metric its JSON key with spaces.
var guidellmV03Column = regexp.MustCompile(`^(successful|errored|incomplete|total) (time to first token ms|time per output token ms|inter token latency ms|request latency|requests per second|request concurrency|output tokens per second|tokens per second|prompt token count|output token count) (mean|median|std dev|\[.*\])$`)

func isGuidellmV03(cells []string) bool {
	return slices.ContainsFunc(cells, guidellmV03Column.MatchString)
}

// guidellmGroups are the v0.4+ header groups of the metrics reportgen
// reads, and the other groups every v0.4+ file starts with.
var (
	guidellmMetricGroups = []string{"request latency", "time to first token", "time per output token", "inter token latency", "server throughput", "token throughput"}
	guidellmInfoGroups   = []string{"run info", "benchmark", "timings", "request counts"}
)

func isGuidellmV04(cells []string) bool {
	has := func(groups []string) bool {
		return slices.ContainsFunc(cells, func(c string) bool { return slices.Contains(groups, c) })
	}
	return has(guidellmMetricGroups) && has(guidellmInfoGroups)
}

// guidellmV04Columns name each metric's columns in v0.4+: its group and
// its unit (the field is "Successful <unit>").
var guidellmV04Columns = map[string][2]string{
	gTTFT:        {"time to first token", "ms"},
	gTPOT:        {"time per output token", "ms"},
	gLatency:     {"request latency", "sec"},
	gRPS:         {"server throughput", "requests/sec"},
	gConcurrency: {"server throughput", "concurrency"},
	gInput:       {"token metrics", "input tokens"},
	gOutput:      {"token metrics", "output tokens"},
	gOutputTPS:   {"token throughput", "output tokens/sec"},
}

// guidellmTable is a guidellm CSV read whole: its columns by name
// (lower case; v0.4+ "group|field|statistic"), and the first row of
// data.
type guidellmTable struct {
	t     *table
	col   map[string]int
	first int
	v04   bool
}

// readGuidellmCSV reads every row of a guidellm CSV as a run.
func readGuidellmCSV(file string, data []byte) ([]Level, Definitions, []*Warning, error) {
	fail := func(err error) ([]Level, Definitions, []*Warning, error) { return nil, Definitions{}, nil, err }
	t, warnings, err := readTable(file, data, runRows)
	if err != nil {
		return fail(err)
	}
	g := guidellmTable{t: t, col: map[string]int{}, first: 1}
	head := lowerCells(t.records[0])
	if isGuidellmV04(head) {
		if len(t.records) < 3 {
			return fail(errorf(Pos{File: file, Line: 1, Col: 1}, "", "guidellm's CSV header has 3 rows (group, field, statistic); the file has %d", len(t.records)))
		}
		g.v04, g.first = true, 3
		field, stat := lowerCells(t.records[1]), lowerCells(t.records[2])
		for i := range head {
			g.col[head[i]+"|"+field[i]+"|"+stat[i]] = i
		}
	} else {
		for i, h := range head {
			g.col[h] = i
		}
	}
	if len(t.records) <= g.first {
		return fail(errorf(Pos{File: file, Line: g.first + 1, Col: 1}, "", "no benchmark row after the header; expected one row per benchmark"))
	}
	var levels []Level
	for row := g.first; row < len(t.records); row++ {
		b, err := g.bench(row)
		if err != nil {
			return fail(err)
		}
		pos := t.fieldPos(row, 0)
		pos.Col = 0
		levels = append(levels, b.level(pos))
	}
	return levels, guidellmDefinitions, warnings, nil
}

func lowerCells(cells []string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = strings.ToLower(strings.TrimSpace(c))
	}
	return out
}

// statColumn is the column of a metric's statistic ("mean", "median",
// "percentiles") over the successful requests.
func (g guidellmTable) statColumn(metric, stat string) (int, bool) {
	var key string
	if g.v04 {
		c := guidellmV04Columns[metric]
		key = c[0] + "|successful " + c[1] + "|" + stat
	} else {
		if stat == "percentiles" {
			stat = "[min, 0.1, 1, 5, 10, 25, 75, 90, 95, 99, max]"
		}
		key = "successful " + strings.ReplaceAll(metric, "_", " ") + " " + stat
	}
	i, ok := g.col[key]
	return i, ok
}

// cell is the text of column i of row, "" past the row's end.
func (g guidellmTable) cell(row, i int) string {
	if i < len(g.t.records[row]) {
		return g.t.records[row][i]
	}
	return ""
}

// header names column i for messages, its header rows joined by " / ".
func (g guidellmTable) header(i int) string {
	var parts []string
	for r := 0; r < g.first; r++ {
		if s := g.cell(r, i); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " / ")
}

// number reads the number in column i of row as quantity q: NaN for an
// empty cell (a column another benchmark has).
func (g guidellmTable) number(row, i int, q quantity) (float64, error) {
	s := g.cell(row, i)
	if s == "" {
		return Absent, nil
	}
	f, err := parseNumber(s)
	if err == nil {
		err = checkNumber(f, strconv.Quote(s), q)
	}
	if err != nil {
		return 0, &Error{Pos: g.t.fieldPos(row, i), Column: g.header(i), Err: err}
	}
	return f, nil
}

// percentiles reads a percentile cell, a Python list of 11 numbers:
// [min, p0.1, p1, p5, p10, p25, p75, p90, p95, p99, max]. It returns
// p10, p90 and p99.
func (g guidellmTable) percentiles(row, i int, q quantity) (p10, p90, p99 float64, err error) {
	s := g.cell(row, i)
	if s == "" {
		return Absent, Absent, Absent, nil
	}
	bad := func(e error) error { return &Error{Pos: g.t.fieldPos(row, i), Column: g.header(i), Err: e} }
	if !strings.HasPrefix(s, "[") || !strings.HasSuffix(s, "]") {
		return 0, 0, 0, bad(fmt.Errorf("%q is not a list; expected [min, p0.1, p1, p5, p10, p25, p75, p90, p95, p99, max]", s))
	}
	parts := strings.Split(s[1:len(s)-1], ",")
	if len(parts) != 11 {
		return 0, 0, 0, bad(fmt.Errorf("the list holds %d values; expected 11: [min, p0.1, p1, p5, p10, p25, p75, p90, p95, p99, max]", len(parts)))
	}
	var v [11]float64
	for k, p := range parts {
		p = strings.TrimSpace(p)
		if inner, ok := strings.CutPrefix(p, "np.float64("); ok {
			p = strings.TrimSuffix(inner, ")")
		}
		f, err := parseNumber(p)
		if err == nil {
			err = checkNumber(f, strconv.Quote(p), q)
		}
		if err != nil {
			return 0, 0, 0, bad(fmt.Errorf("value %d of the list: %w", k+1, err))
		}
		v[k] = f
	}
	return v[4], v[7], v[9], nil
}

// bench reads row as a benchmark.
func (g guidellmTable) bench(row int) (guidellmBench, error) {
	b := guidellmBench{successful: Absent, errored: Absent, streams: Absent, rate: Absent, stated: Absent}
	// The first error in the row is the one reported, whatever the
	// order the columns are read in.
	var firstErr error
	keep := func(err error) {
		var e, f *Error
		if err == nil || firstErr != nil && errors.As(err, &e) && errors.As(firstErr, &f) && e.Pos.Col >= f.Pos.Col {
			return
		}
		firstErr = err
	}
	stats, sds := map[string]Stat{}, map[string]float64{}
	for metric, q := range guidellmQuantity {
		s := NoStat()
		read := func(stat string) float64 {
			i, ok := g.statColumn(metric, stat)
			if !ok {
				return Absent
			}
			f, err := g.number(row, i, q)
			keep(err)
			return f
		}
		s.Mean, s.P50 = read("mean"), read("median")
		sds[metric] = read("std dev")
		if i, ok := g.statColumn(metric, "percentiles"); ok {
			var err error
			s.P10, s.P90, s.P99, err = g.percentiles(row, i, q)
			keep(err)
		}
		stats[metric] = s
	}
	b.dist = func(metric string) Stat { return stats[metric] }
	b.dev = func(metric string) (float64, float64) { return sds[metric], Absent }
	count := func(key string) float64 {
		i, ok := g.col[key]
		if !ok {
			return Absent
		}
		f, err := g.number(row, i, countQ)
		keep(err)
		return f
	}
	jsonCell := func(key string) obj {
		i, ok := g.col[key]
		if !ok {
			return obj{}
		}
		o, err := g.jsonCell(row, i)
		keep(err)
		return o
	}
	if g.v04 {
		b.successful, b.errored = count("request counts|successful|"), count("request counts|errored|")
		if i, ok := g.col["benchmark|strategy|"]; ok {
			b.strategy = g.cell(row, i)
		}
		runIndex := count("run info|run index|")
		profile := jsonCell("run info|profile|")
		b.streams, b.rate, b.stated = g.profileLoad(row, profile, b.strategy, runIndex, keep)
		b.model = jsonCell("run info|backend|").str("model")
		if b.model == "" {
			b.model = jsonCell("runtime info|arguments|").str("model")
		}
	} else {
		b.successful, b.errored = count("successful requests"), count("errored requests")
		args := jsonCell("args")
		strategy := args.sub("strategy")
		b.strategy = strategy.str("type_")
		r := &jreader{file: g.t.file}
		b.streams = r.num(strategy, "streams", concurrencyQ)
		b.rate = r.num(strategy, "rate", offeredRate)
		b.stated = r.num(strategy, "max_concurrency", concurrencyQ)
		keep(g.cellError(row, "args", r.err))
		b.model = jsonCell("worker").str("backend_model")
	}
	return b, firstErr
}

// profileLoad reads a v0.4+ benchmark's load from the profile its row
// carries as JSON: the strategy the profile ran at runIndex
// (completed_strategies), else the profile's list of streams or rates
// at runIndex; and a throughput run's stated concurrency.
func (g guidellmTable) profileLoad(row int, profile obj, strategy string, runIndex float64, keep func(error)) (streams, rate, stated float64) {
	r := &jreader{file: g.t.file}
	defer func() { keep(g.cellError(row, "run info|profile|", r.err)) }()
	streams, rate = Absent, Absent
	idx := -1
	if runIndex >= 0 && !math.IsNaN(runIndex) {
		idx = int(runIndex)
	}
	if done, path, _ := profile.list("completed_strategies"); idx >= 0 && idx < len(done) {
		s, _ := asObj(done[idx], item(path, idx))
		if t := s.str("type_"); t == strategy || strategy == "" {
			return r.num(s, "streams", concurrencyQ), r.num(s, "rate", offeredRate), guidellmStated(r, profile, s, true)
		}
	}
	at := func(key string, q quantity) float64 {
		switch v := profile.get(key).(type) {
		case *jarray:
			if idx >= 0 && idx < len(v.items) {
				return r.value(v.items[idx], item(profile.name(key), idx), q)
			}
			return Absent
		default:
			return r.num(profile, key, q)
		}
	}
	return at("streams", concurrencyQ), at("rate", offeredRate), guidellmStated(r, profile, obj{}, true)
}

// jsonCell decodes the JSON object a cell holds (guidellm writes its
// args, profile and backend so). A cell that is not a JSON object
// gives the zero obj; malformed JSON is an error at the cell.
func (g guidellmTable) jsonCell(row, i int) (obj, error) {
	s := g.cell(row, i)
	if !strings.HasPrefix(s, "{") {
		return obj{}, nil
	}
	vals, err := jsonValues(g.t.file, []byte(s))
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			err = e.Err
		}
		return obj{}, &Error{Pos: g.t.fieldPos(row, i), Column: g.header(i), Err: err}
	}
	o, _ := asObj(vals[0], "")
	return o, nil
}

// cellError places err, an error found in the JSON of the cell in
// column key, at that cell.
func (g guidellmTable) cellError(row int, key string, err error) error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		err = e.Err
	}
	i := g.col[key]
	return &Error{Pos: g.t.fieldPos(row, i), Column: g.header(i), Err: err}
}
