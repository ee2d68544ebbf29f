package ingest

import (
	"encoding/csv"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/gocarina/gocsv"
)

// FormatExport names the llm-benchmark table format (the tool's
// "-table.csv" and the compact form of the seed report's Appendix A).
const FormatExport = "llm-benchmark"

// column is one field of the llm-benchmark table. Headers are matched by
// their slug against the aliases, so column order does not matter.
type column struct {
	name     string   // canonical name; the gocsv tag of exportRow
	display  string   // header as the export writes it, for messages
	aliases  []string // accepted slugs
	required bool
	q        quantity // what its numbers measure; zero for text
}

var exportColumns = []column{
	{"concurrency", "Concurrency", []string{"concurrency", "c"}, true, concurrencyQ},
	{"ttft_mean", "TTFT (Mean, ms)", []string{"ttft_mean_ms", "ttft_mean"}, true, timeMS},
	{"ttft_p50", "TTFT (p50, ms)", []string{"ttft_p50_ms", "ttft_p50"}, false, timeMS},
	{"ttft_p90", "TTFT (p90, ms)", []string{"ttft_p90_ms", "ttft_p90"}, true, timeMS},
	{"itl_mean", "ITL (Mean, ms)", []string{"itl_mean_ms", "itl_mean"}, true, timeMS},
	{"itl_p50", "ITL (p50, ms)", []string{"itl_p50_ms", "itl_p50"}, false, timeMS},
	{"itl_p90", "ITL (p90, ms)", []string{"itl_p90_ms", "itl_p90"}, true, timeMS},
	{"tps_mean", "TPS (Mean, tokens/s)", []string{"tps_mean_tokens_s", "tps_mean"}, true, tokenRate},
	{"tps_p50", "TPS (p50, tokens/s)", []string{"tps_p50_tokens_s", "tps_p50"}, false, tokenRate},
	{"tps_p90", "TPS (p90, tokens/s)", []string{"tps_p90_tokens_s", "tps_p90"}, true, tokenRate},
	{"lat_mean", "Latency (Mean, s)", []string{"latency_mean_s", "lat_mean", "latency_mean"}, true, timeS},
	{"lat_p50", "Latency (p50, s)", []string{"latency_p50_s", "lat_p50", "latency_p50"}, false, timeS},
	{"lat_p90", "Latency (p90, s)", []string{"latency_p90_s", "lat_p90", "latency_p90"}, true, timeS},
	{"rps", "Throughput (RPS)", []string{"throughput_rps", "rps"}, false, userRPS},
}

// exportRow is one row of the table as gocsv decodes it.
type exportRow struct {
	C        level    `csv:"concurrency"`
	TTFTMean value    `csv:"ttft_mean"`
	TTFTP50  optValue `csv:"ttft_p50"`
	TTFTP90  value    `csv:"ttft_p90"`
	ITLMean  value    `csv:"itl_mean"`
	ITLP50   optValue `csv:"itl_p50"`
	ITLP90   value    `csv:"itl_p90"`
	TPSMean  value    `csv:"tps_mean"`
	TPSP50   optValue `csv:"tps_p50"`
	TPSP90   value    `csv:"tps_p90"`
	LatMean  value    `csv:"lat_mean"`
	LatP50   optValue `csv:"lat_p50"`
	LatP90   value    `csv:"lat_p90"`
	RPS      optValue `csv:"rps"`
}

// value is a required number; checkCells has judged it.
type value float64

// UnmarshalCSV implements gocsv.TypeUnmarshaller.
func (v *value) UnmarshalCSV(s string) error {
	if s == "" {
		return errors.New("value is empty; expected a number")
	}
	f, err := parseNumber(s)
	*v = value(f)
	return err
}

// optValue is a value that may be left empty (NaN).
type optValue float64

// UnmarshalCSV implements gocsv.TypeUnmarshaller.
func (v *optValue) UnmarshalCSV(s string) error {
	if s == "" {
		*v = optValue(math.NaN())
		return nil
	}
	f, err := parseNumber(s)
	*v = optValue(f)
	return err
}

// level is a concurrency level: a whole number (checkCells has judged
// it); zero is let through for the reader to drop with a warning.
type level int

// UnmarshalCSV implements gocsv.TypeUnmarshaller.
func (l *level) UnmarshalCSV(s string) error {
	f, err := parseNumber(s)
	*l = level(f)
	return err
}

// readExport reads an llm-benchmark table. file names the source in
// positions; data is the file's bytes.
func readExport(file string, data []byte) (Config, []*Warning, error) {
	t, warnings, err := readTable(file, data)
	if err != nil {
		return Config{}, nil, err
	}
	if err := t.normalizeNumbers(); err != nil {
		return Config{}, nil, err
	}
	present, ws, err := t.canonicalHeader(exportColumns)
	warnings = append(warnings, ws...)
	if err != nil {
		return Config{}, nil, err
	}
	if len(t.records) < 2 {
		return Config{}, nil, errorf(Pos{File: file, Line: t.pos[0][0].Line + 1, Col: 1}, "", "no data rows after the header; expected one row per concurrency level")
	}
	if err := t.checkCells(exportColumns); err != nil {
		return Config{}, nil, err
	}
	var rows []exportRow
	if err := gocsv.UnmarshalCSV(t, &rows); err != nil {
		return Config{}, nil, t.gocsvError(err)
	}
	cfg := Config{Source: file, Format: FormatExport, Definitions: Definitions{ITL: "tpot", TPS: "request", RPS: "per_user"}}
	// gocsv leaves a column the file lacks at zero; an absent statistic
	// must read as absent, not as a measured 0.
	absent := func(name string, v float64) float64 {
		if !present[name] {
			return Absent
		}
		return v
	}
	for i, r := range rows {
		pos := t.fieldPos(i+1, 0)
		pos.Col = 0
		if r.C == 0 {
			warnings = append(warnings, warnf(pos, "", WarnZeroConcurrency, nil, "concurrency 0 is not a load level; row ignored"))
			continue
		}
		lv := newLevel(int(r.C), pos)
		lv.TTFT = Stat{Mean: float64(r.TTFTMean), P10: Absent, P50: absent("ttft_p50", float64(r.TTFTP50)), P90: float64(r.TTFTP90), P99: Absent}
		lv.ITL = Stat{Mean: float64(r.ITLMean), P10: Absent, P50: absent("itl_p50", float64(r.ITLP50)), P90: float64(r.ITLP90), P99: Absent}
		lv.TPS = Stat{Mean: float64(r.TPSMean), P10: Absent, P50: absent("tps_p50", float64(r.TPSP50)), P90: float64(r.TPSP90), P99: Absent}
		lv.Latency = Stat{Mean: float64(r.LatMean), P10: Absent, P50: absent("lat_p50", float64(r.LatP50)), P90: float64(r.LatP90), P99: Absent}
		lv.RPS = absent("rps", float64(r.RPS))
		cfg.Levels = append(cfg.Levels, lv)
	}
	ws, err = sortLevels(file, cfg.Levels)
	warnings = append(warnings, ws...)
	if err != nil {
		return Config{}, nil, err
	}
	if len(cfg.Levels) == 0 {
		return Config{}, nil, errorf(Pos{File: file}, "", "no usable concurrency level (all rows had concurrency 0)")
	}
	return cfg, warnings, nil
}

// checkCells judges every cell of the known columns, row by row, so that
// the first bad value in the file is the one reported: an empty required
// cell, text that is not a number, or a number checkNumber refuses for
// the column's quantity. The header must be canonical already.
func (t *table) checkCells(cols []column) error {
	byName := map[string]column{}
	for _, c := range cols {
		byName[c.name] = c
	}
	head := t.records[0]
	for r := 1; r < len(t.records); r++ {
		for i, cell := range t.records[r] {
			c, ok := byName[head[i]]
			if !ok || c.q.what == "" {
				continue
			}
			if cell == "" {
				if c.required {
					return &Error{Pos: t.fieldPos(r, i), Column: t.header(i), Err: errors.New("value is empty; expected a number")}
				}
				continue
			}
			f, err := parseNumber(cell)
			if err == nil {
				err = checkNumber(f, strconv.Quote(cell), c.q)
			}
			if err != nil {
				return &Error{Pos: t.fieldPos(r, i), Column: t.header(i), Err: err}
			}
		}
	}
	return nil
}

// canonicalHeader renames the header cells to the columns' canonical
// names and returns the set of columns present. It fails on a missing
// required column or a column given twice, and warns about columns it
// does not know.
func (t *table) canonicalHeader(cols []column) (map[string]bool, []*Warning, error) {
	var warnings []*Warning
	seen := map[string]int{}
	head := t.records[0]
	t.orig = append([]string(nil), head...)
	for i, h := range head {
		s := slug(h)
		matched := false
		for _, c := range cols {
			for _, a := range c.aliases {
				if s != a {
					continue
				}
				if j, dup := seen[c.name]; dup {
					return nil, nil, &Error{Pos: t.fieldPos(0, i), Column: h,
						Err: fmt.Errorf("same column as %q (column %d); each column may appear once", t.orig[j], j+1)}
				}
				seen[c.name] = i
				head[i] = c.name
				matched = true
			}
		}
		if !matched {
			if s == "" {
				return nil, nil, errorf(t.fieldPos(0, i), "", "header cell %d is empty; expected a column name", i+1)
			}
			warnings = append(warnings, warnf(t.fieldPos(0, i), h, WarnUnknownColumn, nil, "unknown column ignored"))
			head[i] = "unknown:" + s
		}
	}
	var missing []string
	for _, c := range cols {
		if _, ok := seen[c.name]; c.required && !ok {
			missing = append(missing, strconv.Quote(c.display))
		}
	}
	if len(missing) > 0 {
		pos := t.fieldPos(0, 0)
		return nil, nil, errorf(pos, "", "missing column %s; the header must name %s", strings.Join(missing, ", "), requiredList(cols))
	}
	present := make(map[string]bool, len(seen))
	for name := range seen {
		present[name] = true
	}
	return present, warnings, nil
}

func requiredList(cols []column) string {
	var names []string
	for _, c := range cols {
		if c.required {
			names = append(names, c.display)
		}
	}
	return strings.Join(names, ", ")
}

// gocsvError maps a gocsv error (record index and field index) back to
// the file position and the column's name.
func (t *table) gocsvError(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		row, col := pe.Line-1, pe.Column-1
		return &Error{Pos: t.fieldPos(row, col), Column: t.header(col), Err: pe.Err}
	}
	return &Error{Pos: Pos{File: t.file}, Err: err}
}

// sortLevels sorts levels by concurrency, warning when the file had them
// out of order, and fails on a level given twice.
func sortLevels(file string, levels []Level) ([]*Warning, error) {
	var warnings []*Warning
	if !sort.SliceIsSorted(levels, func(i, j int) bool { return levels[i].Concurrency < levels[j].Concurrency }) {
		warnings = append(warnings, warnf(Pos{File: file}, "", WarnUnsortedLevels, nil, "concurrency levels are not in ascending order; sorted"))
		sort.SliceStable(levels, func(i, j int) bool { return levels[i].Concurrency < levels[j].Concurrency })
	}
	for i := 1; i < len(levels); i++ {
		if levels[i].Concurrency == levels[i-1].Concurrency {
			a, b := levels[i-1].Pos, levels[i].Pos
			if b.Line < a.Line {
				a, b = b, a
			}
			return warnings, errorf(b, "", "concurrency %d appears twice (also on line %d); expected one row per level", levels[i].Concurrency, a.Line)
		}
	}
	return warnings, nil
}
