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
// a=b: the baseline's a with the candidate's b); levels by load. A
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
// analyze.Params.Tie; a threshold of 0 counts every difference). Its
// change is:
//
//   - better or worse when it is beyond the threshold and, where a test
//     is possible, significant;
//   - no_change ("~") when it is within the threshold, or a test was
//     possible and is not significant;
//   - unknown when a value is absent on a side, or a capacity is a lower
//     bound ("at least": the highest level tested passed) and the exact
//     value on the other side does not lie past it. Two lower bounds are
//     never a known change.
//
// # Significance
//
// Which test a delta gets, in this order:
//
//  1. A level measured in several runs on either side (analyze's
//     Level.Runs, Level.Spread): the runs test, when both sides have at
//     least MinRuns runs with a spread of that statistic. The difference
//     is significant when the 95 % intervals of the two means (Student's
//     t over the runs) do not overlap, a conservative test at Alpha. With
//     fewer runs there is no test (two runs against two cannot reach a
//     p below 1/3 by any rank test). Run-to-run noise is what a second
//     campaign differs by; a test on the pooled requests of several runs
//     would not see it, so runs win over per-request samples.
//  2. Per-request samples on both sides (per-request CSV, vLLM's
//     detailed results, AIPerf's records, LLMPerf's responses): TTFT,
//     ITL, per-user TPS and latency, whose samples reportgen keeps, get the two-sided
//     Mann–Whitney U test on the requests (mannwhitney.go: exact for up to
//     50 requests a side without ties, else the normal approximation with
//     tie and continuity corrections). It tests whether the requests of
//     one side tend to be slower or faster than the other's (a shift of
//     the distribution), not a statistic: for a mean, a median or a tail
//     percentile (p90, p99) of that level the same p-value says that the
//     requests as a whole moved. A statistic's delta is significant only
//     when p < Alpha and the shift goes the way that statistic moved.
//     The system throughputs are one number per level and get no test.
//  3. Otherwise (one summary row per side) no test is possible: test is
//     "none", significant is false, and the delta is judged against the
//     threshold alone.
//
// Requests of one run are not independent of that run's conditions:
// a p-value says the two runs' requests differ, not that a rerun would
// give the same difference. Repeated runs (rule 1) say that.
//
// # Verdicts
//
// The headline deltas are the capacity (C_max and users) at the headline
// statistic (the baseline's percentile, p90 by default) and, at each
// common level, TTFT at that statistic (p99 on both sides where one
// lacks p90, the median where one lacks a mean), TPS mean (the median
// where a side lacks it) and the system's request throughput. A
// configuration's verdict:
//
//  1. A known change of C_max (a whole step of the load grid) decides:
//     better or worse. The headline deltas that went the other way are
//     listed as against it.
//  2. Otherwise the other headline deltas decide: some better and some
//     worse is mixed, only better is better, only worse is worse, none
//     (all within the threshold, not significant or unknown) is
//     no_change, but when not one headline delta could be judged (all
//     refused, absent or lower bounds on both sides, no common level)
//     the verdict is unknown: the data cannot tell.
//
// decided_by names the C_max delta and the largest headline deltas of the
// verdict's direction (mixed: the two largest of each), by |ln(new/old)|.
// The overall verdict: mixed when a configuration is mixed or some are
// better and others worse; better when any is better (the rest
// no_change or unknown); worse when any is worse; no_change when any is
// unchanged; unknown when none could be compared.
//
// Regressions lists every headline delta that is worse: what reportgen
// compare --fail-on regression fails on (exit 3), whatever the verdict.
//
// # Files
//
//	model.go         the exported types: compare.json
//	compare.go       New, the sides, the campaign's differences and refusals, the overall verdict
//	match.go         configurations and levels matched
//	config.go        one configuration compared: its differences, refusals, deltas, SLO verdicts
//	delta.go         the deltas of a level, of the capacities and of throughput per GPU; judging them
//	significance.go  which test a delta gets; the runs test
//	mannwhitney.go   the Mann–Whitney U test
//	verdict.go       a configuration's verdict and what decided it
//	text.go          WriteText: the comparison as a text table (compare's stdout)
package compare
