package ingest

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestTableRowCapAtBoundary: a table is read up to its cap of rows after
// the header, exactly at the cap in full; the first row past it stops
// the read with its line, and the rows after it are never parsed (a
// broken one there is not what is reported).
func TestTableRowCapAtBoundary(t *testing.T) {
	limit := rowCap{3, "things, one row each"}
	rows := func(n int) string { return "a,b\n" + strings.Repeat("1,2\n", n) }
	if tab, _, err := readTable("f.csv", []byte(rows(3)), limit); err != nil || len(tab.records) != 4 {
		t.Fatalf("at the cap: %v", err)
	}
	want := "f.csv:5:1: more than 3 rows after the header; expected at most 3 things, one row each"
	for _, in := range []string{rows(4), rows(4) + "\"never closed,2\n" + rows(1000)} {
		if _, _, err := readTable("f.csv", []byte(in), limit); err == nil || err.Error() != want {
			t.Errorf("past the cap\n got %v\nwant %s", err, want)
		}
	}
}

// TestTablesStopAtTheirCap: the export table (one row per level) stops
// at the row past MaxLevels, a sweep's summary.csv (one row per run) at
// the row past MaxRuns, which it reads in full at MaxRuns (the runs of
// one point, repeats of one level); a broken row beyond is not reached.
func TestTablesStopAtTheirCap(t *testing.T) {
	var export strings.Builder
	export.WriteString(compactHeader + "\n")
	for c := 1; c <= MaxLevels+1; c++ {
		fmt.Fprintf(&export, "%d,66.5,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n", c)
	}
	export.WriteString("x,\"broken\n")
	_, _, _, err := readExportTable("x.csv", []byte(export.String()))
	wantError(t, err, fmt.Sprintf("x.csv:%d:1: more than %d rows after the header; expected at most %d load levels, one row each", MaxLevels+2, MaxLevels, MaxLevels))

	sweep := func(n int) []byte {
		var b strings.Builder
		b.WriteString(",max_concurrency,mean_ttft_ms,mean_tpot_ms,mean_e2el_ms,run_number\n")
		for i := range n {
			fmt.Fprintf(&b, "%d,4,50,8,2000,%d\n", i, i)
		}
		return []byte(b.String())
	}
	levels, _, _, err := readVLLMSweepCSV("s.csv", sweep(MaxRuns))
	if err != nil || len(levels) != 1 || len(levels[0].Repeats) != MaxRuns {
		t.Fatalf("%d runs of one point: %d levels, %v", MaxRuns, len(levels), err)
	}
	_, _, _, err = readVLLMSweepCSV("s.csv", append(sweep(MaxRuns+1), "x,\"broken\n"...))
	wantError(t, err, fmt.Sprintf("s.csv:%d:1: more than %d rows after the header; expected at most %d runs, one row each", MaxRuns+2, MaxRuns, MaxRuns))
}

// TestJSONRunCapAtBoundary: a JSON file of runs is parsed up to MaxRuns
// runs, whichever its shape (JSON lines, a list, guidellm's benchmarks),
// exactly MaxRuns in full; the run past it stops the parse at its line,
// before a broken value further on. Lists that are not runs (a run's
// per-request arrays, a file of requests) are not capped.
func TestJSONRunCapAtBoundary(t *testing.T) {
	shapes := map[string]func(n int) string{
		"lines": func(n int) string { return strings.Repeat(run(4)+"\n", n) },
		"list":  func(n int) string { return "[\n" + strings.TrimSuffix(strings.Repeat(run(4)+",\n", n), ",\n") + "\n]" },
		"benchmarks": func(n int) string {
			return "{\"benchmarks\": [\n" + strings.TrimSuffix(strings.Repeat("{},\n", n), ",\n") + "\n]}"
		},
	}
	for name, doc := range shapes {
		vals, err := jsonRuns("f.json", []byte(doc(MaxRuns)), MaxRuns)
		if err != nil || len(vals) == 0 {
			t.Errorf("%s: %d runs: %v", name, MaxRuns, err)
		}
		line := MaxRuns + 1 // the run past the cap
		if name != "lines" {
			line++ // after the line that opens the list
		}
		want := fmt.Sprintf("f.json:%d:1: more than %d runs; expected at most %d per file (%d load levels, each measured up to 16 times)", line, MaxRuns, MaxRuns, MaxLevels)
		_, err = jsonRuns("f.json", []byte(doc(MaxRuns+1)+"\n{broken"), MaxRuns)
		wantError(t, err, want)
	}
	many := "{\"max_concurrency\": 4, \"mean_ttft_ms\": 10, \"ttfts\": [" + strings.TrimSuffix(strings.Repeat("0.1, ", MaxRuns+1), ", ") + "]}"
	if _, err := jsonRuns("f.json", []byte(many), MaxRuns); err != nil {
		t.Errorf("a run's own list: %v", err)
	}
	requests := "[" + strings.TrimSuffix(strings.Repeat(`{"error_code": null, "ttft_s": 0.2, "end_to_end_latency_s": 0.9, "number_output_tokens": 150},`, MaxRuns+1), ",") + "]"
	if levels, _, _, err := llmperfResponses.read("r.json", []byte(requests)); err != nil || levels[0].Requests != MaxRuns+1 {
		t.Errorf("a file of %d requests: %v", MaxRuns+1, err)
	}
	// Through the reader: a vLLM file of JSON lines.
	_, _, _, err := readRuns("v.jsonl", []byte(shapes["lines"](MaxRuns+1)), FormatVLLM)
	wantError(t, err, fmt.Sprintf("v.jsonl:%d:1: more than %d runs; expected at most %d per file (%d load levels, each measured up to 16 times)", MaxRuns+1, MaxRuns, MaxRuns, MaxLevels))
}

// TestDetectParsesTheHeadOnly: detecting a JSON file's format parses its
// first value (a list up to its first object), not the whole file: what
// follows is the reader's to parse, and to refuse.
func TestDetectParsesTheHeadOnly(t *testing.T) {
	for _, in := range []string{run(4) + "\n{broken", "[" + run(4) + ", {broken"} {
		format, err := Detect("f.json", []byte(in))
		if err != nil || format != FormatVLLM {
			t.Errorf("%q: format %q, %v", in, format, err)
		}
		if _, _, _, err := readRuns("f.json", []byte(in), format); err == nil || !strings.Contains(err.Error(), "invalid JSON") {
			t.Errorf("%q: the reader's error %v", in, err)
		}
	}
	if _, err := Detect("f.json", []byte(`{"a": [1, {broken`)); err == nil {
		t.Error("a broken first value detected")
	}
}

// endlessRequests is a per-request CSV without end: a header, then one
// request at each concurrency 1, 2, 3 …; n counts the bytes read.
type endlessRequests struct {
	buf bytes.Buffer
	c   int
	n   int64
}

func (e *endlessRequests) Read(p []byte) (int, error) {
	for e.buf.Len() < len(p) {
		if e.c == 0 {
			e.buf.WriteString("concurrency,ttft_ms,itl_ms,latency_s\n")
		}
		e.c++
		fmt.Fprintf(&e.buf, "%d,20,2,1.5\n", e.c)
	}
	n, _ := e.buf.Read(p)
	e.n += int64(n)
	return n, nil
}

// TestRequestsStopAtLevelCap: a per-request CSV is streamed, and the
// level past MaxLevels stops it at its row: of a file without end, no
// more than the reader's buffer past that row is read.
func TestRequestsStopAtLevelCap(t *testing.T) {
	r := &endlessRequests{}
	_, _, _, err := readRequests("r.csv", r)
	wantError(t, err, fmt.Sprintf("r.csv:%d:1: concurrency %d is load level %d; expected at most %d load levels per configuration", MaxLevels+2, MaxLevels+1, MaxLevels+1, MaxLevels))
	if limit := int64(2 * (1 << 16)); r.n > limit {
		t.Errorf("read %d bytes of an endless file; want at most %d", r.n, limit)
	}
}

// BenchmarkReadPastCap reads tables and JSON lines far past their caps:
// the time and memory per read do not grow with the file (a 255 MiB
// table took 32.6 s and 5.2 GB before the caps stopped reads early).
func BenchmarkReadPastCap(b *testing.B) {
	for _, size := range []int{1 << 20, 32 << 20} {
		var table, lines bytes.Buffer
		table.WriteString(compactHeader + "\n")
		w := bufio.NewWriter(&lines)
		for c := 1; table.Len() < size; c++ {
			fmt.Fprintf(&table, "%d,66.5,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n", c)
		}
		for c := 1; lines.Len()+w.Buffered() < size; c++ {
			fmt.Fprintln(w, run(c))
		}
		if err := w.Flush(); err != nil {
			b.Fatal(err)
		}
		for name, f := range map[string]func() error{
			"export": func() error { _, _, _, err := readExportTable("x.csv", table.Bytes()); return err },
			"jsonl": func() error {
				_, err := Detect("x.jsonl", lines.Bytes())
				if err == nil {
					_, _, _, err = readRuns("x.jsonl", lines.Bytes(), FormatVLLM)
				}
				return err
			},
		} {
			b.Run(fmt.Sprintf("%s/%dMiB", name, size>>20), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if f() == nil {
						b.Fatal("read past its cap")
					}
				}
			})
		}
	}
}

// TestMetricTableRowCapAtBoundary: an AIPerf or GenAI-Perf table reads
// up to 4096 metric rows a block, and stops at the row past them, named
// by its line in the file (a later block's too).
func TestMetricTableRowCapAtBoundary(t *testing.T) {
	block := func(n int) string {
		var b strings.Builder
		b.WriteString("Metric,avg,min,max,p99,p95,p90\nTime To First Token (ms),10,1,2,3,4,5\nRequest Latency (ms),900,1,2,3,4,5\n")
		for i := 2; i < n; i++ {
			fmt.Fprintf(&b, "Custom Metric %d (ms),1,1,1,1,1,1\n", i)
		}
		return b.String()
	}
	if _, _, _, err := readMetricTable("m.csv", []byte(block(metricRowsCap.max))); err != nil {
		t.Fatalf("%d metric rows: %v", metricRowsCap.max, err)
	}
	second := "Metric,Value\nRequest Count (count),96\n\n" + block(metricRowsCap.max+1)
	_, _, _, err := readMetricTable("m.csv", []byte(second))
	wantError(t, err, fmt.Sprintf("m.csv:%d:1: more than %d rows after the header; expected at most %d metric rows", 3+metricRowsCap.max+2, metricRowsCap.max, metricRowsCap.max))
}
