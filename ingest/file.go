package ingest

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// MaxFileSize is the largest input file reportgen reads into memory: a
// result file, a ZIP archive, an export folder's table, the manifest.
// A larger file is refused by its size before it is read, and reading
// stops at the cap whatever size the file claims. Per-request CSV files
// are streamed and not capped (they must still be regular files).
const MaxFileSize = 256 << 20

// checkRegular stats path, following symlinks, and refuses anything but
// a regular file without opening it: opening a named pipe blocks until
// a writer comes, and a device such as /dev/zero never ends.
func checkRegular(path string) (fs.FileInfo, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fileError(path, err)
	}
	if st.Mode().IsRegular() {
		return st, nil
	}
	what := "a special file"
	switch m := st.Mode(); {
	case m.IsDir():
		what = "a folder"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&fs.ModeDevice != 0:
		what = "a device"
	}
	if target, err := filepath.EvalSymlinks(path); err == nil && target != filepath.Clean(path) {
		what += " (" + target + ")"
	}
	return nil, errorf(Pos{File: path}, "", "is %s; expected a regular file", what)
}

// ReadFile reads a whole input file as the readers do: a regular file
// (after following symbolic links) of at most MaxFileSize bytes, checked
// before and while reading. reportgen compare reads analysis.json with
// it.
func ReadFile(path string) ([]byte, error) { return readInput(path) }

// readInput reads a whole input file after checkRegular, capped at
// MaxFileSize.
func readInput(path string) ([]byte, error) {
	st, err := checkRegular(path)
	if err != nil {
		return nil, err
	}
	if st.Size() > MaxFileSize {
		return nil, tooBig(path, strconv.FormatInt(st.Size(), 10), MaxFileSize)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fileError(path, err)
	}
	data, err := readCapped(path, f, MaxFileSize, st.Size())
	if cerr := f.Close(); err == nil && cerr != nil {
		return nil, fileError(path, cerr)
	}
	return data, err
}

// readCapped reads r to its end, refusing more than limit bytes: a
// file whose size lies (a growing file, a /proc file) stops at the cap.
// size is what r claims to hold: the buffer is made that large at once
// (reading into a growing one took twice the file's size and more).
func readCapped(path string, r io.Reader, limit, size int64) ([]byte, error) {
	buf := bytes.NewBuffer(make([]byte, 0, max(0, min(size, limit))+bytes.MinRead))
	_, err := buf.ReadFrom(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fileError(path, err)
	}
	data := buf.Bytes()
	if int64(len(data)) > limit {
		return nil, tooBig(path, "more than "+strconv.FormatInt(limit, 10), limit)
	}
	return data, nil
}

// tooBig is the one message for an input over the cap, whatever its kind.
func tooBig(path, size string, limit int64) error {
	return errorf(Pos{File: path}, "", "file is %s bytes; expected at most %s", size, sizeText(limit))
}

// sizeText writes a byte count: "256 MiB (268435456 bytes)" when it is
// whole MiB.
func sizeText(n int64) string {
	s := strconv.FormatInt(n, 10) + " bytes"
	if n >= 1<<20 && n%(1<<20) == 0 {
		s = strconv.FormatInt(n>>20, 10) + " MiB (" + s + ")"
	}
	return s
}

// fileError names path in an error from the file system.
func fileError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	return errorf(Pos{File: path}, "", "cannot read: %v", err)
}

// openStream opens a file that is read as a stream (per-request CSV),
// after checkRegular.
func openStream(path string) (*os.File, error) {
	if _, err := checkRegular(path); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fileError(path, err)
	}
	return f, nil
}

// readFile reads the whole input file at path with read.
func readFile(path string, read func(string, []byte) (Config, []*Warning, error)) (Config, []*Warning, error) {
	data, err := readInput(path)
	if err != nil {
		return Config{}, nil, err
	}
	return read(path, data)
}
