package compare

import (
	"encoding/json"
	"math"
	"time"

	"github.com/openzeka/reportgen/analyze"
)

// SchemaVersion is the version of compare.json's keys: it grows by one
// with every change that renames, removes or retypes a key (adding keys
// does not change it).
const SchemaVersion = 2

// Alpha is the significance level of every test, the sign test across
// levels included: a difference is significant when the test's
// two-sided p-value is below it.
const Alpha = 0.05

// DefaultThresholdPct is the threshold (percent) a difference must reach
// to count when no --threshold is given: the report's own tie threshold.
const DefaultThresholdPct = 5.0

// Verdict is the outcome of a comparison, of one configuration or of all.
type Verdict string

// The verdicts.
const (
	// Better: the candidate improved and nothing headline regressed.
	Better Verdict = "better"
	// Worse: the candidate regressed and nothing headline improved.
	Worse Verdict = "worse"
	// NoChange: no headline difference counts (within the threshold, not
	// significant, or unknown).
	NoChange Verdict = "no_change"
	// Mixed: some headline statistics improved and others regressed.
	Mixed Verdict = "mixed"
	// Incomparable: no headline statistic could be compared (every one
	// refused, absent, or a lower bound on both sides; no common level):
	// the data cannot tell, and no_change would claim it did.
	Incomparable Verdict = "unknown"
)

// Change is how one delta is judged.
type Change string

// The judgements of a delta.
const (
	// Improved: beyond the threshold in the metric's good direction, and
	// confirmed (Delta.ConfirmedBy): by its own test, significant, or,
	// where it has none, by the sign test of its metric and statistic
	// across the levels, or (a capacity) by the change at the level
	// that bounds it.
	Improved Change = "better"
	// Regressed: beyond the threshold in the metric's bad direction, and
	// confirmed as Improved is.
	Regressed Change = "worse"
	// Unchanged: within the threshold, not significant, or beyond the
	// threshold but not confirmed (Delta.Unconfirmed) ("~").
	Unchanged Change = "no_change"
	// Unknown: the data cannot tell (a value absent on one side, two
	// capacities that are both lower bounds). Reason says why.
	Unknown Change = "unknown"
)

// Test names how the significance of a delta was judged.
type Test string

// The tests.
const (
	// TestNone: the delta has no test of its own (a percentile from a
	// summary, a throughput, one number per side, too few runs);
	// Significant is false, and a change beyond the threshold counts
	// only when the sign test across levels (Trend) or the level that
	// bounds a capacity confirms it; otherwise it is Unconfirmed.
	TestNone Test = "none"
	// TestWelch: Welch's t-test of the difference of the two means
	// (welch.go), from each side's standard deviation and count (the
	// tool's summary, or its requests); a test of the mean only.
	// PValue is its p-value, NOld and NNew the counts.
	TestWelch Test = "welch_t"
	// TestQuantile: the two-sample quantile test of that percentile
	// (quantile.go: the requests of both sides above the pooled
	// percentile, Fisher's exact test); a test of that percentile only,
	// from per-request samples on both sides. PValue is its p-value,
	// NOld and NNew the requests.
	TestQuantile Test = "quantile"
	// TestSign: the sign test across the matched levels (Trend).
	TestSign Test = "sign"
	// TestRuns: repeated runs on both sides (at least MinRuns each);
	// significant when the two 95 % intervals of the runs' mean do not
	// overlap. PValue is absent.
	TestRuns Test = "runs"
)

// MinRuns is the number of runs each side needs for the runs test: with
// two runs a level's spread is their range, and no rank test on 2 + 2
// values reaches Alpha (the smallest two-sided p is 1/3).
const MinRuns = 3

// Metric names the quantity a delta compares: the per-level metrics of
// analyze (analyze.MetricID: ttft_ms, itl_ms, tps, latency_s,
// system_rps, aggregate_tps) and the configuration-wide ones below.
type Metric string

// The configuration-wide metrics (Delta.Load is absent).
const (
	// CapacityLoad is C_max (R_max on a rate axis) at Delta.Stat.
	CapacityLoad Metric = "capacity_load"
	// CapacityUsers is the users the capacity serves by Little's law.
	CapacityUsers Metric = "capacity_users"
	// TPSPerGPU is the aggregate output tok/s per GPU at the target
	// interactivity (Comparison.Target).
	TPSPerGPU Metric = "tps_per_gpu"
)

// Comparison is a baseline and a candidate campaign compared: compare.json.
type Comparison struct {
	SchemaVersion int `json:"schema_version"`
	// OneRunPerSide is true when no level compared was measured in
	// several runs on either side: the p-values then describe these two
	// runs, not how a rerun would come out.
	OneRunPerSide bool `json:"one_run_per_side"`
	// Verdict is the overall verdict, from the configurations' (see
	// doc.go).
	Verdict Verdict `json:"verdict"`
	// ThresholdPct is the threshold a difference must reach to count: the
	// larger value at least this percent above the smaller (the report's
	// tie rule, analyze.Params.Tie). 0 counts every difference.
	ThresholdPct float64 `json:"threshold_pct"`
	// Alpha is the significance level of the tests.
	Alpha float64 `json:"alpha"`
	// Percentile is the headline statistic (the baseline's): the
	// capacity and the TTFT the verdict reads.
	Percentile analyze.Percentile `json:"percentile"`
	// Axis is the load axis both sides share (the baseline's when they
	// differ, and then no level is compared: see Differences).
	Axis analyze.Axis `json:"load_axis"`
	// Target is the interactivity (tok/s per user) at which throughput
	// per GPU is compared; NaN (null) when the sides have none or
	// different ones.
	Target float64 `json:"-"`
	// Baseline and Candidate describe the two sides.
	Baseline  Side `json:"baseline"`
	Candidate Side `json:"candidate"`
	// Differences are what differs between the two sides' workloads and
	// settings, stated before any number: token lengths, model, load
	// axis, SLOs, think time, and per configuration its tool and metric
	// definitions.
	Differences []Difference `json:"differences"`
	// Refused are the metrics not compared because the two sides define
	// or measure them differently.
	Refused []Refusal `json:"refused"`
	// Configs are the matched configurations, in the baseline's order.
	Configs []Config `json:"configs"`
	// Unmatched is what exists on one side only, or was not compared.
	Unmatched Unmatched `json:"unmatched"`

	// Old and New are the two analyses compared, for the editions'
	// charts (baseline muted, candidate in colour).
	Old *analyze.Report `json:"-"`
	New *analyze.Report `json:"-"`
}

// Side is one side of the comparison.
type Side struct {
	// Name is the report's name (its folder's name).
	Name string `json:"name"`
	// Source is the path it was read from, as given: a report folder or
	// an analysis.json.
	Source string `json:"source"`
	// Title is the report's title (manifest), if any; Description its
	// subtitle, Notes its notes per section; Date its date (the
	// manifest's, or when it was built).
	Title       analyze.Text            `json:"title,omitempty"`
	Description analyze.Text            `json:"description,omitempty"`
	Notes       map[string]analyze.Text `json:"notes,omitempty"`
	Date        time.Time               `json:"date"`
	// Model is the model served (manifest), "" when unknown.
	Model string `json:"model"`
	// Tools are the tools that wrote its configurations' files, sorted.
	Tools []string `json:"tools"`
	// InputTokens and OutputTokens are the workload's lengths per
	// request (manifest); 0 when unknown (null in JSON).
	InputTokens  int `json:"-"`
	OutputTokens int `json:"-"`
	// Axis is its load axis.
	Axis analyze.Axis `json:"load_axis"`
	// Params are the settings its analysis was made under (SLOs, think
	// time, tie threshold, headline statistic).
	Params analyze.Params `json:"params"`
}

// Difference is one setting or workload property that differs between
// the sides.
type Difference struct {
	// Key names it: input_tokens, output_tokens, model, load_axis,
	// slo_ttft_ms, slo_tps, think_s, percentile, interactivity_target;
	// per configuration tool, gpus, definitions.itl, definitions.tps,
	// definitions.rps.
	Key string `json:"key"`
	// Config is the (baseline) configuration id for a per-configuration
	// key, "" for the campaign.
	Config string `json:"config,omitempty"`
	// Old and New are the values on each side as text ("" unknown).
	Old string `json:"old"`
	New string `json:"new"`
}

// Refusal is a metric not compared, and why.
type Refusal struct {
	// Config is the (baseline) configuration id; "" for every one.
	Config string `json:"config,omitempty"`
	// Metric is the metric refused (an analyze.MetricID or a Metric),
	// or "slo_ttft", "slo_tps" for the SLO verdicts.
	Metric string `json:"metric"`
	// Reason: "definition_differs" (Old and New are the definitions),
	// "slo_differs" (the thresholds the verdicts and capacities were
	// checked against), "think_differs" (users by Little's law),
	// "target_differs" (the interactivity of throughput per GPU),
	// "gpus_unknown" (a GPU count is unknown on a side), "axis_differs"
	// (capacities on different load axes), "axis_no_capacity" (an axis
	// of input lengths at one load, where capacities and throughput per
	// GPU are not computed).
	Reason string `json:"reason"`
	Old    string `json:"old"`
	New    string `json:"new"`
}

// Config is one matched configuration compared.
type Config struct {
	// ID is the baseline's configuration id; CandidateID the candidate's
	// (equal unless paired by --match).
	ID          string `json:"id"`
	CandidateID string `json:"candidate_id"`
	// Pairing says how the two were paired: PairByID, PairByMatch
	// (--match), or PairSingle (the only configuration of each side).
	Pairing string `json:"pairing"`
	// Old and New describe the configuration on each side.
	Old ConfigSide `json:"old"`
	New ConfigSide `json:"new"`
	// Verdict is the configuration's verdict (see doc.go), DecidedBy the
	// few deltas that decided it (copies of entries of Deltas, one per
	// measurement: TPS and system throughput at a level are one),
	// DecidedAcross the headline trends across levels that did (copies
	// of entries of AcrossLevels, one per measurement); Against and
	// AgainstAcross the confirmed headline changes that went the other
	// way when the capacity decided it.
	Verdict       Verdict `json:"verdict"`
	DecidedBy     []Delta `json:"decided_by"`
	DecidedAcross []Trend `json:"decided_by_levels"`
	Against       []Delta `json:"against,omitempty"`
	AgainstAcross []Trend `json:"against_levels,omitempty"`
	// Unconfirmed are the headline deltas beyond the threshold that
	// nothing confirmed (no test of their own, no trend across levels
	// that holds): listed, never deciding; largest first.
	Unconfirmed []Delta `json:"unconfirmed"`
	// Levels are the loads compared: reached on both sides.
	Levels []analyze.Load `json:"levels"`
	// Deltas are every metric and statistic compared: the capacities and
	// throughput per GPU first, then per level (by load) each metric in
	// report order and each statistic.
	Deltas []Delta `json:"deltas"`
	// AcrossLevels are the trends of every metric and statistic over
	// the levels compared (the sign test), in the order of Deltas.
	AcrossLevels []Trend `json:"across_levels"`
	// SLO are the SLO verdicts per level and statistic on both sides.
	SLO []SLOChange `json:"slo"`
}

// The pairings of a Config.
const (
	PairByID    = "id"
	PairByMatch = "match"
	PairSingle  = "single"
)

// Trend is one metric's statistic across the levels compared: at how
// many it moved beyond the threshold which way, and whether that is
// evidence (the sign test, signtest.go: "better by at least the
// threshold at k of n levels"). A trend holds (Improved or Regressed)
// when the test is significant: the change is beyond the threshold at
// more levels than chance gives a change no larger than the threshold.
type Trend struct {
	Metric        Metric            `json:"metric"`
	Stat          analyze.Statistic `json:"stat"`
	LowerIsBetter bool              `json:"lower_is_better"`
	// Levels is how many levels have the value on both sides (above
	// zero); Better, Worse and Equal how many of them moved which way,
	// BeyondBetter and BeyondWorse how many of those moved beyond the
	// threshold.
	Levels       int `json:"levels"`
	Better       int `json:"better"`
	Worse        int `json:"worse"`
	Equal        int `json:"equal"`
	BeyondBetter int `json:"beyond_better"`
	BeyondWorse  int `json:"beyond_worse"`
	// MedianPct is the median change across those levels, (r − 1) ×
	// 100 for the median ratio r of new / old (NaN, null, when there
	// is none): its size, for the reader.
	MedianPct float64 `json:"-"`
	// Direction is the way more levels moved beyond the threshold
	// ("better", "worse", "" for neither).
	Direction string `json:"direction"`
	// Test is TestSign; PValue its exact two-sided p-value of the
	// larger of BeyondBetter and BeyondWorse out of Levels; Significant
	// whether it is below Alpha.
	Test        Test    `json:"test"`
	PValue      float64 `json:"-"`
	Significant bool    `json:"significant"`
	// Change: Improved or Regressed when significant, in Direction;
	// Unchanged otherwise; Unknown when no level has the value on both
	// sides.
	Change Change `json:"change"`
	// Headline marks the trends of the headline statistics (the
	// verdict reads them).
	Headline bool `json:"headline"`
}

// MarshalJSON writes absent numbers as null.
func (t Trend) MarshalJSON() ([]byte, error) {
	type plain Trend
	return json.Marshal(struct {
		plain
		MedianPct *float64 `json:"median_pct"`
		PValue    *float64 `json:"p_value"`
	}{plain(t), number(t.MedianPct), number(t.PValue)})
}

// ConfigSide is one side's configuration.
type ConfigSide struct {
	ID          string              `json:"id"`
	Name        analyze.Text        `json:"name"`
	Tool        string              `json:"tool"`
	Format      string              `json:"format"`
	Source      string              `json:"source"`
	Definitions analyze.Definitions `json:"definitions"`
	GPUs        analyze.GPUCount    `json:"gpus"`
}

// Delta is one metric's statistic compared at one level (or, for the
// configuration-wide metrics, once).
type Delta struct {
	// Metric is an analyze.MetricID or a configuration-wide Metric.
	Metric Metric `json:"metric"`
	// Stat is the statistic (mean, p10, p50, p90, p99; for a capacity the
	// SLO statistic it was checked at); "" for the system throughputs,
	// one number per level.
	Stat analyze.Statistic `json:"stat"`
	// Load is the level; nil for a configuration-wide metric (null).
	Load *analyze.Load `json:"load"`
	// Old and New are the baseline's and the candidate's values (NaN:
	// absent, null in JSON).
	Old float64 `json:"-"`
	New float64 `json:"-"`
	// OldAtLeast and NewAtLeast mark a capacity that is a lower bound
	// (the highest level tested passed): the value is at least Old/New.
	OldAtLeast bool `json:"old_at_least,omitempty"`
	NewAtLeast bool `json:"new_at_least,omitempty"`
	// OldEstimated and NewEstimated mark a value that rests on a mean
	// latency the side's file does not give, estimated from its runs'
	// mean output length (analyze's Level.LatencyEstimated): that mean
	// latency itself, or the users a capacity counts from it. Its change
	// is a change of estimates.
	OldEstimated bool `json:"old_estimated,omitempty"`
	NewEstimated bool `json:"new_estimated,omitempty"`
	// DeltaPct is (new − old) / old × 100; NaN (null) when either is
	// absent or old is 0.
	DeltaPct float64 `json:"-"`
	// LowerIsBetter is true for times, false for rates, counts and
	// capacities.
	LowerIsBetter bool `json:"lower_is_better"`
	// Direction is which way the value moved for this metric: "better",
	// "worse", "equal", or "" when it cannot be told.
	Direction string `json:"direction"`
	// Beyond is true when the difference reaches the threshold: the
	// larger value at least ThresholdPct percent above the smaller.
	Beyond bool `json:"beyond_threshold"`
	// Test is how significance was judged; PValue the test's p-value
	// (NaN, null, for TestNone and TestRuns); Significant whether the
	// test rejects "no difference" at Alpha in the delta's direction
	// (always false for TestNone).
	Test        Test    `json:"test"`
	PValue      float64 `json:"-"`
	Significant bool    `json:"significant"`
	// NOld and NNew are the sample sizes the test used: the values of
	// Welch's test, the requests of the quantile test, the runs of the
	// runs test (0 for TestNone).
	NOld int `json:"n_old,omitempty"`
	NNew int `json:"n_new,omitempty"`
	// Change is the judgement: Improved, Regressed, Unchanged or Unknown.
	Change Change `json:"change"`
	// ConfirmedBy says what confirmed a change (Improved or Regressed):
	// ConfirmedByTest (its own test, significant),
	// ConfirmedByLevels (no test of its own; the trend of its metric and
	// statistic across levels holds in its direction), ConfirmedByLevel
	// (a capacity or its users: the confirmed change at the level that
	// bounds it, ConfirmedAt), ConfirmedBySameMeasure (a system
	// throughput at a fixed concurrency and output length: the confirmed
	// change of the headline TPS at its level, the same requests' times,
	// one piece of evidence). "" for a delta that is no change.
	ConfirmedBy string        `json:"confirmed_by,omitempty"`
	ConfirmedAt *analyze.Load `json:"confirmed_at,omitempty"`
	// Unconfirmed is true for a difference beyond the threshold that
	// nothing confirmed: it has no test of its own and no trend or
	// bounding level backs it. Its Change is Unchanged.
	Unconfirmed bool `json:"unconfirmed"`
	// Headline marks the statistics the verdict and the --fail-on gate
	// read (see doc.go).
	Headline bool `json:"headline"`
	// Reason says why a delta is Unknown ("absent", "both_lower_bounds",
	// "lower_bound"), or why no test was possible where samples or runs
	// exist on one side only ("samples_one_side", "runs_one_side",
	// "too_few_runs", "no_samples_for_metric").
	Reason string `json:"reason,omitempty"`
}

// What confirmed a change (Delta.ConfirmedBy).
const (
	ConfirmedByTest        = "test"
	ConfirmedByLevels      = "across_levels"
	ConfirmedByLevel       = "bounding_level"
	ConfirmedBySameMeasure = "same_measurement"
)

// MarshalJSON writes absent numbers as null.
func (d Delta) MarshalJSON() ([]byte, error) {
	type plain Delta
	return json.Marshal(struct {
		plain
		Old      *float64 `json:"old"`
		New      *float64 `json:"new"`
		DeltaPct *float64 `json:"delta_pct"`
		PValue   *float64 `json:"p_value"`
	}{plain(d), number(d.Old), number(d.New), number(d.DeltaPct), number(d.PValue)})
}

// SLOChange is one level's SLO verdict at one statistic on both sides.
type SLOChange struct {
	Load analyze.Load       `json:"load"`
	Stat analyze.Percentile `json:"stat"`
	// Old and New are the verdicts (TTFT met, TPS met; the statistic
	// used where the source lacked the one asked for).
	Old analyze.SLOVerdict `json:"old"`
	New analyze.SLOVerdict `json:"new"`
	// Change: Improved when the level passes both SLOs now and did not,
	// Regressed the other way, Unchanged when its pass is the same,
	// Unknown when either side could not be checked.
	Change Change `json:"change"`
}

// Unmatched is what the comparison could not pair.
type Unmatched struct {
	// Configs are the configurations of one side only.
	Configs []UnmatchedConfig `json:"configs"`
	// Levels are the levels of matched configurations not compared.
	Levels []UnmatchedLevel `json:"levels"`
}

// UnmatchedConfig is a configuration of one side only, with its own
// numbers as its side measured them.
type UnmatchedConfig struct {
	// Side is "baseline" or "candidate".
	Side string       `json:"side"`
	ID   string       `json:"id"`
	Name analyze.Text `json:"name"`
	Tool string       `json:"tool"`
	// Capacity is its capacity at the headline statistic (the
	// baseline's percentile).
	Capacity analyze.Capacity `json:"capacity"`
	// Levels are its headline numbers at each level whose load was
	// reached.
	Levels []OwnLevel `json:"levels"`
}

// OwnLevel is a one-sided configuration's headline numbers at one
// level: TTFT at the headline statistic (TTFTStat, a stand-in where the
// source lacks it), TPS at its mean (TPSStat) and the system's request
// throughput (NaN, null, where absent).
type OwnLevel struct {
	Load      analyze.Load      `json:"load"`
	TTFT      float64           `json:"-"`
	TTFTStat  analyze.Statistic `json:"ttft_stat"`
	TPS       float64           `json:"-"`
	TPSStat   analyze.Statistic `json:"tps_stat"`
	SystemRPS float64           `json:"-"`
}

// MarshalJSON writes absent numbers as null.
func (l OwnLevel) MarshalJSON() ([]byte, error) {
	type plain OwnLevel
	return json.Marshal(struct {
		plain
		TTFT      *float64 `json:"ttft_ms"`
		TPS       *float64 `json:"tps"`
		SystemRPS *float64 `json:"system_rps"`
	}{plain(l), number(l.TTFT), number(l.TPS), number(l.SystemRPS)})
}

// UnmatchedLevel is a level of a matched configuration not compared.
type UnmatchedLevel struct {
	// Config is the baseline's configuration id.
	Config string       `json:"config"`
	Load   analyze.Load `json:"load"`
	// Side names the side the reason applies to: "baseline",
	// "candidate" or "both"; for "axis_differs", the side whose level it
	// is (its load on that side's axis).
	Side string `json:"side"`
	// Reason: "one_side" (measured on Side only), "load_not_reached"
	// (the level did not carry its load on Side), "axis_differs" (the
	// sides' loads are on different axes).
	Reason string `json:"reason"`
}

// The sides, as Side fields name them.
const (
	SideBaseline  = "baseline"
	SideCandidate = "candidate"
	SideBoth      = "both"
)

// MarshalJSON writes the target as null when there is none.
func (c Comparison) MarshalJSON() ([]byte, error) {
	type plain Comparison
	return json.Marshal(struct {
		plain
		Target *float64 `json:"interactivity_target"`
	}{plain(c), number(c.Target)})
}

// MarshalJSON writes unknown token lengths as null.
func (s Side) MarshalJSON() ([]byte, error) {
	type plain Side
	return json.Marshal(struct {
		plain
		InputTokens  *int `json:"input_tokens"`
		OutputTokens *int `json:"output_tokens"`
	}{plain(s), tokens(s.InputTokens), tokens(s.OutputTokens)})
}

func tokens(n int) *int {
	if n <= 0 {
		return nil
	}
	return &n
}

// number is x for JSON: nil (null) when absent or unbounded.
func number(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}
