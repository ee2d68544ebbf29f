package testutil

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestDiff(t *testing.T) {
	for _, tt := range []struct {
		name, a, b, want string
	}{
		{"equal", "a\nb\n", "a\nb\n", ""},
		{"changed line", "a\nb\nc\n", "a\nB\nc\n", "--- want\n+++ got\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"},
		{"added to empty", "", "a\n", "--- want\n+++ got\n@@ -0,0 +1 @@\n+a\n"},
		{"removed all", "a\nb\n", "", "--- want\n+++ got\n@@ -1,2 +0,0 @@\n-a\n-b\n"},
		{"no final newline", "a\nb\n", "a\nb", "--- want\n+++ got\n@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n"},
		{
			"two hunks",
			"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n",
			"1\nx\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\ny\n",
			"--- want\n+++ got\n@@ -1,5 +1,5 @@\n 1\n-2\n+x\n 3\n 4\n 5\n@@ -10,3 +10,4 @@\n 10\n 11\n 12\n+y\n",
		},
		{
			"one hunk when the gap is short",
			"1\n2\n3\n4\n5\n6\n7\n8\n9\n",
			"1\nx\n3\n4\n5\n6\n7\ny\n9\n",
			"--- want\n+++ got\n@@ -1,9 +1,9 @@\n 1\n-2\n+x\n 3\n 4\n 5\n 6\n 7\n-8\n+y\n 9\n",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := Diff("want", "got", []byte(tt.a), []byte(tt.b)); got != tt.want {
				t.Errorf("Diff:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// TestDiffLinesShortest checks on random texts that the edits turn a
// into b and are as few as the longest common subsequence allows.
func TestDiffLinesShortest(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	text := func() []string {
		l := make([]string, r.IntN(12))
		for i := range l {
			l[i] = string(rune('a'+r.IntN(3))) + "\n"
		}
		return l
	}
	for range 2000 {
		a, b := text(), text()
		var kept, removed, added int
		var fromA, fromB []string
		for _, e := range diffLines(a, b) {
			switch e.op {
			case ' ':
				kept++
				fromA, fromB = append(fromA, e.line), append(fromB, e.line)
			case '-':
				removed++
				fromA = append(fromA, e.line)
			case '+':
				added++
				fromB = append(fromB, e.line)
			}
		}
		if strings.Join(fromA, "") != strings.Join(a, "") || strings.Join(fromB, "") != strings.Join(b, "") {
			t.Fatalf("%q → %q: edits do not spell both texts", a, b)
		}
		if l := lcs(a, b); kept != l || removed != len(a)-l || added != len(b)-l {
			t.Fatalf("%q → %q: kept %d, want %d", a, b, kept, l)
		}
	}
}

// lcs is the length of the longest common subsequence of a and b.
func lcs(a, b []string) int {
	row := make([]int, len(b)+1)
	for i := range a {
		prev := 0 // row[j] of the previous i
		for j := range b {
			cur := row[j+1]
			if a[i] == b[j] {
				row[j+1] = prev + 1
			} else {
				row[j+1] = max(row[j+1], row[j])
			}
			prev = cur
		}
	}
	return row[len(b)]
}

// TestDiffFarApart checks that texts further apart than maxEdits are
// still shown, as one removed and the other added.
func TestDiffFarApart(t *testing.T) {
	var a, b strings.Builder
	for i := range maxEdits {
		a.WriteString("a" + string(rune('0'+i%10)) + "\n")
		b.WriteString("b" + string(rune('0'+i%10)) + "\n")
	}
	d := Diff("a", "b", []byte(a.String()), []byte(b.String()))
	if n := strings.Count(d, "\n-a"); n != maxEdits {
		t.Errorf("%d lines removed, want %d", n, maxEdits)
	}
	if n := strings.Count(d, "\n+b"); n != maxEdits {
		t.Errorf("%d lines added, want %d", n, maxEdits)
	}
}
