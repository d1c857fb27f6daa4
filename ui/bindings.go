package ui

import "strings"

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

// Binding is one row of the help: the keys or gestures (as ui.Input names
// them: "Ctrl+Z", "Left", "1"; gestures "Click", "Right-click",
// "Shift+click", "Wheel", "Drag"), how the help writes them, what they do
// and where they work.
type Binding struct {
	Keys  []string
	Label string
	What  string
	In    HelpScene
}

// digits are the keys 1 to 9.
var digits = strings.Fields("1 2 3 4 5 6 7 8 9")

// Bindings are every key and mouse gesture of the window.
var Bindings = []Binding{
	{[]string{"F1", "?"}, "F1 or ?", "open or close this help", InEvery},
	{[]string{"Esc"}, "Esc", "close this help; cancel a move, a chooser, a dialog or a question", InEvery &^ (InReplay | InSandbox)},
	{[]string{"Esc"}, "Esc", "close this help; back where you came from", InReplay | InSandbox},
	{[]string{"F11"}, "F11", "fullscreen on or off", InEvery},
	{[]string{"Enter", "Space"}, "Enter or Space", "lift the hand-off curtain (click anywhere too)", InCurtain},
	{[]string{"Ctrl+Z", "Ctrl+Y"}, "Ctrl+Z / Ctrl+Y", "undo / redo: your own decisions; before another player's it asks (the same key again goes on)", InTable | InCurtain},
	{[]string{"Click"}, "Click", "a slot, a territory to muster or move from, then its destination; a card, a log entry", InTable},
	{[]string{"Right-click"}, "Right-click", "cancel the move being set up (or a chooser)", InTable},
	{[]string{"Shift+click"}, "Shift+click", "another group of yours as the move's origin", InTable},
	{[]string{"Enter", "Space"}, "Enter", "confirm a dialog; Continue past a notice (Space too)", InTable},
	{digits, "1 … 9", "the numbered buttons of a decision", InTable},
	{[]string{"Left", "Right", "Up", "Down"}, "← → ↑ ↓", "the move dialog: ↑ ↓ a row, ← → fewer or more", InTable},
	{[]string{"S"}, "S", "shuffle the loyalty card being arranged", InTable},
	{[]string{"H"}, "H", "a hint: a bot's move for you, noted in the log", InTable},
	{[]string{"F2"}, "F2", "the Tools menu: save the position, sandbox, try mode", InTable},
	{[]string{"Ctrl+S"}, "Ctrl+S", "save the position as a scenario file", InTable | InSandbox},
	{[]string{"E"}, "E", "edit the position in the sandbox", InTable},
	{[]string{"F3"}, "F3", "the scenarios: shipped and saved, with what to try; a click opens one", InTable | InStart},
	{[]string{"F4"}, "F4", "the network: the join link and QR code, who is connected, devices to admit", InTable | InCurtain},
	{[]string{"T"}, "T", "try mode: any group's moves, nothing played", InTable},
	{[]string{"Wheel"}, "Wheel", "over the log: scroll it; over the board: zoom", InTable | InCurtain | InReplay | InSpectator | InSandbox},
	{[]string{"Drag"}, "Drag", "pan the board (left or middle button)", InTable | InReplay | InSpectator | InSandbox},
	{[]string{"F", "Home"}, "F or Home", "fit the board to its frame", InTable | InSpectator | InSandbox},
	{[]string{"Enter"}, "Enter", "start; with games saved: continue the newest", InStart},
	{[]string{"N"}, "N", "a new game, when there are games to continue", InStart},
	{[]string{"Tab", "Click"}, "Tab, click", "the next name to type; click a field to edit it", InStart},
	{digits, "1 … 9", "continue a saved game", InStart},
	{[]string{"Left", "Right"}, "← →", "fewer or more players", InStart},
	{[]string{"Up", "Down", "↑↓"}, "↑ ↓", "the map", InStart},
	{[]string{"W"}, "W", "watch the game open in another window", InStart},
	{[]string{"V"}, "V", "the Citadel variant on or off", InStart},
	{[]string{"Enter"}, "Enter", "a new game", InEnd},
	{[]string{"R"}, "R", "watch the replay of the game", InEnd},
	{[]string{"Left", "Right"}, "← →", "an action back / on", InReplay},
	{[]string{"Up", "Down", "PgUp", "PgDn"}, "↑ ↓, PgUp PgDn", "a round back / on", InReplay},
	{[]string{"Home", "End"}, "Home / End", "the start / the last action", InReplay},
	{[]string{"B"}, "B", "branch from here: the position shown in the sandbox, to edit or play on from it", InReplay},
	{append([]string{"0"}, digits...), "0 … 9", "the public view / a seat's view (once the game is over)", InReplay},
	{[]string{"Click", "Drag"}, "Click the bar", "go to that action (drag along it)", InReplay},
	{[]string{"Click"}, "Click", "add a unit, set a flag, cycle a slot's agent", InSandbox},
	{[]string{"Right-click", "Shift+click"}, "Right-click", "remove a unit or clear a flag (or Shift+click)", InSandbox},
	{[]string{"P"}, "P", "play from here", InSandbox},
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

// Bound reports whether key (as ui.Input or a button names it) has a row
// in scene s's help.
func Bound(key string, s HelpScene) bool {
	for _, b := range Bindings {
		if b.In&s != 0 {
			for _, k := range b.Keys {
				if k == key {
					return true
				}
			}
		}
	}
	return false
}
