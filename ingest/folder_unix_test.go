//go:build unix

package ingest

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// hardLink makes link a second name of the file target (one device and
// inode).
func hardLink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Link(target, link); err != nil {
		t.Skipf("hard link: %v", err)
	}
}

// TestHardLinkIsOneFile: a result file reached under two names by a
// hard link is one file: read once, under its first name, the other
// listed as not read with the reason; in a folder of runs its run is
// read once, not twice as a repeat of itself; and a manifest that lists
// both names as configurations is refused, as for a symbolic link.
func TestHardLinkIsOneFile(t *testing.T) {
	csv := compactHeader + "\n" + compactRow
	dir := writeTree(t, map[string]string{"a.csv": csv, "c.csv": csv})
	hardLink(t, filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv"))
	c, err := Read(dir, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, cfg := range c.Configs {
		ids = append(ids, cfg.ID)
	}
	// c.csv holds the same bytes but is a file of its own: read.
	if !slices.Equal(ids, []string{"a", "c"}) {
		t.Errorf("configs %q, want a and c", ids)
	}
	if want := []string{"b.csv (the same file as a.csv: a hard link)"}; !slices.Equal(c.Ignored, want) {
		t.Errorf("ignored %q, want %q", c.Ignored, want)
	}
	found, err := Survey(dir)
	if err != nil || len(found) != 2 {
		t.Errorf("Survey: %d configurations, %v; want a and c", len(found), err)
	}

	runs := writeTree(t, map[string]string{"runs/c1.json": run(1), "runs/c2.json": run(2)})
	hardLink(t, filepath.Join(runs, "runs", "c1.json"), filepath.Join(runs, "runs", "copy.json"))
	c, err = Read(runs, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(c.Configs[0].Levels); n != 2 || len(c.Configs[0].Levels[0].Repeats) > 0 {
		t.Errorf("%d levels, the first with %d repeats; want 2 levels, each one run", n, len(c.Configs[0].Levels[0].Repeats))
	}
	if want := []string{"runs/copy.json (the same file as runs/c1.json: a hard link)"}; !slices.Equal(c.Ignored, want) {
		t.Errorf("ignored %q, want %q", c.Ignored, want)
	}

	dir = writeTree(t, map[string]string{ManifestName: "[[configs]]\nid = \"a\"\n[[configs]]\nid = \"b\"\n", "a.csv": csv})
	hardLink(t, filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv"))
	_, err = Read(dir, ReadOptions{})
	wantError(t, err, filepath.Join(dir, ManifestName)+`: config "b" reads `+filepath.Join(dir, "b.csv")+`, a hard link to the same file as config "a" (`+filepath.Join(dir, "a.csv")+`); expected each file in one configuration`)
}
