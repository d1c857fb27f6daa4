package rules_test

// One test per ruling of shared/design/rulings.md that applies to the
// standard map, written by QA independently of the engine's own tests. They
// drive the engine through its public API on the shipped map (maps.Standard)
// and use the position editor (rules.Editor: Units, Flag, GiveCard,
// DeckTop, Loyalty, StartResolution, ...) only to set up positions.

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/rules"
)

type scene struct {
	t *testing.T
	m *board.Map
	g *rules.Game
}

// newScene starts a game of n players with seat 0 first player.
func newScene(t *testing.T, n int) *scene {
	t.Helper()
	m := mustStandard(t)
	g, err := rules.New(m, rules.Config{Players: playerNames[:n], Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Edit().First(0); err != nil {
		t.Fatal(err)
	}
	return &scene{t: t, m: m, g: g}
}

func (s *scene) ok(err error) {
	s.t.Helper()
	if err != nil {
		s.t.Fatal(err)
	}
}

// do applies a record line and fails the test if it is refused.
func (s *scene) do(line string) []rules.Event {
	s.t.Helper()
	a, err := s.g.ParseAction(line)
	if err != nil {
		s.t.Fatalf("parse %q: %v", line, err)
	}
	if err := s.g.Check(a); err != nil {
		s.t.Fatalf("%q: Check refuses: %v (prompt: %s)", line, err, s.g.View(rules.Public).Prompt)
	}
	evs, err := s.g.Apply(a)
	if err != nil {
		s.t.Fatalf("%q: Apply refuses: %v", line, err)
	}
	return evs
}

// refuse applies a record line that must be refused with a reason holding
// want, and checks that the state did not change.
func (s *scene) refuse(line, want string) {
	s.t.Helper()
	a, err := s.g.ParseAction(line)
	if err != nil {
		s.t.Fatalf("parse %q: %v", line, err)
	}
	before := snapshotOf(s.g)
	_, err = s.g.Apply(a)
	if err == nil {
		s.t.Fatalf("%q accepted; want a refusal containing %q", line, want)
	}
	if !strings.Contains(err.Error(), want) {
		s.t.Fatalf("%q refused with %q; want it to contain %q", line, err, want)
	}
	if d := sameGame(before, snapshotOf(s.g)); d != "" {
		s.t.Fatalf("%q refused but the state changed: %s", line, d)
	}
}

func (s *scene) legal(line string) bool {
	for _, a := range s.g.Legal() {
		if s.g.FormatAction(a) == line {
			return true
		}
	}
	return false
}

func (s *scene) view() rules.View { return s.g.View(rules.Public) }

// units returns house's units in territory as the public view shows them.
func (s *scene) units(terr, house string) [board.NumUnits]int {
	for _, gr := range s.view().Groups {
		if gr.Territory == s.terr(terr) && gr.House == s.house(house) {
			return gr.Units
		}
	}
	return [board.NumUnits]int{}
}

// house, terr and card are the numbers of the map's things by id.
func (s *scene) house(id string) board.HouseID { return num(s, "house", id, s.m.House) }
func (s *scene) terr(id string) board.TerrID   { return num(s, "territory", id, s.m.Territory) }
func (s *scene) card(id string) board.CardID   { return num(s, "house card", id, s.m.Card) }

func num[T any](s *scene, what, id string, find func(string) (T, bool)) T {
	s.t.Helper()
	i, ok := find(id)
	if !ok {
		s.t.Fatalf("no %s %q", what, id)
	}
	return i
}

func (s *scene) set(house, terr string, footmen, knights, ships int) {
	s.t.Helper()
	s.ok(s.g.Edit().Units(s.terr(terr), s.house(house), [board.NumUnits]int{footmen, knights, ships, 0}))
}

// flag puts house's flag in terr ("" takes it away).
func (s *scene) flag(terr, house string) error {
	s.t.Helper()
	h := board.NoHouse
	if house != "" {
		h = s.house(house)
	}
	return s.g.Edit().Flag(s.terr(terr), h)
}

func (s *scene) give(seat rules.Seat, card string) error {
	return s.g.Edit().GiveCard(seat, s.card(card))
}

func (s *scene) deck(house string, top []string, onlyThese bool) error {
	var cs []board.CardID
	for _, id := range top {
		cs = append(cs, s.card(id))
	}
	return s.g.Edit().DeckTop(s.house(house), cs, onlyThese)
}

// loyalty arranges seat's loyalty card (house ids, best slot first) with
// exactly the named tokens face up.
func (s *scene) loyalty(seat rules.Seat, order []string, revealed ...string) error {
	var hs []board.HouseID
	for _, id := range order {
		hs = append(hs, s.house(id))
	}
	if err := s.g.Edit().Loyalty(seat, hs); err != nil {
		return err
	}
	for h := range s.m.NumHouses() {
		if err := s.g.Edit().Reveal(seat, h, slices.Contains(revealed, s.m.Houses[h].ID)); err != nil {
			return err
		}
	}
	return nil
}

// clearBoard removes every unit and flag.
func (s *scene) clearBoard() {
	s.t.Helper()
	v := s.view()
	for _, gr := range v.Groups {
		s.ok(s.g.Edit().Units(gr.Territory, gr.House, [board.NumUnits]int{}))
	}
	for t := range s.m.NumTerritories() {
		if v.Flag(t) >= 0 {
			s.ok(s.g.Edit().Flag(t, board.NoHouse))
		}
	}
	if n := len(s.view().Groups); n != 0 {
		s.t.Fatalf("%d groups left after clearing", n)
	}
}

// agents jumps to the resolution phase with the given agents, each
// "SEAT HOUSE SLOT" (seat as an index).
func (s *scene) agents(list ...string) {
	s.t.Helper()
	var at []rules.AgentAt
	for _, l := range list {
		var seat rules.Seat
		var house, slot string
		if _, err := fmt.Sscanf(l, "%d %s %s", &seat, &house, &slot); err != nil {
			s.t.Fatalf("agent %q: %v", l, err)
		}
		sl, err := rules.ParseSlot(slot)
		s.ok(err)
		at = append(at, rules.AgentAt{Seat: seat, House: s.house(house), Slot: sl})
	}
	s.ok(s.g.Edit().StartResolution(at))
}

func (s *scene) seat(i rules.Seat) string { return s.g.Seats()[i] }

func (s *scene) rank(house string) rules.Rank {
	for _, r := range s.view().Ranking {
		if r.House == s.house(house) {
			return r
		}
	}
	s.t.Fatalf("no rank for %s", house)
	return rules.Rank{}
}

func (s *scene) hand(seat rules.Seat) []string {
	var ids []string
	for _, c := range s.g.View(seat).Players[seat].Hand {
		ids = append(ids, s.m.CardName(c))
	}
	return ids
}

// Setup: the initial ranking shown is the map's (seed order), and from the
// first end of round on ranks are computed (Tyrell then ties Lannister and
// Greyjoy).
func TestRuling_InitialRankingIsMapData(t *testing.T) {
	s := newScene(t, 2)
	want := map[string][2]int{"baratheon": {1, 1}, "stark": {2, 2}, "lannister": {3, 4}, "greyjoy": {3, 4}, "tyrell": {5, 5}}
	for h, w := range want {
		if r := s.rank(h); r.From != w[0] || r.To != w[1] {
			t.Errorf("initial rank of %s: %d-%d, want %d-%d", h, r.From, r.To, w[0], w[1])
		}
	}
	s.agents() // no agents: the round's resolution ends at once
	if p := s.view().Phase; p != rules.PhaseExchange {
		t.Fatalf("phase %s after a round without agents, want exchange", p)
	}
	want = map[string][2]int{"baratheon": {1, 1}, "stark": {2, 2}, "lannister": {3, 5}, "greyjoy": {3, 5}, "tyrell": {3, 5}}
	for h, w := range want {
		if r := s.rank(h); r.From != w[0] || r.To != w[1] {
			t.Errorf("computed rank of %s: %d-%d, want %d-%d", h, r.From, r.To, w[0], w[1])
		}
	}
}

// Setup: one loyalty slot per house, valued 6, 4, 3, 2 and 0; the card is
// secret.
func TestRuling_LoyaltySlots(t *testing.T) {
	s := newScene(t, 2)
	s.refuse(s.seat(0)+" arrange stark lannister greyjoy tyrell", "all 5 houses")
	s.refuse(s.seat(0)+" arrange stark stark lannister greyjoy tyrell", "twice")
	s.do(s.seat(0) + " arrange tyrell greyjoy lannister stark baratheon")
	own := s.g.View(0).Players[0].Loyalty
	other := s.g.View(1).Players[0].Loyalty
	pub := s.view().Players[0].Loyalty
	wantH := []string{"tyrell", "greyjoy", "lannister", "stark", "baratheon"}
	wantV := []int{6, 4, 3, 2, 0}
	if len(own) != 5 || len(other) != 5 || len(pub) != 5 {
		t.Fatalf("loyalty lengths %d %d %d, want 5", len(own), len(other), len(pub))
	}
	for i := range own {
		if own[i].House != s.house(wantH[i]) || own[i].Value != wantV[i] || own[i].Revealed {
			t.Errorf("own slot %d: %+v, want %s %d face down", i, own[i], wantH[i], wantV[i])
		}
		if other[i].House != board.NoHouse || pub[i].House != board.NoHouse || other[i].Value != wantV[i] {
			t.Errorf("slot %d seen by others: %+v / public %+v", i, other[i], pub[i])
		}
	}
}

// Setup: 2-4 conspiracies on the standard map, seats are Crown, Torch,
// Helm, Gauntlet in order, three agents each, one round per player.
func TestRuling_PlayerCountsAndSeats(t *testing.T) {
	m := mustStandard(t)
	for n := 0; n <= 5; n++ {
		names := []string{"a", "b", "c", "d", "e"}[:n]
		g, err := rules.New(m, rules.Config{Players: names, Seed: 3})
		if n < 2 || n > 4 {
			if err == nil {
				t.Errorf("New with %d players: no error", n)
			}
			continue
		}
		if err != nil {
			t.Fatalf("New with %d players: %v", n, err)
		}
		if got, want := strings.Join(g.Seats(), " "), strings.Join([]string{"crown", "torch", "helm", "gauntlet"}[:n], " "); got != want {
			t.Errorf("%d players: seats %q, want %q", n, got, want)
		}
		v := g.View(rules.Public)
		if v.Rounds != n || v.Round != 1 {
			t.Errorf("%d players: round %d of %d", n, v.Round, v.Rounds)
		}
		for _, p := range v.Players {
			if p.AgentsInHand != 3 {
				t.Errorf("%d players: seat %s has %d agents", n, p.ID, p.AgentsInHand)
			}
		}
	}
}

// Setup: the first player is drawn from the seed.
func TestRuling_FirstPlayerFromSeed(t *testing.T) {
	m := mustStandard(t)
	seen := map[rules.Seat]bool{}
	for seed := uint64(0); seed < 60; seed++ {
		g1, err := rules.New(m, rules.Config{Players: playerNames[:3], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		g2, _ := rules.New(m, rules.Config{Players: playerNames[:3], Seed: seed})
		f := g1.View(rules.Public).FirstPlayer
		if f2 := g2.View(rules.Public).FirstPlayer; f2 != f {
			t.Fatalf("seed %d: first player %d then %d", seed, f, f2)
		}
		seen[f] = true
	}
	if len(seen) != 3 {
		t.Errorf("over 60 seeds the first player was only %v", seen)
	}
}

// Agents: one agent per slot; placement one at a time clockwise from the
// first player until each has placed three.
func TestRuling_PlacementOneAtATimeClockwise(t *testing.T) {
	s := newScene(t, 3)
	s.ok(s.g.Edit().First(1))
	for i := 0; i < 3; i++ {
		s.do(s.seat(s.g.ToAct()) + " arrange baratheon stark lannister greyjoy tyrell")
	}
	if p := s.view().Phase; p != rules.PhasePlace {
		t.Fatalf("phase %s after arranging, want place", p)
	}
	slots := []string{"stark maester", "stark marshal", "stark lord", "lannister maester", "lannister lord", "tyrell maester", "greyjoy lord", "baratheon marshal", "tyrell lord"}
	for i, sl := range slots {
		want := rules.Seat((1 + i) % 3)
		if got := s.g.ToAct(); got != want {
			t.Fatalf("placement %d: seat %d to act, want %d", i+1, got, want)
		}
		if i > 0 {
			s.refuse(s.seat(want)+" place "+slots[i-1], "already holds")
		}
		s.do(s.seat(want) + " place " + sl)
	}
	v := s.view()
	if v.Phase != rules.PhaseResolve {
		t.Fatalf("phase %s after 9 placements, want resolve", v.Phase)
	}
	for _, p := range v.Players {
		if p.AgentsInHand != 0 {
			t.Errorf("seat %s still holds %d agents", p.ID, p.AgentsInHand)
		}
	}
}

// Agents: Maester tier, then Marshal, then Lord; a seat with no agent of
// the current tier is skipped; after resolving, a Maester moves up to an
// empty Marshal slot of its house (else returns), a moved-up agent resolves
// again, and a Lord returns.
func TestRuling_TiersSkippingAndMoveUp(t *testing.T) {
	s := newScene(t, 2)
	s.agents("0 baratheon maester", "1 lannister maester", "0 stark lord", "1 greyjoy maester", "0 lannister marshal", "1 tyrell lord")
	c, t1 := s.seat(0), s.seat(1)
	if s.g.ToAct() != 0 {
		t.Fatalf("seat %d to act, want the first player 0", s.g.ToAct())
	}
	s.refuse(c+" resolve stark lord", "Maester agents resolve now")
	s.refuse(c+" resolve lannister marshal", "Maester agents resolve now")
	for _, a := range s.g.Legal() {
		if a.Verb != rules.VResolve || a.Slot != rules.Maester {
			t.Fatalf("legal while Maesters remain: %q", s.g.FormatAction(a))
		}
	}
	s.do(c + " resolve baratheon maester")
	s.do(c + " choose draw")
	v := s.view()
	hb, _ := s.m.House("baratheon")
	hl, _ := s.m.House("lannister")
	hg, _ := s.m.House("greyjoy")
	if v.Slots[hb][rules.Maester] != -1 || v.Slots[hb][rules.Marshal] != 0 {
		t.Fatalf("Baratheon slots %v: the Maester should have moved up to the empty Marshal slot", v.Slots[hb])
	}
	if s.g.ToAct() != 1 {
		t.Fatalf("seat %d to act after seat 0 resolved, want 1", s.g.ToAct())
	}
	s.do(t1 + " resolve lannister maester")
	s.do(t1 + " choose draw")
	v = s.view()
	if v.Slots[hl][rules.Maester] != -1 || v.Slots[hl][rules.Marshal] != 0 || v.Players[1].AgentsInHand != 1 {
		t.Fatalf("Lannister slots %v, seat 1 holds %d: the Maester should have returned (Marshal slot taken)", v.Slots[hl], v.Players[1].AgentsInHand)
	}
	if s.g.ToAct() != 1 {
		t.Fatalf("seat %d to act; seat 0 has no Maester and must be skipped", s.g.ToAct())
	}
	s.do(t1 + " resolve greyjoy maester")
	s.do(t1 + " choose draw")
	if v = s.view(); v.Slots[hg][rules.Marshal] != 1 {
		t.Fatalf("Greyjoy slots %v: Maester should have moved up", v.Slots[hg])
	}
	// Marshal tier: the moved-up Baratheon agent resolves again.
	if s.g.ToAct() != 0 {
		t.Fatalf("seat %d to act at the Marshal tier, want 0", s.g.ToAct())
	}
	s.refuse(c+" resolve stark lord", "Marshal agents resolve now")
	s.do(c + " resolve baratheon marshal")
	s.refuse(c+" choose draw", "cannot draw")
	s.do(c + " choose muster")
	s.do(c + " done")
	s.do(c + " done") // the Marshal's move follows by itself
	if v = s.view(); v.Slots[hb][rules.Lord] != 0 || v.Slots[hb][rules.Marshal] != -1 {
		t.Fatalf("Baratheon slots %v: the Marshal should have moved up to Lord", v.Slots[hb])
	}
	// Resolve the rest quietly; every Lord returns to its owner.
	for n := 0; s.view().Phase == rules.PhaseResolve; n++ {
		if n > 60 {
			t.Fatal("resolution does not end")
		}
		seat := s.seat(s.g.ToAct())
		v := s.view()
		if v.Tier == rules.Lord && v.ResolvingHouse == board.NoHouse {
			if s.legal(seat+" resolve lannister marshal") || s.legal(seat+" resolve greyjoy marshal") {
				t.Fatal("a Marshal is resolvable at the Lord tier")
			}
		}
		quiet(t, s)
	}
	v = s.view()
	for h, row := range v.Slots {
		for sl, seat := range row {
			if seat != -1 {
				t.Errorf("%s %s still holds seat %d's agent after resolution", s.m.Houses[h].ID, rules.Slot(sl), seat)
			}
		}
	}
	for _, p := range v.Players {
		if p.AgentsInHand != 3 {
			t.Errorf("seat %s holds %d agents after resolution, want 3", p.ID, p.AgentsInHand)
		}
	}
}

// quiet takes one decision that changes the board as little as possible.
func quiet(t *testing.T, s *scene) {
	t.Helper()
	legal := s.g.Legal()
	if len(legal) == 0 {
		t.Fatal("no legal action")
	}
	for _, pref := range []rules.Verb{rules.VDone, rules.VPass, rules.VKeep, rules.VDecline} {
		for _, a := range legal {
			if a.Verb == pref {
				s.do(s.g.FormatAction(a))
				return
			}
		}
	}
	for _, a := range legal {
		if a.Verb == rules.VChoose && a.Choice == rules.ChooseDraw {
			s.do(s.g.FormatAction(a))
			return
		}
	}
	for _, a := range legal {
		if a.Verb == rules.VChoose || a.Verb == rules.VResolve || a.Verb == rules.VPlace || a.Verb == rules.VArrange {
			s.do(s.g.FormatAction(a))
			return
		}
	}
	s.do(s.g.FormatAction(legal[0]))
}

// Agents: every action may be taken in part or not at all, and the agent
// still counts as resolved.
func TestRuling_ActionsInPartOrNotAtAll(t *testing.T) {
	s := newScene(t, 2)
	s.agents("0 stark lord", "1 tyrell lord")
	c := s.seat(0)
	s.do(c + " resolve stark lord")
	s.do(c + " choose muster")
	s.do(c + " done") // muster nothing
	s.do(c + " choose move")
	s.do(c + " done") // move nothing
	hs, _ := s.m.House("stark")
	v := s.view()
	if v.Slots[hs][rules.Lord] != -1 || v.Players[0].AgentsInHand != 3 {
		t.Fatalf("after an empty muster and move the Lord should be resolved and returned: slots %v, hand %d", v.Slots[hs], v.Players[0].AgentsInHand)
	}
	if s.g.ToAct() != 1 {
		t.Fatalf("seat %d to act, want 1", s.g.ToAct())
	}
}

// musterPoints computes a house's points from the map and the public
// control map: barrels over controlled land territories.
func musterPoints(m *board.Map, v rules.View, house string) int {
	n := 0
	h, _ := m.House(house)
	for t, tt := range m.Territories {
		if tt.Kind == board.Land && v.Controller(board.TerrID(t)) == h {
			n += tt.Barrels
		}
	}
	return n
}

// Actions: muster points = barrels in land territories the house controls
// (troops or flag; seas and ports never count).
func TestRuling_MusterPointsAreControlledBarrels(t *testing.T) {
	for _, h := range []string{"baratheon", "lannister", "stark", "greyjoy", "tyrell"} {
		t.Run(h, func(t *testing.T) {
			s := newScene(t, 2)
			s.ok(s.flag("the-stony-shore", "stark"))     // 1 barrel, by flag
			s.ok(s.flag("searoad-marches", "lannister")) // 1 barrel
			s.set("greyjoy", "sunset-sea", 0, 0, 1)      // a sea: no barrels
			s.agents("0 " + h + " maester")
			s.do(s.seat(0) + " resolve " + h + " maester")
			s.do(s.seat(0) + " choose muster")
			v := s.view()
			want := musterPoints(s.m, v, h)
			if want == 0 {
				t.Fatalf("test setup: %s has no barrels", h)
			}
			if v.MusterPoints != want {
				t.Fatalf("%s musters %d points, want %d (barrels of controlled land)", h, v.MusterPoints, want)
			}
		})
	}
	s := newScene(t, 2)
	s.ok(s.flag("the-stony-shore", "stark"))
	s.agents("0 stark maester")
	s.do(s.seat(0) + " resolve stark maester")
	s.do(s.seat(0) + " choose muster")
	if got := s.view().MusterPoints; got != 2 { // winterfell 1 + the stony shore 1 (white harbor has none)
		t.Fatalf("Stark musters %d points, want 2", got)
	}
}

// Actions: a footman goes into a controlled land with barrels; a ship from
// a controlled coastal land with barrels into its port or an adjacent sea
// free of other houses' ships; a territory receives no more new footmen
// plus ships than its barrels; a footman anywhere may be promoted.
func TestRuling_MusterPlacement(t *testing.T) {
	s := newScene(t, 2)
	s.ok(s.flag("the-stony-shore", "stark"))
	s.ok(s.flag("widows-watch", "stark"))
	s.set("greyjoy", "bay-of-ice", 0, 0, 1)
	s.agents("0 stark maester")
	c := s.seat(0)
	s.do(c + " resolve stark maester")
	s.do(c + " choose muster")
	if got := s.view().MusterPoints; got != 3 {
		t.Fatalf("Stark musters %d points, want 3", got)
	}
	s.refuse(c+" muster footman white-harbor", "no barrels")
	s.refuse(c+" muster footman lannisport", "does not control")
	s.refuse(c+" muster footman the-shivering-sea", "not land")
	s.refuse(c+" muster ship the-stony-shore bay-of-ice", "has ships")
	s.refuse(c+" muster ship winterfell the-narrow-sea", "port or an adjacent sea")
	s.do(c + " muster footman winterfell")
	s.refuse(c+" muster footman winterfell", "as many as its barrels")
	s.refuse(c+" muster ship winterfell port-of-winterfell", "as many as its barrels")
	s.do(c + " muster ship widows-watch the-shivering-sea")
	if u := s.units("the-shivering-sea", "stark"); u[board.Ship] != 2 {
		t.Fatalf("Stark ships in the Shivering Sea: %d, want 2", u[board.Ship])
	}
	s.do(c + " muster knight white-harbor") // no barrels there: promotion goes anywhere
	if u := s.units("white-harbor", "stark"); u != [board.NumUnits]int{0, 1, 0, 0} {
		t.Fatalf("White Harbor after promotion: %v", u)
	}
	if u := s.units("winterfell", "stark"); u != [board.NumUnits]int{2, 1, 0, 0} {
		t.Fatalf("Winterfell after muster: %v", u)
	}
	if v := s.view(); v.ResolvingHouse != board.NoHouse && v.MusterPoints != 0 {
		t.Fatalf("muster still open with %d points", v.MusterPoints)
	}

	// A ship into the house's own port.
	s = newScene(t, 2)
	s.agents("0 stark maester")
	c = s.seat(0)
	s.do(c + " resolve stark maester")
	s.do(c + " choose muster")
	s.do(c + " muster ship winterfell port-of-winterfell")
	if u := s.units("port-of-winterfell", "stark"); u[board.Ship] != 1 {
		t.Fatalf("Stark ships in the port of Winterfell: %v", u)
	}
}

// Actions: "promote one footman anywhere to a knight" (seed: "anywhere on
// the board") includes a footman carried at sea.
func TestRuling_PromoteAnywhereIncludingAtSea(t *testing.T) {
	s := newScene(t, 2)
	s.set("stark", "the-shivering-sea", 1, 0, 1)
	s.agents("0 stark maester")
	c := s.seat(0)
	s.do(c + " resolve stark maester")
	s.do(c + " choose muster")
	a, _ := s.g.ParseAction(c + " muster knight the-shivering-sea")
	if err := s.g.Check(a); err != nil {
		t.Fatalf("a footman carried at sea cannot be promoted (%v); seed 002 says footmen can be promoted to knights anywhere on the board", err)
	}
	s.do(c + " muster knight the-shivering-sea")
	if u := s.units("the-shivering-sea", "stark"); u != [board.NumUnits]int{0, 1, 1, 0} {
		t.Fatalf("after promotion at sea: %v", u)
	}
}

// Actions: piece limits from the map file cap every unit type.
func TestRuling_PieceLimits(t *testing.T) {
	s := newScene(t, 2)
	hs, _ := s.m.House("stark")
	lim := s.m.Houses[hs].Limits
	if lim != [board.NumUnits]int{10, 5, 6, 0} {
		t.Fatalf("Stark limits %v, want 10 footmen, 5 knights, 6 ships, no dragons", lim)
	}
	s.set("stark", "winterfell", 6, 4, 0)
	s.set("stark", "karhold", 3, 1, 0)
	s.set("stark", "white-harbor", 1, 0, 0)
	s.set("stark", "the-shivering-sea", 0, 0, 6)
	s.ok(s.flag("the-stony-shore", "stark"))
	s.agents("0 stark maester")
	c := s.seat(0)
	s.do(c + " resolve stark maester")
	s.do(c + " choose muster")
	s.refuse(c+" muster footman winterfell", "all 10")
	s.refuse(c+" muster ship the-stony-shore bay-of-ice", "all 6")
	s.refuse(c+" muster knight winterfell", "all 5")
	s.refuse(c+" muster dragon winterfell", "no dragons")
}

// Actions: a move is one group from one territory to one adjacent one;
// footmen and knights enter a sea only with enough of the house's ships
// (counting units already aboard); carried units may land.
func TestRuling_MoveAndSeaTransport(t *testing.T) {
	s := newScene(t, 2)
	s.set("stark", "winterfell", 3, 1, 0)
	s.set("stark", "the-shivering-sea", 1, 0, 2)
	s.agents("0 stark lord", "1 tyrell lord")
	c := s.seat(0)
	s.do(c + " resolve stark lord")
	s.do(c + " choose move")
	s.refuse(c+" move winterfell riverrun footman:1", "not adjacent")
	s.refuse(c+" move winterfell the-shivering-sea footman:2", "carry only 1")
	s.refuse(c+" move winterfell port-of-winterfell footman:1", "only ships")
	s.refuse(c+" move winterfell karhold footman:4", "only 3")
	s.do(c + " move winterfell the-shivering-sea knight:1")
	if u := s.units("the-shivering-sea", "stark"); u != [board.NumUnits]int{1, 1, 2, 0} {
		t.Fatalf("Shivering Sea: %v", u)
	}
	// One group per move action: the move is over.
	if s.legal(c + " move winterfell karhold footman:1") {
		t.Fatal("a second group may move in the same move action")
	}
	s.do(c + " choose muster")
	s.do(c + " done")

	// Landing, and ships carrying units to another sea.
	s = newScene(t, 2)
	s.set("stark", "the-shivering-sea", 2, 0, 2)
	s.agents("0 stark marshal", "1 stark maester", "1 tyrell lord")
	t1 := s.seat(1)
	s.do(t1 + " resolve stark maester")
	s.do(t1 + " choose move")
	s.refuse(t1+" move the-shivering-sea the-narrow-sea footman:2 ship:1", "carry only 1")
	s.refuse(t1+" move the-shivering-sea the-narrow-sea ship:1", "without ships")
	s.do(t1 + " move the-shivering-sea the-narrow-sea footman:1 ship:1")
	if u := s.units("the-narrow-sea", "stark"); u != [board.NumUnits]int{1, 0, 1, 0} {
		t.Fatalf("Narrow Sea: %v", u)
	}
	c = s.seat(0)
	s.do(c + " resolve stark marshal")
	s.do(c + " choose move")
	s.refuse(c+" move the-shivering-sea karhold footman:1 ship:1", "ships cannot enter land")
	s.do(c + " move the-shivering-sea karhold footman:1")
	s.do(c + " done") // the Marshal's muster
	if u := s.units("karhold", "stark"); u != [board.NumUnits]int{1, 0, 0, 0} {
		t.Fatalf("Karhold after landing: %v", u)
	}
	if u := s.units("the-shivering-sea", "stark"); u != [board.NumUnits]int{0, 0, 1, 0} {
		t.Fatalf("Shivering Sea after landing: %v", u)
	}
}

// Actions: only the house controlling a port's land may have ships in
// that port; a house that loses that land loses the ships in its port.
func TestRuling_PortControl(t *testing.T) {
	s := newScene(t, 2)
	s.set("lannister", "lannisport", 0, 0, 0)
	s.ok(s.flag("lannisport", "lannister"))
	s.set("lannister", "port-of-lannisport", 0, 0, 2)
	s.set("lannister", "the-golden-sound", 0, 0, 0)
	s.set("stark", "the-golden-sound", 0, 0, 1)
	s.set("stark", "riverrun", 2, 0, 0)
	s.agents("0 stark marshal", "0 stark lord", "1 tyrell lord")
	c := s.seat(0)
	s.do(c + " resolve stark marshal")
	s.do(c + " choose move")
	s.refuse(c+" move the-golden-sound port-of-lannisport ship:1", "does not control")
	s.do(c + " move riverrun lannisport footman:2")
	v := s.view()
	if v.Combat != nil {
		t.Fatal("entering a territory holding only a flag started a combat")
	}
	if v.Controller(s.terr("lannisport")) != s.house("stark") || v.Flag(s.terr("lannisport")) != board.NoHouse {
		t.Fatalf("Lannisport control %d flag %d, want stark and no flag", v.Controller(s.terr("lannisport")), v.Flag(s.terr("lannisport")))
	}
	if u := s.units("port-of-lannisport", "lannister"); u != [board.NumUnits]int{} {
		t.Fatalf("Lannister kept %v in the port of a land it lost", u)
	}
	s.do(c + " done") // the Marshal's muster
	s.until(c + " resolve stark lord")
	s.do(c + " resolve stark lord")
	s.do(c + " choose move")
	s.do(c + " move the-golden-sound port-of-lannisport ship:1")
	if u := s.units("port-of-lannisport", "stark"); u[board.Ship] != 1 {
		t.Fatalf("Stark ship did not enter the port of its own land: %v", u)
	}
}

// Actions: leaving a land territory empty leaves a flag (control stays);
// entering a territory that holds only another house's flag removes it,
// without combat.
func TestRuling_Flags(t *testing.T) {
	s := newScene(t, 2)
	s.ok(s.flag("karhold", "lannister"))
	s.agents("0 stark maester")
	c := s.seat(0)
	s.do(c + " resolve stark maester")
	s.do(c + " choose move")
	s.do(c + " move winterfell karhold footman:1 knight:1")
	v := s.view()
	if v.Combat != nil || v.Phase == rules.PhaseCombat {
		t.Fatal("entering a flag-only territory started a combat")
	}
	if v.Flag(s.terr("winterfell")) != s.house("stark") || v.Controller(s.terr("winterfell")) != s.house("stark") {
		t.Fatalf("Winterfell flag %d control %d, want stark's flag", v.Flag(s.terr("winterfell")), v.Controller(s.terr("winterfell")))
	}
	if v.Flag(s.terr("karhold")) != board.NoHouse || v.Controller(s.terr("karhold")) != s.house("stark") {
		t.Fatalf("Karhold flag %d control %d, want no flag, Stark control", v.Flag(s.terr("karhold")), v.Controller(s.terr("karhold")))
	}
	for _, gr := range v.Groups {
		if gr.Territory == s.terr("winterfell") {
			t.Fatalf("units left in Winterfell: %+v", gr)
		}
	}
}

// Actions: draw takes the top card of the house's deck; hands are secret
// but their sizes public; a deck that runs out is rebuilt at once from its
// discard.
func TestRuling_DrawDeckAndSecrecy(t *testing.T) {
	s := newScene(t, 2)
	s.ok(s.deck("stark", []string{"robb-stark", "eddard-stark"}, true))
	s.agents("1 stark maester", "0 stark lord", "0 tyrell lord")
	before := s.view()
	if before.DeckSize(s.house("stark")) != 2 || len(before.Discard(s.house("stark"))) != 5 {
		t.Fatalf("deck %d discard %d after SetDeck", before.DeckSize(s.house("stark")), len(before.Discard(s.house("stark"))))
	}
	t1 := s.seat(1)
	s.do(t1 + " resolve stark maester")
	s.do(t1 + " choose draw")
	if h := s.hand(1); !slices.Equal(h, []string{"robb-stark"}) {
		t.Fatalf("hand %v, want the top card robb-stark", h)
	}
	if v := s.view(); v.DeckSize(s.house("stark")) != 1 {
		t.Fatalf("deck %d after one draw, want 1", v.DeckSize(s.house("stark")))
	}
	c := s.seat(0)
	s.until(c + " resolve stark lord")
	s.do(c + " resolve stark lord")
	s.do(c + " choose draw")
	if h := s.hand(0); !slices.Equal(h, []string{"eddard-stark"}) {
		t.Fatalf("hand %v, want the next card eddard-stark", h)
	}
	s.refuse(c+" choose draw", "already taken")
	v := s.view()
	if v.DeckSize(s.house("stark")) != 5 || len(v.Discard(s.house("stark"))) != 0 {
		t.Fatalf("after the deck ran out: deck %d, discard %d; want the 5 discards reshuffled into the deck", v.DeckSize(s.house("stark")), len(v.Discard(s.house("stark"))))
	}
	for _, viewer := range []rules.Seat{rules.Public, 1} {
		p := s.g.View(viewer).Players[0]
		if len(p.Hand) != 0 {
			t.Fatalf("View(%d) shows seat 0's hand", viewer)
		}
		if p.HandSize(s.house("stark")) != 1 {
			t.Fatalf("View(%d) hand sizes %v, want stark 1", viewer, p.HandSizes)
		}
	}
}

// combatScene: seat 0 (the active player) resolves a Stark Lord and moves
// into a territory held by another house. n players.
func combatScene(t *testing.T, n int, setup func(s *scene), move string) *scene {
	t.Helper()
	s := newScene(t, n)
	s.clearBoard()
	setup(s)
	s.agents("0 stark lord", "1 tyrell lord")
	c := s.seat(0)
	s.do(c + " resolve stark lord")
	s.do(c + " choose move")
	s.do(c + " move " + move)
	return s
}

// moveText is "FROM TO unit:count..." without zero counts.
func moveText(from, to string, footmen, knights, ships int) string {
	t := from + " " + to
	for i, n := range []int{footmen, knights, ships} {
		if n > 0 {
			t += fmt.Sprintf(" %s:%d", board.Unit(i), n)
		}
	}
	return t
}

// until takes quiet decisions until line is legal.
func (s *scene) until(line string) {
	s.t.Helper()
	for n := 0; !s.legal(line); n++ {
		if n > 80 {
			s.t.Fatalf("%q never became legal", line)
		}
		quiet(s.t, s)
	}
}

func termsText(v rules.View) string {
	if v.Combat == nil {
		return "no combat"
	}
	return fmt.Sprintf("attacker %v = %d; defender %v = %d", v.Combat.AttackerTerms, v.Combat.AttackerPower, v.Combat.DefenderTerms, v.Combat.DefenderPower)
}

// Combat: entering another house's troops starts combat; land power is
// footman 1, knight 2; the defender adds +4 for a castle (AGoT stronghold),
// +2 for a town (AGoT castle), nothing elsewhere; the preview shows terms.
func TestRuling_LandPowerAndFortresses(t *testing.T) {
	for _, tc := range []struct {
		name, terr, from   string
		defF, defK         int
		wantAtt, wantDef   int
		fortTerm           string
		attF, attK         int
		fortressIDForCheck string
	}{
		{"castle", "riverrun", "harrenhal", 1, 0, 3 + 2*2, 1 + 4, "castle +4", 3, 2, "riverrun"},
		{"town", "harrenhal", "stoney-sept", 0, 1, 1 + 2, 2 + 2, "town +2", 1, 1, "harrenhal"},
		{"open", "stoney-sept", "harrenhal", 2, 1, 2, 4, "", 0, 1, "stoney-sept"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := combatScene(t, 2, func(s *scene) {
				s.set("stark", tc.from, tc.attF, tc.attK, 0)
				s.set("lannister", tc.terr, tc.defF, tc.defK, 0)
				s.ok(s.give(1, "cersei-lannister")) // so the combat waits for seat 1's card
			}, moveText(tc.from, tc.terr, tc.attF, tc.attK, 0))
			v := s.view()
			if v.Combat == nil {
				t.Fatal("no combat")
			}
			if v.Combat.Attacker != s.house("stark") || v.Combat.Defender != s.house("lannister") || v.Combat.Territory != s.terr(tc.terr) {
				t.Fatalf("combat %+v", v.Combat)
			}
			if v.Combat.AttackerPower != tc.wantAtt || v.Combat.DefenderPower != tc.wantDef {
				t.Fatalf("power: %s; want %d vs %d", termsText(v), tc.wantAtt, tc.wantDef)
			}
			terms := strings.Join(v.Combat.DefenderTerms, "; ")
			if tc.fortTerm != "" && !strings.Contains(terms, tc.fortTerm) {
				t.Fatalf("defender terms %q lack %q", terms, tc.fortTerm)
			}
			if tc.fortTerm == "" && (strings.Contains(terms, "castle") || strings.Contains(terms, "town")) {
				t.Fatalf("defender terms %q show a fortress in open land", terms)
			}
		})
	}
}

// Combat: at sea ship 1, knight 1, footman 0.
func TestRuling_SeaPower(t *testing.T) {
	s := combatScene(t, 2, func(s *scene) {
		s.set("stark", "the-shivering-sea", 1, 1, 3)
		s.set("greyjoy", "the-narrow-sea", 1, 1, 2)
		s.ok(s.give(1, "aeron-damphair")) // so the combat waits for seat 1's card
	}, "the-shivering-sea the-narrow-sea footman:1 knight:1 ship:3")
	v := s.view()
	if v.Combat == nil {
		t.Fatal("no sea combat")
	}
	if v.Combat.AttackerPower != 4 || v.Combat.DefenderPower != 3 {
		t.Fatalf("sea power: %s; want 4 (3 ships + knight) vs 3 (2 ships + knight)", termsText(v))
	}
}

// Combat: starting with the active player and going clockwise once round
// the table, each player may play one card of a house in the combat, or
// pass; plays are open; a card adds its strength to its own house.
func TestRuling_CardOrderAndHouses(t *testing.T) {
	s := newScene(t, 3)
	s.clearBoard()
	s.set("stark", "karhold", 2, 0, 0)
	s.set("lannister", "winterfell", 1, 0, 0) // castle +4
	s.ok(s.give(0, "robb-stark"))
	s.ok(s.give(0, "tywin-lannister"))
	s.ok(s.give(1, "mace-tyrell")) // a Tyrell card: nothing playable
	s.ok(s.give(2, "the-hound"))
	s.ok(s.give(2, "eddard-stark"))
	s.ok(s.give(2, "ser-loras-tyrell"))
	s.ok(s.g.Edit().First(1))
	s.agents("1 stark lord", "0 tyrell lord") // seat 1 is active
	t1 := s.seat(1)
	s.do(t1 + " resolve stark lord")
	s.do(t1 + " choose move")
	s.do(t1 + " move karhold winterfell footman:2")
	// Seat 1 (active) holds no Stark or Lannister card: skipped; seat 2 next.
	if s.g.ToAct() != 2 {
		t.Fatalf("seat %d to act in the card step, want 2 (active seat 1 has nothing playable)", s.g.ToAct())
	}
	h := s.seat(2)
	s.refuse(h+" play mace-tyrell", "does not hold")
	s.refuse(h+" play ser-loras-tyrell", "only Stark or Lannister cards")
	s.do(h + " play the-hound")
	if s.g.ToAct() != 0 {
		t.Fatalf("seat %d to act after seat 2, want 0 (clockwise)", s.g.ToAct())
	}
	c := s.seat(0)
	s.refuse(c+" play eddard-stark", "does not hold")
	s.do(c + " play robb-stark")
	// Once round the table: combat settles (2+3 = 5 vs 1+4+2 = 7).
	v := s.view()
	if v.Phase == rules.PhaseCombat && v.Combat != nil && v.Combat.Step == "cards" {
		t.Fatalf("card step continues after one round: %s to act", s.seat(s.g.ToAct()))
	}
	if slices.Contains(s.hand(0), "robb-stark") || !slices.Contains(s.hand(0), "tywin-lannister") {
		t.Fatalf("seat 0 hand %v: Robb should be played, Tywin kept (one card per player)", s.hand(0))
	}
	if !slices.Contains(s.hand(2), "eddard-stark") {
		t.Fatalf("seat 2 hand %v: Eddard should be kept", s.hand(2))
	}
	if d := v.Discard(s.house("stark")); len(d) != 1 || s.m.CardAt(d[0]).ID != "robb-stark" {
		t.Fatalf("Stark discard %v, want Robb", d)
	}
	// Lannister wins 1 + castle 4 + The Hound 2 = 7 to Stark 2 + Robb 3 = 5.
	// Stark loses 2 (both footmen); Lannister would lose 1 but The Hound's
	// two towers save it.
	if v.Controller(s.terr("winterfell")) != s.house("lannister") {
		t.Fatalf("Winterfell controlled by %d after Lannister won 7 to 5", v.Controller(s.terr("winterfell")))
	}
	if u := s.units("winterfell", "lannister"); u != [board.NumUnits]int{1, 0, 0, 0} {
		t.Fatalf("Lannister in Winterfell %v, want its footman saved by The Hound's towers", u)
	}
	if u := totalUnits(s, "stark"); u != [board.NumUnits]int{} {
		t.Fatalf("Stark has %v left, want both attacking footmen killed", u)
	}
}

// Combat: a tie is decided by the active player naming the winner.
func TestRuling_TieActivePlayerNamesWinner(t *testing.T) {
	s := combatScene(t, 2, func(s *scene) {
		s.set("stark", "stoney-sept", 2, 0, 0)
		s.set("lannister", "blackwater", 2, 0, 0) // open land: 2 vs 2
	}, "stoney-sept blackwater footman:2")
	v := s.view()
	if v.Combat == nil || v.Combat.Step != "tie" {
		t.Fatalf("want a tie awaiting the active player: %s step %v", termsText(v), v.Combat)
	}
	if s.g.ToAct() != 0 {
		t.Fatalf("seat %d names the winner, want the active seat 0", s.g.ToAct())
	}
	s.refuse(s.seat(0)+" winner tyrell", "not in this combat")
	s.do(s.seat(0) + " winner lannister")
	v = s.view()
	if v.Controller(s.terr("blackwater")) != s.house("lannister") {
		t.Fatalf("Blackwater controlled by %d after the active player named Lannister", v.Controller(s.terr("blackwater")))
	}
}

// Combat: the loser removes 2 + swords on the winner's cards − towers on
// the loser's; the winner 1 + swords on the loser's − towers on the
// winner's (never below 0); footmen first, then knights, then ships.
func TestRuling_Casualties(t *testing.T) {
	for _, tc := range []struct {
		name             string
		attCard, defCard string
		attLeft, defLeft [board.NumUnits]int // Stark attacks with 3f 2k into Lannister 3f 2k at Stoney Sept
		winner           string
	}{
		// 3+4 = 7 vs 7: tie, no cards; active names Stark: Lannister loses 2 (footmen), Stark 1.
		{"plain", "", "", [4]int{2, 2, 0, 0}, [4]int{1, 2, 0, 0}, "stark"},
		// Eddard (4, 2 swords) for Stark: Lannister loses 2+2 = 4 (3 footmen, 1 knight); Stark 1.
		{"swords", "eddard-stark", "", [4]int{2, 2, 0, 0}, [4]int{0, 1, 0, 0}, "stark"},
		// Eddard vs The Hound (2, 2 towers): 11 vs 9, Lannister loses 2+2-2 = 2, Stark 1.
		{"towers", "eddard-stark", "the-hound", [4]int{2, 2, 0, 0}, [4]int{1, 2, 0, 0}, "stark"},
		// Ser Rodrick (1, 2 towers) vs Gregor (3, 3 swords): Lannister wins 10 to 8;
		// Stark loses 2+3-2 = 3 (3 footmen), Lannister 1.
		{"loser towers", "ser-rodrick-cassel", "ser-gregor-clegane", [4]int{0, 2, 0, 0}, [4]int{2, 2, 0, 0}, "lannister"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScene(t, 2)
			s.clearBoard()
			s.set("stark", "harrenhal", 3, 2, 0)
			s.set("lannister", "stoney-sept", 3, 2, 0)
			s.set("lannister", "lannisport", 1, 0, 0) // a retreat for Lannister
			if tc.attCard != "" {
				s.ok(s.give(0, tc.attCard))
			}
			if tc.defCard != "" {
				s.ok(s.give(1, tc.defCard))
			}
			s.agents("0 stark lord", "1 tyrell lord")
			c := s.seat(0)
			s.do(c + " resolve stark lord")
			s.do(c + " choose move")
			s.do(c + " move harrenhal stoney-sept footman:3 knight:2")
			if tc.attCard != "" {
				s.do(c + " play " + tc.attCard)
			}
			if tc.defCard != "" {
				s.do(s.seat(1) + " play " + tc.defCard)
			}
			v := s.view()
			if v.Combat != nil && v.Combat.Step == "tie" {
				s.do(c + " winner " + tc.winner)
			}
			// Retreat: the loser's only free neighbours decide; pick any the
			// active player is offered.
			for s.view().Combat != nil && s.view().Combat.Step == "retreat" {
				quietRetreat(t, s)
			}
			stark, lann := totalUnits(s, "stark"), totalUnits(s, "lannister")
			lann = sub4(lann, [4]int{1, 0, 0, 0}) // the footman in Lannisport
			if stark != tc.attLeft || lann != tc.defLeft {
				t.Fatalf("after combat Stark %v (want %v), Lannister %v (want %v)", stark, tc.attLeft, lann, tc.defLeft)
			}
			if u := s.units("stoney-sept", tc.winner); u != map[string][4]int{"stark": tc.attLeft, "lannister": tc.defLeft}[tc.winner] {
				t.Fatalf("%s holds Stoney Sept with %v", tc.winner, u)
			}
		})
	}
}

func sub4(a, b [board.NumUnits]int) [board.NumUnits]int {
	for i := range a {
		a[i] -= b[i]
	}
	return a
}

func totalUnits(s *scene, house string) [board.NumUnits]int {
	var n [board.NumUnits]int
	for _, gr := range s.view().Groups {
		if gr.House == s.house(house) {
			for i, c := range gr.Units {
				n[i] += c
			}
		}
	}
	return n
}

func quietRetreat(t *testing.T, s *scene) {
	t.Helper()
	for _, a := range s.g.Legal() {
		if a.Verb == rules.VRetreat {
			s.do(s.g.FormatAction(a))
			return
		}
	}
	t.Fatal("retreat step without a legal retreat")
}

// Combat: the loser's survivors retreat to one adjacent territory they
// could move into without combat, chosen by the active player; with none
// they are destroyed.
func TestRuling_Retreat(t *testing.T) {
	s := combatScene(t, 2, func(s *scene) {
		s.set("stark", "harrenhal", 0, 3, 0)
		s.set("lannister", "stoney-sept", 3, 1, 0)
		s.set("tyrell", "blackwater", 1, 0, 0) // occupied: no retreat there
		// Free for Lannister: Harrenhal (only Stark's flag), Lannisport,
		// Riverrun, the Searoad Marches.
	}, "harrenhal stoney-sept knight:3")
	v := s.view()
	if v.Combat == nil || v.Combat.Step != "retreat" {
		t.Fatalf("want the retreat step, got %+v", v.Combat)
	}
	if s.g.ToAct() != 0 {
		t.Fatalf("seat %d chooses the retreat, want the active seat 0", s.g.ToAct())
	}
	var opts []string
	for _, a := range s.g.Legal() {
		opts = append(opts, s.g.Map().Territories[a.To].ID)
	}
	sort.Strings(opts)
	if got := strings.Join(opts, " "); got != "harrenhal lannisport riverrun searoad-marches" {
		t.Fatalf("retreat options %q, want harrenhal lannisport riverrun searoad-marches", got)
	}
	s.refuse(s.seat(0)+" retreat blackwater", "may not start a combat")
	s.refuse(s.seat(0)+" retreat the-golden-sound", "")
	s.do(s.seat(0) + " retreat searoad-marches")
	// Stark won 6 to 5: Lannister lost 2 footmen, Stark 1 knight.
	if u := s.units("stoney-sept", "stark"); u != [board.NumUnits]int{0, 2, 0, 0} {
		t.Fatalf("Stark in Stoney Sept %v, want 2 knights", u)
	}
	if u := s.units("searoad-marches", "lannister"); u != [board.NumUnits]int{1, 1, 0, 0} {
		t.Fatalf("Lannister in the Searoad Marches %v, want its footman and knight", u)
	}

	// Surrounded: destroyed.
	s = combatScene(t, 2, func(s *scene) {
		s.set("stark", "castle-black", 1, 3, 0)
		s.set("greyjoy", "karhold", 3, 0, 0)
		s.set("tyrell", "winterfell", 1, 0, 0)
		// Karhold's last neighbour is the Shivering Sea: no Greyjoy ships.
	}, "castle-black karhold knight:3")
	if v := s.view(); v.Combat != nil {
		t.Fatalf("combat still running: %+v", v.Combat)
	}
	if u := totalUnits(s, "greyjoy"); u != [board.NumUnits]int{} {
		t.Fatalf("Greyjoy's survivors with nowhere to go were not destroyed: %v", u)
	}
	if u := s.units("karhold", "stark"); u != [board.NumUnits]int{0, 2, 0, 0} {
		t.Fatalf("Stark in Karhold %v, want 2 knights", u)
	}
}

// effectScene: 3 players, seat 0 resolves HOUSE's Lord and moves; cards
// are handed out first. Seat 2 holds a spare card of either side so the
// card step waits for it and the preview can be read.
func effectScene(t *testing.T, house string, setup func(s *scene), move string) *scene {
	t.Helper()
	s := newScene(t, 3)
	s.clearBoard()
	setup(s)
	s.agents("0 "+house+" lord", "1 tyrell maester")
	s.until(s.seat(0) + " resolve " + house + " lord")
	s.do(s.seat(0) + " resolve " + house + " lord")
	s.do(s.seat(0) + " choose move")
	s.do(s.seat(0) + " move " + move)
	return s
}

// Cards: Brienne of Tarth is a Baratheon card; played for an attacking
// Baratheon she cancels the defender's town or castle bonus.
func TestRuling_BrienneIgnoresFortress(t *testing.T) {
	s := effectScene(t, "baratheon", func(s *scene) {
		s.set("baratheon", "kingswood", 3, 0, 0)
		s.set("stark", "kings-landing", 1, 0, 0) // castle +4
		s.ok(s.give(0, "brienne-of-tarth"))
		s.ok(s.give(2, "the-blackfish"))
	}, "kingswood kings-landing footman:3")
	if v := s.view(); v.Combat == nil || v.Combat.DefenderPower != 5 {
		t.Fatalf("before Brienne: %s; want defender 1 + castle 4", termsText(v))
	}
	s.do(s.seat(0) + " play brienne-of-tarth")
	v := s.view()
	if v.Combat == nil || v.Combat.DefenderPower != 1 || v.Combat.AttackerPower != 5 {
		t.Fatalf("with Brienne: %s; want attacker 3 + 2 = 5, defender 1 (castle ignored)", termsText(v))
	}
}

// Cards: Catelyn Stark doubles a defending Stark's town or castle bonus.
func TestRuling_CatelynDoublesFortress(t *testing.T) {
	s := effectScene(t, "lannister", func(s *scene) {
		s.set("lannister", "karhold", 3, 0, 0)
		s.set("stark", "winterfell", 1, 0, 0) // castle +4
		s.ok(s.give(1, "catelyn-stark"))
		s.ok(s.give(2, "tyrion-lannister"))
	}, "karhold winterfell footman:3")
	if s.g.ToAct() != 1 {
		t.Fatalf("seat %d to act; seat 0 has no card, seat 1 should play", s.g.ToAct())
	}
	s.do(s.seat(1) + " play catelyn-stark")
	v := s.view()
	if v.Combat == nil || v.Combat.DefenderPower != 9 {
		t.Fatalf("with Catelyn: %s; want defender 1 + doubled castle 8 = 9", termsText(v))
	}
}

// Cards: Salladhor Saan adds the Baratheon ships in seas adjacent to the
// contested territory.
func TestRuling_SalladhorCountsAdjacentShips(t *testing.T) {
	s := effectScene(t, "baratheon", func(s *scene) {
		s.set("baratheon", "kingswood", 2, 0, 0)
		s.set("baratheon", "blackwater-bay", 0, 0, 2)  // adjacent to King's Landing
		s.set("baratheon", "shipbreaker-bay", 0, 0, 3) // not adjacent
		s.set("lannister", "kings-landing", 1, 0, 0)
		s.ok(s.give(0, "salladhor-saan"))
		s.ok(s.give(2, "tyrion-lannister"))
	}, "kingswood kings-landing footman:2")
	s.do(s.seat(0) + " play salladhor-saan")
	v := s.view()
	if v.Combat == nil || v.Combat.AttackerPower != 2+1+2 {
		t.Fatalf("with Salladhor: %s; want 2 footmen + 1 + 2 ships in Blackwater Bay = 5", termsText(v))
	}
}

// Cards: Asha Greyjoy — if Greyjoy wins, the player who played her makes a
// Move Troops action for Greyjoy at once.
func TestRuling_AshaGrantsMove(t *testing.T) {
	s := effectScene(t, "greyjoy", func(s *scene) {
		s.set("greyjoy", "greywater-watch", 3, 0, 0)
		s.set("greyjoy", "seagard", 1, 0, 0)
		s.set("stark", "flints-finger", 1, 0, 0) // town: 3
		s.ok(s.give(1, "asha-greyjoy"))
	}, "greywater-watch flints-finger footman:3")
	s.do(s.seat(1) + " play asha-greyjoy") // 3 + 1 = 4 against 3
	if s.g.ToAct() != 1 {
		t.Fatalf("after Greyjoy won with Asha, seat %d acts; want seat 1, who played her", s.g.ToAct())
	}
	if !s.legal(s.seat(1)+" decline") && !s.legal(s.seat(1)+" done") {
		t.Fatal("Asha's move cannot be declined")
	}
	bug := declineNotListed(s, 1)
	s.do(s.seat(1) + " move seagard riverrun footman:1")
	if u := s.units("riverrun", "greyjoy"); u[board.Footman] != 1 {
		t.Fatalf("Riverrun %v after Asha's move", u)
	}
	if s.g.ToAct() != 0 {
		t.Fatalf("after Asha's move seat %d acts; want seat 0 to finish its Lord", s.g.ToAct())
	}
	if bug != "" {
		t.Fatal(bug)
	}
}

// Cards: Ser Jaime Lannister — if Lannister wins, the player who played
// him makes a Muster Troops action for Lannister at once.
func TestRuling_JaimeGrantsMuster(t *testing.T) {
	s := effectScene(t, "lannister", func(s *scene) {
		s.set("lannister", "lannisport", 3, 0, 0)
		s.set("stark", "stoney-sept", 1, 0, 0)
		s.ok(s.give(2, "ser-jaime-lannister"))
	}, "lannisport stoney-sept footman:3")
	s.do(s.seat(2) + " play ser-jaime-lannister")
	if s.g.ToAct() != 2 {
		t.Fatalf("after Lannister won with Jaime, seat %d acts; want seat 2", s.g.ToAct())
	}
	v := s.view()
	if want := musterPoints(s.m, v, "lannister"); v.MusterPoints != want || want == 0 {
		t.Fatalf("Jaime's muster has %d points, want Lannister's barrels %d", v.MusterPoints, want)
	}
	bug := declineNotListed(s, 2)
	s.do(s.seat(2) + " muster footman lannisport")
	if u := s.units("lannisport", "lannister"); u[board.Footman] != 1 {
		t.Fatalf("Lannisport %v after Jaime's muster", u)
	}
	if bug != "" {
		t.Fatal(bug)
	}
}

// declineNotListed: a granted action (Asha, Jaime) may be declined; every
// way of declining that Check accepts must be listed by Legal (Legal lists
// every legal action). It returns the engine bug found, or "".
func declineNotListed(s *scene, seat rules.Seat) string {
	var bad []string
	for _, w := range []string{" done", " decline"} {
		line := s.seat(seat) + w
		a, _ := s.g.ParseAction(line)
		if (s.g.Check(a) == nil) != s.legal(line) {
			bad = append(bad, fmt.Sprintf("%q: Check says %v, Legal lists it: %v", line, s.g.Check(a), s.legal(line)))
		}
	}
	if len(bad) > 0 {
		return "engine bug: Legal() omits an action Check() accepts: " + strings.Join(bad, "; ")
	}
	return ""
}

// Cards: Cersei Lannister — if Lannister wins, the player who played her
// may remove one unresolved Lannister agent (it returns to its owner).
func TestRuling_CerseiRemovesAgent(t *testing.T) {
	s := newScene(t, 2)
	s.clearBoard()
	s.set("lannister", "lannisport", 3, 0, 0)
	s.set("stark", "stoney-sept", 1, 0, 0)
	s.ok(s.give(0, "cersei-lannister"))
	s.agents("0 lannister marshal", "1 lannister lord")
	c := s.seat(0)
	s.do(c + " resolve lannister marshal")
	s.do(c + " choose move")
	s.do(c + " move lannisport stoney-sept footman:3")
	s.do(c + " play cersei-lannister")
	if s.g.ToAct() != 0 || !s.legal(c+" remove lannister lord") {
		t.Fatalf("after Lannister won with Cersei: seat %d to act, legal %v", s.g.ToAct(), s.g.Legal())
	}
	s.refuse(c+" remove lannister marshal", "resolving")
	s.do(c + " remove lannister lord")
	hl, _ := s.m.House("lannister")
	v := s.view()
	if v.Slots[hl][rules.Lord] != -1 || v.Players[1].AgentsInHand != 3 {
		t.Fatalf("Lannister Lord slot %d, seat 1 holds %d agents; want the agent back with seat 1", v.Slots[hl][rules.Lord], v.Players[1].AgentsInHand)
	}
}

// Cards: Melisandre — if Baratheon wins, the player who played her looks
// at one opponent's hand and makes them discard a card of her choice.
func TestRuling_MelisandreLookAndDiscard(t *testing.T) {
	s := newScene(t, 2)
	s.clearBoard()
	s.set("baratheon", "kingswood", 3, 0, 0)
	s.set("stark", "the-boneway", 1, 0, 0)
	s.ok(s.give(0, "melisandre"))
	s.ok(s.give(1, "mace-tyrell"))
	s.ok(s.give(1, "balon-greyjoy"))
	s.agents("0 baratheon lord", "1 tyrell lord")
	c, t1 := s.seat(0), s.seat(1)
	s.do(c + " resolve baratheon lord")
	s.do(c + " choose move")
	s.do(c + " move kingswood the-boneway footman:3")
	s.do(c + " play melisandre")
	s.refuse(c+" look "+c, "opponent")
	s.do(c + " look " + t1)
	v0 := s.g.View(0)
	if v0.PeekSeat != 1 || len(v0.Peek) != 2 {
		t.Fatalf("View(0) peek seat %d, %d cards; want seat 1's 2 cards", v0.PeekSeat, len(v0.Peek))
	}
	if p := s.view().Peek; len(p) != 0 {
		t.Fatalf("the public view shows the peeked hand %v", p)
	}
	s.do(c + " discard mace-tyrell")
	if h := s.hand(1); !slices.Equal(h, []string{"balon-greyjoy"}) {
		t.Fatalf("seat 1 hand %v after Melisandre's discard", h)
	}
	if d := s.view().Discard(s.house("tyrell")); len(d) != 1 || s.m.CardAt(d[0]).ID != "mace-tyrell" {
		t.Fatalf("Tyrell discard %v", d)
	}
}

// rankingBoard sets up a board whose ranking is known:
// Baratheon 1st (2 crowns), Lannister 2nd and Stark 3rd (equal but for
// barrels), Greyjoy and Tyrell tied for 4th-5th; seas never count.
func rankingBoard(s *scene) {
	s.clearBoard()
	s.ok(s.flag("kings-landing", "baratheon")) // 2 crowns, castle
	s.ok(s.flag("seagard", "lannister"))       // 1 crown, castle, 1 barrel
	s.ok(s.flag("the-fingers", "lannister"))   // 1 barrel
	s.ok(s.flag("winterfell", "stark"))        // 1 crown, castle, 1 barrel
	s.ok(s.flag("harrenhal", "greyjoy"))       // 1 crown, town
	s.set("greyjoy", "ironmans-bay", 0, 0, 6)  // a sea: no icons
	s.ok(s.flag("crackclaw-point", "tyrell"))  // town
	s.set("tyrell", "the-twins", 1, 0, 0)      // 1 crown
}

// End of round: ranks by crowns, then castles, then towns, then barrels,
// over controlled land; houses equal on all four share a span.
func TestRuling_RankingComputed(t *testing.T) {
	s := newScene(t, 2)
	rankingBoard(s)
	s.agents()
	want := map[string][2]int{"baratheon": {1, 1}, "lannister": {2, 2}, "stark": {3, 3}, "greyjoy": {4, 5}, "tyrell": {4, 5}}
	for h, w := range want {
		if r := s.rank(h); r.From != w[0] || r.To != w[1] {
			t.Errorf("%s ranked %d-%d (crowns %d castles %d towns %d barrels %d), want %d-%d",
				h, r.From, r.To, r.Crowns, r.Castles, r.Towns, r.Barrels, w[0], w[1])
		}
	}
}

// End of round: each exchange reveals exactly one new token: one of the two
// exchanged if either is face down, else another face-down token.
func TestRuling_ExchangeRevealsExactlyOne(t *testing.T) {
	s := newScene(t, 2)
	order := []string{"baratheon", "stark", "lannister", "greyjoy", "tyrell"}
	s.ok(s.loyalty(0, order, "stark"))
	s.ok(s.loyalty(1, order, "stark", "baratheon"))
	s.agents()
	c, t1 := s.seat(0), s.seat(1)
	if s.g.ToAct() != 0 || s.view().Phase != rules.PhaseExchange {
		t.Fatalf("phase %s, seat %d to act; want seat 0 exchanging", s.view().Phase, s.g.ToAct())
	}
	s.refuse(c+" exchange baratheon lannister reveal greyjoy", "reveal one of the two")
	s.refuse(c+" exchange stark baratheon reveal stark", "already face up")
	s.do(c + " exchange stark baratheon reveal baratheon")
	pub := s.view().Players[0].Loyalty
	if pub[0].House != s.house("stark") || !pub[0].Revealed || pub[1].House != s.house("baratheon") || !pub[1].Revealed {
		t.Fatalf("seat 0 public card %+v: want Stark 6 and Baratheon 4 face up", pub)
	}
	for _, tok := range pub[2:] {
		if tok.Revealed || tok.House != board.NoHouse {
			t.Fatalf("seat 0 public card %+v: only two tokens should show", pub)
		}
	}
	if s.g.ToAct() != 1 {
		t.Fatalf("seat %d to act, want 1", s.g.ToAct())
	}
	s.refuse(t1+" exchange stark baratheon reveal stark", "both exchanged tokens are face up")
	s.refuse(t1+" exchange stark baratheon reveal baratheon", "both exchanged tokens are face up")
	s.do(t1 + " exchange stark baratheon reveal tyrell")
	n := 0
	for _, tok := range s.view().Players[1].Loyalty {
		if tok.Revealed {
			n++
		}
	}
	if n != 3 {
		t.Fatalf("seat 1 shows %d tokens, want 3", n)
	}
	v := s.view()
	if v.Phase != rules.PhasePlace || v.Round != 2 || v.FirstPlayer != 1 {
		t.Fatalf("after the exchanges: phase %s round %d first %d; want round 2 placing, first player 1", v.Phase, v.Round, v.FirstPlayer)
	}
}

// End of game: after every player has been first player once; the first
// player passes clockwise each round.
func TestRuling_OneRoundPerPlayer(t *testing.T) {
	for n := 2; n <= 4; n++ {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			s := newScene(t, n)
			s.ok(s.g.Edit().First(rules.Seat(n - 1)))
			rounds := map[int]rules.Seat{}
			for steps := 0; !s.g.Over(); steps++ {
				if steps > 2000 {
					t.Fatal("game does not end")
				}
				v := s.view()
				rounds[v.Round] = v.FirstPlayer
				quiet(t, s)
			}
			if len(rounds) != n {
				t.Fatalf("%d players played rounds %v, want %d", n, rounds, n)
			}
			for r := 1; r <= n; r++ {
				if want := rules.Seat((n - 1 + r - 1) % n); rounds[r] != want {
					t.Fatalf("round %d first player %d, want %d", r, rounds[r], want)
				}
			}
		})
	}
}

// lastRound plays the final round with no agents and every seat keeping:
// the game ends with the ranking of rankingBoard.
func lastRound(t *testing.T, s *scene) rules.View {
	t.Helper()
	s.ok(s.g.Edit().Round(len(s.g.Seats())))
	s.agents()
	for !s.g.Over() {
		s.do(s.seat(s.g.ToAct()) + " keep")
	}
	return s.view()
}

// Scoring: a token scores its slot's value when its house's final rank
// span contains that slot.
func TestRuling_ScoringBySpan(t *testing.T) {
	s := newScene(t, 3)
	rankingBoard(s) // Baratheon 1, Lannister 2, Stark 3, Greyjoy and Tyrell 4-5
	s.ok(s.loyalty(0, []string{"baratheon", "lannister", "stark", "greyjoy", "tyrell"}))
	s.ok(s.loyalty(1, []string{"tyrell", "greyjoy", "stark", "lannister", "baratheon"}))
	s.ok(s.loyalty(2, []string{"lannister", "baratheon", "stark", "tyrell", "greyjoy"}))
	v := lastRound(t, s)
	want := []int{6 + 4 + 3 + 2 + 0, 3, 3 + 2 + 0}
	for i, p := range v.Players {
		if p.Score != want[i] {
			t.Errorf("seat %s scores %d, want %d", p.ID, p.Score, want[i])
		}
	}
	if !slices.Equal(v.Winners, []rules.Seat{0}) {
		t.Errorf("winners %v, want [0]", v.Winners)
	}
}

// Tie-breaks in the seed's order: fewest revealed tokens; then most cards
// of the first-ranked house in hand, then the second, ...; then the player
// next in turn order after the last first player.
func TestRuling_TieBreaks(t *testing.T) {
	top := []string{"baratheon", "lannister", "stark", "greyjoy", "tyrell"} // 15 points
	low := []string{"tyrell", "greyjoy", "stark", "lannister", "baratheon"} // 3 points
	for _, tc := range []struct {
		name   string
		setup  func(s *scene)
		winner rules.Seat
		words  string
	}{
		{"fewest revealed", func(s *scene) {
			s.ok(s.loyalty(0, top, "greyjoy"))
			s.ok(s.loyalty(1, top))
		}, 1, "revealed"},
		{"first-ranked house cards", func(s *scene) {
			s.ok(s.loyalty(0, top, "greyjoy"))
			s.ok(s.loyalty(1, top, "tyrell"))
			s.ok(s.give(0, "stannis-baratheon"))
			s.ok(s.give(1, "tywin-lannister"))
			s.ok(s.give(1, "ser-jaime-lannister"))
		}, 0, "Baratheon"},
		{"second-ranked house cards", func(s *scene) {
			s.ok(s.loyalty(0, top))
			s.ok(s.loyalty(1, top))
			s.ok(s.give(0, "stannis-baratheon"))
			s.ok(s.give(1, "renly-baratheon"))
			s.ok(s.give(1, "tywin-lannister"))
			s.ok(s.give(0, "eddard-stark"))
			s.ok(s.give(0, "robb-stark"))
		}, 1, "Lannister"},
		{"next in turn order", func(s *scene) {
			s.ok(s.loyalty(0, top))
			s.ok(s.loyalty(1, top))
			s.ok(s.g.Edit().First(1)) // next after 1 is 2 (not tied), then 0
		}, 0, "next in turn order"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScene(t, 3)
			rankingBoard(s)
			s.ok(s.loyalty(2, low))
			tc.setup(s)
			v := lastRound(t, s)
			if v.Players[0].Score != 15 || v.Players[1].Score != 15 || v.Players[2].Score != 3 {
				t.Fatalf("scores %d %d %d, want 15 15 3", v.Players[0].Score, v.Players[1].Score, v.Players[2].Score)
			}
			if !slices.Equal(v.Winners, []rules.Seat{tc.winner}) {
				t.Fatalf("winners %v, want [%d] (tie-break %q)", v.Winners, tc.winner, v.TieBreak)
			}
			if !strings.Contains(v.TieBreak, tc.words) {
				t.Fatalf("tie-break %q does not mention %q", v.TieBreak, tc.words)
			}
		})
	}
}

// Cards: an action a card grants (Asha's move) runs at once and may start a
// combat of its own. Its active player is still the seat whose turn it is,
// the one resolving the agent (seed 002; rulings.md, Combat), not the
// card's player.
func TestRuling_GrantedMoveMayFight(t *testing.T) {
	s := effectScene(t, "greyjoy", func(s *scene) {
		s.set("greyjoy", "greywater-watch", 3, 0, 0)
		s.set("greyjoy", "seagard", 2, 0, 0)
		s.set("stark", "flints-finger", 1, 0, 0)
		s.set("lannister", "riverrun", 1, 0, 0)
		s.ok(s.give(1, "asha-greyjoy"))
		s.ok(s.give(0, "tyrion-lannister"))
		s.ok(s.give(2, "balon-greyjoy"))
	}, "greywater-watch flints-finger footman:3")
	// Card order from the active seat 0: Tyrion is not playable against
	// Stark, so seat 1 plays Asha; seat 2 passes.
	s.do(s.seat(1) + " play asha-greyjoy")
	if s.g.ToAct() == 2 {
		s.do(s.seat(2) + " pass")
	}
	if s.g.ToAct() != 1 {
		t.Fatalf("seat %d to act after Greyjoy won with Asha, want 1", s.g.ToAct())
	}
	s.do(s.seat(1) + " move seagard riverrun footman:2")
	v := s.view()
	if v.Combat == nil || v.Combat.Attacker != s.house("greyjoy") || v.Combat.Defender != s.house("lannister") {
		t.Fatalf("Asha's move into Lannister troops: combat %+v", v.Combat)
	}
	if v.Active != 0 {
		t.Fatalf("active player %d in the combat Asha's move started, want seat 0 (resolving the agent)", v.Active)
	}
	// Cards from the active seat 0 clockwise: seat 0 holds Tyrion, seat 1
	// has none, then seat 2 holds Balon.
	if s.g.ToAct() != 0 {
		t.Fatalf("seat %d plays first, want seat 0 (the active player)", s.g.ToAct())
	}
	s.do(s.seat(0) + " pass")
	if s.g.ToAct() != 2 {
		t.Fatalf("seat %d plays next, want seat 2 (seat 1 has no card)", s.g.ToAct())
	}
	s.do(s.seat(2) + " pass")
	// 2 against 1: Greyjoy wins; no tie, so the active player's choice is
	// not needed. The resolving seat 0 finishes its Lord.
	if s.g.ToAct() != 0 {
		t.Fatalf("seat %d to act after the granted combat, want seat 0", s.g.ToAct())
	}
}

// End of round: exchanges go in order from the first player, and the
// left-over token (the 0 slot) may be exchanged too.
func TestRuling_ExchangeOrderAndLeftOver(t *testing.T) {
	s := newScene(t, 3)
	s.ok(s.g.Edit().First(2))
	order := []string{"baratheon", "stark", "lannister", "greyjoy", "tyrell"}
	for i := range rules.Seat(3) {
		s.ok(s.loyalty(i, order))
	}
	s.agents()
	var seen []rules.Seat
	for s.view().Phase == rules.PhaseExchange {
		seat := s.g.ToAct()
		seen = append(seen, seat)
		if seat == 2 {
			s.do(s.seat(2) + " exchange baratheon tyrell reveal tyrell")
		} else {
			s.do(s.seat(seat) + " keep")
		}
	}
	if !slices.Equal(seen, []rules.Seat{2, 0, 1}) {
		t.Fatalf("exchange order %v, want [2 0 1] from the first player", seen)
	}
	own := s.g.View(2).Players[2].Loyalty
	if own[0].House != s.house("tyrell") || !own[0].Revealed || own[4].House != s.house("baratheon") || own[4].Revealed || own[4].Value != 0 {
		t.Fatalf("seat 2 card %+v: want Tyrell face up on the 6 slot, Baratheon face down as the left-over", own)
	}
	if v := s.view(); v.FirstPlayer != 0 || v.Round != 2 {
		t.Fatalf("round %d first player %d, want round 2 with seat 0 first (clockwise from 2)", v.Round, v.FirstPlayer)
	}
}
