package table

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/words"
)

// position is the game on the table as the table last read it (refresh):
// the game, its map and seats, who plays each seat (bots), the seat shown
// (-1: only public facts), its legal actions and views — the past's while
// the log panel shows the past. Every part of the table reads it; only the
// table writes it.
type position struct {
	eng   Game // what the table reads and acts through
	m     *board.Map
	seats []string
	// bots names the bot playing each seat (Options.Bots).
	bots []string
	// shown is the seat whose private panel is visible (after the
	// curtain); -1 while only public facts may be shown.
	shown rules.Seat
	legal []rules.Action
	pub   rules.View
	priv  rules.View
}

// has reports whether a legal action has verb v.
func (p *position) has(v rules.Verb) bool {
	for _, a := range p.legal {
		if a.Verb == v {
			return true
		}
	}
	return false
}

// filter is the legal actions keep accepts.
func (p *position) filter(keep func(a rules.Action) bool) []rules.Action {
	var out []rules.Action
	for _, a := range p.legal {
		if keep(a) {
			out = append(out, a)
		}
	}
	return out
}

// logSeat is whose log the panel shows: the seat shown after the curtain
// (its private lines too), else the public log.
func (p *position) logSeat() rules.Seat {
	if p.shown >= 0 {
		return p.shown
	}
	return rules.Public
}

// viewer is the seat whose "since" the marks count from: the seat shown,
// else the seat to act (behind the curtain, the one about to look).
func (p *position) viewer() rules.Seat {
	if p.shown >= 0 {
		return p.shown
	}
	return p.eng.ToAct()
}

// me is the view of the seat shown of its own seat (ok false for none).
func (p *position) me() (rules.PlayerView, bool) {
	if p.shown < 0 || int(p.shown) >= len(p.priv.Players) {
		return rules.PlayerView{}, false
	}
	return p.priv.Players[p.shown], true
}

// isCitadel reports whether the game on the table plays the Citadel
// variant.
func (p *position) isCitadel() bool { return p.pub.Citadel != nil }

// houseName is a house's name ("?" for none).
func (p *position) houseName(h board.HouseID) string {
	if p.m.HasHouse(h) {
		return p.m.Houses[h].Name
	}
	return "?"
}

// terrName is a territory's name ("?" for none).
func (p *position) terrName(t board.TerrID) string {
	if p.m.HasTerr(t) {
		return p.m.Territories[t].Name
	}
	return "?"
}

// botLevel is the level of the bot playing seat s, "" for a human.
func (p *position) botLevel(s rules.Seat) string {
	if s >= 0 && int(s) < len(p.bots) {
		return p.bots[s]
	}
	return ""
}

// seatName is seat s's player's name, else its conspiracy's ("?" when
// out of range).
func (p *position) seatName(s rules.Seat) string {
	if s >= 0 && int(s) < len(p.pub.Players) {
		pl := p.pub.Players[s]
		if pl.Name != "" {
			return pl.Name
		}
		return words.Title(pl.ID)
	}
	if s >= 0 && int(s) < len(p.seats) {
		return words.Title(p.seats[s])
	}
	return "?"
}

// playerWords is seat s as the engine's words name it: "Ann (Crown)", or
// "Crown" when its player has no other name.
func (p *position) playerWords(s rules.Seat) string {
	name, id := p.seatName(s), words.Title(p.seatID(s))
	if id == "" || strings.EqualFold(name, id) {
		return name
	}
	return name + " (" + id + ")"
}

// seatID is seat s's conspiracy id ("" when out of range).
func (p *position) seatID(s rules.Seat) string {
	if s >= 0 && int(s) < len(p.seats) {
		return p.seats[s]
	}
	return ""
}

// seatWords is "Ben (Torch)", as the curtain names a seat: the player
// first, as the engine's words do.
func (p *position) seatWords(s rules.Seat) string {
	if s < 0 || int(s) >= len(p.seats) {
		return "everyone"
	}
	return p.playerWords(s)
}

// card is house card c ("?" for none).
func (p *position) card(c board.CardID) board.Card {
	if p.m.HasCard(c) {
		return p.m.CardAt(c)
	}
	return board.Card{ID: "?", Name: "?"}
}

// cardHouse is card c's house (NoHouse for none).
func (p *position) cardHouse(c board.CardID) board.HouseID {
	if p.m.HasCard(c) {
		return p.m.CardHouse(c)
	}
	return board.NoHouse
}

// slotValueText is the value of seat's loyalty slot pos ("4"), or its
// place when the view has no such slot.
func (p *position) slotValueText(seat rules.Seat, pos int) string {
	if seat >= 0 && int(seat) < len(p.pub.Players) && pos >= 0 && pos < len(p.pub.Players[seat].Loyalty) {
		return fmt.Sprint(p.pub.Players[seat].Loyalty[pos].Value)
	}
	return words.Ordinal(pos + 1)
}

// slotTip is what an agent on slot i (in slot order) does: in a Citadel
// game a Maester may study at the Citadel too.
func (p *position) slotTip(i int) string {
	if i == 0 && p.isCitadel() {
		return "Maester: resolves first. Its agent takes one action for the house: muster, move, draw a house card or study at the Citadel. Afterwards it moves up to the Marshal slot if that is free."
	}
	return slotTips[i]
}

// describe names an action in a player's words (button labels).
func (p *position) describe(a rules.Action) string {
	switch a.Verb {
	case rules.VChoose:
		switch a.Choice {
		case rules.ChooseMuster:
			return "Muster troops"
		case rules.ChooseMove:
			return "Move troops"
		case rules.ChooseDraw:
			return "Draw a house card"
		}
	case rules.VDone:
		switch {
		case p.has(rules.VMuster) || p.pub.MusterPoints > 0:
			return "Done mustering"
		case p.has(rules.VMove):
			return "Done (no more moves)"
		}
		return "Done"
	case rules.VPass:
		return "Pass (play no card)"
	case rules.VPlay:
		return "Play " + CardLabel(p.card(a.Card))
	case rules.VWinner:
		return "House " + p.houseName(a.House) + " wins the tie"
	case rules.VDecline:
		return "Decline the card's effect"
	case rules.VKeep:
		return "Keep my tokens (no exchange)"
	case rules.VLook:
		return "Look at " + p.seatName(a.Target) + "'s hand"
	case rules.VDiscard:
		return "Make them discard " + p.card(a.Card).Name
	case rules.VMuster:
		switch a.Unit {
		// The chooser's title names the territory ("Muster in Winterfell"),
		// so the labels stay short enough for a two-column chooser.
		case board.Footman:
			return "New footman"
		case board.Knight:
			return "Footman → knight"
		case board.Ship:
			return "Ship into " + p.terrName(a.To)
		case board.Dragon:
			return "Knight → dragon"
		}
	case rules.VRetreat:
		return "Retreat to " + p.terrName(a.To)
	case rules.VExchange:
		return fmt.Sprintf("Swap %s and %s, reveal %s", p.houseName(a.A), p.houseName(a.B), p.houseName(a.Reveal))
	case rules.VPlace:
		return fmt.Sprintf("Place an agent on %s %s", p.houseName(a.House), words.Title(a.Slot.String()))
	case rules.VResolve:
		return fmt.Sprintf("Resolve %s %s", p.houseName(a.House), words.Title(a.Slot.String()))
	case rules.VRemove:
		return fmt.Sprintf("Remove the agent on %s %s", p.houseName(a.House), words.Title(a.Slot.String()))
	case rules.VMove:
		return fmt.Sprintf("Move %s from %s to %s", words.Units(a.Units), p.terrName(a.From), p.terrName(a.To))
	case rules.VArrange:
		return "Confirm loyalty card"
	}
	if s := p.describeCitadel(a); s != "" {
		return s
	}
	return a.Format(p.m)
}

// describeCitadel names a Citadel action in a player's words ("" for
// another verb).
func (p *position) describeCitadel(a rules.Action) string {
	switch a.Verb {
	case rules.VStudy:
		return a.Aim.Name()
	case rules.VGain:
		if a.Gain == rules.GainCrystal {
			return "Take a Crystal of Knowledge"
		}
		return "Take a raven"
	case rules.VUncover:
		return fmt.Sprintf("%s's %s slot", words.Title(p.seatID(a.Target)), p.slotValueText(a.Target, int(a.Pos)))
	case rules.VLostOrders:
		owner := "nobody"
		if int(a.House) < len(p.pub.Slots) && p.pub.Slots[a.House][a.Slot] >= 0 {
			owner = p.seatName(p.pub.Slots[a.House][a.Slot])
		}
		return fmt.Sprintf("%s %s: %s's agent", p.houseName(a.House), words.Title(a.Slot.String()), owner)
	case rules.VIllTidings:
		return "Send to " + p.seatWords(a.Target)
	}
	return ""
}

// buttonVerbs are decided with plain buttons in the actions panel.
var buttonVerbs = map[rules.Verb]int{
	rules.VChoose: 0, rules.VPlay: 1, rules.VWinner: 2, rules.VLook: 3, rules.VDiscard: 4,
	rules.VDecline: 5, rules.VPass: 6, rules.VKeep: 7, rules.VDone: 8, rules.VGain: 9,
}

// buttonActions lists the legal actions shown as buttons, in a stable order.
func (p *position) buttonActions() []rules.Action {
	var out []rules.Action
	for _, a := range p.legal {
		if _, ok := buttonVerbs[a.Verb]; ok {
			out = append(out, a)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return buttonVerbs[out[i].Verb] < buttonVerbs[out[j].Verb] })
	return out
}

// ownsMovable reports whether a legal move starts in t: a group of the
// resolving house that may be the move's origin.
func (p *position) ownsMovable(t board.TerrID) bool {
	return slices.ContainsFunc(p.legal, func(a rules.Action) bool { return a.Verb == rules.VMove && a.From == t })
}

// attacks reports whether move a would start a combat.
func (p *position) attacks(a rules.Action) bool {
	cv, err := p.eng.PreviewCombat(a)
	return err == nil && cv != nil
}

// units is house h's units in territory t (public view).
func (p *position) units(h board.HouseID, t board.TerrID) [board.NumUnits]int {
	for _, g := range p.pub.Groups {
		if g.Territory == t && g.House == h {
			return g.Units
		}
	}
	return [board.NumUnits]int{}
}

// housesIn lists the houses with units in territory t, in map order.
func (p *position) housesIn(t board.TerrID) []board.HouseID {
	var hs []board.HouseID
	for _, g := range p.pub.Groups {
		if g.Territory == t && board.Total(g.Units) > 0 {
			hs = append(hs, g.House)
		}
	}
	return hs
}
