// Package compare compares two analyses of benchmark campaigns, a
// baseline and a candidate (an engine upgrade, a new draft model, another
// GPU), into one Comparison: per matched configuration and common load
// level, every metric's statistics old and new with their change, a test
// of significance where the data allows one, and a verdict. compare.json
// is its serialization (model.go); every edition is rendered from it, and
// it keeps the two analyses (Comparison.Old, New) for charts that
// overlay them.
//
// # Matching
//
// Configurations are matched by id, or by explicit pairs (--match
// a=b: the baseline's a with the candidate's b), and one configuration
// a side is paired whatever the ids; levels by load. A
// configuration or a level of one side only is listed in Unmatched, never
// dropped silently, and so is a level whose load was not reached on
// either side (analyze's LoadReached), and every level when the sides'
// load axes differ (concurrency against request rate).
//
// # What is compared, and what is refused
//
// At each common level: TTFT, ITL, per-user TPS and latency at every
// statistic either side reports (mean, p10, p50, p90, p99), the system's
// request throughput and aggregate output; per configuration the SLO
// verdicts of each level at p90 and mean, the capacity (C_max, or R_max
// on a rate axis, and the users it serves by Little's law) at p90 and
// mean, and throughput per GPU at the target interactivity when both
// sides share a target and know their GPU counts.
//
// Differences lists, before any number, what differs between the sides:
// model, token lengths, load axis, SLOs, think time, headline statistic,
// target interactivity, and per configuration its tool, metric
// definitions and GPU count. A metric the two sides define differently
// is refused (Refused), not compared: ITL as TPOT against the gap between
// chunks; TPS over the whole request against the decode rate (and with
// it the TPS SLO, the capacities it decides and throughput at a target
// interactivity, read on TPS). SLO verdicts and capacities checked
// against different thresholds, users under different think times,
// capacities on different axes, and throughput per GPU at different
// targets are refused too.
//
// # A delta
//
// old, new, delta_pct = (new − old) / old × 100, and the direction for
// the metric (lower is better for times, higher for rates, counts and
// capacities). It is beyond the threshold when the larger value is at
// least ThresholdPct percent above the smaller (the report's tie rule,
// analyze.Params.Tie; a threshold of 0 counts every difference). A
// difference beyond the threshold counts only when it is confirmed
// (confirmed_by):
//
//   - test: its own test (below) is significant, the way it moved;
//   - across_levels: it has no test of its own, and the trend of its
//     metric and statistic across the levels holds in its direction;
//   - same_measurement: a system throughput at a fixed concurrency and
//     output length, whose level's headline TPS changed the same way,
//     confirmed (the same requests' times: one piece of evidence);
//   - bounding_level: a capacity (C_max, R_max) whose bounding level's
//     change is confirmed (see Capacities), and the users it serves.
//
// Its change is:
//
//   - better or worse when it is beyond the threshold and confirmed;
//   - no_change ("~") when it is within the threshold, its test is not
//     significant, or nothing confirms it: then it is unconfirmed
//     (Delta.Unconfirmed, and listed in Config.Unconfirmed), never
//     deciding a verdict, however large. One level's change without a
//     test of its own never counts alone: the P90 of ten requests is
//     their 9th value, and a tail percentile of fewer than 100 requests
//     a side is noise that no threshold separates from a change;
//   - unknown when a value is absent on a side, or a capacity is a lower
//     bound ("at least": the highest level tested passed) and the exact
//     value on the other side does not lie past it. Two lower bounds are
//     never a known change.
//
// # Tests at a level
//
// Which test a delta gets, in this order; each tests its own statistic
// and no other, and its p-value is named for it (test):
//
//  1. A level measured in several runs on either side (analyze's
//     Level.Runs, Level.Spread): the runs test ("runs"), when both sides
//     have at least MinRuns runs with a spread of that statistic. The
//     difference is significant when the 95 % intervals of the two
//     means (Student's t over the runs) do not overlap, a conservative
//     test at Alpha. With fewer runs there is no test. Run-to-run noise
//     is what a second campaign differs by; a test on the pooled
//     requests of several runs would not see it, so runs win over
//     per-request samples.
//  2. A mean of TTFT, ITL, per-user TPS or latency whose standard
//     deviation and count both sides give (analyze's Level.StdDev: vLLM
//     std_* and completed, AIPerf std and count, LLMPerf stddev, guidellm
//     std_dev, or the requests themselves, whatever reader read them):
//     Welch's t-test of the two means ("welch_t", welch.go: t = (m2 −
//     m1) / √(s1²/n1 + s2²/n2), the Welch–Satterthwaite degrees of
//     freedom, the two-sided p of Student's t by the regularized
//     incomplete beta function). An analysis.json keeps the standard
//     deviations, so a comparison from it tests its means too.
//  3. A percentile (P10, P50, P90, P99) of a metric whose per-request
//     values both sides keep (Level.Samples: per-request CSV, vLLM's
//     detailed arrays, AIPerf's records, LLMPerf's responses, and any
//     reader that fills them): the two-sample quantile test
//     ("quantile", quantile.go: Mood's median test carried to that
//     quantile; the requests of each side above the pooled percentile,
//     Fisher's exact test, two-sided). It has the power the data gives
//     it: the P99 of 100 requests a side rests on two requests and can
//     never be significant.
//  4. Otherwise no test ("none"): a percentile from a summary, a
//     throughput (one number per level), a capacity. Its change counts
//     only when a trend, its measurement or its bounding level confirms
//     it.
//
// Significant means p < Alpha (below), and for a test that sees a
// direction, the way the statistic moved. Requests of one run are not
// independent of that run's conditions: a p-value says the two runs'
// requests differ, not that a rerun would give the same difference
// (Comparison.OneRunPerSide says when every level was measured once).
// Repeated runs (rule 1) say that.
//
// # Across levels
//
// For each metric and statistic, the levels compared where both values
// are above zero (n) are counted by the way they moved beyond the
// threshold: k of them the one way more did (Trend). The sign test
// (signtest.go; Conover 1999, §3.4) gives the exact p = min(1, 2·P(X ≥
// k)), X ~ Bin(n, ½): if the change were no larger than the threshold,
// each level would be at most as likely past it as not. The trend holds
// (better or worse) when p < Alpha: six levels of six, seven of seven,
// eight of nine, not seven of eight (p = 0.070) nor six of seven (p =
// 0.125). The sign test uses only the directions, not the sizes, which
// differ in noise by orders of magnitude from level to level; it needs
// six levels to reach Alpha at all. A trend that holds is evidence of
// its own ("better by 5 % or more at 7 of 7 levels") and confirms the
// untested level changes beyond the threshold in its direction; a rerun
// 3 % faster at every level is not a change.
//
// # Capacities
//
// A capacity has no test of its own: it moved because at one level, the
// first the worse side fails (on the SLO statistic) and the better side
// passes, a metric that failed changed. The change is confirmed when
// that metric's change there (TTFT or TPS at the statistic the SLO was
// checked on) is confirmed in the same direction; C_max falling from 1
// to 0 because the P90 of ten requests crossed the SLO is not. The users
// the capacity serves follow it, or, when the capacity is the same, the
// mean latency at it.
//
// # Verdicts
//
// The headline deltas are the capacity (C_max and users) at the headline
// statistic (the baseline's percentile, p90 by default) and, at each
// common level, TTFT at that statistic (p99 on both sides where one
// lacks p90, the median where one lacks a mean), TPS mean (the median
// where a side lacks it) and the system's request throughput; the
// headline trends are theirs across levels. A configuration's verdict
// reads only confirmed changes:
//
//  1. A confirmed change of C_max (a whole step of the load grid)
//     decides: better or worse. The confirmed headline changes that went
//     the other way are listed as against it.
//  2. Otherwise the other confirmed headline changes and headline trends
//     decide: some better and some worse is mixed, only better is
//     better, only worse is worse, none is no_change, but when not one
//     headline delta could be judged (all refused, absent or lower
//     bounds on both sides, no common level) the verdict is unknown: the
//     data cannot tell.
//
// Evidence is counted once: per-user TPS, the system's request
// throughput and its aggregate output at a level are one measurement
// (each follows from the mean latency at a fixed concurrency and output
// length), and a capacity and its users another. decided_by names the
// C_max delta and the largest confirmed headline deltas of the verdict's
// direction (mixed: the two largest of each), by |ln(new/old)|, one per
// measurement and level; decided_by_levels the trends, one per
// measurement. The overall verdict: mixed when a configuration is mixed
// or some are better and others worse; better when any is better (the
// rest no_change or unknown); worse when any is worse; no_change when
// any is unchanged; unknown when none could be compared.
//
// Confirmed lists the confirmed headline changes of a kind, whatever the
// verdict: the trends that hold, and the deltas confirmed by their own
// test or bounding level, one per measurement. reportgen compare
// --fail-on regression fails (exit 3) on any regression among them,
// --fail-on change on any change.
//
// # Pairing
//
// Two sides of one configuration each are paired whatever their ids
// (Config.Pairing "single"); otherwise by id ("id") or --match
// ("match"). A configuration of one side only is listed with its own
// numbers (UnmatchedConfig: its capacity and headline values per level).
//
// # compare.json
//
// schema_version 2. From version 1: a delta's test is welch_t, quantile,
// runs or none (mann_whitney_u is no longer given), and its change
// counts only when confirmed (confirmed_by, confirmed_at, unconfirmed);
// a configuration has its pairing, across_levels (the trends),
// decided_by_levels, against_levels and unconfirmed; the comparison says
// one_run_per_side; each side has its description, notes and date; a
// configuration of one side only has its name, tool, capacity and
// levels.
//
// # Files
//
//	model.go         the exported types: compare.json
//	compare.go       New, the sides, the campaign's differences and refusals, the overall verdict
//	match.go         configurations and levels matched
//	config.go        one configuration compared: its differences, refusals, deltas, SLO verdicts
//	delta.go         the deltas of a level, of the capacities and of throughput per GPU; judging them
//	significance.go  which test a delta gets; the runs test
//	welch.go         Welch's t-test; Student's t by the incomplete beta function
//	quantile.go      the two-sample quantile test; Fisher's exact test
//	signtest.go      the sign test across levels
//	trend.go         the trends across levels; what they and a level's TPS confirm
//	confirm.go       capacities confirmed at their bounding level
//	verdict.go       a configuration's verdict and what decided it
//	text.go          WriteText: the comparison as a text table (compare's stdout)
package compare
