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

// release deallocates the painter's cached text blocks, widget stamps and
// sprites; it paints on afterwards, building them again.
func (p *painter) release() {
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
	if p.textAtlas != nil {
		p.textAtlas.release()
	}
}

// release deallocates the board view's pictures of names and tokens.
func (v *boardView) release() {
	v.imgs.release()
}

// release deallocates every texture the app keeps: its painter's caches,
// its board view's pictures and its scene image.
func (a *App) release() {
	a.p.release()
	if a.bv != nil {
		a.bv.release()
	}
	if a.sceneImg != nil {
		a.sceneImg.Deallocate()
		a.sceneImg = nil
	}
}
