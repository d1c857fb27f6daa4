package rules

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"notrueking/board"
)

// musterGame gives Stark a Maester that has chosen to muster, with Stark
// holding Winterfell (1 barrel), White Harbor (0), the Stony Shore (1) and
// Widow's Watch (1): 3 points.
func musterGame(t *testing.T) *Game {
	g := scenario(t, 2, 0, agentAt{0, "stark", Maester}, agentAt{1, "stark", Marshal})
	set(t, g, "stark", "the-stony-shore", units(1, 0, 0))
	if err := g.setFlag("widows-watch", "stark"); err != nil {
		t.Fatal(err)
	}
	act(t, g, "crown resolve stark maester")
	act(t, g, "crown choose muster")
	if v := g.View(0); v.MusterPoints != 3 {
		t.Fatalf("muster points %d, want 3", v.MusterPoints)
	}
	return g
}

func TestMusterRefusals(t *testing.T) {
	tests := []struct {
		name, setup, line, want string
	}{
		{"no barrels", "", "crown muster footman white-harbor", "White Harbor has no barrels"},
		{"not controlled", "", "crown muster footman karhold", "Stark does not control Karhold"},
		{"sea", "", "crown muster footman bay-of-ice", "not land"},
		{"territory cap", "crown muster footman winterfell", "crown muster footman winterfell", "as many as its barrels allow"},
		{"ship cap shared with footmen", "crown muster footman winterfell", "crown muster ship winterfell port-of-winterfell", "as many as its barrels allow"},
		{"ship not into sea", "", "crown muster ship winterfell karhold", "its port or an adjacent sea"},
		{"ship into far sea", "", "crown muster ship winterfell the-narrow-sea", "its port or an adjacent sea"},
		{"ship with no sea named", "", "crown muster ship winterfell", "name the sea or port"},
		{"ship into enemy sea", "greyjoy", "crown muster ship winterfell bay-of-ice", "Greyjoy has ships in Bay of Ice"},
		{"promotion without footman", "", "crown muster knight karhold", "no footman in Karhold"},
		{"promotion at sea needs a footman aboard", "", "crown muster knight the-shivering-sea", "no footman in The Shivering Sea"},
		{"footman limit", "limit", "crown muster footman the-stony-shore", "all 10 of its footmen"},
		{"no dragons on this map", "", "crown muster dragon winterfell", "no dragons"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := musterGame(t)
			switch tc.setup {
			case "":
			case "greyjoy":
				set(t, g, "greyjoy", "bay-of-ice", units(0, 0, 1))
			case "limit":
				set(t, g, "stark", "widows-watch", units(8, 0, 0))
			default:
				act(t, g, tc.setup)
			}
			wantErr(t, refuse(t, g, tc.line), tc.want)
		})
	}
}

func TestMusterPlacesAndEnds(t *testing.T) {
	g := musterGame(t)
	if n := len(g.Legal()); n < 5 {
		t.Fatalf("only %d muster actions listed", n)
	}
	act(t, g, "crown muster ship winterfell port-of-winterfell")
	act(t, g, "crown muster knight white-harbor")
	if g.top().Points != 1 {
		t.Fatalf("points %d", g.top().Points)
	}
	act(t, g, "crown muster footman widows-watch")
	if got := unitsAt(g, "stark", "port-of-winterfell"); got != units(0, 0, 1) {
		t.Fatalf("port %v", got)
	}
	if got := unitsAt(g, "stark", "white-harbor"); got != units(0, 1, 0) {
		t.Fatalf("white harbor %v", got)
	}
	if got := unitsAt(g, "stark", "widows-watch"); got != units(1, 0, 0) || flagAt(g, "widows-watch") != "" {
		t.Fatalf("widow's watch %v flag %q", got, flagAt(g, "widows-watch"))
	}
	// Points spent: the muster ended and the agent with it.
	if g.ToAct() != 1 || g.top() != nil || g.currentTier() != Marshal {
		t.Fatalf("after the last point: %+v", g.top())
	}
}

func TestMusterPromotesAFootmanAtSea(t *testing.T) {
	g := musterGame(t)
	set(t, g, "stark", "the-shivering-sea", units(1, 0, 1))
	act(t, g, "crown muster knight the-shivering-sea")
	if got := unitsAt(g, "stark", "the-shivering-sea"); got != units(0, 1, 1) {
		t.Fatalf("shivering sea %v", got)
	}
}

func TestMusterShipIntoAdjacentSea(t *testing.T) {
	g := musterGame(t)
	act(t, g, "crown muster ship winterfell the-shivering-sea")
	if got := unitsAt(g, "stark", "the-shivering-sea"); got != units(0, 0, 2) {
		t.Fatalf("shivering sea %v", got)
	}
}

// moveGame gives Crown a Stark Maester that has chosen to move.
func moveGame(t *testing.T) *Game {
	g := scenario(t, 2, 0, agentAt{0, "stark", Maester}, agentAt{1, "stark", Marshal})
	act(t, g, "crown resolve stark maester")
	act(t, g, "crown choose move")
	return g
}

func TestMoveRefusals(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, g *Game)
		line  string
		want  string
	}{
		{"not adjacent", nil, "crown move winterfell sunspear footman:1", "Winterfell is not adjacent to Sunspear"},
		{"no ships to carry", nil, "crown move winterfell bay-of-ice footman:1", "Stark has no ships in Bay of Ice to carry"},
		{"ship capacity", nil, "crown move winterfell the-shivering-sea footman:1 knight:1", "can carry only 1 more unit"},
		{"capacity counts units aboard", func(t *testing.T, g *Game) {
			set(t, g, "stark", "the-shivering-sea", units(1, 0, 1))
		}, "crown move winterfell the-shivering-sea footman:1", "can carry only 0 more units"},
		{"land units into port", func(t *testing.T, g *Game) {
			set(t, g, "stark", "port-of-winterfell", units(0, 0, 1))
		}, "crown move winterfell port-of-winterfell footman:1", "only ships may enter"},
		{"too many units", nil, "crown move winterfell karhold knight:2", "Stark has only 1 knight in Winterfell"},
		{"no such unit", nil, "crown move white-harbor karhold knight:1", "Stark has no knights in White Harbor"},
		{"ships onto land", nil, "crown move the-shivering-sea karhold ship:1", "ships cannot enter land"},
		{"port of a land not controlled", func(t *testing.T, g *Game) {
			set(t, g, "lannister", "the-golden-sound", units(0, 0, 0))
			set(t, g, "stark", "the-golden-sound", units(0, 0, 1))
		}, "crown move the-golden-sound port-of-lannisport ship:1", "Stark does not control Lannisport"},
		{"cargo left without ships", func(t *testing.T, g *Game) {
			set(t, g, "stark", "the-shivering-sea", units(1, 0, 1))
		}, "crown move the-shivering-sea the-narrow-sea ship:1", "would be left without ships"},
		{"cargo cannot swim", func(t *testing.T, g *Game) {
			set(t, g, "stark", "the-shivering-sea", units(1, 0, 1))
		}, "crown move the-shivering-sea the-narrow-sea footman:1", "only aboard ships"},
		{"ships carry one unit each", func(t *testing.T, g *Game) {
			set(t, g, "stark", "the-shivering-sea", units(2, 0, 2))
		}, "crown move the-shivering-sea the-narrow-sea ship:1 footman:2", "1 ship can carry only 1 unit"},
		{"from a port only to its sea", func(t *testing.T, g *Game) {
			set(t, g, "stark", "port-of-winterfell", units(0, 0, 1))
		}, "crown move port-of-winterfell winterfell ship:1", "may sail only into Bay of Ice"},
		{"nothing named", nil, "crown move winterfell karhold", "move takes"},
		{"wrong house's troops", nil, "crown move pyke port-of-pyke footman:1", "Stark has no footmen in Pyke"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := moveGame(t)
			if tc.setup != nil {
				tc.setup(t, g)
			}
			wantErr(t, refuse(t, g, tc.line), tc.want)
		})
	}
}

func TestMoveBySeaAndFlags(t *testing.T) {
	g := scenario(t, 2, 0, agentAt{0, "stark", Lord}, agentAt{1, "stark", Maester}, agentAt{1, "stark", Marshal})
	if err := g.setFlag("widows-watch", "greyjoy"); err != nil {
		t.Fatal(err)
	}
	// Torch: White Harbor's footman boards the ship in the Shivering Sea.
	act(t, g, "torch resolve stark maester")
	act(t, g, "torch choose move")
	evs := act(t, g, "torch move white-harbor the-shivering-sea footman:1")
	if flagAt(g, "white-harbor") != "stark" || !hasEvent(evs, "Stark leaves a flag in White Harbor") {
		t.Fatalf("no Stark flag left in White Harbor: %v", evs)
	}
	if g.control(terr(t, g, "white-harbor")) != house(t, g, "stark") {
		t.Fatal("Stark lost control of White Harbor by leaving it")
	}
	// Torch's Marshal: the ship sails to the Narrow Sea with its cargo.
	act(t, g, "torch resolve stark marshal")
	act(t, g, "torch choose move")
	act(t, g, "torch move the-shivering-sea the-narrow-sea ship:1 footman:1")
	if got := unitsAt(g, "stark", "the-narrow-sea"); got != units(1, 0, 1) {
		t.Fatalf("narrow sea %v", got)
	}
	act(t, g, "torch done")
	// Crown's Lord: the footman lands on Greyjoy's flag.
	act(t, g, "crown resolve stark lord")
	act(t, g, "crown choose move")
	evs = act(t, g, "crown move the-narrow-sea widows-watch footman:1")
	if !hasEvent(evs, "Greyjoy's flag in Widow's Watch is removed") || hasEvent(evs, "combat") {
		t.Fatalf("events %v", evs)
	}
	if flagAt(g, "widows-watch") != "" || unitsAt(g, "stark", "widows-watch") != units(1, 0, 0) {
		t.Fatal("Stark did not take Widow's Watch")
	}
	if v := g.View(Public); v.Controller(terr(t, g, "widows-watch")) != house(t, g, "stark") {
		t.Fatal("control view")
	}
}

func TestShipsEnterOwnPortAndLoseItWithTheLand(t *testing.T) {
	g := scenario(t, 2, 0, agentAt{0, "stark", Maester}, agentAt{0, "stark", Lord}, agentAt{1, "greyjoy", Maester})
	set(t, g, "stark", "bay-of-ice", units(0, 0, 2))
	act(t, g, "crown resolve stark maester")
	act(t, g, "crown choose move")
	act(t, g, "crown move bay-of-ice port-of-winterfell ship:2")
	if unitsAt(g, "stark", "port-of-winterfell") != units(0, 0, 2) {
		t.Fatal("ships did not enter the port")
	}
	// Greyjoy takes the empty Winterfell: Stark's ships in its port are lost.
	clearStark := units(0, 0, 0)
	set(t, g, "stark", "winterfell", clearStark)
	set(t, g, "greyjoy", "the-stony-shore", units(1, 0, 0))
	act(t, g, "torch resolve greyjoy maester")
	act(t, g, "torch choose move")
	evs := act(t, g, "torch move the-stony-shore winterfell footman:1")
	if !hasEvent(evs, "Stark no longer controls Winterfell: 2 ships in Port of Winterfell are lost") {
		t.Fatalf("events %v", evs)
	}
	if unitsAt(g, "stark", "port-of-winterfell") != clearStark {
		t.Fatal("ships still in port")
	}
}

func TestDrawIsSecretAndDecksRebuild(t *testing.T) {
	g := scenario(t, 2, 0, agentAt{0, "stark", Lord}, agentAt{1, "stark", Maester}, agentAt{1, "stark", Marshal})
	if err := g.setDeck("stark", []string{"eddard-stark"}, true); err != nil {
		t.Fatal(err)
	}
	act(t, g, "torch resolve stark maester")
	evs := act(t, g, "torch choose draw")
	if !hasEvent(evs, "Torch drew a Stark card") || !hasEvent(evs, "shuffled into a new deck") {
		t.Fatalf("events %v", evs)
	}
	own, other := g.View(1), g.View(0)
	if len(own.Players[1].Hand) != 1 || own.Players[1].Hand[0] != g.cardNum("eddard-stark") {
		t.Fatalf("own hand %v", own.Players[1].Hand)
	}
	if other.Players[1].Hand != nil || other.Players[1].HandSize(house(t, g, "stark")) != 1 {
		t.Fatalf("Crown sees %v / %v", other.Players[1].Hand, other.Players[1].HandSizes)
	}
	for _, e := range other.Log {
		if containsFold(e.Text, "Eddard") {
			t.Fatalf("Crown reads %q", e.Text)
		}
	}
	st := house(t, g, "stark")
	if v := g.View(Public); v.DeckSize(st) != 6 || len(v.Discard(st)) != 0 {
		t.Fatalf("deck %d discard %d after the rebuild", v.DeckSize(st), len(v.Discard(st)))
	}
	// Every Stark card in hands: the draw does nothing and says so.
	for _, c := range g.m.Houses[house(t, g, "stark")].Deck {
		give(t, g, 1, c.ID)
	}
	act(t, g, "torch resolve stark marshal")
	act(t, g, "torch choose move")
	act(t, g, "torch done")
	act(t, g, "torch done")
	act(t, g, "crown resolve stark lord")
	evs = act(t, g, "crown choose draw")
	if !hasEvent(evs, "nothing is drawn") {
		t.Fatalf("events %v", evs)
	}
}

func TestLegalMovesAllPassCheck(t *testing.T) {
	g := moveGame(t)
	set(t, g, "stark", "the-shivering-sea", units(1, 1, 2))
	legal := g.Legal()
	seen := map[string]bool{}
	for _, a := range legal {
		s := g.FormatAction(a)
		if seen[s] {
			t.Fatalf("%q listed twice", s)
		}
		seen[s] = true
		if err := g.Check(a); err != nil {
			t.Fatalf("%q listed but refused: %v", s, err)
		}
	}
	for _, want := range []string{
		"crown move the-shivering-sea the-narrow-sea knight:1 ship:1",
		"crown move the-shivering-sea karhold footman:1 knight:1",
		"crown move winterfell karhold footman:1 knight:1",
		"crown done",
	} {
		if !seen[want] {
			t.Fatalf("%q not listed", want)
		}
	}
	if seen["crown move the-shivering-sea the-narrow-sea footman:1 knight:1 ship:1"] {
		t.Fatal("1 ship listed carrying 2 units")
	}
	_ = board.Footman
}

// TestCheckRefusesIdsOutsideTheMap: an action naming a seat, house,
// territory or card number the map does not have (a garbled record, a
// client at the other end of a wire) is refused with a reason naming the
// number, and changes nothing.
func TestCheckRefusesIdsOutsideTheMap(t *testing.T) {
	g := scenario(t, 3, 0, agentAt{0, "greyjoy", Maester}, agentAt{1, "stark", Maester}, agentAt{2, "lannister", Marshal})
	act(t, g, "crown resolve greyjoy maester")
	act(t, g, "crown choose move")
	pyke := terr(t, g, "pyke")
	move := Action{Seat: 0, Verb: VMove, From: pyke, To: terr(t, g, "bay-of-ice"), Units: units(1, 0, 0), House: None}
	for _, tc := range []struct {
		name string
		a    func(Action) Action
		want string
	}{
		{"seat", func(a Action) Action { a.Seat = 7; return a }, "there is no seat 7"},
		{"territory", func(a Action) Action { a.To = 999; return a }, "there is no territory number 999"},
		{"origin", func(a Action) Action { a.From = -5; return a }, "there is no territory number -5"},
	} {
		before, _ := json.Marshal(g.st)
		err := g.Check(tc.a(move))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Check says %v, want %q", tc.name, err, tc.want)
		}
		if _, aerr := g.Apply(tc.a(move)); aerr == nil {
			t.Errorf("%s: applied", tc.name)
		}
		if after, _ := json.Marshal(g.st); string(before) != string(after) {
			t.Errorf("%s: a refused action changed the game", tc.name)
		}
	}
}

// TestPlaceRefusesAHouseOutsideTheMap: the same for a house number, in
// the placement phase where an action names a house.
func TestPlaceRefusesAHouseOutsideTheMap(t *testing.T) {
	g := newGame(t, 2, 1)
	for range 2 {
		act(t, g, g.Seats()[g.ToAct()]+" arrange stark lannister greyjoy tyrell baratheon")
	}
	for _, h := range []board.HouseID{5, 40, -3} {
		err := g.Check(Action{Seat: g.ToAct(), Verb: VPlace, House: h, Slot: Lord})
		if want := fmt.Sprintf("there is no house number %d", h); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("house %d: Check says %v, want %q", h, err, want)
		}
	}
}
