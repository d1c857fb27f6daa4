// Package tabletest helps the window's tests (app, render, table, ui): a tiny
// hand-made map and an engine whose views and legal actions a test sets
// and whose applied actions it reads back. It implements the read and act
// interfaces of package rules (table.Game) and nothing else.
package tabletest

import (
	"encoding/json"
	"errors"
	"math/rand"
	"slices"
	"strings"
	"sync"
	"testing"

	"notrueking/board"
	"notrueking/gamefile"
	"notrueking/maps"
	"notrueking/rules"
)

// Map is a tiny hand-made map: two lands, a sea and a port.
//
//	AAAAAABBBBCC
//	AAAAAABBBBCC
//	AAAAAABBBBCC
//	AAAAABBBBBCC
//	AAAAABBBBCCC
//	AAAADDBBBCCC
//	AAAADDCCCCCC
//	AAAACCCCCCCC
func Map() *board.Map {
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
			{ID: "winterfell", Name: "Winterfell", Kind: board.Land, Crowns: 1, Barrels: 1, Fortress: board.Castle, Neighbors: []board.TerrID{1, 3}, Port: 3, PortOf: -1, PortSea: -1, Label: board.Point{X: 2.5, Y: 3}},
			{ID: "karhold", Name: "Karhold", Kind: board.Land, Barrels: 1, Neighbors: []board.TerrID{0, 2}, Port: -1, PortOf: -1, PortSea: -1, Label: board.Point{X: 7.5, Y: 2}},
			{ID: "the-shivering-sea", Name: "The Shivering Sea", Kind: board.Sea, Neighbors: []board.TerrID{1, 3}, Port: -1, PortOf: -1, PortSea: -1, Label: board.Point{X: 9, Y: 6.5}},
			{ID: "port-of-winterfell", Name: "Port of Winterfell", Kind: board.Port, Neighbors: []board.TerrID{0, 2}, Port: -1, PortOf: 0, PortSea: 2, Label: board.Point{X: 5, Y: 6}},
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

// Engine is a scripted engine: tests set the views and the legal
// actions, and read back what was applied.
type Engine struct {
	M       *board.Map
	Views   map[rules.Seat]rules.View
	Legals  []rules.Action
	Acting  rules.Seat
	Ended   bool
	Applied []rules.Action
	// CheckFn decides Check/Apply; nil accepts everything that is legal.
	CheckFn func(a rules.Action) error
	// After runs after a successful Apply.
	After func(f *Engine, a rules.Action)
}

// New is a scripted engine on map m: two seats, the place phase, Alice
// (crown) to act with a loyalty card and one card in hand.
func New(m *board.Map) *Engine {
	pub := rules.View{Seat: rules.Public, Phase: rules.PhasePlace, Round: 1, Rounds: 2, ToAct: 0,
		Prompt: "Crown: place an agent",
		Players: []rules.PlayerView{
			{Seat: 0, ID: "crown", Name: "Alice", AgentsInHand: 3, Loyalty: []rules.Token{{House: board.NoHouse, Value: 6}, {House: board.NoHouse, Value: 0}}, HandSizes: []int{1, 0}},
			{Seat: 1, ID: "torch", Name: "Bob", AgentsInHand: 3, Loyalty: []rules.Token{{House: board.NoHouse, Value: 6}, {House: board.NoHouse, Value: 0}}, HandSizes: []int{0, 0}},
		},
		Slots:          [][rules.NumSlots]rules.Seat{{-1, -1, -1}, {-1, -1, -1}},
		Groups:         []rules.Group{{House: 0, Territory: 0, Units: [board.NumUnits]int{2, 1, 0, 0}}, {House: 1, Territory: 1, Units: [board.NumUnits]int{1, 0, 0, 0}}},
		Control:        []board.HouseID{0, 1, board.NoHouse, board.NoHouse},
		Flags:          []board.HouseID{board.NoHouse, board.NoHouse, board.NoHouse, board.NoHouse},
		DeckSizes:      []int{1, 1},
		Discards:       [][]board.CardID{{}, {}},
		ResolvingHouse: board.NoHouse,
		PeekSeat:       -1,
		Active:         -1,
		Ranking:        []rules.Rank{{House: 0, From: 1, To: 1, Crowns: 1}, {House: 1, From: 2, To: 2}},
	}
	priv0 := pub
	priv0.Seat = 0
	priv0.Players = append([]rules.PlayerView(nil), pub.Players...)
	priv0.Players[0].Loyalty = []rules.Token{{House: 0, Value: 6}, {House: 1, Value: 0}}
	priv0.Players[0].Hand = []board.CardID{0}
	priv1 := pub
	priv1.Seat = 1
	return &Engine{M: m, Views: map[rules.Seat]rules.View{rules.Public: pub, 0: priv0, 1: priv1}}
}

// The read and act interfaces of package rules.
func (f *Engine) Map() *board.Map              { return f.M }
func (f *Engine) Seats() []string              { return f.M.Conspiracies }
func (f *Engine) Legal() []rules.Action        { return append([]rules.Action(nil), f.Legals...) }
func (f *Engine) View(s rules.Seat) rules.View { return f.Views[s] }
func (f *Engine) ToAct() rules.Seat            { return f.Acting }
func (f *Engine) Over() bool                   { return f.Ended }
func (f *Engine) Len() int                     { return len(f.Applied) }
func (f *Engine) PublicActions() []rules.PublicAction {
	out := make([]rules.PublicAction, len(f.Applied))
	for i, a := range f.Applied {
		out[i] = a.Public()
	}
	return out
}

// Holds: a scripted engine is played hot-seat, every seat at the screen.
func (f *Engine) Holds(s rules.Seat) bool { return s >= 0 && int(s) < len(f.M.Conspiracies) }

// errNoHistory answers every question about the past.
var errNoHistory = errors.New("a scripted engine has no history")

func (f *Engine) ViewAt(int, rules.Seat) (rules.View, error) { return rules.View{}, errNoHistory }
func (f *Engine) CanUndo() error                             { return errNoHistory }
func (f *Engine) CanRedo() bool                              { return false }
func (f *Engine) Undo() error                                { return errNoHistory }
func (f *Engine) Redo() ([]rules.Event, error)               { return nil, errNoHistory }

// A scripted engine starts no combat and answers no try mode.
func (f *Engine) PreviewCombat(rules.Action) (*rules.CombatView, error) { return nil, nil }
func (f *Engine) CombatResult(int) (*rules.CombatView, error)           { return nil, nil }
func (f *Engine) TryMove(board.HouseID, board.TerrID, board.TerrID, [board.NumUnits]int) error {
	return errors.New("a scripted engine has no movement rules")
}
func (f *Engine) TryDestinations(board.HouseID, board.TerrID) []board.TerrID { return nil }
func (f *Engine) LegalFor(seat rules.Seat) []rules.Action {
	if seat != f.Acting {
		return nil
	}
	return f.Legal()
}
func (f *Engine) Check(a rules.Action) error {
	if f.CheckFn != nil {
		return f.CheckFn(a)
	}
	for _, l := range f.Legals {
		if l == a {
			return nil
		}
	}
	return errors.New("not legal: " + strings.TrimSpace(a.Format(f.M)))
}
func (f *Engine) Apply(a rules.Action) ([]rules.Event, error) {
	if err := f.Check(a); err != nil {
		return nil, err
	}
	f.Applied = append(f.Applied, a)
	if f.After != nil {
		f.After(f, a)
	}
	return []rules.Event{{Action: len(f.Applied) - 1, Seat: rules.Public}}, nil
}

// EventText words a fake event as the action that caused it.
func (f *Engine) EventText(e rules.Event, viewer rules.Seat) string {
	if e.Action < 0 || e.Action >= len(f.Applied) || !rules.MayRead(e, viewer) {
		return ""
	}
	return f.Applied[e.Action].Format(f.M)
}

// RulesGame is a rules game on a shipped map, as the start screen makes
// one. Each map is loaded once (a map is never changed): the window's
// tests start hundreds of games, and parsing the nine-house map each time
// cost them seconds.
func RulesGame(mapName string, players []string, seed uint64) (*rules.Game, error) {
	return RulesVariant(mapName, players, seed, rules.Plain)
}

// RulesVariant is RulesGame with variant v (rules.Citadel).
func RulesVariant(mapName string, players []string, seed uint64, v rules.Variant) (*rules.Game, error) {
	loaded.Lock()
	m, ok := loaded.maps[mapName]
	loaded.Unlock()
	if !ok {
		var err error
		if m, err = maps.Load(mapName); err != nil {
			return nil, err
		}
		loaded.Lock()
		loaded.maps[mapName] = m
		loaded.Unlock()
	}
	return gamefile.Setup{Map: mapName, Players: players, Seed: seed, SeedSet: true, Variant: v}.New(m)
}

// loaded are the maps RulesGame loaded, by name.
var loaded = struct {
	sync.Mutex
	maps map[string]*board.Map
}{maps: map[string]*board.Map{}}

// House, Terr and Card are the indexes of a house, territory and card of
// map m; Order is a loyalty arrangement of house ids.
func House(m *board.Map, id string) board.HouseID {
	h, ok := m.House(id)
	if !ok {
		panic("no house " + id)
	}
	return h
}

func Terr(m *board.Map, id string) board.TerrID {
	t, ok := m.Territory(id)
	if !ok {
		panic("no territory " + id)
	}
	return t
}

func Card(m *board.Map, id string) board.CardID {
	c, ok := m.Card(id)
	if !ok {
		panic("no card " + id)
	}
	return c
}

func Order(m *board.Map, ids ...string) rules.Arrangement {
	hs := make([]board.HouseID, len(ids))
	for i, id := range ids {
		hs[i] = House(m, id)
	}
	return rules.NewArrangement(hs)
}

// MoveFake is a scripted engine whose legal actions are the moves of 1–2
// footmen and 0–1 knight from Winterfell to Karhold, and mv the move of
// fo footmen and kn knights.
func MoveFake() (f *Engine, mv func(fo, kn int) rules.Action) {
	m := Map()
	f = New(m)
	mv = func(fo, kn int) rules.Action {
		a := rules.Action{Seat: 0, Verb: rules.VMove, From: Terr(m, "winterfell"), To: Terr(m, "karhold"), House: rules.None}
		a.Units[board.Footman], a.Units[board.Knight] = fo, kn
		return a
	}
	for fo := 0; fo <= 2; fo++ {
		for kn := 0; kn <= 1; kn++ {
			if fo+kn > 0 {
				f.Legals = append(f.Legals, mv(fo, kn))
			}
		}
	}
	return f, mv
}

// Playing is what PlaySome and PlayUntil read of a game: a rules game, a
// desk, a scripted engine.
type Playing interface {
	Legal() []rules.Action
	Over() bool
}

// PlaySome plays n actions of e (fewer when the game ends), each the
// first legal one.
func PlaySome(t testing.TB, e Playing, act rules.Actor, n int) {
	t.Helper()
	for i := 0; i < n && !e.Over(); i++ {
		l := e.Legal()
		if len(l) == 0 {
			t.Fatalf("no legal action at step %d", i)
		}
		if _, err := act.Apply(l[0]); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
}

// PlayUntil plays random legal actions (seeded; Done less often than the
// rest) until stop says so or the game ends.
func PlayUntil(t testing.TB, e Playing, act rules.Actor, seed int64, stop func() bool) {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < 3000 && !e.Over() && !stop(); i++ {
		l := e.Legal()
		pick := l[rng.Intn(len(l))]
		if pick.Verb == rules.VDone && len(l) > 1 && rng.Intn(4) > 0 {
			pick = l[rng.Intn(len(l)-1)]
		}
		if _, err := act.Apply(pick); err != nil {
			t.Fatal(err)
		}
	}
}

// ViewJSON is v as JSON, to compare two views whole.
func ViewJSON(t testing.TB, v rules.View) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// HouseName and TerrName are the names of house h and territory t on
// map m.
func HouseName(m *board.Map, h board.HouseID) string { return m.Houses[h].Name }

func TerrName(m *board.Map, t board.TerrID) string { return m.Territories[t].Name }

// GreyjoyMoving is a three-player standard game where Crown's Greyjoy
// Maester has chosen Move Troops: Crown (seat 0) is to move Greyjoy's
// troops, and Ben's Stark Maester waits.
func GreyjoyMoving(t testing.TB) *rules.Game {
	t.Helper()
	g, err := RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	m := g.Map()
	if err := g.Edit().First(0); err != nil {
		t.Fatal(err)
	}
	at := []rules.AgentAt{{Seat: 0, House: House(m, "greyjoy"), Slot: rules.Maester}, {Seat: 1, House: House(m, "stark"), Slot: rules.Maester}}
	if err := g.Edit().StartResolution(at); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"crown resolve greyjoy maester", "crown choose move"} {
		a, err := g.ParseAction(line)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// MusterFake is a scripted engine where seat 0 may muster a footman in
// Winterfell or a ship into its port, or be done: foot and ship are the
// two musters.
func MusterFake() (f *Engine, foot, ship rules.Action) {
	m := Map()
	f = New(m)
	foot = rules.Action{Seat: 0, Verb: rules.VMuster, Unit: board.Footman, From: Terr(m, "winterfell"), To: rules.None}
	ship = rules.Action{Seat: 0, Verb: rules.VMuster, Unit: board.Ship, From: Terr(m, "winterfell"), To: Terr(m, "port-of-winterfell")}
	f.Legals = []rules.Action{foot, ship, {Seat: 0, Verb: rules.VDone}}
	return f, foot, ship
}

// CitadelSecrets is New's scripted game in the Citadel variant (counts on
// every view: crystals, ravens, the Dark Wings deck) where seat holder's
// own view alone holds its secrets: the Dark Wings cards it holds, the
// other seat's token in slot 2 uncovered as house, and its private log's
// line of the aim it studies for. Two of them that differ only in those
// must look alike to every other eye (the secrecy tests).
func CitadelSecrets(m *board.Map, holder rules.Seat, cards []rules.Wing, house board.HouseID, aim rules.Aim) *Engine {
	f := New(m)
	for s, v := range f.Views {
		v.Variant = rules.Citadel.String()
		v.Citadel = &rules.CitadelView{Deck: 12 - len(cards), Discard: []rules.Wing{}}
		v.Players = slices.Clone(v.Players)
		for i := range v.Players {
			v.Players[i].Loyalty = slices.Clone(v.Players[i].Loyalty)
			v.Players[i].Crystals, v.Players[i].Ravens = i+1, 2-i
		}
		v.Players[holder].Wings = len(cards)
		if s == holder {
			other := 1 - holder
			v.Players[holder].WingCards = cards
			v.Players[other].Loyalty[1] = rules.Token{House: house, Value: v.Players[other].Loyalty[1].Value, Uncovered: true}
			v.Log = append(slices.Clone(v.Log), rules.LogLine{Action: 0, Seat: holder, Kind: "citadel", Event: "study_aim",
				Text: "You study at the Citadel in secret to " + aim.Name() + "."})
		}
		f.Views[s] = v
	}
	return f
}

// CitadelActions are the Citadel variant's actions among legal (random
// play picks among them often, to reach each of them).
func CitadelActions(legal []rules.Action) []rules.Action {
	var out []rules.Action
	for _, a := range legal {
		switch a.Verb {
		case rules.VStudy, rules.VGain, rules.VUncover, rules.VLostOrders, rules.VIllTidings:
			out = append(out, a)
		}
	}
	return out
}

// PlayCitadel plays seeded random actions of the Citadel game g, leaning
// to the Citadel (a Maester studies for aim, a 7–9 takes a crystal, no
// Dark Wings card is played, so they gather), until stop says so, and
// reports whether it did (within 4000 actions, before the game's end).
func PlayCitadel(g *rules.Game, seed int64, aim rules.Aim, stop func() bool) bool {
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < 4000 && !g.Over(); i++ {
		if stop() {
			return true
		}
		var l []rules.Action
		for _, a := range g.Legal() {
			if a.Verb != rules.VLostOrders && a.Verb != rules.VIllTidings {
				l = append(l, a)
			}
		}
		pick := l[rng.Intn(len(l))]
		if pick.Verb == rules.VDone && len(l) > 1 && rng.Intn(4) > 0 {
			pick = l[rng.Intn(len(l)-1)]
		}
		for _, a := range l {
			if a.Verb == rules.VStudy && a.Aim == aim && rng.Intn(3) > 0 || a.Verb == rules.VGain && a.Gain == rules.GainCrystal && rng.Intn(3) > 0 {
				pick = a
			}
		}
		if _, err := g.Apply(pick); err != nil {
			panic(err) // a legal action refused: the engine's bug
		}
	}
	return stop()
}
