package ui

import (
	"image/color"
	"strconv"
	"testing"

	colorful "github.com/lucasb-eyer/go-colorful"

	"notrueking/maps"
)

// Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model
// for Simulation of Color Vision Deficiency": the matrices for full
// (severity 1.0) dichromacy, applied to linear RGB.
var cvdMatrices = []struct {
	name string
	m    [3][3]float64
}{
	{"normal vision", [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
	{"protanopia", [3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}},
	{"deuteranopia", [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}},
	{"tritanopia", [3][3]float64{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}},
}

// simulate is colour c as seen with the deficiency of matrix m.
func simulate(c color.RGBA, m [3][3]float64) colorful.Color {
	r, g, b := colorful.Color{R: float64(c.R) / 255, G: float64(c.G) / 255, B: float64(c.B) / 255}.LinearRgb()
	clamp := func(x float64) float64 { return min(1, max(0, x)) }
	return colorful.LinearRgb(
		clamp(m[0][0]*r+m[0][1]*g+m[0][2]*b),
		clamp(m[1][0]*r+m[1][1]*g+m[1][2]*b),
		clamp(m[2][0]*r+m[2][1]*g+m[2][2]*b))
}

// minPaletteDE is the least CIEDE2000 difference two house (or two seat)
// colours may have under any simulated vision.
const minPaletteDE = 10

// paletteClashes lists the pairs of colours closer than minPaletteDE under
// some simulated vision.
func paletteClashes(names []string, cols []color.RGBA) []string {
	var out []string
	for _, v := range cvdMatrices {
		for i := range cols {
			for j := range cols[:i] {
				d := 100 * simulate(cols[i], v.m).DistanceCIEDE2000(simulate(cols[j], v.m))
				if d < minPaletteDE {
					out = append(out, names[j]+" and "+names[i]+" under "+v.name+": ΔE00 "+ftoa(d))
				}
			}
		}
	}
	return out
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }

// TestPaletteApartForColourBlindEyes: colour is never the only cue, and
// where it is a cue it holds for colour-blind eyes too: on both maps,
// every pair of house colours and every pair of conspiracy colours stays at
// least 10 apart (CIEDE2000) under normal vision and simulated
// protanopia, deuteranopia and tritanopia.
func TestPaletteApartForColourBlindEyes(t *testing.T) {
	for _, name := range []string{"standard", "nine"} {
		m, err := maps.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		var hn []string
		var hc []color.RGBA
		for _, h := range m.Houses {
			hn = append(hn, h.Name)
			hc = append(hc, RGBA(h.Color))
		}
		for _, c := range paletteClashes(hn, hc) {
			t.Errorf("%s map: houses %s", name, c)
		}
		if len(ConspiracyColors) < len(m.Conspiracies) {
			t.Fatalf("%s map: %d seat colours for %d conspiracies", name, len(ConspiracyColors), len(m.Conspiracies))
		}
		for _, c := range paletteClashes(m.ConspiracyNames, ConspiracyColors[:len(m.Conspiracies)]) {
			t.Errorf("%s map: conspiracies %s", name, c)
		}
	}
}

// TestPaletteTestSeesClashes: the check itself tells close colours apart
// (red and green look alike to a deuteranope) from distinct ones.
func TestPaletteTestSeesClashes(t *testing.T) {
	red, green := color.RGBA{200, 60, 40, 255}, color.RGBA{90, 130, 40, 255}
	if len(paletteClashes([]string{"red", "green"}, []color.RGBA{red, green})) == 0 {
		t.Error("a red and a green of like lightness pass for every eye")
	}
	black, white := color.RGBA{0, 0, 0, 255}, color.RGBA{255, 255, 255, 255}
	if c := paletteClashes([]string{"black", "white"}, []color.RGBA{black, white}); len(c) > 0 {
		t.Errorf("black and white clash: %v", c)
	}
}

// TestRiverApartFromEverything: a river (nine-player map) is told apart,
// for every eye, from every house colour (and so every home region's
// band), every land tint, free land and every sea it runs beside
// (the rivers were once the blue of Tully's band and of the sea).
func TestRiverApartFromEverything(t *testing.T) {
	names := []string{"river", "free land", "parchment", "sea", "port", "lake", "open sea"}
	cols := []color.RGBA{ColRiver, ColFreeLand, ColParchment, ColSea, ColPort, ColLake, ColOpenSea}
	for _, name := range []string{"standard", "nine"} {
		m, err := maps.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range m.Houses {
			names = append(names, h.Name, h.Name+"'s land")
			cols = append(cols, RGBA(h.Color), LandTint(RGBA(h.Color)))
		}
	}
	for _, v := range cvdMatrices {
		r := simulate(ColRiver, v.m)
		for i := 1; i < len(cols); i++ {
			if d := 100 * r.DistanceCIEDE2000(simulate(cols[i], v.m)); d < minPaletteDE {
				t.Errorf("the river and %s under %s: ΔE00 %.1f", names[i], v.name, d)
			}
		}
	}
}
