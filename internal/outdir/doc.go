// Package outdir is reportgen's output-folder protocol: where a report
// (or a comparison) may be written, how it replaces an earlier one, and
// how reportgen knows its own folders again. build, compare and init
// use it to write; ingest uses it to skip what reportgen wrote.
//
// # Never destroy data
//
// The one policy behind every rule here: reportgen never deletes or
// rewrites anything it did not write itself.
//
//   - A destination may not be, lie inside or hold an input folder (Plan,
//     PlanFolder): such a choice of -o is refused before anything is
//     read, as an *ArgError.
//   - Every folder reportgen writes holds the marker file Marker
//     ("reportgen VERSION"). An existing destination is replaced only
//     when it holds the marker and nothing but files reportgen writes
//     into a report, or when it is empty (Check). A folder without the
//     marker is never replaced, whatever it holds; a file a user added
//     to a marked report keeps the whole report. The refusal names what
//     is in the way.
//   - Input scans (ingest) never enter a folder that holds the marker
//     (Marked), and skip reportgen's bookkeeping files, unlisted
//     (OwnFile).
//
// # Replacing a report
//
// Writer.Write writes a report folder OUT/NAME under the lock Lock of
// OUT, so that builds writing into one folder take turns (an flock on
// Unix, which the kernel drops when its holder dies; elsewhere a file
// created exclusively, holding its process id). The lock file is
// removed when the write is done; one a killed build left is stale and
// taken as if new. Under the lock:
//
//  1. what an earlier, killed write of NAME left is tidied (see below);
//  2. the destination is checked again (Check);
//  3. the report is written into a new folder OUT/.NAME.tmp-*, the
//     marker first, then the files in the order of their paths;
//  4. that folder is swapped in: renamed to OUT/NAME when there is
//     none, else exchanged with it in one atomic step (renameat2
//     RENAME_EXCHANGE on Linux), else, where the file system cannot
//     swap, the old report is renamed aside to OUT/.NAME.old-* and the
//     new one renamed in;
//  5. the old report is removed, its marker last.
//
// A write that fails or is cancelled before step 4 removes its
// temporary folder and leaves the old report as it was.
//
// # Recovering from a crash
//
// A kill at any instant leaves at OUT/NAME the old report or the new
// one, whole, or (between the two renames of the fallback only) no
// report and the old one aside. The next write of NAME, before anything
// else, puts an old report set aside back when NAME is missing, and
// removes the .NAME.tmp-* and .NAME.old-* folders that hold the marker
// (or nothing at all, a temporary folder killed before its first file).
// A folder is always removed with its marker last, so a removal killed
// midway leaves a marked folder that the next write recognizes, never
// an unmarked remnant. A folder of that name pattern without the marker
// is the user's and is left alone.
//
// # Paths
//
// RealPath is the one resolution of a path used for these checks: made
// absolute, every symbolic link resolved as far as the path exists. An
// output folder need not exist yet; an input always does, and is then
// resolved whole.
//
// The errors speak to the user of reportgen's commands: they name the
// -o flag and say what to do.
//
// # Files
//
//	outdir.go     the marker and lock names, Marked, OwnFile, RealPath
//	plan.go       where reports go: Plan, PlanFolder, ArgError
//	check.go      whether a destination may be replaced: Check
//	replace.go    Writer: the write under the lock, the swap, crash recovery, removal
//	lock_*.go     the lock of an output folder (flock on Unix), removed after use
//	swap_*.go     exchanging two folders in one step (renameat2 on Linux)
package outdir
