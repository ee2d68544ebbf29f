package outdir

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRealPath: links are resolved as far as the path exists, the rest
// kept as is (an output folder not made yet), and a relative path is
// made absolute.
func TestRealPath(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(root, "data", "r")
	if err := os.MkdirAll(target, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "link")
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("symlink: %v", err)
	}
	t.Chdir(root)
	for _, c := range []struct{ in, want string }{
		{target, target},                       // an input: resolved whole
		{link, target},                         // a link: where it leads
		{"link", target},                       // relative
		{"link/out/r", target + "/out/r"},      // a missing tail behind a link
		{"missing/out", root + "/missing/out"}, // nothing of it exists below root
		{"data/./r/..", root + "/data"},        // cleaned
	} {
		got, err := RealPath(c.in)
		if err != nil || got != filepath.FromSlash(c.want) {
			t.Errorf("RealPath(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

// TestWithin: a path is within a folder when it is the folder or lies
// below it; a sibling whose name extends the folder's is not.
func TestWithin(t *testing.T) {
	for _, c := range []struct {
		p, dir string
		want   bool
	}{
		{"/a", "/a", true},
		{"/a/b", "/a", true},
		{"/a/b/c", "/a", true},
		{"/ab", "/a", false}, // a hair past: shares the prefix, not the folder
		{"/a", "/a/b", false},
		{"/a/b", "/", true},
	} {
		if got := within(filepath.FromSlash(c.p), filepath.FromSlash(c.dir)); got != c.want {
			t.Errorf("within(%s, %s) = %v, want %v", c.p, c.dir, got, c.want)
		}
	}
}

// TestMarkedAndOwnFile: a folder is reportgen's when it directly holds
// the marker, whatever the marker is; only the marker and the lock are
// reportgen's bookkeeping files.
func TestMarkedAndOwnFile(t *testing.T) {
	dir := t.TempDir()
	if Marked(dir) {
		t.Error("an empty folder is marked")
	}
	writeFile(t, filepath.Join(dir, "sub", Marker), nil)
	if Marked(dir) || !Marked(filepath.Join(dir, "sub")) {
		t.Error("the marker marks its own folder only")
	}
	if err := os.Mkdir(filepath.Join(dir, Marker), 0o755); err != nil {
		t.Fatal(err)
	}
	if !Marked(dir) {
		t.Error("a folder named like the marker does not mark")
	}
	for name, want := range map[string]bool{
		Marker: true, Lock: true,
		Lock + ".stale-1": false, ".reportgenx": false, "reportgen": false, "analysis.json": false,
	} {
		if OwnFile(name) != want {
			t.Errorf("OwnFile(%q) = %v", name, !want)
		}
	}
}
