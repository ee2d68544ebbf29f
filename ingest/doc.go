// Package ingest reads benchmark results into one format-neutral shape.
//
// Each input format has its own reader; every reader produces [Config]
// values whose levels carry the source position they were read from, so
// that later stages can point back at the exact line of an input file.
// Units are normalized on read: TTFT and ITL in milliseconds, TPS in
// tokens per second, latency in seconds.
//
// # Formats
//
// Each tool's format is a [Format] value in a file of its own:
//
//	llmbenchmark.go  the llm-benchmark table: -table.csv, its zip, an unzipped export folder
//	vllm.go          vllm bench serve JSON and JSON lines, bench sweep summary.json, --save-detailed arrays
//	vllmtable.go     vLLM's nightly-benchmark summary table
//	sglang.go        sglang.bench_serving JSON lines
//	inferencex.go    InferenceX (benchmark_serving in seconds)
//	vllmsweep.go     a vllm bench sweep's experiment-wide summary.csv
//	llmperf.go       LLMPerf *_summary.json
//	llmperfresponses.go  LLMPerf *_individual_responses.json (per request)
//	aiperf.go        AIPerf JSON, CSV and per-request records; its load detection
//	genaiperf.go     GenAI-Perf CSV
//	genaiperfjson.go GenAI-Perf profile_export_genai_perf.json
//	guidellm.go      guidellm benchmarks.json
//	guidellmcsv.go   guidellm benchmarks.csv (v0.3 and v0.4+ headers)
//	requests.go      the per-request CSV
//
// format.go lists them in formats, in detection order, and reads one
// file by its format (Detect, readResultFile); side.go names the files
// tools write beside their results, which are never read as results.
// The rest is shared: folder.go decides what a folder is (Discover:
// report, configuration, folder of reports) and finds a report's
// configurations and a configuration's runs, json.go and
// table.go parse JSON and CSV with positions (each stopping at its cap
// of runs or rows), number.go judges every number, check.go is the one
// check of every configuration before the analysis (checkConfig: a
// level at least, times above a floor, latency after TTFT, TPS in step
// with TPOT), levels.go orders levels, merges repeated runs, derives what
// is exact to derive and finds loads in names, stats.go
// and samples.go summarize per-request data, pos.go and warning.go are
// the errors and warnings, manifest.go reads report.toml.
//
// Adding a tool takes one file defining its Format (name, display name,
// extensions, sniffer, reader, and the next listed number) and one line
// in formats, at the place its sniffer must be tried; then a fixture row
// in TestFixtures and a row in the README's table of formats. Its side
// files, if any, are one line each in side.go.
package ingest
