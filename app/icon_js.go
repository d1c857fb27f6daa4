//go:build js

package app

// setWindowIcon does nothing in a browser, whose tab shows the page's
// favicon.svg: drawing the icons took a quarter of a second before the
// page's first frame, for Ebitengine to ignore them.
func setWindowIcon() {}
