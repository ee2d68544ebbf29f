package ingest

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// sparse creates p as a file of size bytes without writing them.
func sparse(t *testing.T, p string, head string, size int64) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(head), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(p, size); err != nil {
		t.Fatal(err)
	}
}

// allocated is the bytes allocated so far.
func allocated() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.TotalAlloc
}

// TestOversizedFileRefusedUnread: an input one byte over MaxFileSize is
// refused by its size, with the same words whatever its kind, without
// being read (a sparse file: reading it would allocate 256 MiB).
func TestOversizedFileRefusedUnread(t *testing.T) {
	for _, rel := range []string{"big.json", "big.jsonl", "big.csv", "big.zip", "export/model-table.csv", "runs/c2.json", ManifestName} {
		t.Run(rel, func(t *testing.T) {
			dir := writeTree(t, map[string]string{"a.csv": compactHeader + "\n" + compactRow, "runs/c1.json": `{"max_concurrency": 1, "mean_ttft_ms": 10}`})
			p := filepath.Join(dir, rel)
			sparse(t, p, "", MaxFileSize+1)
			before := allocated()
			_, err := Read(dir, ReadOptions{})
			if grew := allocated() - before; grew > 8<<20 {
				t.Errorf("reading allocated %d bytes: the file was read", grew)
			}
			want := p + ": file is 268435457 bytes; expected at most 256 MiB (268435456 bytes)"
			if err == nil || err.Error() != want {
				t.Errorf("error\n got %v\nwant %s", err, want)
			}
		})
	}
}

// endless is a reader that never ends and counts what it gave.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	clear(p)
	e.n += int64(len(p))
	return len(p), nil
}

// TestFileGrowingPastCapStopsAtCap: a file whose size lies (it grows
// while read, or reports 0 as /proc files do) is still read no further
// than the cap, and refused with the same words; a file exactly at the
// cap is read.
func TestFileGrowingPastCapStopsAtCap(t *testing.T) {
	const limit = 1000
	r := &endless{}
	_, err := readCapped("grow.json", r, limit, 0)
	if want := "grow.json: file is more than 1000 bytes; expected at most 1000 bytes"; err == nil || err.Error() != want {
		t.Errorf("error\n got %v\nwant %s", err, want)
	}
	if r.n > limit+1 {
		t.Errorf("read %d bytes past a cap of %d", r.n, limit)
	}
	data, err := readCapped("exact.json", io.LimitReader(&endless{}, limit), limit, limit)
	if err != nil || len(data) != limit {
		t.Errorf("a file at the cap: %d bytes, %v", len(data), err)
	}
	if got := tooBig("x.json", "more than "+strconv.Itoa(MaxFileSize), MaxFileSize).Error(); got != "x.json: file is more than 268435456 bytes; expected at most 256 MiB (268435456 bytes)" {
		t.Errorf("message at the real cap: %s", got)
	}
}

// TestPerRequestCSVStreamedPastCap: a per-request CSV is streamed, not
// capped by MaxFileSize; one record is still bounded, so that a file
// without line ends cannot fill the memory.
func TestPerRequestCSVStreamedPastCap(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "lmdeploy.csv")
	sparse(t, p, "concurrency,ttft_ms,itl_ms,latency_s\n1,20,2,1.5\n", MaxFileSize+1)
	before := allocated()
	_, err := Read(dir, ReadOptions{})
	if grew := allocated() - before; grew > 16<<20 {
		t.Errorf("reading allocated %d bytes", grew)
	}
	want := p + ":3:1: record is longer than 1 MiB (1048576 bytes); expected one request per line"
	if err == nil || err.Error() != want {
		t.Errorf("error\n got %v\nwant %s", err, want)
	}
	// Quoted fields that never close are bounded too.
	_, _, _, err = readRequests("q.csv", strings.NewReader("concurrency,ttft_ms,itl_ms,latency_s,error\n1,2,3,4,\""+strings.Repeat("x\n", maxRecord)))
	if want := "q.csv:2:1: record is longer than 1 MiB (1048576 bytes); expected one request per line"; err == nil || err.Error() != want {
		t.Errorf("error\n got %v\nwant %s", err, want)
	}
}
