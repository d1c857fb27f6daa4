package table

import (
	"slices"
	"strconv"
	"strings"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/ui"
	"notrueking/words"
)

// What just happened: the board marks the moves, musters and
// promotions the other seats (bots included) made since the viewer's own
// last action, until the viewer acts again; and when the curtain lifts
// for a player, a digest lists the public events since that player's
// last action, each line opening the table as it stood then.

// maxMarks is how many of the latest actions the board marks at most.
const maxMarks = 12

// maxDigest is how many of the lines that mattered the digest lists at
// most (the log holds the rest), besides the line folding the trivia.
const maxDigest = 12

// Recent is what the table keeps of what just happened: the board's
// marks and the digest.
type Recent struct {
	pos *position
	// marks are the board's marks of the present (refresh).
	marks []ui.Mark
	// houses caches, per action index, the house that resolved it (the
	// view before it is read once per action), and the action it was
	// read for (an undo and another action make it stale).
	houses map[int]actHouse
	// digest is shown after the curtain lifted (nil: none).
	digest *digest
	// seenN and seenHouse: the game's length at the last refresh and the
	// house resolving then, which the next action, if it is the only one
	// since, was taken for (no look into the history needed).
	seenN     int
	seenHouse board.HouseID
}

type actHouse struct {
	a rules.PublicAction
	h board.HouseID
}

// digest is the "since you last looked" summary: the public lines since
// the seat's last action, and how many older ones it leaves to the log.
type digest struct {
	seat    rules.Seat
	lines   []rules.LogLine
	skipped int
	// took: the actions whose moves entered a territory their house did
	// not control when the seat last looked.
	took map[int]bool
}

// lastOwn is the index of seat's last action in acts, -1 for none.
func lastOwn(acts []rules.PublicAction, seat rules.Seat) int {
	for i := len(acts) - 1; i >= 0; i-- {
		if acts[i].Seat == seat {
			return i
		}
	}
	return -1
}

// refresh runs at the end of the table's refresh, pub the present's
// public view: the marks of the actions the other seats took since the
// viewer's last one, the latest maxMarks (none on the past's table:
// inPast).
func (r *Recent) refresh(pub *rules.View, inPast bool) {
	acts := r.pos.eng.PublicActions()
	if n := len(acts); n == r.seenN+1 && r.seenHouse != board.NoHouse {
		r.note(n-1, acts[n-1], r.seenHouse)
	}
	r.seenN, r.seenHouse = len(acts), pub.ResolvingHouse
	r.marks = r.marks[:0]
	seat := r.pos.viewer()
	if inPast || seat < 0 {
		return
	}
	own := lastOwn(acts, seat)
	for i := len(acts) - 1; i > own && len(r.marks) < maxMarks; i-- {
		a := acts[i]
		if a.Seat == seat {
			continue
		}
		k, ok := markOf(r.pos.m, a)
		if !ok {
			continue
		}
		if k.House = r.actionHouse(i, a); k.House == board.NoHouse {
			continue
		}
		r.marks = append(r.marks, k)
	}
	slices.Reverse(r.marks) // oldest first, the latest drawn on top
}

// note keeps that action i (a) was taken for house h.
func (r *Recent) note(i int, a rules.PublicAction, h board.HouseID) {
	if r.houses == nil {
		r.houses = map[int]actHouse{}
	}
	r.houses[i] = actHouse{a, h}
}

// markOf is action a's mark (its house yet unknown), if it has one: an
// arrow for a move, a pulse for a muster, a ring for a promotion.
func markOf(m *board.Map, a rules.PublicAction) (ui.Mark, bool) {
	switch a.Verb {
	case rules.VMove:
		if m.HasTerr(a.From) && m.HasTerr(a.To) && a.From != a.To {
			return ui.Mark{Kind: ui.MarkArrow, From: a.From, To: a.To}, true
		}
	case rules.VMuster:
		switch {
		case a.Unit == board.Ship && m.HasTerr(a.To):
			return ui.Mark{Kind: ui.MarkPulse, From: a.To, To: a.To}, true
		case (a.Unit == board.Knight || a.Unit == board.Dragon) && m.HasTerr(a.From):
			return ui.Mark{Kind: ui.MarkRing, From: a.From, To: a.From}, true
		case m.HasTerr(a.From):
			return ui.Mark{Kind: ui.MarkPulse, From: a.From, To: a.From}, true
		}
	}
	return ui.Mark{}, false
}

// actionHouse is the house that action i (a) was taken for: the house
// resolving before it.
func (r *Recent) actionHouse(i int, a rules.PublicAction) board.HouseID {
	if c, ok := r.houses[i]; ok && sameAction(c.a, a) {
		return c.h
	}
	v, err := r.pos.eng.ViewAt(i, rules.Public)
	if err != nil {
		return board.NoHouse
	}
	r.note(i, a, v.ResolvingHouse)
	return v.ResolvingHouse
}

// sameAction compares the fields of a move or a muster.
func sameAction(a, b rules.PublicAction) bool {
	return a.Seat == b.Seat && a.Verb == b.Verb && a.From == b.From && a.To == b.To && a.Unit == b.Unit && a.Units == b.Units
}

// Marks are the board's marks of what just happened: the moves, musters
// and promotions of the other seats since the viewer's last action.
func (r *Recent) Marks() []ui.Mark { return r.marks }

// open lists, for seat whose curtain just lifted, what mattered among
// the public events since its last action (none: no digest).
func (r *Recent) open(seat rules.Seat) {
	r.digest = nil
	acts := r.pos.eng.PublicActions()
	if len(acts) == 0 {
		return
	}
	own := lastOwn(acts, seat)
	lines := digestLines(r.pos.eng.View(rules.Public).Log, own)
	if len(lines) == 0 {
		return
	}
	// A move is news when it entered a territory its house did not
	// control when the seat last looked: a capture, or an attack.
	took := map[int]bool{}
	if then, err := r.pos.eng.ViewAt(own+1, rules.Public); err == nil {
		for i := own + 1; i < len(acts); i++ {
			if a := acts[i]; a.Verb == rules.VMove && r.pos.m.HasTerr(a.To) {
				if h := r.actionHouse(i, a); h != board.NoHouse && then.Controller(a.To) != h {
					took[i] = true
				}
			}
		}
	}
	dg := &digest{seat: seat, took: took}
	dg.lines, dg.skipped = foldDigest(lines, took)
	r.digest = dg
}

// digestLines are the public lines of log caused by the actions after
// action own (the setup's lines never).
func digestLines(log []rules.LogLine, own int) []rules.LogLine {
	var out []rules.LogLine
	for _, l := range log {
		if l.Seat == rules.Public && l.Action > own && l.Action >= 0 {
			out = append(out, l)
		}
	}
	return out
}

// digestTier is how much a public line matters to a player back at the
// table: 1 a combat, its cards and its results, a territory won or lost,
// the ranks, a token revealed; 2 a card drawn, a card's effect, a Citadel
// roll;
// 0 the turn's routine (placing, resolving, mustering, moving within
// one's own lands), folded into a count. took says which actions' moves
// entered a territory their house did not hold.
func digestTier(l rules.LogLine, took map[int]bool) int {
	switch l.Event {
	case "combat_started", "card_played", "passed", "combat_tied", "tie_decided",
		"attacker_won", "defender_won", "casualties", "no_retreat", "retreated",
		"occupied", "redeployed", "port_lost", "flag_removed", "flag_won",
		"ranks_computed", "exchanged", "loyalty_revealed", "game_over":
		return 1
	case "moved":
		if took[l.Action] {
			return 1
		}
		return 0
	case "round_started", "loyalty_arranged", "loyalty_card", "agent_placed",
		"resolution_began", "agent_resolved", "move_chosen", "muster_chosen",
		"mustered", "promoted", "muster_ended", "no_move", "flag_left",
		"flag_held", "fortification_held", "agent_moved_up", "agent_returned",
		"kept", "raven_gained", "crystal_gained", "deck_reshuffled", "wings_reshuffled":
		return 0
	}
	return 2
}

// folded names the routine events the digest counts, by event, in the
// order they are told.
var folded = []struct{ event, one, many string }{
	{"agent_placed", "agent placed", "agents placed"},
	{"mustered", "muster", "musters"},
	{"promoted", "promotion", "promotions"},
	{"moved", "move", "moves"},
	{"no_move", "turn without a move", "turns without a move"},
	{"flag_left", "flag left", "flags left"},
	{"agent_moved_up", "agent moved up", "agents moved up"},
	{"agent_returned", "agent returned", "agents returned"},
	{"raven_gained", "raven gained", "ravens gained"},
	{"crystal_gained", "crystal gained", "crystals gained"},
}

// foldDigest is the digest of lines: those that matter, in the order they
// happened (at most maxDigest: when more, the routine-most and then the
// oldest are left to the log, counted in skipped), then one line counting
// the routine ones ("Also: 3 musters, 2 moves."), which opens the table as
// it stood after the latest of them.
func foldDigest(lines []rules.LogLine, took map[int]bool) (out []rules.LogLine, skipped int) {
	lines = mergePasses(lines)
	var keep []int
	counts := map[string]int{}
	last := -1
	for i, l := range lines {
		if digestTier(l, took) > 0 {
			keep = append(keep, i)
			continue
		}
		counts[l.Event]++
		last = i
	}
	// Too many: drop tier 2 (then tier 1) lines, oldest first.
	for tier := 2; len(keep) > maxDigest && tier >= 1; tier-- {
		for j := 0; j < len(keep) && len(keep) > maxDigest; {
			if digestTier(lines[keep[j]], took) == tier {
				keep = slices.Delete(keep, j, j+1)
				skipped++
				continue
			}
			j++
		}
	}
	for _, i := range keep {
		out = append(out, lines[i])
	}
	var parts []string
	for _, f := range folded {
		if n := counts[f.event]; n > 0 {
			parts = append(parts, strconv.Itoa(n)+" "+words.Agree(n, f.one, f.many))
		}
	}
	if len(parts) > 0 {
		l := lines[last]
		out = append(out, rules.LogLine{Action: l.Action, Seat: rules.Public, Kind: "digest", Event: "folded",
			Text: "Also: " + strings.Join(parts, ", ") + "."})
	}
	return out, skipped
}

// Digest is the lines the "since you last looked" panel lists (nil: it
// is not up).
func (r *Recent) Digest() []rules.LogLine {
	if r.digest == nil {
		return nil
	}
	return r.digest.lines
}

// widgets is the digest's panel at the top of r, at most maxH high, its
// rows as the log lp sets them and its Close button at least tap high
// (0: as drawn): its title, its latest lines that fit (each opening the
// table as it stood after its action) and a button to close it. It
// returns the widgets and the height they take.
func (rc *Recent) widgets(r ui.Rect, maxH float64, lp *LogPanel, tap float64) ([]ui.Widget, float64) {
	d := rc.digest
	if d == nil || rc.pos.shown != d.seat {
		return nil, 0
	}
	textSize, rowH := lp.metrics()
	// The latest lines that fit, wrapped.
	first, used := len(d.lines), logHeadH+8
	var wrapped [][]string
	for i := len(d.lines) - 1; i >= 0; i-- {
		w := ui.WrapText(d.lines[i].Text, textSize, r.W-24, 10)
		if used+float64(len(w))*rowH > maxH {
			break
		}
		used += float64(len(w)) * rowH
		wrapped = append([][]string{w}, wrapped...)
		first = i
	}
	head, full := "Since you last looked", "Since you last looked: the public events since your last action."
	if more := d.skipped + first; more > 0 {
		more := words.Count(more, "earlier event") + " in the log"
		head, full = fitTitle(r.W-100, head+" · "+more, head), full+" "+more+"."
	}
	var rows []ui.Widget
	headH, okH := logHeadH, 24.0
	if tap > 0 {
		headH, okH = tap+8, tap // a finger's Close
	}
	y := r.Y + headH
	for k, l := range d.lines[first:] {
		h := float64(len(wrapped[k])) * rowH
		rows = append(rows, entryTarget(ui.Rect{X: r.X + 6, Y: y, W: r.W - 12, H: h}, l))
		for i, row := range wrapped[k] {
			rows = append(rows, ui.Text(ui.Rect{X: r.X + 12, Y: y + float64(i)*rowH, W: r.W - 24, H: rowH}, row, textSize, ui.ColText))
		}
		y += h
	}
	h := y + 8 - r.Y
	ws := ui.Panel(ui.Rect{X: r.X, Y: r.Y, W: r.W, H: h}, "")
	ws[0].Edge = ui.ColGold
	ws = append(ws, ui.Widget{R: ui.Rect{X: r.X + 12, Y: r.Y + 7, W: r.W - 100, H: 22}, Kind: ui.WText, Text: head, Size: 15, Bold: true, Ink: ui.ColGold, Tip: full})
	ok := ui.Button(ui.Rect{X: r.X + r.W - 80, Y: r.Y + 5, W: 72, H: okH}, "Close", ui.CmdTarget(ui.Command{Kind: ui.CmdDismiss}))
	ok.Tip = "Close this summary (it closes by itself when you act)."
	ws = append(ws, ok)
	return append(ws, rows...), h
}

// mergePasses makes one line of the seats an action left without a card
// to play ("Quill, Chain and Key play no card: they hold no Arryn or
// Stark card."): on the nine-house map a combat's forced passes would
// fill the digest (the log keeps them one by one).
func mergePasses(lines []rules.LogLine) []rules.LogLine {
	const verb = " plays no card"
	var out []rules.LogLine
	for i := 0; i < len(lines); {
		l := lines[i]
		k := strings.Index(l.Text, verb)
		if l.Event != "passed" || k < 0 {
			out = append(out, l)
			i++
			continue
		}
		why := l.Text[k+len(verb):]
		names := []string{l.Text[:k]}
		j := i + 1
		for ; j < len(lines); j++ {
			m := lines[j]
			mk := strings.Index(m.Text, verb)
			if m.Event != "passed" || m.Action != l.Action || mk < 0 || m.Text[mk+len(verb):] != why {
				break
			}
			names = append(names, m.Text[:mk])
		}
		if len(names) > 1 {
			l.Text = words.List(names) + " play no card" + why
		}
		out = append(out, l)
		i = j
	}
	return out
}
