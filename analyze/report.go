package analyze

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/openzeka/reportgen/ingest"
)

// SchemaVersion is the version of analysis.json's keys: it grows by one
// with every change that renames, removes or retypes a key (adding keys
// does not change it). analysis.schema.json describes it.
const SchemaVersion = 3

// Report is the whole analysis of one report folder.
type Report struct {
	SchemaVersion int    `json:"schema_version"`
	Name          string `json:"name"`
	Meta          Meta   `json:"meta"`
	Params        Params `json:"params"`
	// Axis says how load was applied: by concurrency, or by request
	// rate when every run of every config was driven by rate; or, when
	// every config is an input-length sweep at one load, the levels are
	// input lengths.
	Axis Axis `json:"load_axis"`
	// Levels is the sorted union of every config's load levels.
	Levels []Load `json:"levels"`
	// OperatingPoint is "high load": the highest level every config
	// measured (and reached) at which at least one config meets both
	// SLOs at the headline statistic; nil when none does. Overload are
	// the common levels at which none does.
	OperatingPoint *Load     `json:"operating_point"`
	Overload       []Load    `json:"overload_levels,omitempty"`
	Configs        []Config  `json:"configs"`
	Speedups       []Speedup `json:"speedups"`
	Anomalies      []Anomaly `json:"anomalies"`
	Findings       []Finding `json:"findings"`
	// Scenarios are the use-case recommendations; Scorecard the pairwise
	// head-to-head counts.
	Scenarios []Scenario  `json:"scenarios"`
	Scorecard []PairScore `json:"scorecard"`
	// Pareto is throughput per GPU against interactivity.
	Pareto   Pareto    `json:"pareto"`
	Warnings []Warning `json:"warnings"`
}

// Statistic names one statistic of a per-level distribution (Stat):
// its mean or a percentile.
type Statistic string

// The statistics a Stat holds.
const (
	Mean Statistic = "mean"
	P10  Statistic = "p10"
	P50  Statistic = "p50"
	P90  Statistic = "p90"
	P99  Statistic = "p99"
)

// Percentile is a Statistic an SLO and a capacity are computed for: P90
// or Mean (P50 stands in where a source gives no mean: comparisons use
// the median on one footing for every config when one of them reports
// no mean).
type Percentile = Statistic

// Percentiles lists the SLO statistics in report order.
var Percentiles = []Percentile{P90, Mean}

// Params are the assumptions the analysis was made under.
type Params struct {
	SLOTTFTms float64 `json:"slo_ttft_ms"`
	SLOTPS    float64 `json:"slo_tps"`
	ThinkS    float64 `json:"think_s"`
	// TiePct is the difference in percent within which two values are on
	// par: a tie, not a win (see Params.Tie).
	TiePct float64 `json:"tie_pct"`
	// Percentile is the statistic of the headline capacity.
	Percentile Percentile `json:"percentile"`
	// OutputTokens per request, when known (0 otherwise); enables the
	// latency consistency check.
	OutputTokens int `json:"output_tokens"`
	InputTokens  int `json:"input_tokens"`
	// PricePerGPUHour is report.toml's price of one GPU for one hour,
	// in Currency; 0 without one (then there are no costs).
	PricePerGPUHour float64 `json:"price_per_gpu_hour,omitempty"`
	Currency        string  `json:"currency,omitempty"`
}

// DefaultParams are the llm-benchmark tool's own defaults.
func DefaultParams() Params {
	return Params{SLOTTFTms: 1000, SLOTPS: 15, ThinkS: 45, TiePct: 5, Percentile: P90}
}

// Config is one configuration with its measured and derived levels.
type Config struct {
	ID          string `json:"id"`
	Name        Text   `json:"name"`
	Engine      Text   `json:"engine"`
	Speculative bool   `json:"speculative"`
	Method      Text   `json:"method,omitempty"`
	DraftModel  Text   `json:"draft_model,omitempty"`
	DraftSource Text   `json:"draft_source,omitempty"`
	Command     Text   `json:"command,omitempty"`
	// Flags are the server options of Command; Caps the limits among
	// them (admission, CUDA graph, token and memory limits).
	Flags  []Flag `json:"flags,omitempty"`
	Caps   []Flag `json:"caps,omitempty"`
	Notes  Text   `json:"notes,omitempty"`
	Source string `json:"source"`
	Format string `json:"format"`
	// Tool is the display name of the tool that wrote the source ("vLLM
	// bench serve"); "" (left out, as the schema allows) when unknown.
	Tool string `json:"tool,omitempty"`
	// Definitions say how the source defines ITL, TPS and RPS.
	Definitions Definitions `json:"definitions"`
	Levels      []Level     `json:"levels"`
	Capacity    Capacities  `json:"capacity"`
	// GPUs is the GPU count the config ran on (0: unknown); GPUsSource
	// says where it comes from, GPUFlags the command's options it was
	// read from (GPUsFromCommand only).
	GPUs       GPUCount  `json:"gpus"`
	GPUsSource GPUSource `json:"gpus_source"`
	GPUFlags   []Flag    `json:"gpus_flags,omitempty"`
	// statedGPUs is the GPU count its result files all state (0: none,
	// or they differ), which assignGPUs takes where the manifest gives
	// the config none.
	statedGPUs int
	// AtInteractivity is its throughput at the report's target
	// interactivity (nil without a target); Cost its cost per million
	// output tokens (nil without a price).
	AtInteractivity *AtTarget `json:"at_interactivity,omitempty"`
	Cost            *Cost     `json:"cost,omitempty"`
	// Efficiency is what its tokens cost in energy and money at its
	// operating point and at the target (energy.go); nil without a
	// price and without telemetry.
	Efficiency *Efficiency `json:"efficiency,omitempty"`
}

// GPUCount is a number of GPUs; 0 is unknown (null in JSON).
type GPUCount int

// Known reports whether the count is known.
func (n GPUCount) Known() bool { return n > 0 }

// MarshalJSON writes an unknown count as null.
func (n GPUCount) MarshalJSON() ([]byte, error) {
	if !n.Known() {
		return []byte("null"), nil
	}
	return strconv.AppendInt(nil, int64(n), 10), nil
}

// Definitions say how a config's source defines the metrics that tools
// name alike but measure differently (see ingest.Definitions).
type Definitions struct {
	ITL string `json:"itl"` // "tpot" or "chunk"
	TPS string `json:"tps"` // "request" (TTFT included) or "decode" (1000 / TPOT)
	RPS string `json:"rps"` // "per_user" or "system"
}

// Of returns the definition of metric "itl", "tps" or "rps" ("" for
// any other name, and when the source does not report it).
func (d Definitions) Of(metric string) string {
	switch metric {
	case "itl":
		return d.ITL
	case "tps":
		return d.TPS
	case "rps":
		return d.RPS
	}
	return ""
}

// Level is one load level of a config.
type Level struct {
	// Load is the level's place on the report's load axis: its
	// concurrency, or on a rate axis its offered request rate, or on an
	// input-length axis its input length in tokens. In a report that
	// mixes rate and concurrency runs, a rate run is placed at its
	// effective concurrency, rounded.
	Load Load `json:"load"`
	// Concurrency is the requests in flight: as configured, or for a
	// request-rate run its effective concurrency by Little's law,
	// request throughput × mean latency.
	Concurrency float64 `json:"concurrency"`
	// Rate is the offered request rate of a request-rate run (req/s,
	// +Inf for "as fast as possible"); 0 for a concurrency run.
	Rate    float64 `json:"-"`
	TTFT    Stat    `json:"ttft_ms"`
	ITL     Stat    `json:"itl_ms"`
	TPS     Stat    `json:"tps"`
	Latency Stat    `json:"latency_s"`
	// RPSReported is the tool's own request rate (NaN when absent); for
	// the llm-benchmark export it is per user: 1 / mean latency.
	RPSReported float64 `json:"-"`
	// AggregateTPS is the output the system delivered, tok/s: its
	// request throughput × the mean output tokens per request wherever
	// the output length is known (the file's mean, else the manifest's
	// output_tokens); else the tool's own output throughput; else, as a
	// named fallback, TPS mean × c, which overstates it when requests
	// differ in length (the mean of per-user rates exceeds the rate of
	// the mean request). AggregateSource says which.
	AggregateTPS    float64         `json:"-"`
	AggregateSource AggregateSource `json:"aggregate_source,omitempty"`
	// AggregateReported is the tool's own output throughput (NaN when
	// it reports none), checked against AggregateTPS (AggregateMismatch).
	AggregateReported float64 `json:"-"`
	// OutputTokens is the mean output length per request the file
	// reports (NaN when it reports none).
	OutputTokens float64 `json:"-"`
	// SystemRPS is the system's request throughput by Little's law:
	// c / mean latency.
	SystemRPS float64     `json:"-"`
	SLO       SLOVerdicts `json:"slo"`
	// InFlight is the requests in flight by Little's law from what the
	// tool measured: its request throughput × mean latency (NaN when it
	// reports no throughput). On a rate axis it is Concurrency.
	InFlight float64 `json:"-"`
	// Requests and Errors count completed and failed requests (-1 when
	// the source does not say: null in JSON).
	Requests int `json:"-"`
	Errors   int `json:"-"`
	// SampleSize is how many requests its percentiles rest on: Requests,
	// else for a concurrency run the manifest's rounds × c
	// (SampleFromRounds); -1 when unknown (null in JSON). Fragile: fewer
	// than MinTailSample, so its tail percentiles (P10, P90, P99) rest on
	// one or two requests.
	SampleSize       int  `json:"-"`
	SampleFromRounds bool `json:"sample_from_rounds,omitempty"`
	Fragile          bool `json:"fragile,omitempty"`
	// Goodput is the share of requests meeting both SLOs (TTFT and TPS),
	// from per-request data; NaN without it.
	Goodput float64 `json:"-"`
	// LoadReached is false when the level never carried its load: a
	// concurrency level that held fewer than half its requests in flight
	// (measured request throughput × mean latency) or completed fewer
	// requests than its concurrency, a rate run that delivered less than
	// half its offered rate. Such a level is shown, marked, and left out
	// of every comparison, capacity and finding.
	LoadReached bool `json:"load_reached"`
	// Runs is how many runs the level was measured in (omitted when one);
	// Spread their run-to-run spread by statistic ("ttft_ms.mean",
	// "tps.p90", "system_rps"): the noise the tie rule uses at this level.
	Runs   int                 `json:"runs,omitempty"`
	Spread map[string]Interval `json:"spread,omitempty"`
	// StdDev are the standard deviations (the sample's, n − 1) of the
	// level's distributions and the counts they are over, by metric
	// (ttft_ms, itl_ms, tps, latency_s), where the source states them
	// beside its means or its requests give them (omitted when none):
	// what a comparison tests a difference of means with (Welch's t).
	StdDev map[MetricID]Deviation `json:"std_dev,omitempty"`
	// ConcurrencyMeasured is the mean concurrency the tool measured,
	// when the run stated none and its level is that value rounded (a
	// guidellm throughput run); omitted otherwise.
	ConcurrencyMeasured float64 `json:"concurrency_measured,omitempty"`
	// LatencyDerived: the file gave no mean latency; latency_s.mean is
	// mean TTFT + mean TPOT × (n − 1), derived as LatencyMethod says:
	// "fixed_output_length", exact, for the benchmark's fixed output
	// length n (the manifest's output_tokens, matched by the run's mean
	// output length); "mean_output_length", an estimate, with n the
	// run's mean output length (total output tokens / completed
	// requests). Its percentiles are never derived.
	LatencyDerived bool   `json:"latency_derived,omitempty"`
	LatencyMethod  string `json:"latency_method,omitempty"`
	Source         string `json:"source"`
	// Samples are the per-request TTFT and TPS values of a level read
	// from per-request data (nil otherwise; pooled over its runs): what
	// a comparison tests for significance (analyze/compare). They are
	// not written to analysis.json.
	Samples *ingest.Samples `json:"-"`
	// Energy is the level's power and the energy of its tokens, from its
	// runs' GPU telemetry (energy.go); nil without telemetry.
	Energy *Energy `json:"energy,omitempty"`
	// energyIn is what Energy is computed from, once the GPUs are known.
	energyIn energyInput
}

// LatencyEstimated reports whether the level's mean latency is an
// estimate from its runs' mean output length (LatencyMethod
// "mean_output_length"), which every place that shows it marks.
func (l Level) LatencyEstimated() bool { return l.LatencyMethod == string(ingest.LatencyMeanLength) }

// ConcurrencyEstimated reports whether the level's concurrency rests on
// an estimated mean latency: a request-rate run's effective concurrency,
// request throughput × that latency (Little's law).
func (l Level) ConcurrencyEstimated() bool { return l.Rate != 0 && l.LatencyEstimated() }

// MarshalJSON writes absent numbers as null.
func (l Level) MarshalJSON() ([]byte, error) {
	type plain Level
	return json.Marshal(struct {
		plain
		RPSReported       *float64 `json:"rps_reported"`
		AggregateTPS      *float64 `json:"aggregate_tps"`
		AggregateReported *float64 `json:"aggregate_tps_reported,omitempty"`
		OutputTokens      *float64 `json:"output_tokens,omitempty"`
		SystemRPS         *float64 `json:"system_rps"`
		Goodput           *float64 `json:"goodput"`
		InFlight          *float64 `json:"in_flight"`
		Rate              any      `json:"request_rate,omitempty"`
		Requests          *int     `json:"requests"`
		Errors            *int     `json:"errors"`
		SampleSize        *int     `json:"sample_size"`
	}{plain(l), optional(l.RPSReported), optional(l.AggregateTPS), optional(l.AggregateReported), optional(l.OutputTokens),
		optional(l.SystemRPS), optional(l.Goodput), optional(l.InFlight), rateJSON(l.Rate),
		count(l.Requests), count(l.Errors), count(l.SampleSize)})
}

// count writes a count, null when unknown (negative).
func count(n int) *int {
	if n < 0 {
		return nil
	}
	return &n
}

// rateJSON writes a request rate: a number, "inf", or nothing for a
// concurrency run.
func rateJSON(r float64) any {
	switch {
	case r == 0 || math.IsNaN(r):
		return nil
	case math.IsInf(r, 1):
		return "inf"
	}
	return r
}

// Numbers are the named numbers behind a finding, an anomaly or a
// scenario; an absent one (NaN) is written as null, an unbounded one
// (+Inf, a load "as fast as possible") as "inf", as Load is.
type Numbers map[string]float64

// MarshalJSON implements json.Marshaler.
func (n Numbers) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, len(n))
	for k, v := range n {
		m[k] = numberJSON(v)
	}
	return json.Marshal(m)
}

// Ratios are per-level ratios, null where there is none (no rival at
// that level).
type Ratios []float64

// MarshalJSON implements json.Marshaler.
func (rs Ratios) MarshalJSON() ([]byte, error) {
	out := make([]any, len(rs))
	for i, v := range rs {
		out[i] = numberJSON(v)
	}
	return json.Marshal(out)
}

// numberJSON is a number as analysis.json writes it: null when absent,
// "inf" when unbounded.
func numberJSON(v float64) any {
	switch {
	case math.IsInf(v, 1):
		return "inf"
	case math.IsNaN(v) || math.IsInf(v, -1):
		return nil
	}
	return v
}

// Deviation is one distribution's standard deviation (the sample's,
// in its Stat's unit) over N values.
type Deviation struct {
	SD float64 `json:"sd"`
	N  int     `json:"n"`
}

// Stat is one metric's statistics at one level; NaN marks a statistic
// the source did not report (null in JSON). P10 is the slow tail of a
// rate (TPS).
type Stat struct {
	Mean, P10, P50, P90, P99 float64
}

// Get returns the statistic named by p; for Mean, the median stands in
// where a source reports no mean (rates derived from TPOT percentiles).
func (s Stat) Get(p Percentile) float64 {
	switch p {
	case Mean:
		return s.Central()
	case P50:
		return s.P50
	}
	return s.P90
}

// At returns the statistic st as the source gave it (NaN when absent).
func (s Stat) At(st Statistic) float64 {
	switch st {
	case Mean:
		return s.Mean
	case P10:
		return s.P10
	case P50:
		return s.P50
	case P90:
		return s.P90
	case P99:
		return s.P99
	}
	return math.NaN()
}

// Shown is the value a table or chart shows for statistic st, and the
// statistic that stands in for it where the source lacks the mean or
// the P90: the one the SLO check uses instead (SLOValue) — the median
// for a mean; for the P90 of a time the stricter P99, of a rate its slow
// tail P10, else its median. used is "" when st itself is shown.
func (s Stat) Shown(st Statistic, lowerIsBetter bool) (x float64, used Statistic) {
	x = s.At(st)
	if !math.IsNaN(x) || (st != Mean && st != P90) {
		return x, ""
	}
	x, name := s.SLOValue(st, lowerIsBetter)
	return x, Statistic(name)
}

// Central is the mean, or the median when the source gives no mean.
func (s Stat) Central() float64 {
	if math.IsNaN(s.Mean) {
		return s.P50
	}
	return s.Mean
}

// SLOValue returns the statistic an SLO at p is checked against, and its
// name when it is not p itself. Mean is the mean. For p90 on a time
// (lower is better) it is P90, else the stricter P99. For p90 on a rate
// (TPS) it is the slow tail P10 when the source has it, else P90 as the
// llm-benchmark reports it (its fast tail), else the stricter P50.
//
// When the source reports none of these, the value is NaN and the name
// is "none": the SLO cannot be checked, and is not counted as met.
func (s Stat) SLOValue(p Percentile, lowerIsBetter bool) (float64, string) {
	x, name := s.sloValue(p, lowerIsBetter)
	if math.IsNaN(x) {
		return x, StatNone
	}
	return x, name
}

// StatNone names the missing statistic of an SLO that cannot be checked.
const StatNone = "none"

func (s Stat) sloValue(p Percentile, lowerIsBetter bool) (float64, string) {
	if p == Mean {
		if math.IsNaN(s.Mean) {
			return s.P50, "p50" // the source gives no mean (a rate derived from TPOT percentiles)
		}
		return s.Mean, ""
	}
	if lowerIsBetter {
		if math.IsNaN(s.P90) && !math.IsNaN(s.P99) {
			return s.P99, "p99"
		}
		return s.P90, ""
	}
	switch {
	case !math.IsNaN(s.P10):
		return s.P10, "p10"
	case !math.IsNaN(s.P90):
		return s.P90, ""
	case !math.IsNaN(s.P50):
		return s.P50, "p50"
	}
	return s.P90, ""
}

// MarshalJSON implements json.Marshaler.
func (s Stat) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Mean *float64 `json:"mean"`
		P10  *float64 `json:"p10"`
		P50  *float64 `json:"p50"`
		P90  *float64 `json:"p90"`
		P99  *float64 `json:"p99"`
	}{optional(s.Mean), optional(s.P10), optional(s.P50), optional(s.P90), optional(s.P99)})
}

func optional(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}

// SLOVerdicts holds the SLO checks of one level per statistic.
type SLOVerdicts struct {
	P90  SLOVerdict `json:"p90"`
	Mean SLOVerdict `json:"mean"`
}

// Get returns the verdict for statistic p.
func (v SLOVerdicts) Get(p Percentile) SLOVerdict {
	if p == Mean {
		return v.Mean
	}
	return v.P90
}

// SLOVerdict says whether TTFT and TPS met their thresholds. TTFTStat
// and TPSStat name the statistic used when the source lacked the one
// asked for (see Stat.SLOValue); "none" when there was nothing to check,
// in which case the SLO counts as not met.
type SLOVerdict struct {
	TTFT     bool   `json:"ttft"`
	TPS      bool   `json:"tps"`
	TTFTStat string `json:"ttft_stat,omitempty"`
	TPSStat  string `json:"tps_stat,omitempty"`
}

// Unchecked reports whether either SLO could not be checked.
func (v SLOVerdict) Unchecked() bool { return v.TTFTStat == StatNone || v.TPSStat == StatNone }

// Pass reports whether both SLOs were met.
func (v SLOVerdict) Pass() bool { return v.TTFT && v.TPS }

// Capacities holds the capacity per SLO statistic.
type Capacities struct {
	P90  Capacity `json:"p90"`
	Mean Capacity `json:"mean"`
}

// Get returns the capacity for statistic p.
func (c Capacities) Get(p Percentile) Capacity {
	if p == Mean {
		return c.Mean
	}
	return c.P90
}

// Capacity is the largest load a config serves within the SLOs and the
// user count it supports by Little's law.
type Capacity struct {
	// Max is the highest level at which it and every lower level pass
	// both SLOs (C_max on a concurrency axis); 0 when the lowest level
	// already fails. Levels whose load was not reached do not count.
	Max Load `json:"max_load"`
	// LowerBound is true when Max is the highest level tested: the limit
	// was not reached in the tested range, and the capacity is at least
	// what it says.
	LowerBound bool `json:"lower_bound"`
	// Concurrency is the requests in flight at Max: Max itself on a
	// concurrency axis, the effective concurrency on a rate axis.
	Concurrency float64 `json:"concurrency"`
	// LatencyMeanS is the mean latency at Max (NaN when Max is 0 or the
	// source gives none); LatencyStat is "p50" when the median stood in
	// for a mean the source does not report.
	LatencyMeanS float64 `json:"-"`
	LatencyStat  string  `json:"latency_stat,omitempty"`
	// LatencyMethod is the level's (Level.LatencyMethod) where the file
	// gave no mean latency and LatencyMeanS was derived: an estimate
	// ("mean_output_length") makes the users, and on a rate axis the
	// effective concurrency, estimates too (LatencyEstimated).
	LatencyMethod string `json:"latency_method,omitempty"`
	// ThroughputRPS is the system's request throughput at Max: what the
	// capacity is ranked by on a rate axis.
	ThroughputRPS float64 `json:"-"`
	// Users = round-half-up(Concurrency × (1 + think / LatencyMeanS));
	// UsersUnknown when the latency is unknown (null in JSON).
	Users int `json:"-"`
}

// LatencyEstimated reports whether the capacity's mean latency is an
// estimate (LatencyMethod "mean_output_length"): its users are then
// estimates too, unless a closed loop makes them the concurrency on a
// concurrency axis (UsersEstimated).
func (c Capacity) LatencyEstimated() bool { return c.LatencyMethod == string(ingest.LatencyMeanLength) }

// UsersEstimated reports whether the capacity's user count rests on an
// estimated mean latency: C × (1 + think / L_mean) with a think time, or
// on a rate axis (axis), where C itself is throughput × L_mean.
func (c Capacity) UsersEstimated(think float64, axis Axis) bool {
	return c.UsersKnown() && c.LatencyEstimated() && (think > 0 || axis == AxisRate)
}

// UsersUnknown is the user count of a capacity whose latency is unknown.
const UsersUnknown = -1

// UsersKnown reports whether the user count can be stated.
func (c Capacity) UsersKnown() bool { return c.Users != UsersUnknown }

// MarshalJSON writes latency_mean_s and throughput_rps as null when
// there is no Max, and users as null when unknown.
func (c Capacity) MarshalJSON() ([]byte, error) {
	type plain Capacity
	var users *int
	if c.UsersKnown() {
		users = &c.Users
	}
	return json.Marshal(struct {
		plain
		LatencyMeanS  *float64 `json:"latency_mean_s"`
		ThroughputRPS *float64 `json:"throughput_rps"`
		Users         *int     `json:"users"`
	}{plain(c), optional(c.LatencyMeanS), optional(c.ThroughputRPS), users})
}

// Speedup compares an engine's speculative config with its direct one.
type Speedup struct {
	Engine string `json:"engine"`
	Direct string `json:"direct"`
	Spec   string `json:"spec"`
	// Stat is the TPS statistic compared: "mean", or "p50" when a config
	// reports no mean and both are compared on their medians.
	Stat   Percentile     `json:"stat"`
	Points []SpeedupPoint `json:"points"`
	// PaysOffFrom and PaysOffUpTo are the lowest and highest level of
	// the first unbroken run of levels at which speculative decoding
	// pays off (SpeedupPoint.PaysOff), normally from the lowest common
	// level up: the window it is worth deploying in. Nil when it pays
	// off at none.
	PaysOffFrom *Load `json:"pays_off_from"`
	PaysOffUpTo *Load `json:"pays_off_up_to"`
	// BreakEven is the first common level past that window: where it no
	// longer pays off (faster by no more than the tie threshold, slower
	// end to end, a side not delivering its load, or a side missing the
	// SLOs; SpeedupPoint says which). Nil when it pays off at every
	// common level, and when it pays off at none (NeverPaysOff).
	BreakEven *Load `json:"break_even"`
	// NeverFaster is true when it is faster at no common level;
	// NeverPaysOff when it pays off at none.
	NeverFaster  bool `json:"never_faster"`
	NeverPaysOff bool `json:"never_pays_off"`
	// BreakEvenInterpolated is where the TPS ratio crosses 1.0 from the
	// last level that pays off, linear in log2(load), never across a
	// level where a side does not deliver its load or misses the SLOs;
	// nil without such a crossing between two finite levels.
	BreakEvenInterpolated *float64 `json:"break_even_interpolated"`
	// Missing lists levels only one of the two configs measured.
	Missing []Load `json:"missing_levels,omitempty"`
}

// SpeedupPoint is the spec/direct TPS-mean ratio at one common level,
// and whether speculative decoding pays off there.
type SpeedupPoint struct {
	Load      Load    `json:"load"`
	Ratio     float64 `json:"ratio"`
	DirectTPS float64 `json:"direct_tps"`
	SpecTPS   float64 `json:"spec_tps"`
	// Outcome is Faster, OnPar (within the tie threshold of 1.0×) or
	// Slower.
	Outcome string `json:"outcome"`
	// Delivered: both configs carry the offered load there (Delivers:
	// on a rate axis at least 95 % of the offered rate); SLOMet: both
	// meet both SLOs at the headline statistic; LatencyRatio is the
	// speculative config's mean latency over the direct one's (the
	// median where one reports no mean; NaN when unknown).
	Delivered    bool    `json:"delivered"`
	SLOMet       bool    `json:"slo_met"`
	LatencyRatio float64 `json:"-"`
	// PaysOff: speculative decoding is worth it here: faster per user
	// beyond the tie threshold, not slower end to end beyond it (the
	// latency includes the queue a per-user rate cannot see), and both
	// configs deliver the offered load within the SLOs.
	PaysOff bool `json:"pays_off"`
}

// MarshalJSON writes an unknown latency ratio as null.
func (pt SpeedupPoint) MarshalJSON() ([]byte, error) {
	type plain SpeedupPoint
	return json.Marshal(struct {
		plain
		LatencyRatio *float64 `json:"latency_ratio"`
	}{plain(pt), optional(pt.LatencyRatio)})
}

// Meta is the report's metadata, from the manifest where there is one.
type Meta struct {
	Title      Text      `json:"title,omitempty"`
	Subtitle   Text      `json:"subtitle,omitempty"`
	Date       time.Time `json:"date"`
	PreparedBy Text      `json:"prepared_by,omitempty"`
	Logo       string    `json:"logo,omitempty"`
	// Customer, Reference, Version, Company and Confidentiality are the
	// proposal's cover and footer texts.
	Customer        Text   `json:"customer,omitempty"`
	Reference       Text   `json:"reference,omitempty"`
	Version         Text   `json:"version,omitempty"`
	Company         Text   `json:"company,omitempty"`
	Confidentiality Text   `json:"confidentiality,omitempty"`
	Model           Text   `json:"model,omitempty"`
	Vendor          Text   `json:"vendor,omitempty"`
	ModelAbout      Text   `json:"model_about,omitempty"`
	ModelCard       []Fact `json:"model_card,omitempty"`
	Platform        Text   `json:"platform,omitempty"`
	Hardware        []Fact `json:"hardware,omitempty"`
	Tool            Text   `json:"tool,omitempty"`
	ToolAbout       Text   `json:"tool_about,omitempty"`
	Rounds          int    `json:"rounds,omitempty"`
	// Warmup is nil when the manifest does not say (0: no warm-up).
	Warmup      *int `json:"warmup,omitempty"`
	SLOBasis    Text `json:"slo_basis_ttft,omitempty"`
	SLOBasisTPS Text `json:"slo_basis_tps,omitempty"`
	// Notes are free Markdown per section and language.
	Notes map[string]Text `json:"notes,omitempty"`
	// HasManifest is false when everything was inferred from file names.
	HasManifest bool `json:"has_manifest"`
}

// Text is a string per language; the empty key holds the text for all.
type Text map[string]string

// In returns the text for lang, else the language-neutral text, else the
// English one.
func (t Text) In(lang string) string {
	if s, ok := t[lang]; ok {
		return s
	}
	if s, ok := t[""]; ok {
		return s
	}
	return t["en"]
}

// MarshalJSON writes a text given once for all languages as a string,
// and one given per language as an object of languages.
func (t Text) MarshalJSON() ([]byte, error) {
	if s, ok := t[""]; ok && len(t) == 1 {
		return json.Marshal(s)
	}
	return json.Marshal(map[string]string(t))
}

// UnmarshalJSON reads either form MarshalJSON writes.
func (t *Text) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		*t = Text{"": s}
		return nil
	}
	var m map[string]string
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	*t = m
	return nil
}

// Key is the text as one language-neutral value, for matching (an
// engine shared by two configs): the form for all languages, else the
// English one, else any, chosen the same way every time.
func (t Text) Key() string {
	if s, ok := t[""]; ok {
		return s
	}
	if s, ok := t["en"]; ok {
		return s
	}
	for _, k := range slices.Sorted(maps.Keys(t)) {
		return t[k]
	}
	return ""
}

// trimText drops the trailing newlines of every language's text (a TOML
// multi-line string ends with one).
func trimText(t Text) Text {
	for k, s := range t {
		t[k] = strings.TrimRight(s, "\n")
	}
	return t
}

// Fact is one key/value row (model card, hardware).
type Fact struct {
	Key   Text `json:"key"`
	Value Text `json:"value"`
}

// Axis names how a report's load was applied.
type Axis string

// The load axes.
const (
	// AxisConcurrency: levels are concurrencies (requests in flight).
	AxisConcurrency Axis = "concurrency"
	// AxisRate: levels are offered request rates in req/s; +Inf is "as
	// fast as possible".
	AxisRate Axis = "rate"
	// AxisInputLength: levels are input lengths in tokens per request,
	// at one load (trtllm-bench latency runs, at batch 1): every run of
	// every config is a point of an input-length sweep.
	AxisInputLength Axis = "input_length"
)

// Label names a level in analysis.json's messages: "c=16", "4 req/s",
// "∞ req/s", "input length 512".
func (a Axis) Label(x Load) string {
	switch a {
	case AxisRate:
		return x.String() + " req/s"
	case AxisInputLength:
		return "input length " + x.String()
	}
	return "c=" + x.String()
}

// SweepsLoad reports whether the axis's levels are loads (concurrencies
// or request rates): what a capacity (the largest load within the SLOs),
// a saturation and a speculative break-even (the load from which
// speculative decoding no longer pays) are read along. On an
// input-length axis every level is at one load: none of them is
// computed.
func (a Axis) SweepsLoad() bool { return a != AxisInputLength }

// Load is a level's place on the load axis: a concurrency, or a request
// rate in req/s (+Inf: requests sent as fast as possible).
type Load float64

// IsInf reports whether the load is an unbounded request rate.
func (x Load) IsInf() bool { return math.IsInf(float64(x), 1) }

// String writes the load as a plain number, "∞" when unbounded.
func (x Load) String() string {
	if x.IsInf() {
		return "∞"
	}
	return strconv.FormatFloat(float64(x), 'f', -1, 64)
}

// MarshalJSON writes an unbounded rate as "inf".
func (x Load) MarshalJSON() ([]byte, error) {
	if x.IsInf() {
		return []byte(`"inf"`), nil
	}
	return json.Marshal(float64(x))
}

// check refuses parameters out of their documented ranges (the same
// ranges the manifest and the flags are checked against).
func (p Params) check() error {
	for _, s := range []struct {
		name string
		v    float64
		r    ingest.Range
	}{
		{"TTFT SLO (ms)", p.SLOTTFTms, ingest.TTFTRange},
		{"TPS SLO (tok/s)", p.SLOTPS, ingest.TPSRange},
		{"think time (s)", p.ThinkS, ingest.ThinkRange},
		{"tie threshold (%)", p.TiePct, ingest.TieRange},
	} {
		if err := s.r.Check(s.v); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
	}
	if p.Percentile != P90 && p.Percentile != Mean {
		return fmt.Errorf("percentile %q: expected p90 or mean", p.Percentile)
	}
	return nil
}
