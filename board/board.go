// Package board holds the static map of a No True King game: territories,
// their kinds and icons, adjacency, ports, houses, the starting position, the
// house-card decks and the raster geometry the screen draws from.
//
// A Map is built once (by package maps, from a TOML file) and is then
// immutable and shared: the game state refers to territories and houses by
// their string ids and indexes into Map.Territories / Map.Houses.
//
// The package imports only the standard library.
package board

import (
	"fmt"
	"sort"
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
	// Neighbors are indexes into Map.Territories, sorted ascending.
	Neighbors []int
	// Port: for a land territory, the index of its port, or -1.
	Port int
	// PortOf and PortSea: for a port, the land it belongs to and the sea it
	// opens on; -1 otherwise.
	PortOf  int
	PortSea int
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
func (m *Map) IsCoastal(t int) bool {
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

	terrIndex  map[string]int
	houseIndex map[string]int
	cards      []Card
	cardHouse  []int
	cardIndex  map[string]int
}

// Index builds the id lookups; maps calls it after filling the Map.
func (m *Map) Index() {
	m.terrIndex = make(map[string]int, len(m.Territories))
	for i, t := range m.Territories {
		m.terrIndex[t.ID] = i
	}
	m.houseIndex = make(map[string]int, len(m.Houses))
	for i, h := range m.Houses {
		m.houseIndex[h.ID] = i
	}
	m.cards, m.cardHouse = m.cards[:0], m.cardHouse[:0]
	m.cardIndex = map[string]int{}
	for h, house := range m.Houses {
		for _, c := range house.Deck {
			c.House = house.ID
			if _, dup := m.cardIndex[c.ID]; !dup {
				m.cardIndex[c.ID] = len(m.cards)
			}
			m.cards = append(m.cards, c)
			m.cardHouse = append(m.cardHouse, h)
		}
	}
}

// NumCards is the number of house cards in all the houses' decks. Cards
// are numbered 0..NumCards()-1, house by house in the map's order.
func (m *Map) NumCards() int { return len(m.cards) }

// CardAt returns card number i (with House set to its house's id).
func (m *Map) CardAt(i int) Card { return m.cards[i] }

// CardHouse returns the house index of card number i.
func (m *Map) CardHouse(i int) int { return m.cardHouse[i] }

// Card returns the number of the card with the given id.
func (m *Map) Card(id string) (int, bool) {
	i, ok := m.cardIndex[id]
	return i, ok
}

// Territory returns the index of the territory with the given id.
func (m *Map) Territory(id string) (int, bool) {
	i, ok := m.terrIndex[id]
	return i, ok
}

// House returns the index of the house with the given id.
func (m *Map) House(id string) (int, bool) {
	i, ok := m.houseIndex[id]
	return i, ok
}

// Adjacent reports whether territories a and b are neighbours.
func (m *Map) Adjacent(a, b int) bool {
	ns := m.Territories[a].Neighbors
	i := sort.SearchInts(ns, b)
	return i < len(ns) && ns[i] == b
}

// RiverBetween returns the river that blocks the border between
// territories a and b, if one does.
func (m *Map) RiverBetween(a, b int) (*River, bool) {
	if a > b {
		a, b = b, a
	}
	for i := range m.Rivers {
		for _, p := range m.Rivers[i].Borders {
			if p == [2]int{a, b} {
				return &m.Rivers[i], true
			}
		}
	}
	return nil, false
}

// HomeRegion returns the home region of house h (by index), if it has one.
func (m *Map) HomeRegion(h int) (*Region, bool) {
	for i := range m.Regions {
		if m.Regions[i].House == m.Houses[h].ID {
			return &m.Regions[i], true
		}
	}
	return nil, false
}

// Total counts the units of every kind in u.
func Total(u [NumUnits]int) int {
	n := 0
	for _, x := range u {
		n += x
	}
	return n
}
