package table

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/ui"
	"notrueking/words"
)

// The table's panels: the top bar, the Houses and Conspiracies panels
// (houses.go, players.go), the private panel (private.go), the decision
// panel (decision.go), the log (logpanel.go), the message line, the
// combat card (combatcard.go) and over them the past's banner and a
// notice; on a phone, one tab's pane at a time (portrait.go).

// Panels builds the table's screen from the table: tap is the least
// height of a control in the layout being built (0: as drawn).
type Panels struct {
	t        *Table
	tap      float64
	houses   housesPanel
	players  playersPanel
	private  privatePanel
	decision decisionPanel
	combat   combatCard
}

// table builds the whole table screen (everything but the board's
// own drawing) for the current state.
func (p *Panels) table(l Layout) []ui.Widget {
	u := p.t
	p.tap = l.Tap
	if l.Portrait {
		return p.portrait(l)
	}
	ws := p.topBar(l)
	pub := u.pos.pub
	ta := u.pos.eng.ToAct()

	ws = append(ws, p.houses.widgets(l)...)
	ws = append(ws, p.players.widgets(l)...)
	// The combat lies over the board's corner (or tops the log's column)
	// while it lasts: the board stays in view; so does the preview of an
	// attacking move.
	var combat []ui.Widget
	if pub.Combat != nil {
		combat = p.combat.widgets(l.Side, pub.Combat, combatLive)
	} else if cv := u.mv.preview(u.past.at != nil); cv != nil {
		combat = p.combat.widgets(l.Side, cv, combatPreview)
	}
	logR := l.Log
	if l.LogColumn() && len(combat) > 0 {
		top := combat[0].R.Y + combat[0].R.H + 6 // the card's panel
		logR.H -= top - logR.Y
		logR.Y = top
	}
	// The digest of what happened since the seat last looked tops what is
	// left of the log's column (else lies over the board's top).
	dr, dmax := logR, logR.H-logHeadH-6-logColLines*logRowH-6
	if !l.LogColumn() {
		dr, dmax = ui.Rect{X: l.Board.X + 6, Y: l.Board.Y + 6, W: l.Board.W - 12}, l.Board.H/2
	}
	digest, dh := u.recent.widgets(dr, dmax, &u.log, p.tap)
	if l.LogColumn() && dh > 0 {
		logR.Y += dh + 6
		logR.H -= dh + 6
	}
	chooser := len(u.ch.items) > 0 && u.pos.shown >= 0 && u.pos.shown == ta
	if chooser {
		// A chooser takes the private and decision panels' room (and the
		// log's under them): every choice stays on screen in readable
		// columns.
		p.private.hidden = nil
		ws = append(ws, p.decision.widgets(l.chooserRect())...)
	} else {
		ws = append(ws, p.private.widgets(l.Private)...)
		ws = append(ws, p.decision.widgets(l.Actions)...)
	}
	if !chooser || l.LogColumn() {
		ws = append(ws, p.log(logR)...)
	}
	ws = append(ws, p.message(l)...)
	ws = append(ws, combat...)
	ws = append(ws, digest...)
	return append(keyButtons(ws), p.follow(l)...)
}

// portrait builds the table screen of the portrait layout: the
// top bar, the message line, the tabs, the tab's pane, and over the board
// the combat and what happened since the seat last looked.
func (p *Panels) portrait(l Layout) []ui.Widget {
	u := p.t
	ws := p.topBar(l)
	ta := u.pos.eng.ToAct()
	houses := p.houses.widgets(l)
	ws = append(ws, p.message(l)...)
	// The tabs: the one shown selected; Houses lit while a slot waits for
	// the seat shown (placing an agent, resolving one).
	hot := false
	for _, w := range houses {
		hot = hot || (w.Hot && w.T.Kind == ui.TSlot)
	}
	tabs := l.Tabs[:]
	if !u.talk.On() {
		// A game at one screen has no talk: four tabs share the row.
		tabs = spread(l.Tabs[0].X, l.Tabs[NumTabs-1].X+l.Tabs[NumTabs-1].W, l.Tabs[0], NumTabs-1)
	}
	for i, r := range tabs {
		b := ui.Button(r, tabNames[i][0], ui.CmdTarget(ui.Command{Kind: ui.CmdTab, N: i}))
		if i == TabTalk && u.talk.unread > 0 {
			b.Text = fmt.Sprintf("Talk %d", u.talk.unread)
			b.Hot = true
		}
		b.Tip, b.Size = tabNames[i][1], 16
		if i == TabPlay && u.pos.shown < 0 {
			b.Tip = "The decision the game waits for, and whose it is."
		}
		b.Fill = ui.ColPanel
		if i == u.tab {
			b.Selected, b.Fill = true, ui.ColPanelHi
		}
		b.Hot = b.Hot || i == TabHouses && hot && u.tab != TabHouses
		ws = append(ws, b)
	}
	switch u.tab {
	case TabHouses:
		ws = append(ws, houses...)
	case TabPlayers:
		ws = append(ws, p.players.widgets(l)...)
	case TabLog, TabTalk:
		ws = append(ws, p.log(l.Log)...)
	default:
		switch {
		case u.pos.shown < 0 || u.pos.shown != ta:
			ws = append(ws, p.private.widgets(l.Pane)...)
		case len(u.ch.items) > 0 || u.mv.from >= 0 && u.mv.to >= 0:
			// A chooser or the move's steppers take the whole pane.
			p.private.hidden = nil
			ws = append(ws, p.decision.widgets(l.Pane)...)
		default:
			// The decision takes what its buttons need; the hand the rest
			// (a card play it has no room for becomes a decision's
			// button). The hand goes first: it tells the decision which.
			act, priv := l.Actions, l.Private
			if n := len(u.pos.buttonActions()); n > 0 || u.pos.has(rules.VPlay) {
				act.H = math.Round(l.Pane.H * 0.55)
				priv.Y, priv.H = act.Y+act.H+4, l.Pane.H-act.H-4
			}
			pw := p.private.widgets(priv)
			ws = append(ws, p.decision.widgets(act)...)
			ws = append(ws, pw...)
		}
	}
	pub := u.pos.pub
	if pub.Combat != nil {
		ws = append(ws, p.combat.widgets(l.Side, pub.Combat, combatLive)...)
	} else if cv := u.mv.preview(u.past.at != nil); cv != nil {
		ws = append(ws, p.combat.widgets(l.Side, cv, combatPreview)...)
	}
	digest, _ := u.recent.widgets(ui.Rect{X: l.Board.X + 4, Y: l.Board.Y + 4, W: l.Board.W - 8}, l.Board.H/2, &u.log, p.tap)
	ws = append(ws, digest...)
	return append(keyButtons(ws), p.follow(l)...)
}

// topBar is the top bar: whose turn and what to do, the round, Tools,
// Undo, Redo and help.
func (p *Panels) topBar(l Layout) []ui.Widget {
	u := p.t
	var ws []ui.Widget
	pub := u.pos.pub
	// Top bar: whose turn and what to do.
	ws = append(ws, ui.Widget{R: l.Top, Kind: ui.WPanel, Fill: ui.ColPanelHi})
	ta := u.pos.eng.ToAct()
	prompt := pub.Prompt
	if ta >= 0 && ta == u.pos.shown && u.pos.priv.Prompt != "" {
		prompt = u.pos.priv.Prompt // the seat shown decides: said to it ("Ann (Crown): arrange your …")
	}
	if prompt == "" && ta >= 0 {
		prompt = u.pos.seatName(ta) + " to act"
	}
	prompt += u.attendance.waitingText()
	pr := l.Prompt
	if u.tester && !l.Portrait {
		pr.W = TesterBadge.X - 12 - pr.X
	}
	pink := ui.Readable(ui.SeatColor(ta), ui.ColPanelHi)
	size := ui.FitSize(prompt, 24, 19, true, pr.W)
	text := prompt
	if l.Portrait && ui.TextWidth(prompt, size) > pr.W {
		// A phone's narrow top: the instruction on two lines, not cut.
		size = 16
		if lines := ui.WrapText(prompt, size, pr.W*0.93, 0); len(lines) > 1 { // bold is wider
			text = lines[0] + "\n" + strings.Join(lines[1:], " ")
		}
	}
	pw := ui.Widget{R: pr, Kind: ui.WText, Text: text, Size: size, Bold: true, Ink: pink, Tip: prompt}
	if !l.Portrait {
		u.FitPrompt(&pw)
	}
	ws = append(ws, pw)
	roundTip := fmt.Sprintf("The game lasts %s, one per player, so that everyone is first player once. The first player places first and resolves first; the role passes clockwise each round.", words.Count(pub.Rounds, "round"))
	info := fmt.Sprintf("Round %d of %d · first: %s", pub.Round, pub.Rounds, u.pos.seatName(pub.FirstPlayer))
	if l.Portrait {
		info = fmt.Sprintf("Round %d/%d", pub.Round, pub.Rounds) // the first player is bold in Players
	}
	rw := ui.Widget{R: l.Round, Kind: ui.WText, Text: info, Size: 16, Ink: ui.ColText, Tip: roundTip}
	if first := pub.FirstPlayer; !l.Portrait && !ui.Fits(rw, info) && u.pos.seatID(first) != "" {
		// A name too long for the line: the first player's glyph in its
		// colour (no two conspiracies share one), the name in the tip.
		rw.Text = fmt.Sprintf("Round %d of %d · first:", pub.Round, pub.Rounds)
		rw.Tip = fmt.Sprintf("First player this round: %s. %s", u.pos.seatWords(first), roundTip)
		// As wide as the text at every scale, the glyph beside it.
		for rw.R.W = math.Ceil(ui.TextWidth(rw.Text, rw.Size)); !ui.Fits(rw, rw.Text) && rw.R.W < l.Round.W-24; rw.R.W += 2 {
		}
		gx := rw.R.X + rw.R.W + 4
		ws = append(ws, rw, ui.Widget{R: ui.Rect{X: gx, Y: l.Round.Y + 3, W: 20, H: 20}, Kind: ui.WGlyph, Text: u.pos.seatID(first),
			Ink: ui.Readable(ui.SeatColor(first), ui.ColPanelHi), Tip: rw.Tip})
	} else {
		ws = append(ws, rw)
	}
	undo, redo := u.history.widgets(l.Undo, l.Redo)
	help := ui.Button(l.Help, "?", ui.CmdTarget(ui.Command{Kind: ui.CmdHelp}))
	help.Key, help.Tip = ui.KeyF1, "Help: every key and the rules on one page."
	ws = append(ws, undo, redo, help, toolsButton(l.Tools))
	return ws
}

// message is the message bar: a refusal or note, else the last
// event.
func (p *Panels) message(l Layout) []ui.Widget {
	u := p.t
	var ws []ui.Widget
	if u.msg != "" {
		ws = ui.MessageBar(l.Message, u.msg, u.msgErr, false)
	} else if n := len(u.pos.pub.Log); n > 0 {
		ws = ui.MessageBar(l.Message, u.pos.pub.Log[n-1].Text, false, true)
	} else {
		return ui.MessageBar(l.Message, "", false, false)
	}
	if len(ws) < 2 || ui.Fits(ws[1], ws[1].Text) {
		return ws
	}
	// Too long for one line: two lines, smaller, never cut (a longer
	// event is whole in the log).
	w := &ws[1]
	w.R.Y, w.R.H = l.Message.Y+1, l.Message.H-2
	if w.Tip == "" {
		w.Tip = w.Text
	}
	for _, msg := range []string{w.Text, u.pos.byConspiracy(w.Text)} {
		for size := 15.0; size >= 12; size-- {
			w.Size, w.Text = size, twoLines(msg, size, w.R.W)
			if ui.Fits(*w, w.Text) {
				return ws
			}
		}
	}
	return ws
}

// passesTo is a notice's line w that says who the table passes to: the
// conspiracy alone when its player's name does not fit (the whole line in
// the tip), never cut.
func (p *Panels) passesTo(w ui.Widget) ui.Widget {
	u := p.t
	if ta := u.pos.eng.ToAct(); w.Text != "" && !ui.Fits(w, w.Text) && u.pos.seatID(ta) != "" {
		w.Tip, w.Text = w.Text, "then the table passes to "+words.Title(u.pos.seatID(ta))
	}
	return w
}

// log is the log panel: the newest public lines, newest at the bottom.
func (p *Panels) log(r ui.Rect) []ui.Widget {
	u := p.t
	viewing := -1
	if u.past.at != nil {
		viewing = u.past.at.n
	}
	if u.talk.inView() && u.talk.On() {
		return u.talk.widgets(r)
	}
	u.log.reserve = 0
	if u.talk.On() && !u.portrait {
		u.log.reserve = 80
	}
	ws := u.log.logWidgets(r, u.past.present, u.pos.logSeat(), viewing)
	if u.log.reserve > 0 {
		ws = append(ws, u.talk.button(ui.Rect{X: r.X + r.W - 80 - u.log.reserve, Y: r.Y + 5, W: u.log.reserve - 6, H: 24}))
	}
	return ws
}

// follow are the parts of the table for following the game that
// go over the table's own panels: the past's banner and the first notice.
func (p *Panels) follow(l Layout) []ui.Widget {
	u := p.t
	var ws []ui.Widget
	if b := u.past.banner(l.Top); b != nil {
		ws = append(ws, ui.Widget{Kind: ui.WLayer})
		ws = append(ws, b...)
	}
	if n := u.notices.widgets(); n != nil {
		ws = append(ws, ui.Widget{Kind: ui.WLayer})
		ws = append(ws, n...)
	}
	return ws
}

// tooltip describes territory t (public facts only) in a box near (x, y),
// clear of avoid (the message line).
func (p *Panels) tooltip(t board.TerrID, x, y float64, avoid ui.Rect) []ui.Widget {
	u := p.t
	if !u.pos.m.HasTerr(t) {
		return nil
	}
	tr := u.pos.m.Territories[t]
	lines := []string{}
	var facts []string
	switch tr.Kind {
	case board.Sea:
		facts = append(facts, "Sea")
	case board.Port:
		facts = append(facts, "Port")
		if tr.PortOf >= 0 {
			facts[0] = "Port of " + u.pos.m.Territories[tr.PortOf].Name
		}
	case board.Road:
		facts = append(facts, "Road")
	default:
		facts = append(facts, "Land")
	}
	if tr.Crowns > 0 {
		facts = append(facts, words.Count(tr.Crowns, "crown"))
	}
	if tr.Barrels > 0 {
		facts = append(facts, words.Count(tr.Barrels, "barrel"))
	}
	if tr.Fortress != board.NoFortress {
		facts = append(facts, fmt.Sprintf("%s (defender +%d)", tr.Fortress, tr.Fortress.DefenceBonus()))
	}
	lines = append(lines, strings.Join(facts, " · "))
	// Nine-player map: the fortification while it stands, the home region,
	// the rivers on this territory's borders.
	if holder, ok := u.pos.pub.Fort(t); ok {
		if holder < 0 {
			lines = append(lines, "Fortification +1, unheld: first in holds it")
		} else {
			lines = append(lines, "Fortification +1, held by "+u.pos.houseName(holder))
		}
	}
	if rg, h, ok := u.pos.m.RegionOf(t); ok && h >= 0 {
		lines = append(lines, rg.Name+": "+u.pos.houseName(h)+" fights here at +1")
	}
	for _, r := range u.pos.m.Rivers {
		for _, b := range r.Borders {
			if b[0] == int(t) || b[1] == int(t) {
				o := b[0] + b[1] - int(t)
				lines = append(lines, r.Name+" blocks the way to "+u.pos.m.Territories[o].Name)
			}
		}
	}
	if h := u.pos.pub.Controller(t); h >= 0 {
		held := "Held by " + u.pos.houseName(h)
		if u.pos.pub.Flag(t) >= 0 {
			held += " (flag)"
		}
		lines = append(lines, held)
	}
	for _, g := range u.pos.pub.Groups {
		if g.Territory == t {
			lines = append(lines, u.pos.houseName(g.House)+": "+words.Units(g.Units))
		}
	}
	w := 340.0
	h := 36 + 21*float64(len(lines))
	bx, by := x+18, y+18
	if bx+w > ui.BaseW-4 {
		bx = x - w - 12
	}
	if by+h > ui.BaseH-4 {
		by = ui.BaseH - 4 - h
	}
	box := ui.Rect{X: bx, Y: by, W: w, H: h}
	if ui.Overlap(box, avoid) > 0 {
		box.Y = math.Max(4, avoid.Y-4-h)
	}
	ws := []ui.Widget{
		{R: box, Kind: ui.WPanel, Fill: ui.ColTip, Edge: ui.ColGold},
		// The whole name first, then the map code a small board writes
		// where the name finds no room (placer.LabelItem.Code).
		{R: ui.Rect{X: box.X + 10, Y: box.Y + 6, W: w - 20, H: 22}, Kind: ui.WText, Text: nameAndCode(tr, u.pos.m.ShownCode(t)), Size: 18, Bold: true, Ink: ui.ColGold},
	}
	for i, l := range lines {
		ws = append(ws, ui.Text(ui.Rect{X: box.X + 10, Y: box.Y + 32 + 21*float64(i), W: w - 20, H: 20}, l, 15, ui.ColText))
	}
	return ws
}

// Houses is the Houses panel in l (housesPanel): the replay's and the
// sandbox's too.
func (p *Panels) Houses(l Layout) []ui.Widget { return p.houses.widgets(l) }

// Players is the Conspiracies panel in l (playersPanel): the replay's too.
func (p *Panels) Players(l Layout) []ui.Widget { return p.players.widgets(l) }

// Seat is the shown seat's secrets at the position shown, in pr: its
// loyalty card and its hand, the cards two to a row so that a long hand
// fits (the replay's, once the game of the file is over).
func (p *Panels) Seat(pr ui.Rect) []ui.Widget { return p.private.seat(pr) }

// CombatCard is the card of the running combat cv in r: both sides term
// by term and the cards played so far.
func (p *Panels) CombatCard(r ui.Rect, cv *rules.CombatView) []ui.Widget {
	return p.combat.widgets(r, cv, combatLive)
}

// fitPrompt sets the instruction bar's text w (the top bar's, whose tip
// is the whole instruction) for its room, w.R: one line, else two in a
// smaller size, so that it is never cut. When even two lines at the
// smallest size cut it, the shorter forms are tried in turn (the tip
// keeps the whole instruction).
func fitPrompt(w *ui.Widget, shorter ...string) {
	prompt := w.Tip
	for _, text := range append([]string{prompt}, shorter...) {
		w.Text, w.Size = text, ui.FitSize(text, 24, 19, true, w.R.W)
		if ui.Fits(*w, text) {
			return
		}
		for size := 17.0; size >= 13; size-- {
			w.Size, w.Text = size, twoLines(text, size, w.R.W*0.93) // bold is wider
			if ui.Fits(*w, w.Text) {
				return
			}
		}
	}
}

// FitPrompt fits the instruction bar's w (fitPrompt): one line, else two
// smaller — the app calls it again when its Hint button takes part of the
// bar — else this table's shorter forms of the instruction: without its closing
// aside in brackets ("(it does both)"), then with each player named by
// their conspiracy alone ("Helm" for "Cy (Helm)"), then both.
func (t *Table) FitPrompt(w *ui.Widget) {
	prompt := w.Tip
	noAside := trailingAside.ReplaceAllString(prompt, "")
	fitPrompt(w, noAside, t.pos.byConspiracy(prompt), t.pos.byConspiracy(noAside))
}

// byConspiracy is s with each player named by their conspiracy alone:
// "Helm" for "Cy (Helm)", where a line has no room for both.
func (p *position) byConspiracy(s string) string {
	for i := range p.seats {
		seat := rules.Seat(i)
		s = strings.ReplaceAll(s, p.playerWords(seat), words.Title(p.seatID(seat)))
	}
	return s
}

// trailingAside is an instruction's closing aside in brackets.
var trailingAside = regexp.MustCompile(`\s*\([^()]*\)$`)

// twoLines is s wrapped to room w at size, the rows past the first
// joined on the second (FitLabels cuts it if it still does not fit).
func twoLines(s string, size, w float64) string {
	lines := ui.WrapText(s, size, w, 0)
	if len(lines) == 1 {
		return s
	}
	return lines[0] + "\n" + strings.Join(lines[1:], " ")
}

// shortestNeeded is the first of a widget's texts, longest first, that
// fits w (ui.Fits); the last when none does.
func shortestNeeded(w ui.Widget, texts ...string) string {
	for _, t := range texts {
		if ui.Fits(w, t) {
			return t
		}
	}
	return texts[len(texts)-1]
}

// nameAndCode is a territory's tooltip title: its whole name, and its
// map code when it has one.
func nameAndCode(tr board.Territory, code string) string {
	if tr.Code == "" {
		return tr.Name
	}
	return tr.Name + " (" + code + ")"
}

// TesterBadge is where a tester's game says so ("Tester's game — seed N"):
// in the top bar, between the prompt and the round, over no board.
var TesterBadge = ui.Rect{X: 640, Y: 12, W: 326, H: 26}

// spread is n rects of row's height and top, side by side from x0 to x1
// with 4 pixels between them.
func spread(x0, x1 float64, row ui.Rect, n int) []ui.Rect {
	w := (x1 - x0 - float64(n-1)*4) / float64(n)
	rs := make([]ui.Rect, n)
	for i := range rs {
		rs[i] = ui.Rect{X: x0 + float64(i)*(w+4), Y: row.Y, W: w, H: row.H}
	}
	return rs
}
