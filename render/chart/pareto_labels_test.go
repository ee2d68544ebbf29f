package chart

import (
	"testing"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

func TestSegmentHits(t *testing.T) {
	t.Parallel()
	r := vg.Rectangle{Min: vg.Point{X: 10, Y: 10}, Max: vg.Point{X: 20, Y: 20}}
	pt := func(x, y vg.Length) vg.Point { return vg.Point{X: x, Y: y} }
	for _, tt := range []struct {
		name string
		p, q vg.Point
		want bool
	}{
		{"crosses", pt(0, 15), pt(30, 15), true},
		{"inside", pt(12, 12), pt(18, 18), true},
		{"diagonal through a corner region", pt(0, 0), pt(30, 30), true},
		{"passes beside", pt(0, 25), pt(30, 25), false},
		{"stops short", pt(0, 15), pt(9, 15), false},
		{"vertical beside", pt(25, 0), pt(25, 30), false},
		{"vertical through", pt(15, 0), pt(15, 30), true},
	} {
		if got := segmentHits(r, tt.p, tt.q); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestLabelKeepsOffCurves: a label whose first place crosses a curve
// takes a place a line below or above, or a line-height farther, that
// crosses none, and never one already taken.
func TestLabelKeepsOffCurves(t *testing.T) {
	t.Parallel()
	c := draw.Canvas{Rectangle: vg.Rectangle{Min: vg.Point{X: 0, Y: 0}, Max: vg.Point{X: 200, Y: 200}}}
	id := func(x float64) vg.Length { return vg.Length(x) }
	// A vertical curve at x = 20 and a horizontal one at y = 100, right
	// of a point at (10, 100).
	pl := labelPlacer{c: c, tx: id, ty: id, lines: []plotter.XYs{{{X: 20, Y: 0}, {X: 20, Y: 200}}, {{X: 10, Y: 100}, {X: 60, Y: 100}}}}
	box := pl.place(10, []vg.Length{16}, 100, 30, 10)
	if n := pl.hits(inset(box, 2)); n != 0 {
		t.Errorf("label at %v crosses %d curve(s)", box, n)
	}
	if box.Min.Y > 100+15 || box.Max.Y < 100-15 {
		t.Errorf("label at %v is more than a line from its point", box)
	}
	second := pl.place(10, []vg.Length{16}, 100, 30, 10)
	if overlaps(box, second) {
		t.Errorf("second label %v overlaps the first %v", second, box)
	}
}
