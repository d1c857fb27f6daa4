package main

import (
	"fmt"
	"math"
	"os"

	"github.com/BurntSushi/toml"
)

// drawing is a map's drawing data, read from its own TOML file
// (maps/internal/mapgen/drawings/ID.toml): the grid size, the coastlines,
// lakes, port blocks, corner junctions and the seed strokes every
// territory grows from, all in grid cells (x right, y down; the cell
// (x, y) covers [x, x+1) × [y, y+1)). The generator's code knows no map.
type drawing struct {
	Width  int `toml:"width"`
	Height int `toml:"height"`
	// CoastRough is how far (in cells) noise may push a rough land's coast.
	CoastRough float64  `toml:"coast_rough"`
	Land       []shape  `toml:"land"`
	Lake       []shape  `toml:"lake"`
	Port       []port   `toml:"port"`
	Corner     []corner `toml:"corner"`
	Strokes    []stroke `toml:"strokes"`
}

type pt = [2]float64

// shape is a polygon (points) or an ellipse [cx, cy, rx, ry, n] drawn as
// an n-gon; a rough one has its coast roughened by noise.
type shape struct {
	Rough   bool      `toml:"rough"`
	Points  []pt      `toml:"points"`
	Ellipse []float64 `toml:"ellipse"`
}

func (s shape) poly() ([]pt, error) {
	switch {
	case len(s.Points) >= 3 && s.Ellipse == nil:
		return s.Points, nil
	case len(s.Ellipse) == 5 && s.Points == nil:
		e := s.Ellipse
		return ellipse(e[0], e[1], e[2], e[3], int(e[4])), nil
	}
	return nil, fmt.Errorf("a shape needs points (three or more) or ellipse = [cx, cy, rx, ry, n]")
}

// port is a fixed block of cells x, y, w, h.
type port struct {
	ID   string `toml:"id"`
	Rect [4]int `toml:"rect"`
}

// corner is a four-way junction: the territories of the cells (x,y),
// (x+1,y), (x,y+1), (x+1,y+1).
type corner struct {
	At  [2]int    `toml:"at"`
	IDs [4]string `toml:"ids"`
}

// stroke is a territory's seed lines.
type stroke struct {
	ID    string `toml:"id"`
	Lines [][]pt `toml:"lines"`
}

func readDrawing(path string) (*drawing, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var d drawing
	md, err := toml.Decode(string(data), &d)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if u := md.Undecoded(); len(u) > 0 {
		return nil, fmt.Errorf("%s: unknown key %s", path, u[0])
	}
	if d.Width < 1 || d.Height < 1 || d.Width > 1000 || d.Height > 1000 {
		return nil, fmt.Errorf("%s: grid %d×%d (want 1..1000 each way)", path, d.Width, d.Height)
	}
	return &d, nil
}

func ellipse(cx, cy, rx, ry float64, n int) []pt {
	out := make([]pt, n)
	for i := range out {
		a := 2 * math.Pi * float64(i) / float64(n)
		out[i] = pt{cx + rx*math.Cos(a), cy + ry*math.Sin(a)}
	}
	return out
}
