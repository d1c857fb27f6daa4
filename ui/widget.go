package ui

import (
	"image/color"
	"strings"

	"notrueking/board"
	"notrueking/rules"
)

// TargetKind says what a click landed on.
type TargetKind int

// Click targets.
const (
	TNone      TargetKind = iota
	TButton               // a button: Action to apply, or a Cmd of the app
	TSlot                 // a house's agent slot (House, Slot)
	TToken                // a loyalty token of the private card (Index)
	TTerritory            // a territory of the board (Terr)
	TSeatToken            // a loyalty token on a conspiracy's public row (Seat's slot Index)
)

// Target is the hit-test result of a click.
type Target struct {
	Kind   TargetKind
	Cmd    Command // what a button asks of the app (Cmd.Kind != CmdNone)
	Action *rules.Action
	House  board.HouseID
	Slot   rules.Slot
	Index  int
	Terr   board.TerrID
	Seat   rules.Seat
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
	// WQR is a QR code of Text (a host's join link), black on white,
	// filling the largest square of R.
	WQR
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
	// Key is the key that does what the button does, shown on it (KeyEnter,
	// KeyEsc, Key1); KeyNone for none.
	Key Key
	// Tip explains the widget in plain words when the pointer rests on it.
	Tip string
}

// CmdTarget is the target of a button that asks the app for c.
func CmdTarget(c Command) Target { return Target{Kind: TButton, Cmd: c} }

// HitTest returns the target of the topmost clickable widget at (x, y)
// (base coordinates), and its index; a zero Target and -1 for none.
func HitTest(ws []Widget, x, y float64) (Target, int) {
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

// KeyTarget is the target of the topmost live button that shows key k.
func KeyTarget(ws []Widget, k Key) (Target, bool) {
	for i := len(ws) - 1; i >= 0; i-- {
		if w := ws[i]; w.Key == k && !w.Disabled && w.T.Kind != TNone {
			return w.T, true
		}
	}
	return Target{}, false
}

// Panel is a panel in r with its title (none for "").
func Panel(r Rect, title string) []Widget {
	ws := []Widget{{R: r, Kind: WPanel, Fill: ColPanel, Edge: ColEdge}}
	if title != "" {
		ws = append(ws, Widget{R: Rect{r.X + 12, r.Y + 6, r.W - 24, 24}, Kind: WText, Text: title, Size: 17, Bold: true, Ink: ColGold})
	}
	return ws
}

// Text is a line (or lines) of text in r.
func Text(r Rect, s string, size float64, ink color.RGBA) Widget {
	return Widget{R: r, Kind: WText, Text: s, Size: size, Ink: ink}
}

// Button is a button in r labelled label that targets t.
func Button(r Rect, label string, t Target) Widget {
	return Widget{R: r, Kind: WButton, Text: label, Size: 16, Fill: ColButton, Ink: ColText, Edge: ColButtonHi, T: t}
}

// ActionButton is a button that applies action a.
func ActionButton(r Rect, label string, a rules.Action) Widget {
	a2 := a
	return Button(r, label, Target{Kind: TButton, Action: &a2})
}

// Find is the first widget of ws that pred accepts.
func Find(ws []Widget, pred func(Widget) bool) (Widget, bool) {
	for _, w := range ws {
		if pred(w) {
			return w, true
		}
	}
	return Widget{}, false
}

// Shows reports whether a widget of ws says all of s: in its text, or
// shortened with an ellipsis and whole in its tooltip (FitLabels).
func Shows(ws []Widget, s string) bool {
	_, ok := Find(ws, func(w Widget) bool {
		flat := strings.Join(strings.Fields(s), " ")
		return strings.Contains(w.Text, s) || strings.Contains(strings.Join(strings.Fields(w.Text), " "), flat) ||
			strings.HasSuffix(w.Text, Ellipsis) && strings.Contains(w.Tip, flat)
	})
	return ok
}

// HasText reports whether a widget of ws says s.
func HasText(ws []Widget, s string) bool {
	_, ok := Find(ws, func(w Widget) bool { return strings.Contains(w.Text, s) })
	return ok
}

// DropKeyLabels takes the key labels off the widgets of ws (a phone's
// layout has no room for them) and returns the widgets that had one, as
// they were, so that their keys still work (the app's keyTarget).
func DropKeyLabels(ws []Widget) (keyed []Widget) {
	for i := range ws {
		if ws[i].Key != KeyNone {
			keyed = append(keyed, ws[i])
			ws[i].Key = KeyNone
		}
	}
	return keyed
}
