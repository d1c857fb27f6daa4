package render

import (
	"image/color"

	"notrueking/board"
	"notrueking/rules"
)

// engine is a game that can be both read and acted on: a rules game, or a
// scripted test engine. The table reads it only through rules.Reader and
// acts only through the rules.Actor it is given.
type engine interface {
	rules.Reader
	rules.Actor
}

// play is a game on the table: read is what the screen reads, act what it
// applies actions through (the game itself, or the autosave session in
// front of it), and game the rules game behind both (nil for a scripted
// engine), which saves and records are written from.
type play struct {
	read rules.Reader
	act  rules.Actor
	game *rules.Game
}

// playOf is the play of an engine that acts for itself, with no rules game
// to save (a scripted engine, or a game played without saves).
func playOf(e engine) play { return play{read: e, act: e} }

// playRules is the play of a rules game.
func playRules(g *rules.Game) play { return play{read: g, act: g, game: g} }

// TargetKind says what a click landed on.
type TargetKind int

// Click targets.
const (
	TNone      TargetKind = iota
	TButton               // a button: Action to apply, or a Cmd of the app
	TSlot                 // a house's agent slot (House, Slot)
	TToken                // a loyalty token of the private card (Index)
	TTerritory            // a territory of the board (Terr)
)

// Target is the hit-test result of a click.
type Target struct {
	Kind   TargetKind
	Cmd    Command // what a button asks of the app (Cmd.Kind != CmdNone)
	Action *rules.Action
	House  string
	Slot   rules.Slot
	Index  int
	Terr   int
}

// WKind is how a widget is drawn.
type WKind int

// Widget kinds.
const (
	WPanel  WKind = iota // filled, outlined box
	WText                // text only
	WButton              // clickable button
	WBox                 // filled box with centred text (slots, tokens, chips)
	WField               // editable text field
	WGlyph               // a conspiracy's glyph: Text is its id, Ink its colour
	WIcon                // a board icon ("crown", "castle", "town", "barrel"), Text its name
	// WLayer draws nothing: the widgets after it cover everything before
	// it, their text included (an overlay: a notice, a banner, help).
	WLayer
)

// Align of a widget's text.
const (
	AlignLeft = iota
	AlignCenter
	AlignRight
)

// Widget is one element of a screen, in base coordinates. Screens are
// lists of widgets built from the game's views each time something
// changes; the same list is drawn and hit-tested.
type Widget struct {
	R        Rect
	Kind     WKind
	Text     string
	Size     float64 // font size in base pixels
	Bold     bool
	Align    int
	Fill     color.RGBA
	Ink      color.RGBA
	Edge     color.RGBA // outline colour (zero = none)
	Hot      bool       // a legal target: drawn with a glow
	Selected bool
	Disabled bool
	T        Target
	// Key is the key that does what the button does, shown on it ("Enter",
	// "Esc", "1"); "" for none.
	Key string
	// Tip explains the widget in plain words when the pointer rests on it.
	Tip string
}

// cmdTarget is the target of a button that asks the app for c.
func cmdTarget(c Command) Target { return Target{Kind: TButton, Cmd: c} }

// hitTest returns the target of the topmost clickable widget at (x, y)
// (base coordinates), or a zero Target.
func hitTest(ws []Widget, x, y float64) (Target, int) {
	for i := len(ws) - 1; i >= 0; i-- {
		w := ws[i]
		if w.T.Kind == TNone || w.Disabled {
			continue
		}
		if w.R.Contains(x, y) {
			return w.T, i
		}
	}
	return Target{}, -1
}

// Palette.
var (
	colBG       = color.RGBA{28, 30, 38, 255}
	colPanel    = color.RGBA{44, 47, 58, 255}
	colPanelHi  = color.RGBA{58, 62, 76, 255}
	colEdge     = color.RGBA{88, 92, 110, 255}
	colText     = color.RGBA{236, 232, 220, 255}
	colDim      = color.RGBA{184, 184, 194, 255} // 4.5:1 and more on every panel fill
	colButton   = color.RGBA{70, 96, 140, 255}
	colButtonHi = color.RGBA{96, 128, 184, 255}
	colGold     = color.RGBA{232, 190, 80, 255}
	colWarn     = color.RGBA{150, 52, 44, 255}
	colOK       = color.RGBA{52, 110, 70, 255}
	colBlack    = color.RGBA{0, 0, 0, 255}
	colWhite    = color.RGBA{255, 255, 255, 255}
)

// conspiracyColors gives each seat a colour distinct from every house's,
// the nine-player map's houses included, and each apart from every other
// for colour-blind eyes too (palette_test.go checks both):
// Crown, Torch, Helm, Gauntlet, Quill, Chain, Key, Coin, Mask.
var conspiracyColors = []color.RGBA{
	{176, 110, 240, 255}, // crown: lavender
	{247, 150, 128, 255}, // torch: salmon
	{0, 170, 160, 255},   // helm: teal
	{255, 42, 138, 255},  // gauntlet: pink
	{170, 230, 40, 255},  // quill: lime
	{150, 110, 70, 255},  // chain: brown
	{255, 255, 255, 255}, // key: white
	{160, 32, 212, 255},  // coin: violet
	{120, 120, 120, 255}, // mask: grey
}

func seatColor(seat int) color.RGBA {
	if seat < 0 {
		return colDim
	}
	return conspiracyColors[seat%len(conspiracyColors)]
}

func rgba(c board.RGB) color.RGBA { return color.RGBA{c.R, c.G, c.B, 255} }

// textOn picks black or white text for a fill, whichever contrasts more
// (WCAG): one of them always reaches 4.5:1.
func textOn(c color.RGBA) color.RGBA {
	if contrast(colBlack, c) >= contrast(colWhite, c) {
		return colBlack
	}
	return colWhite
}

// hoverFill is a button's fill under the pointer: lighter under dark ink,
// darker under light ink, so the label keeps its contrast.
func hoverFill(fill, ink color.RGBA) color.RGBA {
	// Light ink (white, or the dim grey of a greyed button) darkens its
	// fill under the pointer; dark ink lightens it.
	if luminance(ink) > 0.3 {
		return mix(fill, colBlack, 0.22)
	}
	return mix(fill, colWhite, 0.18)
}

// readable is c made lighter (on a dark bg) or darker until it reads at
// 4.5:1 on bg: a seat's colour as the ink of a prompt.
func readable(c, bg color.RGBA) color.RGBA {
	to := colWhite
	if luminance(bg) > 0.5 {
		to = colBlack
	}
	for t := 0.0; t <= 1; t += 0.05 {
		if m := mix(c, to, t); contrast(m, bg) >= 4.5 {
			return m
		}
	}
	return to
}
