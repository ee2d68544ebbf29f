package chart

import (
	"bufio"
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"

	"github.com/klauspost/compress/zlib"
)

// encodePNG writes an opaque RGBA image as an 8-bit RGB PNG with no row
// filter. image/png tries all five filters on every row, which cost half
// of the chart rendering time; on charts (large flat areas) unfiltered
// rows measured both faster and smaller than any single filter
// (01-ttft: 131 KB unfiltered, 134 KB Paeth, 145 KB Up, 154 KB Sub).
func encodePNG(w io.Writer, img *image.RGBA) error {
	b := img.Bounds()
	width, height := b.Dx(), b.Dy()
	if _, err := io.WriteString(w, "\x89PNG\r\n\x1a\n"); err != nil {
		return err
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, 2 // bit depth 8, colour type RGB
	if err := writeChunk(w, "IHDR", ihdr); err != nil {
		return err
	}
	cw := &chunkWriter{w: w}
	bw := bufio.NewWriterSize(cw, 1<<16)
	zw, err := zlib.NewWriterLevel(bw, zlib.BestSpeed)
	if err != nil {
		return err
	}
	out := make([]byte, 1+3*width) // filter type 0, then RGB
	for y := 0; y < height; y++ {
		at := (y+b.Min.Y-img.Rect.Min.Y)*img.Stride + (b.Min.X-img.Rect.Min.X)*4
		src, dst := img.Pix[at:at+4*width], out[1:]
		// Slices shortened as they go: no bounds check per byte.
		for len(src) >= 4 && len(dst) >= 3 {
			dst[0], dst[1], dst[2] = src[0], src[1], src[2]
			src, dst = src[4:], dst[3:]
		}
		if _, err := zw.Write(out); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if cw.err != nil {
		return cw.err
	}
	return writeChunk(w, "IEND", nil)
}

// chunkWriter wraps each write in an IDAT chunk.
type chunkWriter struct {
	w   io.Writer
	err error
}

func (c *chunkWriter) Write(p []byte) (int, error) {
	if c.err == nil {
		c.err = writeChunk(c.w, "IDAT", p)
	}
	return len(p), c.err
}

func writeChunk(w io.Writer, typ string, data []byte) error {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], typ)
	crc := crc32.NewIEEE()
	crc.Write(head[4:])
	crc.Write(data)
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], crc.Sum32())
	for _, part := range [][]byte{head[:], data, tail[:]} {
		if _, err := w.Write(part); err != nil {
			return err
		}
	}
	return nil
}
