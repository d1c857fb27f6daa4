package ui

import "slices"

// The window's key and mouse bindings, one table: the help overlay (F1)
// lists the rows of the scene that is up, so that help and keys cannot
// drift apart (the app's tests check every key it reads and every key a
// button shows against this table).

// HelpScene is a set of the window's scenes a binding works in.
type HelpScene uint16

// The scenes, as the help overlay tells them apart.
const (
	InStart HelpScene = 1 << iota
	InCurtain
	InTable // the table, a notice over it, try mode
	InEnd
	InReplay
	InSandbox
	InSpectator
	InEvery = InStart | InCurtain | InTable | InEnd | InReplay | InSandbox | InSpectator
)

// SceneNamed is the scene the manager names name ("start", "curtain",
// "table", "end", "replay", "sandbox"; "" the spectator's).
func SceneNamed(name string) HelpScene {
	switch name {
	case "start":
		return InStart
	case "curtain":
		return InCurtain
	case "table":
		return InTable
	case "end":
		return InEnd
	case "replay":
		return InReplay
	case "sandbox":
		return InSandbox
	}
	return InSpectator
}

// Binding is one row of the help: the keys (typed: the ones ui.Input and
// a button carry) or gestures ("Click", "Right-click", "Shift+click",
// "Wheel", "Drag"), how the help writes them, what they do and where they
// work.
type Binding struct {
	Keys     []Key
	Gestures []string
	Label    string
	What     string
	In       HelpScene
}

// digits are the keys 1 to 9.
var digits = []Key{Key1, Key2, Key3, Key4, Key5, Key6, Key7, Key8, Key9}

// Bindings are every key and mouse gesture of the window.
var Bindings = []Binding{
	{[]Key{KeyF1}, []string{"?"}, "F1 or ?", "open or close this help", InEvery},
	{[]Key{KeyEsc}, nil, "Esc", "close this help; cancel a move, a chooser, a dialog or a question", InEvery &^ (InReplay | InSandbox)},
	{[]Key{KeyEsc}, nil, "Esc", "close this help; back where you came from", InReplay | InSandbox},
	{[]Key{KeyF11}, nil, "F11", "fullscreen on or off", InEvery},
	{[]Key{KeyEnter, KeySpace}, nil, "Enter or Space", "lift the hand-off curtain (click anywhere too)", InCurtain},
	{[]Key{KeyCtrlZ, KeyCtrlY}, nil, "Ctrl+Z / Ctrl+Y", "undo / redo: your own decisions; before another player's it asks (the same key again goes on)", InTable | InCurtain},
	{[]Key{}, []string{"Click"}, "Click", "a slot, a territory to muster or move from, then its destination; a card, a log entry", InTable},
	{[]Key{}, []string{"Right-click"}, "Right-click", "cancel the move being set up (or a chooser)", InTable},
	{[]Key{}, []string{"Shift+click"}, "Shift+click", "another group of yours as the move's origin", InTable},
	{[]Key{KeyEnter, KeySpace}, nil, "Enter", "confirm a dialog; Continue past a notice (Space too)", InTable},
	{digits, nil, "1 … 9", "the numbered buttons of a decision", InTable},
	{[]Key{KeyLeft, KeyRight, KeyUp, KeyDown}, nil, "← → ↑ ↓", "the move dialog: ↑ ↓ a row, ← → fewer or more", InTable},
	{[]Key{KeyS}, nil, "S", "shuffle the loyalty card being arranged", InTable},
	{[]Key{KeyH}, nil, "H", "a hint: a bot's move for you, noted in the log", InTable},
	{[]Key{KeyF2}, nil, "F2", "the Tools menu: save the position, sandbox, try mode", InTable},
	{[]Key{KeyCtrlS}, nil, "Ctrl+S", "save the position as a scenario file", InTable | InSandbox},
	{[]Key{KeyE}, nil, "E", "edit the position in the sandbox", InTable},
	{[]Key{KeyF3}, nil, "F3", "the scenarios: shipped and saved, with what to try; a click opens one", InTable | InStart},
	{[]Key{KeyF4}, nil, "F4", "the network: the join link and QR code, who is connected, devices to admit", InTable | InCurtain},
	{[]Key{KeyT}, nil, "T", "try mode: any group's moves, nothing played", InTable},
	{[]Key{}, []string{"Wheel"}, "Wheel", "over the log: scroll it; over the board: zoom", InTable | InCurtain | InReplay | InSpectator | InSandbox},
	{[]Key{}, []string{"Drag"}, "Drag", "pan the board (left or middle button)", InTable | InReplay | InSpectator | InSandbox},
	{[]Key{KeyF, KeyHome}, nil, "F or Home", "fit the board to its frame", InTable | InSpectator | InSandbox},
	{[]Key{KeyEnter}, nil, "Enter", "start; with games saved: continue the newest", InStart},
	{[]Key{KeyN}, nil, "N", "a new game, when there are games to continue", InStart},
	{[]Key{KeyTab}, []string{"Click"}, "Tab, click", "the next name to type; click a field to edit it", InStart},
	{digits, nil, "1 … 9", "continue a saved game", InStart},
	{[]Key{KeyLeft, KeyRight}, nil, "← →", "fewer or more players", InStart},
	{[]Key{KeyUp, KeyDown, KeyUpDown}, nil, "↑ ↓", "the map", InStart},
	{[]Key{KeyW}, nil, "W", "watch the game open in another window", InStart},
	{[]Key{KeyV}, nil, "V", "the Citadel variant on or off", InStart},
	{[]Key{KeyEnter}, nil, "Enter", "a new game", InEnd},
	{[]Key{KeyR}, nil, "R", "watch the replay of the game", InEnd},
	{[]Key{KeyLeft, KeyRight}, nil, "← →", "an action back / on", InReplay},
	{[]Key{KeyUp, KeyDown, KeyPgUp, KeyPgDn}, nil, "↑ ↓, PgUp PgDn", "a round back / on", InReplay},
	{[]Key{KeyHome, KeyEnd}, nil, "Home / End", "the start / the last action", InReplay},
	{[]Key{KeyB}, nil, "B", "branch from here: the position shown in the sandbox, to edit or play on from it", InReplay},
	{append([]Key{Key0}, digits...), nil, "0 … 9", "the public view / a seat's view (once the game is over)", InReplay},
	{[]Key{}, []string{"Click", "Drag"}, "Click the bar", "go to that action (drag along it)", InReplay},
	{[]Key{}, []string{"Click"}, "Click", "add a unit, set a flag, cycle a slot's agent", InSandbox},
	{[]Key{}, []string{"Right-click", "Shift+click"}, "Right-click", "remove a unit or clear a flag (or Shift+click)", InSandbox},
	{[]Key{KeyP}, nil, "P", "play from here", InSandbox},
}

// HelpKeys are the help's rows for scene s: the label and what it does.
func HelpKeys(s HelpScene) [][2]string {
	var out [][2]string
	for _, b := range Bindings {
		if b.In&s != 0 {
			out = append(out, [2]string{b.Label, b.What})
		}
	}
	return out
}

// Bound reports whether key has a row in scene s's help.
func Bound(key Key, s HelpScene) bool {
	for _, b := range Bindings {
		if b.In&s != 0 && slices.Contains(b.Keys, key) {
			return true
		}
	}
	return false
}

// BoundGesture reports whether gesture g ("Click", "Wheel", "Drag" …) has
// a row in scene s's help.
func BoundGesture(g string, s HelpScene) bool {
	for _, b := range Bindings {
		if b.In&s != 0 && slices.Contains(b.Gestures, g) {
			return true
		}
	}
	return false
}
