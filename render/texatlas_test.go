package render

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// The atlas's pages start short and double in height as the owner starts
// over, up to a square page; only then does it add pages, and past
// maxPages it starts over on the same pages. Every picture it hands out
// holds what was drawn into it.
func TestTexAtlasPagesGrowBeforeTheyMultiply(t *testing.T) {
	needDisplay(t)
	a := newTexAtlas(2)
	defer a.release()
	kept := map[int]*ebiten.Image{}
	put := func(i int) {
		t.Helper()
		if a.full(100, 30) {
			a.reset()
			clear(kept)
		}
		c := color.RGBA{uint8(i), uint8(i >> 8), 200, 255}
		img := a.add(100, 30, func(img *ebiten.Image) { img.Fill(c) })
		if img.Bounds().Dx() != 100 || img.Bounds().Dy() != 30 {
			t.Fatalf("picture %d is %v", i, img.Bounds())
		}
		kept[i] = img
	}
	rowsSeen := []int{}
	for i := 0; i < 3000; i++ {
		put(i)
		if r := a.rows; len(rowsSeen) == 0 || rowsSeen[len(rowsSeen)-1] != r {
			rowsSeen = append(rowsSeen, r)
		}
		for _, p := range a.pages {
			if b := p.Bounds(); b.Dx() != atlasPageSize || b.Dy() != a.rows {
				t.Fatalf("after %d pictures a page is %v with %d rows", i+1, b, a.rows)
			}
		}
		if a.rows < atlasPageSize && len(a.pages) > 1 {
			t.Fatalf("after %d pictures: %d pages of %d rows; pages should grow before they multiply", i+1, len(a.pages), a.rows)
		}
		if len(a.pages) > 2 {
			t.Fatalf("after %d pictures: %d pages, maxPages is 2", i+1, len(a.pages))
		}
	}
	want := []int{64, 128, 256, 512, 1024}
	if len(rowsSeen) != len(want) {
		t.Fatalf("page heights went %v, want %v", rowsSeen, want)
	}
	for i := range want {
		if rowsSeen[i] != want[i] {
			t.Fatalf("page heights went %v, want %v", rowsSeen, want)
		}
	}
	if len(a.pages) != 2 {
		t.Errorf("3000 pictures of 100×30 use %d pages, want 2 (320 fit on a square page)", len(a.pages))
	}
	// What is kept (since the last start over) shows its own colour.
	for i, img := range kept {
		px := make([]byte, 4*100*30)
		img.ReadPixels(px)
		want := color.RGBA{uint8(i), uint8(i >> 8), 200, 255}
		for j := 0; j < len(px); j += 4 {
			if got := (color.RGBA{px[j], px[j+1], px[j+2], px[j+3]}); got != want {
				t.Fatalf("picture %d at %v: %v, want %v", i, image.Pt((j/4)%100, (j/4)/100), got, want)
			}
		}
	}
	// A picture taller than the first page makes it tall enough at once.
	b := newTexAtlas(1)
	defer b.release()
	b.add(10, 300, func(*ebiten.Image) {})
	if b.rows != 512 || len(b.pages) != 1 {
		t.Errorf("a 302-row picture first: %d pages of %d rows, want one of 512", len(b.pages), b.rows)
	}
}
