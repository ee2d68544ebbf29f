package chart

import (
	"image"
	"math"

	"golang.org/x/image/draw"
	"golang.org/x/image/math/f64"
)

// glyphInterp is the interpolator gg draws text with on the PNG's
// raster. gg draws every glyph through an affine transform, which
// x/image/draw serves on its slowest, per-pixel generic path even when
// the transform only moves the glyph by whole pixels, as it does for all
// upright text: a tenth of a build's time. A whole-pixel move is a plain
// masked draw, which x/image/draw serves on its fast path; anything else
// (rotated axis titles, images) goes to bilinear as before.
type glyphInterp struct{}

var _ draw.Interpolator = glyphInterp{}

// Transform draws src moved by m when m is a whole-pixel translation,
// and hands every other transform to draw.BiLinear.
func (glyphInterp) Transform(dst draw.Image, m f64.Aff3, src image.Image, sr image.Rectangle, op draw.Op, opts *draw.Options) {
	if t, ok := wholePixelMove(m); ok && (opts == nil || opts.DstMask == nil) {
		var mask image.Image
		var mp image.Point
		if opts != nil && opts.SrcMask != nil {
			mask, mp = opts.SrcMask, opts.SrcMaskP.Add(sr.Min)
		}
		draw.DrawMask(dst, sr.Add(t), src, sr.Min, mask, mp, op)
		return
	}
	draw.BiLinear.Transform(dst, m, src, sr, op, opts)
}

// Scale is draw.BiLinear's.
func (glyphInterp) Scale(dst draw.Image, dr image.Rectangle, src image.Image, sr image.Rectangle, op draw.Op, opts *draw.Options) {
	draw.BiLinear.Scale(dst, dr, src, sr, op, opts)
}

// wholePixelMove reports whether m = [1 0 tx; 0 1 ty] with whole tx and
// ty, and returns (tx, ty).
func wholePixelMove(m f64.Aff3) (image.Point, bool) {
	if m[0] != 1 || m[1] != 0 || m[3] != 0 || m[4] != 1 {
		return image.Point{}, false
	}
	tx, ty := m[2], m[5]
	if tx != math.Trunc(tx) || ty != math.Trunc(ty) || math.Abs(tx) > 1<<30 || math.Abs(ty) > 1<<30 {
		return image.Point{}, false
	}
	return image.Pt(int(tx), int(ty)), true
}
