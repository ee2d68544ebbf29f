//go:build unix

package outdir

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestStaleLockTaken: a lock file a killed build left (no process holds
// its flock) is taken at once, not waited on, and removed when done.
func TestStaleLockTaken(t *testing.T) {
	dir := t.TempDir()
	lock := filepath.Join(dir, Lock)
	writeFile(t, lock, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	unlock, err := lockDir(ctx, dir)
	if err != nil {
		t.Fatalf("a stale lock was waited on: %v", err)
	}
	unlock()
	if _, err := os.Lstat(lock); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the lock file is left: %v", err)
	}
}

// TestLockHeldWhileRemoved: a build that opened the lock file while
// another held it, and gets its flock after the holder removed it, does
// not take that removed file for the lock (a third build would create a
// new one and hold it too): lockDir starts again on the file at the
// path, and a third build waits for it.
func TestLockHeldWhileRemoved(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, Lock)
	unlockA, err := lockDir(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	// B opens the file A holds, as lockDir does, then A is done.
	f, err := os.OpenFile(p, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	unlockA()
	if err := waitFlock(context.Background(), f, dir, time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if current(f, p) {
		t.Fatal("the flock of a removed lock file is taken for the lock")
	}
	unlockB, err := lockDir(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if unlockC, err := lockDir(ctx, dir); err == nil {
		unlockC()
		t.Fatal("two builds held the lock at once")
	} else if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("the third build failed otherwise than by waiting: %v", err)
	}
	unlockB()
	if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the lock file is left: %v", err)
	}
}
