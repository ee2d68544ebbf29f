// Package locales holds the report's messages per language (en.toml,
// tr.toml), embedded in the binary.
package locales

import "embed"

// FS holds the *.toml message files; a file's name is its language.
//
//go:embed *.toml
var FS embed.FS
