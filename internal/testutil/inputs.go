package testutil

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/png"
)

// PNGHeader is the start of a PNG file that claims w × h 8-bit RGBA
// pixels and holds none: enough for image.DecodeConfig, nothing to
// decode (a decompression bomb's header, for the logo limits).
func PNGHeader(w, h uint32) []byte {
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

// LongTitle is a title of n characters: Turkish words, a symbol the PDF
// draws in its fallback font, spaces.
func LongTitle(n int) string {
	words := []string{"Çıkarım", "performansı", "İstanbul", "ölçüm", "≤", "şüpheli", "ĞÜŞİÖÇ", "raporu"}
	var out []rune
	for i := 0; len(out) < n; i++ {
		out = append(append(out, []rune(words[i%len(words)])...), ' ')
	}
	return string(out[:n])
}

// NoisePNG is an uncompressed PNG of w × h opaque pseudo-random pixels,
// which no encoder can shrink much: a logo as large in bytes as in
// pixels.
func NoisePNG(w, h int) []byte {
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
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&b, img); err != nil {
		panic(err) // encoding into memory does not fail
	}
	return b.Bytes()
}
