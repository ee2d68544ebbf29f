package ingest

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// vllmDetailed summarizes the per-request arrays of a vLLM result: what
// vllm bench serve writes with --save-detailed, and benchmark_serving.py
// --save-result wrote by default until 2025. ttfts are in seconds, itls
// per request the gaps between its streamed chunks (s), output_lens its
// output tokens, errors its error ("" when it succeeded), and newer
// files add latencies (s); generated_texts and the rest are not read.
//
// A request whose error is not empty failed: it is counted and its
// values are not read. A request's latency is its latencies item, or
// else its TTFT + Σ ITL (the end of its last chunk, as vLLM's own
// timeline draws it); its TPOT is (latency − TTFT) / (output tokens −
// 1), as vLLM computes it, and its per-user TPS the decode rate
// 1000 / TPOT, the definition of the summary's TPS (servingDefinitions).
// A request of one token has no TPOT (NaN, left out of the ITL
// statistics, as vLLM leaves it out of its mean TPOT) and an unbounded
// decode rate (+Inf: it meets any TPS SLO, and the TPS statistics leave
// it out). ok is false for a run without the arrays (ttfts, and itls or
// latencies): the summary's statistics are read instead.
func vllmDetailed(r *jreader, o obj, pos Pos) (Level, bool) {
	if !detailedLists(r, o) {
		return Level{}, false
	}
	ttfts, ttftPath, ok := o.list("ttfts")
	_, hasITLs := o.get("itls").(*jarray)
	_, hasLats := o.get("latencies").(*jarray)
	if !ok || !hasITLs && !hasLats {
		return Level{}, false
	}
	arrays := map[string][]any{}
	for _, key := range []string{"itls", "latencies", "output_lens", "errors"} {
		a, ok := o.get(key).(*jarray)
		if !ok {
			continue
		}
		if len(a.items) != len(ttfts) {
			r.refuse(a.off, o.name(key), fmt.Errorf("holds %d items, ttfts %d; expected one per request", len(a.items), len(ttfts)))
			return Level{}, false
		}
		arrays[key] = a.items
	}
	if !outputTotal(r, o, arrays["output_lens"]) {
		return Level{}, false
	}
	s := &sampleSet{pos: pos}
	for i := range ttfts {
		if failedItem(at(arrays["errors"], i)) {
			s.errors++
			continue
		}
		ttft := r.value(completedItem(r, o, "ttfts", ttfts, i), item(ttftPath, i), timeS)
		lat := requestLatency(r, o, arrays, i, ttft)
		out := Absent
		if lens := arrays["output_lens"]; lens != nil {
			out = r.value(completedItem(r, o, "output_lens", lens, i), item(o.name("output_lens"), i), tokensQ)
		}
		if r.err != nil {
			break
		}
		tpot, tps := Absent, Absent
		switch {
		case out > 1 && lat > ttft:
			tpot = (lat - ttft) * 1000 / (out - 1)
			tps = 1000 / tpot
		case out > 1: // no time between first and last token
		case out >= 0: // one token (or none): nothing decoded
			tps = math.Inf(1)
		}
		s.add(ttft*1000, tpot, lat, tps)
	}
	l := s.level()
	// The rate's percentiles are the TPOT's inverted, as a summary's
	// are (decodeRate): TPS P10, the slow tail, is the decode rate of
	// the request at TPOT P90. Nearest rank counted from the other end
	// of the rates would pick the request next to it, which with a
	// stalled request (a TPOT twice its neighbour's) is another rate.
	// The mean is the requests' own.
	d := decodeRate(l.ITL)
	l.TPS.P10, l.TPS.P50, l.TPS.P90 = d.P10, d.P50, d.P90
	return l, true
}

// detailedKeys are the per-request arrays of a vLLM result that
// reportgen reads.
var detailedKeys = []string{"ttfts", "itls", "latencies", "output_lens", "errors"}

// detailedLists refuses a per-request key that is written but is not a
// list ("ttfts": {…}): the arrays would be passed over for the summary
// without a word. null is an absent key. false when refused.
func detailedLists(r *jreader, o obj) bool {
	for _, key := range detailedKeys {
		v := o.get(key)
		if _, ok := v.(*jarray); ok || v == nil {
			continue
		}
		text, off := valueText(v)
		r.refuse(off, o.name(key), fmt.Errorf("%s is not a list; expected a list of one item per request, as vllm bench serve --save-detailed writes", text))
		return false
	}
	return true
}

// completedItem is item i of the array items written under key, the
// item of a request that completed: null is refused at its position
// (a completed request has each of its values; only a failed one's are
// skipped, by its errors item). nil when items is absent.
func completedItem(r *jreader, o obj, key string, items []any, i int) any {
	if items == nil || items[i] != nil {
		return at(items, i)
	}
	off := -1
	if a, ok := o.get(key).(*jarray); ok {
		off = itemOffset(r.data, a.off, i)
	}
	r.refuse(off, item(o.name(key), i), fmt.Errorf("null for a request that completed (its errors item is empty, or there is no errors list); expected its %s", detailedWhat[key]))
	return nil
}

// detailedWhat says what an item of a per-request array is, for messages.
var detailedWhat = map[string]string{
	"ttfts": "TTFT in s", "latencies": "latency in s", "itls": "inter-token gaps in s", "output_lens": "output token count",
}

// outputTotal refuses per-request output lengths that do not add up to
// the run's total_output_tokens, where both are written: vLLM (and
// SGLang's bench_serving) write the total as the sum of the very list
// output_lens holds (a failed request's 0 included). Only the sum is
// held to: one request's length need not be its chunks + 1 (the ITL
// gaps + 1), as a chunk may carry several tokens (speculative decoding,
// a stream interval), a chat stream's first chunk none (the role), and
// where the server reports no usage vLLM counts the tokens of the
// text. false when refused.
func outputTotal(r *jreader, o obj, lens []any) bool {
	total := r.num(o, "total_output_tokens", tokenTotal)
	if lens == nil || math.IsNaN(total) {
		return true
	}
	sum := 0.0
	for i, v := range lens {
		if v == nil {
			continue // a failed request's null, or refused with its request
		}
		sum += r.value(v, item(o.name("output_lens"), i), tokensQ)
	}
	if r.err != nil || math.IsNaN(sum) || sum == total {
		return r.err == nil
	}
	_, off := valueText(o.get("total_output_tokens"))
	r.refuse(off, o.name("total_output_tokens"), fmt.Errorf("%s, yet output_lens add up to %s; expected their sum (vLLM writes the total as the sum of output_lens)", num(total), num(sum)))
	return false
}

// itemOffset is the byte offset of item i of the JSON array whose '['
// is at open in data, -1 past its end: where a null item is (null keeps
// no offset in the decoded tree).
func itemOffset(data []byte, open, i int) int {
	depth, n, start, inStr, esc := 0, 0, true, false, false
	for k := open + 1; k < len(data); k++ {
		c := data[k]
		switch {
		case inStr:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
			continue
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		}
		if depth == 0 && start {
			if c == ']' {
				return -1
			}
			if n == i {
				return k
			}
			start = false
		}
		switch c {
		case '"':
			inStr = true
		case '[', '{':
			depth++
		case ']', '}':
			if depth == 0 {
				return -1
			}
			depth--
		case ',':
			if depth == 0 {
				n++
				start = true
			}
		}
	}
	return -1
}

// at is item i of items, nil when items is absent.
func at(items []any, i int) any {
	if i < len(items) {
		return items[i]
	}
	return nil
}

// requestLatency is request i's latency (s): its latencies item, or
// else ttft + the sum of its itls. A latency shorter than the TTFT is
// refused.
func requestLatency(r *jreader, o obj, arrays map[string][]any, i int, ttft float64) float64 {
	if lats := arrays["latencies"]; lats != nil {
		v := completedItem(r, o, "latencies", lats, i)
		name := item(o.name("latencies"), i)
		lat := r.value(v, name, timeS)
		if lat < ttft {
			off := -1
			if n, ok := v.(jnum); ok {
				off = n.off
			}
			r.refuse(off, name, fmt.Errorf("%g s is shorter than the request's TTFT (%g s); expected a latency ≥ its TTFT", lat, ttft))
		}
		return lat
	}
	gaps, ok := completedItem(r, o, "itls", arrays["itls"], i).(*jarray)
	if !ok {
		if v := at(arrays["itls"], i); v != nil {
			text, off := valueText(v)
			r.refuse(off, item(o.name("itls"), i), fmt.Errorf("%s is not a list; expected the request's inter-token gaps in s", text))
		}
		return Absent
	}
	sum := ttft
	for j, g := range gaps.items {
		// The fast path: a number within bounds; only a refused one
		// builds its name.
		if n, ok := g.(jnum); ok {
			if f, err := strconv.ParseFloat(n.text, 64); err == nil && timeS.accepts(f) {
				sum += f
				continue
			}
		}
		if g == nil {
			r.refuse(itemOffset(r.data, gaps.off, j), item(item(o.name("itls"), i), j), errors.New("null in the gaps of a completed request; expected a time in s"))
			return Absent
		}
		sum += r.value(g, item(item(o.name("itls"), i), j), timeS)
		if r.err != nil {
			return Absent
		}
	}
	return sum
}

// DetailedTolerance is how far (relative) a statistic the summary of a
// vLLM result states may lie from the one its per-request arrays give
// before a warning says so: the two are computed from the same requests,
// so beyond rounding they agree.
const DetailedTolerance = 0.01

// detailedNotes compares the summary of a run read from its per-request
// arrays (l) with what its file states: the completed and failed counts
// and the means of TTFT, TPOT and, when written, E2EL. The arrays' are
// used (they are the requests themselves); each disagreement beyond
// DetailedTolerance is a warning naming both values. The level's counts
// become the arrays'.
func detailedNotes(r *jreader, o obj, l *Level) []*Warning {
	var out []*Warning
	completed := len(l.Samples.TTFT)
	warn := func(key, what string, stated, computed float64) {
		out = append(out, warnf(l.Pos, "", WarnSummaryMismatch,
			map[string]any{"Key": key, "Stated": stated, "Computed": computed},
			"%s: the file states %s %s, its per-request arrays give %s; the report uses the arrays'",
			key, what, strconv.FormatFloat(stated, 'g', 6, 64), strconv.FormatFloat(computed, 'g', 6, 64)))
	}
	if n := r.num(o, "completed", countQ); !math.IsNaN(n) && int(n) != completed {
		warn("completed", "completed requests", n, float64(completed))
	}
	failed := failedRequests(o)
	if n := r.num(o, "failed", countQ); !math.IsNaN(n) && failed >= 0 && int(n) != failed {
		warn("failed", "failed requests", n, float64(failed))
	}
	for _, m := range []struct {
		key      string
		computed float64
	}{
		{"mean_ttft_ms", l.TTFT.Mean},
		{"mean_tpot_ms", l.ITL.Mean},
		{"mean_e2el_ms", l.Latency.Mean * 1000},
	} {
		stated := r.num(o, m.key, timeMS)
		if stated > 0 && m.computed > 0 && math.Abs(stated-m.computed) > DetailedTolerance*stated {
			warn(m.key, "a mean of", stated, m.computed)
		}
	}
	l.Requests = completed
	if failed >= 0 {
		l.Errors = failed
	}
	return out
}

// failedRequests counts the requests of a run's errors array whose
// error is not empty; -1 without the array.
func failedRequests(o obj) int {
	errs, _, ok := o.list("errors")
	if !ok {
		return -1
	}
	n := 0
	for _, e := range errs {
		if failedItem(e) {
			n++
		}
	}
	return n
}

// failedItem reports whether an item of an errors array says its request
// failed: a string that is not empty, or anything but a string and null.
func failedItem(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case jstr:
		return x.s != ""
	}
	return true
}

// valueText is a decoded value as written, for a message, and its
// offset.
func valueText(v any) (string, int) {
	switch x := v.(type) {
	case jnum:
		return x.text, x.off
	case jstr:
		return strconv.Quote(x.s), x.off
	}
	return jsonKind(v)
}
