package render

import (
	"errors"
	"fmt"
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

// MaxPictureSide bounds each side of a picture (Ebitengine's largest image
// is 4096 pixels on most GPUs).
const MaxPictureSide = 4096

// Picture draws the public table of g — what everyone at the table may
// see: the board, the houses and their slots, the conspiracies, the
// ranking and the public log; no loyalty card, hand or deck — into a w×h
// image. It runs Ebitengine's loop for one frame, so it needs a display
// (an X server such as Xvfb on Linux), and returns the pixels.
func Picture(g *rules.Game, w, h int) (*image.RGBA, error) {
	if w < 1 || h < 1 || w > MaxPictureSide || h > MaxPictureSide {
		return nil, fmt.Errorf("picture size %dx%d: each side must be 1 to %d pixels", w, h, MaxPictureSide)
	}
	pg := &pictureGame{r: rules.DeskOf(g), w: w, h: h}
	ebiten.SetWindowSize(64, 64)
	ebiten.SetWindowDecorated(false)
	ebiten.SetWindowTitle("No True King — drawing a picture")
	err := ebiten.RunGameWithOptions(pg, &ebiten.RunGameOptions{InitUnfocused: true, SkipTaskbar: true})
	if err != nil {
		return nil, err
	}
	if pg.err != nil {
		return nil, pg.err
	}
	if pg.img == nil {
		return nil, errors.New("the picture was not drawn")
	}
	return pg.img, nil
}

// pictureGame draws one picture in its first frame, then ends the loop.
type pictureGame struct {
	// r holds no seat: the public table, acting on nothing.
	r    *rules.Seated
	w, h int
	img  *image.RGBA
	err  error
}

func (g *pictureGame) Update() error {
	if g.img != nil || g.err != nil {
		return ebiten.Termination
	}
	return nil
}

func (g *pictureGame) Draw(*ebiten.Image) {
	if g.img != nil || g.err != nil {
		return
	}
	// A texture of its own: on the shared atlas a picture makes a page of
	// the next power of two.
	dst := unmanagedImage(g.w, g.h)
	defer dst.Deallocate()
	if err := drawPublicTable(dst, g.r); err != nil {
		g.err = err
		return
	}
	img := image.NewRGBA(image.Rect(0, 0, g.w, g.h))
	dst.ReadPixels(img.Pix)
	g.img = img
}

func (*pictureGame) Layout(int, int) (int, int) { return 64, 64 }

// drawPublicTable draws the table as the hand-off curtain leaves it in
// view (no seat shown), without the curtain, into dst.
func drawPublicTable(dst *ebiten.Image, r *rules.Seated) error {
	p, err := NewPainter()
	if err != nil {
		return err
	}
	u := table.New(r, table.Options{})
	u.Hide()
	f := tableFrame(u)
	p.DrawScene(dst, &f, -1)
	// dst holds the picture now: the painter's caches can go.
	p.Release()
	return nil
}

// tableFrame is the frame of table u as it stands, in its layout: its
// widgets, and its board through a camera that shows it whole, with the
// table's marks.
func tableFrame(u *table.Table) Frame {
	l := u.Layout()
	cam := ui.NewCamera(u.Map())
	cam.SetViewport(l.Board)
	hl, sel := u.Highlights()
	pub := u.Public()
	return Frame{Board: &Board{Camera: cam, Public: &pub, Lit: hl, Sel: sel, Marks: u.Recent().Marks()}, Widgets: u.Widgets(l)}
}
