package ingest

import (
	"archive/zip"
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/internal/testutil"
)

// makeZip builds an archive from name/content pairs.
func makeZip(t testing.TB, files ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for i := 0; i+1 < len(files); i += 2 {
		w, err := zw.Create(files[i])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(files[i+1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

const compactRow = "1,66.5,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n"

func TestReadZip(t *testing.T) {
	data := makeZip(t,
		"Kimi-K3-table.csv", compactHeader+"\n"+compactRow,
		"Kimi-K3-TTFT.png", "\x89PNG",
		"Kimi-K3-TTFT.html", "<html></html>",
		"__MACOSX/._Kimi-K3-table.csv", "junk")
	cfg, _, err := readZip("vllm.zip", data)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Source != "vllm.zip!Kimi-K3-table.csv" || cfg.Levels[0].TTFT.Mean != 66.5 {
		t.Errorf("got %+v", cfg)
	}
}

func TestReadZipErrors(t *testing.T) {
	big := strings.Repeat("0", MaxEntrySize+10)
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"not a zip", []byte("PK no"), "x.zip: not a readable ZIP archive: zip: not a valid zip file"},
		{"no csv", makeZip(t, "a.png", "x"), "x.zip: archive holds no .csv file; expected the export's <model>-table.csv"},
		{"two csv", makeZip(t, "a-table.csv", "x", "b-table.csv", "y"), "x.zip: archive holds 2 CSV files (a-table.csv, b-table.csv); expected exactly one table"},
		{"zip slip", makeZip(t, "../../etc/evil-table.csv", "x"), `x.zip: entry "../../etc/evil-table.csv" points outside the archive; refused`},
		{"absolute path", makeZip(t, "/tmp/evil.csv", "x"), `x.zip: entry "/tmp/evil.csv" points outside the archive; refused`},
		{"zip bomb", makeZip(t, "big-table.csv", big), "x.zip!big-table.csv: entry declares 67108874 bytes, over the 64 MiB limit"},
		{"bad csv inside", makeZip(t, "m-table.csv", compactHeader+"\n1,x\n"), "x.zip!m-table.csv:2:1: row has 2 fields, the header has 10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := readZip("x.zip", tt.data)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("error\n got %v\nwant %s", err, tt.want)
			}
		})
	}
}

func FuzzReadZip(f *testing.F) {
	addSeeds(f, "FuzzReadZip")
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _, err := readZip("f.zip", data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || !strings.HasPrefix(e.Pos.File, "f.zip") {
				t.Fatalf("error without a position: %v", err)
			}
		}
	})
}

// addSeeds adds the seeds of the fuzz target name (testutil.FuzzTargets
// holds them, for the whole-pipeline test to run too).
func addSeeds(f *testing.F, name string) {
	f.Helper()
	seeds, err := testutil.FuzzSeeds("..", name)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
}
