//go:build !linux

package main

import "testing"

// benchRSS reads the peak resident set of a run on Linux only.
func benchRSS(b *testing.B, _ ...string) {
	b.Skip("the peak resident set of a run is read on Linux")
}
