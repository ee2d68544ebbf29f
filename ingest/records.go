package ingest

import (
	"bytes"
	"io"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A JSON-lines file of serving runs (vllm bench serve --append-result,
// sglang.bench_serving --output-file, each writing one result per line,
// whatever the file's extension) may hold the runs of several
// configurations: a vLLM and an SGLang sweep appended to one file, two
// models, or one load run again with other settings. findSources makes
// each a configuration of its own, a part of the file (records), and
// reads only its lines (readResultPart). Runs of different workloads
// are not split into rival configurations: a file that mixes them is
// refused as before (oneWorkload), as no comparison between them holds.

// records is one configuration of a JSON-lines file: the lines of its
// runs (1-based) and its key, what sets its runs apart from the file's
// other parts ("sglang", "Llama-3.3-70B-Instruct", "num_prompts=32").
type records struct {
	key   string
	lines []int
}

// recordParts are the configurations of the JSON-lines file at path,
// by recordGroups; nil when it holds one (or is no JSON-lines file of
// serving runs, or cannot be read: its reader says why). A file whose
// first line is no serving run (AIPerf's per-request records, a
// guidellm report) is told by that line alone, not read whole.
func recordParts(path string) []*records {
	if !slices.Contains(jsonExts, strings.ToLower(filepath.Ext(path))) || !servingHead(path) {
		return nil
	}
	data, err := readInput(path)
	if err != nil {
		return nil
	}
	return recordGroups(path, data)
}

// headSize is how much of a file servingHead reads.
const headSize = 64 << 10

// servingHead reports whether the file at path may be JSON lines of
// serving runs: it starts with an object, and its first line, when
// that line ends within headSize, is a run of a serving format.
func servingHead(path string) bool {
	f, err := openStream(path)
	if err != nil {
		return false
	}
	head := make([]byte, headSize)
	n, _ := io.ReadFull(f, head)
	if f.Close() != nil {
		return false
	}
	head = bytes.TrimLeft(bytes.TrimPrefix(head[:n], []byte("\xef\xbb\xbf")), " \t\r\n")
	if len(head) == 0 || head[0] != '{' {
		return false
	}
	line, _, whole := bytes.Cut(head, []byte("\n"))
	if !whole {
		// One line: the whole file (one run), or a line longer than the
		// head (per-request arrays), which only the whole file tells.
		return n == headSize
	}
	format, err := Detect(path, line)
	return err == nil && servingFormat(format)
}

// record is one line of a JSON-lines file as recordGroups sorts it.
type record struct {
	line int
	// what tells configurations apart, by dimension (recordDims).
	what [len(recordDims)]string
	// load is the run's load and workload ("c8 random 1024/128", "r4
	// sharegpt"), settings what else it was run with (number of prompts,
	// burstiness): runs at one load whose settings differ are no repeats
	// of each other.
	load, settings string
}

// recordDims name what sets a run's configuration apart, in the order
// a part's key gives them: the format (vllm, sglang), the client
// backend or endpoint, the run's label (vLLM --label), the model, and
// the settings that a load run twice differs by.
var recordDims = [...]string{"format", "backend", "label", "model", "settings"}

// recordGroups sorts the lines of data, a file at path, into
// configurations: a file whose every non-blank line is one object of a
// serving format (vllm, sglang, inferencex) gives one part per format,
// backend, label and model its runs state; and, where two runs of one
// part share a load and a workload but not their settings (num_prompts,
// burstiness), one per settings. Nil for a file of one part.
func recordGroups(path string, data []byte) []*records {
	recs := fileRecords(path, data)
	if len(recs) < 2 {
		return nil
	}
	// Group by what the runs state, then split a group whose runs at one
	// load differ in their settings.
	groups := map[string][]record{}
	for _, r := range recs {
		k := strings.Join(r.what[:len(recordDims)-1], "\x00")
		groups[k] = append(groups[k], r)
	}
	var parts [][]record
	for _, k := range slices.Sorted(maps.Keys(groups)) {
		g := groups[k]
		if !settingsDiffer(g) {
			for i := range g {
				g[i].what[len(recordDims)-1] = ""
			}
			parts = append(parts, g)
			continue
		}
		bySettings := map[string][]record{}
		for _, r := range g {
			bySettings[r.settings] = append(bySettings[r.settings], r)
		}
		for _, s := range slices.Sorted(maps.Keys(bySettings)) {
			parts = append(parts, bySettings[s])
		}
	}
	if len(parts) < 2 {
		return nil
	}
	out := partKeys(parts)
	slices.SortFunc(out, func(a, b *records) int { return strings.Compare(a.key, b.key) })
	return out
}

// fileRecords are the records of data when every non-blank line of it
// is one JSON object of a serving format; nil otherwise.
func fileRecords(path string, data []byte) []record {
	if bytes.Count(bytes.TrimSpace(data), []byte("\n")) == 0 {
		// One line (a run with its per-request arrays may be tens of
		// MB): one record at most, no parts, told without parsing it.
		return nil
	}
	format, err := Detect(path, data)
	if err != nil || !servingFormat(format) {
		return nil
	}
	var recs []record
	for i, ln := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(ln)) == 0 {
			continue
		}
		vals, err := jsonValues(path, ln)
		if err != nil || len(vals) != 1 {
			return nil
		}
		o, ok := asObj(vals[0], "")
		if !ok {
			return nil
		}
		f, err := Detect(path, ln)
		if err != nil || !servingFormat(f) {
			return nil
		}
		recs = append(recs, newRecord(i+1, f, o, ln, path))
	}
	return recs
}

// servingFormat reports whether format is one of benchmark_serving's
// result formats, whose files are runs appended line by line.
func servingFormat(format string) bool {
	return format == FormatVLLM || format == FormatSGLang || format == FormatInferenceX
}

// newRecord is the record of the run o, of format f, on line line
// (whose text is text) of the file at path.
func newRecord(line int, f string, o obj, text []byte, path string) record {
	r := record{line: line}
	backend := o.str("backend")
	if backend == "" {
		backend = o.str("endpoint_type")
	}
	model := o.str("model_id")
	if model == "" {
		model = o.str("model")
	}
	jr := &jreader{file: path, data: text}
	var settings []string
	if n, ok := o.get("num_prompts").(jnum); ok {
		settings = append(settings, "num_prompts="+n.text)
	}
	if b, ok := o.get("burstiness").(jnum); ok && b.text != "1" && b.text != "1.0" {
		settings = append(settings, "burstiness="+b.text)
	}
	r.settings = strings.Join(settings, " ")
	r.what = [len(recordDims)]string{f, backend, o.str("label"), model, r.settings}
	if c := clientCap(jr, o); c > 0 {
		r.load = "c" + strconv.Itoa(c)
	} else {
		r.load = "r" + strconv.FormatFloat(offeredLoad(jr, o), 'g', -1, 64)
	}
	r.load += " " + statedWorkload(o)
	return r
}

// settingsDiffer reports whether two runs of g at one load (and
// workload) differ in their settings.
func settingsDiffer(g []record) bool {
	seen := map[string]string{}
	for _, r := range g {
		if s, ok := seen[r.load]; ok && s != r.settings {
			return true
		}
		seen[r.load] = r.settings
	}
	return false
}

// partKeys names the parts by what differs between them: the values of
// the dimensions that are not the same in all, joined by "-", each made
// fit for a configuration id (partKeyChars).
func partKeys(parts [][]record) []*records {
	var differ []int
	for d := range recordDims {
		for _, p := range parts[1:] {
			if p[0].what[d] != parts[0][0].what[d] {
				differ = append(differ, d)
				break
			}
		}
	}
	out := make([]*records, len(parts))
	for i, p := range parts {
		var words []string
		for _, d := range differ {
			w := p[0].what[d]
			switch {
			case recordDims[d] == "model":
				w = w[strings.LastIndex(w, "/")+1:] // the model's name, not the path it was served from
			case w == "" && recordDims[d] == "settings":
				continue // a part whose runs were not split by their settings
			case w == "":
				w = "no-" + recordDims[d]
			}
			w = partKeyChars.ReplaceAllString(w, "_")
			if len(words) > 0 && words[len(words)-1] == w {
				continue // "vllm" the format and "vllm" the backend: said once
			}
			words = append(words, w)
		}
		out[i] = &records{key: strings.Join(words, "-")}
		for _, r := range p {
			out[i].lines = append(out[i].lines, r.line)
		}
	}
	// Two keys alike (one model's name under two organizations) are told
	// apart by their first line.
	for i, a := range out {
		for _, b := range out[i+1:] {
			if a.key == b.key {
				a.key += "-line" + strconv.Itoa(a.lines[0])
				b.key += "-line" + strconv.Itoa(b.lines[0])
			}
		}
	}
	return out
}

// partKeyChars are the characters a part's key does not keep.
var partKeyChars = regexp.MustCompile(`[^A-Za-z0-9._=+-]+`)

// only is data with every line that is not one of the part's blanked
// (its bytes turned to spaces): the part's runs keep their lines and
// columns, for messages, and nothing else of the file is read.
func (rs *records) only(data []byte) []byte {
	out := bytes.Clone(data)
	line, keep := 1, slices.Contains(rs.lines, 1)
	for i, c := range out {
		if c == '\n' {
			line++
			keep = slices.Contains(rs.lines, line)
			continue
		}
		if !keep && c != '\r' {
			out[i] = ' '
		}
	}
	return out
}

// recordSources are the configurations of the result file s: one per
// part of a JSON-lines file of several (recordParts), each named
// <file>/<key>, else s itself.
func recordSources(s source) []source {
	if s.kind != fileSource {
		return []source{s}
	}
	parts := recordParts(s.path)
	if parts == nil {
		return []source{s}
	}
	out := make([]source, len(parts))
	for i, rs := range parts {
		out[i] = s
		out[i].id, out[i].records = s.id+"/"+rs.key, rs
	}
	return out
}

// sameRecords reports whether two sources of one file read the same
// runs: the whole file (nil), or one part.
func sameRecords(a, b *records) bool {
	return a == nil && b == nil || a != nil && b != nil && a.key == b.key
}

// manyRecordsError refuses the manifest entry meta whose path names a
// JSON-lines file of several configurations (parts): one entry is one
// configuration, and each part is found by its id.
func manyRecordsError(m *Manifest, meta ConfigMeta, parts []*records) error {
	stem := strings.TrimSuffix(filepath.Base(meta.Path), filepath.Ext(meta.Path))
	var ids []string
	for _, rs := range parts {
		ids = append(ids, strconv.Quote(stem+"/"+rs.key))
	}
	return errorf(Pos{File: m.file}, "", "config %q: path %q holds the runs of %d configurations; expected one: give each its own [[configs]] entry, without a path, with id = %s",
		meta.ID, meta.Path, len(parts), strings.Join(ids, ", "))
}
