package ingest

import (
	"bytes"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
)

// FormatVLLMSweepCSV is the experiment-wide summary of a vllm bench sweep.
const FormatVLLMSweepCSV = "vllm-sweep-csv"

// vllmSweepCSV reads the summary.csv a vllm bench sweep serve writes
// at the top of its experiment folder: pandas' DataFrame.to_csv of
// every run (an index column, then the run's result keys, run_number
// and the swept parameters), one row per run. Each row is read as the
// runs of the per-point summary.json files are (servingRun: the same
// keys, the same units), so that the summary.csv and the summary.json
// files of one sweep give the same levels; repeated runs of one point
// (run_number 0, 1, …) are kept as lastOfRepeats keeps them.
var vllmSweepCSV = Format{
	Name: FormatVLLMSweepCSV, Tool: "vLLM bench sweep", Exts: csvExts, listed: 14,
	Sniff: func(p preview) bool {
		return p.csv && slices.ContainsFunc(p.cells, func(c string) bool {
			m := servingStat.FindStringSubmatch(c)
			return m != nil && m[2] != "" && m[1] != "e2e_latency"
		})
	},
	Read:        readVLLMSweepCSV,
	LatencyHint: vllmLatencyHint,
}

// readVLLMSweepCSV reads a sweep's summary.csv.
func readVLLMSweepCSV(file string, data []byte) ([]Level, Definitions, []*Warning, error) {
	t, warnings, err := readTable(file, data, runRows)
	if err != nil {
		return nil, Definitions{}, nil, err
	}
	if len(t.records) < 2 {
		return nil, Definitions{}, nil, errorf(Pos{File: file, Line: 2, Col: 1}, "", "no run after the header; expected one row per run")
	}
	objs, lines := csvObjects(t, data)
	r := &jreader{file: file, data: data}
	// The rows come point by point, each point's runs numbered from 0:
	// a run_number that does not grow starts the next point (a row
	// without one starts none).
	var levels []Level
	start, prev := 0, -1.0
	firstAt := map[[2]float64]int{} // load → the line of its point's first row
	flush := func(end int) error {
		if end == start {
			return nil
		}
		var ls []Level
		runs := make([]float64, end-start)
		for i := start; i < end; i++ {
			ls = append(ls, servingRun(r, objs[i], servingKeys{latency: "e2el"}, Pos{File: file, Line: lines[i]}))
			runs[i-start] = r.num(objs[i], "run_number", runNumber)
		}
		ls = mergeRepeats(measuredRuns(ls, runs))
		for _, l := range ls {
			key := [2]float64{float64(l.Concurrency), l.Rate}
			if line, ok := firstAt[key]; ok {
				return errorf(Pos{File: file, Line: lines[start]}, "", "this row starts a second parameter combination at %s (the first starts on line %d); a summary.csv of several server settings holds several configurations: read its SERVE--…/ folders as configurations instead",
					loadName(l), line)
			}
			firstAt[key] = lines[start]
		}
		levels = append(levels, ls...)
		return nil
	}
	for i, o := range objs {
		run := r.num(o, "run_number", runNumber)
		if i > 0 && run <= prev {
			if err := flush(i); err != nil {
				return nil, Definitions{}, nil, err
			}
			start = i
		}
		prev = run
	}
	if err := flush(len(objs)); err != nil {
		return nil, Definitions{}, nil, err
	}
	if r.err != nil {
		return nil, Definitions{}, nil, r.err
	}
	return levels, servingDefinitions(objs[0]), warnings, nil
}

// csvObjects views every data row of t as a JSON object keyed by the
// header, as the run's JSON had it: a number cell becomes a number, an
// empty cell null (pandas writes None and NaN so), any other cell a
// string; each value remembers its byte offset in data, so that a
// refused number is named by its line and column. pandas' index column
// (a header cell left empty) is left out. lines are the rows' lines.
func csvObjects(t *table, data []byte) ([]obj, []int) {
	starts := []int{0}
	for i, b := range data {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	offset := func(p Pos) int {
		if p.Line < 1 || p.Line > len(starts) {
			return 0
		}
		return min(starts[p.Line-1]+max(p.Col-1, 0), len(data))
	}
	head := t.records[0]
	var objs []obj
	var lines []int
	for row := 1; row < len(t.records); row++ {
		rec := t.records[row]
		m := map[string]any{}
		for i, cell := range rec {
			if i >= len(head) || head[i] == "" {
				continue
			}
			off := offset(t.fieldPos(row, i))
			if bytes.HasPrefix(data[off:], []byte{'"'}) {
				off++ // the cell's text, inside its quotes
			}
			m[head[i]] = csvValue(cell, off)
		}
		objs = append(objs, obj{m: m})
		lines = append(lines, t.fieldPos(row, 0).Line)
	}
	return objs, lines
}

// csvValue is a cell of a CSV row, written at byte offset off, as
// csvObjects views it: null when empty, a number when it is one, else a
// string (inf and nan too, which jreader reads as numbers written as
// strings).
func csvValue(cell string, off int) any {
	switch lower := strings.ToLower(cell); {
	case cell == "":
		return nil
	case lower == "inf" || lower == "nan" || lower == "infinity":
		return jstr{cell, off}
	}
	if _, err := parseNumber(cell); err == nil {
		return &jsonNumber{cell, off}
	}
	return jstr{cell, off}
}

// vllmSweep is the layout of a vllm bench sweep serve's experiment
// folder: one sub-folder per point (SERVE--max_num_seqs=8-BENCH--
// max_concurrency=8/), whose summary.json lists its runs (the
// run=0.json, run=1.json beside it repeat them), and the experiment's
// summary.csv (vllmSweepCSV) beside the points, gathering them. The
// points of one server setting are one configuration; a sweep of
// several server settings, each measured at several points, is one
// configuration per setting (sweepSettings).
var vllmSweep = layout{
	point:     sweepPointOf,
	parts:     sweepSettings,
	partOf:    func(name string) string { serve, _ := sweepServe(name); return serve },
	partID:    settingID,
	run:       sweepSummary,
	repeats:   sweepRun.MatchString,
	aggregate: func(name string) bool { return strings.EqualFold(name, "summary.csv") },
}

// sweepSummary is the file of a vllm bench sweep point's folder
// (SERVE--…-BENCH--max_concurrency=8…/) that lists its runs; the
// run=0.json, run=1.json beside it repeat them.
const sweepSummary = "summary.json"

// sweepRun matches the files a vllm bench sweep point holds beside its
// summary.json for the same runs: run=0.json, run=1.json, ….
var sweepRun = regexp.MustCompile(`^run=\d+\.json$`)

// isSweepPoint reports whether dir is a vllm bench sweep point: a folder
// holding a summary.json, named as vllm bench sweep names its points
// (SERVE--<server setting>-BENCH--<benchmark setting>, either part
// alone) or holding the run=0.json the sweep writes beside it. A
// summary.json that cannot be looked at is an error, not a folder to
// skip.
func isSweepPoint(dir string) (bool, error) {
	summary := filepath.Join(dir, sweepSummary)
	_, err := os.Stat(summary)
	switch {
	case err == nil:
		if _, ok := sweepServe(filepath.Base(dir)); ok {
			return true, nil
		}
		_, err := os.Stat(filepath.Join(dir, "run=0.json"))
		return err == nil, nil
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		return false, nil
	}
	return false, fileError(summary, err)
}

// sweepPointOf is isSweepPoint, whose error names the folder dir when it
// is dir that cannot be looked into (its summary.json's own
// permissions do not matter to a stat: a denied stat is about dir).
func sweepPointOf(dir string) (bool, error) {
	point, err := isSweepPoint(dir)
	if err != nil {
		if _, serr := os.Stat(filepath.Join(dir, sweepSummary)); errors.Is(serr, fs.ErrPermission) {
			return false, fileError(dir, serr)
		}
	}
	return point, err
}

// sweepServe is the server setting a sweep point's folder name gives:
// vllm bench sweep serve names a point "SERVE--" + the server
// combination's name + "-BENCH--" + the benchmark's, leaving out a part
// that was not swept. serve is "" for a point of benchmark settings
// only; ok is false for a name of neither form.
func sweepServe(name string) (serve string, ok bool) {
	rest, isServe := strings.CutPrefix(name, "SERVE--")
	if !isServe {
		return "", strings.HasPrefix(name, "BENCH--")
	}
	serve, _, _ = strings.Cut(rest, "-BENCH--")
	return serve, true
}

// sweepSettings tells what the vllm bench sweep points directly in dir
// are: points reports whether there is any; settings lists the server
// settings that are configurations of their own, sorted, when the sweep
// varied the server setting and some setting was measured at several
// points; otherwise (one setting, or each setting at one point as
// --link-vars max_num_seqs=max_concurrency ties it to the load) the
// points are one configuration and settings is nil. An entry that
// cannot be looked at is not counted: the folder's own read names it.
func sweepSettings(dir string) (settings []string, points bool, err error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, false, fileError(dir, err)
	}
	count := map[string]int{}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if point, err := isSweepPoint(p); err != nil || !point {
			continue
		}
		serve, _ := sweepServe(e.Name())
		count[serve]++
	}
	if len(count) < 2 || !slices.ContainsFunc(slices.Collect(maps.Values(count)), func(n int) bool { return n > 1 }) {
		return nil, len(count) > 0, nil
	}
	return slices.Sorted(maps.Keys(count)), true, nil
}

// settingID is the configuration id of the server setting serve: the
// setting's name, "default" for the points of no server setting.
func settingID(serve string) string {
	if serve == "" {
		return "default"
	}
	return serve
}
