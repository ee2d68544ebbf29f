package testutil

import (
	"bytes"
	"fmt"
	"strings"
)

// contextLines is how many unchanged lines a hunk shows around its changes.
const contextLines = 3

// maxEdits bounds the edit distance Diff searches for; texts further
// apart are shown as the one removed and the other added.
const maxEdits = 2000

// edit is one line of a diff: kept (' '), removed ('-') or added ('+').
type edit struct {
	op   byte
	line string // with its "\n", if it has one
}

// Diff returns a unified diff from a (named aName) to b (named bName),
// line by line with three lines of context, or "" when they are equal.
// A last line without a newline is marked as such, so texts that differ
// only there still show a difference.
func Diff(aName, bName string, a, b []byte) string {
	if bytes.Equal(a, b) {
		return ""
	}
	edits := diffLines(splitLines(a), splitLines(b))
	var s strings.Builder
	fmt.Fprintf(&s, "--- %s\n+++ %s\n", aName, bName)
	for start := 0; start < len(edits); {
		// A hunk runs from the first change on until a stretch of more
		// than twice the context is unchanged.
		first := start
		for first < len(edits) && edits[first].op == ' ' {
			first++
		}
		if first == len(edits) {
			break
		}
		last := first
		for i := first; i < len(edits) && i-last <= 2*contextLines; i++ {
			if edits[i].op != ' ' {
				last = i
			}
		}
		from, to := max(first-contextLines, 0), min(last+contextLines+1, len(edits))
		writeHunk(&s, edits, from, to)
		start = to
	}
	return s.String()
}

// writeHunk writes edits[from:to] as one hunk with its "@@" header.
func writeHunk(s *strings.Builder, edits []edit, from, to int) {
	aLine, bLine := 1, 1 // the line numbers at edits[from]
	for _, e := range edits[:from] {
		if e.op != '+' {
			aLine++
		}
		if e.op != '-' {
			bLine++
		}
	}
	aCount, bCount := 0, 0
	for _, e := range edits[from:to] {
		if e.op != '+' {
			aCount++
		}
		if e.op != '-' {
			bCount++
		}
	}
	fmt.Fprintf(s, "@@ -%s +%s @@\n", hunkRange(aLine, aCount), hunkRange(bLine, bCount))
	for _, e := range edits[from:to] {
		s.WriteByte(e.op)
		s.WriteString(e.line)
		if !strings.HasSuffix(e.line, "\n") {
			s.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// hunkRange is one side's "start,count" in a hunk header; an empty side
// names the line before it, as diff -u does.
func hunkRange(start, count int) string {
	if count == 0 {
		start--
	}
	if count == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, count)
}

// splitLines splits text after each "\n"; a last line without one is
// kept as it is.
func splitLines(text []byte) []string {
	if len(text) == 0 {
		return nil
	}
	lines := strings.SplitAfter(string(text), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// diffLines returns the edits that turn a into b: the common start and
// end kept, and a shortest edit script for the middle.
func diffLines(a, b []string) []edit {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var out []edit
	for _, l := range a[:pre] {
		out = append(out, edit{' ', l})
	}
	out = append(out, shortestEdits(a[pre:len(a)-suf], b[pre:len(b)-suf])...)
	for _, l := range a[len(a)-suf:] {
		out = append(out, edit{' ', l})
	}
	return out
}

// shortestEdits is Myers' O((N+M)D) diff: for each number of edits d it
// finds, on every diagonal k = x-y, the furthest point reachable, and
// keeps those points to walk back along the path that reached (N, M).
// Past maxEdits it gives up and removes all of a, then adds all of b.
func shortestEdits(a, b []string) []edit {
	n, m := len(a), len(b)
	limit := min(n+m, maxEdits)
	off := limit + 1
	v := make([]int, 2*limit+3) // v[k+off]: the furthest x on diagonal k
	// trace[d] holds v[-d-1..d+1] as it was before step d.
	var trace [][]int
	for d := 0; d <= limit; d++ {
		trace = append(trace, append([]int(nil), v[off-d-1:off+d+2]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[k-1+off] < v[k+1+off]) {
				x = v[k+1+off] // down from diagonal k+1: b[y] added
			} else {
				x = v[k-1+off] + 1 // right from diagonal k-1: a[x] removed
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[k+off] = x
			if x >= n && y >= m {
				return walkBack(a, b, trace)
			}
		}
	}
	var out []edit
	for _, l := range a {
		out = append(out, edit{'-', l})
	}
	for _, l := range b {
		out = append(out, edit{'+', l})
	}
	return out
}

// walkBack follows the furthest points of trace back from (N, M) to
// (0, 0) and returns the edits on the way, in order.
func walkBack(a, b []string, trace [][]int) []edit {
	x, y := len(a), len(b)
	var rev []edit
	for d := len(trace) - 1; d > 0; d-- {
		at := func(k int) int { return trace[d][k+d+1] }
		k := x - y
		prev := k - 1
		if k == -d || (k != d && at(k-1) < at(k+1)) {
			prev = k + 1
		}
		// Step d came from diagonal prev by one edit: down (b[y-1]
		// added) from diagonal k+1, right (a[x-1] removed) from k-1;
		// then along equal lines to (x, y).
		down := prev == k+1
		afterEdit := at(prev) // x after the edit, where the equal lines begin
		if !down {
			afterEdit++ // a removal moves x by one
		}
		for x > afterEdit {
			rev = append(rev, edit{' ', a[x-1]})
			x--
			y--
		}
		if down {
			rev = append(rev, edit{'+', b[y-1]})
			y--
		} else {
			rev = append(rev, edit{'-', a[x-1]})
			x--
		}
	}
	for x > 0 {
		rev = append(rev, edit{' ', a[x-1]})
		x--
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}
