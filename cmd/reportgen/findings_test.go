package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestSeedFindings checks that the sample's findings, in both editions,
// carry the seed report's key numbers: the speedups at c=1, the
// break-evens, the c=64 aggregates and the capacity ratios.
func TestSeedFindings(t *testing.T) {
	t.Parallel()
	dir := sampleDir(t)
	for _, tt := range []struct {
		lang string
		want []string
	}{
		{"en", []string{
			"vLLM + Spec is 1.86× faster than vLLM (direct), at 188 against 101 tok/s mean per-user TPS",
			"SGLang + Spec is 1.56× faster than SGLang (direct), at 130 against 83 tok/s mean per-user TPS",
			"vLLM: speculative decoding pays off only below c=16",
			"SGLang: speculative decoding pays off only below c=4",
			"101 tok/s → 1,759 tok/s", "188 tok/s → 717 tok/s", "83 tok/s → 1,863 tok/s", "130 tok/s → 931 tok/s",
			"vLLM + Spec peaks at c=32 with 740 tok/s and gives 717 tok/s at c=64",
			// The capacity leader against its nearest rival, vLLM + Spec
			// (266), not SGLang (direct) (261).
			"vLLM (direct) serves the most users within the P90 SLOs: 427 users (C_max = 32), 61% more than vLLM + Spec (266 users)",
			// The low-load chat margin against the nearest rival per level.
			"36–49% above the nearest rival: SGLang + Spec at c=1–2 and vLLM (direct) at c=4",
			// Saturation is a throughput fact, with the cap named.
			"vLLM + Spec saturates from c=32 on", "Its server also admits at most 32 requests at once (`--max-num-seqs 32`), so from c=64 on its results measure that limit as well.",
			"vLLM: speculative decoding pays off only below c=16: vLLM + Spec is more than 5% faster than the direct configuration at every level below it and at none from c=16 on (mean TPS ratio 0.99× there; interpolated, 1.0× near c≈15.4).",
			// A TTFT jump with doubled throughput is no saturation.
			"mean TTFT jumped 6.12× (777 → 4,753 ms) while system throughput still grew 2.03× (3.45 → 7.01 req/s)",
			"This is not a saturation: the system still completes more requests as the load grows",
			"4.84 ms vs 9.46 ms at c=1 (95% better)",
		}},
		{"tr", []string{
			"vLLM + Spec, vLLM (direct) yapılandırmasından 1,86× daha hızlı",
			"SGLang + Spec, SGLang (direct) yapılandırmasından 1,56× daha hızlı",
			"vLLM: spekülatif kod çözme yalnızca c=16 altında kazanç sağlıyor",
			"SGLang: spekülatif kod çözme yalnızca c=4 altında kazanç sağlıyor",
			"1.759 tok/s", "717 tok/s", "1.863 tok/s", "931 tok/s",
			"427 kullanıcı (C_max = 32); bu, vLLM + Spec yapılandırmasından (266 kullanıcı) %61 fazla",
			"c=16 ve üstünde hiçbirinde geçemiyor",
			"Sunucu ayrıca aynı anda en çok 32 istek kabul ediyor (`--max-num-seqs 32`); c=64 seviyesinden itibaren",
		}},
	} {
		md, err := os.ReadFile(filepath.Join(dir, tt.lang, "report.md"))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range tt.want {
			if !strings.Contains(string(md), w) {
				t.Errorf("%s report lacks %q", tt.lang, w)
			}
		}
		checkSentences(t, tt.lang, md)
		// An identity is no evidence: where ITL is a TPOT, TTFT + ITL ×
		// 127 equals latency by definition.
		if strings.Contains(string(md), "× 127 =") {
			t.Errorf("%s report offers TTFT + ITL × 127 = latency as evidence", tt.lang)
		}
	}
}

// TestFindingsSecondSet builds the three-engine data set of
// testdata/three-engines.txtar (other engines, other levels, no
// speculative pair) and reads every sentence the findings produced.
func TestFindingsSecondSet(t *testing.T) {
	t.Parallel()
	ar, err := txtar.ParseFile("testdata/three-engines.txtar")
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	writeInputs(t, work, ar)
	out := filepath.Join(work, "out")
	if err := run(context.Background(), io.Discard, io.Discard, []string{"build", "--format", "md", "-o", out, filepath.Join(work, "in", "h100-campaign")}, fixedEnv); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "tr"} {
		md, err := os.ReadFile(filepath.Join(out, "h100-campaign", lang, "report.md"))
		if err != nil {
			t.Fatal(err)
		}
		checkSentences(t, lang, md)
	}
	en, _ := os.ReadFile(filepath.Join(out, "h100-campaign", "en", "report.md"))
	sample, _ := os.ReadFile(filepath.Join(sampleDir(t), "en", "report.md"))
	doc := string(en)
	for _, w := range []string{
		// 138 against 135 users: within 5 %, a tie.
		"LMDeploy AWQ and TensorRT-LLM FP8 are on par on capacity within the P90 SLOs (within 5%): LMDeploy AWQ 138 users (C_max = 16), TensorRT-LLM FP8 135 users (C_max = 16); no clear winner.",
		"At c=48 TensorRT-LLM FP8 produces the highest aggregate output, 1,819 tok/s",
		"No configuration in this report uses speculative decoding",
		"TGI BF16 (c=16) missing",
		"SLO (≤ 500 ms)",
	} {
		if !strings.Contains(doc, w) {
			t.Errorf("second data set lacks %q", w)
		}
	}
	if strings.Contains(doc, "TGI BF16: mean TTFT jumps") {
		t.Error("a TTFT rise across a 12× load step (c=4 → c=48) was called a jump")
	}
	if bytes.Equal(keyFindings(en), keyFindings(sample)) {
		t.Error("the two data sets have the same key findings")
	}
}

// keyFindings is the numbered list of the executive summary.
func keyFindings(md []byte) []byte {
	return bytes.Join(regexp.MustCompile(`(?m)^\d\. .*$`).FindAll(md, -1), []byte("\n"))
}

// checkSentences fails on the marks of a broken sentence: template
// leftovers, impossible numbers, empty bullets, a finding without a
// number.
func checkSentences(t *testing.T, lang string, md []byte) {
	t.Helper()
	doc := string(md)
	for _, bad := range []string{"<no value>", "%!", "{{", "}}", "–×", "()", " ,", "\n- \n", "\n-\n"} {
		if strings.Contains(doc, bad) {
			t.Errorf("%s: the report contains %q", lang, bad)
		}
	}
	for _, bad := range []*regexp.Regexp{regexp.MustCompile(`\b(NaN|[+-]?Inf)\b`), regexp.MustCompile(`\S  +\S`)} {
		if m := bad.FindString(doc); m != "" {
			t.Errorf("%s: the report contains %q", lang, m)
		}
	}
	inFindings := false
	for _, ln := range strings.Split(doc, "\n") {
		switch {
		case strings.HasPrefix(ln, "**Findings:**"), strings.HasPrefix(ln, "**Bulgular:**"):
			inFindings = true
		case strings.HasPrefix(ln, "#"):
			inFindings = false
		case inFindings && strings.HasPrefix(ln, "- ") && !regexp.MustCompile(`\d`).MatchString(ln):
			t.Errorf("%s: a finding without a number: %s", lang, ln)
		}
	}
}
