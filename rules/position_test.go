package rules

import (
	"encoding/json"
	"strings"
	"testing"
)

// SetUp takes a game's own position back exactly, and refuses (never
// panics on) a position that does not fit the map or holds an index out
// of range.
func TestSetUp(t *testing.T) {
	g := newGame(t, 3, 7)
	for g.ToAct() >= 0 && len(g.actions) < 40 {
		a := g.Legal()[0]
		if a.Verb == VArrange {
			a = g.Legal()[len(g.Legal())-1]
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	cfg := g.Config()
	h, err := SetUp(g.m, cfg, g.Snapshot())
	if err != nil {
		t.Fatal(err)
	}
	enc := func(x *Game) string {
		s := x.Snapshot()
		s.Log = nil
		b, _ := json.Marshal(s)
		return string(b)
	}
	if enc(g) != enc(h) {
		t.Error("SetUp of a game's own position differs")
	}
	if h.Len() != 0 || h.CanUndo() == nil {
		t.Error("a position set up is not the start of the history")
	}
	for _, c := range []struct {
		name  string
		spoil func(s *State)
		want  string
	}{
		{"players", func(s *State) { s.Players = s.Players[:2] }, "2 players"},
		{"name", func(s *State) { s.Players[0].Name = "Zed" }, "in the configuration"},
		{"units", func(s *State) { s.Units = s.Units[:3] }, "territories"},
		{"negative units", func(s *State) { s.Units[0][0][0] = -1 }, "units in"},
		{"flag", func(s *State) { s.Flags[0] = 99 }, "no house"},
		{"fortification", func(s *State) { s.Forts[0] = 2 }, "no fortification"},
		{"slot", func(s *State) { s.Slots[0][0] = 9 }, "no seat"},
		{"card twice", func(s *State) { s.Players[0].Hand = append(s.Players[0].Hand, s.Decks[0][0]) }, "two places"},
		{"card nowhere", func(s *State) { s.Decks[0] = s.Decks[0][1:] }, "nowhere"},
		{"unknown card", func(s *State) { s.Discards[1] = append(s.Discards[1], 999) }, "unknown card"},
		{"loyalty", func(s *State) { s.Players[1].Loyalty[0] = s.Players[1].Loyalty[1] }, "loyalty card"},
		{"phase", func(s *State) { s.Phase = "nap" }, "unknown phase"},
		{"round", func(s *State) { s.Round = 4 }, "outside 1..3"},
		{"turn", func(s *State) { s.Turn = 5 }, "no seat 5"},
		{"ranking", func(s *State) { s.Ranking = s.Ranking[1:] }, "ranking"},
		{"frame", func(s *State) { s.Phase = PhaseResolve; s.Stack = []Frame{{Kind: "dance"}} }, "unknown kind"},
		{"combat", func(s *State) {
			s.Phase = PhaseCombat
			s.Stack = []Frame{{Kind: FrameCombat, Combat: &Combat{Territory: 999}}}
		}, "a bad combat"},
	} {
		s := g.Snapshot()
		c.spoil(&s)
		if _, err := SetUp(g.m, cfg, s); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want %q", c.name, err, c.want)
		}
	}
}
