package ui

import "notrueking/board"

// CmdKind names what a button or a key asks of the app. Buttons carry a
// typed Command, never a string to parse.
type CmdKind int

// Commands of the app, by the scene that answers them.
const (
	CmdNone CmdKind = iota
	// Start screen.
	CmdStart      // start a new game with the chosen map and players
	CmdContinue   // continue the saved game ID
	CmdMap        // choose map N of the list
	CmdPlayers    // choose N players
	CmdEditName   // edit the name of seat N
	CmdNextMap    // the next map (arrow keys); N = +1 or -1
	CmdNextPlayer // one player more or fewer (arrow keys); N = +1 or -1
	CmdSeatLevel  // who plays seat N: human, or the next bot level (app/botseats.go)
	CmdBotPause   // the next pause between bot moves (app/botseats.go)
	CmdVariant    // the Citadel variant on or off for the next game
	CmdNetwork    // host the next game on the network (remote seats), or play it at this screen
	// Hand-off curtain.
	CmdLift // the seat the curtain waits for is looking
	// Table.
	CmdCancel         // drop the selection or dialog (also closes overlays)
	CmdShuffle        // shuffle the loyalty card being arranged
	CmdConfirmArrange // confirm the arranged loyalty card
	CmdMoveConfirm    // move the counted units
	CmdMoreUnits      // one more Unit in the move dialog
	CmdFewerUnits     // one fewer Unit in the move dialog
	CmdMoveRow        // select the move dialog's row N steps down (N may be negative)
	CmdMoveAttack     // onto a road: attack house N there (-1: none) with the move
	CmdUndo           // undo the last action (answered by the log panel's owner)
	CmdRedo           // redo the undone action
	CmdDismiss        // dismiss the notice in front of the table (a drawn card, a combat's result)
	CmdLogEntry       // show the table as it stood after N actions (a log entry)
	CmdLogScroll      // scroll the log N rows (positive: older)
	CmdPresent        // return from the past to the table as it stands
	CmdHint           // ask the strong bot for the shown seat's move (app/botseats.go)
	CmdTab            // show tab N below the board (the portrait layout's: your play, houses, conspiracies, log, talk)
	CmdTalk           // show the table talk in the log's place (N = 1) or the log again (N = 0)
	CmdTalkTo         // the next recipient of the line being written: the table, then each other seat
	CmdTalkWrite      // start writing a line of talk
	CmdTalkSend       // say the line written
	// Table, the Citadel variant (table/citadel.go).
	CmdStudy       // study at the Citadel: the chooser of the secret aim
	CmdWing        // play the Dark Wings card N (a rules.Wing): pick its target
	CmdUncoverSeat // Dig Up Dirt on seat N: the chooser of its face-down tokens
	// Tester's tools (the table's Tools menu, table/tools.go).
	CmdTools        // open or close the Tools menu
	CmdSavePosition // save the position on the table as a scenario file
	CmdScenarios    // open or close the scenario browser
	CmdOpenScenario // open scenario N of the browser's list
	// Network (app/network.go): a hosted or joined game.
	CmdNetPanel      // open or close the network panel: the join link and QR code, who is connected
	CmdAdmit         // admit the device waiting as request N
	CmdRefuse        // refuse the device waiting as request N
	CmdGiveSeat      // hand seat N to ID: a bot level, or "remote" for a device
	CmdSpectators    // let spectators follow by the spectator link, or send them away
	CmdSpectatorTalk // show the table's talk to the spectators, or hide it (a stream)
	CmdAwayBot       // the next leaver rule: how long a seat's device may be away before a bot plays it, and which
	// Replay viewer (app/replay.go).
	CmdReplayGo     // show the table after N actions
	CmdReplayStep   // N actions on (negative: back)
	CmdReplayRound  // the start of the next round (N = 1) or of this or the last one (N = -1)
	CmdReplaySeat   // show seat N's view (rules.Public: the public view); only once the game is over
	CmdReplayBack   // leave the replay for the scene it was opened from
	CmdReplayBranch // open the position shown in the sandbox (to edit it, or play on from it)
	// Sandbox and try mode (app/sandbox.go, table/trymode.go).
	CmdSandbox        // open the sandbox on the position (table: Edit position; start screen)
	CmdWatch          // watch the game Continue found open in another window (start screen)
	CmdDeleteFinished // delete the saves of finished games (start screen; a second press confirms)
	CmdDeleteGame     // delete the saved game ID (start screen; a second press confirms)
	CmdExportGame     // export the saved game ID as a file (start screen)
	CmdExportFinished // export the finished games' saves as files (start screen)
	CmdSandboxPlay    // play from the edited position
	CmdSandboxHouse   // the house N places units and flags
	CmdSandboxUnit    // place Unit (N = -1: the flag tool)
	CmdSandboxSeat    // edit seat N's cards and loyalty card
	CmdSandboxToken   // select loyalty token N, or swap it with the selected one
	CmdSandboxReveal  // turn the selected loyalty token face up or down
	CmdSandboxCard    // give house card Card to the seat (N = 1), or take it back (N = -1)
	CmdSandboxRound   // round N steps on
	CmdSandboxFirst   // first player N seats on
	CmdSandboxPhase   // phase N steps on
	CmdTryMode        // try mode on or off (table)
	// End screen.
	CmdAgain  // back to the start screen for a new game
	CmdReplay // watch the game just finished in the replay viewer
	// Every scene.
	CmdHelp       // open or close the help overlay
	CmdCodes      // show or hide the legend of the territory codes on the board in view
	CmdFullscreen // toggle fullscreen
)

// Command is one request of a button or key: its kind and payload.
type Command struct {
	Kind CmdKind
	N    int          // a number: map or seat index, player count, step
	Unit board.Unit   // a unit kind (move dialog)
	ID   string       // a saved game's id (CmdContinue, CmdDeleteGame, CmdExportGame)
	Card board.CardID // a house card (CmdSandboxCard)
}
