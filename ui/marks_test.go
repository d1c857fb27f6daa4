package ui

import (
	"image/color"
	"math"
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
)

// TestArrowPathClearsTheTokensLeftBehind: an arrow leaves from beyond the
// edge of its origin's token block (the tokens and flag left there stay
// uncovered) and its tip reaches into the destination's block, where its
// head is drawn over the tokens; without blocks it runs between the poles
// cut back at both ends, and so when the blocks leave no room.
func TestArrowPathClearsTheTokensLeftBehind(t *testing.T) {
	a, z := board.Point{X: 0, Y: 0}, board.Point{X: 100, Y: 0}
	from := Rect{X: -20, Y: -10, W: 40, H: 20}
	to := Rect{X: 80, Y: -10, W: 40, H: 20}
	tail, tip := ArrowPath(a, z, from, to, 3, 5, 4, 10)
	if tail.X != 23 || tail.Y != 0 {
		t.Errorf("tail at %v, want 3 beyond the origin's block (23, 0)", tail)
	}
	if tip.X != 85 || tip.Y != 0 {
		t.Errorf("tip at %v, want 5 into the destination's block (85, 0)", tip)
	}
	tail, tip = ArrowPath(a, z, Rect{}, Rect{}, 3, 5, 4, 10)
	if tail.X != 4 || tip.X != 96 {
		t.Errorf("without blocks: %v to %v, want 4 to 96", tail, tip)
	}
	wide := Rect{X: -20, Y: -10, W: 95, H: 20}
	if tail, tip = ArrowPath(a, z, wide, to, 3, 5, 4, 10); tail.X != 4 || tip.X != 96 {
		t.Errorf("blocks with no room between: %v to %v, want the poles' 4 to 96", tail, tip)
	}
	// Down and to the left: the tail leaves by the block's side it faces.
	tail, _ = ArrowPath(a, board.Point{X: -60, Y: 80}, from, Rect{}, 2, 0, 4, 10)
	if tail.Y < 10+2-1e-9 && tail.X > -20-2+1e-9 {
		t.Errorf("tail at %v inside the origin's block grown by the gap", tail)
	}
}

// TestMarkCasingStandsApart: a mark's casing is the dark one round a light
// house colour and the light one round a dark house colour, inside a
// hairline of the other, for every house of the shipped maps; and every
// ground of the board contrasts 3:1 with one of the two, so a mark's edge
// shows on it.
func TestMarkCasingStandsApart(t *testing.T) {
	for _, name := range []string{"standard", "nine"} {
		g, err := tabletest.RulesGame(name, []string{"A", "B"}, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range g.Map().Houses {
			c := RGBA(h.Color)
			hair, casing := MarkCasing(c)
			if hair == casing || Contrast(casing, c) < Contrast(hair, c) {
				t.Errorf("%s %s: casing %v, hairline %v", name, h.ID, casing, hair)
			}
		}
	}
	for l := 0.0; l <= 1; l += 0.01 {
		v := uint8(math.Round(255 * math.Pow(l, 1/2.2)))
		g := color.RGBA{v, v, v, 255}
		if max(Contrast(g, ColMarkDark), Contrast(g, ColMarkLight)) < 3 {
			t.Errorf("a ground of luminance %.2f contrasts less than 3:1 with both casings", Luminance(g))
		}
	}
}
