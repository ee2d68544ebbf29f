// Reportgen turns LLM-serving benchmark results into customer-ready
// reports, in each language reportgen ships (Turkish and English).
//
// Usage:
//
//	reportgen build [flags] PATH...
//	reportgen compare [flags] BASELINE CANDIDATE
//	reportgen init FOLDER
//	reportgen version
//	reportgen help [COMMAND]
//
// What a PATH is, is decided by its content (the README's "Layouts" has
// a tree for each case): a folder with a report.toml is a report; a
// folder of one tool's runs, one per load level (directly or in
// per-level sub-folders: 16/, c16/, concurrency_16/, a vllm bench sweep's
// points), is a report of that one configuration; a folder of
// configurations (result files, unzipped llm-benchmark exports, folders
// of runs) is one report with one configuration each; a folder of report
// folders gives one report per folder. A configuration's id is its file
// or folder name without extension.
//
// Result files are recognized by their content: the llm-benchmark export
// (its table CSV or "Download All Results" ZIP), vLLM bench serve and
// sweep results (summary.json, summary.csv), SGLang bench_serving,
// InferenceX, LLMPerf (summary and individual responses), AIPerf (JSON,
// CSV, per-request JSONL), GenAI-Perf (CSV, JSON), guidellm (JSON, CSV),
// and per-request CSV (concurrency,ttft_ms,itl_ms,latency_s
// [,output_tokens][,error]). Files that tools write beside their results
// (GPU monitors, logs, plots, per-metric CSVs) are skipped and listed.
//
// Each report is written to OUT/NAME/, NAME being the report folder's
// name:
//
//	OUT/NAME/analysis.json          the whole analysis, language-neutral
//	OUT/NAME/<lang>/report.md       the edition in Markdown (tr and en)
//	OUT/NAME/<lang>/report.html     one self-contained HTML page
//	OUT/NAME/<lang>/report.pdf      the A4 PDF for proposals
//	OUT/NAME/<lang>/charts/         the eleven charts as PNG and SVG
//
// A report is built in a temporary folder and swapped into place only
// when it is complete: a failed or interrupted build leaves the previous
// output untouched, and the other reports of the same run still build.
// The output never touches the input: a destination that is, holds or
// lies inside an input folder is refused, and an existing destination is
// replaced only when it holds the marker file .reportgen that reportgen
// writes into every report, never because of what else it holds. Builds
// into one folder take turns (a lock, .reportgen.lock, removed when
// done; one a killed build left is stale and taken). Input scans skip
// the lock file and never read a folder holding the marker.
//
// "reportgen compare BASELINE CANDIDATE" compares two campaigns (each a
// report folder, or an analysis.json build wrote): configurations matched
// by id (or --match a=b), levels by load, every metric's statistics old
// and new with their delta, a test of significance where the data allows
// one (run-to-run spread; Mann–Whitney U on per-request samples of TTFT
// and TPS), and a verdict per configuration and overall: better, worse,
// no_change, mixed (unknown when nothing could be compared). It prints a
// summary; -o OUT writes OUT/compare.json; --threshold N (default 5, 0
// counts every difference) is the change that counts; --fail-on
// regression exits 3 when a headline statistic regressed. The package
// comment of analyze/compare states the rules.
//
// "reportgen init FOLDER" writes FOLDER/report.toml, a commented manifest
// listing every configuration found, its names escaped for TOML; on a
// folder of reports, one report.toml into each report folder instead.
// It never overwrites one.
//
// The flags of build:
//
//	-o DIR             output folder (default "out")
//	--lang LIST        languages, comma-separated: tr,en (default both)
//	--format LIST      formats, comma-separated: md,html,pdf (default all)
//	--slo-ttft-ms N    TTFT SLO threshold in ms, above 0 (default 1000)
//	--slo-tps N        per-user TPS SLO threshold in tok/s; 0 sets none (default 15)
//	--think-s N        think time for Little's law in seconds; 0 is a closed loop (default 45)
//	--percentile P     statistic of the headline capacity: p90 or mean
//	--tie-pct N        differences under N percent are ties, not wins (default 5)
//	--interactivity N  target tok/s per user, above 0, at which each config's
//	                   throughput per GPU and cost are read (default the TPS SLO)
//	--input-format F   read every result file as format F instead of detecting it
//	--strict           fail a report that has warnings or skips files that are not results
//
// Flags may come before or after the paths. Flags override the manifest
// (report.toml), which overrides the defaults. The report date is the manifest's date, else the month of
// SOURCE_DATE_EPOCH, else the current month.
//
// Exit status: 0 on success, 1 when a report failed, 2 on a usage error,
// 3 when compare --fail-on regression found one, 130 when interrupted
// (SIGINT, SIGTERM).
package main

// The files of the command:
//
//	doc.go         the manual (the package comment above)
//	main.go        main: signals, the exit status (exitCode)
//	run.go         run: the subcommands, build's flags and settings, building each report
//	compare.go     reportgen compare: its flags, reading each side, the gate
//	init.go        reportgen init: surveying the folder, writing report.toml once
//	testdata/      end-to-end cases as txtar archives (TestScripts in run_test.go)
//
// Where reports go and how one replaces the old (marker, lock, swap,
// crash recovery) is internal/outdir's; the summary compare prints is
// (*compare.Comparison).WriteText; the text of init's report.toml is
// internal/manifestgen's.
