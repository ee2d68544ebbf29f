package ingest

import (
	"fmt"
	"strconv"
)

// Pos is a position in an input file. Line and Col are 1-based; Col counts
// bytes, as encoding/csv does. A zero Line means the whole file.
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) String() string {
	s := p.File
	if p.Line > 0 {
		s += ":" + strconv.Itoa(p.Line)
		if p.Col > 0 {
			s += ":" + strconv.Itoa(p.Col)
		}
	}
	return s
}

// Error is an input error or warning at a position, optionally naming the
// column it concerns. It prints as
//
//	samples/x/vllm.csv:12:3: column "TTFT (p90, ms)": "12,3.4" is not a number
type Error struct {
	Pos    Pos
	Column string // header text as written in the file; may be empty
	Err    error
}

func (e *Error) Error() string {
	if e.Column != "" {
		return fmt.Sprintf("%s: column %q: %v", e.Pos, e.Column, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.Pos, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// errorf builds an *Error at pos.
func errorf(pos Pos, column, format string, args ...any) *Error {
	return &Error{Pos: pos, Column: column, Err: fmt.Errorf(format, args...)}
}
