// Package templates holds the report's templates, embedded in the
// binary: the Markdown templates (*.tmpl; compare*.tmpl are the
// comparison edition's, which shares partials.tmpl), the HTML page
// (page.html) and its style sheet (page.css).
package templates

import "embed"

// FS holds the template files.
//
//go:embed *.tmpl page.html page.css
var FS embed.FS
