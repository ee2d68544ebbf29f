package render

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"text/template"

	"github.com/openzeka/reportgen/render/locale"
	"github.com/openzeka/reportgen/render/present"
)

// Execute runs template root of folder dir of tfs (a document's
// templates: report/, compare/), parsed with the other templates of dir
// and the partials every document shares (partials.tmpl), with funcs
// (Funcs and the document's own), on data.
func Execute(tfs fs.FS, dir, root string, funcs template.FuncMap, data any) (string, error) {
	names, err := templateFiles(tfs, dir)
	if err != nil {
		return "", err
	}
	t, err := template.New(root).Funcs(funcs).ParseFS(tfs, names...)
	if err != nil {
		return "", fmt.Errorf("templates: %w", err)
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		return "", fmt.Errorf("templates: %w", err)
	}
	return buf.String(), nil
}

// partials are the templates every document's templates may call.
const partials = "partials.tmpl"

// templateFiles are the template files of tfs that folder dir's
// templates are parsed with: dir's own and the shared partials.
func templateFiles(tfs fs.FS, dir string) ([]string, error) {
	out, err := fs.Glob(tfs, path.Join(dir, "*.tmpl"))
	if err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("templates: none to parse in %s", dir)
	}
	if _, err := fs.Stat(tfs, partials); err == nil {
		out = append(out, partials)
	}
	return out, nil
}

// Funcs are the template functions every document's templates have:
// messages (T, N), headings of a message (h2, h3) or of text (h3text),
// an unnumbered one (h3plain), data text escaped (md), the marks where
// the contents, the chart index and the appendix go (toc, chartindex,
// appendix), a cross-reference to a section by its title's message
// (ref), and add. A document adds its own (a chart by name, numbers).
func Funcs(loc *locale.Locale) template.FuncMap {
	return template.FuncMap{
		"T":          loc.T,
		"N":          loc.N,
		"md":         Escape,
		"h2":         func(id string, kv ...any) string { return "## " + loc.T(id, kv...) },
		"h3":         func(id string, kv ...any) string { return "### " + loc.T(id, kv...) },
		"h3text":     func(text string) string { return "### " + text },
		"h3plain":    func(id string) string { return "### " + loc.T(id) + unnumbered },
		"toc":        func() string { return tocMarker },
		"chartindex": func() string { return chartIndexMarker },
		"appendix":   func() string { return appendixMarker },
		"ref":        func(id string) string { return Ref(loc.T(id)) },
		"add":        func(a, b int) int { return a + b },
	}
}

// Figure places a chart: its image, linked by link, and below it its
// caption (escaped Markdown), which outline numbers.
func Figure(caption, link string) string {
	return "![" + caption + "](" + link + ")\n\n*" + caption + "*"
}

// tidy collapses runs of blank lines (template control lines leave them)
// and ends the document with one newline.
func tidy(s string) string {
	lines := strings.Split(s, "\n")
	out := make([]string, 0, len(lines))
	blank := 0
	fence := "" // the fence of the code block the line is in
	for _, ln := range lines {
		if f := ln[:len(ln)-len(strings.TrimLeft(ln, "`"))]; len(f) >= 3 {
			switch {
			case fence == "":
				fence = f
			case len(f) >= len(fence) && strings.TrimRight(ln, " ") == f:
				fence = ""
			}
		}
		inCode := fence != ""
		if !inCode {
			ln = strings.TrimRight(ln, " \t")
		}
		if ln == "" && !inCode {
			blank++
			if blank > 1 {
				continue
			}
		} else {
			blank = 0
		}
		out = append(out, ln)
	}
	return strings.TrimSpace(strings.Join(out, "\n")) + "\n"
}

// escaper escapes the characters that Markdown would read as syntax in
// text that comes from the data or the manifest.
var escaper = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", `*`, `\*`, `_`, `\_`, `[`, `\[`, `]`, `\]`,
	`<`, `\<`, `>`, `\>`, `|`, `\|`, `#`, `\#`, `&`, `\&`, "\r\n", " ", "\n", " ", "\r", " ",
)

// Escape makes s safe to place in Markdown inline text or a table cell.
// Bytes that are not UTF-8 (a file name from another system) show as
// U+FFFD, never as raw bytes.
func Escape(s string) string { return escaper.Replace(present.Clean(s)) }

// Code writes s as a Markdown code span that shows it verbatim: a file
// name or a position ("kimi/vllm_direct.csv:3:9"). The span's fence is
// longer than any run of backticks in s, and a space pads an s that
// starts or ends with a backtick or a space (CommonMark strips one
// space from each side). Line breaks become spaces; bytes that are not
// UTF-8 show as U+FFFD. An empty s gives "".
func Code(s string) string {
	s = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(present.Clean(s))
	if s == "" {
		return ""
	}
	longest, run := 0, 0
	for _, c := range s {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") ||
		strings.HasPrefix(s, " ") && strings.HasSuffix(s, " ") && strings.Trim(s, " ") != "" {
		s = " " + s + " "
	}
	return fence + s + fence
}

// Fenced writes s as a fenced code block in language lang, the fence
// longer than any run of backticks that starts a line of s, so that no
// line of s ends the block.
func Fenced(lang, s string) string {
	s = present.Clean(s)
	n := 3
	for _, ln := range strings.Split(s, "\n") {
		ln = strings.TrimLeft(ln, " ")
		if k := len(ln) - len(strings.TrimLeft(ln, "`")); k >= n {
			n = k + 1
		}
	}
	fence := strings.Repeat("`", n)
	return fence + lang + "\n" + s + "\n" + fence
}

// Table is a Markdown table: a header row, per-column alignment
// ('l', 'r' or 'c') and body rows of already formatted cells.
type Table struct {
	Head  []string
	Align string
	Rows  [][]string
}

// Markdown writes the table in GFM syntax.
func (t Table) Markdown() string {
	if len(t.Rows) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("| " + strings.Join(t.Head, " | ") + " |\n|")
	for i := range t.Head {
		a := byte('l')
		if i < len(t.Align) {
			a = t.Align[i]
		}
		switch a {
		case 'r':
			b.WriteString("---:|")
		case 'c':
			b.WriteString(":---:|")
		default:
			b.WriteString("---|")
		}
	}
	b.WriteString("\n")
	for _, row := range t.Rows {
		b.WriteString("| " + strings.Join(row, " | ") + " |\n")
	}
	return b.String()
}
