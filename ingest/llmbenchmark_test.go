package ingest

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

const exportHeader = `Concurrency,"TTFT (Mean, ms)","TTFT (p50, ms)","TTFT (p90, ms)","ITL (Mean, ms)","ITL (p50, ms)","ITL (p90, ms)","TPS (Mean, tokens/s)","TPS (p50, tokens/s)","TPS (p90, tokens/s)","Latency (Mean, s)","Latency (p50, s)","Latency (p90, s)",Throughput (RPS)`

const compactHeader = "c,ttft_mean,ttft_p90,itl_mean,itl_p90,tps_mean,tps_p90,lat_mean,lat_p90,rps"

func TestReadExportForms(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []Level // only the fields compared below
	}{
		{
			name: "llm-benchmark export",
			in: exportHeader + "\n" +
				"1,66.50,65.00,70.50,9.46,9.40,9.47,100.84,100.00,101.30,1.27,1.26,1.27,0.79\n" +
				"2,105.50,100.00,154.90,11.16,11.00,11.58,83.98,84.00,83.99,1.52,1.50,1.54,0.66\n",
			want: []Level{
				{Concurrency: 1, TTFT: st(66.5, 65, 70.5), ITL: st(9.46, 9.4, 9.47), TPS: st(100.84, 100, 101.3), Latency: st(1.27, 1.26, 1.27), RPS: 0.79},
				{Concurrency: 2, TTFT: st(105.5, 100, 154.9), ITL: st(11.16, 11, 11.58), TPS: st(83.98, 84, 83.99), Latency: st(1.52, 1.5, 1.54), RPS: 0.66},
			},
		},
		{
			name: "seed appendix compact form, no p50",
			in:   compactHeader + "\n1,66.5,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n",
			want: []Level{{Concurrency: 1, TTFT: st(66.5, math.NaN(), 70.5), ITL: st(9.46, math.NaN(), 9.47), TPS: st(100.84, math.NaN(), 101.3), Latency: st(1.27, math.NaN(), 1.27), RPS: 0.79}},
		},
		{
			name: "columns in another order, BOM and CRLF",
			in:   "\ufeffrps,lat_p90,lat_mean,tps_p90,tps_mean,itl_p90,itl_mean,ttft_p90,ttft_mean,c\r\n0.79,1.27,1.27,101.30,100.84,9.47,9.46,70.5,66.5,1\r\n",
			want: []Level{{Concurrency: 1, TTFT: st(66.5, math.NaN(), 70.5), ITL: st(9.46, math.NaN(), 9.47), TPS: st(100.84, math.NaN(), 101.3), Latency: st(1.27, math.NaN(), 1.27), RPS: 0.79}},
		},
		{
			name: "no RPS column",
			in:   "c,ttft_mean,ttft_p90,itl_mean,itl_p90,tps_mean,tps_p90,lat_mean,lat_p90\n4,1,2,3,4,5,6,7,8\n",
			want: []Level{{Concurrency: 4, TTFT: st(1, math.NaN(), 2), ITL: st(3, math.NaN(), 4), TPS: st(5, math.NaN(), 6), Latency: st(7, math.NaN(), 8), RPS: math.NaN()}},
		},
		{
			name: "Turkish Excel: semicolons and decimal commas",
			in:   "c;ttft_mean;ttft_p90;itl_mean;itl_p90;tps_mean;tps_p90;lat_mean;lat_p90;rps\n64;4.752,6;5.252,9;34,4;45,13;14,54;16,78;9,13;10,77;0,11\n",
			want: []Level{{Concurrency: 64, TTFT: st(4752.6, math.NaN(), 5252.9), ITL: st(34.4, math.NaN(), 45.13), TPS: st(14.54, math.NaN(), 16.78), Latency: st(9.13, math.NaN(), 10.77), RPS: 0.11}},
		},
		{
			name: "unsorted levels are sorted",
			in:   compactHeader + "\n2,1,1,1,1,1,1,1,1,1\n1,2,2,2,2,2,2,2,2,2\n",
			want: []Level{
				{Concurrency: 1, TTFT: st(2, math.NaN(), 2), ITL: st(2, math.NaN(), 2), TPS: st(2, math.NaN(), 2), Latency: st(2, math.NaN(), 2), RPS: 2},
				{Concurrency: 2, TTFT: st(1, math.NaN(), 1), ITL: st(1, math.NaN(), 1), TPS: st(1, math.NaN(), 1), Latency: st(1, math.NaN(), 1), RPS: 1},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, _, err := readExport("x.csv", []byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if len(cfg.Levels) != len(tt.want) {
				t.Fatalf("got %d levels, want %d", len(cfg.Levels), len(tt.want))
			}
			for i, w := range tt.want {
				g := cfg.Levels[i]
				if g.Concurrency != w.Concurrency || !sameStat(g.TTFT, w.TTFT) || !sameStat(g.ITL, w.ITL) ||
					!sameStat(g.TPS, w.TPS) || !sameStat(g.Latency, w.Latency) || !same(g.RPS, w.RPS) {
					t.Errorf("level %d:\n got %+v\nwant %+v", i, g, w)
				}
			}
		})
	}
}

// st is a Stat with mean, p50 and p90 (the llm-benchmark's statistics).
func st(mean, p50, p90 float64) Stat {
	return Stat{Mean: mean, P10: math.NaN(), P50: p50, P90: p90, P99: math.NaN()}
}

func same(a, b float64) bool { return a == b || (math.IsNaN(a) && math.IsNaN(b)) }

func sameStat(a, b Stat) bool {
	return same(a.Mean, b.Mean) && same(a.P50, b.P50) && same(a.P90, b.P90)
}

func TestReadExportWindows1254(t *testing.T) {
	// A Turkish "CSV (MS-DOS)" save: cp1254 bytes in an unknown column.
	text := "c;ttft_mean;ttft_p90;itl_mean;itl_p90;tps_mean;tps_p90;lat_mean;lat_p90;not\n1;66,5;70,5;9,46;9,47;100,84;101,3;1,27;1,27;ölçüm şışğ\n"
	data, err := charmap.Windows1254.NewEncoder().Bytes([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	cfg, warnings, err := readExport("tr.csv", data)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Levels[0].TTFT.Mean != 66.5 || cfg.Levels[0].TPS.P90 != 101.3 {
		t.Errorf("values misread: %+v", cfg.Levels[0])
	}
	joined := joinErrs(warnings)
	for _, want := range []string{"Windows-1254", `column "not": unknown column ignored`} {
		if !strings.Contains(joined, want) {
			t.Errorf("warnings %q lack %q", joined, want)
		}
	}
}

func joinErrs(errs []*Warning) string {
	var s []string
	for _, e := range errs {
		s = append(s, e.Error())
	}
	return strings.Join(s, "\n")
}

// TestReadExportErrors runs every malformed input through the reader and
// checks the whole message: position, column and what was expected.
func TestReadExportErrors(t *testing.T) {
	row := "1,66.5,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79"
	tests := []struct {
		name, in, want string
	}{
		{"empty file", "", "x.csv:1:1: file is empty; expected a header row"},
		{"blank lines only", "\n\n  \n", "x.csv:1:1: file is empty; expected a header row"},
		{"header only", compactHeader + "\n", "x.csv:2:1: no data rows after the header; expected one row per concurrency level"},
		{"missing column", "c,ttft_mean,itl_mean,itl_p90,tps_mean,tps_p90,lat_mean,lat_p90\n1,2,3,4,5,6,7,8\n",
			`x.csv:1:1: missing column "TTFT (p90, ms)"; the header must name Concurrency, TTFT (Mean, ms), TTFT (p90, ms), ITL (Mean, ms), ITL (p90, ms), TPS (Mean, tokens/s), TPS (p90, tokens/s), Latency (Mean, s), Latency (p90, s)`},
		{"duplicate column", compactHeader + ",\"TTFT (Mean, ms)\"\n" + row + ",1\n", `x.csv:1:77: column "TTFT (Mean, ms)": same column as "ttft_mean" (column 2); each column may appear once`},
		{"not a number", compactHeader + "\n1,66.5,\"12,3.4\",9.46,9.47,100.84,101.30,1.27,1.27,0.79\n", `x.csv:2:8: column "ttft_p90": "12,3.4" is not a number`},
		{"text in a number", compactHeader + "\n1,66.5,70.5,abc,9.47,100.84,101.30,1.27,1.27,0.79\n", `x.csv:2:13: column "itl_mean": "abc" is not a number`},
		{"negative", compactHeader + "\n1,66.5,70.5,9.46,9.47,-100.84,101.30,1.27,1.27,0.79\n", `x.csv:2:23: column "tps_mean": "-100.84" is not a valid per-user token rate; expected a number ≥ 0`},
		{"NaN", compactHeader + "\n1,NaN,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n", `x.csv:2:3: column "ttft_mean": "NaN" is not a number; expected a number ≥ 0`},
		{"Inf", compactHeader + "\n1,66.5,+Inf,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n", `x.csv:2:8: column "ttft_p90": "+Inf" is not a valid time; expected at most 86400000 ms (24 h)`},
		{"hex", compactHeader + "\n1,0x10,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n", `x.csv:2:3: column "ttft_mean": "0x10" is not a number`},
		{"empty required cell", compactHeader + "\n1,,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n", `x.csv:2:3: column "ttft_mean": value is empty; expected a number`},
		{"fractional concurrency", compactHeader + "\n1.5,66.5,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n", `x.csv:2:1: column "c": "1.5" is not a valid concurrency; expected a whole number ≥ 0`},
		{"too few fields", compactHeader + "\n1,66.5,70.5\n", "x.csv:2:1: row has 3 fields, the header has 10"},
		{"too many fields", compactHeader + "\n" + row + ",9\n", "x.csv:2:1: row has 11 fields, the header has 10"},
		{"quote runs to end of file", compactHeader + "\n" + row + "\n2,\"66.5,70.5,9.46\n", "x.csv:3:3: quoted field is never closed; it runs to the end of the file"},
		{"bare quote", compactHeader + "\n1,66\"5,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n", `x.csv:2:5: misplaced '"': a quoted field must start and end with '"'`},
		{"duplicate level", compactHeader + "\n" + row + "\n2,1,1,1,1,1,1,1,1,1\n" + row + "\n", "x.csv:4: concurrency 1 appears twice (also on line 2); expected one row per level"},
		{"ambiguous decimal", "c;ttft_mean;ttft_p90;itl_mean;itl_p90;tps_mean;tps_p90;lat_mean;lat_p90\n1;1.234;2;3;4;5;6;7;8\n",
			`x.csv:2:3: column "ttft_mean": "1.234" is ambiguous in a ';'-separated file: thousands separator or decimal point? write it as "1234" or "1,234"`},
		{"only concurrency 0", compactHeader + "\n0,66.5,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n", "x.csv: no usable concurrency level (all rows had concurrency 0)"},
		{"binary", "c,\x00\x01", "x.csv: file holds binary data, not CSV text"},
		{"empty header cell", "c,,ttft_mean\n1,2,3\n", "x.csv:1:3: header cell 2 is empty; expected a column name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := readExport("x.csv", []byte(tt.in))
			if err == nil {
				t.Fatalf("no error; want %q", tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n got %q\nwant %q", err.Error(), tt.want)
			}
			var e *Error
			if !errors.As(err, &e) || e.Pos.File != "x.csv" {
				t.Errorf("error %v carries no position", err)
			}
		})
	}
}

func TestReadExportWarnings(t *testing.T) {
	in := compactHeader + ",notes\n0,1,1,1,1,1,1,1,1,1,x\n2,1,1,1,1,1,1,1,1,1,y\n1,1,1,1,1,1,1,1,1,1,z\n"
	cfg, warnings, err := readExport("x.csv", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Levels) != 2 || cfg.Levels[0].Concurrency != 1 {
		t.Fatalf("levels = %+v", cfg.Levels)
	}
	want := "x.csv:1:77: column \"notes\": unknown column ignored\n" +
		"x.csv:2: concurrency 0 is not a load level; row ignored\n" +
		"x.csv: concurrency levels are not in ascending order; sorted"
	if got := joinErrs(warnings); got != want {
		t.Errorf("warnings\n got %q\nwant %q", got, want)
	}
}

func FuzzReadExport(f *testing.F) {
	addSeeds(f, "FuzzReadExport")
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, _, err := readExport("f.csv", data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Pos.File == "" {
				t.Fatalf("error without a position: %v", err)
			}
			return
		}
		if len(cfg.Levels) == 0 {
			t.Fatal("no error and no level")
		}
		for i, l := range cfg.Levels {
			if l.Concurrency <= 0 || (i > 0 && l.Concurrency <= cfg.Levels[i-1].Concurrency) {
				t.Fatalf("levels not positive and strictly ascending: %+v", cfg.Levels)
			}
			for _, v := range []float64{l.TTFT.Mean, l.TTFT.P90, l.ITL.Mean, l.ITL.P90, l.TPS.Mean, l.TPS.P90, l.Latency.Mean, l.Latency.P90} {
				if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
					t.Fatalf("required value %v accepted", v)
				}
			}
		}
	})
}

// TestExportDelimiters reads the llm-benchmark table as a user saves
// it, through detection: every delimiter (',', ';' as Turkish Excel
// writes it, with decimal commas, and a tab) × every header form (the
// export's long headers, with and without the optional columns, and the
// compact form). A ';' or tab file leaves the long headers' commas bare,
// as a spreadsheet does, so that the header line holds as many commas
// as delimiters (or one fewer): the detection must still split it at
// the delimiter.
func TestExportDelimiters(t *testing.T) {
	long := []string{"Concurrency", "TTFT (Mean, ms)", "TTFT (p50, ms)", "TTFT (p90, ms)", "ITL (Mean, ms)", "ITL (p50, ms)", "ITL (p90, ms)",
		"TPS (Mean, tokens/s)", "TPS (p50, tokens/s)", "TPS (p90, tokens/s)", "Latency (Mean, s)", "Latency (p50, s)", "Latency (p90, s)", "Throughput (RPS)"}
	longRow := []string{"4", "105.5", "100", "154.9", "11.16", "11", "11.58", "83.98", "84", "83.99", "1.52", "1.5", "1.54", "0.66"}
	required := []int{0, 1, 3, 4, 6, 7, 9, 10, 12} // the columns without p50 and RPS
	pick := func(cells []string, idx []int) []string {
		var out []string
		for _, i := range idx {
			out = append(out, cells[i])
		}
		return out
	}
	compact := strings.Split(compactHeader, ",")
	compactRow := pick(longRow, []int{0, 1, 3, 4, 6, 7, 9, 10, 12, 13})
	forms := []struct {
		name      string
		head, row []string
		p50       bool
	}{
		{"long headers", long, longRow, true},
		{"long headers, required columns only", pick(long, required), pick(longRow, required), false},
		{"compact form", compact, compactRow, false},
	}
	delims := []struct {
		name  string
		comma string
	}{{"comma", ","}, {"semicolon", ";"}, {"tab", "\t"}}
	for _, f := range forms {
		for _, d := range delims {
			t.Run(f.name+", "+d.name, func(t *testing.T) {
				text := savedTable(f.head, f.row, d.comma)
				p := filepath.Join(t.TempDir(), "vllm.csv")
				if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				cfg, _, err := readResultFile(p, "", hints{})
				if err != nil {
					t.Fatal(err)
				}
				if cfg.Format != FormatExport || len(cfg.Levels) != 1 {
					t.Fatalf("read as %q with %d levels; want %q with 1", cfg.Format, len(cfg.Levels), FormatExport)
				}
				l := cfg.Levels[0]
				p50 := math.NaN()
				if f.p50 {
					p50 = 100
				}
				if l.Concurrency != 4 || !sameStat(l.TTFT, st(105.5, p50, 154.9)) || l.ITL.P90 != 11.58 || l.TPS.Mean != 83.98 || l.Latency.P90 != 1.54 {
					t.Errorf("level misread: %+v", l)
				}
			})
		}
	}
}

// savedTable is a header and one row as a spreadsheet saves them with
// delimiter comma: a cell holding the delimiter quoted, and with ';'
// (Turkish Excel) decimal commas.
func savedTable(head, row []string, comma string) string {
	head, row = slices.Clone(head), slices.Clone(row)
	for i := range head {
		if comma == "," && strings.Contains(head[i], ",") {
			head[i] = `"` + head[i] + `"`
		}
	}
	if comma == ";" {
		for i := range row {
			row[i] = strings.ReplaceAll(row[i], ".", ",")
		}
	}
	return strings.Join(head, comma) + "\r\n" + strings.Join(row, comma) + "\r\n"
}

// TestSniffComma: ';' and the tab win over ',' from a tie on (a header
// of long column names saved by a spreadsheet), ',' one comma past it.
func TestSniffComma(t *testing.T) {
	tests := []struct {
		line string
		want rune
	}{
		{"a,b,c", ','},
		{"a;b (x, y);c (x, y)", ';'},    // 2 ';', 2 ','
		{"a;b (x, y, z);c (x, y)", ','}, // 2 ';', 3 ','
		{"a\tb (x, y)\tc (x, y)", '\t'}, // 2 tabs, 2 ','
		{"a\tb (x, y, z)\tc (x, y)", ','},
		{`"a;b";"c;d",e`, ';'}, // quoted ';' are not counted: 1 ';', 1 ','
		{"a;b\tc\td", '\t'},
		{"a\tb;c;d", ';'},
		{"abc", ','},
	}
	for _, tt := range tests {
		if got := sniffComma([]byte(tt.line + "\n1;2,3\t4")); got != tt.want {
			t.Errorf("sniffComma(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}
