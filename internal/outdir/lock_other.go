//go:build !unix

package outdir

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

const lockWait = 5 * time.Minute

// lockDir takes the output folder's lock by creating .reportgen.lock
// exclusively, with the process id of its holder in it, waiting while
// another reportgen holds it; unlock removes it. Without flock a killed
// holder leaves the file behind: a lock whose process is gone (where
// the system can tell, os.FindProcess) is stale and removed.
func lockDir(ctx context.Context, dir string) (unlock func(), err error) {
	p := filepath.Join(dir, Lock)
	mine := []byte(fmt.Sprintf("reportgen %d %d\n", os.Getpid(), time.Now().UnixNano()))
	deadline := time.Now().Add(lockWait)
	for {
		f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			_, werr := f.Write(mine)
			if err := errors.Join(werr, f.Close()); err != nil {
				return nil, errors.Join(fmt.Errorf("lock %s: %w", p, err), os.Remove(p))
			}
			return func() { _ = os.Remove(p) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("lock %s: %w", p, err)
		}
		if removeStale(p) {
			continue
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

// removeStale removes the lock file p when the process it names is
// gone, and reports whether it did. The file is first renamed to a name
// of this process's own, so that of two builds finding it stale only
// one removes it; a file that turns out not to be the stale one read
// (a new holder's) is put back.
func removeStale(p string) bool {
	held, err := os.ReadFile(p)
	if err != nil || !lockGone(held) {
		return false
	}
	aside := fmt.Sprintf("%s.stale-%d", p, os.Getpid())
	if err := os.Rename(p, aside); err != nil {
		return false
	}
	if now, err := os.ReadFile(aside); err != nil || !bytes.Equal(now, held) {
		_ = os.Rename(aside, p)
		return false
	}
	return os.Remove(aside) == nil
}

// lockGone reports whether the lock file content held names a process
// that no longer runs.
func lockGone(held []byte) bool {
	f := strings.Fields(string(held))
	if len(f) < 2 || f[0] != "reportgen" {
		return false
	}
	pid, err := strconv.Atoi(f[1])
	if err != nil || pid <= 0 {
		return false
	}
	proc, err := os.FindProcess(pid)
	if err != nil {
		return true
	}
	_ = proc.Release()
	return false
}
