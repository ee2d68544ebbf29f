package render

import "testing"

func TestTableMarkdown(t *testing.T) {
	t.Parallel()
	tb := Table{Head: []string{"a", "b", "c"}, Align: "lrc", Rows: [][]string{{"1", "2", "3"}}}
	want := "| a | b | c |\n|---|---:|:---:|\n| 1 | 2 | 3 |\n"
	if got := tb.Markdown(); got != want {
		t.Errorf("Markdown() = %q, want %q", got, want)
	}
	if (Table{Head: []string{"a"}}).Markdown() != "" {
		t.Error("a table without rows rendered")
	}
}
