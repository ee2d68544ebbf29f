package ingest

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gocarina/gocsv"
)

// FormatExport names the llm-benchmark table format (the tool's
// "-table.csv" and the compact form of the seed report's Appendix A).
// The tool's display name is the same.
const FormatExport = "llm-benchmark"

// llmBenchmark reads the llm-benchmark's table: a "-table.csv" file, the
// one CSV of its "Download All Results" archive (readZip), or the table
// of an unzipped export folder (readExportFolder). It is the fallback
// for any CSV no other format claims.
var llmBenchmark = Format{
	Name: FormatExport, Tool: FormatExport, Exts: csvExts, listed: 0,
	Sniff: func(p preview) bool {
		return p.csv && slices.ContainsFunc(p.cells, func(c string) bool { return exportMetricAliases[slug(c)] })
	},
	Read: readExportTable,
}

// formatZip is what Detect names an archive: zip is not a format of its
// own but the llm-benchmark's archive around its table.
const formatZip = "zip"

// zipMagic starts every ZIP archive; zipExt names one.
const (
	zipMagic = "PK\x03\x04"
	zipExt   = ".zip"
)

// exportTable matches the table file of an unzipped llm-benchmark
// export folder.
const exportTable = "*-table.csv"

// exportColumns are the llm-benchmark table's columns.
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

// exportMetricAliases are the slugs of the table's metric columns (all
// but the concurrency): a CSV naming one of them is taken for the
// table, and a table missing a column is told which.
var exportMetricAliases = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range exportColumns[1:] {
		for _, a := range c.aliases {
			m[a] = true
		}
	}
	return m
}()

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
	levels, defs, warnings, err := readExportTable(file, data)
	if err != nil {
		return Config{}, nil, err
	}
	return llmBenchmark.config(file, levels, defs), warnings, nil
}

// readExportTable reads an llm-benchmark table's levels.
func readExportTable(file string, data []byte) ([]Level, Definitions, []*Warning, error) {
	fail := func(err error) ([]Level, Definitions, []*Warning, error) { return nil, Definitions{}, nil, err }
	t, warnings, err := readTable(file, data, levelRows)
	if err != nil {
		return fail(err)
	}
	if err := t.normalizeNumbers(); err != nil {
		return fail(err)
	}
	present, ws, err := t.canonicalHeader(exportColumns)
	warnings = append(warnings, ws...)
	if err != nil {
		return fail(err)
	}
	if len(t.records) < 2 {
		return fail(errorf(Pos{File: file, Line: t.pos[0][0].Line + 1, Col: 1}, "", "no data rows after the header; expected one row per concurrency level"))
	}
	if err := t.checkCells(exportColumns); err != nil {
		return fail(err)
	}
	var rows []exportRow
	if err := gocsv.UnmarshalCSV(t, &rows); err != nil {
		return fail(t.gocsvError(err))
	}
	defs := Definitions{ITL: "tpot", TPS: "request", RPS: "per_user"}
	var levels []Level
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
		levels = append(levels, lv)
	}
	ws, err = sortLevels(file, levels, true)
	warnings = append(warnings, ws...)
	if err != nil {
		return fail(err)
	}
	if len(levels) == 0 {
		return fail(errorf(Pos{File: file}, "", "no usable concurrency level (all rows had concurrency 0)"))
	}
	return levels, defs, warnings, nil
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

// readExportFolder reads an unzipped llm-benchmark export: the folder's
// one *-table.csv.
func readExportFolder(dir string) (Config, []*Warning, error) {
	tables, err := filepath.Glob(filepath.Join(dir, exportTable))
	switch {
	case err != nil:
		return Config{}, nil, err
	case len(tables) == 0:
		return Config{}, nil, errorf(Pos{File: dir}, "", "folder holds no *-table.csv file; expected the export's <model>-table.csv")
	case len(tables) > 1:
		return Config{}, nil, errorf(Pos{File: dir}, "", "folder holds %d *-table.csv files; expected exactly one", len(tables))
	}
	return readFile(tables[0], readExport)
}

// MaxEntrySize bounds how much one ZIP entry may decompress to. The
// largest real export is a few kilobytes; anything near this limit is a
// mistake or a zip bomb.
const MaxEntrySize = 64 << 20

// readZip reads the llm-benchmark's "Download All Results" archive: it
// must hold exactly one table CSV (the charts beside it are ignored).
// Nothing is extracted to disk.
func readZip(file string, data []byte) (Config, []*Warning, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return Config{}, nil, errorf(Pos{File: file}, "", "not a readable ZIP archive: %v", err)
	}
	var csvs []*zip.File
	for _, f := range zr.File {
		name := f.Name
		if strings.Contains(name, `\`) || path.IsAbs(name) || strings.HasPrefix(path.Clean(name), "../") || path.Clean(name) == ".." {
			return Config{}, nil, errorf(Pos{File: file}, "", "entry %q points outside the archive; refused", name)
		}
		if strings.HasSuffix(name, "/") || !strings.EqualFold(path.Ext(name), ".csv") {
			continue
		}
		if strings.HasPrefix(path.Base(name), "._") || strings.HasPrefix(name, "__MACOSX/") {
			continue // macOS resource forks
		}
		csvs = append(csvs, f)
	}
	switch len(csvs) {
	case 0:
		return Config{}, nil, errorf(Pos{File: file}, "", "archive holds no .csv file; expected the export's <model>-table.csv")
	case 1:
	default:
		var names []string
		for _, f := range csvs[:min(len(csvs), 5)] {
			names = append(names, f.Name)
		}
		if len(csvs) > 5 {
			names = append(names, fmt.Sprintf("and %d more", len(csvs)-5))
		}
		return Config{}, nil, errorf(Pos{File: file}, "", "archive holds %d CSV files (%s); expected exactly one table", len(csvs), strings.Join(names, ", "))
	}
	f := csvs[0]
	inner := file + "!" + f.Name
	if f.UncompressedSize64 > MaxEntrySize {
		return Config{}, nil, errorf(Pos{File: inner}, "", "entry declares %d bytes, over the %d MiB limit", f.UncompressedSize64, MaxEntrySize>>20)
	}
	rc, err := f.Open()
	if err != nil {
		return Config{}, nil, errorf(Pos{File: inner}, "", "cannot open entry: %v", err)
	}
	body, err := io.ReadAll(io.LimitReader(rc, MaxEntrySize+1))
	if cerr := rc.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return Config{}, nil, errorf(Pos{File: inner}, "", "cannot decompress entry: %v", err)
	}
	if len(body) > MaxEntrySize {
		return Config{}, nil, errorf(Pos{File: inner}, "", "entry decompresses past the %d MiB limit; refused", MaxEntrySize>>20)
	}
	return readExport(inner, body)
}
