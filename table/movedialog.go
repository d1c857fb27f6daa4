package table

import (
	"fmt"
	"math"
	"slices"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/ui"
	"notrueking/words"
)

// The move dialog: a click on a group of the mover's picks the origin, a
// click on a destination opens the count dialog (how many of each unit
// go, and onto a road whom to attack) unless one unit goes anyway; its
// widgets are built with the decision panel's (decision panel, layout.go).

// moveDialog is a move being set up: its origin (from; -1: none), then
// its destination (to; -1: none yet), whose count dialog sets how many of
// each unit go (units, at most max), the row the arrow keys change (row)
// and, onto a road, the house attacked there (house; NoHouse: none) among
// those it may attack (targets).
type moveDialog struct {
	pos        *position
	from, to   board.TerrID
	units, max [board.NumUnits]int
	house      board.HouseID
	targets    []board.HouseID
	row        int
	// shift says Shift was held at the last tick's keys: Shift+click on
	// a group of the mover's makes it the origin while a move is set up.
	shift bool
	// cached is the combat preview of one move at one game length.
	cached preview
}

type preview struct {
	n  int
	a  rules.Action
	cv *rules.CombatView
	ok bool
}

// reset closes the dialog: no origin, no destination.
func (mv *moveDialog) reset() {
	mv.from, mv.to = -1, -1
	mv.house, mv.targets = board.NoHouse, nil
}

// open opens the count dialog of the move to t, as (the legal moves from
// the origin to t) saying what may go and whom it may attack.
func (mv *moveDialog) open(t board.TerrID, as []rules.Action) {
	mv.to = t
	mv.max = [board.NumUnits]int{}
	// Onto a road with other houses: the move may attack one of them
	// (seed 004), chosen in the dialog; none at first.
	mv.house, mv.targets = board.NoHouse, nil
	for _, a := range as {
		if a.House != board.NoHouse && !slices.Contains(mv.targets, a.House) {
			mv.targets = append(mv.targets, a.House)
		}
	}
	slices.Sort(mv.targets)
	// The counts start at the largest legal move; the steppers reach what
	// the group holds, so that a tester can ask for more than the rules
	// allow (more than the ships carry) and read the engine's refusal.
	mv.max = mv.pos.units(mv.pos.pub.ResolvingHouse, mv.from)
	best := -1
	for _, a := range as {
		n := 0
		for k := range a.Units {
			mv.max[k] = max(mv.max[k], a.Units[k])
			n += a.Units[k]
		}
		if n > best {
			best, mv.units = n, a.Units
		}
	}
	mv.row = 0
}

// command carries out the dialog's commands (the road's attack choice,
// more or fewer of a unit, the row the arrow keys change) and reports
// whether c was one of them.
func (mv *moveDialog) command(c ui.Command) bool {
	switch c.Kind {
	case ui.CmdMoveAttack:
		h := board.HouseID(c.N)
		if h == board.NoHouse || slices.Contains(mv.targets, h) {
			mv.house = h
		}
	case ui.CmdMoreUnits:
		if k := c.Unit; k < board.NumUnits && mv.units[k] < mv.max[k] {
			mv.units[k]++
		}
	case ui.CmdFewerUnits:
		if k := c.Unit; k < board.NumUnits && mv.units[k] > 0 {
			mv.units[k]--
		}
	case ui.CmdMoveRow:
		rows := mv.rows()
		if len(rows) > 0 {
			mv.row = (mv.row + c.N%len(rows) + len(rows)) % len(rows)
		}
	default:
		return false
	}
	return true
}

// action is the move the dialog is set to.
func (mv *moveDialog) action() rules.Action {
	return rules.Action{Seat: mv.pos.shown, Verb: rules.VMove, From: mv.from, To: mv.to, Units: mv.units, House: mv.house}
}

// rows are the unit kinds the move dialog offers, top to bottom.
func (mv *moveDialog) rows() []board.Unit {
	var ks []board.Unit
	for k := board.Unit(0); k < board.NumUnits; k++ {
		if mv.max[k] > 0 {
			ks = append(ks, k)
		}
	}
	return ks
}

// rowUnit is the unit kind of the move dialog's selected row.
func (mv *moveDialog) rowUnit() (board.Unit, bool) {
	rows := mv.rows()
	if mv.row < 0 || mv.row >= len(rows) {
		return 0, false
	}
	return rows[mv.row], true
}

// preview is the combat the move being set up would start (nil when
// it starts none, is not complete or the past is shown: inPast), cached per move and game length.
func (mv *moveDialog) preview(inPast bool) *rules.CombatView {
	if mv.from < 0 || mv.to < 0 || inPast {
		return nil
	}
	a := mv.action()
	n := mv.pos.eng.Len()
	if p := mv.cached; p.ok && p.n == n && p.a == a {
		return p.cv
	}
	cv, _ := mv.pos.eng.PreviewCombat(a)
	mv.cached = preview{n: n, a: a, cv: cv, ok: true}
	return cv
}

// refusal is why the move being set up may not go to t, in the engine's
// words (the origin stays picked). Nothing is played, even should
// the engine accept the whole group's move after all (it is not among the
// legal moves the origin was picked from).
func (mv *moveDialog) refusal(t board.TerrID) string {
	a := rules.Action{Seat: mv.pos.shown, Verb: rules.VMove, From: mv.from, To: t, Units: mv.pos.units(mv.pos.pub.ResolvingHouse, mv.from), House: rules.None}
	if err := mv.pos.eng.Check(a); err != nil {
		return err.Error()
	}
	return fmt.Sprintf("%s is not a destination of the move from %s.", mv.pos.terrName(t), mv.pos.terrName(mv.from))
}

// widgets is the count dialog of the move being set up in the
// decision panel r (its controls at least tap high; 0: as drawn): its title at (x, y), w wide, a row of − count + for
// each kind of unit, the road's attack choice, and the Move (or Attack)
// button beside the Cancel row (ch high) which the panel adds.
func (mv *moveDialog) widgets(r ui.Rect, x, y, w, ch, tap float64, inPast bool) []ui.Widget {
	var ws []ui.Widget
	title := fmt.Sprintf("%s → %s", mv.pos.terrName(mv.from), mv.pos.terrName(mv.to))
	ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y, W: w, H: 19}, Kind: ui.WText, Text: title, Size: 15, Ink: ui.ColText,
		Tip: fmt.Sprintf("Move from %s to %s: set how many of each unit go (arrow keys: Up/Down a row, Left/Right fewer/more).", mv.pos.terrName(mv.from), mv.pos.terrName(mv.to))})
	y += 22
	rows := len(mv.rows())
	if len(mv.targets) > 0 {
		rows++ // the road's attack choice, below the units
	}
	rowH := math.Min(math.Max(32, tap+4), (r.Y+r.H-12-ch-y)/float64(max(rows, 1)))
	for i, k := range mv.rows() {
		sel := i == mv.row
		lab := ui.Widget{R: ui.Rect{X: x, Y: y + rowH/2 - 10, W: 90, H: 20}, Kind: ui.WText, Text: words.Title(k.String()), Size: 15, Bold: sel, Ink: ui.ColText, Tip: unitTips[k]}
		if sel {
			lab.Ink = ui.ColGold
		}
		dec := ui.Button(ui.Rect{X: x + 92, Y: y, W: 32, H: rowH - 4}, "−", ui.CmdTarget(ui.Command{Kind: ui.CmdFewerUnits, Unit: k}))
		inc := ui.Button(ui.Rect{X: x + 190, Y: y, W: 32, H: rowH - 4}, "+", ui.CmdTarget(ui.Command{Kind: ui.CmdMoreUnits, Unit: k}))
		// The arrow keys step the selected row (Keys); no key badge: it
		// is wider than the button and covered its sign.
		dec.Tip, inc.Tip = "Fewer "+words.Plural(2, k.String())+" (Left arrow on the selected row).", "More "+words.Plural(2, k.String())+" (Right arrow on the selected row)."
		if sel {
			dec.Fill, inc.Fill = ui.ColPanelHi, ui.ColPanelHi
		}
		cnt := ui.Widget{R: ui.Rect{X: x + 128, Y: y, W: 58, H: rowH - 4}, Kind: ui.WBox, Text: fmt.Sprintf("%d/%d", mv.units[k], mv.max[k]), Size: 15, Bold: true, Fill: ui.ColPanelHi, Ink: ui.ColText, Selected: sel,
			Tip: fmt.Sprintf("%d of the %d %s that may go.", mv.units[k], mv.max[k], words.Plural(mv.max[k], k.String()))}
		ws = append(ws, lab, dec, cnt, inc)
		y += rowH
	}
	if n := len(mv.targets); n > 0 {
		// Onto a road: attack none of the houses there, or one (the
		// choice framed; the preview beside the dialog shows the fight).
		bw := (w - float64(n)*4) / float64(n+1)
		for i := range n + 1 {
			br := ui.Rect{X: x + float64(i)*(bw+4), Y: y, W: bw, H: rowH - 4}
			h, label, tip := board.NoHouse, "None", "Attack nobody: join the road beside the houses there."
			if i > 0 {
				h = mv.targets[i-1]
				label, tip = mv.pos.houseName(h), "Attack House "+mv.pos.houseName(h)+"'s troops on the road; only they fight."
			}
			b := ui.Button(br, label, ui.CmdTarget(ui.Command{Kind: ui.CmdMoveAttack, N: int(h)}))
			b.Selected, b.Tip = h == mv.house, tip
			if b.Selected {
				b.Fill = ui.ColPanelHi
			}
			ws = append(ws, b)
		}
	}
	label := "Move"
	if mv.preview(inPast) != nil {
		label = "Attack"
	}
	b := ui.Button(ui.Rect{X: x, Y: r.Y + r.H - 8 - ch, W: w - 116, H: ch}, label, ui.CmdTarget(ui.Command{Kind: ui.CmdMoveConfirm}))
	b.Fill, b.Key = ui.ColOK, ui.KeyEnter
	return append(ws, b)
}

// unitTips explain the units.
var unitTips = [board.NumUnits]string{
	board.Footman: "Footman: strength 1 on land, 0 at sea. Mustered for 1 point where the house has barrels.",
	board.Knight:  "Knight: strength 2 on land, 1 at sea. A footman promoted for 1 muster point.",
	board.Ship:    "Ship: strength 1 at sea; carries one footman or knight. Mustered into a port or adjacent sea.",
	board.Dragon:  "Dragon: strength 3 on land and at sea. A knight promoted (nine-player map).",
}
