package pdf

import (
	"bytes"
	"image"
	"strings"
	"testing"

	"github.com/openzeka/reportgen/internal/testutil"
)

// TestLogoLimits: each limit at its boundary. At MaxLogoPixels a logo
// passes the check, one row more does not; a strip within the pixel cap
// is no logo; a side of exactly MaxLogoSide passes. Write refuses what
// CheckLogo refuses.
func TestLogoLimits(t *testing.T) {
	t.Parallel()
	if err := CheckLogo(testutil.PNGHeader(5000, 5000)); err != nil {
		t.Errorf("a logo of exactly MaxLogoPixels was refused: %v", err)
	}
	if err := CheckLogo(testutil.PNGHeader(5000, 5001)); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("a logo of MaxLogoPixels + 5000 pixels was not refused for its size: %v", err)
	}
	if err := CheckLogo(testutil.PNGHeader(1, 25_000_000)); err == nil || !strings.Contains(err.Error(), "each side may be at most 10000 pixels") {
		t.Errorf("a 1×25000000 strip was not refused: %v", err)
	}
	if err := CheckLogo(testutil.PNGHeader(MaxLogoSide, 2)); err != nil {
		t.Errorf("a side of exactly MaxLogoSide was refused: %v", err)
	}
	if err := CheckLogo(testutil.PNGHeader(MaxLogoSide+1, 2)); err == nil {
		t.Error("a side of MaxLogoSide + 1 was accepted")
	}
	if err := CheckLogo(nil); err != nil {
		t.Errorf("no logo: %v", err)
	}
	for _, bad := range [][]byte{[]byte("GIF89a not a logo"), testutil.PNGHeader(0, 10), testutil.PNGHeader(60000, 60000)} {
		if CheckLogo(bad) == nil {
			t.Errorf("CheckLogo accepted %q", bad[:8])
		}
		if _, err := Write(parse(t, "# T\n"), []byte("# T\n"), Assets{Logo: bad}); err == nil {
			t.Errorf("Write accepted the logo %q", bad[:8])
		}
	}
}

// TestLogoScaledToItsBox: a logo larger than its printed box at 300 dpi
// is scaled down to it; one no larger is embedded as it is.
func TestLogoScaledToItsBox(t *testing.T) {
	t.Parallel()
	big := bytes.NewBuffer(testutil.NoisePNG(4000, 4000))
	logo, err := prepareLogo(big.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(logo.data))
	if err != nil {
		t.Fatal(err)
	}
	// The box is 70 × 70 pt: 292 × 292 pixels at 300 dpi.
	if cfg.Width != 292 || cfg.Height != 292 || logo.w != 70 || logo.h != 70 {
		t.Errorf("logo embedded at %d×%d px in %.0f×%.0f pt, want 292×292 in 70×70", cfg.Width, cfg.Height, logo.w, logo.h)
	}
	// A wide logo fills the box's width: 150 × 30 pt, 625 × 125 px.
	logo, err = prepareLogo(testutil.NoisePNG(2000, 400))
	if err != nil {
		t.Fatal(err)
	}
	cfg, _, _ = image.DecodeConfig(bytes.NewReader(logo.data))
	if cfg.Width != 625 || cfg.Height != 125 || logo.w != 150 || logo.h != 30 {
		t.Errorf("wide logo embedded at %d×%d px in %.0f×%.0f pt, want 625×125 in 150×30", cfg.Width, cfg.Height, logo.w, logo.h)
	}
	// Small enough already: the file's own bytes.
	small := testutil.NoisePNG(200, 100)
	logo, err = prepareLogo(small)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(logo.data, small) {
		t.Error("a logo smaller than its box was re-encoded")
	}
}
