package ingest

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// A DCGM export is dcgm-exporter's metrics as Prometheus keeps them,
// saved beside the results as the HTTP API answers a range query:
//
//	curl -G http://prom:9090/api/v1/query_range \
//	  --data-urlencode 'query={__name__=~"DCGM_FI_DEV_(POWER_USAGE|TOTAL_ENERGY_CONSUMPTION|GPU_UTIL)"}' \
//	  --data-urlencode start=… --data-urlencode end=… --data-urlencode step=1s > dcgm.json
//
// {"status": "success", "data": {"resultType": "matrix", "result": [
// {"metric": {"__name__": "DCGM_FI_DEV_POWER_USAGE", "gpu": "0", "UUID":
// …, "Hostname": …, "modelName": …}, "values": [[1733050000.123,
// "245.3"], …]}, …]}}: one series per GPU and metric, each point an
// epoch time in seconds (an instant, UTC) and its value as a string.
// Of dcgm-exporter's fields (its default-counters.csv) it reads
// DCGM_FI_DEV_POWER_USAGE (W, a gauge), DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION
// (mJ since boot, a counter) and DCGM_FI_DEV_GPU_UTIL (%, a gauge, which
// tells idle GPUs); other series are ignored. A GPU is told by its gpu
// label (else its UUID) and its Hostname: the GPUs of several hosts are
// all kept, named "host gpu", as a multi-node deployment's are (the
// analysis leaves the idle ones out and checks the count against the
// configuration's); two series of one metric for one GPU (two scrape
// jobs of one exporter) are refused.
//
// With the counter for every GPU, a GPU's energy is the counter's
// delta over the run's window (EnergyCounter), else its power samples
// are integrated as a power log's are (PowerSamples). A range query
// repeats a series' last scrape at each step until the next one (its
// lookback): a counter's value repeated at the next step is that, not
// a reading, and only the step where it changed is kept, so that the
// counter's intervals are the scrapes'. A gauge's repeats cannot be
// told from a steady reading and are kept. "NaN" is a missing sample.
//
// The export is read as a power log is (powerLog, with utc set): the
// folder walk finds it among the files that hold no result (Detect
// refuses it as one: isPrometheusAnswer) and attachPowerLogs gives its
// power to the runs whose windows it covers.

// The DCGM fields a DCGM export is read for.
const (
	dcgmPower  = "DCGM_FI_DEV_POWER_USAGE"
	dcgmEnergy = "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION"
	dcgmUtil   = "DCGM_FI_DEV_GPU_UTIL"
)

// dcgmEnergyQ is the energy counter as DCGM states it: mJ since boot.
var dcgmEnergyQ = quantity{what: "energy", unit: "mJ", max: 1e18}

// isDCGMExport reports whether data, the start of a file, is a DCGM
// export: a Prometheus API answer (a JSON object whose "data" states a
// "resultType") naming a DCGM field.
func isDCGMExport(data []byte) bool {
	data = bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	return bytes.HasPrefix(data, []byte("{")) && bytes.Contains(data, []byte(`"resultType"`)) &&
		bytes.Contains(data, []byte(`"status"`)) && bytes.Contains(data, []byte(`"DCGM_FI_`))
}

// isPrometheusAnswer reports whether the first JSON value of a file, as
// Detect previews it, is a Prometheus API answer ({"status": …,
// "data": {"resultType": …}}): never a benchmark result.
func isPrometheusAnswer(p preview) bool {
	return !p.list && p.obj.has("status") && p.obj.sub("data").has("resultType")
}

// dcgmReader reads one DCGM export: the file, the start of each line
// (for positions), the GPUs by key (host and gpu), the line of each
// GPU's series of each metric, the hosts, the samples read.
type dcgmReader struct {
	file   string
	lines  []int
	gpus   map[string]int
	series map[string]int
	hosts  map[string]bool
	n      int
}

// pos is the position of byte offset off.
func (r *dcgmReader) pos(off int) Pos {
	i, _ := slices.BinarySearch(r.lines, off+1)
	return Pos{File: r.file, Line: i, Col: off - r.lines[i-1] + 1}
}

// errAt is an error at the value v (or, without one, at offset off).
func (r *dcgmReader) errAt(v any, off int, format string, args ...any) error {
	if o := valueOffset(v); o >= 0 {
		off = o
	}
	return errorf(r.pos(off), "", format, args...)
}

// readDCGMExport reads the DCGM export file holding data. An error
// names the line and column of what cannot be read.
func readDCGMExport(file string, data []byte) (*powerLog, error) {
	vals, err := jsonValues(file, data)
	if err != nil {
		return nil, err
	}
	r := &dcgmReader{file: file, lines: []int{0}, gpus: map[string]int{}, series: map[string]int{}, hosts: map[string]bool{}}
	for i, c := range data {
		if c == '\n' {
			r.lines = append(r.lines, i+1)
		}
	}
	root, ok := asObj(vals[0], "")
	if !ok || len(vals) > 1 {
		return nil, r.errAt(vals[min(1, len(vals)-1)], 0, "expected one JSON object, the Prometheus API's answer to a range query (/api/v1/query_range)")
	}
	if s := root.str("status"); s != "success" {
		why := ""
		if e := root.str("error"); e != "" {
			why = " (" + e + ")"
		}
		return nil, r.errAt(root.get("status"), root.off, "status %q: the query failed%s; expected \"success\"", s, why)
	}
	d := root.sub("data")
	if rt := d.str("resultType"); rt != "matrix" {
		return nil, r.errAt(d.get("resultType"), d.off, "resultType %q: expected \"matrix\", a range query's answer (/api/v1/query_range); an instant query's holds one sample per series", rt)
	}
	list, path, ok := d.list("result")
	if !ok {
		return nil, r.errAt(d.get("result"), d.off, "data.result: expected the list of series")
	}
	pl := &powerLog{file: file, utc: true, kind: "DCGM export"}
	for i, v := range list {
		so, ok := asObj(v, item(path, i))
		if !ok {
			return nil, r.errAt(v, 0, "%s: expected a series, {\"metric\": …, \"values\": …}", item(path, i))
		}
		if err := r.readSeries(pl, so); err != nil {
			return nil, err
		}
	}
	if err := r.finish(pl, root.off); err != nil {
		return nil, err
	}
	return pl, nil
}

// readSeries reads one series into pl: its GPU's.
func (r *dcgmReader) readSeries(pl *powerLog, so obj) error {
	m := so.sub("metric")
	name := m.str("__name__")
	if name != dcgmPower && name != dcgmEnergy && name != dcgmUtil {
		return nil
	}
	gpu := m.str("gpu")
	if gpu == "" {
		gpu = m.str("UUID")
	}
	if gpu == "" {
		return r.errAt(so.get("metric"), so.off, "%s: this %s series names no GPU (no gpu or UUID label); expected dcgm-exporter's labels", so.name("metric"), name)
	}
	host := m.str("Hostname")
	r.hosts[host] = true
	key := host + "\x00" + gpu
	k, seen := r.gpus[key]
	if !seen {
		k = len(pl.gpus)
		r.gpus[key] = k
		pl.gpus = append(pl.gpus, gpuSeries{id: gpu, host: host, name: m.str("modelName")})
	}
	g := &pl.gpus[k]
	dst := map[string]*[]powerSample{dcgmPower: &g.samples, dcgmEnergy: &g.energy, dcgmUtil: &g.util}[name]
	if line, ok := r.series[key+"\x00"+name]; ok {
		return r.errAt(so.get("metric"), so.off, "a second %s series for GPU %s%s (the first at line %d); expected one per GPU: filter the query by job or instance", name, gpu, onHost(host), line)
	}
	r.series[key+"\x00"+name] = r.pos(so.off).Line
	values, vpath, ok := so.list("values")
	if !ok {
		return r.errAt(so.get("values"), so.off, "%s: expected the series' [time, \"value\"] pairs (a range query's \"values\")", vpath)
	}
	out := make([]powerSample, 0, len(values))
	for i, v := range values {
		s, missing, err := r.point(v, item(vpath, i), name)
		if err != nil {
			return err
		}
		if r.n++; r.n > maxPowerRows {
			return r.errAt(v, 0, "holds more than %d samples; expected at most %d", maxPowerRows, maxPowerRows)
		}
		if k := len(out); k > 0 && !s.t.After(out[k-1].t) {
			return r.errAt(v, 0, "%s: this sample of GPU %s%s is not later than the one at line %d; expected its samples in time order", item(vpath, i), gpu, onHost(host), out[k-1].line)
		}
		if missing {
			continue
		}
		if name == dcgmEnergy && len(out) > 0 {
			if last := out[len(out)-1]; s.w < last.w {
				return r.errAt(v, 0, "%s: GPU %s%s's energy counter falls from %g to %g mJ (the counter restarted: the GPU or its host was reset); expected a window without a reset", item(vpath, i), gpu, onHost(host), last.w*1e3, s.w*1e3)
			} else if s.w == last.w {
				continue // the last scrape, repeated at this step
			}
		}
		out = append(out, s)
	}
	*dst = out
	return nil
}

// onHost is " on host", or "" for no host.
func onHost(host string) string {
	if host == "" {
		return ""
	}
	return " on " + host
}

// point reads one [time, "value"] pair at name of a metric's series:
// the energy counter in J, the others as DCGM states them; missing
// for "NaN".
func (r *dcgmReader) point(v any, name, metric string) (s powerSample, missing bool, err error) {
	pair, ok := v.(*jarray)
	if !ok || len(pair.items) != 2 {
		return s, false, r.errAt(v, 0, "%s: expected a [time, \"value\"] pair", name)
	}
	s.line, s.util = r.pos(pair.off).Line, Absent
	secs := epochOf(pair.items[0])
	if !(secs > 0) || secs >= 1e11 {
		return s, false, r.errAt(pair.items[0], pair.off, "%s: %v is not a time; expected seconds since the epoch (1733050000.123)", name, pair.items[0])
	}
	s.t = epochTime(secs)
	text, ok := pair.items[1].(jstr)
	if !ok {
		return s, false, r.errAt(pair.items[1], pair.off, "%s: %v is not a sample value; expected a number in a string (\"245.3\")", name, pair.items[1])
	}
	if text.s == "NaN" {
		return s, true, nil
	}
	q := map[string]quantity{dcgmPower: powerQ, dcgmEnergy: dcgmEnergyQ, dcgmUtil: utilQ}[metric]
	f, err := strconv.ParseFloat(text.s, 64)
	if err == nil {
		err = checkNumber(f, strconv.Quote(text.s), q)
	} else {
		err = fmt.Errorf("%q is not a number", text.s)
	}
	if err != nil {
		return s, false, r.errAt(text, pair.off, "%s: %s: %v", name, metric, err)
	}
	s.w = f
	if metric == dcgmEnergy {
		s.w = f / 1e3
	}
	return s, false, nil
}

// finish checks the export's GPUs once read: each measured by one
// method (every GPU's counter, else every GPU's power), and names them
// (by host too, when several are).
func (r *dcgmReader) finish(pl *powerLog, off int) error {
	if len(pl.gpus) == 0 {
		return errorf(r.pos(off), "", "no %s or %s series; expected dcgm-exporter's metrics, queried over the runs' time", dcgmPower, dcgmEnergy)
	}
	pl.counter = true
	for _, g := range pl.gpus {
		pl.counter = pl.counter && len(g.energy) > 0
		pl.util = pl.util || r.series[g.host+"\x00"+g.id+"\x00"+dcgmUtil] > 0
	}
	for i, g := range pl.gpus {
		if !pl.counter && len(g.samples) == 0 {
			what := "neither " + dcgmPower + " nor " + dcgmEnergy + " samples"
			if g.energy != nil {
				what = "no " + dcgmPower + " samples, and not every GPU has " + dcgmEnergy
			}
			return errorf(Pos{File: r.file, Line: firstLine(g), Col: 1}, "", "GPU %s has %s: the GPUs are measured alike, all by the energy counter or all by power", g.id, what)
		}
		if len(r.hosts) > 1 {
			pl.gpus[i].id = strings.TrimSpace(g.host + " " + g.id)
		}
	}
	return nil
}

// firstLine is the line of a GPU's first sample of any series; 1 when
// it has none.
func firstLine(g gpuSeries) int {
	for _, s := range [][]powerSample{g.samples, g.energy, g.util} {
		if len(s) > 0 {
			return s[0].line
		}
	}
	return 1
}

// dcgmExportFile reports whether a file named p whose start is head
// may be a DCGM export: the folder walk reads it as telemetry.
func dcgmExportFile(p string, head []byte) bool {
	return strings.EqualFold(filepath.Ext(p), ".json") && isDCGMExport(head)
}
