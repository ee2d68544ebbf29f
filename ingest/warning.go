package ingest

import "fmt"

// Warning is an input problem that did not stop the read. It prints in
// English, like [Error]; Kind and Values let a report say it in its own
// language (the locale message "warning_" + Kind, given Values by name).
type Warning struct {
	Pos    Pos
	Column string // header text as written in the file; may be empty
	Kind   WarningKind
	// Values are the named values the message shows (strings, ints or
	// float64s); the English text already holds them.
	Values map[string]any
	Err    error
}

func (w *Warning) Error() string {
	return (&Error{Pos: w.Pos, Column: w.Column, Err: w.Err}).Error()
}

func (w *Warning) Unwrap() error { return w.Err }

// WarningKind names a kind of input warning.
type WarningKind string

// The kinds of input warnings. Each has a message "warning_<kind>" in
// every locale.
const (
	WarnNotUTF8          WarningKind = "not_utf8"          // a CSV file read as Windows-1254
	WarnUnknownColumn    WarningKind = "unknown_column"    // a column no reader knows, ignored
	WarnZeroConcurrency  WarningKind = "zero_concurrency"  // an export row at concurrency 0, ignored
	WarnUnsortedLevels   WarningKind = "unsorted_levels"   // an export's levels out of order, sorted
	WarnMixedDefinitions WarningKind = "mixed_definitions" // a folder's files define metrics differently
	WarnUnknownKey       WarningKind = "unknown_key"       // a manifest key reportgen does not know
	WarnUnknownSection   WarningKind = "unknown_section"   // notes for a section the report has not
	WarnUnknownLanguage  WarningKind = "unknown_language"  // a text in a language no edition is written in
	WarnFolderModel      WarningKind = "folder_model"      // a folder of runs named for another model than its files state
	WarnRunCutShort      WarningKind = "run_cut_short"     // a run completed fewer requests than it sent, recording no failure for the rest
	WarnSummaryMismatch  WarningKind = "summary_mismatch"  // a result's summary and its per-request arrays disagree; the arrays are used
)

// infoUnreadKeys is the kind of an information, not a warning: the keys
// of a result file that its tool does not write and reportgen leaves
// unread (a misspelt key, a user's --metadata). Read moves these from
// the warnings to Campaign.UnreadKeys, which the command prints on one
// info line: --strict does not refuse them, as nothing in them is wrong
// with the data.
const infoUnreadKeys WarningKind = "unread_keys"

// WarningKinds lists every kind, so that a test can check that each
// has its messages.
var WarningKinds = []WarningKind{WarnNotUTF8, WarnUnknownColumn, WarnZeroConcurrency, WarnUnsortedLevels,
	WarnMixedDefinitions, WarnUnknownKey,
	WarnUnknownSection, WarnUnknownLanguage, WarnFolderModel, WarnRunCutShort, WarnSummaryMismatch,
	WarnEnergyLogUnreadable, WarnEnergyLogUnmatched, WarnEnergyLogPartial, WarnEnergyLogZone}

// warnf builds a *Warning at pos. values are the named values of the
// localized message; format and args give the English text.
func warnf(pos Pos, column string, kind WarningKind, values map[string]any, format string, args ...any) *Warning {
	return &Warning{Pos: pos, Column: column, Kind: kind, Values: values, Err: fmt.Errorf(format, args...)}
}
