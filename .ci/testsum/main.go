// Testsum reads "go test -json" on stdin and prints what "go test"
// prints (the package lines, and the output of what failed), followed
// by the tests that were skipped and why, so that a local "make test"
// never says ok while tests quietly did not run. It exits 1 when a
// package failed.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

type event struct {
	Action, Package, Test, Output string
}

func main() {
	logs := map[string][]string{} // package/test → its output lines
	var skipped []string
	failed := false
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			fmt.Println(sc.Text()) // not JSON: a build error, say
			continue
		}
		key := e.Package + " " + e.Test
		switch e.Action {
		case "output":
			if e.Test == "" {
				if !strings.HasPrefix(e.Output, "=== ") && !strings.HasPrefix(e.Output, "PASS") {
					fmt.Print(e.Output)
				}
				continue
			}
			if !strings.HasPrefix(e.Output, "=== ") {
				logs[key] = append(logs[key], e.Output)
			}
		case "fail":
			if e.Test == "" {
				failed = true
				continue
			}
			fmt.Print(strings.Join(logs[key], ""))
		case "skip":
			if e.Test != "" {
				why := ""
				for _, l := range logs[key] {
					if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "--- SKIP") {
						why = t
					}
				}
				skipped = append(skipped, fmt.Sprintf("  %s %s: %s", e.Package, e.Test, why))
			}
		case "build-fail":
			failed = true
		}
	}
	if len(skipped) > 0 {
		sort.Strings(skipped)
		fmt.Printf("\n%d test(s) skipped; CI (CI=true) runs them and fails instead:\n%s\n", len(skipped), strings.Join(skipped, "\n"))
	}
	if failed {
		os.Exit(1)
	}
}
