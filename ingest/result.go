// Package ingest reads benchmark results into one format-neutral shape.
//
// Each input format has its own reader; every reader produces [Config]
// values whose levels carry the source position they were read from, so
// that later stages can point back at the exact line of an input file.
// Units are normalized on read: TTFT and ITL in milliseconds, TPS in
// tokens per second, latency in seconds.
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
	Warnings []error
}

// Config is one benchmarked configuration: one CSV, ZIP or export folder.
type Config struct {
	// ID is the file or folder name without extension.
	ID string
	// Source is the path the configuration was read from.
	Source string
	// Format names the reader that understood the file.
	Format string
	// Levels are sorted by ascending concurrency, without duplicates.
	Levels []Level
}

// Level is one concurrency level of a configuration.
type Level struct {
	Concurrency int
	TTFT        Stat // milliseconds
	ITL         Stat // milliseconds; the llm-benchmark "ITL" is a TPOT
	TPS         Stat // output tokens per second per user
	Latency     Stat // seconds
	// RPS is the request rate the tool reported (NaN when absent). For the
	// llm-benchmark export this is 1 / mean latency: a per-user rate.
	RPS float64
	// Pos is where the level's row starts.
	Pos Pos
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
