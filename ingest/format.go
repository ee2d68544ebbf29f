package ingest

import (
	"bufio"
	"bytes"
	"cmp"
	"io"
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
	// listed is the format's place in FormatNames (--input-format's help
	// and the README), which keep the order they had before detection
	// was a table; a new format takes the next number.
	listed int
}

// preview is what a sniffer sees of a file. For JSON it is the first
// value: obj is that object, or, when the value is a list (list is
// set), the list's first item. For a CSV file (csv is set) it is line,
// the first line, trimmed and lower-cased. A sniffer for one kind never
// matches the other's preview: the zero obj has no keys, and line is
// empty for JSON.
type preview struct {
	list bool
	obj  obj
	csv  bool
	line string
}

// formats are the formats reportgen reads, in detection order: Detect
// gives a file to the first whose sniffer accepts it. The order matters
// because a sniffer tests only the few keys (or the header words) that
// mark its format, and a file may hold another format's marks too: the
// more specific marks come first.
var formats = []Format{
	vllmTable,     // a list whose first row has "Test name"; before any sniffer of objects
	aiperfRecords, // per-request lines: "metrics" and "metadata", no "benchmarks"
	aiperfJSON,    // "aiperf_version", or "records" with "input_config"
	guidellm,      // "benchmarks": a report of several runs, whatever keys sit beside it
	llmperf,       // "results_ttft_s_mean", LLMPerf's flattened keys
	sglang,        // "mean_e2e_latency_ms": SGLang also writes vLLM's mean_ttft_ms, so before vllm
	vllm,          // "mean_ttft_ms" or "median_ttft_ms"
	inferenceX,    // "median_ttft" in seconds: after vllm, whose keys end in _ms
	requests,      // CSV: a header naming ttft_ms and latency_s
	genaiPerf,     // CSV: "Metric,avg,min,max,p99", before aiperfCSV's broader "Metric,avg,"
	aiperfCSV,     // CSV: "Metric,avg,"
	llmBenchmark,  // any other CSV: last, the fallback
}

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

// Detect names the format of a file from its content (the name only
// helps to tell CSV from JSON): "zip" for an archive, else the id of
// the first format in formats whose sniffer accepts it.
func Detect(file string, data []byte) (string, error) {
	trimmed := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	if len(trimmed) == 0 {
		return "", errorf(Pos{File: file, Line: 1, Col: 1}, "", "file is empty")
	}
	if bytes.HasPrefix(data, []byte(zipMagic)) {
		return formatZip, nil
	}
	var p preview
	if trimmed[0] == '{' || trimmed[0] == '[' {
		vals, err := jsonValues(file, data)
		if err != nil {
			return "", err
		}
		v := vals[0]
		if list, ok := v.(*jarray); ok {
			if len(list.items) == 0 {
				return "", errorf(Pos{File: file, Line: 1, Col: 1}, "", "empty list; expected benchmark runs")
			}
			p.list, v = true, list.items[0]
		}
		o, ok := asObj(v, "")
		if !ok {
			return "", errorf(Pos{File: file, Line: 1, Col: 1}, "", "expected a JSON object or list of benchmark runs")
		}
		p.obj = o
	} else {
		if ext := strings.ToLower(filepath.Ext(file)); slices.Contains(jsonExts, ext) {
			r, _ := utf8.DecodeRune(trimmed)
			return "", errorf(Pos{File: file, Line: 1, Col: 1}, "", "not JSON: the file starts with %q; expected a JSON object or list ({ or [)", r)
		}
		first, _, _ := bytes.Cut(trimmed, []byte("\n"))
		p.csv, p.line = true, strings.ToLower(strings.TrimSpace(string(first)))
	}
	for _, f := range formats {
		if f.Sniff(p) {
			return f.Name, nil
		}
	}
	return "", errorf(Pos{File: file, Line: 1, Col: 1}, "", "unknown JSON result: expected vLLM, SGLang, AIPerf, guidellm, LLMPerf or InferenceX output")
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
// or the manifest (fallback): see fillLoads.
func readResultFile(path, format string, fallback int) (Config, []*Warning, error) {
	if _, err := checkRegular(path); err != nil {
		return Config{}, nil, err
	}
	if f, ok := streamed(path, format); ok {
		r, err := openStream(path)
		if err != nil {
			return Config{}, nil, err
		}
		defer r.Close()
		levels, defs, warnings, err := f.Stream(path, r)
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
	if err := fillLoads(path, levels, fallback); err != nil {
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
			r.Close()
			read = true
		}
		if f.Sniff(preview{csv: true, line: strings.ToLower(strings.TrimSpace(line))}) {
			return f, true
		}
	}
	return Format{}, false
}
