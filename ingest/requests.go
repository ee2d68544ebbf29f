package ingest

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unsafe"
)

// FormatRequests is per-request data: one row per request.
const FormatRequests = "requests"

// requests reads a per-request CSV, streamed: it may hold millions of
// rows.
var requests = Format{
	Name: FormatRequests, Tool: "requests", Exts: csvExts, listed: 10,
	Sniff:  func(p preview) bool { return isRequestsHeader(p.line) },
	Stream: readRequests,
}

// requestColumns are the per-request CSV's columns.
var requestColumns = []column{
	{"concurrency", "concurrency", []string{"concurrency", "c"}, true, rowLevel},
	{"ttft_ms", "ttft_ms", []string{"ttft_ms"}, true, timeMS},
	{"itl_ms", "itl_ms", []string{"itl_ms", "tpot_ms"}, true, timeMS},
	{"latency_s", "latency_s", []string{"latency_s"}, true, timeS},
	{"output_tokens", "output_tokens", []string{"output_tokens"}, false, tokensQ},
	{"error", "error", []string{"error"}, false, quantity{}},
}

// readRequests streams a per-request CSV
// (concurrency,ttft_ms,itl_ms,latency_s[,output_tokens][,error]) and
// summarizes each concurrency level. A request with a non-empty error is
// counted and left out of the statistics. Per-user TPS is output tokens
// / latency (TTFT included, as the llm-benchmark defines it), or 1000 /
// ITL when the output length is not given.
//
// Rows are split in place (lines with a quote go through encoding/csv),
// so a million rows take well under a second and a few tens of MB.
func readRequests(file string, r io.Reader) ([]Level, Definitions, []*Warning, error) {
	rr, warnings, err := newRequestReader(file, r)
	if err != nil {
		return nil, Definitions{}, nil, err
	}
	defs := Definitions{ITL: "tpot", TPS: "request", RPS: ""}
	if rr.oi < 0 {
		defs.TPS = "decode"
	}
	for {
		rec, err := rr.lr.next()
		if err == io.EOF {
			break
		}
		if err == nil {
			err = rr.row(rec)
		}
		if err != nil {
			return nil, defs, nil, err
		}
	}
	if len(rr.order) == 0 {
		return nil, defs, nil, errorf(Pos{File: file, Line: 2, Col: 1}, "", "no request rows after the header")
	}
	return rr.levels(), defs, warnings, nil
}

// requestReader reads the rows of a per-request CSV into one sample set
// per load level.
type requestReader struct {
	lr                     *lineReader
	t                      *table // the header, its names canonical
	ci, ti, ii, li, oi, ei int    // columns: concurrency, ttft_ms, itl_ms, latency_s, output_tokens, error; -1 when absent
	sets                   map[int]*sampleSet
	tokens                 map[int]*tokenMean // output tokens of each level's successful requests
	order                  []int              // the levels in the order first read
	cur                    *sampleSet         // the last row's level
	curTokens              *tokenMean         // and its output tokens
	curCell                []byte             // the last row's concurrency cell, as written
}

// newRequestReader reads the header of the per-request CSV r.
func newRequestReader(file string, r io.Reader) (*requestReader, []*Warning, error) {
	lr := &lineReader{r: bufio.NewReaderSize(r, 1<<16), file: file}
	head, err := lr.next()
	if err == io.EOF || (err == nil && len(head) == 1 && len(bytes.TrimSpace(head[0])) == 0) {
		return nil, nil, errorf(Pos{File: file, Line: 1, Col: 1}, "", "file is empty; expected a header row")
	}
	if err != nil {
		return nil, nil, err
	}
	names := make([]string, len(head))
	for i, h := range head {
		names[i] = strings.TrimSpace(string(bytes.TrimPrefix(h, []byte("\xef\xbb\xbf"))))
	}
	t := &table{file: file, records: [][]string{names}, pos: [][]Pos{lr.positions()}}
	_, warnings, err := t.canonicalHeader(requestColumns)
	if err != nil {
		return nil, nil, err
	}
	idx := func(name string) int { return slices.Index(t.records[0], name) }
	return &requestReader{lr: lr, t: t,
		ci: idx("concurrency"), ti: idx("ttft_ms"), ii: idx("itl_ms"), li: idx("latency_s"), oi: idx("output_tokens"), ei: idx("error"),
		sets: map[int]*sampleSet{}, tokens: map[int]*tokenMean{},
	}, warnings, nil
}

// row reads one record: a blank line, a failed request (counted) or a
// successful one (its numbers added to its level's samples).
func (rr *requestReader) row(rec [][]byte) error {
	lr := rr.lr
	if len(rec) == 1 && len(bytes.TrimSpace(rec[0])) == 0 {
		return nil // blank line
	}
	if n := len(rr.t.records[0]); len(rec) != n {
		return errorf(Pos{File: lr.file, Line: lr.line, Col: 1}, "", "row has %d fields, the header has %d", len(rec), n)
	}
	if err := rr.levelOf(rec[rr.ci]); err != nil {
		return err
	}
	if rr.ei >= 0 && len(bytes.TrimSpace(rec[rr.ei])) > 0 {
		rr.cur.errors++
		return nil
	}
	v, err := rr.values(rec)
	if err != nil {
		return err
	}
	tps, how := Absent, ""
	switch {
	case rr.oi >= 0 && v[2] > 0:
		tps, how = v[3]/v[2], "output_tokens / latency_s"
	case rr.oi < 0 && v[1] > 0:
		tps, how = 1000/v[1], "1000 / itl_ms"
	}
	if tps > tokenRate.max {
		text := how + " = " + strconv.FormatFloat(tps, 'g', 6, 64)
		return errorf(Pos{File: lr.file, Line: lr.line, Col: 1}, "", "%v", checkNumber(tps, text, tokenRate))
	}
	rr.cur.add(v[0], v[1], v[2], tps)
	if rr.oi >= 0 {
		rr.curTokens.add(v[3])
	}
	return nil
}

// levelOf makes the level of a row's concurrency cell the current one.
// A cell written as the last row's (a level's rows come together) is
// that level's, and is not parsed again.
func (rr *requestReader) levelOf(cell []byte) error {
	if rr.cur != nil && bytes.Equal(cell, rr.curCell) {
		return nil
	}
	c, err := requestLevel(unsafeString(cell))
	if err != nil {
		return rr.lr.cellError(rr.t, rr.ci, err)
	}
	if err := rr.level(c); err != nil {
		return err
	}
	rr.curCell = append(rr.curCell[:0], cell...)
	return nil
}

// level makes concurrency c's sample set the current one, starting it
// at the current line when c is new.
func (rr *requestReader) level(c int) error {
	if rr.cur != nil && rr.cur.c == c {
		return nil
	}
	if rr.cur, rr.curTokens = rr.sets[c], rr.tokens[c]; rr.cur != nil {
		return nil
	}
	lr := rr.lr
	if len(rr.order) == MaxLevels {
		return errorf(Pos{File: lr.file, Line: lr.line, Col: 1}, "", "concurrency %d is load level %d; expected at most %d load levels per configuration",
			c, MaxLevels+1, MaxLevels)
	}
	rr.cur, rr.curTokens = &sampleSet{c: c, pos: Pos{File: lr.file, Line: lr.line}}, &tokenMean{}
	rr.sets[c], rr.tokens[c] = rr.cur, rr.curTokens
	rr.order = append(rr.order, c)
	return nil
}

// values are a successful request's ttft_ms, itl_ms, latency_s and
// output_tokens (Absent for a missing column), each judged.
func (rr *requestReader) values(rec [][]byte) ([4]float64, error) {
	var v [4]float64
	for k, i := range [4]int{rr.ti, rr.ii, rr.li, rr.oi} {
		if i < 0 {
			v[k] = Absent
			continue
		}
		cell := unsafeString(bytes.TrimSpace(rec[i]))
		var err error
		v[k], err = parseNumber(cell)
		if q := &requestQuantities[k]; err == nil && !q.accepts(v[k]) {
			err = checkNumber(v[k], strconv.Quote(cell), *q)
		}
		if err != nil {
			return v, rr.lr.cellError(rr.t, i, err)
		}
	}
	if rr.li >= 0 && rr.ti >= 0 && v[2]*1000 < v[0] {
		// As the vLLM detailed reader refuses it: a request cannot
		// end before its first token.
		return v, rr.lr.cellError(rr.t, rr.li, fmt.Errorf("%g s is shorter than the request's TTFT (%g ms); expected a latency ≥ its TTFT", v[2], v[0]))
	}
	return v, nil
}

// levels summarizes each level's samples, in load order.
func (rr *requestReader) levels() []Level {
	slices.Sort(rr.order)
	levels := make([]Level, 0, len(rr.order))
	for _, c := range rr.order {
		l := rr.sets[c].level()
		if rr.oi >= 0 {
			l.OutputTokens = rr.tokens[c].mean()
		}
		if rr.ei < 0 {
			l.Errors = -1 // no error column: failed requests are not known
		}
		levels = append(levels, l)
	}
	return levels
}

// requestQuantities are what the numbers of a request row measure:
// ttft_ms, itl_ms, latency_s, output_tokens.
var requestQuantities = [4]quantity{timeMS, timeMS, timeS, tokenCount}

// unsafeString views b as a string without copying, for parsing: the
// string must not outlive the next read.
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// lineReader splits CSV lines into fields without allocating; a line
// holding a quote is parsed by encoding/csv instead (quoted fields may
// hold commas and, rarely, newlines).
type lineReader struct {
	r        *bufio.Reader
	file     string
	line     int // line number of the current record's first line
	nextLine int // line number the next record starts on
	fields   [][]byte
	starts   []int // byte offset (0-based) of each field in its line
}

func (lr *lineReader) next() ([][]byte, error) {
	if lr.nextLine == 0 {
		lr.nextLine = 1
	}
	lr.line = lr.nextLine
	raw, err := lr.readLine(nil)
	if err != nil && err != io.EOF {
		return nil, err
	}
	if len(raw) == 0 && err != nil {
		return nil, io.EOF
	}
	lr.nextLine++
	if bytes.IndexByte(raw, '"') >= 0 {
		return lr.quoted(raw)
	}
	raw = bytes.TrimRight(raw, "\r\n")
	lr.fields, lr.starts = lr.fields[:0], lr.starts[:0]
	start := 0
	for {
		i := bytes.IndexByte(raw[start:], ',')
		lr.starts = append(lr.starts, start)
		if i < 0 {
			lr.fields = append(lr.fields, raw[start:])
			break
		}
		lr.fields = append(lr.fields, raw[start:start+i])
		start += i + 1
	}
	return lr.fields, nil
}

// maxRecord bounds one record of a per-request file (a line, or the
// lines of a quoted field that spans several): per-request files are
// streamed whatever their size, but one record is held whole.
const maxRecord = 1 << 20

// readLine appends the next line (up to and including '\n') to buf,
// refusing a record that grows past maxRecord. At the end of the file
// it returns what is left and io.EOF.
func (lr *lineReader) readLine(buf []byte) ([]byte, error) {
	for {
		part, err := lr.r.ReadSlice('\n')
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			return nil, errorf(Pos{File: lr.file, Line: lr.line, Col: 1}, "", "cannot read: %v", err)
		}
		if buf == nil && err != bufio.ErrBufferFull {
			return part, err // the common case: no copy
		}
		buf = append(buf, part...)
		if len(buf) > maxRecord {
			return nil, errorf(Pos{File: lr.file, Line: lr.line, Col: 1}, "", "record is longer than %s; expected one request per line", sizeText(maxRecord))
		}
		if err != bufio.ErrBufferFull {
			return buf, err
		}
	}
}

// quoted parses a line with quotes by encoding/csv, reading on while a
// quoted field spans lines.
func (lr *lineReader) quoted(raw []byte) ([][]byte, error) {
	buf := append([]byte(nil), raw...)
	for quotes := bytes.Count(buf, []byte{'"'}); quotes%2 == 1; {
		n := len(buf)
		var err error
		buf, err = lr.readLine(buf)
		if err != nil && err != io.EOF {
			return nil, err
		}
		if len(buf) == n {
			col := bytes.IndexByte(raw, '"') + 1
			return nil, errorf(Pos{File: lr.file, Line: lr.line, Col: col}, "", "quoted field is never closed; it runs to the end of the file")
		}
		quotes += bytes.Count(buf[n:], []byte{'"'})
		lr.nextLine++
	}
	cr := csv.NewReader(bytes.NewReader(buf))
	cr.FieldsPerRecord = -1
	rec, err := cr.Read()
	if err != nil {
		return nil, errorf(Pos{File: lr.file, Line: lr.line, Col: 1}, "", "misplaced '\"': a quoted field must start and end with '\"'")
	}
	lr.fields, lr.starts = lr.fields[:0], lr.starts[:0]
	for i, f := range rec {
		_, col := cr.FieldPos(i)
		lr.fields = append(lr.fields, []byte(f))
		lr.starts = append(lr.starts, col-1)
	}
	return lr.fields, nil
}

// positions are the current record's field positions.
func (lr *lineReader) positions() []Pos {
	ps := make([]Pos, len(lr.starts))
	for i, s := range lr.starts {
		ps[i] = Pos{File: lr.file, Line: lr.line, Col: s + 1}
	}
	return ps
}

// cellError places err at field i of the current record.
func (lr *lineReader) cellError(t *table, i int, err error) error {
	return &Error{Pos: Pos{File: lr.file, Line: lr.line, Col: lr.starts[i] + 1}, Column: t.orig[i], Err: err}
}

// requestLevel parses a per-request row's concurrency.
func requestLevel(s string) (int, error) {
	s = strings.TrimSpace(s)
	f, err := parseNumber(s)
	if err == nil && !rowLevel.accepts(f) {
		err = checkNumber(f, strconv.Quote(s), rowLevel)
	}
	if err != nil {
		return 0, err
	}
	return int(f), nil
}

// isRequestsHeader reports whether a CSV header line is per-request data.
func isRequestsHeader(head string) bool {
	h := strings.ToLower(head)
	return strings.Contains(h, "ttft_ms") && strings.Contains(h, "latency_s") && !strings.Contains(h, "ttft_mean")
}
