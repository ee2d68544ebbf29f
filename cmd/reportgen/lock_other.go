//go:build !unix

package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

const lockWait = 5 * time.Minute

// lockDir takes the output folder's lock by creating .reportgen.lock
// exclusively, waiting while another reportgen holds it. Without flock
// a killed holder leaves the file behind; the message says so.
func lockDir(ctx context.Context, dir string) (unlock func(), err error) {
	p := filepath.Join(dir, lockName)
	deadline := time.Now().Add(lockWait)
	for {
		f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			f.Close()
			return func() { os.Remove(p) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("lock %s: %w", p, err)
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("%s has been locked for %v; if no reportgen is running, remove it", p, lockWait)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}
