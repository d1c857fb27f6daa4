package live

import (
	"notrueking/bots"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/table"
	"notrueking/ui"
	"notrueking/words"
)

// Bot seats: any seat may be played by a bot (package bots) at a level.
// The game's match (session.Match, below the window) runs them: a bot
// thinks on its own goroutine from a copy of its seat's information, and
// its answer is applied after a short pause, so that the table can follow
// one move at a time (Tick). A search is dropped when the position
// changes under it: a new game, an undo, closing the window.

// botLevelOf is the level of the bot playing seat (false: a person's).
func (g *Game) botLevelOf(seat rules.Seat) (bots.Level, bool) {
	m, _ := g.Match()
	if m == nil {
		return 0, false
	}
	p := m.Players()
	if seat < 0 || int(seat) >= len(p) {
		return 0, false
	}
	l, err := bots.ParseLevel(p[seat])
	return l, err == nil
}

// botsPlace places the table after a move when some seat is played
// elsewhere — a bot's, or a player's at another device — and reports
// whether it did (false: the usual hot-seat curtain). With one human at
// this screen there is no curtain at all: that seat's panel stays in view
// while the others play. With several the curtain shows only for a turn of
// theirs. With none the table is public: a game to watch (or to host).
func (g *Game) botsPlace() bool {
	u := g.tbl
	hs, others := g.humans()
	if !others {
		return false
	}
	u.Hints().Clear()
	ta := u.Game().ToAct()
	show := rules.Seat(-2) // leave the curtain to the caller
	switch {
	case len(hs) == 0:
		show = -1
	case len(hs) == 1:
		show = hs[0]
	case !g.here(ta):
		show = -1
	}
	if show == -2 {
		return false
	}
	if u.Shown() != show {
		if show < 0 {
			u.Hide()
		} else {
			u.Reveal(show)
		}
	}
	return true
}

// AskHint asks the strong bot what it would do in the shown human's place
// (key H); the table says what came of it.
func (g *Game) AskHint() {
	m, _ := g.Match()
	u := g.tbl
	if m == nil || u.Game().Over() {
		return
	}
	seat := u.Shown()
	if seat < 0 {
		u.SetMessage("A hint is for the player whose turn it is.", true)
		return
	}
	if err := m.AskHint(seat); err != nil {
		u.SetMessage(err.Error()+".", true)
		return
	}
	u.SetMessage("Thinking about a hint…", false)
}

// botWidgets adds the table's bot pieces to its widgets: the Hint button
// (key H) at the right end of the prompt while a human seat shown is to
// act, or "… bot thinking" while a bot is; and the gold frame of a hinted
// move. The prompt is shortened to make room.
func (g *Game) botWidgets(ws []ui.Widget) []ui.Widget {
	m, _ := g.Match()
	u := g.tbl
	if m == nil || u.Game().Over() || u.InPast() {
		return ws // a past board's banner holds the prompt's place
	}
	l := u.Layout()
	pr := l.Prompt
	if g.o.Tester && !l.Portrait {
		pr.W = table.TesterBadge.X - 12 - pr.X
	}
	r := ui.Rect{X: pr.X + pr.W - 132, Y: pr.Y, W: 132, H: pr.H}
	if l.Portrait {
		r = l.Hint
	}
	seat := u.Game().ToAct()
	var w ui.Widget
	lv, bot := g.botLevelOf(seat)
	switch {
	case bot:
		w = ui.Widget{R: r, Kind: ui.WText, Text: words.Title(lv.String()) + " bot thinking…", Size: 15, Align: ui.AlignCenter, Ink: ui.ColDim}
		if !m.Thinking() {
			w.Text = words.Title(lv.String()) + " bot moves"
		}
	case u.Shown() == seat:
		w = ui.Button(r, "Hint", ui.CmdTarget(ui.Command{Kind: ui.CmdHint}))
		w.Key, w.Size = ui.KeyH, 16
		w.Tip = "Ask the strong bot what it would do in your place: it sees only what you see. The hint is noted in the log."
	default:
		return ws
	}
	for i := range ws {
		if ws[i].R == pr && ws[i].Kind == ui.WText && !l.Portrait {
			ws[i].R.W -= r.W + 8
			u.FitPrompt(&ws[i]) // on two lines if it must, never cut
		}
	}
	return u.Hints().Mark(append(ws, w))
}

// hintOf is the table's hint of a hint search's answer.
func hintOf(h session.Hint) table.Hint {
	th := table.Hint{Seat: h.Seat, Action: h.Decision.Action}
	for _, o := range h.Decision.Top {
		th.Top = append(th.Top, table.Scored{Action: o.Action, Score: o.Score})
	}
	return th
}
