package ingest

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
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
	// InputSweeps: the tool sweeps input length at one load
	// (trtllm-bench latency runs at batch 1, one per input length), so
	// a configuration's runs at one load with different input lengths
	// are an input-length sweep, not repeats or rival configurations
	// (placeInputs).
	InputSweeps bool
	// LatencyHint says how to make the tool write the mean request
	// latency, for a run that lacks it ("" when the tool always writes
	// it).
	LatencyHint string
	// EstimatesLatency: a mean latency the file lacks, and no fixed
	// output length gives exactly, is estimated from the run's mean
	// output length (estimateLatency): the tool writes TTFT, TPOT and
	// the token counts but, by default, no request latency.
	EstimatesLatency bool
	// listed is the format's place in FormatNames (--input-format's help
	// and docs/), which keep the order they had before detection
	// was a table; a new format takes the next number.
	listed int
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
	trtllm,           // trtllm-bench: its performance or streaming_metrics block
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
const toolsRead = "vLLM, SGLang, AIPerf, GenAI-Perf, guidellm, LLMPerf, InferenceX, trtllm-bench or the llm-benchmark"

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
// derived where that is exact (deriveLatency), else estimated where the
// format allows (estimateLatency).
func readResultFile(path, format string, h hints) (Config, []*Warning, error) {
	return readResultPart(path, format, h, nil)
}

// readResultPart is readResultFile reading only the runs of rs, one
// configuration of a JSON-lines file of several (nil: the whole file).
func readResultPart(path, format string, h hints, rs *records) (Config, []*Warning, error) {
	if _, err := checkRegular(path); err != nil {
		return Config{}, nil, err
	}
	if what, ok := knownSide(path); ok {
		return Config{}, nil, errorf(Pos{File: path}, "", "%w: %s", ErrNotResult, what)
	}
	if f, ok := streamed(path, format); ok {
		return f.readStream(path)
	}
	data, err := readInput(path)
	if err != nil {
		return Config{}, nil, err
	}
	if rs != nil {
		data = rs.only(data)
	}
	if format == "" {
		if format, err = Detect(path, data); err != nil {
			return Config{}, nil, err
		}
	} else if isDCGMExport(data) || isPowerLog(data) {
		// Telemetry, whatever format the results are forced to.
		return Config{}, nil, errorf(Pos{File: path}, "", "%w: a power log or DCGM export, read as telemetry", ErrNotResult)
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
	if f.EstimatesLatency {
		estimateLatency(levels, defs)
	}
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

// readStream reads the file at path with the format's Stream.
func (f Format) readStream(path string) (Config, []*Warning, error) {
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
