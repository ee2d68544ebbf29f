package ingest

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

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

// csvPreview is the preview of a CSV file whose first line is line,
// split at the delimiter the readers will use (sniffComma): a table
// saved by Turkish Excel is ';'-separated, and its cells are the
// sniffers' as much as a ','-separated table's.
func csvPreview(line string) preview {
	line = strings.ToLower(strings.TrimSpace(line))
	r := csv.NewReader(strings.NewReader(line))
	r.Comma = sniffComma([]byte(line))
	r.LazyQuotes, r.FieldsPerRecord = true, -1
	cells, _ := r.Read()
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return preview{csv: true, line: line, cells: cells}
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
	if isJSON && isPrometheusAnswer(p) {
		// A DCGM export (dcgm.go): telemetry, read beside the results.
		return "", errorf(Pos{File: file, Line: 1, Col: 1}, "", "%w: a Prometheus query's answer (a DCGM export, read as telemetry)", ErrNotResult)
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
