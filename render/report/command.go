package report

import "strings"

// commandWidth is the line length a deployment command is set to in the
// appendix: it fits the PDF's code column at its appendix size.
const commandWidth = 110

// packCommand sets a deployment command on as few lines as fit width:
// its words as written (quotes and escapes kept), an option kept on one
// line with its value, each line but the last of a command continued
// with " \", so that the command copied from the report runs as given.
// Separate commands (lines not continued) stay separate. A command with
// a comment, or one whose quotes do not close, is returned as it is.
func packCommand(cmd string, width int) string {
	lines, ok := commandLines(cmd)
	if !ok {
		return cmd
	}
	var out []string
	for _, words := range lines {
		out = append(out, packWords(words, width)...)
	}
	return strings.Join(out, "\n")
}

// commandLines splits cmd into its commands (lines a backslash does not
// continue), each as its words as written. ok is false for a comment or
// an unclosed quote.
func commandLines(cmd string) (lines [][]string, ok bool) {
	var words []string
	var b strings.Builder
	var quote rune
	end := func() {
		if b.Len() > 0 {
			words = append(words, b.String())
			b.Reset()
		}
	}
	rs := []rune(cmd)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case quote != 0:
			b.WriteRune(r)
			if r == quote {
				quote = 0
			} else if r == '\\' && quote == '"' && i+1 < len(rs) {
				i++
				b.WriteRune(rs[i])
			}
		case r == '\\' && i+1 < len(rs) && rs[i+1] == '\n':
			i++ // a continued line: a space between words
			end()
		case r == '\\' && i+1 == len(rs):
			return nil, false // a backslash escaping nothing
		case r == '\\':
			b.WriteRune(r)
			i++
			b.WriteRune(rs[i])
		case r == '\'' || r == '"':
			quote = r
			b.WriteRune(r)
		case r == '#' && b.Len() == 0:
			return nil, false
		case r == '\n':
			end()
			if len(words) > 0 {
				lines = append(lines, words)
				words = nil
			}
		case r == ' ' || r == '\t' || r == '\r':
			end()
		default:
			b.WriteRune(r)
		}
	}
	if quote != 0 {
		return nil, false
	}
	end()
	if len(words) > 0 {
		lines = append(lines, words)
	}
	return lines, true
}

// packWords fills lines of at most width characters with words, an
// option and its value as one unit; a unit longer than a line has one
// to itself. Lines after the first are indented two spaces.
func packWords(words []string, width int) []string {
	var units []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if strings.HasPrefix(w, "-") && !strings.Contains(w, "=") && i+1 < len(words) && !strings.HasPrefix(words[i+1], "-") {
			w += " " + words[i+1]
			i++
		}
		units = append(units, w)
	}
	var lines []string
	line := ""
	for _, u := range units {
		switch {
		case line == "":
			line = u
		case len([]rune(line))+1+len([]rune(u))+2 <= width:
			line += " " + u
		default:
			lines = append(lines, line+` \`)
			line = "  " + u
		}
	}
	return append(lines, line)
}
