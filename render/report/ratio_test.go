package report

import (
	"math"
	"testing"

	"github.com/openzeka/reportgen/analyze"
	"github.com/openzeka/reportgen/internal/reporttest"
)

// TestDiffOf: the one rule that decides how a difference is written: a
// percentage of the value compared with below 2× (at the two decimals a
// factor is written with), the factor from exactly 2× on, either way.
func TestDiffOf(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b float64
		want diff
		ok   bool
	}{
		{"equal", 5, 5, diff{up: true, size: 0}, true},
		{"a hair up", 1.0001, 1, diff{up: true, size: 0.0001}, true},
		{"45% more", 1.45, 1, diff{up: true, size: 0.45}, true},
		{"a hair under 2× up", 1.99, 1, diff{up: true, size: 0.99}, true},
		{"under 2× as written up", 1.9949, 1, diff{up: true, size: 0.9949}, true},
		{"2.00× as written up", 1.9951, 1, diff{up: true, factor: true, size: 1.9951}, true},
		{"exactly 2× up", 2, 1, diff{up: true, factor: true, size: 2}, true},
		{"a hair over 2× up", 2.01, 1, diff{up: true, factor: true, size: 2.01}, true},
		{"41% lower", 0.59, 1, diff{size: 0.41}, true},
		{"a hair under 2× down", 1, 1.99, diff{size: 1 - 1/1.99}, true},
		{"exactly 2× down", 1, 2, diff{factor: true, size: 2}, true},
		{"a hair over 2× down", 1, 2.01, diff{factor: true, size: 2.01}, true},
		{"2.45× slower", 11.21, 27.49, diff{factor: true, size: 27.49 / 11.21}, true},
		{"zero", 0, 1, diff{}, false},
		{"negative", 1, -1, diff{}, false},
		{"NaN", math.NaN(), 1, diff{}, false},
		{"Inf", math.Inf(1), 1, diff{}, false},
	} {
		got, ok := diffOf(tc.a, tc.b)
		if ok != tc.ok || got.up != tc.want.up || got.factor != tc.want.factor || math.Abs(got.size-tc.want.size) > 1e-12 {
			t.Errorf("%s: diffOf(%g, %g) = %+v, %v; want %+v, %v", tc.name, tc.a, tc.b, got, ok, tc.want, tc.ok)
		}
	}
}

// TestNoDecreaseOver50: whatever the two values, a decrease written as a
// percentage is less than 50%: a fall of 100% or more cannot be written.
func TestNoDecreaseOver50(t *testing.T) {
	for a := 0.01; a < 1; a += 0.0007 {
		d, ok := diffOf(a, 1)
		if !ok || d.up {
			t.Fatalf("diffOf(%g, 1) = %+v, %v", a, d, ok)
		}
		if !d.factor && d.size >= 0.5 {
			t.Errorf("diffOf(%g, 1): a decrease of %g written as a percentage", a, d.size)
		}
		if d.factor && d.size < 1.995 {
			t.Errorf("diffOf(%g, 1): a factor of %g under 2×", a, d.size)
		}
	}
}

// TestDiffWording: the rule as each language writes it, at its
// boundaries, in every sentence form: a level, a speed, a bare amount,
// a load step, and a metric's comparison with better or worse.
func TestDiffWording(t *testing.T) {
	vs := views(t, reporttest.Tiny())
	for _, tc := range []struct {
		name string
		got  func(v *view) string
		want map[string]string
	}{
		{"level a hair under 2×", func(v *view) string { return v.diffText(1.99, 1, levelWords) }, map[string]string{"en": "99% higher", "tr": "%99 daha yüksek"}},
		{"level exactly 2×", func(v *view) string { return v.diffText(2, 1, levelWords) }, map[string]string{"en": "2× higher", "tr": "2 kat daha yüksek"}},
		{"level a hair over 2×", func(v *view) string { return v.diffText(2.01, 1, levelWords) }, map[string]string{"en": "2.01× higher", "tr": "2,01 kat daha yüksek"}},
		{"level down", func(v *view) string { return v.diffText(4.84, 9.46, levelWords) }, map[string]string{"en": "49% lower", "tr": "%49 daha düşük"}},
		{"speed down a hair under 2×", func(v *view) string { return v.diffText(1, 1.99, speedWords) }, map[string]string{"en": "50% slower", "tr": "%50 daha yavaş"}},
		{"speed down from 2×", func(v *view) string { return v.diffText(11.21, 27.49, speedWords) }, map[string]string{"en": "2.45× slower", "tr": "2,45 kat daha yavaş"}},
		{"speed up", func(v *view) string { return v.diffText(187.74, 100.84, speedWords) }, map[string]string{"en": "86% faster", "tr": "%86 daha hızlı"}},
		{"a factor with one decimal", func(v *view) string { return v.rise(12.4) }, map[string]string{"en": "12.4×", "tr": "12,4 kat"}},
		{"a whole factor", func(v *view) string { return v.rise(64) }, map[string]string{"en": "64×", "tr": "64 kat"}},
		{"a rise of 1%", func(v *view) string { return v.rise(1.01) }, map[string]string{"en": "1%", "tr": "%1"}},
		{"a fall", func(v *view) string { return v.rise(0.9) }, map[string]string{"en": "10%", "tr": "%10"}},
		{"no ratio", func(v *view) string { return v.rise(math.NaN()) }, map[string]string{"en": "–", "tr": "–"}},
		{"a load step rounds its factor", func(v *view) string { return v.loadRise(2.96) }, map[string]string{"en": "3×", "tr": "3 kat"}},
		{"a load step under 2×", func(v *view) string { return v.loadRise(1.5) }, map[string]string{"en": "50%", "tr": "%50"}},
		{"gap range in percent", func(v *view) string { return v.gapRange(1.36, 1.49) }, map[string]string{"en": "36–49%", "tr": "%36–49"}},
		{"gap range up to a factor", func(v *view) string { return v.gapRange(1.8, 2.3) }, map[string]string{"en": "1.80–2.30×", "tr": "1,80–2,30 kat"}},
		{"lower time is better", func(v *view) string { return v.versus(analyze.ITL, 4.84, 9.46, false) }, map[string]string{"en": "49% lower, better", "tr": "%49 daha düşük, daha iyi"}},
		{"higher time is worse", func(v *view) string { return v.versus(analyze.ITL, 95.38, 30.82, false) }, map[string]string{"en": "3.09× higher, worse", "tr": "3,09 kat daha yüksek, daha kötü"}},
		{"a speed says itself", func(v *view) string { return v.versus(analyze.TPS, 11.21, 27.49, false) }, map[string]string{"en": "2.45× slower", "tr": "2,45 kat daha yavaş"}},
		{"a tie", func(v *view) string { return v.versus(analyze.TPS, 30.92, 30.54, true) }, map[string]string{"en": "on par, within 5%", "tr": "başa baş, %5 içinde"}},
	} {
		for lang, v := range vs {
			if got := tc.got(v); got != tc.want[lang] {
				t.Errorf("%s %s: %q, want %q", tc.name, lang, got, tc.want[lang])
			}
		}
	}
}
