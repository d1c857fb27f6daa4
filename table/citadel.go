package table

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/ui"
	"notrueking/words"
)

// The Citadel variant at the table (docs/rules.md, "The Citadel variant";
// ../shared/design/citadel.md): the Maester's fourth choice and its odds,
// the secret aim chosen on the acting seat's own table, the roll drawn as
// dice in a public notice, a 7–9's gain, Dig Up Dirt's look (a click on
// another player's face-down token, or a chooser), the Dark Wings cards in
// the private panel and their targets (a slot's agent for Lost Orders, a
// player for Ill Tidings), and the public counts on each conspiracy's row.
// Nothing here shows unless the game's view names the variant.

// citadel is the Citadel variant's part of the table: its decisions,
// panels' lines and notices, over the table's position and chooser.
type citadel struct{ t *Table }

// citadelCmds are the commands of the Citadel's buttons that choose a
// move (digit keys, as the action buttons).
var citadelCmds = map[ui.CmdKind]bool{ui.CmdStudy: true, ui.CmdWing: true, ui.CmdUncoverSeat: true}

// Percent is a chance in [0, 1] as the table writes it: "17 %".
func Percent(p float64) string { return fmt.Sprintf("%d %%", int(math.Round(100*p))) }

// Odds is the chance that a roll at the Citadel reaches 10, in words, for
// a seat with this many crystals and this Ill Tidings penalty: "2 dice:
// 17 %" (2 + crystals dice, the two highest summed; rules.ChanceOfTen).
func Odds(crystals, penalty int) string {
	crystals = max(crystals, 0)
	return fmt.Sprintf("%s: %s", words.Count(2+crystals, "die"), Percent(rules.ChanceOfTen(crystals, penalty)))
}

// aimTips say what each aim brings on a 10 or more.
var aimTips = map[rules.Aim]string{
	rules.DigUpDirt:       "Dig Up Dirt: on 10 or more, look at one face-down loyalty token of another player. Only you learn its house; it stays face down, and the others read only that you uncovered a secret of that player.",
	rules.ResearchLegends: "Research Legends: on 10 or more, draw two house cards of the Maester's house (one more than Draw a house card).",
	rules.VisitRookery:    "Visit Rookery: on 10 or more, draw a Dark Wings card (Lost Orders or Ill Tidings), held in secret.",
}

// rollTip is what every roll at the Citadel brings, whatever the aim.
const rollTip = "Roll 2 dice and one more per Crystal of Knowledge; the two highest are summed. 6 or less: a raven. 7 to 9: a raven or a crystal, as the roller chooses. 10 or more: every crystal is spent and the aim pays. The dice are public, the aim secret. Three ravens become a Dark Wings card at once."

// wingTips say what each Dark Wings card does.
var wingTips = map[rules.Wing]string{
	rules.LostOrders: "Lost Orders: at the start of your resolving turn, before you resolve an agent, return one unresolved agent of another player, on any house's slot, to its owner without resolving it.",
	rules.IllTidings: "Ill Tidings: at the start of your resolving turn, before you resolve an agent, name another player: their results at the Citadel are 1 lower until the end of this round (several stack).",
}

// shortButton says less on button b of Citadel action a when its
// label does not fit whole (ui.Fits, with the digit key keyButtons may
// give it): a Dark Wings card's target's player is left to the tip, the
// button taking that conspiracy's colour and glyph (no two share them).
// It returns b and the glyph to draw over it (none: no Text).
func (ci *citadel) shortButton(b ui.Widget, a rules.Action) (ui.Widget, ui.Widget) {
	u := ci.t
	if fitsKeyed(b, b.Text) {
		return b, ui.Widget{}
	}
	seat, short := rules.Seat(-1), ""
	switch a.Verb {
	case rules.VLostOrders:
		if int(a.House) < len(u.pos.pub.Slots) {
			seat = u.pos.pub.Slots[a.House][a.Slot]
		}
		short = fmt.Sprintf("%s %s", u.pos.houseName(a.House), words.Title(a.Slot.String()))
	case rules.VIllTidings:
		seat, short = a.Target, "Send to "+words.Title(u.pos.seatID(a.Target))
	}
	if short == "" {
		return b, ui.Widget{}
	}
	if b.Tip == "" {
		b.Tip = b.Text
	} else {
		b.Tip = b.Text + " — " + b.Tip
	}
	if seat < 0 || u.pos.seatID(seat) == "" {
		b.Text = short
		return b, ui.Widget{}
	}
	gs := math.Min(18, b.R.H-8)
	b.Fill = ui.SeatColor(seat)
	b.Ink = ui.TextOn(b.Fill)
	room := b
	room.R.W -= 2 * (gs + 6)            // centred text clear of the glyph
	shorter := u.pos.houseName(a.House) // a Lost Orders' slot: its house
	if a.Verb == rules.VIllTidings {
		shorter = "Send"
	}
	b.Text = shortestNeeded(keyed(room), short, shorter, "")
	g := ui.Widget{R: ui.Rect{X: b.R.X + 6, Y: b.R.Y + (b.R.H-gs)/2, W: gs, H: gs}, Kind: ui.WGlyph, Text: u.pos.seatID(seat), Ink: b.Ink, Tip: b.Tip}
	return b, g
}

// keyed is button w as keyButtons may leave it: with a digit key's hint
// (its room measured so, a label that fits still fits with the key).
func keyed(w ui.Widget) ui.Widget {
	if w.Kind == ui.WButton && w.Key == ui.KeyNone {
		w.Key = ui.Key8
	}
	return w
}

// fitsKeyed reports whether text fits button w with the key it may get.
func fitsKeyed(w ui.Widget, text string) bool { return ui.Fits(keyed(w), text) }

// tip is a Citadel action's tooltip ("" for another verb).
func (ci *citadel) tip(a rules.Action) string {
	u := ci.t
	switch a.Verb {
	case rules.VStudy:
		return aimTips[a.Aim] + " Only you see the aim. " + rollTip
	case rules.VGain:
		if a.Gain == rules.GainCrystal {
			return "A Crystal of Knowledge: one more die at every roll at the Citadel until a 10 or more spends them all."
		}
		return "A raven: three ravens become a Dark Wings card at once."
	case rules.VUncover:
		return fmt.Sprintf("Look at %s's face-down token in the %s slot: only you will know its house; it stays face down.", u.pos.seatWords(a.Target), u.pos.slotValueText(a.Target, int(a.Pos)))
	case rules.VLostOrders:
		return "Return this agent to its owner without resolving it. " + wingTips[rules.LostOrders]
	case rules.VIllTidings:
		return fmt.Sprintf("%s's results at the Citadel are 1 lower until the end of this round. %s", u.pos.seatWords(a.Target), wingTips[rules.IllTidings])
	}
	return ""
}

// hint is the decision panel's hint for a Citadel decision ("" for
// none).
func (ci *citadel) hint() string {
	u := ci.t
	switch {
	case u.pos.has(rules.VGain):
		return "Your roll brings a raven or a crystal: take one."
	case u.pos.has(rules.VUncover):
		return "Dig Up Dirt: click another player's face-down token, or:"
	case u.pos.has(rules.VStudy):
		return "Choose the Maester's action."
	}
	return ""
}

// command carries out the Citadel's own commands: open the aims'
// chooser, a Dark Wings card's targets, a player's tokens to uncover. It
// reports whether c was one of them.
func (ci *citadel) command(c ui.Command) bool {
	u := ci.t
	switch c.Kind {
	case ui.CmdStudy:
		ci.choose(rules.VStudy, "Study at the Citadel to… (only you see the aim)", func(rules.Action) bool { return true })
	case ui.CmdUncoverSeat:
		s := rules.Seat(c.N)
		ci.choose(rules.VUncover, fmt.Sprintf("Dig Up Dirt on %s: which face-down token?", u.pos.seatWords(s)), func(a rules.Action) bool { return a.Target == s })
	case ui.CmdWing:
		switch rules.Wing(c.N) {
		case rules.LostOrders:
			ci.choose(rules.VLostOrders, "Lost Orders: which agent returns unresolved? (or click its slot)", func(rules.Action) bool { return true })
		case rules.IllTidings:
			ci.choose(rules.VIllTidings, "Ill Tidings: to whom?", func(rules.Action) bool { return true })
		default:
			return true
		}
	default:
		return false
	}
	return true
}

// choose opens the chooser of the legal actions of verb v that keep
// accepts; with none, the engine's reason why v is refused is shown.
func (ci *citadel) choose(v rules.Verb, title string, keep func(rules.Action) bool) {
	u := ci.t
	as := u.pos.filter(func(a rules.Action) bool { return a.Verb == v && keep(a) })
	if len(as) == 0 {
		why := "That cannot be done now."
		if err := u.pos.eng.Check(rules.Action{Seat: u.pos.shown, Verb: v, Target: -1}); err != nil {
			why = err.Error()
		}
		u.setMsg(why, true)
		return
	}
	u.resetLocal()
	u.ch.offer(title, as)
	u.ch.picking = v
}

// clickSeatToken: a click on seat's loyalty token pos on its public row
// uncovers it (Dig Up Dirt), or says why not in the engine's words.
func (ci *citadel) clickSeatToken(seat rules.Seat, pos int) {
	u := ci.t
	as := u.pos.filter(func(a rules.Action) bool { return a.Verb == rules.VUncover && a.Target == seat && int(a.Pos) == pos })
	if u.ch.pick("", as) {
		return
	}
	if !u.pos.has(rules.VUncover) {
		u.setMsg("Only Dig Up Dirt, after a 10 or more at the Citadel, looks at another player's token.", true)
		return
	}
	u.ch.explain(rules.Action{Seat: u.pos.shown, Verb: rules.VUncover, Target: seat, Pos: int8(pos)}, "")
}

// clickLostOrders: while Lost Orders' target is being picked, a click on
// a slot plays it on that slot's agent, or says why not.
func (ci *citadel) clickLostOrders(house board.HouseID, slot rules.Slot) {
	u := ci.t
	as := u.pos.filter(func(a rules.Action) bool { return a.Verb == rules.VLostOrders && a.House == house && a.Slot == slot })
	if u.ch.pick("", as) {
		return
	}
	u.ch.explain(rules.Action{Seat: u.pos.shown, Verb: rules.VLostOrders, House: house, Slot: slot}, "")
}

// buttons are the decision panel's Citadel buttons (their places
// are set by the panel): the fourth choice, Study at the Citadel, beside
// the Maester's three; or, for Dig Up Dirt, one button per player whose
// tokens may be looked at.
func (ci *citadel) buttons() []ui.Widget {
	u := ci.t
	var ws []ui.Widget
	if u.pos.has(rules.VStudy) {
		b := ui.Button(ui.Rect{}, "Study at the Citadel", ui.CmdTarget(ui.Command{Kind: ui.CmdStudy}))
		b.Tip = "Study at the Citadel instead of mustering, moving or drawing: choose a secret aim, then roll. " + rollTip + " " + ci.oddsTip()
		ws = append(ws, b)
	}
	if u.pos.has(rules.VUncover) {
		var seats []rules.Seat
		for _, a := range u.pos.legal {
			if a.Verb == rules.VUncover && !slices.Contains(seats, a.Target) {
				seats = append(seats, a.Target)
			}
		}
		for _, s := range seats {
			b := ui.Button(ui.Rect{}, words.Title(u.pos.seatID(s))+"'s tokens…", ui.CmdTarget(ui.Command{Kind: ui.CmdUncoverSeat, N: int(s)}))
			b.Tip = fmt.Sprintf("Choose one of %s's face-down tokens to look at (or click it on their row in the Conspiracies panel).", u.pos.seatWords(s))
			ws = append(ws, b)
		}
	}
	return ws
}

// oddsLine is the decision panel's line of the odds of a 10 or more for
// the seat to act, beside the Maester's choices (nil when it may not
// study).
func (ci *citadel) oddsLine(r ui.Rect) []ui.Widget {
	u := ci.t
	p, ok := u.pos.me()
	if !u.pos.has(rules.VStudy) || !ok {
		return nil
	}
	text := "10+ at the Citadel: " + Odds(p.Crystals, p.Tidings)
	return []ui.Widget{{R: r, Kind: ui.WText, Text: text, Size: 15, Ink: ui.ColText, Tip: ci.oddsTip()}}
}

// oddsTip says the odds of a 10 or more now and with one more crystal.
func (ci *citadel) oddsTip() string {
	u := ci.t
	p, ok := u.pos.me()
	if !ok {
		return ""
	}
	s := fmt.Sprintf("Your chance of 10 or more at the Citadel now, with %s: %s. With one more crystal: %s.",
		words.Count(p.Crystals, "crystal"), Odds(p.Crystals, p.Tidings), Odds(p.Crystals+1, p.Tidings))
	if p.Tidings > 0 {
		s += fmt.Sprintf(" Ill Tidings take %d off your results this round.", p.Tidings)
	}
	return s
}

// wings is the private panel's line of the seat's Dark Wings
// cards, from y in r: a button per kind it may play now (its target is
// picked next), a plain card otherwise. It returns the line's height.
func (ci *citadel) wings(r ui.Rect, y float64, p rules.PlayerView) ([]ui.Widget, float64) {
	u := ci.t
	if !u.pos.isCitadel() {
		return nil, 0
	}
	const h = 26.0
	label := ui.Widget{R: ui.Rect{X: r.X + 12, Y: y + 3, W: 96, H: 20}, Kind: ui.WText, Text: "Dark Wings:", Size: 15, Ink: ui.ColDim,
		Tip: "Your Dark Wings, Dark Words cards: the others see how many you hold, not which. One may be played at the start of your resolving turn, before you resolve an agent."}
	ws := []ui.Widget{label}
	if len(p.WingCards) == 0 {
		ws = append(ws, ui.Widget{R: ui.Rect{X: r.X + 110, Y: y + 3, W: r.W - 122, H: 20}, Kind: ui.WText, Text: "none", Size: 15, Ink: ui.ColDim, Tip: label.Tip})
		return ws, h
	}
	kinds := wingCounts(p.WingCards)
	// The cards on a row of their own under the label, as wide as it
	// lets them be.
	ws[0].R.W = r.W - 24
	ws[0].Text = "Dark Wings cards (yours alone):"
	y += 22
	x, w := r.X+12, (r.W-24-4*float64(len(kinds)-1))/float64(len(kinds))
	active := u.pos.shown == u.pos.eng.ToAct() && u.past.at == nil
	for _, k := range kinds {
		text := k.label()
		cr := ui.Rect{X: x, Y: y, W: w, H: h - 2}
		if active && u.pos.has(k.wing.Verb()) {
			b := ui.Button(cr, text, ui.CmdTarget(ui.Command{Kind: ui.CmdWing, N: int(k.wing)}))
			b.Size, b.Edge, b.Hot = 15, ui.ColGold, true
			b.Tip = "Play it now: " + wingTips[k.wing]
			ws = append(ws, b)
		} else {
			ws = append(ws, ui.Widget{R: cr, Kind: ui.WBox, Text: text, Size: 15, Fill: wingFill, Ink: ui.TextOn(wingFill), Edge: ui.ColEdge, Tip: wingTips[k.wing]})
		}
		x += w + 4
	}
	return ws, h + 22
}

// wingCount is a kind of Dark Wings card and how many of it.
type wingCount struct {
	wing rules.Wing
	n    int
}

// label is the cards as the table names them: "Lost Orders", "Ill
// Tidings ×2".
func (c wingCount) label() string {
	if c.n > 1 {
		return fmt.Sprintf("%s ×%d", c.wing.Name(), c.n)
	}
	return c.wing.Name()
}

// wingCounts is the kinds among ws, Lost Orders first, each with how
// many (kinds absent left out).
func wingCounts(ws []rules.Wing) []wingCount {
	var out []wingCount
	for _, w := range []rules.Wing{rules.LostOrders, rules.IllTidings} {
		if n := rules.CountWings(ws, w); n > 0 {
			out = append(out, wingCount{w, n})
		}
	}
	return out
}

// The fills of the Citadel's pieces on a conspiracy's row.
var (
	crystalFill = color.RGBA{150, 206, 226, 255}
	ravenFill   = color.RGBA{20, 20, 24, 255}
	wingFill    = color.RGBA{92, 52, 110, 255}
)

// chips are seat p's Citadel pieces on its public row from x, at
// most room wide: crystals, ravens, Dark Wings cards held (counts only)
// and the Ill Tidings penalty on it this round. It returns the width
// taken.
func (ci *citadel) chips(p rules.PlayerView, x, y, h, room float64) ([]ui.Widget, float64) {
	u := ci.t
	if !u.pos.isCitadel() {
		return nil, 0
	}
	name := u.pos.seatName(p.Seat)
	n := 3
	if p.Tidings > 0 {
		n = 4 // the penalty's chip, while it lasts
	}
	cw := math.Min(24, math.Floor((room-31)/float64(n))-2)
	chip := func(i int, n int, fill color.RGBA, tip string) ui.Widget {
		return ui.Widget{R: ui.Rect{X: x + float64(i)*(cw+2), Y: y + 2, W: cw, H: h - 4}, Kind: ui.WBox, Text: fmt.Sprint(n), Size: 15, Bold: true, Fill: fill, Ink: ui.TextOn(fill), Edge: ui.ColEdge, Tip: tip}
	}
	ws := []ui.Widget{
		chip(0, p.Crystals, crystalFill, fmt.Sprintf("%s: %s of Knowledge (public). Each is one more die at the Citadel (%s for 10 or more now); a 10 or more spends them all.", name, words.Count(p.Crystals, "Crystal"), Odds(p.Crystals, p.Tidings))),
		chip(1, p.Ravens, ravenFill, fmt.Sprintf("%s: %s (public). A roll of 6 or less at the Citadel brings one; three become a Dark Wings card at once.", name, words.Count(p.Ravens, "raven"))),
		chip(2, p.Wings, wingFill, fmt.Sprintf("%s holds %s (the number is public, the cards secret).", name, words.Count(p.Wings, "Dark Wings card"))),
	}
	if p.Tidings > 0 {
		t := chip(3, p.Tidings, ui.ColWarn, fmt.Sprintf("Ill Tidings: %s's results at the Citadel are %d lower until the end of this round.", name, p.Tidings))
		if cw >= 24 {
			t.Text = fmt.Sprintf("−%d", p.Tidings)
		}
		ws = append(ws, t)
	}
	return ws, float64(n)*(cw+2) + 4
}

// head is the Conspiracies panel's title line in a Citadel game:
// "Citadel" over the column of the pieces (from x), and the Dark Wings
// deck and its discard (public counts) at the right.
func (ci *citadel) head(r ui.Rect, x float64) []ui.Widget {
	u := ci.t
	c := u.pos.pub.Citadel
	if c == nil {
		return nil
	}
	lo, it := rules.CountWings(c.Discard, rules.LostOrders), rules.CountWings(c.Discard, rules.IllTidings)
	head := ui.Widget{R: ui.Rect{X: x, Y: r.Y + 10, W: 3 * 26, H: 18}, Kind: ui.WText, Text: "Citadel", Size: 13, Align: ui.AlignCenter, Ink: ui.ColDim,
		Tip: "The Citadel's pieces on each row (public): Crystals of Knowledge (light blue), ravens (black), Dark Wings cards held (purple: how many, not which), and an Ill Tidings penalty this round (red). Then the house cards held."}
	deck := ui.Widget{R: ui.Rect{X: x + 3*26 + 6, Y: r.Y + 10, W: r.X + r.W - 12 - (x + 3*26 + 6), H: 18}, Kind: ui.WText,
		Text: fmt.Sprintf("Dark Wings deck %d · played %d", c.Deck, len(c.Discard)), Size: 13, Align: ui.AlignRight, Ink: ui.ColDim,
		Tip: fmt.Sprintf("The Dark Wings, Dark Words deck: %s left of 12 (6 Lost Orders, 6 Ill Tidings). Played: %d Lost Orders, %d Ill Tidings; when the deck runs out they are shuffled into a new one.", words.Count(c.Deck, "card"), lo, it)}
	return []ui.Widget{head, deck}
}

// rollNotice queues the public notice of a roll at the Citadel found in
// evs: the dice (the two kept marked), the result and what it brings,
// with the public lines that followed it.
func (ci *citadel) rollNotice(evs []rules.Event) {
	u := ci.t
	for i, e := range evs {
		if e.Kind != rules.EvStudied {
			continue
		}
		n := notice{kind: noticeRoll, seat: rules.Public, card: board.NoCard, text: u.pos.eng.EventText(e, rules.Public), who: e.Who,
			result: int(e.N), penalty: int(e.M), house: e.House}
		for _, d := range e.List {
			n.dice = append(n.dice, int(d))
		}
		for _, f := range evs[i+1:] {
			if f.Kind == rules.EvStudied {
				break
			}
			if t := u.pos.eng.EventText(f, rules.Public); t != "" && f.Seat == rules.Public {
				n.lines = append(n.lines, t)
			}
		}
		u.notices.list = append(u.notices.list, n)
	}
}

// rollBrings is what a roll's result brings, in words.
func rollBrings(result int) string {
	switch {
	case result <= 6:
		return "6 or less: a raven."
	case result <= 9:
		return "7 to 9: a raven or a crystal, the player's choice."
	}
	return "10 or more: success — every crystal is spent, and the secret aim pays."
}

// rollTitle is a roll's notice's title: who studied for which house.
func (ci *citadel) rollTitle(n notice) string {
	u := ci.t
	return fmt.Sprintf("%s studies at the Citadel for House %s", u.pos.seatWords(n.who), u.pos.houseName(n.house))
}

// rollSum is a roll's sum: "6 + 4 − 1 (Ill Tidings) = 9".
func rollSum(n notice) string {
	if len(n.dice) < 2 {
		return "?"
	}
	sum := fmt.Sprintf("%d + %d", n.dice[0], n.dice[1])
	if n.penalty > 0 {
		sum += fmt.Sprintf(" − %d (Ill Tidings)", n.penalty)
	}
	return sum + fmt.Sprintf(" = %d", n.result)
}

// rollWidgets is a roll's notice on card: who studied, the dice drawn as
// die faces (the two highest, which count, marked), the sum and what it
// brings, and the public lines that followed.
func (ci *citadel) rollWidgets(n notice) ([]ui.Widget, ui.Rect) {
	u := ci.t
	var rows []string
	for _, l := range n.lines {
		rows = append(rows, ui.WrapText(l, 17, 700-60, 0)...)
	}
	rows = rows[:min(len(rows), 6)]
	card := ui.Rect{X: ui.BaseW/2 - 350, W: 700, H: 276 + 24*float64(len(rows))}
	card.Y = math.Round((ui.BaseH - card.H) / 2)
	ws := ui.Panel(card, "")
	ws[0].Edge = ui.ColGold
	title := ci.rollTitle(n)
	tw := ui.Widget{R: ui.Rect{X: card.X + 20, Y: card.Y + 14, W: card.W - 40, H: 30}, Kind: ui.WText,
		Text: title, Size: ui.FitSize(title, 22, 15, true, card.W-40), Bold: true, Tip: title,
		Ink: ui.Readable(ui.SeatColor(n.who), ui.ColPanel)}
	if !ui.Fits(tw, title) && u.pos.seatID(n.who) != "" {
		// A name too long for the line: the conspiracy's glyph in its
		// colour before its name, the player's name in the tip.
		tw.Text = fmt.Sprintf("%s studies at the Citadel for House %s", words.Title(u.pos.seatID(n.who)), u.pos.houseName(n.house))
		tw.Size = ui.FitSize(tw.Text, 22, 15, true, card.W-70)
		ws = append(ws, ui.Widget{R: ui.Rect{X: tw.R.X, Y: tw.R.Y + 3, W: 24, H: 24}, Kind: ui.WGlyph, Text: u.pos.seatID(n.who), Ink: tw.Ink, Tip: title})
		tw.R.X += 30
		tw.R.W -= 30
	}
	ws = append(ws, tw)
	// The dice, highest first: the first two are kept.
	const die, gap = 56.0, 10.0
	k := len(n.dice)
	size := math.Min(die, (card.W-40-gap*float64(k-1))/float64(max(k, 1)))
	x := card.X + (card.W-float64(k)*size-gap*float64(k-1))/2
	for i, d := range n.dice {
		w := ui.Widget{R: ui.Rect{X: x + float64(i)*(size+gap), Y: card.Y + 62, W: size, H: size}, Kind: ui.WBox, Text: fmt.Sprint(d), Size: math.Round(size * 0.55), Bold: true,
			Fill: ui.ColParchment, Ink: ui.ColBlack, Edge: ui.ColEdge, Tip: fmt.Sprintf("A die: %d.", d)}
		if i < 2 {
			w.Edge, w.Selected = ui.ColGold, true
			w.Tip += " One of the two highest: it counts."
		} else {
			w.Fill = ui.Mix(ui.ColParchment, ui.ColPanel, 0.5)
			w.Tip += " Not among the two highest: it does not count."
		}
		ws = append(ws, w)
	}
	ws = append(ws, ui.Widget{R: ui.Rect{X: card.X + 20, Y: card.Y + 62 + size + 4, W: card.W - 40, H: 18}, Kind: ui.WText, Text: "the two highest count (gold)", Size: 13, Align: ui.AlignCenter, Ink: ui.ColDim, Tip: rollTip})
	sum := rollSum(n)
	y := card.Y + 62 + size + 30
	ws = append(ws, ui.Widget{R: ui.Rect{X: card.X + 20, Y: y, W: card.W - 40, H: 30}, Kind: ui.WText, Text: sum, Size: 24, Bold: true, Align: ui.AlignCenter, Ink: ui.ColGold,
		Tip: "The result: the two highest dice summed, less any Ill Tidings penalty on the player this round."})
	y += 36
	ws = append(ws, ui.Widget{R: ui.Rect{X: card.X + 20, Y: y, W: card.W - 40, H: 24}, Kind: ui.WText, Text: rollBrings(n.result), Size: 17, Align: ui.AlignCenter, Ink: ui.ColText, Tip: rollTip})
	y += 32
	for _, row := range rows {
		ws = append(ws, ui.Text(ui.Rect{X: card.X + 30, Y: y, W: card.W - 60, H: 24}, row, 17, ui.ColText))
		y += 24
	}
	return ws, card
}

// seatToken sets a conspiracy's public token w for the Citadel:
// the token the seat shown uncovered (its house, for that seat alone),
// and a face-down token of another player a target while Dig Up Dirt
// looks for one.
func (ci *citadel) seatToken(w *ui.Widget, seat rules.Seat, k int) {
	u := ci.t
	if !u.pos.isCitadel() || u.pos.shown < 0 || int(seat) >= len(u.pos.priv.Players) || k >= len(u.pos.priv.Players[seat].Loyalty) {
		return
	}
	tk := u.pos.priv.Players[seat].Loyalty[k]
	if tk.Uncovered && !tk.Revealed && tk.House >= 0 {
		hc := ui.HouseColor(u.pos.m, tk.House)
		w.Fill = ui.Mix(hc, ui.ColPanelHi, 0.45)
		w.Ink, w.Edge = ui.TextOn(w.Fill), ui.ColGold
		w.Text = fmt.Sprintf("?%s", Abbrev(u.pos.houseName(tk.House)))
		if w.R.W < 40 {
			w.Text = Abbrev(u.pos.houseName(tk.House))[:1]
		}
		w.Tip += fmt.Sprintf(" You uncovered it (Dig Up Dirt): House %s. Only you know; it stays face down.", u.pos.houseName(tk.House))
	}
	if u.pos.shown == u.pos.eng.ToAct() && u.pos.has(rules.VUncover) && seat != u.pos.shown && !tk.Revealed {
		w.T = ui.Target{Kind: ui.TSeatToken, Seat: seat, Index: k}
		w.Hot = slices.ContainsFunc(u.pos.legal, func(a rules.Action) bool {
			return a.Verb == rules.VUncover && a.Target == seat && int(a.Pos) == k
		})
		w.Tip += " Click to look at it (Dig Up Dirt)."
	}
}

// secretFace is a Citadel secret's notice: its title, the face shown
// (the house uncovered, or the Dark Wings card drawn), the face's fill and
// tip, and what the others know of it.
func (ci *citadel) secretFace(n notice) (title, face string, fill color.RGBA, tip, rest string) {
	u := ci.t
	if n.wing != 0 {
		return "You drew a Dark Wings card — only you see this", n.wing.Name(), wingFill, wingTips[n.wing],
			"The others read only that you drew a Dark Wings card; it is in your panel, to be played at the start of one of your resolving turns."
	}
	return "You uncovered a secret — only you see this", u.pos.houseName(n.house), ui.HouseColor(u.pos.m, n.house), "",
		"The token stays face down; the others read only that you uncovered a secret. Its house stays marked on that token for you alone."
}

// secretWidgets is the notice of a Citadel secret for the seat that
// learnt it: the Dark Wings card it drew, or the house of the token it
// uncovered (Dig Up Dirt), and the private log's words.
func (ci *citadel) secretWidgets(n notice) ([]ui.Widget, ui.Rect) {
	card := ui.Rect{X: ui.BaseW/2 - 330, Y: ui.BaseH/2 - 150, W: 660, H: 300}
	ws := ui.Panel(card, "")
	ws[0].Edge = ui.SeatColor(n.seat)
	title, face, fill, tip, rest := ci.secretFace(n)
	ws = append(ws, ui.Widget{R: ui.Rect{X: card.X + 20, Y: card.Y + 14, W: card.W - 40, H: 30}, Kind: ui.WText, Text: title, Size: 22, Bold: true,
		Ink: ui.Readable(ui.SeatColor(n.seat), ui.ColPanel)},
		ui.Widget{R: ui.Rect{X: card.X + 160, Y: card.Y + 60, W: card.W - 320, H: 64}, Kind: ui.WBox, Text: face, Size: 24, Bold: true, Fill: fill, Ink: ui.TextOn(fill), Edge: ui.ColWhite, Tip: tip})
	y := card.Y + 140
	for _, s := range []string{n.text, rest} {
		for _, row := range ui.WrapText(s, 17, card.W-60, 0) {
			ws = append(ws, ui.Text(ui.Rect{X: card.X + 30, Y: y, W: card.W - 60, H: 24}, row, 17, ui.ColText))
			y += 24
		}
	}
	return ws, card
}
