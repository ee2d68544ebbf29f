// Package browsertest opens reportgen's HTML pages in headless Chromium
// for tests (chromedp): a page at a fragment, its script run, and what
// the script and the DOM then say. A test without Chromium is skipped on
// a developer's machine and fails in CI (CI=true), as every test of an
// external program does.
package browsertest

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// Path is where the tests look for Chromium first; else on $PATH.
const Path = "/usr/bin/chromium"

// Browser is one headless Chromium for a test, closed when it ends.
type Browser struct {
	ctx context.Context
}

// New starts Chromium, width px wide, with the flags of a quiet,
// offline browser and a user-data-dir of its own.
func New(t testing.TB, width int) *Browser {
	t.Helper()
	path := Path
	if _, err := os.Stat(path); err != nil {
		p, err := exec.LookPath("chromium")
		if err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("chromium is not installed; .ci/run must install it")
			}
			t.Skip("chromium not installed")
		}
		path = p
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(filepath.Join(t.TempDir(), "profile")),
		chromedp.WindowSize(width, 1000),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	// The first run starts the browser; it lives as long as ctx.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("chromium: %v", err)
	}
	return &Browser{ctx: ctx}
}

// Page is one page open in the browser's tab.
type Page struct {
	b *Browser
}

// Open loads the page at file, at fragment ("" for none; without the
// #), in the browser's one tab, scripts on or off; the page is loaded
// afresh, as a link opens it.
func (b *Browser) Open(t testing.TB, file, fragment string, scripts bool) *Page {
	t.Helper()
	abs, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	u := (&url.URL{Scheme: "file", Path: abs}).String()
	if fragment != "" {
		u += "#" + fragment
	}
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.Navigate("about:blank"),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: !scripts})
			return err
		}),
		chromedp.Navigate(u),
	}
	if err := b.do(steps...); err != nil {
		t.Fatalf("open %s: %v", u, err)
	}
	return &Page{b: b}
}

func (b *Browser) do(steps ...chromedp.Action[chromedp.Void]) error {
	ctx, cancel := context.WithTimeout(b.ctx, time.Minute)
	defer cancel()
	return chromedp.Do(ctx, steps...)
}

// Eval evaluates expression in the page and decodes its value, as JSON,
// into out.
func (p *Page) Eval(t testing.TB, expression string, out any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(p.b.ctx, time.Minute)
	defer cancel()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](expression))
	if err != nil {
		t.Fatalf("evaluate %.80q: %v", expression, err)
	}
	if out == nil {
		return
	}
	if err := json.Unmarshal(raw, out); err != nil {
		t.Fatalf("evaluate %.80q: %v: %s", expression, err, raw)
	}
}

// Media emulates a CSS media type in the page ("print"; "" for the
// screen's).
func (p *Page) Media(t testing.TB, media string) {
	t.Helper()
	err := p.b.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: media})
		return err
	}))
	if err != nil {
		t.Fatalf("media %q: %v", media, err)
	}
}

// Screenshot is the page's viewport as PNG.
func (p *Page) Screenshot(t testing.TB) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(p.b.ctx, time.Minute)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	return png
}

// Quote writes s as a JavaScript string literal.
func Quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
