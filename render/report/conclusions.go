package report

import (
	"math"
	"slices"
	"strings"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/present"
)

// How the report words the model's conclusions, in one place: the
// statistic a value is (named as itself, a stand-in included), a tie
// (on par within the tie threshold, no winner named), a lower bound
// ("at least", the limit not reached in the tested range), an unknown
// ("–", and no sentence built on it), and a pick's margins against the
// nearest rival at each level.

// StatWord names statistic p in running text: "mean", "median", "P90"
// (tr "ortalama", "medyan", "P90"). StatName is its heading form.
func (v *view) StatWord(p string) string {
	if p == "" {
		p = string(analyze.Mean)
	}
	return v.loc.T("statw_" + p)
}

// Tie is the tie threshold as a clause: "within 5%" (tr "%5 içinde").
func (v *view) Tie() string { return v.loc.T("within_tie", "Pct", v.TiePct()) }

// TiePct is the tie threshold as a percentage: "5%" (tr "%5").
func (v *view) TiePct() string {
	return v.loc.T("percent", "N", present.Seconds(v.loc, v.R.Params.TiePct))
}

// gap writes how far ahead a leader is: ratio is the larger value over
// the smaller (analyze's advantage), written as every difference is
// (ratio.go): 1.06 reads "6%" (tr "%6"), 2.45 reads "2.45×" (tr "2,45
// kat").
func (v *view) gap(ratio float64) string { return v.rise(ratio) }

// gapRange writes the gaps lo to hi as one range, "36–49%" (tr
// "%36–49"), or as factors, "1.80–2.30×" (tr "1,80–2,30 kat"), when the
// larger is written as a factor; one gap when both read alike.
func (v *view) gapRange(lo, hi float64) string {
	dhi, ok := diffOf(hi, 1)
	if !ok {
		return v.gap(lo)
	}
	if dhi.factor {
		a, b := v.loc.Num(lo, 2), v.loc.Num(hi, 2)
		if a == b {
			return v.gap(hi)
		}
		return v.loc.T("ratio_factor", "K", a+"–"+b)
	}
	a, b := v.loc.Num((lo-1)*100, 0), v.loc.Num((hi-1)*100, 0)
	if a == b {
		return v.gap(lo)
	}
	return v.loc.T("percent", "N", a+"–"+b)
}

// isTie reports whether a and b are on par by the report's tie rule.
func (v *view) isTie(a, b float64) bool { return v.R.Params.Tie(a, b) }

// HasBounds reports whether some capacity is a lower bound.
func (v *view) HasBounds() bool {
	for _, c := range v.R.Configs {
		if c.Capacity.P90.LowerBound || c.Capacity.Mean.LowerBound {
			return true
		}
	}
	return false
}

// users writes a user count in running text: "427 users", "at least
// 427 users" for a lower bound, "≈ 427 users" for an estimate (est).
func (v *view) users(n float64, bound, est bool) string {
	if bound {
		return v.loc.T("users_at_least", "N", approx(v.loc.Int(int(n)), est))
	}
	return v.loc.T("users_n", "N", approx(v.loc.Int(int(n)), est))
}

// maxLoad names a capacity's highest level: "C_max = 32", or "C_max ≥
// 64" for a lower bound.
func (v *view) maxLoad(x analyze.Load, bound bool) string {
	if bound {
		return v.loc.T("level_max_bound", "X", v.loc.Load(x))
	}
	return v.loc.MaxLoad(x)
}

// boundNote is the clause a lower bound carries: "; the limit was not
// reached in the tested range", or "".
func (v *view) boundNote(bound bool) string {
	if !bound {
		return ""
	}
	return "; " + v.loc.T("bound_note")
}

// atLeast prefixes "at least" to x for a lower bound.
func (v *view) atLeast(x string, bound bool) string {
	if !bound {
		return x
	}
	return v.loc.T("at_least", "X", x)
}

// reached reports whether a level counts: its load was reached.
func reached(l analyze.Level) bool { return l.LoadReached }

// unreachedMark marks a table cell of a level whose load was not
// reached.
const unreachedMark = "◊"

// markCell appends the unreached mark to a cell of level l.
func markCell(cell string, l analyze.Level) string {
	if reached(l) {
		return cell
	}
	return cell + " " + unreachedMark
}

// HasUnreached reports whether some level never carried its load.
func (v *view) HasUnreached() bool {
	return v.anyLevel(func(l analyze.Level) bool { return !reached(l) })
}

// firstReached is a config's lowest level whose load was reached.
func firstReached(c analyze.Config) (analyze.Level, bool) {
	for _, l := range c.Levels {
		if reached(l) {
			return l, true
		}
	}
	return analyze.Level{}, false
}

// FastTail is the summary's one line on a TPS SLO checked at the fast
// tail (the tool's TPS P90): what a strict reading, on the mean, would
// change. "" when the report has no such check.
func (v *view) FastTail() string {
	for _, f := range v.R.Findings {
		if f.Kind == analyze.TPSFastTail {
			return v.phrase(f)
		}
	}
	return ""
}

// phraseFastTail words a tps_fast_tail finding: how many levels' TPS
// verdicts a strict reading flips, and whose capacity it changes.
func (v *view) phraseFastTail(f analyze.Finding) string {
	l := v.loc
	val := f.Values
	args := []any{"Stat", v.StatWord(string(f.Stat)), "Strict", v.strictTPS(), "Flips", l.Int(int(val["flips"])),
		"Levels", l.Int(int(val["levels"])), "Threshold", l.Num(val["threshold"], 0)}
	switch {
	case val["flips"] == 0:
		return l.T("tps_fast_tail_none", args...)
	case val["capacity_changes"] == 0:
		return l.T("tps_fast_tail_flips", args...)
	}
	names := make([]string, len(f.Configs))
	for i, id := range f.Configs {
		names[i] = v.Name(id)
	}
	return l.T("tps_fast_tail_capacity", append(args, "Configs", l.List(names))...)
}

// strictTPS names what the fast-tail check's strict reading uses: the
// mean, or the mean with the median where a tool gives no mean (the
// model reads Stat.Central).
func (v *view) strictTPS() string {
	if v.anyLevel(func(l analyze.Level) bool {
		return l.SLO.P90.TPSStat == "" && !math.IsNaN(l.TPS.P90) && math.IsNaN(l.TPS.Mean)
	}) {
		return v.loc.T("statw_mean_or_median")
	}
	return v.StatWord(string(analyze.Mean))
}

// rivalGroups names the rivals at the given levels, each with its
// levels ("SGLang + Spec at c=1–2 and vLLM (direct) at c=4"), or the
// rival alone when it is the same at every level of the window.
func (v *view) rivalGroups(window []analyze.Load, at []analyze.Load, rivals []string) string {
	var order []string
	levels := map[string][]analyze.Load{}
	for i, id := range rivals {
		if _, ok := levels[id]; !ok {
			order = append(order, id)
		}
		levels[id] = append(levels[id], at[i])
	}
	if len(order) == 1 && len(at) == len(window) {
		return v.Name(order[0])
	}
	var parts []string
	for _, id := range order {
		parts = append(parts, v.loc.N("rival_at", len(levels[id]), "Rival", v.Name(id), "Levels", v.loc.LevelGroups(window, levels[id])))
	}
	return v.loc.List(parts)
}

// margins words a scenario pick's margin against its nearest rival at
// each level of its window (Scenario.Rivals and Margins): the levels it
// leads beyond the tie threshold as a range with the rival per level,
// the levels it is on par, and each level it trails, with how much
// better the rival is there. lower is true for a metric where lower is
// better. "" when the model gives no margins.
func (v *view) margins(s analyze.Scenario, lower bool) string {
	if len(s.Margins) == 0 || len(s.Margins) != len(s.Rivals) || len(s.Margins) != len(s.Levels) {
		return ""
	}
	l := v.loc
	var leadX, parX []analyze.Load
	var leadR, parR []string
	lo, hi := math.Inf(1), math.Inf(-1)
	var trail []string
	for i, m := range s.Margins {
		x, rival := s.Levels[i], s.Rivals[i]
		switch {
		case rival == "" || !analyze.Known(m):
		case v.isTie(m, 1):
			parX, parR = append(parX, x), append(parR, rival)
		case m > 1:
			leadX, leadR = append(leadX, x), append(leadR, rival)
			lo, hi = math.Min(lo, m), math.Max(hi, m)
		default:
			trail = append(trail, l.T("margin_trail", "C", l.At(x), "Rival", v.Name(rival), "Gap", v.gap(1/m)))
		}
	}
	var parts []string
	if len(leadX) > 0 {
		id := "margin_lead"
		if lower {
			id = "margin_lead_lower"
		}
		parts = append(parts, l.T(id, "Gap", v.gapRange(lo, hi), "Rivals", v.rivalGroups(s.Levels, leadX, leadR)))
	}
	if len(parX) > 0 {
		parts = append(parts, l.T("margin_par", "Rivals", v.rivalGroups(s.Levels, parX, parR), "Tie", v.Tie()))
	}
	parts = append(parts, trail...)
	return strings.Join(parts, "; ")
}

// capacityArgs are the message arguments of a capacity comparison (a
// capacity_leader finding's or the high-load scenario's values): the
// leader's and the runner-up's users, highest level and sustained
// throughput, bounds, unknowns and estimates (est: the configs whose
// users are, leaderID and nextID the two) worded as such.
func (v *view) capacityArgs(val map[string]float64, leader, next string, est []string, leaderID, nextID string) []any {
	l := v.loc
	lb, nlb := val["lower_bound"] == 1, val["next_lower_bound"] == 1
	args := []any{"Stat", v.StatWord(v.Headline()), "Leader", leader, "Next", next,
		"C", v.maxLoad(analyze.Load(val["max_load"]), lb), "NextC", v.maxLoad(analyze.Load(val["next_max_load"]), nlb),
		"Bound", v.boundNote(lb),
		"X", l.Num(val["throughput"], 2), "NextX", l.Num(val["next_throughput"], 2),
		"Gap", v.atLeast(v.gap(val["ratio"]), lb), "Tie", v.Tie()}
	users, nextUsers := "", ""
	if analyze.Known(val["users"]) {
		users = v.users(val["users"], lb, estimatedFor(est, leaderID))
	}
	if analyze.Known(val["next_users"]) {
		nextUsers = v.users(val["next_users"], nlb, estimatedFor(est, nextID))
	}
	// On a rate axis the users are derived, shown beside the throughput
	// the capacity is ranked by: " (298 users by Little's law)", nothing
	// when unknown.
	derived := func(u string) string {
		if u == "" {
			return ""
		}
		return " " + l.T("users_derived", "Users", u)
	}
	return append(args, "Users", users, "NextUsers", nextUsers, "UsersAbout", derived(users), "NextUsersAbout", derived(nextUsers))
}

// boundList writes each config whose capacity at the headline statistic
// is a lower bound: "TensorRT-LLM ≥ 277 users, vLLM ≥ 264 users".
func (v *view) boundList(ids []string) string {
	pct := analyze.Percentile(v.Headline())
	var parts []string
	for _, id := range ids {
		c, _ := v.R.Config(id)
		cp := c.Capacity.Get(pct)
		var x string
		switch {
		case v.R.Axis == analyze.AxisRate:
			x = v.loc.T("bound_rate", "X", v.loc.Num(cp.ThroughputRPS, 2), "C", v.loc.Load(cp.Max))
		case cp.UsersKnown():
			x = v.loc.T("bound_users", "N", approx(v.loc.Int(cp.Users), v.usersEstimated(cp)), "C", v.loc.Load(cp.Max))
		default:
			x = v.loc.T("bound_level", "C", v.loc.Load(cp.Max))
		}
		parts = append(parts, v.Name(id)+" "+x)
	}
	return v.loc.List(parts)
}

// unknownUsers lists the configs whose capacity at the headline
// statistic has no user count.
func (v *view) unknownUsers() []string {
	pct := analyze.Percentile(v.Headline())
	var out []string
	for _, c := range v.R.Configs {
		if cp := c.Capacity.Get(pct); cp.Max > 0 && !cp.UsersKnown() {
			out = append(out, v.Name(c.ID))
		}
	}
	return out
}

// unranked words a capacity_unranked finding: which capacities are
// lower bounds, whose users cannot be counted, and that nothing is
// ranked between them. A config is called a lower bound only when it is
// one, and one whose users are unknown is said to be so, never ranked.
func (v *view) unranked(f analyze.Finding, id string) string {
	pct := analyze.Percentile(v.Headline())
	var bounds, unknown []string
	for _, cid := range f.Configs {
		c, _ := v.R.Config(cid)
		if cp := c.Capacity.Get(pct); v.R.Axis != analyze.AxisRate && cp.Max > 0 && !cp.UsersKnown() {
			unknown = append(unknown, v.Name(cid))
		} else {
			bounds = append(bounds, cid)
		}
	}
	stat := v.StatWord(v.Headline())
	switch {
	case len(f.Configs) == 0:
		unknown = v.unknownUsers()
		fallthrough
	case len(bounds) == 0:
		return v.loc.T(id+"_unknown", "Stat", stat, "Configs", v.loc.List(unknown))
	case len(unknown) == 0:
		s := v.loc.N(id, len(bounds), "Stat", stat, "Bounds", v.boundList(bounds))
		if id == "finding_capacity_unranked" {
			for _, o := range v.outranked(bounds) {
				s += " " + o
			}
		}
		return s
	}
	return v.loc.N(id+"_mixed", len(bounds), "Stat", stat, "Configs", v.loc.List(unknown), "Bounds", v.boundList(bounds))
}

// outranked says, for each lower bound of bounds, the configurations
// with a measured limit it clearly exceeds whatever its own limit
// (analyze.Report.Outranks): "Whatever its limit, vLLM serves more users
// than: vLLM + EAGLE-3 (231) and vLLM + EAGLE (199)." An unranked
// verdict names who is behind for certain, not only who is open.
func (v *view) outranked(bounds []string) []string {
	pct := analyze.Percentile(v.Headline())
	var out []string
	for _, b := range bounds {
		var others []string
		for _, c := range v.R.Configs {
			if slices.Contains(bounds, c.ID) || !v.R.Outranks(b, c.ID) {
				continue
			}
			cp := c.Capacity.Get(pct)
			x := v.loc.T("users_n", "N", approx(v.loc.Int(cp.Users), v.usersEstimated(cp)))
			if v.R.Axis == analyze.AxisRate {
				x = v.loc.T("value_rps", "X", v.loc.Num(cp.ThroughputRPS, 2))
			}
			others = append(others, v.loc.T("name_value", "Name", v.Name(c.ID), "X", x))
		}
		if len(others) == 0 {
			continue
		}
		id := "capacity_outranks"
		if v.R.Axis == analyze.AxisRate {
			id = "capacity_outranks_rate"
		}
		out = append(out, v.loc.T(id, "A", v.Name(b), "Others", v.loc.List(others)))
	}
	return out
}

// capacityFinding is the report's capacity_leader or capacity_unranked
// finding, if any.
func (v *view) capacityFinding() (analyze.Finding, bool) {
	for _, f := range v.R.Findings {
		if f.Kind == analyze.CapacityLeader || f.Kind == analyze.CapacityUnranked {
			return f, true
		}
	}
	return analyze.Finding{}, false
}

// speedupOf returns the speedup of spec config id.
func (v *view) speedupOf(spec string) (analyze.Speedup, bool) {
	for _, s := range v.R.Speedups {
		if s.Spec == spec {
			return s, true
		}
	}
	return analyze.Speedup{}, false
}

// pointAt returns a speedup's point at level x.
func pointAt(s analyze.Speedup, x analyze.Load) (analyze.SpeedupPoint, bool) {
	for _, p := range s.Points {
		if p.Load == x {
			return p, true
		}
	}
	return analyze.SpeedupPoint{}, false
}
