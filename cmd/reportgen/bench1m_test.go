package main

import (
	"context"
	"encoding/json"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/ingest"
	"github.com/openzeka/reportgen/render"
	"github.com/openzeka/reportgen/render/report"
)

// The shape of the per-request campaigns of the 1 M benchmarks: 4
// configurations × 8 levels (c = 1 … 128) × 31 250 requests, one
// per-request CSV per configuration (about 27 MB in all).
const (
	reqConfigs  = 4
	reqLevels   = 8
	reqPerLevel = 31_250
)

// reqConfig is one configuration of a generated per-request campaign:
// its mean TTFT (ms) and TPOT (ms) at c = 1, and their growth with the
// load: at concurrency c the mean TTFT is ttft × (1 + ttftGrow ×
// c^1.2 / 4), the mean TPOT tpot × (1 + tpGrow × log2(c)² / 4) (at c =
// 128 about 3.4 s and 2.5 × tpot).
type reqConfig struct {
	id               string
	ttft, tpot       float64
	ttftGrow, tpGrow float64
}

// reqCampaign are the configurations of the baseline; the candidate
// (after) has vllm-direct's TTFT 20 % lower from c = 16 on and
// sglang-direct's TPOT 8 % higher, the others unchanged (new requests).
var reqCampaign = [reqConfigs]reqConfig{
	{"vllm-direct", 45, 7, 0.9, 0.12},
	{"vllm-eagle", 50, 4.5, 0.95, 0.2},
	{"sglang-direct", 40, 7.2, 0.85, 0.13},
	{"trtllm-direct", 38, 6.6, 1.0, 0.11},
}

// writeRequestCampaign writes the per-request campaign into dir (after:
// the candidate's changes): each request's TTFT log-normal around its
// level's mean, its TPOT normal around its level's, its output 128 to
// 384 tokens, its latency TTFT + TPOT × (tokens − 1); at the top level
// one request in 400 fails (a timeout, its numbers empty). Seeded, so
// every run writes the same files.
func writeRequestCampaign(tb testing.TB, dir string, after bool) {
	tb.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	for i, cfg := range reqCampaign {
		seed := uint64(i + 1)
		if after {
			seed += 100
		}
		data := requestRows(cfg, rand.New(rand.NewPCG(seed, 0)), after)
		if err := os.WriteFile(filepath.Join(dir, cfg.id+".csv"), data, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// requestRows is one configuration's per-request CSV.
func requestRows(cfg reqConfig, r *rand.Rand, after bool) []byte {
	const sigma = 0.35
	buf := []byte("concurrency,ttft_ms,itl_ms,latency_s,output_tokens,error\n")
	for l := range reqLevels {
		c := 1 << l
		load := float64(l)
		ttftMean := cfg.ttft * (1 + cfg.ttftGrow*math.Pow(float64(c), 1.2)/4)
		tpotMean := cfg.tpot * (1 + cfg.tpGrow*load*load/4)
		if after && cfg.id == "vllm-direct" && c >= 16 {
			ttftMean *= 0.8
		}
		if after && cfg.id == "sglang-direct" {
			tpotMean *= 1.08
		}
		for k := range reqPerLevel {
			buf = strconv.AppendInt(buf, int64(c), 10)
			if l == reqLevels-1 && k%400 == 399 {
				buf = append(buf, ",,,,0,timeout\n"...)
				continue
			}
			ttft := ttftMean * math.Exp(sigma*r.NormFloat64()-sigma*sigma/2)
			tpot := math.Max(tpotMean*(1+0.05*r.NormFloat64()), tpotMean/4)
			tokens := 128 + r.IntN(257)
			latency := (ttft + tpot*float64(tokens-1)) / 1000
			buf = append(buf, ',')
			buf = strconv.AppendFloat(buf, ttft, 'f', 2, 64)
			buf = append(buf, ',')
			buf = strconv.AppendFloat(buf, tpot, 'f', 3, 64)
			buf = append(buf, ',')
			buf = strconv.AppendFloat(buf, latency, 'f', 4, 64)
			buf = append(buf, ',')
			buf = strconv.AppendInt(buf, int64(tokens), 10)
			buf = append(buf, ",\n"...)
		}
	}
	return buf
}

// BenchmarkCampaign1MRequestsMarkdown builds the English Markdown
// edition of a campaign of 1 M per-request rows (4 configurations × 8
// levels × 31 250 requests): cli is "reportgen build --format md --lang
// en", its PNG charts and analysis.json included, written to a folder;
// binary is the same command run as a process of its own, which reports
// its peak resident set (peak-RSS-MB, on Linux); nocharts reads, analyzes and writes the Markdown and analysis.json
// without drawing a chart; read is ingest.Read alone.
func BenchmarkCampaign1MRequestsMarkdown(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "campaign")
	writeRequestCampaign(b, dir, false)
	b.Run("cli", func(b *testing.B) {
		out := b.TempDir()
		b.ReportAllocs()
		for b.Loop() {
			if err := run(context.Background(), io.Discard, io.Discard, []string{"build", "--format", "md", "--lang", "en", "-o", out, dir}, fixedEnv); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("binary", func(b *testing.B) {
		benchRSS(b, "build", "--format", "md", "--lang", "en", "-o", b.TempDir(), dir)
	})
	b.Run("nocharts", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			c, err := ingest.Read(dir, ingest.ReadOptions{})
			if err != nil {
				b.Fatal(err)
			}
			r, err := analyze.Build(c, analyze.Options{Now: time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC)})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := json.MarshalIndent(r, "", "  "); err != nil {
				b.Fatal(err)
			}
			if _, err := render.New(report.New(r), render.Options{Lang: "en"}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("read", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			c, err := ingest.Read(dir, ingest.ReadOptions{})
			if err != nil || len(c.Configs) != reqConfigs {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkCompare1MRequests compares two campaigns of 1 M per-request
// rows each (the shape of BenchmarkCampaign1MRequestsMarkdown; the
// candidate with a faster TTFT in one configuration and a slower TPOT
// in another): summary is "reportgen compare" printing its summary,
// binary the same run as a process of its own, which reports its peak
// resident set (peak-RSS-MB, on Linux), editions adds -o with the
// English Markdown edition and its charts.
func BenchmarkCompare1MRequests(b *testing.B) {
	tmp := b.TempDir()
	before, after := filepath.Join(tmp, "before"), filepath.Join(tmp, "after")
	writeRequestCampaign(b, before, false)
	writeRequestCampaign(b, after, true)
	b.Run("summary", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := run(context.Background(), io.Discard, io.Discard, []string{"compare", before, after}, fixedEnv); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("binary", func(b *testing.B) {
		benchRSS(b, "compare", before, after)
	})
	b.Run("editions", func(b *testing.B) {
		out := filepath.Join(b.TempDir(), "cmp")
		b.ReportAllocs()
		for b.Loop() {
			if err := run(context.Background(), io.Discard, io.Discard, []string{"compare", "--format", "md", "--lang", "en", "-o", out, before, after}, fixedEnv); err != nil {
				b.Fatal(err)
			}
		}
	})
}
