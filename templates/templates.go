// Package templates holds the report's Markdown templates, embedded in
// the binary.
package templates

import "embed"

// FS holds the *.tmpl files.
//
//go:embed *.tmpl
var FS embed.FS
