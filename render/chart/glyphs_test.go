package chart

import (
	"image"
	"image/color"
	"testing"

	"golang.org/x/image/draw"
	"golang.org/x/image/math/f64"
)

func TestWholePixelMove(t *testing.T) {
	t.Parallel()
	tests := []struct {
		m    f64.Aff3
		want image.Point
		ok   bool
	}{
		{f64.Aff3{1, 0, 0, 0, 1, 0}, image.Pt(0, 0), true},
		{f64.Aff3{1, 0, 12, 0, 1, -7}, image.Pt(12, -7), true},
		{f64.Aff3{1, 0, 12.5, 0, 1, 3}, image.Point{}, false},
		{f64.Aff3{0, -1, 0, 1, 0, 0}, image.Point{}, false}, // a rotated axis title
		{f64.Aff3{2, 0, 0, 0, 2, 0}, image.Point{}, false},
		{f64.Aff3{1, 0, 1e12, 0, 1, 0}, image.Point{}, false},
	}
	for _, tt := range tests {
		got, ok := wholePixelMove(tt.m)
		if got != tt.want || ok != tt.ok {
			t.Errorf("wholePixelMove(%v) = %v, %v; want %v, %v", tt.m, got, ok, tt.want, tt.ok)
		}
	}
}

// TestGlyphInterpMatchesBiLinear: a glyph mask moved by whole pixels,
// and one moved by a fraction (which goes to bilinear), land on the same
// pixels as draw.BiLinear draws them, as gg drew text before, each
// channel within one level: the two paths round a blend differently on
// a grey background (on the charts' white, every pixel of the three
// samples' charts came out the same).
func TestGlyphInterpMatchesBiLinear(t *testing.T) {
	t.Parallel()
	mask := image.NewAlpha(image.Rect(0, 0, 9, 7))
	for i := range mask.Pix {
		mask.Pix[i] = uint8(i * 37)
	}
	src := image.NewUniform(color.RGBA{0x12, 0x34, 0x56, 0xff})
	for _, m := range []f64.Aff3{{1, 0, 3, 0, 1, 2}, {1, 0, 3.25, 0, 1, 2}, {1, 0, -2, 0, 1, 5}} {
		want := image.NewRGBA(image.Rect(0, 0, 20, 16))
		got := image.NewRGBA(want.Rect)
		for i := range want.Pix {
			want.Pix[i], got.Pix[i] = 0xf0, 0xf0
		}
		before := append([]uint8(nil), got.Pix...)
		opts := &draw.Options{SrcMask: mask, SrcMaskP: image.Pt(0, 0)}
		draw.BiLinear.Transform(want, m, src, mask.Rect, draw.Over, opts)
		glyphInterp{}.Transform(got, m, src, mask.Rect, draw.Over, opts)
		for i := range want.Pix {
			if d := int(want.Pix[i]) - int(got.Pix[i]); d < -1 || d > 1 {
				t.Errorf("move %v: byte %d is %d, bilinear draws %d", m, i, got.Pix[i], want.Pix[i])
				break
			}
		}
		if string(before) == string(got.Pix) {
			t.Errorf("move %v drew nothing", m)
		}
	}
}
