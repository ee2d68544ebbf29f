package outdir

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// ArgError is a refusal of the arguments themselves, such as an output
// folder that would overwrite an input: no retry can succeed, the
// command line has to change. A command reports it as a usage error.
type ArgError struct{ msg string }

// Error is the refusal, which names the arguments in the way and says
// what to give instead.
func (e *ArgError) Error() string { return e.msg }

func argErrorf(format string, args ...any) error { return &ArgError{fmt.Sprintf(format, args...)} }

// Dest is where the report of one report folder goes.
type Dest struct {
	// Dir is the report folder as it was given (for messages).
	Dir string
	// Name is the folder's real name (its RealPath's last element), also
	// the report's name.
	Name string
	// Path is OUT/NAME, absolute.
	Path string
}

// Plan names the report of each report folder in dirs, found under the
// paths given, and places it under out. It refuses (an *ArgError) what
// could overwrite input: an out that is not a folder, a destination
// that is, holds or lies inside an input folder (a report folder, or a
// path given), a report folder without a name of its own ("/"), and two
// report folders of one name, which would overwrite each other. A folder
// given twice (by two paths that resolve to it) gets one report, under
// the first.
func Plan(out string, paths, dirs []string) ([]Dest, error) {
	outReal, err := RealPath(out)
	if err != nil {
		return nil, err
	}
	if st, err := os.Stat(outReal); err == nil && !st.IsDir() {
		return nil, argErrorf("-o %s: not a folder", out)
	}
	given := append(slices.Clone(paths), dirs...)
	var inputs []string
	for _, p := range given {
		r, err := RealPath(p)
		if err != nil {
			return nil, err
		}
		inputs = append(inputs, r)
	}
	ds, err := name(out, outReal, dirs)
	if err != nil {
		return nil, err
	}
	for _, d := range ds {
		if err := apart(out, d, inputs, given); err != nil {
			return nil, err
		}
	}
	return ds, nil
}

// name gives each report folder of dirs its destination under outReal
// (out as given, for messages), each real folder once.
func name(out, outReal string, dirs []string) ([]Dest, error) {
	var ds []Dest
	byName := map[string]string{}
	seen := map[string]bool{}
	for _, d := range dirs {
		r, err := RealPath(d)
		if err != nil {
			return nil, err
		}
		if seen[r] {
			continue // the same folder given twice is built once
		}
		seen[r] = true
		n := filepath.Base(r)
		if n == string(filepath.Separator) || n == "." || n == "" {
			return nil, argErrorf("%s: a report is named after its folder, and this one has no name; give a folder below it", d)
		}
		if other, dup := byName[n]; dup {
			return nil, argErrorf("%s and %s are both called %q: their reports would overwrite each other in %s; build them with different -o folders",
				other, d, n, filepath.Join(out, n))
		}
		byName[n] = d
		ds = append(ds, Dest{Dir: d, Name: n, Path: filepath.Join(outReal, n)})
	}
	return ds, nil
}

// apart refuses the destination of d when it is, lies inside or holds
// one of the inputs (resolved; given as the user wrote them).
func apart(out string, d Dest, inputs, given []string) error {
	// A destination that exists as a link is judged where it leads.
	dst, err := RealPath(d.Path)
	if err != nil {
		return err
	}
	shown := filepath.Join(out, d.Name)
	for i, in := range inputs {
		switch {
		case d.Path == in || dst == in:
			return argErrorf("-o %s: the report of %s would be written to %s, which is the input folder %s; choose an output folder outside the input",
				out, d.Dir, shown, given[i])
		case within(d.Path, in) || within(dst, in):
			return argErrorf("-o %s: the report of %s would be written to %s, inside the input folder %s; choose an output folder outside the input",
				out, d.Dir, shown, given[i])
		case within(in, d.Path) || within(in, dst):
			return argErrorf("-o %s: the report of %s would replace %s, which holds the input folder %s; choose an output folder outside the input",
				out, d.Dir, shown, given[i])
		}
	}
	return nil
}

// PlanFolder is the absolute destination of -o out for one output that
// is the folder itself (a comparison: OUT/compare.json, OUT/LANG/…). It
// refuses (an *ArgError) an out that is not a folder, and one that is,
// holds or lies inside an input: a folder given, or the folder of a
// file given.
func PlanFolder(out string, inputs ...string) (string, error) {
	dst, err := RealPath(out)
	if err != nil {
		return "", err
	}
	if st, err := os.Stat(dst); err == nil && !st.IsDir() {
		return "", argErrorf("-o %s: not a folder", out)
	}
	for _, in := range inputs {
		dir := in
		if st, err := os.Stat(in); err == nil && !st.IsDir() {
			dir = filepath.Dir(in)
		}
		r, err := RealPath(dir)
		if err != nil {
			return "", err
		}
		switch {
		case dst == r:
			return "", argErrorf("-o %s is the input folder %s; choose an output folder outside the input", out, dir)
		case within(dst, r):
			return "", argErrorf("-o %s lies inside the input folder %s; choose an output folder outside the input", out, dir)
		case within(r, dst):
			return "", argErrorf("-o %s holds the input folder %s; choose an output folder outside the input", out, dir)
		}
	}
	return dst, nil
}
