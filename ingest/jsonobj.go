package ingest

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// obj is a decoded JSON object and where it is in the document
// ("benchmarks[0].metrics"), for messages. The zero obj is an absent
// object: every key is missing.
type obj struct {
	m    map[string]any
	path string
	off  int // the byte offset of its '{'
}

// asObj views v as an object at path.
func asObj(v any, path string) (obj, bool) {
	o, ok := v.(*jobject)
	if !ok {
		return obj{}, false
	}
	return obj{o.m, path, o.off}, true
}

// exists reports whether the object is there at all.
func (o obj) exists() bool { return o.m != nil }

func (o obj) has(key string) bool { _, ok := o.m[key]; return ok }

func (o obj) get(key string) any { return o.m[key] }

func (o obj) str(key string) string {
	if s, ok := o.m[key].(jstr); ok {
		return s.s
	}
	return ""
}

// name is the path of key, for messages: "metrics.ttft.avg".
func (o obj) name(key string) string {
	if o.path == "" {
		return key
	}
	return o.path + "." + key
}

func (o obj) sub(key string) obj {
	m, _ := asObj(o.m[key], o.name(key))
	return m
}

// at follows keys through nested objects.
func (o obj) at(keys ...string) obj {
	cur := o
	for _, k := range keys {
		if cur = cur.sub(k); !cur.exists() {
			return obj{}
		}
	}
	return cur
}

// list returns the items of the array under key and the array's path.
func (o obj) list(key string) ([]any, string, bool) {
	a, ok := o.m[key].(*jarray)
	if !ok {
		return nil, o.name(key), false
	}
	return a.items, o.name(key), true
}

// item names element i of the array at path: "ttfts[3]".
func item(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// jreader reads checked numbers out of one decoded JSON document. The
// first number refused is kept in err; the reader checks err once, when
// it has read the run.
type jreader struct {
	file string
	data []byte
	err  error
}

// num reads key of o as a number of quantity q: NaN when absent or null.
func (r *jreader) num(o obj, key string, q quantity) float64 {
	return r.value(o.get(key), o.name(key), q)
}

// value reads v, found at name, as a number of quantity q: a JSON
// number, a number written as a string ("550", as LLMPerf does), or
// "inf"; NaN when v is absent or null. Anything else, and any number
// checkNumber refuses, is an error at v's position.
func (r *jreader) value(v any, name string, q quantity) float64 {
	var f float64
	var text string
	var off int
	switch x := v.(type) {
	case nil:
		return Absent
	case jnum:
		text, off = x.text, x.off
		f, _ = strconv.ParseFloat(x.text, 64) // valid syntax; a range error gives ±Inf
	case jstr:
		text, off = strconv.Quote(x.s), x.off
		s := strings.TrimSpace(strings.ToLower(x.s))
		switch s {
		case "inf", "infinity", "+inf", "+infinity":
			f = math.Inf(1)
		default:
			var err error
			if f, err = parseNumber(s); err != nil {
				r.refuse(off, name, fmt.Errorf("%s is not a number; expected %s", text, q.kind()))
				return Absent
			}
		}
	default:
		text, off := jsonKind(v)
		r.refuse(off, name, fmt.Errorf("%s is not a number; expected %s", text, q.kind()))
		return Absent
	}
	if err := checkNumber(f, text, q); err != nil {
		r.refuse(off, name, err)
		return Absent
	}
	return f
}

// checkAt judges a number that a reader found inside a string (a rate
// in a test name, a flag on a command line) at that string's position;
// text is the part of the string that holds it ("--concurrency 2.5").
func (r *jreader) checkAt(s jstr, name string, f float64, text string, q quantity) float64 {
	if err := checkNumber(f, text, q); err != nil {
		r.refuse(s.off, name, err)
		return Absent
	}
	return f
}

// refuse keeps the first error, at byte offset off (-1: the file).
func (r *jreader) refuse(off int, name string, err error) {
	if r.err != nil {
		return
	}
	pos := Pos{File: r.file}
	if off >= 0 {
		pos = offsetPos(r.file, r.data, off)
	}
	r.err = errorf(pos, "", "%q: %v", name, err)
}

// kind says what a quantity's number is: "a time in ms".
func (q quantity) kind() string {
	s := "a " + q.what
	if q.unit != "" {
		s += " in " + q.unit
	}
	return s
}

// jsonKind names a decoded value that is not a number or a string, and
// gives its offset.
func jsonKind(v any) (string, int) {
	switch x := v.(type) {
	case jbool:
		return strconv.FormatBool(x.v), x.off
	case *jobject:
		return "an object", x.off
	case *jarray:
		return "a list", x.off
	}
	return fmt.Sprintf("%T", v), -1
}

// fromJSON makes a format's Read out of read, a reader of the decoded
// runs: the objects of the document (JSON lines give one per line, a
// list one per item), and a jreader over them. The first number the
// jreader refuses fails the read. A file of runs is parsed up to
// MaxRuns runs (jsonRuns); fromJSONRequests is fromJSON for a file of
// requests (per-request records), bounded by MaxFileSize alone.
func fromJSON(read func(r *jreader, objs []obj) ([]Level, Definitions, []*Warning, error)) func(string, []byte) ([]Level, Definitions, []*Warning, error) {
	return cappedJSON(MaxRuns, read)
}

// fromJSONRequests is fromJSON for a file whose values are requests.
func fromJSONRequests(read func(r *jreader, objs []obj) ([]Level, Definitions, []*Warning, error)) func(string, []byte) ([]Level, Definitions, []*Warning, error) {
	return cappedJSON(0, read)
}

// cappedJSON is fromJSON parsing up to maxRuns runs (0: no cap).
func cappedJSON(maxRuns int, read func(r *jreader, objs []obj) ([]Level, Definitions, []*Warning, error)) func(string, []byte) ([]Level, Definitions, []*Warning, error) {
	return func(file string, data []byte) ([]Level, Definitions, []*Warning, error) {
		vals, err := jsonRuns(file, data, maxRuns)
		if err != nil {
			return nil, Definitions{}, nil, err
		}
		objs := runObjects(vals)
		if len(objs) == 0 {
			return nil, Definitions{}, nil, errorf(Pos{File: file, Line: 1, Col: 1}, "", "no benchmark run in the file")
		}
		r := &jreader{file: file, data: data}
		levels, defs, warnings, err := read(r, objs)
		if err == nil {
			err = r.err
		}
		if err != nil {
			return nil, Definitions{}, nil, err
		}
		return levels, defs, warnings, nil
	}
}

// runObjects are the objects among a document's values vals, the items
// of a list among them taken one by one ("[3]"): the runs (or requests)
// a format's reader reads.
func runObjects(vals []any) []obj {
	var objs []obj
	for _, v := range vals {
		if list, ok := v.(*jarray); ok {
			for i, x := range list.items {
				if o, ok := asObj(x, item("", i)); ok {
					objs = append(objs, o)
				}
			}
		} else if o, ok := asObj(v, ""); ok {
			objs = append(objs, o)
		}
	}
	return objs
}
