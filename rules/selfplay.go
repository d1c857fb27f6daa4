package rules

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"

	"notrueking/board"
)

// SelfPlayResult is what SelfPlay measured.
type SelfPlayResult struct {
	Games   int
	Actions int
	// Checksum is a hash of every game's final state (scores, loyalty
	// cards, board, decks, the generator): the same map, player count,
	// game count and seed always give the same checksum.
	Checksum uint64
}

// SelfPlay plays games random legal games of the given number of players
// on m: game i (from 0) is dealt with seed+i and played by a uniform random
// player seeded from seed and i, arranging its loyalty cards with
// RandomArrangement. It stops at the first game that does not end within
// maxSelfPlayActions actions (an engine bug) with an error.
func SelfPlay(m *board.Map, players, games int, seed uint64) (SelfPlayResult, error) {
	return SelfPlayEach(m, players, games, seed, nil)
}

// SelfPlayEach is SelfPlay that also hands each finished game, in order,
// to each (if not nil) before the next starts: game i (from 0) and the
// game over, to read its ranking and result (not to keep: it is the
// caller's to read, not to change).
func SelfPlayEach(m *board.Map, players, games int, seed uint64, each func(i int, g *Game)) (SelfPlayResult, error) {
	return SelfPlayVariant(m, Plain, players, games, seed, each)
}

// SelfPlayVariant is SelfPlayEach with the optional rules of variant v
// (the selfplay command's -variant).
func SelfPlayVariant(m *board.Map, v Variant, players, games int, seed uint64, each func(i int, g *Game)) (SelfPlayResult, error) {
	var res SelfPlayResult
	names := make([]string, players)
	for i := range names {
		names[i] = fmt.Sprintf("P%d", i+1)
	}
	h := fnv.New64a()
	var legal []Action
	for i := 0; i < games; i++ {
		g, err := New(m, Config{Players: names, Seed: seed + uint64(i), Variant: v})
		if err != nil {
			return res, err
		}
		r := rand.New(rand.NewPCG(seed, uint64(i)))
		for !g.Over() {
			if g.Len() >= maxSelfPlayActions {
				return res, fmt.Errorf("game %d (seed %d) did not end in %d actions", i+1, seed+uint64(i), maxSelfPlayActions)
			}
			legal = g.AppendLegal(legal[:0])
			if len(legal) == 0 {
				return res, fmt.Errorf("game %d (seed %d): no legal action after %d actions", i+1, seed+uint64(i), g.Len())
			}
			a := legal[r.IntN(len(legal))]
			if a.Verb == VArrange {
				a = RandomArrangement(a, r)
			}
			if _, err := g.apply(a); err != nil {
				return res, fmt.Errorf("game %d (seed %d): legal action %q refused: %v", i+1, seed+uint64(i), a.Format(m), err)
			}
		}
		res.Games++
		res.Actions += g.Len()
		g.st.hash(h)
		if each != nil {
			each(i, g)
		}
	}
	res.Checksum = h.Sum64()
	return res, nil
}

// maxSelfPlayActions bounds one random game.
const maxSelfPlayActions = 20000

// hash feeds the outcome-relevant parts of the state to h.
func (s *state) hash(h interface{ Write([]byte) (int, error) }) {
	var buf []byte
	put := func(x int) { buf = append(buf, byte(x), byte(x>>8), byte(x>>16), byte(x>>24)) }
	put(s.Round)
	put(len(s.Log))
	for _, p := range s.Players {
		put(p.Score)
		for _, l := range p.Loyalty {
			put(int(l))
		}
		for _, r := range p.Revealed {
			if r {
				put(1)
			} else {
				put(0)
			}
		}
		put(len(p.Hand))
	}
	for _, t := range s.Units {
		for _, u := range t {
			for _, c := range u {
				put(c)
			}
		}
	}
	for _, f := range s.Flags {
		put(int(f))
	}
	for _, w := range s.Winners {
		put(int(w))
	}
	for h, d := range s.Decks {
		put(len(d))
		put(len(s.Discards[h]))
	}
	b, _ := s.RNG.pcg.MarshalBinary()
	buf = append(buf, b...)
	h.Write(buf)
}
