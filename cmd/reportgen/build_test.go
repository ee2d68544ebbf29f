package main

import (
	"bytes"
	"context"
	"image"
	pngenc "image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
	"github.com/openzeka/reportgen/internal/reporttest"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/chart"
)

// buildSample runs "reportgen build" on the sample into a temp dir and
// returns the report folder.
func buildSample(t *testing.T) string {
	t.Helper()
	out := t.TempDir()
	var stderr bytes.Buffer
	if err := run(context.Background(), io.Discard, &stderr, []string{"build", "-o", out, "../../samples/kimi-k3-b300"}, fixedEnv); err != nil {
		t.Fatalf("build: %v\n%s", err, stderr.String())
	}
	return filepath.Join(out, "kimi-k3-b300")
}

// TestChartReferencesExist checks every image a report links exists,
// and that the sample's editions place every standard chart.
func TestChartReferencesExist(t *testing.T) {
	t.Parallel()
	dir := sampleDir(t)
	img := regexp.MustCompile(`!\[[^\]]+\]\(([^)]+)\)`)
	for _, lang := range render.Languages {
		md, err := os.ReadFile(filepath.Join(dir, lang, "report.md"))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, m := range img.FindAllStringSubmatch(string(md), -1) {
			p := filepath.Join(dir, lang, filepath.FromSlash(m[1]))
			if _, err := os.Stat(p); err != nil {
				t.Errorf("%s: %s is linked but missing", lang, m[1])
			}
			names = append(names, filepath.Base(m[1]))
		}
		for _, n := range chart.Names() {
			if slices.Contains(chart.EnergyCharts(), n) {
				// The sample has no telemetry and no price: none.
				if slices.Contains(names, n+".png") {
					t.Errorf("%s: chart %s is placed in a report without telemetry or price", lang, n)
				}
				continue
			}
			if !slices.Contains(names, n+".png") {
				t.Errorf("%s: chart %s is not placed in the report", lang, n)
			}
			if _, err := os.Stat(filepath.Join(dir, lang, "charts", n+".svg")); err != nil {
				t.Errorf("%s: %s.svg missing", lang, n)
			}
		}
	}
}

// TestBuildIsReproducible builds the sample again beside the build the
// tests share (sampleDir); every file must be byte-identical.
func TestBuildIsReproducible(t *testing.T) {
	t.Parallel()
	a, b := sampleDir(t), buildSample(t)
	err := filepath.WalkDir(a, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(a, p)
		x, _ := os.ReadFile(p)
		y, err := os.ReadFile(filepath.Join(b, rel))
		if err != nil {
			t.Errorf("%s: only in the first build", rel)
			return nil
		}
		if !bytes.Equal(x, y) {
			t.Errorf("%s differs between two builds", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func sampleReport(b *testing.B) *analyze.Report {
	c, err := ingest.Read("../../samples/kimi-k3-b300", ingest.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	r, err := analyze.Build(c, analyze.Options{Now: time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		b.Fatal(err)
	}
	return r
}

// BenchmarkChartsOneEdition draws the standard charts of one edition of the
// sample (PNG and SVG).
func BenchmarkChartsOneEdition(b *testing.B) {
	r := sampleReport(b)
	for b.Loop() {
		if _, err := chart.Draw(r, chart.Options{Locale: reporttest.Locale(b, r, "tr"), PNG: true, SVG: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMakeReport is "make report": read, analyze and render both
// languages in every format, and write the files.
func BenchmarkMakeReport(b *testing.B) {
	out := b.TempDir()
	for b.Loop() {
		if err := run(context.Background(), io.Discard, io.Discard, []string{"build", "-o", out, "../../samples/"}, fixedEnv); err != nil {
			b.Fatal(err)
		}
	}
}

// TestLogo puts the manifest's logo on the PDF cover, and refuses a logo
// file that is not an image.
func TestLogo(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	csv, err := os.ReadFile("../../samples/kimi-k3-b300/vllm-direct.csv")
	if err != nil {
		t.Fatal(err)
	}
	logo := image.NewRGBA(image.Rect(0, 0, 120, 40))
	for i := range logo.Pix {
		logo.Pix[i] = 0x80
	}
	var png bytes.Buffer
	if err := pngenc.Encode(&png, logo); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"r/report.toml": []byte("logo = \"logo.png\"\n"), "r/vllm.csv": csv, "r/logo.png": png.Bytes(),
		"bad/report.toml": []byte("logo = \"logo.png\"\n"), "bad/vllm.csv": csv, "bad/logo.png": []byte("<svg/>"),
	} {
		writeFile(t, filepath.Join(dir, "in", name), data)
	}
	out := filepath.Join(dir, "out")
	var stderr bytes.Buffer
	err = run(context.Background(), io.Discard, &stderr, []string{"build", "--format", "pdf", "--lang", "en", "-o", out, filepath.Join(dir, "in")}, fixedEnv)
	if err == nil || !strings.Contains(stderr.String(), `bad: `+filepath.Join(dir, "in", "bad", "report.toml")+`: logo "logo.png" is not a PNG or JPEG image`) {
		t.Errorf("bad logo: err %v, stderr:\n%s", err, stderr.String())
	}
	doc, err := os.ReadFile(filepath.Join(out, "r", "en", "report.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	// Every standard chart but 08 (one configuration: no speculative
	// pair) and the energy charts (no telemetry, no price), and the
	// logo: its image and its alpha mask.
	if n, want := bytes.Count(doc, []byte("/Subtype /Image")), len(chart.Names())-1-len(chart.EnergyCharts())+2; n != want {
		t.Errorf("%d images in the PDF, want %d (every chart but 08, and the logo with its mask)", n, want)
	}
	if _, err := os.Stat(filepath.Join(out, "bad")); err == nil {
		t.Error("the failed report left output")
	}
}
