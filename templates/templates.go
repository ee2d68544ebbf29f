// Package templates holds the editions' templates, embedded in the
// binary: each document's Markdown templates in a folder of its own
// (report/*.tmpl, the report's; compare/*.tmpl, the comparison's), the
// partials both share (partials.tmpl), the engine's HTML page
// (page.html) and its style sheet (page.css), and the report's what-if
// view in its HTML page: its controls (report/whatif.html), style
// (report/whatif.css) and script (report/whatif.js).
package templates

import "embed"

// FS holds the template files.
//
//go:embed *.tmpl report/*.tmpl compare/*.tmpl page.html page.css report/whatif.*
var FS embed.FS
