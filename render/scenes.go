package render

import "strconv"

// sceneHandler is one screen of the app (start, curtain, table, end; a
// combat result or a replay later): the widgets it shows, the keys it
// answers itself, the commands it carries out and the clicks on its own
// targets (slots, tokens, territories). The App owns what every scene
// shares: the help overlay, fullscreen, banners, tooltips and the keys
// shown on buttons (a key a scene does not take presses the button that
// shows it).
type sceneHandler interface {
	// widgets builds the scene's widget list from the state.
	widgets() []Widget
	// keys takes the keys the scene answers itself (text, arrows) and
	// returns the others, for the buttons; changed reports an edit.
	keys(in input) (rest []string, changed bool)
	// do carries out a command of the scene (others are ignored).
	do(c Command)
	// click handles a click on a target that carries no command.
	click(t Target)
	// board reports whether the table's board is drawn under the widgets.
	board() bool
}

// startScene: map, players and names, or a saved game to continue.
type startScene struct{ a *App }

func (s startScene) widgets() []Widget { return s.a.start.widgets() }

func (s startScene) keys(in input) ([]string, bool) {
	st := s.a.start
	changed := st.keys(in)
	var rest []string
	for _, k := range in.pressed() {
		switch {
		case k == "Left" || k == "Right":
			s.do(Command{Kind: CmdNextPlayer, N: map[string]int{"Left": -1, "Right": 1}[k]})
			changed = true
		case k == "Up" || k == "Down":
			s.do(Command{Kind: CmdNextMap, N: map[string]int{"Up": -1, "Down": 1}[k]})
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

func (s startScene) do(c Command) {
	a, st := s.a, s.a.start
	switch c.Kind {
	case CmdStart:
		a.startGame()
	case CmdContinue:
		a.continueGame(c.ID)
	case CmdMap:
		if c.N >= 0 && c.N < len(st.maps) {
			st.mapIdx = c.N
			st.clampPlayers()
		}
	case CmdNextMap:
		st.mapIdx = (st.mapIdx + c.N + len(st.maps)) % len(st.maps)
		st.clampPlayers()
	case CmdPlayers:
		st.n = c.N
		st.clampPlayers()
	case CmdNextPlayer:
		st.n += c.N
		st.clampPlayers()
	case CmdEditName:
		st.focus = c.N
	case CmdCancel:
		st.focus = -1
	case CmdSeatLevel, CmdBotPause:
		st.startBotCommand(c)
	case CmdSandbox:
		a.sandboxFromStart()
	}
	if st.focus >= st.n {
		st.focus = -1
	}
}

func (s startScene) click(Target) { s.a.start.focus = -1 }
func (startScene) board() bool    { return false }

// curtainScene hides the table's secrets until the next seat is looking.
type curtainScene struct{ a *App }

func (s curtainScene) widgets() []Widget { return s.a.curtainWidgets() }

func (s curtainScene) keys(in input) ([]string, bool) {
	var rest []string
	for _, k := range in.pressed() {
		if k == "Space" {
			k = "Enter" // Enter or Space lifts the curtain
		}
		rest = append(rest, k)
	}
	return rest, false
}

func (s curtainScene) do(c Command) {
	if c.Kind == CmdLift {
		s.a.tbl.reveal(s.a.curtain)
		s.a.scene = sceneTable
	}
}

func (curtainScene) click(Target)  {}
func (s curtainScene) board() bool { return s.a.behind != nil }

// tableScene is the game: board, panels and decisions of the seat shown.
type tableScene struct{ a *App }

func (s tableScene) widgets() []Widget {
	l := s.a.layout()
	return s.a.testerWidgets(s.a.tbl.tableWidgets(l), l)
}

func (s tableScene) keys(in input) ([]string, bool) {
	u := s.a.tbl
	var rest []string
	changed := s.a.followKeys(in)
	dialog := u.moveFrom >= 0 && u.moveTo >= 0
	for _, k := range in.pressed() {
		switch {
		case s.a.try != nil && (k == "Esc" || k == "T"):
			s.do(Command{Kind: CmdTryMode})
			changed = true
		case s.a.try != nil:
			rest = append(rest, k) // buttons' keys: refused by tryCommand
		case k == "Esc":
			s.do(Command{Kind: CmdCancel})
			changed = true
		case k == "Space" && u.holding():
			rest = append(rest, "Enter") // Enter or Space dismisses a notice
		case isToolKey(k):
			c, _ := toolKey(k)
			s.a.do(c)
			changed = true
		case dialog && (k == "Up" || k == "Down"):
			s.do(Command{Kind: CmdMoveRow, N: map[string]int{"Up": -1, "Down": 1}[k]})
			changed = true
		case dialog && (k == "Left" || k == "Right"):
			if kind, ok := u.moveRowUnit(); ok {
				c := Command{Kind: CmdMoreUnits, Unit: kind}
				if k == "Left" {
					c.Kind = CmdFewerUnits
				}
				s.do(c)
				changed = true
			}
		default:
			rest = append(rest, k)
		}
	}
	return rest, changed
}

func (s tableScene) do(c Command) {
	switch {
	case s.a.try != nil && s.a.tryCommand(c):
		return
	case c.Kind == CmdTryMode:
		s.a.toggleTry()
		return
	case c.Kind == CmdSandbox:
		s.a.sandboxFromTable()
		return
	}
	s.a.tbl.command(c)
	s.a.saveRecord()
	s.a.afterAction()
}

func (s tableScene) click(t Target) {
	if t.Kind == TNone {
		return
	}
	if s.a.try != nil {
		if t.Kind == TTerritory {
			s.a.tryClick(t.Terr)
		} else if t.Kind == TButton && t.Action != nil || t.Kind == TSlot || t.Kind == TToken {
			s.a.tbl.setMsg("Try mode: nothing is played. Press T or Esc to leave it first.", true)
		} else {
			s.a.tbl.click(t) // the log panel's entries and scrolling
		}
		return
	}
	s.a.tbl.click(t)
	s.a.saveRecord()
	s.a.afterAction()
}

func (tableScene) board() bool { return true }

// endScene reveals everything: ranking, loyalty cards, scores, the seed.
type endScene struct{ a *App }

func (s endScene) widgets() []Widget { return s.a.endWidgets() }

func (endScene) keys(in input) ([]string, bool) { return in.pressed(), false }

func (s endScene) do(c Command) {
	a := s.a
	if c.Kind == CmdReplay {
		a.replayFinished()
		return
	}
	if c.Kind == CmdAgain {
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

func (endScene) click(Target) {}
func (endScene) board() bool  { return true }

// keyButtons gives the table's action buttons the digit keys 1–9, in the
// order they are listed (the hand's playable cards, then the decision
// panel's), unless a button already shows a key.
func keyButtons(ws []Widget) []Widget {
	n := 0
	for i := range ws {
		w := &ws[i]
		if w.Kind != WButton || w.Key != "" || w.Disabled || w.T.Action == nil {
			continue
		}
		if n++; n > 9 {
			break
		}
		w.Key = strconv.Itoa(n)
	}
	return ws
}
