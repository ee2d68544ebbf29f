package ingest

import "path/filepath"

// layout is a tool's own layout of a configuration's runs, one that file
// names alone do not tell: sub-folders that each hold one run (points),
// read from one file of a fixed name, which may fall into several
// configurations (parts). A tool's file defines its layout beside its
// Format; layouts lists them, and the folder walk (discover.go,
// sources.go, runfolder.go) asks each, as Detect asks each format,
// knowing nothing of any one tool.
type layout struct {
	// point reports whether folder dir is one of the layout's points.
	// The error names dir when dir cannot be looked into, else the file
	// in it that cannot be looked at.
	point func(dir string) (bool, error)
	// parts says what the points directly in folder dir are: points
	// reports whether there is any; parts lists, sorted, the parts that
	// are configurations of their own, nil when the points are one
	// configuration. An error names dir, which cannot be read.
	parts func(dir string) (parts []string, points bool, err error)
	// partOf is the part of the point whose folder is named name.
	partOf func(name string) string
	// partID is the configuration id of the part key.
	partID func(key string) string
	// run is the name of the file of a point that is read as its run.
	run string
	// repeats reports whether the file named name, in a point beside its
	// run file, holds the same run again: skipped and listed, not
	// refused under --strict.
	repeats func(name string) bool
	// aggregate reports whether the file named name, beside the points,
	// gathers their runs (read from the points instead): skipped and
	// listed.
	aggregate func(name string) bool
}

// layouts are the tools' layouts of runs the walk knows.
var layouts = []*layout{&vllmSweep}

// pointLayout is the layout whose point folder dir is, nil when it is
// none's; an error says that dir, or a file in it, cannot be looked at.
func pointLayout(dir string) (*layout, error) {
	for _, l := range layouts {
		point, err := l.point(dir)
		if err != nil {
			return nil, err
		}
		if point {
			return l, nil
		}
	}
	return nil, nil
}

// pointsIn is the layout whose points folder dir holds, nil when it
// holds none, and the parts they fall into (nil: one configuration).
func pointsIn(dir string) (*layout, []string, error) {
	for _, l := range layouts {
		parts, points, err := l.parts(dir)
		if err != nil {
			return nil, nil, err
		}
		if points {
			return l, parts, nil
		}
	}
	return nil, nil, nil
}

// part is one configuration of a folder that holds several: the points
// that its layout puts in part key, or (files set) the run files of one
// configuration among the folder's (groupRuns), key being its id.
type part struct {
	layout *layout
	key    string
	files  *runGroup
}

// holds reports whether the point folder p, of layout l, is one of the
// part's; a nil part (the whole folder) holds every point, and a part
// of run files every point whose run file it holds (holdsFile).
func (pt *part) holds(l *layout, p string) bool {
	return pt == nil || pt.files != nil || pt.layout == l && l.partOf(filepath.Base(p)) == pt.key
}

// holdsFile reports whether the run file at path is one of the part's:
// every file of a nil part or of a part of points, the part's own of a
// part of run files.
func (pt *part) holdsFile(path string) bool {
	return pt == nil || pt.files == nil || pt.files.files[path]
}

// holdsRun reports whether the part is of run files and the file at
// path is one of them.
func (pt *part) holdsRun(path string) bool {
	return pt != nil && pt.files != nil && pt.files.files[filepath.Clean(path)]
}

// samePart reports whether a and b select the same points or files:
// both the whole folder (nil), or one part (of one layout, one key).
func samePart(a, b *part) bool {
	return a == nil && b == nil || a != nil && b != nil && a.layout == b.layout && a.key == b.key
}
