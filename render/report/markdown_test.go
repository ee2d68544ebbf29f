package report

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/internal/reporttest"
	"github.com/openzeka/reportgen/internal/testutil"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/locale"
)

func TestMarkdownEscapesAndGaps(t *testing.T) {
	t.Parallel()
	for _, lang := range locale.Languages {
		md, err := mdOf(reporttest.Tiny(), lang)
		if err != nil {
			t.Fatal(err)
		}
		doc := string(md)
		if strings.Contains(doc, "<script>") {
			t.Errorf("%s: raw <script> reached the Markdown", lang)
		}
		if !strings.Contains(doc, `\<script\>alert(1)\</script\>`) || !strings.Contains(doc, `b\|pipe`) {
			t.Errorf("%s: names not escaped", lang)
		}
		// c=2 is missing for b: a dash in the SLO matrix, not a verdict.
		if !regexp.MustCompile(`(?m)^\| b\\\|pipe \| ✓✓ \| – \| ✗✓ \|$`).MatchString(doc) {
			t.Errorf("%s: the missing level is not shown as a gap", lang)
		}
		// No speculative config: the speedup section says so in one
		// sentence, with no table and no chart.
		loc, _ := locale.New(lang, nil)
		if !strings.Contains(doc, loc.T("speedup_none")) || strings.Contains(doc, "/ b") || strings.Contains(doc, "08-spec-speedup") {
			t.Errorf("%s: the speedup section does not say why it is empty", lang)
		}
		// Every TOC link points at a heading of the document.
		ids := render.NewIDs()
		anchors := map[string]bool{}
		for _, ln := range strings.Split(doc, "\n") {
			if strings.HasPrefix(ln, "#") {
				anchors[ids.Generate(strings.TrimSpace(strings.TrimLeft(ln, "#")))] = true
			}
		}
		links := regexp.MustCompile(`\]\(#([a-z0-9-]+)\)`).FindAllStringSubmatch(doc, -1)
		if len(links) < 10 {
			t.Errorf("%s: only %d TOC links", lang, len(links))
		}
		for _, l := range links {
			if !anchors[l[1]] {
				t.Errorf("%s: TOC link #%s has no heading", lang, l[1])
			}
		}
	}
}

func TestMarkdownIsDeterministic(t *testing.T) {
	t.Parallel()
	a, err := mdOf(reporttest.Tiny(), "tr")
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		b, _ := mdOf(reporttest.Tiny(), "tr")
		if string(a) != string(b) {
			t.Fatal("two renders of the same report differ")
		}
	}
}

// TestMarkdownGolden renders the hand-made report in each language and
// compares it with testdata/tiny.<lang>.md.
func TestMarkdownGolden(t *testing.T) {
	t.Parallel()
	for _, lang := range locale.Languages {
		md, err := mdOf(reporttest.Tiny(), lang)
		if err != nil {
			t.Fatal(err)
		}
		testutil.Golden(t, filepath.Join("testdata", "tiny."+lang+".md"), md)
	}
}

// TestHTMLGolden renders the hand-made report's HTML (without charts,
// and the what-if view's script as its hash, to keep the golden
// readable) and compares it with testdata/tiny.<lang>.html.
func TestHTMLGolden(t *testing.T) {
	t.Parallel()
	for _, lang := range locale.Languages {
		ed, err := render.New(New(reporttest.Tiny()), render.Options{Lang: lang})
		if err != nil {
			t.Fatal(err)
		}
		page, err := ed.HTML()
		if err != nil {
			t.Fatal(err)
		}
		page = regexp.MustCompile(`(?s)<script>.*?</script>`).ReplaceAllFunc(page, func(s []byte) []byte {
			return []byte("<script>/* templates/report/whatif.js: " + render.ScriptHash(string(s[len("<script>"):len(s)-len("</script>")])) + " */</script>")
		})
		testutil.Golden(t, filepath.Join("testdata", "tiny."+lang+".html"), page)
	}
}

// TestSLOUnchecked checks that an SLO with no statistic to check reads
// as "?" in the matrix, is explained under it, and is phrased as
// unchecked rather than missed.
func TestSLOUnchecked(t *testing.T) {
	t.Parallel()
	r := reporttest.Tiny()
	for i := range r.Configs[1].Levels {
		l := &r.Configs[1].Levels[i]
		l.SLO.P90 = analyze.SLOVerdict{TTFT: false, TPS: true, TTFTStat: analyze.StatNone}
	}
	r.Findings = []analyze.Finding{{Kind: analyze.SLOUnchecked, Section: string(analyze.TTFT), Configs: []string{"b"}, Levels: []analyze.Load{1}}}
	for _, lang := range []string{"en", "tr"} {
		loc, err := locale.New(lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		v := newView(r, loc, nil)
		m := v.SLOMatrix("p90")
		if got := m.Rows[1][1]; got != `?✓\*` {
			t.Errorf("%s: matrix cell = %q, want ?✓\\*", lang, got)
		}
		notes := strings.Join(v.SLOSubstitutes("p90"), "\n")
		if !strings.Contains(notes, "(?)") {
			t.Errorf("%s: notes %q do not explain the ?", lang, notes)
		}
		if got := v.phrase(r.Findings[0]); !strings.Contains(got, map[string]string{"en": "cannot be checked", "tr": "denetlenemiyor"}[lang]) {
			t.Errorf("%s: finding = %q", lang, got)
		}
	}
}

// TestOverviewHeading checks the overview heading for two, one and no
// common levels: never "c=0".
func TestOverviewHeading(t *testing.T) {
	t.Parallel()
	tests := []struct {
		levels [2][]analyze.Load // config a's and b's levels
		want   string
	}{
		{[2][]analyze.Load{{1, 2, 4}, {1, 4}}, "Overview (c=1 and c=4)"},
		{[2][]analyze.Load{{1, 2}, {2, 4}}, "Overview (c=2)"},
		{[2][]analyze.Load{{1, 2}, {4}}, "Overview\n"},
	}
	for _, tt := range tests {
		r := reporttest.Tiny()
		for i, want := range tt.levels {
			var kept []analyze.Level
			for _, lc := range want {
				for _, l := range reporttest.Tiny().Configs[0].Levels {
					if l.Load == lc {
						kept = append(kept, l)
					}
				}
			}
			r.Configs[i].Levels = kept
		}
		md, err := mdOf(r, "en")
		if err != nil {
			t.Fatal(err)
		}
		doc := string(md)
		if !strings.Contains(doc, tt.want) || strings.Contains(doc, "c=0") {
			t.Errorf("levels %v: want heading %q and no c=0", tt.levels, tt.want)
		}
	}
}

func TestUniformDef(t *testing.T) {
	t.Parallel()
	tests := []struct {
		itl  []string
		want string
	}{
		{[]string{"tpot", "tpot"}, "tpot"},
		{[]string{"chunk", ""}, "chunk"},
		{[]string{"tpot", "chunk"}, "mixed"},
		{[]string{"", ""}, ""},
	}
	for _, tt := range tests {
		r := reporttest.Tiny()
		for i, d := range tt.itl {
			r.Configs[i].Definitions.ITL = d
		}
		if got := newView(r, nil, nil).UniformDef("itl"); got != tt.want {
			t.Errorf("UniformDef(itl %v) = %q, want %q", tt.itl, got, tt.want)
		}
	}
}

// mdOf is the Markdown of r's edition in lang, without charts.
func mdOf(r *analyze.Report, lang string) ([]byte, error) {
	ed, err := render.New(New(r), render.Options{Lang: lang})
	if err != nil {
		return nil, err
	}
	return ed.Markdown, nil
}
