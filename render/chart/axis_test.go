package chart

import (
	"math"
	"testing"

	"github.com/openzeka/reportgen/analyze"
)

// TestAxisX: an unbounded rate sits one doubling past the top finite
// level; finite levels sit at their value.
func TestAxisX(t *testing.T) {
	levels := []analyze.Load{0.5, 4, analyze.Load(math.Inf(1))}
	for _, tt := range []struct {
		x    analyze.Load
		want float64
	}{{0.5, 0.5}, {4, 4}, {analyze.Load(math.Inf(1)), 8}} {
		if got := axisX(levels, tt.x); got != tt.want {
			t.Errorf("axisX(%v) = %v, want %v", tt.x, got, tt.want)
		}
	}
	if got := axisX([]analyze.Load{analyze.Load(math.Inf(1))}, analyze.Load(math.Inf(1))); got != 2 {
		t.Errorf("axisX of ∞ alone = %v, want 2", got)
	}
}

func TestLevelRank(t *testing.T) {
	levels := []analyze.Load{0.5, 2, analyze.Load(math.Inf(1))}
	for _, tt := range []struct {
		x    analyze.Load
		want int
	}{{0.5, 1}, {2, 2}, {analyze.Load(math.Inf(1)), 3}, {0, 0}, {4, 0}} {
		if got := levelRank(levels, tt.x); got != tt.want {
			t.Errorf("levelRank(%v) = %d, want %d", tt.x, got, tt.want)
		}
	}
}
