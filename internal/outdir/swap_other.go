//go:build !linux

package outdir

// exchange is not available here: the replacement falls back to two
// renames, and a crash between them is recovered by the next build.
func exchange(a, b string) error { return errExchange }
