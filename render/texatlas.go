package render

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
)

// texAtlas packs small cached pictures (names, tokens, glyphs, the corners
// of rounded boxes) into a few pages of our own, in rows. Ebitengine would
// otherwise place each small image on its internal atlas, and an image
// that is drawn into and then drawn from moves between source and
// destination pages that grow to 4096×4096: with software GL that came to
// hundreds of megabytes. Pages are "unmanaged" images (never moved), and
// everything drawn from one page batches into one draw call.
//
// Pages are atlasPageSize wide. The first starts minPageRows tall and, when
// full, the atlas starts over on one twice as tall, up to a square page;
// only then are more pages added. A table at 1920×1080 fills some 400 rows
// of text, 200 of board pictures and 50 of sprites: with square pages from
// the start, two thirds of 12 MB of textures stayed empty.
type texAtlas struct {
	pages   []*ebiten.Image
	page    int // the page being filled
	x, y, h int // the next free place on it, and the current row's height
	rows    int // the height of the pages
	scratch *ebiten.Image
	// maxPages: past this many, reset starts over (the owner then forgets
	// every picture it kept).
	maxPages int
}

const (
	atlasPageSize = 1024
	minPageRows   = 64
)

func newTexAtlas(maxPages int) *texAtlas {
	return &texAtlas{maxPages: maxPages, rows: minPageRows}
}

func unmanagedImage(w, h int) *ebiten.Image {
	return ebiten.NewImageWithOptions(image.Rect(0, 0, max(1, w), max(1, h)), &ebiten.NewImageOptions{Unmanaged: true})
}

// scratchOf is a scratch image of at least w×h: img when it holds that,
// else a new one (img let go) whose sides double from img's, or from
// minW×minH, until they do.
func scratchOf(img *ebiten.Image, w, h, minW, minH int) *ebiten.Image {
	if img != nil && img.Bounds().Dx() >= w && img.Bounds().Dy() >= h {
		return img
	}
	sw, sh := minW, minH
	if img != nil {
		sw, sh = img.Bounds().Dx(), img.Bounds().Dy()
		img.Deallocate()
	}
	for sw < w {
		sw *= 2
	}
	for sh < h {
		sh *= 2
	}
	return unmanagedImage(sw, sh)
}

// full reports whether a w×h picture does not fit where the atlas stands:
// it needs taller pages (while they are shorter than wide) or a page
// beyond maxPages. The owner then calls reset and forgets its pictures.
func (a *texAtlas) full(w, h int) bool {
	w, h = w+2, h+2
	if w > atlasPageSize || h > atlasPageSize {
		return false // drawn on an image of its own
	}
	if len(a.pages) == 0 {
		return false
	}
	rows := a.rows
	x, y, page := a.x, a.y, a.page
	if x+w > atlasPageSize {
		y += a.h
	}
	if y+h > rows {
		if rows < atlasPageSize {
			return true
		}
		page++
	}
	return page >= a.maxPages
}

// add draws a w×h picture with draw (on an image whose origin is its
// top-left corner) and returns it as a part of a page.
func (a *texAtlas) add(w, h int, draw func(img *ebiten.Image)) *ebiten.Image {
	w, h = max(1, w), max(1, h)
	if w+2 > atlasPageSize || h+2 > atlasPageSize {
		img := unmanagedImage(w, h)
		draw(img)
		return img
	}
	if len(a.pages) == 0 {
		for a.rows < h+2 {
			a.rows *= 2
		}
		a.pages = append(a.pages, unmanagedImage(atlasPageSize, a.rows))
	}
	if a.x+w+2 > atlasPageSize {
		a.x, a.y, a.h = 0, a.y+a.h, 0
	}
	if a.y+h+2 > a.rows {
		a.page++
		a.x, a.y, a.h = 0, 0, 0
		if a.page >= len(a.pages) {
			a.pages = append(a.pages, unmanagedImage(atlasPageSize, a.rows))
		}
	}
	a.scratch = scratchOf(a.scratch, w, h, 256, 128)
	src := a.scratch.SubImage(image.Rect(0, 0, w, h)).(*ebiten.Image)
	src.Clear()
	draw(src)
	pg := a.pages[a.page]
	op := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
	op.GeoM.Translate(float64(a.x+1), float64(a.y+1))
	pg.DrawImage(src, op)
	r := image.Rect(a.x+1, a.y+1, a.x+1+w, a.y+1+h)
	a.x += w + 2
	a.h = max(a.h, h+2)
	return pg.SubImage(r).(*ebiten.Image)
}

// reset forgets every picture: the pages are cleared and filled again,
// or, while they are shorter than wide, let go for pages twice as tall.
func (a *texAtlas) reset() {
	if a.rows < atlasPageSize {
		for _, p := range a.pages {
			p.Deallocate()
		}
		a.pages, a.rows = nil, min(2*a.rows, atlasPageSize)
	}
	for _, p := range a.pages {
		p.Clear()
	}
	a.page, a.x, a.y, a.h = 0, 0, 0, 0
}

// atlasCache keeps pictures drawn once, by key, on a texAtlas of its own;
// when the atlas is full it starts over, forgetting them all.
type atlasCache[K comparable] struct {
	m     map[K]*ebiten.Image
	atlas *texAtlas
}

func newAtlasCache[K comparable](pages int) *atlasCache[K] {
	return &atlasCache[K]{m: map[K]*ebiten.Image{}, atlas: newTexAtlas(pages)}
}

// lookup is the picture of key, if it is kept.
func (c *atlasCache[K]) lookup(key K) (*ebiten.Image, bool) {
	img, ok := c.m[key]
	return img, ok
}

// get is the picture of key, drawn (w×h) by draw the first time.
func (c *atlasCache[K]) get(key K, w, h int, draw func(img *ebiten.Image)) *ebiten.Image {
	if img, ok := c.m[key]; ok {
		return img
	}
	if c.atlas.full(w, h) {
		c.atlas.reset()
		clear(c.m)
	}
	img := c.atlas.add(w, h, draw)
	c.m[key] = img
	return img
}

// release deallocates the pages and forgets every picture.
func (c *atlasCache[K]) release() {
	c.atlas.release()
	clear(c.m)
}
