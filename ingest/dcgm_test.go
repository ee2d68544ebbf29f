package ingest

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// epochAt is 2026-03-01 12:00:s UTC as epoch seconds.
func epochAt(s float64) float64 { return float64(clockAt(0).Unix()) + s }

// dcgmSeries is one series of a DCGM export: its metric, GPU and host
// labels, and its points (seconds after 12:00:00 UTC, and the value).
type dcgmSeries struct {
	metric, gpu, host string
	at                []float64
	values            []string
}

// genExport writes a DCGM export as Prometheus answers a range query,
// pretty-printed one point per line (as jq writes it but shorter).
func genExport(series ...dcgmSeries) string {
	var b strings.Builder
	b.WriteString(`{"status": "success", "data": {"resultType": "matrix", "result": [` + "\n")
	for i, s := range series {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"metric": {"__name__": %q, "gpu": %q, "Hostname": %q, "modelName": "NVIDIA H100 80GB HBM3"}, "values": [`+"\n", s.metric, s.gpu, s.host)
		for k, at := range s.at {
			if k > 0 {
				b.WriteString(",\n")
			}
			fmt.Fprintf(&b, `[%s, %q]`, strconv.FormatFloat(epochAt(at), 'f', -1, 64), s.values[k])
		}
		b.WriteString("]}")
	}
	b.WriteString("\n]}}\n")
	return b.String()
}

// steady is a series sampled at each of at with the value v.
func steady(metric, gpu string, v string, at ...float64) dcgmSeries {
	values := make([]string, len(at))
	for i := range values {
		values[i] = v
	}
	return dcgmSeries{metric: metric, gpu: gpu, host: "node1", at: at, values: values}
}

// seconds are 0, 1, …, n−1.
func seconds(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = float64(i)
	}
	return out
}

// utcWindow is the window 12:00:a–12:00:b UTC, as the log's clock.
func utcWindow(a, b float64) Window {
	return Window{Start: clockAt(a), End: clockAt(b)}
}

// TestDCGMExportFixtures reads the generated exports of
// energy-dcgm.txtar: two GPUs each, named by their gpu label with their
// model; vllm-a's counter dropped at odd seconds (the query repeating
// the scrape of the second before), vllm-b without a counter.
func TestDCGMExportFixtures(t *testing.T) {
	for _, tt := range []struct {
		file            string
		counter, util   bool
		energy, samples int // GPU 0's
	}{
		{"vllm-a-dcgm.json", true, true, 46, 91},
		{"vllm-b-dcgm.json", false, false, 0, 117},
	} {
		p := filepath.Join("testdata", "dcgm", tt.file)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !isDCGMExport(data) || !powerLogFile(p) {
			t.Errorf("%s: not told as a DCGM export", tt.file)
		}
		pl, err := readDCGMExport(p, data)
		if err != nil {
			t.Fatal(err)
		}
		g := pl.gpus[0]
		if len(pl.gpus) != 2 || g.id != "0" || pl.gpus[1].id != "1" || g.name != "NVIDIA H100 80GB HBM3" || !pl.utc ||
			pl.counter != tt.counter || pl.util != tt.util || len(g.energy) != tt.energy || len(g.samples) != tt.samples {
			t.Errorf("%s: %d GPUs (%q, %q), counter %v, util %v, GPU 0 %d counter and %d power samples; want 2 (0, 1), %v, %v, %d and %d",
				tt.file, len(pl.gpus), g.id, g.name, pl.counter, pl.util, len(g.energy), len(g.samples), tt.counter, tt.util, tt.energy, tt.samples)
		}
	}
}

// TestDCGMExportNotResult: a DCGM export is never read as a result
// (Detect refuses it as no result, the walk takes it as telemetry), and
// a result is never taken for an export.
func TestDCGMExportNotResult(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "dcgm", "vllm-a-dcgm.json"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Detect("dcgm.json", data); !errors.Is(err, ErrNotResult) {
		t.Errorf("Detect(DCGM export) = %v; want ErrNotResult", err)
	}
	for _, f := range []string{"aiperf/k8s-gpt-oss-20b-c1-telemetry.json", "guidellm/qwen3-4b-c4.json", "vllm/nightly-raw-llama33-70b-tp8-qps01.json"} {
		p, data := fixture(t, f)
		if isDCGMExport(data) || powerLogFile(p) {
			t.Errorf("%s: a result taken for a DCGM export", f)
		}
	}
}

// TestDCGMCounter: with a counter for every GPU the energy is the
// counter's delta, interpolated at the window's ends; the gap is the
// interval around an end that falls between samples (0 when both fall
// on samples), 3 s at most passes the analysis. A counter repeated at
// the next step is the last scrape again and dropped, so the intervals
// seen are the scrapes'.
func TestDCGMCounter(t *testing.T) {
	// GPU 0's counter (mJ) grows 300 J a second, scraped every 3 s; the
	// query repeats each scrape at the two steps after it.
	var at []float64
	var mj []string
	for k := range 31 {
		at = append(at, float64(k))
		mj = append(mj, fmt.Sprint(5e9+300e3*float64(k-k%3)))
	}
	data := genExport(dcgmSeries{metric: dcgmEnergy, gpu: "0", host: "node1", at: at, values: mj},
		steady(dcgmPower, "0", "1000", seconds(31)...)) // a power that disagrees: not used
	pl, err := readDCGMExport("e.json", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if !pl.counter || len(pl.gpus[0].energy) != 11 {
		t.Fatalf("counter %v, %d counter samples; want 11 (every 3 s)", pl.counter, len(pl.gpus[0].energy))
	}
	for _, tt := range []struct {
		a, b, gap float64
	}{
		{3, 27, 0},   // both ends on samples
		{4, 27, 3},   // the start between the samples at 3 and 6 s
		{3, 26.5, 3}, // the end between 24 and 27 s
	} {
		tel, cov := pl.over(utcWindow(tt.a, tt.b))
		if cov != coverAll || tel.Method != EnergyCounter || tel.Gap != tt.gap || !near(tel.GPUs[0].Joules, 300*(tt.b-tt.a)) || !near(tel.GPUs[0].Watts, 300) {
			t.Errorf("window %g–%g s: %+v; want the counter's %g J, 300 W, gap %g s", tt.a, tt.b, tel, 300*(tt.b-tt.a), tt.gap)
		}
	}
}

// TestDCGMGapBoundary: a power-only export with 3 s between two samples
// in the window measures a gap of exactly 3 s (integrated: the analysis
// refuses only past MaxPowerGap); 3.001 s measures 3.001. So does a
// counter's interval around a window's end.
func TestDCGMGapBoundary(t *testing.T) {
	for _, gap := range []float64{3, 3.001} {
		at := []float64{0, 1, 2, 2 + gap, 3 + gap, 4 + gap}
		pl, err := readDCGMExport("p.json", []byte(genExport(steady(dcgmPower, "0", "100", at...))))
		if err != nil {
			t.Fatal(err)
		}
		tel, cov := pl.over(utcWindow(1, 3+gap))
		if cov != coverAll || tel.Method != PowerSamples || math.Abs(tel.Gap-gap) > 1e-6 || !near(tel.GPUs[0].Watts, 100) {
			t.Errorf("power, %g s apart: %+v; want gap %g s, 100 W", gap, tel, gap)
		}
		counter := dcgmSeries{metric: dcgmEnergy, gpu: "0", host: "node1", at: []float64{0, 1, 1 + gap}, values: []string{"1000000", "1100000", fmt.Sprint(1100000 + 100e3*gap)}}
		pl, err = readDCGMExport("e.json", []byte(genExport(counter)))
		if err != nil {
			t.Fatal(err)
		}
		tel, _ = pl.over(utcWindow(0, 2))
		if tel == nil || math.Abs(tel.Gap-gap) > 1e-6 || !near(tel.GPUs[0].Watts, 100) {
			t.Errorf("counter, %g s around the end: %+v; want gap %g s, 100 W", gap, tel, gap)
		}
	}
}

// TestDCGMCoverageEdges: an export covers a window whose ends fall
// exactly on its first and last samples; a hair before the first or
// past the last, it covers it in part. GPU 1's samples start 1 s after
// GPU 0's: the window must start at GPU 1's first.
func TestDCGMCoverageEdges(t *testing.T) {
	pl, err := readDCGMExport("p.json", []byte(genExport(steady(dcgmPower, "0", "200", seconds(21)...), steady(dcgmPower, "1", "200", seconds(21)[1:]...))))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		a, b float64
		want coverage
	}{
		{1, 20, coverAll},
		{0.999, 20, coverPart},
		{1, 20.001, coverPart},
		{21, 30, coverNone},
	} {
		if _, cov := pl.over(utcWindow(tt.a, tt.b)); cov != tt.want {
			t.Errorf("window %g–%g s: coverage %d; want %d", tt.a, tt.b, cov, tt.want)
		}
	}
}

// TestDCGMIdleAndHosts: GPUs of two hosts are kept, named "host gpu";
// a GPU whose utilization stays 0 in the window is idle, one at 1 %
// works.
func TestDCGMIdleAndHosts(t *testing.T) {
	s := seconds(11)
	util := func(gpu, host, v string) dcgmSeries {
		x := steady(dcgmUtil, gpu, v, s...)
		x.host = host
		return x
	}
	power := func(gpu, host string) dcgmSeries {
		x := steady(dcgmPower, gpu, "300", s...)
		x.host = host
		return x
	}
	pl, err := readDCGMExport("p.json", []byte(genExport(power("0", "node1"), util("0", "node1", "0"), power("0", "node2"), util("0", "node2", "1"))))
	if err != nil {
		t.Fatal(err)
	}
	tel, _ := pl.over(utcWindow(2, 8))
	if len(tel.GPUs) != 2 || tel.GPUs[0].ID != "node1 0" || tel.GPUs[1].ID != "node2 0" || !tel.GPUs[0].Idle || tel.GPUs[1].Idle {
		t.Errorf("GPUs %+v; want node1 0 idle (utilization 0), node2 0 working (1 %%)", tel.GPUs)
	}
}

// TestDCGMErrors: what cannot be read is an error at its line and
// column.
func TestDCGMErrors(t *testing.T) {
	ok := steady(dcgmPower, "0", "100", 0, 1)
	for _, tt := range []struct{ name, data, want string }{
		{"failed", `{"status": "error", "errorType": "bad_data", "error": "parse error"}`,
			`e.json:1:12: status "error": the query failed (parse error); expected "success"`},
		{"instant", `{"status": "success", "data": {"resultType": "vector", "result": []}}`,
			`e.json:1:46: resultType "vector": expected "matrix", a range query's answer (/api/v1/query_range); an instant query's holds one sample per series`},
		{"no series", `{"status": "success", "data": {"resultType": "matrix", "result": []}}`,
			"e.json:1:1: no DCGM_FI_DEV_POWER_USAGE or DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION series; expected dcgm-exporter's metrics, queried over the runs' time"},
		{"no gpu", `{"status": "success", "data": {"resultType": "matrix", "result": [{"metric": {"__name__": "DCGM_FI_DEV_POWER_USAGE"}, "values": []}]}}`,
			"e.json:1:78: data.result[0].metric: this DCGM_FI_DEV_POWER_USAGE series names no GPU (no gpu or UUID label); expected dcgm-exporter's labels"},
		{"twice", genExport(ok, ok),
			"e.json:5:12: a second DCGM_FI_DEV_POWER_USAGE series for GPU 0 on node1 (the first at line 2); expected one per GPU: filter the query by job or instance"},
		{"bad value", genExport(dcgmSeries{metric: dcgmPower, gpu: "0", at: []float64{0}, values: []string{"hot"}}),
			`e.json:3:14: data.result[0].values[0]: DCGM_FI_DEV_POWER_USAGE: "hot" is not a number`},
		{"negative", genExport(dcgmSeries{metric: dcgmPower, gpu: "0", at: []float64{0}, values: []string{"-1"}}),
			`e.json:3:14: data.result[0].values[0]: DCGM_FI_DEV_POWER_USAGE: "-1" is not a valid power; expected a number ≥ 0`},
		{"back in time", genExport(dcgmSeries{metric: dcgmPower, gpu: "0", at: []float64{1, 0}, values: []string{"1", "1"}}),
			"e.json:4:1: data.result[0].values[1]: this sample of GPU 0 is not later than the one at line 3; expected its samples in time order"},
		{"reset", genExport(dcgmSeries{metric: dcgmEnergy, gpu: "0", host: "n", at: []float64{0, 1}, values: []string{"5000", "10"}}),
			"e.json:4:1: data.result[0].values[1]: GPU 0 on n's energy counter falls from 5000 to 10 mJ (the counter restarted: the GPU or its host was reset); expected a window without a reset"},
		{"not a pair", strings.Replace(genExport(ok), `"100"]`, `"100", 1]`, 1),
			"e.json:3:1: data.result[0].values[0]: expected a [time, \"value\"] pair"},
		{"ms times", strings.Replace(genExport(ok), "1772366400,", "1772366400000,", 1),
			"e.json:3:2: data.result[0].values[0]: 1772366400000 is not a time; expected seconds since the epoch (1733050000.123)"},
		{"one method", genExport(steady(dcgmEnergy, "0", "1", 0, 1), steady(dcgmPower, "1", "1", 0, 1)),
			"e.json:3:1: GPU 0 has no DCGM_FI_DEV_POWER_USAGE samples, and not every GPU has DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION: the GPUs are measured alike, all by the energy counter or all by power"},
	} {
		_, err := readDCGMExport("e.json", []byte(tt.data))
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: err = %v\nwant %s", tt.name, err, tt.want)
		}
	}
}

// TestDCGMBesideRuns: a DCGM export's UTC samples are matched to a vLLM
// run (its date a wall-clock time without a zone) only through
// [telemetry] utc_offset: without it, one warning says why and nothing
// is matched; at "+00:00" the run's 12:00:10–30 is the export's; at
// "+03:00" the run is 09:00:10–30 UTC, which the export (12:00:00–40
// UTC) does not cover. A guidellm run states instants: matched without
// an offset, whatever it is. With the results' format forced
// (--input-format vllm), the export is still telemetry, not a result
// that fails to read.
func TestDCGMBesideRuns(t *testing.T) {
	vllm := `{"date": "20260301-120030", "duration": 20, "max_concurrency": 1, "completed": 100, "mean_ttft_ms": 20, "mean_tpot_ms": 9, "mean_e2el_ms": 900, "total_output_tokens": 10000, "output_throughput": 500}`
	export := genExport(steady(dcgmPower, "0", "300", seconds(41)...))
	_, guidellm := fixture(t, "guidellm/qwen3-4b-c4.json") // 2026-03-02 16:58:16.68–16:58:41.59 UTC
	var gat []float64
	for k := range 40 {
		gat = append(gat, 86400+4*3600+58*60+10+float64(k))
	}
	gexport := genExport(steady(dcgmPower, "0", "250", gat...))
	for _, tt := range []struct {
		offset string
		vllmW  float64 // NaN: not matched
		warn   string
	}{
		{"", math.NaN(), "r/vllm/dcgm.json: DCGM export: its samples are UTC times, and the runs in its folder (1) state wall-clock times without a zone; set [telemetry] utc_offset in report.toml (the benchmark machine's offset from UTC, \"+03:00\") to match them; not matched"},
		{"+00:00", 300, ""},
		{"+03:00", math.NaN(), "r/vllm/dcgm.json: DCGM export: its samples (2026-03-01 12:00:00 UTC to 2026-03-01 12:00:40 UTC) cover no run whose result file lies in its folder (0 of those runs state no time); not used"},
	} {
		files := map[string]string{
			"r/vllm/c1.json":        vllm,
			"r/vllm/dcgm.json":      export,
			"r/guidellm/bench.json": string(guidellm),
			"r/guidellm/dcgm.json":  gexport,
		}
		if tt.offset != "" {
			files["r/report.toml"] = fmt.Sprintf("[telemetry]\nutc_offset = %q\n", tt.offset)
		}
		dir := writeTree(t, files)
		format := "" // the guidellm file is detected; a format forced on the vLLM run leaves the export telemetry
		if tt.offset == "+00:00" {
			delete(files, "r/guidellm/bench.json")
			delete(files, "r/guidellm/dcgm.json")
			dir = writeTree(t, files)
			format = FormatVLLM
		}
		c, err := Read(filepath.Join(dir, "r"), ReadOptions{Format: format})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, w := range c.Warnings {
			got = append(got, strings.TrimPrefix(w.Error(), dir+string(filepath.Separator)))
		}
		if want := []string{tt.warn}; tt.warn == "" && len(got) > 0 || tt.warn != "" && !slices.Equal(got, want) {
			t.Errorf("offset %q: warnings %q; want %q", tt.offset, got, tt.warn)
		}
		for _, cfg := range c.Configs {
			tel := cfg.Levels[0].Telemetry
			switch {
			case cfg.ID == "guidellm" && (tel == nil || !near(tel.GPUs[0].Watts, 250)):
				t.Errorf("offset %q: guidellm telemetry %+v; want 250 W (its epoch window, no offset needed)", tt.offset, tel)
			case cfg.ID == "vllm" && math.IsNaN(tt.vllmW) != (tel == nil):
				t.Errorf("offset %q: vllm telemetry %+v; want matched %v", tt.offset, tel, !math.IsNaN(tt.vllmW))
			case cfg.ID == "vllm" && tel != nil && !near(tel.GPUs[0].Watts, tt.vllmW):
				t.Errorf("offset %q: vllm %g W; want %g", tt.offset, tel.GPUs[0].Watts, tt.vllmW)
			}
		}
	}
}

// TestPowerLogBesideEpochRuns: an nvidia-smi log (wall-clock times)
// beside a guidellm run (instants) is matched only through the offset:
// the run's 16:58:16.68–41.59 UTC is 19:58:16.68–41.59 at "+03:00".
func TestPowerLogBesideEpochRuns(t *testing.T) {
	_, guidellm := fixture(t, "guidellm/qwen3-4b-c4.json")
	start := time.Date(2026, 3, 2, 19, 58, 10, 0, time.UTC)
	for _, offset := range []string{"", "+03:00"} {
		files := map[string]string{
			"r/guidellm/bench.json": string(guidellm),
			"r/guidellm/power.csv":  genLog(start, 40, 1, func(_, _ int) string { return "250" }),
		}
		if offset != "" {
			files["r/report.toml"] = fmt.Sprintf("[telemetry]\nutc_offset = %q\n", offset)
		}
		dir := writeTree(t, files)
		c, err := Read(filepath.Join(dir, "r"), ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		tel := c.Configs[0].Levels[0].Telemetry
		zone := slices.ContainsFunc(c.Warnings, func(w *Warning) bool { return w.Kind == WarnEnergyLogZone && w.Values["UTC"] == false })
		if matched := tel != nil; matched != (offset != "") || zone != (offset == "") {
			t.Errorf("offset %q: telemetry %+v, zone warning %v; want matched only with the offset, warned only without", offset, tel, zone)
		}
	}
}

// TestUTCOffset: report.toml's utc_offset from −12:00 to +14:00, as
// +HH:MM or -HH:MM; the bounds are accepted, a minute past them is not.
func TestUTCOffset(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want time.Duration
		ok   bool
	}{
		{"+03:00", 3 * time.Hour, true},
		{"-05:30", -(5*time.Hour + 30*time.Minute), true},
		{"+00:00", 0, true},
		{"-12:00", -12 * time.Hour, true},
		{"-12:01", 0, false},
		{"+14:00", 14 * time.Hour, true},
		{"+14:01", 0, false},
		{"+03:60", 0, false},
		{"03:00", 0, false},
		{"+3:00", 0, false},
		{"UTC", 0, false},
	} {
		d, err := ParseUTCOffset(tt.s)
		if (err == nil) != tt.ok || tt.ok && (d == nil || *d != tt.want) {
			t.Errorf("ParseUTCOffset(%q) = %v, %v; want %v, ok %v", tt.s, d, err, tt.want, tt.ok)
		}
	}
	if d, err := ParseUTCOffset(""); d != nil || err != nil {
		t.Errorf(`ParseUTCOffset("") = %v, %v; want nil, nil (not given)`, d, err)
	}
	_, _, err := readManifest("report.toml", []byte("[telemetry]\nutc_offset = \"+3\"\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "report.toml:2:1: telemetry.utc_offset: \"+3\": expected") {
		t.Errorf("manifest error = %v; want one at the key's line", err)
	}
}

// FuzzReadDCGMExport feeds any bytes to the DCGM export reader and
// measures what it reads over its span: no panic, every error has a
// position, no energy below zero.
func FuzzReadDCGMExport(f *testing.F) {
	for _, name := range []string{"vllm-a-dcgm.json", "vllm-b-dcgm.json"} {
		if data, err := os.ReadFile(filepath.Join("testdata", "dcgm", name)); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(genExport(steady(dcgmEnergy, "0", "1", 0, 1), steady(dcgmUtil, "0", "NaN", 0, 1))))
	f.Add([]byte(`{"status": "error", "error": "x"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		pl, err := readDCGMExport("f.json", data)
		checkLogRead(t, "f.json", pl, err)
	})
}

// TestDCGMUnreadableBesideRuns: an export that cannot be read is warned
// of at its line and column, and the run beside it builds without
// energy.
func TestDCGMUnreadableBesideRuns(t *testing.T) {
	vllm := `{"date": "20260301-120030", "duration": 20, "max_concurrency": 1, "completed": 100, "mean_ttft_ms": 20, "mean_tpot_ms": 9, "mean_e2el_ms": 900, "total_output_tokens": 10000, "output_throughput": 500}`
	bad := genExport(dcgmSeries{metric: dcgmPower, gpu: "0", at: []float64{0}, values: []string{"hot"}})
	dir := writeTree(t, map[string]string{"r/vllm/c1.json": vllm, "r/vllm/dcgm.json": bad, "r/report.toml": "[telemetry]\nutc_offset = \"+00:00\"\n"})
	c, err := Read(filepath.Join(dir, "r"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := `r/vllm/dcgm.json:3:14: DCGM export: data.result[0].values[0]: DCGM_FI_DEV_POWER_USAGE: "hot" is not a number; not used`
	if len(c.Warnings) != 1 || strings.TrimPrefix(c.Warnings[0].Error(), dir+string(filepath.Separator)) != want || c.Configs[0].Levels[0].Telemetry != nil {
		t.Errorf("warnings %v, telemetry %+v; want %s, none", c.Warnings, c.Configs[0].Levels[0].Telemetry, want)
	}
}
