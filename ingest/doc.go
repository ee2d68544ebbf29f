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
//	vllm.go          vllm bench serve JSON and JSON lines, bench sweep summary.json
//	vllmdetailed.go  vLLM's per-request arrays (--save-detailed), checked against its summary
//	vllmnotes.go     what a serving run says beyond its numbers: no client cap, cut short, keys not read
//	vllmtable.go     vLLM's nightly-benchmark summary table
//	sglang.go        sglang.bench_serving JSON lines
//	inferencex.go    InferenceX (benchmark_serving in seconds)
//	vllmsweep.go     a vllm bench sweep: its experiment-wide summary.csv, and its folder layout (points, server settings)
//	llmperf.go       LLMPerf *_summary.json
//	llmperfresponses.go  LLMPerf *_individual_responses.json (per request)
//	aiperf.go        AIPerf JSON, CSV and per-request records; its load detection
//	genaiperf.go     GenAI-Perf CSV
//	genaiperfjson.go GenAI-Perf profile_export_genai_perf.json
//	guidellm.go      guidellm benchmarks.json
//	guidellmcsv.go   guidellm benchmarks.csv (v0.3 and v0.4+ headers)
//	requests.go      the per-request CSV
//	trtllm.go        trtllm-bench --report_json (throughput and latency modes)
//
// Beside the results: telemetry.go reads the GPU telemetry a result
// file carries (AIPerf's telemetry_data, GenAI-Perf's telemetry_stats)
// and a run's time window; powerlog.go reads an nvidia-smi power log,
// and dcgm.go a DCGM export (a Prometheus range query's answer over
// dcgm-exporter's metrics), which the folder walk finds among the files
// that hold no result, into one shape; powerover.go measures it over a
// run's window (power samples integrated, or an energy counter's
// delta); telemetrylog.go gives each run the power of the log that
// covers it, and warns of a log that covers none.
//
// format.go lists them in formats, in detection order, and reads one
// file by its format (readResultFile); detect.go tells a file's format
// from its content (Detect) and, for a file no format reads, what it
// looks like; side.go names the files tools write beside their results,
// which are never read as results, and the files that hold one run
// twice (SideOf, FillFromSide).
//
// # Folders
//
// Reading folders is four jobs, a file each, the repeat rule, and the tools' own layouts:
//
//	discover.go   what a path is (Discover): a report, one configuration's runs, a folder of reports
//	sources.go    which files and folders of a report folder are its configurations (findSources)
//	records.go    a JSON-lines file of serving runs of several configurations: its parts, each read alone
//	campaign.go   reading a report folder (Read): its manifest, its configurations in the manifest's order, no file in two
//	runfolder.go  reading one configuration's run tree: the walk, loads from folder names
//	runfile.go    which run files belong together: one tool, one workload, one definition of each metric
//	repeats.go    the repeat rule's names: run tokens (run2, trial_0001, a timestamp) and load tokens, what a name says it is
//	runparts.go   which configurations a folder's run files are: one per model, workload and recorded setting, and,
//	              where files at one load differ by more than a run token, one per name, named by what differs
//	modelname.go  a folder named for another model than its files state: named by the files' model, with a warning
//	guard.go      the path guards: symlinks followed but never upward, hard links read once, reports reportgen wrote refused
//	inputsweep.go runs of a tool that sweeps input length at one load (Format.InputSweeps): an
//	              input-length sweep, a sweep over load, or two sweeps in one folder (refused)
//	layout.go     a tool's layout of runs (points in sub-folders, parts that are configurations of their own), which
//	              the walk asks as Detect asks a format; the one layout is a vllm bench sweep's, in vllmsweep.go
//
// file.go reads one input file (a regular file within MaxFileSize) and
// survey.go lists a folder's configurations for reportgen init.
//
// # Shared
//
// json.go and table.go parse JSON and CSV with positions (each stopping
// at its cap of runs or rows), and jsonobj.go is how a reader looks into
// a decoded JSON document (obj, jreader, fromJSON); number.go judges
// every number against its Limit (limit.go: the same check for a value
// read back from analysis.json); check.go is the one check of every configuration before
// the analysis (checkConfig: a level at least, times above a floor,
// latency after TTFT, TPS in step with TPOT); levels.go orders levels,
// merges repeated runs, derives what is exact to derive (and estimates
// a mean latency a vLLM run lacks, estimateLatency) and finds loads
// in names; stats.go and samples.go summarize per-request data; result.go
// is the model ([Campaign], [Config], [Level]); pos.go and warning.go are
// the errors and warnings; manifest.go and tomlpos.go read report.toml,
// settings.go holds the ranges of its settings.
//
// # Adding a format
//
// A new tool's format touches these files, and no folder code:
//
//   - ingest/<tool>.go (new): a Format… const and the Format (name,
//     display name, extensions, sniffer, reader, and the next listed
//     number). A tool that lays its runs out in a folder layout of its
//     own defines that layout there too and adds it to layouts in
//     layout.go (vllmsweep.go is the example);
//   - ingest/format.go: one line in formats, at the place its sniffer
//     must be tried, and, for a new tool, its name in toolsRead;
//   - ingest/side.go, if the tool writes files beside its results: one
//     line each in sideFiles, and a pair in sidePairs for a file that
//     holds a run the primary file holds too;
//   - analyze/analysis.schema.json: the format's name in the config's
//     format enum (TestAnalysisJSONMatchesSchema checks it against
//     FormatNames);
//   - docs/usage.md and docs/compare.md: the name in the help blocks
//     that list the --input-format values (TestDocsHelp checks them, and
//     -update rewrites them); docs/inputs.md: a row in the table of
//     formats (TestFormatsDocumented checks it);
//   - ingest/doc.go: the file in the list above;
//   - tests: a real file of the tool in ../shared/fixtures (named in its
//     SOURCES.md), a row in TestFixtures and one in TestSniffStripped.
package ingest
