package rules

import (
	"fmt"

	"notrueking/board"
	"notrueking/words"
)

// moveFault is why a move breaks the movement rules (moveCheck), as a
// code: Legal lists moves without building refusal text, and moveRule
// turns the code into words only when a player needs them.
type moveFault uint8

// The movement faults, in the order moveCheck tests them.
const (
	moveOK moveFault = iota
	moveSame
	moveNotAdjacent
	moveNothing
	moveShipsOnLand
	moveDragonsWithTroopsToSea
	moveDragonsEndAtSeaFromLand
	moveNoShipsToBoard
	moveShipsFull
	moveOnlyShipsIntoPort
	moveDragonsEndAtSea
	moveTroopsWithoutShips
	moveTooFewShips
	moveShipsOntoLand
	moveTroopsIntoPort
	movePortNotControlled
	moveTroopsLeftWithoutShips
	movePortOnlyToSea
)

// moveCheck checks that house h may move units u from territory from to
// territory to, leaving rest behind in from. It checks adjacency and what
// each kind of unit may enter (ships, carrying, ports), not what stands in
// the destination: entering another house's troops is combat, decided by
// the caller.
func (g *Game) moveCheck(h board.HouseID, from, to board.TerrID, u, rest [board.NumUnits]int) moveFault {
	if from == to {
		return moveSame
	}
	if !g.m.Adjacent(from, to) {
		return moveNotAdjacent
	}
	if board.Total(u) == 0 {
		return moveNothing
	}
	return g.moveKinds(h, from, to, u, rest)
}

// moveKinds is moveCheck for a non-empty group and two different, adjacent
// territories (as Legal lists them): what each kind of unit may enter.
func (g *Game) moveKinds(h board.HouseID, from, to board.TerrID, u, rest [board.NumUnits]int) moveFault {
	F, T := &g.m.Territories[from], &g.m.Territories[to]
	land := carried(u)
	switch F.Kind {
	case board.Land, board.Road:
		if u[board.Ship] > 0 {
			return moveShipsOnLand
		}
		switch T.Kind {
		case board.Sea:
			if u[board.Dragon] > 0 {
				// Dragons enter a sea only to attack it, alone (nine-player rules:
				// dragons).
				if land > 0 {
					return moveDragonsWithTroopsToSea
				}
				if g.otherOccupant(to, h) < 0 {
					return moveDragonsEndAtSeaFromLand
				}
				return moveOK
			}
			own := g.st.Units[to][h]
			if own[board.Ship] == 0 {
				return moveNoShipsToBoard
			}
			if free := own[board.Ship] - carried(own); land > free {
				return moveShipsFull
			}
		case board.Port:
			return moveOnlyShipsIntoPort
		}
	case board.Sea:
		switch T.Kind {
		case board.Sea:
			if u[board.Dragon] > 0 {
				return moveDragonsEndAtSea
			}
			if land > u[board.Ship] {
				if u[board.Ship] == 0 {
					return moveTroopsWithoutShips
				}
				return moveTooFewShips
			}
		case board.Land, board.Road:
			if u[board.Ship] > 0 {
				return moveShipsOntoLand
			}
		case board.Port:
			if land > 0 || u[board.Dragon] > 0 {
				return moveTroopsIntoPort
			}
			if T.PortOf >= 0 && g.control(T.PortOf) != h {
				return movePortNotControlled
			}
		}
		if carried(rest) > rest[board.Ship] {
			return moveTroopsLeftWithoutShips
		}
	case board.Port:
		if T.Kind != board.Sea {
			return movePortOnlyToSea
		}
	}
	return moveOK
}

// moveRule is moveCheck with the fault in a player's words.
func (g *Game) moveRule(h board.HouseID, from, to board.TerrID, u, rest [board.NumUnits]int) error {
	f := g.moveCheck(h, from, to, u, rest)
	if f == moveOK {
		return nil
	}
	hn := g.houseName(h)
	own := g.st.Units[to][h]
	switch f {
	case moveSame:
		return fmt.Errorf("troops already in %s cannot move into it", g.terrName(from))
	case moveNotAdjacent:
		if r, ok := g.m.RiverBetween(from, to); ok {
			return fmt.Errorf("%s to %s: not adjacent: %s runs between them (cross at a bridge)", g.terrName(from), g.terrName(to), midSentence(r.Name))
		}
		return fmt.Errorf("%s is not adjacent to %s", g.terrName(from), g.terrName(to))
	case moveNothing:
		return fmt.Errorf("name at least one unit to move")
	case moveShipsOnLand:
		return fmt.Errorf("ships are never on land")
	case moveDragonsWithTroopsToSea:
		return fmt.Errorf("dragons attack a sea on their own; footmen and knights need ships")
	case moveDragonsEndAtSeaFromLand:
		return fmt.Errorf("dragons cannot end a move at sea: they enter %s only to attack another house's ships", g.terrName(to))
	case moveNoShipsToBoard:
		return fmt.Errorf("%s has no ships in %s to carry %s", hn, g.terrName(to), words.Units(u))
	case moveShipsFull:
		free := own[board.Ship] - carried(own)
		return fmt.Errorf("%s's %s in %s can carry only %d more %s", hn, words.UnitCount(own[board.Ship], board.Ship), g.terrName(to), max(free, 0), words.Plural(free, "unit"))
	case moveOnlyShipsIntoPort, moveTroopsIntoPort:
		return fmt.Errorf("only ships may enter %s", g.terrName(to))
	case moveDragonsEndAtSea:
		return fmt.Errorf("dragons cannot end a move at sea")
	case moveTroopsWithoutShips:
		return fmt.Errorf("footmen and knights at sea move only aboard ships: move ships with them, or land them")
	case moveTooFewShips:
		return fmt.Errorf("%s can carry only %d %s", words.UnitCount(u[board.Ship], board.Ship), u[board.Ship], words.Plural(u[board.Ship], "unit"))
	case moveShipsOntoLand:
		return fmt.Errorf("ships cannot enter land: only the footmen and knights they carry may land in %s", g.terrName(to))
	case movePortNotControlled:
		return fmt.Errorf("%s does not control %s, so its ships may not enter %s", hn, g.terrName(g.m.Territories[to].PortOf), g.terrName(to))
	case moveTroopsLeftWithoutShips:
		return fmt.Errorf("%s's %s in %s would be left without ships to carry them", hn, words.Units([board.NumUnits]int{rest[board.Footman], rest[board.Knight]}), g.terrName(from))
	case movePortOnlyToSea:
		return fmt.Errorf("ships in %s may sail only into %s", g.terrName(from), g.terrName(g.m.Territories[from].PortSea))
	}
	return fmt.Errorf("this move breaks movement rule %d", f)
}

// sub returns a − b, kind by kind.
func sub(a, b [board.NumUnits]int) [board.NumUnits]int {
	for k := range a {
		a[k] -= b[k]
	}
	return a
}

func (g *Game) doMove(a Action, exec bool) error {
	f := g.top()
	h := f.House
	from, to, target, err := g.checkMove(h, a)
	if err != nil || !exec {
		return err
	}
	seat := f.Seat
	g.pop()
	e := Event{Seat: Public, Kind: EvMoved, House: h, Terr: from, To: to}
	e.setUnits(a.Units)
	g.emit(e)
	g.leave(h, from, a.Units)
	if g.m.Territories[to].Kind == board.Road {
		// Roads: houses coexist; the mover attacks the house it named, if any.
		if target >= 0 {
			g.startCombat(seat, h, target, from, to, a.Units)
			return nil
		}
	} else if o := g.otherOccupant(to, h); o >= 0 {
		g.startCombat(seat, h, o, from, to, a.Units)
		return nil
	}
	g.enter(h, to, a.Units)
	return nil
}

// checkMove is the whole check of move a by house h (doMove's, and
// TryMove's): the territories, the units it has there, the movement
// rules and the house it names to attack on a road (target, -1 none).
// It never changes the game.
func (g *Game) checkMove(h board.HouseID, a Action) (from, to board.TerrID, target board.HouseID, err error) {
	from, err = g.terrArg(a.From)
	if err != nil {
		return
	}
	to, err = g.terrArg(a.To)
	if err != nil {
		return
	}
	target = -1
	err = g.checkMoveUnits(h, from, to, a)
	if err != nil || a.House == None {
		return
	}
	if g.m.Territories[to].Kind != board.Road {
		err = fmt.Errorf("a move names a house to attack only when it enters a road; entering %s fights whoever is there", g.terrName(to))
		return
	}
	o, err := g.houseArg(a.House)
	if err != nil {
		return
	}
	if o == h {
		err = fmt.Errorf("%s cannot attack itself", g.houseName(h))
		return
	}
	if board.Total(g.st.Units[to][o]) == 0 {
		err = fmt.Errorf("%s has no troops in %s to attack", g.houseName(o), g.terrName(to))
		return
	}
	return from, to, o, nil
}

func (g *Game) checkMoveUnits(h board.HouseID, from, to board.TerrID, a Action) error {
	avail := g.st.Units[from][h]
	for k := board.Unit(0); k < board.NumUnits; k++ {
		if a.Units[k] < 0 {
			return fmt.Errorf("a unit count cannot be negative")
		}
		if a.Units[k] > avail[k] {
			if avail[k] == 0 {
				return fmt.Errorf("%s has no %s in %s", g.houseName(h), words.UnitPlural(k), g.terrName(from))
			}
			return fmt.Errorf("%s has only %s in %s", g.houseName(h), words.UnitCount(avail[k], k), g.terrName(from))
		}
	}
	return g.moveRule(h, from, to, a.Units, sub(avail, a.Units))
}

// midSentence writes a name that begins with "The" as it reads inside a
// sentence ("The Green Fork" → "the Green Fork").
func midSentence(name string) string {
	if len(name) > 4 && name[:4] == "The " {
		return "the " + name[4:]
	}
	return name
}
