package render

import (
	"notrueking/ui"
)

// sceneHandler is one screen of the app (start, curtain, table, end; a
// combat result or a replay later): the widgets it shows, the keys it
// answers itself, the commands it carries out and the clicks on its own
// targets (slots, tokens, territories). The App owns what every scene
// shares: the help overlay, fullscreen, banners, tooltips and the keys
// shown on buttons (a key a scene does not take presses the button that
// shows it).
type sceneHandler interface {
	// widgets builds the scene's widget list from the state.
	widgets() []ui.Widget
	// keys takes the keys the scene answers itself (text, arrows) and
	// returns the others, for the buttons; changed reports an edit.
	keys(in ui.Input) (rest []string, changed bool)
	// do carries out a command of the scene (others are ignored).
	do(c ui.Command)
	// click handles a click on a target that carries no command.
	click(t ui.Target)
	// board reports whether the table's board is drawn under the widgets.
	board() bool
}

// startScene: map, players and names, or a saved game to continue.
type startScene struct{ a *App }

func (s startScene) widgets() []ui.Widget { return s.a.start.widgets() }

func (s startScene) keys(in ui.Input) ([]string, bool) {
	st := s.a.start
	changed := st.keys(in)
	var rest []string
	for _, k := range in.Pressed() {
		switch {
		case k == "Left" || k == "Right":
			s.do(ui.Command{Kind: ui.CmdNextPlayer, N: map[string]int{"Left": -1, "Right": 1}[k]})
			changed = true
		case k == "Up" || k == "Down":
			s.do(ui.Command{Kind: ui.CmdNextMap, N: map[string]int{"Up": -1, "Down": 1}[k]})
			changed = true
		case k == "Esc" && st.focus >= 0:
			st.focus = -1
			changed = true
		case st.focus >= 0 && (len(k) == 1 || k == "Space"):
			// Typed into the name field, not a button's key.
		default:
			rest = append(rest, k)
		}
	}
	return rest, changed
}

func (s startScene) do(c ui.Command) {
	a, st := s.a, s.a.start
	switch c.Kind {
	case ui.CmdStart:
		a.startGame()
	case ui.CmdContinue:
		a.continueGame(c.ID)
	case ui.CmdMap:
		if c.N >= 0 && c.N < len(st.maps) {
			st.mapIdx = c.N
			st.clampPlayers()
		}
	case ui.CmdNextMap:
		st.mapIdx = (st.mapIdx + c.N + len(st.maps)) % len(st.maps)
		st.clampPlayers()
	case ui.CmdPlayers:
		st.n = c.N
		st.clampPlayers()
	case ui.CmdNextPlayer:
		st.n += c.N
		st.clampPlayers()
	case ui.CmdEditName:
		st.focus = c.N
	case ui.CmdCancel:
		st.focus = -1
	case ui.CmdSeatLevel, ui.CmdBotPause:
		st.startBotCommand(c)
	case ui.CmdSandbox:
		a.sandboxFromStart()
	}
	if st.focus >= st.n {
		st.focus = -1
	}
}

func (s startScene) click(ui.Target) { s.a.start.focus = -1 }
func (startScene) board() bool       { return false }

// curtainScene hides the table's secrets until the next seat is looking.
type curtainScene struct{ a *App }

func (s curtainScene) widgets() []ui.Widget { return s.a.tbl.CurtainWidgets(s.a.curtain) }

func (s curtainScene) keys(in ui.Input) ([]string, bool) {
	var rest []string
	for _, k := range in.Pressed() {
		if k == "Space" {
			k = "Enter" // Enter or Space lifts the curtain
		}
		rest = append(rest, k)
	}
	return rest, false
}

func (s curtainScene) do(c ui.Command) {
	if c.Kind == ui.CmdLift {
		s.a.tbl.Reveal(s.a.curtain)
		s.a.scene = sceneTable
	}
}

func (curtainScene) click(ui.Target) {}
func (s curtainScene) board() bool   { return s.a.behind != nil }

// tableScene is the game: board, panels and decisions of the seat shown
// (package table), its clicks and commands; a command or click that went
// to the game is followed by the record file and the next scene.
type tableScene struct{ a *App }

func (s tableScene) widgets() []ui.Widget { return s.a.tbl.Widgets(s.a.layout()) }

func (s tableScene) keys(in ui.Input) ([]string, bool) {
	wheel := s.a.tbl.Wheel(in)
	k := s.a.tbl.Keys(in)
	if k.Played {
		s.a.saveRecord()
		s.a.afterAction()
	}
	for _, c := range k.Tools {
		s.a.do(c)
	}
	return k.Rest, k.Changed || wheel
}

func (s tableScene) do(c ui.Command) {
	if c.Kind == ui.CmdSandbox && !s.a.tbl.Trying() {
		s.a.sandboxFromTable()
		return
	}
	if s.a.tbl.Do(c) {
		s.a.saveRecord()
		s.a.afterAction()
	}
}

func (s tableScene) click(t ui.Target) {
	if s.a.tbl.Click(t) {
		s.a.saveRecord()
		s.a.afterAction()
	}
}

func (tableScene) board() bool { return true }

// endScene reveals everything: ranking, loyalty cards, scores, the seed.
type endScene struct{ a *App }

func (s endScene) widgets() []ui.Widget { return s.a.tbl.EndWidgets(s.a.game() != nil) }

func (endScene) keys(in ui.Input) ([]string, bool) { return in.Pressed(), false }

func (s endScene) do(c ui.Command) {
	a := s.a
	if c.Kind == ui.CmdReplay {
		a.replayFinished()
		return
	}
	if c.Kind == ui.CmdAgain {
		// The finished game's save and record stay; the next game gets a
		// new save and a new record file.
		a.tbl, a.sess, a.recPath, a.recErr = nil, nil, "", nil
		a.bots.interrupt()
		a.bots = nil
		a.scene = sceneStart
		a.start.msg = ""
		a.refreshContinues()
	}
}

func (endScene) click(ui.Target) {}
func (endScene) board() bool     { return true }
