package ingest

import (
	"math"
)

// Campaign is one report folder as read from disk: its manifest (if any)
// and one Config per configuration found in it.
type Campaign struct {
	// Dir is the report folder as given on the command line.
	Dir string
	// Name is the folder's base name; the report is written under it.
	Name string
	// Manifest is the parsed report.toml, or nil when the folder has none.
	Manifest *Manifest
	// Configs are in manifest order, or sorted by ID without a manifest.
	Configs []Config
	// Warnings are problems that did not stop the read (unknown columns,
	// suspicious values). Each carries its position when it has one.
	Warnings []*Warning
	// Ignored are the names Read skipped on purpose (hidden names, files
	// it does not read, folders without results, reports reportgen
	// wrote), relative to Dir, slash-separated and sorted, so that the
	// command can list them.
	Ignored []string
	// NotResults are the Ignored that were skipped for holding no result
	// data: files of a name or content reportgen does not read (a GPU
	// monitor's JSON, a log, a plot, a runner's summary.csv) and folders
	// without results. Hidden names, a run's CSV twin read from its
	// JSON, and reports reportgen wrote are not among them. --strict
	// refuses a report with any.
	NotResults []string
	// UnreadKeys are the keys of result files that their tool does not
	// write and reportgen leaves unread ("request_goodput:", misspelt by
	// benchmark_serving.py; what --metadata added), each as
	// "file[:line]: key, key" relative to Dir, sorted. An information,
	// not a warning: --strict does not refuse them.
	UnreadKeys []string
	// PowerLogs are the power logs read as telemetry (powerlog.go),
	// relative to Dir, slash-separated and sorted; not among Ignored.
	PowerLogs []string
}

// Config is one benchmarked configuration: one CSV, ZIP or export folder.
type Config struct {
	// ID is the file or folder name without extension.
	ID string
	// Source is the path the configuration was read from.
	Source string
	// Format names the reader that understood the file(s).
	Format string
	// Tool is the display name of the tool that wrote them ("vLLM bench
	// serve"): the Format's Tool.
	Tool string
	// Definitions say how the source defines ITL, TPS and RPS.
	Definitions Definitions
	// Levels are sorted by load without duplicates: runs driven by
	// request rate first, by rate, then concurrency runs by concurrency.
	Levels []Level
}

// Definitions say how a source defines the metrics that sources name
// alike but measure differently.
type Definitions struct {
	// ITL: "tpot" — per request, (last token − first token) / (output
	// tokens − 1), which the llm-benchmark export calls ITL; or "chunk"
	// — the gap between streamed chunks.
	ITL string `json:"itl"`
	// TPS (per user): "request" — output tokens / whole request time,
	// TTFT included; or "decode" — 1000 / TPOT, TTFT excluded.
	TPS string `json:"tps"`
	// RPS: "per_user" — the llm-benchmark's 1 / mean latency; or
	// "system" — requests completed per second by the whole system.
	RPS string `json:"rps"`
}

// Level is one load level of a configuration.
type Level struct {
	// Concurrency is the configured requests in flight; 0 for a run
	// driven by request rate (Rate).
	Concurrency int
	TTFT        Stat // milliseconds
	ITL         Stat // milliseconds; the llm-benchmark "ITL" is a TPOT
	TPS         Stat // output tokens per second per user
	Latency     Stat // seconds
	// RPS is the per-user request rate the llm-benchmark export reports
	// (1 / mean latency); NaN for other sources.
	RPS float64
	// SystemRPS and OutputTPS are the system's request and output-token
	// throughput when the tool reported them (NaN otherwise).
	SystemRPS, OutputTPS float64
	// Rate is the offered request rate (req/s, +Inf for "as fast as
	// possible") of a run driven by rate; 0 for a concurrency-driven run.
	Rate float64
	// Requests and Errors count the run's completed and failed requests
	// when the tool reported them (-1 when unknown).
	Requests, Errors int
	// OutputTokens is the mean output length per request (NaN when
	// unknown).
	OutputTokens float64
	// Model and InputTokens describe the workload where the file says:
	// the model the run served ("" when unknown) and the mean input
	// length per request (NaN when unknown). Runs of one configuration
	// must agree on them, and on OutputTokens.
	Model       string
	InputTokens float64
	// MeasuredConcurrency is the mean concurrency the tool measured,
	// set when Concurrency is that value rounded because the run stated
	// none (a guidellm throughput run, a trtllm-bench run); 0 otherwise.
	// A reader may leave Concurrency 0 beside it: fillLoads then takes
	// a load the run's name or folder states, else this value rounded.
	MeasuredConcurrency float64
	// InputLength places a run of an input-length sweep: the input
	// length (tokens per request, its mean rounded) of a run whose
	// configuration's runs share one load and differ in input length
	// (placeInputs); 0 for a run placed by its load.
	InputLength int
	// Engine names the serving engine the run states, with its version
	// ("TensorRT-LLM 1.0.0"); "" when the tool measures any server.
	// GPUs is the GPU count the run states it used (trtllm-bench's
	// world size); 0 when it states none.
	Engine string
	GPUs   int

	// LatencyMethod says how Latency.Mean was derived where the file
	// does not state it ("" where it does, or the requests give it):
	// exactly, for a fixed output length (LatencyFixedLength,
	// deriveLatency), or estimated from the mean output length
	// (LatencyMeanLength, estimateLatency). Only the mean is derived,
	// never a percentile.
	LatencyMethod LatencyMethod

	// Workload names the workload the run states (a serving benchmark's
	// dataset and requested lengths), "" when it states none. The runs
	// of one configuration share it; runs of different workloads are
	// never repeats of each other.
	Workload string
	// Settings are the serving settings the run records that tell
	// deployments apart (a serving benchmark's backend and endpoint
	// type), by key; nil when it records none. Runs whose settings
	// differ are never repeats of each other (groupRuns).
	Settings map[string]string

	// Dev are each metric's standard deviation and count where the
	// source states them beside the mean, or its requests give them:
	// what lets a comparison test a difference of means (Welch's t)
	// without the requests. The zero value is unknown.
	Dev Deviations

	// Repeats are the runs of a level measured more than once (at least
	// two, each as read); the level's own values are their means. Nil
	// for a level measured once.
	Repeats []Level
	// Samples are the per-request values, when the source was
	// per-request data (nil otherwise).
	Samples *Samples
	// Window is the run's time as its file states it (unknown when it
	// does not): what a power log beside it is matched by. Telemetry is
	// the power its GPUs drew, from the file or a power log (nil
	// without). A level of several runs has neither: its Repeats do.
	Window    Window
	Telemetry *Telemetry
	// Pos is where the level's row starts.
	Pos Pos
}

// RateDriven reports whether the run was driven by a request rate rather
// than a fixed concurrency.
func (l Level) RateDriven() bool { return l.Concurrency == 0 && l.Rate > 0 }

// EffectiveConcurrency is the requests in flight by Little's law: system
// request throughput × mean latency (NaN when either is unknown). For a
// concurrency run it is the configured concurrency.
func (l Level) EffectiveConcurrency() float64 {
	if l.Concurrency > 0 {
		return float64(l.Concurrency)
	}
	return l.SystemRPS * l.Latency.Mean
}

// newLevel is a level at concurrency c with nothing measured yet.
func newLevel(c int, pos Pos) Level {
	return Level{Concurrency: c, TTFT: NoStat(), ITL: NoStat(), TPS: NoStat(), Latency: NoStat(),
		RPS: Absent, SystemRPS: Absent, OutputTPS: Absent, Requests: -1, Errors: -1, OutputTokens: Absent, InputTokens: Absent, Pos: pos}
}

// Stat holds the summary statistics a source gave for one metric at one
// level. A statistic the source did not report is NaN. P10 matters for
// rates (TPS), where it is the slow tail.
type Stat struct {
	Mean, P10, P50, P90, P99 float64
}

// NoStat is a Stat with every statistic absent.
func NoStat() Stat { return Stat{Absent, Absent, Absent, Absent, Absent} }

// Absent is the value of a statistic that a source did not report.
var Absent = math.NaN()

// LatencyMethod names how a mean request latency the file does not
// state was derived from what it does state.
type LatencyMethod string

// The ways a mean latency is derived, from the exact to the estimated.
const (
	// LatencyFixedLength is mean TTFT + mean TPOT × (n − 1) for a
	// benchmark whose every request generated its fixed output length
	// n: exact.
	LatencyFixedLength LatencyMethod = "fixed_output_length"
	// LatencyMeanLength is mean TTFT + mean TPOT × (n̄ − 1) with n̄ the
	// run's mean output length (total output tokens / completed
	// requests): an estimate, exact only when the requests' TPOT does
	// not vary with their length (README: measured error).
	LatencyMeanLength LatencyMethod = "mean_output_length"
)

// weaker is the less exact of two methods: a level whose runs were
// derived differently is as exact as its least exact run.
func (m LatencyMethod) weaker(o LatencyMethod) LatencyMethod {
	rank := map[LatencyMethod]int{"": 0, LatencyFixedLength: 1, LatencyMeanLength: 2}
	if rank[o] > rank[m] {
		return o
	}
	return m
}

// Deviations are the standard deviations of a level's distributions
// (Level.Dev).
type Deviations struct {
	TTFT, ITL, TPS, Latency Deviation
}

// Deviation is one distribution's standard deviation (the sample's,
// n − 1 in the denominator, in the unit of its Stat) and the count of
// values it is over. N is 0 when unknown.
type Deviation struct {
	SD float64
	N  int
}

// Known reports whether the deviation can be used: at least two values
// and a standard deviation that is a number ≥ 0.
func (d Deviation) Known() bool { return d.N >= 2 && d.SD >= 0 && !math.IsInf(d.SD, 0) }

// populationDeviation is a standard deviation a tool wrote as the population's
// (numpy's np.std, n in the denominator) over n values, as the sample's
// (n − 1): σ·√(n / (n − 1)). Unknown (zero) when either is absent or n <
// 2.
func populationDeviation(sd, n float64) Deviation {
	if !(sd >= 0) || math.IsInf(sd, 0) || !(n >= 2) || math.IsInf(n, 0) {
		return Deviation{}
	}
	return Deviation{SD: sd * math.Sqrt(n/(n-1)), N: int(n)}
}

// sampleDeviation is a standard deviation a tool wrote as the sample's
// (pandas' Series.std(), n − 1 in the denominator) over n values.
func sampleDeviation(sd, n float64) Deviation {
	if !(sd >= 0) || math.IsInf(sd, 0) || !(n >= 2) || math.IsInf(n, 0) {
		return Deviation{}
	}
	return Deviation{SD: sd, N: int(n)}
}
