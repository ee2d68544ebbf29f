package report

import (
	"math"

	"github.com/openzeka/reportgen/analyze"
)

// Speedups that see the queue (analyze's SpeedupPoint.PaysOff): where
// speculative decoding pays off is a window of levels, stated with the
// users it holds, and the break-even level past it is told with what
// fails there, in the order a buyer weighs it: the offered load not
// delivered, an SLO missed, requests slower end to end, no faster per
// user.

// window words the levels a speedup pays off at: "up to c=8" (from the
// lowest common level), "from c=2 to c=4" otherwise.
func (v *view) window(s analyze.Speedup) string {
	l := v.loc
	if s.PaysOffFrom == nil || s.PaysOffUpTo == nil {
		return ""
	}
	if len(s.Points) > 0 && *s.PaysOffFrom == s.Points[0].Load {
		return l.T("window_up_to", "X", l.At(*s.PaysOffUpTo))
	}
	return l.T("window_from", "A", l.At(*s.PaysOffFrom), "B", l.At(*s.PaysOffUpTo))
}

// aboutUsers is " (about 166 users)": the users n stands for at the
// report's think time, to follow a load, " (≈ 166 users)" when they rest
// on an estimated mean latency (est); "" when n is unknown or the think
// time is 0 (the users are then the requests in flight).
func (v *view) aboutUsers(n float64, est bool) string {
	if !analyze.Known(n) || n <= 0 || v.R.Params.ThinkS == 0 {
		return ""
	}
	return " (" + v.aboutUsersText(n, est) + ")"
}

// aboutUsersText is "about 166 users", or "≈ 166 users" for an
// estimate: the mark says "about" itself.
func (v *view) aboutUsersText(n float64, est bool) string {
	if est {
		return v.loc.T("users_n", "N", approx(v.loc.Int(int(n)), true))
	}
	return v.loc.T("users_about", "N", v.loc.Int(int(n)))
}

// usersAt is the users config id holds at load x by Little's law at the
// report's think time (NaN when unknown).
func (v *view) usersAt(id string, x analyze.Load) float64 {
	c, ok := v.R.Config(id)
	if !ok {
		return math.NaN()
	}
	l, ok := c.Level(x)
	if !ok || !analyze.Known(l.Latency.Mean) {
		return math.NaN()
	}
	return float64(analyze.LittleUsers(l.Concurrency, v.R.Params.ThinkS, l.Latency.Mean))
}

// queueReasons words why speculative decoding does not pay off at
// point pt of speedup s, config by config: a side that does not deliver
// its offered load, a side that misses an SLO (with the value checked),
// the speculative config's requests slower end to end; then no faster
// per user (with the interpolated crossing when there is one, cross ≥
// 0).
func (v *view) queueReasons(s analyze.Speedup, pt analyze.SpeedupPoint, cross float64) string {
	l := v.loc
	var out []string
	pct := v.R.Params.Percentile
	if pt.Load.IsInf() {
		out = append(out, l.T("reason_unbounded"))
	}
	for _, id := range []string{s.Spec, s.Direct} {
		c, _ := v.R.Config(id)
		lv, ok := c.Level(pt.Load)
		if !ok {
			continue
		}
		var items []string
		if !pt.Load.IsInf() && !analyze.Delivers(lv) {
			items = append(items, l.T("reason_not_delivered", "Delivered", l.Num(lv.SystemRPS, 2), "Offered", l.Num(lv.Rate, 2)))
		}
		if sv := lv.SLO.Get(pct); !sv.Pass() {
			items = append(items, v.sloMiss(lv, sv))
		}
		if r := pt.LatencyRatio; id == s.Spec && r > 1 && !v.isTie(r, 1) {
			est := v.latencyEstimatedAt(s.Spec, pt.Load) || v.latencyEstimatedAt(s.Direct, pt.Load)
			items = append(items, l.T("reason_latency", "Diff", approx(v.diffText(r, 1, timeWords), est), "Stat", v.StatWord(string(v.latencyStat(s, pt.Load)))))
		}
		if len(items) > 0 {
			out = append(out, l.T("reason_subject", "Config", v.Name(id), "Items", l.List(items)))
		}
	}
	if pt.Outcome != analyze.Faster {
		id := "reason_tps_" + pt.Outcome
		args := []any{"Stat", v.StatWord(string(s.Stat)), "Ratio", l.Ratio(pt.Ratio)}
		if cross >= 0 {
			id += "_cross"
			args = append(args, v.crossing(s, cross)...)
		}
		out = append(out, l.T(id, args...))
	}
	return joinReasons(out)
}

// joinReasons joins the reasons of a break-even: "; " between the
// configs' and the per-user one.
func joinReasons(parts []string) string {
	out := ""
	for i, p := range parts {
		if i > 0 {
			out += "; "
		}
		out += p
	}
	return out
}

// sloMiss words the SLO a config misses at level lv: the metric, the
// statistic checked (a stand-in named as itself) and the value against
// the threshold; the TTFT SLO first.
func (v *view) sloMiss(lv analyze.Level, sv analyze.SLOVerdict) string {
	l := v.loc
	pct := v.R.Params.Percentile
	metric, st, x, threshold := "ttft", sv.TTFTStat, 0.0, v.R.Params.SLOTTFTms
	x, _ = lv.TTFT.SLOValue(pct, true)
	if sv.TTFT {
		metric, st, threshold = "tps", sv.TPSStat, v.R.Params.SLOTPS
		x, _ = lv.TPS.SLOValue(pct, false)
	}
	if st == analyze.StatNone {
		return l.T("reason_slo_unchecked", "Stat", v.StatWord(string(pct)))
	}
	if st == "" {
		st = string(pct)
	}
	dec := 0
	if metric == "tps" {
		dec = 1
	}
	return l.T("reason_slo_"+metric, "Stat", v.StatWord(st), "Value", l.Num(x, dec), "Threshold", l.Num(threshold, 0))
}

// phraseBreakEven words where speculative decoding pays off (the window,
// with the users it holds) and why it stops at the break-even level; the
// interpolated crossing is the speedup section's detail.
func (v *view) phraseBreakEven(f analyze.Finding) string {
	l, val := v.loc, f.Values
	s, ok := v.speedupOf(f.Configs[0])
	if !ok || s.BreakEven == nil {
		return ""
	}
	pt, _ := pointAt(s, *s.BreakEven)
	// Users at the break-even level only where its load was delivered:
	// past that, Little's law counts a growing queue.
	breakUsers := ""
	if pt.Delivered {
		breakUsers = v.aboutUsers(val["break_users"], estimatedFor(f.Estimated, s.Spec))
	}
	out := l.T("finding_pays_off", "Spec", v.Name(s.Spec), "Direct", v.Name(s.Direct), "Window", v.window(s), "Users", v.aboutUsers(val["users"], estimatedFor(f.Estimated, s.Spec)),
		"Pct", v.TiePct(), "Stat", v.StatWord(v.Headline()), "C", l.At(*s.BreakEven), "BreakUsers", breakUsers,
		"Reasons", v.queueReasons(s, pt, -1))
	return v.withFragile(out, f.Fragile)
}

// phraseNoBreakEven words that speculative decoding pays off at every
// common level.
func (v *view) phraseNoBreakEven(f analyze.Finding) string {
	s := v.loc.T("finding_no_break_even", "Spec", v.findingName(f, 0), "Direct", v.findingName(f, 1), "C", v.findingLevel(f, 0),
		"Ratio", v.loc.Ratio(f.Values["ratio"]), "Stat", v.StatWord(string(f.Stat)), "SLOStat", v.StatWord(v.Headline()),
		"Users", v.aboutUsers(f.Values["users"], estimatedFor(f.Estimated, findingID(f, 0))))
	return v.withFragile(s, f.Fragile)
}

// breakEvenLines are the rule a pair with a break-even point follows:
// use the speculative config over the window where it pays off (with the
// users it holds), and what fails at the break-even level, with the
// interpolated crossing where there is one; "though it does again" when
// it pays off again at a higher level.
func (v *view) breakEvenLines(s analyze.Speedup) []string {
	l := v.loc
	be := *s.BreakEven
	pt, _ := pointAt(s, be)
	cross := -1.0
	if s.BreakEvenInterpolated != nil {
		cross = *s.BreakEvenInterpolated
	}
	id := "speedup_rule"
	for _, q := range s.Points {
		if q.Load > be && q.PaysOff {
			id = "speedup_rule_at"
		}
	}
	return []string{l.T(id, "Engine", v.engineOf(s.Spec), "Spec", v.Name(s.Spec), "C", l.At(be), "Window", v.window(s),
		"Users", v.aboutUsers(v.usersAt(s.Spec, *s.PaysOffUpTo), v.usersEstimatedAt(s.Spec, *s.PaysOffUpTo)), "Reasons", v.queueReasons(s, pt, cross))}
}

// neverPaysLine words a speculative config that is faster per user
// somewhere but pays off at no level: why not, at its first faster
// level.
func (v *view) neverPaysLine(s analyze.Speedup) string {
	for _, pt := range s.Points {
		if pt.Outcome == analyze.Faster {
			return v.loc.T("speedup_never_pays", "Spec", v.Name(s.Spec), "C", v.loc.At(pt.Load), "Diff", v.diffText(pt.Ratio, 1, speedWords),
				"Reasons", v.queueReasons(s, pt, -1))
		}
	}
	return ""
}

// specLowUnpaid words a speculative config faster at the lowest common
// level that does not pay off there.
func (v *view) specLowUnpaid(f analyze.Finding) string {
	l, val := v.loc, f.Values
	s, ok := v.speedupOf(f.Configs[0])
	if !ok {
		return ""
	}
	pt, _ := pointAt(s, f.Levels[0])
	return l.T("finding_spec_low_unpaid", "C", v.findingLevel(f, 0), "Spec", v.findingName(f, 0), "Direct", v.findingName(f, 1),
		"Stat", v.StatWord(string(f.Stat)), "Diff", v.diffText(val["ratio"], 1, speedWords), "SpecTPS", l.Num(val["spec"], 0), "DirectTPS", l.Num(val["direct"], 0),
		"Reasons", v.queueReasons(s, pt, -1))
}

// speedupMarks are the marks of a speedup table cell beyond its ratio:
// on par, the break-even level, a faster level that does not pay off.
func (v *view) speedupMarks(s analyze.Speedup, p analyze.SpeedupPoint, cell string) string {
	l := v.loc
	if p.Outcome == analyze.OnPar {
		cell += " " + l.T("speedup_par_mark")
	}
	if p.Outcome == analyze.Faster && !p.PaysOff {
		cell += " " + l.T("speedup_unpaid_mark")
	}
	if s.BreakEven != nil && *s.BreakEven == p.Load {
		cell = "**" + cell + "**" // the break-even level: the note under the table says so
	}
	return cell
}

// hasUnpaid reports whether some speedup is faster at a level where it
// does not pay off: the table's mark for it needs its legend.
func (v *view) hasUnpaid() bool {
	for _, s := range v.R.Speedups {
		for _, p := range s.Points {
			if p.Outcome == analyze.Faster && !p.PaysOff {
				return true
			}
		}
	}
	return false
}

// SpeedupIntro says what the speedup table holds and when speculative
// decoding pays off; the legend of the unpaid mark where it is used.
func (v *view) SpeedupIntro() string {
	s := v.loc.T("intro_speedup_queue", "Tie", v.Tie(), "Stat", v.StatWord(v.Headline()))
	if v.hasUnpaid() {
		s += " " + v.loc.T("speedup_unpaid_note")
	}
	return s
}

// latencyStat is the latency statistic a speedup point's latency ratio
// compares: the mean, or the median where one of the two configs
// reports no mean latency there (as analyze compares them).
func (v *view) latencyStat(s analyze.Speedup, x analyze.Load) analyze.Percentile {
	for _, id := range []string{s.Spec, s.Direct} {
		if c, ok := v.R.Config(id); ok {
			if l, ok := c.Level(x); ok && math.IsNaN(l.Latency.Mean) && !math.IsNaN(l.Latency.P50) {
				return analyze.P50
			}
		}
	}
	return analyze.Mean
}
