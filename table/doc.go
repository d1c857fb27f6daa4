// Package table is the table room of the window, in plain Go: a game's
// table as one seat (or the public) sees it, and what a click means.
//
// A Table reads and acts on its game only through Game (rules.Desk — the
// game as the seats of one device may know it — and rules.Actor): no
// engine is handed to it and it asks for no other ability, and every
// argument and answer is plain data, so the game may be served by another
// process (wire_test.go plays whole games through a JSON boundary). The
// app gives it clicks (Click), commands (Do), keys (Keys, Wheel) and
// hand-offs (Reveal, Hide); it answers with the widgets
// to draw and hit-test (Widgets; Screens: the curtain and the end
// screen), the board's marks (Highlights; Recent: what just happened),
// tooltips (TerritoryTip) and whether the game moved (Click and Do report
// it; Holding says a notice waits). It never calls back into the app and
// never writes a file: saving, the record file, the bots' search and the
// scenes are the app's.
//
// What a click means: one legal action → applied; several → a chooser;
// none → the engine's reason on the message line. The table holds its
// parts, each a type in its own file reading the game through one
// position (position.go): the move dialog (movedialog.go), the chooser,
// the loyalty card being arranged or its tokens to exchange (loyalty.go),
// the log panel (scroll, wrapped rows), the past boards shown from an
// entry (past.go), the notices a seat must dismiss (a drawn card, a
// combat's result, a scenario's comment), undo and redo (history.go), the
// hint shown (Hints), try mode, what just happened (Recent), who plays
// from another device (Attendance, presence.go), the panels (Panels:
// houses, players, private, decision, the combat card) and the other
// screens (Screens). In a Citadel game (citadel.go) it adds the
// Maester's fourth choice with its odds, the secret aim's chooser, a
// roll's notice with its dice, Dig Up Dirt's targets on the conspiracies'
// rows, the Dark Wings cards of the private panel and their targets, and
// the public counts. State is a plain copy of all of it.
package table
