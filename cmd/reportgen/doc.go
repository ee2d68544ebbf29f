// Reportgen turns LLM-serving benchmark results into customer-ready
// reports, in each language reportgen ships (Turkish and English).
//
// Usage:
//
//	reportgen build [flags] PATH...   build the report of each report folder under PATH
//	reportgen compare [flags] BASELINE CANDIDATE
//	                                  compare two campaigns: deltas, significance, a verdict
//	reportgen init FOLDER             write a commented report.toml listing FOLDER's configurations
//	reportgen version                 print the version
//	reportgen help [COMMAND]          show this help or the help of a command
//
// Run "reportgen help build" or "reportgen help compare" for their flags;
// that help is the one list of the flags. TestDocSynopsis keeps the
// block above equal to the program's own help.
//
// Build reads each PATH (a report folder, a configuration folder, or a
// folder of them, told apart by their content) and writes each report to
// OUT/NAME/: analysis.json, and per language report.md, report.html,
// report.pdf and the charts. A report is built in a temporary folder and
// swapped into place only when complete; an existing destination is
// replaced only when reportgen wrote it.
//
// Exit status: 0 on success, 1 when a report failed, 2 on a usage error,
// 3 when compare --fail-on regression found one, 130 when interrupted
// (SIGINT, SIGTERM).
//
// The manual is docs/ in the repository, one page per subject (the
// README lists them); docs/usage.md and docs/compare.md hold the help of
// every command, kept equal to the program's by TestDocsHelp.
package main

// The files of the command:
//
//	doc.go         the synopsis (the package comment above); the manual is docs/
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
