// Package assets holds the embedded resources of the No True King screen:
// the Go fonts (regular and bold) that every label is drawn with. Glyphs
// and icons are drawn as vector shapes by package render, so the program
// needs no image files.
package assets

import (
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// RegularTTF returns the Go Regular TrueType font.
func RegularTTF() []byte { return goregular.TTF }

// BoldTTF returns the Go Bold TrueType font.
func BoldTTF() []byte { return gobold.TTF }
