//go:build unix

package outdir

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
// unlock removes the file: a folder that no build writes to holds no
// lock. A file left by a build that was killed is stale (nothing holds
// its flock) and is taken as if new.
//
// The file a lock is taken on must still be the one at its path: a
// holder removes it while holding it, so a waiter that then gets the
// flock of the removed file starts again on a new one.
func lockDir(ctx context.Context, dir string) (unlock func(), err error) {
	p := filepath.Join(dir, Lock)
	deadline := time.Now().Add(lockWait)
	for {
		f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		if err := waitFlock(ctx, f, dir, deadline); err != nil {
			return nil, errors.Join(err, f.Close())
		}
		if current(f, p) {
			return func() { unlockFile(f, p) }, nil
		}
		// The holder removed the file before this build got its flock:
		// another build may hold a new one at p already.
		unlockFile(f, "")
	}
}

// waitFlock takes the flock of f, polling until deadline.
func waitFlock(ctx context.Context, f *os.File, dir string, deadline time.Time) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			return fmt.Errorf("lock %s: %w", f.Name(), err)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("another reportgen has been writing to %s for %v (it holds %s); try again when it is done", dir, lockWait, Lock)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// current reports whether the open file f is still the file at path p.
func current(f *os.File, p string) bool {
	held, err := f.Stat()
	if err != nil {
		return false
	}
	now, err := os.Lstat(p)
	return err == nil && os.SameFile(held, now)
}

// unlockFile drops the lock lockDir took on f: it removes the lock file
// p (when not ""), still holding the lock, then closes f, which
// releases the flock with the last descriptor of its file. Nothing was
// written to f, so a failed Close loses nothing, and the lock is gone
// either way (close(2) frees the descriptor even when it reports an
// error). A lock file that cannot be removed is left: the next build
// takes it as stale.
func unlockFile(f *os.File, p string) {
	if p != "" {
		_ = os.Remove(p)
	}
	_ = f.Close()
}
