// Package templates holds the editions' templates, embedded in the
// binary: each document's Markdown templates in a folder of its own
// (report/*.tmpl, the report's; compare/*.tmpl, the comparison's), the
// partials both share (partials.tmpl), and the engine's HTML page
// (page.html) and its style sheet (page.css).
package templates

import "embed"

// FS holds the template files.
//
//go:embed *.tmpl report/*.tmpl compare/*.tmpl page.html page.css
var FS embed.FS
