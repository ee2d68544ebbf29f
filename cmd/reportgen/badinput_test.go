package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const goodCSV = "c,ttft_mean,ttft_p90,itl_mean,itl_p90,tps_mean,tps_p90,lat_mean,lat_p90,rps\n" +
	"1,66.5,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79\n" +
	"2,105.5,154.9,11.16,11.58,83.98,83.99,1.52,1.54,0.66\n"

// TestFailedRebuildKeepsOutput: a report that fails leaves its previous
// output exactly as it was.
func TestFailedRebuildKeepsOutput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in, out := filepath.Join(dir, "r"), filepath.Join(dir, "out")
	writeFile(t, filepath.Join(in, "vllm.csv"), []byte(goodCSV))
	args := []string{"build", "--format", "md", "-o", out, in}
	if err := run(context.Background(), io.Discard, io.Discard, args, fixedEnv); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, out)
	writeFile(t, filepath.Join(in, "vllm.csv"), []byte(goodCSV+"4,1,2,3\n"))
	var stderr bytes.Buffer
	err := run(context.Background(), io.Discard, &stderr, args, fixedEnv)
	if err == nil || !strings.Contains(stderr.String(), "vllm.csv:4:1: row has 4 fields, the header has 10") {
		t.Fatalf("err %v, stderr %s", err, stderr.String())
	}
	if after := snapshot(t, out); after != before {
		t.Error("the failed build changed the previous output")
	}
}

// snapshot lists every file under dir with its content.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		b.WriteString(p + "\n" + string(data) + "\n")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestManifestTextSafe: text from the manifest reaches the HTML escaped
// and the PDF intact; input warnings are shown in the report.
func TestManifestTextSafe(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in, out := filepath.Join(dir, "r"), filepath.Join(dir, "out")
	writeFile(t, filepath.Join(in, "report.toml"), []byte(`title = "Bench <script>alert(1)</script> & \"quotes\""
prepared_by = "Çağrı & Şükrü <ops@example.com>"
[[configs]]
id = "vllm"
name = "<img src=x onerror=alert(1)>"
command = "vllm serve --x '<b>' && echo ok"
`))
	// An extra column: ignored, and listed as a warning in the report.
	writeFile(t, filepath.Join(in, "vllm.csv"), []byte(
		"c,ttft_mean,ttft_p90,itl_mean,itl_p90,tps_mean,tps_p90,lat_mean,lat_p90,rps,notes\n1,66.5,70.5,9.46,9.47,100.84,101.30,1.27,1.27,0.79,x\n"))
	if err := run(context.Background(), io.Discard, io.Discard, []string{"build", "--lang", "en", "-o", out, in}, fixedEnv); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(out, "r", "en", "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	for _, bad := range []string{"<script>alert", "<img src=x", "<b>'"} {
		if strings.Contains(html, bad) {
			t.Errorf("manifest text reached the HTML as markup: %q", bad)
		}
	}
	for _, want := range []string{"Bench &lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;quotes&#34;", "&lt;img src=x onerror=alert(1)&gt;",
		"Çağrı &amp; Şükrü &lt;ops@example.com&gt;", "column “notes” is not one this report reads; it was ignored"} {
		if !strings.Contains(html, want) {
			t.Errorf("the HTML lacks %q", want)
		}
	}
	md, _ := os.ReadFile(filepath.Join(out, "r", "en", "report.md"))
	if !strings.Contains(string(md), "Input warnings") || !strings.Contains(string(md), "`r/vllm.csv:1:77`: column “notes” is not one this report reads") {
		t.Error("the input warning is not shown in the report")
	}
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		requireTool(t, "pdftotext")
	}
	text, err := exec.Command(pdftotext, "-enc", "UTF-8", filepath.Join(out, "r", "en", "report.pdf"), "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`Bench <script>alert(1)</script> & "quotes"`, "Çağrı & Şükrü <ops@example.com>", "<img src=x onerror=alert(1)>",
		"vllm serve --x '<b>' && echo ok"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the PDF text lacks %q", want)
		}
	}
}
