package pdf

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/png"
	"strings"
	"testing"
)

// pngHeader is the start of a PNG file that claims w × h pixels: enough
// for image.DecodeConfig, nothing to decode.
func pngHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], 13)
	copy(head[4:], "IHDR")
	b.Write(head[:])
	b.Write(ihdr)
	crc := crc32.NewIEEE()
	crc.Write(head[4:])
	crc.Write(ihdr)
	b.Write(binary.BigEndian.AppendUint32(nil, crc.Sum32()))
	return b.Bytes()
}

// TestLogoLimits: each limit at its boundary. At MaxLogoPixels a logo
// passes the check, one row more does not; a strip within the pixel cap
// is no logo; a side of exactly MaxLogoSide passes. Write refuses what
// CheckLogo refuses.
func TestLogoLimits(t *testing.T) {
	if err := CheckLogo(pngHeader(5000, 5000)); err != nil {
		t.Errorf("a logo of exactly MaxLogoPixels was refused: %v", err)
	}
	if err := CheckLogo(pngHeader(5000, 5001)); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("a logo of MaxLogoPixels + 5000 pixels was not refused for its size: %v", err)
	}
	if err := CheckLogo(pngHeader(1, 25_000_000)); err == nil || !strings.Contains(err.Error(), "each side may be at most 10000 pixels") {
		t.Errorf("a 1×25000000 strip was not refused: %v", err)
	}
	if err := CheckLogo(pngHeader(MaxLogoSide, 2)); err != nil {
		t.Errorf("a side of exactly MaxLogoSide was refused: %v", err)
	}
	if err := CheckLogo(pngHeader(MaxLogoSide+1, 2)); err == nil {
		t.Error("a side of MaxLogoSide + 1 was accepted")
	}
	if err := CheckLogo(nil); err != nil {
		t.Errorf("no logo: %v", err)
	}
	for _, bad := range [][]byte{[]byte("GIF89a not a logo"), pngHeader(0, 10), pngHeader(60000, 60000)} {
		if CheckLogo(bad) == nil {
			t.Errorf("CheckLogo accepted %q", bad[:8])
		}
		if _, err := Write(parse(t, "# T\n"), []byte("# T\n"), Assets{Logo: bad}); err == nil {
			t.Errorf("Write accepted the logo %q", bad[:8])
		}
	}
}

// noise is a w × h image of pseudo-random pixels, which no encoder can
// shrink much.
func noise(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	x := uint32(2463534242)
	for i := range img.Pix {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		img.Pix[i] = byte(x)
	}
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 0xff
	}
	return img
}

// TestLogoScaledToItsBox: a logo larger than its printed box at 300 dpi
// is scaled down to it; one no larger is embedded as it is.
func TestLogoScaledToItsBox(t *testing.T) {
	var big bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&big, noise(4000, 4000)); err != nil {
		t.Fatal(err)
	}
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
	var wide bytes.Buffer
	if err := png.Encode(&wide, noise(2000, 400)); err != nil {
		t.Fatal(err)
	}
	logo, err = prepareLogo(wide.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	cfg, _, _ = image.DecodeConfig(bytes.NewReader(logo.data))
	if cfg.Width != 625 || cfg.Height != 125 || logo.w != 150 || logo.h != 30 {
		t.Errorf("wide logo embedded at %d×%d px in %.0f×%.0f pt, want 625×125 in 150×30", cfg.Width, cfg.Height, logo.w, logo.h)
	}
	// Small enough already: the file's own bytes.
	var small bytes.Buffer
	if err := png.Encode(&small, noise(200, 100)); err != nil {
		t.Fatal(err)
	}
	logo, err = prepareLogo(small.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(logo.data, small.Bytes()) {
		t.Error("a logo smaller than its box was re-encoded")
	}
}
