package render

import (
	"errors"
	"strings"

	"notrueking/board"
	"notrueking/rules"
)

// testMap is a tiny hand-made map: two lands, a sea and a port.
//
//	AAAAAABBBBCC
//	AAAAAABBBBCC
//	AAAAAABBBBCC
//	AAAAABBBBBCC
//	AAAAABBBBCCC
//	AAAADDBBBCCC
//	AAAADDCCCCCC
//	AAAACCCCCCCC
func testMap() *board.Map {
	rows := []string{
		"AAAAAABBBBCC",
		"AAAAAABBBBCC",
		"AAAAAABBBBCC",
		"AAAAABBBBBCC",
		"AAAAABBBBCCC",
		"AAAADDBBBCCC",
		"AAAADDCCCCCC",
		"AAAACCCCCCCC",
	}
	g := board.Grid{W: len(rows[0]), H: len(rows)}
	for _, r := range rows {
		for _, c := range r {
			g.Cells = append(g.Cells, int16(c-'A'))
		}
	}
	m := &board.Map{
		ID: "test", Name: "Test",
		Territories: []board.Territory{
			{ID: "winterfell", Name: "Winterfell", Kind: board.Land, Crowns: 1, Barrels: 1, Fortress: board.Castle, Neighbors: []int{1, 3}, Port: 3, PortOf: -1, PortSea: -1, Label: board.Point{X: 2.5, Y: 3}},
			{ID: "karhold", Name: "Karhold", Kind: board.Land, Barrels: 1, Neighbors: []int{0, 2}, Port: -1, PortOf: -1, PortSea: -1, Label: board.Point{X: 7.5, Y: 2}},
			{ID: "the-shivering-sea", Name: "The Shivering Sea", Kind: board.Sea, Neighbors: []int{1, 3}, Port: -1, PortOf: -1, PortSea: -1, Label: board.Point{X: 9, Y: 6.5}},
			{ID: "port-of-winterfell", Name: "Port of Winterfell", Kind: board.Port, Neighbors: []int{0, 2}, Port: -1, PortOf: 0, PortSea: 2, Label: board.Point{X: 5, Y: 6}},
		},
		Houses: []board.House{
			{ID: "stark", Name: "Stark", Color: board.RGB{R: 201, G: 207, B: 216}, Home: "winterfell",
				Deck: []board.Card{{ID: "eddard-stark", Name: "Eddard Stark", House: "stark", Strength: 4, Swords: 2}, {ID: "robb-stark", Name: "Robb Stark", House: "stark", Strength: 3}}},
			{ID: "lannister", Name: "Lannister", Color: board.RGB{R: 179, G: 22, B: 44}, Home: "karhold",
				Deck: []board.Card{{ID: "tywin-lannister", Name: "Tywin Lannister", House: "lannister", Strength: 4}}},
		},
		InitialRank:  []int{1, 2},
		LoyaltySlots: []int{6, 0},
		MinPlayers:   2, MaxPlayers: 2,
		Conspiracies: []string{"crown", "torch"},
		Grid:         g,
	}
	m.Index()
	return m
}

// fakeEngine is a scripted engine: tests set the views and the legal
// actions, and read back what was applied.
type fakeEngine struct {
	m       *board.Map
	views   map[int]rules.View
	legal   []rules.Action
	toAct   int
	over    bool
	applied []rules.Action
	// check decides Check/Apply; nil accepts everything that is legal.
	check func(a rules.Action) error
	// after runs after a successful Apply.
	after func(f *fakeEngine, a rules.Action)
}

func newFake(m *board.Map) *fakeEngine {
	pub := rules.View{Seat: rules.Public, Phase: rules.PhasePlace, Round: 1, Rounds: 2, ToAct: 0,
		Prompt: "Crown: place an agent",
		Players: []rules.PlayerView{
			{Seat: 0, ID: "crown", Name: "Alice", AgentsInHand: 3, Loyalty: []rules.Token{{Value: 6}, {Value: 0}}, HandSizes: map[string]int{"stark": 1}},
			{Seat: 1, ID: "torch", Name: "Bob", AgentsInHand: 3, Loyalty: []rules.Token{{Value: 6}, {Value: 0}}, HandSizes: map[string]int{}},
		},
		Slots:   [][rules.NumSlots]int{{-1, -1, -1}, {-1, -1, -1}},
		Groups:  []rules.Group{{House: "stark", Territory: "winterfell", Units: [board.NumUnits]int{2, 1, 0, 0}}, {House: "lannister", Territory: "karhold", Units: [board.NumUnits]int{1, 0, 0, 0}}},
		Control: map[string]string{"winterfell": "stark", "karhold": "lannister"},
		Flags:   map[string]string{},
		Ranking: []rules.Rank{{House: "stark", From: 1, To: 1, Crowns: 1}, {House: "lannister", From: 2, To: 2}},
	}
	priv0 := pub
	priv0.Seat = 0
	priv0.Players = append([]rules.PlayerView(nil), pub.Players...)
	priv0.Players[0].Loyalty = []rules.Token{{House: "stark", Value: 6}, {House: "lannister", Value: 0}}
	priv0.Players[0].Hand = []board.Card{m.Houses[0].Deck[0]}
	priv1 := pub
	priv1.Seat = 1
	return &fakeEngine{m: m, views: map[int]rules.View{rules.Public: pub, 0: priv0, 1: priv1}}
}

func (f *fakeEngine) Map() *board.Map       { return f.m }
func (f *fakeEngine) Seats() []string       { return f.m.Conspiracies }
func (f *fakeEngine) Legal() []rules.Action { return append([]rules.Action(nil), f.legal...) }
func (f *fakeEngine) View(s int) rules.View { return f.views[s] }
func (f *fakeEngine) ToAct() int            { return f.toAct }
func (f *fakeEngine) Over() bool            { return f.over }
func (f *fakeEngine) Len() int              { return len(f.applied) }
func (f *fakeEngine) Actions() []rules.Action {
	return append([]rules.Action(nil), f.applied...)
}
func (f *fakeEngine) At(int) (*rules.Game, error) {
	return nil, errors.New("a scripted engine has no history")
}
func (f *fakeEngine) CanUndo() error { return errors.New("a scripted engine has no history") }
func (f *fakeEngine) CanRedo() bool  { return false }
func (f *fakeEngine) LegalFor(seat int) []rules.Action {
	if seat != f.toAct {
		return nil
	}
	return f.Legal()
}
func (f *fakeEngine) Check(a rules.Action) error {
	if f.check != nil {
		return f.check(a)
	}
	for _, l := range f.legal {
		if l == a {
			return nil
		}
	}
	return errors.New("not legal: " + strings.TrimSpace(a.Format(f.m)))
}
func (f *fakeEngine) Apply(a rules.Action) ([]rules.Event, error) {
	if err := f.Check(a); err != nil {
		return nil, err
	}
	f.applied = append(f.applied, a)
	if f.after != nil {
		f.after(f, a)
	}
	return []rules.Event{{Action: len(f.applied) - 1, Seat: rules.Public}}, nil
}

// EventText words a fake event as the action that caused it.
func (f *fakeEngine) EventText(e rules.Event, viewer int) string {
	if e.Action < 0 || e.Action >= len(f.applied) || !rules.MayRead(e, viewer) {
		return ""
	}
	return f.applied[e.Action].Format(f.m)
}

// newRulesGame is a rules game on a shipped map, as the start screen makes.
func newRulesGame(mapName string, players []string, seed uint64) (*rules.Game, error) {
	p, err := defaultNewGame(mapName, players, seed)
	return p.game, err
}
