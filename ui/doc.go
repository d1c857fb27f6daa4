// Package ui is the window's vocabulary, in plain Go: the 1600×900 base
// canvas and its Scaler, rectangles, the Widget lists every screen is made
// of (drawn by the painter, package render, and hit-tested here), click
// Targets and Commands, tooltips, the palette, text measuring (the same
// widths as the painter's, without a display), one tick's Input, and the
// drawn board's geometry: the territories' shapes, the camera (zoom and
// pan) and where tokens and names go. Nothing here imports Ebitengine, so
// every screen's layout and hit test runs in a plain test.
package ui
