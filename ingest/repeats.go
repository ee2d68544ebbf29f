package ingest

import (
	"crypto/sha256"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// The repeat rule: files of one configuration folder at one load are
// one configuration's repeated runs only when their names differ by run
// tokens alone (runTokenPattern) and their recorded settings agree
// (groupRuns, runparts.go); otherwise they are configurations of their
// own. A file's name, for this rule, is its path below the
// configuration folder, its folders included, without its extension;
// its load tokens (c64, concurrency_16, rate4, a bare 16/ folder) are
// left out too, since the load is what the runs of one configuration
// sweep.

// runTokenPattern matches a run token at the start of a name's token:
// a repeat's number (run1, run_2, run=0, r3, rep, repeat-2, trial_4,
// iter3, attempt2, AIPerf's run_0001 and trial_0001, its profile_runs/
// folder) or a timestamp (20250418-101500, 2025-04-18T10:15:00,
// 2025-04-18_10-15-00, 20250418, 04182025, Unix seconds or
// milliseconds). Longer alternatives come first: the first that ends at
// a token boundary is taken.
var runTokenPattern = regexp.MustCompile(`(?i)^(?:` +
	// dates, with an optional time of day, seconds, fraction and zone
	`(?:(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])|(?:19|20)\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))` +
	`(?:[T_ -]?(?:[01]\d|2[0-3])[0-5]\d(?:[0-5]\d)?|[T_ -](?:[01]\d|2[0-3])[:.h-][0-5]\d(?:[:.m-][0-5]\d)?)?(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d)?` +
	`|(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:19|20)\d\d` + // 04182025
	`|1[5-9]\d{8}(?:\d{3})?` + // Unix time, 2017–2033
	`|profile_runs` +
	`|(?:repeat|rerun|rep|run|trial|iter|attempt)(?:[-_=]?\d+)?` +
	`|r\d+` +
	`)`)

// loadTokenPattern matches a load token at the start of a name's token,
// as levelToken and rateToken find them in names: c64, conc8,
// concurrency_16, max_concurrency=2's concurrency=2, rate4, qps_16,
// request_rate0.5, rps8, 4qps, infqps.
var loadTokenPattern = regexp.MustCompile(`(?i)^(?:` +
	`(?:concurrency|conc|c)[-_=]?\d+` +
	`|(?:request_rate|rate|qps|rps)[-_=]?(?:\d+(?:\.\d+)?|inf)` +
	`|(?:\d+(?:\.\d+)?|inf)qps` +
	`)`)

// tokenKind is what a token of a run file's name says.
type tokenKind int

const (
	wordToken tokenKind = iota // part of what the file is (1p2d, tp8, fp8, h200, a model's name)
	runToken                   // which repeat it is (runTokenPattern)
	loadToken                  // its load (loadTokenPattern; a bare 16/ folder)
)

// nameToken is one token of a run file's name: its text as written, the
// separator before it ("" for the first) and its kind.
type nameToken struct {
	text, sep string
	kind      tokenKind
}

// nameTokens splits rel, a run file's slash-separated path below its
// configuration folder, into its tokens, its extension left out. Tokens
// are separated by anything but letters and digits (a dot between
// digits, as in Llama-3.1, is part of its token); a timestamp is one
// token whatever separators it holds. A folder named by a number alone
// (LLMPerf's 16/) is a load token, a folder of repeats (profile_runs/,
// run_0001/, trial_0001/) a run token.
func nameTokens(rel string) []nameToken {
	rel = strings.TrimSuffix(rel, path.Ext(rel))
	parts := strings.Split(rel, "/")
	var out []nameToken
	sep := ""
	for i, p := range parts {
		if i < len(parts)-1 {
			if n, err := strconv.Atoi(p); err == nil && n > 0 {
				out = append(out, nameToken{text: p, sep: sep, kind: loadToken})
				sep = "/"
				continue
			}
			if repeatFolder.MatchString(p) {
				out = append(out, nameToken{text: p, sep: sep, kind: runToken})
				sep = "/"
				continue
			}
		}
		out, sep = appendTokens(out, p, sep)
		sep += "/"
	}
	return out
}

// appendTokens appends the tokens of s, one folder's or file's name, to
// out, the first preceded by sep; it returns the separator left after
// the last token.
func appendTokens(out []nameToken, s, sep string) ([]nameToken, string) {
	for i := 0; i < len(s); {
		if isNameSep(s, i) {
			sep += s[i : i+1]
			i++
			continue
		}
		n, kind := tokenAt(s, i)
		out = append(out, nameToken{text: s[i : i+n], sep: sep, kind: kind})
		sep = ""
		i += n
	}
	return out, sep
}

// tokenAt is the length and kind of the token starting at s[i]: a run or
// load token when one ends at a token boundary, else a word up to the
// next separator.
func tokenAt(s string, i int) (int, tokenKind) {
	for _, t := range []struct {
		re   *regexp.Regexp
		kind tokenKind
	}{{runTokenPattern, runToken}, {loadTokenPattern, loadToken}} {
		if m := t.re.FindStringIndex(s[i:]); m != nil && m[1] > 0 && (i+m[1] == len(s) || isNameSep(s, i+m[1])) {
			return m[1], t.kind
		}
	}
	j := i + 1
	for j < len(s) && !isNameSep(s, j) {
		j++
	}
	return j - i, wordToken
}

// isNameSep reports whether s[i] separates tokens of a name: any byte
// but an ASCII letter or digit, or a dot between two digits (3.1).
func isNameSep(s string, i int) bool {
	c := s[i]
	switch {
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80:
		return false
	case c == '.' && i > 0 && i+1 < len(s) && isDigit(s[i-1]) && isDigit(s[i+1]):
		return false
	}
	return true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// isRunToken reports whether tok, one token of a name, only tells which
// repeat of a run a file is: run3, r2, rep1, trial_4, run_0001,
// 20250418-101500. c64, tp8, 1p2d, fp8 and h200 are not.
func isRunToken(tok string) bool {
	ts := nameTokens(tok)
	return len(ts) == 1 && ts[0].kind == runToken && ts[0].sep == ""
}

// nameKey is what a run file's name says it is: its words, lower-cased,
// its run and load tokens left out. Two files at one load whose keys are
// equal differ by run tokens alone.
func nameKey(rel string) string {
	var words []string
	for _, t := range nameTokens(rel) {
		if t.kind == wordToken {
			words = append(words, strings.ToLower(t.text))
		}
	}
	return strings.Join(words, " ")
}

// distinctWords is the part of the name rel that tells it from the
// other names of common, the words every name shares (lower-cased):
// its other words, each with the separator written before it where it
// follows a word also kept ("1p2d", "1p2d_tp4"), else "_"; a folder's
// "/" becomes "_". A number is kept with the word it follows ("bs_32",
// not "32"), and a value with its key ("max_num_seqs=8").
func distinctWords(rel string, common map[string]bool) string {
	ts := nameTokens(rel)
	keep := make([]bool, len(ts))
	for i, t := range ts {
		keep[i] = t.kind == wordToken && !common[strings.ToLower(t.text)]
	}
	for i, t := range ts {
		if !keep[i] || strings.Trim(t.text, "0123456789.") != "" {
			continue
		}
		for j := i - 1; j >= 0 && ts[j].kind == wordToken && !strings.Contains(ts[j+1].sep, "/"); j-- {
			keep[j] = true
			if ts[i].sep != "=" || ts[j].sep != "_" {
				break // a key's words are joined by "_": max_num_seqs
			}
		}
	}
	var b strings.Builder
	for i, t := range ts {
		if !keep[i] {
			continue
		}
		if b.Len() > 0 {
			sep := "_"
			if keep[i-1] && t.sep != "" {
				sep = strings.ReplaceAll(t.sep, "/", "_")
			}
			b.WriteString(sep)
		}
		b.WriteString(t.text)
	}
	return b.String()
}

// commonWords are the words (lower-cased) that every one of names
// holds.
func commonWords(names []string) map[string]bool {
	common := map[string]bool{}
	for i, rel := range names {
		here := map[string]bool{}
		for _, t := range nameTokens(rel) {
			if t.kind == wordToken {
				here[strings.ToLower(t.text)] = true
			}
		}
		if i == 0 {
			common = here
			continue
		}
		for w := range common {
			if !here[w] {
				delete(common, w)
			}
		}
	}
	return common
}

// copiedRuns refuses two run files of one configuration (files read as
// its repeats and levels, groupRuns done) that hold the same bytes at
// one load: one run saved twice (a copy under another name), not two
// repeats, which would narrow its spread and weigh it twice. Every real run writes its own times (a date, a
// duration, latencies to many digits), so no two repeats are the same
// bytes. A hard link is one file and is read once (linkedFiles); files
// are compared only where their sizes are equal.
func copiedRuns(files []runFile) error {
	bySize := map[int64][]int{}
	sizes := make([]int64, len(files))
	for i, f := range files {
		sizes[i] = -1
		if st, err := os.Stat(f.path); err == nil {
			sizes[i] = st.Size()
			bySize[st.Size()] = append(bySize[st.Size()], i)
		}
	}
	sums := map[int][sha256.Size]byte{}
	sum := func(i int) ([sha256.Size]byte, bool) {
		if s, ok := sums[i]; ok {
			return s, true
		}
		data, err := readInput(files[i].path)
		if err != nil {
			return [sha256.Size]byte{}, false // its read said why
		}
		sums[i] = sha256.Sum256(data)
		return sums[i], true
	}
	for i, f := range files {
		if sizes[i] < 0 || len(bySize[sizes[i]]) < 2 {
			continue
		}
		for _, j := range bySize[sizes[i]] {
			if j >= i {
				break
			}
			a, okA := sum(j)
			b, okB := sum(i)
			if !okA || !okB || a != b {
				continue
			}
			if l, ok := sharedLoad(files[j].cfg.Levels, f.cfg.Levels); ok {
				return errorf(Pos{File: f.path}, "", "holds the same bytes as %s, at %s: one run saved twice, not two repeats; expected each run once (remove the copy)", files[j].path, loadName(l))
			}
		}
	}
	return nil
}

// sharedLoad is a level of a at the load of a level of b.
func sharedLoad(a, b []Level) (Level, bool) {
	for _, x := range a {
		for _, y := range b {
			if x.Concurrency == y.Concurrency && x.Rate == y.Rate && x.InputLength == y.InputLength {
				return x, true
			}
		}
	}
	return Level{}, false
}
