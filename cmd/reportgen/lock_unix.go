//go:build unix

package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// lockWait is how long a build waits for another build writing to the
// same output folder before it gives up.
const lockWait = 5 * time.Minute

// lockDir takes the output folder's lock (.reportgen.lock, an flock the
// kernel drops when its holder dies), waiting while another reportgen
// writes there, so that concurrent builds to one folder take turns.
func lockDir(ctx context.Context, dir string) (unlock func(), err error) {
	p := filepath.Join(dir, lockName)
	f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(lockWait)
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() { unlockFile(f) }, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			return nil, errors.Join(fmt.Errorf("lock %s: %w", p, err), f.Close())
		}
		if time.Now().After(deadline) {
			return nil, errors.Join(fmt.Errorf("another reportgen has been writing to %s for %v (it holds %s); try again when it is done", dir, lockWait, lockName), f.Close())
		}
		select {
		case <-ctx.Done():
			return nil, errors.Join(ctx.Err(), f.Close())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// unlockFile drops the lock lockDir took on f by closing f: the kernel
// releases an flock with the last descriptor of its file. Nothing was
// written to f, so a failed Close loses nothing, and the lock is gone
// either way (close(2) frees the descriptor even when it reports an
// error).
func unlockFile(f *os.File) {
	_ = f.Close()
}
