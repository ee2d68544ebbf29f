package pdf

import (
	"bytes"
	"fmt"
	"image"
	_ "image/jpeg" // logos may be JPEG
	"image/png"
	"math"

	xdraw "golang.org/x/image/draw"
)

// MaxLogoPixels is the largest logo the PDF accepts, in pixels (width ×
// height): 25 million, a 5000 × 5000 image. The size is read from the
// image header before any pixel is decoded, so a small file that
// claims a huge image (a decompression bomb) is refused at once.
const MaxLogoPixels = 25_000_000

// MaxLogoSide is the longest side a logo may have, in pixels: a strip of
// 1 × 25,000,000 pixels is within MaxLogoPixels but no logo.
const MaxLogoSide = 10_000

// The logo's box on the cover, in points, and the resolution a larger
// logo is scaled down to before it is embedded.
const (
	logoMaxW = 150.0
	logoMaxH = 70.0
	logoDPI  = 300.0
)

// coverLogo is the logo as it goes on the cover.
type coverLogo struct {
	data []byte  // PNG or JPEG to embed
	w, h float64 // printed size in points
}

// CheckLogo checks a logo from its header alone, before any pixel is
// decoded: nil for no logo or a good one; an error for an image that is
// not a PNG or JPEG, is empty, has more than MaxLogoPixels pixels or a
// side longer than MaxLogoSide.
func CheckLogo(raw []byte) error {
	_, err := checkLogo(raw)
	return err
}

// checkLogo is CheckLogo, with the image's header.
func checkLogo(raw []byte) (image.Config, error) {
	if len(raw) == 0 {
		return image.Config{}, nil
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil {
		return cfg, fmt.Errorf("logo: not a PNG or JPEG image: %w", err)
	}
	if format != "png" && format != "jpeg" {
		return cfg, fmt.Errorf("logo: a %s image; expected PNG or JPEG", format)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return cfg, fmt.Errorf("logo: the image is %d×%d pixels, empty", cfg.Width, cfg.Height)
	}
	if px := int64(cfg.Width) * int64(cfg.Height); px > MaxLogoPixels {
		return cfg, fmt.Errorf("logo: the image is %d×%d pixels; at most %d pixels are accepted", cfg.Width, cfg.Height, MaxLogoPixels)
	}
	if cfg.Width > MaxLogoSide || cfg.Height > MaxLogoSide {
		return cfg, fmt.Errorf("logo: the image is %d×%d pixels; each side may be at most %d pixels", cfg.Width, cfg.Height, MaxLogoSide)
	}
	return cfg, nil
}

// prepareLogo checks the logo (CheckLogo) and fits it to its box on
// the cover: nil for no logo. A logo with more pixels than its printed
// size holds at logoDPI is scaled down to that size, so that its bytes
// in the PDF follow the printed size, not the file's.
func prepareLogo(raw []byte) (*coverLogo, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	cfg, err := checkLogo(raw)
	if err != nil {
		return nil, err
	}
	w, h := logoMaxW, logoMaxW*float64(cfg.Height)/float64(cfg.Width)
	if h > logoMaxH {
		h, w = logoMaxH, logoMaxH*float64(cfg.Width)/float64(cfg.Height)
	}
	pw := max(1, int(math.Round(w/72*logoDPI)))
	ph := max(1, int(math.Round(h/72*logoDPI)))
	if cfg.Width <= pw && cfg.Height <= ph {
		return &coverLogo{data: raw, w: w, h: h}, nil
	}
	img, _, err := image.Decode(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("logo: %w", err)
	}
	small := image.NewRGBA(image.Rect(0, 0, pw, ph))
	xdraw.CatmullRom.Scale(small, small.Bounds(), img, img.Bounds(), xdraw.Src, nil)
	var buf bytes.Buffer
	// An opaque image is written as RGB (image/png checks), so the PDF
	// gets no soft mask for it.
	if err := png.Encode(&buf, small); err != nil {
		return nil, fmt.Errorf("logo: %w", err)
	}
	return &coverLogo{data: buf.Bytes(), w: w, h: h}, nil
}
