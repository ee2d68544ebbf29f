//go:build unix

package outdir

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestNotALockLeft: a file at the lock's path that reportgen did not
// write is refused at once (an empty one after pendingTries looks) and
// left exactly as it was: a user's file with or without data, a
// symbolic link (its target neither read, locked nor created), a
// folder. None is waited on for lockWait.
func TestNotALockLeft(t *testing.T) {
	for _, tc := range []struct {
		name string
		make func(t *testing.T, dir, lock string)
	}{
		{"a user's file", func(t *testing.T, _, lock string) { writeFile(t, lock, []byte("my notes\n")) }},
		{"a user's empty file", func(t *testing.T, _, lock string) { writeFile(t, lock, nil) }},
		{"a file holding more than a lock", func(t *testing.T, _, lock string) { writeFile(t, lock, []byte(lockContent+"x")) }},
		{"a symbolic link to a file", func(t *testing.T, dir, lock string) {
			writeFile(t, filepath.Join(dir, "target.txt"), []byte(lockContent))
			if err := os.Symlink("target.txt", lock); err != nil {
				t.Fatal(err)
			}
		}},
		{"a symbolic link to nothing", func(t *testing.T, _, lock string) {
			if err := os.Symlink("created-by-reportgen", lock); err != nil {
				t.Fatal(err)
			}
		}},
		{"a folder", func(t *testing.T, _, lock string) {
			if err := os.Mkdir(lock, 0o755); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			lock := filepath.Join(dir, Lock)
			tc.make(t, dir, lock)
			before := snapshot(t, dir)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			unlock, err := lockDir(ctx, dir)
			if err == nil {
				unlock()
				t.Fatal("taken for a lock")
			}
			if errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "not reportgen's lock") {
				t.Fatalf("refused otherwise than as no lock: %v", err)
			}
			if after := snapshot(t, dir); after != before {
				t.Errorf("the folder changed:\n%s\nwas\n%s", after, before)
			}
		})
	}
}

// snapshot lists dir's entries: name, type and, for a file, its
// content; for a link, its target.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		fmt.Fprintf(&b, "%s %v", e.Name(), e.Type())
		switch {
		case e.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, " -> %s", target)
		case e.Type().IsRegular():
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, " %q", data)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestStaleLockTaken: a lock file a killed build left (no process holds
// its flock) is taken at once, not waited on, and removed when done.
func TestStaleLockTaken(t *testing.T) {
	dir := t.TempDir()
	lock := filepath.Join(dir, Lock)
	writeFile(t, lock, []byte(lockContent))
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

// TestEmptyLockBeingMade: an empty lock file that its creator fills
// with lockContent while lockDir looks (another build between creating
// and writing it) is taken, not refused: lockDir looks again for
// pendingTries before it calls an empty file no lock.
func TestEmptyLockBeingMade(t *testing.T) {
	dir := t.TempDir()
	lock := filepath.Join(dir, Lock)
	writeFile(t, lock, nil)
	done := make(chan struct{})
	go func() {
		defer close(done)
		time.Sleep(200 * time.Millisecond) // well inside pendingTries × 50 ms
		_ = os.WriteFile(lock, []byte(lockContent), 0o644)
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	unlock, err := lockDir(ctx, dir)
	<-done
	if err != nil {
		t.Fatalf("a lock being made was refused: %v", err)
	}
	unlock()
}
