// Package board holds the static map of a No True King game: territories,
// their kinds and icons, adjacency, ports, houses, the starting position, the
// house-card decks and the raster geometry the screen draws from.
//
// A Map is built once (by package maps, from a TOML file) and is then
// immutable and shared. Inside the program a territory, a house and a house
// card are named by small typed numbers (TerrID, HouseID, CardID): indexes
// into Map.Territories, Map.Houses and the map's cards. Their string ids
// (Territory.ID, House.ID, Card.ID) are for text only: map files, records,
// logs and JSON meant for people; Map.Territory, Map.House and Map.Card
// read them.
//
// The package imports only the standard library.
package board

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
)

// MaxIDs is the most territories, houses or cards a map may have: their
// ids are 16-bit. (A map file cannot come near it: package maps reads at
// most 50 000 keys and tables, and each territory or card takes several.)
const MaxIDs = 1<<15 - 1

// TerrID is a territory's number: its index in Map.Territories.
type TerrID int16

// HouseID is a house's number: its index in Map.Houses.
type HouseID int16

// CardID is a house card's number: 0..NumCards()-1, house by house in the
// map's order (Map.CardAt).
type CardID int16

// The "none" of each id: no territory, no house, no card.
const (
	NoTerr  TerrID  = -1
	NoHouse HouseID = -1
	NoCard  CardID  = -1
)

// Kind is the kind of a territory.
type Kind int

// Territory kinds. Only Land counts for rankings and mustering.
const (
	Land Kind = iota
	Sea
	Port
	Road // nine-player map: road areas where houses coexist
)

var kindNames = [...]string{"land", "sea", "port", "road"}

// String returns the lower-case name used in map files and JSON.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// ParseKind is the inverse of Kind.String.
func ParseKind(s string) (Kind, error) {
	for i, n := range kindNames {
		if n == s {
			return Kind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown territory kind %q (want land, sea, port or road)", s)
}

// Fortress is the defensive structure of a land territory.
// NTK "Town" = AGoT castle (+2), NTK "Castle" = AGoT stronghold (+4).
type Fortress int

// Fortress levels.
const (
	NoFortress Fortress = 0
	Town       Fortress = 1
	Castle     Fortress = 2
)

// String names the fortress as the No True King rules do.
func (f Fortress) String() string {
	switch f {
	case Town:
		return "town"
	case Castle:
		return "castle"
	}
	return "none"
}

// DefenceBonus is the power a defender gets from the fortress (rules:
// combat strength — a town +2, a castle +4).
func (f Fortress) DefenceBonus() int {
	switch f {
	case Town:
		return 2
	case Castle:
		return 4
	}
	return 0
}

// Unit is a kind of troop.
type Unit int

// Unit kinds, in the order casualties are removed (rulings: footmen,
// knights, ships, dragons).
const (
	Footman Unit = iota
	Knight
	Ship
	Dragon
	NumUnits
)

var unitNames = [...]string{"footman", "knight", "ship", "dragon"}

// String returns the lower-case unit name used in files, records and logs.
func (u Unit) String() string {
	if u >= 0 && int(u) < len(unitNames) {
		return unitNames[u]
	}
	return fmt.Sprintf("unit(%d)", int(u))
}

// ParseUnit is the inverse of Unit.String; it also accepts plurals.
func ParseUnit(s string) (Unit, error) {
	for i, n := range unitNames {
		if n == s || n+"s" == s || (n == "footman" && s == "footmen") { // the plurals words.UnitPlural writes
			return Unit(i), nil
		}
	}
	return 0, fmt.Errorf("unknown unit %q (want footman, knight, ship or dragon)", s)
}

// Territory is one area of the board.
type Territory struct {
	ID string
	// Code is the short code of the territory's cells in the map file's grid.
	Code     string
	Name     string
	Kind     Kind
	Crowns   int
	Barrels  int
	Fortress Fortress
	// Neighbors are the adjacent territories, sorted ascending.
	Neighbors []TerrID
	// Port: for a land territory, its port, or NoTerr.
	Port TerrID
	// PortOf and PortSea: for a port, the land it belongs to and the sea it
	// opens on; NoTerr otherwise.
	PortOf  TerrID
	PortSea TerrID
	// Region is the home region (nine-player map), "" when none.
	Region string
	// Fortification: Moat Cailin's +1 fortification at setup (nine-player
	// rules: Moat Cailin).
	Fortification bool
	// Label is the anchor, in grid cells, where the name is drawn.
	Label Point
	// Path is a road's course in grid cells (nine-player map): a road has
	// no cells of its own; it is drawn along this line, which passes only
	// through its neighbours (and off-board cells). Nil for other kinds.
	Path []Point
}

// IsCoastal reports whether a land territory touches a sea (directly or via its port).
func (m *Map) IsCoastal(t TerrID) bool {
	for _, n := range m.Territories[t].Neighbors {
		if k := m.Territories[n].Kind; k == Sea || k == Port {
			return true
		}
	}
	return false
}

// House is a great house in play on this map.
type House struct {
	ID    string
	Name  string
	Color RGB
	// Home is the id of the house's home (capital) territory.
	Home string
	// Limits caps how many units of each kind the house may have on the board.
	Limits [NumUnits]int
	// Deck is the house-card deck in its printed order (shuffled at setup).
	Deck []Card
}

// RGB is an opaque colour.
type RGB struct{ R, G, B uint8 }

// Card is a house card. Only strength, swords and towers count, plus the
// named replacement Effect (rules: house cards), "" for none.
type Card struct {
	ID       string
	Name     string
	House    string
	Strength int
	Swords   int
	Towers   int
	Effect   string
}

// Card effects: the house cards whose text replaces their strength
// (rules: house cards).
const (
	EffectBrienne    = "brienne"    // ignore the defender's town/castle bonus
	EffectAsha       = "asha"       // on win: a Move Troops action for Greyjoy
	EffectCersei     = "cersei"     // on win: remove one unresolved Lannister agent
	EffectJaime      = "jaime"      // on win: a Muster Troops action for Lannister
	EffectMelisandre = "melisandre" // on win: look at one opponent's hand, discard one
	EffectSalladhor  = "salladhor"  // + Baratheon ships in seas adjacent to the contested territory
	EffectCatelyn    = "catelyn"    // Stark may double the town/castle bonus
)

// Placement is a starting group of units.
type Placement struct {
	House     string
	Territory string
	Unit      Unit
	Count     int
}

// Point is a position in grid cells (fractions allowed).
type Point struct{ X, Y float64 }

// Grid is the province raster: W×H cells, each holding a territory index
// or -1 for off-board. Shapes tile without gaps or overlaps by construction;
// two territories touch when two 4-neighbouring cells hold them.
type Grid struct {
	W, H  int
	Cells []int16
}

// At returns the territory index at cell (x, y), or -1 outside the grid.
func (g *Grid) At(x, y int) int {
	if x < 0 || y < 0 || x >= g.W || y >= g.H {
		return -1
	}
	return int(g.Cells[y*g.W+x])
}

// Touching returns every unordered pair {a, b} (a < b) of territories whose
// cells share an edge, sorted.
func (g *Grid) Touching() [][2]int {
	seen := map[[2]int]bool{}
	add := func(a, b int) {
		if a < 0 || b < 0 || a == b {
			return
		}
		if a > b {
			a, b = b, a
		}
		seen[[2]int{a, b}] = true
	}
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			c := g.At(x, y)
			add(c, g.At(x+1, y))
			add(c, g.At(x, y+1))
		}
	}
	out := make([][2]int, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i][0] != out[j][0] {
			return out[i][0] < out[j][0]
		}
		return out[i][1] < out[j][1]
	})
	return out
}

// Exception is a pair of territories whose adjacency the drawing does not
// show (or shows where there is none), with the map file's reason.
type Exception struct {
	A, B   int
	Reason string
}

// River is an impassable river (nine-player map): it blocks the common
// border of each pair in Borders (they touch in the drawing but are not
// adjacent), except at its Bridges (pairs that stay adjacent and are drawn
// as crossings). Pairs hold territory indexes, smaller first.
type River struct {
	ID, Name string
	Borders  [][2]int
	Bridges  [][2]int
}

// Region is a home region (nine-player map): its territories name it in
// Territory.Region; House is the house at home there ("" for none).
type Region struct {
	ID, Name, House string
}

// Map is the whole static map. Build it with package maps; treat it as
// read-only afterwards.
type Map struct {
	ID          string
	Name        string
	Territories []Territory
	Houses      []House
	// InitialRank is each house's displayed rank at setup (1 = first),
	// indexed like Houses; equal numbers share a rank (rules: setup, the
	// starting house ranks).
	InitialRank []int
	// LoyaltySlots are the loyalty-card slot values, best first; one slot
	// per house (standard: 6, 4, 3, 2, 0).
	LoyaltySlots []int
	MinPlayers   int
	MaxPlayers   int
	Conspiracies []string // conspiracy ids in seat order (crown, torch, …)
	// ConspiracyNames are the display names, indexed like Conspiracies
	// (Crown, Torch, …).
	ConspiracyNames []string
	Setup           []Placement
	Grid            Grid
	// Exceptions are the declared differences between adjacency and the
	// drawing (a sea lane, a river): pairs of territory indexes, each with
	// the reason the map file gives.
	Exceptions []Exception
	// SHA256 is the lower-case hex SHA-256 of the file the map was read
	// from ("" for a map built otherwise): a record names a map file by it.
	SHA256 string `json:"-"`
	// Source is the absolute path of the map file the map was read from
	// ("" for a shipped map or a map built otherwise): a game that starts
	// from a position names its map file by it.
	Source string `json:"-"`
	// Regions are the home regions (nine-player map); empty on the standard map.
	Regions []Region
	// Rivers are the impassable rivers (nine-player map); empty on the
	// standard map.
	Rivers []River

	terrIndex  map[string]TerrID
	houseIndex map[string]HouseID
	cards      []Card
	cardHouse  []HouseID
	cardIndex  map[string]CardID
	houseCards [][]CardID
	homes      []TerrID
	shown      []string // each territory's code as shown (codes.go)
}

// Index builds the id lookups; maps calls it after filling the Map.
func (m *Map) Index() {
	m.terrIndex = make(map[string]TerrID, len(m.Territories))
	for i, t := range m.Territories {
		m.terrIndex[t.ID] = TerrID(i)
	}
	m.shown = shownCodes(m.Territories)
	m.houseIndex = make(map[string]HouseID, len(m.Houses))
	for i, h := range m.Houses {
		m.houseIndex[h.ID] = HouseID(i)
	}
	m.homes = make([]TerrID, len(m.Houses))
	for i, h := range m.Houses {
		m.homes[i] = NoTerr
		if t, ok := m.terrIndex[h.Home]; ok {
			m.homes[i] = t
		}
	}
	m.cards, m.cardHouse = m.cards[:0], m.cardHouse[:0]
	m.cardIndex = map[string]CardID{}
	m.houseCards = make([][]CardID, len(m.Houses))
	for h, house := range m.Houses {
		for _, c := range house.Deck {
			c.House = house.ID
			if _, dup := m.cardIndex[c.ID]; !dup {
				m.cardIndex[c.ID] = CardID(len(m.cards))
			}
			m.houseCards[h] = append(m.houseCards[h], CardID(len(m.cards)))
			m.cards = append(m.cards, c)
			m.cardHouse = append(m.cardHouse, HouseID(h))
		}
	}
}

// HomeOf is house h's home (capital) territory, NoTerr when it has none.
func (m *Map) HomeOf(h HouseID) TerrID {
	if !m.HasHouse(h) || int(h) >= len(m.homes) {
		return NoTerr
	}
	return m.homes[h]
}

// NumTerritories is the number of territories: territory ids are
// 0..NumTerritories()-1 (range over it to visit each).
func (m *Map) NumTerritories() TerrID { return TerrID(len(m.Territories)) }

// NumHouses is the number of houses: house ids are 0..NumHouses()-1.
func (m *Map) NumHouses() HouseID { return HouseID(len(m.Houses)) }

// HasTerr, HasHouse and HasCard report whether an id names a thing of
// this map.
func (m *Map) HasTerr(t TerrID) bool   { return t >= 0 && int(t) < len(m.Territories) }
func (m *Map) HasHouse(h HouseID) bool { return h >= 0 && int(h) < len(m.Houses) }
func (m *Map) HasCard(c CardID) bool   { return c >= 0 && int(c) < len(m.cards) }

// TerrName, HouseName and CardName are the string ids of a territory, a
// house and a card, for text (records, logs, JSON for people); an id
// outside the map is written as its number in brackets.
func (m *Map) TerrName(t TerrID) string {
	if m.HasTerr(t) {
		return m.Territories[t].ID
	}
	return "<" + strconv.Itoa(int(t)) + ">"
}

// HouseName: see TerrName.
func (m *Map) HouseName(h HouseID) string {
	if m.HasHouse(h) {
		return m.Houses[h].ID
	}
	return "<" + strconv.Itoa(int(h)) + ">"
}

// CardName: see TerrName.
func (m *Map) CardName(c CardID) string {
	if m.HasCard(c) {
		return m.cards[c].ID
	}
	return "<" + strconv.Itoa(int(c)) + ">"
}

// NumCards is the number of house cards in all the houses' decks. Cards
// are numbered 0..NumCards()-1, house by house in the map's order.
func (m *Map) NumCards() CardID { return CardID(len(m.cards)) }

// CardAt returns card c (with House set to its house's id).
func (m *Map) CardAt(c CardID) Card { return m.cards[c] }

// HouseCards are the cards of house h's deck in its printed order (shared:
// do not change it).
func (m *Map) HouseCards(h HouseID) []CardID {
	if !m.HasHouse(h) || int(h) >= len(m.houseCards) {
		return nil
	}
	return m.houseCards[h]
}

// CardHouse returns the house of card c.
func (m *Map) CardHouse(c CardID) HouseID { return m.cardHouse[c] }

// Card returns the card with the given string id.
func (m *Map) Card(id string) (CardID, bool) {
	c, ok := m.cardIndex[id]
	return c, ok
}

// Territory returns the territory with the given string id.
func (m *Map) Territory(id string) (TerrID, bool) {
	t, ok := m.terrIndex[id]
	return t, ok
}

// House returns the house with the given string id.
func (m *Map) House(id string) (HouseID, bool) {
	h, ok := m.houseIndex[id]
	return h, ok
}

// Adjacent reports whether territories a and b are neighbours.
func (m *Map) Adjacent(a, b TerrID) bool {
	_, ok := slices.BinarySearch(m.Territories[a].Neighbors, b)
	return ok
}

// RiverBetween returns the river that blocks the border between
// territories a and b, if one does.
func (m *Map) RiverBetween(a, b TerrID) (*River, bool) {
	if a > b {
		a, b = b, a
	}
	for i := range m.Rivers {
		for _, p := range m.Rivers[i].Borders {
			if p == [2]int{int(a), int(b)} {
				return &m.Rivers[i], true
			}
		}
	}
	return nil, false
}

// HomeRegion returns the home region of house h (by index), if it has one.
func (m *Map) HomeRegion(h HouseID) (*Region, bool) {
	for i := range m.Regions {
		if m.Regions[i].House == m.Houses[h].ID {
			return &m.Regions[i], true
		}
	}
	return nil, false
}

// RegionOf is the home region territory t lies in (nine-player map) and
// the house at home there (NoHouse for none); false when t lies in none.
func (m *Map) RegionOf(t TerrID) (*Region, HouseID, bool) {
	if !m.HasTerr(t) || m.Territories[t].Region == "" {
		return nil, NoHouse, false
	}
	for i := range m.Regions {
		if r := &m.Regions[i]; r.ID == m.Territories[t].Region {
			h, ok := m.houseIndex[r.House]
			if !ok {
				h = NoHouse
			}
			return r, h, true
		}
	}
	return nil, NoHouse, false
}

// Total counts the units of every kind in u.
func Total(u [NumUnits]int) int {
	n := 0
	for _, x := range u {
		n += x
	}
	return n
}
