package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkKimiSample builds the kimi sample report: both editions, in
// Markdown, HTML and PDF, with the charts, written to a folder.
func BenchmarkKimiSample(b *testing.B) {
	out := b.TempDir()
	for b.Loop() {
		if err := run(context.Background(), io.Discard, io.Discard, []string{"build", "-o", out, "../../samples/kimi-k3-b300"}, fixedEnv); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompareSample compares the sample pair (per-request data,
// Mann–Whitney tests) and writes compare.json and both comparison
// editions in every format.
func BenchmarkCompareSample(b *testing.B) {
	out := filepath.Join(b.TempDir(), "cmp")
	for b.Loop() {
		if err := run(context.Background(), io.Discard, io.Discard, []string{"compare", "-o", out, "../../samples/compare/before", "../../samples/compare/after"}, fixedEnv); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCampaign24x10 builds a synthetic campaign of 24
// configurations × 10 levels (c = 1 … 512), both editions, every format.
func BenchmarkCampaign24x10(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "campaign")
	writeCampaign(b, dir, 24, 10)
	out := b.TempDir()
	for b.Loop() {
		if err := run(context.Background(), io.Discard, io.Discard, []string{"build", "-o", out, dir}, fixedEnv); err != nil {
			b.Fatal(err)
		}
	}
}

// writeCampaign writes n llm-benchmark CSVs of levels levels each into
// dir: plausible curves (TTFT and latency grow with the load, per-user
// TPS falls), each configuration a little faster or slower than the
// last, so that the report has findings, ties and capacities to state.
func writeCampaign(tb testing.TB, dir string, n, levels int) {
	tb.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	engines := []string{"vllm", "sglang", "trtllm", "lmdeploy"}
	for i := range n {
		var b strings.Builder
		b.WriteString("c,ttft_mean,ttft_p90,itl_mean,itl_p90,tps_mean,tps_p90,lat_mean,lat_p90,rps\n")
		speed := 1 + 0.04*float64(i%7) - 0.03*float64(i%5)
		for l := range levels {
			c := 1 << l
			load := math.Log2(float64(c)) + 1
			ttft := 60 * load * load / speed
			itl := (9 + 0.8*load*load) / speed
			tps := 1000 / itl
			lat := (ttft + itl*255) / 1000
			fmt.Fprintf(&b, "%d,%.1f,%.1f,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f\n",
				c, ttft, ttft*1.3, itl, itl*1.1, tps, tps*0.9, lat, lat*1.2, 1/lat)
		}
		mode := "direct"
		if i%2 == 1 {
			mode = "spec"
		}
		name := fmt.Sprintf("%s-%s-%02d.csv", engines[i%len(engines)], mode, i)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(b.String()), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}
