package ingest

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

// Format is one tool's result format: how to recognise its files and
// how to read them. Each tool's file (vllm.go, guidellm.go, …) defines
// its Format values; formats lists them.
type Format struct {
	// Name is the format's id: the --input-format value and
	// Config.Format ("vllm").
	Name string
	// Tool is the display name of the tool that writes it ("vLLM bench
	// serve"), for reports (Config.Tool).
	Tool string
	// Exts are the file extensions the format is written with, lower
	// case ([".json", ".jsonl"]). Together they are the result files a
	// folder of runs is read for; detection itself goes by content.
	Exts []string
	// Sniff reports whether a file is this format's, from what Detect
	// saw of it: the decoded JSON, or a CSV's header line.
	Sniff func(preview) bool
	// Read reads a whole file: its levels (Concurrency 0 where the file
	// does not state it), how it defines its metrics, and what it warns
	// about. Every number a reader uses is judged by checkNumber at its
	// line and column; numbers it does not use are not looked at
	// (AIPerf writes negative differences, guidellm "data_samples": -1).
	Read func(file string, data []byte) ([]Level, Definitions, []*Warning, error)
	// Stream, set instead of Read, reads the file as a stream: it is
	// neither held whole nor capped at MaxFileSize (per-request data may
	// hold millions of rows).
	Stream func(file string, r io.Reader) ([]Level, Definitions, []*Warning, error)
	// LatencyHint says how to make the tool write the mean request
	// latency, for a run that lacks it ("" when the tool always writes
	// it).
	LatencyHint string
	// listed is the format's place in FormatNames (--input-format's help
	// and the README), which keep the order they had before detection
	// was a table; a new format takes the next number.
	listed int
}

// preview is what a sniffer sees of a file. For JSON it is the first
// value: obj is that object, or, when the value is a list (list is
// set), the list's first object. For a CSV file (csv is set) it is
// line, the first line, trimmed and lower-cased, and cells, that line
// split into its trimmed cells. A sniffer for one kind never matches
// the other's preview: the zero obj has no keys, and line is empty for
// JSON.
type preview struct {
	list  bool
	obj   obj
	csv   bool
	line  string
	cells []string
}

// csvPreview is the preview of a CSV file whose first line is line.
func csvPreview(line string) preview {
	line = strings.ToLower(strings.TrimSpace(line))
	r := csv.NewReader(strings.NewReader(line))
	r.LazyQuotes, r.FieldsPerRecord = true, -1
	cells, _ := r.Read()
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return preview{csv: true, line: line, cells: cells}
}

// formats are the formats reportgen reads, in detection order: Detect
// gives a file to the first whose sniffer accepts it. Each sniffer
// recognises its files by the keys (or the header words) that carry
// their metrics, so that a release that drops a version marker or a
// statistic is still recognised; where two tools share keys, the one
// with the narrower marks comes first.
var formats = []Format{
	vllmTable,        // a list whose rows have "Mean TTFT (ms)"-like keys; before any sniffer of objects
	llmperfResponses, // a list of requests with ttft_s, end_to_end_latency_s
	aiperfRecords,    // per-request lines: "metrics" with "metadata" or "error", no "benchmarks"
	aiperfJSON,       // metric objects {unit, avg, …} with any mark AIPerf always writes (aiperfFamily)
	genaiPerfJSON,    // the same metric objects without any AIPerf mark
	guidellm,         // "benchmarks": a report of several runs, whatever keys sit beside it
	llmperf,          // results_ttft_s_mean…: LLMPerf's flattened keys
	sglang,           // *_e2e_latency_ms: SGLang also writes vLLM's mean_ttft_ms, so before vllm
	vllm,             // *_ttft_ms, *_tpot_ms, *_itl_ms, *_e2el_ms
	inferenceX,       // the same keys in seconds without _ms: after vllm
	vllmSweepCSV,     // CSV: a pandas index column, then vLLM's *_ttft_ms keys; before requests
	guidellmCSV,      // CSV: guidellm's header words ("time to first token", "request latency")
	requests,         // CSV: a header naming ttft_ms and latency_s
	genaiPerf,        // CSV: "Metric,avg,min,max,p99", before aiperfCSV's broader "Metric,avg,"
	aiperfCSV,        // CSV: "Metric,avg,"
	llmBenchmark,     // CSV: the llm-benchmark table's columns (ttft_mean, …): last, the fallback
}

// toolsRead names the tools whose files Detect knows, for messages.
const toolsRead = "vLLM, SGLang, AIPerf, GenAI-Perf, guidellm, LLMPerf, InferenceX or the llm-benchmark"

// FormatNames lists every format's id, for --input-format.
func FormatNames() []string {
	sorted := slices.SortedFunc(slices.Values(formats), func(a, b Format) int { return cmp.Compare(a.listed, b.listed) })
	names := make([]string, len(sorted))
	for i, f := range sorted {
		names[i] = f.Name
	}
	return names
}

// formatNamed is the format whose id is name.
func formatNamed(name string) (Format, bool) {
	i := slices.IndexFunc(formats, func(f Format) bool { return f.Name == name })
	if i < 0 {
		return Format{}, false
	}
	return formats[i], true
}

// runExts are the extensions of the files some format reads, sorted:
// every format's Exts.
func runExts() []string {
	var exts []string
	for _, f := range formats {
		exts = append(exts, f.Exts...)
	}
	slices.Sort(exts)
	return slices.Compact(exts)
}

// ErrNotResult is the error of a file that is not a benchmark result:
// no format reads it and it carries no benchmark metric (a GPU
// monitor's log, a runner's own summary, a tool's inputs). Detect
// returns it wrapped in an *Error that says what the file looked like
// ("not a benchmark result: a JSON list of 2 elements, no benchmark
// metrics"), so that a folder read can skip the file; errors.Is finds it.
var ErrNotResult = errors.New("not a benchmark result")

// Detect names the format of a file from its content (the name only
// helps to tell CSV from JSON): "zip" for an archive, else the id of
// the first format in formats whose sniffer accepts it. A file no
// sniffer accepts is one of two kinds: without any key or header that
// names a benchmark metric (measures), it is not a result and the error
// wraps ErrNotResult; with one, it looks like a result that cannot be
// read, and the error points at that key and says what the file looked
// like. Of a JSON file only what the sniffers look at is parsed (its
// first value; a list up to its first object): the format's reader
// parses the rest, stopping at its cap of runs, and refuses what is
// malformed there.
func Detect(file string, data []byte) (string, error) {
	trimmed := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	if len(trimmed) == 0 {
		return "", errorf(Pos{File: file, Line: 1, Col: 1}, "", "file is empty")
	}
	if bytes.HasPrefix(data, []byte(zipMagic)) {
		return formatZip, nil
	}
	if ext := strings.ToLower(filepath.Ext(file)); ext != "" && ext != zipExt && !slices.Contains(runExts(), ext) {
		return "", errorf(Pos{File: file, Line: 1, Col: 1}, "", "%w: %s, not a result file (%s)", ErrNotResult, extKind(ext), resultExtList())
	}
	var p preview
	isJSON := trimmed[0] == '{' || trimmed[0] == '['
	if isJSON {
		head, err := jsonHead(file, data)
		if err != nil {
			return "", err
		}
		p = jsonPreview(head)
	} else {
		if ext := strings.ToLower(filepath.Ext(file)); slices.Contains(jsonExts, ext) {
			r, _ := utf8.DecodeRune(trimmed)
			return "", errorf(Pos{File: file, Line: 1, Col: 1}, "", "not JSON: the file starts with %q; expected a JSON object or list ({ or [)", r)
		}
		first, _, _ := bytes.Cut(trimmed, []byte("\n"))
		p = csvPreview(string(first))
	}
	for _, f := range formats {
		if f.Sniff(p) {
			return f.Name, nil
		}
	}
	if isJSON {
		// No format reads it: the whole file, to say what it holds.
		vals, err := jsonValues(file, data)
		if err != nil {
			return "", err
		}
		return "", unreadJSON(file, data, vals)
	}
	return "", unreadCSV(file, data)
}

// extKind names a kind of file by its extension: "a YAML file".
func extKind(ext string) string {
	switch ext {
	case ".yaml", ".yml":
		return "a YAML file"
	case ".html", ".htm":
		return "an HTML page"
	}
	return "a " + ext + " file"
}

// resultExtList lists the extensions of result files: ".csv, .json,
// .jsonl or .zip".
func resultExtList() string {
	exts := append(runExts(), zipExt)
	slices.Sort(exts)
	return strings.Join(exts[:len(exts)-1], ", ") + " or " + exts[len(exts)-1]
}

// jsonPreview is the preview of a JSON file whose first value is v.
func jsonPreview(v any) preview {
	var p preview
	if list, ok := v.(*jarray); ok {
		p.list = true
		i := slices.IndexFunc(list.items, func(x any) bool { _, ok := x.(*jobject); return ok })
		if i < 0 {
			return p
		}
		v = list.items[i]
	}
	p.obj, _ = asObj(v, "")
	return p
}

// readRuns reads data, a whole file, as the format named format.
func readRuns(file string, data []byte, format string) ([]Level, Definitions, []*Warning, error) {
	f, ok := formatNamed(format)
	if !ok {
		return nil, Definitions{}, nil, errorf(Pos{File: file}, "", "format %q is not one reportgen reads", format)
	}
	return f.read(file, data)
}

// read reads data, a whole file, with the format's reader.
func (f Format) read(file string, data []byte) ([]Level, Definitions, []*Warning, error) {
	if f.Read == nil {
		return f.Stream(file, bytes.NewReader(data))
	}
	return f.Read(file, data)
}

// config is what the format read from file, as a configuration.
func (f Format) config(file string, levels []Level, defs Definitions) Config {
	return Config{Source: file, Format: f.Name, Tool: f.Tool, Definitions: defs, Levels: levels}
}

// readResultFile reads one result file of any format (format "" detects
// it). Levels that do not state their load take it from the file name
// or the manifest (h): see fillLoads. A mean latency the file lacks is
// derived where that is exact (deriveLatency).
func readResultFile(path, format string, h hints) (Config, []*Warning, error) {
	if _, err := checkRegular(path); err != nil {
		return Config{}, nil, err
	}
	if what, ok := knownSide(path); ok {
		return Config{}, nil, errorf(Pos{File: path}, "", "%w: %s", ErrNotResult, what)
	}
	if f, ok := streamed(path, format); ok {
		r, err := openStream(path)
		if err != nil {
			return Config{}, nil, err
		}
		levels, defs, warnings, err := f.Stream(path, r)
		if cerr := r.Close(); err == nil && cerr != nil {
			err = fileError(path, cerr)
		}
		if err != nil {
			return Config{}, nil, err
		}
		return f.config(path, levels, defs), warnings, nil
	}
	data, err := readInput(path)
	if err != nil {
		return Config{}, nil, err
	}
	if format == "" {
		if format, err = Detect(path, data); err != nil {
			return Config{}, nil, err
		}
	}
	if format == formatZip {
		return readZip(path, data)
	}
	f, ok := formatNamed(format)
	if !ok {
		return Config{}, nil, errorf(Pos{File: path}, "", "format %q is not one reportgen reads", format)
	}
	levels, defs, warnings, err := f.read(path, data)
	if err != nil {
		return Config{}, nil, err
	}
	deriveLatency(levels, defs, h.outputTokens)
	if err := fillLoads(path, levels, h); err != nil {
		if errors.Is(err, ErrNoLatency) && f.LatencyHint != "" {
			err = fmt.Errorf("%w; %s", err, f.LatencyHint)
		}
		return Config{}, nil, err
	}
	if err := oneWorkload(levels); err != nil {
		return Config{}, nil, err
	}
	return f.config(path, levels, defs), warnings, nil
}

// streamed is the format that reads path as a stream: the forced
// format, when it streams, or, when detecting, a streaming format with
// path's extension whose sniffer accepts the file's first line (read up
// to 64 KiB: a header is never longer).
func streamed(path, format string) (Format, bool) {
	if format != "" {
		f, ok := formatNamed(format)
		return f, ok && f.Stream != nil
	}
	ext := strings.ToLower(filepath.Ext(path))
	line, read := "", false
	for _, f := range formats {
		if f.Stream == nil || !slices.Contains(f.Exts, ext) {
			continue
		}
		if !read {
			r, err := openStream(path)
			if err != nil {
				return Format{}, false
			}
			line, _ = bufio.NewReader(io.LimitReader(r, 64<<10)).ReadString('\n')
			if r.Close() != nil {
				return Format{}, false
			}
			read = true
		}
		if f.Sniff(csvPreview(line)) {
			return f, true
		}
	}
	return Format{}, false
}

// measures reports whether a key or a header names a benchmark
// measurement: TTFT, ITL, TPOT, latency, throughput, tokens per second.
// Load settings (concurrency, request_rate) alone do not: a runner's
// plan or summary lists them beside no measurement.
func measures(name string) bool {
	s := "_" + slug(name) + "_"
	for _, w := range measureWords {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// measureWords are the slugged words and phrases of measurements, with
// the underscores that bound them.
var measureWords = []string{
	"_ttft_", "_ttfts_", "_ttst_", "_tpot_", "_itl_", "_itls_", "_e2el_", "_tps_", "_intvty_",
	"_latency_", "_latencies_", "_throughput_", "_goodput_",
	"_time_to_first_", "_inter_token_", "_per_output_token_", "_end_to_end_",
	"_tokens_per_s_", "_tokens_per_second_", "_token_per_s_", "_tokens_s_", "_tok_s_",
}

// maxScanDepth bounds how deep unreadJSON looks for a measurement key,
// and maxScanItems how many items of each list.
const (
	maxScanDepth = 4
	maxScanItems = 3
)

// measureKey finds a key naming a measurement in v (keys in sorted
// order, depth first) and the byte offset of its value (-1 for null).
func measureKey(v any, depth int) (string, int) {
	switch x := v.(type) {
	case *jobject:
		keys := slices.Sorted(maps.Keys(x.m))
		for _, k := range keys {
			if measures(k) {
				return k, valueOffset(x.m[k])
			}
		}
		if depth < maxScanDepth {
			for _, k := range keys {
				if key, off := measureKey(x.m[k], depth+1); key != "" {
					return key, off
				}
			}
		}
	case *jarray:
		for _, item := range x.items[:min(len(x.items), maxScanItems)] {
			if key, off := measureKey(item, depth+1); key != "" {
				return key, off
			}
		}
	}
	return "", -1
}

// valueOffset is the byte offset a decoded value was written at; -1 for
// null.
func valueOffset(v any) int {
	switch x := v.(type) {
	case *jobject:
		return x.off
	case *jarray:
		return x.off
	case jnum:
		return x.off
	case jstr:
		return x.off
	case jbool:
		return x.off
	}
	return -1
}

// unreadJSON is the error of a JSON file no format reads: ErrNotResult
// when it names no measurement, else an error at the first key that
// does.
func unreadJSON(file string, data []byte, vals []any) error {
	what := describeJSON(vals)
	key, off := measureKey(vals[0], 0)
	if key == "" {
		return errorf(Pos{File: file, Line: 1, Col: 1}, "", "%w: %s, no benchmark metrics", ErrNotResult, what)
	}
	pos := Pos{File: file, Line: 1, Col: 1}
	if off >= 0 {
		pos = offsetPos(file, data, off)
	}
	return errorf(pos, "", "unknown benchmark result: %q names a metric, but no format reads %s; expected the output of %s", key, what, toolsRead)
}

// describeJSON says what a JSON file holds: "a JSON object with keys a,
// b, c", "a JSON list of 2 elements", "JSON lines of 3 objects with keys …".
func describeJSON(vals []any) string {
	v := vals[0]
	if len(vals) > 1 {
		s := fmt.Sprintf("JSON lines of %d values", len(vals))
		if o, ok := v.(*jobject); ok {
			s += ", the first with " + keyList(o)
		}
		return s
	}
	switch x := v.(type) {
	case *jobject:
		if len(x.m) == 0 {
			return "an empty JSON object"
		}
		return "a JSON object with " + keyList(x)
	case *jarray:
		switch len(x.items) {
		case 0:
			return "an empty JSON list"
		case 1:
			return "a JSON list of 1 element"
		}
		s := fmt.Sprintf("a JSON list of %d elements", len(x.items))
		if o, ok := x.items[0].(*jobject); ok && len(o.m) > 0 {
			s += ", the first with " + keyList(o)
		}
		return s
	case jstr:
		return "a JSON string"
	case jbool:
		return "a JSON boolean"
	case jnum:
		return "a JSON number"
	}
	return "a JSON null"
}

// keyList names an object's keys, sorted, the first few of them: "keys
// a, b, c and 4 more".
func keyList(o *jobject) string {
	keys := slices.Sorted(maps.Keys(o.m))
	if len(keys) == 1 {
		return "key " + keys[0]
	}
	return "keys " + nameList(keys)
}

// nameList joins the first six names, saying how many more there are.
func nameList(names []string) string {
	const shown = 6
	if len(names) <= shown {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:shown], ", "), len(names)-shown)
}

// maxScanRows bounds how many rows of a CSV file unreadCSV looks at: a
// metric table (AIPerf's) names its metrics in the first column.
const maxScanRows = 50

// unreadCSV is the error of a CSV file no format reads: ErrNotResult
// when neither its header nor the first cell of its first rows names a
// measurement, else an error at the first cell that does.
func unreadCSV(file string, data []byte) error {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = sniffComma(data)
	r.LazyQuotes, r.FieldsPerRecord = true, -1
	var head []string
	for row := 0; row < maxScanRows; row++ {
		rec, err := r.Read()
		if err != nil {
			break
		}
		if row == 0 {
			head = slices.Clone(rec)
		}
		for i, cell := range rec {
			if row > 0 && i > 0 {
				break
			}
			if measures(cell) {
				line, col := r.FieldPos(i)
				return errorf(Pos{File: file, Line: line, Col: col}, "", "unknown benchmark result: %q names a metric, but no format reads %s; expected the output of %s",
					strings.TrimSpace(cell), describeCSV(head), toolsRead)
			}
		}
	}
	return errorf(Pos{File: file, Line: 1, Col: 1}, "", "%w: %s, no benchmark metrics", ErrNotResult, describeCSV(head))
}

// describeCSV says what a CSV file holds: "a CSV with columns a, b, c".
func describeCSV(head []string) string {
	var names []string
	for _, h := range head {
		if h = strings.TrimSpace(h); h != "" {
			names = append(names, h)
		}
	}
	switch len(names) {
	case 0:
		return "a CSV file without column names"
	case 1:
		return "a CSV with one column, " + names[0]
	}
	return "a CSV with columns " + nameList(names)
}

// sidePairs are the files a tool writes for one run twice: a side file
// (by its name's ending) and the primary file beside it that holds the
// same run and is read instead. A stem's CSV beside its JSON (AIPerf,
// GenAI-Perf and guidellm write both) is a side file too (SideOf).
var sidePairs = []struct{ side, primary string }{
	// LLMPerf: the summary's statistics are pandas' interpolated
	// quantiles of the requests the individual responses list.
	{"_summary.json", "_individual_responses.json"},
	// AIPerf's per-request records beside its profile export.
	{"profile_export.jsonl", "profile_export_aiperf.json"},
	// GenAI-Perf: perf_analyzer's per-request timestamps.
	{"profile_export.json", "profile_export_genai_perf.json"},
}

// SideOf reports whether the file named name is a side file, and names
// its primary: the file a tool writes beside it in the same folder for
// the same run, which is read instead when it is there. name and
// primary are base names. A folder read that finds both reads the
// primary as the run and may read the side file to complete it
// (FillFromSide); without the primary, the side file is read as any
// result file. The pairs: LLMPerf's X_summary.json, side of
// X_individual_responses.json (the requests, summarized with
// reportgen's percentiles); AIPerf's profile_export.jsonl, side of
// profile_export_aiperf.json; GenAI-Perf's profile_export.json, side of
// profile_export_genai_perf.json; and any X.csv, side of X.json (AIPerf,
// GenAI-Perf and guidellm write a run as both).
func SideOf(name string) (primary string, ok bool) {
	lower := strings.ToLower(name)
	for _, p := range sidePairs {
		if strings.HasSuffix(lower, p.side) {
			return name[:len(name)-len(p.side)] + p.primary, true
		}
	}
	if ext := filepath.Ext(name); strings.EqualFold(ext, ".csv") {
		return strings.TrimSuffix(name, ext) + ".json", true
	}
	return "", false
}

// FillFromSide completes the levels of a primary file with what its
// side file (SideOf) states and the primary does not: the load, the
// system throughputs, the request counts, the workload (model, input
// and output lengths). side must be one run (one level); otherwise,
// or when the two disagree on a load both state, nothing is filled and
// the error says why. Statistics are never taken from the side file.
func FillFromSide(primary []Level, side []Level) error {
	if len(side) != 1 {
		return fmt.Errorf("the side file holds %d runs; expected 1", len(side))
	}
	s := side[0]
	for _, l := range primary {
		if l.Concurrency > 0 && s.Concurrency > 0 && l.Concurrency != s.Concurrency {
			return fmt.Errorf("the side file states concurrency %d, the primary %d", s.Concurrency, l.Concurrency)
		}
	}
	nan := math.IsNaN
	for i := range primary {
		l := &primary[i]
		if l.Concurrency == 0 && l.Rate == 0 {
			l.Concurrency, l.Rate = s.Concurrency, s.Rate
		}
		if nan(l.SystemRPS) {
			l.SystemRPS = s.SystemRPS
		}
		if nan(l.OutputTPS) {
			l.OutputTPS = s.OutputTPS
		}
		if l.Requests < 0 {
			l.Requests = s.Requests
		}
		if l.Errors < 0 {
			l.Errors = s.Errors
		}
		if nan(l.OutputTokens) {
			l.OutputTokens = s.OutputTokens
		}
		if nan(l.InputTokens) {
			l.InputTokens = s.InputTokens
		}
		if l.Model == "" {
			l.Model = s.Model
		}
		if l.Workload == "" {
			l.Workload = s.Workload
		}
	}
	return nil
}
