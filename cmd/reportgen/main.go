package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// exitInterrupted is the exit status after SIGINT or SIGTERM (128 + 2, as
// a shell reports an interrupted command).
const exitInterrupted = 130

// signalGrace is how long a signalled build may take to abandon the
// report it is writing.
const signalGrace = 3 * time.Second

func main() {
	// SIGINT and SIGTERM cancel the build: the report being written is
	// abandoned and its temporary folder removed; the output folder keeps
	// the previous report. Until a report is written nothing of it is on
	// disk, so a build still drawing when the grace period ends is
	// stopped there. A second signal kills at once.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			stop()
			select {
			case <-done:
			case <-time.After(signalGrace):
				fmt.Fprintln(os.Stderr, "reportgen: interrupted")
				os.Exit(exitInterrupted)
			}
		case <-done:
		}
	}()
	err := run(ctx, os.Stdout, os.Stderr, os.Args[1:], os.Getenv)
	close(done)
	if ctx.Err() != nil {
		err = errInterrupted
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "reportgen: %v\n", err)
	}
	os.Exit(exitCode(err))
}

// errInterrupted is the outcome of a build that a signal cancelled,
// whatever run returned.
var errInterrupted = errors.New("interrupted; the report being written was abandoned, the previous one is kept")

// exitCode is the exit status for run's error: 0 for none, 2 for a usage
// error, 3 for a comparison that failed --fail-on, 130 for an
// interruption (errInterrupted), 1 for any other.
func exitCode(err error) int {
	var reg *errRegression
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errInterrupted):
		return exitInterrupted
	case isUsage(err):
		return 2
	case errors.As(err, &reg):
		return exitRegression
	default:
		return 1
	}
}
