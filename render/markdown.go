package render

import (
	"bytes"
	"fmt"
	"io/fs"
	"strings"
	"text/template"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/locale"
	"github.com/openzeka/reportgen/render/present"
	"github.com/openzeka/reportgen/templates"
)

// markdown renders the report as Markdown in loc's language from the
// templates of tfs (the embedded ones when nil). charts maps a chart
// name ("01-ttft") to the path the Markdown links it by; charts not in
// the map are not referenced.
func markdown(r *analyze.Report, loc *locale.Locale, tfs fs.FS, charts map[string]string) ([]byte, error) {
	if tfs == nil {
		tfs = templates.FS
	}
	v := newView(r, loc, charts)
	md, err := execute(tfs, "report.md.tmpl", false, v.funcs(), newDocument(v))
	if err != nil {
		return nil, err
	}
	if err := loc.Err(); err != nil {
		return nil, err
	}
	return []byte(tidy(string(outline([]byte(tidy(md)), loc)))), nil
}

// comparisonPrefix begins the names of the comparison edition's
// templates (compare.md.tmpl, compare_*.tmpl), which the report's
// templates do not see, nor they the report's but for partials.tmpl.
const comparisonPrefix = "compare"

// execute runs template root of tfs (with the report's templates, or
// the comparison's: templateFiles) on data.
func execute(tfs fs.FS, root string, comparison bool, funcs template.FuncMap, data any) (string, error) {
	names, err := templateFiles(tfs, comparison)
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

// templateFiles are the template files of tfs a report (comparison
// false) or a comparison parses.
func templateFiles(tfs fs.FS, comparison bool) ([]string, error) {
	all, err := fs.Glob(tfs, "*.tmpl")
	if err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	var out []string
	for _, name := range all {
		if strings.HasPrefix(name, comparisonPrefix) == comparison || comparison && name == "partials.tmpl" {
			out = append(out, name)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("templates: none to parse")
	}
	return out, nil
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

// fenced writes s as a fenced code block in language lang, the fence
// longer than any run of backticks that starts a line of s, so that no
// line of s ends the block.
func fenced(lang, s string) string {
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
