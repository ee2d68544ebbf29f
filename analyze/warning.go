package analyze

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/openzeka/reportgen/ingest"
)

// Warning is a problem found in the input that did not stop the build.
// Message is its English text; Kind and Values let a report say it in
// its own language (the locale message "warning_" + Kind).
type Warning struct {
	Kind string `json:"kind"`
	// Source is where it was found, relative like a config's source
	// ("kimi-k3-b300/vllm.csv:1:15"); Column the header text it concerns.
	Source  string         `json:"source,omitempty"`
	Column  string         `json:"column,omitempty"`
	Values  map[string]any `json:"values,omitempty"`
	Message string         `json:"message"`
}

// WarnMore is the kind of the warning that stands for the rest of a
// flood: past groupAbove warnings of one kind in one file, the first
// warningsShown are listed and the others counted in one warning naming
// the first and last of them.
const WarnMore = "more"

// groupAbove is how many warnings of one kind in one file are always
// listed one by one; warningsShown how many of a larger flood are.
const (
	groupAbove    = 10
	warningsShown = 3
)

// inputWarnings turns ingest's warnings into the model's, relative to
// the report folder dir, grouping what floods: 100,000 unknown columns
// give three warnings and a fourth for the other 99,997, while six
// misspelt keys are six warnings.
func inputWarnings(dir string, in []*ingest.Warning) []Warning {
	type group struct {
		kind ingest.WarningKind
		file string
	}
	total := map[group]int{}
	for _, w := range in {
		total[group{w.Kind, w.Pos.File}]++
	}
	count := map[group]int{}
	more := map[group]int{} // index of the group's WarnMore warning in out
	var out []Warning
	for _, w := range in {
		g := group{w.Kind, w.Pos.File}
		count[g]++
		rel := *w
		rel.Pos.File = relSource(dir, w.Pos.File)
		if total[g] <= groupAbove || count[g] <= warningsShown {
			out = append(out, Warning{Kind: string(w.Kind), Source: rel.Pos.String(), Column: w.Column,
				Values: jsonSafe(w.Values), Message: rel.Error()})
			continue
		}
		subject := w.Column
		if subject == "" {
			subject = rel.Pos.String()
		}
		i, ok := more[g]
		if !ok {
			i = len(out)
			more[g] = i
			out = append(out, Warning{Kind: WarnMore, Source: rel.Pos.File,
				Values: map[string]any{"Kind": string(w.Kind), "First": subject}})
		}
		m := &out[i]
		n := count[g] - warningsShown
		m.Values["Count"] = n
		m.Values["Last"] = subject
		m.Message = fmt.Sprintf("%s: %d more warnings like these (%s) ignored: %s … %s", m.Source, n, w.Kind, m.Values["First"], subject)
	}
	return out
}

// WarningKinds lists every kind a report's warnings may have: the input
// readers' and WarnMore.
func WarningKinds() []string {
	var out []string
	for _, k := range ingest.WarningKinds {
		out = append(out, string(k))
	}
	return append(out, WarnMore, WarnUsersUnknown, WarnLatencyDerived, WarnLatencyEstimated, WarnConcurrencyMeasured, WarnGPUsMismatch)
}

// WarnLatencyDerived: a config's file gave no mean latency, derived
// where exact (ingest's deriveLatency); WarnLatencyEstimated: estimated
// from the runs' mean output length (ingest's estimateLatency);
// WarnConcurrencyMeasured: a run that stated no concurrency is placed
// at the one it measured. Each says how a number the report uses was
// obtained.
const (
	WarnLatencyDerived      = "latency_derived"
	WarnLatencyEstimated    = "latency_estimated"
	WarnConcurrencyMeasured = "concurrency_measured"
)

// derivedValues tells, per config, the numbers the report uses that
// the files did not state as such: mean latencies derived from TTFT and
// TPOT, concurrencies the tool measured.
func derivedValues(r *Report) []Warning {
	var out []Warning
	for _, c := range r.Configs {
		n, estimated := 0, 0
		for _, l := range c.Levels {
			switch ingest.LatencyMethod(l.LatencyMethod) {
			case ingest.LatencyFixedLength:
				n++
			case ingest.LatencyMeanLength:
				estimated++
			}
			if l.ConcurrencyMeasured > 0 {
				out = append(out, Warning{Kind: WarnConcurrencyMeasured, Source: l.Source,
					Values: map[string]any{"Config": c.ID, "Measured": l.ConcurrencyMeasured, "Level": l.Load},
					Message: fmt.Sprintf("%s: the run states no concurrency; it is placed at the concurrency it measured, %.2f (level %s)",
						c.ID, l.ConcurrencyMeasured, r.Axis.Label(l.Load))})
			}
		}
		if n > 0 {
			out = append(out, Warning{Kind: WarnLatencyDerived, Source: c.Source,
				Values: map[string]any{"Config": c.ID, "Count": n, "N": r.Params.OutputTokens},
				Message: fmt.Sprintf("%s: the files give no mean request latency; at %d of its levels it is mean TTFT + mean TPOT × (%d − 1), exact because every request generated %d tokens",
					c.ID, n, r.Params.OutputTokens, r.Params.OutputTokens)})
		}
		if estimated > 0 {
			out = append(out, Warning{Kind: WarnLatencyEstimated, Source: c.Source,
				Values: map[string]any{"Config": c.ID, "Count": estimated},
				Message: fmt.Sprintf("%s: the files give no mean request latency; at %d of its levels it is estimated as mean TTFT + mean TPOT × (mean output tokens − 1), and its percentiles are unknown",
					c.ID, estimated)})
		}
	}
	return out
}

// WarnUsersUnknown is the kind of the warning for a capacity whose
// level has no positive mean latency, so Little's law cannot count its
// users.
const WarnUsersUnknown = "users_unknown"

// unknownUsers warns of each capacity whose users cannot be counted:
// with a think time, N = C × (1 + think / L) needs the mean latency L.
func unknownUsers(r *Report) []Warning {
	var out []Warning
	if r.Params.ThinkS == 0 {
		return nil
	}
	for _, c := range r.Configs {
		for _, pct := range Percentiles {
			cp := c.Capacity.Get(pct)
			if cp.Max == 0 || cp.UsersKnown() {
				continue
			}
			at := r.Axis.Label(cp.Max)
			out = append(out, Warning{Kind: WarnUsersUnknown, Source: c.Source,
				Values:  map[string]any{"Config": c.ID, "Stat": string(pct)},
				Message: fmt.Sprintf("%s: %s capacity %s: the mean latency there is unknown or zero, so its users cannot be counted", c.ID, pct, at)})
		}
	}
	return out
}

// MaxNameLength is the longest display name a configuration may have:
// names label chart legends and table columns.
const MaxNameLength = 60

// distinctNames refuses two configurations that one edition would print
// under one name ("Same is 1.86× faster than Same"), and a display name
// (a file name, where the manifest gives none) too long to lay out.
func distinctNames(cfgs []Config) error {
	for _, c := range cfgs {
		for _, name := range c.Name {
			if n := utf8.RuneCountInString(name); n > MaxNameLength {
				return fmt.Errorf("config %q: its display name has %d characters; expected at most %d (it labels charts and table columns): give it a shorter name in report.toml ([[configs]] name = …)",
					c.ID, n, MaxNameLength)
			}
		}
	}
	for _, lang := range append([]string{""}, ingest.TextLanguages...) {
		seen := map[string]string{}
		for _, c := range cfgs {
			name := strings.ToLower(strings.TrimSpace(c.Name.In(lang)))
			if other, dup := seen[name]; dup {
				return fmt.Errorf("configs %q and %q are both called %q; give each its own name in report.toml", other, c.ID, c.Name.In(lang))
			}
			seen[name] = c.ID
		}
	}
	return nil
}

// jsonSafe replaces the values JSON cannot hold (NaN, ±Inf) with null.
func jsonSafe(v map[string]any) map[string]any {
	out := make(map[string]any, len(v))
	for k, x := range v {
		if f, ok := x.(float64); ok {
			out[k] = numberJSON(f)
			continue
		}
		out[k] = x
	}
	return out
}
