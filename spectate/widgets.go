package spectate

import (
	"fmt"
	"path/filepath"
	"strings"

	"notrueking/session"
	"notrueking/table"
	"notrueking/ui"
	"notrueking/words"
)

// Widgets is the spectator's screen once a position is read: the public
// table as the hand-off curtain leaves it in view, without undo, with the
// spectator's panel where a seat's hand and decisions would be; the end
// screen once the game is over (everything is public then). Before the
// first position it is the waiting card.
func (s *Spectator) Widgets() []ui.Widget {
	if s.lg == nil {
		return s.waitingWidgets()
	}
	u := s.lg.Table()
	if u.Game().Over() {
		var ws []ui.Widget
		for _, w := range u.Screens().End(false) {
			if w.T.Cmd.Kind != ui.CmdAgain {
				ws = append(ws, w)
			}
		}
		st := s.statusWidget(ui.Rect{X: ui.BaseW - 360, Y: 14, W: 344, H: 22}, ui.AlignRight)
		st.Text = "Spectator · " + st.Text
		return append(ws, st)
	}
	l := u.Layout()
	box := ui.Rect{X: l.Private.X, Y: l.Private.Y, W: l.Actions.X + l.Actions.W - l.Private.X, H: l.Private.H}
	var ws []ui.Widget
	for _, w := range u.Widgets(l) {
		switch {
		case w.T.Cmd.Kind == ui.CmdUndo || w.T.Cmd.Kind == ui.CmdRedo:
			continue // nothing is taken back from here
		case w.T.Cmd.Kind == ui.CmdTools:
			continue // the tester's tools act on a game of one's own
		case ui.Within(w.R, box):
			continue // the private and decision panels: the spectator's panel instead
		case w.T.Cmd.Kind == ui.CmdLogEntry:
			// The spectator shows the game as it stands: an entry is
			// read, not clicked.
			w.T = ui.Target{}
			w.Tip, _, _ = strings.Cut(w.Tip, "\nClick:")
		case w.Kind == ui.WText && strings.HasPrefix(w.Text, "Log  ·"):
			w.Text = "Log  ·  newest at the bottom  ·  public lines only"
		}
		ws = append(ws, w)
	}
	return append(ws, s.panel(u, box)...)
}

// Board is where the board stands on the spectator's screen (the end
// screen's place once the game is over) and whether it takes the pointer.
func (s *Spectator) Board() (area ui.Rect, input bool) {
	u := s.lg.Table()
	if u.Game().Over() {
		m := u.Map()
		return table.EndLayout(m.Grid.W, m.Grid.H).Board, false
	}
	return u.Layout().Board, true
}

// panel says whose turn it is, the round and the step, and which game is
// followed from where.
func (s *Spectator) panel(u *table.Table, r ui.Rect) []ui.Widget {
	pub := u.Public()
	ws := ui.Panel(r, "Spectator  ·  the public view")
	ws = append(ws, s.statusWidget(ui.Rect{X: r.X + r.W - 262, Y: r.Y + 8, W: 250, H: 20}, ui.AlignRight))
	x, w := r.X+12, r.W-24
	y := r.Y + 34
	if ta := u.Game().ToAct(); ta >= 0 {
		ink := ui.Readable(ui.SeatColor(ta), ui.ColPanel)
		t := fmt.Sprintf("%s (%s) is choosing…", u.SeatName(ta), words.Title(u.SeatID(ta)))
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y, W: w, H: 30}, Kind: ui.WText, Text: t, Size: 24, Bold: true, Ink: ink, Tip: pub.Prompt})
	}
	y += 34
	ws = append(ws, ui.Text(ui.Rect{X: x, Y: y, W: w, H: 22}, fmt.Sprintf("Round %d of %d  ·  %s", pub.Round, pub.Rounds, u.Step()), 17, ui.ColText))
	y += 26
	var names []string
	for _, p := range pub.Players {
		names = append(names, u.SeatName(p.Seat))
	}
	ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y, W: w, H: 20}, Kind: ui.WText, Text: words.Count(u.Game().Len(), "action") + "  ·  " + strings.Join(names, ", "), Size: 15, Ink: ui.ColDim,
		Tip: "The actions taken so far, and the players of the game followed, in seat order."})
	y += 22
	if from, tip := s.following(); from != "" {
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y, W: w, H: 20}, Kind: ui.WText, Text: from, Size: 15, Ink: ui.ColDim, Tip: tip})
	}
	return ws
}

// following names what is followed — "Following game.ntk", "… · the
// newest save", "Following the game hosted at HOST" — with the whole
// path or link ("" while the saves folder holds no game).
func (s *Spectator) following() (text, whole string) {
	switch {
	case s.link != nil:
		if s.clean {
			return "Following " + s.where(), "The public table only, by the game's spectator link."
		}
		return "Following " + s.where(), s.link.Link()
	case s.file == nil:
		return "", ""
	}
	p := s.file.Path()
	if p == "" {
		return "", ""
	}
	text = "Following " + filepath.Base(p)
	if s.file.Folder() != "" {
		text += "  ·  the newest save"
	}
	return text, p
}

// statusWidget is the line that says the window follows the game, or
// waits for it (the reason in its tooltip).
func (s *Spectator) statusWidget(r ui.Rect, align int) ui.Widget {
	w := ui.Widget{R: r, Kind: ui.WText, Text: "following", Size: 15, Align: align, Ink: ui.ColDim,
		Tip: "The window reads the game's file again whenever it changes."}
	if status, reason := s.Status(); status != "" {
		w.Text, w.Ink, w.Bold = status, ui.ColGold, true
		w.Tip = "The last position read stays on the screen until the file can be read again. " + reason
	}
	return w
}

// waitingWidgets is the screen before the first position is read.
func (s *Spectator) waitingWidgets() []ui.Widget {
	r := ui.Rect{X: 300, Y: 300, W: 1000, H: 260}
	ws := []ui.Widget{{R: r, Kind: ui.WPanel, Fill: ui.ColPanel, Edge: ui.ColEdge},
		{R: ui.Rect{X: r.X, Y: r.Y + 30, W: r.W, H: 44}, Kind: ui.WText, Text: "Spectator — " + session.Waiting, Size: 34, Bold: true, Align: ui.AlignCenter, Ink: ui.ColGold}}
	what := "This window shows the public view of a game as its file is written."
	hint := "Start or continue the game in its own window: it appears here as soon as it is saved."
	switch {
	case s.link != nil:
		what = "Following " + s.where() + " (its spectator link): the public table only"
		hint = "The game appears here as soon as the host sends its table (the link reconnects by itself)."
	case s.file == nil:
	case s.file.Path() != "":
		what = "Following " + s.file.Path()
	case s.file.Folder() != "":
		what = "Following the newest save in " + s.file.Folder()
	}
	if _, reason := s.Status(); reason != "" {
		ws = append(ws, ui.Widget{R: ui.Rect{X: r.X + 20, Y: r.Y + 140, W: r.W - 40, H: 24}, Kind: ui.WText, Text: reason, Size: 17, Align: ui.AlignCenter, Ink: ui.ColDim, Tip: reason})
	}
	ws = append(ws, ui.Widget{R: ui.Rect{X: r.X + 20, Y: r.Y + 100, W: r.W - 40, H: 26}, Kind: ui.WText, Text: what, Size: 19, Align: ui.AlignCenter, Ink: ui.ColText, Tip: what},
		ui.Text(ui.Rect{X: r.X + 20, Y: r.Y + 200, W: r.W - 40, H: 22}, hint, 17, ui.ColDim))
	ws[len(ws)-1].Align = ui.AlignCenter
	return ws
}
