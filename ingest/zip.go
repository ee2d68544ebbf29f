package ingest

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"path"
	"strings"
)

// MaxEntrySize bounds how much one ZIP entry may decompress to. The
// largest real export is a few kilobytes; anything near this limit is a
// mistake or a zip bomb.
const MaxEntrySize = 64 << 20

// readZip reads the llm-benchmark's "Download All Results" archive: it
// must hold exactly one table CSV (the charts beside it are ignored).
// Nothing is extracted to disk.
func readZip(file string, data []byte) (Config, []*Warning, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return Config{}, nil, errorf(Pos{File: file}, "", "not a readable ZIP archive: %v", err)
	}
	var csvs []*zip.File
	for _, f := range zr.File {
		name := f.Name
		if strings.Contains(name, `\`) || path.IsAbs(name) || strings.HasPrefix(path.Clean(name), "../") || path.Clean(name) == ".." {
			return Config{}, nil, errorf(Pos{File: file}, "", "entry %q points outside the archive; refused", name)
		}
		if strings.HasSuffix(name, "/") || !strings.EqualFold(path.Ext(name), ".csv") {
			continue
		}
		if strings.HasPrefix(path.Base(name), "._") || strings.HasPrefix(name, "__MACOSX/") {
			continue // macOS resource forks
		}
		csvs = append(csvs, f)
	}
	switch len(csvs) {
	case 0:
		return Config{}, nil, errorf(Pos{File: file}, "", "archive holds no .csv file; expected the export's <model>-table.csv")
	case 1:
	default:
		var names []string
		for _, f := range csvs[:min(len(csvs), 5)] {
			names = append(names, f.Name)
		}
		if len(csvs) > 5 {
			names = append(names, fmt.Sprintf("and %d more", len(csvs)-5))
		}
		return Config{}, nil, errorf(Pos{File: file}, "", "archive holds %d CSV files (%s); expected exactly one table", len(csvs), strings.Join(names, ", "))
	}
	f := csvs[0]
	inner := file + "!" + f.Name
	if f.UncompressedSize64 > MaxEntrySize {
		return Config{}, nil, errorf(Pos{File: inner}, "", "entry declares %d bytes, over the %d MiB limit", f.UncompressedSize64, MaxEntrySize>>20)
	}
	rc, err := f.Open()
	if err != nil {
		return Config{}, nil, errorf(Pos{File: inner}, "", "cannot open entry: %v", err)
	}
	defer rc.Close()
	body, err := io.ReadAll(io.LimitReader(rc, MaxEntrySize+1))
	if err != nil {
		return Config{}, nil, errorf(Pos{File: inner}, "", "cannot decompress entry: %v", err)
	}
	if len(body) > MaxEntrySize {
		return Config{}, nil, errorf(Pos{File: inner}, "", "entry decompresses past the %d MiB limit; refused", MaxEntrySize>>20)
	}
	return readExport(inner, body)
}
