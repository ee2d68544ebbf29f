package ingest

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// A power log is what nvidia-smi writes with
//
//	nvidia-smi --query-gpu=timestamp,power.draw --format=csv[,nounits] -l 1
//
// beside a benchmark's results: a header ("timestamp, power.draw [W]"),
// then one row per GPU per poll, "2024/11/08 01:16:09.780, 49.04" (or
// "49.04 W" without nounits), the timestamp local wall-clock time
// without a zone. An index, uuid or pci.bus_id column tells the GPUs
// apart; without one, the GPUs are told by their order within each poll:
// nvidia-smi writes a poll's rows back to back (3 ms apart in the
// fixture), so a row less than PollGap after the previous one belongs to
// its poll, and every poll must hold the same number of rows (the last
// may be cut short). A utilization.gpu column, where the log has one,
// tells idle GPUs; other columns are ignored; "[N/A]" is a missing
// sample. A power log is not a result: the folder walk reads it as
// telemetry (scan.powerLog) and gives its power to the runs whose
// windows it covers (attachPowerLogs).
//
// A DCGM export, dcgm-exporter's metrics as a Prometheus range query
// answers them, is read as a power log too (dcgm.go): its samples are
// instants in UTC, matched to a run's window through report.toml's UTC
// offset where the run states wall-clock times (Window.on), and with
// an energy counter for every GPU its energy is the counter's delta.
// dcgmi dmon prints no timestamp, so its samples cannot be matched to a
// run's window, and is not read.

// PollGap is the longest time between two rows of one poll in a power
// log without an index column.
const PollGap = 100 * time.Millisecond

// powerLogExts are the extensions a power log is looked for under.
var powerLogExts = []string{".csv", ".log", ".txt"}

// powerLog is a power log as read: each GPU's samples in time order.
type powerLog struct {
	file string
	gpus []gpuSeries
	util bool // the log has a utilization.gpu column (a DCGM export: a utilization series)
	// utc: the samples' times are instants in UTC (a DCGM export's),
	// not wall-clock times without a zone (nvidia-smi's).
	utc bool
	// counter: every GPU has an energy counter's samples (a DCGM
	// export's), which measure its energy (EnergyCounter).
	counter bool
	// kind names the log in warnings: "power log", "DCGM export".
	kind string
}

// gpuSeries is one GPU's samples: its power's, and, in a DCGM export,
// its energy counter's (w the counter in J) and its utilization's (w
// in %).
type gpuSeries struct {
	id, name     string
	host         string // a DCGM export's Hostname
	samples      []powerSample
	energy, util []powerSample
}

// powerSample is one sample: its time, power (W), utilization (% or
// NaN) and line.
type powerSample struct {
	t    time.Time
	w    float64
	util float64
	line int
}

// powerColumns are a power log's columns by index; -1 when absent.
type powerColumns struct {
	time, power, util, gpu int
}

// powerLogHeader reads a header line's columns, ok when it is a power
// log's: a timestamp and a power.draw column (power.draw,
// power.draw.average or power.draw.instant, with or without its unit).
func powerLogHeader(cells []string) (c powerColumns, ok bool) {
	c = powerColumns{-1, -1, -1, -1}
	for i, cell := range cells {
		name, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(cell)), " [")
		switch {
		case name == "timestamp":
			c.time = i
		case strings.HasPrefix(name, "power.draw") && c.power < 0:
			c.power = i
		case name == "utilization.gpu":
			c.util = i
		case name == "index" || (name == "uuid" || name == "pci.bus_id") && c.gpu < 0:
			c.gpu = i
		}
	}
	return c, c.time >= 0 && c.power >= 0
}

// isPowerLog reports whether data, a file's content, begins with a
// power log's header.
func isPowerLog(data []byte) bool {
	line, _, _ := bytes.Cut(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), []byte("\n"))
	_, ok := powerLogHeader(strings.Split(string(bytes.TrimSpace(line)), ","))
	return ok
}

// readPowerLog reads the power log file holding data. An error names
// the line and column of what cannot be read.
func readPowerLog(file string, data []byte) (*powerLog, error) {
	cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))))
	cr.TrimLeadingSpace, cr.FieldsPerRecord, cr.ReuseRecord = true, -1, false
	head, err := cr.Read()
	if err != nil {
		return nil, errorf(Pos{File: file, Line: 1, Col: 1}, "", "cannot read the header: %v", err)
	}
	cols, ok := powerLogHeader(head)
	if !ok {
		return nil, errorf(Pos{File: file, Line: 1, Col: 1}, "", "no timestamp and power.draw columns; expected nvidia-smi --query-gpu=timestamp,power.draw --format=csv")
	}
	log := &powerLog{file: file, util: cols.util >= 0, kind: "power log"}
	var rows []powerRow
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, errorf(Pos{File: file, Line: pe.Line, Col: pe.Column}, "", "%v", pe.Err)
			}
			return nil, errorf(Pos{File: file, Line: 1}, "", "%v", err)
		}
		line, _ := cr.FieldPos(0)
		if slices.Equal(rec, head) || len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // the header again (a log appended to), a blank line
		}
		row, err := readPowerRow(file, cr, rec, cols, line)
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
		if len(rows) > maxPowerRows {
			return nil, errorf(Pos{File: file, Line: line}, "", "holds more than %d samples; expected at most %d", maxPowerRows, maxPowerRows)
		}
	}
	if len(rows) == 0 {
		return nil, errorf(Pos{File: file, Line: 2, Col: 1}, "", "no sample after the header")
	}
	if cols.gpu >= 0 {
		if err := repeatedInPoll(file, strings.TrimSpace(head[cols.gpu]), rows); err != nil {
			return nil, err
		}
		log.gpus = seriesByID(rows)
	} else if log.gpus, err = seriesByPoll(file, rows); err != nil {
		return nil, err
	}
	for _, g := range log.gpus {
		for i := 1; i < len(g.samples); i++ {
			if a, b := g.samples[i-1], g.samples[i]; !b.t.After(a.t) {
				return nil, errorf(Pos{File: file, Line: b.line, Col: 1}, "", "GPU %s's sample is not later than the one at line %d; expected its samples in time order", g.id, a.line)
			}
		}
	}
	return log, nil
}

// maxPowerRows is the most rows a power log may hold: a day of 1 s
// polls of 64 GPUs is about 5.5 million; a log is read whole, as a
// result file is (MaxFileSize).
const maxPowerRows = 8_000_000

// powerRow is a row as read, before the GPUs are told apart.
type powerRow struct {
	gpu    string // the index, uuid or bus id; "" without such a column
	gpuCol int    // the column the gpu cell begins at
	powerSample
	missing bool // "[N/A]": no power in this row
}

// readPowerRow reads one row of a power log.
func readPowerRow(file string, cr *csv.Reader, rec []string, cols powerColumns, line int) (powerRow, error) {
	cell := func(i int) (string, Pos) {
		if i >= len(rec) {
			return "", Pos{File: file, Line: line, Col: 1}
		}
		l, c := cr.FieldPos(i)
		return strings.TrimSpace(rec[i]), Pos{File: file, Line: l, Col: c}
	}
	r := powerRow{powerSample: powerSample{line: line, util: Absent}}
	s, pos := cell(cols.time)
	t, err := time.Parse("2006/01/02 15:04:05.999999999", s)
	if err != nil {
		return r, errorf(pos, "timestamp", "%q is not a time; expected YYYY/MM/DD HH:MM:SS.mmm as nvidia-smi writes it", s)
	}
	r.t = t
	if cols.gpu >= 0 {
		var pos Pos
		r.gpu, pos = cell(cols.gpu)
		r.gpuCol = pos.Col
	}
	s, pos = cell(cols.power)
	r.w, r.missing, err = sampleValue(s, "W", powerQ)
	if err != nil {
		return r, &Error{Pos: pos, Column: "power.draw", Err: err}
	}
	if cols.util >= 0 {
		s, pos = cell(cols.util)
		var missing bool
		if r.util, missing, err = sampleValue(s, "%", utilQ); err != nil {
			return r, &Error{Pos: pos, Column: "utilization.gpu", Err: err}
		} else if missing {
			r.util = Absent
		}
	}
	return r, nil
}

// sampleValue reads a cell of a power log: a number, with its unit
// or without (nounits); missing for nvidia-smi's "[N/A]", "[Not
// Supported]" and the like.
func sampleValue(s, unit string, q quantity) (v float64, missing bool, err error) {
	if strings.HasPrefix(s, "[") || s == "" || strings.EqualFold(s, "N/A") {
		return Absent, true, nil
	}
	num := strings.TrimSpace(strings.TrimSuffix(s, unit))
	v, err = parseNumber(num)
	if err != nil {
		return Absent, false, fmt.Errorf("%q is not a number", s)
	}
	if err := checkNumber(v, fmt.Sprintf("%q", s), q); err != nil {
		return Absent, false, err
	}
	return v, false, nil
}

// seriesByID splits rows by their GPU column, in the order the GPUs
// first appear.
func seriesByID(rows []powerRow) []gpuSeries {
	var out []gpuSeries
	at := map[string]int{}
	for _, r := range rows {
		i, ok := at[r.gpu]
		if !ok {
			i = len(out)
			at[r.gpu] = i
			out = append(out, gpuSeries{id: r.gpu})
		}
		if !r.missing {
			out[i].samples = append(out[i].samples, r.powerSample)
		}
	}
	return out
}

// repeatedInPoll refuses a log whose GPU column (named column) repeats
// within one poll: two samples of one GPU a few ms apart, which
// nvidia-smi never writes (a log of two machines' GPU 0, or a column
// that is not the GPU's). A poll is as seriesByPoll tells it, rows
// chained less than PollGap apart, and is judged only where the chain
// spans less than PollGap: a faster loop (nvidia-smi -lms 50) chains
// its polls together, and is not judged.
func repeatedInPoll(file, column string, rows []powerRow) error {
	start := 0
	for i := 1; i <= len(rows); i++ {
		if i < len(rows) && rows[i].t.Sub(rows[i-1].t) < PollGap && !rows[i].t.Before(rows[i-1].t) {
			continue
		}
		poll := rows[start:i]
		start = i
		if poll[len(poll)-1].t.Sub(poll[0].t) >= PollGap {
			continue
		}
		seen := map[string]powerRow{}
		for _, r := range poll {
			if prev, ok := seen[r.gpu]; ok {
				return errorf(Pos{File: file, Line: r.line, Col: r.gpuCol}, column, "GPU %s again, %s after its row at line %d, within one poll; expected one row per GPU per poll (nvidia-smi writes a poll's rows back to back, its next poll a loop interval later)",
					r.gpu, r.t.Sub(prev.t), prev.line)
			}
			seen[r.gpu] = r
		}
	}
	return nil
}

// seriesByPoll splits the rows of a log without a GPU column into its
// polls (a row less than PollGap after the previous one is of its
// poll) and gives the n-th row of each poll to GPU #n. Every poll but
// the last must hold as many rows as the first.
func seriesByPoll(file string, rows []powerRow) ([]gpuSeries, error) {
	var polls [][]powerRow
	for i, r := range rows {
		if i == 0 || r.t.Sub(rows[i-1].t) >= PollGap || r.t.Before(rows[i-1].t) {
			polls = append(polls, nil)
		}
		polls[len(polls)-1] = append(polls[len(polls)-1], r)
	}
	n := len(polls[0])
	out := make([]gpuSeries, n)
	for i := range out {
		out[i].id = fmt.Sprintf("#%d", i+1)
	}
	for k, p := range polls {
		if len(p) > n || len(p) < n && k < len(polls)-1 {
			return nil, errorf(Pos{File: file, Line: p[0].line, Col: 1}, "", "this poll holds %d rows, the first (line %d) %d: without an index column the GPUs are told apart by their order in each poll; add index to --query-gpu", len(p), polls[0][0].line, n)
		}
		for i, r := range p {
			if !r.missing {
				out[i].samples = append(out[i].samples, r.powerSample)
			}
		}
	}
	return out, nil
}

// powerLogFile reports whether the file at p may be a power log or a
// DCGM export, by its extension and start: the folder walk reads it as
// telemetry.
func powerLogFile(p string) bool {
	ext := strings.ToLower(filepath.Ext(p))
	if !slices.Contains(powerLogExts, ext) && ext != ".json" {
		return false
	}
	st, err := checkRegular(p)
	if err != nil || st.Size() > MaxFileSize {
		return false
	}
	data, err := readHead(p, 4096)
	return err == nil && (slices.Contains(powerLogExts, ext) && isPowerLog(data) || dcgmExportFile(p, data))
}

// readHead reads up to n bytes from the start of the file at p.
func readHead(p string, n int) ([]byte, error) {
	f, err := openStream(p)
	if err != nil {
		return nil, err
	}
	buf := make([]byte, n)
	k, err := io.ReadFull(f, buf)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, fileError(p, err)
	}
	return buf[:k], nil
}
