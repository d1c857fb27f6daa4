package replay

import (
	"fmt"
	"math"
	"strings"

	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

// Layout is where the viewer's parts sit on the base canvas: the
// board at the left, as wide as the map needs; the log beside it; the
// houses, conspiracies and the seat's panel at the right; the scrub bar
// across the foot.
type Layout struct {
	Top, Board, Log, Seats, Private, Scrub, Bar ui.Rect
	Table                                       table.Layout
	// privateInLog: the seat's panel tops the log column (many players).
	privateInLog bool
}

// scrubH is the scrub bar's height; the panel around it holds the
// position, the step buttons and the bar.
const scrubH = 128.0

func layoutFor(gw, gh, n, houses int) Layout {
	var l Layout
	l.Table = table.NewLayout(gw, gh, n, houses)
	l.Top = ui.Rect{X: 0, Y: 0, W: ui.BaseW, H: 50}
	l.Scrub = ui.Rect{X: 8, Y: ui.BaseH - 8 - scrubH, W: ui.BaseW - 16, H: scrubH}
	bh := l.Scrub.Y - 8 - 58
	bw := 440.0
	if gw > 0 && gh > 0 {
		bw = math.Max(360, math.Min(620, bh*float64(gw)/float64(gh)+20))
	}
	l.Board = ui.Rect{X: 8, Y: 58, W: bw, H: bh}
	l.Log = ui.Rect{X: bw + 16, Y: 58, W: table.PanelX - 8 - (bw + 16), H: bh}
	// The right column: the table's houses and conspiracies, then who is
	// shown and that seat's panel.
	t := &l.Table
	t.Board = l.Board
	y := t.Players.Y + t.Players.H + 6
	sh := 44.0 // the seat picker on one row
	if n > 5 {
		sh = 92 // its title above two rows of buttons
	}
	l.Seats = ui.Rect{X: table.PanelX, Y: y, W: table.PanelW, H: sh}
	l.Private = ui.Rect{X: table.PanelX, Y: y + sh + 6, W: table.PanelW, H: l.Scrub.Y - 8 - (y + sh + 6)}
	if l.Private.H < 180 {
		// Many players: the seat's panel tops the log column instead, where
		// its hand has room.
		l.Private = ui.Rect{X: l.Log.X, Y: l.Log.Y, W: l.Log.W, H: 300}
		l.Log.Y += 306
		l.Log.H -= 306
		l.privateInLog = true
	}
	l.Bar = ui.Rect{X: l.Scrub.X + 20, Y: l.Scrub.Y + 74, W: l.Scrub.W - 40, H: 40}
	return l
}

// Layout is where the viewer's parts sit for the game shown.
func (r *Viewer) Layout() Layout {
	m := r.u.Map()
	l := layoutFor(m.Grid.W, m.Grid.H, len(r.u.Seats()), len(m.Houses))
	if l.privateInLog && r.u.Shown() < 0 {
		// No seat shown: the log keeps the whole column.
		l.Log.H += l.Log.Y - l.Private.Y
		l.Log.Y = l.Private.Y
		l.Private = ui.Rect{}
	}
	return l
}

// posAt is the position a point of the scrub bar at x stands for.
func (r *Viewer) posAt(bar ui.Rect, x float64) int {
	if r.end <= r.base || bar.W <= 0 {
		return r.base
	}
	f := (x - bar.X) / bar.W
	return min(max(r.base+int(math.Round(f*float64(r.end-r.base))), r.base), r.end)
}

// xOf is where position n stands on the scrub bar.
func (r *Viewer) xOf(bar ui.Rect, n int) float64 {
	if r.end <= r.base {
		return bar.X
	}
	return bar.X + bar.W*float64(n-r.base)/float64(r.end-r.base)
}

// PosLabel is "Action 57 of 431 · round 3 of 4".
func (r *Viewer) PosLabel() string {
	v := r.u.Public()
	s := fmt.Sprintf("Action %d of %d  ·  round %d of %d", r.n, r.end, v.Round, v.Rounds)
	if r.n == r.base {
		s = fmt.Sprintf("Start (%d actions to come)  ·  round %d of %d", r.end-r.base, v.Round, v.Rounds)
	}
	if r.n == r.end && r.over {
		s += "  ·  over"
	}
	return s
}

// lastText is the public words of the action that led to the position
// shown ("" at the start).
func (r *Viewer) lastText(lines []rules.LogLine) string {
	var parts []string
	for i := len(lines) - 1; i >= 0 && lines[i].Action == r.n-1; i-- {
		parts = append([]string{lines[i].Text}, parts...)
	}
	return strings.Join(parts, " ")
}

// Widgets builds the viewer's screen (the board is drawn under them).
func (r *Viewer) Widgets(backText, backTip string) []ui.Widget {
	u := r.u
	l := r.Layout()
	var ws []ui.Widget
	// Top bar: what this is, the prompt of the position, help and back.
	ws = append(ws, ui.Widget{R: l.Top, Kind: ui.WPanel, Fill: ui.ColPanelHi})
	ws = append(ws, ui.Widget{R: ui.Rect{X: 16, Y: 8, W: 150, H: 34}, Kind: ui.WBox, Text: "REPLAY", Size: 22, Bold: true, Fill: ui.ColWarn, Ink: ui.ColText,
		Tip: "A replay of " + r.name + ": nothing can be played from it."})
	ta := u.Game().ToAct()
	prompt, ink := u.Public().Prompt, ui.Readable(ui.SeatColor(ta), ui.ColPanelHi)
	if u.Game().Over() {
		var wn []string
		for _, w := range u.Public().Winners {
			wn = append(wn, u.SeatWords(w))
		}
		prompt, ink = "Game over", ui.ColGold
		if len(wn) > 0 {
			prompt += " — " + strings.Join(wn, " and ") + " won"
		}
	}
	ws = append(ws, ui.Widget{R: ui.Rect{X: 180, Y: 8, W: 690, H: 34}, Kind: ui.WText, Text: prompt, Size: 24, Bold: true, Ink: ink, Tip: prompt})
	branch := ui.Button(ui.Rect{X: 880, Y: 8, W: 200, H: 34}, "Branch from here", ui.CmdTarget(ui.Command{Kind: ui.CmdReplayBranch}))
	branch.Key, branch.Size = ui.KeyB, 18
	branch.Tip = "Open the position shown in the sandbox: edit it, or play on from it (Play from here) in a new game. The file is not changed."
	ws = append(ws, branch)
	ws = append(ws, ui.Widget{R: ui.Rect{X: 1090, Y: 14, W: 170, H: 26}, Kind: ui.WText, Text: r.name, Size: 16, Ink: ui.ColDim, Align: ui.AlignRight, Tip: r.name})
	help := ui.Button(ui.Rect{X: 1272, Y: 8, W: 88, H: 34}, "?", ui.CmdTarget(ui.Command{Kind: ui.CmdHelp}))
	help.Key, help.Tip = ui.KeyF1, "Help: every key and the rules on one page."
	back := ui.Button(ui.Rect{X: 1368, Y: 8, W: 224, H: 34}, backText, ui.CmdTarget(ui.Command{Kind: ui.CmdReplayBack}))
	back.Key = ui.KeyEsc
	back.Tip = backTip
	ws = append(ws, help, back)

	ws = append(ws, u.Panels().Houses(l.Table)...)
	ws = append(ws, u.Panels().Players(l.Table)...)
	ws = append(ws, r.seatWidgets(l)...)
	ws = append(ws, r.logWidgets(l)...)
	ws = append(ws, r.scrubWidgets(l)...)
	return ws
}

// seatWidgets are whose view is shown and, for a seat, its panel (its
// loyalty card and hand): only once the file's game is over.
func (r *Viewer) seatWidgets(l Layout) []ui.Widget {
	u := r.u
	ws := ui.Panel(l.Seats, "")
	if !r.over {
		ws = append(ws, ui.Widget{R: ui.Rect{X: l.Seats.X + 12, Y: l.Seats.Y + 8, W: l.Seats.W - 24, H: 22}, Kind: ui.WText, Text: "Public view: what everyone at the table saw", Size: 17, Bold: true, Ink: ui.ColGold})
		ws = append(ws, ui.Text(ui.Rect{X: l.Seats.X + 12, Y: l.Seats.Y + 31, W: l.Seats.W - 24, H: 20}, "This game is not over: hands and loyalty cards stay secret.", 15, ui.ColText))
		if l.Private.H <= 0 {
			return ws
		}
		p := ui.Panel(l.Private, "Hands and loyalty cards")
		p = append(p, ui.Text(ui.Rect{X: l.Private.X + 12, Y: l.Private.Y + 36, W: l.Private.W - 24, H: 20}, "Secret until the game is over.", 15, ui.ColDim))
		return append(ws, p...)
	}
	n := len(u.Seats())
	x0, y := l.Seats.X+12, l.Seats.Y+24
	if l.Seats.H < 50 {
		ws = append(ws, ui.Widget{R: ui.Rect{X: x0, Y: l.Seats.Y + 12, W: 60, H: 20}, Kind: ui.WText, Text: "View of", Size: 15, Ink: ui.ColDim})
		x0, y = x0+62, l.Seats.Y+8
	} else {
		ws = append(ws, ui.Widget{R: ui.Rect{X: x0, Y: l.Seats.Y + 4, W: 200, H: 20}, Kind: ui.WText, Text: "Show the view of", Size: 15, Ink: ui.ColDim})
	}
	perRow := n + 1
	if l.Seats.H >= 50 {
		perRow = (n + 2) / 2
	}
	bw := math.Min(150, (l.Seats.X+l.Seats.W-12-x0-6*float64(perRow-1))/float64(perRow))
	at := func(i int) ui.Rect {
		return ui.Rect{X: x0 + float64(i%perRow)*(bw+6), Y: y + float64(i/perRow)*32, W: bw, H: 28}
	}
	pub := ui.Button(at(0), "Public", ui.CmdTarget(ui.Command{Kind: ui.CmdReplaySeat, N: int(rules.Public)}))
	pub.Key, pub.Size = ui.Key0, 15
	pub.Tip = "What everyone at the table saw."
	if r.seat < 0 {
		pub.Fill, pub.Edge = ui.ColOK, ui.ColGold
	}
	ws = append(ws, pub)
	for s := range rules.Seat(n) {
		b := ui.Button(at(int(s)+1), u.SeatName(s), ui.CmdTarget(ui.Command{Kind: ui.CmdReplaySeat, N: int(s)}))
		b.Key, b.Size = ui.Digit(int(s)+1), 15
		b.Tip = fmt.Sprintf("What %s saw: their hand and loyalty card.", u.SeatWords(s))
		b.Edge = ui.SeatColor(s)
		if r.seat == s {
			b.Fill, b.Edge = ui.ColOK, ui.ColGold
		}
		ws = append(ws, b)
	}
	if r.seat < 0 {
		if l.Private.H <= 0 {
			return ws
		}
		p := ui.Panel(l.Private, "Hands and loyalty cards")
		p = append(p, ui.Text(ui.Rect{X: l.Private.X + 12, Y: l.Private.Y + 36, W: l.Private.W - 24, H: 20}, "The game is over: pick a player above (keys 1 to "+fmt.Sprint(n)+") to see their hand and loyalty card.", 15, ui.ColText))
		return append(p, ws...)
	}
	return append(r.u.Panels().Seat(l.Private), ws...)
}

// logWidgets is the log panel beside the board: the viewer's log up to
// the position shown, newest at the bottom, the shown action's entries
// marked; a click on an entry goes there.
func (r *Viewer) logWidgets(l Layout) []ui.Widget {
	v := r.viewer()
	lines := r.shownLog()
	rl := r.logs[v]
	all, k := rl.lines, len(lines)
	// Wrap the whole log once; the panel gets the prefix's rows.
	r.lp.Prefix(&rl.lp, all, k, v, l.Log.W-24)
	r.lp.SetBack(r.back)
	var ws []ui.Widget
	if cv := r.u.Public().Combat; cv != nil {
		// The running combat tops the log column.
		h := math.Min(300, l.Log.H/2)
		ws = append(ws, r.u.Panels().CombatCard(ui.Rect{X: l.Log.X, Y: l.Log.Y, W: l.Log.W, H: h}, cv)...)
		l.Log.Y += h + 6
		l.Log.H -= h + 6
	}
	ws = append(ws, r.lp.Widgets(l.Log, lines, v, r.n)...)
	r.back = r.lp.Back()
	// The panel's title suits the table; the replay's says where a click goes.
	for i := range ws {
		if ws[i].Kind == ui.WText && strings.HasPrefix(ws[i].Text, "Log  ·") {
			ws[i].Text = "Log up to the action shown  ·  click an entry to go there"
			break
		}
	}
	return ws
}

// scrubWidgets are the foot of the screen: where the replay stands, the
// step buttons with their keys, and the scrub bar with a tick at every
// round's start.
func (r *Viewer) scrubWidgets(l Layout) []ui.Widget {
	s := l.Scrub
	ws := ui.Panel(s, "")
	note := r.lastText(r.shownLog())
	if r.err != "" {
		note = r.err
	} else if note == "" {
		note = "The table as the game began."
	}
	if r.warning != "" && r.n == r.end {
		note = r.warning
	}
	if r.notice != "" {
		note = r.notice
	}
	// Step buttons, right: the keys on them.
	type stepB struct {
		label string
		key   ui.Key
		tip   string
		c     ui.CmdKind
		n     int
		off   bool
	}
	bs := []stepB{
		{"Start", ui.KeyHome, "The start of the game.", ui.CmdReplayGo, r.base, r.n == r.base},
		{"« Round", ui.KeyPgUp, "The start of this round (or of the one before). Also Up.", ui.CmdReplayRound, -1, r.n == r.base},
		{"← Back", ui.KeyLeft, "One action back.", ui.CmdReplayStep, -1, r.n == r.base},
		{"Next →", ui.KeyRight, "One action on.", ui.CmdReplayStep, 1, r.n == r.end},
		{"Round »", ui.KeyPgDn, "The start of the next round. Also Down.", ui.CmdReplayRound, 1, r.n == r.end},
		{"End", ui.KeyEnd, "The last action of the file.", ui.CmdReplayGo, r.end, r.n == r.end},
	}
	bw := 150.0
	x := s.X + s.W - 20 - float64(len(bs))*(bw+6) + 6
	ws = append(ws, ui.Widget{R: ui.Rect{X: s.X + 20, Y: s.Y + 10, W: x - s.X - 30, H: 32}, Kind: ui.WText, Text: r.PosLabel(), Size: 26, Bold: true, Ink: ui.ColGold})
	ws = append(ws, ui.Widget{R: ui.Rect{X: s.X + 20, Y: s.Y + 46, W: x - s.X - 30, H: 22}, Kind: ui.WText, Text: note, Size: 17, Ink: ui.ColText, Tip: note})
	for i, b := range bs {
		w := ui.Button(ui.Rect{X: x + float64(i)*(bw+6), Y: s.Y + 12, W: bw, H: 44}, b.label, ui.CmdTarget(ui.Command{Kind: b.c, N: b.n}))
		w.Key, w.Tip, w.Size = b.key, b.tip, 18
		if b.off {
			w.Fill, w.Ink = ui.ColPanelHi, ui.ColDim
		}
		ws = append(ws, w)
	}
	// The bar: the part played filled, a tick and a number at each
	// round's start, a knob at the position.
	bar := l.Bar
	ws = append(ws, ui.Widget{R: bar, Kind: ui.WPanel, Fill: ui.ColBG, Edge: ui.ColEdge,
		Tip: "Click or drag anywhere on the bar to go to that action."})
	if px := r.xOf(bar, r.n); px > bar.X {
		ws = append(ws, ui.Widget{R: ui.Rect{X: bar.X + 1, Y: bar.Y + 1, W: px - bar.X - 1, H: bar.H - 2}, Kind: ui.WPanel, Fill: ui.ColButton})
	}
	for i, p := range r.rounds {
		tx := r.xOf(bar, p)
		ws = append(ws, ui.Widget{R: ui.Rect{X: tx - 1, Y: bar.Y - 4, W: 3, H: bar.H + 8}, Kind: ui.WPanel, Fill: ui.ColGold})
		if tx+40 <= bar.X+bar.W {
			ws = append(ws, ui.Widget{R: ui.Rect{X: tx + 5, Y: bar.Y + (bar.H-20)/2, W: 40, H: 20}, Kind: ui.WText, Text: fmt.Sprintf("R%d", i+1), Size: 15, Bold: true, Ink: ui.ColText,
				Tip: fmt.Sprintf("Round %d starts after action %d.", i+1, p)})
		}
	}
	kx := r.xOf(bar, r.n)
	ws = append(ws, ui.Widget{R: ui.Rect{X: kx - 6, Y: bar.Y - 8, W: 12, H: bar.H + 16}, Kind: ui.WPanel, Fill: ui.ColText, Edge: ui.ColBG})
	return ws
}

// BoardMarks are the board's highlights in the viewer: nothing is legal,
// so no territory is lit (lit ones would dim the rest of the board); the
// selection (lightened, outlined) is the territory the shown action moved
// troops into, mustered in or retreated to, so the eye finds what just
// happened, else the running combat's.
func (r *Viewer) BoardMarks() ([]bool, int) {
	_, sel := r.u.Highlights()
	if r.n <= r.base || r.n > len(r.acts) {
		return nil, sel
	}
	switch a := r.acts[r.n-1]; a.Verb {
	case rules.VMove, rules.VRetreat:
		sel = int(a.To)
	case rules.VMuster:
		sel = int(a.From)
		if a.To >= 0 {
			sel = int(a.To) // a ship into a sea or port
		}
	}
	return nil, sel
}
