//go:build unix

package outdir

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// lockWait is how long a build waits for another build writing to the
// same output folder before it gives up.
const lockWait = 5 * time.Minute

// lockContent is what a lock file holds, written by the build that
// creates it: what tells reportgen's lock from a file of the same name
// that reportgen did not write, which is never taken, emptied or removed.
const lockContent = "reportgen lock\n"

// pendingTries is how many times lockDir finds the lock file empty,
// 50 ms apart, before it takes it for a file reportgen did not write: a
// build writes lockContent right after creating the file, so an empty
// file that stays empty is not a lock being made.
const pendingTries = 20

// errRetry is openLock's answer when the file at the path changed while
// it was being opened: start again.
var errRetry = errors.New("the lock file changed while it was opened")

// lockDir takes the output folder's lock (.reportgen.lock, an flock the
// kernel drops when its holder dies), waiting while another reportgen
// writes there, so that concurrent builds to one folder take turns.
// unlock removes the file: a folder that no build writes to holds no
// lock. A file left by a build that was killed is stale (nothing holds
// its flock) and is taken as if new. A file of that name that is not a
// regular file holding lockContent (a symbolic link, a folder, a user's
// file) is refused and left as it is. Waiting ends at lockWait.
//
// The file a lock is taken on must still be the one at its path: a
// holder removes it while holding it, so a waiter that then gets the
// flock of the removed file starts again on a new one.
func lockDir(ctx context.Context, dir string) (unlock func(), err error) {
	p := filepath.Join(dir, Lock)
	deadline := time.Now().Add(lockWait)
	empty := 0
	for {
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("another reportgen has been writing to %s for %v (it holds %s); try again when it is done", dir, lockWait, Lock)
		}
		f, err := openLock(p)
		if errors.Is(err, errRetry) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if err := waitFlock(ctx, f, dir, deadline); err != nil {
			return nil, errors.Join(err, f.Close())
		}
		if !current(f, p) {
			// The holder removed the file before this build got its
			// flock: another build may hold a new one at p already.
			unlockFile(f, "")
			continue
		}
		held, err := lockHeld(f)
		switch {
		case err != nil:
			return nil, errors.Join(fmt.Errorf("lock %s: %w", p, err), f.Close())
		case held == lockContent:
			return func() { unlockFile(f, p) }, nil
		case held == "" && empty < pendingTries:
			// Created by a build that has not written it yet, or a
			// user's empty file: look again shortly.
			empty++
			unlockFile(f, "")
			if err := sleepCtx(ctx, 50*time.Millisecond); err != nil {
				return nil, err
			}
			continue
		}
		unlockFile(f, "")
		return nil, notLock(p, "a file reportgen did not write")
	}
}

// openLock opens the lock file at p, creating it (and writing
// lockContent) when there is none, never through a symbolic link.
func openLock(p string) (*os.File, error) {
	f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o644)
	if err == nil {
		if _, err := f.WriteString(lockContent); err != nil {
			return nil, errors.Join(fmt.Errorf("lock %s: %w", p, err), f.Close(), os.Remove(p))
		}
		return f, nil
	}
	if !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("lock %s: %w", p, err)
	}
	fi, err := os.Lstat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, errRetry
	case err != nil:
		return nil, fmt.Errorf("lock %s: %w", p, err)
	case fi.Mode()&fs.ModeSymlink != 0:
		return nil, notLock(p, "a symbolic link")
	case fi.IsDir():
		return nil, notLock(p, "a folder")
	case !fi.Mode().IsRegular():
		return nil, notLock(p, "not a regular file")
	}
	f, err = os.OpenFile(p, os.O_RDWR|syscall.O_NOFOLLOW, 0)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, errRetry
	case err != nil:
		return nil, fmt.Errorf("lock %s: %w", p, err)
	}
	return f, nil
}

// lockHeld is what the lock file f holds, up to one byte past
// lockContent.
func lockHeld(f *os.File) (string, error) {
	buf := make([]byte, len(lockContent)+1)
	n, err := f.ReadAt(buf, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return "", err
	}
	return string(buf[:n]), nil
}

// notLock is the error for a file at the lock's path that is not
// reportgen's lock: it is left as it is.
func notLock(p, what string) error {
	return fmt.Errorf("%s is %s, not reportgen's lock: reportgen leaves it as it is; move it away or choose another output folder", p, what)
}

// sleepCtx waits d, or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
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
