package render_test

import (
	"bytes"
	"image"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/internal/reporttest"
	"github.com/openzeka/reportgen/internal/testutil"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/report"
)

// TestLongTitlePDF: a title of 100,000 characters (words; one word;
// an id of many short hyphenated parts) makes a PDF (the cover gives it
// at most six lines: render/pdf's TestWrapAtMostLongTitle).
func TestLongTitlePDF(t *testing.T) {
	t.Parallel()
	for _, title := range []string{testutil.LongTitle(100_000), strings.Repeat("Ş", 100_000), strings.Repeat("a-b_", 25_000)} {
		r := reporttest.Tiny()
		r.Meta.Title = analyze.Text{"": title}
		ed, err := render.New(report.New(r), render.Options{Lang: "tr"})
		if err != nil {
			t.Fatal(err)
		}
		doc, err := ed.PDF()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(doc, []byte("%PDF-")) {
			t.Fatal("not a PDF")
		}
	}
}

// TestLogoBombRefusedUndecoded: a logo claiming 60000 × 60000 pixels is
// refused from its header, before any pixel (14 GB of them) is
// decoded, and the error says its size and the limit. Serial: it counts
// the allocations of the whole process.
func TestLogoBombRefusedUndecoded(t *testing.T) {
	bomb := testutil.PNGHeader(60000, 60000)
	if _, _, err := image.DecodeConfig(bytes.NewReader(bomb)); err != nil {
		t.Fatalf("the test's PNG header does not parse: %v", err)
	}
	ed, err := render.New(report.New(reporttest.Tiny()), render.Options{Lang: "en", Logo: bomb})
	if err != nil {
		t.Fatal(err)
	}
	_, err = ed.PDF()
	if err == nil {
		t.Fatal("a 60000×60000 logo was accepted")
	}
	for _, want := range []string{"60000×60000", "25000000"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	allocs := testing.AllocsPerRun(5, func() { _, _ = ed.PDF() })
	if allocs > 50 {
		t.Errorf("refusing the logo took %.0f allocations", allocs)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, _ = ed.PDF()
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("refusing the logo allocated %d bytes", n)
	}
	// The limits at their boundaries: render/pdf's TestLogoLimits.
}

// TestLargeLogoScaledDown: a 4000 × 4000 logo is scaled down to its
// printed box at 300 dpi, so the PDF grows by the printed size's
// pixels, not the file's (tens of MB).
func TestLargeLogoScaledDown(t *testing.T) {
	t.Parallel()
	big := bytes.NewBuffer(testutil.NoisePNG(4000, 4000))
	bare, err := pdfWithLogo(nil)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := pdfWithLogo(big.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	// The box is 70 × 70 pt: 292 × 292 pixels at 300 dpi, 256 KB raw.
	if grew := len(doc) - len(bare); grew > 400<<10 || grew < 10<<10 {
		t.Errorf("a %d-byte logo grew the PDF by %d bytes", big.Len(), grew)
	}
	// The sizes embedded: render/pdf's TestLogoScaledToItsBox.
	if _, err := pdfWithLogo([]byte("GIF89a not a logo")); err == nil {
		t.Error("a logo that is no PNG or JPEG was accepted")
	}
}

// pdfWithLogo is the PDF of the hand-made report's English edition, with
// logo on its cover.
func pdfWithLogo(logo []byte) ([]byte, error) {
	ed, err := render.New(report.New(reporttest.Tiny()), render.Options{Lang: "en", Logo: logo})
	if err != nil {
		return nil, err
	}
	return ed.PDF()
}

// TestPDFNeedsChartPNGs: an edition whose charts were drawn as SVG only
// cannot make a PDF, and says why.
func TestPDFNeedsChartPNGs(t *testing.T) {
	t.Parallel()
	ed, err := render.New(report.New(reporttest.Tiny()), render.Options{Lang: "en", Formats: render.FormatHTML})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ed.PDF(); err == nil || !strings.Contains(err.Error(), "PNG") {
		t.Errorf("PDF with SVG-only charts: err = %v", err)
	}
}

// TestUnprintableNamesMissingGlyphs: the characters no embedded font
// draws (most emoji, CJK) are listed once each, sorted, from the title,
// the cover and the text, code included; Turkish letters and what
// DejaVu has (✓, 😀, Arabic letters) are not.
func TestUnprintableNamesMissingGlyphs(t *testing.T) {
	t.Parallel()
	r := reporttest.Tiny()
	r.Meta.Title = analyze.Text{"": "Çıkarım 🎉 raporu 漢字 ✓ 漢 😀"}
	r.Meta.PreparedBy = analyze.Text{"": "Şirket 한 العربية"}
	r.Configs[1].Command = analyze.Text{"": "echo 🚀"}
	ed, err := render.New(report.New(r), render.Options{Lang: "tr"})
	if err != nil {
		t.Fatal(err)
	}
	got := ed.Unprintable()
	want := []rune("字漢한🎉🚀")
	slices.Sort(want)
	want = slices.Compact(want)
	if !slices.Equal(got, want) {
		t.Errorf("Unprintable() = %q, want %q", string(got), string(want))
	}
	plain, err := render.New(report.New(reporttest.Tiny()), render.Options{Lang: "tr"})
	if err != nil {
		t.Fatal(err)
	}
	if got := plain.Unprintable(); len(got) != 0 {
		t.Errorf("a report in Turkish letters has unprintable characters %q", string(got))
	}
}

// TestInvalidUTF8ShownAsReplacement: a file name that is not UTF-8
// shows as U+FFFD in every edition and chart, never as raw bytes.
func TestInvalidUTF8ShownAsReplacement(t *testing.T) {
	t.Parallel()
	r := reporttest.Tiny()
	r.Configs[0].ID = "a\xffb"
	r.Configs[0].Name = analyze.Text{"": "a\xffb"}
	r.Configs[0].Source = "tiny/a\xffb.csv"
	r.Configs[0].Notes = analyze.Text{"": "note \xfe here"}
	r.Warnings = []analyze.Warning{{Kind: "unknown_column", Source: "tiny/a\xffb.csv:1:2", Column: "x\xffy"}}
	ed, err := render.New(report.New(r), render.Options{Lang: "en", Formats: render.AllFormats})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range ed.Charts() {
		if !utf8.Valid(c.SVG) {
			t.Errorf("chart %s is not valid UTF-8", c.Name)
		}
	}
	page, err := ed.HTML()
	if err != nil {
		t.Fatal(err)
	}
	for name, doc := range map[string][]byte{"markdown": ed.Markdown, "html": page} {
		if !utf8.Valid(doc) {
			t.Errorf("the %s is not valid UTF-8", name)
		}
		for _, want := range []string{"a\uFFFDb", "tiny/a\uFFFDb.csv", "x\uFFFDy", "note \uFFFD here"} {
			if !strings.Contains(string(doc), want) {
				t.Errorf("the %s lacks %q", name, want)
			}
		}
	}
	if _, err := ed.PDF(); err != nil {
		t.Fatal(err)
	}
	if got := ed.Unprintable(); len(got) != 0 {
		t.Errorf("U+FFFD should print: Unprintable() = %q", string(got))
	}
}

// TestCodeSpanHoldsAnyPath: a source path with backticks, spaces or
// Markdown characters stays one code span that shows it verbatim.
func TestCodeSpanHoldsAnyPath(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"a.csv", "dir/x_y*z*.csv:3:9", "a`b.csv", "``x``", "`lead", "trail`", " spaced ", "[l](u) <b> | # &amp;", "two\nlines"} {
		r := reporttest.Tiny()
		r.Warnings = []analyze.Warning{{Kind: "not_utf8", Source: s}}
		ed, err := render.New(report.New(r), render.Options{Lang: "en"})
		if err != nil {
			t.Fatal(err)
		}
		page, err := ed.HTML()
		if err != nil {
			t.Fatal(err)
		}
		want := strings.ReplaceAll(s, "\n", " ")
		esc := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(want)
		if !strings.Contains(string(page), "<li><code>"+esc+"</code>: the file is not UTF-8") {
			t.Errorf("source %q is not shown as one code span:\n%s", s, warningLine(string(page)))
		}
	}
}

func warningLine(page string) string {
	for _, ln := range strings.Split(page, "\n") {
		if strings.Contains(ln, "not UTF-8") {
			return ln
		}
	}
	return "(no warning line)"
}
