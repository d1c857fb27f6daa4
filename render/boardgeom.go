package render

import (
	"image"
	"math"

	"notrueking/ui"
)

// imageRect is the pixel rectangle that covers r.
func imageRect(r ui.Rect) image.Rectangle {
	return image.Rect(int(math.Floor(r.X)), int(math.Floor(r.Y)), int(math.Ceil(r.X+r.W)), int(math.Ceil(r.Y+r.H)))
}
