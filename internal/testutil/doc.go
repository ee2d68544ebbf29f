// Package testutil holds what the tests of several packages share: golden
// files rewritten under -update, and a line diff to show where a result
// parts from its golden.
//
//	golden.go  the -update flag (Update) and Golden, which compares a
//	           result with its file or rewrites the file
//	diff.go    Diff, a unified diff of two texts, line by line
//
// A package's tests import it, so "go test ./... -update" rewrites the
// golden files of every package that uses it.
package testutil
