package rules

import (
	"fmt"

	"notrueking/board"
)

// Try mode (a tester's tool): could a group move, and if not why — asked
// of any house at any time, without playing anything. The answers are the
// engine's own: the check of a Move Troops action (doMove's checkMove and
// legalMoves' moveKinds), as if an agent of that house were moving its
// troops now. Whether the table may move that house now (whose agent is
// resolving, which action it took) is not part of the answer; the caller
// reads that from Legal and the View.

// TryMove reports whether house h could move units from territory from
// into territory to under the movement rules, as a Move Troops action of
// h would be checked now, and if not, why (the same words Check gives for
// that move when h is the house moving). Entering another house's troops
// is allowed: it would start a combat. It never changes the game.
func (g *Game) TryMove(h board.HouseID, from, to board.TerrID, units [board.NumUnits]int) error {
	if !g.m.HasHouse(h) {
		return fmt.Errorf("there is no house %d", h)
	}
	_, _, _, err := g.checkMove(h, Action{Verb: VMove, From: from, To: to, Units: units, House: None})
	return err
}

// TryDestinations lists, in map order, the territories some group of
// house h's units in territory from could move into (TryMove accepts it):
// the destinations Legal lists for a move of h from there. It never
// changes the game.
func (g *Game) TryDestinations(h board.HouseID, from board.TerrID) []board.TerrID {
	if !g.m.HasHouse(h) || !g.m.HasTerr(from) {
		return nil
	}
	ok := make([]bool, len(g.m.Territories))
	g.legalMoves(&frame{Kind: FrameMove, House: h}, func(a Action) {
		if a.From == from {
			ok[a.To] = true
		}
	})
	var out []board.TerrID
	for t, y := range ok {
		if y {
			out = append(out, board.TerrID(t))
		}
	}
	return out
}
