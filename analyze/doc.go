// Package analyze turns ingested benchmark results into one Report model:
// per-level metrics with derived throughput and SLO verdicts, capacity by
// Little's law, speculative-decoding speedups with their break-even
// points, and anomaly flags. Every renderer works from this model alone;
// analysis.json is its serialization.
//
// # Files
//
//	report.go    the Report model (configs, levels, statistics, SLO verdicts, capacities) and its JSON
//	build.go     Build: an ingest.Campaign and Options to a Report; engines and speculation from ids
//	metrics.go   the metrics (MetricID, Metric): which way is better, a level's statistic of each
//	stats.go     the plain math: rounding, Little's law, crossings, ratios
//	compare.go   how conclusions are drawn: ties, outcomes, a config against its nearest rival
//	reach.go     the levels whose load was reached, which every comparison sees
//	spread.go    run-to-run spread of repeated runs (Interval) and ties within it
//	speedup.go   speculative configs against direct ones: speedups and break-even points
//	caps.go      the deployment command's flags (ParseCommand) and the limits among them (Caps)
//	anomaly.go   the anomaly checks of each level and each load step; AnomalyRules, a row per kind
//	rules.go     Rules, a row per kind of finding (scope, order, weight, values, detector);
//	             findings runs them and ranks the headline ones
//	findings.go  the Finding and its kinds
//	findings_spec.go, findings_capacity.go, findings_leaders.go, findings_slo.go,
//	findings_load.go, findings_anomaly.go
//	             the detectors by topic: speculative decoding, capacity, leaders, SLOs,
//	             growth with load and consistency, anomaly notes
//	levels.go    the levels every config measured; a config's level, a config by id
//	scenario.go  the scenario picks and the pairwise scorecard
//	energy.go    energy per level from the GPU telemetry (the GPUs that served, refusals), a
//	             config's efficiency at its capacity and the target (energy, tokens per unit of
//	             currency, the tokens that met the SLOs), and the cost_leader and energy_leader
//	             findings
//	warning.go   warnings as data: the input's, grouped, and the analysis's own
//
// analysis.schema.json describes analysis.json; a test keeps it in step
// with the code.
package analyze
