package report

import (
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/render/locale"
)

// TestFactValue: a value given once for every language is written in
// each edition's number style; code, versions, addresses and values
// given per language are left as written.
func TestFactValue(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in     analyze.Text
		tr, en string
	}{
		{analyze.Text{"": "2.8T"}, "2,8T", "2.8T"},
		{analyze.Text{"": "1048576"}, "1.048.576", "1,048,576"},
		{analyze.Text{"": "0.95"}, "0,95", "0.95"},
		{analyze.Text{"": "0.95 / 0.85"}, "0,95 / 0,85", "0.95 / 0.85"},
		{analyze.Text{"": "1.5 2.5"}, "1,5 2,5", "1.5 2.5"},
		{analyze.Text{"": "MoonViT-V2 (401M)"}, "MoonViT-V2 (401M)", "MoonViT-V2 (401M)"},
		{analyze.Text{"": "vLLM v0.6.3 on 10.0.0.1"}, "vLLM v0.6.3 on 10.0.0.1", "vLLM v0.6.3 on 10.0.0.1"},
		{analyze.Text{"": "`--gpu-memory-utilization 0.95`"}, "`--gpu-memory-utilization 0.95`", "`--gpu-memory-utilization 0.95`"},
		{analyze.Text{"": "7168 / 96"}, "7168 / 96", "7168 / 96"},
		{analyze.Text{"tr": "0.95 olduğu gibi", "en": "0.95 as given"}, "0.95 olduğu gibi", "0.95 as given"},
	} {
		for lang, want := range map[string]string{"tr": tt.tr, "en": tt.en} {
			loc, err := locale.New(lang, nil)
			if err != nil {
				t.Fatal(err)
			}
			v := &view{loc: loc}
			if got := v.factValue(tt.in); got != want {
				t.Errorf("%s %q: %q, want %q", lang, tt.in, got, want)
			}
		}
	}
}
