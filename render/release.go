package render

// Releasing textures at once. In the window Ebitengine frees an image's
// texture at a frame's end once a collection finds the image garbage;
// what draws once and is done — a picture (picture.go), each test — lets
// go of what it drew with these, at once.

// release deallocates every page of the atlas; it starts empty again.
func (a *texAtlas) release() {
	for _, p := range a.pages {
		p.Deallocate()
	}
	if a.scratch != nil {
		a.scratch.Deallocate()
	}
	a.pages, a.scratch = nil, nil
	a.page, a.x, a.y, a.h = 0, 0, 0, 0
}

// Release deallocates every texture the painter keeps — cached text
// blocks, widget stamps, sprites, the board's pictures of names and
// tokens — at once; it paints on afterwards, building them again.
func (p *Painter) Release() {
	for k, b := range p.textCache {
		b.img.Deallocate()
		delete(p.textCache, k)
	}
	for k, e := range p.stamps {
		e.img.Deallocate()
		delete(p.stamps, k)
	}
	if p.sprites != nil {
		p.sprites.release()
	}
	if p.qr != nil {
		p.qr.Deallocate()
		p.qr, p.qrText = nil, ""
	}
	if p.textAtlas != nil {
		p.textAtlas.release()
	}
	if p.board != nil {
		p.board.release()
	}
	if p.halo != nil {
		p.halo.Deallocate()
		p.halo = nil
	}
}

// release deallocates the board view's pictures of names and tokens.
func (v *boardView) release() {
	v.imgs.release()
}
