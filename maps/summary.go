package maps

import "notrueking/board"

// Summary is what the validate command says of a valid map, as data: its
// counts, its exceptions and rivers, its houses and the balance report.
type Summary struct {
	ID, Name    string
	Territories int
	// Kinds counts the territories of each kind, indexed by board.Kind
	// (land, sea, port, road).
	Kinds                           [4]int
	Crowns, Barrels, Castles, Towns int
	Pairs                           int // adjacent pairs of territories
	GridW, GridH                    int
	Touching                        int // pairs of territories whose cells touch on the grid
	Exceptions                      []ExceptionSummary
	Rivers                          []RiverSummary
	MinPlayers, MaxPlayers          int
	Conspiracies                    []string // their names, in map order
	LoyaltySlots                    []int
	Houses                          []HouseSummary
	// BalanceOf says what the balance report weighs: "home region", or
	// "capital" on a map without regions.
	BalanceOf string
	Balance   []Balance
	Spread    Balance
}

// ExceptionSummary is an adjacency that the grid does not show (or the
// other way round), by territory id, with the map's reason.
type ExceptionSummary struct{ A, B, Reason string }

// RiverSummary is a river: the borders it blocks and its bridges (pairs of
// territory ids).
type RiverSummary struct {
	Name    string
	Blocked int
	Bridges [][2]string
}

// HouseSummary is one house as the summary lists it.
type HouseSummary struct {
	Name  string
	Rank  int    // initial rank
	Color string // #rrggbb
	Home  string // the home territory's name
	Cards int    // house cards in its deck
	Start [board.NumUnits]int
	// Limits caps its units on the board, per unit kind.
	Limits [board.NumUnits]int
}

// Summarize is the summary of a valid map m.
func Summarize(m *board.Map) Summary {
	s := Summary{ID: m.ID, Name: m.Name, Territories: len(m.Territories), GridW: m.Grid.W, GridH: m.Grid.H,
		Touching: len(m.Grid.Touching()), MinPlayers: m.MinPlayers, MaxPlayers: m.MaxPlayers,
		Conspiracies: append([]string(nil), m.ConspiracyNames...), LoyaltySlots: append([]int(nil), m.LoyaltySlots...), BalanceOf: "home region"}
	edges := 0
	var all icons
	for i, t := range m.Territories {
		if int(t.Kind) < len(s.Kinds) {
			s.Kinds[t.Kind]++
		}
		all.add(&m.Territories[i])
		edges += len(t.Neighbors)
	}
	s.Crowns, s.Barrels, s.Castles, s.Towns = all.crowns, all.barrels, all.castles, all.towns
	s.Pairs = edges / 2
	for _, e := range m.Exceptions {
		s.Exceptions = append(s.Exceptions, ExceptionSummary{m.Territories[e.A].ID, m.Territories[e.B].ID, e.Reason})
	}
	for _, r := range m.Rivers {
		rs := RiverSummary{Name: r.Name, Blocked: len(r.Borders)}
		for _, b := range r.Bridges {
			rs.Bridges = append(rs.Bridges, [2]string{m.Territories[b[0]].ID, m.Territories[b[1]].ID})
		}
		s.Rivers = append(s.Rivers, rs)
	}
	for i, h := range m.Houses {
		hs := HouseSummary{Name: h.Name, Rank: m.InitialRank[i], Color: hexColor(h.Color), Home: h.Home, Cards: len(h.Deck), Limits: h.Limits}
		for _, p := range m.Setup {
			if p.House == h.ID {
				hs.Start[p.Unit] += p.Count
			}
		}
		if t, ok := m.Territory(h.Home); ok {
			hs.Home = m.Territories[t].Name
		}
		s.Houses = append(s.Houses, hs)
	}
	if len(m.Regions) == 0 {
		s.BalanceOf = "capital"
	}
	s.Balance, s.Spread = BalanceReport(m)
	return s
}

// Balance is one house's line of the balance report: what its home region
// holds (lands, crowns, castles, towns, barrels), its starting units and
// its initial rank.
type Balance struct {
	House                                  string
	Lands, Crowns, Castles, Towns, Barrels int
	Units                                  int
	Rank                                   int
}

// BalanceReport returns one line per house and the spread (max − min) of
// each column. A house's home region is its [[region]]; on a map without
// regions it is the house's capital alone.
func BalanceReport(m *board.Map) (rows []Balance, spread Balance) {
	for h, house := range m.Houses {
		b := Balance{House: house.Name, Rank: m.InitialRank[h]}
		r, hasRegion := m.HomeRegion(board.HouseID(h))
		var home icons
		for i, t := range m.Territories {
			if hasRegion && t.Region != r.ID || !hasRegion && t.ID != house.Home {
				continue
			}
			b.Lands++
			home.add(&m.Territories[i])
		}
		b.Crowns, b.Barrels, b.Castles, b.Towns = home.crowns, home.barrels, home.castles, home.towns
		for _, p := range m.Setup {
			if p.House == house.ID {
				b.Units += p.Count
			}
		}
		rows = append(rows, b)
	}
	spread.House = "spread"
	for _, get := range []func(*Balance) *int{
		func(b *Balance) *int { return &b.Lands }, func(b *Balance) *int { return &b.Crowns },
		func(b *Balance) *int { return &b.Castles }, func(b *Balance) *int { return &b.Towns },
		func(b *Balance) *int { return &b.Barrels }, func(b *Balance) *int { return &b.Units },
		func(b *Balance) *int { return &b.Rank },
	} {
		lo, hi := 0, 0
		for i := range rows {
			v := *get(&rows[i])
			if i == 0 || v < lo {
				lo = v
			}
			if i == 0 || v > hi {
				hi = v
			}
		}
		*get(&spread) = hi - lo
	}
	return rows, spread
}

// icons counts the icons of territories: crowns, barrels, castles, towns.
type icons struct{ crowns, barrels, castles, towns int }

func (c *icons) add(t *board.Territory) {
	c.crowns += t.Crowns
	c.barrels += t.Barrels
	switch t.Fortress {
	case board.Castle:
		c.castles++
	case board.Town:
		c.towns++
	}
}
