package chart

import (
	"math"
	"testing"

	"github.com/openzeka/reportgen/analyze"
)

// TestAxisX: an unbounded rate sits infGap doublings past the top
// finite level (further than the next doubling, so ∞ reads as no rate);
// finite levels sit at their value.
func TestAxisX(t *testing.T) {
	t.Parallel()
	inf := analyze.Load(math.Inf(1))
	levels := []analyze.Load{0.5, 4, inf}
	for _, tt := range []struct {
		x    analyze.Load
		want float64
	}{{0.5, 0.5}, {4, 4}, {inf, 4 * math.Pow(2, infGap)}} {
		if got := axisX(levels, tt.x); got != tt.want {
			t.Errorf("axisX(%v) = %v, want %v", tt.x, got, tt.want)
		}
	}
	if infGap <= 1 {
		t.Errorf("∞ sits %v doublings past the top level: it would read as the next rate", infGap)
	}
	if got := axisX([]analyze.Load{inf}, inf); got != math.Pow(2, infGap) {
		t.Errorf("axisX of ∞ alone = %v, want %v", got, math.Pow(2, infGap))
	}
}
