package analyze

import (
	"cmp"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/openzeka/reportgen/ingest"
)

// Options control Build. A nil override leaves the manifest's value (or
// the default) in place; a set one wins, zero included: flags override
// the manifest, the manifest overrides the defaults.
type Options struct {
	SLOTTFTms  *float64
	SLOTPS     *float64
	ThinkS     *float64
	TiePct     *float64
	Percentile Percentile
	// Interactivity is the target per-user tok/s at which each config's
	// throughput per GPU is read (nil: the TPS SLO, when above 0).
	Interactivity *float64
	// Now dates a report whose manifest gives no date.
	Now time.Time
}

// Build analyzes one report folder's results.
func Build(c *ingest.Campaign, opt Options) (*Report, error) {
	r := &Report{SchemaVersion: SchemaVersion, Name: c.Name, Params: DefaultParams()}
	m := c.Manifest
	r.Meta = meta(m, opt.Now)
	if m != nil {
		r.Params.OutputTokens = deref(m.Benchmark.OutputTokens)
		r.Params.InputTokens = deref(m.Benchmark.InputTokens)
		setIf(&r.Params.SLOTTFTms, m.SLO.TTFTms)
		setIf(&r.Params.SLOTPS, m.SLO.TPS)
		setIf(&r.Params.ThinkS, m.ThinkS)
		setIf(&r.Params.TiePct, m.TiePct)
		if m.SLO.Percentile != "" {
			r.Params.Percentile = Percentile(m.SLO.Percentile)
		}
		if m.Cost.PricePerGPUHour != nil {
			r.Params.PricePerGPUHour, r.Params.Currency = *m.Cost.PricePerGPUHour, m.Cost.Currency
		}
	}
	setIf(&r.Params.SLOTTFTms, opt.SLOTTFTms)
	setIf(&r.Params.SLOTPS, opt.SLOTPS)
	setIf(&r.Params.ThinkS, opt.ThinkS)
	setIf(&r.Params.TiePct, opt.TiePct)
	if opt.Percentile != "" {
		r.Params.Percentile = opt.Percentile
	}
	if err := r.Params.check(); err != nil {
		return nil, err
	}
	target, targetSource := nanValue, ""
	if opt.Interactivity != nil {
		if err := ingest.InteractivityRange.Check(*opt.Interactivity); err != nil {
			return nil, fmt.Errorf("target interactivity (tok/s per user): %w", err)
		}
		target, targetSource = *opt.Interactivity, TargetFlag
	}

	metas := map[string]ingest.ConfigMeta{}
	if m != nil {
		for _, cm := range m.Configs {
			metas[cm.ID] = cm
		}
	}
	var err error
	if r.Axis, err = loadAxis(c.Configs, c.Dir); err != nil {
		return nil, err
	}
	levels := map[Load]bool{}
	for _, in := range c.Configs {
		cfg, err := newConfig(in, metas[in.ID], r.Params, c.Dir, r.Axis)
		if err != nil {
			return nil, err
		}
		sampleSizes(&cfg, r.Meta.Rounds)
		for _, l := range cfg.Levels {
			levels[l.Load] = true
		}
		r.Configs = append(r.Configs, cfg)
	}
	for l := range levels {
		r.Levels = append(r.Levels, l)
	}
	slices.Sort(r.Levels)
	if err := distinctNames(r.Configs); err != nil {
		return nil, err
	}
	r.Warnings = inputWarnings(c.Dir, c.Warnings)
	r.Warnings = append(r.Warnings, unknownUsers(r)...)
	r.Warnings = append(r.Warnings, derivedValues(r)...)
	r.Warnings = append(r.Warnings, assignGPUs(r.Configs, m, c.Dir)...)
	assignEnergy(r.Configs, r.Params, c.Dir)
	// Every comparison, capacity and finding uses the levels that
	// carried their load; the others are flagged and shown, marked.
	an := r.reached()
	if x, ok := operatingPoint(an.Configs, r.Params.Percentile); ok {
		r.OperatingPoint = &x
	}
	r.Overload = overloadLevels(an.Configs, r.Params.Percentile)
	r.Speedups = speedups(an.Configs, r.Params, r.Axis)
	r.Anomalies = append(append(loadNotReached(r), requestErrors(r)...), anomalies(an)...)
	an.Anomalies = r.Anomalies
	an.Speedups = r.Speedups
	r.Findings = findings(an)
	r.Scenarios = scenarios(an)
	markEstimated(an, r.Findings, r.Scenarios)
	r.Scorecard = scorecard(an.Configs, r.Params)
	if !r.Axis.SweepsLoad() {
		// A frontier is a trade-off between loads, as are a throughput
		// at a target interactivity and a cost at capacity: an axis of
		// input lengths at one load has none.
		r.Pareto = pareto(nil, nanValue, "")
		return r, nil
	}
	if targetSource == "" && r.Params.SLOTPS > 0 {
		// One every config reaches within the SLOs where one exists.
		target, targetSource, _ = defaultTarget(pareto(an.Configs, nanValue, ""), an.Configs, r.Params.Percentile, r.Params.SLOTPS)
	}
	r.Pareto = pareto(an.Configs, target, targetSource)
	for i := range r.Configs {
		cfg := &r.Configs[i]
		if Known(target) {
			cfg.AtInteractivity = atTarget(r.Pareto.Curve(cfg.ID), cfg.Capacity.Get(r.Params.Percentile), cfg.GPUs, target)
		}
		if r.Params.PricePerGPUHour > 0 {
			cfg.Cost = costOf(*cfg, r.Params.PricePerGPUHour, r.Params.Percentile, cfg.AtInteractivity)
		}
	}
	setEfficiency(r)
	return r, nil
}

// setIf sets *dst to *v when v is set, whatever its value.
func setIf(dst *float64, v *float64) {
	if v != nil {
		*dst = *v
	}
}

func deref(n *int) int {
	if n == nil {
		return 0
	}
	return *n
}

func meta(m *ingest.Manifest, now time.Time) Meta {
	md := Meta{Date: time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)}
	if m == nil {
		return md
	}
	md.HasManifest = true
	if m.Date != "" {
		if d, err := ingest.ParseDate(m.Date); err == nil {
			md.Date = d
		}
	}
	md.Title = Text(m.Title)
	md.Subtitle = Text(m.Subtitle)
	md.PreparedBy = Text(m.PreparedBy)
	md.Customer = Text(m.Customer)
	md.Reference = Text(m.Reference)
	md.Version = Text(m.Version)
	md.Company = Text(m.Company)
	md.Confidentiality = Text(m.Confidentiality)
	md.Logo = m.Logo
	md.Model = Text(m.Model.Name)
	md.Vendor = Text(m.Model.Vendor)
	md.ModelAbout = Text(m.Model.About)
	md.ModelCard = facts(m.Model.Card)
	md.Platform = Text(m.Hardware.Platform)
	md.Hardware = facts(m.Hardware.Facts)
	md.Tool = Text(m.Benchmark.Tool)
	md.ToolAbout = Text(m.Benchmark.About)
	md.Rounds = deref(m.Benchmark.Rounds)
	md.Warmup = m.Benchmark.Warmup
	md.SLOBasis = Text(m.SLO.Basis)
	md.SLOBasisTPS = Text(m.SLO.BasisTPS)
	if len(m.Notes) > 0 {
		md.Notes = map[string]Text{}
		for k, v := range m.Notes {
			md.Notes[k] = Text(v)
		}
	}
	return md
}

func facts(in []ingest.Fact) []Fact {
	out := make([]Fact, len(in))
	for i, f := range in {
		out[i] = Fact{Key: Text(f.Key), Value: Text(f.Value)}
	}
	return out
}

// relSource names a source as seen from the folder that holds the
// report folder dir: "kimi-k3-b300/vllm-direct.csv:2". The report and
// analysis.json then read the same on every machine, whatever path the
// build was given. A source outside dir stays as it is.
func relSource(dir, src string) string {
	if dir == "" || src == "" {
		return src
	}
	absDir, err1 := filepath.Abs(dir)
	absSrc, err2 := filepath.Abs(src)
	if err1 != nil || err2 != nil {
		return src
	}
	rel, err := filepath.Rel(filepath.Dir(absDir), absSrc)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return src
	}
	return filepath.ToSlash(rel)
}

// loadAxis is the input-length axis when every config is an
// input-length sweep (every run placed at its input length), the rate
// axis when every run of every config was driven by request rate, else
// the concurrency axis: rate runs among concurrency runs are placed at
// their effective concurrency, which is the one load both kinds share.
// An input-length sweep beside a sweep over load has no axis in common
// with it: refused, naming one config of each (their sources relative
// to the folder that holds dir).
func loadAxis(cfgs []ingest.Config, dir string) (Axis, error) {
	n, inputs, rates := 0, 0, 0
	var sweep, other *ingest.Config
	for i, c := range cfgs {
		for _, l := range c.Levels {
			n++
			switch {
			case l.InputLength > 0:
				inputs++
				sweep = &cfgs[i]
			case l.RateDriven():
				rates++
				other = &cfgs[i]
			default:
				other = &cfgs[i]
			}
		}
	}
	switch {
	case n == 0:
		return AxisConcurrency, nil
	case inputs == n:
		return AxisInputLength, nil
	case inputs > 0:
		return "", fmt.Errorf("%s is a sweep over input length at one load and %s a sweep over load: one report has one axis; build them as two reports",
			relSource(dir, sweep.Source), relSource(dir, other.Source))
	case rates == n:
		return AxisRate, nil
	}
	return AxisConcurrency, nil
}

// levelLoad places a level on the axis: a run of an input-length sweep
// at its input length on an input-length axis; a concurrency run at its
// concurrency; a rate run at its rate on a rate axis, else at its
// effective concurrency rounded (at least 1).
func levelLoad(l ingest.Level, axis Axis) Load {
	switch {
	case axis == AxisInputLength:
		return Load(l.InputLength)
	case !l.RateDriven():
		return Load(l.Concurrency)
	case axis == AxisRate:
		return Load(l.Rate)
	}
	return Load(max(1, math.Round(l.EffectiveConcurrency())))
}

// newConfig derives a config's levels and capacity from what was read.
func newConfig(in ingest.Config, cm ingest.ConfigMeta, p Params, dir string, axis Axis) (Config, error) {
	cfg := Config{
		ID:          in.ID,
		Name:        Text(cm.Name),
		Engine:      Text(cm.Engine),
		Method:      Text(cm.Method),
		DraftModel:  Text(cm.DraftModel),
		DraftSource: Text(cm.DraftSource),
		Command:     trimText(Text(cm.Command)),
		Notes:       Text(cm.Notes),
		Source:      relSource(dir, in.Source),
		Format:      in.Format,
		Tool:        in.Tool,
		Definitions: Definitions(in.Definitions),
	}
	if len(cfg.Name) == 0 {
		cfg.Name = Text{"": in.ID}
	}
	cfg.statedGPUs = statedGPUs(in.Levels)
	cfg.Flags = ParseCommand(cfg.Command.Key())
	cfg.Caps = Caps(cfg.Flags)
	if len(cfg.Engine) == 0 {
		cfg.Engine = Text{"": cmp.Or(statedEngine(in.Levels), InferEngine(in.ID))}
	}
	switch cm.Mode {
	case "direct":
	case "speculative":
		cfg.Speculative = true
	default:
		cfg.Speculative = InferSpeculative(in.ID)
	}
	for _, l := range in.Levels {
		lv := Level{
			Load:        levelLoad(l, axis),
			Concurrency: l.EffectiveConcurrency(),
			Rate:        l.Rate,
			TTFT:        Stat(l.TTFT),
			ITL:         Stat(l.ITL),
			TPS:         Stat(l.TPS),
			Latency:     Stat(l.Latency),
			RPSReported: l.RPS,
			SystemRPS:   l.SystemRPS,
			Requests:    l.Requests,
			Errors:      l.Errors,
			Source:      relSource(dir, l.Pos.String()),
		}
		// What the tool measured for the whole system wins; otherwise
		// (absent, or no throughput at all) derive it by Little's law.
		if !(lv.SystemRPS > 0) {
			lv.SystemRPS = Ratio(lv.Concurrency, l.Latency.Mean)
		}
		// The output delivered: throughput × output tokens where the
		// length is known, else the tool's own, else TPS × c (named).
		lv.AggregateReported, lv.OutputTokens = nanValue, nanValue
		if l.OutputTPS > 0 && Known(l.OutputTPS) {
			lv.AggregateReported = l.OutputTPS
		}
		if l.OutputTokens > 0 && Known(l.OutputTokens) {
			lv.OutputTokens = l.OutputTokens
		}
		lv.AggregateTPS, lv.AggregateSource = aggregateOf(lv, lv.OutputTokens, float64(p.OutputTokens), lv.AggregateReported)
		lv.LoadReached = loadReached(l)
		lv.ConcurrencyMeasured = l.MeasuredConcurrency
		lv.LatencyDerived, lv.LatencyMethod = l.LatencyMethod != "", string(l.LatencyMethod)
		if len(l.Repeats) > 1 {
			lv.Runs, lv.Spread = len(l.Repeats), spreadOf(l.Repeats)
		}
		lv.StdDev = stdDevs(l.Dev)
		lv.InFlight = l.SystemRPS * l.Latency.Mean
		lv.Goodput = goodput(l.Samples, max(l.Errors, 0), p)
		lv.Samples = l.Samples
		lv.energyIn = energyInputOf(l)
		lv.SLO.P90 = verdict(lv, P90, p)
		lv.SLO.Mean = verdict(lv, Mean, p)
		cfg.Levels = append(cfg.Levels, lv)
	}
	// Rate runs placed at their effective concurrency may change order
	// or meet a concurrency run's level.
	slices.SortStableFunc(cfg.Levels, func(a, b Level) int { return cmp.Compare(a.Load, b.Load) })
	for i := 1; i < len(cfg.Levels); i++ {
		if a, b := cfg.Levels[i-1], cfg.Levels[i]; a.Load == b.Load {
			return Config{}, fmt.Errorf("%s: this run and the one at %s both land at %s (a run driven by request rate is placed at its effective concurrency); keep one of them or split the sweep",
				b.Source, a.Source, axis.Label(b.Load))
		}
	}
	var err error
	if cfg.Capacity.P90, err = capacity(cfg.Levels, P90, p.ThinkS, axis); err != nil {
		return Config{}, err
	}
	if cfg.Capacity.Mean, err = capacity(cfg.Levels, Mean, p.ThinkS, axis); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// Reach is how much of its configured load a level must carry to count:
// half its concurrency in flight, half its offered rate delivered.
const Reach = 0.5

// loadReached tells whether a run carried the load it is plotted at. A
// concurrency run is not reached when the tool's measured request
// throughput × mean latency (Little's law) puts fewer than Reach × c
// requests in flight, or when fewer requests were sent than its
// concurrency (they never were all in flight at once). A rate run is not
// reached when it delivered less than Reach × its finite offered rate.
// Without the numbers to tell, a level counts as reached.
func loadReached(l ingest.Level) bool {
	if l.RateDriven() {
		return math.IsInf(l.Rate, 1) || !(l.SystemRPS >= 0) || l.SystemRPS >= Reach*l.Rate
	}
	if l.Requests >= 0 && l.Requests+max(l.Errors, 0) < l.Concurrency {
		return false
	}
	eff := l.SystemRPS * l.Latency.Mean
	return !Known(eff) || eff >= Reach*float64(l.Concurrency)
}

// verdict checks a level against the SLOs at statistic pct: TTFT at most
// the threshold, TPS at least the threshold.
func verdict(l Level, pct Percentile, p Params) SLOVerdict {
	ttft, ttftStat := l.TTFT.SLOValue(pct, true)
	tps, tpsStat := l.TPS.SLOValue(pct, false)
	return SLOVerdict{TTFT: ttft <= p.SLOTTFTms, TPS: tps >= p.SLOTPS, TTFTStat: ttftStat, TPSStat: tpsStat}
}

// stdDevs are a level's known standard deviations by metric; nil when
// none is known.
func stdDevs(d ingest.Deviations) map[MetricID]Deviation {
	var out map[MetricID]Deviation
	for _, m := range []struct {
		id MetricID
		d  ingest.Deviation
	}{{TTFT, d.TTFT}, {ITL, d.ITL}, {TPS, d.TPS}, {Latency, d.Latency}} {
		if m.d.Known() {
			if out == nil {
				out = map[MetricID]Deviation{}
			}
			out[m.id] = Deviation{SD: m.d.SD, N: m.d.N}
		}
	}
	return out
}

// goodput is the share of requests whose own TTFT and TPS meet the SLOs;
// a failed request met neither.
func goodput(s *ingest.Samples, failed int, p Params) float64 {
	if s == nil || len(s.TTFT)+failed == 0 {
		return nanValue
	}
	good := 0
	for i, ttft := range s.TTFT {
		if float64(ttft) <= p.SLOTTFTms && float64(s.TPS[i]) >= p.SLOTPS {
			good++
		}
	}
	return float64(good) / float64(len(s.TTFT)+failed)
}

// capacity finds the highest level at which that level and every lower
// one pass both SLOs (highestPassing), and the users it serves by
// Little's law. Without a mean latency the median stands in (named);
// without either, a think time leaves the users unknown. Users past
// MaxUsers are an error naming the level. An axis whose levels are no
// loads (an input-length sweep at one load) has no capacity: Max 0,
// users unknown.
func capacity(levels []Level, pct Percentile, think float64, axis Axis) (Capacity, error) {
	if !axis.SweepsLoad() {
		return Capacity{LatencyMeanS: nanValue, ThroughputRPS: nanValue, Users: UsersUnknown}, nil
	}
	c, at := highestPassing(levels, pct)
	if u := usersOf(c.Concurrency, think, c.LatencyMeanS); u > MaxUsers {
		return Capacity{}, fmt.Errorf("%s: %s capacity at %s: users = C × (1 + think / L_mean) = %.6g × (1 + %g s / %.6g s) = %.3g; expected at most %d: a mean latency of %.6g s is too short for a request",
			at.Source, pct, axis.Label(c.Max), c.Concurrency, think, c.LatencyMeanS, u, MaxUsers, c.LatencyMeanS)
	}
	c.Users = LittleUsers(c.Concurrency, think, c.LatencyMeanS)
	if c.Max > 0 && think > 0 && !(c.LatencyMeanS > 0) {
		c.Users = UsersUnknown
	}
	return c, nil
}

// highestPassing is the capacity without its users: the highest level
// at which that level and every lower one pass both SLOs at pct, and
// that level. A pass above a failure is not counted (it is flagged as
// an anomaly); levels whose load was not reached are skipped. When the
// highest level tested passes, the capacity is a lower bound.
func highestPassing(levels []Level, pct Percentile) (Capacity, Level) {
	c := Capacity{LatencyMeanS: nanValue, ThroughputRPS: nanValue}
	var reached []Level
	for _, l := range levels {
		if l.LoadReached {
			reached = append(reached, l)
		}
	}
	var at Level
	for i, l := range reached {
		if !l.SLO.Get(pct).Pass() {
			break
		}
		c.Max = l.Load
		c.LowerBound = i == len(reached)-1
		c.Concurrency = l.Concurrency
		c.ThroughputRPS = l.SystemRPS
		c.LatencyMeanS, c.LatencyStat, c.LatencyMethod = l.Latency.Mean, "", l.LatencyMethod
		if !Known(c.LatencyMeanS) && Known(l.Latency.P50) {
			c.LatencyMeanS, c.LatencyStat, c.LatencyMethod = l.Latency.P50, "p50", ""
		}
		at = l
	}
	return c, at
}

// statedEngine is the serving engine the levels all state
// (ingest.Level.Engine: trtllm-bench's "TensorRT-LLM 1.0.0"); "" when
// one states none or two differ.
func statedEngine(levels []ingest.Level) string {
	if len(levels) == 0 {
		return ""
	}
	for _, l := range levels[1:] {
		if l.Engine != levels[0].Engine {
			return ""
		}
	}
	return levels[0].Engine
}

// statedGPUs is the GPU count the levels all state
// (ingest.Level.GPUs); 0 when one states none or two differ.
func statedGPUs(levels []ingest.Level) int {
	for _, l := range levels {
		if l.GPUs != levels[0].GPUs {
			return 0
		}
	}
	if len(levels) == 0 {
		return 0
	}
	return levels[0].GPUs
}

// engineNames maps the first token of a config id to an engine's name.
var engineNames = map[string]string{
	"vllm":     "vLLM",
	"sglang":   "SGLang",
	"trtllm":   "TensorRT-LLM",
	"trt":      "TensorRT-LLM",
	"tensorrt": "TensorRT-LLM",
	"tgi":      "TGI",
	"lmdeploy": "LMDeploy",
	"llamacpp": "llama.cpp",
	"ollama":   "Ollama",
	"dynamo":   "Dynamo",
	"nim":      "NIM",
}

// InferEngine names the engine of a config from the first '-'-separated
// token of its id: "vllm-spec" → "vLLM". Unknown tokens are kept as is.
func InferEngine(id string) string {
	tok, _, _ := strings.Cut(id, "-")
	if name, ok := engineNames[strings.ToLower(tok)]; ok {
		return name
	}
	return tok
}

// speculativeMarks are id substrings that mark speculative decoding.
var speculativeMarks = []string{"spec", "eagle", "mtp", "dspark", "medusa", "ngram"}

// InferSpeculative reports whether a config id names a speculative-
// decoding configuration.
func InferSpeculative(id string) bool {
	low := strings.ToLower(id)
	for _, m := range speculativeMarks {
		if strings.Contains(low, m) {
			return true
		}
	}
	return false
}
