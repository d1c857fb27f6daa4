//go:build !js

package app

import (
	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/internal/icon"
)

// setWindowIcon gives the window (and the task bar) the icon package icon
// draws.
func setWindowIcon() { ebiten.SetWindowIcon(icon.Images(256)) }
