// Package testutil holds what the tests of several packages share: golden
// files rewritten under -update, and a line diff to show where a result
// parts from its golden.
//
//	golden.go  the -update flag (Update) and Golden, which compares a
//	           result with its file or rewrites the file
//	diff.go    Diff, a unified diff of two texts, line by line
//	fuzz.go    the seeds of the readers' and the model's fuzz targets
//	           (FuzzTargets), and their stored corpora, for the targets
//	           and for a test of the whole pipeline
//	inputs.go  inputs built in code: PNG headers, long titles, noise
//
// A package's tests import it, so "go test ./... -update" rewrites the
// golden files of every package that uses it.
package testutil
