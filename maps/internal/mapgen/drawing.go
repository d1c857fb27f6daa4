package main

import "math"

// The drawing of the standard board, in grid cells (x right, y down; the
// cell (x, y) covers [x, x+1) × [y, y+1)). It is our own sketch of Westeros
// after the relative positions of the areas on the printed board; nothing is
// traced.

// W and H are the grid size: a portrait board 1.8 times taller than wide.
const (
	W = 70
	H = 126
)

type pt = [2]float64

// coastRough is how far (in cells) noise may push the mainland's coast.
const coastRough = 4.0

// landPolys are the coastlines: the mainland and the three islands.
var landPolys = [][]pt{
	// Westeros, clockwise from the top-left corner of the land beyond the Wall.
	{
		{13, 0}, {57, 0}, {58, 5}, {61, 10}, {62, 14}, {58, 18}, {52, 21}, {51, 23}, // Karhold
		{54, 25}, {58, 26}, {62, 28}, {60, 31}, {54, 32}, {49, 34}, // Widow's Watch
		{45, 35}, {42, 38}, {40, 42}, {40, 45}, {42, 48}, // White Harbor, the Bite, the Neck
		{47, 48}, {55, 46}, {57, 50}, {51, 54}, // the Fingers
		{51, 57}, {55, 59}, {57, 62}, {56, 65}, {54, 67}, // the Eyrie
		{57, 69}, {60, 71}, {60, 74}, {56, 76}, {51, 76}, // Crackclaw Point
		{48, 78}, {48, 81}, {51, 83}, {56, 84}, {58, 86}, // King's Landing, Blackwater Bay
		{57, 90}, {56, 93}, {58, 96}, {60, 99}, // the Kingswood, Storm's End
		{56, 101}, {49, 100}, {43, 100}, {39, 102}, // the Sea of Dorne's north shore
		{44, 104}, {50, 105}, {57, 105}, {63, 107}, {68, 110}, // Dorne's north shore, Sunspear
		{66, 114}, {60, 116}, {52, 118}, {44, 120}, {36, 121}, {29, 121}, {23, 119}, // Dorne's south shore
		{18, 117}, {15, 113}, {14, 108}, // Three Towers
		{14, 104}, {13, 99}, {12, 94}, {12, 89}, // Oldtown, Highgarden
		{10, 85}, {9, 80}, {10, 76}, {12, 72}, // the Searoad Marches, Lannisport
		{15, 70}, {17, 67}, {19, 63}, {21, 59}, {22, 55}, {21, 52}, // Riverrun, Seagard
		{17, 50}, {10, 50}, {5, 48}, {4, 45}, {7, 42}, {14, 42}, // Flint's Finger
		{20, 40}, {22, 38}, {21, 36}, {16, 34}, {13, 30}, {14, 26}, {17, 24}, // the Stony Shore
		{18, 20}, {18, 16}, {17, 12}, {15, 6}, // Winterfell's west shore
	},
	ellipse(13, 58, 4, 5, 16),     // Pyke
	ellipse(65, 76, 3.5, 4, 16),   // Dragonstone
	ellipse(6.5, 117.5, 3, 4, 16), // the Arbor
}

// lakes are off-board holes inside the land. The God's Eye sits where six
// areas meet at one point on the printed board: a raster joins at most four
// cells at a corner.
var lakes = [][]pt{
	{{34, 60}, {38, 59}, {39, 62}, {37, 64}, {34, 63}},
}

// ports are fixed blocks x, y, w, h.
var ports = map[string][4]int{
	"port-of-winterfell":   {16, 13, 2, 3},
	"port-of-white-harbor": {43, 36, 2, 2},
	"port-of-pyke":         {17, 57, 2, 2},
	"port-of-lannisport":   {10, 73, 2, 2},
	"port-of-oldtown":      {11, 101, 2, 2},
	"port-of-storms-end":   {57, 94, 2, 2},
	"port-of-dragonstone":  {64, 80, 2, 2},
	"port-of-sunspear":     {65, 111, 2, 2},
}

// corners are four-way junctions the printed board has on a coast: ids are
// the cells (x,y), (x+1,y), (x,y+1), (x+1,y+1).
type corner struct {
	x, y int
	ids  [4]string
}

var corners = []corner{
	{21, 37, [4]string{"bay-of-ice", "winterfell", "greywater-watch", "moat-cailin"}},
	{22, 118, [4]string{"three-towers", "princes-pass", "west-summer-sea", "starfall"}},
}

// strokes are the seed lines each territory grows from.
var strokes = map[string][][]pt{
	// The North.
	"castle-black":    {{{15, 2}, {56, 2}}},
	"karhold":         {{{50, 10}, {59, 13}}},
	"winterfell":      {{{19, 13}, {28, 16}, {40, 18}, {50, 22}}, {{30, 18}, {26, 28}, {22, 36}}},
	"the-stony-shore": {{{15, 29}, {19, 30}}},
	"white-harbor":    {{{50, 24}, {44, 28}, {42, 33}, {42, 36}}},
	"widows-watch":    {{{52, 29}, {59, 29}}},
	"moat-cailin":     {{{23, 39}, {30, 40}, {38, 41}, {39.5, 42}}},
	"greywater-watch": {{{20, 39}, {16, 45}, {21, 48}}},
	"flints-finger":   {{{6, 45}, {13, 46}}},
	// The Riverlands and the Vale.
	"seagard":                   {{{21, 53}, {28, 52}, {34, 58}}},
	"the-twins":                 {{{34, 47}, {37, 52}, {36, 58}}, {{37, 50}, {41, 47}}},
	"the-fingers":               {{{44, 50}, {54, 48}}},
	"the-mountains-of-the-moon": {{{40, 54}, {40, 60}, {46, 62}, {52, 64}}, {{48, 57}, {52, 58}}},
	"the-eyrie":                 {{{54, 62}}},
	"riverrun":                  {{{20, 62}, {28, 62}, {33, 62}}, {{20, 62}, {17, 66}}},
	"harrenhal":                 {{{36, 65}, {38, 70}}},
	"crackclaw-point":           {{{40, 64}, {46, 70}, {58, 72}}, {{46, 70}, {41, 75}}},
	// The Westerlands and the Crownlands.
	"lannisport":      {{{12, 74}, {18, 74}}},
	"stoney-sept":     {{{25, 70}, {28, 75}, {22, 79}}},
	"blackwater":      {{{28, 80}, {38, 80}, {40, 77}}},
	"kings-landing":   {{{42, 78}, {47, 79}}, {{43, 79}, {41, 84}}},
	"searoad-marches": {{{11, 82}, {20, 84}, {21, 81}}},
	"the-reach":       {{{24, 89}, {36, 89}, {40, 86}}},
	"kingswood":       {{{42, 87}, {55, 87}}},
	// The Reach and the Stormlands.
	"highgarden":      {{{13, 91}, {20, 94}}},
	"storms-end":      {{{46, 96}, {57, 98}}},
	"dornish-marches": {{{20, 98}, {30, 98}}, {{22, 98}, {21, 103}}},
	"oldtown":         {{{13, 102}, {18, 102}}},
	"the-boneway":     {{{34, 101}, {40, 97}, {41, 103}}},
	// Dorne.
	"princes-pass": {{{30, 104}, {26, 110}, {23.5, 116}}},
	"three-towers": {{{16, 109}, {21, 116}, {22.5, 117.5}}, {{16, 109}, {20, 105}}},
	"yronwood":     {{{36, 109}, {44, 106}}},
	"sunspear":     {{{54, 108}, {64, 111}}},
	"salt-shore":   {{{44, 114}, {50, 116}}},
	"starfall":     {{{24, 119}, {32, 117}}},
	// Islands.
	"pyke":        {{{13, 58}}},
	"dragonstone": {{{65, 76}}},
	"the-arbor":   {{{6, 117}}},
	// Seas.
	"bay-of-ice":        {{{2, 4}, {8, 20}, {8, 36}, {2, 42}}},
	"the-shivering-sea": {{{68, 2}, {66, 24}}},
	"the-narrow-sea":    {{{66, 32}, {64, 62}, {62, 68}, {69, 69}}},
	"shipbreaker-bay":   {{{69, 72}, {69, 90}, {62, 96}}, {{61, 74}, {60, 84}, {66, 84}}},
	"blackwater-bay":    {{{51, 79}, {55, 80}}},
	"sea-of-dorne":      {{{42, 102}, {53, 103}}},
	"east-summer-sea":   {{{61, 101}, {66, 102}, {66, 124}, {40, 124}}},
	"west-summer-sea":   {{{1, 90}, {1, 124}, {32, 124}}, {{3, 90}, {3, 124}, {32, 123}}, {{1, 90}, {9, 88}}},
	"redwyne-straights": {{{12, 97}, {11, 105}, {9, 111}, {8, 113}}},
	"sunset-sea":        {{{1, 46}, {1, 86}}, {{2, 46}, {2, 86}}, {{1, 80}, {7, 82}}},
	"the-golden-sound":  {{{7.5, 70}, {9, 76}}, {{8, 72}, {15, 68}}},
	"ironmans-bay":      {{{8, 52}, {19, 58}}, {{7.5, 52}, {7.5, 64}, {14, 65}}},
}

func ellipse(cx, cy, rx, ry float64, n int) []pt {
	out := make([]pt, n)
	for i := range out {
		a := 2 * math.Pi * float64(i) / float64(n)
		out[i] = pt{cx + rx*math.Cos(a), cy + ry*math.Sin(a)}
	}
	return out
}
