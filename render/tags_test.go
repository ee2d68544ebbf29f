package render

import "testing"

func TestSLOClass(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"✓✓": "slo-pass", "✓✓*": "slo-pass", "✓✗": "slo-part", "✗✓*": "slo-part", "✗✗": "slo-fail",
		"?✓*": "slo-part", "?✗*": "slo-fail", "??": "slo-fail",
		"–": "", "✓": "", "✓✓✓": "", "ok": "", "": "", "12": "",
	} {
		if got := sloClass(in); got != want {
			t.Errorf("sloClass(%q) = %q, want %q", in, got, want)
		}
	}
}
