// Package locales holds the report's messages per language (tr.toml,
// en.toml), embedded in the binary, and the list of those languages;
// and, under terms/, each language's terminology: the word the messages
// use for each concept, the words they must not use, and how a ratio
// is written (render's tests hold the messages and editions to it).
package locales

import "embed"

// FS holds the *.toml message files; a file's name is its language.
//
//go:embed *.toml
var FS embed.FS

// TermsFS holds terms/<lang>.toml, one terminology file per language.
//
//go:embed terms/*.toml
var TermsFS embed.FS

// Languages are the languages reportgen ships, in the order a build
// writes its editions by default: one file <lang>.toml in FS each (a
// test holds the two to each other). Adding a language is adding its
// file and its code here.
var Languages = []string{"tr", "en"}
